"""A student's bot cannot change a game, nor read what its seat may not know, in every
registered game, variant and player count (``cases.CASES``): whatever it does to the game
it was handed, ``Guarded`` says so and the real game is exactly as it was."""

from __future__ import annotations

import pytest

from pondwidgets.core import Guarded

from ..support import state
from .cases import CASES, playout

pytestmark = pytest.mark.parametrize("case", CASES)


def vandal(game, seat):
    """Empties every list, dict and set of the game it is handed, then picks a move."""
    move = game.legal_moves(seat)[0]
    for value in vars(game).values():
        if isinstance(value, list | dict | set):
            value.clear()
    return move


def plays_itself(game, seat):
    move = game.legal_moves(seat)[0]
    game.play(move, seat)
    return move


def reader(game, seat):
    """Records what it is handed."""
    reader.given = game
    return game.legal_moves(seat)[0]


def test_a_bot_that_changes_the_game_it_is_handed_changes_nothing(case, capsys):
    for game, seat, _move in playout(case, decisions=12):
        before = state(game)
        for bot in (vandal, plays_itself):
            guarded = Guarded(bot, seed=1)
            assert guarded(game, seat) in game.legal_moves(seat)
            assert "changed the game it was given" in guarded.faults[0]
            assert state(game) == before
    capsys.readouterr()


def test_a_bot_is_handed_what_its_seat_sees_and_no_seed(case):
    for game, seat, _move in playout(case, decisions=12):
        Guarded(reader)(game, seat)
        given = reader.given
        assert given is not game and given.view(seat) == game.view(seat)
        assert given.legal_moves(seat) == game.legal_moves(seat)
        assert given.seed != game.seed and given.position is None
        shown = game.view(seat)["events"]  # the log as this seat's view tells it...
        assert given.log[len(given.log) - len(shown):] == shown  # ...is the bot's log
        assert len(given.log) <= len(game.log)
