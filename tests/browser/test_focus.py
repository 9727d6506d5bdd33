"""Focus after a decision, on every board (issue 24, 5; pondwidgets/core/README.md, "Focus
after a decision"): decisions played by keyboard against a bot, one's own and the bot's,
each leave focus on the status line, where Enter makes no move. The trap it closes: on
Kecke Frösche, after Enter on Draw, focus landed on "under water — Stork here", and at
the next turn Enter laid a stork.

One notebook holds a board of each game, each against a bot slow enough (``bot_delay``)
for the test to put focus back on a control of the game while the bot thinks.
"""

from __future__ import annotations

import re

import pytest

from tests.browser.harness import boards_notebook, expect

SETUP = """\
from pondwidgets.croak import CroakBoard, CroakBot, CroakGame
from pondwidgets.froop import FroopBot, FroopGame
from pondwidgets.froop.widget import FroopBoard
from pondwidgets.keckefrosche import KeckeBot, KeckeGame
from pondwidgets.keckefrosche.widget import KeckeBoard
from pondwidgets.rapidcroco import RapidBot, RapidcrocoBoard, RapidcrocoGame
from pondwidgets.splashdown import SplashBot, SplashdownBoard
from tests.froop.test_widget import position as froop_position
from tests.keckefrosche.test_widget import ADA, BOB, TOP, position as kecke_position
from tests.splashdown.helpers import frog, game_from, rig

CROAK = {
    "frogs": [{"queen": "a1", "servants": ["c3"]}, {"queen": "h8", "servants": ["f6"]}],
    "tiles": {sq: "shallow/reeds" for sq in ("a1", "c3", "c4", "f5", "f6", "h8")},
    "face_up": ["a1", "c3", "c4", "f5", "f6", "h8"],
}
# Round 1 of a race with the criteria turned: a1 > b1 ^, so b1 is the culprit.
RACE = {"grid": [">^H???", "??????", "??????", "??????", "??????", "??????"],
        "hands": {}, "suspect": "a1"}


def moves(board, seat):
    return [str(m) for s, m in board.game.history if s == seat]
"""

PACE = 1.5  # the bots' seconds per decision: time to put focus back before one comes
BOARDS = {
    "croak": "CroakBoard(CroakGame(['Ada', 'Bob'], seed=7, position=CROAK), seat=0, "
             f"bots={{1: CroakBot(seed=1)}}, bot_delay={PACE})",
    # Ada rolls 2, Bob rolls 4
    "splash": "SplashdownBoard(rig(game_from(frog(), frog(), first_turn=False), 2, 4, 3, 3), "
              f"seat=0, bots={{1: SplashBot(seed=1)}}, bot_delay={PACE})",
    "kecke": "KeckeBoard(KeckeGame(['Ada', 'Bob'], seed=1, "
             "position=kecke_position([ADA, BOB], TOP)), seat=0, "
             f"bots={{1: KeckeBot(seed=1)}}, bot_delay={PACE})",
    "froop": "FroopBoard(FroopGame(['Ada', 'Bob'], seed=1, position=froop_position()), "
             f"seat=0, bots={{1: FroopBot(seed=1)}}, bot_delay={PACE})",
    "rapid": "RapidcrocoBoard(RapidcrocoGame(['Ada', 'Bob'], seed=7, position=RACE), seat=0, "
             "bots={1: RapidBot(seed=1, look=60, spread=0, error_rate=0, pause=0)}, "
             f"bot_delay={PACE})",
}


@pytest.fixture(scope="module")
def _notebook(lab, chromium, sandbox):
    with boards_notebook(lab, chromium, sandbox, "focus-boards", SETUP, BOARDS,
                         ".pw-board") as boards:
        yield boards


def status(board):
    return board.locator("[data-role=status]")


def decided(nb, name, count):
    """The board has drawn `count` decisions, and its status line has the focus."""
    board = nb.board(name)
    expect(board).to_have_attribute("data-decisions", str(count))
    expect(status(board)).to_be_focused()


def enter_makes_no_move(nb, name, mine):
    """Enter, and Space, right after a decision: Ada's moves are still `mine`, and the
    status line keeps the focus."""
    board = nb.board(name)
    for key in ("Enter", "Space"):
        nb.page.keyboard.press(key)
    nb.page.wait_for_timeout(300)  # time for a move to reach Python, had one been sent
    assert nb.py.value(f"moves({name}, 0)") == mine
    expect(status(board)).to_be_focused()
    assert board.locator("[data-role=error]").is_hidden()


def bot_moves_focus(nb, name, control, count):
    """Focus put back on `control` while the bot thinks goes to the status line when the
    bot's decision (the board's `count`-th) comes."""
    control.focus()
    expect(control).to_be_focused()
    decided(nb, name, count)


def test_the_status_line_is_focusable_by_script_only(nb):
    for name in BOARDS:
        line = status(nb.board(name))
        expect(line).to_have_attribute("tabindex", "-1")
        expect(line).to_have_attribute("role", "status")


def test_croak(nb):
    board, keys = nb.board("croak"), nb.page.keyboard
    square = lambda name: board.locator(f'button[data-square="{name}"]')  # noqa: E731
    square("c3").focus()
    keys.press("Enter")  # chosen: no decision yet, focus stays on the frog
    expect(square("c3")).to_have_attribute("aria-pressed", "true")
    expect(square("c3")).to_be_focused()
    keys.press("ArrowDown")
    keys.press("Enter")  # c3 -> c4
    decided(nb, "croak", 1)
    enter_makes_no_move(nb, "croak", ["S c3-c4"])
    bot_moves_focus(nb, "croak", square("c4"), 2)
    # Tab from the status line goes into the pond, at its tab stop: Ada's frog to move.
    assert nb.py.wait_for("list(croak.game.seats_to_act)", [0], timeout=20) == [0]
    keys.press("Tab")
    expect(board.locator('[role=grid] button[tabindex="0"]')).to_be_focused()


def test_splash_down(nb):
    board, keys = nb.board("splash"), nb.page.keyboard
    pad = lambda name: board.locator(f'button[data-pad="{name}"]')  # noqa: E731
    board.locator('[data-role=decision][data-move="roll"]').focus()
    keys.press("Enter")  # a 2: the pads 1 and 2 are the landings now
    decided(nb, "splash", 1)
    expect(board).to_have_attribute("data-phase", "move")
    enter_makes_no_move(nb, "splash", ["roll"])
    keys.press("Tab")  # into the map, at the first landing
    expect(pad("1")).to_be_focused()
    keys.press("ArrowRight")
    keys.press("Enter")  # to 2
    decided(nb, "splash", 2)
    enter_makes_no_move(nb, "splash", ["roll", "to 2"])
    bot_moves_focus(nb, "splash", pad("2"), 3)  # Bob's roll


def test_kecke_froesche_draw_leaves_no_stork_trap(nb):
    board, keys = nb.board("kecke"), nb.page.keyboard
    stop = board.locator('[data-role=player][data-seat="0"] .kf-card-button[tabindex="0"]')
    stop.focus()
    keys.press("Enter")  # discard water-1
    decided(nb, "kecke", 1)
    enter_makes_no_move(nb, "kecke", ["discard water 1"])
    draw = board.locator('[data-role=decision][data-move="draw"]')
    draw.focus()
    keys.press("Enter")  # water-1 comes, and waits for its end of row
    decided(nb, "kecke", 2)
    expect(board).to_have_attribute("data-phase", "place")
    enter_makes_no_move(nb, "kecke", ["discard water 1", "draw"])
    board.locator('[data-role=end][data-end="right"]').focus()
    keys.press("Enter")
    decided(nb, "kecke", 3)
    mine = nb.py.value("moves(kecke, 0)")
    assert mine[:3] == ["discard water 1", "draw", "right"]
    enter_makes_no_move(nb, "kecke", mine)
    # While Bob (a bot) plays, focus on a biotope (a stork's place on Ada's turn) goes too.
    assert nb.py.value("list(kecke.game.seats_to_act)") == [1]
    count = int(board.get_attribute("data-decisions"))
    bot_moves_focus(nb, "kecke", board.locator(".kf-biotope").first, count + 1)
    # Ada's next turn: Enter where the focus is lays no stork.
    assert nb.py.wait_for("list(kecke.game.seats_to_act)", [0], timeout=30) == [0]
    expect(board.locator(".kf-biotope.is-target")).not_to_have_count(0)
    expect(status(board)).to_be_focused()
    enter_makes_no_move(nb, "kecke", mine)


def test_froop(nb):
    board, keys = nb.board("froop"), nb.page.keyboard
    board.locator('[data-role=hand-card][tabindex="0"]').focus()
    keys.press("Enter")  # chosen: on to the first place it fits (no decision yet)
    expect(board.locator("[data-role=spot]:focus")).to_have_class(re.compile(r"\bis-target\b"))
    keys.press("Enter")  # laid
    decided(nb, "froop", 1)
    mine = nb.py.value("moves(froop, 0)")
    assert len(mine) == 1
    enter_makes_no_move(nb, "froop", mine)
    assert nb.py.value("list(froop.game.seats_to_act)") == [1]
    bot_moves_focus(nb, "froop", board.locator('[data-role=hand-card][tabindex="0"]'), 2)


def test_rapidcroco(nb):
    board, keys = nb.board("rapid"), nb.page.keyboard
    site = lambda name: board.locator(f'button[data-site="{name}"]')  # noqa: E731
    site("a1").focus()
    keys.press("ArrowRight")
    keys.press("Enter")  # arrest b1, the culprit: the round is Ada's
    decided(nb, "rapid", 1)
    enter_makes_no_move(nb, "rapid", ["arrest b1"])
    # Ada deals the next round: her Turn the criteria is a decision too.
    turn = board.get_by_role("button", name="Turn the criteria")
    turn.focus()
    keys.press("Enter")
    decided(nb, "rapid", 2)
    expect(board).to_have_attribute("data-phase", "race")
    mine = nb.py.value("moves(rapid, 0)")
    assert len(mine) == 2
    enter_makes_no_move(nb, "rapid", mine)
