"""Splash down maps (docs/rules/splashdown.md#map, and pondwidgets/splashdown/README.md,
'Maps'): the format, every broken map refused with a message naming the problem, the
default edges for each pair of block widths, explicit edges, distances that never pass
through Home, the shipped maps, and a student's own map played to the end."""

from __future__ import annotations

import copy
import json
import random
from collections import deque
from pathlib import Path

import pytest

from pondwidgets.core import BadPosition, ManualClock
from pondwidgets.splashdown import MAPS, Map, SplashdownGame, load_map
from pondwidgets.splashdown.maps import FAR, default_edges, pad_name

from .helpers import FORK, LINE, total_flies

MAP_FOLDER = Path(__file__).resolve().parents[2] / "pondwidgets" / "splashdown" / "maps"


def edges_by_name(spec):
    board = load_map(spec)
    return {tuple(sorted((board.names[a], board.names[b]))) for a, b in board.edges}


def two(first, second):
    """A map of Home, then two blocks of these widths, all green."""
    return {"blocks": [["home"], ["green"] * first, ["green"] * second]}


# -- Broken maps ------------------------------------------------------------------------------
BROKEN = [
    ("not a dictionary", ["home", "green"], "a map is a dictionary"),
    ("no blocks", {"name": "x"}, "a map needs 'blocks'"),
    ("blocks not a list", {"blocks": "home green"}, "a map needs 'blocks'"),
    ("no Home at all", {"blocks": [["green"], ["red"]]}, "has no Home"),
    ("no blocks at all", {"blocks": []}, "has no Home"),
    ("Home not first", {"blocks": [["green"], ["home"], ["red"]]},
     "Home must be the first block"),
    ("Home not alone", {"blocks": [["home", "green"], ["red"]]}, "Home must be alone"),
    ("two Homes", {"blocks": [["home"], ["green"], ["home"]]}, "two Homes"),
    ("an empty block", {"blocks": [["home"], [], ["red"]]}, "block 1 is empty"),
    ("a block not a list", {"blocks": [["home"], "green"]}, "block 1 must be a list"),
    ("a block wider than 3", {"blocks": [["home"], ["green"] * 4]},
     "block 1 has 4 pads: a block is at most 3 pads wide"),
    ("an unknown colour", {"blocks": [["home"], ["blue"]]}, "unknown pad colour 'blue'"),
    ("a pad that is not a text", {"blocks": [["home"], [3]]}, "a pad is written as a colour"),
    ("flies on a green pad", {"blocks": [["home"], ["green:2"]]},
     "only dark-green pads hold flies"),
    ("flies on a red pad", {"blocks": [["home"], ["red:1"]]}, "only dark-green pads hold flies"),
    ("no flies written as 0", {"blocks": [["home"], ["dark-green:0"]]}, "1 to 9 flies"),
    ("ten flies", {"blocks": [["home"], ["dark-green:10"]]}, "1 to 9 flies"),
    ("flies not a number", {"blocks": [["home"], ["dark-green:two"]]}, "1 to 9 flies"),
    ("negative flies", {"blocks": [["home"], ["dark-green:-1"]]}, "1 to 9 flies"),
    ("an edge to a pad the map does not have",
     {"blocks": [["home"], ["green"]], "edges": [["home", "1"], ["1", "2"]]},
     "names the pad '2', which the map does not have"),
    ("an edge naming a lane the block does not have",
     {"blocks": [["home"], ["green"]], "edges": [["home", "1a"]]},
     "names the pad '1a', which the map does not have"),
    ("an edge from a pad to itself",
     {"blocks": [["home"], ["green"]], "edges": [["home", "1"], ["1", "1"]]},
     "joins a pad to itself"),
    ("an edge that is not a pair", {"blocks": [["home"], ["green"]], "edges": [["home"]]},
     "an edge is a pair of pad names"),
    ("edges not a list", {"blocks": [["home"], ["green"]], "edges": "home-1"},
     "'edges' is a list"),
    ("a pad that cannot be reached from Home",
     {"blocks": [["home"], ["green"], ["red", "yellow"]],
      "edges": [["home", "1"], ["1", "2a"]]},
     "pads that cannot be reached from Home: 2b"),
    ("a map with no pad but Home", {"blocks": [["home"]]}, "no pad but Home"),
    ("an unknown key", {"blocks": [["home"], ["green"]], "pads": 3}, "unknown key 'pads'"),
    ("a name that is not a text", {"name": 7, "blocks": [["home"], ["green"]]},
     "a map's name is a text"),
    ("an empty name", {"name": "  ", "blocks": [["home"], ["green"]]}, "a map's name is a text"),
    ("layout not a dictionary", {"blocks": [["home"], ["green"]], "layout": [6]},
     "'layout' is a small dictionary"),
    ("layout row not a whole number", {"blocks": [["home"], ["green"]],
                                       "layout": {"row": 0}}, "layout 'row'"),
    ("an infinite layout hint", {"blocks": [["home"], ["green"]],
                                 "layout": {"zoom": float("inf")}}, "finite numbers"),
    ("a layout hint no float holds", {"blocks": [["home"], ["green"]],
                                      "layout": {"zoom": 10**400}}, "finite numbers"),
    ("too many blocks", {"blocks": [["home"]] + [["green"]] * 100}, "at most 100 blocks"),
]


@pytest.mark.parametrize(("spec", "problem"), [pytest.param(s, p, id=i) for i, s, p in BROKEN])
def test_a_broken_map_is_refused_naming_the_problem(spec, problem):
    """docs/rules/splashdown.md#map-format: a broken map (no Home, an unreachable pad, a block
    wider than 3, ...) is refused with a message naming the problem; README: the full
    list."""
    with pytest.raises(BadPosition) as err:
        load_map(spec)
    assert problem in str(err.value), str(err.value)
    with pytest.raises(BadPosition) as err:
        SplashdownGame(2, map=spec)
    assert problem in str(err.value)


def test_an_unknown_shipped_map_is_refused():
    with pytest.raises(BadPosition, match="no shipped map 'lake'"):
        SplashdownGame(2, map="lake")


def test_a_huge_map_text_is_quoted_short():
    """core/README: messages quote input cut short."""
    with pytest.raises(BadPosition) as err:
        load_map({"blocks": [["home"], ["x" * 100_000]]})
    assert len(str(err.value)) < 200


# -- Pad names and edges ----------------------------------------------------------------------
def test_pad_names():
    """README: Home is 'home'; a 1-pad block by its number; a wider block's pads by number
    and lane, left to right."""
    board = load_map({"blocks": [["home"], ["green"], ["red", "green"],
                                 ["yellow", "green", "red"]]})
    assert board.names == ("home", "1", "2a", "2b", "3a", "3b", "3c")
    assert board.blocks == (("home",), ("1",), ("2a", "2b"), ("3a", "3b", "3c"))
    assert [pad_name(4, lane, 3) for lane in range(3)] == ["4a", "4b", "4c"]


def test_pads_side_by_side_are_neighbours_but_not_across_the_block():
    """docs/rules/splashdown.md#edges: pads side by side in a block touch (a–b, b–c, not a–c)."""
    edges = edges_by_name({"blocks": [["home"], ["green"] * 3]})
    assert {("1a", "1b"), ("1b", "1c")} <= edges and ("1a", "1c") not in edges


@pytest.mark.parametrize(("widths", "between"), [
    ((1, 1), {("1", "2")}),
    ((2, 2), {("1a", "2a"), ("1b", "2b")}),
    ((3, 3), {("1a", "2a"), ("1b", "2b"), ("1c", "2c")}),
    ((1, 2), {("1", "2a"), ("1", "2b")}),
    ((2, 1), {("1a", "2"), ("1b", "2")}),
    ((1, 3), {("1", "2b")}),
    ((3, 1), {("1b", "2")}),
    ((2, 3), {("1a", "2b"), ("1b", "2b")}),
    ((3, 2), {("1b", "2a"), ("1b", "2b")}),
])
def test_default_edges_between_blocks_of_each_width(widths, between):
    """docs/rules/splashdown.md#edges: between two blocks the path runs straight ahead: a 1-pad
    block touches the centre of a 3-pad block and both pads of a 2-pad one; equal widths
    join lane to lane; a 2-pad block touches a 3-pad block only at its centre, with both
    its pads. Home is a 1-pad block."""
    first, second = widths
    edges = edges_by_name(two(first, second))
    inside = {e for e in edges if e[0][0] == e[1][0]}  # pads of one block
    home = {e for e in edges if "home" in e}
    assert edges - inside - home == between
    assert home == ({("1", "home")} if first == 1 else
                    {("1a", "home"), ("1b", "home")} if first == 2 else {("1b", "home")})


def test_default_edges_are_pairs_of_pad_numbers():
    assert default_edges([1, 2, 1]) == [(0, 1), (0, 2), (1, 2), (1, 3), (2, 3)]


def test_explicit_edges_replace_the_default_ones():
    """README: 'edges: these edges instead of the rule below'."""
    spec = {"blocks": [["home"], ["green", "red"], ["dark-green:2"]],
            "edges": [["home", "1a"], ["1a", "2"], ["2", "1b"]]}
    assert edges_by_name(spec) == {("1a", "home"), ("1a", "2"), ("1b", "2")}
    board = load_map(spec)
    assert board.explicit and board.dist[0][board.index["1b"]] == 3
    assert ("home", "1b") not in edges_by_name(spec)


def test_distances_never_pass_through_home():
    """docs/rules/splashdown.md#through-home: on FORK, 1 and 2 meet only at Home."""
    board = load_map(FORK)
    one, two_ = board.index["1"], board.index["2"]
    assert board.dist[one][two_] == FAR and board.dist[one][0] == 1
    assert board.dist[0][two_] == 1  # from Home itself a frog sets out, of course
    assert board.distance_through_home(one, two_) == 2


def test_distances_on_a_line():
    board = load_map(LINE)
    assert [board.dist[0][i] for i in range(len(board.names))] == list(range(9))
    assert board.dist[board.index["8"]][board.index["2"]] == 6
    assert board.within[board.index["5"]][2] == tuple(board.index[p] for p in "3467")


# -- The shipped maps -------------------------------------------------------------------------
def test_three_maps_are_shipped_as_json():
    """docs/rules/splashdown.md#shipped-maps: three maps (a short one for a first lesson, a long
    one, and one with parallel paths), as JSON."""
    assert list(MAPS) == ["short", "long", "parallel"]
    for name, board in MAPS.items():
        data = json.loads((MAP_FOLDER / f"{name}.json").read_text(encoding="utf-8"))
        assert load_map(data).names == board.names
        assert board.to_dict() == data and board.name == name
        assert load_map(name) is board


@pytest.mark.parametrize("name", list(MAPS))
def test_every_shipped_map_is_valid_and_worth_playing(name):
    """Every pad is reachable; there are flies, yellow and red pads, and wide blocks."""
    board = MAPS[name]
    assert all(d < FAR for d in board.dist[0])
    assert {"green", "yellow", "red", "dark-green"} <= set(board.colours)
    assert sum(board.printed) >= 5
    assert any(len(block) > 1 for block in board.blocks)


def test_the_short_map_is_short_and_the_long_map_long():
    """docs/rules/splashdown.md#shipped-maps: a short map for a first lesson, a long one."""
    assert 6 <= len(MAPS["short"].blocks) - 1 <= 10
    assert len(MAPS["long"].blocks) - 1 >= 20


def test_the_parallel_map_has_two_routes_that_meet_again():
    """docs/rules/splashdown.md#shipped-maps: one with parallel paths
    (docs/rules/splashdown.md#edges): on the parallel map, taking away any one pad of
    either lane still leaves a way from Home to the last pad — two routes that split and
    meet again."""
    board = MAPS["parallel"]
    last = len(board.names) - 1
    lanes = [i for i, n in enumerate(board.names) if n[-1] in "ab" and 2 <= int(n[:-1]) <= 9]
    assert len(lanes) == 16
    for gone in lanes:
        seen, queue = {0}, deque([0])
        while queue:
            i = queue.popleft()
            for j in board.neighbours[i]:
                if j != gone and j not in seen:
                    seen.add(j)
                    queue.append(j)
        assert last in seen, board.names[gone]


def test_a_map_is_shared_by_copies_of_a_game():
    """A Map never changes, so a copied game keeps the same one (copies stay cheap)."""
    game = SplashdownGame(2, map="long")
    assert game.copy().map is game.map and copy.deepcopy(MAPS["short"]) is MAPS["short"]
    assert isinstance(game.map, Map) and repr(game.map) == "<Map 'long': 22 blocks, 43 pads>"


def test_to_dict_gives_a_fresh_copy_to_change():
    data = MAPS["short"].to_dict()
    data["blocks"].append(["red"])
    assert len(MAPS["short"].blocks) == 9 and len(load_map(data).blocks) == 10


# -- A student's own map -------------------------------------------------------------------
STUDENT = {
    "name": "Lily's pond",
    "blocks": [["home"], ["green", "yellow"], ["red", "dark-green:4", "green"],
               ["dark-green:1"], ["yellow", "red"], ["dark-green:6"]],
    "layout": {"row": 6},
}


def test_a_students_map_is_playable_to_the_end_and_saved_with_the_game():
    """README: 'SplashdownGame(2, map={...})  # a map of your own'."""
    game = SplashdownGame(3, seed=4, map=copy.deepcopy(STUDENT), max_turns=300,
                          clock=ManualClock())
    assert game.view()["map"]["name"] == "Lily's pond"
    assert game.view()["map"]["blocks"][2] == ["2a", "2b", "2c"]
    assert total_flies(game) == 11
    chooser = random.Random(4)
    while not game.is_over:
        game.play(chooser.choice(game.legal_moves()))
        assert total_flies(game) == 11
    loaded = SplashdownGame.from_dict(json.loads(json.dumps(game.to_dict())))
    assert loaded.log == game.log and loaded.options["map"] == game.options["map"]


def test_a_map_without_a_name_is_custom():
    game = SplashdownGame(2, map={"blocks": [["home"], ["dark-green:3"]]})
    assert game.view()["map"]["name"] == "custom"
    assert game.options["map"] == {"blocks": [["home"], ["dark-green:3"]]}
