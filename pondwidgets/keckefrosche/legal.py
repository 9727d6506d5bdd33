"""Which Kecke Frösche decisions are legal now: the moves the rules hand out (each made
once), and each phase's list of legal decisions, read off the table. ``KeckeGame``
(``rules.py``) binds these as its methods."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import BIOTOPES, DECK, STORK
from .declaration import BLOCK, COLLECT, DISCARD, DONE, DRAW, LEFT, OPEN, PASS, PLACE, RIGHT, Move

if TYPE_CHECKING:
    from .rules import KeckeGame

_STORK = {b: Move("stork", b) for b in BIOTOPES}
_BLOCK = {b: Move("block", b) for b in BIOTOPES}
_OPEN = {b: Move("open", b) for b in BIOTOPES}
_DISCARD: dict[tuple[str, int], Move] = {}


def _discard(biotope: str, place: int) -> Move:
    move = _DISCARD.get((biotope, place))
    if move is None:
        move = _DISCARD[biotope, place] = Move("discard", biotope, place)
    return move


# Each row's discards by place (from 1), for as many places as the deck has cards: the
# legal moves are read off by index, never made or looked up frog by frog.
_ROW_DISCARDS = {b: [_discard(b, place) for place in range(1, len(DECK) + 1)] for b in BIOTOPES}


def moves(game: KeckeGame, seat: int) -> list[Move]:
    phase = game.phase
    if phase == PLACE:
        return [LEFT, RIGHT]
    if phase == COLLECT:
        return _collect_moves(game, seat)
    if phase == DISCARD:
        return discard_moves(game, seat)
    if phase == BLOCK:
        return [_BLOCK[b] for b in BIOTOPES if game.top(b) != STORK]
    if phase == OPEN:
        return [_OPEN[b] for b in game.opening]
    return []


def _frog_moves(game: KeckeGame, seat: int, biotopes, exclude=()) -> list[Move]:
    moves = []
    piles = game.piles
    rows = game.displays[seat].rows
    for b in biotopes:
        pile = piles[b]
        top = pile[-1] if pile else None
        if top == STORK:
            continue
        discards = _ROW_DISCARDS[b]
        for i, kind in enumerate(rows[b]):
            if kind != top and kind not in exclude:
                moves.append(discards[i])
    return moves


def _collect_moves(game: KeckeGame, seat: int) -> list[Move]:
    discarded = game.discarded
    moves: list[Move] = []
    if not discarded or discarded[0] == STORK:
        moves = _frog_moves(game, seat, BIOTOPES)
    if game.displays[seat].storks:
        moves += _STORK.values()
    moves.append(DRAW)
    return moves


def discard_moves(game: KeckeGame, seat: int) -> list[Move]:
    moves: list[Move] = []
    if not game.stork_played or not game.frogs_before_stork:
        where = (game.frog_biotope,) if game.frog_biotope else BIOTOPES
        moves = _frog_moves(game, seat, where, game.discarded)
    if not game.stork_played and game.displays[seat].storks:
        moves += [_STORK[b] for b in BIOTOPES if game.top(b) != STORK]
    moves.append(DONE if game.discarded else PASS)
    return moves


__all__ = ["discard_moves", "moves"]
