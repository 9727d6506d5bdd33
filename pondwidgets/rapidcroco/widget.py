"""The Rapidcroco board: the shared Board with Rapidcroco's grid, criteria and race."""

from __future__ import annotations

from typing import ClassVar

from ..core.widget import Board


class RapidcrocoBoard(Board):
    """A live Rapidcroco board. ``seat`` is the seat it plays for; with ``seat=None`` it
    plays for every seat no bot plays, and in a race each of those people has a key and a
    button of their own on the one screen. ``bots={1: RapidBot(seed=1)}`` seats bots,
    which answer after their own reaction time. ``replay=True`` animates the path after
    each round, Croc by Croc."""

    BUNDLE = "rapidcroco"  # pondwidgets/static/rapidcroco.js and .css, sent once per kernel
    OPTIONS: ClassVar[dict[str, bool]] = {"replay": True}
    TABLE_PLAY = True  # nothing at the Rapidcroco table is hidden from one player only
    UNDO = False  # a race: every arrest, and every round's end, tells the table something
