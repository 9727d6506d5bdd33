"""``BotDriver.run`` plays a run of turns without ``step``'s planning (issue 29: the
simulations' cost), and must make exactly the decisions ``step(simulated=True)`` makes, at
the same times, with the same errors and the same limit."""

from __future__ import annotations

import warnings

import pytest

from pondwidgets.core import BotDriver, BotError, ManualClock, RandomBot
from pondwidgets.games import GAMES

OPTIONS = [(name, {}) for name in GAMES] + [("froop", {"speed": True}),
                                            ("froop", {"panic": True})]


def stepped(driver: BotDriver, most: int | None = None) -> int:
    """``run`` as it was: ``step(simulated=True)`` until it says no."""
    made = 0
    driver.refused.clear()
    driver._streak, driver.stopped = 0, None
    while (most is None or made < most) and driver.step(simulated=True):
        made += 1
    return made


def played(name: str, options: dict, bots, play, pace: float = 0.0, limit: int | None = 60,
           most: int | None = None):
    entry = GAMES[name]
    clock = ManualClock(2.5)
    game = entry.game(2, seed=11, clock=clock, **entry.limit, **options)
    driver = BotDriver(game, dict(enumerate(bots())), pace=pace, limit=limit)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            made = play(driver, most)
        except BotError as err:
            made = f"{err} ({err.seat}, {type(err.__cause__).__name__})"
    return (made, [(s, str(m)) for s, m in game.history], game.times, clock.now(),
            driver.stopped, driver.refused)


@pytest.mark.parametrize(("name", "options"), OPTIONS)
@pytest.mark.parametrize("pace", [0.0, 0.3])
def test_run_makes_the_decisions_step_makes_at_the_same_times(name, options, pace):
    entry = GAMES[name]
    for bots in (lambda: [RandomBot(1), RandomBot(2)], lambda: [entry.bot(3), RandomBot(4)]):
        for limit, most in ((None, None), (25, None), (None, 17)):
            assert played(name, options, bots, BotDriver.run, pace, limit, most) \
                == played(name, options, bots, stepped, pace, limit, most)


def choosy(game, seat):
    """Not the package's own: asked at arm's length, on a copy."""
    return game.legal_moves(seat)[-1]


def raising(game, seat):
    if len(game.history) >= 6:
        raise ValueError("no more")
    return game.legal_moves(seat)[0]


def refused(game, seat):
    return "no such move" if len(game.history) >= 6 else game.legal_moves(seat)[0]


@pytest.mark.parametrize("name", list(GAMES))
@pytest.mark.parametrize("bot", [choosy, raising, refused])
def test_a_students_bot_is_asked_and_reported_as_step_does(name, bot):
    bots = lambda: [bot, RandomBot(5)]  # noqa: E731
    assert played(name, {}, bots, BotDriver.run) == played(name, {}, bots, stepped)


def test_a_students_bot_gets_a_copy_in_run_too():
    seen = []

    def looking(game, seat):
        seen.append(game)
        return game.legal_moves(seat)[0]

    game = GAMES["keckefrosche"].game(2, seed=1)
    BotDriver(game, {0: looking, 1: RandomBot(1)}).run(max_decisions=6)
    assert seen and all(g is not game for g in seen)


class Thinking(RandomBot):
    """A student's bot with a reaction time: ``delay`` says how long it thinks."""

    def __init__(self, delays):
        super().__init__(6)
        self.delays, self.asked = delays, 0

    def delay(self, game, seat):
        self.asked += 1
        wait = self.delays(len(game.history))
        if isinstance(wait, Exception):
            raise wait
        return wait


@pytest.mark.parametrize("name", list(GAMES))
@pytest.mark.parametrize("delays", [lambda n: 0.7, lambda n: None if n % 2 else 1.5,
                                    lambda n: ValueError("slow") if n >= 6 else 0.2,
                                    lambda n: float("nan") if n >= 6 else None,
                                    lambda n: 1e308 if n >= 6 else None])
def test_a_bot_with_a_delay_is_planned_as_step_plans_it(name, delays):
    """Its delay is asked once a decision, as step asks it, and sets the time."""
    counts = []

    def bots():
        counts.append(Thinking(delays))
        return [counts[-1], RandomBot(5)]

    assert played(name, {}, bots, BotDriver.run, 0.3) == played(name, {}, bots, stepped, 0.3)
    assert counts[0].asked == counts[1].asked > 0
