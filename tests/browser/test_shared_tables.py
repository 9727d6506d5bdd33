"""Shared tables in a real browser (pondwidgets/tables/README.md): a table server started
here, on 127.0.0.1 in a thread of the test process (the test holds its hall, the real
game, as the teacher's machine does), and two students, each in their own Chromium
context with their own notebook and CPython kernel in the run's JupyterLab. Ada creates two
Froop! tables, one turn-based and one a race (Panic), and Bob joins both: they press Start
and play each game to its end by clicks and keys on their boards, each page showing its own
hand and no card of the other's, and a projector (``watch``) no hand at all. A move the
server refuses says why on the board (a card where it does not fit, New game asked by
Bob, who did not create the table, the second of two cards laid at once in the race);
Undo and New game go through the server; Save writes the table's record once the game is
over, and the notebook JupyterLab saves holds no seat's token. Ada plays at a normal
window, Bob at 150% zoom, and the race's board is shot at both, light and dark (in the
``shots`` folder, to look at).
"""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path

import pytest

from pondwidgets.froop.cards import turn
from tests.browser.harness import KERNEL_IDLE, expect, run_all, write_notebook
from tests.browser.test_saved_boards import save_with_keys
from tests.tables.test_remote import table_server

BOARD = ".pw-board.pw-froop"
STATUS = ".pondwidgets-table-status"
NORMAL = {"viewport": {"width": 1280, "height": 1000}}
ZOOMED = {"viewport": {"width": 853, "height": 533}, "device_scale_factor": 1.5}


class Student:
    """One student's page (its own browser context) on their own notebook, run, and its
    kernel (``py``): ``cell(i)`` is the notebook's code cell ``i``, ``board(i)`` its board."""

    def __init__(self, lab, chromium, sandbox, name: str, cells: list[str], ready: str,
                 **context) -> None:
        self.lab, self.name = lab, f"table-{name}.ipynb"
        self.path = write_notebook(sandbox.root / self.name, cells)
        self.context = chromium.new_context(**context)
        self.page = self.context.new_page()
        self.page.set_default_timeout(20_000)
        self.console: list[str] = []
        self.page.on("console", lambda m: self.console.append(f"{m.type}: {m.text}"))
        self.page.on("pageerror", lambda e: self.console.append(f"pageerror: {e}"))
        self.page.goto(lab.url(f"lab/workspaces/table-{name}/tree/{self.name}"),
                       timeout=60_000)
        self.page.get_by_text(KERNEL_IDLE, exact=True).wait_for(timeout=60_000)
        run_all(self.page)
        self.page.locator(ready).first.wait_for(state="visible", timeout=60_000)
        self.py = lab.kernel(self.name)

    def cell(self, index: int):
        return self.page.locator(".jp-Notebook .jp-CodeCell").nth(index)

    def board(self, index: int):
        return self.cell(index).locator(BOARD)

    def errors(self) -> list[str]:
        return [line for line in self.console if line.startswith(("error", "pageerror"))]

    def close(self) -> None:
        self.py.close()
        self.lab.close_notebook(self.name)
        self.context.close()


@pytest.fixture(scope="module")
def room(lab, chromium, sandbox):
    """The table server, Ada's notebook (cell 0 the turn-based table she creates, cell 1
    the race) and Bob's (cell 0 and 1 his seats at them, cell 2 the turn-based table
    watched, as a projector would), every seat taken."""
    with table_server() as (address, hall):
        server = repr(address)
        ada = Student(lab, chromium, sandbox, "ada", [
            f"from pondwidgets.tables import create\n"
            f"turns = create('froop', 2, name='Ada', server={server})\nturns",
            f"race = create('froop', 2, name='Ada', server={server}, panic=True)\nrace"],
            STATUS, **NORMAL)
        codes = [None]
        deadline = time.monotonic() + 20
        while None in codes:
            assert time.monotonic() < deadline, "the server gave no join codes"
            codes = ada.py.value("[turns.code, race.code]")
        bob = Student(lab, chromium, sandbox, "bob", [
            f"from pondwidgets.tables import join\n"
            f"turns = join({codes[0]!r}, name='Bob', server={server})\nturns",
            f"race = join({codes[1]!r}, name='Bob', server={server})\nrace",
            f"from pondwidgets.tables import watch\n"
            f"projector = watch({codes[0]!r}, server={server})\nprojector"],
            BOARD, **ZOOMED)
        students = (ada, bob)
        try:
            for student, boards in zip(students, (2, 3), strict=True):
                expect(student.page.locator(BOARD)).to_have_count(boards, timeout=30_000)
            yield hall, codes, students
        finally:
            for student in students:
                student.close()


@pytest.fixture(scope="module")
def shots(sandbox) -> Path:
    """Where the screenshots go: $PONDWIDGETS_SHOTS, else the run's sandbox (kept by
    pytest for the last 3 runs)."""
    folder = Path(os.environ.get("PONDWIDGETS_SHOTS") or sandbox.base / "shots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


# -- playing by clicks -----------------------------------------------------------------
def hand_on_page(board) -> list[str]:
    return sorted(board.locator("[data-role=hand-card]").evaluate_all(
        "(cs) => cs.map((c) => c.dataset.card)"))


def names_shown(html: str, cards: list[str]) -> list[str]:
    """The cards ``html`` names, either way up (four letters on their own)."""
    return [c for c in cards if re.search(rf"(?<![A-Za-z])({c}|{turn(c)})(?![A-Za-z])", html)]


def check_hands(game, students, cell: int) -> None:
    """Each student's board shows their own hand, as the server's game holds it, and
    nothing in the cell of their table's screen names a card of the other's but those
    they gave them (Panic: the giver knows where it went). The other table's cells may:
    the same deck, another game."""
    for seat, student in enumerate(students):
        board = student.board(cell)
        assert hand_on_page(board) == sorted(game.hands[seat]) or game.is_over
        others = [c for c in game.hands[1 - seat]
                  if c not in game.hands[seat] and c not in game.gave[seat]]
        html = student.cell(cell).evaluate("(c) => c.outerHTML")
        assert names_shown(html, game.hands[seat]) == game.hands[seat]  # what it looks for
        assert names_shown(html, others) == [], (seat, game.log)


def choose(own, play: dict) -> None:
    """Choose the card of ``play`` in the hand row ``own``, turned the way it is laid."""
    card = own.locator(f'[data-role=hand-card][data-card="{play["card"]}"]')
    if card.get_attribute("aria-pressed") != "true":  # chosen already: a click puts it back
        card.click()
    letters = play["move"].split()[0]
    if card.get_attribute("data-letters") != letters:  # a card keeps its way up
        own.locator("[data-role=turn-card]").click()
        expect(card).to_have_attribute("data-letters", letters)


def spot(board, play: dict):
    return board.locator(f'[data-role=spot][data-x="{play["x"]}"][data-y="{play["y"]}"]')


def play_by_clicks(board, seat: int, view: dict) -> None:
    """Play ``seat``'s first play (or its first give, or else its first other decision)
    as a person does, on their own board."""
    own = board.locator(f'[data-role=hand][data-seat="{seat}"]')
    legal = [m["text"] for m in view["legal"]]
    give = next((m for m in legal if m.startswith("give ")), None)
    if view["plays"]:
        play = view["plays"][0]
        choose(own, play)
        spot(board, play).click()
    elif give is not None:
        own.locator(f'[data-role=hand-card][data-card="{give.split()[1]}"]').click()
        own.locator(f'[data-role=give][data-move="{give}"]').click()
    else:
        own.locator(f'[data-role=decision][data-move="{legal[0]}"]').click()


def start(students, cell: int, game) -> None:
    """Ada presses Start by click, Bob by its key; the game runs once both have."""
    ada, bob = (student.board(cell) for student in students)
    status = ada.locator("[data-role=status]")
    expect(status).to_contain_text("Press Start (or S) when you are ready")
    ada.get_by_role("button", name="Start").click()
    expect(ada.get_by_role("button", name="Start")).to_be_hidden()
    bob.locator("[data-role=status]").focus()
    bob.page.keyboard.press("s")
    for board in (ada, bob):
        expect(board.get_by_role("button", name="Start")).to_be_hidden()
    assert game.history == []


def play_on(hall, code: str, students, cell: int, until: int | None = None,
            check=check_hands) -> None:
    """The table's decisions made by clicks on the board of a seat that may act (taking
    turns in a race), to the end or to ``until`` decisions, ``check(game, students, cell)``
    every third."""
    game = hall.tables[code].game
    decisions = len(game.history)
    while not game.is_over and decisions != until:
        assert decisions < 200, "the game never ends"
        to_act = game.seats_to_act
        seat = to_act[decisions % len(to_act)]
        play_by_clicks(students[seat].board(cell), seat, game.view(seat))
        decisions += 1
        for student in students:
            expect(student.board(cell)).to_have_attribute("data-decisions", str(decisions))
        if decisions % 3 == 0:
            check(game, students, cell)


def refused_on_the_board(hall, code: str, students, cell: int) -> None:
    """The seat to act chooses a card and clicks a spot where it does not fit: the board
    sends it anyway, the server refuses it, and the board says the server's reason."""
    game = hall.tables[code].game
    seat = game.seats_to_act[0]
    student, view = students[seat], game.view(seat)
    board = student.board(cell)
    card = view["hand"][0]
    board.locator(f'[data-role=hand-card][data-card="{card}"]').click()
    wrong = board.locator("[data-role=spot]:not(.is-target)").first
    wrong.click()
    error = board.locator("[data-role=error]")
    expect(error).to_be_visible()
    screen = ("turns", "race")[cell]
    reason = student.py.value(f"{screen}.refusal")
    assert "does not fit" in reason or "covers" in reason, reason
    expect(error).to_have_text(reason)
    assert len(game.history) == 0
    board.locator(f'[data-role=hand-card][data-card="{card}"]').click()  # put back
    # Bob, who did not create the table, asks for a new game: only its creator may
    bob = students[1].board(cell)
    bob.locator("[data-role=new-game]").click()
    expect(bob.locator("[data-role=error]")).to_have_text("only the table's creator may do that")
    assert len(game.history) == 0
    # The seat not to act lays a card of theirs: their board says so, and sends nothing
    waiting = students[1 - seat].board(cell)
    other = game.view(1 - seat)["hand"][0]
    waiting.locator(f'[data-role=hand-card][data-card="{other}"]').click()
    waiting.locator("[data-role=spot]").first.click()
    expect(waiting.locator("[data-role=hint]")).to_have_text("It is not your turn to lay a card.")
    waiting.locator(f'[data-role=hand-card][data-card="{other}"]').click()  # put back


def check_hands_and_projector(game, students, cell: int) -> None:
    """``check_hands``, and the projector (Bob's cell 2) shows the game as it stands and no
    card of either hand."""
    check_hands(game, students, cell)
    projector = students[1].board(2)
    expect(projector).to_have_attribute("data-decisions", str(len(game.history)))
    expect(projector.locator("[data-role=hand-card]")).to_have_count(0)
    html = students[1].cell(2).evaluate("(c) => c.outerHTML")
    assert names_shown(html, game.hands[0] + game.hands[1]) == []


def undone_by_click(hall, code: str, students) -> None:
    """The seat to act lays a card that shows nothing hidden, and takes it back with its
    board's Undo (the other board's stays off): the server's game is as it was. (Nothing
    to try when no play of theirs would leave a decision to take back.)"""
    game = hall.tables[code].game
    seat = game.seats_to_act[0]
    view = game.view(seat)

    def shows_nothing(move: str) -> bool:
        trial = game.copy()
        trial.play(move, seat)
        return trial.undo_floor == 0

    plays = [play for play in view["plays"] if shows_nothing(play["move"])]
    if not plays:
        return
    mine, theirs = students[seat].board(0), students[1 - seat].board(0)
    play_by_clicks(mine, seat, {**view, "plays": plays})
    for board in (mine, theirs):
        expect(board).to_have_attribute("data-decisions", "1")
    expect(theirs.locator("[data-role=undo]")).to_be_disabled()
    mine.locator("[data-role=undo]").click()
    for board in (mine, theirs):
        expect(board).to_have_attribute("data-decisions", "0")
    assert game.history == []


def saved_by_click(student, game) -> None:
    """Save, once the game is over, writes the table's record beside the notebook: every
    decision, and neither the seed nor a token."""
    board = student.board(0)
    assert student.py.wait_for("turns.game.record is not None", True)  # the server's
    board.locator("[data-role=save]").click()
    notice = board.locator("[data-role=notice]")
    expect(notice).to_contain_text("Saved as")
    saved = student.path.parent / re.match(r"Saved as (\S+):", notice.inner_text()).group(1)
    text = saved.read_text(encoding="utf-8")
    record = json.loads(text)
    assert record["format"] == "pondwidgets-table-record" and record["names"] == ["Ada", "Bob"]
    assert [tuple(d[:2]) for d in record["decisions"]] == [(s, str(m)) for s, m in game.history]
    assert str(game.seed) not in text and student.py.value("turns.token") not in text
    saved.unlink()


def both_at_once(hall, code: str, students) -> None:
    """Ada and Bob each choose a card and lay it at once, on the same picture of the race:
    the server takes the first, and judges the second on the game as it then stands."""
    game = hall.tables[code].game
    before = len(game.history)
    chosen = []
    for seat, student in enumerate(students):
        view = game.view(seat)
        if not view["plays"]:
            return
        board = student.board(1)
        play = view["plays"][-1]
        choose(board.locator(f'[data-role=hand][data-seat="{seat}"]'), play)
        chosen.append((board, play))
    for board, play in chosen:  # the two clicks, with no wait between them
        spot(board, play).dispatch_event("click")
    errors = [board.locator("[data-role=error]") for board, _play in chosen]

    def judged() -> list[bool | str]:
        """Each seat's move: True if the server took it, else its board's refusal."""
        made = {(s, str(m)) for s, m in game.history[before:]}
        return [(seat, play["move"]) in made or (error.is_visible() and error.inner_text())
                for seat, ((_board, play), error) in enumerate(zip(chosen, errors,
                                                                   strict=True))]

    deadline = time.monotonic() + 10
    while not all(judged()):
        assert time.monotonic() < deadline, judged()
        time.sleep(0.05)
    outcome = judged()
    assert True in outcome, outcome  # the first to arrive is played
    for board, _play in chosen:
        expect(board).to_have_attribute("data-decisions", str(len(game.history)))


def new_game_by_click(students, game) -> None:
    """Ada, the creator, starts a new game once it is over: both boards are held for
    their Start again, and Save has no record to write until the new game is over."""
    ada, bob = (student.board(0) for student in students)
    ada.locator("[data-role=new-game]").click()
    for board in (ada, bob):
        expect(board).to_have_attribute("data-decisions", "0")
        expect(board.get_by_role("button", name="Start")).to_be_visible()
        expect(board.locator("[data-role=hand-card]")).to_have_count(0)  # face down
    assert not game.is_over and game.history == []
    ada.locator("[data-role=save]").click()
    expect(ada.locator("[data-role=error]")).to_contain_text("saved once it is over")


# -- the tests ---------------------------------------------------------------------------
def test_a_turn_based_table_played_to_the_end_each_seeing_only_their_own_hand(room):
    hall, (code, _race), students = room
    game = hall.tables[code].game
    ada, bob = students
    expect(bob.board(0).locator("[data-role=hand-card]")).to_have_count(0)  # held: face down
    start(students, 0, game)
    check_hands(game, students, 0)
    for seat, student in enumerate(students):
        assert student.py.value("turns.board.view['hand']") == game.view(seat)["hand"]
    refused_on_the_board(hall, code, students, 0)
    undone_by_click(hall, code, students)
    play_on(hall, code, students, 0, check=check_hands_and_projector)
    for board in (ada.board(0), bob.board(0), bob.board(2)):
        expect(board).to_have_attribute("data-phase", "over")
    assert game.winners
    saved_by_click(ada, game)
    new_game_by_click(students, game)
    assert not ada.errors() and not bob.errors(), (ada.console, bob.console)


def test_a_race_played_to_the_end_each_playing_their_own_hand(room, shots):
    hall, (_turns, code), students = room
    game = hall.tables[code].game
    start(students, 1, game)
    expect(students[0].board(1).locator("[data-role=hand]")).to_have_count(1)  # hers only
    assert len(game.seats_to_act) == 2  # Panic: both at once
    check_hands(game, students, 1)
    play_on(hall, code, students, 1, until=4)
    for student, size in zip(students, ("normal", "zoom150"), strict=True):
        shoot(student, 1, shots / f"table-{size}")
    both_at_once(hall, code, students)
    play_on(hall, code, students, 1)
    assert hall.tables[code].raced
    for student in students:
        expect(student.board(1)).to_have_attribute("data-phase", "over")
        assert not student.errors(), student.console


def test_the_saved_notebook_holds_no_seat_token(room):
    _hall, _codes, students = room
    for student, screens in zip(students, (2, 3), strict=True):
        tokens = student.py.value("[turns.token, race.token]")
        assert all(tokens)
        models, _shown = save_with_keys(student.page, student.path,
                                        lambda models, shown, n=screens: len(shown) == n)
        text = student.path.read_text(encoding="utf-8")
        boards = [state for state in models.values() if "view" in state]
        assert len(boards) == screens  # every board's state is saved...
        assert not [token for token in tokens if token in text]  # ...and no token
        assert not student.errors(), student.console


# -- screenshots -----------------------------------------------------------------------
def theme(page, name: str) -> None:
    """JupyterLab's Settings > Theme > ``name``, as a person picks it."""
    page.locator("#jp-MainMenu .lm-MenuBar-item", has_text="Settings").first.click()
    page.locator(".lm-Menu-item", has_text="Theme").first.hover()
    page.locator(".lm-Menu-item", has_text=name).first.click()
    light = "false" if "Dark" in name else "true"
    expect(page.locator("body")).to_have_attribute("data-jp-theme-light", light)


def shoot(student, cell: int, stem: Path) -> None:
    """The screen of ``cell`` (its status line and board), light then dark (JupyterLab's
    theme), as ``<stem>-<light|dark>-window.png``, the window as its person sees it
    scrolled to the screen's top, and ``...-board.png``, the whole screen (the window made
    taller for it, then as it was)."""
    page, screen = student.page, student.cell(cell).locator(".jp-OutputArea")
    window = page.viewport_size
    try:
        for name in ("JupyterLab Light", "JupyterLab Dark"):
            theme(page, name)
            shot = f"{stem}-{'dark' if 'Dark' in name else 'light'}"
            screen.evaluate("(s) => s.scrollIntoView({block: 'start'})")
            page.screenshot(path=f"{shot}-window.png", animations="disabled")
            page.set_viewport_size({"width": window["width"], "height": 2400})
            screen.evaluate("(s) => s.scrollIntoView({block: 'start'})")
            screen.screenshot(path=f"{shot}-board.png", animations="disabled")
            page.set_viewport_size(window)
    finally:
        page.set_viewport_size(window)
        theme(page, "JupyterLab Light")  # the run's other pages keep the light one
