"""The Croak! board: the shared Board with Croak!'s drawing and its Pike-chance overlay."""

from __future__ import annotations

from typing import Any, ClassVar

from ..core.widget import Board
from .rules import SQUARES, CroakGame


class CroakBoard(Board):
    """A live Croak! board. ``seat`` is the seat it plays for (None: every seat no bot
    plays, for hot-seat play); ``bots={1: CroakBot()}`` seats bots; ``pike_odds=True``
    shows on each face-down deep-water tile the chance that it hides a Pike."""

    game: CroakGame
    BUNDLE = "croak"  # pondwidgets/static/croak.js and .css, sent once per kernel
    OPTIONS: ClassVar[dict[str, bool]] = {"pike_odds": False}
    TABLE_PLAY = True  # Croak! hides nothing from one player that another may see

    def _extras(self) -> dict[str, Any]:
        if not self.options.get("pike_odds"):
            return {}
        game, odds = self.game, {}
        # From what is face up now: under Memory, what the table remembers is not counted.
        chances = {back: game.chance_odds(back).get("pike", 0) for back in ("deep-a", "deep-b")}
        for i, square in enumerate(SQUARES):
            if not game.face_up[i] and game.backs[i] in chances:
                chance = chances[game.backs[i]]
                odds[square] = str(chance)  # "1/8"; "0" once that back's Pikes are all seen
        return {"pike_odds": odds}
