"""Rapidcroco's chance and copies: the exact odds of the next criteria (``chance_odds``;
nothing else is hidden, so ``sample_hidden`` redraws only chance to come), and the quick
copy that ``copy()`` and ``sample_hidden`` make. ``RapidcrocoGame`` (``rules.py``) binds
these as its methods."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..core.copying import copy_by_table
from ..core.errors import BadArgument, brief
from .cards import CROCS

if TYPE_CHECKING:
    from .rules import RapidcrocoGame


# -- chance --------------------------------------------------------------------------------
def chance_odds(game: RapidcrocoGame, event: str | None = "criteria", seat: int | None = None
                ) -> dict[str, Fraction]:
    """The exact distribution of the next criteria draw (the one chance event,
    ``"criteria"``), by the Croc it picks: five fair pairs of cards, so each of the 32
    Crocs has 1/32, wherever it is. Every seat knows the same."""
    if seat is not None:
        game._check_seat(seat)
    if event not in (None, "criteria"):
        raise BadArgument(f"event: Rapidcroco's chance event is the next criteria "
                          f"('criteria'), not {brief(event)}")
    return {croc.name: Fraction(1, len(CROCS)) for croc in CROCS}


# -- copies ------------------------------------------------------------------------------
def deepcopy(game: RapidcrocoGame, memo: dict) -> RapidcrocoGame:
    """``copy()`` and ``sample_hidden`` copy a game often (search bots): each container
    of the table is copied by what it holds (numbers, strings: shared), not through
    deepcopy's generic walk. What follows from the cards (``_by_cards``) and the walk
    (``path``) are shared: tuples never changed. What ``Game.copy`` has copied already
    (the record, the legal moves, the generator, the observers, the clock) is taken from
    ``memo``."""
    return copy_by_table(game, memo, _FAST_COPY, _IMMUTABLE)


# Not tuples: the decided round (``_decided``) is one that holds a dict.
_IMMUTABLE = (bool, int, float, str, frozenset)
_FAST_COPY: dict[str, Callable[[Any], Any]] = {
    "hands": lambda hands: [list(hand) for hand in hands],
    "home": dict.copy, "erred": dict.copy,
    # Sets are built from a list, as deepcopy builds them: the copy iterates in the same
    # order as deepcopy's would (set(s) may not), so nothing that follows can differ.
    **dict.fromkeys(("passed", "sitting_out", "sit_next"), lambda seats: set(list(seats))),
    **dict.fromkeys(("names", "cards", "turn"), list),
    **dict.fromkeys(("_by_cards", "path"), lambda shared: shared),
}


__all__ = ["chance_odds"]
