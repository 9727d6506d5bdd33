"""A countdown (``Game.deadline``, Froop!'s Speed): the rules decide for a seat whose time
runs out — never before its time, never as one of its legal moves; the bot driver times a
bot too slow for it, the live table a person, whose time starts when they take the device
on a hot-seat board (issue "Froop! end to end" item 4). All on injected or short clocks."""

from __future__ import annotations

import asyncio

import pytest

from pondwidgets.core import BotDriver, IllegalMove, ManualClock

from ..board_messages import send
from .countdown import Beat, BeatBoard, Thinker
from .test_board_table import showing, until


def test_the_countdowns_decision_is_refused_before_its_time_and_taken_at_it():
    clock = ManualClock()
    game = Beat(countdown=5, clock=clock)
    clock.advance(4.5)
    with pytest.raises(IllegalMove, match=r"Ada still has 0\.5 s"):
        game.play("time")
    assert game.history == []
    clock.advance(0.5)
    game.play("time")
    assert game.history == [(0, "time")] and game.times == [5.0]
    assert game.deadline.seat == 1 and game.deadline.time == 10.0


def test_a_refusal_for_being_early_says_by_how_much_never_rounded_to_nothing():
    """Game.play says it, for every game with a countdown: tenths of a second rounded up,
    and under a tenth milliseconds, so a decision 1 ms early never reads "0.0 s"."""
    clock = ManualClock()
    game = Beat(countdown=5, clock=clock)
    for at, left in ((0, "5.0 s"), (4.6, "0.4 s"), (4.95, "50 ms"), (4.9996, "1 ms")):
        clock.advance_to(at)
        with pytest.raises(IllegalMove, match=rf"^Ada still has {left}$"):
            game.play("time")
    with pytest.raises(IllegalMove, match=r"^Ada still has 3 ms$"):
        game.play_at(4.997, "time")  # play_at allows a save's rounding (2 ms), not more
    assert game.history == []


def test_a_saves_decisions_replay_through_play_at_a_countdowns_too():
    """play_at is for replays: a save's decisions played with play_at(started + seconds)
    give the same game, though the save's rounding to the millisecond puts the countdown's
    decision 1 ms before its deadline (here 0.0005 s is saved as 0.001, 5.0005 as 5.0)."""
    clock = ManualClock()
    game = Beat(countdown=5, clock=clock)
    clock.advance(0.0005)
    game.play("beat")
    clock.advance_to(game.deadline.time)
    game.play("time")
    save = game.to_dict()
    assert [offset for _, _, offset in save["decisions"]] == [0.001, 5.0]
    fresh = Beat(countdown=5, clock=ManualClock(100))
    for seat, move, offset in save["decisions"]:
        fresh.play_at(fresh.started + offset, move, seat)
    assert fresh.to_dict() == save
    assert Beat.from_dict(save).to_dict()["decisions"] == save["decisions"]  # as loading


def test_the_countdowns_decision_is_never_a_legal_move_nor_another_seats():
    clock = ManualClock()
    game = Beat(countdown=5, clock=clock)
    clock.advance(9)
    assert [str(m) for m in game.legal_moves()] == ["beat"]
    with pytest.raises(IllegalMove, match=r"not Bob.s turn"):
        game.play("time", seat=1)


def test_a_bot_too_slow_for_the_countdown_runs_out_of_time_at_the_deadline():
    game = Beat(countdown=2, clock=ManualClock())
    made = BotDriver(game, {0: Thinker(5.0), 1: Thinker(1.0)}).run()
    assert made == 4
    assert game.history == [(0, "time"), (1, "beat"), (0, "time"), (1, "beat")]
    assert game.times == [2.0, 3.0, 5.0, 6.0]


def test_a_bot_that_answers_at_the_last_moment_is_in_time():
    game = Beat(countdown=2, turns=1, clock=ManualClock())
    BotDriver(game, {0: Thinker(2.0)}).run()
    assert game.history == [(0, "beat")]


def test_run_never_runs_out_a_persons_countdown():
    """In scripts and notebooks a person's time is not simulated: run() stops for them."""
    game = Beat(countdown=2, clock=ManualClock())
    assert BotDriver(game, {1: Thinker(1.0)}).run() == 0
    assert game.history == []


def test_a_game_timed_out_replays_from_its_save_and_its_undo():
    game = Beat(countdown=2, clock=ManualClock())
    BotDriver(game, {0: Thinker(5.0), 1: Thinker(1.0)}).run(max_decisions=3)
    loaded = Beat.from_dict(game.to_dict())
    assert loaded.history == game.history
    game.undo()
    assert game.history == [(0, "time"), (1, "beat")] and game.times == [2.0, 3.0]


def test_a_showing_board_plays_time_when_a_persons_countdown_runs_out():
    async def scenario():
        game = Beat(countdown=0.1, turns=2)
        board = BeatBoard(game, seat=0, bots={1: Thinker(0.0)})
        showing(board)
        await until(lambda: len(game.history) == 2)
        assert game.history[0] == (0, "time")
        assert game.times[0] - game.started >= 0.1
        board.close()

    asyncio.run(scenario())


def test_on_a_hot_seat_board_the_countdown_waits_for_its_person():
    """Passing the device takes no one's time: the countdown starts at "I am <name>"."""
    async def scenario():
        game = Beat(countdown=0.5, turns=2, hidden=True)
        board = BeatBoard(game)
        showing(board)
        await asyncio.sleep(0.7)
        assert game.history == []  # the device was never taken: no time ran
        assert board.view["pass_to"] == 0 and board.view["countdown"]["left"] == 0.5
        pressed = game.clock.now()
        send(board, {"type": "iam", "seat": 0})
        assert 0.3 <= board.shown_view["countdown"]["left"] <= 0.5  # Ada's own view
        await until(lambda: game.history)
        assert game.history == [(0, "time")]
        assert game.times[0] >= pressed + 0.5
        assert board.view["pass_to"] == 1  # the next person's time waits for them too
        await asyncio.sleep(0.7)
        assert len(game.history) == 1
        board.close()

    asyncio.run(scenario())
