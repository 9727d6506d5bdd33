"""Rapidcroco's declaration (``core.declaration``): its options, its kinds of decision
with their notation and move objects, its position's shape, and the plain constants they
need (the phases, the sites, the deck's Hippos). No game logic: that is ``rules.py``."""

from __future__ import annotations

from typing import Any, NamedTuple

from ..core.arguments import LONGEST_GAME, flag, optional
from ..core.declaration import Exclusion, MoveKind, Moves, Option, Options, Position
from ..core.errors import BadArgument, brief
from ..core.notation import square_name
from .cards import CROCS
from .culprit import SIZE

DEAL, RACE, OVER = "deal", "race", "over"
SITES = tuple(square_name(i % SIZE, i // SIZE) for i in range(SIZE * SIZE))  # a1 b1 .. f6
SITE_INDEX = {site: i for i, site in enumerate(SITES)}  # SITES.index, without the scan
HIPPOS = 4
EMPTY = "."


# The declaration (core.declaration): Rapidcroco's kinds of decision and their notation.
MOVES = Moves(
    MoveKind("reveal"),
    MoveKind("arrest", "arrest {target}", target=None),
    MoveKind("pass"),
)
MOVE_KINDS = MOVES.kinds


class Move(NamedTuple):
    """One decision: ``reveal``, ``pass`` or ``arrest`` of ``target`` (a site such as
    ``c3`` for a Croc on the grid, a Croc's name for one in a player's hand)."""

    kind: str
    target: str = ""

    def __str__(self) -> str:
        return MOVES.text(self)


ARREST_SITE = [Move("arrest", site) for site in SITES]
ARREST_NAME = [Move("arrest", croc.name) for croc in CROCS]
PASS = Move("pass")


def _target(value: Any, name: str) -> int:
    """The number of Crocs that wins: 1 to 32, said as the rulebook says it."""
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= len(CROCS):
        raise BadArgument(f"{name} is the number of Crocs that wins (1 to {len(CROCS)}), not "
                          f"{brief(value)}")
    return value


def _rounds(value: Any, name: str) -> int:
    """A limit on rounds: 1 to LONGEST_GAME (None, no limit, is let through by optional)."""
    if not isinstance(value, int) or isinstance(value, bool) \
            or not 1 <= value <= LONGEST_GAME:
        raise BadArgument(f"{name} must be a whole number of at least 1 (at most "
                          f"{LONGEST_GAME:,}), or None, not {brief(value)}")
    return value


# The Kid variant ignores the arms, which are all that the Advanced variants change.
_NO_ARMS = ("the Kid variant (kid) ignores the arms, so the Advanced variants (wrap, turns) "
            "cannot go with it")

OPTIONS = Options(
    Option("kid", False, flag, "Ignores the Hippos and the arms: the suspect, the Croc "
           "the criteria pick, is the culprit.", plays=(True,), variant="Kid"),
    Option("wrap", False, flag, "A Croc's arm that points out of the square carries on "
           "from the opposite side, in the same row or column.", plays=(True,),
           variant="Advanced 1"),
    Option("turns", False, flag, "Every card is dealt with a random quarter turn, and "
           "its arm turns with it.", plays=(True,), variant="Advanced 2"),
    Option("target", 3, _target, "The number of Crocs that wins, from 1 to 32, for "
           "longer or shorter games.", plays=(1,)),
    Option("max_rounds", None, optional(_rounds), "Ends the game after that many "
           "rounds, won by whoever holds the most Crocs (for lessons and simulations)."),
    exclusions=(Exclusion(("kid", "wrap"), _NO_ARMS), Exclusion(("kid", "turns"), _NO_ARMS)),
)
POSITION = Position(required=("grid",),
                    optional=("hands", "suspect", "dealer", "rounds", "sitting_out"))

__all__ = ["ARREST_NAME", "ARREST_SITE", "DEAL", "EMPTY", "HIPPOS", "MOVES", "MOVE_KINDS",
           "OPTIONS", "OVER", "PASS", "POSITION", "RACE", "SITES", "SITE_INDEX", "Move"]
