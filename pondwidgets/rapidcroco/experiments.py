"""Rapidcroco's class experiments: each simulation of the probability notebook, as a class
runs it (``core.experiments``): every student plays games of their own and the teacher's
screen pools them."""

from __future__ import annotations

from ..core.experiments import MEAN, Experiment, experiments
from . import exercises as ex
from . import simulations as sim

# A walk at the start of a game visits each of the 32 Crocs at most once, then may make one
# last move (to a Hippo, or back to a Croc it visited): 32 moves at most. Its fewest: none
# when the suspect points straight off the grid; with wrap an arm always points at a card,
# so every walk makes a move.
MOST_MOVES = 32


def wrap_first_hippo(game_seed: int) -> int:
    """:func:`~.simulations.first_hippo_trial` with wrap: the notebook's ``wrap=True``."""
    return sim.first_hippo_trial(game_seed, wrap=True)


def wrap_walk_moves(game_seed: int) -> int:
    """:func:`~.simulations.walk_moves_trial` with wrap: the notebook's ``wrap=True``."""
    return sim.walk_moves_trial(game_seed, wrap=True)


EXPERIMENTS = experiments(
    Experiment("rapidcroco", "mean_moves", "mean number of moves", sim.walk_moves_trial,
               kind=MEAN, bounds=(0, MOST_MOVES), exercise=ex.check_mean_moves),
    Experiment("rapidcroco", "three_criteria", "P(matches 3 criteria)",
               sim.three_criteria_trial, exercise=ex.check_three_criteria),
    Experiment("rapidcroco", "straight_off", "P(straight off the grid)",
               sim.straight_off_trial, exercise=ex.check_straight_off),
    Experiment("rapidcroco", "suspect_is_culprit", "P(culprit is the suspect)",
               sim.suspect_is_culprit_trial, exercise=ex.check_suspect_is_culprit),
    Experiment("rapidcroco", "first_hippo", "P(first look is a Hippo)", sim.first_hippo_trial,
               exercise=ex.check_first_hippo),
    Experiment("rapidcroco", "hippo_walk", "P(walk meets a Hippo)", sim.hippo_walk_trial,
               exercise=ex.check_hippo_walk),
    Experiment("rapidcroco", "wrap_first_hippo", "P(first look is a Hippo), wrap",
               wrap_first_hippo, exercise=ex.check_wrap_first_hippo),
    Experiment("rapidcroco", "wrap_mean_moves", "mean number of moves, wrap", wrap_walk_moves,
               kind=MEAN, bounds=(1, MOST_MOVES), exercise=ex.check_wrap_mean_moves),
)
