"""Every argument of ``simulate``, ``wins_alone``, ``round_robin``, ``seeds`` and
``win_rate`` is checked before any game is made (issue 26 item 9): a wrong type, NaN, a
number no float holds (10**400), a negative number or a bool given for a whole number
raises ``BadArgument`` whose message names the argument. ``simulate`` takes the
``{seat: bot}`` form that boards and ``BotDriver`` take, and a round robin refuses two
names that read the same."""

from __future__ import annotations

import math

import pytest

from pondwidgets.core import BadArgument, RandomBot
from pondwidgets.core.simulate import GameResult, seeds, simulate, win_rate, wins_alone
from pondwidgets.core.tournament import round_robin
from tests.core.test_tournament import Always, Duel

made = []  # the seeds of the games made: none, when an argument is refused


def duel(seed):
    made.append(seed)
    return Duel(seed=seed)


@pytest.fixture(autouse=True)
def _no_games_yet():
    made.clear()


def good(function):
    """A call of ``function`` that works, as keyword arguments."""
    return {
        simulate: dict(new_game=duel, bots=[Always(1), Always(2)], games=4, seed=0,
                       measure=None, limit=100, executor=None, chunks=2, progress=None),
        wins_alone: dict(new_game=duel, bot=Always(9), opponents=[Always(1)], games=4,
                         seed=0, executor=None, progress=None),
        round_robin: dict(new_game=duel, bots={"a": Always(1), "b": Always(2)}, games=4,
                          seed=0, title=None, executor=None, progress=None),
        seeds: dict(n=3, seed=0),
        win_rate: dict(results=[GameResult(1, (0,), 2), GameResult(2, (), 2)], seat=0),
    }[function]


NUMBERS = ["ten", 2.0, math.nan, math.inf, 10**400, -1, True, False, None, [4]]
NOT_CALLABLE = [3, "duel", None, math.nan, [duel]]
SEED_OR_COUNT = {"games", "seed", "limit", "chunks", "n", "seat"}


def cases():
    for function in (simulate, wins_alone, round_robin, seeds, win_rate):
        for name in good(function):
            if name == "chunks":  # None: as many tasks as the games' time is worth
                bad = [n for n in NUMBERS if n is not None]
            elif name in SEED_OR_COUNT:
                bad = NUMBERS
            elif name in ("new_game", "bot"):
                bad = NOT_CALLABLE
            elif name == "measure":
                bad = [3, "len", math.nan]
            elif name == "executor":
                bad = [3, "pool", object(), math.nan]
            elif name == "progress":
                bad = [1, 0, "yes", math.nan, 10**400]
            elif name == "title":
                bad = [3, math.nan, b"duel", ["duel"]]
            elif name == "bots" and function is simulate:
                bad = ["ab", 3, None, [], [Always(1), 3], Always(1), {0: Always(1), 2: Always(2)},
                       {"0": Always(1), "1": Always(2)}, {False: Always(1), True: Always(2)},
                       {0: Always(1), 1: "Always"}]
            elif name == "bots":
                bad = ["ab", 3, None, [Always(1)], {"a": Always(1)}, [Always(1), 3],
                       {"a": Always(1), "b": None}, {1: Always(1), "1": Always(2)}]
            elif name == "opponents":
                bad = [[], 3, None, [3], Always(1), {0: Always(1)}]
            elif name == "results":
                bad = [[], 3, None, [1, 2], "abc", [GameResult(1, (0,), 2), (0,)]]
            else:
                raise AssertionError(f"{function.__name__}'s {name} has no bad values")
            for value in bad:
                yield pytest.param(function, name, value,
                                   id=f"{function.__name__}-{name}-{value!r:.20}")


@pytest.mark.parametrize(("function", "name", "value"), list(cases()))
def test_a_bad_argument_is_refused_naming_it(function, name, value):
    arguments = {**good(function), name: value}
    with pytest.raises(BadArgument) as refused:
        function(**arguments)
    message = str(refused.value)
    assert message.startswith(name), message  # "games is a whole number of games …"
    assert len(message) < 300
    assert made == []  # refused before any game was made
    assert isinstance(refused.value, ValueError) and isinstance(refused.value, TypeError)


@pytest.mark.parametrize("function", [simulate, wins_alone, round_robin, seeds, win_rate])
def test_the_good_calls_work(function):
    function(**good(function))


def test_simulate_takes_the_seat_to_bot_form_of_boards_and_the_driver():
    """The form ``BotDriver(game, {seat: bot})`` takes: once reported as "the bot 0 at
    seat 0 (Blue) raised TypeError: 'int' object is not callable"."""
    as_list = simulate(duel, [RandomBot(), Always(5)], 10, seed=3)
    assert simulate(duel, {0: RandomBot(), 1: Always(5)}, 10, seed=3) == as_list
    assert simulate(duel, {1: Always(5), 0: RandomBot()}, 10, seed=3) == as_list  # any order
    assert simulate(duel, (RandomBot(), Always(5)), 10, seed=3) == as_list
    with pytest.raises(BadArgument, match=r"^bots is \{seat: bot\} for every seat from 0.*"
                                          r"names seats 0, 2 \(no bot for seat 1\)"):
        simulate(duel, {0: RandomBot(), 2: Always(5)}, 10)


def test_a_round_robin_refuses_two_names_that_read_the_same():
    """``{1: a, "1": b}`` was merged into one bot, then refused as "needs two bots"."""
    with pytest.raises(BadArgument, match=r"^bots names two bots 1 and '1', both '1'"):
        round_robin(duel, {1: Always(1), "1": Always(2), "two": Always(3)}, games=4)
    table = round_robin(duel, {1: Always(1), 2: Always(2)}, games=4)  # names need not be text
    assert {s.name for s in table.standings} == {"1", "2"}


def test_a_game_maker_that_makes_no_game_is_named():
    with pytest.raises(BadArgument, match=r"^new_game\(seed\) makes a game .*, not None"):
        simulate(lambda seed: None, [RandomBot(), RandomBot()], 2)
