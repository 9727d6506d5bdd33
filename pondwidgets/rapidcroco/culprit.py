"""The culprit rule as a pure function (docs/rules/rapidcroco.md#follow-arms).

A grid is 6 rows of 6 cells, top row first, each cell one character: an arrow for a Croc
whose arm points that way on the table (``^ > v <``), ``H`` for a Hippo, ``.`` for an
empty site. Rows may be strings or lists::

    grid = ["^>..v<",
            "......",
            ...]

Sites are named like the other grid games: column letter, row number, ``a1`` top-left.
The walk is a walk on a functional graph (each Croc points at one card) with cycle
detection, which is why it is worth writing yourself: see the Rapidcroco probability
notebook.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..core.errors import BadArgument, BadNotation, BadPosition, brief
from ..core.notation import parse_square, square_name

SIZE = 6
STEPS = {"^": (0, -1), ">": (1, 0), "v": (0, 1), "<": (-1, 0)}
NAMES = [[square_name(x, y) for x in range(SIZE)] for y in range(SIZE)]  # NAMES[y][x], once
VARIANTS = ("standard", "wrap", "kid")
CELLS = frozenset("^>v<H.")
REASONS = {
    "edge": "{last} points off the grid, so {culprit} is the culprit",
    "hippo": "the arms reach a Hippo at {last}: they all lie, so the Croc the criteria "
             "picked, {culprit}, is the culprit",
    "twice": "{last} is pointed at twice, so {culprit} is the culprit",
    "kid": "in the Kid variant arms are ignored: {culprit}, picked by the criteria, is "
           "the culprit",
}


class CulpritPath(NamedTuple):
    """The whole walk: every site visited from the start (the last one is where the walk
    stopped: the Croc pointing off the grid, the Hippo, or the Croc reached a second
    time), the culprit's site, and why the walk stopped (a key of ``REASONS``)."""

    sites: tuple[str, ...]
    culprit: str
    reason: str

    def explain(self) -> str:
        return REASONS[self.reason].format(last=self.sites[-1], culprit=self.culprit)


def culprit(grid: Sequence[Sequence[str]], start: str, variant: str = "standard") \
        -> CulpritPath:
    """Follow the arms from ``start`` (the Croc the criteria pick) and return the path.

    ``variant``: ``"standard"``; ``"wrap"`` (Advanced 1: an arm pointing off the grid
    points on from the opposite side); ``"kid"`` (arms and Hippos are ignored). Advanced 2
    (quarter turns) changes only the arrows on the grid, not this rule.
    """
    cells = _checked(grid)
    if not isinstance(variant, str) or variant not in VARIANTS:
        raise BadArgument(f"variant: {brief(variant)} is not a variant: use one of "
                          f"{list(VARIANTS)}")
    try:
        x, y = parse_square(start, SIZE, SIZE)
    except BadNotation as err:
        raise BadArgument(f"start: the walk starts at a site: {err}") from None
    if cells[y][x] not in STEPS:
        raise BadPosition(f"the walk starts on a Croc, and {start} holds "
                          f"{_what(cells[y][x])}")
    return walk(cells, x, y, variant)


def walk(cells: Sequence[str], x: int, y: int, variant: str) -> CulpritPath:
    """``culprit`` on a grid already checked (the rules model's own, for speed)."""
    first = square_name(x, y)
    if variant == "kid":
        return CulpritPath((first,), first, "kid")
    wrap = variant == "wrap"
    path = [(x, y)]
    seen = {(x, y)}
    while True:
        dx, dy = STEPS[cells[y][x]]
        nx, ny = x + dx, y + dy
        while True:  # skip empty sites
            if wrap:
                nx, ny = nx % SIZE, ny % SIZE
            elif not (0 <= nx < SIZE and 0 <= ny < SIZE):
                return _done(path, path[-1], "edge")
            if cells[ny][nx] != "." or (nx, ny) == (x, y):  # wrapped back to itself
                break
            nx, ny = nx + dx, ny + dy
        if cells[ny][nx] == "H":
            return _done([*path, (nx, ny)], path[0], "hippo")
        if (nx, ny) in seen:
            return _done([*path, (nx, ny)], (nx, ny), "twice")
        seen.add((nx, ny))
        path.append((nx, ny))
        x, y = nx, ny


def _done(path, culprit_xy, reason) -> CulpritPath:
    cx, cy = culprit_xy
    return CulpritPath(tuple([NAMES[y][x] for x, y in path]), NAMES[cy][cx],
                       reason)


def _what(cell: str) -> str:
    return {"H": "a Hippo", ".": "nothing (an empty site)"}.get(cell, brief(cell))


def _checked(grid) -> list[str]:
    """The grid as 6 strings, or BadPosition saying what is wrong with it."""
    if type(grid) in (list, tuple) and len(grid) == SIZE and all(
            type(row) is str and len(row) == SIZE and CELLS.issuperset(row) for row in grid):
        return grid  # the common case, checked quickly
    if isinstance(grid, str) or not isinstance(grid, Sequence) or len(grid) != SIZE:
        raise BadPosition(f"a grid is a list of {SIZE} rows, not {brief(grid)}")
    rows = []
    for number, row in enumerate(grid, start=1):
        if not isinstance(row, str | Sequence) or len(row) != SIZE:
            raise BadPosition(f"row {number} of the grid should have {SIZE} cells, not "
                              f"{brief(row)}")
        # One character a cell: ["^>", "", ...] adds up to six but would shift the row.
        bad = [cell for cell in row if not (isinstance(cell, str) and cell in CELLS)]
        if bad:
            raise BadPosition(f"row {number} of the grid has {brief(bad[0])}: each cell is "
                              "one of ^ > v < (a Croc's arm), H (a Hippo) or . (an empty site)")
        rows.append("".join(row))
    return rows
