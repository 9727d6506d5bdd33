"""Shared tables: students on their own devices play each other at a table a server holds,
the only judge of every move, each connection sent its own seat's view only.

The server is ``python -m pondwidgets.tables`` (``hall`` holds the tables, ``server``
carries them over WebSockets, ``store`` keeps them in SQLite); a notebook takes a seat with
``join("KXBT", name="Ada")``, makes a table with ``create("froop", 2, name="Ada")`` or
watches one with ``watch("KXBT")`` (``screen``), and the game's own board draws the
server's game through a stand-in (``remote``). A probability notebook's
``share(EXPERIMENTS["pike_at_start"], games=GAMES)`` sends a student's simulation to the
class's experiment (``sharing``; on the server, ``experiments``). How it works, and
why: README.md here.

Nothing is imported until asked for: the server loads no Jupyter module, and a notebook
no server module."""

from __future__ import annotations

from typing import Any

__all__ = ["create", "join", "share", "watch"]


def __getattr__(name: str) -> Any:
    if name == "share":
        from . import sharing

        return sharing.share
    if name in __all__:
        from . import screen

        return getattr(screen, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
