"""Browser tests: one JupyterLab server and one headless Chromium for the whole run.

Every test here is marked ``browser`` (deselect with ``-m "not browser"``). They need
Debian's Chromium at /usr/bin/chromium and the playwright package (``bash tests/dev.sh
test`` installs both); when either is missing they are skipped, except under ``CI=true``,
where they fail. On a failure the page's screenshot and console are kept (the paths are
printed with the test's teardown output), with the server logs, under pytest's basetemp.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.browser import harness
from tests.browser.harness import failed, report_failure

HERE = Path(__file__).parent


def pytest_collection_modifyitems(config, items):
    for item in items:
        if HERE in Path(str(item.path)).parents:
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


@pytest.fixture(scope="session")
def _browser_can_run():
    problem = harness.chromium_problem()
    if problem:
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(f"browser tests cannot run under CI: {problem}", pytrace=False)
        pytest.skip(problem)


@pytest.fixture(scope="session")
def sandbox(_browser_can_run, tmp_path_factory):
    """Notebook root and isolated per-user dirs (kept by pytest for the last 3 runs)."""
    return harness.Sandbox(tmp_path_factory.mktemp("browser"))


@pytest.fixture(scope="session")
def lab(sandbox):
    """The run's one JupyterLab server."""
    server = harness.JupyterLab(sandbox).start()
    yield server
    server.stop()


@pytest.fixture(scope="package")
def chromium(sandbox):
    """One headless Chromium (Debian's) for all the browser tests. Package scope, not
    session: Playwright's sync API leaves its asyncio loop marked as running in the main
    thread while it is started, so tests that run after these would see a running loop
    (asyncio.run() refuses, boards schedule bots on it); it is stopped when they end."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = harness.launch_chromium(playwright, sandbox)
        yield browser
        browser.close()


@dataclass
class Notebook:
    """A notebook running in JupyterLab: its page, its board, and its kernel (``py``)."""

    name: str
    page: object
    board: object
    py: harness.Kernel
    console: list[str] = field(default_factory=list)


@pytest.fixture
def new_page(chromium, request, sandbox):
    """Factory of fresh pages (each in its own browser context), with ``page.console``
    and ``page.dialogs`` recorded; on failure, keeps a screenshot and the console of each."""
    opened = []

    def new(viewport=None):
        context = chromium.new_context(viewport=viewport or {"width": 1280, "height": 1000})
        page = context.new_page()
        page.set_default_timeout(20_000)
        console: list[str] = []
        # alert() & co.: recorded, dismissed, never blocking; but "leave this page?" (a
        # notebook with unsaved changes, reloaded by a test) is answered yes, or the
        # reload would wait for ever
        dialogs: list[str] = []
        page.on("console", lambda m: console.append(f"{m.type}: {m.text}"))
        page.on("pageerror", lambda e: console.append(f"pageerror: {e}"))
        page.on("dialog", lambda d: (dialogs.append(f"{d.type}: {d.message}"),
                                     d.accept() if d.type == "beforeunload" else d.dismiss()))
        opened.append((page, console))
        page.console, page.dialogs = console, dialogs
        return page

    yield new
    stem = re.sub(r"\W+", "-", request.node.name)
    for i, (page, console) in enumerate(opened):
        report_failure(request, sandbox, page, console, shot=f"{stem}-{i}")
        page.context.close()
    if failed(request):
        print(f"server logs: {sandbox.base}/*.log")


@pytest.fixture
def nb(_notebook, request, sandbox):
    """A module's shared notebook of boards (its own ``_notebook`` fixture, made with
    ``harness.boards_notebook``); on a failure, a screenshot of its page and its console."""
    yield _notebook
    report_failure(request, sandbox, _notebook.page, _notebook.console)
    if failed(request):
        print(f"server logs: {sandbox.base}/*.log")


@pytest.fixture
def notebook(lab, new_page, sandbox, request):
    """Factory: ``notebook(sources, ready=".pw-board")`` writes a notebook of these code
    cells into the server root, opens it in a fresh page, runs all its cells and waits
    for `ready`; a ``Notebook``. Its kernel is shut down after the test."""
    opened: list[Notebook] = []

    def open_(sources: list[str], ready: str = ".pw-board") -> Notebook:
        name = f"{re.sub(r'[^A-Za-z0-9]+', '-', request.node.name).strip('-')}-{len(opened)}"
        path = harness.write_notebook(sandbox.root / f"{name}.ipynb", sources)
        page = new_page()
        board = harness.open_notebook(page, lab, path.name, ready)
        nb = Notebook(path.name, page, board, lab.kernel(path.name), page.console)
        opened.append(nb)
        return nb

    yield open_
    for nb in opened:
        nb.py.close()
        lab.close_notebook(nb.name)


@pytest.fixture
def voila(sandbox, new_page, request):
    """Factory: ``voila(sources)`` serves a notebook of these cells with its own Voilà
    server (in the same sandbox) and opens it; the page, once `ready` shows."""
    servers: list[harness.Voila] = []

    def open_(sources: list[str], ready: str = ".pw-board"):
        name = f"voila-{re.sub(r'[^A-Za-z0-9]+', '-', request.node.name).strip('-')}.ipynb"
        harness.write_notebook(sandbox.root / name, sources)
        servers.append(harness.Voila(sandbox).start(name))
        page = new_page()
        page.goto(servers[-1].url(""), timeout=60_000)  # Voila runs the notebook now
        page.locator(ready).first.wait_for(state="visible", timeout=60_000)
        return page

    yield open_
    for server in servers:
        server.stop()
