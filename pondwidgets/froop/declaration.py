"""Froop!'s declaration (core.declaration): its options, its kinds of decision with their
notation, the shape of an explicit position, and the ``Move`` type. No game logic.

A turn is a chain of decisions by one player, each its own legal-move list:

======  ===========================================================  ======================
phase   the decision                                                 notation
======  ===========================================================  ======================
play    lay a card (as laid, at its top-left cell); with no legal    ``FBSH at 3,-1``,
        play, draw (pass on an empty pile)                           ``draw``, ``pass``
again   after a 3- or 4-match: play again or stop; Cutthroat: give   ``stop``,
        a card (3) or make the others draw (4)                       ``give BFHS to 2``,
                                                                     ``others draw``
race    Panic: every seat at once: play, draw, pass when stuck on    (the same)
        an empty pile, and give after a 3-match
======  ===========================================================  ======================

Speed adds ``time``, the rules' own decision when the countdown runs out (``deadline``).
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from ..core import arguments
from ..core.arguments import flag
from ..core.declaration import Exclusion, MoveKind, Moves, Option, Options, Position

# The phases (a view's "phase"): the decision awaited, as in the table above, or the end.
PLAY, AGAIN, RACE, OVER = "play", "again", "race", "over"
DEFAULT_NAMES = ["Ada", "Bob", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hana", "Ivo", "Jo"]
OPTION_NAMES = ("cutthroat", "speed", "strategic", "panic", "marathon", "fewest_wins")
FARTHEST = 999_999  # a cell's column or row, as the notation writes it (six digits)


def _seconds(value: Any, name: str) -> Any:
    """Speed's countdown, kept as given (a save writes 20, not 20.0): BadArgument for
    anything else, a bool, NaN, or a number no float holds (10**400)."""
    arguments.number(value, name, 1, 3600, what="Speed's seconds for each card")
    return value


_PANIC_AND_SPEED = ("Panic and Speed cannot be played together: in Panic everyone plays at "
                    "once, so there is no turn for Speed's countdown")

OPTIONS = Options(
    Option("cutthroat", False, flag, "After a 3-match a player may give a card away, "
           "after a 4-match make every other player draw one.", plays=(True,),
           variant="Cutthroat"),
    Option("speed", False, flag, "Each player has a countdown to play a card: when it "
           "runs out, their turn ends and they draw one.", plays=(True,), variant="Speed"),
    Option("countdown", 20, _seconds, "Speed's seconds for each card, from 1 to 3600."),
    Option("strategic", False, flag, "Every player's hand lies face up for the whole "
           "game.", plays=(True,), variant="Strategic"),
    Option("panic", False, flag, "Everyone plays at once, as fast as they can, like "
           "Cutthroat but with no turns.", plays=(True,), variant="Panic"),
    Option("marathon", False, flag, "Running out scores a point and everyone draws "
           "back up to 7; the game ends when the pile runs out.", plays=(True,),
           variant="Marathon"),
    Option("fewest_wins", False, flag, "The player with the fewest cards wins a blocked "
           "game instead of a draw.", plays=(True,)),
    exclusions=(Exclusion(("panic", "speed"), _PANIC_AND_SPEED),),
)

# The declaration (core.declaration): Froop!'s kinds of decision and their notation.
MOVES = Moves(
    MoveKind("play", "{card} at {x},{y}", card=None, x=None, y=None),
    MoveKind("draw"),
    MoveKind("pass"),
    MoveKind("stop"),
    MoveKind("give", "give {card} to {to}", card=None, to=None),
    MoveKind("others", "others draw"),
    MoveKind("time"),
)
MOVE_KINDS = MOVES.kinds

POSITION = Position(required=("froop", "hands"),
                    optional=("pile", "to_move", "points", "passes", "stuck", "gave"),
                    seats="hands")


class Move(NamedTuple):
    """One decision. ``kind`` is one of ``MOVE_KINDS``; a ``play`` lays ``card`` (its
    letters as laid, turned or not) with its top-left cell at ``x, y``; a ``give`` names
    the card by its name and the seat ``to`` it goes to. ``str(move)`` is its notation:
    ``FBSH at 3,-1``, ``draw``, ``pass``, ``stop``, ``give BFHS to 2``, ``others draw``,
    ``time``."""

    kind: str
    card: str = ""
    x: int = 0
    y: int = 0
    to: int = -1

    def __str__(self) -> str:
        return MOVES.text(self)

    def __repr__(self) -> str:
        return f"Move({str(self)!r})"


DRAW, PASS, STOP, OTHERS, TIME = (Move(k) for k in ("draw", "pass", "stop", "others", "time"))
_SIMPLE = {"draw": DRAW, "pass": PASS, "stop": STOP, "others draw": OTHERS, "time": TIME}
_NO_FIELDS = ("", 0, 0, -1)  # card, x, y, to of a decision that names nothing
NOTATION_HELP = ("write a play as the card's letters as laid and its top-left cell, "
                 "'FBSH at 3,-1', or 'draw', 'pass', 'stop', 'give BFHS to 2', "
                 "'others draw' or 'time'")
_PLAY_TEXT = re.compile(r"([A-Za-z]{4})\s+at\s+([+-]?[0-9]{1,6})\s*,\s*([+-]?[0-9]{1,6})",
                        re.ASCII | re.IGNORECASE)
_GIVE_TEXT = re.compile(r"give\s+([A-Za-z]{4})\s+to\s+(.+)", re.ASCII | re.IGNORECASE)


__all__ = ["AGAIN", "DEFAULT_NAMES", "DRAW", "FARTHEST", "MOVES", "MOVE_KINDS",
           "NOTATION_HELP", "OPTIONS", "OPTION_NAMES", "OTHERS", "OVER", "PASS", "PLAY",
           "POSITION", "RACE", "STOP", "TIME", "Move"]
