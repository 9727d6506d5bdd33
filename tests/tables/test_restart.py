"""Nothing is lost (pondwidgets/tables/README.md, "Nothing is lost"): a table server stopped,
or killed outright, and started again on the same ``--db`` gives every table back as it
was (seats, bots, Start presses, whose turn, the game by its replay, a race under way), a
countdown with the time it had left and the table saying it was paused; a move sent as
its link is cut is played once, never twice; and a notebook's screen reconnects by
itself, takes its seat back by its token, and a join cell run again in the same browser
rejoins its seat. Servers listen on 127.0.0.1 on a free port, their file in tmp_path."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import secrets
import signal
import sqlite3
import stat
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("tornado", reason="needs tornado, the tables extra: pip install -e "
                                      "'.[tables]'")

# (imported once tornado is known to be there: .devices needs it)
from pondwidgets.core.clock import ManualClock
from pondwidgets.tables import hall as hall_module
from pondwidgets.tables import link as link_module
from pondwidgets.tables import screen as screens
from pondwidgets.tables import seats as seats_module
from pondwidgets.tables.hall import Hall
from pondwidgets.tables.server import serve
from pondwidgets.tables.store import Store

from .devices import (
    WAIT,
    Device,
    countdown_left,
    game_as_seen,
    play,
    table_of,
)
from .test_remote import ask, until


def test_a_server_stopped_and_started_again_gives_every_table_back(tmp_path: Path) -> None:
    """A turn-based Froop!, a Croak! of two people and a bot where one of them pressed
    Start, and a Froop! Speed whose countdown runs: after ``server.stop()`` and a new server on
    the same file, each person rejoins with their token and sees the same game (view,
    legal moves, history), and the countdown has the time it had left, saying it was
    paused."""
    db = tmp_path / "tables.sqlite3"

    async def scenario() -> None:
        server, _hall = serve("127.0.0.1", 0, db)
        froop = await table_of("froop", 2, server.port, {})
        await play(froop, 5)
        held = await table_of("croak", 3, server.port, {}, bots={2: "RandomBot"},
                              start=False)
        await held[0].send(type="start")
        await held[1].until("table", lambda m: m["ready"] == [0])
        speed = await table_of("froop", 2, server.port, {"speed": True, "countdown": 30})
        mover = next(p for p in speed if p.latest()["seat"] in p.latest()["view"]["to_act"])
        mover.at = asyncio.get_running_loop().time()
        await asyncio.sleep(1.0)
        before = {id(p): game_as_seen(await p.caught_up()) for p in froop + held}
        left = countdown_left(mover)
        await server.stop()
        await asyncio.sleep(1.5)  # the server is down: no countdown runs

        server, _hall = serve("127.0.0.1", 0, db)
        try:
            for person in froop + held:
                joined = await person.rejoin(server.port)
                assert joined["seat"] == person.got[0]["seat"]
                assert game_as_seen(person.latest()) == before[id(person)]
            assert any(p.latest()["view"]["legal"] for p in froop)  # the same legal moves...
            await play(froop, 1)  # ...and the game goes on from there
            assert held[0].latest()["seats"][2]["bot"] == "RandomBot"
            assert held[0].latest()["holding"] and held[0].latest()["ready"] == [0]
            await mover.rejoin(server.port)
            mover.at = asyncio.get_running_loop().time()
            assert abs(countdown_left(mover) - left) < 0.3
            assert "the countdown was paused" in mover.latest()["notice"]
        finally:
            for person in froop + held + speed:
                person.cut()
            await server.stop()

    asyncio.run(scenario())


@contextlib.asynccontextmanager
async def killable_server(db: Path):
    """``python -m pondwidgets.tables`` in a process of its own, on a free port: its port
    and the process, SIGKILLed after the test if it still runs."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "pondwidgets.tables", "--host", "127.0.0.1", "--port", "0",
        "--db", str(db), stdout=asyncio.subprocess.PIPE)
    try:
        assert process.stdout is not None
        line = (await asyncio.wait_for(process.stdout.readline(), 60)).decode()
        port = re.search(r"ws://127\.0\.0\.1:(\d+)/", line)
        assert port, line
        yield int(port.group(1)), process
    finally:
        if process.returncode is None:
            process.send_signal(signal.SIGKILL)
        await process.wait()


def test_a_server_killed_outright_gives_back_a_turn_based_game_and_a_race(tmp_path: Path
                                                                          ) -> None:
    """SIGKILL mid-game: a Croak! and a Froop! Panic race come back the same (view, legal
    moves, history length), the race saying it was paused; a Froop! Speed countdown comes
    back with the time it had left, within the store's KEEP_TIME."""
    db = tmp_path / "tables.sqlite3"

    async def scenario() -> None:
        async with killable_server(db) as (port, process):
            croak = await table_of("croak", 2, port, {})
            await play(croak, 3)
            panic = await table_of("froop", 2, port, {"panic": True})
            await play(panic, 2)
            speed = await table_of("froop", 2, port, {"speed": True, "countdown": 30})
            mover = next(p for p in speed
                         if p.latest()["seat"] in p.latest()["view"]["to_act"])
            mover.at = asyncio.get_running_loop().time()
            await asyncio.sleep(2.5)  # the store has kept the countdown's time meanwhile
            before = {id(p): game_as_seen(await p.caught_up()) for p in croak + panic}
            left = countdown_left(mover)
            process.send_signal(signal.SIGKILL)  # no goodbye: nothing is written at the end
            await process.wait()
        await asyncio.sleep(1.0)
        async with killable_server(db) as (port, _process):
            for person in croak + panic:
                await person.rejoin(port)
                assert game_as_seen(person.latest()) == before[id(person)]
                assert len(person.latest()["movers"]) == len(before[id(person)]["movers"])
            assert "the race was paused" in panic[0].latest()["notice"]
            await mover.rejoin(port)
            mover.at = asyncio.get_running_loop().time()
            assert -0.3 < countdown_left(mover) - left < hall_module.KEEP_TIME + 0.3
            assert "the countdown was paused" in mover.latest()["notice"]
            await play(croak, 1)
            for person in croak + panic + speed:
                person.cut()

    asyncio.run(scenario())


def test_a_move_sent_as_the_link_is_cut_is_played_exactly_once(tmp_path: Path) -> None:
    """The link closes right after a move is sent: on rejoining, the table shows it played
    once, and the same move sent again on the same picture is refused by name."""
    async def scenario() -> None:
        server, hall = serve("127.0.0.1", 0, tmp_path / "tables.sqlite3")
        try:
            people = await table_of("froop", 2, server.port, {})
            await play(people, 2)
            mover = next(p for p in people
                         if p.latest()["seat"] in p.latest()["view"]["to_act"])
            view = mover.latest()["view"]
            move = {"type": "move", "move": view["legal"][0]["text"],
                    "seen": view["decisions"]}
            await mover.send(**move)
            mover.cut()  # at once: the answer never reaches this link
            await mover.rejoin(server.port)
            assert mover.latest()["view"]["decisions"] == view["decisions"] + 1
            await mover.send(**move)  # a screen that did not know it was played
            refused = await mover.until("refused")
            assert refused["reason"].startswith("the game moved on while you were choosing")
            game = hall.tables[mover.code].game
            assert game is not None and len(game.history) == view["decisions"] + 1
            for person in people:
                person.cut()
        finally:
            await server.stop()

    asyncio.run(scenario())


def test_a_create_or_join_sent_as_the_link_is_cut_gives_one_table_and_one_seat(
        tmp_path: Path) -> None:
    """The link closes right after a create (or a join) is sent, its answer lost: sent
    again with the same token the screen chose, it gives the same table (the same seat),
    not a second one; a token that is no random one is refused."""
    async def scenario() -> None:
        server, hall = serve("127.0.0.1", 0, tmp_path / "tables.sqlite3")
        ann, bob = Device(server.port), Device(server.port)
        try:
            create = {"type": "create", "game": "croak", "players": 3, "name": "Ann",
                      "options": {}, "token": secrets.token_urlsafe(18)}
            await (await ann.connect()).send(**create)
            ann.cut()  # at once: the table is made, its answer never reaches this link
            first = await (await ann.connect()).sit(**create)
            assert list(hall.tables) == [first["code"]] and first["seat"] == 0
            join = {"type": "join", "code": first["code"], "name": "Bob",
                    "token": secrets.token_urlsafe(18)}
            await (await bob.connect()).send(**join)
            bob.cut()
            again = await (await bob.connect()).sit(**join)
            seats = hall.tables[first["code"]].seats
            assert again["seat"] == 1 and [seat.name for seat in seats] == ["Ann", "Bob", None]
            await bob.send(type="join", code=first["code"], name="Cyd", token="guessable")
            refused = await bob.until("refused")
            assert refused["reason"].startswith("a token is 22 or more letters")
            ann.cut()
            bob.cut()
        finally:
            await server.stop()

    asyncio.run(scenario())


# -- a notebook's screen: the CPython kernel's stand-in --------------------------------


class ThreadServer:
    """A server on a thread of its own, on one port and file, stopped and started again."""

    def __init__(self, db: Path) -> None:
        self.db, self.port = db, 0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    address = property(lambda self: f"http://127.0.0.1:{self.port}")

    def start(self) -> None:
        started = threading.Event()
        self._stop.clear()

        def run() -> None:
            async def main() -> None:
                server, _hall = serve("127.0.0.1", self.port, self.db)
                self.port = server.port
                started.set()
                while not self._stop.is_set():
                    await asyncio.sleep(0.02)
                await server.stop()
            asyncio.run(main())

        self._thread = threading.Thread(target=run, daemon=True)
        self._thread.start()
        assert started.wait(WAIT)

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(WAIT)


@contextlib.contextmanager
def thread_server(db: Path) -> Iterator[ThreadServer]:
    server = ThreadServer(db)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def status(screen: Any) -> str:  # (one line of HTML)
    return str(screen.status.value)


@pytest.fixture(autouse=True)
def _kept_seats(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path / "jupyter"))
    yield
    from pondwidgets.core.table import _Table
    _Table._open.clear()


async def two_screens(address: str, **options: Any) -> tuple[Any, Any]:
    ann = screens.create("froop", 2, name="Ann", server=address, **options)
    await until(lambda: ann.status_seen is not None)
    bob = screens.join(ann.code, name="Bob", server=address)
    await until(lambda: ann.board is not None and bob.board is not None)
    for screen in (ann, bob):
        ask(screen.board, type="start")
    await until(lambda: not ann.game.message["holding"] and not bob.game.message["holding"])
    return ann, bob


async def move_on(screens_by_seat: tuple[Any, ...]) -> None:
    """The screen whose seat is to act plays its first legal move; all see it."""
    board = next(s.board for s in screens_by_seat if s.seat in s.board.view["to_act"])
    decisions = board.view["decisions"]
    ask(board, type="move", move=board.view["legal"][0]["text"], decisions=decisions)
    await until(lambda: all(s.board.view["decisions"] == decisions + 1
                            for s in screens_by_seat))


def test_a_screen_reconnects_by_itself_after_the_server_restarts(tmp_path: Path) -> None:
    """The server goes down mid-game (Froop!'s Speed): each screen says so in one line,
    refuses a move made meanwhile by name, and once the server is back takes its seat
    again by itself, shows the game as it is and that its countdown was paused; the game
    goes on from both boards, and the projector watches again."""
    async def scenario(server: ThreadServer) -> None:
        ann, bob = await two_screens(server.address, speed=True, countdown=60)
        projector = screens.watch(ann.code, server=server.address)
        await move_on((ann, bob))
        await until(lambda: projector.board is not None
                    and projector.board.view["decisions"] == 1)
        server.stop()
        await until(lambda: all("reconnecting by itself" in status(screen)
                                for screen in (ann, bob, projector)))
        assert status(ann).count("\n") == 0
        mover = next(s for s in (ann, bob) if s.seat in s.board.view["to_act"])
        ask(mover.board, type="move", move=mover.board.view["legal"][0]["text"],
            decisions=mover.board.view["decisions"])
        await until(lambda: "connection to the table server is down" in
                    mover.board.error.get("text", ""))
        await asyncio.sleep(1.0)  # a few tries, backing off
        assert ann.link.retry > link_module.FIRST_RETRY
        server.start()  # the same port and file
        await until(lambda: all(screen.link.connected and "reconnecting" not in status(screen)
                                for screen in (ann, bob, projector)))
        assert "Ann (you)" in status(ann) and "Bob (you)" in status(bob)
        assert ann.board.view["decisions"] == bob.board.view["decisions"] == 1
        assert "the countdown was paused" in status(bob) and "paused" in bob.board.notice
        await move_on((ann, bob))
        await until(lambda: projector.board.view["decisions"] == 2)  # watching again
        for screen in (ann, bob, projector):
            screen.close()

    with thread_server(tmp_path / "tables.sqlite3") as server:
        asyncio.run(scenario(server))


def test_a_move_made_as_the_screens_link_drops_is_played_once(tmp_path: Path) -> None:
    """A move clicked, and the link cut at once: the screen reconnects, and the move is on
    the table once, whether it arrived before the cut or was lost with the link (then the
    screen sends it again, as the table shows it was not played)."""
    async def scenario(server: ThreadServer) -> None:
        ann, bob = await two_screens(server.address)
        for turn in range(4):
            mover = next(s for s in (ann, bob) if s.seat in s.board.view["to_act"])
            decisions = mover.board.view["decisions"]
            lost = turn % 2 == 1
            if lost:  # the frame goes nowhere: the Wi-Fi died under it
                mover.link._write = lambda text: None
            ask(mover.board, type="move", move=mover.board.view["legal"][0]["text"],
                decisions=decisions)
            if lost:
                del mover.link._write
            mover.link.cut()
            await until(lambda d=decisions, m=mover: m.link.connected and
                        ann.board.view["decisions"] == bob.board.view["decisions"] == d + 1)
            await asyncio.sleep(0.3)  # nothing more comes: not played twice
            assert ann.board.view["decisions"] == decisions + 1
            assert mover._in_flight is None
        for screen in (ann, bob):
            screen.close()

    with thread_server(tmp_path / "tables.sqlite3") as server:
        asyncio.run(scenario(server))


def test_a_join_cell_run_again_in_the_same_browser_takes_its_seat_back(tmp_path: Path
                                                                       ) -> None:
    """A reload (the kernel restarted, the cell run again): join with the same code and
    name rejoins the seat by the token this browser keeps, in a file of the user's only;
    another name asks for a seat of its own, and none is free."""
    async def scenario(server: ThreadServer) -> None:
        ann, bob = await two_screens(server.address)
        await move_on((ann, bob))
        token = bob.token
        bob.close()  # the page reloads: its kernel, and the screen, are gone
        again = screens.join(ann.code, name="Bob", server=server.address)
        await until(lambda: again.board is not None)
        assert again.seat == 1 and again.token == token
        assert again.board.view["decisions"] == 1
        await move_on((ann, again))
        cleo = screens.join(ann.code.lower(), name="Cleo", server=server.address)
        await until(lambda: "Every seat at this table is taken" in status(cleo))
        kept = seats_module.seats_file()
        assert stat.S_IMODE(os.stat(kept).st_mode) == 0o600
        assert token in kept.read_text(encoding="utf-8")
        assert token not in json.dumps(again.board.get_state(), default=str)
        twice = screens.join(ann.code, name="bob", server=server.address)  # (names: any case)
        await until(lambda: "taken up on another device" in again.board.error.get("text", ""))
        assert again.link.closed and twice.seat == 1  # the older screen stops: no tug of war
        for screen in (ann, again, cleo, twice):
            screen.close()

    with thread_server(tmp_path / "tables.sqlite3") as server:
        asyncio.run(scenario(server))


def test_a_file_kept_before_the_time_was_kept_is_read_and_gains_it(tmp_path: Path) -> None:
    """A file from before ``elapsed`` was kept: its tables come back, and it gains it."""
    path = tmp_path / "tables.sqlite3"
    hall = Hall(clock=ManualClock(), store=Store(path))
    ann = hall.connect()
    hall.receive(ann, json.dumps({"type": "create", "game": "froop", "players": 2,
                                  "name": "Ann", "options": {"speed": True}}))
    (code,) = hall.tables
    hall.receive(hall.connect(), json.dumps({"type": "join", "code": code, "name": "Bob"}))
    with sqlite3.connect(path) as db:
        db.execute("ALTER TABLE tables DROP COLUMN elapsed")
    again = Hall(clock=ManualClock(50.0), store=(store := Store(path)))
    store.load(again)
    assert again.tables[code].game is not None
    assert again.tables[code].game.to_dict() == hall.tables[code].game.to_dict()
    with sqlite3.connect(path) as db:
        assert "elapsed" in {column[1] for column in db.execute("PRAGMA table_info(tables)")}
