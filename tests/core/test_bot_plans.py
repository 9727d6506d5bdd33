"""The bot driver's plans (DESIGN.md §3): each bot seat that may act decides at a planned
time, its ``delay`` or the driver's ``pace``; ``run()`` plays them in simulated time."""

from __future__ import annotations

import pytest

from pondwidgets.core import BotDriver, IllegalMove, ManualClock, RandomBot
from pondwidgets.croak import CroakGame

from .racing import Slow, Tap


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
    """DESIGN.md §4: a bot's illegal choice is shown once on a board, not retried in a loop;
    asked again with run(), the driver tries it again and reports it again."""
    game = CroakGame(2, seed=1)
    driver = BotDriver(game, {0: lambda g, seat: "Q a1-h8"})
    with pytest.raises(IllegalMove):
        driver.step()
    assert driver.refresh(game.last_time) is None  # the board would schedule nothing
    with pytest.raises(IllegalMove):
        driver.run()
