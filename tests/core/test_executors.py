"""Simulations and round robins on executors (issue 15, item 4 "Beyond one machine"): a
thread pool, a process pool and a local Dask cluster of two workers give the serial run's
results, with lambdas and closures for games and bots, and a task's error is the one the
serial run raises."""

from __future__ import annotations

import multiprocessing
import pickle
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor

import pytest

try:  # the cluster extra (tests/dev.sh test installs it); without it the Dask tests skip
    from distributed import Client, LocalCluster
except ImportError:
    Client = LocalCluster = None

from pondwidgets.core import BotError, RandomBot, simulate, tasks, wins_alone
from pondwidgets.core.simulate import seeds
from pondwidgets.core.tournament import round_robin
from pondwidgets.games import GAMES

SPLASH = GAMES["splashdown"]
# The tasks' games and bots are lambdas and closures, sent by value: a worker never
# imports this module (and Dask with it).
splash = lambda seed: SPLASH.game(2, seed=seed, **SPLASH.limit)  # noqa: E731


@pytest.fixture(scope="module")
def threads():
    with ThreadPoolExecutor(2) as pool:
        yield pool


@pytest.fixture(scope="module")
def processes():
    # spawn: the workers start from nothing, as on macOS and Windows, so whatever the tasks
    # need must travel with them
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        yield pool


@pytest.fixture(scope="module")
def dask():
    if LocalCluster is None:
        pytest.skip("needs Dask's distributed, the cluster extra: pip install -e '.[cluster]'")
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        yield client


@pytest.fixture(params=["threads", "processes", "dask"])
def executor(request):
    return request.getfixturevalue(request.param)


def nth_move(n):
    """A bot made by a closure, as a notebook makes one: stdlib pickle cannot send it."""

    def bot(game, seat):
        moves = game.legal_moves(seat)
        return moves[min(n, len(moves) - 1)]

    return bot


def splash_games(executor=None, **options):
    return simulate(splash, [SPLASH.bot(), nth_move(1)], 12, seed=5,
                    measure=lambda game: len(game.log), executor=executor, **options)


def test_a_simulation_is_the_same_on_every_executor(executor):
    with pytest.raises((pickle.PicklingError, AttributeError)):
        pickle.dumps(nth_move(1))  # so cloudpickle is what sends it
    serial = splash_games()
    assert len(serial) == 12 and all(r.value for r in serial)
    assert splash_games(executor, chunks=4) == serial
    assert splash_games(executor) == serial  # so small a run is played here


def test_the_games_are_split_into_tasks_of_consecutive_seeds(threads):
    serial = splash_games()
    for chunks in (1, 5, 12, 100):
        assert splash_games(threads, chunks=chunks) == serial
    assert simulate(splash, [RandomBot(), RandomBot()], 0, executor=threads) == []
    with pytest.raises(ValueError, match="chunks is None or a whole number of tasks"):
        splash_games(threads, chunks=0)


class Recording:
    """An executor that plays its tasks at once and records how many games each got."""

    def __init__(self):
        self.tasks = []

    def submit(self, fn, task, game_seeds):
        self.tasks.append(len(game_seeds))
        future = Future()
        future.set_result(fn(task, game_seeds))
        return future


def test_tasks_are_sized_by_time_so_their_cost_stays_small(monkeypatch):
    """Issue 29, item 4: with no chunks given, each task carries at least TASK_SECONDS
    of games (timed on the first, played here), at most MOST_TASKS of them, and a run
    worth less than two tasks is played here, whole."""
    serial = simulate(splash, [RandomBot(), RandomBot()], 300, seed=4)
    small = Recording()
    assert (simulate(splash, [RandomBot(), RandomBot()], 30, seed=4, executor=small)
            == serial[:30])
    assert small.tasks == []  # a tenth of a second of games: no task would pay for itself
    monkeypatch.setattr(tasks, "TASK_SECONDS", 0.004)  # about two games' worth a task
    split = Recording()
    assert simulate(splash, [RandomBot(), RandomBot()], 300, seed=4, executor=split) == serial
    here = 300 - sum(split.tasks)
    assert here >= 1 and 2 <= len(split.tasks) <= tasks.MOST_TASKS
    assert max(split.tasks) - min(split.tasks) <= 1  # an even split of what is left
    assert len(split.tasks) == tasks.MOST_TASKS or min(split.tasks) > 1


def test_the_task_count_follows_the_games_time():
    assert tasks._task_count(1000, 0.002) == 5  # 2 s of games: 0.4 s a task
    assert tasks._task_count(10, 1.0) == 10  # slow games: one a task
    assert tasks._task_count(100_000, 0.01) == tasks.MOST_TASKS
    assert tasks._task_count(100, 0.001) == 0  # 0.1 s: played here


def test_a_round_robin_is_the_same_on_every_executor(executor):
    bots = {"SplashBot": SPLASH.bot(), "random": RandomBot(), "third": nth_move(3)}
    serial = round_robin(splash, bots, games=6, seed=2)
    table = round_robin(splash, bots, games=6, seed=2, executor=executor)
    assert repr(table) == repr(serial) and table.pairs == serial.pairs
    assert (wins_alone(splash, SPLASH.bot(), [nth_move(4)], 6, executor=executor)
            == wins_alone(splash, SPLASH.bot(), [nth_move(4)], 6))


def marking(bad_seeds):
    """A game maker that marks the games of ``bad_seeds`` (as a notebook may label its
    games), for ``picky`` to fail in. (A bot is never handed the game's seed.)"""

    def new_game(seed):
        game = splash(seed)
        game.marked = seed if seed in bad_seeds else None
        return game

    return new_game


def picky(game, seat):
    """A bot that fails in the marked games, naming the game."""
    if game.marked is not None:
        raise ValueError(f"no move for seed {game.marked}")
    return game.legal_moves(seat)[0]


def test_an_error_in_a_task_is_the_serial_runs(executor):
    game_seeds = seeds(30, 1)
    marked = marking({game_seeds[13], game_seeds[20], game_seeds[27]})

    def error(executor, bots, new_game=splash):
        with pytest.raises((BotError, RuntimeError)) as caught:
            simulate(new_game, bots, 30, seed=1, executor=executor, chunks=6)
        return type(caught.value), str(caught.value), getattr(caught.value, "seat", None)

    bots = [RandomBot(), picky]
    kind, message, seat = error(None, bots, marked)  # tasks 3 to 6 fail; the first: task 3's
    assert kind is BotError and seat == 1
    assert message.endswith(f"raised ValueError: no move for seed {game_seeds[13]}")
    assert error(executor, bots, marked) == (kind, message, seat)
    alone = [RandomBot()]  # a seat without a bot
    assert error(executor, alone) == error(None, alone)


def test_an_error_class_a_notebook_defines_comes_back_as_itself(executor):
    """Issue 26 item 8: an error of a class stdlib pickle cannot find (defined here, as a
    notebook defines one) comes back from every executor as the serial run raises it, not
    as a PicklingError; one that cannot be rebuilt (its __init__ takes more than its
    message) comes back with its name, its message and its builtin classes."""

    class Unready(Exception):
        """What a notebook's own game maker raises."""

    class Tangled(KeyError):
        def __init__(self, seed, why):
            super().__init__(f"seed {seed}: {why}")

    def unready(seed):
        raise Unready(f"no game for seed {seed}")

    def tangled(seed):
        raise Tangled(seed, "no board")

    def grumpy(game, seat):
        raise Unready("not today")

    def raised(kind, new_game, bots, executor):
        with pytest.raises(kind) as caught:
            simulate(new_game, bots, 6, seed=3, executor=executor, chunks=3)
        return caught.value

    bots = [RandomBot(), RandomBot()]
    serial, there = raised(Unready, unready, bots, None), raised(Unready, unready, bots, executor)
    assert type(there) is Unready and str(there) == str(serial)
    assert ", in unready\n" in str(there.__cause__)  # the worker's traceback: where it was

    serial, there = raised(KeyError, tangled, bots, None), raised(KeyError, tangled, bots, executor)
    assert type(there).__name__ == "Tangled" and str(there) == str(serial)

    bots = [grumpy, RandomBot()]  # a BotError, its cause the bot's own error
    serial = raised(BotError, splash, bots, None)
    there = raised(BotError, splash, bots, executor)
    assert (str(there), there.seat) == (str(serial), serial.seat)
    assert type(there.__cause__) is Unready and str(there.__cause__) == "not today"


class Counting(RandomBot):
    """A random bot that counts its moves."""

    def __init__(self):
        super().__init__()
        self.moves = 0

    def __call__(self, game, seat):
        self.moves += 1
        return super().__call__(game, seat)


def test_serially_the_bots_are_the_callers_and_elsewhere_copies(threads):
    here, there = Counting(), Counting()
    simulate(splash, [RandomBot(), here], 4)
    simulate(splash, [RandomBot(), there], 4, executor=threads)
    assert here.moves > 0 and there.moves == 0
