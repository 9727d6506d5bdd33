"""Explicit Croak! positions (pondwidgets/croak/README.md): every problem, a malformed
entry or a position the rules could never reach, is refused with BadPosition naming it,
and the positions the rules can reach are accepted."""

from __future__ import annotations

import pytest

from pondwidgets.core.errors import BadPosition
from pondwidgets.croak import CroakGame

LOG, REEDS, MUD, PIKE = "shallow/log", "shallow/reeds", "shallow/mud", "deep-a/pike"


def position(*frogs, **rest):
    return {"frogs": list(frogs), **rest}


def refused(pos, *fragments, players=None):
    with pytest.raises(BadPosition) as err:
        CroakGame(players or len(pos["frogs"]), seed=1, position=pos)
    for fragment in fragments:
        assert fragment in str(err.value), str(err.value)
    assert len(str(err.value)) < 300
    return str(err.value)


# -- malformed -------------------------------------------------------------------------------
@pytest.mark.parametrize("to_move", [1.0, True, "1", None, [1], 2, -1])
def test_to_move_is_a_seat_still_in_the_game(to_move):
    """``"to_move": 1.0`` once raised TypeError, and ``True`` was taken as seat 1 and left
    a game that could never move."""
    pos = position({"queen": "c3"}, {"queen": "f6"}, to_move=to_move)
    refused(pos, "'to_move' must be a seat still in the game")


@pytest.mark.parametrize(("a", "b"), [("D4", "d4"), ("d4", "d04"), ("d04", "D4")])
def test_a_square_named_twice_in_two_spellings_is_refused(a, b):
    """Two spellings of one square once raised IndexError when the box ran out."""
    pos = position({"queen": "c3"}, {"queen": "f6"}, tiles={a: REEDS, b: MUD})
    refused(pos, "d4 is named twice", repr(a), repr(b))


def test_the_same_frog_stuck_in_mud_twice_is_refused():
    pos = position({"queen": "c3", "servants": ["d4"], "mud": ["S d4", "S d4"]},
                   {"queen": "f6"}, tiles={"d4": MUD}, face_up=["d4"])
    refused(pos, "no other frog 'S d4' to be stuck in Mud")
    pos["frogs"][0]["servants"] = ["d4", "d4"]  # two Servants there: both may be stuck
    assert len(CroakGame(2, seed=1, position=pos).to_position()["frogs"][0]["mud"]) == 2


def test_a_frog_stuck_in_mud_stands_on_a_face_up_mud_tile():
    pos = position({"queen": "c3", "mud": ["Q c3"]}, {"queen": "f6"}, tiles={"c3": REEDS},
                   face_up=["c3"])
    refused(pos, "stands on a face-up Mud tile, and c3 is not one")
    pos["tiles"] = {"c3": MUD}
    pos["face_up"] = []
    refused(pos, "face-up Mud tile")


# -- positions the rules can never reach -------------------------------------------------------
@pytest.mark.parametrize(("frogs", "tiles", "face_up", "fragment"), [
    # a rival Servant on a Queen's square that is not a Log: landing eliminates
    ([{"queen": "c3"}, {"queen": "f6", "servants": ["c3"]}], {"c3": REEDS}, ["c3"],
     "c3: rival frogs share a square only as two Servants on a face-up Log"),
    # the same on a face-down tile
    ([{"queen": "c3"}, {"queen": "f6", "servants": ["c3"]}], {}, [],
     "rival frogs share a square only"),
    # two rival Servants on face-up Reeds
    ([{"queen": "a1", "servants": ["d4"]}, {"queen": "f6", "servants": ["d4"]}],
     {"d4": REEDS}, ["d4"], "d4: rival frogs share"),
    # a rival Queen and a Servant on one Log
    ([{"queen": "d4"}, {"queen": "f6", "servants": ["d4"]}], {"d4": LOG}, ["d4"],
     "rivals share a Log only as two Servants"),
    # Servants of three seats on one Log
    ([{"queen": "a1", "servants": ["d4"]}, {"queen": "f6", "servants": ["d4"]},
      {"queen": "h1", "servants": ["d4"]}], {"d4": LOG}, ["d4"],
     "rivals share a Log only as two Servants"),
    # two of one seat and one rival on a Log: the third arrival eliminates one
    ([{"queen": "a1", "servants": ["d4", "d4"]}, {"queen": "f6", "servants": ["d4"]}],
     {"d4": LOG}, ["d4"], "a third Servant one of them"),
    # a Queen standing on a face-up Pike
    ([{"queen": "d4"}, {"queen": "f6"}], {"d4": PIKE}, ["d4"],
     "d4: a frog on a face-up Pike would have been eaten"),
    # a Servant too
    ([{"queen": "a1", "servants": ["d4"]}, {"queen": "f6"}], {"d4": PIKE}, ["d4"],
     "face-up Pike"),
])
def test_a_position_the_rules_cannot_reach_is_refused(frogs, tiles, face_up, fragment):
    """The README promises BadPosition for a position that breaks the rules: these were all
    accepted (arriving eliminates rival frogs, docs/rules/croak.md#arrival; a Pike eats,
    docs/rules/croak.md#pike; rivals share only a Log, as two Servants,
    docs/rules/croak.md#log)."""
    refused(position(*frogs, tiles=tiles, face_up=face_up), fragment)


@pytest.mark.parametrize(("frogs", "tiles", "face_up"), [
    # two rival Servants on a face-up Log (docs/rules/croak.md#log)
    ([{"queen": "a1", "servants": ["d4"]}, {"queen": "f6", "servants": ["d4"]}],
     {"d4": LOG}, ["d4"]),
    # a Queen with Servants placed on her square, a Log included
    # (docs/rules/croak.md#placed-servants)
    ([{"queen": "d4", "servants": ["d4", "d4"]}, {"queen": "f6"}], {"d4": LOG}, ["d4"]),
    # two Servants of one seat left together when the Queen moved on
    ([{"queen": "a1", "servants": ["c3", "c3"]}, {"queen": "f6"}], {}, []),
    # a frog on a face-down Pike: the start of a game
    ([{"queen": "d4"}, {"queen": "f6"}], {"d4": PIKE}, []),
    # a frog stuck in Mud
    ([{"queen": "d4", "mud": ["Q d4"]}, {"queen": "f6"}], {"d4": MUD}, ["d4"]),
])
def test_positions_the_rules_can_reach_are_accepted(frogs, tiles, face_up):
    game = CroakGame(len(frogs), seed=1, position=position(*frogs, tiles=tiles,
                                                           face_up=face_up))
    again = CroakGame(len(frogs), seed=1, position=game.to_position())
    assert again.to_position() == game.to_position()


def test_a_position_keeps_the_order_frogs_came_to_a_shared_square():
    """Two rival Servants on a face-up Log: the one that came first is listed first (a
    Log's victims are offered so, and the board shows them so), and ``stacks`` keeps it."""
    frogs = [{"queen": "a1", "servants": ["c2"]}, {"queen": "h8", "servants": ["c2"]}]
    position = {"frogs": frogs, "tiles": {"c2": "shallow/log"}, "face_up": ["c2"]}
    by_seat = CroakGame(2, seed=1, position=position)
    came = CroakGame(2, seed=1, position={**position, "stacks": {"c2": ["S1", "S0"]}})
    on_log = next(t for t in came.view()["tiles"] if t["square"] == "c2")["frogs"]
    assert [f["seat"] for f in on_log] == [1, 0]
    assert came.to_position()["stacks"] == {"c2": ["S1", "S0"]}
    assert by_seat.to_position()["stacks"] == {"c2": ["S0", "S1"]}
    for bad in ({"c2": ["S1", "S1"]}, {"d4": ["S0"]}, {"c2": "S1 S0"}, ["c2"]):
        with pytest.raises(BadPosition, match="stacks"):
            CroakGame(2, seed=1, position={**position, "stacks": bad})
