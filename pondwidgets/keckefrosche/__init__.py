"""Kecke Frösche: the rules model, its cards, its bots and its board.

``KeckeBoard`` is imported on first use, so rules, bots and simulations never load
Jupyter's widget libraries (docs/design.md#two-floors)."""

from ..core.bots import RandomBot
from .bots import KeckeBot
from .cards import FROG_KINDS
from .declaration import Move
from .rules import KeckeGame

__all__ = ["FROG_KINDS", "KeckeBoard", "KeckeBot", "KeckeGame", "Move", "RandomBot"]


def __getattr__(name: str):
    if name == "KeckeBoard":
        from .widget import KeckeBoard

        return KeckeBoard
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
