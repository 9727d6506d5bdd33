"""A table server's hall with no network, and clients that speak to it as a browser or a
kernel would: each sends frames and keeps every frame the hall sent it, in order."""

from __future__ import annotations

import json
import random
from typing import Any

from pondwidgets.core import ManualClock
from pondwidgets.tables.hall import Hall, Table


class Client:
    """One connection: ``send(type=..., ...)`` sends a frame, ``got`` is what came back."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self.conn = room.hall.connect()
        self.got: list[dict[str, Any]] = []
        self.token: str | None = None
        self.seat: int | None = None

    def send(self, **message: Any) -> list[dict[str, Any]]:
        return self.room.deliver(self.room.hall.receive(self.conn, json.dumps(message)), self)

    def frame(self, text: str | bytes) -> list[dict[str, Any]]:
        return self.room.deliver(self.room.hall.receive(self.conn, text), self)

    def last(self, kind: str = "table") -> dict[str, Any]:
        return next(m for m in reversed(self.got) if m["type"] == kind)

    @property
    def refusal(self) -> str:
        """The reason of the last refusal this client got."""
        return str(self.last("refused")["reason"])


class Room:
    """A hall on a manual clock and a seeded generator (its codes, games and bots), and its
    clients."""

    def __init__(self, seed: int = 0) -> None:
        self.clock = ManualClock()
        self.hall = Hall(self.clock, rng=random.Random(seed))
        self.clients: dict[int, Client] = {}

    def client(self) -> Client:
        client = Client(self)
        self.clients[client.conn] = client
        return client

    def deliver(self, out: list[tuple[int, str]], sender: Client | None = None
                ) -> list[dict[str, Any]]:
        """Hand each frame to its client; what ``sender`` got, decoded."""
        mine = []
        for conn, text in out:
            message = json.loads(text)
            client = self.clients[conn]
            client.got.append(message)
            if message["type"] == "joined":
                client.token, client.seat = message["token"], message["seat"]
            if client is sender:
                mine.append(message)
        return mine

    def tick(self) -> None:
        self.deliver(self.hall.tick())

    def table(self, game: str, players: int = 2, options: dict | None = None,
              names: tuple[str, ...] = ("Ada", "Bob", "Cy", "Dee", "Eve")
              ) -> tuple[Table, list[Client]]:
        """A table of ``game`` with a person at every seat (the first its creator), its
        game begun: everyone pressed Start."""
        people = [self.client() for _ in range(players)]
        people[0].send(type="create", game=game, players=players, name=names[0],
                       options=options or {})
        code = people[0].last("joined")["code"]
        for person, name in zip(people[1:], names[1:], strict=False):
            person.send(type="join", code=code, name=name)
        for person in people:
            person.send(type="start")
        return self.hall.tables[code], people


def against_a_bot(room: Room, game: str, bot: str, options: dict | None = None
                  ) -> tuple[Table, Client]:
    """Ada's two-seat table of ``game``, ``bot`` at seat 1, Start pressed (it is refused,
    and nothing begins, if the table does not offer that bot)."""
    ada = room.client()
    ada.send(type="create", game=game, players=2, name="Ada", options=options or {})
    code = ada.last("joined")["code"]
    ada.send(type="bot", seat=1, bot=bot)
    ada.send(type="start")
    return room.hall.tables[code], ada


def play_randomly(room: Room, table: Table, people: list[Client], decisions: int,
                  seed: int = 0, check=None) -> None:
    """Up to ``decisions`` random legal decisions, each sent by the connection of a random
    seat of those that may act, the clock moving 0.1 to 3 s before each; ``check()``
    after every one."""
    rng = random.Random(seed)
    game = table.game
    assert game is not None
    for _ in range(decisions):
        if game.is_over:
            return
        seat = rng.choice(game.seats_to_act)
        move = rng.choice(game.legal_moves(seat))
        room.clock.advance(round(rng.uniform(0.1, 3.0), 3))
        people[seat].send(type="move", move=str(move), seen=len(game.history))
        assert people[seat].got[-1]["type"] == "table", people[seat].got[-1]
        if check is not None:
            check()
