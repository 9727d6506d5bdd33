"""A class experiment for real (README, "Class experiments"): the classroom served by
``open_classroom`` as ``pondwidgets classroom`` serves it, reached as ``classroom.test``;
five students, each in a browser context of their own, open the course's site, run a
simulation exercise's panel in a notebook and press its button; the teacher's page, signed
in once and never reloaded, shows their five rows, the class's estimate computed from the
pooled counts (checked here against the same games played directly), and a curve that
grows as each result arrives. Then one student's page sends, from its console, every
hostile request a student could: each is refused with a message saying what is wrong,
and the teacher's screen stays exactly as it was. Marked ``lite`` with the site's tests."""

from __future__ import annotations

import json
import secrets

import pytest

from pondwidgets.core.experiments import Tally
from pondwidgets.tables.experiments import find
from tests.browser import harness
from tests.browser.harness import expect
from tests.browser.lite import SHOWN, offline, open_lab, open_uploaded, site_of_run
from tests.browser.test_classroom import NAME, WAIT, Served
from tests.browser.test_shared_tables import theme

pytestmark = pytest.mark.lite

EXPERIMENT = "croak/pike_at_start"
GAMES = 300
STUDENTS = ["Ada", "Bob", "Cy", "Dee", "Eve"]
PANEL = f"{SHOWN} .pondwidgets-class-experiment"
CARD = f'[data-experiment="{EXPERIMENT}"]'

# What a student's browser console could send the classroom's server: (what is sent, a
# piece of the refusal). ``honest`` is Eve's own result; ``theirs`` a token of another.
HOSTILE = [
    ("not json at all", "not a JSON object"),
    ("[1, 2, 3]", "a result is a JSON object"),
    ({"seed": "7"}, "'seed' is a whole number"),
    ({"games": 10**30}, "games is a whole number from 1 to 100,000"),
    ({"values": [10**30] * GAMES}, "game 1's value is a whole number from 0 to 1"),
    ({"seed": 12345}, "the seed 12345 is not yours"),
    ({"successes": GAMES}, "the counts do not add up"),
    ("invented", "of your seed gives"),
]


@pytest.fixture(scope="module")
def site(sandbox):
    return site_of_run(sandbox)


def sign_in(page, served) -> None:
    page.goto(served.room.teacher)
    page.locator("#key").fill(served.room.key)
    page.keyboard.press("Enter")
    expect(page.locator("[data-role=connection]")).to_contain_text("Connected")
    page.evaluate("window.__marker = 'never reloaded'")


def send_from_a_student(page, name: str) -> None:
    panel = page.locator(PANEL)
    expect(panel).to_be_visible(timeout=120_000)
    panel.get_by_role("textbox").fill(name)
    panel.get_by_role("button", name="Send to the class").click()
    expect(panel.locator("[role=status]")).to_contain_text("Sent.", timeout=120_000)


def kept_token(page, origin: str, name: str) -> str:
    """The token this browser keeps for ``name``'s experiments (``seats.py``: in the
    site's storage, IndexedDB, as its kernel's worker has no localStorage): a student's
    own, which their console can read."""
    kept = page.evaluate("""(key) => new Promise((resolve) => {
        const open = indexedDB.open("pondwidgets-tables", 1);
        open.onerror = () => resolve(null);
        open.onsuccess = () => {
            const asked = open.result.transaction("seats").objectStore("seats").get(key);
            asked.onsuccess = () => resolve(asked.result ?? null);
        };
    })""", f"pondwidgets-experiments {origin}")
    return json.loads(kept)[name]


def console_post(page, path: str, body) -> dict:
    """What the server answers a request sent from the page's own console."""
    text = body if isinstance(body, str) else json.dumps(body)
    return page.evaluate("""async ([path, text]) => {
        const answer = await fetch(path, { method: "POST", body: text });
        return { status: answer.status, body: await answer.json() };
    }""", [f"/tables/experiments/{path}", text])


def test_five_students_pool_their_games_live_on_the_teachers_screen(site, chromium,
                                                                    tmp_path, sandbox):
    served = Served(site, tmp_path / "class.sqlite3", None)
    browser = chromium.browser_type.launch(
        executable_path=harness.CHROMIUM, headless=True,
        args=[*harness.CHROMIUM_ARGS, f"--host-resolver-rules=MAP {NAME} 127.0.0.1"])
    try:
        teacher = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
        teacher.set_default_timeout(WAIT * 1000)
        sign_in(teacher, served)
        notebook = harness.write_notebook(sandbox.base / "class-experiment.ipynb", [
            "from pondwidgets.croak.experiments import EXPERIMENTS\n"
            "from pondwidgets.tables import share",
            f"share(EXPERIMENTS['pike_at_start'], games={GAMES})"])
        pages, contexts, aborted_all = [], [], []
        for n, _ in enumerate(STUDENTS):  # each their own device: no storage shared
            # the last at a projector's 150%, in the dark: the panel must read there too
            look = {"color_scheme": "dark", "device_scale_factor": 1.5} if n == 4 else {}
            context, aborted = offline(browser, served, viewport={"width": 1280,
                                                                   "height": 900}, **look)
            page = context.new_page()
            page.set_default_timeout(WAIT * 1000)
            open_lab(page, served)
            open_uploaded(page, notebook)
            if n == 4:
                theme(page, "JupyterLab Dark")
            harness.run_all(page)
            pages.append(page)
            contexts.append(context)
            aborted_all.append(aborted)

        rows = teacher.locator(f"{CARD} [data-role=student-row]")
        curve = teacher.locator(f"{CARD} [data-role=curve]")
        for n, (page, name) in enumerate(zip(pages, STUDENTS, strict=True), start=1):
            send_from_a_student(page, name)
            page.locator(PANEL).screenshot(path=tmp_path / f"panel-{name}.png")
            expect(rows).to_have_count(n)  # pushed to the page: nobody reloaded it
            expect(curve).to_have_attribute("data-points", str(n))

        pupils = served.room.tables.experiments
        seeds = {s.name: s.seeds[EXPERIMENT] for s in pupils.students.values()}
        assert sorted(seeds) == sorted(STUDENTS) and len(set(seeds.values())) == 5
        played = [v for name in STUDENTS for v in find(EXPERIMENT).samples(GAMES, seeds[name])]
        direct = Tally.of(played)
        pooled = teacher.locator(f"{CARD} [data-role=class-row]")
        expect(pooled).to_contain_text(f"{5 * GAMES:,}")
        expect(pooled).to_contain_text(f"{direct.total / (5 * GAMES):.4f}")
        low, high = direct.interval()[1:]
        expect(pooled).to_contain_text(f"{low:.4f} to {high:.4f}")
        expect(teacher.locator(f"{CARD} [data-role=exact]")).to_have_count(0)
        assert teacher.evaluate("window.__marker") == "never reloaded"
        teacher.screenshot(path=tmp_path / "teacher.png", full_page=True)

        # Eve's console: everything a hostile student could send, refused by name
        eve = pages[-1]
        screen = teacher.locator(CARD).inner_text()
        token = kept_token(eve, served.url().rstrip("/"), "eve")
        honest = {"experiment": EXPERIMENT, "token": token, "seed": seeds["Eve"],
                  "games": GAMES, "values": find(EXPERIMENT).samples(GAMES, seeds["Eve"])}
        honest["successes"] = sum(honest["values"])
        for change, refusal in HOSTILE:
            if change == "invented":
                lucky = [1] * GAMES
                sent = {**honest, "values": lucky, "successes": GAMES}
            elif isinstance(change, str):
                sent = change
            else:
                sent = {**honest, **change}
            answer = console_post(eve, "send", sent)
            assert answer["status"] == 422 and refusal in answer["body"]["error"], answer
        taken = console_post(eve, "join", {"experiment": EXPERIMENT, "name": "ada",
                                           "token": secrets.token_urlsafe(18)})
        assert "'ada' is taken in this class" in taken["body"]["error"]
        flood = [console_post(eve, "join", {})["status"] for _ in range(40)]
        assert flood[-1] == 429
        assert "at most 30 a minute" in console_post(eve, "send", honest)["body"]["error"]
        teacher.wait_for_timeout(500)  # a push, had anything changed, comes at once
        assert teacher.locator(CARD).inner_text() == screen
        assert [a for a in aborted_all if a] == []
        for context in contexts:
            context.close()
    finally:
        browser.close()
        served.close()


def test_a_student_in_jupyterlab_sends_to_the_classroom_by_its_address(notebook):
    """The same panel in a CPython kernel of JupyterLab, given the classroom's address:
    the button sends, the class has the row; with no classroom there, one sentence."""
    from pondwidgets.tables.server import serve
    from tests.tables.threads import on_a_thread

    async def start():
        return serve("127.0.0.1", 0)[0]

    async def stop(server):
        await server.stop()

    with on_a_thread(start, stop) as server:
        nb = notebook([
            "from pondwidgets.croak.experiments import EXPERIMENTS\n"
            "from pondwidgets.tables import share",
            f"share(EXPERIMENTS['pike_at_start'], games={GAMES}, "
            f"server='127.0.0.1:{server.port}')",
            f"share(EXPERIMENTS['pike_at_start'], games={GAMES}, server='127.0.0.1:9')"],
            ready=".pondwidgets-class-experiment")
        here, nowhere = nb.page.locator(".pondwidgets-class-experiment").all()
        here.get_by_role("textbox").fill("Ada")
        here.get_by_role("textbox").press("Enter")
        here.get_by_role("button", name="Send to the class").click()
        expect(here.locator("[role=status]")).to_contain_text("Sent.", timeout=60_000)
        expect(nowhere.get_by_role("textbox")).to_have_value("Ada")  # typed once
        nowhere.get_by_role("button", name="Send to the class").click()
        expect(nowhere.locator("[role=status]")).to_have_text(
            "No table server answers at http://127.0.0.1:9: ask your teacher to start "
            "it, or check the address.")
        (row,) = server.experiments.summary()[0]["students"]
        assert (row["name"], row["games"]) == ("Ada", GAMES)
