"""Every game copies itself through its own ``__deepcopy__`` (its ``chance.py``, on
``core.copying.copy_by_table``), for the search bots' speed: over random playouts it
makes what deepcopy's generic walk makes, and shares nothing more with the game (pickled
together, the game and its copy show what the copy shares)."""

from __future__ import annotations

import pickle
import random

import pytest

from pondwidgets.core import ManualClock
from pondwidgets.games import GAMES

# What a game's copy shares on purpose, never changed in place: Rapidcroco's tuples that
# follow from the cards and the walk; Froop!'s explicit position, and its list of each
# seat's plays and the cards laid (new lists of what is never changed: each seat's list
# of plays is replaced, and a card laid is a tuple).
SHARED = {"rapidcroco": ("_by_cards", "path"), "froop": ("position", "_plays", "froop")}


@pytest.mark.parametrize("entry", GAMES.values(), ids=GAMES.keys())
def test_the_quick_copy_makes_what_deepcopy_would(entry, monkeypatch):
    cls = entry.game
    for seed in range(6):
        players = list(cls.PLAYERS)[seed % len(cls.PLAYERS)]
        game, rng = cls(players, seed=seed, clock=ManualClock()), random.Random(seed)
        while True:
            with monkeypatch.context() as generic_walk:
                generic_walk.setattr(cls, "__deepcopy__", None)
                generic = game.copy()
            for name in SHARED.get(entry.name, ()):
                value = getattr(game, name)
                setattr(generic, name, list(value) if isinstance(value, list) else value)
            assert pickle.dumps((game, game.copy())) == pickle.dumps((game, generic))
            if game.is_over or len(game.history) >= 120:
                break
            seat = rng.choice(game.seats_to_act)
            game.play(rng.choice(game.legal_moves(seat)), seat)
