"""Hot-seat play over hidden hands (core README, "Pass the device"): a board for several
people at one screen shows "pass the device to ..." between them, and until the next
person says "I am ..." it is sent only the spectator's view, so no hand reaches the
browser early. Its synced traits, which JupyterLab saves in the notebook, always hold the
spectator's view; the person who has the device gets their own view by a custom message,
which nobody saves."""

from __future__ import annotations

import pytest

from pondwidgets.core import BadArgument, RandomBot
from pondwidgets.core.widget import Board
from pondwidgets.croak import CroakBoard, CroakGame

from ..board_messages import move, send, unchanged
from ..hidden_hands import HandsBoard, HandsGame, Wire, cards_in, saved_state


def iam(board, seat):
    send(board, {"type": "iam", "seat": seat})


@pytest.mark.parametrize("players", [2, 3])
def test_no_hand_reaches_the_board_before_the_press_at_any_step(players):
    game, twin = HandsGame(players, seed=1), HandsGame(players, seed=2)
    board, twin_board = HandsBoard(game), HandsBoard(twin)
    wire = Wire(board)
    while not game.is_over:
        seat = game.current_player
        assert board.shown_view == board.view
        assert board.view["pass_to"] == seat
        assert board.view["pass_name"] == game.seat_name(seat)
        assert board.view["legal"] == [] and board.view["people"] == []
        assert board.view["hand"] == [] and board.view["seat"] is None
        assert cards_in(saved_state(board), game) == set()
        assert wire.custom == []  # nothing apart before the press
        # Indistinguishable: a game dealt other hands gives the very same board.
        assert saved_state(board) == saved_state(twin_board)
        iam(board, seat)
        iam(twin_board, seat)
        assert board.error == {}
        shown = board.shown_view
        assert shown["pass_to"] is None and shown["people"] == [seat]
        assert shown["hand"] == game.hands[seat] and shown["seat"] == seat
        assert shown["legal"] == shown["legal_of"][str(seat)]
        assert [m["text"] for m in shown["legal"]] == [str(c) for c in shown["hand"]]
        # Hers goes apart, once, numbered like the synced view it belongs with...
        (private,) = wire.custom
        assert private == {"type": "private", "serial": board.view["serial"], "view": shown}
        assert cards_in(str(private), game) == set(game.hands[seat] + game.played[seat])
        # ...and what the browser keeps, and JupyterLab saves, is still the spectator's.
        assert cards_in(saved_state(board), game) == set()
        assert cards_in(str(wire.updates), game) == set()
        assert board.view["pass_to"] == seat and board.view["hand"] == []
        assert saved_state(board) == saved_state(twin_board)
        wire.clear()
        move(board, str(game.hands[seat][0]))
        move(twin_board, str(twin.hands[seat][0]))
        assert game.history[-1][0] == seat
        if not game.is_over:  # (at the end every card is turned over)
            assert cards_in(str(wire.messages), game) == set()  # the device goes on
    # Over: every card was turned, and the board shows the spectator's view.
    assert board.view["pass_to"] is None and board.view["seat"] is None
    assert board.shown_view == board.view


def test_the_private_view_comes_before_its_synced_view_and_again_for_a_new_view():
    """The browser draws the private view beside the synced view of the same serial: it is
    sent first, so that view is drawn with it; and each view opened later (a second output
    of the board, a page reloaded while the kernel runs) says "ready" and gets it again."""
    game = HandsGame(2, seed=1)
    board = HandsBoard(game)
    wire = Wire(board)
    iam(board, 0)
    kinds = [m["method"] for m in wire.messages]
    assert kinds.index("custom") < kinds.index("update")
    serial = board.view["serial"]
    assert wire.updates[-1]["view"]["serial"] == serial
    wire.clear()
    send(board, {"type": "ready"})
    assert wire.custom == [{"type": "private", "serial": serial, "view": board.shown_view}]
    assert wire.updates == []  # the synced view did not change
    wire.clear()
    iam(board, 0)  # "I am Ada" again, from a view that missed it: the same, again
    assert wire.custom == [{"type": "private", "serial": serial, "view": board.shown_view}]
    assert board.error == {}
    move(board, str(game.hands[0][0]))  # Bob's turn: nobody has the device
    wire.clear()
    send(board, {"type": "ready"})
    assert wire.messages == []
    assert board.view["serial"] > serial and board.shown_view == board.view


@pytest.mark.parametrize("seat", [1, 2, -1, 99])
def test_iam_for_a_seat_that_may_not_act_now_is_refused(seat):
    board = HandsBoard(HandsGame(3, seed=1))  # Ada (0) to play
    unchanged(board, lambda: iam(board, seat), "may not take the device now")
    assert board.view["pass_to"] == 0


@pytest.mark.parametrize(("content", "fragment"), [
    ({"type": "iam"}, "'seat' should be a int"),
    ({"type": "iam", "seat": "0"}, "'seat' should be a int"),
    ({"type": "iam", "seat": True}, "'seat' should be a int"),
    ({"type": "iam", "seat": 0.0}, "'seat' should be a int"),
    ({"type": "iam", "seat": None}, "'seat' should be a int"),
    ({"type": "iam", "seat": [0]}, "'seat' should be a int"),
    ({"type": "iam", "seat": 0, "hand": True}, "no field"),
])
def test_a_malformed_iam_message_is_refused(content, fragment):
    board = HandsBoard(HandsGame(2, seed=1))
    unchanged(board, lambda: send(board, content), fragment)
    assert board.shown_view["pass_to"] == 0 and board.shown_view["hand"] == []


def test_iam_is_refused_where_no_device_is_passed():
    one_seat = HandsBoard(HandsGame(2, seed=1), seat=0)
    unchanged(one_seat, lambda: iam(one_seat, 0), "no \"I am\" screen")
    croak = CroakBoard(CroakGame(2, seed=3))  # hot-seat, but Croak! hides nothing
    assert croak.view["pass_to"] is None and croak.view["people"] == [0]
    unchanged(croak, lambda: iam(croak, 0), "no \"I am\" screen")
    watcher = Board(HandsGame(2, seed=1))  # no TABLE_PLAY: a spectator's board
    unchanged(watcher, lambda: iam(watcher, 0), "no \"I am\" screen")


def test_a_move_before_the_press_is_refused():
    game = HandsGame(2, seed=1)
    board = HandsBoard(game)
    card = str(game.hands[0][0])
    unchanged(board, lambda: move(board, card), "pass the device to Ada first", "I am Ada")
    unchanged(board, lambda: send(board, {"type": "move", "move": card, "decisions": 0,
                                          "seat": 0}), "pass the device to Ada first")


def test_pressing_twice_changes_nothing():
    board = HandsBoard(HandsGame(2, seed=1))
    iam(board, 0)
    view, shown = dict(board.view), board.shown_view
    iam(board, 0)  # a double click
    assert board.error == {} and board.view == view and board.shown_view == shown


def test_after_an_undo_the_screen_shows_again():
    game = HandsGame(2, seed=1)
    board = HandsBoard(game)
    iam(board, 0)
    move(board, str(game.hands[0][0]))
    assert board.view["pass_to"] == 1 and board.view["can_undo"] is True  # face down
    send(board, {"type": "undo", "decisions": 1})
    assert game.history == []
    shown = board.shown_view
    assert shown["pass_to"] == 0 and shown["hand"] == [] and shown["legal"] == []
    iam(board, 0)
    move(board, str(game.hands[0][0]))
    iam(board, 1)
    game.undo()  # the teacher, in Python: the screen again too
    assert board.shown_view["pass_to"] == 0 and board.shown_view["hand"] == []


def test_a_new_board_starts_on_the_screen():
    game = HandsGame(2, seed=1)
    board = HandsBoard(game)
    iam(board, 0)
    assert board.shown_view["hand"] == game.hands[0]
    again = HandsBoard(game)  # the cell run again (or the kernel restarted)
    assert again.shown_view["pass_to"] == 0 and again.shown_view["hand"] == []
    loaded = HandsBoard(HandsGame.from_dict(game.to_dict()))
    assert loaded.shown_view["pass_to"] == 0 and loaded.shown_view["hand"] == []


def test_changing_the_seat_from_python_forgets_who_was_there():
    game = HandsGame(2, seed=1)
    board = HandsBoard(game)
    iam(board, 0)
    board.seat = 1  # Bob's own board now: it shows his hand, as any seat's board does
    assert board.view["pass_to"] is None and board.view["hand"] == game.hands[1]
    assert board.shown_view == board.view
    board.seat = None
    assert board.shown_view["pass_to"] == 0 and board.shown_view["hand"] == []


def test_the_device_stays_with_its_person_while_only_bots_act():
    game = HandsGame(3, seed=1)
    board = HandsBoard(game, bots={1: RandomBot(seed=1)})
    iam(board, 0)
    move(board, str(game.hands[0][0]))
    # Bob (a bot) thinks: Ada still has the device, and sees her own hand only.
    shown = board.shown_view
    assert shown["pass_to"] is None and shown["hand"] == game.hands[0]
    assert shown["people"] == [] and shown["thinking"] == "Bob (a bot) is thinking…"
    assert board.view["hand"] == [] and board.view["thinking"] == shown["thinking"]
    board.run_bots()  # Bob plays; Cy is next, a person: pass the device
    assert game.current_player == 2
    assert board.shown_view["pass_to"] == 2 and board.shown_view["hand"] == []
    assert cards_in(saved_state(board), game) == set()


class RaceHands(HandsGame):
    """Every seat plays a card at once each round (a race of sorts)."""

    @property
    def seats_to_act(self) -> tuple[int, ...]:
        if self.is_over:
            return ()
        done = min(len(p) for p in self.played)
        return tuple(s for s in range(self.players) if len(self.played[s]) == done)


def test_a_race_at_one_screen_goes_round_one_person_at_a_time():
    """People at one screen cannot hide their hands while racing each other: the device
    goes round the racers, one decision each, the next after the last one who held it."""
    game = RaceHands(3, seed=1)
    board = HandsBoard(game)
    assert game.seats_to_act == (0, 1, 2) and board.view["pass_to"] == 0
    iam(board, 0)
    assert board.shown_view["people"] == [0]
    move(board, str(game.hands[0][0]))
    assert board.shown_view["pass_to"] == 1 and board.shown_view["hand"] == []
    unchanged(board, lambda: iam(board, 2), "goes to Bob")
    iam(board, 1)
    move(board, str(game.hands[1][0]))
    iam(board, 2)
    move(board, str(game.hands[2][0]))
    assert game.seats_to_act == (0, 1, 2) and board.view["pass_to"] == 0  # round again


# -- lesson boards: one person at the screen, every seat face up ---------------------------
def test_a_lesson_board_shows_the_seat_to_act_from_its_first_view_and_follows_it():
    """A lesson (``lesson=True``) is one person at the screen playing every seat: the
    first view the board sends (its synced traits, as the comm opens) is the seat to act's,
    hand and legal moves, and it follows the seat to act; never a pass screen, nothing
    apart."""
    game = HandsGame(3, seed=1)
    board = HandsBoard(game, lesson=True)
    assert board.lesson is True
    first = board.get_state()["view"]  # what the board's first frame is drawn from
    assert first["pass_to"] is None and first["pass_name"] is None
    assert first["seat"] == 0 and first["hand"] == game.hands[0]
    assert first["people"] == [0] and [m["text"] for m in first["legal"]] == [
        str(c) for c in game.hands[0]]
    assert first["you"] == 0 and first["prompt"] == "Play a card (face down)."
    assert board.shown_view == board.view
    wire = Wire(board)
    send(board, {"type": "ready"})
    assert wire.custom == []  # nothing goes apart: the synced view is the one drawn
    while not game.is_over:
        seat = game.current_player
        shown = board.view
        assert shown["pass_to"] is None and shown["seat"] == seat
        assert shown["hand"] == game.hands[seat] and shown["people"] == [seat]
        move(board, str(game.hands[seat][0]))
        assert board.error == {}
    assert wire.custom == []
    assert board.view["seat"] is None and board.view["pass_to"] is None  # the end


def test_a_lesson_board_keeps_its_persons_hand_while_only_bots_act():
    game = HandsGame(3, seed=1)
    board = HandsBoard(game, bots={1: RandomBot(seed=1)}, lesson=True)
    move(board, str(game.hands[0][0]))
    shown = board.view  # Bob (a bot) thinks: Ada's hand stays face up
    assert shown["seat"] == 0 and shown["hand"] == game.hands[0]
    assert shown["people"] == [] and shown["legal"] == []
    assert shown["thinking"] == "Bob (a bot) is thinking…"
    board.run_bots()
    assert board.view["seat"] == 2 and board.view["hand"] == game.hands[2]
    assert board.view["pass_to"] is None


def test_a_lesson_has_no_iam_screen_and_no_message_makes_a_game_a_lesson():
    game = HandsGame(2, seed=1)
    lesson = HandsBoard(game, lesson=True)
    unchanged(lesson, lambda: iam(lesson, 0), "lesson board has no \"I am\" screen")
    lesson.close()
    board = HandsBoard(game)  # a game between people: the screen, as ever
    assert board.lesson is False and board.view["pass_to"] == 0
    unchanged(board, lambda: send(board, {"type": "option", "name": "lesson",
                                          "value": True}), "no option 'lesson'")
    assert "lesson" not in board.options and "lesson" not in board.get_state()
    assert cards_in(saved_state(board), game) == set()


@pytest.mark.parametrize("value", [1, "yes", None])
def test_lesson_is_true_or_false(value):
    with pytest.raises(BadArgument, match="lesson is True or False"):
        HandsBoard(HandsGame(2, seed=1), lesson=value)


def test_lesson_boards_open_face_up_and_a_game_between_people_keeps_the_screen():
    """Lessons.board makes lesson boards (a lesson_board of a notebook): Froop!'s open on
    the hand of the seat to act (a Speed lesson's waits for its Start); lesson=False, or a
    board made by hand, passes the device."""
    from pondwidgets.froop import FroopBoard
    from pondwidgets.froop.lessons import lesson_board, lesson_game

    for name in ("play", "cutthroat-give", "ten-players"):
        board = lesson_board(name)
        try:
            game = board.game
            assert board.lesson and game.hides_hands
            view = board.get_state()["view"]
            assert view["pass_to"] is None and view["seat"] == game.current_player == 0
            assert view["hand"] == lesson_game(name).view(0)["hand"]
            assert view["prompt"].startswith("Your turn")
        finally:
            board.close()
    # Against a countdown too, face up from the first frame: its Start starts the clock, so
    # Run All does not run it out before the student reaches the lesson (core README, Start).
    timed = lesson_board("speed-draw")
    assert timed.lesson and timed.view["pass_to"] is None
    assert timed.view["hand"] == lesson_game("speed-draw").view(0)["hand"]
    assert timed.view["start"].startswith("Press Start") and timed.view["legal"] == []
    timed.close()
    between = lesson_board("play", lesson=False)
    assert between.view["pass_to"] == 0 and between.view["hand"] is None
    between.close()
    by_hand = FroopBoard(lesson_game("play"))
    assert by_hand.view["pass_to"] == 0 and by_hand.view["hand"] is None
    by_hand.close()
