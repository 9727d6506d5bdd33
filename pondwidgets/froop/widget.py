"""The Froop! board: the shared Board with the Froop (its spots as buttons), the hand of
each person acting at it, the draw pile, the Speed countdown and the players' hand sizes
(and hands, under Strategic). It draws ``game.view(seat)`` only."""

from __future__ import annotations

from typing import Any

from ..core.bots import Bot
from ..core.errors import GameError
from ..core.widget import Board, boards_on
from .rules import FroopGame

PANIC_HIDDEN = ("In Panic with hidden hands each person races on a board of their own "
                "(seat=…), or play strategic=True to race at one screen")


def _panic(game) -> bool:
    return bool(game.options.get("panic", False))


class FroopBoard(Board):
    """A live Froop! board. ``seat`` is the seat it plays for (None: every seat no bot
    plays, hot-seat: over hidden hands it passes the device between people; under
    Strategic every hand is public, so several people race at one screen in Panic, each
    with their own hand row); ``bots={1: FroopBot()}`` seats bots.

    Panic over hidden hands on one screen cannot work (everyone races at once, and each
    would see the others' hands), so a hot-seat board with two or more people's seats is
    refused: give each person a board of their own, or play ``strategic=True``."""

    BUNDLE = "froop"  # pondwidgets/static/froop.js and .css, sent once per kernel
    TABLE_PLAY = True  # hot-seat play; the core passes the device while hands are hidden

    def __init__(self, game: FroopGame, *, seat: int | None = None,
                 bots: dict[int, Bot] | None = None, **kwargs: Any) -> None:
        # Every argument checked first (BadArgument naming it), as the base class does.
        checked = self._arguments(game, seat, bots, **kwargs)
        if seat is None:  # judged as it will be: without the board it replaces
            replaced = [b for b in boards_on(game) if isinstance(b, type(self))
                        and b.seat is None]
            self._refuse_panic_race(game, checked[0], replaced=replaced)
        # Panic is a race: every card laid tells the table something, so no undo there.
        self.UNDO = not _panic(game)
        super().__init__(game, seat=seat, bots=bots, **kwargs)
        self.observe(self._check_seat_change, names=["seat"])

    @staticmethod
    def _refuse_panic_race(game, bots, replaced: list[Board] | tuple = ()) -> None:
        """A hot-seat board over Panic with hidden hands, for two people or more: refused.
        The bots counted are this board's and those of the other boards that stay open
        (not those of the board it ``replaced``: re-running a cell closes it)."""
        if not (_panic(game) and game.hides_hands):
            return
        seated = set(bots)
        for board in boards_on(game):
            if board not in replaced:
                seated |= set(board.bots)
        people = [s for s in range(game.players) if s not in seated]
        if len(people) >= 2:
            raise GameError(f"{PANIC_HIDDEN}: this board would seat "
                            f"{', '.join(game.seat_name(s) for s in people)} at one screen")

    def _check_seat_change(self, change) -> None:
        """A seat's board turned into a hot-seat one later is refused alike, and keeps its
        seat. (Not a traitlets validator: traitlets validates no None where None is allowed.)"""
        if change["new"] is not None or change["old"] is None:
            return
        try:
            self._refuse_panic_race(self.game, self.bots)
        except GameError:
            self.seat = change["old"]
            raise

    def _extras(self) -> dict[str, Any]:
        """When several people act at one screen, each one's plays (with their match
        counts: the view itself holds only the shown seat's) and prompt, and the table's
        prompt for the status line. Only under Strategic can several people share a screen
        while hands are dealt, so nothing hidden is added."""
        people = self.people()
        if len(people) < 2 or self.game.hides_hands:
            return {"plays_of": {}, "prompt_of": {}}
        # The status line speaks to the whole screen; each hand row to its person.
        return {"plays_of": {str(s): self.game.view(s)["plays"] for s in people},
                "prompt_of": {str(s): self.game.prompt(s) for s in people},
                "prompt": self.game.prompt(None)}
