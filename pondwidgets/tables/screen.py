"""A student's seat at a shared table, in a notebook: ``join("KXBT", name="Ada")`` (or
``create``, ``watch``) gives a screen that says who sits where while the table fills, then
shows the game's own board on the server's game (``tables.remote``), for this seat only.

With no server to reach, the call prints one sentence and gives None, so a course
notebook with a join cell still runs clean where there is no server (nbval, Binder)."""

from __future__ import annotations

import html
import json
from typing import Any

import ipywidgets

from ..core.errors import GameError
from ..core.widget import Board
from ..games import GAMES, Entry
from .link import Link, address, lookup
from .remote import RemoteGame

DEFAULT_SERVER = "http://127.0.0.1:8765"  # the table server the command starts, by default


class TableScreen(ipywidgets.VBox):
    """What this connection sees of a shared table: a status line (the table's code, who
    sits where, what it waits for) and, once the game begins, the game's board."""

    def __init__(self, server: str, entry: Entry, request: dict[str, Any]) -> None:
        self.status = ipywidgets.HTML()
        super().__init__([self.status])
        self.server, self.entry = address(server), entry
        self.game: RemoteGame | None = None
        self.board: Board | None = None
        self.code: str | None = request.get("code")
        self.seat: int | None = None
        self.token: str | None = None  # this seat's: kept here only, never in a trait
        self.refusal = ""  # the server's last refusal, as it said it (its board shows it)
        self.status_seen: dict[str, Any] | None = None  # the server's last table message
        self._say("Connecting to the table server…")
        self.link = Link(self.server, self._frame)
        self.link.send(request)

    # -- what the server says ----------------------------------------------------------------
    def _frame(self, text: str | None) -> None:
        # Called back by the link (the browser's WebSocket, or tornado's), where an
        # exception would show nowhere: it shows on the status line, and the link goes on.
        try:
            self._read(text)
        except Exception as err:
            self._say(f"This screen could not show the table server's last message "
                      f"({type(err).__name__}: {err}): run the cell again.")

    def _read(self, text: str | None) -> None:
        if text is None:
            self._say(f"No table server answers at {self.server}: ask your teacher to "
                      f"start it, or check the address." if self.status_seen is None else
                      "The table server closed the connection: run the cell again to take "
                      "your seat back.")
            return
        message = json.loads(text)
        kind = message.get("type")
        if kind == "joined":
            self.code, self.seat, self.token = message["code"], message["seat"], message["token"]
        elif kind == "table":
            self.status_seen = message
            self._table(message)
        elif kind == "refused":
            self._refused(str(message["reason"]))
        elif kind == "record" and self.game is not None:
            self.game.record = message["record"]

    def _table(self, message: dict[str, Any]) -> None:
        self.code = message["code"]
        if message["view"] is None:  # the table fills
            self._say(self._seats(message) + " " + self._waiting(message))
            return
        if self.game is None:
            self.game = RemoteGame(self.entry, message["seat"], self.link.send, message)
            stand_in: Any = self.game  # a Game to the board (Game.register), not to mypy
            self.board = self.entry.board(stand_in, seat=message["seat"])
            self.children = (self.status, self.board)
        else:
            self.game.update(message)
        if message["view"]["is_over"] and self.game.record is None:
            self.link.send({"type": "save"})  # the game's account, for the board's Save
        self._say(self._seats(message))

    def _refused(self, reason: str) -> None:
        self.refusal = reason
        if self.board is not None:
            self.board._show_error(reason)
        else:
            self._say(f"{reason[0].upper()}{reason[1:]}.")

    # -- the status line ---------------------------------------------------------------------
    def _say(self, text: str) -> None:
        self.status.value = f"<div class='pondwidgets-table-status'>{html.escape(text)}</div>"

    def _seats(self, message: dict[str, Any]) -> str:
        seats = []
        for s, seat in enumerate(message["seats"]):
            name = seat["name"] or "(free)"
            if seat["bot"]:
                name += " (a bot)"
            elif s == message["seat"]:
                name += " (you)"
            seats.append(name)
        return f"{message['title']} at table {message['code']}: {', '.join(seats)}."

    @staticmethod
    def _waiting(message: dict[str, Any]) -> str:
        free = sum(seat["name"] is None for seat in message["seats"])
        if message["creator"]:
            return (f"Give the code {message['code']} to the other players, or a seat to a "
                    f"bot (screen.seat_bot(seat, 'RandomBot')): {free} seat"
                    f"{'s' if free != 1 else ''} still free.")
        return f"Waiting for {free} more player{'s' if free != 1 else ''}."

    # -- what the creator may ask ---------------------------------------------------------
    def seat_bot(self, seat: int, bot: str = "RandomBot") -> None:
        """Give a free seat to a bot (the table's creator, before the game begins): the
        bots offered are ``RandomBot`` and the game's own (``FroopBot``, …)."""
        self.link.send({"type": "bot", "seat": seat, "bot": bot})

    def close(self) -> None:
        self.link.close()
        if self.board is not None:
            self.board.close()
        self.status.close()
        super().close()


def join(code: str, name: str, server: str = DEFAULT_SERVER) -> TableScreen | None:
    """Take a free seat at table ``code`` as ``name``: the screen of that seat. With no
    table server to reach, or no such table, print why in one sentence and give None."""
    try:
        facts = lookup(server, code)
    except GameError as err:
        print(err)
        return None
    return TableScreen(server, GAMES[facts["game"]], {"type": "join", "code": facts["code"],
                                                  "name": name})


def watch(code: str, server: str = DEFAULT_SERVER) -> TableScreen | None:
    """Watch table ``code`` as a spectator (the projector): what the whole table sees."""
    try:
        facts = lookup(server, code)
    except GameError as err:
        print(err)
        return None
    return TableScreen(server, GAMES[facts["game"]], {"type": "watch", "code": facts["code"]})


def create(game: str, players: int, name: str, server: str = DEFAULT_SERVER,
           **options: Any) -> TableScreen | None:
    """A new table of ``game`` (its registry name: ``"froop"``) for ``players``, with the
    game's options, and its first seat for you: the screen shows the join code to give.
    With no table server to reach, print so in one sentence and give None."""
    if game not in GAMES:
        raise GameError(f"there is no game {game!r} (the games are {', '.join(GAMES)})")
    try:
        lookup(server)
    except GameError as err:
        print(err)
        return None
    return TableScreen(server, GAMES[game], {"type": "create", "game": game, "players": players,
                                         "name": name, "options": options})
