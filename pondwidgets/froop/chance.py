"""Chance, hidden information and copies: the cards a seat has not seen, the odds of
Froop!'s chance events, the hidden cards dealt afresh for ``sample_hidden``, and the quick
copy that ``copy()`` and ``sample_hidden`` make; ``FroopGame`` binds these as its methods."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..core.copying import copy_by_table
from ..core.errors import BadArgument, GameError, brief
from .matching import MATCHED

if TYPE_CHECKING:
    from .rules import FroopGame


# -- chance and hidden information ---------------------------------------------------------
def _unseen(game: FroopGame, seat: int | None) -> list[str]:
    """The cards ``seat`` cannot see (None: the spectator): the pile, and the other
    hands but the cards it gave them (under Strategic: the pile only)."""
    unseen = list(game.pile)
    if not game.strategic:
        known = game.gave[seat] if seat is not None else {}
        for s, hand in enumerate(game.hands):
            if s != seat:
                unseen += [card for card in hand if known.get(card) != s]
    return unseen


def chance_odds(game: FroopGame, event: str | None = None, seat: int | None = None
                ) -> dict[str, Fraction]:
    """``"draw"`` (the default): the next card drawn, by name, each card ``seat`` has
    not seen (the pile, and the hands it cannot see) equally likely; ``"match"``: the
    match size (``"2"``, ``"3"``, ``"4"``) of a random legal play of ``seat``'s hand,
    each legal play equally likely (None: the player to act's, when hands are
    public)."""
    if seat is not None:
        game._check_seat(seat)
    if event is None or event == "draw":
        if not game.pile:
            raise GameError("the draw pile is empty: no card is left to draw")
        unseen = sorted(_unseen(game, seat))
        return {card: Fraction(1, len(unseen)) for card in unseen}
    if event == "match":
        if seat is None:
            if not game.strategic or game.current_player is None:
                raise GameError("'match' is about one hand: name the seat "
                                "(chance_odds('match', seat))")
            seat = game.current_player
        plays = game._plays_for(seat)
        if not plays:
            raise GameError(f"{game.names[seat]} has no legal play now")
        counts = Counter(MATCHED[game._patterns[m.x, m.y]] for m in plays)
        return {str(k): Fraction(counts[k], len(plays)) for k in (2, 3, 4)}
    raise BadArgument(f"event: Froop!'s chance events are 'draw' and 'match', not "
                      f"{brief(event)}")


def _redraw_hidden(game: FroopGame, seat: int | None, rng: random.Random) -> None:
    # What ``seat`` cannot see, dealt afresh to the same sizes: the pile, and the
    # other hands but for the cards it gave them (under Strategic, the pile only).
    known = game.gave[seat] if seat is not None else {}
    keep: list[list[str]] = [[] for _ in game.hands]
    if game.strategic:
        keep = [list(hand) for hand in game.hands]
    else:
        for s, hand in enumerate(game.hands):
            keep[s] = list(hand) if s == seat else [c for c in hand if known.get(c) == s]
    pool = sorted(_unseen(game, seat))  # sorted: the sample depends on rng alone
    rng.shuffle(pool)
    for s, hand in enumerate(game.hands):
        fill = len(hand) - len(keep[s])
        game.hands[s] = sorted(keep[s] + pool[:fill])
        del pool[:fill]
    game.pile = pool
    for s, cards in enumerate(game.gave):  # others' knowledge that no longer holds
        game.gave[s] = {c: to for c, to in cards.items() if c in game.hands[to]}
    game._plays = [None] * game.players


# -- copies ------------------------------------------------------------------------------
def deepcopy(game: FroopGame, memo: dict) -> FroopGame:
    """``copy()`` and ``sample_hidden`` copy a game often (search bots): each container
    of the table is copied by what it holds (strings, tuples, numbers: shared), not
    through deepcopy's generic walk. ``position`` is shared: it is never changed. What
    ``Game.copy`` has copied already (the record, the legal moves, the generator, the
    observers, the clock) is taken from ``memo``."""
    return copy_by_table(game, memo, _FAST_COPY)


_FAST_COPY: dict[str, Callable[[Any], Any]] = {
    "cells": dict.copy, "_patterns": dict.copy,
    "_index": lambda index: [bucket and list(bucket) for bucket in index],
    "froop": list, "_under": list, "pile": list, "points": list, "names": list,
    "hands": lambda hands: [list(hand) for hand in hands],
    "gave": lambda gave: [dict(known) for known in gave],
    "_plays": list,  # each list of plays is replaced, never changed in place
    "must_give": set.copy, "stuck": set.copy,
    "position": lambda position: position,
}


__all__ = ["chance_odds"]
