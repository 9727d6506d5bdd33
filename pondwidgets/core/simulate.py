"""Play many seeded games and collect their results, for exercises and bot tests."""

from __future__ import annotations

import itertools
import pickle
import random
import traceback
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .bots import Bot, BotDriver, BotsStopped
from .game import Game

if TYPE_CHECKING:  # a Dask Client is one too, in all but name
    from concurrent.futures import Executor

# Tasks a simulation is split into on an executor: four for each of 16 workers, yet few
# enough that a task's overhead (a Dask task costs about a millisecond) stays small.
CHUNKS = 64


@dataclass(frozen=True)
class GameResult:
    """One simulated game: its seed, winning seats (empty for a draw), how many decisions
    it took, and whatever ``measure(game)`` returned."""

    seed: int
    winners: tuple[int, ...]
    decisions: int
    value: Any = None


def seeds(n: int, seed: int) -> list[int]:
    """``n`` game seeds drawn from ``seed``: the same call always gives the same games
    (``simulate`` draws its games' seeds so too, for exercises that deal by hand)."""
    rng = random.Random(seed)
    return [rng.getrandbits(63) for _ in range(n)]


def simulate(new_game: Callable[[int], Game], bots: Sequence[Bot], games: int, seed: int = 0,
             measure: Callable[[Game], Any] | None = None, limit: int = 100_000,
             executor: Executor | None = None, chunks: int = CHUNKS) -> list[GameResult]:
    """Play ``games`` games, each made by ``new_game(game_seed)`` and played by ``bots``
    (one per seat) to the end. The game seeds, and the bots' (through ``reseed``), are
    drawn from ``seed``, so the same call always gives the same results. A game still
    going after ``limit`` decisions stops the simulation with an error, rather than run
    for ever: bots can dodge each other, so give such games a ``max_turns``.

    ``executor`` (None: here, one game after another) is anything with
    ``submit(fn, *args)`` returning a future: a ``concurrent.futures`` pool or a Dask
    ``distributed.Client``. The seeds are then split into at most ``chunks`` tasks of
    consecutive games, each playing its games as here with its own copy of ``new_game``,
    the bots and ``measure`` (sent with cloudpickle, so lambdas, closures and a notebook's
    functions travel too). Every game depends on its seed alone, so the results are the
    same, and the first error is the one a serial run raises, with its message and, where
    it can be rebuilt here, its type (an error class a notebook defined included)."""
    game_seeds = seeds(games, seed)
    if executor is None:
        return [_play(new_game, bots, game_seed, measure, limit) for game_seed in game_seeds]
    if type(chunks) is not int or chunks < 1:
        raise ValueError(f"chunks is a whole number of tasks, 1 or more, not {chunks!r}")
    import cloudpickle

    task = cloudpickle.dumps((new_game, list(bots), measure, limit))  # once for every task
    parts = min(chunks, games) or 1  # no games: one task of none
    cuts = [games * part // parts for part in range(parts + 1)]
    futures = [executor.submit(_play_chunk, task, game_seeds[start:end])
               for start, end in itertools.pairwise(cuts)]
    try:  # in seed order, so an error is the one the serial run meets first
        results = []
        for future in futures:
            outcome = pickle.loads(future.result())
            if isinstance(outcome, _Failed):
                raise outcome.error()
            results += outcome
        return results
    except BaseException:
        for future in futures:  # the games still waiting are not played
            future.cancel()
        raise


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
                error = pickle.loads(self.pickled)
                # (not __qualname__: a class cloudpickle rebuilds in a worker loses it)
                if type(error).__name__ == self.name and _text(error) == self.text:
                    return error
            except Exception:  # an __init__ that does not take what args holds, say
                pass
        for base in self.bases:  # nearest first; some need more than a message
            # the text as it was read there (a KeyError's own str would quote it again)
            stand_in = type(self.name, (base,), {"__module__": self.module,
                                                 "__str__": BaseException.__str__})
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


def _play(new_game: Callable[[int], Game], bots: Sequence[Bot], game_seed: int,
          measure: Callable[[Game], Any] | None, limit: int) -> GameResult:
    """One game of ``simulate``, the one way it is played, here or in an executor's task."""
    game = new_game(game_seed)
    for i, bot in enumerate(bots):
        if hasattr(bot, "reseed"):
            bot.reseed(game_seed + i + 1)
    driver = BotDriver(game, dict(enumerate(bots)), limit=limit)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", BotsStopped)  # said below, with the game's seed
        driver.run()
    if driver.stopped:
        raise RuntimeError(f"the game with seed {game_seed} has not ended after "
                           f"{limit:,} decisions: bots can dodge each other for ever, so "
                           f"give the game a max_turns")
    if not game.is_over:
        raise RuntimeError(f"the game with seed {game_seed} stopped before its end: "
                           f"every seat needs a bot")
    return GameResult(game_seed, game.winners, len(game.history),
                      measure(game) if measure else None)


def _play_chunk(task: bytes, game_seeds: list[int]) -> bytes:
    """An executor's task: ``simulate``'s games on ``game_seeds``. The results go back
    cloudpickled too, since a measure may return an object of a class a notebook made,
    and so does an error, as a ``_Failed``: the serial run's first error in these games."""
    import cloudpickle

    new_game, bots, measure, limit = pickle.loads(task)  # pickle reads cloudpickle's output
    try:
        results = [_play(new_game, bots, s, measure, limit) for s in game_seeds]
    except Exception as error:
        return cloudpickle.dumps(_Failed.of(error))
    return cloudpickle.dumps(results)


def win_rate(results: Sequence[GameResult], seat: int) -> float:
    """The share of the games that ``seat`` won outright or shared."""
    return sum(seat in r.winners for r in results) / len(results)


def wins_alone(new_game: Callable[[int], Game], bot: Bot, opponents: Sequence[Bot],
               games: int, seed: int = 0, executor: Executor | None = None) -> int:
    """How many of ``games`` games ``bot`` wins alone against ``opponents`` (one bot for
    each other seat): half of them from the first seat (seeds from ``seed``), half from
    the last (from ``seed + 1``). A shared win or a draw is not won: the bots' strength as
    the issues measure it, against ``RandomBot`` say. ``executor``: as ``simulate``."""
    last = len(opponents)
    first = simulate(new_game, [bot, *opponents], games // 2, seed=seed, executor=executor)
    second = simulate(new_game, [*opponents, bot], games - games // 2, seed=seed + 1,
                      executor=executor)
    return sum(r.winners == (0,) for r in first) + sum(r.winners == (last,) for r in second)
