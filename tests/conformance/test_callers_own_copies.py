"""What a caller is given is its own: a student's bot that pops its pick off
``legal_moves()``, appends to it, or scribbles over a view, a position, the odds or a save
changes nothing in the game, which goes on deciding by its rules alone and stays
saveable. Checked on every registered game, variant and player count, at every step of
seeded random games (``cases.CASES``)."""

from __future__ import annotations

from contextlib import suppress

import pytest

from pondwidgets.core import GameError

from ..support import seats, state
from .cases import CASES, playout

pytestmark = pytest.mark.parametrize("case", CASES)


def scribble(value) -> None:
    """Change everything mutable inside ``value``, as far down as it goes."""
    if isinstance(value, dict):
        for item in list(value.values()):
            scribble(item)
        value.clear()
        value["scribbled"] = ["by a caller"]
    elif isinstance(value, list):
        for item in value:
            scribble(item)
        value.clear()
        value.append("scribbled")
    elif isinstance(value, tuple | set | frozenset):
        for item in value:
            scribble(item)
    if isinstance(value, set):
        value.clear()


def handed_out(game) -> list:
    """Everything the game hands a caller: legal moves of every seat, every seat's view,
    the odds of its next chance event, its position and its save."""
    given = [game.legal_moves(seat) for seat in range(game.players)]
    given += [game.legal_moves(), game.view(None)]
    given += [game.view(seat) for seat in seats(game)]
    with suppress(GameError):  # no chance event now
        given.append(game.chance_odds())
    if hasattr(game, "to_position"):
        with suppress(GameError):  # not a moment a position can be taken
            given.append(game.to_position())
    given += [game.to_dict(), game.log]
    return given


def test_changing_what_the_game_hands_out_changes_nothing(case):
    for game, _seat, _move in playout(case):
        before = state(game)
        options = repr(game.options)
        for value in handed_out(game):
            scribble(value)
        assert state(game) == before
        assert repr(game.options) == options


def test_a_bot_that_takes_its_pick_off_the_list_plays_it(case):
    for game, seat, move in playout(case):
        mine, theirs = game.copy(), game.copy()
        moves = mine.legal_moves(seat)
        picked = moves.pop(moves.index(move))
        moves.append("not a move")  # and adds one the rules never gave
        assert mine.play(picked, seat) == theirs.play(move, seat)
        assert state(mine) == state(theirs)
        type(mine).from_dict(mine.to_dict(), clock=mine.clock)  # still saveable


def test_a_move_added_to_the_list_is_still_refused(case):
    seen: list = []  # moves legal at some point of the game: plausible, and often illegal
    for game, seat, _move in playout(case, decisions=30):
        moves = game.legal_moves(seat)
        added = [m for m in seen if m not in moves][:3]
        seen += [m for m in moves if m not in seen][:5]
        moves += added
        for move in added:
            before = state(game)
            with pytest.raises(GameError):
                game.play(move, seat)
            assert state(game) == before
