"""How tall each game's board is, at its largest number of players, in JupyterLab at
1280 x 800 with its default layout (issue 24, item 6): a board that grows taller than
recorded here fails, so that none does unnoticed. Kecke Frösche's four displays (see
docs/rules/keckefrosche.md#display), its biotopes and its controls fit in 760 px, at the
start and in the middle of a game; at 150% zoom (853 x 533 CSS pixels) the display of
the seat to play and the decisions lie within the board's first 533 px, a screen's
height.

Every board's height is printed (``pytest -s``). A board made shorter on purpose: write
its new height into HEIGHTS, so that the record follows it down.
"""

from __future__ import annotations

import pytest

from tests.browser.harness import (
    boards_notebook,
    expect,
    open_notebook,
    report_failure,
    write_notebook,
)

# Each game at its largest table: the last count of its rules' PLAYERS (Kecke Frösche's
# four: docs/rules/keckefrosche.md#players). Kecke Frösche's middle of a game: frogs in
# every row, storks, chips; Cleo, not the first seat, is to play, with the longest row.
SETUP = """\
from pondwidgets.croak import CroakBoard, CroakGame
from pondwidgets.froop import FroopGame
from pondwidgets.froop.widget import FroopBoard
from pondwidgets.keckefrosche import KeckeGame
from pondwidgets.keckefrosche.widget import KeckeBoard
from pondwidgets.rapidcroco import RapidcrocoBoard, RapidcrocoGame
from pondwidgets.splashdown import SplashdownBoard, SplashdownGame
from tests.keckefrosche.test_widget import position

MID_GAME = [
    {"water": ["water-1", "water-3", "water-2"], "bank": ["bank-2"], "dike": ["dike-4"],
     "storks": 1, "chips": [2, 3]},
    {"water": ["water-4"], "bank": ["bank-1", "bank-3", "bank-4", "bank-2"],
     "dike": ["dike-2"], "storks": 2, "chips": [1]},
    {"water": ["water-4", "water-1"], "bank": ["bank-3"],
     "dike": ["dike-1", "dike-3", "dike-4", "dike-2", "dike-1"], "storks": 0,
     "chips": [1, 2, 3]},
    {"water": ["water-2", "water-4"], "bank": ["bank-3"], "dike": ["dike-4"], "storks": 3,
     "chips": []},
]


def most(game):
    return game.PLAYERS[-1]


def mid_game():
    return KeckeGame(most(KeckeGame), seed=1,
                     position=position(MID_GAME, ["water-1", "stork", "bank-1"], to_move=2))
"""

# Froop! hides hands: at one screen its board would show the pass screen, so the largest
# table is seen from a seat, as a person playing it sees it.
BOARDS = {
    "croak": "CroakBoard(CroakGame(most(CroakGame), seed=7))",
    "splashdown": "SplashdownBoard(SplashdownGame(most(SplashdownGame), seed=3))",
    "rapidcroco": "RapidcrocoBoard(RapidcrocoGame(most(RapidcrocoGame), seed=7))",
    "kecke_start": "KeckeBoard(KeckeGame(most(KeckeGame), seed=1))",
    "kecke_mid": "KeckeBoard(mid_game())",
    "froop": "FroopBoard(FroopGame(most(FroopGame), seed=1), seat=0)",
}

# Measured at 1280 x 800 (CSS px); a board may grow by GROWTH before the test fails.
HEIGHTS = {
    "croak": 613,
    "splashdown": 776,
    "rapidcroco": 527,
    "kecke_start": 420,
    "kecke_mid": 631,
    "froop": 809,
}
GROWTH = 1.10
KECKE_MOST = 760  # the bound: every display, the biotopes and the controls
SCREEN = 533  # 800 px at 150%, in CSS pixels

SCREEN_SIZE = {"width": 1280, "height": 800}
ZOOMED = {"width": 853, "height": 533}


@pytest.fixture(scope="module")
def _notebook(lab, chromium, sandbox):
    with boards_notebook(lab, chromium, sandbox, "board-heights", SETUP, BOARDS, ".pw-board",
                         viewport=SCREEN_SIZE) as boards:
        yield boards


def drawn(page, board):
    """The board once it shows the game (no decision yet) in the page's own fonts."""
    expect(board).to_have_attribute("data-decisions", "0")
    page.evaluate("document.fonts.ready.then(() => true)")
    return board


def test_no_board_is_taller_than_recorded_and_kecke_fits_in_760_px(nb):
    measured = {}
    for name in BOARDS:
        box = drawn(nb.page, nb.board(name)).bounding_box()
        measured[name] = round(box["height"])
        print(f"{name}: {measured[name]} px tall, {round(box['width'])} px wide")
    print(f"HEIGHTS = {measured}")
    grown = {name: (h, HEIGHTS[name]) for name, h in measured.items()
             if h > HEIGHTS[name] * GROWTH}
    assert not grown, f"taller than recorded (px now, px recorded): {grown}"
    for name in ("kecke_start", "kecke_mid"):
        assert measured[name] <= KECKE_MOST, f"{name}: {measured[name]} px"


def test_kecke_displays_sit_side_by_side_at_1280(nb):
    board = drawn(nb.page, nb.board("kecke_mid"))
    displays = board.locator("[data-role=player]")
    expect(displays).to_have_count(4)
    tops = {round(d.bounding_box()["y"]) for d in displays.all()}
    assert len(tops) == 1, f"the four displays start at {sorted(tops)}: not one row"


@pytest.fixture
def zoomed(chromium, lab, sandbox, request):
    """The middle of a Kecke Frösche game at 150% zoom (853 x 533 CSS pixels)."""
    context = chromium.new_context(viewport=ZOOMED, device_scale_factor=1.5)
    path = write_notebook(sandbox.root / "board-heights-zoom.ipynb",
                          [SETUP, "board = KeckeBoard(mid_game())\nboard"])
    page = context.new_page()
    page.set_default_timeout(20_000)
    console: list[str] = []
    page.on("console", lambda m: console.append(f"{m.type}: {m.text}"))
    board = open_notebook(page, lab, path.name, ready=".pw-board.pw-keckefrosche")
    yield page, drawn(page, board)
    report_failure(request, sandbox, page, console)
    context.close()
    lab.close_notebook(path.name)


def test_kecke_seat_to_play_and_decisions_are_on_the_first_screen_at_150_percent(zoomed):
    _, board = zoomed
    top = board.bounding_box()["y"]
    cleo = board.locator('[data-role=player][data-seat="2"]')
    expect(cleo).to_have_attribute("aria-current", "true")  # the seat to play
    expect(cleo.locator(".kf-card-button.is-target")).to_have_count(8)  # her frogs to discard
    decisions = board.locator("[data-role=decision]:visible")
    expect(decisions.first).to_be_visible()
    parts = {"Cleo's display": cleo.bounding_box()}
    parts.update({f"decision {d.get_attribute('data-move')}": d.bounding_box()
                  for d in decisions.all()})
    below = {name: round(box["y"] + box["height"] - top) for name, box in parts.items()}
    print(f"bottoms, from the board's top: {below}")
    late = {name: px for name, px in below.items() if px > SCREEN}
    assert not late, f"below the board's first {SCREEN} px: {late}"
