"""Students' devices speaking the table protocol themselves, for the restart tests
(``test_restart.py``): each keeps its token and every message it got."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

from tornado.websocket import WebSocketClientConnection, websocket_connect

WAIT = 10.0  # seconds a message (or a reconnection, its backoff included) may take


class Device:
    """One student's browser, speaking the protocol itself: what it sends, what it got."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.link: WebSocketClientConnection | None = None
        self.got: list[dict[str, Any]] = []
        self.token: str | None = None
        self.code: str | None = None
        self.at = 0.0  # (loop time) when the message a countdown is read from came

    async def connect(self) -> Device:
        self.link = await websocket_connect(f"ws://127.0.0.1:{self.port}/tables/ws")
        return self

    async def send(self, **message: Any) -> None:
        assert self.link is not None
        await self.link.write_message(json.dumps(message))

    async def until(self, kind: str | tuple[str, ...],
                    test: Callable[[dict[str, Any]], bool] = bool) -> dict[str, Any]:
        """The first message of type ``kind`` (or of one of them) that passes ``test``."""
        kinds = (kind,) if isinstance(kind, str) else kind
        assert self.link is not None
        while True:
            text = await asyncio.wait_for(self.link.read_message(), WAIT)
            if text is None:
                raise AssertionError(f"the link closed before a {kind!r} message")
            message = json.loads(text)
            self.got.append(message)
            if message["type"] == "joined":
                self.token, self.code = message["token"], message["code"]
            if message["type"] in kinds and test(message):
                return message
            assert message["type"] != "refused", message  # (a device expects none here)

    async def sit(self, **message: Any) -> dict[str, Any]:
        await self.send(**message)
        joined = await self.until("joined")
        await self.until("table")
        return joined

    async def rejoin(self, port: int) -> dict[str, Any]:
        """A new link to the server on ``port``, and this device's seat back by its token."""
        self.port = port
        await self.connect()
        return await self.sit(type="rejoin", code=self.code, token=self.token)

    async def caught_up(self) -> dict[str, Any]:
        """Its latest table message, once every message sent before now has come: a
        request answered at once comes after them all: a save, refused while the game
        runs, or answered with its record once it is over (a deal can end a game soon)."""
        await self.send(type="save")
        await self.until(("refused", "record"))
        return self.latest()

    def latest(self) -> dict[str, Any]:
        return next(m for m in reversed(self.got) if m["type"] == "table")

    def cut(self) -> None:
        if self.link is not None:
            self.link.close()


def game_as_seen(message: dict[str, Any]) -> dict[str, Any]:
    """What a table message shows of the game and the seats, the connections left out."""
    kept = ("view", "spectator", "movers", "holding", "ready", "waiting", "can_undo",
            "facts", "seat", "creator")
    return {**{key: message.get(key) for key in kept},
            "seats": [{k: v for k, v in seat.items() if k != "here"}
                      for seat in message["seats"]]}


async def table_of(game: str, players: int, port: int, options: dict[str, Any],
                   bots: dict[int, str] | None = None, start: bool = True
                   ) -> list[Device]:
    """A table of ``game``: its people's devices (its creator first), Start pressed."""
    bots = bots or {}
    creator = await Device(port).connect()
    await creator.sit(type="create", game=game, players=players, name="Ann",
                      options=options)
    people = [creator]
    for seat, bot in bots.items():
        await creator.send(type="bot", seat=seat, bot=bot)
        await creator.until("table", lambda m, s=seat: m["seats"][s]["bot"] is not None)
    for seat in range(1, players):
        if seat not in bots:
            person = await Device(port).connect()
            await person.sit(type="join", code=creator.code, name=f"Player {seat}")
            people.append(person)
    if start:
        for person in people:
            await person.send(type="start")
        for person in people:
            await person.until("table", lambda m: m["view"] and not m["holding"])
    return people


async def play(people: list[Device], moves: int) -> None:
    """The person to act plays their first legal move, ``moves`` times (fewer if the game
    ends first: the server deals at random, and a Croak! deal can end it soon); everyone
    sees it."""
    for _ in range(moves):
        view = people[0].latest()["view"]
        if view["is_over"]:
            return
        mover = next(p for p in people if p.latest()["seat"] in view["to_act"])
        own = mover.latest()["view"]
        await mover.send(type="move", move=own["legal"][0]["text"], seen=own["decisions"])
        for person in people:
            await person.until("table", lambda m, n=own["decisions"] + 1:
                               m["view"]["decisions"] >= n)


def countdown_left(device: Device) -> float:
    """The countdown's seconds left now, from the device's last message and its age."""
    countdown = device.latest()["countdown"]
    assert countdown is not None and countdown["running"]
    return float(countdown["left"]) - (asyncio.get_running_loop().time() - device.at)
