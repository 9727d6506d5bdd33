"""Seeded round robins between bots: every pair plays the same number of two-player games,
seats rotated, and the table reports each bot's score with its 95% confidence interval and
a Bradley–Terry rating on the Elo scale. The same call always gives the same table.

Nothing here imports Jupyter; ``Tournament.plot`` imports matplotlib when it is called."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .arguments import MOST as MOST_GAMES
from .arguments import function, simulation_seed, whole
from .bots import Bot, Guarded, bot_name
from .consult import BUDGET
from .errors import BadArgument, brief
from .exercises import Feedback, Verdict, confidence_interval
from .game import Game
from .plotting import plot, pyplot
from .simulate import BOT, _simulate, check_executor, progress_bar

if TYPE_CHECKING:
    from concurrent.futures import Executor

    from matplotlib.figure import Figure


@dataclass(frozen=True)
class Standing:
    """One bot's line of the table: its games, wins (alone), draws (a shared win or no
    winner: half a point), losses, score per game with its 95% interval, and rating."""

    name: str
    games: int
    wins: int
    draws: int
    losses: int
    score: float
    low: float
    high: float
    rating: float


class Tournament:
    """The result of :func:`round_robin`: ``standings`` (best rating first), ``pairs``
    (``{(a, b): (a's points, b's points, games)}``) and the table as text (its repr)."""

    def __init__(self, title: str, standings: list[Standing],
                 pairs: dict[tuple[str, str], tuple[float, float, int]]) -> None:
        self.title, self.standings, self.pairs = title, standings, pairs

    def __repr__(self) -> str:
        width = max(len(s.name) for s in self.standings)
        lines = [self.title,
                 f"{'bot':<{width}}  games  wins draws losses  score  95% interval  rating"]
        for s in self.standings:
            lines.append(f"{s.name:<{width}}  {s.games:5d} {s.wins:5d} {s.draws:5d} "
                         f"{s.losses:6d}  {s.score:5.3f}  {s.low:5.3f}–{s.high:5.3f}  "
                         f"{s.rating:6.0f}")
        return "\n".join(lines)

    @plot
    def plot(self) -> Figure:
        """Each bot's score per game with its 95% interval, as a matplotlib figure."""
        plt = pyplot()

        fig: Figure
        fig, ax = plt.subplots(figsize=(6, 0.6 * len(self.standings) + 1.2))
        names = [s.name for s in self.standings][::-1]
        scores = [s.score for s in self.standings][::-1]
        errors = [[s.score - s.low for s in self.standings][::-1],
                  [s.high - s.score for s in self.standings][::-1]]
        ax.barh(names, scores, xerr=errors, color="#0072B2", capsize=4)
        ax.axvline(0.5, color="grey", linestyle="--", linewidth=1)
        ax.set_xlim(0, 1)
        ax.set_xlabel("score per game (win 1, draw ½), with its 95% interval")
        ax.set_title(self.title)
        fig.tight_layout()
        plt.close(fig)  # shown once, as the returned value, not again by the inline backend
        return fig


def round_robin(new_game: Callable[[int], Game], bots: Mapping[str, Bot] | list[Bot],
                games: int = 100, seed: int = 0, title: str | None = None,
                executor: Executor | None = None, progress: bool | None = None) -> Tournament:
    """Every pair of ``bots`` plays ``games`` two-player games: half with the first of
    the pair in seat 0, half in seat 1, each half on seeds drawn from ``seed`` and the
    pair's place in the list, so the same call always gives the same table.

    ``new_game(seed)`` makes a two-player game of any game (``lambda s: FroopGame(2,
    seed=s)``). ``bots`` is ``{name: bot}``, or a list (named by ``bot_name``). A win
    alone scores 1, a shared win or a draw ½. ``title`` heads the table (default: the
    game's title). ``executor`` plays the games elsewhere, as in ``simulate``: the same
    table. ``progress``: one progress bar for all the games, as in ``simulate`` (None: in
    a notebook, once they have taken a second or two). A bad argument raises
    ``BadArgument`` naming it."""
    if not callable(new_game):
        raise BadArgument(f"new_game is a function new_game(seed) making a two-player game, "
                          f"not {brief(new_game)}")
    named = _named(bots)
    whole(games, "games", 2, MOST_GAMES, "a whole number of games per pair")
    simulation_seed(seed)
    if title is not None and not isinstance(title, str):
        raise BadArgument(f"title is None or a string, not {brief(title)}")
    check_executor(executor)
    pairs = list(itertools.combinations(named, 2))
    with progress_bar(progress, games * len(pairs), "round robin") as done:
        if title is None:
            title = new_game(0).TITLE
        points: dict[tuple[str, str], tuple[float, float, int]] = {}
        # each bot's score in each of its games
        lines: dict[str, list[float]] = {name: [] for name in named}
        for number, (a, b) in enumerate(pairs):
            first = _simulate(new_game, [named[a], named[b]], games // 2, seed + 2 * number,
                              None, 100_000, executor, None, done)
            second = _simulate(new_game, [named[b], named[a]], games - games // 2,
                               seed + 2 * number + 1, None, 100_000, executor, None, done)
            mine = [_points(r.winners, 0) for r in first] + [_points(r.winners, 1)
                                                             for r in second]
            theirs = [_points(r.winners, 1) for r in first] + [_points(r.winners, 0)
                                                               for r in second]
            lines[a] += mine
            lines[b] += theirs
            points[(a, b)] = (sum(mine), sum(theirs), games)
    ratings = bradley_terry(list(named), points)
    standings = []
    for name, scores in lines.items():
        mean, low, high = confidence_interval(scores)
        standings.append(Standing(name, len(scores), scores.count(1.0), scores.count(0.5),
                                  scores.count(0.0), mean, max(0.0, low), min(1.0, high),
                                  ratings[name]))
    standings.sort(key=lambda s: (-s.rating, s.name))
    return Tournament(f"{title}: round robin, {games} games a pair, seats rotated",
                      standings, points)


def bradley_terry(names: list[str], points: Mapping[tuple[str, str], tuple[float, float, int]],
                  rounds: int = 10_000) -> dict[str, float]:
    """Bradley–Terry strengths fitted to the pairs' points (a draw is half a win each), on
    the Elo scale: 1500 for the geometric mean, +400 for ten times the odds. Each pair
    counts one more draw (a prior), so a bot that never won still gets a finite rating.
    Fitted by Hunter's MM iteration (2004), to a relative change under 10⁻¹²."""
    wins = dict.fromkeys(names, 0.0)
    played: dict[tuple[str, str], float] = {}
    for a, b in itertools.combinations(names, 2):
        pa, pb, n = points.get((a, b)) or _swap(points.get((b, a))) or (0.0, 0.0, 0)
        wins[a] += pa + 0.5
        wins[b] += pb + 0.5
        played[(a, b)] = played[(b, a)] = n + 1
    strength = dict.fromkeys(names, 1.0)
    for _ in range(rounds):
        new = {i: wins[i] / sum(played[(i, j)] / (strength[i] + strength[j])
                                for j in names if j != i) for i in names}
        mean = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        new = {i: v / mean for i, v in new.items()}
        done = max(abs(new[i] - strength[i]) / strength[i] for i in names) < 1e-12
        strength = new
        if done:
            break
    return {i: 1500 + 400 * math.log10(strength[i]) for i in names}


def _points(winners: tuple[int, ...], seat: int) -> float:
    if seat not in winners:
        return 0.0 if winners else 0.5  # no winner: a draw
    return 1.0 if len(winners) == 1 else 0.5


def _swap(entry: tuple[float, float, int] | None) -> tuple[float, float, int] | None:
    return None if entry is None else (entry[1], entry[0], entry[2])


def _named(bots: Any) -> dict[str, Bot]:
    """``bots`` as ``{name: bot}``: a mapping's keys as text, a list's bots by
    ``bot_name``; two names that read the same are refused, naming them."""
    named: dict[str, Bot] = {}
    if isinstance(bots, Mapping):
        given: dict[str, object] = {}
        for key, bot in bots.items():
            name = str(key)
            if name in named:
                raise BadArgument(f"bots names two bots {brief(given[name])} and {brief(key)}, "
                                  f"both {name!r} in the table: give them names that differ")
            given[name] = key
            named[name] = function(bot, f"bots[{brief(key)}]", BOT)
    elif isinstance(bots, list | tuple):
        for seat, bot in enumerate(bots):
            name = bot_name(function(bot, f"bots[{seat}]", BOT))
            if name in named:
                raise BadArgument(f"bots has two bots both named {name}: give them names, "
                                  f"{{'name': bot, ...}}")
            named[name] = bot
    else:
        raise BadArgument(f"bots is {{name: bot}} or a list of bots, not {brief(bots)}")
    if len(named) < 2:
        raise BadArgument(f"bots is two bots or more for a round robin, not {len(named)}")
    return named


def check_bot(bot: Bot, new_game: Callable[[int], Game], opponent: Bot, games: int = 400,
              seed: int = 0, goal: str = "better than chance", progress: bool | None = None,
              budget: float = BUDGET) -> Verdict:
    """A notebook's checker for a student's bot: ``games`` two-player games against
    ``opponent`` (``new_game`` as in :func:`round_robin`, seats rotated), the bot
    ``Guarded`` so a mistake is said and the games go on: it is handed a copy with only
    what its seat may know, and has ``budget`` seconds a decision. Correct when it made no
    mistake and its score's 95% interval lies above ½ (``goal`` says so in words). Shows
    the feedback and returns a ``Verdict``, whatever the bot does."""
    guarded = Guarded(bot, budget=budget)  # BadArgument unless bot is callable
    if not callable(opponent):
        raise BadArgument(f"opponent is a bot (a function bot(game, seat) or a bot "
                          f"object), not {brief(opponent)}")
    if not isinstance(goal, str):
        raise BadArgument(f"goal is the words for what correct means, not {brief(goal)}")
    name = bot_name(bot)
    rival = bot_name(opponent).removesuffix("()")  # RandomBot() reads as RandomBot
    if rival == name:
        rival = f"{rival} (opponent)"
    table = round_robin(new_game, {name: guarded, rival: opponent}, games=games, seed=seed,
                        progress=progress)
    line = next(s for s in table.standings if s.name == name)
    score = (f"{name} scores {line.score:.3f} a game against {rival} over {line.games} "
             f"games ({line.wins} won, {line.draws} drawn, {line.losses} lost; 95% interval "
             f"{line.low:.3f} to {line.high:.3f})")
    if guarded.faults:
        feedback = Feedback("wrong", f"{score}, but it made {len(guarded.faults)} "
                                     f"mistakes, each replaced by a random move. The first: "
                                     f"{guarded.faults[0]}.")
    elif line.low > 0.5:
        feedback = Feedback("correct", f"{score}: {goal}.")
    else:
        verdict = "worse than" if line.high < 0.5 else "not yet clearly better than"
        feedback = Feedback("wrong", f"{score}: {verdict} {rival}, as the interval is not "
                                     f"all above 0.5.")
    feedback.show()
    return Verdict(feedback.correct)
