"""A game's own fast copy, its ``__deepcopy__``: each attribute copied by the game's table of
how (a list of names by ``list``, a board by rows), not by deepcopy's generic walk, which
the search bots would pay at every simulation (``Game.copy``, ``sample_hidden``)."""

from __future__ import annotations

import copy as _copy
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

G = TypeVar("G")
# What a copy may share: values no rule changes in place. A game whose tuples may hold
# something mutable leaves tuple out (Rapidcroco's decided round).
IMMUTABLE: tuple[type, ...] = (bool, int, float, str, tuple, frozenset)
NO_LINKS: Mapping[str, Callable[[Any, dict[int, Any]], Any]] = {}


def copy_by_table(game: G, memo: dict[int, Any], copies: Mapping[str, Callable[[Any], Any]],
                  immutable: tuple[type, ...] = IMMUTABLE,
                  linked: Mapping[str, Callable[[Any, dict[int, Any]], Any]] = NO_LINKS) -> G:
    """The copy of ``game``: what ``Game.copy`` has copied already (the record, the legal
    moves, the generator, the observers, the clock) is taken from ``memo``; an attribute
    named in ``copies`` is copied by its function; one in ``linked`` by its function
    given ``memo`` too (objects that several attributes hold, copied once: Croak!'s
    frogs); an immutable value is shared; anything else goes through ``deepcopy``.
    A set is rebuilt from a list, as deepcopy rebuilds it (``set(list(s))``), so that the
    copy iterates in the order deepcopy's would: nothing that follows can differ."""
    twin = object.__new__(type(game))
    memo[id(game)] = twin
    state = twin.__dict__
    for name, value in game.__dict__.items():
        if id(value) in memo:
            state[name] = memo[id(value)]
        elif value is None:
            state[name] = None
        elif (fast := copies.get(name)) is not None:
            state[name] = fast(value)
        elif (link := linked.get(name)) is not None:
            state[name] = link(value, memo)
        elif type(value) in immutable:
            state[name] = value
        else:
            state[name] = _copy.deepcopy(value, memo)
    return twin
