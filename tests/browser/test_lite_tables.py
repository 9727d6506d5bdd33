"""Shared tables from the JupyterLite site's kernel (pondwidgets/tables/README.md): the
browser's own WebSocket, from Pyodide, in the kernel's web worker.

A table server runs in a thread of the test process on 127.0.0.1 (the test holds its hall,
the real game, as the teacher's machine does). Two students each open the site in an
offline Chromium context that reaches only the site and that server, upload a notebook and
run it: Ada's creates a three-seat Froop! table, Bob's joins it, and a third student, Cyd,
joins from a CPython kernel (an event loop in a thread of the test process). Each presses
Start, and they play by clicks (Cyd by his board's messages) until each has decided; each
page shows its own hand, as the server's game holds it, and no card of another's. Then a
join cell with no server to reach, or one that never answers, says so in one sentence.

Marked ``lite`` with test_lite.py, whose site this module uses when it built one in the run.
"""

from __future__ import annotations

import asyncio
import json
import re
import socket
import threading
import time
import zipfile
from pathlib import Path

import pytest

from pondwidgets.froop.cards import turn
from pondwidgets.tables import screen as screens
from tests.browser import harness
from tests.browser.harness import expect
from tests.browser.lite import (
    SHOWN,
    StaticSite,
    offline,
    open_lab,
    open_uploaded,
    site_of_run,
    stderr_and_errors,
)
from tests.tables.test_remote import table_server

pytestmark = pytest.mark.lite

BOARD = f"{SHOWN} .pw-board.pw-froop"
STATUS = f"{SHOWN} .pondwidgets-table-status"
WAIT = 20.0  # seconds a change may take to reach a screen
# A table message with no table in it, delivered by the browser's WebSocket to the screen
MANGLED = """\
import js
from pyodide.ffi import to_js
frame = to_js({"data": '{"type": "table"}'}, dict_converter=js.Object.fromEntries)
table.link._socket.dispatchEvent(js.MessageEvent.new("message", frame))
print("still running")
"""
CLOSED = """\
import asyncio
table.close()
await asyncio.sleep(0.5)
print("closed," if table.link.closed else "open,", len(table.link._proxies), "callbacks left")
"""


@pytest.fixture(scope="module")
def served(sandbox):
    with StaticSite(sandbox, site_of_run(sandbox)).start() as server:
        yield server


@pytest.fixture(scope="module")
def tables():
    """The table server: its address and its hall."""
    with table_server() as (address, hall):
        yield address, hall


def test_the_sites_wheel_holds_the_tables_and_its_lock_no_tornado(served):
    """The kernel's side of a table is in the site's pondwidgets wheel; tornado, which
    only the server and a CPython kernel's link import, is not in the site at all."""
    pyodide = served.site / "static" / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())["packages"]
    assert "tornado" not in lock
    assert not [entry["name"] for entry in lock.values() if "tornado" in entry["depends"]]
    with zipfile.ZipFile(pyodide / lock["pondwidgets"]["file_name"]) as wheel:
        shipped = set(wheel.namelist())
    kernels = ("link", "remote", "screen", "seats")  # the kernel's side of a table
    assert {f"pondwidgets/tables/{name}.py" for name in kernels} <= shipped


class CPythonKernel:
    """A CPython kernel's event loop, on a thread of the test process: Cyd's screen lives
    on it, as it would in a Jupyter kernel (tornado's WebSocket, this loop's callbacks)."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def run(self, fn, *args, **kwargs):
        """``fn(*args, **kwargs)`` run on the kernel's loop; its value."""
        async def call():
            return fn(*args, **kwargs)
        return asyncio.run_coroutine_threadsafe(call(), self.loop).result(WAIT)

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(WAIT)
        self.loop.close()


class Student:
    """One student in the site: an offline page (its own context), which reaches the
    site and ``reach`` only, on the lab's file browser."""

    def __init__(self, chromium, served, reach: tuple[str, ...] = ()) -> None:
        self.context, self.aborted = offline(chromium, served, reach=reach,
                                             viewport={"width": 1280, "height": 1000})
        self.page = self.context.new_page()
        self.page.set_default_timeout(30_000)
        self.console: list[str] = []
        self.page.on("console", lambda m: self.console.append(f"{m.type}: {m.text}"))
        self.page.on("pageerror", lambda e: self.console.append(f"pageerror: {e}"))
        self.page.on("worker", self._worker)  # the kernel's, where Python runs
        open_lab(self.page, served)

    def _worker(self, worker) -> None:
        worker.on("console", lambda m: self.console.append(f"{m.type}: (worker) {m.text}"))

    def run(self, notebook: Path) -> None:
        """Upload ``notebook``, open it and run all its cells."""
        open_uploaded(self.page, notebook)
        harness.run_all(self.page)

    def errors(self) -> list[str]:
        return [line for line in self.console if line.startswith(("error", "pageerror"))]


def until(page, condition, what: str) -> None:
    """Wait, in Playwright's time (its routing of the worker's requests runs only then),
    until ``condition()`` holds."""
    deadline = time.monotonic() + WAIT
    while not condition():
        assert time.monotonic() < deadline, f"never: {what}"
        page.wait_for_timeout(50)


# -- playing Froop! by clicks ------------------------------------------------------------
def hand_on_page(board) -> list[str]:
    return sorted(board.locator("[data-role=hand-card]").evaluate_all(
        "(cards) => cards.map((card) => card.dataset.card)"))


def play_by_clicks(board, seat: int, view: dict) -> None:
    """``seat``'s first play as a person makes it on their board (the card, Turn if it is
    laid turned, the place), or else its first other decision's button."""
    if view["plays"]:
        play = view["plays"][0]
        board.locator(f'[data-role=hand-card][data-card="{play["card"]}"]').click()
        if play["turned"]:
            board.locator("[data-role=turn-card]").click()
        board.locator(f'[data-role=spot][data-x="{play["x"]}"][data-y="{play["y"]}"]').click()
    else:
        board.locator(f'[data-role=decision][data-move="{view["legal"][0]["text"]}"]').click()


def run_cell(page, source: str) -> None:
    """A new cell at the end of the notebook in view, run in place."""
    page.locator(f"{SHOWN} .jp-CodeCell").last.locator(".jp-InputArea-editor").click()
    page.keyboard.press("Escape")  # command mode
    page.keyboard.press("b")  # a new cell below, edited
    page.keyboard.press("Enter")
    page.keyboard.insert_text(source)
    page.keyboard.press("Control+Enter")


def ask(board, **message) -> None:
    """What Cyd's browser would send when he clicks."""
    board._on_browser_message(message)


def seat_three(ada: Student, bob: Student, cyd: CPythonKernel, address: str, sandbox):
    """Ada's notebook creates a three-seat Froop! table (the server's address as a host
    and port), Bob's joins it with the code her screen shows, then Cyd from CPython: the
    table's code and Cyd's screen, once every board shows."""
    ada.run(harness.write_notebook(sandbox.base / "ada-table.ipynb", [
        f"from pondwidgets.tables import create\n"
        f"table = create('froop', 3, name='Ada', server={address.split('//')[1]!r})\ntable"]))
    status = ada.page.locator(STATUS)
    expect(status).to_contain_text("Give the code", timeout=60_000)
    code = re.search(r"at table ([A-Z]{4})", status.inner_text()).group(1)
    bob.run(harness.write_notebook(sandbox.base / "bob-table.ipynb", [
        f"from pondwidgets.tables import join\n"
        f"table = join({code!r}, name='Bob', server={address!r})\ntable"]))
    expect(bob.page.locator(STATUS)).to_contain_text("Waiting for 1 more player",
                                                     timeout=60_000)
    screen = cyd.run(screens.join, code, "Cyd", address)
    for student in (ada, bob):
        expect(student.page.locator(BOARD)).to_be_visible(timeout=WAIT * 1000)
    until(ada.page, lambda: screen.board is not None, "Cyd's board")
    return code, screen


def play_until_each_has_decided(game, boards, cyd: CPythonKernel, cyd_board) -> None:
    """Decisions by the seat to act, Ada's and Bob's by clicks, Cyd's by his board's
    message, each followed on every board, until each seat has decided (six at least)."""
    decided: set[int] = set()
    while len(decided) < 3 or len(game.history) < 6:
        assert len(game.history) < 40 and not game.is_over
        seat = game.seats_to_act[0]
        decisions = len(game.history) + 1
        if seat == 2:
            cyd.run(ask, cyd_board, type="move", move=cyd_board.view["legal"][0]["text"],
                    decisions=cyd_board.view["decisions"])
        else:
            play_by_clicks(boards[seat], seat, game.view(seat))
        for board in boards:
            expect(board).to_have_attribute("data-decisions", str(decisions))
        until(boards[0].page, lambda d=decisions: cyd_board.view["decisions"] == d,
              "Cyd's board follows")
        decided.add(seat)


def last_output(page):
    return page.locator(f"{SHOWN} .jp-CodeCell").last.locator(".jp-OutputArea-output")


def test_two_students_in_the_site_and_one_in_cpython_play_froop_each_seeing_their_own_hand(
        chromium, served, tables, sandbox):
    address, hall = tables
    reach = (f"{address}/",)
    ada, bob = Student(chromium, served, reach), Student(chromium, served, reach)
    cyd, cyd_screen = CPythonKernel(), None
    try:
        code, cyd_screen = seat_three(ada, bob, cyd, address, sandbox)
        game = hall.tables[code].game
        boards = [ada.page.locator(BOARD), bob.page.locator(BOARD)]
        # Start: each person's own press; the game waits for the last
        for board in boards:
            start = board.get_by_role("button", name="Start")
            start.click()
            expect(start).to_be_hidden()
        assert game.history == []
        cyd.run(ask, cyd_screen.board, type="start")
        until(ada.page, lambda: not cyd_screen.game.message["holding"], "the game begins")
        play_until_each_has_decided(game, boards, cyd, cyd_screen.board)

        # Each page shows its own hand, as the server's game holds it, and no card of
        # another's anywhere in its notebook (Froop! without Cutthroat gives no card)
        for seat, student in enumerate((ada, bob)):
            assert hand_on_page(boards[seat]) == sorted(game.hands[seat])
            shown = student.page.locator(SHOWN).evaluate("(notebook) => notebook.outerHTML")
            others = [card for s in range(3) if s != seat for card in game.hands[s]]
            assert [card for card in others if card in shown or turn(card) in shown] == []
        assert cyd_screen.board.view["hand"] == game.view(2)["hand"]

        # A frame the screen cannot read, dispatched to Ada's WebSocket as the browser
        # delivers one: the status line says so, and the kernel runs the next cell
        run_cell(ada.page, MANGLED)
        expect(ada.page.locator(STATUS)).to_contain_text(
            "This screen could not show the table server's last message (KeyError: 'code'): "
            "run the cell again.")
        expect(last_output(ada.page)).to_have_text("still running")
        # Bob closes his screen: its socket's closing frees the browser's callbacks
        run_cell(bob.page, CLOSED)
        expect(last_output(bob.page)).to_have_text("closed, 0 callbacks left")
        for student in (ada, bob):
            assert stderr_and_errors(student.page) == []
            assert student.errors() == []
            assert student.aborted == []
    finally:
        if cyd_screen is not None:
            cyd.run(cyd_screen.close)
        cyd.close()
        for student in (ada, bob):
            student.context.close()


def test_a_join_cell_in_the_site_with_no_server_to_reach_says_so_in_one_sentence(
        chromium, served, sandbox):
    """Nothing listens on one port; another takes connections and never answers (a
    machine gone to sleep): each join cell prints its one sentence and nothing else, the
    second once the lookup's seconds are over."""
    silent = socket.create_server(("127.0.0.1", 0))
    nobody, mute = harness.free_port(), silent.getsockname()[1]
    addresses = [f"http://127.0.0.1:{nobody}", f"http://127.0.0.1:{mute}"]
    why = ["ConnectionError", "TimeoutError"]
    student = Student(chromium, served, tuple(f"{a}/" for a in addresses))
    try:
        student.run(harness.write_notebook(sandbox.base / "lost-table.ipynb", [
            f"from pondwidgets.tables import join\njoin('KXBT', name='Ada', server={a!r})"
            for a in addresses]))
        cells = student.page.locator(f"{SHOWN} .jp-CodeCell")
        for cell, server, failure in zip(cells.all(), addresses, why, strict=True):
            outputs = cell.locator(".jp-OutputArea-output")
            expect(outputs.first).to_contain_text("No table server answers", timeout=60_000)
            expect(outputs).to_have_count(1)
            printed = outputs.first.inner_text().strip()
            assert "\n" not in printed
            assert printed == (f"No table server answers at {server}: ask your teacher "
                               f"to start it, or check the address."), failure
        assert stderr_and_errors(student.page) == []
        assert student.errors() == []
        assert student.aborted == []
    finally:
        student.context.close()
        silent.close()
