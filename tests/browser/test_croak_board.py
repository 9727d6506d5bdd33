"""The Croak! board in a real browser: clicks and keys reach the rules model, Python's
changes reach the page, bots move by themselves, names stay text, and it runs in Voilà.

The games start from a set position with face-up Reeds where the frogs move, so every
move here is neutral, and known in advance: Ada's Servant c3 -> c4, Bob's f6 -> f5.
"""

import re

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
    # Bob's bot plays its whole turn (here a jump onto a Lily Pad, then the bounce)
    assert nb.py.wait_for("list(game.seats_to_act)", [0]) == [0]
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


def test_one_message_at_a_time_and_the_board_never_moves(notebook):
    """Issue 11, 2.1: a stale hint goes with a new selection, an error replaces it, and the
    board's stage stays exactly where it was while messages come and go."""
    nb = notebook(croak())
    hint, error = nb.board.locator("[data-role=hint]"), nb.board.locator("[data-role=error]")
    before = nb.board.evaluate(STAGE_TOP)
    square(nb.board, "e5").click()  # nothing selected: a local hint
    expect(hint).to_have_text("Choose one of your frogs first.")
    assert nb.board.evaluate(STAGE_TOP) == before
    square(nb.board, "c3").click()  # a new selection: the hint no longer applies
    expect(hint).to_be_hidden()
    square(nb.board, "e5").click()  # an illegal jump: Python's error
    expect(error).to_contain_text("e5 is not next to c3")
    assert nb.board.evaluate(STAGE_TOP) == before
    square(nb.board, "h1").click()  # an empty square again: the newest message only
    expect(error).to_contain_text("h1 is not next to c3")
    expect(nb.board.locator("[data-role=message] > :not([hidden])")).to_have_count(1)
    square(nb.board, "c3").click()  # deselect: nothing is wrong any more
    expect(error).to_be_hidden()
    expect(hint).to_be_hidden()
    assert nb.board.evaluate(STAGE_TOP) == before


def test_while_the_bot_thinks_the_board_says_so(notebook):
    """Issue 11, 2.2: the status names the thinking bot, and a click answers the same."""
    nb = notebook(croak(board="seat=0, bots={1: CroakBot(seed=1)}, bot_delay=600"))
    status = nb.board.locator("[data-role=status]")
    expect(status).to_have_text(re.compile(r"^Ada"))
    square(nb.board, "c3").click()
    square(nb.board, "c4").click()
    expect(status).to_have_text("Bob (a bot) is thinking…")
    square(nb.board, "f6").click()
    expect(nb.board.locator("[data-role=hint]")).to_have_text("Bob (a bot) is thinking…")
    expect(nb.board.locator("[data-role=error]")).to_be_hidden()


MOSQUITO = {**POSITION, "tiles": {**POSITION["tiles"], "c4": "shallow/mosquito"}}


def test_focus_stays_in_the_board_when_the_used_button_goes(notebook):
    """Issue 11, 2.3: after a keyboard Pass (the Mosquito's), the Pass button is gone and
    focus lands on the pond's tab stop, not on the page."""
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
