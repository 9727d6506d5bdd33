"""Kecke Frösche's declaration (``core.declaration``): its options (none), its kinds of
decision with their notation, the shape of its explicit positions, the ``Move`` and
``News`` types, and the plain constants they need (phases, default names). No game logic:
the rules are ``rules.py``."""

from __future__ import annotations

from typing import Any, NamedTuple

from ..core.declaration import MoveKind, Moves, Options, Position

COLLECT, PLACE, BLOCK, DISCARD, OPEN, OVER = "collect", "place", "block", "discard", \
    "open", "over"
COLLECTING, DISCARDING = "collecting", "discarding"
DEFAULT_NAMES = ["Ada", "Bob", "Cleo", "Dan"]

OPTIONS = Options()  # the rulebook has no variants, and every game ends by itself

# The declaration (core.declaration): Kecke Frösche's kinds of decision and their notation.
# A biotope is shown as its id ("water") and a place as its number from 1, as written.
MOVES = Moves(
    MoveKind("discard", "discard {biotope} {place}", biotope=None, place=None),
    MoveKind("stork", "stork {biotope}", biotope=None),
    MoveKind("draw"),
    MoveKind("left"),
    MoveKind("right"),
    MoveKind("block", "block {biotope}", biotope=None),
    MoveKind("done"),
    MoveKind("pass"),
    MoveKind("open", "open {biotope}", biotope=None),
)
MOVE_KINDS = MOVES.kinds
POSITION = Position(required=("displays",),
                    optional=("biotopes", "box", "pile", "supply", "stage", "to_move", "turn",
                              "passes"),
                    seats="displays", seat_keys=("water", "bank", "dike", "storks", "chips"))


class Move(NamedTuple):
    """One decision. ``kind`` is one of ``MOVE_KINDS``; ``biotope`` names the biotope (or
    the row) of ``discard``, ``stork``, ``block`` and ``open``; ``place`` is a discarded
    frog's place in its row, counted from 1 at the left. ``str(move)`` is its notation:
    ``discard water 2``, ``stork bank``, ``draw``, ``left``, ``block dike``, ``pass``."""

    kind: str
    biotope: str = ""
    place: int = 0

    def __str__(self) -> str:
        return MOVES.text(self)

    def __repr__(self) -> str:
        return f"Move({str(self)!r})"


DRAW, LEFT, RIGHT, DONE, PASS = (Move(k) for k in ("draw", "left", "right", "done", "pass"))
_SIMPLE = {"draw": DRAW, "left": LEFT, "right": RIGHT, "done": DONE, "pass": PASS}


NEWS_KINDS = ("bang", "chip", "no-chip", "returned", "blocked", "phase")


class News(NamedTuple):
    """One thing the rules did by themselves during play, which a board keeps on screen
    until its person decides again (bots play on at once): a bang frog and the storks it
    took (``bang``), a chip won or not for lack of chips (``chip``, ``no-chip``), a stork
    sent back to the box by a new one (``returned``), a stork from the box blocking a
    biotope (``blocked``), the discarding phase beginning (``phase``). Public, like the
    log: it names only cards that lie face up and never a chip's value."""

    decision: int  # the decision that set it off, from 1
    number: int  # its place among that decision's news, from 0
    kind: str  # one of NEWS_KINDS
    text: str  # for people, with the players' names
    seat: int | None = None  # the player it happened to (the bang frog's drawer)
    card: str | None = None  # the card it shows: "bang", "stork" or the frog laid
    biotope: str | None = None  # the biotope blocked, or opened again
    losers: tuple[int, ...] = ()  # bang: the seats that handed in a stork

    def __deepcopy__(self, memo: dict[int, Any]) -> News:
        return self  # immutable all through: a game's copy (the search bots') shares it

    def public(self) -> dict[str, Any]:
        """The view's form; ``id`` (``"<decision>.<number>"``) tells each item apart."""
        return {"id": f"{self.decision}.{self.number}", "kind": self.kind, "text": self.text,
                "seat": self.seat, "card": self.card, "biotope": self.biotope,
                "losers": list(self.losers)}


NOTATION_HELP = ("write 'discard water 2' (the row and the frog's place in it, from 1 at "
                 "the left), 'stork bank', 'draw', 'left', 'right', 'block dike', 'open "
                 "bank', 'done' or 'pass'")

__all__ = ["MOVES", "MOVE_KINDS", "NEWS_KINDS", "NOTATION_HELP", "OPTIONS", "POSITION", "Move",
           "News"]
