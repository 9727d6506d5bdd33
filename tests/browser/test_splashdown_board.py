"""The Splash down board in a real browser: a roll and a landing by click reach the rules
model, a push shows its offer, its roll and its result, bots play a game to its end by
themselves, the keyboard plays a whole turn, a long map fits a 600 px column, and the
board runs in Voilà.

The boards share one notebook, opened once for the module. Most games start from an
explicit position on the test map LINE (Home, then one pad a block: 1 green, 2 red,
3 yellow, 4 dark green with 2 flies, ...), their dice and coins chosen by the test
(``tests/splashdown/helpers.rig``), so every roll is known in advance.
"""

from __future__ import annotations

import re

import pytest

from tests.browser.harness import boards_notebook, expect

SETUP = """\
from pondwidgets.splashdown import SplashBot, SplashdownBoard, SplashdownGame
from tests.splashdown.helpers import frog, game_from, rig


def fresh(*outcomes):
    \"\"\"Ada and Bob at Home, past the first turn: the next dice and coins are these.\"\"\"
    return rig(game_from(frog(), frog(), first_turn=False), *outcomes)


def duel(*outcomes):
    \"\"\"Ada on 1 to play, Bob on 2 (red): a roll of 1 lands Ada on Bob.\"\"\"
    game = game_from(frog("1", left=True), frog("2", left=True), first_turn=False)
    return rig(game, *outcomes)
"""

# The notebook's boards, one per cell after SETUP, each the cell's last expression.
BOARDS = {
    "land": "SplashdownBoard(fresh(3, 'heads'))",
    "push": "SplashdownBoard(duel(1, 4))",
    "keys": "SplashdownBoard(fresh(2, 4), seat=0)",
    "calm": "SplashdownBoard(fresh(5))",
    "bots": "SplashdownBoard(SplashdownGame(['Ada', 'Bob'], seed=1, max_turns=200), "
            "bots={0: SplashBot(seed=1), 1: SplashBot(seed=2)}, bot_delay=0.1)",
    "long": "SplashdownBoard(SplashdownGame(6, seed=3, map='long'))",
    "markup": "SplashdownBoard(SplashdownGame(['<b>Ada</b>', '<img src=x onerror=alert(1)>'],"
              " seed=2))",
}
IN_BOARD = "(board) => board.contains(document.activeElement)"


@pytest.fixture(scope="module")
def _notebook(lab, chromium, sandbox):
    with boards_notebook(lab, chromium, sandbox, "splashdown-boards", SETUP, BOARDS,
                         ".pw-board.pw-splashdown") as boards:
        yield boards



def pad(board, name):
    return board.locator(f'button[data-pad="{name}"]')


def decision(board, move):
    return board.locator(f'[data-role=decision][data-move="{move}"]')


def player(board, seat):
    return board.locator(f"[data-role=player][data-seat='{seat}']")


TARGET = re.compile(r"\bis-target\b")


def test_a_landing_chosen_by_click_reaches_python(nb):
    board = nb.board("land")
    expect(board).to_have_attribute("data-phase", "roll")
    expect(board.locator("[data-role=chance-text]")).to_have_text("No die rolled yet.")
    expect(board.locator(".sd-pad-button.is-target")).to_have_count(0)
    decision(board, "roll").click()
    expect(board).to_have_attribute("data-phase", "move")
    chance = board.locator("[data-role=chance]")
    expect(chance).to_have_attribute("data-value", "3")
    expect(chance).to_have_class(re.compile(r"\bis-new\b"))  # the die tumbles
    expect(board.locator("[data-role=chance-text]")).to_have_text("Ada rolled 3.")
    expect(decision(board, "roll")).to_be_hidden()
    # The landing targets are exactly Python's `to …` moves: 1, 2 and 3.
    targets = board.locator(".sd-pad-button.is-target")
    expect(targets).to_have_count(3)
    assert targets.evaluate_all("(bs) => bs.map((b) => b.dataset.pad)") == ["1", "2", "3"]
    expect(pad(board, "3")).to_have_attribute(
        "aria-label", "3: yellow pad, a coin: tails costs a life, you may land here")
    pad(board, "3").click()
    expect(board).to_have_attribute("data-decisions", "2")
    assert nb.py.value("[str(m) for _, m in land.game.history]") == ["roll", "to 3"]
    assert nb.py.value("land.game.view()['frogs'][0]['pad']") == "3"
    expect(pad(board, "3")).to_have_attribute("aria-label", re.compile(r"; Ada's frog$"))
    expect(pad(board, "3").locator(".sd-frog")).to_have_count(1)
    # The coin of the yellow pad, shown with its side
    expect(chance).to_have_attribute("data-kind", "coin")
    expect(board.locator("[data-role=chance-text]")).to_have_text("Ada's coin: heads, safe.")
    expect(board.locator("[data-role=status]")).to_have_text(re.compile(r"^Bob"))
    expect(player(board, 1)).to_have_class(re.compile(r"\bis-turn\b"))


def test_a_pad_out_of_reach_is_refused_by_python(nb):
    board = nb.board("land")  # now Bob's turn: a roll, then a pad too far
    nb.py.run("rig(land.game, 1)")
    decision(board, "roll").click()
    expect(board).to_have_attribute("data-decisions", "3")
    expect(pad(board, "4")).not_to_have_class(TARGET)
    pad(board, "4").click()
    expect(board.locator("[data-role=error]")).to_be_visible()
    assert nb.py.value("len(land.game.history)") == 3
    pad(board, "1").click()
    expect(board).to_have_attribute("data-decisions", "4")
    expect(board.locator("[data-role=error]")).to_be_hidden()


def test_a_push_shows_its_odds_its_roll_and_its_result(nb):
    board = nb.board("push")
    decision(board, "roll").click()
    expect(pad(board, "2")).to_have_class(TARGET)
    pad(board, "2").click()
    expect(board).to_have_attribute("data-phase", "push")
    offer = board.locator("[data-role=push-offer]")
    expect(offer).to_be_visible()
    expect(offer.locator("[data-role=push-title]")).to_have_text("Push Bob's frog off 2?")
    expect(offer.locator("[data-role=odds]")).to_have_text(["1/2", "1/3", "1/6"])
    expect(offer).to_contain_text("3 or 5: it fails, you go back to 1")
    expect(pad(board, "2")).to_have_class(re.compile(r"\bis-pushed\b"))
    expect(pad(board, "2")).to_have_attribute("aria-label", re.compile(
        r"^2: red pad, costs a life; Ada's frog \(to play\), Bob's frog, the push is offered"))
    expect(player(board, 0).locator("[data-role=lives]")).to_contain_text("4 lives")
    decision(board, "push").click()
    expect(board).to_have_attribute("data-phase", "push-roll")
    expect(decision(board, "roll")).to_have_text("Roll for the push")
    decision(board, "roll").click()
    chance = board.locator("[data-role=chance]")
    expect(chance).to_have_attribute("data-kind", "push")
    expect(chance).to_have_attribute("data-value", "4")
    expect(board.locator("[data-role=chance-text]")).to_have_text(
        "Ada's push roll: 4, even: the push succeeds.")
    expect(offer).to_be_hidden()
    expect(player(board, 1).locator("[data-role=lives]")).to_contain_text("4 lives")
    expect(player(board, 1).locator(".sd-heart.is-full")).to_have_count(4)
    assert nb.py.value("[f.lives for f in push.game.frogs]") == [4, 4]
    expect(board.locator("[data-role=events]")).to_contain_text("Bob loses a life: 4 left.")


def test_a_whole_turn_with_the_keyboard(nb):
    board = nb.board("keys")
    stops = board.locator('.sd-pad-button[tabindex="0"]')
    expect(stops).to_have_count(1)  # the roving tab stop: one pad Tab lands on
    expect(board.locator("[data-role=map]")).to_have_accessible_description(
        re.compile(r"^Arrow keys go from pad to pad"))
    roll = decision(board, "roll")
    roll.focus()
    keys = nb.page.keyboard
    keys.press("Enter")
    # The die rolled a 2: focus goes to the status line (issue 24, 5: Enter there makes
    # no move), and Tab from it to the first landing target
    expect(board).to_have_attribute("data-phase", "move")
    expect(board.locator("[data-role=status]")).to_be_focused()
    keys.press("Tab")
    expect(pad(board, "1")).to_be_focused()
    expect(stops).to_have_count(1)
    keys.press("ArrowRight")
    expect(pad(board, "2")).to_be_focused()
    keys.press("ArrowRight")
    expect(pad(board, "3")).to_be_focused()  # out of reach: Python will say so
    keys.press("ArrowLeft")
    keys.press("Enter")
    expect(board).to_have_attribute("data-decisions", "2")
    assert nb.py.value("[str(m) for _, m in keys.game.history]") == ["roll", "to 2"]
    assert board.evaluate(IN_BOARD)
    # Bob's turn on a board that plays Ada: a pad click only says why not
    pad(board, "2").focus()
    keys.press("Enter")
    expect(board.locator("[data-role=hint]")).to_have_text(re.compile("not your turn"))
    keys.press("Home")
    expect(pad(board, "home")).to_be_focused()
    keys.press("End")
    expect(pad(board, "8")).to_be_focused()


def test_under_reduced_motion_the_die_does_not_tumble(nb):
    board = nb.board("calm")
    nb.page.emulate_media(reduced_motion="reduce")
    try:
        decision(board, "roll").click()
        chance = board.locator("[data-role=chance]")
        expect(chance).to_have_attribute("data-value", "5")
        expect(chance).not_to_have_class(re.compile(r"\bis-new\b"))
        animations = chance.evaluate("(c) => c.getAnimations({ subtree: true }).length")
        assert animations == 0
    finally:
        nb.page.emulate_media(reduced_motion="no-preference")


def test_bots_play_a_whole_game_by_themselves(nb):
    board = nb.board("bots")
    assert nb.py.wait_for("bots.game.is_over", True, timeout=60) is True
    expect(board).to_have_attribute("data-phase", "over")
    winners = nb.py.value("list(bots.game.winners)")
    decisions = nb.py.value("len(bots.game.history)")
    expect(board).to_have_attribute("data-decisions", str(decisions))
    expect(board.locator("[data-role=status]")).to_have_text(re.compile("^The game is over"))
    for seat in winners:
        expect(player(board, seat).locator("[data-role=winner]")).to_have_text("wins")
    expect(board.locator("[data-role=decision]:visible")).to_have_count(0)


# Each pad's box, the map's and the board's, once the board is 600 px wide.
IN_600 = """(board) => {
  board.style.width = "600px";
  return new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => {
    const box = board.getBoundingClientRect();
    const map = board.querySelector("[data-role=map]");
    const pads = [...board.querySelectorAll(".sd-pad-button")]
      .map((b) => b.getBoundingClientRect());
    done({
      board: box.width, scroll: [map.scrollWidth, map.clientWidth],
      outside: pads.filter((p) => p.left < box.left - 0.5 || p.right > box.right + 0.5).length,
      smallest: Math.min(...pads.map((p) => p.width)), pads: pads.length,
      row: Number(map.dataset.row),
    });
  })));
}"""


def test_a_long_map_fits_a_600_px_column(nb):
    board = nb.board("long")
    board.scroll_into_view_if_needed()
    shown = board.evaluate(IN_600)
    assert shown["board"] == 600
    assert shown["pads"] == nb.py.value("len(long.view['map']['pads'])")
    assert shown["outside"] == 0 and shown["scroll"][0] <= shown["scroll"][1], shown
    assert shown["smallest"] >= 50, shown  # pads big enough to see and to click
    assert 2 <= shown["row"] <= 8
    # Every frog starts at Home: six frogs side by side on it, one per seat's shape
    expect(pad(board, "home").locator(".sd-frog")).to_have_count(6)
    expect(board.locator(".sd-edge")).to_have_count(nb.py.value("len(long.view['map']['edges'])"))


def test_markup_in_names_is_shown_as_text(nb):
    board = nb.board("markup")
    names = ["<b>Ada</b>", "<img src=x onerror=alert(1)>"]
    for seat, name in enumerate(names):
        expect(player(board, seat).locator("[data-role=name]")).to_have_text(name)
    expect(board.locator("b, img")).to_have_count(0)
    expect(pad(board, "home")).to_have_attribute(
        "aria-label", f"home: Home; {names[0]}'s frog (to play), {names[1]}'s frog")
    expect(board.locator("[data-role=events]")).to_contain_text("<b>Ada</b>")
    assert nb.dialogs == []


def test_voila_shows_the_board_and_a_landing_by_click_moves(voila):
    page = voila([SETUP, "board = SplashdownBoard(fresh(2))\nboard"])
    board = page.locator(".pw-board")
    expect(board).to_have_attribute("data-decisions", "0")
    decision(board, "roll").click()
    expect(board).to_have_attribute("data-phase", "move")
    expect(board.locator(".sd-pad-button.is-target")).to_have_count(2)
    pad(board, "2").click()
    expect(board).to_have_attribute("data-decisions", "2")
    expect(pad(board, "2")).to_have_attribute("aria-label", re.compile(r"; Ada's frog$"))
    expect(player(board, 0).locator("[data-role=lives]")).to_contain_text("4 lives")
