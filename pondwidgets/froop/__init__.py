"""Froop!: the rules model, its cards, its bots and its board.

``FroopBot`` (``.bots``) and ``FroopBoard`` (``.widget``) are imported on first use, so
rules and simulations never load Jupyter's widget libraries (docs/design.md#two-floors)."""

from ..core.bots import RandomBot
from .cards import CARDS
from .rules import FroopGame, Move

__all__ = ["CARDS", "FroopBoard", "FroopBot", "FroopGame", "Move", "RandomBot"]


def __getattr__(name: str):
    if name == "FroopBot":
        from .bots import FroopBot

        return FroopBot
    if name == "FroopBoard":
        from .widget import FroopBoard

        return FroopBoard
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
