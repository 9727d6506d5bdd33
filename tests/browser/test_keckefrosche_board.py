"""The Kecke Frösche board in a real browser: a discard by click reaches the rules model, a
drawn frog's end of row is chosen by click, a bot finishes a game on its own, a bang frog
a person drew stays in sight after the bot's turn, the keyboard plays a turn, every frog
kind's glyph covers at least 40% of its card and is named in its accessible name at 150%
zoom, and the board runs in Voilà.

The games start from explicit positions (``tests/keckefrosche/test_widget.position``): Ada
holds water-1, water-2 and dike-3 and a stork; the draw pile starts water-1, stork, bank-1.
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
from pondwidgets.keckefrosche import KeckeBot, KeckeGame
from pondwidgets.keckefrosche.widget import KeckeBoard
from tests.keckefrosche.test_widget import ADA, BOB, TOP, last_card, position


def table():
    return KeckeGame(['Ada', 'Bob'], seed=1, position=position([ADA, BOB], TOP))


def bang_table():
    # Ada draws a bang frog first, and Bob (2 storks) loses one; his turn then draws two
    # frogs that start rows: nothing more happens.
    ada, bob = {'water': ['water-1']}, {'bank': ['bank-2'], 'storks': 2}
    pile = ['bang', 'dike-1', 'water-3']
    return KeckeGame(['Ada', 'Bob'], seed=1, position=position([ada, bob], pile))
"""

BOARDS = {
    "click": "KeckeBoard(table())",
    "keys": "KeckeBoard(table(), seat=0)",
    "late": "KeckeBoard(last_card())",
    "bots": "KeckeBoard(KeckeGame(['Ada', 'Bob'], seed=2), "
            "bots={0: KeckeBot(seed=1), 1: KeckeBot(seed=2)}, bot_delay=0.05)",
    "bang": "KeckeBoard(bang_table(), seat=0, bots={1: KeckeBot(seed=1)}, bot_delay=0.05)",
}
SELECTOR = ".pw-board.pw-keckefrosche"


@pytest.fixture(scope="module")
def _notebook(lab, chromium, sandbox):
    with boards_notebook(lab, chromium, sandbox, "keckefrosche-boards", SETUP, BOARDS,
                         SELECTOR) as boards:
        yield boards


def frog(board, seat, row, place):
    return board.locator(f'[data-role=player][data-seat="{seat}"] '
                         f'button[data-row="{row}"][data-place="{place}"]')


def biotope(board, name):
    return board.locator(f'button[data-role=biotope][data-biotope="{name}"]')


def decision(board, move):
    return board.locator(f'[data-role=decision][data-move="{move}"]')


def history(nb, name):
    return nb.py.value(f"[str(m) for _, m in {name}.game.history]")


TARGET = re.compile(r"\bis-target\b")


def test_a_discard_and_a_stork_by_click_reach_python(nb):
    board = nb.board("click")
    expect(board).to_have_attribute("data-phase", "collect")
    expect(board.locator("[data-role=stage]")).to_have_text("Collecting phase")
    pile = nb.py.value("click.view['pile']")
    expect(board.locator("[data-role=pile-count]")).to_have_text(f"Draw pile: {pile} cards")
    # The targets are exactly Python's discards: Ada's three frogs, none of Bob's
    expect(board.locator(".kf-card-button.is-target")).to_have_count(3)
    expect(frog(board, 1, "bank", 1)).not_to_have_class(TARGET)
    expect(frog(board, 0, "water", 2)).to_have_attribute("aria-label", re.compile(
        r"^water 2: .+ \(letter .\), a frog under water, Ada's display, 2nd from the left, "
        r"you may discard it$"))
    expect(board.locator("[data-role=biotope].is-target")).to_have_count(3)  # stork targets
    biotope(board, "bank").click()
    expect(board).to_have_attribute("data-decisions", "1")
    expect(biotope(board, "bank")).to_have_attribute("data-blocked", "true")
    expect(biotope(board, "bank")).to_have_attribute("aria-label", re.compile("a stork on top"))
    frog(board, 0, "water", 2).click()
    expect(board).to_have_attribute("data-phase", "place")
    assert history(nb, "click") == ["stork bank", "discard water 2"]
    expect(biotope(board, "water").locator("[data-role=top]")).to_have_attribute(
        "data-card", "water-2")
    # The drawn frog waits with its two ends
    expect(board.locator("[data-role=drawn]")).to_be_visible()
    expect(board.locator("[data-role=drawn-card]")).to_have_attribute("data-card", "water-1")
    expect(decision(board, "left")).to_have_text("Left end")
    expect(decision(board, "right")).to_have_text("Right end")
    expect(board.locator("[data-role=end]")).to_have_count(2)


def test_a_drawn_frogs_end_chosen_by_click_on_the_row(nb):
    board = nb.board("click")
    expect(board).to_have_attribute("data-phase", "place")
    chips = board.locator('[data-role=player][data-seat="0"] [data-role=chips]')
    expect(chips).to_have_text(re.compile("Chips: 2, face down"))
    board.locator('[data-role=end][data-end="left"]').click()
    expect(board).to_have_attribute("data-decisions", "3")
    assert history(nb, "click")[-1] == "left"
    row = board.locator('[data-role=player][data-seat="0"] button[data-row="water"]')
    expect(row).to_have_count(2)
    expect(chips).to_have_text(re.compile("Chips: 3, face down"))
    expect(chips.locator(".kf-chip")).to_have_count(3)
    expect(board.locator("[data-role=drawn]")).to_be_hidden()
    expect(board.locator("[data-role=status]")).to_have_text(re.compile(r"^Bob"))
    # The end buttons go with the drawn frog: only Bob's decisions are offered now.
    for end in ("left", "right"):
        expect(board.locator(f'[data-role=decision][data-move="{end}"]')).to_be_hidden()


def test_a_turn_with_the_keyboard(nb):
    board = nb.board("keys")
    stop = board.locator('[data-role=player][data-seat="0"] .kf-card-button[tabindex="0"]')
    expect(stop).to_have_count(1)  # one tab stop in the display
    stop.focus()
    keys = nb.page.keyboard
    expect(frog(board, 0, "water", 1)).to_be_focused()
    keys.press("ArrowRight")
    expect(frog(board, 0, "water", 2)).to_be_focused()
    keys.press("ArrowDown")
    expect(frog(board, 0, "dike", 1)).to_be_focused()
    keys.press("ArrowUp")
    expect(frog(board, 0, "water", 1)).to_be_focused()
    keys.press("Enter")  # discard water 1
    expect(board).to_have_attribute("data-decisions", "1")
    assert history(nb, "keys") == ["discard water 1"]
    assert board.evaluate("(b) => b.contains(document.activeElement)")
    decision(board, "draw").focus()
    keys.press("Enter")  # two cards to draw: water-1 waits for its end
    expect(board).to_have_attribute("data-phase", "place")
    # After a decision focus is on the status line, where Enter makes no move (issue 24,
    # 5); Tab goes on to the next decision's first button, Left end.
    expect(board.locator("[data-role=status]")).to_be_focused()
    keys.press("Tab")
    expect(decision(board, "left")).to_be_focused()
    board.locator('[data-role=end][data-end="left"]').focus()  # the same, in the display
    keys.press("ArrowRight")
    expect(frog(board, 0, "water", 1)).to_be_focused()
    keys.press("End")
    expect(board.locator('[data-role=end][data-end="right"]')).to_be_focused()
    keys.press("Enter")
    expect(board).to_have_attribute("data-decisions", "3")
    assert history(nb, "keys")[-2:] == ["draw", "right"]


def test_block_and_open_a_biotope_by_click(nb):
    board = nb.board("late")
    decision(board, "draw").click()
    expect(board).to_have_attribute("data-phase", "place")
    decision(board, "right").click()
    expect(board).to_have_attribute("data-phase", "block")
    expect(board.locator("[data-role=stage]")).to_have_text("Discarding phase")
    expect(biotope(board, "dike")).to_have_attribute(
        "aria-label", re.compile("block on the dike with a stork from the box$"))
    biotope(board, "water").click()
    expect(board).to_have_attribute("data-decisions", "3")
    biotope(board, "bank").click()
    expect(board).to_have_attribute("data-phase", "discard")
    expect(board.locator("[data-role=biotope][data-blocked=true]")).to_have_count(2)
    biotope(board, "dike").click()  # Bob's stork onto the open biotope
    expect(board).to_have_attribute("data-phase", "open")
    expect(board.locator("[data-role=biotope].is-target")).to_have_count(2)
    biotope(board, "bank").click()
    expect(board).to_have_attribute("data-decisions", "6")
    assert history(nb, "late")[-4:] == ["block water", "block bank", "stork dike", "open bank"]
    expect(biotope(board, "bank")).to_have_attribute("data-blocked", "false")


def test_bots_play_a_whole_game_by_themselves(nb):
    board = nb.board("bots")
    assert nb.py.wait_for("bots.game.is_over", True, timeout=90) is True
    expect(board).to_have_attribute("data-phase", "over")
    expect(board.locator("[data-role=stage]")).to_have_text("Game over")
    decisions = nb.py.value("len(bots.game.history)")
    expect(board).to_have_attribute("data-decisions", str(decisions))
    scores = board.locator("[data-role=score]")
    expect(scores).to_have_count(2)
    # The panel and the log say the score in one wording, the rules model's
    said = nb.py.value("[(p['name'], p['score'], p['score_text']) for p in bots.view['players']]")
    for seat, (name, score, text) in enumerate(said):
        assert text.startswith(f"Score {score}: ") and " in the others' displays" in text
        expect(board.locator(f'[data-role=player][data-seat="{seat}"] [data-role=score]')
               ).to_have_text(text)
        logged = f"{name} scores {text.removeprefix('Score ')}."
        expect(board.locator("[data-role=events] li").filter(has_text=logged)).to_have_count(1)
    for seat in nb.py.value("list(bots.game.winners)"):
        expect(board.locator(f'[data-role=player][data-seat="{seat}"] [data-role=winner]')
               ).to_have_text("wins")
    expect(board.locator("[data-role=decision]:visible")).to_have_count(0)


def test_a_bang_frog_drawn_stays_on_the_board_after_the_bot_has_played(nb):
    """Issue 24, item 4 (docs/rules/keckefrosche.md#bang-frog): Ada's Draw draws a bang
    frog and Bob, with the most storks, hands one in. Once Bob, a bot, has played his turn,
    the bang frog's card and Python's words are still in sight, a ghost stork leaves Bob's
    display, and the live region holds the words; Ada's next decision clears them."""
    board = nb.board("bang")
    decision(board, "draw").click()
    assert nb.py.wait_for("len(bang.game.history) == 3 and bang.game.current_player == 0",
                          True, timeout=30)
    expect(board).to_have_attribute("data-decisions", "3")  # Bob's turn is drawn
    words = "Ada drew a bang frog: Bob had the most storks (2) and lost one to the box."
    assert nb.py.value("bang.view['news'][0]['text']") == words
    item = board.locator('[data-role=news-item][data-kind="bang"]')
    expect(item).to_be_visible()
    expect(item.locator("[data-role=news-text]")).to_have_text(words)
    expect(item.locator("[data-role=news-card]")).to_have_attribute("data-card", "bang")
    expect(item.locator("[data-role=news-card]")).to_have_attribute("aria-label", "a bang frog")
    bob = board.locator('[data-role=player][data-seat="1"]')
    expect(bob.locator("[data-role=stork]")).to_have_count(1)  # the one he keeps
    expect(bob.locator("[data-role=stork-leaving]")).to_be_visible()
    expect(bob.locator("[data-role=storks-leaving]")).to_have_text("to the box")
    said = board.locator("[data-role=news-said]")
    expect(said).to_have_attribute("role", "status")
    expect(said).to_have_text(words)  # said once, when it came: Bob's turn added nothing
    frog(board, 0, "water", 1).click()  # a discard: Ada's turn goes on, nothing happens
    expect(board).to_have_attribute("data-decisions", "4")
    expect(board.locator("[data-role=news]")).to_be_hidden()
    expect(bob.locator("[data-role=stork-leaving]")).to_have_count(0)


# -- every kind at 150% zoom --------------------------------------------------------------
EVERY_KIND = [
    SETUP,
    "every = {'water': ['water-1', 'water-2', 'water-3', 'water-4'],\n"
    "         'bank': ['bank-1', 'bank-2', 'bank-3', 'bank-4'],\n"
    "         'dike': ['dike-1', 'dike-2', 'dike-3', 'dike-4'], 'storks': 2}\n"
    "game = KeckeGame(['Ada', 'Bob'], seed=1, position=position([every, BOB], TOP))\n"
    "board = KeckeBoard(game)\nboard",
]
GLYPH_SHARE = """(card) => {
  const glyph = card.querySelector(".kf-glyph").getBoundingClientRect();
  const box = card.getBoundingClientRect();
  return (glyph.width * glyph.height) / (box.width * box.height);
}"""


@pytest.fixture
def zoomed(chromium, lab, sandbox, request):
    """A notebook of EVERY_KIND at 150% zoom (853 x 533 CSS pixels, 1.5 device pixels)."""
    context = chromium.new_context(viewport={"width": 853, "height": 533},
                                   device_scale_factor=1.5)
    path = write_notebook(sandbox.root / "keckefrosche-zoom.ipynb", EVERY_KIND)
    page = context.new_page()
    page.set_default_timeout(20_000)
    console: list[str] = []
    page.on("console", lambda m: console.append(f"{m.type}: {m.text}"))
    yield open_notebook(page, lab, path.name, ready=SELECTOR)
    report_failure(request, sandbox, page, console)
    context.close()
    lab.close_notebook(path.name)


def test_every_kinds_glyph_is_large_and_named_at_150_percent(zoomed):
    board = zoomed
    for row in ("water", "bank", "dike"):
        for place in (1, 2, 3, 4):
            card = frog(board, 0, row, place)
            card.scroll_into_view_if_needed()
            expect(card).to_have_attribute("data-card", f"{row}-{place}")
            label = card.get_attribute("aria-label")
            assert re.match(rf"^{row} {place}: \S.* \(letter \S+\), a frog ", label), label
            share = card.evaluate(GLYPH_SHARE)
            assert share >= 0.40, f"{row}-{place}: the glyph covers {share:.0%} of the card"
            box = card.bounding_box()
            assert box["width"] >= 40, box  # big enough to see and to click
    storks = board.locator('[data-role=player][data-seat="0"] [data-role=stork]')
    expect(storks).to_have_count(2)
    expect(storks.first).to_have_attribute("aria-label", "a stork")
    assert storks.first.evaluate(GLYPH_SHARE) >= 0.40
    # Each kind's name (Python's) is in its card's accessible name
    names = {}
    for card in board.locator('[data-role=player][data-seat="0"] .kf-card-button').all():
        names[card.get_attribute("data-card")] = card.get_attribute("aria-label")
    assert len(names) == 12


def test_voila_shows_the_board_and_a_discard_by_click_moves(voila):
    page = voila([SETUP, "board = KeckeBoard(table())\nboard"])
    board = page.locator(".pw-board")
    expect(board).to_have_attribute("data-decisions", "0")
    expect(board.locator(".kf-card-button.is-target")).to_have_count(3)
    frog(board, 0, "dike", 1).click()
    expect(board).to_have_attribute("data-decisions", "1")
    expect(biotope(board, "dike").locator("[data-role=top]")).to_have_attribute(
        "data-card", "dike-3")
