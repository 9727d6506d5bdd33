"""Play many seeded games and collect their results, for exercises and bot tests."""

from __future__ import annotations

import contextlib
import functools
import itertools
import os
import pickle
import queue
import random
import sys
import traceback
import warnings
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from .arguments import MOST as MOST_GAMES
from .arguments import function, one_of, simulation_seed, whole
from .bots import Bot, BotDriver, BotsStopped
from .errors import BadArgument, brief
from .game import Game

if TYPE_CHECKING:  # a Dask Client is one too, in all but name
    from concurrent.futures import Executor

# Tasks a simulation is split into on an executor: four for each of 16 workers, yet few
# enough that a task's overhead (a Dask task costs about a millisecond) stays small.
CHUNKS = 64
BOT = "a bot, a callable bot(game, seat)"
MOST_CHUNKS = 10_000
MOST_DECISIONS = 1_000_000_000  # for limit
# A progress bar shows only once a run has taken this long (seconds), so a quick one,
# the most common, shows none.
PROGRESS_DELAY = 1.5
# The environment variable that turns the automatic bars off (to 0, false, no or off):
# the tests set it, so that the notebooks' outputs stay those nbval compares.
PROGRESS_VARIABLE = "PONDWIDGETS_PROGRESS"
G = TypeVar("G", bound=Game)  # the game simulated: measure(game) takes one of its games


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
    whole(n, "n", 0, MOST_GAMES, "a whole number of seeds")
    return _seeds(n, simulation_seed(seed))


def _seeds(n: int, seed: int) -> list[int]:
    rng = random.Random(seed)
    return [rng.getrandbits(63) for _ in range(n)]


def simulate(new_game: Callable[[int], G], bots: Sequence[Bot] | Mapping[int, Bot],
             games: int, seed: int = 0, measure: Callable[[G], Any] | None = None,
             limit: int = 100_000, executor: Executor | None = None, chunks: int = CHUNKS,
             progress: bool | None = None) -> list[GameResult]:
    """Play ``games`` games, each made by ``new_game(game_seed)`` and played by ``bots``
    to the end: ``{seat: bot}`` for every seat from 0 (as boards and ``BotDriver`` take
    them), or a list in seat order. The game seeds, and the bots' (through ``reseed``),
    are drawn from ``seed``, so the same call always gives the same results. A game still
    going after ``limit`` decisions stops the simulation with an error, rather than run
    for ever: bots can dodge each other, so give such games a ``max_turns``.

    ``executor`` (None: here, one game after another) is anything with
    ``submit(fn, *args)`` returning a future: a ``concurrent.futures`` pool or a Dask
    ``distributed.Client``. The seeds are then split into at most ``chunks`` tasks of
    consecutive games, each playing its games as here with its own copy of ``new_game``,
    the bots and ``measure`` (sent with cloudpickle, so lambdas, closures and a notebook's
    functions travel too). Every game depends on its seed alone, so the results are the
    same, and the first error is the one a serial run raises, with its message and, where
    it can be rebuilt here, its type (an error class a notebook defined included).

    ``progress``: a progress bar once the games have taken a second or two — None (the
    default) in a Jupyter kernel only, unless the environment variable
    ``PONDWIDGETS_PROGRESS`` is 0; True always (on stderr outside a notebook); False
    never. A bad argument raises ``BadArgument`` naming it."""
    new_game, seated, measure, executor = _checked(new_game, bots, measure, executor)
    whole(games, "games", 0, MOST_GAMES, "a whole number of games")
    simulation_seed(seed)
    whole(limit, "limit", 1, MOST_DECISIONS, "a whole number of decisions")
    whole(chunks, "chunks", 1, MOST_CHUNKS, "a whole number of tasks")
    with progress_bar(progress, games, "simulate") as done:
        return _simulate(new_game, seated, games, seed, measure, limit, executor, chunks, done)


def _simulate(new_game: Callable[[int], G], bots: list[Bot], games: int, seed: int,
              measure: Callable[[G], Any] | None, limit: int, executor: Executor | None,
              chunks: int, done: Callable[[int], Any]) -> list[GameResult]:
    """``simulate`` on checked arguments (``bots`` a list in seat order), calling
    ``done(n)`` as each ``n`` more games are played (``wins_alone`` and ``round_robin``
    keep one progress bar over several of these)."""
    game_seeds = _seeds(games, seed)
    if executor is None:
        results = []
        for game_seed in game_seeds:
            results.append(_play(new_game, bots, game_seed, measure, limit))
            done(1)
        return results
    import cloudpickle

    task = cloudpickle.dumps((new_game, bots, measure, limit))  # once for every task
    parts = min(chunks, games) or 1  # no games: one task of none
    cuts = [games * part // parts for part in range(parts + 1)]
    futures = [executor.submit(_play_chunk, task, game_seeds[start:end])
               for start, end in itertools.pairwise(cuts)]
    try:
        outcomes = _gather(futures, lambda task: done(cuts[task + 1] - cuts[task]))
    except BaseException:
        for future in futures:  # the games still waiting are not played
            future.cancel()
        raise
    return [result for outcome in outcomes for result in outcome]


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


def _play(new_game: Callable[[int], G], bots: Sequence[Bot], game_seed: int,
          measure: Callable[[G], Any] | None, limit: int) -> GameResult:
    """One game of ``simulate``, the one way it is played, here or in an executor's task."""
    game = new_game(game_seed)
    if not isinstance(game, Game):
        raise BadArgument(f"new_game(seed) makes a game (a pondwidgets Game), not "
                          f"{brief(game)}")
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

    dumps: Callable[[Any], bytes] = cloudpickle.dumps  # (cloudpickle ships no types)
    new_game, bots, measure, limit = pickle.loads(task)  # pickle reads cloudpickle's output
    try:
        results = [_play(new_game, bots, s, measure, limit) for s in game_seeds]
    except Exception as error:
        return dumps(_Failed.of(error))
    return dumps(results)


def win_rate(results: Sequence[GameResult], seat: int) -> float:
    """The share of the games that ``seat`` won outright or shared."""
    if not isinstance(results, list | tuple) or not results \
            or not all(isinstance(r, GameResult) for r in results):
        raise BadArgument(f"results is a list of one GameResult or more (what simulate "
                          f"returns), not {brief(results)}")
    whole(seat, "seat", 0, 999, "a seat number")
    return sum(seat in r.winners for r in results) / len(results)


def wins_alone(new_game: Callable[[int], Game], bot: Bot, opponents: Sequence[Bot],
               games: int, seed: int = 0, executor: Executor | None = None,
               progress: bool | None = None) -> int:
    """How many of ``games`` games ``bot`` wins alone against ``opponents`` (one bot for
    each other seat): half of them from the first seat (seeds from ``seed``), half from
    the last (from ``seed + 1``). A shared win or a draw is not won: the bots' strength as
    the issues measure it, against ``RandomBot`` say. ``executor`` and ``progress`` (one
    bar for all the games): as ``simulate``."""
    if not isinstance(opponents, list | tuple) or not opponents:
        raise BadArgument(f"opponents is a list of one bot or more, one for each other "
                          f"seat, not {brief(opponents)}")
    new_game, opponents, _, executor = _checked(new_game, opponents, None, executor,
                                                "opponents")
    function(bot, "bot", BOT)
    whole(games, "games", 0, MOST_GAMES, "a whole number of games")
    simulation_seed(seed)
    last = len(opponents)
    with progress_bar(progress, games, "wins_alone") as done:
        first = _simulate(new_game, [bot, *opponents], games // 2, seed, None, 100_000,
                          executor, CHUNKS, done)
        second = _simulate(new_game, [*opponents, bot], games - games // 2, seed + 1, None,
                           100_000, executor, CHUNKS, done)
    return sum(r.winners == (0,) for r in first) + sum(r.winners == (last,) for r in second)


def check_executor(executor: Any) -> Any:
    """None, or anything with ``submit(fn, *args)``."""
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise BadArgument(f"executor is None or has submit(fn, *args) (a concurrent.futures "
                          f"pool, a Dask Client), not {brief(executor)}")
    return executor


def _checked(new_game: Any, bots: Any, measure: Any, executor: Any, name: str = "bots"
             ) -> tuple[Any, list[Bot], Any, Any]:  # (the functions checked callable)
    """``simulate``'s common arguments checked: ``(new_game, bots as a list in seat order,
    measure, executor)``."""
    if not callable(new_game):
        raise BadArgument(f"new_game is a function new_game(seed) making a game, not "
                          f"{brief(new_game)}")
    if measure is not None and not callable(measure):
        raise BadArgument(f"measure is None or a function measure(game), not {brief(measure)}")
    return new_game, seated(bots, name), measure, check_executor(executor)


def seated(bots: Any, name: str = "bots") -> list[Bot]:
    """``bots`` as a list in seat order: from ``{seat: bot}`` naming every seat from 0
    once (the form boards and ``BotDriver`` take), or a list (or tuple) in seat order."""
    form = (f"{name} is {{seat: bot}} for every seat from 0, or a list of bots in seat "
            f"order")
    if isinstance(bots, Mapping):
        seats = list(bots)
        if not all(isinstance(s, int) and not isinstance(s, bool) for s in seats):
            odd = next(s for s in seats if not isinstance(s, int) or isinstance(s, bool))
            raise BadArgument(f"{form}: its seat {brief(odd)} is not a seat number")
        if sorted(seats) != list(range(len(seats))):
            missing = sorted(set(range(len(seats))) - set(seats))
            raise BadArgument(f"{form}: it names seats {', '.join(map(str, sorted(seats)))} "
                              f"(no bot for seat {missing[0]})")
        listed = [bots[seat] for seat in range(len(seats))]
        where = [f"{name}[{seat}]" for seat in range(len(seats))]
    elif isinstance(bots, list | tuple):
        listed, where = list(bots), [f"{name}[{seat}]" for seat in range(len(bots))]
    else:
        raise BadArgument(f"{form}, not {brief(bots)}")
    if not listed:
        raise BadArgument(f"{form}, with a bot or more, not {brief(bots)}")
    return [function(bot, there, BOT) for bot, there in zip(listed, where, strict=True)]


@contextlib.contextmanager
def progress_bar(progress: Any, total: int, what: str) -> Iterator[Callable[[int], Any]]:
    """``done(n)``, to call as each ``n`` more of ``total`` games are played: a tqdm bar
    (a widget in a notebook) that shows once the games have taken
    ``PROGRESS_DELAY`` seconds, or nothing. ``progress`` None: a bar in a Jupyter kernel
    only, unless the environment variable ``PONDWIDGETS_PROGRESS`` is 0 (false, no, off);
    True: always (outside a kernel, as text on stderr); False: never."""
    one_of(progress, "progress", (None, True, False))
    if not (_automatic() if progress is None else progress):
        yield _nothing
        return
    bar = _bar(_in_kernel())(total=total, desc=what, unit=" games", delay=PROGRESS_DELAY,
                             dynamic_ncols=True)
    try:
        yield bar.update
    finally:
        bar.close()
        if getattr(bar, "displayed", True) is False:  # a notebook's bar that never showed
            _close(bar.container)  # its widgets go: not kept, nor saved with the notebook


def _close(widget: Any) -> None:
    """Close an ipywidgets widget with everything it holds: children, layout, style."""
    for child in getattr(widget, "children", ()):
        _close(child)
    for name in ("layout", "style"):
        part: Any = getattr(widget, name, None)
        if callable(getattr(part, "close", None)):
            part.close()
    widget.close()


def _nothing(n: int) -> None:
    pass


def _automatic() -> bool:
    """Whether a bar shows when ``progress`` is None: in a kernel, unless turned off."""
    off = os.environ.get(PROGRESS_VARIABLE, "").strip().lower() in ("0", "false", "no", "off")
    return not off and _in_kernel()


def _in_kernel() -> bool:
    """Whether this is a Jupyter kernel (ipykernel, or JupyterLite's Pyodide kernel): its
    IPython shell has a kernel. A script, a test, or IPython in a terminal has none."""
    ipython = sys.modules.get("IPython")
    if ipython is None:
        return False
    try:
        shell = ipython.get_ipython()
    except Exception:  # an IPython half imported
        return False
    return getattr(shell, "kernel", None) is not None


@functools.cache
def _bar(kernel: bool) -> type:
    """tqdm's bar: in a kernel its widget (``tqdm.notebook``, which ``tqdm.auto`` picks
    under ipykernel; chosen here since tqdm 4.67, the site's, does not recognise
    JupyterLite's kernel and would print text), else its text bar. No monitor thread
    (Pyodide has no threads to start, and a bar updated per game needs none)."""
    base: type
    if kernel:
        from tqdm.notebook import tqdm as base
    else:
        from tqdm.std import tqdm as base
    return type("Progress", (base,), {"monitor_interval": 0})
