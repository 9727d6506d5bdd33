"""Helpers for the variants notebook (``notebooks/rapidcroco/02-variants.ipynb``): bots'
games by variant and number of players. Everything is seeded, so a notebook shows the
same numbers on every run.

Nothing here imports Jupyter; ``bar_chart`` imports matplotlib when it is called."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..core.arguments import (
    checked,
    game_options,
    games,
    number,
    results,
    rule,
    simulation_seed,
    whole,
)
from ..core.exercises import bar_chart
from ..core.simulate import GameResult, simulate
from .bots import RapidBot
from .rules import RapidcrocoGame

PLAYERS = rule(whole, RapidcrocoGame.PLAYERS[0], RapidcrocoGame.PLAYERS[-1],
               "a number of players")
SECONDS = rule(number, 0, 3600, "a number of seconds")

__all__ = ["Length", "average_rounds", "bar_chart", "bot_games", "seconds_per_round"]


class Length(NamedTuple):
    """How long one game lasted: rounds played, and seconds of (simulated) play."""

    rounds: int
    seconds: float


@checked(players=PLAYERS, games=games, seed=simulation_seed, look=SECONDS, step=SECONDS,
         error_rate=rule(number, 0, 1, "a probability"),
         options=rule(game_options, RapidcrocoGame))
def bot_games(players: int = 2, games: int = 100, seed: int = 1, *, look: float = 2.5,
              step: float = 0.8, error_rate: float = 0.1, **options) -> list[GameResult]:
    """``games`` seeded games between ``players`` equal ``RapidBot``s (their reaction
    times and error rate as given), played to the end in simulated time; each result's
    ``value`` is the game's ``Length``. ``options`` go to the game (``kid``, ``wrap``,
    ``turns``, ``target``)."""
    bots = [RapidBot(look=look, step=step, error_rate=error_rate) for _ in range(players)]
    return simulate(lambda s: RapidcrocoGame(players, seed=s, **options), bots,
                    games=games, seed=seed,
                    measure=lambda game: Length(game.round, game.last_time - game.started))


@checked(results=results)
def average_rounds(results: Sequence[GameResult]) -> float:
    """The mean number of rounds of simulated games (``bot_games`` results)."""
    return sum(r.value.rounds for r in results) / len(results)


@checked(results=results)
def seconds_per_round(results: Sequence[GameResult]) -> float:
    """The mean length of a round in seconds, turning the criteria included."""
    return sum(r.value.seconds for r in results) / sum(r.value.rounds for r in results)
