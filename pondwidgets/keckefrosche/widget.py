"""The Kecke Frösche board: the shared Board with the three biotopes and their discard
piles, each player's display (a row per biotope and the stork row), the chips face down
and the draw pile's count. It draws ``game.view(seat)`` only."""

from __future__ import annotations

from ..core.widget import Board


class KeckeBoard(Board):
    """A live Kecke Frösche board. ``seat`` is the seat it plays for (None: every seat no
    bot plays, for hot-seat play: every card in a display is face up and the chips are
    hidden from everyone, so no screen needs hiding); ``bots={1: KeckeBot()}`` seats bots."""

    BUNDLE = "keckefrosche"  # pondwidgets/static/keckefrosche.js and .css, sent once per kernel
    TABLE_PLAY = True  # every card in a display is face up; chips are hidden from everyone
