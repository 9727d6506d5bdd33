"""The classroom in a student's browser (README, "The classroom"): the course's site and
its tables served by ``open_classroom`` from one address, reached as ``classroom.test``,
a host name that is not ``localhost``, mapped to 127.0.0.1 by Chromium's
``--host-resolver-rules``. The browser then treats the page as a LAN origin, as a
student's device on the school's Wi-Fi would, while nothing leaves this machine.

- Over plain HTTP the page is not a secure context: no service worker. The course still
  runs, a table made with no address finds the server at the page's own origin, and a
  board's Save downloads the game, as the start page says.
- Over HTTPS, with a certificate the browser trusts (as a school's would be trusted;
  Chromium's ``--ignore-certificate-errors-spki-list`` names it), the page is a secure
  context with its service worker, the tables are reached over ``wss://``, and Save writes
  beside the notebook.

Every request the page and its kernel make goes to the classroom's address, or is
aborted and recorded: the list must stay empty. Marked ``lite`` with the site's tests.
"""

from __future__ import annotations

import asyncio
import re
import threading
from pathlib import Path

import pytest

from pondwidgets.tables.classroom import certificate, open_classroom
from tests.browser import harness
from tests.browser.harness import expect
from tests.browser.lite import SHOWN, offline, open_lab, open_uploaded, site_of_run
from tests.tables import certificates

pytestmark = pytest.mark.lite

NAME = "classroom.test"
STATUS = f"{SHOWN} .pondwidgets-table-status"
WAIT = 30.0


class Served:
    """A classroom on a thread's event loop, as ``pondwidgets classroom`` runs it; its
    ``url`` as ``offline`` and ``open_lab`` take a site's."""

    def __init__(self, site: Path, db: Path, cert: tuple[Path, Path] | None) -> None:
        tls = certificate(*map(str, cert)) if cert else None
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.room = asyncio.run_coroutine_threadsafe(open_classroom(
            site, "127.0.0.1", 0, "127.0.0.1", 0, str(db), NAME, tls), self.loop).result(WAIT)
        self.hall = self.room.tables.hall

    def url(self, path: str = "") -> str:
        return self.room.students + path.lstrip("/")

    def close(self) -> None:
        asyncio.run_coroutine_threadsafe(self.room.stop(), self.loop).result(WAIT)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(WAIT)
        self.loop.close()


@pytest.fixture(scope="module")
def site(sandbox):
    return site_of_run(sandbox)


@pytest.fixture(params=["http", "https"])
def classroom(request, site, chromium, tmp_path):
    """(the classroom, a browser that reaches it as classroom.test), over each scheme."""
    cert = certificates.make(tmp_path, NAME) if request.param == "https" else None
    served = Served(site, tmp_path / "class.sqlite3", cert)
    args = [*harness.CHROMIUM_ARGS, f"--host-resolver-rules=MAP {NAME} 127.0.0.1"]
    if cert:
        args.append(f"--ignore-certificate-errors-spki-list={certificates.spki(cert[0])}")
    browser = chromium.browser_type.launch(executable_path=harness.CHROMIUM, headless=True,
                                           args=args)
    try:
        yield served, browser
    finally:
        browser.close()
        served.close()


def test_the_course_and_its_tables_from_one_lan_address(classroom, sandbox):
    served, browser = classroom
    secure = served.url().startswith("https://")
    context, aborted = offline(browser, served, accept_downloads=True,
                               viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(WAIT * 1000)
    console: list[str] = []
    page.on("console", lambda m: console.append(f"{m.type}: {m.text}"))
    open_lab(page, served)
    assert page.evaluate("isSecureContext") is secure
    assert page.evaluate("Boolean(navigator.serviceWorker?.controller)") is secure

    notebook = harness.write_notebook(sandbox.base / f"classroom-{secure}.ipynb", [
        "from pondwidgets.tables import create\n"
        "table = create('croak', 2, name='Ada')  # no address: the page's own\ntable",
        "from pondwidgets.croak import CroakBoard, CroakGame\n"
        "CroakBoard(CroakGame(2, seed=1))"])
    open_uploaded(page, notebook)
    harness.run_all(page)
    status = page.locator(STATUS)
    expect(status).to_contain_text("Give the code", timeout=60_000)
    code = re.search(r"at table ([A-Z]{4})", status.inner_text()).group(1)
    assert served.hall.tables[code].seats[0].name == "Ada"  # on the classroom's server

    save = page.locator(f"{SHOWN} .pw-board.pw-croak [data-role=save]")
    if secure:  # its kernel's files reach the file browser: the save is written there
        save.click()
        expect(page.locator(".jp-DirListing-itemText", has_text=".pondsave.json")
               ).to_be_visible(timeout=WAIT * 1000)
    else:  # they would not: the browser downloads it instead
        with page.expect_download(timeout=WAIT * 1000) as download:
            save.click()
        assert download.value.suggested_filename.endswith(".pondsave.json")
    assert aborted == []
    errors = [line for line in console if line.startswith("error") and "favicon" not in line]
    assert not [e for e in errors if "WebSocket" in e or "Mixed Content" in e], errors
    context.close()


def test_a_reload_gives_a_student_their_own_seat_back(request, site, chromium, tmp_path,
                                                      sandbox):
    """The page reloads (its kernel starts again, with nothing in it): the join cell run
    again with the same name finds the token this browser kept and takes back the seat,
    where a new device with that name would be refused it as taken."""
    served = Served(site, tmp_path / "class.sqlite3", None)
    browser = chromium.browser_type.launch(
        executable_path=harness.CHROMIUM, headless=True,
        args=[*harness.CHROMIUM_ARGS, f"--host-resolver-rules=MAP {NAME} 127.0.0.1"])
    try:
        context, aborted = offline(browser, served, viewport={"width": 1280, "height": 1000})
        page = context.new_page()
        page.set_default_timeout(WAIT * 1000)
        open_lab(page, served)
        open_uploaded(page, harness.write_notebook(sandbox.base / "reload-create.ipynb", [
            "from pondwidgets.tables import create\ncreate('froop', 2, name='Ada')"]))
        harness.run_all(page)
        status = page.locator(STATUS)
        expect(status).to_contain_text("Give the code", timeout=60_000)
        code = re.search(r"at table ([A-Z]{4})", status.inner_text()).group(1)
        table = served.hall.tables[code]

        page.reload()
        open_lab(page, served)
        again = harness.write_notebook(sandbox.base / "reload-join.ipynb", [
            f"from pondwidgets.tables import join\njoin({code!r}, name='Ada')"])
        open_uploaded(page, again)
        harness.run_all(page)
        expect(page.locator(STATUS)).to_contain_text("Ada (you), (free)", timeout=60_000)
        assert [seat.name for seat in table.seats] == ["Ada", None]  # no second Ada

        stranger = context.browser.new_context()  # another device: no token of Ada's
        other = stranger.new_page()
        other.route("**/*", lambda r: r.continue_() if r.request.url.startswith(
            served.url()) else r.abort())
        open_lab(other, served)
        open_uploaded(other, again)
        harness.run_all(other)
        expect(other.locator(STATUS)).to_contain_text("'Ada' is taken at this table",
                                                      timeout=60_000)
        stranger.close()
        assert aborted == []
        context.close()
    finally:
        browser.close()
        served.close()
