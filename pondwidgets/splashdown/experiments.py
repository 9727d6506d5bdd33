"""Splash down's class experiments: each simulation of the probability notebook, as a
class runs it (``core.experiments``): every student plays games of their own and the
teacher's screen pools them."""

from __future__ import annotations

from ..core.experiments import MEAN, Experiment, experiments
from . import exercises as ex

SHADOW_SEAT = 1  # ShadowBot's seat in exercise 5
WITHIN = 4  # the turns of "Home within 4 turns"


def first_roll_six(game_seed: int) -> int:
    """1 when the first roll kept is a 6: the notebook's ``int(roll == 6)``."""
    return int(ex.first_roll_trial(game_seed) == 6)


def mover_lives_lost(game_seed: int) -> int:
    """The lives Ada (the mover) lost in her push on yellow."""
    return ex.push_trial(game_seed)[0]


def mover_hurt(game_seed: int) -> int:
    """1 when Ada lost a life or more in her push: the notebook's ``int(ada > 0)``."""
    return int(ex.push_trial(game_seed)[0] > 0)


def pushed_lives_lost(game_seed: int) -> int:
    """The lives Bob and Cleo lost together in Ada's push."""
    return ex.push_trial(game_seed)[1]


def yellow_safe(game_seed: int) -> int:
    """1 when the frog lost no life in 3 yellow landings: ``int(lost == 0)``."""
    return int(ex.yellow_trial(game_seed, landings=3) == 0)


def yellow_survive(game_seed: int) -> int:
    """1 when the frog (5 lives) is still in after 6 yellow landings: ``int(lost < 5)``."""
    return int(ex.yellow_trial(game_seed, landings=6) < ex.LIVES)


def home_in_four(game_seed: int) -> int:
    """1 when the careful runner is Home within 4 turns on the short pond: what
    ``home_within(turns, 4)`` gives this game."""
    return ex.home_within([ex.runner_trial(game_seed)], WITHIN)[0]


def home_long(game_seed: int) -> int:
    """1 when the careful runner comes Home at all on the long pond: ``int(t is not None)``
    (its 60 turns are enough: the chain leaves no frog on the pond after 43)."""
    return int(ex.runner_trial(game_seed, pond="long") is not None)


def shadow_wins(game_seed: int) -> int:
    """1 when ShadowBot won the game (alone or shared), with the fly thief: what
    ``wins(results, 1)`` gives this game."""
    return ex.wins([ex.thief_trial(game_seed)], SHADOW_SEAT)[0]


EXPERIMENTS = experiments(
    Experiment("splashdown", "first_roll_six", "P(first roll is a 6)", first_roll_six,
               exercise=ex.check_first_roll_six),
    # the roll kept is one of its die's faces (docs/rules/splashdown.md#first-turn)
    Experiment("splashdown", "first_roll_mean", "the mean first roll", ex.first_roll_trial,
               kind=MEAN, bounds=(1, 6), exercise=ex.check_first_roll_mean),
    # nothing else costs her a life but the yellow pad's coin (docs/rules/splashdown.md#yellow)
    # and the frog die's 1 (docs/rules/splashdown.md#push-one), one each; with 5 lives she
    # is never out
    Experiment("splashdown", "push_mover", "Ada's lives lost", mover_lives_lost, kind=MEAN,
               bounds=(0, 2), exercise=ex.check_push_mover),
    Experiment("splashdown", "push_hurt", "Ada hurt", mover_hurt, exercise=ex.check_push_hurt),
    # an even frog die costs each of the two pushed frogs one life, any other nothing
    # (docs/rules/splashdown.md#push-all)
    Experiment("splashdown", "push_pushed", "lives lost by Bob and Cleo", pushed_lives_lost,
               kind=MEAN, bounds=(0, 2), exercise=ex.check_push_pushed),
    Experiment("splashdown", "yellow_safe", "P(no life lost)", yellow_safe,
               exercise=ex.check_yellow_safe),
    Experiment("splashdown", "yellow_survive", "still in after 6 yellow landings",
               yellow_survive, exercise=ex.check_yellow_survive),
    Experiment("splashdown", "home_in_four", "P(Home within 4 turns)", home_in_four,
               exercise=ex.check_home_in_four),
    Experiment("splashdown", "home_long", "P(Home at all), long pond", home_long,
               exercise=ex.check_home_long),
    Experiment("splashdown", "thief_win", "ShadowBot's share of wins, fly thief", shadow_wins,
               exercise=ex.check_thief_win),
)
