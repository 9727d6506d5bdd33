"""The Splash down board's message path (docs/design.md#boards), through ipywidgets' real message
router ``_handle_msg`` — the way a browser's messages arrive: a roll, a landing, a push
or none, bad input, bots, undo, and what the board is sent (the view only).

Most games start from an explicit position on ``LINE`` (Home, then one pad a block: 1
green, 2 red, 3 yellow, 4 dark green with 2 flies, ...), the dice and coins chosen by the
test (``helpers.rig``).
"""

from __future__ import annotations

import json

import pytest

from pondwidgets.core import RandomBot
from pondwidgets.splashdown import SplashdownBoard, SplashdownGame

from ..board_messages import move, send, unchanged, write_from_browser
from .helpers import frog, game_from, rig

ODDS = {"success": "1/2", "fail": "1/3", "fail, and a life lost": "1/6"}


def duel(*outcomes, **options):
    """Ada on 1 to play, Bob on 2 (red): a roll of 1 lands Ada on Bob, with a push offer."""
    game = game_from(frog("1", left=True), frog("2", left=True), first_turn=False, **options)
    return rig(game, *outcomes)


def pushing(*outcomes, **board_options):
    """A board on the duel, Ada landed on Bob's pad: the push is offered."""
    board = SplashdownBoard(duel(1, *outcomes), **board_options)
    move(board, "roll")
    move(board, "to 2")
    return board


def texts(view):
    """The notation of each legal move the view sends (each move is sent as its data)."""
    return [m["text"] for m in view["legal"]]


# -- clicks reach the game -----------------------------------------------------------------
def test_a_roll_then_a_landing_by_message_reach_the_game():
    game = rig(game_from(frog(), frog(), first_turn=False), 3, "heads")
    board = SplashdownBoard(game)
    assert board.view["phase"] == "roll" and texts(board.view) == ["roll"]
    assert board.view["last_chance"] is None
    move(board, "roll")
    view = board.view
    assert view["phase"] == "move" and view["roll"] == 3
    assert view["last_chance"] == {"kind": "die", "value": 3, "seat": 0, "decision": 1}
    assert texts(view) == ["to 1", "to 2", "to 3"]  # the board's landing targets
    move(board, "to 3")  # the yellow pad: a coin, heads
    assert [str(m) for _, m in game.history] == ["roll", "to 3"]
    view = board.view
    assert view["frogs"][0]["pad"] == "3" and view["frogs"][0]["lives"] == 5
    assert view["last_chance"] == {"kind": "coin", "value": "heads", "seat": 0, "decision": 2}
    assert view["phase"] == "roll" and view["to_act"] == [1] and board.error == {}


def test_a_landing_on_dark_green_collects_its_flies():
    game = rig(game_from(frog("1", left=True), frog(), first_turn=False), 3)
    board = SplashdownBoard(game, seat=0)
    move(board, "roll")
    move(board, "to 4")
    view = board.view
    assert view["frogs"][0]["flies"] == 2 and view["frogs"][0]["sets"] == [{"pad": "4", "flies": 2}]
    assert view["map"]["pads"]["4"] == {"colour": "dark-green", "flies": 0, "printed": 2}


def test_the_first_turn_rolls_two_dice_and_keeps_the_higher():
    board = SplashdownBoard(rig(game_from(frog(), frog()), 2, 5))
    move(board, "roll")
    view = board.view
    assert view["dice"] == [2, 5] and view["roll"] == 5
    assert view["last_chance"]["value"] == 5 and view["phase"] == "move"


def test_the_reroll_option_offers_keep_and_roll_again():
    board = SplashdownBoard(rig(game_from(frog(), frog(), reroll=True), 2, 6))
    move(board, "roll")
    assert board.view["phase"] == "reroll" and texts(board.view) == ["keep", "reroll"]
    move(board, "reroll")
    assert board.view["phase"] == "move" and board.view["roll"] == 6
    assert board.view["last_chance"] == {"kind": "die", "value": 6, "seat": 0, "decision": 2}


# -- the push ------------------------------------------------------------------------------
def test_the_push_offer_shows_its_odds_and_where_the_mover_came_from():
    board = pushing()
    view = board.view
    assert view["phase"] == "push" and texts(view) == ["push", "no push"]
    assert view["push"] == {"pad": "2", "frogs": [1], "from": "1"}
    assert view["push_odds"] == ODDS
    assert view["frogs"][0]["lives"] == 4  # the red pad's life comes first


@pytest.mark.parametrize(("roll", "lives", "ada_on"), [
    (4, [4, 4], "2"),   # even: Bob loses a life, Ada stays
    (3, [4, 5], "1"),   # odd: Ada goes back to 1
    (1, [3, 5], "1"),   # 1: back, and a life lost
])
def test_a_push_shows_its_roll_and_its_result(roll, lives, ada_on):
    board = pushing(roll)
    move(board, "push")
    assert board.view["phase"] == "push-roll" and texts(board.view) == ["roll"]
    assert board.view["push_odds"] == ODDS  # still offered while the frog die is rolled
    move(board, "roll")
    view = board.view
    assert view["last_chance"] == {"kind": "push", "value": roll, "seat": 0, "decision": 4}
    assert [f["lives"] for f in view["frogs"]] == lives
    assert view["frogs"][0]["pad"] == ada_on
    assert view["push"] is None and "push_odds" not in view
    assert view["phase"] == "roll" and view["to_act"] == [1]


def test_no_push_ends_the_turn_and_both_frogs_share_the_pad():
    board = pushing()
    move(board, "no push")
    view = board.view
    assert [f["pad"] for f in view["frogs"]] == ["2", "2"]
    assert view["push"] is None and view["to_act"] == [1]


def test_the_odds_option():
    board = pushing(odds=False)
    assert board.options == {"odds": False} and "push_odds" not in board.view
    send(board, {"type": "option", "name": "odds", "value": True})
    assert board.view["push_odds"] == ODDS
    assert SplashdownBoard(SplashdownGame(2, seed=1)).options == {"odds": True}
    with pytest.raises(TypeError, match="odds"):
        SplashdownBoard(SplashdownGame(2, seed=1), pike_odds=True)


# -- undo ----------------------------------------------------------------------------------
def test_undo_takes_back_a_landing_but_never_a_die():
    game = rig(game_from(frog("1", left=True), frog(), first_turn=False), 4)
    board = SplashdownBoard(game, seat=0, bots={1: RandomBot(seed=1)})
    move(board, "roll")
    assert board.view["can_undo"] is False and "die rolled" in board.view["undo_why"]
    unchanged(board, lambda: send(board, {"type": "undo", "decisions": 1}), "nobody may peek")
    move(board, "to 5")  # a green pad: nothing drawn, so it may be taken back
    assert board.view["can_undo"] is True
    send(board, {"type": "undo", "decisions": 2})
    assert board.view["phase"] == "move" and board.view["roll"] == 4
    assert board.view["frogs"][0]["pad"] == "1"


# -- bad input changes nothing ------------------------------------------------------------
@pytest.mark.parametrize(("content", "fragment"), [
    ({"type": "move", "move": "to 9z", "decisions": 1}, "not a pad of this map"),
    ({"type": "move", "move": "to 6", "decisions": 1}, ""),   # out of reach: the rule says
    ({"type": "move", "move": "push", "decisions": 1}, "choose the pad to land on"),
    ({"type": "move", "move": "fly away", "decisions": 1}, ""),
    ({"type": "move", "move": "to 2", "decisions": 0}, "moved on"),  # an old picture
    ({"type": "move", "move": "to 2", "decisions": 1, "seat": 1}, "not a seat"),
    ({"type": "move", "move": "x" * 100_000, "decisions": 1}, ""),
    ({"type": "move", "move": ["to 2"], "decisions": 1}, ""),
    ({"type": "move", "move": "to 2", "decisions": "1"}, ""),
    ({"type": "move", "move": "to 2", "decisions": 1, "cheat": True}, "no field"),
    ({"type": "option", "name": "pike_odds", "value": True}, ""),
    ({"type": "option", "name": "odds", "value": "yes"}, ""),
    ({"type": ["move"]}, ""),
    ("roll", ""),
    ({"type": "next_round", "decisions": 1}, "no round to start"),
])
def test_bad_input_is_answered_and_changes_nothing(content, fragment):
    board = SplashdownBoard(duel(1), seat=0)
    move(board, "roll")  # the move phase: a roll of 1, from 1
    unchanged(board, lambda: send(board, content), fragment)


def test_a_move_out_of_turn_or_phase_changes_nothing():
    board = SplashdownBoard(duel(), seat=1)
    unchanged(board, lambda: move(board, "roll"), "not your turn")
    board = SplashdownBoard(duel(), seat=0)
    unchanged(board, lambda: move(board, "to 2"), "first roll the die")


def test_a_trait_write_from_the_browser_is_refused():
    board = SplashdownBoard(duel(), seat=0)
    unchanged(board, lambda: write_from_browser(board, {"seat": 1}), "set from Python")
    assert board.seat == 0


# -- bots ---------------------------------------------------------------------------------
def test_bots_alone_play_a_whole_game_on_a_board():
    game = SplashdownGame(3, seed=4, map="long", max_turns=200)
    board = SplashdownBoard(game, bots={s: RandomBot(seed=s) for s in range(3)})
    assert board.view["people"] == []
    board.run_bots()
    assert game.is_over and board.view["phase"] == "over"
    assert board.view["winners"] == list(game.winners) and board.view["legal"] == []


def test_a_person_and_a_bot():
    game = SplashdownGame(["Ada", "Bob"], seed=6)
    board = SplashdownBoard(game, seat=0, bots={1: RandomBot(seed=2)})
    while not game.is_over and len(game.history) < 400:
        if board.view["people"]:
            legal = board.view["legal"]
            move(board, legal[-1]["text"])  # the farthest pad, or no push
            assert board.error == {}, board.error
        else:
            board.run_bots()
    assert game.is_over or len(game.history) >= 400


def test_repr_is_stable():
    board = SplashdownBoard(SplashdownGame(2, seed=3), seat=0, bots={1: RandomBot(seed=1)})
    assert repr(board).startswith("<SplashdownBoard for seat 0, bots at [1]: <SplashdownGame")
    assert "0x" not in repr(board)
    assert repr(SplashdownBoard(SplashdownGame(2, seed=3))).startswith(
        "<SplashdownBoard for every free seat: ")


# -- the view is all the board needs --------------------------------------------------------
# Every key of view.* that js/splashdown reads, with its type (or None).
DRAWN = {"phase": str, "legal": list, "playing": (int, type(None)), "to_act": list,
         "is_over": bool, "winners": list, "decisions": int, "names": list, "bots": list,
         "map": dict, "frogs": list, "dice": list, "push": (dict, type(None)),
         "last_chance": (dict, type(None)), "roll": (int, type(None))}


def check_view(view):
    """Everything the front end reads is in the view, of the type it expects, and every pad
    it names is a pad of the map it draws."""
    for key, kind in DRAWN.items():
        assert isinstance(view[key], kind), (key, view[key])
    json.dumps(view)  # JSON-safe
    pads = view["map"]["pads"]
    blocks = view["map"]["blocks"]
    assert [name for block in blocks for name in block] == list(pads)
    assert blocks[0] == ["home"] and pads["home"]["colour"] == "home"
    assert all(a in pads and b in pads for a, b in view["map"]["edges"])
    colours = ("home", "green", "yellow", "red", "dark-green")
    assert all(p["colour"] in colours for p in pads.values())
    for legal in view["legal"]:  # each legal move's data: the board reads its fields
        if legal["kind"] == "to":
            assert legal["pad"] in pads and legal == {"text": f"to {legal['pad']}",
                                                      "kind": "to", "pad": legal["pad"]}
        else:
            assert legal["kind"] in ("roll", "keep", "reroll", "push", "no push")
            assert legal == {"text": legal["kind"], "kind": legal["kind"]}
    for f in view["frogs"]:
        assert (f["pad"] is None) == f["out"] and (f["pad"] is None or f["pad"] in pads)
        assert {"seat", "name", "lives", "flies", "sets", "home", "left_home"} <= set(f)
    if view["push"] is not None:
        assert view["push"]["pad"] in pads and view["push"]["from"] in pads
        assert view["phase"] in ("push", "push-roll")
    chance = view["last_chance"]
    if chance is not None:
        assert chance["kind"] in ("die", "coin", "push") and isinstance(chance["decision"], int)


@pytest.mark.parametrize("game_map", ["short", "long", "parallel"])
def test_every_view_of_a_whole_game_holds_what_the_board_draws(game_map):
    game = SplashdownGame(4, seed=11, map=game_map, reroll=True, max_turns=120)
    board = SplashdownBoard(game)  # every seat a person's: each decision by message
    bot = RandomBot(seed=3)
    seen = {board.view["phase"]}
    check_view(board.view)
    while not game.is_over:
        move(board, str(bot(game, board.view["playing"])))
        assert board.error == {}, board.error
        check_view(board.view)
        seen.add(board.view["phase"])
    assert {"roll", "reroll", "move", "over"} <= seen


def test_the_view_is_the_games_and_the_same_for_every_seat():
    """Nothing is hidden: a seat's board and a spectator's draw the same map and frogs."""
    game = SplashdownGame(3, seed=5)
    boards = [SplashdownBoard(game, seat=s) for s in range(3)]
    move(boards[0], "roll")
    views = [b.view for b in boards]
    for key in ("map", "frogs", "dice", "roll", "push", "last_chance", "events"):
        assert views[0][key] == views[1][key] == views[2][key] == game.view(None)[key]
    assert views[0]["legal"] and views[1]["legal"] == [] == views[2]["legal"]
