"""Froop!'s class experiments: each simulation of the probability notebook, as a class
runs it (``core.experiments``): every student plays games of their own and the teacher's
screen pools them."""

from __future__ import annotations

from ..core.experiments import MEAN, Experiment, experiments
from . import exercises as ex
from . import simulations as sim

# The turns of one 4-player game, by the rules (docs/rules/froop.md), whatever the bots do.
# Fewest 2: Ada's first turn lays one card at most (on the starting card alone a card can
# only make a 2-match, which ends the turn: a place beside it covers two of its cells, and
# none matches all four, no two cards being alike) or draws, so the game goes on.
# Most 391: a turn lays cards (83 at most in all, each once), draws one (55 in the pile
# after the deal: 84 - 4 x 7 - 1) or passes (on an empty pile only: at most 3 in a row
# before a turn that lays a card, and 4 in a row end the game): 83 + 55 + 3 x 83 + 4.
LEAST_TURNS, MOST_TURNS = 2, 83 + 55 + 3 * 83 + 4


def play_again(game_seed: int) -> int:
    """1 when Ada's random play matches 3 or 4 symbols: the notebook's ``m >= 3``."""
    return int(sim.again_trial(game_seed) >= 3)


EXPERIMENTS = experiments(
    Experiment("froop", "start_fits", "P(the card fits)", sim.start_fits_trial,
               exercise=ex.check_start_fits),
    Experiment("froop", "first_draw", "P(Ada must draw first)", sim.first_draw_trial,
               exercise=ex.check_first_draw),
    Experiment("froop", "play_again", "P(play again)", play_again,
               exercise=ex.check_play_again),
    Experiment("froop", "game_length", "turns in a 4-player game", sim.length_trial,
               kind=MEAN, bounds=(LEAST_TURNS, MOST_TURNS), exercise=ex.check_game_length),
)
