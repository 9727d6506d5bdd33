"""A student's bot that never returns, on a board in a real JupyterLab: while it loops,
the kernel answers (another request runs at once); past its budget the board says it was
stopped and whose move the game waits for; Python then plays that seat and the board goes
on. (The Python side of the same: tests/core/test_students_bots.py.)"""

from __future__ import annotations

import time

from tests.browser.harness import expect
from tests.browser.test_croak_board import croak, square

STUCK = '''\
def stuck(game, seat):
    """A student's bot with a loop that never ends."""
    while True:
        pass
'''


def test_a_bot_that_never_returns_leaves_the_kernel_free_and_the_board_says_so(notebook):
    nb = notebook([STUCK, *croak(board="seat=0, bots={1: stuck}, bot_delay=0, "
                                       "bot_budget=4")])
    status = nb.board.locator("[data-role=status]")
    square(nb.board, "c3").click()
    square(nb.board, "c4").click()
    expect(status).to_have_text("Bob (a bot) is thinking…")
    asked = time.monotonic()
    assert nb.py.value("len(game.history)") == 1  # the kernel answers while the bot loops
    assert time.monotonic() - asked < 2.5, "the kernel waited for the bot"
    expect(nb.board.locator("[data-role=error]")).to_contain_text(
        "The bot stuck at seat 1 (Bob) took longer than its budget of 4 s for one "
        "decision, and was stopped. The game waits for Bob.", timeout=15_000)
    expect(status).to_have_text("The game waits for Bob: Bob's bot failed (the message "
                                "says why).")
    nb.py.value("str(game.play(game.legal_moves(1)[0], 1))")  # Python plays Bob's seat
    expect(nb.board).to_have_attribute("data-decisions", "2")
    expect(status).not_to_contain_text("waits")  # the game went on
    assert not [line for line in nb.console if line.startswith("pageerror")], nb.console
