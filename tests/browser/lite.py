"""The JupyterLite site in a browser with no network, shared by ``test_lite.py`` and
``tests/benchmark.py --lite``.

- ``build_site``: the README's command, ``bash tests/dev.sh lite --output DIR``, with this
  user's environment, so that its downloads stay cached between runs (pip's cache and
  ``$XDG_CACHE_HOME/pondwidgets``); ``site_of_run``: the one test_lite.py built in the
  run's sandbox, for test_lite_tables.py (built there when it did not).
- ``StaticSite``: ``python -m http.server`` serving the built site on localhost, as any
  static web host would.
- ``offline``: a browser context in which every request not to that server is aborted
  and recorded (Playwright's routing sees the kernel's web worker too), so "offline" is
  checked, not assumed: the list must stay empty. ``reach`` adds addresses it may reach
  (test_lite_tables.py's table server; a WebSocket is not routed, so not checked).
- ``open_site`` / ``open_uploaded``: the site's front page, or a notebook uploaded through
  the file browser's Upload button as a teacher would, open with an idle kernel;
  ``open_lab``: the lab with no notebook (and no kernel) open, for ``open_uploaded``.
"""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

from tests.browser.harness import Server, wait_for_port

ROOT = Path(__file__).resolve().parents[2]
KERNEL_IDLE = "Python (Pyodide) | Idle"
SHOWN = ".jp-NotebookPanel:not(.lm-mod-hidden)"  # the notebook in view, not those behind


def build_site(output: Path, timeout: float = 900) -> float:
    """Build the site into ``output`` with the README's command; its seconds."""
    start = time.monotonic()
    done = subprocess.run(["bash", "tests/dev.sh", "lite", "--output", str(output)], cwd=ROOT,
                          env=os.environ.copy(), capture_output=True, text=True, timeout=timeout)
    if done.returncode:
        raise RuntimeError(f"bash tests/dev.sh lite failed:\n{done.stdout[-3000:]}\n"
                           f"{done.stderr[-3000:]}")
    return time.monotonic() - start


def site_of_run(sandbox, timeout: float = 900) -> Path:
    """The site test_lite.py built in this run's sandbox (its ``lite-site``), or built
    there now when it did not: one build a run, when both modules run in one process."""
    output = sandbox.base / "lite-site"
    if not (output / "index.html").exists():  # the build's last file
        build_site(output, timeout)
    return output


class StaticSite(Server):
    """A static server of ``site`` on localhost (``python -m http.server``)."""

    name = "static"

    def __init__(self, sandbox, site: Path):
        super().__init__(sandbox)
        self.site = site

    def start(self, timeout: float = 30) -> StaticSite:
        self._start(["http.server", "--directory", str(self.site), "--bind", "127.0.0.1",
                     str(self.port)])
        wait_for_port(self.port, self.proc, timeout, self.log)
        return self

    def url(self, path: str = "") -> str:
        return f"http://127.0.0.1:{self.port}/{path.lstrip('/')}"


def offline(browser, site: StaticSite, reach: tuple[str, ...] = (), **options):
    """A browser context that reaches ``site`` only, and the addresses that ``reach``
    names (a shared table's server on localhost); (context, the URLs it aborted)."""
    context = browser.new_context(**options)
    aborted: list[str] = []
    local = (site.url(), "data:", "blob:", *reach)

    def route(request_route):
        url = request_route.request.url
        if url.startswith(local):
            request_route.continue_()
        else:
            aborted.append(url)
            request_route.abort()

    context.route("**/*", route)
    return context, aborted


def wait_idle(page, timeout: float = 120) -> None:
    """Until the status bar says the notebook's Pyodide kernel is idle."""
    page.locator(".jp-StatusBar-Widget", has_text=KERNEL_IDLE).first.wait_for(
        timeout=timeout * 1000)


def open_site(page, site: StaticSite, timeout: float = 120) -> float:
    """The site's front page, to an idle kernel of the notebook it opens; the seconds from
    the page's load to that idle kernel."""
    start = time.monotonic()
    page.goto(site.url(), timeout=timeout * 1000)
    wait_idle(page, timeout)
    return time.monotonic() - start


def open_lab(page, site: StaticSite, timeout: float = 120) -> None:
    """The site's lab with no notebook open (so no kernel started), to its file browser."""
    page.goto(site.url("lab/index.html"), timeout=timeout * 1000)
    page.locator(".jp-FileBrowser-toolbar [data-jp-item-name=uploader] jp-button").wait_for(
        timeout=timeout * 1000)


def open_uploaded(page, notebook: Path, timeout: float = 120) -> None:
    """Upload ``notebook`` with the file browser's Upload button and open it, to an idle
    kernel (a new one: each notebook has its own)."""
    with page.expect_file_chooser() as chooser:
        page.locator(".jp-FileBrowser-toolbar [data-jp-item-name=uploader] jp-button").click()
    chooser.value.set_files(str(notebook))
    item = page.locator(".jp-DirListing-itemText", has_text=notebook.name).first
    item.dblclick()
    tab = page.locator(".lm-TabBar-tab.lm-mod-current[data-type=document-title]",
                       has_text=notebook.name)
    tab.wait_for(timeout=timeout * 1000)
    wait_idle(page, timeout)


def open_from_file_browser(page, path: str, timeout: float = 120) -> None:
    """Open the notebook at ``path`` (folder/name) as a student does: the file browser's
    home, a double click on its folder, then on it, until its tab is the one in view. A
    busy page re-draws the listing now and then, which detaches the item being clicked:
    the double click is tried again then, unless the one before did its work after all
    (a slow page may open the folder after the wait for it gave up)."""
    from playwright.sync_api import Error

    folder, name = path.rsplit("/", 1)
    page.locator(".jp-BreadCrumbs-home").click()
    deadline = time.monotonic() + timeout
    for item, done in ((folder, f".jp-BreadCrumbs:has-text('{folder}')"),
                       (name, f".lm-TabBar-tab.lm-mod-current[title*='Path: {path}']")):
        while not page.locator(done).first.is_visible():
            try:
                page.locator(".jp-DirListing-itemText", has_text=item).first.dblclick(
                    timeout=5_000)
                page.locator(done).first.wait_for(timeout=5_000)
            except Error:
                if time.monotonic() > deadline:
                    raise


def stderr_and_errors(page) -> list[str]:
    """The text of every error output and stderr stream shown in the notebook in view
    (JupyterLab renders both as the stderr type)."""
    return page.locator(f"{SHOWN} .jp-OutputArea-output"
                        "[data-mime-type='application/vnd.jupyter.stderr']").all_inner_texts()

