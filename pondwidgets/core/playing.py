"""One seeded game played to its end by bots: the one way ``simulate`` plays a game,
here or in an executor's task, and what it keeps of it."""

from __future__ import annotations

import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from .bots import Bot, BotDriver, BotsStopped
from .errors import BadArgument, brief
from .game import Game

G = TypeVar("G", bound=Game)  # the game simulated: measure(game) takes one of its games


@dataclass(frozen=True)
class GameResult:
    """One simulated game: its seed, winning seats (empty for a draw), how many decisions
    it took, and whatever ``measure(game)`` returned."""

    seed: int
    winners: tuple[int, ...]
    decisions: int
    value: Any = None


def play_game(new_game: Callable[[int], G], bots: Sequence[Bot], game_seed: int,
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
