"""The Froop! board in a real browser: a card turned and placed by click, and by keyboard,
reaches the rules model with its turn; a spot where the card does not fit shows Python's
rule; pass-the-device hides the next hand until "I am …" is pressed; two people race at
one screen (Strategic Panic), each from their own hand row; Speed's countdown runs out and
the table decides; bots finish a game on their own; the board fits and reads at 150% zoom
in a dark theme; it runs in Voilà.

The games start from ``tests/froop/test_widget.position``: the starting card HSBF at 0,0;
Ada holds BFHS (it fits turned, SHFB, at 1,0, and as it is at 0,1) and BSHF; Bob HBFS.
"""

from __future__ import annotations

import re

import pytest

from tests.browser.harness import (
    boards_notebook,
    expect,
    open_notebook,
    report_failure,
    write_notebook,
)

SETUP = """\
from pondwidgets.froop import FroopBot, FroopGame
from pondwidgets.froop.widget import FroopBoard
from tests.froop.test_widget import position


def table(**options):
    return FroopGame(['Ada', 'Bob'], seed=1, position=position(), **options)
"""

BOARDS = {
    "click": "FroopBoard(table(), seat=0)",
    "keys": "FroopBoard(table(), seat=0)",
    "wrong": "FroopBoard(table(), seat=0)",
    "hot": "FroopBoard(FroopGame(['Ada', 'Bob'], seed=4))",
    # Ada holds BFHS, Bob BSHF (it fits turned, FHSB, at -1,0) and HBFS
    "race": "FroopBoard(FroopGame(['Ada', 'Bob'], seed=1, panic=True, strategic=True, "
            "position=position(hands=[['BFHS'], ['BSHF', 'HBFS']])))",
    "speed": "FroopBoard(table(speed=True, countdown=3), seat=0, "
             "bots={1: FroopBot(seed=1, look=0.1, per_card=0, spread=0)})",
    "bots": "FroopBoard(FroopGame(['Ada', 'Bob'], seed=2), "
            "bots={0: FroopBot(seed=1), 1: FroopBot(seed=2)}, bot_delay=0.02)",
}
SELECTOR = ".pw-board.pw-froop"


@pytest.fixture(scope="module")
def _notebook(lab, chromium, sandbox):
    with boards_notebook(lab, chromium, sandbox, "froop-boards", SETUP, BOARDS,
                         SELECTOR) as boards:
        yield boards


def card(board, name):
    return board.locator(f'[data-role=hand-card][data-card="{name}"]')


def spot(board, x, y):
    return board.locator(f'[data-role=spot][data-x="{x}"][data-y="{y}"]')


def lit(board):
    """The moves of the spots lit for the chosen card, sorted."""
    return sorted(board.locator("[data-role=spot].is-target").evaluate_all(
        "(bs) => bs.map((b) => b.dataset.move)"))


def history(nb, name):
    return nb.py.value(f"[str(m) for _, m in {name}.game.history]")


def plays_of(nb, name, card, turned):
    return nb.py.value(f"sorted(p['move'] for p in {name}.view['plays'] "
                       f"if p['card'] == {card!r} and p['turned'] == {turned})")


def test_a_card_turned_and_placed_by_click_reaches_python(nb):
    board = nb.board("click")
    expect(board).to_have_attribute("data-decisions", "0")
    expect(board.locator("[data-role=hand-card]")).to_have_count(2)
    expect(board.locator("[data-role=spot].is-target")).to_have_count(0)  # no card chosen
    bfhs = card(board, "BFHS")
    expect(bfhs).to_have_attribute("aria-label", re.compile(
        r"^BFHS: bat wing and flower over heart and smiley; fits \d+ places?"))
    bfhs.click()
    expect(bfhs).to_have_attribute("aria-pressed", "true")
    # The spots lit are exactly Python's plays of that card, as it is turned
    assert lit(board) == plays_of(nb, "click", "BFHS", False)
    board.locator("[data-role=turn-card]").click()
    expect(bfhs).to_have_attribute("data-letters", "SHFB")
    expect(spot(board, 1, 0)).to_have_class(re.compile(r"\bis-target\b"))
    assert lit(board) == plays_of(nb, "click", "BFHS", True)
    expect(spot(board, 1, 0)).to_have_attribute("data-match", "2")
    expect(spot(board, 1, 0)).to_have_attribute("aria-label", re.compile(
        r"^1,0: lay SHFB here, matches 2: your turn ends \(covers smiley, empty, flower, empty\)$"))
    spot(board, 1, 0).hover()  # the match is told before the card is laid
    expect(board.locator("[data-role=places]")).to_have_text(
        "SHFB at 1,0: matches 2: your turn ends")
    spot(board, 1, 0).click()
    expect(board).to_have_attribute("data-decisions", "1")
    assert history(nb, "click") == ["SHFB at 1,0"]
    expect(board.locator("[data-role=hand-card]")).to_have_count(1)
    expect(board.locator("[data-role=last-text]")).to_have_text(
        "Last card: SHFB at 1,0 by you, matched 2")  # Ada's own board
    expect(board.locator("[data-role=last-card]")).to_have_count(1)
    expect(board.locator("[data-role=spot].is-target")).to_have_count(0)  # Bob's turn


def test_a_card_turned_and_placed_with_the_keyboard(nb):
    board = nb.board("keys")
    keys = nb.page.keyboard
    stop = board.locator('[data-role=hand-card][tabindex="0"]')
    expect(stop).to_have_count(1)  # one tab stop in the hand
    stop.focus()
    keys.press("End")
    expect(card(board, "BSHF")).to_be_focused()
    keys.press("Home")
    expect(card(board, "BFHS")).to_be_focused()
    keys.press("Enter")  # chosen: on to the first place it fits
    expect(card(board, "BFHS")).to_have_attribute("aria-pressed", "true")
    focused = board.locator("[data-role=spot]:focus")
    expect(focused).to_have_class(re.compile(r"\bis-target\b"))
    keys.press("r")  # turned, where the focus is
    expect(card(board, "BFHS")).to_have_attribute("data-letters", "SHFB")
    x, y = (int(focused.get_attribute(a)) for a in ("data-x", "data-y"))
    for _ in range(abs(1 - x)):
        keys.press("ArrowRight" if x < 1 else "ArrowLeft")
    for _ in range(abs(0 - y)):
        keys.press("ArrowDown" if y < 0 else "ArrowUp")
    expect(spot(board, 1, 0)).to_be_focused()
    expect(board.locator("[data-role=places]")).to_have_text(
        "SHFB at 1,0: matches 2: your turn ends")
    keys.press("Escape")  # back to the hand, and again to the Froop
    expect(card(board, "BFHS")).to_be_focused()
    keys.press("Enter")
    expect(board.locator("[data-role=spot]:focus")).to_have_count(1)
    spot(board, 1, 0).focus()
    keys.press("Enter")
    expect(board).to_have_attribute("data-decisions", "1")
    assert history(nb, "keys") == ["SHFB at 1,0"]
    assert board.evaluate("(b) => b.contains(document.activeElement)")


def test_a_spot_where_the_card_does_not_fit_shows_pythons_rule(nb):
    board = nb.board("wrong")
    card(board, "BFHS").click()
    expect(spot(board, 1, 0)).not_to_have_class(re.compile(r"\bis-target\b"))
    spot(board, 1, 0).hover()
    expect(board.locator("[data-role=places]")).to_have_text("BFHS does not fit at 1,0.")
    spot(board, 1, 0).click()  # sent anyway: Python says which rule forbids it
    error = board.locator("[data-role=error]")
    expect(error).to_be_visible()
    text = nb.py.value("wrong.error.get('text')")
    assert text, "Python refused the move"
    expect(error).to_have_text(text)
    assert history(nb, "wrong") == []
    expect(board).to_have_attribute("data-decisions", "0")
    # Without a card chosen a click sends nothing and says what to do
    card(board, "BFHS").click()  # put back
    expect(card(board, "BFHS")).to_have_attribute("aria-pressed", "false")
    spot(board, 0, 1).click()
    expect(board.locator("[data-role=hint]")).to_have_text(
        re.compile("^Choose a card from your hand first"))


def test_pass_the_device_hides_the_next_hand_until_i_am_is_pressed(nb):
    board = nb.board("hot")
    page = nb.page
    ada, bob = nb.py.value("[hot.game.view(s)['hand'] for s in (0, 1)]")

    def shown(names):
        html = board.evaluate("(b) => b.outerHTML")
        return [n for n in names if re.search(rf"\b({n}|{n[::-1]})\b", html)]

    expect(board.locator("[data-role=pass-device-text]")).to_have_text("Pass the device to Ada.")
    expect(board.locator("[data-role=hand-card]")).to_have_count(0)
    assert shown(ada + bob) == []
    board.get_by_role("button", name="I am Ada").click()
    expect(board.locator("[data-role=hand-card]")).to_have_count(len(ada))
    assert shown(bob) == []
    view = nb.py.value("hot.shown_view")  # Ada's own view (the synced one is the spectator's)
    if view["plays"]:
        play = view["plays"][0]
        card(board, play["card"]).click()
        if play["turned"]:
            board.locator("[data-role=turn-card]").click()
        spot(board, play["x"], play["y"]).click()
    else:
        board.locator('[data-role=decision][data-move="draw"]').click()
    left = nb.py.wait_for("hot.view['pass_to']", 1)
    assert left == 1
    expect(board.locator("[data-role=pass-device-text]")).to_have_text("Pass the device to Bob.")
    expect(board.get_by_role("button", name="I am Bob")).to_be_focused()
    expect(board.locator("[data-role=hand-card]")).to_have_count(0)
    # Only the hands go: the Froop, the last card laid, the pile and every public count stay
    # (core README, "Pass the device").
    table = nb.py.value("hot.view")
    expect(board.locator("[data-role=spot]").first).to_be_visible()
    expect(board.locator("[data-role=pile-count]")).to_contain_text(str(table["pile"]))
    expect(board.locator("[data-role=last-text]")).to_be_visible()
    expect(board.locator("[data-role=last-text]")).not_to_have_text("")
    expect(board.locator('[data-role=player][data-seat="0"] [data-role=cards]')).to_contain_text(
        str(len(nb.py.value("hot.game.view(0)['hand']"))))
    ada_now = nb.py.value("hot.game.view(0)['hand']")
    assert shown(ada_now) == []
    page.keyboard.press("Enter")
    expect(board.locator("[data-role=hand-card]")).to_have_count(len(bob))
    assert shown(ada_now) == []


def test_two_people_race_at_one_screen_each_in_their_own_row(nb):
    board = nb.board("race")
    rows = board.locator("[data-role=hand]")
    # The race waits for its Start (core README, Start): one press for the screen's people.
    start = board.get_by_role("button", name="Start")
    expect(board.locator("[data-role=status]")).to_have_text(
        "Press Start (or S) when you are ready: Panic! Everyone plays at once.")
    expect(rows).to_have_count(0)  # nobody's hand row before the start
    start.click()
    expect(start).to_be_hidden()
    expect(rows).to_have_count(2)
    expect(board.locator("[data-role=status]")).to_have_text("Panic! Everyone plays at once.")
    bob = board.locator('[data-role=hand][data-seat="1"]')
    # each row speaks to its person, under their name
    expect(bob.locator("[data-role=hand-title]")).to_contain_text("Bob")
    expect(bob.locator("[data-role=hand-prompt]")).to_have_text(
        "Panic! Lay a card, quick, before the others do.")
    expect(board.locator("[data-role=turn-card]")).to_have_count(2)
    plays = nb.py.value("race.view['plays_of']['1']")
    play = plays[0]
    bob.locator(f'[data-role=hand-card][data-card="{play["card"]}"]').click()
    if play["turned"]:
        bob.locator("[data-role=turn-card]").click()
    # The Froop shows Bob's card now: his plays are lit, with their match counts
    assert lit(board) == sorted(p["move"] for p in plays if p["turned"] == play["turned"]
                                and p["card"] == play["card"])
    spot(board, play["x"], play["y"]).click()
    assert nb.py.wait_for("[[s, str(m)] for s, m in race.game.history]",
                          [[1, play["move"]]]) == [[1, play["move"]]]
    expect(board).to_have_attribute("data-decisions", "1")
    # Ada's row sends Ada's moves
    ada = board.locator('[data-role=hand][data-seat="0"]')
    legal = [m["text"] for m in nb.py.value("race.view['legal_of']['0']")]
    mine = [p for p in nb.py.value("race.view['plays']") if p["move"] in legal]
    if mine:
        first = mine[0]
        ada.locator(f'[data-role=hand-card][data-card="{first["card"]}"]').click()
        if first["turned"]:
            ada.locator("[data-role=turn-card]").click()
        spot(board, first["x"], first["y"]).click()
        expect(board).to_have_attribute("data-decisions", "2")
        assert nb.py.value("race.game.history[-1][0]") == 0


def test_the_countdown_runs_out_and_the_table_decides(nb):
    board = nb.board("speed")
    # Her countdown waits for Start (core README, Start), pressed here by its key.
    start = board.get_by_role("button", name="Start")
    expect(start).to_be_visible()
    expect(board.locator("[data-role=countdown-seconds]")).to_have_text("3")
    assert nb.py.value("speed.game.history") == []
    board.locator("[data-role=status]").focus()
    nb.page.keyboard.press("s")
    expect(start).to_be_hidden()
    # Ada never decides: when her 3 s run out, the table plays "time" for her (a draw)
    first = nb.py.wait_for("[[s, str(m)] for s, m in speed.game.history][:1]",
                           [[0, "time"]], timeout=20)
    assert first == [[0, "time"]]
    expect(board.locator("[data-role=countdown]")).to_be_visible()
    expect(board.locator("[data-role=countdown-seconds]")).to_have_text(re.compile(r"^[0-3]$"))
    expect(board.locator("[data-role=countdown-text]")).to_have_text(
        re.compile(r"^(Your time: [1-3] s left|Your time is up|Bob: ([1-3] s left|time is up))$"))


def test_bots_play_a_whole_game_by_themselves(nb):
    board = nb.board("bots")
    assert nb.py.wait_for("bots.game.is_over", True, timeout=120) is True
    expect(board).to_have_attribute("data-phase", "over")
    decisions = nb.py.value("len(bots.game.history)")
    expect(board).to_have_attribute("data-decisions", str(decisions))
    for seat in nb.py.value("list(bots.game.winners)"):
        expect(board.locator(f'[data-role=player][data-seat="{seat}"] [data-role=winner]')
               ).to_have_text("wins")
    expect(board.locator("[data-role=decision]:visible")).to_have_count(0)
    cards = nb.py.value("len(bots.view['cards'])")
    assert board.locator("[data-role=spot]").count() > 0
    expect(board.locator("[data-role=last-text]")).to_have_text(re.compile(r"^Last card: "))
    assert cards > 1
    assert not [c for c in nb.console if c.startswith("pageerror")], nb.console


# -- 150% zoom, dark theme ----------------------------------------------------------------
ZOOMED = [SETUP, "board = FroopBoard(table(speed=True), seat=0)\nboard"]


@pytest.fixture
def zoomed(chromium, lab, sandbox, request):
    """ZOOMED at 150% (853 x 533 CSS pixels, 1.5 device pixels), dark colour scheme."""
    context = chromium.new_context(viewport={"width": 853, "height": 533},
                                   device_scale_factor=1.5, color_scheme="dark")
    path = write_notebook(sandbox.root / "froop-zoom.ipynb", ZOOMED)
    page = context.new_page()
    page.set_default_timeout(20_000)
    console: list[str] = []
    page.on("console", lambda m: console.append(f"{m.type}: {m.text}"))
    yield open_notebook(page, lab, path.name, ready=SELECTOR)
    report_failure(request, sandbox, page, console)
    context.close()
    lab.close_notebook(path.name)


def test_the_board_reads_and_clicks_at_150_percent(zoomed):
    board = zoomed
    expect(board.locator("[data-role=countdown]")).to_be_visible()
    seconds = board.locator("[data-role=countdown-seconds]")
    expect(seconds).to_have_text("20")  # held for its Start
    start = board.get_by_role("button", name="Start")
    # beside the status line that asks for it: on the board's first screen at 150%
    top, button = board.bounding_box(), start.bounding_box()
    assert button["y"] + button["height"] - top["y"] <= 100
    start.click()
    first = int(seconds.text_content())
    assert 1 <= first <= 20
    expect(seconds).not_to_have_text(str(first), timeout=4000)  # it counts down
    # Each of the four symbols drawn as its own shape, with its name in the key
    for letter in "HSBF":
        assert board.locator(f".fr-froop-art .fr-sym-{letter}, .fr-key .fr-sym-{letter}").count()
    expect(board.locator("[data-role=symbol-key]")).to_have_text(
        re.compile("heart.*smiley.*bat wing.*flower"))
    card(board, "BFHS").click()
    board.locator("[data-role=turn-card]").click()
    target = spot(board, 1, 0)
    box = target.bounding_box()
    assert box["width"] >= 24 and box["height"] >= 24, box  # big enough to click
    hand = card(board, "BFHS").bounding_box()
    assert hand["width"] >= 40, hand
    # The board fits its column: nothing sticks out sideways, the Froop needs no scrolling
    assert board.evaluate("(b) => b.scrollWidth <= b.clientWidth + 1")
    viewport = board.locator("[data-role=viewport]")
    assert viewport.evaluate("(v) => v.scrollWidth <= v.clientWidth + 1")
    assert viewport.evaluate("(v) => v.scrollHeight <= v.clientHeight + 1")
    # Zoom in and back to the fit
    froop = board.locator("[data-role=froop]")
    fit = int(froop.get_attribute("data-cell"))
    board.locator("[data-role=zoom-in]").click()
    expect(froop).to_have_attribute("data-cell", re.compile(r"^\d+$"))
    assert int(froop.get_attribute("data-cell")) > fit
    board.locator("[data-role=zoom-fit]").click()
    expect(froop).to_have_attribute("data-cell", str(fit))


def test_voila_shows_the_board_and_a_card_placed_by_click(voila):
    page = voila([SETUP, "board = FroopBoard(table(), seat=0)\nboard"])
    board = page.locator(".pw-board")
    expect(board).to_have_attribute("data-decisions", "0")
    card(board, "BFHS").click()
    board.locator("[data-role=turn-card]").click()
    expect(spot(board, 1, 0)).to_have_class(re.compile(r"\bis-target\b"))
    spot(board, 1, 0).click()
    expect(board).to_have_attribute("data-decisions", "1")
    expect(board.locator("[data-role=last-text]")).to_have_text(
        "Last card: SHFB at 1,0 by you, matched 2")  # Ada's own board
