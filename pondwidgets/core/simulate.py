"""Play many seeded games and collect their results, for exercises and bot tests."""

from __future__ import annotations

import contextlib
import functools
import os
import random
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from .arguments import MOST as MOST_GAMES
from .arguments import function, one_of, simulation_seed, whole
from .bots import Bot
from .errors import BadArgument, brief
from .game import Game
from .playing import GameResult as GameResult  # simulate returns them: importable here
from .playing import Plays
from .tasks import on_executor

if TYPE_CHECKING:  # a Dask Client is one too, in all but name
    from concurrent.futures import Executor

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
             limit: int = 100_000, executor: Executor | None = None, chunks: int | None = None,
             progress: bool | None = None) -> list[GameResult]:
    """Play ``games`` games, each made by ``new_game(game_seed)`` and played by ``bots``
    to the end: ``{seat: bot}`` for every seat from 0 (as boards and ``BotDriver`` take
    them), or a list in seat order. The game seeds, and the bots' (through ``reseed``),
    are drawn from ``seed``, so the same call always gives the same results. A game still
    going after ``limit`` decisions stops the simulation with an error, rather than run
    for ever: bots can dodge each other, so give such games a ``max_turns``.

    ``executor`` (None: here, one game after another) is anything with
    ``submit(fn, *args)`` returning a future: a ``concurrent.futures`` pool or a Dask
    ``distributed.Client``. The seeds are then split into tasks of consecutive games:
    ``chunks`` of them, or (None) as many as the games' time is worth, each carrying at
    least 0.4 s of games so that the executor's cost per task stays under 5% of the run,
    timed on the first games, played here (a run worth less than two tasks is played
    here whole). Each task plays its games as here with its own copy of ``new_game``,
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
    if chunks is not None:
        whole(chunks, "chunks", 1, MOST_CHUNKS, "None or a whole number of tasks")
    with progress_bar(progress, games, "simulate") as done:
        return _simulate(new_game, seated, games, seed, measure, limit, executor, chunks, done)


def _simulate(new_game: Callable[[int], G], bots: list[Bot], games: int, seed: int,
              measure: Callable[[G], Any] | None, limit: int, executor: Executor | None,
              chunks: int | None, done: Callable[[int], Any]) -> list[GameResult]:
    """``simulate`` on checked arguments (``bots`` a list in seat order), calling
    ``done(n)`` as each ``n`` more games are played (``wins_alone`` and ``round_robin``
    keep one progress bar over several of these)."""
    game_seeds, plays = _seeds(games, seed), Plays(new_game, bots, measure, limit)
    if executor is None:
        return plays.games(game_seeds, done)
    return on_executor(executor, game_seeds, plays, chunks, done)


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
                          executor, None, done)
        second = _simulate(new_game, [*opponents, bot], games - games // 2, seed + 1, None,
                           100_000, executor, None, done)
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
