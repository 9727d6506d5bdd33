"""Seeded games played to their end by bots: the one way ``simulate`` plays them, here or
in an executor's task, and what it keeps of each."""

from __future__ import annotations

import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from .bots import Bot, BotDriver, BotsStopped
from .errors import BadArgument, brief
from .game import Game


@dataclass(frozen=True)
class GameResult:
    """One simulated game: its seed, winning seats (empty for a draw), how many decisions
    it took, and whatever ``measure(game)`` returned."""

    seed: int
    winners: tuple[int, ...]
    decisions: int
    value: Any = None


class Plays(NamedTuple):
    """How ``simulate`` plays each game, in one piece: here, and as sent to an executor's
    task (cloudpickled, so that a notebook's lambdas travel)."""

    new_game: Callable[[int], Any]
    bots: Sequence[Bot]
    measure: Callable[[Any], Any] | None
    limit: int

    def games(self, game_seeds: Sequence[int], done: Callable[[int], Any] | None = None
              ) -> list[GameResult]:
        """The games of ``game_seeds``, one after another, ``done(1)`` called after each."""
        results = []
        for game_seed in game_seeds:
            results.append(self.game(game_seed))
            if done is not None:
                done(1)
        return results

    def game(self, game_seed: int) -> GameResult:
        """One game, the one way it is played, here or in an executor's task."""
        game = self.new_game(game_seed)
        if not isinstance(game, Game):
            raise BadArgument(f"new_game(seed) makes a game (a pondwidgets Game), not "
                              f"{brief(game)}")
        for i, bot in enumerate(self.bots):
            if hasattr(bot, "reseed"):
                bot.reseed(game_seed + i + 1)
        limit = self.limit
        driver = BotDriver(game, dict(enumerate(self.bots)), limit=limit)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", BotsStopped)  # said below, with the game's seed
            driver.run()
        if driver.stopped:
            raise RuntimeError(f"the game with seed {game_seed} has not ended after "
                               f"{limit:,} decisions: bots can dodge each other for ever, "
                               f"so give the game a max_turns")
        if not game.is_over:
            raise RuntimeError(f"the game with seed {game_seed} stopped before its end: "
                               f"every seat needs a bot")
        return GameResult(game_seed, game.winners, len(game.history),
                          self.measure(game) if self.measure else None)
