"""Kecke Frösche's class experiments: each simulation of the probability notebook, as a
class runs it (``core.experiments``): every student plays games of their own and the
teacher's screen pools them.

Exercise 5's cell plays its keeper at seat 0 in the first half of its games and at seat 1
in the second, each half from a simulation seed of its own. A class's game is played again
from its game seed alone, so here the keeper sits at seat 0 when that seed is even and at
seat 1 when it is odd: a fair coin for each game, where the cell takes half and half. Both
estimate the same share of wins, the one the checker answers."""

from __future__ import annotations

from ..core.experiments import MEAN, Experiment, experiments
from . import exercises as ex

# The chip position's pile holds three frogs, each laid next to its twin, and chips are
# earned only for drawn frogs: Ada ends with exactly three of the twelve chips, worth 1 to
# 3 each, so from 1 + 1 + 1 to 3 + 3 + 3 in all.
CHIPS_HELD = 3
CHIP_TOTALS = (CHIPS_HELD * min(ex.CHIPS), CHIPS_HELD * max(ex.CHIPS))
# One card is dealt to each of the four players, and a bang frog dealt is replaced: from
# no stork to one each.
STORK_DEALS = (0, 4)


def chips_total(game_seed: int) -> int:
    """Ada's three chips, in points: the notebook's ``sum(c)``."""
    return sum(ex.chip_trial(game_seed))


def chips_seven(game_seed: int) -> int:
    """1 when Ada's three chips are worth 7 or more: ``int(sum(c) >= 7)``."""
    return int(chips_total(game_seed) >= 7)


def keeper_wins(game_seed: int) -> int:
    """1 when the keeper won, from seat 0 if ``game_seed`` is even, else seat 1."""
    return ex.keeper_trial(game_seed, game_seed % 2)


EXPERIMENTS = experiments(
    Experiment("keckefrosche", "pair_next", "P(the next card pairs)", ex.pair_trial,
               exercise=ex.check_pair_next),
    Experiment("keckefrosche", "bang_within", "P(a bang frog in 6 cards)", ex.bang_trial,
               exercise=ex.check_bang_within),
    Experiment("keckefrosche", "storks_dealt", "storks dealt to 4 players",
               ex.stork_deal_trial, kind=MEAN, bounds=STORK_DEALS,
               exercise=ex.check_storks_dealt),
    Experiment("keckefrosche", "chips_mean", "Ada's 3 chips, in points", chips_total,
               kind=MEAN, bounds=CHIP_TOTALS, exercise=ex.check_chips_mean),
    Experiment("keckefrosche", "chips_seven", "three chips worth 7 or more", chips_seven,
               exercise=ex.check_chips_seven),
    Experiment("keckefrosche", "keeper_wins", "the keeper's share of wins", keeper_wins,
               exercise=ex.check_stork_keeper),
)
