"""Kecke Frösche's chance, hidden information and copies: the exact odds of the next card
drawn or chip taken (``chance_odds``), what ``sample_hidden`` draws afresh (the pile's order
and the chip values not shown), and the quick copy that ``copy()`` and ``sample_hidden``
make. ``KeckeGame`` (``rules.py``) binds these as its methods."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..core.copying import copy_by_table
from ..core.errors import BadArgument, GameError, brief
from .cards import Display

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



# -- copies ------------------------------------------------------------------------------
def deepcopy(game: KeckeGame, memo: dict) -> KeckeGame:
    """``copy()`` and ``sample_hidden`` copy a game often (search bots): each container
    of the table is copied by what it holds (card names, numbers and news are immutable:
    shared), not through deepcopy's generic walk. What ``Game.copy`` has copied already
    (the record, the legal moves, the generator, the observers, the clock) is taken from
    ``memo``."""
    return copy_by_table(game, memo, _FAST_COPY)


def _display(display: Display) -> Display:
    twin = object.__new__(Display)
    twin.rows = {biotope: list(row) for biotope, row in display.rows.items()}
    twin.storks, twin.chips = display.storks, list(display.chips)
    return twin


_FAST_COPY: dict[str, Callable[[Any], Any]] = {
    "displays": lambda displays: [_display(d) for d in displays],
    "piles": lambda piles: {biotope: list(pile) for biotope, pile in piles.items()},
    **dict.fromkeys(("names", "discarded", "opening", "news", "pile", "supply", "scores"),
                    list),
}


__all__ = ["chance_odds", "redraw_hidden"]
