"""Croak!'s class experiments: each simulation of the probability notebook, as a class
runs it (``core.experiments``): every student plays games of their own and the teacher's
screen pools them."""

from __future__ import annotations

from ..core.experiments import Experiment, experiments
from . import exercises as ex


def lily_chain_of_two(game_seed: int) -> int:
    """1 when the game's chain has 2 Lily Pads or more: the notebook's ``at_least_two``."""
    return int(ex.lily_chain_trial(game_seed) >= 2)


EXPERIMENTS = experiments(
    Experiment("croak", "pike_at_start", "P(deep tile is a Pike)", ex.pike_at_start_trial,
               exercise=ex.check_pike_at_start),
    Experiment("croak", "pike_after_reveals", "P(deep-A tile is a Pike)",
               ex.pike_after_reveals_trial, exercise=ex.check_pike_after_reveals),
    Experiment("croak", "queen_first_step", "P(b2 is not a Pike)", ex.queen_first_step_trial,
               exercise=ex.check_queen_first_step),
    Experiment("croak", "lily_chain", "P(2 or more Lily Pads)", lily_chain_of_two,
               exercise=ex.check_lily_chain),
    Experiment("croak", "pike_next_to_queen", "P(a Pike next to a1)",
               ex.pike_next_to_queen_trial, exercise=ex.check_pike_next_to_queen),
    Experiment("croak", "pike_endings", "P(ends with a Pike)", ex.pike_endings_trial,
               exercise=ex.check_pike_endings),
)
