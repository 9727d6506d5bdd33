"""The Croak! board in a real browser: clicks and keys reach the rules model, Python's
changes reach the page, bots move by themselves, names stay text, and it runs in Voilà.

The games start from a set position with face-up Reeds where the frogs move, so every
move here is neutral, and known in advance: Ada's Servant c3 -> c4, Bob's f6 -> f5.
"""

import re

import pytest

from tests.browser import harness
from tests.browser.harness import expect

POSITION = {
    "frogs": [{"queen": "a1", "servants": ["c3"]}, {"queen": "h8", "servants": ["f6"]}],
    "tiles": {sq: "shallow/reeds" for sq in ("a1", "c3", "c4", "f5", "f6", "h8")},
    "face_up": ["a1", "c3", "c4", "f5", "f6", "h8"],
}


def croak(players=("Ada", "Bob"), board="seat=0") -> list[str]:
    """The cells of a notebook showing a Croak! board on the set position."""
    return [
        "from pondwidgets.croak import CroakBoard, CroakBot, CroakGame",
        f"game = CroakGame(players={list(players)!r}, seed=7, position={POSITION!r})\n"
        f"board = CroakBoard(game, {board})\n"
        "board",
    ]


def square(board, name):
    return board.locator(f'button[data-square="{name}"]')


def test_a_click_move_changes_the_game(notebook):
    nb = notebook(croak())
    square(nb.board, "c3").click()
    expect(square(nb.board, "c3")).to_have_attribute("aria-pressed", "true")
    expect(square(nb.board, "c4")).to_have_class(re.compile(r"\bis-target\b"))
    square(nb.board, "c4").click()
    expect(nb.board).to_have_attribute("data-decisions", "1")
    assert nb.py.value("[len(game.history), str(game.history[-1][1])]") == [1, "S c3-c4"]


def test_a_move_in_python_changes_the_board(notebook):
    nb = notebook(croak())
    nb.py.run('game.play("S c3-c4")')
    expect(nb.board).to_have_attribute("data-decisions", "1")
    expect(square(nb.board, "c4")).to_have_attribute("aria-label", "c4: Reeds, Ada's Servant")
    expect(square(nb.board, "c3")).to_have_attribute("aria-label", "c3: Reeds")


def test_an_illegal_click_shows_the_rule_and_leaves_the_game(notebook):
    nb = notebook(croak())
    square(nb.board, "c3").click()
    square(nb.board, "e5").click()  # two squares away
    error = nb.board.locator("[data-role=error]")
    expect(error).to_be_visible()
    expect(error).to_have_attribute("role", "alert")
    expect(error).to_contain_text("e5 is not next to c3: a frog jumps to one of the 8 squares")
    assert nb.py.value("len(game.history)") == 0
    expect(nb.board).to_have_attribute("data-decisions", "0")


def test_a_bot_seat_moves_by_itself(notebook):
    nb = notebook(croak(board="seat=0, bots={1: CroakBot(seed=1)}, bot_delay=0.1"))
    square(nb.board, "c3").click()
    square(nb.board, "c4").click()
    # Bob's bot plays its whole turn (here a jump onto a Lily Pad, then the bounce). Ada
    # is to act before her click arrives too: wait for her move and the bot's after it.
    ready = "len(game.history) >= 2 and list(game.seats_to_act) == [0]"
    assert nb.py.wait_for(ready, True) is True
    seats = nb.py.value("[seat for seat, _ in game.history]")
    assert seats[0] == 0 and len(seats) >= 2 and set(seats[1:]) == {1}
    expect(nb.board).to_have_attribute("data-decisions", str(len(seats)))


def test_a_whole_move_with_the_keyboard(notebook):
    nb = notebook(croak())
    stop = nb.board.locator('button[data-square][tabindex="0"]')
    expect(stop).to_have_count(1)  # the roving tab stop: one square Tab lands on
    stop.focus()
    keys = nb.page.keyboard

    def go(to):
        here = nb.page.evaluate("document.activeElement.dataset.square")
        dx, dy = ord(to[0]) - ord(here[0]), int(to[1]) - int(here[1])
        for _ in range(abs(dx)):
            keys.press("ArrowRight" if dx > 0 else "ArrowLeft")
        for _ in range(abs(dy)):
            keys.press("ArrowDown" if dy > 0 else "ArrowUp")
        expect(square(nb.board, to)).to_be_focused()

    go("c3")
    keys.press("Enter")
    expect(square(nb.board, "c3")).to_have_attribute("aria-pressed", "true")
    go("c4")
    keys.press("Enter")
    expect(nb.board).to_have_attribute("data-decisions", "1")
    assert nb.py.value("str(game.history[-1][1])") == "S c3-c4"


def test_markup_in_names_is_shown_as_text(notebook):
    names = ["<b>Ada</b>", "<img src=x onerror=alert(1)>"]
    nb = notebook(croak(players=names))
    for seat, name in enumerate(names):
        shown = nb.board.locator(f"[data-role=player][data-seat='{seat}'] [data-role=name]")
        expect(shown).to_have_text(name)
    expect(nb.board.locator("b, img")).to_have_count(0)
    expect(square(nb.board, "a1")).to_have_attribute("aria-label", "a1: Reeds, <b>Ada</b>'s Queen")
    expect(nb.board.locator("[data-role=events]")).to_contain_text("<b>Ada</b>")
    assert nb.page.dialogs == []


def test_voila_shows_the_board_and_a_click_moves(voila):
    page = voila(croak())
    board = page.locator(".pw-board")
    expect(board).to_have_attribute("data-decisions", "0")
    square(board, "c3").click()
    square(board, "c4").click()
    expect(board).to_have_attribute("data-decisions", "1")
    expect(square(board, "c4")).to_have_attribute("aria-label", "c4: Reeds, Ada's Servant")


def test_one_board_per_person_each_undoes_only_its_own_move(notebook):
    """Issue "Hardening", 2: Blue's undo must not take back Green's move. The button is
    Python's ``view.can_undo``: disabled on Blue's board, enabled on Green's."""
    cells = [*croak(board="seat=0"), "green = CroakBoard(game, seat=1)\ngreen"]
    nb = notebook(cells)
    blue, green = nb.page.locator(".pw-board").nth(0), nb.page.locator(".pw-board").nth(1)
    square(blue, "c3").click()
    square(blue, "c4").click()
    expect(green).to_have_attribute("data-decisions", "1")
    square(green, "f6").click()
    square(green, "f5").click()
    expect(blue).to_have_attribute("data-decisions", "2")
    expect(blue.locator("[data-role=undo]")).to_be_disabled()
    expect(green.locator("[data-role=undo]")).to_be_enabled()
    green.locator("[data-role=undo]").click()
    expect(blue).to_have_attribute("data-decisions", "1")
    assert nb.py.value("[str(m) for _, m in game.history]") == ["S c3-c4"]
    expect(blue.locator("[data-role=undo]")).to_be_enabled()


def test_a_bot_that_raises_is_named_on_the_board_and_the_game_waits(notebook):
    cells = croak(board="seat=0, bots={1: broken}, bot_delay=0.1")
    cells.insert(1, "def broken(game, seat):\n    return 1 / 0")
    nb = notebook(cells)
    square(nb.board, "c3").click()
    square(nb.board, "c4").click()
    error = nb.board.locator("[data-role=error]")
    expect(error).to_contain_text("The bot broken at seat 1 (Bob) raised ZeroDivisionError")
    expect(error).to_contain_text("The game waits for Bob")
    assert nb.py.value("[len(game.history), list(game.seats_to_act)]") == [1, [1]]
    nb.py.run('game.play("S f6-f5", 1)')  # the teacher plays Bob's move from Python
    expect(nb.board).to_have_attribute("data-decisions", "2")
    expect(error).to_be_hidden()



# -- the shared frame: one message, a still layout, bots thinking, focus, undo's reason --
STAGE_TOP = "(board) => board.querySelector('.pw-stage').getBoundingClientRect().toJSON()"
# The status line, the message box and the stage below them: [top, bottom] of each.
TOP_BAND = """(board) => ["[data-role=status]", "[data-role=message]", ".pw-stage"].map(
  (selector) => { const box = board.querySelector(selector).getBoundingClientRect();
                  return [box.top, box.bottom]; })"""


def no_empty_band(board):
    """The message box lies in the status line's place, not below it: nothing between
    the status and the stage but the margin (issue 24, 9)."""
    (status_top, status_bottom), (message_top, message_bottom), (stage_top, _) = \
        board.evaluate(TOP_BAND)
    assert message_top == status_top
    assert stage_top - max(status_bottom, message_bottom) <= 9


def test_one_message_at_a_time_and_the_board_never_moves(notebook):
    """Issue 11, 2.1: a stale hint goes with a new selection, an error replaces it, and the
    board's stage stays exactly where it was while messages come and go; the message
    takes the status line's place, so no empty band is kept above the board for it."""
    nb = notebook(croak())
    hint, error = nb.board.locator("[data-role=hint]"), nb.board.locator("[data-role=error]")
    before = nb.board.evaluate(STAGE_TOP)
    no_empty_band(nb.board)
    square(nb.board, "e5").click()  # nothing selected: a local hint
    expect(hint).to_have_text("Choose one of your frogs first.")
    assert nb.board.evaluate(STAGE_TOP) == before
    no_empty_band(nb.board)
    square(nb.board, "c3").click()  # a new selection: the hint no longer applies
    expect(hint).to_be_hidden()
    square(nb.board, "e5").click()  # an illegal jump: Python's error
    expect(error).to_contain_text("e5 is not next to c3")
    assert nb.board.evaluate(STAGE_TOP) == before
    square(nb.board, "h1").click()  # an empty square again: the newest message only
    expect(error).to_contain_text("h1 is not next to c3")
    expect(nb.board.locator("[data-role=message] > :not([hidden])")).to_have_count(1)
    square(nb.board, "c3").click()  # pick the frog up again: nothing is wrong any more
    expect(error).to_be_hidden()
    expect(hint).to_be_hidden()
    assert nb.board.evaluate(STAGE_TOP) == before


def test_while_the_bot_thinks_the_board_says_so(notebook):
    """Issue 11, 2.2: the status names the thinking bot, and a click answers the same."""
    nb = notebook(croak(board="seat=0, bots={1: CroakBot(seed=1)}, bot_delay=600"))
    status = nb.board.locator("[data-role=status]")
    expect(status).to_have_text(re.compile(r"^Your turn: "))  # Ada's own board
    square(nb.board, "c3").click()
    square(nb.board, "c4").click()
    expect(status).to_have_text("Bob (a bot) is thinking…")
    square(nb.board, "f6").click()
    expect(nb.board.locator("[data-role=hint]")).to_have_text("Bob (a bot) is thinking…")
    expect(nb.board.locator("[data-role=error]")).to_be_hidden()


MOSQUITO = {**POSITION, "tiles": {**POSITION["tiles"], "c4": "shallow/mosquito"}}


def test_focus_stays_in_the_board_when_the_used_button_goes(notebook):
    """Issue 11, 2.3: after a keyboard Pass (the Mosquito's), the Pass button is gone and
    focus lands in the board, not on the page: on the status line, as after every
    decision (issue 24, 5), and Tab goes on to the pond's tab stop."""
    cells = croak(board="seat=0, bots={1: CroakBot(seed=1)}, bot_delay=600")
    cells[1] = cells[1].replace(repr(POSITION), repr(MOSQUITO))
    nb = notebook(cells)
    in_board = "(board) => board.contains(document.activeElement)"
    square(nb.board, "c3").focus()
    keys = nb.page.keyboard
    keys.press("Enter")
    keys.press("ArrowDown")
    keys.press("Enter")  # c3 -> c4, onto the Mosquito
    expect(nb.board).to_have_attribute("data-phase", "follow")
    assert nb.board.evaluate(in_board)
    passing = nb.board.locator("[data-role=pass]")
    passing.focus()
    keys.press("Enter")
    expect(nb.board.locator("[data-role=status]")).to_have_text("Bob (a bot) is thinking…")
    expect(passing).to_have_count(0)
    expect(nb.board.locator("[data-role=status]")).to_be_focused()
    keys.press("Tab")
    expect(nb.board.locator('[role=grid] button[tabindex="0"]')).to_be_focused()
    assert nb.board.evaluate(in_board)


def test_focus_elsewhere_on_the_page_is_never_taken(notebook):
    nb = notebook(croak(board="seat=0, bots={1: CroakBot(seed=1)}, bot_delay=0.3"))
    square(nb.board, "c3").click()
    square(nb.board, "c4").click()
    nb.page.locator(".jp-Cell .cm-content").first.focus()  # a notebook cell's editor
    assert nb.py.wait_for("list(game.seats_to_act)", [0]) == [0]
    expect(nb.board).to_have_attribute("data-decisions", re.compile(r"^[2-9]"))
    assert nb.page.evaluate("document.activeElement.closest('.cm-content') !== null")


def test_a_disabled_undo_says_why(notebook):
    """Issue 11, 2.4: the reason Python gives in view.undo_why is the button's tooltip
    and its accessible description, and the very refusal of an undo message."""
    nb = notebook(croak())
    square(nb.board, "c3").click()
    square(nb.board, "h1").click()  # not a neighbour: refused, nothing to undo yet
    undo = nb.board.locator("[data-role=undo]")
    expect(undo).to_be_disabled()
    why = nb.py.value("board.view['undo_why']")
    assert why == "there is no move of yours to take back"
    expect(undo).to_have_attribute("title", f"Undo is off: {why}")
    expect(undo).to_have_accessible_description(f"Undo is off: {why}")
    nb.py.run('game.play("S c3-d4")')  # turns d4 over
    why = nb.py.value("board.view['undo_why']")
    assert "tile turned over" in why and "nobody may peek" in why
    expect(undo).to_have_attribute("title", f"Undo is off: {why}")
    nb.py.run("from tests.board_messages import send\n"
              "send(board, {'type': 'undo', 'decisions': len(game.history)})")
    assert nb.py.value("board.error['text']") == why


# -- issue 11, item 2: the Croak! board --------------------------------------------------


def test_after_a_refused_try_clicking_the_frog_keeps_it_selected(notebook):
    """2.1: the person picks the frog up again after Python says no; it must not be let go
    (js/croak/selection.js, `tried`)."""
    nb = notebook(croak())
    c3 = square(nb.board, "c3")
    c3.click()
    square(nb.board, "e5").click()  # two squares away: refused
    expect(nb.board.locator("[data-role=error]")).to_contain_text("e5 is not next to c3")
    expect(c3).to_have_attribute("aria-pressed", "true")  # still selected after the refusal
    c3.click()
    expect(c3).to_have_attribute("aria-pressed", "true")  # and clicking it keeps it so
    expect(square(nb.board, "c4")).to_have_class(re.compile(r"\bis-target\b"))
    c3.click()
    expect(c3).to_have_attribute("aria-pressed", "false")  # a further click lets go
    c3.click()
    square(nb.board, "c4").click()
    expect(nb.board).to_have_attribute("data-decisions", "1")


# Whether the newest event lies wholly inside the events list's visible box, measured
# after two frames (the list's own scrolling happens before the next paint).
LAST_EVENT_SHOWN = """(board) => new Promise((done) =>
  requestAnimationFrame(() => requestAnimationFrame(() => {
  const list = board.querySelector("[data-role=events]");
  const last = list.lastElementChild.getBoundingClientRect();
  const box = list.getBoundingClientRect();
  const top = box.top + list.clientTop, bottom = top + list.clientHeight;
  done({ text: list.lastElementChild.textContent, top: last.top - top, bottom: bottom - last.bottom,
         overflows: list.scrollHeight > list.clientHeight });
})))"""

# The lesson "log-third-servant", after both Queens hopped to and fro on Reeds (so the
# list of events is full), with Blue's third Servant about to land on the Log at d4.
LOG_LESSON = [
    "from pondwidgets.croak import CroakBoard, CroakGame\n"
    "from pondwidgets.croak.lessons import LESSONS",
    'pos = LESSONS["log-third-servant"].position\n'
    'reeds = ["a8", "a7", "h1", "h2"]\n'
    'pos = {**pos, "tiles": {**pos["tiles"], **{sq: "shallow/reeds" for sq in reeds}},\n'
    '       "face_up": [*pos["face_up"], *reeds]}\n'
    'game = CroakGame(["Blue", "Green"], seed=1, position=pos)\n'
    'for move in ["Q a8-a7", "Q h1-h2", "Q a7-a8", "Q h2-h1"] * 2:\n'
    '    game.play(move)\n'
    "board = CroakBoard(game)\nboard",
]


@pytest.fixture
def zoomed(chromium, lab, sandbox, request):
    """Factory: ``zoomed(cells)`` opens a notebook of these cells at 150% zoom (853 x 533
    CSS pixels, 1.5 device pixels each); its board. Page and kernel go after the test."""
    opened = []

    def open_(cells, viewport=None, scale=1.5):
        name = f"{re.sub(r'[^A-Za-z0-9]+', '-', request.node.name).strip('-')}-{len(opened)}"
        path = harness.write_notebook(sandbox.root / f"{name}.ipynb", cells)
        context = chromium.new_context(viewport=viewport or {"width": 853, "height": 533},
                                       device_scale_factor=scale)
        opened.append((context, path.name))
        page = context.new_page()
        page.set_default_timeout(20_000)
        return harness.open_notebook(page, lab, path.name)

    yield open_
    for context, name in opened:
        context.close()
        lab.close_notebook(name)


@pytest.mark.parametrize("zoom", ["1000x800", "150%"])
def test_the_newest_event_stays_in_sight_when_the_victim_buttons_come(zoomed, zoom):
    """2.2: the Log's third Servant: the victim buttons push the events list shorter, and
    its newest event ("… chooses …") must still be wholly in sight."""
    # 1000 px: the events beside a board of about 570 px, where the list overflows
    board = (zoomed(LOG_LESSON, {"width": 1000, "height": 800}, 1) if zoom == "1000x800"
             else zoomed(LOG_LESSON))
    square(board, "c3").click()
    square(board, "d4").click()
    expect(board.locator("[data-role=victim]")).to_have_count(2)  # Blue's own, or Green's
    shown = board.evaluate(LAST_EVENT_SHOWN)
    assert "choose" in shown["text"] and shown["overflows"], shown
    assert shown["top"] >= -1 and shown["bottom"] >= -1, shown


ON_TILES = {
    "frogs": [{"queen": "b2", "servants": ["d4", "e5", "f6"], "mud": ["S e5"]},
              {"queen": "h8", "servants": ["c6"]}],
    "tiles": {"b2": "shallow/lily-pad", "d4": "shallow/log", "e5": "shallow/mud",
              "f6": "shallow/mosquito", "c6": "deep-a/reeds", "h8": "shallow/male-red"},
    "face_up": ["b2", "d4", "e5", "f6", "c6", "h8"],
}
ON_TILES_CELLS = [
    "from pondwidgets.croak import CroakBoard, CroakGame",
    f"game = CroakGame(['Blue', 'Green'], seed=3, position={ON_TILES!r})\n"
    "board = CroakBoard(game, seat=0)\nboard",
]
GLYPH_SHARE = """(button) => {
  const glyph = button.querySelector(".c-front").getBoundingClientRect();
  const cell = button.getBoundingClientRect();
  return (glyph.width * glyph.height) / (cell.width * cell.height);
}"""


def test_what_a_frog_stands_on_is_large_and_named_at_150_percent(zoomed):
    """2.3: under a frog, the tile's glyph covers at least 40% of the square (its bounding
    box against the square's), and the square's name says what the frog stands on."""
    board = zoomed(ON_TILES_CELLS)
    names = {"b2": "b2: Lily Pad, Blue's Queen", "d4": "d4: Log, Blue's Servant",
             "e5": "e5: Mud, Blue's Servant (stuck in the Mud)",
             "f6": "f6: Mosquito, Blue's Servant", "c6": "c6: Reeds, Green's Servant",
             "h8": "h8: red Male, Green's Queen"}
    for name, label in names.items():
        cell = square(board, name)
        cell.scroll_into_view_if_needed()
        expect(cell).to_have_attribute("aria-label", re.compile("^" + re.escape(label)))
        share = cell.evaluate(GLYPH_SHARE)
        assert share >= 0.40, f"{name}: the glyph covers {share:.0%} of the square"


def test_the_male_pawns_are_explained(notebook):
    """2.3: the Male chips have a visible title, and each says what it is for."""
    nb = notebook(croak())
    males = nb.board.locator("[data-role=player][data-seat='0'] [data-role=males]")
    expect(males).to_contain_text("Male pawns left:")
    red = males.locator("[data-role=male-pawn][data-colour=red]")
    text = "Red Male pawn: your Queen has a baby Servant when she lands on a red Male"
    expect(red).to_have_attribute("title", text)
    expect(red).to_have_accessible_name(text)
    expect(males.locator("[data-role=male-pawn]")).to_have_count(6)


# -- issue 11, item 4: a click answers at once -------------------------------------------

# In the page: click the square, read its pending mark in the same task and at the next
# animation frame (before Python's answer can have come), with the board's decisions.
CLICK_AND_READ_PENDING = """(board) => new Promise((done) => {
  const target = board.querySelector('[data-square="c4"]');
  const read = () => ({ pending: target.getAttribute("data-pending"),
                        busy: target.getAttribute("aria-busy"),
                        decisions: board.getAttribute("data-decisions") });
  target.click();
  const now = read();
  requestAnimationFrame(() => done({ now, frame: read() }));
})"""


def test_a_click_is_marked_pending_until_python_answers(notebook):
    """The clicked square shows at once that the click was taken (data-pending,
    aria-busy): before the view changes, and gone after it. The same for Undo."""
    nb = notebook(croak())
    square(nb.board, "c3").click()
    expect(square(nb.board, "c3")).to_have_attribute("aria-pressed", "true")
    expect(nb.board.locator("[data-pending]")).to_have_count(0)  # a selection sends nothing
    seen = nb.board.evaluate(CLICK_AND_READ_PENDING)
    assert seen["now"] == {"pending": "", "busy": "true", "decisions": "0"}, seen
    # A frame later the mark is still there unless Python has already answered
    # (a fast kernel may): never a new view with the mark left on, nor the reverse.
    answered = seen["frame"]["decisions"] == "1"
    assert (seen["frame"]["pending"] is None) == answered, seen
    expect(nb.board).to_have_attribute("data-decisions", "1")
    expect(nb.board.locator("[data-pending], [aria-busy]")).to_have_count(0)
    # A pressed look, not a result: the square is drawn as Python says only afterwards.
    expect(square(nb.board, "c4")).to_have_attribute("aria-label", "c4: Reeds, Ada's Servant")
    undo = nb.board.locator("[data-role=undo]")
    seen = undo.evaluate("(b) => { b.click(); return b.getAttribute('aria-busy'); }")
    assert seen == "true"
    expect(nb.board).to_have_attribute("data-decisions", "0")
    expect(undo).not_to_have_attribute("aria-busy", "true")
    expect(nb.board.locator("[data-pending]")).to_have_count(0)


def test_a_refused_click_loses_its_pending_mark(notebook):
    nb = notebook(croak())
    square(nb.board, "c3").click()
    square(nb.board, "e5").click()  # refused: an error, no new view
    expect(nb.board.locator("[data-role=error]")).to_contain_text("e5 is not next to c3")
    expect(nb.board.locator("[data-pending], [aria-busy]")).to_have_count(0)
