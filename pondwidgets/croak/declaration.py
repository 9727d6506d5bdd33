"""Croak!'s declaration (core.declaration): its options, its kinds of decision with their
notation, the shape of an explicit position, and the ``Move`` type. No game logic.

A turn is a chain of decisions by one player, each its own legal-move list:

=========  ==========================================  ===================
phase      the decision                                 notation
=========  ==========================================  ===================
move       a frog and the square it jumps to            ``Q a1-b2``, ``S b1-c2``
bounce     where the frog on a Lily Pad bounces to      ``S c3-d4``
follow     after a Mosquito: another frog, or pass      ``S b1-c2``, ``pass``
victim     a third Servant on a Log: whose Servant goes ``x 1`` (seat 1's)
=========  ==========================================  ===================
"""

from __future__ import annotations

from typing import NamedTuple

from ..core.arguments import LONGEST_GAME, checked_in_init, flag, optional, rule, whole
from ..core.declaration import MoveKind, Moves, Option, Options, Position
from .tiles import NEIGHBOURS, SIZE, SQUARES

# The phases (a view's "phase"): the decision awaited, as in the table above, or the end.
MOVE, BOUNCE, FOLLOW, VICTIM, OVER = "move", "bounce", "follow", "victim", "over"

OPTIONS = Options(
    Option("memory", False, flag, "A face-up tile turns face down again when its last "
           "frog leaves it, and players must remember it.", plays=(True,),
           variant="Memory"),
    Option("max_turns", None, optional(rule(whole, 1, LONGEST_GAME,
                                            "a whole number of turns (or None)")),
           "Ends the game as a draw after that many turns (for simulations)."),
    Option("colours", None, checked_in_init, "Renames the seats' colours (one different name "
           "a seat; default blue, green, pink and red)."),
)

# The declaration (core.declaration): Croak!'s kinds of decision and their notation.
MOVES = Moves(
    MoveKind("jump", "{frog} {src}-{dst}", frog=None, src=SQUARES.__getitem__,
             dst=SQUARES.__getitem__),
    MoveKind("eliminate", "x {victim}", victim=None),
    MoveKind("pass"),
)

POSITION = Position(required=("frogs",),
                    optional=("tiles", "face_up", "to_move", "turns", "stacks"),
                    seats="frogs", seat_keys=("queen", "servants", "mud", "males"))


class Move(NamedTuple):
    """One decision. ``kind`` is ``jump``, ``pass`` or ``eliminate``; squares are indexes
    0..63 (``a1`` = 0, ``b1`` = 1, ``a2`` = 8); ``str(move)`` is its notation."""

    kind: str
    frog: str = ""  # "Q" or "S" for a jump
    src: int = -1
    dst: int = -1
    victim: int = -1  # the seat whose Servant a third Servant on a Log eliminates

    def __str__(self) -> str:
        return MOVES.text(self)

    def __repr__(self) -> str:
        try:
            return f"Move({str(self)!r})"
        except (TypeError, IndexError):  # a hand-made move off the board: show its fields
            return f"Move{tuple(self)!r}"


PASS = Move("pass")

# Every jump between adjacent squares, made once: legal-move lists share these objects.
_JUMPS = {letter: [{dst: Move("jump", letter, src, dst) for dst in NEIGHBOURS[src]}
                   for src in range(SIZE * SIZE)] for letter in "QS"}

__all__ = ["BOUNCE", "FOLLOW", "MOVE", "MOVES", "OPTIONS", "OVER", "PASS", "POSITION",
           "VICTIM", "Move"]
