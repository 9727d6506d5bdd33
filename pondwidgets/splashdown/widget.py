"""The Splash down board: the shared Board with the map drawn as a winding path of pads,
the die and the coin, and the push offer with its odds."""

from __future__ import annotations

from typing import Any, ClassVar

from ..core.widget import Board


class SplashdownBoard(Board):
    """A live Splash down board. ``seat`` is the seat it plays for (None: every seat no bot
    plays, for hot-seat play: nothing at the table is hidden); ``bots={1: SplashBot()}``
    seats bots; ``odds=False`` hides the odds of a push's roll in the push offer."""

    BUNDLE = "splashdown"  # pondwidgets/static/splashdown.js and .css, sent once per kernel
    OPTIONS: ClassVar[dict[str, bool]] = {"odds": True}
    TABLE_PLAY = True  # nothing in Splash down is hidden from anyone

    def _extras(self) -> dict[str, Any]:
        if not self.options.get("odds") or self.game.phase not in ("push", "push-roll"):
            return {}
        # The push's die, as Python knows it: "1/2" for a success, and so on.
        return {"push_odds": {outcome: str(chance)
                              for outcome, chance in self.game.chance_odds("push").items()}}
