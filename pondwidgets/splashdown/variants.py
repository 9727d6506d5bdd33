"""Helpers for the variants notebook (``notebooks/splashdown/02-variants.ipynb``): bots'
games by map, option and number of players. Everything is seeded, so a notebook shows the
same numbers on every run.

Nothing here imports Jupyter; ``bar_chart`` imports matplotlib when it is called."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.arguments import checked, game_options, games, results, rule, simulation_seed, whole
from ..core.exercises import bar_chart
from ..core.simulate import GameResult, simulate, win_rate
from .rules import SplashdownGame

PLAYERS = rule(whole, SplashdownGame.PLAYERS[0], SplashdownGame.PLAYERS[-1],
               "a number of players")

__all__ = ["Summary", "average_turns", "bar_chart", "bot_games", "wins_by_seat"]


@dataclass(frozen=True)
class Summary:
    """One simulated game: how many turns it lasted, and the flies the winners banked (0
    for a draw)."""

    turns: int
    flies: int


def _summary(game: SplashdownGame) -> Summary:
    frogs = game.view()["frogs"]
    return Summary(game.turns, max((frogs[s]["flies"] for s in game.winners), default=0))


@checked(players=PLAYERS, games=games, seed=simulation_seed,
         options=rule(game_options, SplashdownGame))
def bot_games(players: int = 2, games: int = 200, seed: int = 1, *, bots=None,
              **options) -> list[GameResult]:
    """``games`` seeded games of ``players`` ``SplashBot``\\s (or the ``bots`` given, one
    per seat), at most 300 turns each; ``options`` go to the game (``map``, ``fly_thief``,
    ``reroll``). Each result's ``value`` is the game's :class:`Summary`."""
    if bots is None:
        from .bots import SplashBot

        bots = [SplashBot() for _ in range(players)]
    options.setdefault("max_turns", 300)
    return simulate(lambda s: SplashdownGame(players, seed=s, **options), bots, games=games,
                    seed=seed, measure=_summary)


@checked(results=results)
def average_turns(results: Sequence[GameResult]) -> float:
    """The mean number of turns of simulated games (:func:`bot_games` results)."""
    return sum(r.value.turns for r in results) / len(results)


@checked(results=results, players=PLAYERS)
def wins_by_seat(results: Sequence[GameResult], players: int) -> list[float]:
    """Each seat's share of the games won (a shared win counts for each), seat 0 first."""
    return [win_rate(results, seat) for seat in range(players)]
