"""Croak!: the rules model, its notation, its bots and its board.

``CroakBoard`` is imported on first use, so rules, bots and simulations never load
Jupyter's widget libraries (docs/design.md#two-floors)."""

from ..core.bots import RandomBot
from .bots import CroakBot
from .declaration import Move
from .rules import CroakGame

__all__ = ["CroakBoard", "CroakBot", "CroakGame", "Move", "RandomBot"]


def __getattr__(name: str):
    if name == "CroakBoard":
        from .widget import CroakBoard

        return CroakBoard
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
