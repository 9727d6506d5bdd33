"""A committed notebook re-opened in JupyterLab, not run, draws its boards from the widget
state saved in it: each board's small loader finds its game's bundle, saved once per
notebook in a Bundle widget (pondwidgets/core/bundle.py), and the board shows the saved
view. The notebook is the one committed, trusted by the setup's own step (`bash tests/dev.sh
lab` signs the course as committed, in the sandbox's data dir here): JupyterLab shows an
untrusted notebook's widget outputs as their text only, whatever they hold."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.browser import harness
from tests.browser.harness import KERNEL_IDLE, expect

ROOT = Path(__file__).resolve().parents[2]
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
# What a board with no Python behind it says (js/shared/saved.js)
UNPLUGGED = re.compile(r"^This board was saved with the notebook and has no Python behind it: "
                       r"run its cell \(Shift\+Enter\) to play\.$")


def first_board(notebook: Path) -> dict:
    """The saved state of the first board the notebook shows."""
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    state = nb["metadata"]["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    for cell in nb["cells"]:
        for output in cell.get("outputs", []):
            if WIDGET_VIEW in output.get("data", {}):
                return state[output["data"][WIDGET_VIEW]["model_id"]]["state"]
    raise AssertionError(f"{notebook.name} shows no board")


def setup_trusts_the_course(sandbox) -> None:
    """The trust step of `bash tests/dev.sh lab`, with the sandbox's data dir."""
    subprocess.run(["bash", "tests/dev.sh", "trust"], cwd=ROOT, check=True, timeout=120,
                   env={**sandbox.env, "PONDWIDGETS_VENV": sys.prefix})


@pytest.mark.parametrize("name, board", [("00-start-here.ipynb", ".pw-croak"),
                                         ("rapidcroco/02-variants.ipynb", ".pw-rapidcroco")])
def test_a_saved_notebook_shows_its_boards_without_running(lab, new_page, sandbox, name, board):
    source = Path("notebooks") / name
    copy = f"saved-{source.name}"
    (sandbox.root / copy).write_bytes(subprocess.run(  # as a fresh clone has it
        ["git", "show", f"HEAD:{source.as_posix()}"], cwd=ROOT, capture_output=True,
        check=True).stdout)
    saved = first_board(sandbox.root / copy)
    setup_trusts_the_course(sandbox)
    page = new_page()
    try:
        page.goto(lab.url(f"lab/workspaces/saved-{source.stem}/tree/{copy}"), timeout=60_000)
        page.get_by_text(KERNEL_IDLE, exact=True).wait_for(timeout=60_000)  # and never run
        shown = page.locator(f".pw-board{board}").first
        expect(shown).to_have_attribute("data-decisions", str(saved["view"]["decisions"]),
                                        timeout=30_000)
        expect(shown.locator("button:visible").first).to_be_visible()  # drawn
        # With no Python behind it until its cell runs, a click says so, and so does a key
        hint = shown.locator("[data-role=hint]")
        shown.locator("[data-role=save]").click()
        expect(hint).to_have_text(UNPLUGGED)
        expect(shown.locator("[data-role=notice]")).to_be_hidden()  # nothing was saved
        page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell").first.click()
        shown.locator("[data-role=new-game]").focus()
        page.keyboard.press("Enter")
        expect(hint).to_have_text(UNPLUGGED)
        expect(shown.locator("[data-role=new-game]")).to_have_text("New game")  # not asked
        # Its cells run, the board drawn again is the kernel's: Save answers
        harness.run_all(page)
        live = page.locator(f".jp-NotebookPanel:not(.lm-mod-hidden) .pw-board{board}").first
        live.locator("[data-role=save]").click()
        expect(live.locator("[data-role=notice]")).to_contain_text("Saved as", timeout=60_000)
        expect(live.locator("[data-role=hint]")).not_to_have_text(UNPLUGGED)
        assert not [line for line in page.console if "pondwidgets" in line
                    and line.startswith(("error", "pageerror"))], page.console
    finally:
        lab.close_notebook(copy)
