"""Rapidcroco: the rules model, the culprit rule, its bots and its board.

``RapidcrocoBoard`` is imported on first use, so rules, bots and simulations never load
Jupyter's widget libraries (docs/design.md#two-floors)."""

from ..core.bots import RandomBot
from .bots import RapidBot
from .cards import CROCS, Croc
from .culprit import CulpritPath, culprit
from .declaration import Move
from .rules import RapidcrocoGame

__all__ = ["CROCS", "Croc", "CulpritPath", "Move", "RandomBot", "RapidBot",
           "RapidcrocoBoard", "RapidcrocoGame", "culprit"]


def __getattr__(name: str):
    if name == "RapidcrocoBoard":
        from .widget import RapidcrocoBoard

        return RapidcrocoBoard
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
