"""Croak!'s chance, hidden information and copies: the odds of a tile's front
(``chance_odds``), the face-down fronts dealt afresh for ``sample_hidden``, and the quick
copy that ``copy()`` and ``sample_hidden`` make. ``CroakGame`` (``rules.py``) binds these
as its methods."""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..core.copying import copy_by_table
from ..core.errors import BadArgument, BadNotation, brief
from .tiles import TILE_COUNTS, Frog, back_odds, square_index

if TYPE_CHECKING:
    from .rules import CroakGame


# -- chance and hidden information ---------------------------------------------------------
def chance_odds(game: CroakGame, event: str | None = None, seat: int | None = None
                ) -> dict[str, Fraction]:
    """The exact chance of each front of a tile, given what is face up now — the
    table's public knowledge, the same for every seat (under Memory, what is
    remembered is not counted: remembering it is the game). ``event`` names the tile:
    a square (``"c3"``: certain if face up) or a back (``"deep-a"``: a face-down tile
    of that back; empty when none is left face down)."""
    if seat is not None:
        game._check_seat(seat)
    if isinstance(event, str) and event in TILE_COUNTS:
        return back_odds(event, game.backs, game.fronts, game.face_up)
    try:
        if not isinstance(event, str):
            raise BadNotation("")
        i = square_index(event)
    except BadNotation:
        raise BadArgument(f"event: Croak!'s chance event is a tile: a square such as 'c3' "
                          f"or a back ({', '.join(TILE_COUNTS)}), not {brief(event)}"
                          ) from None
    if game.face_up[i]:
        return {game.fronts[i]: Fraction(1)}
    return back_odds(game.backs[i], game.backs, game.fronts, game.face_up)


def redraw_hidden(game: CroakGame, seat: int | None, rng: random.Random) -> None:
    # Every face-down tile's front is hidden from every seat (under Memory too: the
    # view no longer shows it). Shuffling the fronts among face-down tiles of one back
    # draws a deal uniformly among those consistent with what is face up. Sorted
    # first, so the sample depends on ``rng`` alone, never on the fronts it replaces.
    down: dict[str, list[int]] = {back: [] for back in TILE_COUNTS}  # in one pass
    for i, up in enumerate(game.face_up):
        if not up:
            down[game.backs[i]].append(i)
    fronts = game.fronts
    for squares in down.values():
        pool = sorted([fronts[i] for i in squares])
        rng.shuffle(pool)
        for i, front in zip(squares, pool, strict=True):
            fronts[i] = front


# -- copies ------------------------------------------------------------------------------
def deepcopy(game: CroakGame, memo: dict) -> CroakGame:
    """``copy()`` and ``sample_hidden`` copy a game often (search bots): each container
    of the pond is copied by what it holds (strings, numbers: shared; each frog once,
    wherever the pond holds it), not through deepcopy's generic walk. What ``Game.copy``
    has copied already (the record, the legal moves, the generator, the observers, the
    clock) is taken from ``memo``."""
    return copy_by_table(game, memo, _FAST_COPY, linked=_LINKED)


def _frog(frog: Frog | None, memo: dict) -> Frog | None:  # (a seat's queen may be None)
    """The copy of ``frog``, made once however many places hold it (a square, its
    owner's frogs, the queens, the frog bouncing), kept in ``memo``."""
    if frog is None:
        return None
    twin = memo.get(id(frog))
    if twin is None:
        twin = memo[id(frog)] = Frog(frog.seat, frog.queen, frog.sq, frog.mud)
        twin.moved = frog.moved
    return twin


def _frogs(frogs: list, memo: dict) -> list:
    return [_frog(frog, memo) for frog in frogs]


_LINKED: dict[str, Callable[[Any, dict], Any]] = {
    "at": lambda at, memo: [_frogs(square, memo) for square in at],
    "frogs": lambda frogs, memo: [_frogs(mine, memo) for mine in frogs],
    "queens": _frogs, "_bouncer": _frog, "_arriver": _frog,
}
_FAST_COPY: dict[str, Callable[[Any], Any]] = {
    # Sets are built from a list, as deepcopy builds them (core.copying).
    "males": lambda males: [set(list(colours)) for colours in males],
    "_bounced": lambda squares: set(list(squares)),
    **dict.fromkeys(("names", "colours", "reserve", "backs", "fronts", "face_up"), list),
}


__all__ = ["chance_odds"]
