"""Rapidcroco's exact answers, by enumeration with ``Fraction``: over the 32 Crocs of the
deck, the 36 sites of the grid and the cards that may lie there (exercises 1 and 3 to 5 of
``exercises.py``, which checks answers against them)."""

from __future__ import annotations

from fractions import Fraction

from ..core.arguments import checked, flag, instance, rule
from .cards import ARROWS, CROCS, HIPPO, TRAITS, Croc
from .culprit import SIZE, STEPS
from .declaration import HIPPOS

FIRST_THREE = TRAITS[:3]  # exercise 1: gender, skin and build are turned, not yet the rest


def _first_look(x: int, y: int, arrow: str, wrap: bool) -> tuple[int, int] | None:
    """On a full grid, the site a Croc at (x, y) whose arm points ``arrow`` looks at first;
    None when it points off the grid (in the standard game)."""
    dx, dy = STEPS[arrow]
    nx, ny = x + dx, y + dy
    if wrap:
        return nx % SIZE, ny % SIZE
    return (nx, ny) if 0 <= nx < SIZE and 0 <= ny < SIZE else None


_GRID = [(x, y) for y in range(SIZE) for x in range(SIZE)]


# -- 1. Five criteria, one Croc -----------------------------------------------------------
def three_criteria_exact() -> Fraction:
    """The chance that a Croc picked at random from the 32 matches the first three criteria
    turned (gender, skin, build), whatever they show: every criteria draw (one per Croc,
    all equally likely) against every Croc."""
    hits = sum(all(croc.face(t) == suspect.face(t) for t in FIRST_THREE)
               for suspect in CROCS for croc in CROCS)
    return Fraction(hits, len(CROCS) ** 2)


@checked(suspect=rule(instance, Croc, "a Croc (one of CROCS)"))
def near_misses(suspect: Croc) -> list[Croc]:
    """The Crocs that match exactly four of the five faces that pick ``suspect``."""
    return [croc for croc in CROCS
            if sum(croc.face(t) == suspect.face(t) for t in TRAITS) == len(TRAITS) - 1]


def near_misses_exact() -> int:
    """How many Crocs match all but one of the five criteria: the same for every draw."""
    counts = {len(near_misses(suspect)) for suspect in CROCS}
    if len(counts) != 1:
        raise AssertionError(f"the number of near misses depends on the draw: {counts}")
    return counts.pop()

# -- 3. Is the suspect the culprit? ---------------------------------------------------------
def straight_off_exact() -> Fraction:
    """The chance that the suspect's arm points straight off the grid, at the start of a
    standard game: every suspect (with its printed arm) on every site, all equally
    likely."""
    hits = sum(_first_look(x, y, ARROWS[croc.arm], wrap=False) is None
               for croc in CROCS for x, y in _GRID)
    return Fraction(hits, len(CROCS) * len(_GRID))

# -- 4. Meeting a Hippo ---------------------------------------------------------------------
@checked(wrap=flag)
def first_hippo_exact(wrap: bool = False) -> Fraction:
    """The chance that the first card the suspect's arm points at is a Hippo, at the start
    of a game: every suspect, on every site, with every one of the 35 other cards (31 Crocs
    and the Hippos) at the site it looks at — all equally likely. Off the grid (standard
    game) is no Hippo."""
    others = [*range(len(CROCS)), *[HIPPO] * HIPPOS]  # the deck: Croc numbers, Hippos
    hits = total = 0
    for suspect in CROCS:
        rest = [card for card in others if card != suspect.number]
        for x, y in _GRID:
            looked = _first_look(x, y, ARROWS[suspect.arm], wrap)
            total += len(rest)
            if looked is not None:
                hits += sum(card == HIPPO for card in rest)
    return Fraction(hits, total)

__all__ = ["FIRST_THREE", "first_hippo_exact", "near_misses", "near_misses_exact",
           "straight_off_exact", "three_criteria_exact"]
