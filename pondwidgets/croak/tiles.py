"""Croak!'s pond: the 64 tiles, their backs and fronts, the odds of a face-down one, the
setups, the board geometry, and the frogs on it.

Tiles are written ``back/front``: ``shallow/reeds``, ``deep-a/pike``, ``deep-b/male-blue``.
"""

from fractions import Fraction
from typing import Any

from ..core.notation import parse_square, square_name

SIZE = 8
# a1 top-left, b1 to its right, a2 below it, h8 bottom-right (docs/rules/croak.md#coordinates)
SQUARES = tuple(square_name(i % SIZE, i // SIZE) for i in range(SIZE * SIZE))
INDEX = {name: i for i, name in enumerate(SQUARES)}


def square_index(sq: Any) -> int:
    """The index of a square however it is spelled (``D4``, ``d04``); BadNotation if none."""
    x, y = parse_square(sq)
    return y * SIZE + x


def _neighbours(i: int) -> tuple[int, ...]:
    x, y = i % SIZE, i // SIZE
    return tuple(
        (y + dy) * SIZE + x + dx
        for dy in (-1, 0, 1)
        for dx in (-1, 0, 1)
        if (dx or dy) and 0 <= x + dx < SIZE and 0 <= y + dy < SIZE
    )


# "Adjacent" is the 8 surrounding squares, with no wrap-around (docs/rules/croak.md#adjacent).
NEIGHBOURS = tuple(_neighbours(i) for i in range(SIZE * SIZE))

BACKS = ("shallow", "deep-a", "deep-b")
LILY, MOSQUITO, MUD, PIKE, REEDS, LOG = "lily-pad", "mosquito", "mud", "pike", "reeds", "log"
MALE_COLOURS = ("red", "blue", "pink", "yellow", "purple", "green")

# The box (docs/rules/croak.md#tile-backs); each Male kind lies once in the shallows and
# once in the deep, deep A holding green, yellow and red, deep B blue, pink and purple
# (docs/rules/croak.md#male-colours).
TILE_COUNTS: dict[str, dict[str, int]] = {
    "shallow": {LILY: 6, MOSQUITO: 4, MUD: 4, PIKE: 0, REEDS: 10, LOG: 2,
                **{f"male-{c}": 1 for c in MALE_COLOURS}},
    "deep-a": {LILY: 4, MOSQUITO: 2, MUD: 0, PIKE: 2, REEDS: 3, LOG: 2,
               **{f"male-{c}": 1 for c in ("green", "yellow", "red")}},
    "deep-b": {LILY: 4, MOSQUITO: 2, MUD: 0, PIKE: 2, REEDS: 3, LOG: 2,
               **{f"male-{c}": 1 for c in ("blue", "pink", "purple")}},
}
FRONTS = tuple(dict.fromkeys(f for counts in TILE_COUNTS.values() for f in counts))

# Queen square, then the two Servants, per player count and seat
# (docs/rules/croak.md#starting-squares).
SETUPS = {
    2: (("a1", ("b1", "a2")), ("h8", ("h7", "g8"))),
    3: (("a1", ("b1", "a2")), ("h5", ("g4", "g6")), ("a8", ("a7", "b8"))),
    4: (("a1", ("b1", "a2")), ("h1", ("g1", "h2")), ("h8", ("h7", "g8")), ("a8", ("a7", "b8"))),
}
COLOURS = ("blue", "green", "pink", "red")  # in seat order: docs/rules/croak.md#seat-order


def all_tiles() -> list[str]:
    """The 64 tiles of the box as ``back/front`` strings, in a fixed order."""
    return list(_TILES)  # a list of its own: every new game shuffles it


_TILES = tuple(f"{back}/{front}" for back, counts in TILE_COUNTS.items()
               for front, n in counts.items() for _ in range(n))
# Each kind of tile as (back, front): a new game looks them up rather than split 64 strings.
BACK_FRONT = {tile: tuple(tile.split("/")) for tile in _TILES}


def front_name(front: str) -> str:
    """Plain-English name of a front: ``male-red`` -> ``red Male``."""
    if front.startswith("male-"):
        return f"{front[5:]} Male"
    return _FRONT_NAMES[front]


_FRONT_NAMES = {LILY: "Lily Pad", MOSQUITO: "Mosquito", MUD: "Mud", PIKE: "Pike",
                REEDS: "Reeds", LOG: "Log"}  # built once, not at every tile turned up


def back_odds(back: str, backs: list[str], fronts: list[str], face_up: list[bool]
              ) -> dict[str, Fraction]:
    """The exact chance of each front of a face-down tile of ``back``, on a pond whose
    squares have these backs and fronts, given which of them lie face up (empty when no
    tile of that back is face down)."""
    left = dict(TILE_COUNTS[back])
    hidden = 0
    for b, front, up in zip(backs, fronts, face_up, strict=True):
        if b == back:
            if up:
                left[front] -= 1
            else:
                hidden += 1
    return {front: Fraction(n, hidden) for front, n in left.items() if n and hidden}


class Frog:
    """A frog on the pond. ``mud`` counts the ends of its owner's turns until it stands up."""

    __slots__ = ("moved", "mud", "queen", "seat", "sq")

    def __init__(self, seat: int, queen: bool, sq: int, mud: int = 0):
        self.seat, self.queen, self.sq, self.mud, self.moved = seat, queen, sq, mud, False

    @property
    def letter(self) -> str:
        return "Q" if self.queen else "S"

    def __repr__(self) -> str:
        return f"Frog(seat={self.seat}, {self.letter} {SQUARES[self.sq]})"
