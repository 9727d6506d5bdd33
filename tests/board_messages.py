"""What a board's front end sends, for the widget tests of every game: custom messages,
trait writes, and the check that a refused request changes nothing; and, for a live
table, the views saying they show and a wait on the asyncio loop."""

import asyncio
import time


def send(board, content):
    """A custom message from the browser (model.send(content))."""
    board._handle_msg({"content": {"data": {"method": "custom", "content": content}},
                       "buffers": []})


def write_from_browser(board, state):
    """A trait write from the browser (model.set(...); model.save_changes())."""
    board._handle_msg({"content": {"data": {"method": "update", "state": state,
                                            "buffer_paths": []}}, "buffers": []})


def move(board, notation, seat=None, decisions=None):
    """A click: the move message the board sends (``seat`` when several people race at
    one screen; ``decisions`` the picture it was made on, the current one by default)."""
    content = {"type": "move", "move": notation,
               "decisions": board.view["decisions"] if decisions is None else decisions}
    if seat is not None:
        content["seat"] = seat
    send(board, content)


def unchanged(board, action, *fragments):
    """``action`` is answered with an error on the board naming each fragment, short
    (a huge input is never echoed whole), and the game and the board's view are exactly
    as before (the view apart of the person who has the device too)."""
    save, view, shown = board.game.to_dict(), dict(board.view), board.shown_view
    serial = board.error.get("serial", 0)
    action()
    assert board.error["serial"] > serial  # a new error, even after a cleared one
    for fragment in fragments:
        assert fragment in board.error["text"], board.error["text"]
    assert len(board.error["text"]) < 300
    assert board.game.to_dict() == save
    assert board.view == view
    assert board.shown_view == shown


def showing(*boards):
    """Each board's view says it is on screen (bots then move on the asyncio loop)."""
    for board in boards:
        send(board, {"type": "ready"})


async def until(condition, seconds=5.0):
    """Let the kernel's loop run (bots, countdowns) until ``condition()``; fail after
    ``seconds``."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.005)
