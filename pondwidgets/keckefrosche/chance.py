"""Kecke Frösche's chance and hidden information: the exact odds of the next card drawn or
chip taken (``chance_odds``), and what ``sample_hidden`` draws afresh (the pile's order and
the chip values not shown). ``KeckeGame`` (``rules.py``) binds these as its methods."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..core.errors import BadArgument, GameError, brief

if TYPE_CHECKING:
    from .rules import KeckeGame


def chance_odds(game: KeckeGame, event: str | None = None, seat: int | None = None
                ) -> dict[Any, Fraction]:
    """The exact chance of each outcome of a chance event, the same for every seat
    (every card leaves the pile face up, and no chip's value is shown before the end):
    ``"draw"`` (the next card drawn: a frog kind's id, ``"stork"`` or ``"bang"``) or
    ``"chip"`` (the value of the next chip taken from the supply). With no event, the
    next draw."""
    if seat is not None:
        game._check_seat(seat)
    if event is None or event == "draw":
        if not game.pile:
            raise GameError("the draw pile is empty: no card is left to draw")
        size = len(game.pile)
        return {card: Fraction(n, size) for card, n in sorted(Counter(game.pile).items())}
    if event == "chip":
        if not game.supply:
            raise GameError("the chips are all gone: no chip is left to take")
        unseen = Counter(game.supply)
        if not game.is_over:  # no chip shown yet: every value not shown is unseen
            for d in game.displays:
                unseen.update(d.chips)
        size = sum(unseen.values())
        return {v: Fraction(n, size) for v, n in sorted(unseen.items())}
    raise BadArgument(f"event: Kecke Frösche's chance events are 'draw' and 'chip', "
                      f"not {brief(event)}")


def redraw_hidden(game: KeckeGame, seat: int | None, rng: random.Random) -> None:
    # The pile's order is hidden from everyone; so is every chip's value (its owner's
    # included) until the end, when the held chips are shown. Each pool is sorted
    # first, so the sample depends on ``rng`` alone, never on the order it replaces.
    game.pile.sort()
    rng.shuffle(game.pile)
    if game.is_over:
        game.supply.sort()
        rng.shuffle(game.supply)
        return
    values = sorted([v for d in game.displays for v in d.chips] + game.supply)
    rng.shuffle(values)
    at = 0
    for d in game.displays:
        n = len(d.chips)
        d.chips = values[at:at + n]
        at += n
    game.supply = values[at:]


__all__ = ["chance_odds", "redraw_hidden"]
