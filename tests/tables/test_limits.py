"""Nobody can swamp the room (pondwidgets/tables/README.md, "Limits"): what one device
may do is counted by its network address, not by its connection, so opening another
connection starts no count again. Each limit is refused in words, and changes nothing."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from pondwidgets.tables import limits

from .halls import Client, Room


def on(room: Room, device: str) -> Client:
    """A new connection of ``device``."""
    client = room.client()
    room.hall.devices.connect(client.conn, device)  # as the server's connect(address) does
    return client


def create(client: Client, game: str = "keckefrosche", players: int = 2) -> str | None:
    """The code of the table ``client`` creates, or None when refused."""
    got = client.send(type="create", game=game, players=players, name="Ann", options={})
    return next((m["code"] for m in got if m["type"] == "joined"), None)


def test_a_device_has_three_tables_at_once_however_many_connections_it_opens():
    room = Room()
    codes = [create(on(room, "10.0.0.7")) for _ in range(limits.MOST_TABLES)]
    assert all(codes)
    again = on(room, "10.0.0.7")
    assert create(again) is None
    assert again.refusal == "a device has at most 3 tables it created at once: finish one first"
    assert sorted(room.hall.tables) == sorted(codes)  # nothing made
    assert create(on(room, "10.0.0.8"))  # another student's device is not held back


def test_a_table_whose_game_is_over_counts_no_more():
    room = Room()
    ann = on(room, "10.0.0.7")
    code = create(ann)
    for _ in range(limits.MOST_TABLES - 1):
        create(on(room, "10.0.0.7"))
    assert create(on(room, "10.0.0.7")) is None
    game = room.hall.tables[code].game
    assert game is None  # not begun: closing the count needs the game over
    bob = on(room, "10.0.0.9")
    bob.send(type="join", code=code, name="Bob")
    players = {0: ann, 1: bob}
    for client in players.values():
        client.send(type="start")
    game = room.hall.tables[code].game
    while not game.is_over:  # each plays their first legal move, to the end
        view = ann.last()["view"]
        mover = players[view["to_act"][0]]
        move = mover.last()["view"]["legal"][0]["text"]
        mover.send(type="move", move=move, seen=view["decisions"])
    assert create(on(room, "10.0.0.7"))


def test_a_device_seats_at_most_twelve_bots_at_its_tables():
    room = Room()
    ann = on(room, "10.0.0.7")
    nine = create(ann, "froop", 10)
    for seat in range(1, 10):
        ann.send(type="bot", seat=seat, bot="RandomBot")
    assert len(room.hall.tables[nine].bot_seats()) == 9
    cleo = on(room, "10.0.0.7")
    four = create(cleo, "froop", 5)
    for seat in range(1, 4):
        cleo.send(type="bot", seat=seat, bot="RandomBot")
    cleo.send(type="bot", seat=4, bot="RandomBot")
    assert cleo.refusal == "a device seats at most 12 bots at its tables at once"
    assert room.hall.tables[four].seats[4].name is None  # the seat is still free


def test_ten_codes_a_minute_that_name_no_table_then_even_the_right_one_waits():
    room = Room()
    code = create(on(room, "10.0.0.1"))
    guesser = on(room, "10.0.0.66")
    wrong = [c for c in ("AAAA", "BBBB", "CCCC", "DDDD", "EEEE", "FFFF", "GGGG", "HHHH",
                         "JJJJ", "KKKK", "LLLL") if c != code][:limits.GUESSES]
    for guess in wrong:
        guesser.send(type="watch", code=guess)
        assert guesser.refusal == f"there is no table {guess}: check the code"
    guesser.send(type="join", code=code, name="Eve")
    assert guesser.refusal.startswith("this device tried 10 join codes in a minute that "
                                      "name no table: wait a minute")
    assert all(seat.name != "Eve" for seat in room.hall.tables[code].seats)
    on(room, "10.0.0.66").send(type="watch", code=code)  # a new connection: still waits
    assert room.clients[max(room.clients)].refusal.startswith("this device tried")
    friend = on(room, "10.0.0.2")  # another device is not held back
    assert friend.send(type="join", code=code, name="Bob")[0]["type"] == "joined"
    room.clock.advance(limits.WINDOW + 1)
    assert guesser.send(type="watch", code=code)[-1]["type"] == "table"


def test_a_mistyped_code_or_two_is_no_trouble():
    room = Room()
    code = create(on(room, "10.0.0.1"))
    bob = on(room, "10.0.0.2")
    for typo in ("ZZZZ", "YYYY"):
        bob.send(type="join", code=typo, name="Bob")
    assert bob.send(type="join", code=code, name="Bob")[0]["type"] == "joined"


def test_the_servers_lookup_counts_as_a_try_and_connections_are_limited(monkeypatch):
    """Over the wire the device is the connection's address (here 127.0.0.1 for every
    link): an HTTP lookup of a code is a try like a join, and a device opens at most
    MOST_CONNECTIONS links at once."""
    pytest.importorskip("tornado", reason="needs tornado, the tables extra")
    from tornado.httpclient import AsyncHTTPClient
    from tornado.websocket import websocket_connect

    from pondwidgets.tables.server import serve

    from .test_server import STUDENTS, Student, leave

    monkeypatch.setattr(limits, "MOST_CONNECTIONS", 3)

    async def scenario() -> None:
        server, _hall = serve("127.0.0.1", 0)
        try:
            await limited(server)
        finally:
            students, STUDENTS[:] = list(STUDENTS), []
            await asyncio.gather(*(leave(student) for student in students))
            await server.stop()

    async def limited(server: Any) -> None:
        client = AsyncHTTPClient(force_instance=True)
        base = f"http://127.0.0.1:{server.port}/tables/api/"
        try:
            for guess in ["QQQQ"] * limits.GUESSES:
                answer = await client.fetch(base + guess, raise_error=False)
                assert json.loads(answer.body)["error"].startswith("there is no table")
            answer = await client.fetch(base + "RRRR", raise_error=False)
            assert answer.code == 404
            assert json.loads(answer.body)["error"].startswith("this device tried 10")
        finally:
            client.close()
        links = [await Student.at(server) for _ in range(3)]
        extra = await websocket_connect(f"ws://127.0.0.1:{server.port}/tables/ws")
        assert await asyncio.wait_for(extra.read_message(), 5) is None  # closed at once
        assert extra.close_code == 1008
        assert extra.close_reason == "at most 3 connections from one device: close a tab first"
        await links[0].send(type="watch", code="SSSS")  # the others still speak
        assert (await links[0].until("refused"))["reason"].startswith("this device tried")

    asyncio.run(scenario())
