"""The culprit rule as a pure function: ``culprit(grid, start, variant)``
(docs/rules/rapidcroco.md#culprit-function): the walk of
docs/rules/rapidcroco.md#follow-arms, each way it ends, and the variants
(docs/rules/rapidcroco.md#variant-wrap, docs/rules/rapidcroco.md#variant-kid).

Each test draws a 6x6 grid: ``^ > v <`` a Croc whose arm points that way on the table,
``H`` a Hippo, ``.`` an empty site (its Croc was captured). Sites: column letter and row
number, ``a1`` top-left, ``f6`` bottom-right.
"""

import pytest

from pondwidgets.core.errors import BadArgument, BadPosition
from pondwidgets.rapidcroco import CulpritPath, culprit
from pondwidgets.rapidcroco.culprit import REASONS

EMPTY_ROW = "......"


def grid(*rows):
    """Six rows, the missing ones at the bottom empty."""
    return [*rows, *[EMPTY_ROW] * (6 - len(rows))]


def walk(rows, start, variant="standard"):
    """The walk as ``(sites, culprit, reason)``, sites joined by spaces for short asserts."""
    path = culprit(rows, start, variant)
    assert isinstance(path, CulpritPath)
    return " ".join(path.sites), path.culprit, path.reason


# -- following the arms ----------------------------------------------------------------
def test_the_walk_follows_the_arms_to_a_croc_pointing_off_the_grid():
    """docs/rules/rapidcroco.md#follow-arms: from the suspect the walk follows the arms Croc by
    Croc; docs/rules/rapidcroco.md#off-the-grid: a Croc whose arm points out of the square,
    with no card between it and the edge, is the culprit."""
    rows = grid(">>v...",
                "..v...",
                "..>>>>")
    assert walk(rows, "a1") == ("a1 b1 c1 c2 c3 d3 e3 f3", "f3", "edge")


def test_a_suspect_pointing_off_the_grid_is_itself_the_culprit():
    """docs/rules/rapidcroco.md#off-the-grid: the last Croc that points is the culprit — the
    suspect itself when its own arm points out of the square."""
    rows = grid("^.....")
    assert walk(rows, "a1") == ("a1", "a1", "edge")
    rows = grid("......", "......", ".....>")
    assert walk(rows, "f3") == ("f3", "f3", "edge")


def test_empty_sites_are_skipped():
    """docs/rules/rapidcroco.md#empty-site: an arm points over an empty site (its Croc was
    captured) to the next card along the same line."""
    rows = grid(">..v..",
                "......",
                "<..<..")
    assert walk(rows, "a1") == ("a1 d1 d3 a3", "a3", "edge")


def test_a_croc_pointing_off_the_grid_over_only_empty_sites_is_the_culprit():
    """docs/rules/rapidcroco.md#empty-site and docs/rules/rapidcroco.md#off-the-grid: empty
    sites between a Croc and the edge are never in the way, so the Croc points out of the
    square."""
    assert walk(grid(">....."), "a1") == ("a1", "a1", "edge")
    rows = grid("v.....",
                ">.....",
                "v.....")
    assert walk(rows, "a1") == ("a1 a2", "a2", "edge")


def test_a_hippo_sends_the_arrest_back_to_the_suspect():
    """docs/rules/rapidcroco.md#hippo: arms that lead to a Hippo all lie, so the culprit is the
    suspect, the Croc the criteria picked."""
    rows = grid(">v....",
                ".>>H..")
    assert walk(rows, "a1") == ("a1 b1 b2 c2 d2", "a1", "hippo")


def test_a_hippo_next_to_the_suspect_or_beyond_empty_sites():
    """docs/rules/rapidcroco.md#hippo and docs/rules/rapidcroco.md#empty-site: a Hippo ends the
    walk even at its first step, and empty sites before it are skipped."""
    assert walk(grid(">H...."), "a1") == ("a1 b1", "a1", "hippo")
    assert walk(grid(">..H.."), "a1") == ("a1 d1", "a1", "hippo")
    rows = grid("v.....", "......", "......", "H.....")
    assert walk(rows, "a1") == ("a1 a4", "a1", "hippo")


def test_a_croc_pointed_at_twice_is_the_culprit():
    """docs/rules/rapidcroco.md#twice: an arm pointing at a Croc already on the walk makes that
    Croc the culprit: a Croc pointed at twice is always guilty."""
    rows = grid(">>v...",
                ".^<...")
    assert walk(rows, "a1") == ("a1 b1 c1 c2 b2 b1", "b1", "twice")


def test_the_suspect_pointed_at_again_is_the_culprit():
    """docs/rules/rapidcroco.md#twice-suspect: the suspect counts as pointed at once already,
    by the criteria, so an arm that comes back to it makes the suspect the culprit."""
    rows = grid(">v....",
                "^<....")
    assert walk(rows, "a1") == ("a1 b1 b2 a2 a1", "a1", "twice")


def test_two_crocs_pointing_at_each_other():
    """docs/rules/rapidcroco.md#twice and docs/rules/rapidcroco.md#twice-suspect: the first
    Croc pointed at twice — the suspect if it is one of the pair, else the one of the pair
    the walk reached first."""
    rows = grid("><<...")
    assert walk(rows, "a1") == ("a1 b1 a1", "a1", "twice")
    assert walk(rows, "c1") == ("c1 b1 a1 b1", "b1", "twice")


def test_a_loop_across_empty_sites():
    """docs/rules/rapidcroco.md#empty-site and docs/rules/rapidcroco.md#twice together: the
    arms skip the gaps and close a loop."""
    rows = grid(">..v..",
                "......",
                "^..<..")
    assert walk(rows, "a1") == ("a1 d1 d3 a3 a1", "a1", "twice")


def test_the_walk_ignores_cards_off_its_line():
    """docs/rules/rapidcroco.md#follow-arms: a Croc points only along its own row or column, in
    the direction of its arm; cards elsewhere play no part."""
    rows = grid("HHHHHH",
                "H>>>>>",
                "HHHHHH")
    assert walk(rows, "b2") == ("b2 c2 d2 e2 f2", "f2", "edge")


# -- Advanced 1: wrap-around -----------------------------------------------------------
def test_wrap_an_arm_off_the_grid_points_on_from_the_opposite_side():
    """docs/rules/rapidcroco.md#variant-wrap: an arm pointing out of the square carries on from
    the opposite side, and the walk goes on until a Hippo or a Croc pointed at twice."""
    rows = grid("<....v",
                ".....H")
    assert walk(rows, "a1") == ("a1", "a1", "edge")
    assert walk(rows, "a1", "wrap") == ("a1 f1 f2", "a1", "hippo")


def test_wrap_continues_to_a_croc_pointed_at_twice():
    """docs/rules/rapidcroco.md#variant-wrap: after wrapping, the walk goes on until a Croc is
    pointed at twice (here the suspect again, from below)."""
    rows = grid("^.....", *[EMPTY_ROW] * 4, "^.....")
    assert walk(rows, "a1") == ("a1", "a1", "edge")
    assert walk(rows, "a1", "wrap") == ("a1 a6 a1", "a1", "twice")


def test_wrap_skips_empty_sites_on_both_sides_of_the_edge():
    """docs/rules/rapidcroco.md#variant-wrap: empty sites are skipped on both sides of the edge."""
    rows = grid("<..>..")
    assert walk(rows, "a1", "wrap") == ("a1 d1 a1", "a1", "twice")


def test_wrap_around_a_whole_row_of_crocs():
    """docs/rules/rapidcroco.md#variant-wrap: a row of Crocs all pointing right is a loop
    around the torus."""
    rows = grid("......", "......", ">>>>>>")
    assert walk(rows, "c3", "wrap") == ("c3 d3 e3 f3 a3 b3 c3", "c3", "twice")


def test_wrap_a_croc_alone_on_its_line_points_at_itself():
    """docs/rules/rapidcroco.md#wrap-itself: a Croc whose wrapped line holds no other card
    points at itself, and so is pointed at twice — the suspect, or a Croc further on the
    path."""
    assert walk(grid("v....."), "a1", "wrap") == ("a1 a1", "a1", "twice")
    rows = grid(">v....")  # b1 is alone in column b
    assert walk(rows, "a1", "wrap") == ("a1 b1 b1", "b1", "twice")
    assert walk(rows, "a1") == ("a1 b1", "b1", "edge")  # the standard rule: off the grid


def test_wrap_a_hippo_on_the_wrapped_line_still_ends_the_walk():
    """docs/rules/rapidcroco.md#variant-wrap: a Hippo reached after wrapping makes the suspect
    the culprit."""
    rows = grid("H.>...")
    assert walk(rows, "c1", "wrap") == ("c1 a1", "c1", "hippo")


# -- Kid variant ---------------------------------------------------------------------
def test_kid_the_suspect_is_the_culprit_whatever_the_arms_and_hippos():
    """docs/rules/rapidcroco.md#variant-kid: the Hippos and the arms are ignored, and the
    suspect is the culprit."""
    rows = grid(">H....",
                "^<....")
    assert walk(rows, "a1", "kid") == ("a1", "a1", "kid")
    assert walk(rows, "b2", "kid") == ("b2", "b2", "kid")
    assert walk(rows, "b2") == ("b2 a2 a1 b1", "b2", "hippo")


# -- explanations and input --------------------------------------------------------------
@pytest.mark.parametrize(("rows", "start", "variant", "text"), [
    (grid(">>v...", "..v...", "..>>>>"), "a1", "standard",
     "f3 points off the grid, so f3 is the culprit"),
    (grid(">H...."), "a1", "standard",
     "the arms reach a Hippo at b1: they all lie, so the Croc the criteria picked, a1, is "
     "the culprit"),
    (grid("><<..."), "c1", "standard", "b1 is pointed at twice, so b1 is the culprit"),
    (grid(">H...."), "a1", "kid",
     "in the Kid variant arms are ignored: a1, picked by the criteria, is the culprit"),
])
def test_explain_says_why_the_walk_stopped(rows, start, variant, text):
    """docs/rules/rapidcroco.md#culprit-function: the whole path is returned so that a notebook
    can show it; explain() gives the reason in words, one per way a walk ends."""
    path = culprit(rows, start, variant)
    assert path.explain() == text
    assert set(REASONS) == {"edge", "hippo", "twice", "kid"}


def test_rows_may_be_lists_of_cells_and_the_grid_is_not_changed():
    rows = [list(">>v..."), list("..v..."), list("..>>>>"), *[list(EMPTY_ROW)] * 3]
    before = [list(r) for r in rows]
    assert walk(rows, "A1") == ("a1 b1 c1 c2 c3 d3 e3 f3", "f3", "edge")
    assert rows == before


@pytest.mark.parametrize(("rows", "start", "variant", "fragments"), [
    (grid("H>...."), "a1", "standard", ["starts on a Croc", "a1 holds a Hippo"]),
    (grid(".>...."), "a1", "standard", ["starts on a Croc", "nothing (an empty site)"]),
    (grid(">>...."), "b1", "turns", ["'turns' is not a variant", "'standard'"]),
    (grid(">>...."), "b1", "Wrap", ["is not a variant"]),
    (grid(">>...."), "g1", "standard", ["'g1'", "a1 to f6"]),
    (grid(">>...."), "b7", "standard", ["'b7'"]),
    (grid(">>...."), 3, "standard", ["3"]),
    (grid(">>....")[:5], "a1", "standard", ["a grid is a list of 6 rows"]),
    ([*grid(">>...."), EMPTY_ROW], "a1", "standard", ["a grid is a list of 6 rows"]),
    ("".join(grid(">>....")), "a1", "standard", ["a grid is a list of 6 rows"]),
    (None, "a1", "standard", ["a grid is a list of 6 rows, not None"]),
    (grid(">>....", "....."), "a1", "standard", ["row 2 of the grid should have 6 cells"]),
    (grid(">>....", "......."), "a1", "standard", ["row 2 of the grid should have 6"]),
    (grid(">>..x."), "a1", "standard", ["row 1 of the grid has 'x'", "H (a Hippo)"]),
    (grid(">>....", [">>", ".", ".", ".", ".", "."]), "a1", "standard", ["row 2"]),
    (grid(">>....", [1, ".", ".", ".", ".", "."]), "a1", "standard", ["row 2"]),
    (grid(">>....", 42), "a1", "standard", ["row 2 of the grid should have 6 cells"]),
    # six cells whose characters add up to six, one of them empty: the row would shift
    (grid(">>....", ["^^", "", ".", ".", ".", "."]), "a1", "standard",
     ["row 2 of the grid has '^^'"]),
    (grid(["", ">>", ".", ".", ".", "."]), "b1", "standard", ["row 1 of the grid has ''"]),
])
def test_malformed_input_is_refused_with_a_clear_message(rows, start, variant, fragments):
    """A bad grid raises BadPosition saying what is wrong (a grid is data with a format,
    as a position is); a bad start or variant, BadArgument naming it. A student's mistake
    is named, not a traceback."""
    with pytest.raises((BadPosition, BadArgument)) as err:
        culprit(rows, start, variant)
    if isinstance(err.value, BadArgument):
        assert str(err.value).startswith(("start: ", "variant: ")), str(err.value)
    for fragment in fragments:
        assert fragment in str(err.value)
