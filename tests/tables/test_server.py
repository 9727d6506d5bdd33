"""The table server for real, on 127.0.0.1 and a free port, its students tornado's own
WebSocket clients: they make a table and play at it, each sent its own view only, a
spectator the spectator's; frames too big, binary or too many are refused and the link
stays (tornado closes it for a frame far too big); a bot plays by the server's timer;
the HTTP lookup gives public facts only; a restarted server gives a seat back to its
token."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

try:  # the tables extra (tests/dev.sh test installs it); without it these tests skip
    from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPResponse
    from tornado.websocket import WebSocketClientConnection, websocket_connect
except ImportError:
    pytest.skip("needs tornado, the tables extra: pip install -e '.[tables]'",
                allow_module_level=True)

from pondwidgets.tables import hall as hall_module
from pondwidgets.tables import protocol
from pondwidgets.tables.hall import Hall
from pondwidgets.tables.server import BURST, LARGEST_FRAME, TableServer, serve

WAIT = 5.0  # seconds any one message may take to arrive before the test fails
STUDENTS: list[Student] = []  # each test's, their links closed after it
Scenario = Callable[[TableServer, Hall], Awaitable[None]]


class Student:
    """One device: what it sends, and every message it has been sent."""

    def __init__(self, link: WebSocketClientConnection) -> None:
        self.link = link
        self.seen: list[dict[str, Any]] = []
        self.seat: int | None = None
        self.ended = False  # the link closed: nothing more will come
        STUDENTS.append(self)

    @classmethod
    async def at(cls, server: TableServer) -> Student:
        return cls(await websocket_connect(f"ws://127.0.0.1:{server.port}/tables/ws"))

    async def send(self, **message: Any) -> None:
        await self.link.write_message(json.dumps(message))

    async def next(self) -> dict[str, Any] | None:
        """The next message it is sent; None once the server closed the link."""
        text = await asyncio.wait_for(self.link.read_message(), WAIT)
        if text is None:
            self.ended = True
            return None
        assert isinstance(text, str)
        self.seen.append(json.loads(text))
        return self.seen[-1]

    async def until(self, kind: str, test: Callable[[dict[str, Any]], bool] = bool
                    ) -> dict[str, Any]:
        """The first message of type ``kind`` that passes ``test`` (skipping others)."""
        while (message := await self.next()) is not None:
            if message["type"] == kind and test(message):
                return message
        raise AssertionError(f"the link closed before a {kind!r} message")

    async def sit(self, **message: Any) -> dict[str, Any]:
        """Create or join a table: the ``joined`` message."""
        await self.send(**message)
        joined = await self.until("joined")
        self.seat = joined["seat"]
        return joined

    def latest(self) -> dict[str, Any]:
        return next(m for m in reversed(self.seen) if m["type"] == "table")


async def leave(student: Student) -> None:
    """Close the student's link and wait until the server agrees (its socket shut)."""
    student.link.close()
    while not student.ended:
        await student.next()


@pytest.fixture
def run(tmp_path: Path) -> Callable[[Scenario], None]:
    """Run a scenario against a server started for it, stopped after it."""
    def run(scenario: Scenario) -> None:
        async def main() -> None:
            server, hall = serve("127.0.0.1", 0, tmp_path / "tables.sqlite3")
            try:
                await scenario(server, hall)
            finally:
                students, STUDENTS[:] = list(STUDENTS), []
                await asyncio.gather(*(leave(student) for student in students))
                await server.stop()
        asyncio.run(main())
    return run


async def two_at_a_table(server: TableServer, game: str = "keckefrosche"
                         ) -> tuple[str, Student, Student]:
    """Ann's table of ``game`` (Kecke Frösche), Bob at it, both pressed Start."""
    ann, bob = await Student.at(server), await Student.at(server)
    code = (await ann.sit(type="create", game=game, players=2, name="Ann",
                          options={}))["code"]
    await bob.sit(type="join", code=code, name="Bob")
    for student in (ann, bob):
        await student.send(type="start")
    for student in (ann, bob):
        await student.until("table", lambda m: not m.get("holding", True))
    return code, ann, bob


async def play(students: list[Student], moves: int) -> None:
    """The student to act plays their first legal move, ``moves`` times, and everyone sees
    each decision."""
    for _ in range(moves):
        view = students[0].latest()["view"]
        mover = next(s for s in students if s.seat in view["to_act"])
        move = mover.latest()["view"]["legal"][0]["text"]
        await mover.send(type="move", move=move, seen=view["decisions"])
        for student in students:
            await student.until("table", lambda m, n=view["decisions"] + 1:
                                m["view"]["decisions"] == n)


async def soon(test: Callable[[], bool]) -> None:
    """Wait until ``test()`` holds, a few milliseconds at a time."""
    async def holds() -> None:
        while not test():
            await asyncio.sleep(0.005)
    await asyncio.wait_for(holds(), WAIT)


def wire(hall: Hall, code: str, seat: int | None) -> dict[str, Any]:
    """What the hall says ``seat`` of table ``code`` is shown now, as sent."""
    return json.loads(protocol.dumps(hall.message(hall.tables[code], seat)))


def test_two_students_play_each_sent_their_own_view_and_a_spectator_its_own(run: Any
                                                                             ) -> None:
    async def scenario(server: TableServer, hall: Hall) -> None:
        code, ann, bob = await two_at_a_table(server)
        await play([ann, bob], 4)
        carl = await Student.at(server)
        await carl.send(type="watch", code=code)
        watched = await carl.until("table")
        assert watched["seat"] is None and watched["view"]["legal"] == []
        await play([ann, bob, carl], 2)
        assert hall.tables[code].game is not None
        assert len(hall.tables[code].game.history) == 6
        for student in (ann, bob, carl):
            tables = [m for m in student.seen if m["type"] == "table"]
            assert {(m["seat"], m["view"] and m["view"]["seat"]) for m in tables} == {
                (student.seat, student.seat)} | ({(0, None)} if student is ann else set())
            assert student.latest() == wire(hall, code, student.seat)
        bob.link.close()  # a link that closes leaves its seat: Ann is told
        told = await ann.until("table", lambda m: not m["seats"][1]["here"])
        assert told["seats"][1] == {"bot": None, "here": False, "name": "Bob", "person": True}
    run(scenario)


def test_frames_too_big_or_binary_are_refused_and_the_link_stays_unless_far_too_big(
        run: Any) -> None:
    async def scenario(server: TableServer, hall: Hall) -> None:
        ann = await Student.at(server)
        await ann.send(type="watch", code="Q" * protocol.LONGEST_MESSAGE)
        refused = await ann.until("refused")
        assert refused["reason"].startswith(
            f"a message has at most {protocol.LONGEST_MESSAGE:,} bytes")
        await ann.link.write_message(b'{"type": "save"}', binary=True)
        refused = await ann.until("refused")
        assert refused["reason"] == ("a message is a JSON object in a text frame, not "
                                     "binary data")
        await ann.sit(type="create", game="keckefrosche", players=2, name="Ann", options={})
        await ann.link.write_message("x" * (LARGEST_FRAME + 1))  # tornado closes this link
        while await ann.next() is not None:
            pass
        assert ann.link.close_code == 1009
        again = await Student.at(server)
        await again.sit(type="create", game="croak", players=2, name="Ann", options={})
        assert len(hall.tables) == 2
    run(scenario)


def test_a_frame_for_a_link_closed_meanwhile_is_dropped(run: Any) -> None:
    async def scenario(server: TableServer, hall: Hall) -> None:
        ann = await Student.at(server)
        await ann.sit(type="create", game="keckefrosche", players=2, name="Ann", options={})
        (socket,) = server.sockets.values()
        socket.close()
        server.send([(socket.conn, protocol.dumps({"type": "table"}))])  # raises nothing
        while await ann.next() is not None:
            pass
        assert ann.seen[-1]["type"] == "table"
        await soon(lambda: not server.sockets)  # the server hears the link close
        assert not hall.tables[ann.seen[0]["code"]].here
    run(scenario)


def test_a_flood_of_messages_is_refused_past_the_limit_and_the_server_stays_up(run: Any
                                                                              ) -> None:
    async def scenario(server: TableServer, hall: Hall) -> None:
        flood = await Student.at(server)
        sent = 3 * BURST
        for _ in range(sent):
            await flood.send(type="save")
        answers = [await flood.until("refused") for _ in range(sent)]
        too_many = [a for a in answers if a["reason"].startswith("too many messages: ")]
        assert BURST <= sent - len(too_many) < sent
        await asyncio.sleep(0.2)  # the bucket fills again
        await flood.send(type="save")
        assert (await flood.until("refused"))["reason"] == "join a table first"  # read: heard
        other = await Student.at(server)
        await other.sit(type="create", game="keckefrosche", players=2, name="Ann",
                        options={})
    run(scenario)


def test_a_bot_plays_by_the_servers_timer(run: Any, monkeypatch: pytest.MonkeyPatch
                                          ) -> None:
    monkeypatch.setattr(hall_module, "PACE", 0.02)

    async def scenario(server: TableServer, hall: Hall) -> None:
        ann = await Student.at(server)
        code = (await ann.sit(type="create", game="keckefrosche", players=2, name="Ann",
                              options={}))["code"]
        await ann.send(type="bot", seat=1, bot="RandomBot")
        await ann.send(type="start")
        game = None
        while game is None or sum(seat == 1 for seat, _ in game.history) < 3:
            view = (await ann.until("table", lambda m: m["view"] and not m["holding"]))[
                "view"]
            if 0 in view["to_act"]:  # Ann plays; the bot plays on the timer alone
                await ann.send(type="move", move=view["legal"][0]["text"],
                               seen=view["decisions"])
            game = hall.tables[code].game
    run(scenario)


async def lookup(server: TableServer, code: str) -> HTTPResponse:
    client = AsyncHTTPClient(force_instance=True)
    try:
        return await client.fetch(f"http://127.0.0.1:{server.port}/tables/api/{code}",
                                  raise_error=False)
    finally:
        client.close()


def test_the_lookup_gives_a_tables_public_facts_and_404_for_no_table(run: Any) -> None:
    async def scenario(server: TableServer, hall: Hall) -> None:
        code, ann, bob = await two_at_a_table(server)
        await play([ann, bob], 2)
        found = await lookup(server, code.lower())
        assert found.code == 200 and found.headers["Access-Control-Allow-Origin"] == "*"
        assert json.loads(found.body) == {
            "code": code, "game": "keckefrosche", "title": "Kecke Frösche", "players": 2,
            "options": {}, "begun": True, "over": False,
            "seats": [{"name": "Ann", "free": False, "bot": None},
                      {"name": "Bob", "free": False, "bot": None}]}
        table = hall.tables[code]
        assert table.game is not None
        hidden = [str(table.game.seed), *(s.token for s in table.seats),
                  *(m["token"] for s in (ann, bob) for m in s.seen if m["type"] == "joined")]
        assert not any(str(secret).encode() in found.body for secret in hidden)
        other = "ZZZZ" if code != "ZZZZ" else "YYYY"
        for missing, why in [(other, f"there is no table {other}: check the code"),
                             ("nonsense", "a join code is 4 letters")]:
            answer = await lookup(server, missing)
            assert answer.code == 404
            assert json.loads(answer.body)["error"].startswith(why)
    run(scenario)


def test_a_restarted_server_gives_a_seat_back_to_its_token(run: Any) -> None:
    kept: dict[str, Any] = {}

    async def before(server: TableServer, hall: Hall) -> None:
        kept["code"], ann, bob = await two_at_a_table(server)
        await play([ann, bob], 3)
        kept["token"] = next(m for m in bob.seen if m["type"] == "joined")["token"]

    async def after(server: TableServer, hall: Hall) -> None:
        bob = await Student.at(server)
        joined = await bob.sit(type="rejoin", code=kept["code"], token=kept["token"])
        assert joined["seat"] == 1
        assert (await bob.until("table"))["view"]["decisions"] == 3

    run(before)
    run(after)


def test_a_plain_request_for_the_websocket_is_refused(run: Any) -> None:
    async def scenario(server: TableServer, hall: Hall) -> None:
        client = AsyncHTTPClient(force_instance=True)
        try:
            with pytest.raises(HTTPClientError) as plain:
                await client.fetch(f"http://127.0.0.1:{server.port}/tables/ws")
        finally:
            client.close()
        assert plain.value.code == 400  # a WebSocket only
    run(scenario)
