"""The Froop! board's message path (docs/design.md#boards), through ipywidgets' real message router
``_handle_msg`` — the way a browser's messages arrive: a play (turned or not), draw, stop,
a give and the others' draw, bad input, the Panic refusal of a hot-seat board over hidden
hands, several people racing at one screen under Strategic, the Speed countdown, bots,
and what the board is sent (never a hand it may not see, nor the pile)."""

from __future__ import annotations

import json

import pytest

from pondwidgets.core import GameError, ManualClock
from pondwidgets.froop import CARDS, FroopBot, FroopGame
from pondwidgets.froop.widget import FroopBoard

from ..board_messages import move, send, unchanged, write_from_browser
from ..hidden_hands import Wire


def turn(letters: str) -> str:
    return letters[::-1]


# The starting card HSBF at 0,0 (heart, smiley over bat wing, flower). Ada holds BFHS,
# which fits turned (SHFB) at 1,0 and as it is (BFHS) at 0,1, both 2-matches, and BSHF;
# Bob holds HBFS.
START = [["HSBF", 0, 0]]
HANDS = [["BFHS", "BSHF"], ["HBFS"]]
# H S H      SHFB laid at 1,0 and FBHS at 1,1: Ada's BFSH at 0,1 covers three symbols
# B F B      (bat wing, flower, heart): a 3-match. Bob holds BSHF.
# . H S
STAIRS = [["HSBF", 0, 0], ["SHFB", 1, 0], ["FBHS", 1, 1]]
STAIR_HANDS = [["BFSH", "HBFS"], ["BSHF"]]


def position(froop=START, hands=HANDS, **more):
    return {"froop": froop, "hands": hands, "to_move": 0, **more}


def table(players=("Ada", "Bob"), seed=1, **options):
    return FroopGame(list(players), seed=seed, position=position(), **options)


def history(board):
    return [str(m) for _, m in board.game.history]


def synced(board):
    """Every synced trait's value as the browser gets it (the bundle widget aside)."""
    return {k: v for k, v in board.get_state().items() if k not in ("_bundle", "_esm", "_css")}


def unseen(game, seat):
    """The cards ``seat`` may not see now: the other hands and the pile (by name)."""
    seen = set(game.view(seat)["hand"] or []) if seat is not None else set()
    laid = {c["card"] for c in game.view(None)["cards"]}
    return sorted(set(CARDS) - seen - {min(c, turn(c)) for c in laid})


# -- moves reach the game ---------------------------------------------------------------------
def test_a_turned_play_by_message_reaches_the_game():
    board = FroopBoard(table(), seat=0)
    view = board.view
    assert view["hand"] == ["BFHS", "BSHF"] and view["people"] == [0]
    spots = {(p["move"], p["card"], p["turned"], p["match"]) for p in view["plays"]}
    assert ("SHFB at 1,0", "BFHS", True, 2) in spots
    assert ("BFHS at 0,1", "BFHS", False, 2) in spots
    move(board, "SHFB at 1,0")
    assert board.error == {}, board.error
    assert history(board) == ["SHFB at 1,0"]
    view = board.view
    assert view["cards"][-1] == {"card": "SHFB", "x": 1, "y": 0, "seat": 0, "match": 2}
    assert [1, 0, "S"] in view["cells"] and [2, 0, "H"] in view["cells"]
    assert view["bounds"] == [0, 0, 2, 1]
    assert view["hand"] == ["BSHF"] and view["people"] == []  # a 2-match ends the turn


def test_an_illegal_spot_is_refused_with_the_rule_and_changes_nothing():
    board = FroopBoard(table(), seat=0)
    unchanged(board, lambda: move(board, "BFHS at 1,0"))  # the bat wing on the smiley
    text = board.error["text"]
    assert "BFHS" in text or "1,0" in text, text
    unchanged(board, lambda: move(board, "BFHS at 7,7"))  # touches nothing
    assert board.error["text"] != text  # each rule in its own words
    unchanged(board, lambda: move(board, "HBFS at 0,1"))  # Bob's card, not Ada's


@pytest.mark.parametrize("content", [
    {"type": "move", "move": "SHFB at 1,0", "decisions": 4},  # not the picture shown
    {"type": "move", "move": "SHFB at 1,0", "decisions": 0, "seat": 1},
    {"type": "move", "move": "SHFB at 1.0,0", "decisions": 0},
    {"type": "move", "move": "SHFB at 99999999999999999999,0", "decisions": 0},
    {"type": "move", "move": "time", "decisions": 0},
    {"type": "move", "move": "give BFHS to 1", "decisions": 0},
    {"type": "move", "move": "others draw", "decisions": 0},
    {"type": "move", "move": "draw", "decisions": 0},  # a play exists
    {"type": "move", "move": "x" * 100_000, "decisions": 0},
    {"type": "move", "move": ["SHFB at 1,0"], "decisions": 0},
    {"type": "iam", "seat": 0},
    {"type": ["move"]},
])
def test_bad_input_is_answered_and_changes_nothing(content):
    board = FroopBoard(table(), seat=0)
    unchanged(board, lambda: send(board, content))


def test_a_trait_write_from_the_browser_is_refused():
    board = FroopBoard(table(), seat=0)
    unchanged(board, lambda: write_from_browser(board, {"seat": 1}), "set from Python")
    unchanged(board, lambda: write_from_browser(board, {"view": {**board.view, "pile": 0}}),
              "set from Python")
    assert board.seat == 0


def test_the_hot_seat_board_passes_the_device_between_plays():
    board = FroopBoard(table())  # hidden hands: the device goes round
    assert board.view["pass_to"] == 0 and board.view["hand"] is None
    assert board.view["plays"] == [] and board.view["people"] == []
    send(board, {"type": "iam", "seat": 0})
    shown = board.shown_view  # Ada's own view: sent apart, never in a trait
    assert shown["hand"] == ["BFHS", "BSHF"] and shown["people"] == [0]
    assert board.view["hand"] is None and board.view["pass_to"] == 0
    move(board, "SHFB at 1,0")
    assert board.shown_view["pass_to"] == 1 and board.shown_view["hand"] is None
    send(board, {"type": "iam", "seat": 1})
    view = board.shown_view
    assert view["hand"] == ["HBFS"]
    plays = [p["move"] for p in view["plays"]]
    assert ("draw" in [m["text"] for m in view["legal"]]) == (not plays)
    chosen = plays[0] if plays else "draw"
    move(board, chosen)
    assert board.error == {}, board.error
    assert history(board)[-1] == chosen


def stairs(**options):
    return FroopGame(["Ada", "Bob"], seed=1,
                     position=position(froop=STAIRS, hands=STAIR_HANDS), **options)


def test_a_three_match_then_play_again_or_stop():
    board = FroopBoard(stairs(), seat=0)
    assert ("BFSH at 0,1", 3) in {(p["move"], p["match"]) for p in board.view["plays"]}
    move(board, "BFSH at 0,1")
    view = board.view
    assert board.error == {}, board.error
    assert view["phase"] == "again" and view["chain"] == {"seat": 0, "match": 3}
    assert "stop" in [m["text"] for m in view["legal"]] and view["people"] == [0]
    move(board, "stop")
    assert board.error == {}, board.error
    assert board.view["people"] == [] and board.view["turn"] == 1
    assert history(board) == ["BFSH at 0,1", "stop"]


def test_cutthroat_a_give_after_a_three_match_by_message():
    board = FroopBoard(stairs(cutthroat=True), seat=0)
    move(board, "BFSH at 0,1")
    assert {"text": "give HBFS to 1", "kind": "give", "card": "HBFS", "to": 1} \
        in board.view["legal"]
    unchanged(board, lambda: move(board, "give BFSH to 1"))  # laid already
    unchanged(board, lambda: move(board, "give HBFS to 0"))  # to herself
    move(board, "give HBFS to 1")
    assert board.error == {}, board.error
    view = board.view
    assert view["hand"] == [] and view["is_over"] and view["winners"] == [0]
    assert view["players"][1]["cards"] == 2


# -- nothing secret is sent -----------------------------------------------------------------
@pytest.mark.parametrize("seat", [0, 1, None])
def test_no_hidden_hand_nor_the_pile_is_in_any_synced_trait(seat):
    """Nor in a message to the browser: on the hot-seat board (seat None), whose synced
    traits hold the spectator's view only, the view apart of the person who has the
    device holds their hand and no other, nor the pile."""
    game = FroopGame(["Ada", "Bob", "Cy"], seed=5)
    board = FroopBoard(game, seat=seat)
    wire = Wire(board)
    for step in range(6):
        text = json.dumps(synced(board))
        for name in unseen(game, seat):
            assert name not in text and turn(name) not in text, (step, name)
        assert "seed" not in text
        for private in wire.custom:
            holder = private["view"]["seat"]
            assert seat is None and holder is not None
            text = json.dumps(private)
            for name in unseen(game, holder):
                assert name not in text and turn(name) not in text, (step, name)
        wire.clear()
        if seat is None and board.shown_view["pass_to"] is not None:
            send(board, {"type": "iam", "seat": board.shown_view["pass_to"]})
            assert [p["view"]["seat"] for p in wire.custom] == [board.shown_view["seat"]]
            continue
        to_act = game.seats_to_act
        if not to_act:
            break
        game.play(FroopBot(seed=step)(game, to_act[0]), to_act[0])


def test_strategic_shows_every_hand_and_the_device_is_not_passed():
    game = table(strategic=True)
    board = FroopBoard(game)
    assert board.view["pass_to"] is None and board.view["people"] == [0]
    assert [p["hand"] for p in board.view["players"]] == HANDS
    # One person acting: no extras (the view's own plays are theirs); two people share
    # the screen, so the status line names whose turn it is
    assert board.view["plays_of"] == {} and board.view["prompt_of"] == {}
    assert board.view["prompt"] == game.prompt(None) == \
        "Ada: lay a card so that it covers at least two symbols of the Froop, each one matching."


# -- Panic ----------------------------------------------------------------------------------
def test_panic_with_hidden_hands_on_one_screen_is_refused():
    with pytest.raises(GameError) as refused:
        FroopBoard(table(panic=True))
    text = str(refused.value)
    assert "In Panic with hidden hands each person races on a board of their own (seat=…)" in text
    assert "strategic=True" in text and "Ada" in text and "Bob" in text
    # One person and bots, a board per person, or Strategic: all fine.
    FroopBoard(table(panic=True), bots={1: FroopBot(seed=1)}).close()
    game = table(panic=True)
    ada, bob = FroopBoard(game, seat=0), FroopBoard(game, seat=1)
    ada.start()
    bob.start()  # each races on their own board once both said Start
    assert ada.view["people"] == [0] and bob.view["people"] == [1]
    # A seat's board turned into a hot-seat one later is refused alike.
    with pytest.raises(GameError):
        ada.seat = None
    assert ada.seat == 0
    FroopBoard(table(panic=True, strategic=True)).close()


def test_running_a_panic_boards_cell_again_with_a_bot_fewer_is_refused():
    """The check judges the board being made, whatever it replaces: a hot-seat Panic board
    of one person against two bots, made again with one bot fewer, would seat two people
    at one screen over hidden hands."""
    game = FroopGame(["Ada", "Bob", "Cy"], seed=3, panic=True, clock=ManualClock())
    first = FroopBoard(game, bots={1: FroopBot(seed=1), 2: FroopBot(seed=2)})
    shown = first.view
    with pytest.raises(GameError, match="this board would seat Ada, Bob at one screen"):
        FroopBoard(game, bots={2: FroopBot(seed=2)})
    assert first._table is not None and first.view == shown  # left as it was
    again = FroopBoard(game, bots={1: FroopBot(seed=1), 2: FroopBot(seed=2)})  # accepted
    assert again._table.boards == [again] and again.view["pass_name"] == "Ada"
    again.close()


def test_strategic_panic_at_one_screen_takes_each_persons_move_with_its_seat():
    game = table(panic=True, strategic=True)
    board = FroopBoard(game)
    board.start()  # one press for the people at the screen
    view = board.view
    assert view["phase"] == "race" and view["people"] == [0, 1]
    assert set(view["legal_of"]) == {"0", "1"}
    # The status line speaks to the whole screen, each hand row to its person
    assert view["prompt"] == "Panic! Everyone plays at once."
    assert view["prompt_of"] == {"0": game.prompt(0), "1": game.prompt(1)}
    # Bob's plays with their match counts: the view holds only the shown seat's
    assert set(view["plays_of"]) == {"0", "1"} and view["plays_of"]["0"] == view["plays"]
    bob = view["plays_of"]["1"]
    assert {p["move"] for p in bob} == {m["text"] for m in view["legal_of"]["1"]
                                        if m["kind"] == "play"}
    assert all(p["match"] in (2, 3, 4) for p in bob)
    # Without a seat the move is refused (two people act here); Ada's card for Bob too
    first = view["legal_of"]["0"][0]["text"]
    unchanged(board, lambda: move(board, first))
    unchanged(board, lambda: move(board, first, seat=1))
    move(board, first, seat=0)
    assert board.error == {}, board.error
    assert game.history[-1][0] == 0 and str(game.history[-1][1]) == first
    bobs = board.view["legal_of"].get("1", [])
    if bobs:
        move(board, bobs[0]["text"], seat=1)
        assert board.error == {}, board.error
        assert game.history[-1][0] == 1


# -- Speed ------------------------------------------------------------------------------------
def test_speed_shows_the_countdown_of_the_seat_on_turn():
    clock = ManualClock()
    game = FroopGame(["Ada", "Bob"], seed=1, position=position(), speed=True, countdown=20,
                     clock=clock)
    board = FroopBoard(game, seat=0)
    countdown = board.view["countdown"]
    assert countdown["seat"] == 0 and countdown["seconds"] == 20
    assert countdown["left"] == pytest.approx(20)
    assert "speed" in board.view["variants"]
    assert FroopBoard(table(), seat=1).view["countdown"] is None


# -- bots ----------------------------------------------------------------------------------
@pytest.mark.parametrize("options", [{}, {"cutthroat": True}, {"panic": True},
                                     {"marathon": True, "strategic": True}])
def test_bots_alone_play_a_whole_game_on_a_board(options):
    game = FroopGame(3, seed=4, **options)
    board = FroopBoard(game, bots={s: FroopBot(seed=s) for s in range(3)})
    assert board.view["people"] == []
    board.run_bots()
    assert game.is_over and board.view["legal"] == [] and board.view["phase"] == "over"
    assert board.view["winners"] == list(game.winners)


def test_a_person_and_a_bot():
    game = FroopGame(["Ada", "Bob"], seed=6)
    board = FroopBoard(game, seat=0, bots={1: FroopBot(seed=2)})
    while not game.is_over and len(game.history) < 3000:
        if board.view["people"]:
            plays = board.view["plays"]
            move(board, plays[0]["move"] if plays else board.view["legal"][0]["text"])
            assert board.error == {}, board.error
        else:
            board.run_bots()
    assert game.is_over


def test_repr_is_stable():
    board = FroopBoard(FroopGame(2, seed=3), seat=0, bots={1: FroopBot(seed=1)})
    assert repr(board).startswith("<FroopBoard for seat 0, bots at [1]: <FroopGame")
    assert "0x" not in repr(board)


# -- the view is all the board needs ----------------------------------------------------------
DRAWN = {"phase": str, "legal": list, "playing": (int, type(None)), "to_act": list,
         "people": list, "legal_of": dict, "is_over": bool, "winners": list, "decisions": int,
         "bots": list, "cells": list, "cards": list, "bounds": list,
         "hand": (list, type(None)), "players": list, "pile": int, "turn": (int, type(None)),
         "chain": (dict, type(None)), "must_give": list, "passes": int,
         "countdown": (dict, type(None)), "plays": list, "variants": list, "plays_of": dict}


def check_view(view):
    for key, kind in DRAWN.items():
        assert isinstance(view[key], kind), (key, view[key])
    json.dumps(view)
    cells = {(x, y): s for x, y, s in view["cells"]}
    xs, ys = [x for x, _ in cells], [y for _, y in cells]
    assert view["bounds"] == [min(xs), min(ys), max(xs), max(ys)]
    for play in view["plays"]:
        letters = play["card"][::-1] if play["turned"] else play["card"]
        assert play["move"] == f"{letters} at {play['x']},{play['y']}"
        assert play["card"] in (view["hand"] or [])
        assert {"text": play["move"], "kind": "play", "card": letters, "x": play["x"],
                "y": play["y"]} in view["legal"]
        covered = [(play["x"] + dx, play["y"] + dy) for dy in (0, 1) for dx in (0, 1)]
        under = [(i, cells[c]) for i, c in enumerate(covered) if c in cells]
        assert len(under) == play["match"] >= 2
        assert all(letters[i] == s for i, s in under)
    for p in view["players"]:
        assert isinstance(p["cards"], int) and isinstance(p["points"], int)


@pytest.mark.parametrize("options", [{}, {"cutthroat": True, "marathon": True},
                                     {"speed": True}])
def test_every_view_of_a_whole_game_holds_what_the_board_draws(options):
    game = FroopGame(["Ada", "Bob"], seed=11, **options)
    board = FroopBoard(game, seat=0, bots={1: FroopBot(seed=1)})
    bot = FroopBot(seed=3)
    check_view(board.view)  # in Speed, held for its Start (face down)
    if game.against_the_clock:
        board.start()
        check_view(board.view)
    seen = set()
    while not game.is_over and len(game.history) < 3000:
        if board.view["people"]:
            move(board, bot(game, 0))
            assert board.error == {}, board.error
        else:
            board.run_bots()
        check_view(board.view)
        seen.add(board.view["phase"])
    assert game.is_over and "over" in seen


def test_speed_the_countdown_waits_while_the_device_goes_round():
    clock = ManualClock()
    game = FroopGame(["Ada", "Bob"], seed=1, position=position(), speed=True, countdown=20,
                     clock=clock)
    board = FroopBoard(game)  # hot-seat over hidden hands
    clock.advance(7)  # Ada walks to the screen: her time has not begun
    send(board, {"type": "iam", "seat": 0})
    assert board.shown_view["countdown"] == {"seat": 0, "seconds": 20, "left": 20,
                                              "running": True}
    move(board, "SHFB at 1,0")
    clock.advance(12)
    assert board.view["countdown"]["running"] is False  # the pass screen shows it still
    send(board, {"type": "iam", "seat": 1})
    countdown = board.shown_view["countdown"]  # Bob's own view
    assert countdown["seat"] == 1 and countdown["left"] == 20
