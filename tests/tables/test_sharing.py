"""A class experiment from a CPython kernel (a JupyterLab notebook), over HTTP to a real
table server on 127.0.0.1 (pondwidgets/tables/README.md, "Class experiments"): the
panel's button joins, plays the student's own games and sends them, and says what the
class has; the calls do the same in code; with no server the button says so in one
sentence. Requests that are no result at all are refused over HTTP as the server says."""

from __future__ import annotations

import json
import urllib.error
import urllib.request

import pytest

pytest.importorskip("tornado", reason="needs the tables extra: pip install -e '.[tables]'")

from pondwidgets.core.errors import BadArgument, GameError
from pondwidgets.core.experiments import Tally
from pondwidgets.croak.experiments import EXPERIMENTS
from pondwidgets.tables import seats, share
from pondwidgets.tables.experiments import REQUESTS
from pondwidgets.tables.server import serve
from tests.tables.threads import on_a_thread

PIKE = EXPERIMENTS["pike_at_start"]


@pytest.fixture
def server(tmp_path, monkeypatch):
    """A table server on a thread; the kernel's tokens kept in this test's own file."""
    monkeypatch.setattr(seats, "seats_file", lambda: tmp_path / "seats.json")

    async def start():
        return serve("127.0.0.1", 0)[0]

    async def stop(served):
        await served.stop()

    with on_a_thread(start, stop) as served:
        yield served


def address(server) -> str:
    return f"http://127.0.0.1:{server.port}"


def test_the_button_plays_the_students_own_games_and_sends_them(server):
    ada = share(PIKE, games=300, name="Ada", server=address(server))
    ada.button.click()
    assert "Sent. Your estimate:" in ada.status.value, ada.status.value
    assert "The class so far" in ada.status.value
    assert ada.samples == PIKE.samples(300, ada.seed)  # the notebook's simulation, own seed
    bob = share(PIKE, games=200, server=address(server))
    bob.join("Bob")
    assert bob.seed != ada.seed
    answer = bob.send()
    shown = server.experiments.summary()[0]
    direct = Tally.of(ada.samples + bob.samples)
    assert answer["class"]["games"] == shown["class"]["games"] == 500
    assert shown["class"]["total"] == direct.total
    assert [row["name"] for row in shown["students"]] == ["Ada", "Bob"]


def test_the_same_name_again_is_the_same_student_and_another_persons_is_refused(server):
    first = share(PIKE, games=50, name="Ada", server=address(server))
    seed = first.join()
    again = share(PIKE, games=50, name="ada", server=address(server))  # a cell run again
    assert again.join() == seed
    seats.seats_file().unlink()  # another device: it holds no token of Ada's
    stranger = share(PIKE, games=50, name="Ada", server=address(server))
    stranger.button.click()
    assert "&#x27;Ada&#x27; is taken in this class" in stranger.status.value
    assert "pondwidgets-refused" in stranger.status.value  # on an error-coloured edge


def test_a_name_typed_once_fills_the_other_panels(server):
    panels = [share(e, games=20, server=address(server)) for e in EXPERIMENTS.values()]
    panels[0].join("Cy")
    assert all(p.name_box.value == "Cy" for p in panels)


def test_with_no_server_the_button_says_so_and_nothing_else_changes(tmp_path, monkeypatch):
    monkeypatch.setattr(seats, "seats_file", lambda: tmp_path / "seats.json")
    panel = share(PIKE, games=100, name="Ada", server="http://127.0.0.1:9")
    assert repr(panel) == ("<Class experiment croak/pike_at_start: 100 games of your own, "
                           "sent to the class by its button>")
    panel.button.click()
    assert "No table server answers at http://127.0.0.1:9" in panel.status.value
    assert panel.seed is None and panel.samples is None
    with pytest.raises(GameError, match="Type your name first"):
        share(PIKE, games=100, server="http://127.0.0.1:9").join()


@pytest.mark.parametrize(("args", "refusal"), [
    (("pike_at_start", 100), "experiment is one of a game's EXPERIMENTS"),
    ((PIKE, 0), "games"), ((PIKE, 10**6), "games"), ((PIKE, "100"), "games"),
])
def test_share_checks_its_arguments(args, refusal):
    with pytest.raises(BadArgument, match=refusal):
        share(*args)


def post(server, path: str, body: bytes) -> tuple[int, dict]:
    request = urllib.request.Request(f"{address(server)}/tables/experiments/{path}", body)
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read() or b"{}")


@pytest.mark.parametrize("body", [b"not json", b"[1, 2]", b'{"experiment": NaN}',
                                  b"[" * 100_000, "{\"x\": \"\udc80\"}".encode(
                                      "utf-8", "surrogatepass")])
def test_what_is_no_json_object_is_refused_over_http(server, body):
    status, answer = post(server, "send", body)
    assert status == 422 and answer["error"]
    assert server.experiments.summary() == []


def test_a_body_too_large_or_a_flood_is_refused(server):
    with pytest.raises((urllib.error.HTTPError, urllib.error.URLError, ConnectionError)):
        post(server, "send", b" " * 2_000_000)
    refusals = [post(server, "join", b"{}")[0] for _ in range(REQUESTS + 2)]
    assert refusals[-1] == 429 and set(refusals[:REQUESTS - 1]) == {422}
    status, answer = post(server, "join", b"{}")
    assert status == 429 and "at most 30 a minute" in answer["error"]
