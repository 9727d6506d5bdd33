"""Pass the device, in a real browser: a hot-seat board over hidden hands shows "Pass the
device to ..." and an "I am ..." button between people, and the page holds no hand of
the next person until they press it (core README, "Pass the device"); the person's view
comes by a message apart from the synced traits.

The board plays the hidden-hands test game (tests/hidden_hands.py), whose front end
(tests/browser/hands/) is built here with the project's pinned esbuild into a temporary
folder: it is no product bundle, and never goes into pondwidgets/static.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from tests.browser.harness import expect
from tests.js_tools import ensure_node_modules

ROOT = Path(__file__).resolve().parents[2]
JS = ROOT / "js"
FRONT_END = Path(__file__).parent / "hands"


@pytest.fixture(scope="module")
def front_end(tmp_path_factory) -> Path:
    """The test game's bundle, hands.js and hands.css, built into a temporary folder."""
    ensure_node_modules()
    out = tmp_path_factory.mktemp("hands-front-end")
    esbuild = JS / "node_modules" / ".bin" / "esbuild"
    for entry, target in (("index.js", ["--format=esm", "--target=es2020"]), ("index.css", [])):
        suffix = Path(entry).suffix
        done = subprocess.run([str(esbuild), str(FRONT_END / entry), "--bundle",
                               f"--outfile={out / ('hands' + suffix)}", "--log-level=warning",
                               *target], cwd=JS, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
    return out


def cells(built: Path) -> list[str]:
    return [f'''\
from pathlib import Path
from tests.hidden_hands import HandsBoard, HandsGame, use_front_end

built = Path({str(built)!r})
use_front_end((built / "hands.js").read_text(), (built / "hands.css").read_text())
game = HandsGame(["Ada", "Bob"], seed=5)
board = HandsBoard(game)  # seat=None: Ada and Bob share this screen
board''']


def holds_any(html: str, cards: list[int]) -> list[int]:
    """The cards ``html`` names (a number on its own, not part of a longer one)."""
    return [c for c in cards if re.search(rf"(?<![0-9A-Za-z]){c}(?![0-9A-Za-z])", html)]


def check_hidden(page, board, cards: list[int]) -> None:
    """Neither the board nor the page around it holds any of ``cards``."""
    assert holds_any(board.evaluate("(b) => b.outerHTML"), cards) == []
    content = page.content()
    assert [c for c in cards if f"card {c}" in content or f'data-card="{c}"' in content] == []


def test_pass_the_device_between_two_people_at_one_screen(notebook, front_end):
    nb = notebook(cells(front_end), ready=".pw-board.pw-hands")
    page, board = nb.page, nb.board
    ada, bob = nb.py.value("game.hands")
    pass_screen = board.locator("[data-role=pass-device]")
    hand = board.locator("[data-role=hand] [data-card]")

    # Ada's turn, before the press: the screen, and no hand anywhere on the page.
    expect(pass_screen).to_be_visible()
    expect(board.locator("[data-role=pass-device-text]")).to_have_text("Pass the device to Ada.")
    iam = board.get_by_role("button", name="I am Ada")
    expect(iam).to_be_visible()
    # The table stays in sight (the spectator's view: public counts), only hands go.
    expect(board.locator(".pw-stage")).to_be_visible()
    expect(board.locator('[data-role=player][data-seat="1"]')).to_have_text(
        re.compile("3 in hand, 0 played"))
    expect(hand).to_have_count(0)
    check_hidden(page, board, ada + bob)

    # Ada says who she is, from the keyboard: her hand, and still none of Bob's.
    iam.focus()
    page.keyboard.press("Enter")
    expect(hand).to_have_count(3)
    expect(pass_screen).to_be_hidden()
    assert [int(c) for c in hand.evaluate_all("(cs) => cs.map((c) => c.dataset.card)")] == ada
    check_hidden(page, board, bob)
    # Her view came apart, by a message: the synced view (what a save keeps) is still the
    # spectator's.
    assert nb.py.value("[board.shown_view['seat'], board.view['seat'], board.view['hand']]") \
        == [0, None, []]

    # She plays a card face down: the screen for Bob, focused, and no hand at all.
    board.locator(f'[data-card="{ada[1]}"]').click()
    expect(board.locator("[data-role=pass-device-text]")).to_have_text("Pass the device to Bob.")
    bob_button = board.get_by_role("button", name="I am Bob")
    expect(bob_button).to_be_focused()
    expect(hand).to_have_count(0)
    expect(board.locator('[data-role=player][data-seat="0"]')).to_have_text(
        re.compile("2 in hand, 1 played"))
    assert nb.py.value("[str(m) for s, m in game.history]") == [str(ada[1])]
    check_hidden(page, board, [ada[0], ada[2], *bob])

    # Bob presses it (Space, the other key of a button): his hand, none of Ada's.
    page.keyboard.press("Space")
    expect(hand).to_have_count(3)
    assert [int(c) for c in hand.evaluate_all("(cs) => cs.map((c) => c.dataset.card)")] == bob
    check_hidden(page, board, [ada[0], ada[2]])
    assert not [line for line in nb.console if line.startswith(("error", "pageerror"))]


LESSON = '''\
from pondwidgets.froop.lessons import lesson_board

board = lesson_board("play")  # a lesson: one student at the screen plays every seat
board'''


def test_a_lesson_board_in_a_notebook_shows_the_hand_at_once(notebook):
    """A lesson board (core README, Pass the device: "A lesson is one person's") is no
    game between people: from its first frame it shows the seat to act face up, with no
    pass screen and no press, and follows the seat to act as decisions go."""
    nb = notebook([LESSON], ready=".pw-board.pw-froop")
    board = nb.board
    hand = board.locator("[data-role=hand-card]")
    pass_screen = board.locator("[data-role=pass-device]")

    def cards():
        return sorted(hand.evaluate_all("(cs) => cs.map((c) => c.dataset.card)"))

    ada = nb.py.value("board.game.view(0)['hand']")
    # The first frame drawn already holds Ada's hand: counted, not waited for.
    assert hand.count() == len(ada) and cards() == sorted(ada)
    assert pass_screen.is_hidden()
    expect(board.locator("[data-role=status]")).to_contain_text("Your turn")
    expect(board.locator(".pw-stage")).to_be_visible()
    play = nb.py.value("board.view['plays'][0]")
    board.locator(f'[data-role=hand-card][data-card="{play["card"]}"]').click()
    if play["turned"]:
        board.locator("[data-role=turn-card]").click()
    board.locator(f'[data-role=spot][data-x="{play["x"]}"][data-y="{play["y"]}"]').click()
    assert nb.py.wait_for("board.game.current_player", 1) == 1
    bob = nb.py.value("board.game.view(1)['hand']")
    expect(board).to_have_attribute("data-decisions", "1")
    expect(hand).to_have_count(len(bob))
    assert cards() == sorted(bob) and pass_screen.is_hidden()
    assert nb.py.value("[board.view['pass_to'], board.view['seat']]") == [None, 1]
    assert not [line for line in nb.console if line.startswith(("error", "pageerror"))]
