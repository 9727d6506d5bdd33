"""Play many seeded games and collect their results, for exercises and bot tests."""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .bots import Bot, BotDriver, BotsStopped
from .game import Game


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
             measure: Callable[[Game], Any] | None = None,
             limit: int = 100_000) -> list[GameResult]:
    """Play ``games`` games, each made by ``new_game(game_seed)`` and played by ``bots``
    (one per seat) to the end. The game seeds, and the bots' (through ``reseed``), are
    drawn from ``seed``, so the same call always gives the same results. A game still
    going after ``limit`` decisions stops the simulation with an error, rather than run
    for ever: bots can dodge each other, so give such games a ``max_turns``."""
    results = []
    for game_seed in seeds(games, seed):
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
        results.append(GameResult(game_seed, game.winners, len(game.history),
                                  measure(game) if measure else None))
    return results


def win_rate(results: Sequence[GameResult], seat: int) -> float:
    """The share of the games that ``seat`` won outright or shared."""
    return sum(seat in r.winners for r in results) / len(results)


def wins_alone(new_game: Callable[[int], Game], bot: Bot, opponents: Sequence[Bot],
               games: int, seed: int = 0) -> int:
    """How many of ``games`` games ``bot`` wins alone against ``opponents`` (one bot for
    each other seat): half of them from the first seat (seeds from ``seed``), half from
    the last (from ``seed + 1``). A shared win or a draw is not won: the bots' strength as
    the issues measure it, against ``RandomBot`` say."""
    last = len(opponents)
    first = simulate(new_game, [bot, *opponents], games // 2, seed=seed)
    second = simulate(new_game, [*opponents, bot], games - games // 2, seed=seed + 1)
    return sum(r.winners == (0,) for r in first) + sum(r.winners == (last,) for r in second)
