"""The course as a Voilà app (README, "Voilà"): Voilà serving the notebooks folder, as
``bash tests/dev.sh voila`` does, shows the start page's boards without code; a link from
it opens another course notebook (served, not 403 Forbidden as when Voilà serves one
notebook alone); a move plays there; and Save downloads the save itself, since a Voilà
page shows no files, a file that loads with the game's ``from_dict`` and holds the move."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from pondwidgets.core import ManualClock
from pondwidgets.croak import CroakGame
from tests.browser import harness
from tests.browser.harness import expect

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


@pytest.fixture(scope="module")
def course(sandbox):
    """Voilà on a copy of the course's folder, without the teachers' solutions (as the
    voila command serves it), in the sandbox: the kernels' saves stay out of the checkout."""
    folder = sandbox.root / "voila-course"
    shutil.rmtree(folder, ignore_errors=True)
    shutil.copytree(NOTEBOOKS, folder, ignore=shutil.ignore_patterns(
        "solutions", ".ipynb_checkpoints", "*.pondsave.json"))
    server = harness.Voila(sandbox).start(folder.name)
    yield server, folder
    server.stop()
    shutil.rmtree(folder, ignore_errors=True)


def test_the_course_under_voila_links_plays_and_downloads_a_save(course, new_page, tmp_path):
    server, folder = course
    page = new_page()
    response = page.goto(server.url("voila/render/00-start-here.ipynb"), timeout=90_000)
    assert response.status == 200
    start = page.locator(".pw-board").first
    start.wait_for(state="visible", timeout=90_000)
    # Boards, not code: Voilà strips the code cells' sources (this is the board's cell).
    expect(page.get_by_text("CroakGame(players=2, seed=2026)")).to_have_count(0)
    expect(page.locator(".jp-CodeMirrorEditor")).to_have_count(0)
    expect(page.get_by_text("Welcome to pondwidgets")).to_be_visible()
    expect(start.locator("[data-role=save]")).to_have_attribute("title", re.compile("^Download"))

    link = page.locator("a[href='croak/01-rules.ipynb']").first
    with page.expect_navigation(timeout=90_000) as navigation:
        link.click()
    assert navigation.value.status == 200, navigation.value.status  # not 403 Forbidden
    assert page.url.split("?")[0].endswith("/voila/render/croak/01-rules.ipynb")
    board = page.locator(".pw-board").first
    board.wait_for(state="visible", timeout=90_000)
    expect(page.get_by_role("heading", name=re.compile("rules", re.I)).first).to_be_visible()

    # A move: one of the frogs that may move, then a square marked for it.
    expect(board).to_have_attribute("data-decisions", re.compile(r"^\d+$"))
    before = int(board.get_attribute("data-decisions"))
    source = board.locator("button.is-source").first
    frm = source.get_attribute("data-square")
    source.click()
    target = board.locator("button.is-target").first
    to = target.get_attribute("data-square")
    target.click()
    expect(board).not_to_have_attribute("data-decisions", str(before))
    expect(board.locator(f'button[data-square="{to}"]')).to_have_attribute(
        "aria-label", re.compile(r"(Queen|Servant)"))

    with page.expect_download(timeout=30_000) as download_info:
        board.locator("[data-role=save]").click()
    download = download_info.value
    name = download.suggested_filename
    assert re.fullmatch(r"croak-\d{4}-\d{2}-\d{2}-\d{4}\.pondsave\.json", name), name
    notice = board.locator("[data-role=notice]")
    expect(notice).to_have_text(f"Downloaded {name}: it is in your browser's downloads.")
    saved = tmp_path / name
    download.save_as(saved)
    game = CroakGame.from_dict(json.loads(saved.read_text()), clock=ManualClock())
    moves = [str(move) for _seat, move, *_ in json.loads(saved.read_text())["decisions"]]
    assert any(m.endswith(f"{frm}-{to}") for m in moves), (frm, to, moves)
    assert len(game.history) == len(moves)
    # Nothing was written beside the notebooks: the download is the save.
    assert list(folder.rglob("*.pondsave.json")) == []
    assert not [line for line in page.console if line.startswith("pageerror")], page.console
