"""The culprit rule as a pure function: ``culprit(grid, start, variant)`` (RULINGS §3,
"Following the arms"; rulebook, Play, Fine Points, "Hippo" Cards and the variants).

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
    """Rulebook, Play: 'follow the arms to find the final culprit'; Fine Points: a Croc
    pointing to the outside of the square, with no other Croc in the way, is the culprit
    (RULINGS §3 Following the arms, steps 2 and 5)."""
    rows = grid(">>v...",
                "..v...",
                "..>>>>")
    assert walk(rows, "a1") == ("a1 b1 c1 c2 c3 d3 e3 f3", "f3", "edge")


def test_a_suspect_pointing_off_the_grid_is_itself_the_culprit():
    """Fine Points: 'it is that last pointer that is the culprit' — the suspect is the last
    pointer when its own arm points off the grid (RULINGS §3 step 2)."""
    rows = grid("^.....")
    assert walk(rows, "a1") == ("a1", "a1", "edge")
    rows = grid("......", "......", ".....>")
    assert walk(rows, "f3") == ("f3", "f3", "edge")


def test_empty_sites_are_skipped():
    """Fine Points: 'An empty site (the card is already taken), the play continues with the
    next Croc in the path' (RULINGS §3 step 1: skipping empty sites)."""
    rows = grid(">..v..",
                "......",
                "<..<..")
    assert walk(rows, "a1") == ("a1 d1 d3 a3", "a3", "edge")


def test_a_croc_pointing_off_the_grid_over_only_empty_sites_is_the_culprit():
    """Fine Points: 'The outside of the starting square of cards (and there are no other
    Crocs in the way)': empty sites between a Croc and the edge are not in the way."""
    assert walk(grid(">....."), "a1") == ("a1", "a1", "edge")
    rows = grid("v.....",
                ">.....",
                "v.....")
    assert walk(rows, "a1") == ("a1 a2", "a2", "edge")


def test_a_hippo_sends_the_arrest_back_to_the_suspect():
    """Rulebook, "Hippo" Cards: 'return to the guilty starting Croc card indicated by the
    Criteria cards' (RULINGS §3 step 3: a Hippo, the culprit is S)."""
    rows = grid(">v....",
                ".>>H..")
    assert walk(rows, "a1") == ("a1 b1 b2 c2 d2", "a1", "hippo")


def test_a_hippo_next_to_the_suspect_or_beyond_empty_sites():
    """"Hippo" Cards: the path of the arms crosses a Hippo, even at its first step, and
    empty sites before it are skipped (RULINGS §3 steps 1 and 3)."""
    assert walk(grid(">H...."), "a1") == ("a1 b1", "a1", "hippo")
    assert walk(grid(">..H.."), "a1") == ("a1 d1", "a1", "hippo")
    rows = grid("v.....", "......", "......", "H.....")
    assert walk(rows, "a1") == ("a1 a4", "a1", "hippo")


def test_a_croc_pointed_at_twice_is_the_culprit():
    """Fine Points: 'A Croc that points its arm towards a Croc which has already been
    pointed at, it is the earlier Croc which is the culprit; a crocodile pointed at twice
    is inevitably guilty' (RULINGS §3 step 4)."""
    rows = grid(">>v...",
                ".^<...")
    assert walk(rows, "a1") == ("a1 b1 c1 c2 b2 b1", "b1", "twice")


def test_the_suspect_pointed_at_again_is_the_culprit():
    """RULINGS §3 step 4: a Croc already on the path, S included — 'S counts as pointed at
    by the criteria', so an arm that comes back to S makes S the culprit."""
    rows = grid(">v....",
                "^<....")
    assert walk(rows, "a1") == ("a1 b1 b2 a2 a1", "a1", "twice")


def test_two_crocs_pointing_at_each_other():
    """RULINGS §3 step 4: the first Croc pointed at twice — the suspect if it is one of the
    pair, else the one of the pair the walk reached first."""
    rows = grid("><<...")
    assert walk(rows, "a1") == ("a1 b1 a1", "a1", "twice")
    assert walk(rows, "c1") == ("c1 b1 a1 b1", "b1", "twice")


def test_a_loop_across_empty_sites():
    """RULINGS §3 steps 1 and 4 together: the arms skip the gaps and close a loop."""
    rows = grid(">..v..",
                "......",
                "^..<..")
    assert walk(rows, "a1") == ("a1 d1 d3 a3 a1", "a1", "twice")


def test_the_walk_ignores_cards_off_its_line():
    """Rulebook, Play: each Croc indicates only the card its arm points towards."""
    rows = grid("HHHHHH",
                "H>>>>>",
                "HHHHHH")
    assert walk(rows, "b2") == ("b2 c2 d2 e2 f2", "f2", "edge")


# -- Advanced 1: wrap-around -----------------------------------------------------------
def test_wrap_an_arm_off_the_grid_points_on_from_the_opposite_side():
    """Rulebook, Advanced Players Variant 1: the Croc pointing outside 'indicates the
    opposite side of the square' and 'the path continues until one finds a Hippo card or
    a Croc that is pointed at twice' (RULINGS §3 Variant 1)."""
    rows = grid("<....v",
                ".....H")
    assert walk(rows, "a1") == ("a1", "a1", "edge")
    assert walk(rows, "a1", "wrap") == ("a1 f1 f2", "a1", "hippo")


def test_wrap_continues_to_a_croc_pointed_at_twice():
    """Variant 1: after wrapping, the walk goes on until a Croc is pointed at twice (here
    the suspect again, from below)."""
    rows = grid("^.....", *[EMPTY_ROW] * 4, "^.....")
    assert walk(rows, "a1") == ("a1", "a1", "edge")
    assert walk(rows, "a1", "wrap") == ("a1 a6 a1", "a1", "twice")


def test_wrap_skips_empty_sites_on_both_sides_of_the_edge():
    """Variant 1 with RULINGS §3 step 1: empty sites are skipped before and after the wrap."""
    rows = grid("<..>..")
    assert walk(rows, "a1", "wrap") == ("a1 d1 a1", "a1", "twice")


def test_wrap_around_a_whole_row_of_crocs():
    """Variant 1: a row of Crocs all pointing right is a loop around the torus."""
    rows = grid("......", "......", ">>>>>>")
    assert walk(rows, "c3", "wrap") == ("c3 d3 e3 f3 a3 b3 c3", "c3", "twice")


def test_wrap_a_croc_alone_on_its_line_points_at_itself():
    """RULINGS §3 Variant 1: 'A Croc whose wrapped line holds no other card points at
    itself, and so is pointed at twice' — the suspect, or a Croc further on the path."""
    assert walk(grid("v....."), "a1", "wrap") == ("a1 a1", "a1", "twice")
    rows = grid(">v....")  # b1 is alone in column b
    assert walk(rows, "a1", "wrap") == ("a1 b1 b1", "b1", "twice")
    assert walk(rows, "a1") == ("a1 b1", "b1", "edge")  # the standard rule: off the grid


def test_wrap_a_hippo_on_the_wrapped_line_still_ends_the_walk():
    """Variant 1: a Hippo reached after wrapping sends the arrest back to the suspect."""
    rows = grid("H.>...")
    assert walk(rows, "c1", "wrap") == ("c1 a1", "c1", "hippo")


# -- Kid variant ---------------------------------------------------------------------
def test_kid_the_suspect_is_the_culprit_whatever_the_arms_and_hippos():
    """Rulebook, "Kid" Variant: 'you ignore both the Hippo cards and the direction of the
    Crocs' arms' (RULINGS §3 Kid variant: the culprit is S)."""
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
    """RULINGS §3: the whole path is returned so that a notebook can show it; explain()
    gives the reason in words, one per way a walk ends."""
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
