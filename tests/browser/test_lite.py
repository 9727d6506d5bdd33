"""The course as a JupyterLite site, in Debian's Chromium with no network (issue 16).

The site is built by the README's command (``bash tests/dev.sh lite``), served by a
static server the test starts, and opened in a browser context in which every request
not to that server is aborted; the list of aborted requests must stay empty. The front
page opens the start notebook with its saved board drawn; its Pyodide kernel reaches
idle with nothing installed by a cell. Then a notebook uploaded as a teacher would (a
board of each game, each against its bot) runs: a click on each board reaches Python
(the game's history, printed by a cell, holds the move) and the bot's answer reaches the
board (its log names the bot's move), with no error output anywhere. Offline, a plot cell
says in one sentence that plots need a connection, and its checker still answers.
A student then opens the first lesson of each game (five notebooks of one file name) one
after another from the file browser, the earlier ones left open, and a cell runs in each
on its own kernel; and behind a network that takes requests and never answers, a plot
says so within seconds.

Marked ``lite`` (and ``browser``); the build's downloads (Pyodide from the npm registry,
the wheels from PyPI) are cached between runs in this user's cache. About six minutes.
"""

from __future__ import annotations

import hashlib
import json
import re
import time
from pathlib import Path

import nbformat
import pytest

from pondwidgets.core.plotting import ANSWER_WITHIN, NO_ANSWER, OFFLINE
from pondwidgets.croak import CroakGame
from tests.browser import harness
from tests.browser.harness import expect, failed, report_failure
from tests.browser.lite import (
    SHOWN,
    StaticSite,
    build_site,
    offline,
    open_from_file_browser,
    open_site,
    open_uploaded,
    stderr_and_errors,
    wait_idle,
)
from tests.browser.test_saved_state import WIDGET_VIEW, first_board

pytestmark = pytest.mark.lite

CDN = "https://cdn.jsdelivr.net/pyodide/"
ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
SAVE_STATE = "@jupyter-widgets/jupyterlab-manager:plugin"
NEWS = "@jupyterlab/apputils-extension:notification"
TAB = ".lm-TabBar-tab.lm-mod-current[data-type=document-title]"
CROAK = {  # Ada's Servant c3 -> c4 is neutral, then CroakBot moves Bob's frogs
    "frogs": [{"queen": "a1", "servants": ["c3"]}, {"queen": "h8", "servants": ["f6"]}],
    "tiles": {sq: "shallow/reeds" for sq in ("a1", "c3", "c4", "f5", "f6", "h8")},
    "face_up": ["a1", "c3", "c4", "f5", "f6", "h8"],
}
# One board of each game, Ada (seat 0) against the game's bot (Bob, seat 1).
BOARDS = {
    "croak": "CroakBoard(CroakGame(['Ada', 'Bob'], seed=7, position=CROAK), seat=0, "
             "bots={1: CroakBot(seed=1)}, bot_delay=0.1)",
    "rapidcroco": "RapidcrocoBoard(RapidcrocoGame(['Ada', 'Bob'], seed=3), seat=0, bots={1: "
                  "RapidBot(seed=1, look=0.5, step=0.1, spread=0, error_rate=0, pause=0)}, "
                  "bot_delay=0.3)",
    "splashdown": "SplashdownBoard(SplashdownGame(['Ada', 'Bob'], seed=1), seat=0, "
                  "bots={1: SplashBot(seed=1)}, bot_delay=0.1)",
    "keckefrosche": "KeckeBoard(KeckeGame(['Ada', 'Bob'], seed=2), seat=0, "
                    "bots={1: KeckeBot(seed=1)}, bot_delay=0.1)",
    "froop": "FroopBoard(FroopGame(['Ada', 'Bob'], seed=2), seat=0, "
             "bots={1: FroopBot(seed=1)}, bot_delay=0.1)",
}
SETUP = f"""\
import json

from pondwidgets.croak import CroakBoard, CroakBot, CroakGame
from pondwidgets.froop import FroopBoard, FroopBot, FroopGame
from pondwidgets.keckefrosche import KeckeBoard, KeckeBot, KeckeGame
from pondwidgets.rapidcroco import RapidBot, RapidcrocoBoard, RapidcrocoGame
from pondwidgets.splashdown import SplashBot, SplashdownBoard, SplashdownGame

CROAK = {CROAK!r}
"""
HISTORIES = ("print(json.dumps({name: [[seat, str(move)] for seat, move in board.game.history]"
             f" for name, board in [{', '.join(f'({n!r}, {n})' for n in BOARDS)}]}}))")
PLOT = """\
from fractions import Fraction

from pondwidgets.core.exercises import plot_convergence
from pondwidgets.croak.exercises import check_pike_at_start, simulate_pike_at_start

check_pike_at_start(Fraction(1, 8))
plot_convergence(simulate_pike_at_start(deals=200, seed=1), Fraction(1, 8), "P(Pike)")
"""


@pytest.fixture(scope="module")
def site(sandbox):
    output = sandbox.base / "lite-site"
    seconds = build_site(output)
    print(f"site built in {seconds:.0f} s")
    return output


@pytest.fixture(scope="module")
def served(sandbox, site):
    with StaticSite(sandbox, site).start() as server:
        yield server


@pytest.fixture(scope="module")
def lite(chromium, served):
    """One offline page on the site for the module: its console and its aborted URLs."""
    context, aborted = offline(chromium, served, viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.console = []
    page.on("console", lambda m: page.console.append(f"{m.type}: {m.text}"))
    page.on("pageerror", lambda e: page.console.append(f"pageerror: {e}"))
    page.aborted = aborted
    page.idle_after = open_site(page, served)
    print(f"page load to an idle kernel: {page.idle_after:.1f} s")
    yield page
    context.close()


@pytest.fixture
def page(lite, request, sandbox):
    yield lite
    report_failure(request, sandbox, lite, lite.console)
    if failed(request):
        print(f"aborted requests: {lite.aborted}")


def test_the_lock_lists_exactly_the_wheels_shipped_with_their_hashes(site):
    pyodide = site / "static" / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())["packages"]
    shipped = {p.name for p in pyodide.glob("*.whl")}
    local = {e["file_name"]: e for e in lock.values() if "://" not in e["file_name"]}
    assert set(local) == shipped
    for name, entry in local.items():
        assert hashlib.sha256((pyodide / name).read_bytes()).hexdigest() == entry["sha256"]
    # The rest is matplotlib and what it needs, at Pyodide's own package site
    remote = {k: e["file_name"] for k, e in lock.items() if "://" in e["file_name"]}
    assert "matplotlib" in remote and "numpy" in remote
    assert all(url.startswith(CDN) for url in remote.values())
    assert {"pondwidgets", "anywidget", "ipywidgets", "ipython", "micropip"} <= set(lock)
    for entry in lock.values():  # every dependency is in the lock
        assert all(dep in lock or dep.replace("_", "-").lower() in lock
                   for dep in entry["depends"]), entry["name"]
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    # The course's JupyterLab settings, as the lab command and Binder install them: the
    # boards saved with the notebook, no news pop-up
    overrides = json.loads((ROOT / "jupyter" / "overrides.json").read_text())
    assert {k: config["settingsOverrides"][k] for k in overrides} == overrides
    assert config["settingsOverrides"][SAVE_STATE]["saveState"] is True
    assert config["settingsOverrides"][NEWS]["fetchNews"] == "false"
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert kernel["disablePyPIFallback"] is True
    assert "pondwidgets" in kernel["loadPyodideOptions"]["packages"]
    # The students' course (no teachers' solutions: the README's command builds the
    # students' site), each notebook with its saved boards and its outputs as a Jupyter
    # server gives them to JupyterLab (each text one string)
    course = {p.relative_to(NOTEBOOKS) for p in NOTEBOOKS.rglob("*.ipynb")
              if p.parent.name != "solutions"}
    assert {p.relative_to(site / "files") for p in (site / "files").rglob("*.ipynb")} == course
    assert not (site / "files" / "solutions").exists()
    for path in course:
        ours = nbformat.read(NOTEBOOKS / path, as_version=4)
        theirs = json.loads((site / "files" / path).read_text())
        assert theirs["metadata"].get("widgets") == ours["metadata"].get("widgets"), path
        assert [c.get("outputs") for c in theirs["cells"]] == [
            c.get("outputs") for c in ours["cells"]], path


def save_and_download(page) -> dict:
    """The notebook in view saved with Ctrl+S, as a person (and autosave) saves it, then
    downloaded from the file browser: the notebook as the site stored it."""
    tab = page.locator(TAB)
    tab.locator(".lm-TabBar-tabLabel").click()
    page.keyboard.press("Control+s")
    expect(tab).not_to_have_class(re.compile(r"\bjp-mod-dirty\b"))
    name = tab.locator(".lm-TabBar-tabLabel").inner_text().strip()
    page.locator(".jp-DirListing-item", has_text=name).first.click(button="right")
    with page.expect_download() as download:
        page.locator(".lm-Menu-item[data-command='filebrowser:download']").click()
    return json.loads(Path(download.value.path()).read_text())


def saved_boards(notebook: dict) -> list[str]:
    """The models of the boards a notebook's outputs show that its widget state holds."""
    state = notebook["metadata"].get("widgets", {}).get(
        "application/vnd.jupyter.widget-state+json", {}).get("state", {})
    shown = [out["data"][WIDGET_VIEW]["model_id"] for cell in notebook["cells"]
             for out in cell.get("outputs", []) if WIDGET_VIEW in out.get("data", {})]
    return [key for key in shown if "view" in state.get(key, {}).get("state", {})]


def test_the_start_notebook_opens_first_with_its_saved_board_and_an_idle_kernel(page, site):
    assert page.url.endswith("/lab/index.html")
    document = page.locator(TAB)
    expect(document).to_have_text(re.compile("00-start-here.ipynb"))
    board = page.locator(".pw-board.pw-croak").first
    saved = first_board(NOTEBOOKS / "00-start-here.ipynb")
    expect(board).to_have_attribute("data-decisions", str(saved["view"]["decisions"]),
                                    timeout=30_000)  # drawn from the state saved
    expect(board.locator("button[data-square='a1']")).to_be_visible()
    # Its saved printed outputs read as JupyterLab shows them, line by line, with no
    # comma starting each line after the first (a list of lines shown as one)
    saved_text = [out["text"] for cell in nbformat.read(site / "files" / "00-start-here.ipynb",
                                                          as_version=4)["cells"]
                  for out in cell.get("outputs", []) if out.get("name") == "stdout"]
    printed = page.locator(f"{SHOWN} .jp-OutputArea-output pre").all_inner_texts()
    multi_line = [t for t in saved_text if "\n" in t.strip()]
    assert multi_line  # (those further down are not drawn until scrolled to)
    for text in multi_line:
        assert text.strip() in [p.strip() for p in printed]
    assert not [p for p in printed if "\n," in p]
    # The saved board has no Python behind it until its cell runs: a click says so
    board.locator("[data-role=save]").click()
    expect(board.locator("[data-role=hint]")).to_have_text(re.compile(
        r"^This board was saved with the notebook and has no Python behind it: run its cell"))
    assert page.locator(".Toastify__toast").all_inner_texts() == []  # no news question
    # Saved as it opened (the widget manager marks a notebook whose widget state it keeps
    # as changed once its boards are drawn), it keeps its board, and the kernel connecting
    # changed nothing of the notebook's own.
    stored = save_and_download(page)
    built = json.loads((site / "files" / "00-start-here.ipynb").read_text())
    for key in ("kernelspec", "language_info"):
        assert stored["metadata"][key] == built["metadata"][key], key
    assert len(saved_boards(stored)) == 1
    assert page.aborted == []


def test_every_game_plays_against_its_bot_offline(page, sandbox):
    notebook = harness.write_notebook(
        sandbox.base / "lite-check.ipynb",
        [SETUP, *(f"{name} = {board}\n{name}" for name, board in BOARDS.items()), HISTORIES])
    open_uploaded(page, notebook)
    harness.run_all(page)
    boards = {name: page.locator(f"{SHOWN} .pw-board.pw-{name}").first for name in BOARDS}
    for board in boards.values():
        expect(board).to_be_visible(timeout=60_000)
        expect(board).to_have_attribute("data-decisions", "0")

    croak = boards["croak"]
    croak.locator("button[data-square='c3']").click()
    croak.locator("button[data-square='c4']").click()

    rapid = boards["rapidcroco"]
    rapid.get_by_role("button", name="Turn the criteria").click()

    splash = boards["splashdown"]
    splash.locator("[data-role=decision][data-move='roll']").click()
    expect(splash).to_have_attribute("data-decisions", "1")
    splash.locator("button[data-pad].is-target").first.click()

    kecke = boards["keckefrosche"]
    kecke.locator(".kf-card-button.is-target").first.click()
    expect(kecke).to_have_attribute("data-decisions", "1")
    kecke.locator("[data-role=decision][data-move='draw']").click()

    froop = boards["froop"]
    cards = froop.locator("[data-role=hand-card]")
    labels = [cards.nth(i).get_attribute("aria-label") for i in range(cards.count())]
    cards.nth(next(i for i, label in enumerate(labels) if re.search(r"fits \d", label))).click()
    froop.locator("[data-role=spot].is-target").first.click()

    for board in boards.values():  # each bot's answer reaches its board's log
        expect(board.locator("[data-role=events]")).to_contain_text("Bob", timeout=20_000)
    wait_idle(page)
    last = page.locator(f"{SHOWN} .jp-CodeCell").last  # HISTORIES, run again
    last.locator(".jp-InputArea-editor").click()
    page.keyboard.press("Control+Enter")  # run in place
    printed = last.locator(".jp-OutputArea-output").first
    expect(printed).to_contain_text('"croak": [[0')
    histories = json.loads(printed.inner_text())
    for name, history in histories.items():  # Ada's click, then Bob's answer, in Python
        assert history[0][0] == 0 and 1 in [seat for seat, _ in history], (name, history)
        expect(boards[name]).to_have_attribute("data-decisions", str(len(history)))
    assert histories["croak"][0] == [0, "S c3-c4"]
    assert stderr_and_errors(page) == []
    assert not [line for line in page.console if line.startswith(("error", "pageerror"))], \
        page.console
    assert page.aborted == []


def test_a_save_lands_in_the_sites_files_and_downloads(page):
    """Save writes the game beside the notebook, which in the site is the browser's own
    storage: it shows in the file browser, and File browser → Download gives the file."""
    board = page.locator(f"{SHOWN} .pw-board.pw-croak").first
    board.locator("[data-role=save]").click()
    notice = board.locator("[data-role=notice]")
    expect(notice).to_contain_text("Saved as")
    name = re.match(r"Saved as (\S+\.pondsave\.json):", notice.inner_text()).group(1)
    page.locator(".jp-FileBrowser-toolbar [data-jp-item-name=refresh] jp-button").click()
    item = page.locator(".jp-DirListing-item", has_text=name)
    item.click(button="right")
    with page.expect_download() as download:
        page.locator(".lm-Menu-item[data-command='filebrowser:download']").click()
    game = CroakGame.from_dict(json.loads(Path(download.value.path()).read_text()))
    assert str(game.history[0][1]) == "S c3-c4" and len(game.history) >= 2  # and Bob's
    assert page.aborted == []


def test_offline_a_plot_says_so_in_one_sentence_and_the_checker_still_answers(page, site):
    cells = page.locator(f"{SHOWN} .jp-CodeCell")
    cells.last.locator(".jp-InputArea-editor").click()
    page.keyboard.press("Escape")  # command mode
    page.keyboard.press("b")  # a new cell below
    page.keyboard.press("Enter")  # editing it
    page.keyboard.insert_text(PLOT)
    page.keyboard.press("Control+Enter")  # run in place
    cell = cells.last
    outputs = cell.locator(".jp-OutputArea-output")
    expect(outputs.last).to_have_text(OFFLINE, timeout=60_000)
    expect(outputs.first).to_contain_text("Correct! 1/8")
    assert stderr_and_errors(page) == []
    # Only matplotlib's download was tried, and refused, at Pyodide's own package site:
    # the very files its lock names there
    lock = json.loads((site / "static/pyodide/pyodide-lock.json").read_text())["packages"]
    assert lock["matplotlib"]["file_name"] in page.aborted
    assert page.aborted and all(url.startswith(CDN) for url in page.aborted), page.aborted



def test_a_notebook_saved_in_the_site_keeps_its_boards_and_opens_again(page):
    """Saved with Ctrl+S, the notebook keeps its boards' widget state (the site's settings,
    as in JupyterLab): the file downloaded holds every board's model, and the page loaded
    again (a new kernel: the next lesson) draws every board from it, with no error."""
    boards = page.locator(f"{SHOWN} .pw-board")
    count = boards.count()
    decisions = [board.get_attribute("data-decisions") for board in boards.all()]
    assert len(saved_boards(save_and_download(page))) == count == len(BOARDS)

    page.reload()
    wait_idle(page)
    boards = page.locator(f"{SHOWN} .pw-board")
    expect(boards).to_have_count(count, timeout=60_000)
    for board, seen in zip(boards.all(), decisions, strict=True):
        expect(board).to_have_attribute("data-decisions", seen)
    assert page.get_by_text(re.compile("Error displaying widget|model not found")).count() == 0
    assert stderr_and_errors(page) == []
    assert page.aborted and all(url.startswith(CDN) for url in page.aborted), page.aborted


# In a new kernel: which modules the course's imports load, and which of them, of the
# site's wheels, Python compiled from their source (as it does with no usable .pyc)
BYTECODE = """\
import importlib.machinery, importlib.util, json, os, sys
loader, before, compiled = importlib.machinery.SourceFileLoader, set(sys.modules), []
source_to_code = loader.source_to_code
def counted(self, data, path, *args, **kwargs):
    compiled.append(path)
    return source_to_code(self, data, path, *args, **kwargs)
loader.source_to_code = counted
import pondwidgets.croak, pondwidgets.froop, ipywidgets, anywidget
loader.source_to_code = source_to_code
site = [m.__file__ for m in list(sys.modules.values())
        if "site-packages" in (getattr(m, "__file__", None) or "")]
print(json.dumps({
    "imported": sorted(set(sys.modules) - before),
    "compiled": [path for path in compiled if "site-packages" in path],
    "no_pyc": [f for f in site if not os.path.exists(importlib.util.cache_from_source(f))],
}))
"""


def test_the_sites_modules_are_imported_from_the_bytecode_its_wheels_ship(page, sandbox):
    """Pyodide writes no bytecode, so without the .pyc that the build compiles into each
    wheel every kernel would compile again each module it imports; with them, nothing
    imported from site-packages is compiled, and every module there has its .pyc."""
    notebook = harness.write_notebook(sandbox.base / "lite-bytecode.ipynb", [BYTECODE])
    open_uploaded(page, notebook)
    harness.run_all(page)
    printed = page.locator(f"{SHOWN} .jp-CodeCell .jp-OutputArea-output").first
    expect(printed).to_contain_text('"no_pyc"', timeout=60_000)
    seen = json.loads(printed.inner_text())
    assert "pondwidgets.croak" in seen["imported"] and "pondwidgets.froop" in seen["imported"]
    assert seen["compiled"] == []
    assert seen["no_pyc"] == []
    assert stderr_and_errors(page) == []


LESSONS = [f"{game}/01-rules.ipynb" for game in BOARDS]  # five notebooks of one name


def test_five_lessons_opened_one_after_another_each_run_on_their_own_kernel(chromium, served):
    """A student opens the first lesson of each game from the file browser, one after
    another, leaving the earlier ones open, and runs a cell in each: each gets a kernel of
    its own, started in its own folder. (JupyterLite 0.8.6 gave a notebook the session of
    any open one of the same file name, so the second 01-rules.ipynb stayed "Initializing":
    one_session_per_notebook in lite/build.py.)"""
    context, aborted = offline(chromium, served, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        open_site(page, served)
        for lesson in LESSONS:
            open_from_file_browser(page, lesson)
            folder = lesson.split("/")[0]
            shown = page.locator(SHOWN)
            cells = shown.locator(".jp-Cell")
            expect(cells.first).to_be_visible()
            wait_idle(page)  # this notebook's kernel, started on opening it
            expect(cells.first).to_have_class(re.compile(r"\bjp-MarkdownCell\b"))  # its title
            cells.first.locator(".jp-InputPrompt").click()  # the first cell, selected
            page.keyboard.press("Escape")  # command mode
            page.keyboard.press("a")  # a new cell above it: a code cell
            mine = cells.first
            expect(mine).to_have_class(re.compile(r"\bjp-CodeCell\b"))
            page.keyboard.press("Enter")  # edited
            page.keyboard.insert_text("import os\nprint('here:', os.getcwd())")
            expect(mine).to_contain_text("os.getcwd()")
            page.keyboard.press("Control+Enter")  # run in place
            expect(mine.locator(".jp-OutputArea-output")).to_have_text(
                f"here: /drive/{folder}", timeout=120_000)
            wait_idle(page)
        expect(page.locator(".lm-TabBar-tab[data-type=document-title]")).to_have_count(6)
        assert len(page.workers) == 6  # the start notebook's kernel and the five lessons'
        assert aborted == []
    finally:
        context.close()


def test_a_plot_behind_a_network_that_never_answers_gives_up_within_seconds(chromium, served):
    """A connection accepted and never answered (a school's proxy): every request to
    Pyodide's package site is held, never fulfilled. The plot says so in its one sentence
    within a few seconds (it waited 62 s for Pyodide's download before), and its checker
    still answers."""
    context, aborted = offline(chromium, served, viewport={"width": 1280, "height": 900})
    held = []
    context.route(f"{CDN}**", lambda route: held.append(route))  # asked before offline's
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        open_site(page, served)
        cells = page.locator(f"{SHOWN} .jp-CodeCell")
        cells.last.locator(".jp-InputArea-editor").click()
        page.keyboard.press("Escape")
        page.keyboard.press("b")  # a new cell below, edited
        page.keyboard.press("Enter")
        page.keyboard.insert_text(PLOT)
        start = time.monotonic()
        page.keyboard.press("Control+Enter")
        outputs = cells.last.locator(".jp-OutputArea-output")
        expect(outputs.last).to_have_text(NO_ANSWER.format(seconds=ANSWER_WITHIN),
                                          timeout=60_000)
        seconds = time.monotonic() - start
        print(f"the no-answer sentence after {seconds:.1f} s")
        assert seconds < 15
        expect(outputs.first).to_contain_text("Correct! 1/8")
        assert stderr_and_errors(page) == []
        assert held and aborted == []
    finally:
        context.close()
