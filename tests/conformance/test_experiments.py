"""The class experiments of every registered game (``pondwidgets.<game>.experiments``,
``EXPERIMENTS``; pondwidgets/core/README.md, "Class experiments") keep the common
contract: each is its game's, every game it plays is played again alike from its seed
alone (in any order, as the server plays a sample), each value is one it takes, and each
checker it names is one of the game's own."""

from __future__ import annotations

import random

import pytest

from pondwidgets.core.simulate import seeds
from pondwidgets.games import GAMES

EXPERIMENTS = [pytest.param(experiment, id=experiment.id) for entry in GAMES.values()
               for experiment in entry.experiments.values()]
GAMES_PLAYED = 12


def test_every_game_has_class_experiments():
    assert all(entry.experiments for entry in GAMES.values())


@pytest.mark.parametrize("experiment", EXPERIMENTS)
def test_an_experiments_games_play_again_alike_from_their_own_seeds(experiment):
    entry = GAMES[experiment.game]
    assert entry.experiments[experiment.name] is experiment
    seed = random.Random(experiment.id).getrandbits(63)
    values = experiment.samples(GAMES_PLAYED, seed)
    assert all(experiment.value_ok(value) for value in values), values
    game_seeds = seeds(GAMES_PLAYED, seed)
    again = {i: experiment.trial(game_seeds[i]) for i in reversed(range(GAMES_PLAYED))}
    assert [again[i] for i in range(GAMES_PLAYED)] == values
    if experiment.exercise is not None:
        assert experiment.exercise in entry.module("exercises").EXERCISES.values()
        assert experiment.exact() is not None
