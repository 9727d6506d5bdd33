"""Froop!: the rules model, its cards, its bots and its board.

``FroopBoard`` is imported on first use, so rules, bots and simulations never load
Jupyter's widget libraries (docs/design.md#two-floors)."""

from ..core.bots import RandomBot
from .bots import FroopBot
from .cards import CARDS
from .declaration import Move
from .rules import FroopGame

__all__ = ["CARDS", "FroopBoard", "FroopBot", "FroopGame", "Move", "RandomBot"]


def __getattr__(name: str):
    if name == "FroopBoard":
        from .widget import FroopBoard

        return FroopBoard
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
