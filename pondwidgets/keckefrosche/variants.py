"""Helpers for the variants notebook (``notebooks/keckefrosche/02-variants.ipynb``): bots'
games by number of players and by strategy. Everything is seeded, so a notebook shows the
same numbers on every run.

Nothing here imports Jupyter; ``bar_chart`` imports matplotlib when it is called."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.arguments import (
    MOST,
    checked,
    function,
    games,
    items,
    one_of,
    optional,
    results,
    rule,
    simulation_seed,
    whole,
)
from ..core.exercises import bar_chart, confidence_interval
from ..core.simulate import GameResult, simulate, win_rate
from .rules import KeckeGame

PLAYERS = rule(whole, KeckeGame.PLAYERS[0], KeckeGame.PLAYERS[-1], "a number of players")
PAIRED = rule(whole, 2, MOST, "a number of games (half with each at seat 0)")
BOT = rule(function, "a bot: a function bot(game, seat), or an object called so")

__all__ = ["Summary", "average", "bar_chart", "bot_games", "head_to_head", "strategy_table",
           "wins_by_seat"]


@dataclass(frozen=True)
class Summary:
    """One simulated game, at its end: how many turns it lasted, each seat's score, the
    cards left in each display and the chips each seat took."""

    turns: int
    scores: tuple[int, ...]
    cards: tuple[int, ...]
    chips: tuple[int, ...]


def _summary(game: KeckeGame) -> Summary:
    view = game.view()
    players = view["players"]
    return Summary(view["turn"], tuple(p["score"] for p in players),
                   tuple(p["cards"] for p in players), tuple(p["chips"] for p in players))


@checked(players=PLAYERS, games=games, seed=simulation_seed)
def bot_games(players: int = 2, games: int = 200, seed: int = 1, *,
              bots=None) -> list[GameResult]:
    """``games`` seeded games of ``players`` ``KeckeBot``\\s (or the ``bots`` given, one
    per seat). Each result's ``value`` is the game's :class:`Summary`."""
    if bots is None:
        from .bots import KeckeBot

        bots = [KeckeBot() for _ in range(players)]
    return simulate(lambda s: KeckeGame(players, seed=s), bots, games=games, seed=seed,
                    measure=_summary)


@checked(results=results, what=rule(one_of, ("turns", "scores", "cards", "chips")),
         seat=optional(rule(whole, 0, 3, "a seat")))
def average(results: Sequence[GameResult], what: str = "turns", seat: int | None = None
            ) -> float:
    """The mean over simulated games (:func:`bot_games` results) of ``what``: ``"turns"``,
    or ``"scores"``, ``"cards"`` or ``"chips"`` of ``seat`` (None: of every seat)."""
    values: list[float] = []
    for r in results:
        value = getattr(r.value, what)
        if isinstance(value, tuple):
            values.extend(value if seat is None else (value[seat],))
        else:
            values.append(value)
    return sum(values) / len(values)


@checked(results=results, players=PLAYERS)
def wins_by_seat(results: Sequence[GameResult], players: int) -> list[float]:
    """Each seat's share of the games won (a shared win counts for each), seat 0 first."""
    return [win_rate(results, seat) for seat in range(players)]


@checked(bot=BOT, rival=BOT, games=PAIRED, seed=simulation_seed)
def head_to_head(bot, rival, games: int = 200, seed: int = 1) -> list[float]:
    """``games`` seeded two-player games of ``bot`` against ``rival``: ``bot`` at seat 0
    in the first half, then at seat 1 on the same deals (who starts matters, and each deal
    is played both ways): 1 for each game ``bot`` won alone, 1/2 for a win it shared, else
    0. Between equal bots the average is then exactly 1/2."""
    wins = []
    for seat, count in ((0, games - games // 2), (1, games // 2)):
        bots = [rival, rival]
        bots[seat] = bot
        results = simulate(lambda s: KeckeGame(2, seed=s), bots, games=count, seed=seed)
        wins += [(seat in r.winners) / len(r.winners) if r.winners else 0.0
                 for r in results]
    return wins


@checked(keeps=rule(items, rule(whole, 0, 12, "a number of storks"), what="a list of keep_storks"),
         games=PAIRED, seed=simulation_seed)
def strategy_table(keeps: Sequence[int] = (0, 1, 2, 3, 5), games: int = 200,
                   seed: int = 1) -> str:
    """For each ``keep_storks`` in ``keeps``: a ``KeckeBot`` that keeps that many storks
    back from the collecting phase against the default ``KeckeBot()`` (which keeps 1), its
    share of wins (``head_to_head``: each deal played both ways, a shared win counting
    half) with a 95% confidence interval over the deals. An equal bot's share is 1/2."""
    from .bots import KeckeBot

    lines = ["keep_storks  share of wins against KeckeBot()  (95% confidence interval)"]
    half = games // 2
    for keep in keeps:
        wins = head_to_head(KeckeBot(keep_storks=keep), KeckeBot(), 2 * half, seed)
        deals = [(first + second) / 2 for first, second in zip(wins[:half], wins[half:],
                                                                  strict=True)]
        mean, low, high = confidence_interval(deals)
        lines.append(f"{keep:11}  {mean:.3f}  ({low:.3f} to {high:.3f})")
    return "\n".join(lines)
