"""The bot driver's plans (pondwidgets/core/README.md#bots-the-driver-and-simulation): each
bot seat that may act decides at a planned time, its ``delay`` or the driver's ``pace``;
``run()`` plays them in simulated time."""

from __future__ import annotations

import pytest

from pondwidgets.core import BotDriver, BotError, BotsStopped, ManualClock, RandomBot, simulate
from pondwidgets.croak import CroakGame, Move

from .racing import Forever, Slow, Tap


def test_run_decides_at_the_bots_planned_time_and_moves_the_clock_there():
    clock = ManualClock(10)
    game = Tap(2, clock=clock)
    assert BotDriver(game, {0: Slow(2.5)}).run() == 1  # then seat 1, a person, is left
    assert game.times == [12.5] and clock.now() == 12.5


def test_a_bot_without_delay_takes_the_drivers_pace():
    clock = ManualClock()
    game = CroakGame(2, seed=4, clock=clock)
    BotDriver(game, {0: RandomBot(1), 1: RandomBot(2)}, pace=0.8).run(max_decisions=4)
    assert game.times == pytest.approx([0.8, 1.6, 2.4, 3.2])
    assert clock.now() == game.times[-1]


def test_the_racing_bot_with_the_smaller_delay_decides_first():
    """A rival's decision does not restart the slower bot's thinking: it still decides at
    3 s, not 1 + 3."""
    game = Tap(2, clock=ManualClock())
    assert BotDriver(game, {0: Slow(3), 1: Slow(1)}).run() == 2
    assert [seat for seat, _ in game.history] == [1, 0]
    assert game.times == [1, 3] and game.winners == (1,)


def test_a_plan_is_dropped_when_its_seat_stops_acting():
    game = Tap(3, clock=ManualClock())
    driver = BotDriver(game, {0: Slow(3), 1: Slow(1)})
    assert driver.refresh(0) == 1 and driver.plans == {0: 3, 1: 1}
    game.play("tap", 0)  # seat 0 taps from Python before its bot does
    assert driver.refresh(0.5) == 1 and driver.plans == {1: 1}
    game.undo()  # seat 0 may act again: a new plan, from now
    assert driver.refresh(2) == 1 and driver.plans == {0: 5, 1: 1}


def test_a_refused_bot_is_not_planned_again_until_the_game_changes():
    """pondwidgets/core/README.md#bots-the-driver-and-simulation: a bot's illegal choice is
    shown once on a board, not retried in a loop; asked again with run(), the driver tries
    it again and reports it again."""
    game = CroakGame(2, seed=1)
    driver = BotDriver(game, {0: lambda g, seat: "Q a1-h8"})
    with pytest.raises(BotError):
        driver.step()
    assert driver.refresh(game.last_time) is None  # the board would schedule nothing
    with pytest.raises(BotError):
        driver.run()


# -- bots that fail, bots that never finish -------------------------------------------------
def raising(game, seat):
    raise KeyError("my_table")


class Slowpoke:
    """A racing bot whose delay() is broken."""

    def delay(self, game, seat):
        return float("nan")

    def __call__(self, game, seat):
        return "tap"


@pytest.mark.parametrize(("bot", "fragments"), [
    (raising, ["raising at seat 0 (Blue)", "raised KeyError: 'my_table'"]),
    (lambda g, s: None, ["<lambda> at seat 0", "chose None, which the rules refuse"]),
    (lambda g, s: 42, ["chose 42", "a move is a Move or its notation"]),
    (lambda g, s: Move("jump", "Q", 0.0, 63.0), ["is not a jump between two squares"]),
    (lambda g, s: Move("jump", "S", 1.0, 10.0), None),  # equal to a legal move: played
    (lambda g, s: "x" * 10_000, ["chose 'xxx", "a Croak! move is written like"]),
])
def test_a_bot_that_raises_or_chooses_badly_is_named_and_the_game_is_unchanged(bot,
                                                                               fragments):
    game = CroakGame(2, seed=1)
    before = game.to_dict()
    driver = BotDriver(game, {0: bot})
    if fragments is None:
        assert driver.step() and str(game.history[0][1]) == "S b1-c2"
        return
    with pytest.raises(BotError) as caught:
        driver.step()
    for fragment in fragments:
        assert fragment in str(caught.value)
    assert len(str(caught.value)) < 300 and caught.value.seat == 0
    assert game.to_dict() == before
    if bot is raising:  # the student's traceback is kept
        assert isinstance(caught.value.__cause__, KeyError)


def test_a_bot_whose_delay_fails_is_reported_and_the_others_still_plan():
    game = Tap(2, clock=ManualClock())
    driver = BotDriver(game, {0: Slowpoke(), 1: Slow(1)})
    with pytest.raises(BotError, match=r"Slowpoke at seat 0 failed in delay\(\): BadArgument"):
        driver.refresh(0)
    assert driver.plans == {1: 1}
    assert driver.step() and game.history == [(1, "tap")]  # the others go on
    with pytest.raises(BotError):  # asked again with run(), it is tried and reported again
        driver.run()


def test_bots_alone_stop_at_the_limit_with_a_warning_and_run_again_on_request():
    game = Forever(clock=ManualClock())
    driver = BotDriver(game, {0: RandomBot(1), 1: RandomBot(2)}, limit=50)
    with pytest.warns(BotsStopped, match="50 decisions in a row"):
        assert driver.run() == 50
    assert driver.stopped and not driver.step()  # stepped alone, it stays stopped
    game.undo()  # anything else happening to the game lets them go on
    assert driver.step() and driver.stopped is None


def test_a_person_deciding_between_bot_decisions_restarts_the_count():
    game = Forever(clock=ManualClock())
    driver = BotDriver(game, {1: RandomBot(2)}, limit=3)
    for _ in range(10):
        game.play("on", 0)  # a person
        assert driver.run() == 1 and driver.stopped is None


def test_simulate_refuses_a_game_that_never_ends_rather_than_hang():
    with pytest.raises(RuntimeError, match="not ended after 500 decisions"):
        simulate(lambda seed: Forever(seed=seed), [RandomBot(), RandomBot()], games=1,
                 limit=500)
