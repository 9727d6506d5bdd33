"""The Kecke Frösche board's message path (docs/design.md#boards), through ipywidgets' real message
router ``_handle_msg`` — the way a browser's messages arrive: discards, a stork, a draw and
its end of row, the blocks of the discarding phase, a biotope opened, done and pass, bad
input, bots, and what the board is sent (the view only: no chip's value, no pile order).
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from pondwidgets.core import RandomBot
from pondwidgets.keckefrosche import KeckeGame
from pondwidgets.keckefrosche.cards import DECK
from pondwidgets.keckefrosche.widget import KeckeBoard

from ..board_messages import move, send, unchanged, write_from_browser

ROWS = ("water", "bank", "dike")


def _pile_for(biotope: str, left: Counter) -> list[str]:
    """The cards left of one biotope as its discard pile: never two identical on each other."""
    pile: list[str] = []
    while +left:
        kind = max((k for k in sorted(left) if left[k] and (not pile or k != pile[-1])),
                   key=lambda k: left[k])
        pile.append(kind)
        left[kind] -= 1
    return pile


def position(displays, top, *, last=False, **more):
    """A starting position: these displays, the draw pile starting with ``top``. ``last``:
    the pile is ``top`` only, every other card on the biotopes' piles and in the box."""
    used = Counter(top)
    for d in displays:
        for row in ROWS:
            used.update(d.get(row, []))
        used["stork"] += d.get("storks", 0)
    rest = Counter(DECK) - used
    if not last:
        return {"displays": displays, "pile": list(top) + sorted(rest.elements()), **more}
    piles = {b: _pile_for(b, Counter({k: n for k, n in rest.items() if k.startswith(b + "-")}))
             for b in ROWS}
    return {"displays": displays, "biotopes": piles, "pile": list(top),
            "box": {"storks": rest["stork"], "bang": rest["bang"]}, **more}


ADA = {"water": ["water-1", "water-2"], "bank": [], "dike": ["dike-3"], "storks": 1,
       "chips": [2, 3]}
BOB = {"water": [], "bank": ["bank-2"], "dike": [], "storks": 0}
TOP = ["water-1", "stork", "bank-1"]


def collecting(**board_options):
    return KeckeBoard(KeckeGame(["Ada", "Bob"], seed=1, position=position([ADA, BOB], TOP)),
                      **board_options)


def last_card():
    """Ada draws the draw pile's last card: then Bob starts the discarding phase."""
    displays = [{"water": ["water-1", "water-2"], "bank": ["bank-1"], "dike": ["dike-3"],
                 "storks": 2},
                {"water": ["water-3"], "bank": ["bank-2"], "dike": [], "storks": 1}]
    return KeckeGame(["Ada", "Bob"], seed=1, position=position(displays, ["dike-1"], last=True))


def history(board):
    return [str(m) for _, m in board.game.history]


def legal(view):
    """The legal moves' notation: a view sends each as {text, kind, ...its fields}."""
    return [m["text"] for m in view["legal"]]


# -- clicks reach the game -----------------------------------------------------------------
def test_a_stork_and_a_discard_then_the_draws_and_an_end_by_message():
    board = collecting()
    view = board.view
    assert view["phase"] == "collect" and view["stage"] == "collecting"
    assert "discard water 2" in legal(view) and "stork bank" in legal(view)
    move(board, "stork bank")
    assert board.view["biotopes"][1]["top"] == "stork" and board.view["biotopes"][1]["blocked"]
    move(board, "discard water 2")  # two discards: the draws follow by themselves
    view = board.view
    assert board.error == {}, board.error
    assert view["biotopes"][0] == {"id": "water", "name": "under water", "top": "water-2",
                                   "count": 1, "blocked": False}
    assert view["phase"] == "place" and view["drawn"] == {"card": "water-1", "seat": 0}
    assert legal(view) == ["left", "right"]
    move(board, "left")  # next to the identical water-1: a chip
    view = board.view
    assert view["players"][0]["rows"]["water"] == ["water-1", "water-1"]
    assert view["players"][0]["chips"] == 3 and view["players"][0]["chip_values"] is None
    assert view["players"][0]["storks"] == 1  # the stork drawn replaced the one played
    assert view["players"][0]["rows"]["bank"] == ["bank-1"]  # an empty row: no decision
    assert history(board) == ["stork bank", "discard water 2", "left"]
    assert view["to_act"] == [1]


def test_draw_with_nothing_discarded_and_the_right_end():
    board = collecting()
    move(board, "draw")
    assert board.view["phase"] == "place" and board.view["drawn"]["card"] == "water-1"
    move(board, "right")
    assert board.view["players"][0]["rows"]["water"] == ["water-1", "water-2", "water-1"]
    assert history(board) == ["draw", "right"] and board.error == {}


def test_the_discarding_phase_block_discard_done_stork_open_and_pass():
    board = KeckeBoard(last_card())
    move(board, "draw")
    move(board, "right")  # the last card: the discarding phase begins with Bob
    view = board.view
    assert view["stage"] == "discarding" and view["phase"] == "block" and view["to_act"] == [1]
    assert legal(view) == ["block water", "block bank", "block dike"]
    move(board, "block water")
    move(board, "block bank")  # the box has storks: two biotopes are blocked
    view = board.view
    assert [b["blocked"] for b in view["biotopes"]] == [True, True, False]
    assert view["phase"] == "discard"
    assert "done" not in legal(view) and "pass" in legal(view)
    move(board, "pass")  # Bob passes
    assert board.view["passes"] == 1 and board.view["to_act"] == [0]
    move(board, "discard dike 1")
    assert "done" in legal(board.view)
    move(board, "done")
    assert board.view["to_act"] == [1] and board.view["passes"] == 0
    move(board, "stork dike")  # a stork moves a block: Bob chooses which biotope opens
    view = board.view
    assert view["phase"] == "open" and view["stork_played"] is True
    opens = [m for m in view["legal"] if m["kind"] == "open"]
    assert opens and all(m["biotope"] in ("water", "bank") for m in opens)
    assert opens[0] == {"text": f"open {opens[0]['biotope']}", "kind": "open",
                        "biotope": opens[0]["biotope"]}
    opens = [m["text"] for m in opens]
    move(board, opens[0])
    assert board.error == {}, board.error
    assert history(board)[-4:] == ["discard dike 1", "done", "stork dike", opens[0]]


# -- bad input changes nothing ------------------------------------------------------------
@pytest.mark.parametrize(("content", "fragment"), [
    ({"type": "move", "move": "discard water 9", "decisions": 0}, ""),
    ({"type": "move", "move": "discard lake 1", "decisions": 0}, ""),
    ({"type": "move", "move": "left", "decisions": 0}, ""),
    ({"type": "move", "move": "block dike", "decisions": 0}, ""),
    ({"type": "move", "move": "open bank", "decisions": 0}, ""),
    ({"type": "move", "move": "done", "decisions": 0}, ""),
    ({"type": "move", "move": "croak", "decisions": 0}, ""),
    ({"type": "move", "move": "draw", "decisions": 5}, ""),  # not the picture shown
    ({"type": "move", "move": "draw", "decisions": 0, "seat": 1}, ""),
    ({"type": "move", "move": "x" * 100_000, "decisions": 0}, ""),
    ({"type": "move", "move": ["draw"], "decisions": 0}, ""),
    ({"type": "move", "move": "draw", "decisions": "0"}, ""),
    ({"type": "move", "move": "draw", "decisions": 0, "cheat": True}, "no field"),
    ({"type": "option", "name": "odds", "value": True}, ""),
    ({"type": ["move"]}, ""),
    ("draw", ""),
    ({"type": "next_round", "decisions": 0}, "no round to start"),
])
def test_bad_input_is_answered_and_changes_nothing(content, fragment):
    board = collecting(seat=0)
    unchanged(board, lambda: send(board, content), fragment)


def test_a_move_out_of_turn_changes_nothing():
    board = KeckeBoard(KeckeGame(["Ada", "Bob"], seed=1, position=position([ADA, BOB], TOP)),
                       seat=1)
    unchanged(board, lambda: move(board, "draw"), "not your turn")


def test_a_trait_write_from_the_browser_is_refused():
    board = collecting(seat=0)
    unchanged(board, lambda: write_from_browser(board, {"seat": 1}), "set from Python")
    unchanged(board, lambda: write_from_browser(
        board, {"view": {**board.view, "pile": 0}}), "set from Python")
    assert board.seat == 0


# -- nothing secret is sent ------------------------------------------------------------------
def _lists(value):
    if isinstance(value, list):
        yield value
        for item in value:
            yield from _lists(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _lists(item)


def synced(board):
    """Every synced trait's value as the browser gets it (the bundle widget aside)."""
    state = board.get_state()
    return {k: v for k, v in state.items() if k not in ("_bundle", "_esm", "_css")}


def test_no_chip_value_nor_pile_order_is_in_any_synced_trait():
    chips = [2, 3]
    for seat in (0, 1, None):
        board = collecting(seat=seat)
        pile = list(board.game.to_dict().get("position", {}).get("pile", [])) or TOP
        state = synced(board)
        text = json.dumps(state)
        for player in state["view"]["players"]:
            assert player["chip_values"] is None and player["score"] is None
            assert isinstance(player["chips"], int)
        for found in _lists(state):
            assert found != chips or found is None, found
            assert not (len(found) >= 2 and found == pile[:len(found)]), found
        assert isinstance(state["view"]["pile"], int)
        assert "seed" not in text
    # After a chip is taken, still no value anywhere
    board = collecting()
    move(board, "draw")
    move(board, "left")
    state = synced(board)
    assert state["view"]["players"][0]["chips"] == 3
    assert all(p["chip_values"] is None for p in state["view"]["players"])


def test_at_the_end_the_chips_are_shown_with_the_scores():
    game = KeckeGame(2, seed=3)
    board = KeckeBoard(game, bots={0: RandomBot(seed=1), 1: RandomBot(seed=2)})
    board.run_bots()
    assert game.is_over and board.view["phase"] == "over" and board.view["stage"] == "over"
    for player in board.view["players"]:
        values = player["chip_values"]
        assert isinstance(values, list) and len(values) == player["chips"]
        assert isinstance(player["score"], int)


# -- bots ---------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_bots_alone_play_a_whole_game_on_a_board(players):
    game = KeckeGame(players, seed=players)
    board = KeckeBoard(game, bots={s: RandomBot(seed=s) for s in range(players)})
    assert board.view["people"] == []
    board.run_bots()
    assert game.is_over and board.view["legal"] == []
    assert board.view["winners"] == list(game.winners)


def test_a_person_and_a_bot():
    game = KeckeGame(["Ada", "Bob"], seed=6)
    board = KeckeBoard(game, seat=0, bots={1: RandomBot(seed=2)})
    while not game.is_over and len(game.history) < 2000:
        if board.view["people"]:
            move(board, legal(board.view)[0])
            assert board.error == {}, board.error
        else:
            board.run_bots()
    assert game.is_over


def test_repr_is_stable():
    board = KeckeBoard(KeckeGame(2, seed=3), seat=0, bots={1: RandomBot(seed=1)})
    assert repr(board).startswith("<KeckeBoard for seat 0, bots at [1]: <KeckeGame")
    assert "0x" not in repr(board)
    assert repr(KeckeBoard(KeckeGame(2, seed=3))).startswith("<KeckeBoard for every free seat: ")


def test_the_hot_seat_board_shows_every_display_and_passes_no_device():
    game = KeckeGame(["Ada", "Bob"], seed=1, position=position([ADA, BOB], TOP))
    board = KeckeBoard(game)
    assert board.view["pass_to"] is None and board.view["people"] == [0]
    assert board.view["players"][1]["rows"]["bank"] == ["bank-2"]


# -- the view is all the board needs --------------------------------------------------------
DRAWN = {"phase": str, "legal": list, "playing": (int, type(None)), "to_act": list,
         "is_over": bool, "winners": list, "decisions": int, "bots": list, "kinds": list,
         "biotopes": list, "players": list, "pile": int, "box": int,
         "drawn": (dict, type(None)), "to_draw": int, "discarded": list, "passes": int,
         "stage": str}


def check_view(view):
    for key, kind in DRAWN.items():
        assert isinstance(view[key], kind), (key, view[key])
    json.dumps(view)
    kinds = {k["id"] for k in view["kinds"]}
    assert len(kinds) == 12 and all(k["letter"] and k["name"] for k in view["kinds"])
    assert [b["id"] for b in view["biotopes"]] == list(ROWS)
    for b in view["biotopes"]:
        assert b["top"] in kinds | {"stork", None}
    for p in view["players"]:
        assert set(p["rows"]) == set(ROWS)
        for row, cards in p["rows"].items():
            assert all(c in kinds and c.startswith(row + "-") for c in cards)
    for m in view["legal"]:
        kind, text = m["kind"], m["text"]
        if kind == "discard":
            row, place = m["biotope"], m["place"]
            assert 1 <= place <= len(view["players"][view["playing"]]["rows"][row])
            assert text == f"discard {row} {place}" and set(m) == {"text", "kind", "biotope",
                                                                    "place"}
        elif kind in ("stork", "block", "open"):
            assert m["biotope"] in ROWS and text == f"{kind} {m['biotope']}"
        else:
            assert kind in ("draw", "left", "right", "done", "pass") and m == {
                "text": kind, "kind": kind}, m
    assert view["stage"] in ("collecting", "discarding", "over")


@pytest.mark.parametrize("players", [2, 4])
def test_every_view_of_a_whole_game_holds_what_the_board_draws(players):
    game = KeckeGame(players, seed=11)
    board = KeckeBoard(game)  # every seat a person's: each decision by message
    bot = RandomBot(seed=3)
    seen = set()
    check_view(board.view)
    while not game.is_over:
        move(board, str(bot(game, board.view["playing"])))
        assert board.error == {}, board.error
        check_view(board.view)
        seen.add(board.view["phase"])
    assert {"collect", "place", "discard", "over"} <= seen
