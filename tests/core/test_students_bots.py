"""A student's bot is asked at arm's length (``core.consult``): it is handed a copy that
holds only what its seat may know, so it can neither change the game nor peek; it has a
time budget for each decision, past which it is stopped and the fault is its own; and the
kernel keeps answering while it thinks. ``Guarded`` and ``check_bot`` say each of these
as the student's mistake and always give a verdict; a board says it on its error line
and its status says what it waits for. The package's own bots keep the real game."""

from __future__ import annotations

import asyncio
import contextlib
import random
import threading
import time
from types import SimpleNamespace

import pytest

from pondwidgets.core import (
    BadArgument,
    BotDriver,
    BotError,
    Guarded,
    ManualClock,
    MCTSBot,
    RandomBot,
    consult,
)
from pondwidgets.core.tournament import check_bot
from pondwidgets.croak import CroakBoard, CroakGame
from pondwidgets.froop import FroopBot, FroopGame

from ..board_messages import move
from .test_board_table import showing, until


def froop(seed=7):
    return FroopGame(["Ada", "Bob"], seed=seed, clock=ManualClock())


def new_froop(seed):
    return FroopGame(2, seed=seed)


# -- bots a student might write --------------------------------------------------------------
def plays_itself(game, seat):
    """Makes its move on the game it was given, then returns it."""
    move = game.legal_moves(seat)[0]
    game.play(move, seat)
    return move


def pops_its_pick(game, seat):
    moves = game.legal_moves(seat)
    return moves.pop()


def keeps_the_good_cards(game, seat):
    """Swaps its hand for the cards it would like (editing the game)."""
    game.hands[seat] = sorted(game.pile[:len(game.hands[seat])])
    return game.legal_moves(seat)[0]


def empties_the_rival(game, seat):
    """Takes every card from the rival's hand, then plays as FroopBot would."""
    game.hands[1 - seat].clear()
    return FroopBot(seed=1)(game, seat)


def loops(game, seat):
    while True:
        pass


def loops_and_swallows(game, seat):
    while True:
        with contextlib.suppress(Exception):  # a catch-all: OutOfTime is no Exception
            time.sleep(0.001)


def slow(game, seat):
    time.sleep(0.6)
    return game.legal_moves(seat)[0]


seen = {}


def peeks(game, seat):
    """Writes down what it can read of the game it is handed."""
    seen.update(hands=[list(h) for h in game.hands], pile=list(game.pile),
                seed=game.seed, log=list(game.log), position=game.position)
    return game.legal_moves(seat)[0]


# -- what a student's bot is handed ----------------------------------------------------------
def test_a_students_bot_sees_only_what_its_seat_may_know():
    game = froop()
    real = {"hands": [list(h) for h in game.hands], "pile": list(game.pile)}
    BotDriver(game, {0: peeks}).step()
    assert seen["hands"][0] == real["hands"][0]  # its own hand, as it is
    assert seen["hands"][1] != real["hands"][1] and seen["pile"] != real["pile"]  # redrawn
    assert seen["seed"] != game.seed and seen["position"] is None
    dealt = next(line for line in game.log if "deals" in line)
    bobs = f"Bob {' '.join(real['hands'][1])}"
    assert bobs in dealt  # the log's full account names Bob's cards
    assert not any(bobs in line for line in seen["log"])
    assert len(game.history) == 1  # and its move was played


def test_the_games_own_bots_keep_the_real_game():
    given = []

    class Watcher(RandomBot):
        __module__ = "pondwidgets.core.bots"  # as if the package's own

        def __call__(self, game, seat):
            given.append(game)
            return super().__call__(game, seat)

    game = froop()
    BotDriver(game, {0: Watcher(seed=1)}).step()
    assert given == [game]
    assert consult.own(FroopBot()) and consult.own(RandomBot())
    assert not consult.own(peeks) and consult.own(Guarded(peeks))  # it asks peeks apart
    assert consult.thinks_apart(peeks) and consult.thinks_apart(Guarded(peeks))  # a thread
    assert not consult.thinks_apart(FroopBot())


def test_a_bot_that_takes_its_pick_off_the_list_plays_it(capsys):
    game = froop()
    guarded = Guarded(pops_its_pick, seed=1)
    expected = game.legal_moves(0)[-1]
    assert guarded(game, 0) == expected and guarded.faults == []
    assert capsys.readouterr().out == ""


@pytest.mark.parametrize(("bot", "said"), [
    (plays_itself, "changed the game it was given (it played a move on it)"),
    (keeps_the_good_cards, "changed the game it was given (its hands)"),
    (empties_the_rival, "changed the game it was given (its hands)"),
])
def test_a_bot_that_changes_the_game_it_was_given_is_told_and_the_game_goes_on(bot, said,
                                                                               capsys):
    game = froop()
    before = game.to_dict()
    hands = [list(h) for h in game.hands]
    guarded = Guarded(bot, seed=1)
    chosen = guarded(game, 0)
    assert game.to_dict() == before and [list(h) for h in game.hands] == hands
    assert chosen in game.legal_moves(0)  # a random legal move instead
    assert guarded.faults == [f"the bot {bot.__name__} at seat 0 (Ada) {said}; a bot only "
                              f"returns its move, and the game it is given is a copy, so "
                              f"that was not counted"]
    assert capsys.readouterr().out.startswith(f"The bot {bot.__name__} at seat 0 (Ada) {said}")
    game.play(chosen, 0)  # the game goes on, and stays saveable
    assert FroopGame.from_dict(game.to_dict()).to_dict()["decisions"] == \
        game.to_dict()["decisions"]


def test_check_bot_never_rewards_cheating_and_always_gives_a_verdict(capsys):
    verdict = check_bot(empties_the_rival, new_froop, RandomBot(), games=4)
    assert not verdict
    out = capsys.readouterr().out
    assert "made 4 mistakes" in out or "mistakes" in out
    assert "changed the game it was given (its hands)" in out
    for bot in (plays_itself, keeps_the_good_cards, pops_its_pick):
        check_bot(bot, new_froop, RandomBot(), games=2)  # a verdict, never an error
    capsys.readouterr()


# -- the time budget -------------------------------------------------------------------------
@pytest.mark.parametrize("bot", [loops, loops_and_swallows, slow])
def test_a_bot_past_its_budget_is_stopped_and_said_and_the_game_goes_on(bot, capsys):
    before = threading.active_count()
    game = froop()
    guarded = Guarded(bot, seed=1, budget=0.2)
    started = time.monotonic()
    chosen = guarded(game, 0)
    assert time.monotonic() - started < 0.5
    assert chosen in game.legal_moves(0)
    assert guarded.faults == [f"the bot {bot.__name__} at seat 0 (Ada) took longer than its "
                              f"budget of 0.2 s for one decision, and was stopped"]
    capsys.readouterr()
    deadline = time.monotonic() + 2
    while threading.active_count() > before and time.monotonic() < deadline:
        time.sleep(0.01)
    assert threading.active_count() == before  # the bot's thread has ended


def test_without_threads_a_trace_stops_the_bot(monkeypatch, capsys):
    """The browser's Pyodide cannot start a thread: there a trace function stops the bot."""
    monkeypatch.setattr(consult, "THREADS", False)
    monkeypatch.setattr(consult, "ALARMS", False)  # as in Pyodide: neither
    game = froop()
    guarded = Guarded(loops, seed=1, budget=0.2)
    assert guarded(game, 0) in game.legal_moves(0)
    assert "took longer than its budget of 0.2 s" in guarded.faults[0]
    assert Guarded(pops_its_pick)(game, 0) == game.legal_moves(0)[-1]  # a good bot plays
    capsys.readouterr()


def searches_for_ever(game, seat):
    """A bot whose own code is one line: the time goes in the package's search."""
    return MCTSBot(simulations=1_000_000)(game, seat)


def test_without_threads_a_bot_is_stopped_inside_the_packages_code_too(monkeypatch, capsys):
    """The package's lines are not traced (they cost a bot calling the rules dearly in
    the browser), but its calls are: a bot that runs a search too long is still stopped."""
    monkeypatch.setattr(consult, "THREADS", False)
    monkeypatch.setattr(consult, "ALARMS", False)  # as in Pyodide: neither
    game = CroakGame(2, seed=1)
    started = time.monotonic()
    guarded = Guarded(searches_for_ever, seed=1, budget=0.2)
    assert guarded(game, 0) in game.legal_moves(0)
    assert time.monotonic() - started < 1.5
    assert "took longer than its budget of 0.2 s" in guarded.faults[0]
    capsys.readouterr()


def test_without_threads_a_generator_closed_as_time_runs_out_does_not_end_the_watch(
        monkeypatch, capsys):
    """A generator left unfinished is closed as it is freed, where an exception is
    swallowed and Python drops the trace function: the watch must not raise there, or the
    bot runs on unwatched (a search once ran ten minutes so)."""
    monkeypatch.setattr(consult, "THREADS", False)
    monkeypatch.setattr(consult, "ALARMS", False)  # as in Pyodide: neither
    now = [0.0]
    monkeypatch.setattr(consult, "time", SimpleNamespace(monotonic=lambda: now[-1]))
    steps = []

    def frees_a_generator_as_time_runs_out(game, seat):
        pending = (m for m in game.legal_moves(seat))
        move = next(pending)
        now.append(10.0); del pending  # noqa: E702  the time runs out, then it is closed
        for step in range(1000):
            steps.append(step)
        return move

    game = CroakGame(2, seed=1)
    guarded = Guarded(frees_a_generator_as_time_runs_out, seed=1, budget=0.2)
    assert guarded(game, 0) in game.legal_moves(0)
    assert "took longer than its budget of 0.2 s" in guarded.faults[0]
    assert steps == []
    capsys.readouterr()


def test_check_bot_with_a_bot_that_never_returns_gives_a_verdict(capsys):
    started = time.monotonic()
    assert not check_bot(loops, new_froop, RandomBot(), games=2, budget=0.1)
    assert time.monotonic() - started < 5
    assert "took longer than its budget of 0.1 s" in capsys.readouterr().out


def test_a_driver_reports_a_slow_or_cheating_bot_as_its_fault():
    game = froop()
    with pytest.raises(BotError, match=r"the bot loops at seat 1 \(Bob\) took longer than "
                                       r"its budget of 0.1 s"):
        BotDriver(game, {0: RandomBot(seed=1), 1: loops}, budget=0.1).run()
    game = froop()
    before = [list(h) for h in game.hands]
    with pytest.raises(BotError, match=r"changed the game it was given \(its hands\)"):
        BotDriver(game, {0: keeps_the_good_cards}).run()
    assert [list(h) for h in game.hands] == before and game.history == []


# -- on a board: the kernel keeps answering -------------------------------------------------
def test_a_board_bot_that_never_returns_leaves_the_kernel_free_and_the_board_says_so():
    async def scenario():
        game = CroakGame(2, seed=3)
        board = CroakBoard(game, seat=0, bots={1: loops}, bot_delay=0, bot_budget=0.4)
        assert board.driver.budget == 0.4
        showing(board)
        ticks = 0

        async def other_cell():
            nonlocal ticks
            while True:
                ticks += 1
                await asyncio.sleep(0.01)

        other = asyncio.ensure_future(other_cell())
        move(board, "S b1-c2")
        await until(lambda: board.view["thinking"] == "Green (a bot) is thinking…")
        await until(lambda: board.error, seconds=3)
        other.cancel()
        # the loop ran other work while the bot thought: 40 ticks on an idle machine, a
        # few on a loaded one, where the bot's thread holds the interpreter longer; a
        # loop blocked by the bot would tick once or not at all
        assert ticks >= 5
        assert board.error["text"].startswith(
            "The bot loops at seat 1 (Green) took longer than its budget of 0.4 s for one "
            "decision, and was stopped. The game waits for Green.")
        assert board.view["thinking"] == ("The game waits for Green: Green's bot failed "
                                          "(the message says why).")
        assert len(game.history) == 1
        game.play(game.legal_moves(1)[0], 1)  # Python plays the seat: the game goes on
        assert board.view["playing"] == 0
        board.close()

    asyncio.run(scenario())


def test_a_board_bot_editing_the_game_changes_nothing_and_is_said():
    async def scenario():
        game = froop()
        hands = [list(h) for h in game.hands]
        board = FroopBoardFor(game)
        showing(board)
        await until(lambda: board.error)
        assert "changed the game it was given (its hands)" in board.error["text"]
        assert [list(h) for h in game.hands] == hands and game.history == []
        assert sum(map(len, game.hands)) + len(game.pile) + len(game.froop) == 84
        board.close()

    asyncio.run(scenario())


def FroopBoardFor(game):
    from pondwidgets.froop import FroopBoard

    return FroopBoard(game, seat=1, bots={0: keeps_the_good_cards}, bot_delay=0)


def test_a_students_bot_on_a_board_answers_as_it_would_in_python():
    async def scenario():
        board = CroakBoard(CroakGame(2, seed=3), seat=0, bots={1: pops_its_pick},
                           bot_delay=0)
        showing(board)
        move(board, "S b1-c2")
        await until(lambda: board.view["playing"] == 0)  # Green moved: Blue's turn
        assert board.error == {} and len(board.game.history) >= 2
        board.close()

    asyncio.run(scenario())


def test_the_sample_a_bot_gets_depends_on_the_game_alone():
    """Runs are reproducible: the same game, seat and decision give the same sample."""
    one, two = froop(), froop()
    a = consult.Question(peeks, one, 0).given
    b = consult.Question(peeks, two, 0).given
    assert a.hands == b.hands and a.pile == b.pile
    assert random.Random(a.seed).random() == random.Random(b.seed).random()


# -- bad arguments: BadArgument, naming the argument ------------------------------------------
BAD_NUMBERS = ["3", None, float("nan"), float("inf"), 10**400, -1, True, [], {}]


@pytest.mark.parametrize(("make", "name", "bad"), [
    *[(lambda v: Guarded(pops_its_pick, budget=v), "budget", v) for v in [*BAD_NUMBERS, 0]],
    *[(lambda v: Guarded(v), "bot", v) for v in [None, 3, "my_bot", [pops_its_pick]]],
    *[(lambda v: Guarded(pops_its_pick, seed=v), "seed", v) for v in ["1", 1.5, True, []]],
    *[(lambda v: MCTSBot(v), "simulations", v) for v in [*BAD_NUMBERS, 0, 1.0, 10**7]],
    *[(lambda v: MCTSBot(exploration=v), "exploration", v) for v in BAD_NUMBERS],
    *[(lambda v: MCTSBot(rollout=v), "rollout", v) for v in [3, "random", [RandomBot()]]],
    *[(lambda v: BotDriver(froop(), {1: RandomBot()}, budget=v), "budget", v)
      for v in [*BAD_NUMBERS, 0]],
    *[(lambda v: BotDriver(froop(), {1: RandomBot()}, pace=v), "pace", v) for v in BAD_NUMBERS],
    *[(lambda v: BotDriver(froop(), {1: RandomBot()}, limit=v), "limit", v)
      for v in ["3", 0, 1.5, True, -5]],
    *[(lambda v: BotDriver(froop(), v), "bots", v)
      for v in [None, [RandomBot()], {0: 3}, {2: RandomBot()}, {True: RandomBot()},
                {"0": RandomBot()}]],
    *[(lambda v: BotDriver(v, {}), "game", v) for v in [None, "croak", FroopGame]],
    *[(lambda v: CroakBoard(CroakGame(2), seat=0, bot_budget=v), "bot_budget", v)
      for v in [*BAD_NUMBERS, 0]],
    *[(lambda v: check_bot(pops_its_pick, new_froop, v, games=2), "opponent", v)
      for v in [None, "RandomBot"]],
    *[(lambda v: check_bot(pops_its_pick, new_froop, RandomBot(), games=2, budget=v),
       "budget", v) for v in [0, -1, "1", 10**400]],
    *[(lambda v: check_bot(pops_its_pick, new_froop, RandomBot(), games=2, goal=v), "goal", v)
      for v in [None, 3]],
])
def test_bad_arguments_of_the_bots_layer_are_refused_naming_them(make, name, bad):
    with pytest.raises(BadArgument) as refused:
        make(bad)
    assert name in str(refused.value) and len(str(refused.value)) < 300
