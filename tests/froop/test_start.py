"""Start (pondwidgets/core/README.md#start): a game against the clock — Froop!'s Panic,
where everyone races, and its Speed, where each turn has a countdown — never starts when
a cell runs. With people at the table it waits, every hand face down but a lesson's,
until each board of theirs has pressed Start (a board that passes the device: "I am …");
then the game goes on from that moment. Bots alone start at once."""

from __future__ import annotations

import asyncio

import pytest

from pondwidgets.core.clock import ManualClock
from pondwidgets.core.game import Game
from pondwidgets.froop import FroopBoard, FroopBot, FroopGame
from pondwidgets.froop.lessons import lesson_board

from ..board_messages import move, send, showing, unchanged, until


def start(board):
    send(board, {"type": "start"})


def quick(seed=1):
    """A bot that races at once."""
    return FroopBot(seed=seed, look=0.01, per_card=0, spread=0)


def first_play(board):
    """A legal move of the board's own seat, as its person would click it."""
    return board.game.legal_moves(board.seat)[0]


def test_a_panic_race_against_a_bot_waits_for_start_with_the_hand_face_down():
    async def scenario():
        game = FroopGame(["Ada", "Bob"], seed=4, panic=True)
        board = FroopBoard(game, seat=0, bots={1: quick()}, bot_delay=0)
        showing(board)
        await asyncio.sleep(0.3)
        assert game.history == []  # the bot has not raced ahead: nobody has started
        view = board.view
        assert view["start"] == ("Press Start (or S) when you are ready: Panic! Everyone "
                                 "plays at once.")
        assert view["hand"] is None and view["legal"] == [] and view["seat"] is None
        assert view["thinking"] is None  # the status line is the Start text
        unchanged(board, lambda: move(board, str(game.legal_moves(0)[0])),
                  "the game has not started yet. Press Start")
        before = game.started
        start(board)
        assert board.error == {} and board.view["start"] is None
        assert game.started > before  # the race runs from the press (Game.resume)
        assert board.view["hand"] == game.view(0)["hand"] and board.view["legal"]
        await until(lambda: any(seat == 1 for seat, _ in game.history))  # the bot races
        unchanged(board, lambda: start(board), "there is nothing to start")
        board.close()

    asyncio.run(scenario())


def test_bots_alone_race_at_once():
    async def scenario():
        game = FroopGame(["A", "B"], seed=2, panic=True)
        board = FroopBoard(game, bots={0: quick(), 1: quick(seed=2)}, bot_delay=0)
        showing(board)
        assert board.view["start"] is None
        await until(lambda: len(game.history) >= 3)
        board.close()

    asyncio.run(scenario())


def test_several_people_on_their_own_boards_start_when_each_has_pressed():
    async def scenario():
        game = FroopGame(["Ada", "Bob", "Cleo"], seed=5, panic=True)
        ada = FroopBoard(game, seat=0, bots={2: quick()}, bot_delay=0)
        bob = FroopBoard(game, seat=1)
        showing(ada)
        showing(bob)
        start(ada)
        assert ada.view["start"] is None
        assert ada.view["thinking"] == "Waiting for Bob to press Start."
        assert bob.view["start"].startswith("Press Start")
        unchanged(ada, lambda: move(ada, str(game.legal_moves(0)[0])), "Waiting for Bob")
        unchanged(ada, lambda: start(ada), "Waiting for Bob to press Start")
        await asyncio.sleep(0.2)
        assert game.history == []
        start(bob)
        assert ada.view["thinking"] is None and ada.view["legal"] and bob.view["legal"]
        await until(lambda: any(seat == 2 for seat, _ in game.history))
        ada.close()
        bob.close()

    asyncio.run(scenario())


def test_the_board_everyone_waited_for_closing_starts_the_race():
    game = FroopGame(["Ada", "Bob", "Cleo"], seed=5, panic=True)
    ada = FroopBoard(game, seat=0, bots={2: quick()})
    bob = FroopBoard(game, seat=1)
    start(ada)
    assert ada.view["legal"] == []
    bob.close()
    assert ada.view["legal"] and ada.view["start"] is None and ada.view["thinking"] is None
    ada.close()


def test_people_racing_at_one_screen_start_with_one_press():
    game = FroopGame(["Ada", "Bob", "Cleo"], seed=5, panic=True, strategic=True)
    board = FroopBoard(game, bots={2: quick()})
    assert board.view["start"].startswith("Press Start") and board.view["people"] == []
    start(board)
    assert board.view["people"] == [0, 1]
    board.close()


def test_a_speed_countdown_runs_from_start_not_from_the_cell():
    clock = ManualClock()
    game = FroopGame(["Ada", "Bob"], seed=3, speed=True, countdown=20, clock=clock)
    board = FroopBoard(game, seat=0, bots={1: quick()})
    clock.advance(300)  # the student scrolls, reads, comes back
    assert board.view["countdown"] == {"seat": 0, "seconds": 20, "left": 20, "running": False}
    unchanged(board, lambda: move(board, str(first_play(board))), "Press Start")
    start(board)
    assert board.view["countdown"] == {"seat": 0, "seconds": 20, "left": 20, "running": True}
    assert game.deadline.time == 320
    clock.advance(5)
    board._refresh()
    assert board.view["countdown"]["left"] == 15
    board.close()


def test_a_board_that_passes_the_device_starts_with_i_am():
    game = FroopGame(["Ada", "Bob"], seed=3, panic=True)
    board = FroopBoard(game, bots={1: quick()})  # hidden hands: it passes the device
    assert board.view["pass_to"] == 0 and board.view["start"] is None
    unchanged(board, lambda: start(board), "this board starts when the device is passed")
    send(board, {"type": "iam", "seat": 0})
    assert board.error == {} and board.shown_view["legal"] and game.history == []
    board.close()


def test_a_new_game_waits_for_start_again():
    game = FroopGame(["Ada", "Bob"], seed=3, panic=True)
    board = FroopBoard(game, seat=0, bots={1: quick()})
    start(board)
    move(board, str(first_play(board)))
    assert len(game.history) == 1
    board.new_game()
    assert board.view["start"].startswith("Press Start") and board.view["legal"] == []
    board.close()


def test_a_lesson_against_the_clock_waits_face_up():
    """A lesson is one person's: its hand shows while it waits (Lessons.board), and its
    countdown starts at Start, so Run All does not run it out."""
    board = lesson_board("speed-draw")
    try:
        view = board.view
        assert board.lesson and view["hand"] and view["legal"] == []
        assert view["start"].startswith("Press Start")
        start(board)
        assert board.view["legal"] and board.view["start"] is None
    finally:
        board.close()


@pytest.mark.parametrize("options", [{}, {"cutthroat": True}, {"strategic": True}])
def test_a_game_not_against_the_clock_never_waits(options):
    game = FroopGame(["Ada", "Bob"], seed=3, **options)
    assert not game.against_the_clock
    board = FroopBoard(game, seat=0, bots={1: quick()})
    assert board.view["start"] is None and board.view["legal"]
    unchanged(board, lambda: start(board), "there is nothing to start")
    board.close()


def test_resume_moves_the_clock_on_and_keeps_the_intervals():
    clock = ManualClock()
    game = FroopGame(["Ada", "Bob"], seed=3, speed=True, countdown=20, clock=clock)
    clock.advance(2)
    game.play(game.legal_moves(0)[0], 0)
    clock.advance(100)
    gaps = [b - a for a, b in zip([game.started, *game.times], game.times, strict=False)]
    game.resume()
    assert game.last_time == 102 and game.deadline.time == 122
    assert [b - a for a, b in zip([game.started, *game.times], game.times, strict=False)] == gaps
    assert Game.against_the_clock.fget(game) is False  # the default: no game waits
