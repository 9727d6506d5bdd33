"""The Kecke Frösche board: the shared Board with the three biotopes and their discard
piles, each player's display (a row per biotope and the stork row), the chips face down
and the draw pile's count. It draws ``game.view(seat)`` only."""

from __future__ import annotations

from typing import Any

from ..core.widget import Board
from .rules import KeckeGame


class KeckeBoard(Board):
    """A live Kecke Frösche board. ``seat`` is the seat it plays for (None: every seat no
    bot plays, for hot-seat play: every card in a display is face up and the chips are
    hidden from everyone, so no screen needs hiding); ``bots={1: KeckeBot()}`` seats bots."""

    game: KeckeGame
    BUNDLE = "keckefrosche"  # pondwidgets/static/keckefrosche.js and .css, sent once per kernel
    TABLE_PLAY = True  # every card in a display is face up; chips are hidden from everyone

    def _picture(self, shown: int | None) -> dict[str, Any]:
        view = super()._picture(shown)
        since = self._last_persons_decision() if shown is None else None
        if since is not None:  # while bots play on, the people's news stays on screen
            view["news"] = self.game.news_since(since)
        return view

    def _last_persons_decision(self) -> int | None:
        """Where a screen that shows no seat (bots to act at a hot-seat table) starts its
        news: at the last decision a person made (0 before any), so what the rules did
        since stays until a person decides again; None at a table of bots alone (the
        spectator's news: the last decision's)."""
        bots = self.driver.bots
        if len(bots) >= self.game.players:
            return None
        history = self.game.history
        for index in range(len(history) - 1, -1, -1):
            if history[index][0] not in bots:
                return index
        return 0
