"""Splash down's declaration (``core.declaration``): its options, its kinds of decision
and their notation (``Move`` and its constants), its position's shape, and the plain
constants these need (the phases, the lives, the default names). No game logic."""

from __future__ import annotations

from typing import NamedTuple

from ..core.arguments import LONGEST_GAME, checked_in_init, flag, optional, rule, whole
from ..core.declaration import MoveKind, Moves, Option, Options, Position

ROLL, REROLL, MOVE, PUSH, PUSH_ROLL, OVER = "roll", "reroll", "move", "push", "push-roll", \
    "over"
LIVES = 5
DEFAULT_NAMES = ["Ada", "Bob", "Cleo", "Dan", "Eve", "Finn"]

OPTIONS = Options(
    Option("map", "short", checked_in_init, "The pond to play: a shipped map's name (short, "
           "long or parallel) or a map of your own as a dictionary.",
           plays=("long", "parallel")),
    Option("fly_thief", False, flag, "A push that works steals flies from the frogs it "
           "pushed: from each one that survives, its oldest set; and a push that kills "
           "a frog takes all of that frog's flies.", plays=(True,), variant="Fly thief"),
    Option("reroll", False, flag, "As on Board Game Arena, the first player's first turn "
           "rolls one die instead of two, then keeps it or rolls once more.",
           plays=(True,)),
    Option("max_turns", None, optional(rule(whole, 1, LONGEST_GAME,
                                            "a whole number of turns (or None)")),
           "Ends the game as a draw after that many turns (for simulations)."),
)

# The declaration (core.declaration): Splash down's kinds of decision and their notation.
MOVES = Moves(
    MoveKind("roll"),
    MoveKind("keep"),
    MoveKind("reroll"),
    MoveKind("to", "to {pad}", pad=None),  # the pad is already its name: "5b", "home"
    MoveKind("push"),
    MoveKind("no push"),
)
MOVE_KINDS = MOVES.kinds

POSITION = Position(required=("frogs",),
                    optional=("flies", "to_move", "first_turn", "turns"),
                    seats="frogs", seat_keys=("pad", "lives", "sets", "left_home", "out"))


class Move(NamedTuple):
    """One decision. ``kind`` is ``roll``, ``keep``, ``reroll``, ``to``, ``push`` or
    ``no push``; ``pad`` names the landing pad of a ``to`` (``"5b"``, ``"home"``).
    ``str(move)`` is its notation: ``roll``, ``to 5b``, ``no push``."""

    kind: str
    pad: str = ""

    def __str__(self) -> str:
        return MOVES.text(self)

    def __repr__(self) -> str:
        return f"Move({str(self)!r})"


ROLL_MOVE, KEEP, REROLL_MOVE = Move("roll"), Move("keep"), Move("reroll")
PUSH_MOVE, NO_PUSH = Move("push"), Move("no push")
_SIMPLE = {"roll": ROLL_MOVE, "keep": KEEP, "reroll": REROLL_MOVE, "push": PUSH_MOVE,
           "no push": NO_PUSH}

__all__ = ["DEFAULT_NAMES", "LIVES", "MOVES", "MOVE_KINDS", "OPTIONS", "POSITION", "Move"]
