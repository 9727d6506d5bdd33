"""Splash down: the rules model, its maps, its bots and its board.

``SplashdownBoard`` is imported on first use, so rules, bots and simulations never load
Jupyter's widget libraries (docs/design.md#two-floors)."""

from ..core.bots import RandomBot
from .bots import SplashBot
from .declaration import Move
from .maps import MAPS, Map, load_map
from .rules import SplashdownGame

__all__ = ["MAPS", "Map", "Move", "RandomBot", "SplashBot", "SplashdownBoard",
           "SplashdownGame", "load_map"]


def __getattr__(name: str):
    if name == "SplashdownBoard":
        from .widget import SplashdownBoard

        return SplashdownBoard
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
