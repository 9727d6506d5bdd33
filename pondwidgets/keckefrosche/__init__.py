"""Kecke Frösche: the rules model, its cards, its bots and its board.

``KeckeBot`` (``.bots``) and ``KeckeBoard`` (``.widget``) are imported on first use, so
rules and simulations never load Jupyter's widget libraries (docs/design.md#two-floors)."""

from ..core.bots import RandomBot
from .cards import KINDS
from .rules import KeckeGame, Move

__all__ = ["KINDS", "KeckeBoard", "KeckeBot", "KeckeGame", "Move", "RandomBot"]


def __getattr__(name: str):
    if name == "KeckeBot":
        from .bots import KeckeBot

        return KeckeBot
    if name == "KeckeBoard":
        from .widget import KeckeBoard

        return KeckeBoard
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
