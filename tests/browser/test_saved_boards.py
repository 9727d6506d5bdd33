"""Saved boards survive a save from JupyterLab (issue 23, item 1).

JupyterLab keeps a notebook's widget state when it saves only with the widget manager's
``saveState`` setting, which the project ships (``jupyter/overrides.json``; the harness's
JupyterLab reads it from its settings directory, as the lab command's does), and then only
the boards a kernel runs, unless the boards keep the others (``js/shared/saved.js``). A
course notebook saved with Ctrl+S (as autosave saves) — run and played, opened and not
run, or run in part — its kernel shut down and its tab closed, opens again with every
board drawn from the saved file and no error, and nothing pops up on first open.

A hot-seat board over hidden hands saves only what the spectator sees: after "I am Ada"
the file holds neither her hand nor the draw pile (her view comes by a message that is
never saved), a page reloaded while the kernel runs asks for her view again, and the
reopened file shows the pass screen.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.browser import harness
from tests.browser.harness import KERNEL_IDLE, expect
from tests.browser.test_saved_state import WIDGET_VIEW

ROOT = Path(__file__).resolve().parents[2]
STATE = "application/vnd.jupyter.widget-state+json"
ERRORS = re.compile(r"Error displaying widget|model not found", re.I)
TAB = ".lm-TabBar-tab.lm-mod-current[data-type=document-title]"
BOARDS = ".jp-NotebookPanel:not(.lm-mod-hidden) .pw-board"


def saved(path: Path) -> tuple[dict, list[str]]:
    """A notebook file's saved widget models ({id: state}) and the models its outputs show."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    models = notebook["metadata"].get("widgets", {}).get(STATE, {}).get("state", {})
    shown = [out["data"][WIDGET_VIEW]["model_id"] for cell in notebook["cells"]
             for out in cell.get("outputs", []) if WIDGET_VIEW in out.get("data", {})]
    return {key: model["state"] for key, model in models.items()}, shown


def save_with_keys(page, path: Path, done) -> tuple[dict, list[str]]:
    """Ctrl+S, as a person (and autosave) saves: until the tab is clean and the file on
    disk satisfies ``done(models, shown)``; what it saved."""
    before = path.stat().st_mtime_ns
    page.locator(f"{TAB} .lm-TabBar-tabLabel").click()  # the notebook has the focus
    page.keyboard.press("Control+s")
    expect(page.locator(TAB)).not_to_have_class(re.compile(r"\bjp-mod-dirty\b"))
    deadline = time.monotonic() + 20
    while path.stat().st_mtime_ns == before or not done(*saved(path)):
        assert time.monotonic() < deadline, f"{path.name} was not saved with its boards"
        time.sleep(0.2)
    return saved(path)


def open_in_lab(page, lab, name: str, workspace: str, boards: int, selector: str = BOARDS) -> None:
    """Open a notebook in JupyterLab, to an idle kernel and its ``boards`` boards drawn.

    JupyterLab's widget manager restores a notebook's saved widgets twice as its kernel
    connects, and under load the restore that reads no file can finish first: the boards
    then say "model not found" until the page is loaded again (jupyter-widgets/ipywidgets
    #3231). A reload draws them, so one is allowed; a state really lost stays lost."""
    page.goto(lab.url(f"lab/workspaces/{workspace}/tree/{name}"), timeout=60_000)
    page.get_by_text(KERNEL_IDLE, exact=True).wait_for(timeout=60_000)
    shown = page.locator(selector)
    try:
        expect(shown).to_have_count(boards, timeout=30_000)
    except AssertionError:
        if page.get_by_text(ERRORS).count() == 0:
            raise
        page.reload(timeout=60_000)  # under load a JupyterLab page takes a while
        page.get_by_text(KERNEL_IDLE, exact=True).wait_for(timeout=60_000)
        expect(shown).to_have_count(boards, timeout=30_000)


def no_noise(page) -> None:
    """No widget error and no toast (JupyterLab's news question among them) on the page."""
    assert page.get_by_text(ERRORS).count() == 0
    assert page.locator(".Toastify__toast").all_inner_texts() == []


def boards_of(models: dict, shown: list[str]) -> dict[str, dict]:
    """The saved state of each board the outputs show (a board has a view)."""
    return {key: models[key] for key in shown if "view" in models.get(key, {})}


OPEN_BOARDS = ("{b.model_id: len(b.game.history) for t in __import__('pondwidgets.core.widget',"
               " fromlist=['_Table'])._Table._open.values() for b in t.boards}")
STATIC = ROOT / "pondwidgets" / "static"


def course_copy(sandbox, name: str) -> str:
    """A course notebook as a fresh clone has it, trusted as the setup trusts the course,
    in the server root; its name there. Its saved bundles (the boards' code, kept in the
    file) are this checkout's build, as the notebooks are once executed with it."""
    source = Path("notebooks") / name
    notebook = json.loads(subprocess.run(["git", "show", f"HEAD:{source.as_posix()}"],
                                         cwd=ROOT, capture_output=True, check=True).stdout)
    for model in notebook["metadata"]["widgets"][STATE]["state"].values():
        bundle = model["state"]
        if {"name", "esm", "css"} <= set(bundle):
            bundle["esm"] = (STATIC / f"{bundle['name']}.js").read_text(encoding="utf-8")
            bundle["css"] = (STATIC / f"{bundle['name']}.css").read_text(encoding="utf-8")
    copy = f"reopen-{source.stem}.ipynb"
    (sandbox.root / copy).write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n",
                                     encoding="utf-8")
    subprocess.run([sys.executable, "-m", "jupyter", "trust", copy], cwd=sandbox.root,
                   env=sandbox.env, check=True, capture_output=True, timeout=60)
    return copy


def run_cells(page, count: int) -> None:
    """Shift+Enter on the first ``count`` cells, from the top, as a student runs them."""
    page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell .jp-InputPrompt").first.click()
    for _ in range(count):
        page.keyboard.press("Shift+Enter")


def play_a_move(board, py) -> None:
    """Blue's next step on the start notebook's Croak! board, by two clicks; the bot answers."""
    before = py.value("len(game.history)")
    legal = py.value("[str(m) for m in game.legal_moves(0)]")
    step = next(m for m in legal if re.fullmatch(r"[A-Z] [a-h][1-8]-[a-h][1-8]", m))
    frog, target = step[2:].split("-")
    board.locator(f'button[data-square="{frog}"]').click()
    board.locator(f'button[data-square="{target}"]').click()
    assert py.wait_for(f"len(game.history) > {before} and game.current_player in (0, None)",
                       True, 20)
    expect(board).to_have_attribute("data-decisions", str(py.value("len(game.history)")))


# (notebook, how much of it runs before the save: "all", or the boards run from the top)
CASES = [("00-start-here.ipynb", "all"),  # run, and a move played
         ("froop/01-rules.ipynb", 0),  # opened, not run: saved as it opened
         ("froop/01-rules.ipynb", 2)]  # the first two boards run again, the rest as saved


@pytest.mark.parametrize(("name", "run"), CASES, ids=["played", "not-run", "two-run"])
def test_a_course_notebook_saved_from_jupyterlab_reopens_with_its_boards(
        lab, new_page, sandbox, name, run):
    copy = course_copy(sandbox, name)
    path = sandbox.root / copy
    committed_models, committed = saved(path)
    count = len(boards_of(committed_models, committed))  # the boards it shows
    page = new_page()
    try:
        open_in_lab(page, lab, copy, Path(copy).stem, count)  # drawn from the file
        no_noise(page)  # nothing pops up on first open
        boards = page.locator(BOARDS)
        py = lab.kernel(copy)
        try:
            if run == "all":
                harness.run_all(page)
            elif run:
                cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
                shows = [i for i, c in enumerate(cells) if any(
                    WIDGET_VIEW in o.get("data", {}) for o in c.get("outputs", []))]
                run_cells(page, shows[run - 1] + 1)
            want = count if run == "all" else run
            assert py.wait_for(f"len({OPEN_BOARDS})", want, 90) == want
            py.value("1")  # queued after the cells run: every one has run
            if name == "00-start-here.ipynb":
                play_a_move(boards.first, py)
            live = py.value(OPEN_BOARDS)  # each live board's model and its decisions now
        finally:
            py.close()

        def complete(models, shown):  # every board shown, the live ones as they are now
            mine = boards_of(models, shown)
            return len(mine) == count and len(set(mine) & set(live)) == len(live) and all(
                mine[key]["view"]["decisions"] == live[key] for key in live)

        models, shown = save_with_keys(page, path, complete)
        saved_boards = boards_of(models, shown)
        # The boards not run again are kept as the file had them.
        assert [key for key in shown if key not in live] == committed[len(live):]
        for key in committed[len(live):]:
            assert saved_boards[key]["view"] == committed_models[key]["view"]
        for state in saved_boards.values():  # each board's bundle is saved with it
            assert state["_bundle"].removeprefix("IPY_MODEL_") in models
        no_noise(page)
    finally:
        lab.close_notebook(copy)  # the kernel shut down
        page.context.close()  # and the tab closed

    assert boards_of(*saved(path)) == saved_boards, "the file changed after the save"
    again = new_page()
    try:
        open_in_lab(again, lab, copy, f"{Path(copy).stem}-again", count)  # new kernel, not run
        boards = again.locator(BOARDS)
        for key, board in zip(shown, boards.all(), strict=True):  # drawn from the file
            expect(board).to_have_attribute(
                "data-decisions", str(saved_boards[key]["view"]["decisions"]))
            expect(board.locator("button:visible").first).to_be_visible()
        no_noise(again)
        assert not [line for line in again.console if "pondwidgets" in line
                    and line.startswith(("error", "pageerror"))], again.console
    finally:
        lab.close_notebook(copy)


HOT_SEAT = '''\
from pondwidgets.froop import FroopBoard, FroopGame

game = FroopGame(["Ada", "Bob"], seed=3)
board = FroopBoard(game)  # Ada and Bob share this screen
board'''


def secrets_in(text: str, cards: list[str]) -> list[str]:
    """The cards of ``cards`` that ``text`` names, either way round."""
    return [c for c in cards if c in text or c[::-1] in text]


def test_a_hot_seat_board_saves_no_hand_and_asks_for_it_again(notebook, new_page, lab):
    nb = notebook([HOT_SEAT], ready=".pw-board.pw-froop")
    page, board = nb.page, nb.board
    path = Path(lab.sandbox.root) / nb.name
    ada, bob = nb.py.value("game.hands")
    pile = nb.py.value("game.pile")
    hand = board.locator("[data-role=hand-card]")
    expect(board.locator("[data-role=pass-device-text]")).to_have_text(
        "Pass the device to Ada.")
    board.get_by_role("button", name="I am Ada").click()
    expect(hand).to_have_count(len(ada))
    assert sorted(hand.evaluate_all("(cs) => cs.map((c) => c.dataset.card)")) == sorted(ada)
    assert nb.py.value("[board.view['hand'], board.shown_view['seat']]") == [None, 0]

    def complete(models, shown):
        return shown and all(key in models for key in shown)

    models, shown = save_with_keys(page, path, complete)
    # Everything the file holds but the game's front end itself (its bundle's code).
    kept = json.loads(path.read_text(encoding="utf-8"))
    for model in kept["metadata"]["widgets"][STATE]["state"].values():
        model["state"].pop("esm", None)
        model["state"].pop("css", None)
    text = json.dumps(kept)
    assert secrets_in(text, ada) == [] and secrets_in(text, bob) == []
    assert secrets_in(text, pile) == []
    (state,) = boards_of(models, shown).values()
    assert state["view"]["pass_to"] == 0 and state["view"]["hand"] is None

    # A page reloaded while the kernel runs: the board asks again, and Ada sees her hand.
    page.reload()
    page.get_by_text(KERNEL_IDLE, exact=True).wait_for(timeout=60_000)
    board = page.locator(".pw-board.pw-froop").first
    expect(board.locator("[data-role=hand-card]")).to_have_count(len(ada), timeout=30_000)
    expect(board.locator("[data-role=pass-device]")).to_be_hidden()
    no_noise(page)

    # Reopened after the kernel shut down: the pass screen, and no hand on the page.
    lab.close_notebook(nb.name)
    page.context.close()
    again = new_page()
    open_in_lab(again, lab, nb.name, "hot-seat-again", 1, ".pw-board.pw-froop")
    board = again.locator(".pw-board.pw-froop").first
    expect(board.locator("[data-role=pass-device-text]")).to_have_text(
        "Pass the device to Ada.")
    expect(board.locator("[data-role=hand-card]")).to_have_count(0)
    assert secrets_in(again.content(), ada + bob + pile) == []
    no_noise(again)
