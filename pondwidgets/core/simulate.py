"""Play many seeded games and collect their results, for exercises and bot tests."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .bots import Bot, BotDriver
from .game import Game


@dataclass(frozen=True)
class GameResult:
    """One simulated game: its seed, winning seats (empty for a draw), how many decisions
    it took, and whatever ``measure(game)`` returned."""

    seed: int
    winners: tuple[int, ...]
    decisions: int
    value: Any = None


def simulate(new_game: Callable[[int], Game], bots: Sequence[Bot], games: int, seed: int = 0,
             measure: Callable[[Game], Any] | None = None) -> list[GameResult]:
    """Play ``games`` games, each made by ``new_game(game_seed)`` and played by ``bots``
    (one per seat) to the end. The game seeds, and the bots' (through ``reseed``), are
    drawn from ``seed``, so the same call always gives the same results."""
    seeds = random.Random(seed)
    results = []
    for _ in range(games):
        game_seed = seeds.getrandbits(63)
        game = new_game(game_seed)
        for i, bot in enumerate(bots):
            if hasattr(bot, "reseed"):
                bot.reseed(game_seed + i + 1)
        BotDriver(game, dict(enumerate(bots))).run()
        if not game.is_over:
            raise RuntimeError(f"game with seed {game_seed} stopped before its end: every "
                               f"seat needs a bot (give the game a max_turns if it can loop)")
        results.append(GameResult(game_seed, game.winners, len(game.history),
                                  measure(game) if measure else None))
    return results


def win_rate(results: Sequence[GameResult], seat: int) -> float:
    """The share of the games that ``seat`` won outright or shared."""
    return sum(seat in r.winners for r in results) / len(results)
