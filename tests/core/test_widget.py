"""The board's message path and sync mechanics (docs/design.md#boards), through ipywidgets' real
message router ``_handle_msg`` — the way a browser's messages arrive."""

from __future__ import annotations

import asyncio
import json

import pytest

from pondwidgets.core import RandomBot
from pondwidgets.croak import CroakBoard, CroakBot, CroakGame

from ..board_messages import move, send, unchanged, write_from_browser
from .racing import Tap, TapBoard


@pytest.fixture
def board():
    return CroakBoard(CroakGame(2, seed=3), seat=0)


# -- moves from the browser ------------------------------------------------------------
def test_a_move_from_the_browser_is_played_and_the_view_follows(board):
    move(board, "S b1-c2")
    assert [str(m) for _, m in board.game.history] == ["S b1-c2"]
    assert board.view["decisions"] == 1
    # Green is to move now: Blue's board shows Blue's view, with nothing to play.
    assert board.view == {**board.game.view(0), "legal": [], "playing": None, "people": [],
                          "legal_of": {}, "bots": [], "thinking": None, "next_round": None,
                          "start": None,
                          "can_undo": False, "undo_why": board._undo()[1],  # c2 was turned
                          "pass_to": None, "pass_name": None, "you": 0}
    assert board.error == {}


def test_an_illegal_move_shows_the_rule_that_forbids_it(board):
    unchanged(board, lambda: move(board, "Q a1-b1"), "one of your own frogs")


@pytest.mark.parametrize(("content", "fragment"), [
    ("S b1-c2", "does not know"),                                   # not a dictionary
    (["move", "S b1-c2"], "does not know"),
    ({"move": "S b1-c2", "decisions": 0}, "does not know"),         # no type
    ({"type": "teleport"}, "does not know"),
    ({"type": "move", "move": "S b1-c2", "decisions": 0, "cheat": 1}, "no field"),
    ({"type": "move", "move": 42, "decisions": 0}, "should be a str"),
    ({"type": "move", "move": None, "decisions": 0}, "should be a str"),
    ({"type": "move", "move": "S b1-c2"}, "should be a int"),
    ({"type": "move", "move": "S b1-c2", "decisions": "0"}, "should be a int"),
    ({"type": "move", "move": "S b1-c2", "decisions": False}, "should be a int"),
    ({"type": "move", "move": "S b1-c2", "decisions": 0.0}, "should be a int"),
    ({"type": "move", "move": "x" * 1_000_000, "decisions": 0}, "1,000,000 characters"),
    ({"type": "move", "move": "Q a1-b2-c3", "decisions": 0}, "not a Croak! move"),
    ({"type": "move", "move": "S b1-c2", "decisions": 5}, "moved on"),  # stale
    ({"type": "option", "name": "peek", "value": True}, "no option"),
    ({"type": "option", "name": "pike_odds", "value": "yes"}, "should be a bool"),
    ({"type": "undo", "decisions": 0}, "no move of yours"),
])
def test_bad_input_from_the_browser_changes_nothing(board, content, fragment):
    unchanged(board, lambda: send(board, content), fragment)
    assert len(board.error["text"]) < 300  # a huge input is never echoed whole


def test_an_out_of_turn_move_is_refused():
    game = CroakGame(2, seed=3)
    green = CroakBoard(game, seat=1)
    unchanged(green, lambda: move(green, "S h7-g6"), "not your turn", "Blue")


def test_a_move_for_a_bot_seat_is_refused():
    game = CroakGame(2, seed=3)
    board = CroakBoard(game, seat=0, bots={1: CroakBot(seed=1)})
    move(board, "S b1-c2")
    assert board.view["playing"] is None and board.view["legal"] == []
    unchanged(board, lambda: move(board, "S h7-g6"), "not your turn",
              "Green (a bot) is thinking…")


def test_while_only_bots_may_act_the_view_says_they_are_thinking():
    game = CroakGame(2, seed=3)
    board = CroakBoard(game, seat=0, bots={1: CroakBot(seed=1)})
    assert board.view["thinking"] is None  # Blue, a person, is to play
    move(board, "S b1-c2")
    assert game.seats_to_act == (1,)
    assert board.view["thinking"] == "Green (a bot) is thinking…"
    assert board.view["prompt"] == game.prompt(0)  # the game's own prompt is kept
    board.close()
    green = CroakBoard(game, seat=1)  # no bot there: a person's turn, nobody thinks
    assert green.view["thinking"] is None


def test_several_bots_thinking_are_all_named():
    game = CroakGame(3, seed=3)
    board = CroakBoard(game, seat=0, bots={1: CroakBot(seed=1), 2: CroakBot(seed=2)})
    move(board, "S b1-c2")
    first = game.seat_name(game.seats_to_act[0])
    assert board.view["thinking"] == f"{first} (a bot) is thinking…"
    assert CroakBoard(CroakGame(2, seed=3), seat=None).view["thinking"] is None


# -- who moves: people and the move's seat -----------------------------------------------
@pytest.mark.parametrize("seat", [0, None])
def test_a_move_for_a_seat_outside_people_is_refused(seat):
    """docs/design.md#boards: a board plays only for ``view.people``, whatever the browser says."""
    board = CroakBoard(CroakGame(2, seed=3), seat=seat)  # Blue (0) to move
    assert board.view["people"] == [0]
    unchanged(board, lambda: send(board, {"type": "move", "move": "S b1-c2", "decisions": 0,
                                          "seat": 1}), "not a seat this board may play")
    send(board, {"type": "move", "move": "S b1-c2", "decisions": 0, "seat": 0})
    assert board.game.history[-1][0] == 0


@pytest.mark.parametrize("seat", ["0", 0.0, True, None, [0]])
def test_a_move_whose_seat_is_not_an_int_is_refused(board, seat):
    unchanged(board, lambda: send(board, {"type": "move", "move": "S b1-c2", "decisions": 0,
                                          "seat": seat}), "'seat' should be a int")


def test_people_racing_at_one_screen_must_name_their_seat():
    """docs/design.md#boards: with several people acting at once, a move without ``seat`` cannot say
    whose it is."""
    board = TapBoard(Tap(2))
    assert board.view["people"] == [0, 1] and board.view["playing"] == 0
    unchanged(board, lambda: move(board, "tap"), "several people may act now")
    send(board, {"type": "move", "move": "tap", "decisions": 0, "seat": 1})
    assert board.game.history == [(1, "tap")] and board.view["people"] == [0]


def test_the_game_decides_whether_a_move_is_fresh():
    """In a race a rival's decision need not make a person's move stale: ``Game.fresh``
    says, and the board asks it."""
    class Relaxed(Tap):
        def fresh(self, seen):
            return seen <= len(self.history)

    for game, accepted in ((Tap(2), False), (Relaxed(2), True)):
        board = TapBoard(game)
        send(board, {"type": "move", "move": "tap", "decisions": 0, "seat": 0})
        send(board, {"type": "move", "move": "tap", "decisions": 0, "seat": 1})
        assert (len(game.history) == 2) is accepted
        assert ("moved on" in board.error.get("text", "")) is not accepted


def test_the_same_error_twice_is_shown_twice(board):
    move(board, "Q a1-b1")
    first = board.error["serial"]
    move(board, "Q a1-b1")
    assert board.error["serial"] == first + 1


# -- traits are Python's -----------------------------------------------------------------
@pytest.mark.parametrize("state", [{"seat": 1}, {"view": {}}, {"options": {"pike_odds": True}},
                                   {"error": {}}, {"seat": None, "view": {"legal": []}}])
def test_a_trait_write_from_the_browser_is_refused_and_reverted(board, state, monkeypatch):
    sent = []
    monkeypatch.setattr(board, "send_state", lambda key=None: sent.append(key))
    save, view, seat, options = board.game.to_dict(), board.view, board.seat, board.options
    write_from_browser(board, state)
    assert (board.seat, board.view, board.options) == (seat, view, options)
    assert board.game.to_dict() == save
    assert sent[0] == sorted(state)  # the Python values go back to every view
    assert "set from Python" in board.error["text"]


def test_seat_and_options_set_from_python_change_the_view(board):
    board.seat = 1
    assert board.view["seat"] == 1 and board.view["playing"] is None
    board.options = {"pike_odds": True}
    assert set(board.view["pike_odds"]) and all(
        t["front"] is None for t in board.view["tiles"] if t["square"] in board.view["pike_odds"])


def test_the_pike_overlay_uses_only_what_is_face_up(board):
    send(board, {"type": "option", "name": "pike_odds", "value": True})
    odds = board.view["pike_odds"]
    deep = [t for t in board.view["tiles"] if t["back"] != "shallow" and t["front"] is None]
    assert set(odds) == {t["square"] for t in deep}
    assert set(odds.values()) == {"1/8"}  # 2 Pikes among 16 deep tiles of each back


# -- sync -----------------------------------------------------------------------------------
def test_several_boards_on_one_game_stay_in_sync():
    game = CroakGame(2, seed=3)
    blue, green, table = CroakBoard(game, seat=0), CroakBoard(game, seat=1), CroakBoard(game)
    move(blue, "S b1-c2")
    assert blue.view["decisions"] == green.view["decisions"] == table.view["decisions"] == 1
    assert green.view["playing"] == 1 and table.view["playing"] == 1
    game.play("S h7-g6")  # from Python
    assert blue.view["playing"] == 0 and blue.view["decisions"] == 2
    assert green.view["tiles"] == blue.view["tiles"] == table.view["tiles"]


def test_a_table_board_plays_each_seat_in_turn():
    game = CroakGame(2, seed=3)
    table = CroakBoard(game)
    move(table, "S b1-c2")
    move(table, "S h7-g6")
    assert [seat for seat, _ in game.history] == [0, 1]


# -- undo from the board -----------------------------------------------------------------------
def test_undo_from_the_board_never_goes_back_past_a_reveal():
    game = CroakGame(2, seed=3)
    board = CroakBoard(game)
    move(board, "S b1-c2")  # turns c2 over
    why = board.view["undo_why"]
    assert board.view["can_undo"] is False and "tile turned over" in why
    unchanged(board, lambda: send(board, {"type": "undo", "decisions": 1}),
              "nobody may peek")
    assert board.error["text"] == why  # the button's tooltip is the very refusal
    game.undo()  # the teacher, in Python, is not limited
    assert game.history == []


def test_undo_from_the_board_takes_back_a_move_that_revealed_nothing():
    position = {"frogs": [{"queen": "c3", "servants": ["c4"]}, {"queen": "f6"}],
                "tiles": {"d4": "shallow/reeds"}, "face_up": ["d4"]}
    game = CroakGame(2, seed=1, position=position)
    board = CroakBoard(game, bots={1: RandomBot(seed=1)})
    move(board, "S c4-d4")  # onto a face-up tile: nothing revealed
    board.run_bots()
    if game.undo_floor <= 0:  # the bot's answer did not reveal anything either
        send(board, {"type": "undo", "decisions": len(game.history)})
        assert game.history == []
    else:
        unchanged(board, lambda: send(board, {"type": "undo",
                                              "decisions": len(game.history)}), "nobody may peek")


# -- bots -------------------------------------------------------------------------------------
def test_bots_wait_until_a_view_is_showing_then_move_on_the_asyncio_loop():
    async def scenario():
        game = CroakGame(2, seed=3)
        board = CroakBoard(game, seat=0, bots={1: CroakBot(seed=1)}, bot_delay=0)
        move(board, "S b1-c2")
        for _ in range(5):
            await asyncio.sleep(0)
        assert len(game.history) == 1  # no view yet (nbval, a script): nothing moves
        send(board, {"type": "ready"})
        for _ in range(50):
            if board.view["playing"] == 0:
                break
            await asyncio.sleep(0)
        assert board.view["playing"] == 0 and game.history[-1][0] == 1
        board.close()

    asyncio.run(scenario())


def test_run_bots_plays_the_bots_synchronously():
    game = CroakGame(2, seed=3)
    board = CroakBoard(game, seat=0, bots={1: CroakBot(seed=1)})
    move(board, "S b1-c2")
    assert board.run_bots() >= 1 and board.view["playing"] == 0


def test_a_board_cannot_play_a_bot_seat():
    with pytest.raises(ValueError, match="bot"):
        CroakBoard(CroakGame(2, seed=3), seat=1, bots={1: CroakBot()})


def test_repr_is_stable():
    board = CroakBoard(CroakGame(2, seed=3), seat=0, bots={1: CroakBot()})
    assert repr(board) == ("<CroakBoard for seat 0, bots at [1]: <CroakGame 2 players, "
                           "0 decisions, to act: [0]>>")


@pytest.mark.parametrize("memory", [False, True])
def test_the_pike_overlay_never_counts_a_front_the_memory_option_hid(memory):
    """docs/design.md#hidden-information: under Memory, what the board is sent must not use
    a front that was turned face down again — remembering it is the game."""
    position = {"frogs": [{"queen": "a1", "servants": ["c3"]}, {"queen": "h8"}],
                "tiles": {"d4": "deep-a/pike"}}
    game = CroakGame(2, seed=1, position=position, memory=memory)
    board = CroakBoard(game, seat=0, pike_odds=True)
    move(board, "S c3-d4")  # eaten by the Pike
    odds = board.view["pike_odds"]
    deep_a = {t["square"] for t in board.view["tiles"]
              if t["back"] == "deep-a" and t["front"] is None}
    if memory:  # d4 is face down again and counts as unknown: 2 Pikes in 16 tiles
        assert "d4" in odds and {odds[sq] for sq in deep_a} == {"1/8"}
    else:  # d4 stays face up: 1 Pike left among the 15 other deep-A tiles
        assert "d4" not in odds and {odds[sq] for sq in deep_a} == {"1/15"}


# -- the message path: malformed messages and writes ---------------------------------------
def raw(board, data, buffers=()):
    """A comm message from the browser whose ``data`` may be anything at all."""
    board._handle_msg({"content": {"data": data}, "buffers": list(buffers)})


def deep(levels):
    value = []
    for _ in range(levels):
        value = [value]
    return value


@pytest.mark.parametrize("data", [
    {"method": "update", "state": {"nonsense": 1}},                 # an unknown trait
    {"method": "update", "state": "seat=1"},                        # state not a dict
    {"method": "update", "state": None},
    {"method": "update", "state": [["seat", 1]], "buffer_paths": [["x", 0]]},
    {"method": "update", "state": {"seat": 1}, "buffer_paths": "bad"},
    {"method": "teleport"},                                          # an unknown method
    {"method": ["custom"]},
    {"content": {"type": "move"}},                                   # no method
    "custom",                                                        # data not a dict
    None,
    {"method": "custom"},                                            # no content
    {"method": "custom", "content": {"type": ["move"]}},             # unhashable type
    {"method": "custom", "content": {"type": {"a": 1}}},
    {"method": "custom", "content": {"type": "move", 1: 2, "move": "S b1-c2",
                                     "decisions": 0}},             # a key that is no name
    {"method": "custom", "content": deep(5000)},                      # nested 5,000 deep
    {"method": "custom", "content": {"type": "move", "move": deep(5000), "decisions": 0}},
])
def test_every_malformed_message_gets_a_visible_refusal_and_changes_nothing(board, data):
    """An update naming an unknown trait, a state that is not a dict, a type that is a list:
    each once raised inside the widget and showed nothing. Now each is refused on the
    board like any other bad message, and the game is unchanged."""
    unchanged(board, lambda: raw(board, data))


def test_a_write_mixing_known_and_unknown_traits_sends_the_known_ones_back(board,
                                                                         monkeypatch):
    sent = []
    monkeypatch.setattr(board, "send_state", lambda key=None: sent.append(key))
    write_from_browser(board, {"seat": 1, "nonsense": 2, "view": {}})
    assert sent[0] == ["seat", "view"]  # the browser's own seat is put back
    assert board.seat == 0
    assert "nonsense" in board.error["text"] and "set from Python" in board.error["text"]


def test_a_request_for_the_state_is_answered(board, monkeypatch):
    sent = []
    monkeypatch.setattr(board, "send_state", lambda key=None: sent.append(key))
    raw(board, {"method": "request_state"})
    assert sent == [None] and board.error == {}


# -- nothing shown or synced carries the seed ----------------------------------------------
def test_no_repr_error_or_synced_trait_carries_a_secret_seed():
    """The text fallback saved in the notebook once printed the seed, which rebuilds every
    face-down tile. A drawn seed (63 bits) appears in no repr, no trait and no error."""
    game = CroakGame(2)
    secret = str(game.seed)
    board = CroakBoard(game, seat=0, bots={1: CroakBot(seed=1)}, pike_odds=True)
    move(board, "Q a1-a1")  # refused: an error on the board
    error = board.error["text"]
    move(board, "S b1-c2")
    board.run_bots()
    text, _ = board._repr_mimebundle_()
    shown = [repr(game), repr(board), text["text/plain"], error,
             json.dumps(board.get_state(), default=str)]
    assert not any(secret in part for part in shown)
    assert not any("seed" in part for part in shown[:3])
