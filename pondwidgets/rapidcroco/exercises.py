"""Rapidcroco probability exercises: exact answers from the deck and the grid, estimates
from the rules model, checkers, simulations, and a checker for your own culprit function.

Each exercise has

- an exact answer computed by enumeration with ``Fraction`` (``exact.py``: over the 32
  Crocs of the deck, the 36 sites of the grid and the cards that may lie there), never
  typed in as a number — or, where no formula gives it (a whole walk along the arms), an
  estimate from a large seeded simulation, with a tolerance, shipped as a constant (a
  slow test deals its games again), so a checker answers at once;
- a checker, ``check_<name>(answer)``, that prints feedback and returns a ``Verdict``;
- a simulation, ``simulate_<name>(games, seed)`` (``simulations.py``), that deals
  ``games`` seeded games with the rules model, turns the criteria (the model's own draw)
  and follows the arms with the rules' :func:`~pondwidgets.rapidcroco.culprit`: one
  sample per game, ready for :func:`pondwidgets.core.exercises.plot_convergence`.

Every walk here starts a game: all 36 cards are on the grid, so nothing is skipped.
:func:`check_my_culprit` then tests a student's own culprit function against the rules on
thousands of random layouts, empty sites included.

The notebooks are ``notebooks/rapidcroco/03-probability.ipynb`` (students) and
``notebooks/solutions/rapidcroco-03-probability.ipynb`` (teachers); they import every
name from here.
"""

from __future__ import annotations

import contextlib
import io
import random
import sys
import traceback
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from ..core.arguments import (
    checked,
    games,
    items,
    one_of,
    optional,
    rule,
    simulation_seed,
    text,
    whole,
)
from ..core.errors import BadArgument, BadNotation, brief
from ..core.exercises import Exercise, Verdict
from ..core.notation import parse_square, square_name
from .culprit import REASONS, SIZE, STEPS, VARIANTS, CulpritPath, culprit
from .declaration import EMPTY, SITES
from .exact import (
    first_hippo_exact,
    near_misses,
    near_misses_exact,
    straight_off_exact,
    three_criteria_exact,
)
from .rules import RapidcrocoGame
from .simulations import (
    REFERENCE_GAMES,
    compare_variants,
    deal_walks,
    moves_table,
    simulate_first_hippo,
    simulate_hippo_walk,
    simulate_straight_off,
    simulate_suspect_is_culprit,
    simulate_three_criteria,
    walk_moves,
)

__all__ = [
    "EXERCISES", "HIPPO_WALK", "MEAN_MOVES", "STEPS", "SUSPECT_IS_CULPRIT",
    "WRAP_MEAN_MOVES", "check_first_hippo", "check_hippo_walk", "check_mean_moves",
    "check_my_culprit", "check_near_misses", "check_straight_off", "check_suspect_is_culprit",
    "check_three_criteria", "check_wrap_first_hippo", "check_wrap_mean_moves",
    "compare_variants", "culprit_layouts", "deal_walks", "layout_text", "moves_table",
    "near_misses", "simulate_first_hippo", "simulate_hippo_walk", "simulate_straight_off",
    "simulate_suspect_is_culprit", "simulate_three_criteria", "to_site", "to_xy",
    "walk_moves",
]

STEP_BUDGET = 100_000  # lines a student's function may run on one layout
# The arguments' checks (BadArgument naming the argument), shared by the helpers below.
COLUMN = rule(whole, 0, SIZE - 1, "a column, counted from 0,")
ROW = rule(whole, 0, SIZE - 1, "a row, counted from 0,")
GRID = rule(items, rule(text, SIZE, "a row of the grid, a text"), SIZE, SIZE,
            "a grid: a list of rows")
STEPS_RULE = rule(whole, 1, 10**9, "a number of lines of Python")
_UNANSWERED = 20  # a function returning None on this many layouts in a row is a stub


def to_xy(site: str) -> tuple[int, int]:
    """A site's column and row, counted from 0: ``to_xy("c3") == (2, 2)``, ``a1`` is
    ``(0, 0)`` top-left. A grid's cell is then ``grid[y][x]``."""
    try:
        return parse_square(site, SIZE, SIZE)
    except BadNotation as err:
        raise BadArgument(f"site: {err}") from None


@checked(x=COLUMN, y=ROW)
def to_site(x: int, y: int) -> str:
    """The site at column ``x`` and row ``y``: ``to_site(2, 2) == "c3"``."""
    return square_name(x, y)


# The estimates of exercises 2 to 5, shipped: dealing the reference walks takes seconds
# (longer in a browser), and their seeds fix them. A slow test deals them again and
# compares (tests/rapidcroco): mean_moves_estimate(), suspect_is_culprit_estimate(),
# hippo_walk_estimate() and mean_moves_estimate(True) of simulations.py, over
# REFERENCE_GAMES deals.
MEAN_MOVES = 44679 / 20_000
SUSPECT_IS_CULPRIT = 11694 / 20_000
HIPPO_WALK = 4145 / 20_000
WRAP_MEAN_MOVES = 67013 / 20_000


# -- the checkers ------------------------------------------------------------------------------
# A hint points at the method, never at the arithmetic that gives the answer.
check_three_criteria = Exercise("three_criteria", three_criteria_exact, hints=[
    "Each pair of criteria cards splits the Crocs in two halves: 16 are male, 16 female.",
    "Follow the Crocs that are left as each criterion is read: how many match the first, "
    "then how many of those match the second, and so on?",
])
check_near_misses = Exercise("near_misses", near_misses_exact, probability=False, hints=[
    "A near miss is the suspect with exactly one of its five traits changed.",
    "Which trait is the wrong one? Count the choices, and how many Crocs each choice "
    "gives (no two Crocs are alike).",
])
_ESTIMATE = f"from {REFERENCE_GAMES:,} seeded deals"
check_mean_moves = Exercise(
    "mean_moves", MEAN_MOVES, tolerance=0.15, probability=False,
    estimate_note=_ESTIMATE, hints=[
        "Run the simulation above and read where the curve settles: a mean number of "
        "moves, not a probability.",
        "Use more games: the estimate wobbles less as games are added."])
check_straight_off = Exercise("straight_off", straight_off_exact, hints=[
    "Which sites send an arm pointing up straight off the grid? The suspect is equally "
    "likely to be on any of the 36 sites, and its arm to point any of the 4 ways.",
    "Count the (site, direction) cases whose arm points off the grid, one direction at a "
    "time, out of all the cases.",
])
check_suspect_is_culprit = Exercise(
    "suspect_is_culprit", SUSPECT_IS_CULPRIT, tolerance=0.03,
    estimate_note=_ESTIMATE, hints=[
        "Run the simulation above and read the estimate it settles on.",
        "Use more games: the band where 95% of estimates fall narrows as 1/√(games)."])
check_first_hippo = Exercise(
    "first_hippo", lambda: first_hippo_exact(False),
    assumes="every walk, those whose first look goes off the grid included (they meet no "
            "Hippo)",
    readings={"only the walks whose arm points at a card count (as with wrap, in exercise 5)":
              lambda: first_hippo_exact(True)},
    hints=[
        "Two things must happen: the arm points at a card (not off the grid), and that "
        "card is a Hippo. Multiply their chances.",
        "The first chance follows from exercise 3. For the second: which cards can lie "
        "where the arm points, and how many of them are Hippos?",
    ])
check_hippo_walk = Exercise(
    "hippo_walk", HIPPO_WALK, tolerance=0.03, estimate_note=_ESTIMATE,
    hints=["Run the simulation above and read the estimate it settles on.",
           "It is more than the first step's chance: a Hippo may come later in the walk."])
check_wrap_first_hippo = Exercise("wrap_first_hippo", lambda: first_hippo_exact(True), hints=[
    "With wrap, an arm never points off the grid: it always points at another card.",
    "Which cards can lie where the arm points? Every card but one can be there.",
])
check_wrap_mean_moves = Exercise(
    "wrap_mean_moves", WRAP_MEAN_MOVES, tolerance=0.15, probability=False,
    estimate_note=_ESTIMATE, hints=[
        "Run the wrap simulation above (wrap=True) and read where its curve settles.",
        "No walk stops at the edge any more, so walks are longer than the standard game's."])

EXERCISES = {ex.name: ex for ex in (
    check_three_criteria, check_near_misses, check_mean_moves, check_straight_off,
    check_suspect_is_culprit, check_first_hippo, check_hippo_walk, check_wrap_first_hippo,
    check_wrap_mean_moves)}


# -- 6. Your own culprit function ------------------------------------------------------------
@checked(layouts=games, seed=simulation_seed)
def culprit_layouts(layouts: int = 2000, seed: int = 0) -> list[tuple[list[str], str]]:
    """``layouts`` random ``(grid, start)`` pairs to test a culprit function on: each grid is
    a seeded game's ``grid_text()`` with some Crocs taken away (as if captured: their sites
    are empty), and the start a Croc left on the grid. The first layouts are full grids,
    then more and more Crocs are taken (up to 30), so the first layout a function gets
    wrong is a simple one."""
    rng = random.Random(seed)
    result = []
    for number in range(layouts):
        cells = list("".join(RapidcrocoGame(2, seed=rng.getrandbits(63)).grid_text()))
        crocs = [i for i, cell in enumerate(cells) if cell in STEPS]
        for i in rng.sample(crocs, rng.randint(0, min(30, number // 8))):
            cells[i] = EMPTY
        start = SITES[rng.choice([i for i in crocs if cells[i] != EMPTY])]
        result.append((["".join(cells[r * SIZE:(r + 1) * SIZE]) for r in range(SIZE)], start))
    return result


@checked(grid=GRID, start=optional(rule(one_of, SITES)))
def layout_text(grid: Sequence[str], start: str | None = None) -> str:
    """The grid with its site names, the start in brackets::

            a  b  c  d  e  f
         1  >  v  . [<] H  ^
    """
    lines = ["    " + "  ".join("abcdef"[:SIZE])]
    for y, row in enumerate(grid):
        cells = [f"[{cell}]" if to_site(x, y) == start else f" {cell} "
                 for x, cell in enumerate(row)]
        lines.append(f"{y + 1:>2} " + "".join(cells).rstrip())
    return "\n".join(lines)


class _TooLong(BaseException):
    """Raised inside a student's function that runs past its step budget (a BaseException,
    so that their own ``except Exception`` does not swallow it)."""


def _run(fn: Callable, grid: list[str], start: str, budget: int) -> tuple[Any, str]:
    """``fn(grid, start)`` and what it printed, stopped with :class:`_TooLong` after
    ``budget`` lines of Python (a loop that never ends, without waiting for a clock)."""
    count = 0

    def line(frame, event, arg):
        nonlocal count
        if event == "line":
            count += 1
            if count > budget:
                raise _TooLong
        return line

    printed = io.StringIO()
    before = sys.gettrace()
    sys.settrace(lambda frame, event, arg: line)
    try:
        with contextlib.redirect_stdout(printed):
            return fn(grid, start), printed.getvalue()
    except BaseException as err:
        err.printed = printed.getvalue()  # type: ignore[attr-defined]
        raise
    finally:
        sys.settrace(before)


def _site(value: Any) -> str | None:
    if isinstance(value, str):
        try:
            return to_site(*to_xy(value.strip().lower()))
        except BadArgument:
            return None
    if (isinstance(value, tuple | list) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
            and all(0 <= v < SIZE for v in value)):
        return to_site(*value)
    return None


def _read_result(value: Any) -> tuple[str | None, tuple[str, ...] | None, str | None, str]:
    """``(culprit, path, reason, problem)`` from what a student's function returned: a
    site (``"c3"``, or ``(x, y)``), or a walk (``(sites, culprit)``, ``(sites, culprit,
    reason)``, a ``CulpritPath``); ``problem`` says what cannot be read."""
    site = _site(value)
    if site is not None:
        return site, None, None, ""
    if isinstance(value, str):
        return None, None, None, (f"it returned {value!r}, which is not a site of the grid "
                                  f"(a1 to f6)")
    if isinstance(value, tuple | list) and len(value) in (2, 3) \
            and isinstance(value[0], tuple | list) and _site(value[1]) is not None:
        path = tuple(_site(s) or repr(s) for s in value[0])
        reason = value[2] if len(value) == 3 else None
        return _site(value[1]), path, reason, ""
    return None, None, None, (f"it returned {brief(value)}: return the culprit's site as "
                              f"text, like 'c3'")


def _look(grid: Sequence[str], site: str, wrap: bool) -> tuple[bool, bool]:
    """Where the arm at ``site`` looks: (skips an empty site, goes round the edge)."""
    x, y = to_xy(site)
    dx, dy = STEPS[grid[y][x]]
    nx, ny, skipped, wrapped = x + dx, y + dy, False, False
    while True:
        if not (0 <= nx < SIZE and 0 <= ny < SIZE):
            if not wrap:
                return skipped, wrapped
            nx, ny, wrapped = nx % SIZE, ny % SIZE, True
        if grid[ny][nx] != EMPTY:
            return skipped, wrapped
        nx, ny, skipped = nx + dx, ny + dy, True


_HINTS = {
    "kid": "In the Kid variant the arms are ignored: the culprit is the start itself.",
    "empty": "An empty site (.) is a Croc already captured: look past it, to the next card "
             "in the same direction (and past the next one if that is empty too).",
    "wrap": "With wrap, an arm pointing off the grid carries on from the opposite side: "
            "x % 6 and y % 6 bring a column or row number back onto the grid.",
    "edge": "When a Croc's arm points off the grid (after any empty sites), that Croc is "
            "the culprit. Careful: Python reads grid[y][-1] as the last cell of the row, so "
            "check 0 <= x < 6 and 0 <= y < 6 yourself.",
    "hippo": "When the arms reach a Hippo (H), they all lie: the culprit is the Croc you "
             "started from, the start.",
    "twice": "Keep a set of the sites you have visited, the start included. When an arm "
             "points at one of them, that Croc (the one pointed at twice) is the culprit.",
}


def _hint(grid: Sequence[str], walk: CulpritPath, variant: str) -> str:
    if variant == "kid":
        return _HINTS["kid"]
    wrap = variant == "wrap"
    looked = [_look(grid, site, wrap)
              for site in (walk.sites if walk.reason == "edge" else walk.sites[:-1])]
    if any(skipped for skipped, _ in looked):
        return _HINTS["empty"]
    if any(wrapped for _, wrapped in looked):
        return _HINTS["wrap"]
    return _HINTS[walk.reason]


def _walk_text(walk: CulpritPath, variant: str) -> str:
    """The rules' walk and why it stops, in two lines."""
    which = "" if variant == "standard" else f" ({variant})"
    return f"The rules' walk{which}: {' → '.join(walk.sites)}\n  because {walk.explain()}."


def _try_it(name: str, grid: Sequence[str], start: str) -> str:
    rows = ",\n        ".join(repr(row) for row in grid)
    call = name if name.isidentifier() else "my_culprit"
    return f"To try this layout yourself:\n\ngrid = [{rows}]\n{call}(grid, {start!r})"


def _name(fn: Callable) -> str:
    name = getattr(fn, "__name__", "")
    return name if name and name.isidentifier() else "your function"


@checked(layouts=games, seed=simulation_seed, variant=rule(one_of, VARIANTS), steps=STEPS_RULE)
def culprit_feedback(fn: Any, layouts: int = 2000, seed: int = 0, variant: str = "standard",
                     *, steps: int = STEP_BUDGET) -> tuple[bool, str]:
    """``(right, message)`` for a student's culprit function, without printing (see
    :func:`check_my_culprit`)."""
    if fn is None or fn is Ellipsis:
        return False, ("Not answered yet: write your function in the cell above, run it, "
                       "then run this cell again.")
    if not callable(fn):
        return False, (f"{brief(fn)} is not a function: pass the function itself, like "
                       f"check_my_culprit(my_culprit), without brackets after its name.")
    name = _name(fn)
    rules = "the rules" if variant == "standard" else f"the rules ({variant})"
    tested: Counter[str] = Counter()
    cases = culprit_layouts(layouts, seed)

    def told(grid: list[str], start: str, expected: CulpritPath, what: str, hint: str,
             printed: Any) -> tuple[bool, str]:
        """The verdict on a layout the function gets wrong: the layout, the rules' walk,
        a hint, and the layout as code to try."""
        return False, (f"{what}\n\n"
                       f"{layout_text(grid, start)}\n\nThe start (the Croc the criteria pick) "
                       f"is {start}, in brackets.\n\n{_walk_text(expected, variant)}\n"
                       f"Hint: {hint}\n\n{_try_it(name, grid, start)}{_printed(printed)}")

    first_none = None  # the first layout answered None, before any other answer
    for number, (grid, start) in enumerate(cases, start=1):
        expected = culprit(grid, start, variant)
        layout = (grid, start, expected)
        where = f"layout {number:,} of {len(cases):,}"
        try:
            got, printed = _run(fn, list(grid), start, steps)
        except _TooLong as err:
            if first_none:
                return told(*first_none)
            return told(*layout, f"{name} was still running after {steps:,} steps on "
                        f"{where}: is it going round and round a loop forever?",
                        _HINTS["twice"], err)
        except Exception as err:
            if first_none:
                return told(*first_none)
            return told(*layout, f"{name} stopped with an error on {where}:\n\n    "
                        f"{_error_text(err, fn)}", _hint(grid, expected, variant), err)
        none = (*layout, f"Not quite: on {where}, {name} returned None (nothing), but the "
                f"rules say {expected.culprit}.", _hint(grid, expected, variant), printed)
        if got is None and not sum(tested.values()):
            # A stub returns None everywhere; a function begun returns None on some layouts.
            first_none = first_none or none
            if number < min(len(cases), _UNANSWERED):
                continue
            return False, (f"Not answered yet: {name} returns None (nothing). Fill in the "
                           f"TODOs so that it returns the culprit's site, like 'c3', then run "
                           f"this cell again.")
        if first_none:
            return told(*first_none)
        if got is None:
            return told(*none)
        site, path, reason, problem = _read_result(got)
        if problem or site != expected.culprit:
            said = f"{name} says: {problem}" if problem else f"{name} says the culprit is {site}"
            return told(*layout, f"Not quite: on {where}, {said}, but the rules say "
                        f"{expected.culprit}.", _hint(grid, expected, variant), printed)
        if path not in (None, expected.sites):
            return told(*layout, f"Not quite: on {where}, {name} finds the right culprit, "
                        f"{site}, but by the walk {' → '.join(path)}.",
                        "The walk lists every site visited from the start, and ends where "
                        "it stops: the Croc pointing off the grid, the Hippo, or the Croc "
                        "reached a second time.", printed)
        if reason not in (None, expected.reason):
            return told(*layout, f"Not quite: on {where}, {name} finds the right culprit "
                        f"and walk, but gives the reason {brief(reason)}.",
                        f"The reason is one of {', '.join(map(repr, REASONS))}: why the walk "
                        f"stops. Or return just the culprit's site.", printed)
        tested[expected.reason] += 1
        tested["empty"] += EMPTY in "".join(grid)
    ends = {"edge": "off the grid", "hippo": "at a Hippo", "twice": "on a Croc pointed at "
            "twice", "kid": "on the suspect (Kid variant)"}
    counts = ", ".join(f"{tested[r]:,} ending {ends[r]}" for r in ends if tested[r])
    return True, (f"Correct! {name} agrees with {rules} on all {len(cases):,} layouts: {counts}; "
                  f"{tested['empty']:,} of the grids had empty sites.")


def _error_text(err: BaseException, fn: Callable) -> str:
    """The error and, when it came from the student's own code, the line it came from."""
    text = "".join(traceback.format_exception_only(type(err), err)).strip()
    code = getattr(fn, "__code__", None)
    frames = [f for f in traceback.extract_tb(err.__traceback__)
              if code is not None and f.filename == code.co_filename]
    if frames and frames[-1].line:
        return f"{text}\n    in {_name(fn)}, line {frames[-1].lineno}: {frames[-1].line}"
    return text


def _printed(source: Any) -> str:
    text = source if isinstance(source, str) else getattr(source, "printed", "")
    if not text.strip():
        return ""
    lines = text.rstrip("\n").split("\n")
    more = f"\n… and {len(lines) - 20:,} more lines" if len(lines) > 20 else ""
    return "\n\nWhat it printed on this layout:\n" + "\n".join(lines[:20]) + more


@checked(layouts=games, seed=simulation_seed, variant=rule(one_of, VARIANTS), steps=STEPS_RULE)
def check_my_culprit(fn: Any, layouts: int = 2000, seed: int = 0,
                     variant: str = "standard", *, steps: int = STEP_BUDGET) -> Verdict:
    """Test a culprit function of your own against the rules' ``culprit()``.

    ``fn(grid, start)`` gets a grid (6 strings of ``^ > v <``, ``H`` and ``.``) and the
    start (a site, like ``"c3"``), and returns the culprit's site (``"c3"``) — or a whole
    walk: ``(sites, culprit)``, ``(sites, culprit, reason)`` or a ``CulpritPath``, and then
    the walk must match too. It is tried on ``layouts`` random layouts
    (:func:`culprit_layouts`) of ``variant`` (``"standard"``, ``"wrap"`` or ``"kid"``);
    the first one where it disagrees with the rules, or stops with an error, or runs more
    than ``steps`` lines of Python, is shown with the rules' walk and a hint. Prints the
    feedback; the verdict returned is true when the function agrees everywhere.
    """
    ok, message = culprit_feedback(fn, layouts, seed, variant, steps=steps)
    print(f"{message}\n", end="")  # one write: a notebook shows it as one output
    return Verdict(ok)
