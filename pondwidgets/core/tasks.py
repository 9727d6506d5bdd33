"""A simulation's games on an executor (a ``concurrent.futures`` pool, a Dask
``Client``): split into tasks of consecutive seeds, each carrying enough games that the
executor's cost per task stays small, sent with cloudpickle, and gathered back in seed
order, a task's error coming back as the serial run's."""

from __future__ import annotations

import itertools
import pickle
import queue
import statistics
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .playing import GameResult, Plays

if TYPE_CHECKING:  # a Dask Client is one too, in all but name
    from concurrent.futures import Executor

# Tasks are sized by time, the first games played here to time one: a task carries at
# least TASK_SECONDS of games, 20 times the 20 ms a Dask task was measured to cost on a
# busy machine (2 ms on an idle one, more across a network: tests/benchmark.py
# --executors), so that cost stays under 5% of the run. A run worth less than two tasks
# is played here: an executor could only add its cost to it.
TASK_SECONDS = 0.4
PROBE_SECONDS = 0.05  # the games played here to time one, at most (a game at least)
MOST_TASKS = 64  # four for each of 16 workers, when no chunks are given


def on_executor(executor: Executor, game_seeds: list[int], plays: Plays,
                chunks: int | None, done: Callable[[int], Any]) -> list[GameResult]:
    """The games of ``game_seeds`` on ``executor``: in ``chunks`` tasks, or (None) in as
    many as their time is worth (see ``TASK_SECONDS``), the first games played here to
    time them. ``done(n)`` is called as each ``n`` more games are played."""
    import cloudpickle

    task = cloudpickle.dumps(plays)  # once for every task
    results: list[GameResult] = []
    if chunks is None:
        here: Plays = pickle.loads(task)  # copies, as a task's: the caller's bots stay as they are
        results, seconds = _probe(here, game_seeds, done)
        chunks = _task_count(len(game_seeds) - len(results), seconds)
        if chunks < 2:
            return results + here.games(game_seeds[len(results):], done)
    seeds_left = game_seeds[len(results):]
    games = len(seeds_left)
    parts = min(chunks, games) or 1  # no games: one task of none
    cuts = [games * part // parts for part in range(parts + 1)]
    futures = [executor.submit(play_task, task, seeds_left[start:end])
               for start, end in itertools.pairwise(cuts)]
    try:
        outcomes = _gather(futures, lambda task: done(cuts[task + 1] - cuts[task]))
    except BaseException:
        for future in futures:  # the games still waiting are not played
            future.cancel()
        raise
    return results + [result for outcome in outcomes for result in outcome]


def _probe(plays: Plays, game_seeds: list[int], done: Callable[[int], Any]
           ) -> tuple[list[GameResult], float]:
    """The first games played here, for about ``PROBE_SECONDS`` (one at least), and the
    median time of one: the first game, which may import and warm what the others
    use, does not count more than any other."""
    results, times = [], []
    start = time.perf_counter()
    for game_seed in game_seeds:
        began = time.perf_counter()
        results.append(plays.game(game_seed))
        times.append(time.perf_counter() - began)
        done(1)
        if time.perf_counter() - start >= PROBE_SECONDS:
            break
    return results, statistics.median(times) if times else 0.0


def _task_count(games: int, seconds_a_game: float) -> int:
    """Tasks for ``games`` games of about ``seconds_a_game`` each: at least
    ``TASK_SECONDS`` of games each, at most ``MOST_TASKS``."""
    return max(0, min(MOST_TASKS, games, int(games * seconds_a_game / TASK_SECONDS)))


def _gather(futures: list[Any], done: Callable[[int], Any]) -> list[list[GameResult]]:
    """Each task's results, in seed order, calling ``done(task)`` as each comes in (in
    the order they finish, when the futures offer ``add_done_callback``, as those of
    ``concurrent.futures`` and Dask do). The first error in seed order is raised as soon
    as every task before it has come back: the one the serial run meets first."""
    if all(callable(getattr(future, "add_done_callback", None)) for future in futures):
        finished: queue.SimpleQueue[int] = queue.SimpleQueue()
        for task, future in enumerate(futures):  # called in the executor's thread
            future.add_done_callback(lambda _future, task=task: finished.put(task))
        order: Iterator[int] = (finished.get() for _ in futures)
    else:
        order = iter(range(len(futures)))
    outcomes: list[Any] = [None] * len(futures)
    first = 0  # every task before it has come back with its results
    for task in order:
        try:
            outcomes[task] = pickle.loads(futures[task].result())
        except Exception as error:  # the executor's own (a worker lost, say)
            outcomes[task] = _Raised(error)
        if not isinstance(outcomes[task], _Failed | _Raised):
            done(task)
        while first < len(futures) and outcomes[first] is not None:
            if isinstance(outcomes[first], _Failed | _Raised):
                raise outcomes[first].error()
            first += 1
    return outcomes


@dataclass(frozen=True)
class _Raised:
    """An error the executor raised for a task, raised in its turn."""

    raised: Exception

    def error(self) -> Exception:
        return self.raised


class TaskTraceback(Exception):
    """The traceback of an error raised in an executor's task, as the worker formatted it:
    the cause of the error rebuilt here, so that a traceback still shows the line that
    raised it (a student's bot's, say)."""

    def __str__(self) -> str:
        return f'\n"""\n{self.args[0]}"""'


@dataclass(frozen=True)
class _Failed:
    """What a task sends back instead of raising its error. A pool sends what a task
    raises with stdlib pickle, which cannot find a class a notebook defined (and reports
    a ``PicklingError`` instead of the student's message): here the error travels
    cloudpickled, as results do, so it comes back as itself; with its text, its type's
    name and its builtin bases too, for an error that cannot be rebuilt (one whose
    ``__init__`` does not take its message), which comes back as a stand-in of that name
    on the same builtin classes (``except ValueError`` still catches it), with the same
    message. Its explicit cause (a ``BotError``'s: the bot's own error) comes too."""

    pickled: bytes | None
    text: str
    module: str
    name: str  # the class's __name__
    bases: tuple[type, ...]
    trace: str | None
    cause: _Failed | None

    @classmethod
    def of(cls, error: BaseException, trace: bool = True, depth: int = 3) -> _Failed:
        import cloudpickle

        try:
            pickled = cloudpickle.dumps(error)
        except Exception:  # a lock, a generator, ... held by the error
            pickled = None
        kind = type(error)
        cause = error.__cause__
        return cls(pickled, _text(error), kind.__module__, kind.__name__,
                   tuple(k for k in kind.__mro__
                         if k.__module__ == "builtins" and issubclass(k, BaseException)),
                   "".join(traceback.format_exception(error)) if trace else None,
                   cls.of(cause, False, depth - 1) if cause is not None and depth else None)

    def error(self) -> BaseException:
        error = self._rebuilt()
        last = error
        if self.cause is not None:
            last.__cause__ = last = self.cause._rebuilt()
        last.__cause__ = TaskTraceback(self.trace)
        return error

    def _rebuilt(self) -> BaseException:
        if self.pickled is not None:
            try:
                error: BaseException = pickle.loads(self.pickled)
                # (not __qualname__: a class cloudpickle rebuilds in a worker loses it)
                if type(error).__name__ == self.name and _text(error) == self.text:
                    return error
            except Exception:  # an __init__ that does not take what args holds, say
                pass
        for base in self.bases:  # nearest first; some need more than a message
            # the text as it was read there (a KeyError's own str would quote it again)
            stand_in: type[BaseException] = type(
                self.name, (base,), {"__module__": self.module, "__str__": BaseException.__str__})
            try:
                return stand_in(self.text)
            except TypeError:
                continue
        return Exception(self.text)  # not reached: Exception takes a message


def _text(error: BaseException) -> str:
    try:
        return str(error)
    except Exception:  # a student's __str__ may raise too
        return f"({type(error).__name__} whose message could not be read)"


def play_task(task: bytes, game_seeds: list[int]) -> bytes:
    """An executor's task: ``simulate``'s games on ``game_seeds``. The results go back
    cloudpickled too, since a measure may return an object of a class a notebook made,
    and so does an error, as a ``_Failed``: the serial run's first error in these games."""
    import cloudpickle

    dumps: Callable[[Any], bytes] = cloudpickle.dumps  # (cloudpickle ships no types)
    plays: Plays = pickle.loads(task)  # pickle reads cloudpickle's output
    try:
        results = plays.games(game_seeds)
    except Exception as error:
        return dumps(_Failed.of(error))
    return dumps(results)
