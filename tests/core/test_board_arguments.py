"""A board's arguments are checked when it is made (issue 26, item 3): ``seat``, ``bots``,
``bot_delay``, ``save_dir`` and the display options each refuse a bad value with
``BadArgument`` naming it, before anything is seated. ``bot_delay="fast"`` was once
accepted, and the person's move then raised ``TypeError`` out of the board's message
handling, once the bot had to act: the bot never moved."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from pondwidgets.core import BadArgument, ManualClock, RandomBot
from pondwidgets.core.widget import _Table
from pondwidgets.croak import CroakBoard, CroakBot, CroakGame
from pondwidgets.keckefrosche import KeckeGame

from ..board_messages import move, send


def game():
    return CroakGame(2, seed=3, clock=ManualClock())


def refused(name, **arguments):
    """Making the board is refused with BadArgument naming ``name``, and nothing is left
    behind: no table for the game, no observer on it."""
    played = game()
    with pytest.raises(BadArgument) as refusal:
        CroakBoard(played, **arguments)
    assert name in str(refusal.value), str(refusal.value)
    assert len(str(refusal.value)) < 300
    assert isinstance(refusal.value, TypeError) and isinstance(refusal.value, ValueError)
    assert id(played) not in _Table._open and not played._observers
    return str(refusal.value)


@pytest.mark.parametrize("delay", ["fast", None, "", float("nan"), float("inf"),
                                   -float("inf"), -1, -0.5, 10**400, 3601, True, False, [],
                                   {}, "1" * 100_000, object()])
def test_a_bot_delay_that_is_no_number_of_seconds_is_refused_when_the_board_is_made(delay):
    text = refused("bot_delay", seat=0, bots={1: CroakBot(seed=1)}, bot_delay=delay)
    assert "a number of seconds" in text


@pytest.mark.parametrize("delay", [0, 0.0, 0.05, 2, 3600])
def test_a_bot_delay_of_seconds_is_kept_as_the_pace(delay):
    board = CroakBoard(game(), seat=0, bots={1: CroakBot(seed=1)}, bot_delay=delay)
    assert board.bot_delay == delay and board.driver.pace == delay
    board.close()


def test_after_the_persons_move_the_bot_answers_at_the_boards_pace():
    """The path that broke: a showing board, a person's move from the browser, and the bot
    planned ``bot_delay`` seconds later on the kernel's loop, which then moves."""

    async def scenario():
        board = CroakBoard(CroakGame(2, seed=3), seat=0, bots={1: CroakBot(seed=1)},
                           bot_delay=0.01)
        send(board, {"type": "ready"})
        move(board, "S b1-c2")
        assert board.error == {}
        deadline = time.monotonic() + 5
        while len(board.game.history) < 2:
            assert time.monotonic() < deadline, "the bot never moved"
            await asyncio.sleep(0.005)
        assert board.game.history[1][0] == 1 and board.error == {}
        board.close()

    asyncio.run(scenario())


@pytest.mark.parametrize("seat", [-1, 2, 10**400, True, False, "0", 0.0, float("nan"), [],
                                  "x" * 100_000])
def test_a_seat_the_game_does_not_have_is_refused(seat):
    refused("seat", seat=seat)


@pytest.mark.parametrize("bots", ["x", [RandomBot()], 3, True, RandomBot(), {2: RandomBot()},
                                  {-1: RandomBot()}, {True: RandomBot()}, {"1": RandomBot()},
                                  {1.0: RandomBot()}, {1: "RandomBot"}, {1: None}, {1: 3},
                                  {None: RandomBot()}])
def test_bots_must_be_a_dictionary_of_seat_to_bot(bots):
    refused("bots", seat=0, bots=bots)


def test_a_seat_cannot_be_a_persons_and_a_bots():
    text = refused("seat", seat=1, bots={1: RandomBot()})
    assert "bot" in text


def test_bots_of_none_or_an_empty_dictionary_seat_nobody():
    for bots in (None, {}):
        board = CroakBoard(game(), seat=0, bots=bots)
        assert board.bots == {}
        board.close()


@pytest.mark.parametrize("folder", [3, True, ["here"], {}, b"bytes", "no\0nul", object()])
def test_save_dir_must_be_a_folders_path(folder):
    refused("save_dir", save_dir=folder)


def test_save_dir_may_be_a_text_or_a_path(tmp_path):
    for folder in (str(tmp_path), tmp_path):
        board = CroakBoard(game(), save_dir=folder)
        assert board.save().parent == Path(tmp_path)
        board.close()


@pytest.mark.parametrize("folder", [3, True, ["here"], "no\0nul"])
def test_save_refuses_a_directory_that_is_no_path(folder, tmp_path):
    board = CroakBoard(game(), save_dir=tmp_path)
    with pytest.raises(BadArgument, match="directory"):
        board.save(folder)
    assert list(tmp_path.iterdir()) == [] and board.notice == ""
    board.close()


def test_an_unknown_display_option_is_refused_naming_it():
    """It was a bare TypeError; BadArgument is a TypeError too, so old code still works."""
    text = refused("pike_odd", pike_odd=True)
    assert "pike_odds" in text  # what the board does offer
    with pytest.raises(TypeError):
        CroakBoard(game(), colour="red")


@pytest.mark.parametrize("value", ["yes", 1, 0, None, [], float("nan")])
def test_a_display_option_is_true_or_false(value):
    refused("pike_odds", pike_odds=value)


@pytest.mark.parametrize("played", [None, "croak", 3, CroakGame, KeckeGame(2, seed=1)])
def test_a_board_shows_a_game_of_its_own(played):
    with pytest.raises(BadArgument, match="game"):
        CroakBoard(played)


def test_a_refused_board_leaves_the_board_it_would_replace_open():
    played = game()
    first = CroakBoard(played, seat=0, bots={1: CroakBot(seed=1)})
    with pytest.raises(BadArgument, match="bot_delay"):
        CroakBoard(played, seat=0, bots={1: CroakBot(seed=1)}, bot_delay="fast")
    assert first._table is not None and first.driver.bots.keys() == {1}
    first.close()
