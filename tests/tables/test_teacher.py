"""The teacher's page (pondwidgets/tables/teacher.py, README "The teacher's page"): the
hall's summary of every table, closing one and handing a left seat to a bot, with no
network; then the page for real, on a port of its own beside a table server: the key in a
form's body gives an HttpOnly cookie, a wrong key is refused and limited, a request from
another origin (the course's port) is refused though it carries the cookie, and the
WebSocket pushes the tables at each change and the spectator's board of the table shown,
which holds nothing a spectator may not see."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import random
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

try:  # the tables extra (tests/dev.sh test installs it); without it these tests skip
    from tornado.httpclient import AsyncHTTPClient, HTTPRequest, HTTPResponse
    from tornado.httpserver import HTTPServer
    from tornado.netutil import bind_sockets
    from tornado.websocket import WebSocketClientConnection, websocket_connect
except ImportError:
    pytest.skip("needs tornado, the tables extra: pip install -e '.[tables]'",
                allow_module_level=True)

from pondwidgets.games import GAMES
from pondwidgets.tables import protocol
from pondwidgets.tables.hall import PACE, Hall
from pondwidgets.tables.server import TableServer, serve
from pondwidgets.tables.store import Store
from pondwidgets.tables.teacher import (
    COOKIE,
    LARGEST_BODY,
    SECURE_COOKIE,
    TRIES,
    Projector,
    teacher_app,
)

from .halls import Room, play_randomly
from .test_hall_hidden import HIDDEN
from .test_server import STUDENTS, Student, leave, two_at_a_table
from .threads import on_a_thread

KEY = "the-teachers-key-Vq3"
WAIT = 5.0


# -- the hall, with no network ------------------------------------------------------------
def test_the_summary_lists_every_table_its_seats_and_whether_it_waits_plays_or_is_over():
    room = Room()
    cy = room.client()
    cy.send(type="create", game="croak", players=3, name="Cy", options={})
    table, (_ada, bob) = room.table("keckefrosche", 2)
    rows = {row["code"]: row for row in room.hall.summary()}
    waiting, playing = rows[cy.last("joined")["code"]], rows[table.code]
    assert waiting["status"] == "waiting" and waiting["decisions"] == 0
    assert [(s["name"], s["free"], s["here"]) for s in waiting["seats"]] == [
        ("Cy", False, True), (None, True, False), (None, True, False)]
    assert waiting["bots"] == ["RandomBot", "CroakBot", "MCTSBot"]
    assert playing["title"] == "Kecke Frösche" and playing["status"] == "playing"
    room.deliver(room.hall.disconnect(bob.conn))
    row = next(r for r in room.hall.summary() if r["code"] == table.code)
    assert row["seats"][1] == {"name": "Bob", "bot": None, "person": True, "free": False,
                               "here": False, "ready": True}
    done, people = room.table("croak", 2)
    play_randomly(room, done, people, 100)
    assert next(r for r in room.hall.summary() if r["code"] == done.code)["status"] == "over"


def test_a_table_waits_for_start_until_every_person_pressed_it():
    room = Room()
    ada, bob = room.client(), room.client()
    ada.send(type="create", game="froop", players=2, name="Ada", options={})
    bob.send(type="join", code=ada.last("joined")["code"], name="Bob")
    (row,) = room.hall.summary()
    assert row["status"] == "waiting" and not any(seat["free"] for seat in row["seats"])
    ada.send(type="start")
    bob.send(type="start")
    assert room.hall.summary()[0]["status"] == "playing"


def test_closing_a_table_tells_its_connections_and_forgets_it_in_the_hall_and_the_store(
        tmp_path: Path):
    store = Store(tmp_path / "tables.sqlite3")
    room = Room()
    room.hall.store = store
    changed: list[str] = []
    room.hall.listeners.append(changed.append)
    table, (ada, bob) = room.table("froop", 2)
    watcher = room.client()
    watcher.send(type="watch", code=table.code)
    kept, _people = room.table("croak", 2)
    changed.clear()
    room.deliver(room.hall.close(table.code.lower()))  # a code as typed
    for client in (ada, bob, watcher):
        assert client.got[-1] == {"type": "closed", "code": table.code,
                                  "reason": "the teacher closed this table"}
    assert list(room.hall.tables) == [kept.code] and changed == [table.code]
    ada.send(type="move", move="draw", seen=0)
    assert ada.refusal == "join a table first"
    with pytest.raises(protocol.Refused, match=f"there is no table {table.code}"):
        room.hall.close(table.code)
    again = Hall()
    store.load(again)
    assert list(again.tables) == [kept.code]
    store.close()


def test_a_left_seat_goes_to_a_bot_that_plays_on_at_the_tables_pace():
    room = Room()
    table, (ada, bob) = room.table("keckefrosche", 2)
    game = table.game
    refused = {(0, "KeckeBot"): "Ada is connected at seat 0: a seat goes to a bot once "
               "its person has left", (5, "RandomBot"): f"table {table.code} has no seat 5"}
    for (seat, bot), reason in refused.items():
        with pytest.raises(protocol.Refused, match=reason):
            room.hall.hand_to_bot(table.code, seat, bot)
    room.deliver(room.hall.disconnect(bob.conn))
    with pytest.raises(protocol.Refused, match="the bots offered here are RandomBot"):
        room.hall.hand_to_bot(table.code, 1, "SmartBot")
    while 1 not in game.seats_to_act:  # Ada plays until it is Bob's turn
        ada.send(type="move", move=str(game.legal_moves(0)[0]), seen=len(game.history))
    decisions = len(game.history)
    room.deliver(room.hall.hand_to_bot(table.code, 1, "KeckeBot"))
    room.hall.due()  # (as the server does after every frame it sends: its timer)
    told = ada.last()
    assert told["seats"][1] == {"name": "Bob", "bot": "KeckeBot", "person": False,
                                "here": False}
    with pytest.raises(protocol.Refused, match="seat 1 is a bot's"):
        room.hall.hand_to_bot(table.code, 1, "RandomBot")
    room.clock.advance(PACE - 0.1)
    room.tick()
    assert len(game.history) == decisions  # not before the table's pace...
    room.clock.advance(0.2)
    room.tick()
    assert len(game.history) > decisions and game.history[decisions][0] == 1  # ...then
    bob_again = room.client()
    bob_again.send(type="rejoin", code=table.code, token=bob.token)
    assert bob_again.refusal == "this token holds no seat at this table"


def test_a_table_held_at_start_for_a_seat_whose_person_left_begins_once_a_bot_has_it():
    room = Room()
    ada, bob = room.client(), room.client()
    ada.send(type="create", game="froop", players=2, name="Ada", options={"panic": True})
    code = ada.last("joined")["code"]
    bob.send(type="join", code=code, name="Bob")
    ada.send(type="start")
    room.deliver(room.hall.disconnect(bob.conn))
    assert ada.last()["holding"]
    room.deliver(room.hall.hand_to_bot(code, 1, "FroopBot"))
    assert not ada.last()["holding"] and room.hall.summary()[0]["status"] == "playing"
    with pytest.raises(protocol.Refused, match="seat 1 is a bot's"):
        room.hall.hand_to_bot(code, 1, "FroopBot")
    room.deliver(room.hall.disconnect(ada.conn))
    with pytest.raises(protocol.Refused, match="the bots offered here are RandomBot, "
                                               "FroopBot, not 'MCTSBot'"):
        room.hall.hand_to_bot(code, 0, "MCTSBot")  # (a race: no search bot)


@pytest.mark.parametrize("name", HIDDEN)
def test_the_projector_shows_twins_differing_only_in_hidden_information_the_same(name):
    """What the teacher's page is sent of a table (the spectator's board, drawn in Python)
    and its summary are byte-identical for twins that differ only in what the spectator
    may not see: nothing hidden reaches the projector."""
    room = Room()
    table, people = room.table(name, players=3)
    game = table.game
    rng = random.Random(5)
    for _ in range(12):
        if game.is_over:
            break
        twin = game.sample_hidden(None, rng)
        now = room.clock.now()
        frames, rows = [], []
        for each in (game, twin):
            copy = dataclasses.replace(table, game=each)
            projector = Projector()
            frames.append(protocol.dumps(projector.frame(json.loads(protocol.dumps(
                copy.message(None, now))))))
            projector.close()
            rows.append(protocol.dumps(copy.summary()))
        assert frames[0] == frames[1] and rows[0] == rows[1]
        assert json.loads(frames[0])["board"]["view"]["seat"] is None
        seat = rng.choice(game.seats_to_act)
        room.clock.advance(0.5)
        people[seat].send(type="move", move=str(rng.choice(game.legal_moves(seat))),
                          seen=len(game.history))


# -- the page for real: a table server and the teacher's page on free ports ---------------
@dataclasses.dataclass
class Classroom:
    """A table server and the teacher's page beside it, each on a free port."""

    server: TableServer
    hall: Hall
    http: HTTPServer
    port: int  # the teacher's page's
    loop: asyncio.AbstractEventLoop  # theirs: a test on another thread runs its students here

    def call(self, coroutine: Awaitable[Any]) -> Any:
        """Run ``coroutine`` on the classroom's loop, from another thread: its result."""
        async def wrapped() -> Any:
            return await coroutine
        return asyncio.run_coroutine_threadsafe(wrapped(), self.loop).result(WAIT)

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def course(self) -> str:
        """The course's origin: the table server's port, the same site."""
        return f"http://127.0.0.1:{self.server.port}"

    async def stop(self) -> None:
        self.http.stop()
        await self.http.close_all_connections()
        await self.server.stop()


async def start_classroom(key: str = KEY, secure: bool = False) -> Classroom:
    """Serve a hall and the teacher's page for it (on the running loop)."""
    server, hall = serve("127.0.0.1", 0)
    listening = bind_sockets(0, "127.0.0.1")
    http = HTTPServer(teacher_app(server, key, secure), max_body_size=LARGEST_BODY)
    http.add_sockets(listening)
    return Classroom(server, hall, http, listening[0].getsockname()[1],
                     asyncio.get_running_loop())


@contextlib.contextmanager
def classroom_in_a_thread(key: str = KEY) -> Iterator[Classroom]:
    """A classroom on an event loop of its own thread (a browser test drives it)."""
    with on_a_thread(lambda: start_classroom(key), Classroom.stop) as room:
        yield room


Scenario = Callable[[Classroom], Awaitable[None]]


@pytest.fixture
def run() -> Callable[..., None]:
    def run(scenario: Scenario, secure: bool = False) -> None:
        async def main() -> None:
            room = await start_classroom(secure=secure)
            try:
                await scenario(room)
            finally:
                for student in list(STUDENTS):
                    await leave(student)
                STUDENTS.clear()
                await room.stop()
        asyncio.run(main())
    return run


async def fetch(room: Classroom, path: str, method: str = "GET", body: str | None = None,
                **headers: str) -> HTTPResponse:
    """A request to the teacher's page, its answer whatever its status."""
    request = HTTPRequest(f"{room.origin}{path}", method=method, body=body,
                          headers={key.replace("_", "-"): value
                                   for key, value in headers.items()},
                          follow_redirects=False)
    return await AsyncHTTPClient().fetch(request, raise_error=False)


async def sign_in(room: Classroom, key: str = KEY) -> HTTPResponse:
    return await fetch(room, "/login", "POST", f"key={key}", Origin=room.origin,
                       Content_Type="application/x-www-form-urlencoded")


def cookie_of(answer: HTTPResponse) -> str:
    (set_cookie,) = answer.headers.get_list("Set-Cookie")
    return set_cookie.split(";")[0]


async def signed_in(room: Classroom) -> str:
    answer = await sign_in(room)
    assert answer.code == 303, answer.body
    return cookie_of(answer)


class Teacher:
    """The teacher's page's WebSocket: every message it has been sent."""

    def __init__(self, link: WebSocketClientConnection) -> None:
        self.link = link
        self.seen: list[dict[str, Any]] = []

    @classmethod
    async def at(cls, room: Classroom, cookie: str) -> Teacher:
        request = HTTPRequest(f"ws://127.0.0.1:{room.port}/ws",
                              headers={"Cookie": cookie, "Origin": room.origin})
        return cls(await websocket_connect(request))

    async def until(self, kind: str, test: Callable[[dict[str, Any]], bool] = bool
                    ) -> dict[str, Any]:
        while True:
            text = await asyncio.wait_for(self.link.read_message(), WAIT)
            assert text is not None, "the teacher's link closed"
            self.seen.append(json.loads(text))
            if self.seen[-1]["type"] == kind and test(self.seen[-1]):
                return self.seen[-1]


def no_cors(answer: HTTPResponse) -> None:
    assert not [h for h in answer.headers if h.lower().startswith("access-control")]


def test_the_key_in_the_form_gives_an_httponly_strict_cookie_and_a_wrong_key_is_refused(
        run: Any, caplog: pytest.LogCaptureFixture) -> None:
    async def scenario(room: Classroom) -> None:
        page = await fetch(room, "/")
        assert page.code == 200 and b'type="password"' in page.body
        assert b'action="/login"' in page.body and b"Tables" not in page.body
        wrong = await sign_in(room, "not-the-key")
        assert wrong.code == 403 and not wrong.headers.get_list("Set-Cookie")
        assert b"That is not the teacher&#x27;s key" in wrong.body
        right = await sign_in(room)
        assert right.code == 303 and right.headers["Location"] == "/"
        (set_cookie,) = right.headers.get_list("Set-Cookie")
        flags = {part.strip().split("=")[0].lower() for part in set_cookie.split(";")}
        assert set_cookie.startswith(f"{COOKIE}=") and KEY not in set_cookie
        assert {"httponly", "path", "samesite"} <= flags and "secure" not in flags
        assert "SameSite=Strict" in set_cookie and "Path=/" in set_cookie
        page = await fetch(room, "/", Cookie=cookie_of(right))
        assert b'data-role="tables"' in page.body
        for answer in (page, right, wrong):
            no_cors(answer)
            assert KEY.encode() not in answer.body
            assert "frame-ancestors 'none'" in answer.headers["Content-Security-Policy"]
    with caplog.at_level("DEBUG"):
        run(scenario)
    assert caplog.records and not any(KEY in record.getMessage() for record in caplog.records)


def test_over_https_the_cookie_is_secure_and_host_only(run: Any) -> None:
    async def scenario(room: Classroom) -> None:
        (set_cookie,) = (await sign_in(room)).headers.get_list("Set-Cookie")
        assert set_cookie.startswith(f"{SECURE_COOKIE}=") and "Secure" in set_cookie
        assert "Domain" not in set_cookie and "Path=/" in set_cookie
    run(scenario, secure=True)


def test_wrong_keys_are_limited_to_a_few_a_minute_from_one_address(run: Any) -> None:
    async def scenario(room: Classroom) -> None:
        for _ in range(TRIES):
            assert (await sign_in(room, "guess")).code == 403
        blocked = await sign_in(room)  # even the right key, until the minute is over
        assert blocked.code == 429 and b"Too many wrong keys" in blocked.body
        assert not blocked.headers.get_list("Set-Cookie")
    run(scenario)


def test_requests_from_another_origin_are_refused_though_they_carry_the_cookie(run: Any
                                                                               ) -> None:
    async def scenario(room: Classroom) -> None:
        cookie = await signed_in(room)
        ada = await Student.at(room.server)
        code = (await ada.sit(type="create", game="croak", players=2, name="Ada",
                              options={}))["code"]
        body = json.dumps({"code": code})
        json_type = "application/json"
        for origin in (room.course, "null", None):
            headers = {"Cookie": cookie, "Content_Type": json_type}
            if origin is not None:
                headers["Origin"] = origin
            answer = await fetch(room, "/api/close", "POST", body, **headers)
            assert answer.code == 403, origin
            no_cors(answer)
            assert (await sign_in_from(room, origin)).code == 403
        assert code in room.hall.tables
        assert (await fetch(room, "/api/tables")).code == 401  # no cookie
        assert (await fetch(room, "/api/tables", Cookie=cookie,
                            Sec_Fetch_Site="same-site")).code == 403
        assert (await fetch(room, "/api/tables", Cookie=cookie, Origin=room.course)).code \
            == 403
        tables = await fetch(room, "/api/tables", Cookie=cookie)
        assert tables.code == 200 and [t["code"] for t in json.loads(tables.body)["tables"]
                                       ] == [code]
        for headers in ({"Cookie": cookie, "Origin": room.course}, {"Cookie": cookie},
                        {"Origin": room.origin}):
            request = HTTPRequest(f"ws://127.0.0.1:{room.port}/ws", headers=headers)
            with pytest.raises(Exception, match=r"40[13]"):
                await websocket_connect(request)
        closed = await fetch(room, "/api/close", "POST", body, Cookie=cookie,
                             Origin=room.origin, Content_Type=json_type)
        assert closed.code == 200 and code not in room.hall.tables
    run(scenario)


async def sign_in_from(room: Classroom, origin: str | None) -> HTTPResponse:
    headers = {"Content_Type": "application/x-www-form-urlencoded"}
    if origin is not None:
        headers["Origin"] = origin
    return await fetch(room, "/login", "POST", f"key={KEY}", **headers)


def test_the_socket_pushes_each_change_and_the_spectators_board_of_the_table_shown(
        run: Any) -> None:
    async def scenario(room: Classroom) -> None:
        teacher = await Teacher.at(room, await signed_in(room))
        assert (await teacher.until("tables"))["tables"] == []
        ann, bob = await Student.at(room.server), await Student.at(room.server)
        code = (await ann.sit(type="create", game="froop", players=2, name="Ann",
                              options={}))["code"]
        row = (await teacher.until("tables", lambda m: len(m["tables"]) == 1))["tables"][0]
        assert row["code"] == code and row["status"] == "waiting"
        await teacher.link.write_message(json.dumps({"type": "watch", "code": code}))
        shown = await teacher.until("spectator")
        assert shown["board"] is None and shown["table"]["seats"][1]["name"] is None
        await bob.sit(type="join", code=code, name="Bob")
        for student in (ann, bob):
            await student.send(type="start")
        shown = await teacher.until("spectator", lambda m: m["board"] is not None
                                    and not m["table"]["holding"])
        spectator = json.loads(protocol.dumps(room.hall.message(room.hall.tables[code],
                                                                None)))
        assert shown["table"] == spectator
        assert shown["board"]["view"]["hand"] is None  # (a seat's board would hold one)
        assert shown["board"]["view"]["events"][-1] == spectator["view"]["events"][-1]
        await teacher.until("tables", lambda m: m["tables"][0]["status"] == "playing")
        await teacher.link.write_message(json.dumps({"type": "join", "code": code,
                                                     "name": "Eve"}))
        refused = await teacher.until("refused")
        assert refused["reason"] == 'the teacher\'s page asks {"type": "watch", "code": ...}'
    run(scenario)


def test_the_teacher_closes_a_table_and_hands_a_left_seat_to_a_bot_over_the_api(run: Any
                                                                                ) -> None:
    async def scenario(room: Classroom) -> None:
        cookie = await signed_in(room)
        teacher = await Teacher.at(room, cookie)
        code, ann, bob = await two_at_a_table(room.server)
        await leave(bob)
        await teacher.until("tables", lambda m: m["tables"] != []
                            and not m["tables"][0]["seats"][1]["here"])

        async def post(path: str, **fields: Any) -> HTTPResponse:
            return await fetch(room, path, "POST", json.dumps(fields), Cookie=cookie,
                               Origin=room.origin, Content_Type="application/json")
        bad = await post("/api/bot", code=code, seat=True, bot="KeckeBot")
        assert bad.code == 400 and "seat (int)" in json.loads(bad.body)["error"]
        refused = await post("/api/bot", code=code, seat=0, bot="KeckeBot")
        assert refused.code == 409 and json.loads(refused.body)["error"].startswith(
            "Ann is connected at seat 0")
        handed = await post("/api/bot", code=code, seat=1, bot="KeckeBot")
        assert handed.code == 200
        await teacher.until("tables", lambda m: m["tables"][0]["seats"][1]["bot"]
                            == "KeckeBot")
        game = room.hall.tables[code].game
        assert game is not None
        handed_at = len(game.history)

        async def the_bot_plays() -> None:  # Ann plays her turns, the bot Bob's
            while not any(mover == 1 for mover, _ in game.history[handed_at:]):
                if 0 in game.seats_to_act:
                    seen = len(game.history)
                    await ann.send(type="move", move=str(game.legal_moves(0)[0]), seen=seen)
                    await ann.until("table", lambda m, n=seen: m["view"]["decisions"] > n)
                else:
                    await asyncio.sleep(0.02)
        await asyncio.wait_for(the_bot_plays(), WAIT + PACE)
        closed = await post("/api/close", code=code)
        assert closed.code == 200
        told = await ann.until("closed")
        assert told["reason"] == "the teacher closed this table"
        await teacher.until("tables", lambda m: m["tables"] == [])
        assert (await post("/api/close", code=code)).code == 409
    run(scenario)


def test_the_page_and_its_files_hold_no_key_and_only_the_games_boards_are_served(
        run: Any) -> None:
    async def scenario(room: Classroom) -> None:
        for path in ("/teacher.js", "/teacher.css", "/boards/froop.js", "/boards/croak.css"):
            answer = await fetch(room, path)
            assert answer.code == 200 and KEY.encode() not in answer.body, path
        for path in ("/boards/loader.js", "/boards/..%2Fteacher.py", "/teacher.py"):
            assert (await fetch(room, path)).code == 404, path
        for game in GAMES:
            assert (await fetch(room, f"/boards/{game}.js")).code == 200, game
    run(scenario)

