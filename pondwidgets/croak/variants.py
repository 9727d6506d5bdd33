"""Helpers for the variants notebook (``notebooks/croak/02-variants.ipynb``): what a board
says beside what the game remembers, and simulations by number of players.

Nothing here imports Jupyter; ``bar_chart`` imports matplotlib when it is called."""

from __future__ import annotations

from collections.abc import Sequence

from ..core.arguments import (
    LONGEST_GAME,
    checked,
    games,
    instance,
    results,
    rule,
    simulation_seed,
    whole,
)
from ..core.bots import RandomBot
from ..core.exercises import bar_chart
from ..core.simulate import GameResult, simulate
from .rules import CroakGame

PLAYERS = rule(whole, CroakGame.PLAYERS[0], CroakGame.PLAYERS[-1], "a number of players")
TURNS = rule(whole, 1, LONGEST_GAME, "a whole number of turns")

__all__ = ["average_turns", "bar_chart", "board_and_log", "random_games", "wins_by_seat"]


@checked(game=rule(instance, CroakGame, "a Croak! game"),
         last=rule(whole, 1, 1000, "a number of events"))
def board_and_log(game: CroakGame, last: int = 6) -> str:
    """The last events as the board shows them (``game.view()["events"]``) above the same
    stretch of ``game.log``, the full account that Python keeps. Under Memory the first
    never names the front of a tile that is face down now; the second always does."""
    shown = game.view()["events"][-last:]
    kept = game.log[-last:]
    lines = ["What the board says:"] + [f"  {t}" for t in shown]
    lines += ["What game.log keeps:"] + [f"  {t}" for t in kept]
    return "\n".join(lines)


@checked(players=PLAYERS, games=games, seed=simulation_seed, max_turns=TURNS)
def random_games(players: int, games: int = 300, seed: int = 1,
                 max_turns: int = 400) -> list[GameResult]:
    """``games`` seeded games of Croak! with ``players`` random bots; each result's
    ``value`` is the number of turns the game lasted."""
    bots = [RandomBot() for _ in range(players)]
    return simulate(lambda s: CroakGame(players, seed=s, max_turns=max_turns), bots,
                    games=games, seed=seed, measure=lambda game: game.turns)


@checked(results=results)
def average_turns(results: Sequence[GameResult]) -> float:
    """The mean number of turns of simulated games (``random_games`` results)."""
    return sum(r.value for r in results) / len(results)


@checked(results=results, players=PLAYERS)
def wins_by_seat(results: Sequence[GameResult], players: int) -> list[float]:
    """The share of the games each seat won, seat 0 (who starts) first; draws count for
    nobody, so the shares add up to the share of games that had a winner."""
    return [sum(seat in r.winners for r in results) / len(results) for seat in range(players)]
