"""The board's message path under fuzzing, on every registered game: whatever a browser
console sends down the widget's channel — random JSON, near-valid messages (one field
wrong, stale, for another seat, a legal move slightly changed), trait writes, unknown
methods — nothing raises, and every refused message leaves the game and the board's view
exactly as they were. Valid messages are mixed in, so the games move on (and end, and
start again) while the fuzz goes on. Beside the registered games, a small test game with
hidden hands (tests/hidden_hands.py) fuzzes the pass-the-device screen and its "iam"
message, as Froop!'s hot-seat board does. Over hidden hands the synced view stays the
spectator's, and each view sent apart is that of the person who has the device. "New
game" and "Save" are among the valid messages: the saves go to a temporary folder (the
board's ``save_dir``), never into the repository.

CI sends 10,000 messages per game; the ``slow`` profile sends 100,000
(``bash tests/dev.sh test -m slow tests/conformance``)."""

from __future__ import annotations

import random
import string

import pytest

from pondwidgets.core import ManualClock
from pondwidgets.core.widget import MESSAGES
from pondwidgets.games import GAMES

from ..hidden_hands import HandsBoard, HandsGame, Wire
from .cases import Case

KINDS = [*MESSAGES, "moves", "", "MOVE", "__class__"]
ALPHABET = string.printable + "éü🐸\x00"


def _value(rng: random.Random, depth: int = 0):
    """Any JSON value (and a few that JSON cannot give: a console can send odd numbers)."""
    pick = rng.randrange(12 if depth < 3 else 8)
    if pick == 0:
        return None
    if pick == 1:
        return rng.random() < 0.5
    if pick == 2:
        return rng.choice([0, 1, -1, 2**31, -(2**63), 10**30, rng.randrange(-5, 100)])
    if pick == 3:
        return rng.choice([0.5, 1.0, -0.0, 1e308, float("inf"), float("nan")])
    if pick in (4, 5, 6, 7):
        size = rng.choice([0, 1, 3, 8, 30, 200, 5000])
        return "".join(rng.choices(ALPHABET, k=size))
    if pick in (8, 9):
        return [_value(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {_key(rng): _value(rng, depth + 1) for _ in range(rng.randrange(4))}


def _key(rng: random.Random) -> str:
    return rng.choice(["type", "move", "decisions", "seat", "name", "value", "state",
                       "method", "content", "data", "x", ""])


class Fuzzer:
    """Messages for one board: valid ones, near-valid ones, and junk."""

    def __init__(self, board, rng: random.Random):
        self.board, self.rng = board, rng

    def valid(self) -> dict:
        board, rng = self.board, self.rng
        view = board.shown_view  # what the person at the screen sees, and clicks on
        people = view["people"]
        kind = rng.choice(["move"] * 18 + ["undo"] * 3 + ["option"] * 3 + ["ready"] * 3
                          + ["new_game", "save"])
        if view.get("pass_to") is not None and rng.random() < 0.7:
            return {"type": "iam", "seat": view["pass_to"]}
        if kind == "move" and people:
            seat = rng.choice(people)
            message = {"type": "move", "move": rng.choice(view["legal_of"][str(seat)])["text"],
                       "decisions": view["decisions"]}
            if len(people) > 1 or rng.random() < 0.3:
                message["seat"] = seat
            return message
        if kind == "option" and board.OPTIONS:
            return {"type": "option", "name": rng.choice(list(board.OPTIONS)),
                    "value": rng.random() < 0.5}
        if kind in ("undo", "new_game"):
            return {"type": kind, "decisions": view["decisions"]}
        if kind == "save":
            return {"type": "save"}
        return {"type": "ready"}

    def near(self) -> dict:
        """A valid message with one thing wrong."""
        rng = self.rng
        message = self.valid()
        change = rng.randrange(6)
        if change == 0 and len(message) > 1:  # a field missing
            del message[rng.choice([k for k in message if k != "type"])]
        elif change == 1:  # a field too many
            message[rng.choice(["extra", "seat", "decisions", "move"])] = _value(rng)
        elif change == 2:  # a field of the wrong type or value
            name = rng.choice(list(message))
            message[name] = _value(rng)
        elif change == 3 and "decisions" in message:  # a stale or future picture
            message["decisions"] += rng.choice([-2, -1, 1, 5])
        elif change == 4 and "move" in message:  # a legal move slightly changed
            text = message["move"]
            at = rng.randrange(len(text))
            message["move"] = rng.choice([text[:at], text.upper(), text + " ",
                                          text[:at] + rng.choice("x9- ") + text[at + 1:]])
        elif change == 5:  # another seat, or none that exists
            message["seat"] = rng.choice([-1, 0, 1, 2, 3, 4, 5, 99, True, "1"])
        return message

    def envelope(self, content) -> object:
        """``content`` as the comm delivers it, or (sometimes) a broken delivery."""
        rng = self.rng
        pick = rng.randrange(20)
        if pick == 0:
            return _value(rng)
        if pick == 1:
            return {"content": {"data": {"method": rng.choice(["update", "echo_update",
                                                               "nonsense", None, 7]),
                                         "state": _value(rng)}}}
        if pick == 2:
            return {"content": {"data": _value(rng)}}
        if pick == 3:  # a trait write naming real traits
            traits = rng.sample(["view", "seat", "error", "options", "layout", "_esm"], 2)
            return {"content": {"data": {"method": "update",
                                         "state": {t: _value(rng) for t in traits}}}}
        return {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}

    def message(self):
        rng = self.rng
        pick = rng.random()
        if pick < 0.3:
            content = self.valid()
        elif pick < 0.7:
            content = self.near()
        elif pick < 0.85:
            content = {"type": rng.choice(KINDS),
                       **{_key(rng): _value(rng) for _ in range(rng.randrange(3))}}
        else:
            content = _value(rng)
        return self.envelope(content)


def _fingerprint(board):
    return board.game.to_dict()["digest"], board.view, board.shown_view, board.options


def _check_hidden(board, wire: Wire) -> None:
    """Over hidden hands the synced view (saved in a notebook) is the spectator's, and a
    private view goes only to the person who has the device: the one the board shows."""
    if board._passes():
        assert board.view["seat"] is None and board.view["people"] == []
    for private in wire.custom:
        assert private["type"] == "private" and private["view"]["seat"] is not None
        assert private["view"]["seat"] == board.shown_view["seat"]
    if wire.custom:
        assert wire.custom[-1] == {"type": "private", "serial": board.view["serial"],
                                   "view": board.shown_view}
    wire.clear()


def registered(entry):
    """A hot-seat board on a new game of ``entry``, of any player count it allows."""
    def new_board(rng: random.Random):
        case = Case(entry, rng.choice(list(entry.game.PLAYERS)))
        return entry.board(case.new(seed=rng.randrange(1000), **entry.limit), seat=None)
    return new_board


def hands(rng: random.Random):
    """A hot-seat board over hidden hands: it passes the device between people."""
    game = HandsGame(rng.choice([2, 3, 4]), seed=rng.randrange(1000), clock=ManualClock())
    return HandsBoard(game, seat=None)


BOARDS = [pytest.param(registered(entry), id=name) for name, entry in GAMES.items()]
BOARDS.append(pytest.param(hands, id="hidden-hands"))


def fuzz(new_board, messages: int, seed: int, save_dir) -> int:
    """Send ``messages`` messages to boards made by ``new_board(rng)`` (a new one when a
    game ends), saving into ``save_dir``; returns how many were refused."""
    rng = random.Random(seed)
    board = fuzzer = None
    refused = 0
    try:
        for _ in range(messages):
            if board is None or board.game.is_over:
                if board is not None:
                    board.close()
                board = new_board(rng)
                board.save_dir = save_dir
                fuzzer, wire = Fuzzer(board, rng), Wire(board)
            before, serial = _fingerprint(board), board.error.get("serial", 0)
            board.game.clock.advance(0.25)
            board._handle_msg(fuzzer.message())  # never raises
            if board.error and board.error["serial"] != serial:  # refused: nothing changed
                refused += 1
                assert _fingerprint(board) == before
                assert 0 < len(board.error["text"]) < 400
            _check_hidden(board, wire)
    finally:
        if board is not None:
            board.close()
    return refused


@pytest.mark.parametrize("new_board", BOARDS)
def test_the_board_survives_a_fuzz_of_messages(new_board, tmp_path):
    refused = fuzz(new_board, 10_000, seed=1, save_dir=tmp_path)
    assert 3_000 < refused < 10_000  # both kinds were sent: refused and accepted
    assert list(tmp_path.glob("*.pondsave.json"))  # it saved, there and only there


@pytest.mark.slow
@pytest.mark.parametrize("new_board", BOARDS)
def test_the_board_survives_a_long_fuzz_of_messages(new_board, tmp_path):
    fuzz(new_board, 100_000, seed=2, save_dir=tmp_path)
