"""A student's seat at a shared table, in a notebook: ``join("KXBT", name="Ada")`` (or
``create``, ``watch``) gives a screen that says who sits where while the table fills, then
shows the game's own board on the server's game (``tables.remote``), for this seat only.

With no server to reach, the call prints one sentence and gives None, so a course
notebook with a join cell still runs clean where there is no server (nbval, Binder)."""

from __future__ import annotations

import html
import json
import secrets
from typing import Any

import ipywidgets

from ..core.errors import GameError
from ..core.widget import Board
from ..games import GAMES, Entry
from .link import Link, address, default_server, lookup
from .remote import RemoteGame
from .seats import keep_seat, recall_seats, seat_key


class TableScreen(ipywidgets.VBox):
    """What this connection sees of a shared table: a status line (the table's code, who
    sits where, what it waits for) and, once the game begins, the game's board.

    When the link drops (Wi-Fi, the server restarting) the status line says so and the
    link tries again by itself; once back, the screen asks for its seat by its token (a
    spectator watches again) and shows the game as it is. A move sent as the link dropped
    is sent again only if the table shows it was not played: the server then plays it, or
    refuses it by name as made on a picture that moved on, so it is never played twice."""

    def __init__(self, server: str, entry: Entry, request: dict[str, Any]) -> None:
        self.status = ipywidgets.HTML()
        super().__init__([self.status])
        self.server, self.entry = address(server), entry
        self.request = request
        self.game: RemoteGame | None = None
        self.board: Board | None = None
        self.code: str | None = request.get("code")
        self.seat: int | None = None
        # this seat's: kept here and in this browser's storage (seats.keep_seat), never in
        # a trait or an output, so no saved notebook holds it
        self.token: str | None = None
        self.refusal = ""  # the server's last refusal, as it said it (its board shows it)
        self.status_seen: dict[str, Any] | None = None  # the server's last table message
        self.link: Link | None = None
        self._rejoining = False  # a rejoin sent, not yet answered
        self._in_flight: dict[str, Any] | None = None  # the last move, until the table shows it
        self._back = False  # the link has opened again: the next table message settles it
        self._say("Connecting to the table server…")
        if request["type"] == "join":  # this browser may hold a seat there already
            recall_seats(seat_key(self.server, request["code"]), self._connect)
        else:
            self._connect({})

    def _connect(self, kept: dict[str, str]) -> None:
        """Open the link, asking for the seat kept for this name, if any, else for what
        the cell asked (create, join, watch)."""
        name = str(self.request.get("name", "")).strip().casefold()
        self.token = kept.get(name) if self.request["type"] == "join" else None
        if self.token is None:
            self._choose_token()
        self.link = Link(self.server, self._frame, self._again)
        self._hello()

    def _choose_token(self) -> None:
        """Choose the token of the seat this screen asks for: if the link drops before the
        answer comes, the request goes again with the same token, and the server gives the
        same seat (or table), never a second one."""
        if self.request["type"] in ("create", "join"):
            self.request = {**self.request, "token": secrets.token_urlsafe(18)}

    def _hello(self) -> None:
        assert self.link is not None
        if self.token is not None:
            self._rejoining = True
            self.link.send({"type": "rejoin", "code": self.code, "token": self.token})
        elif self.request["type"] == "watch" and self.code is not None:
            self.link.send({"type": "watch", "code": self.code})
        else:  # (no seat yet: the cell's own request; a create's, only before its table)
            self.link.send(self.request)

    def _again(self) -> None:
        self._back = True
        self._hello()

    def _ask(self, message: dict[str, Any]) -> None:
        """A request of the board's, unless the link is down: then it says it was not
        sent. A move is kept until the table shows it, in case the link drops meanwhile.
        (Not ``_send``: that is a widget's own, with which ipywidgets sends its state.)"""
        if self.link is None or not self.link.send(message):
            self._refused("the connection to the table server is down, so this was not "
                          "sent: it reconnects by itself, then choose again")
            return
        if message["type"] == "move":
            self._in_flight = message

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
            self._dropped()
            return
        message = json.loads(text)
        kind = message.get("type")
        if kind == "joined":
            self._joined(message)
        elif kind == "table":
            self.status_seen = message
            self._table(message)
        elif kind == "refused":
            if message.get("request") == "rejoin" and self._rejoining:
                self._rejoin_refused(str(message["reason"]))
                return
            if message.get("request") == "rejoin" and self.link is not None:
                self.link.close()  # its seat is on another device now: this one stops
            if message.get("request") == "move":
                self._in_flight = None
            self._refused(str(message["reason"]))
        elif kind == "record" and self.game is not None:
            self.game.record = message["record"]
        elif kind == "closed":
            self._closed(str(message["reason"]))

    def _dropped(self) -> None:
        assert self.link is not None
        wait = f"{self.link.retry:g} s"  # (the wait before the link's next try)
        if self.status_seen is None and self.link.drops == 1:
            self._say(f"No table server answers at {self.server}: ask your teacher to "
                      f"start it, or check the address. Trying again in {wait}…")
        else:
            self._say(f"The connection to the table server dropped: reconnecting by "
                      f"itself (next try in {wait})…")

    def _closed(self, reason: str) -> None:
        """The table is gone (the teacher closed it): the link stops trying, and this
        browser forgets its seat there."""
        assert self.link is not None
        self.link.close()
        if self.code is not None and "name" in self.request:
            keep_seat(seat_key(self.server, self.code), self.request["name"], None)
        said = f"{reason[0].upper()}{reason[1:]}: run a join cell for another table."
        if self.board is not None:
            self.board._show_error(said)
        self._say(said)

    def _joined(self, message: dict[str, Any]) -> None:
        self.code, self.seat = message["code"], message["seat"]
        self._rejoining = False
        if message["token"] != self.token and "name" in self.request:
            keep_seat(seat_key(self.server, self.code or ""), self.request["name"],
                      message["token"])
        self.token = message["token"]

    def _rejoin_refused(self, reason: str) -> None:
        """The kept token holds no seat (the table was made again, the seat given up): a
        join cell asks for a new seat; a create cell's screen says why."""
        self._rejoining = False
        if self.request["type"] != "join" or self.seat is not None:
            self._refused(reason)
            return
        keep_seat(seat_key(self.server, self.code or ""), self.request["name"], None)
        self.token = None
        self._choose_token()
        self._hello()

    def _table(self, message: dict[str, Any]) -> None:
        self.code = message["code"]
        if message["view"] is None:  # the table fills
            self._say(self._seats(message) + " " + self._waiting(message))
            return
        if self.game is None:
            self.game = RemoteGame(self.entry, message["seat"], self._ask, message)
            stand_in: Any = self.game  # a Game to the board (Game.register), not to mypy
            self.board = self.entry.board(stand_in, seat=message["seat"])
            self.children = (self.status, self.board)
        else:
            self.game.update(message)
        self._settle_move(message)
        if message["view"]["is_over"] and self.game.record is None:
            self._ask({"type": "save"})  # the game's account, for the board's Save
        notice = message.get("notice")
        if notice and self.board is not None:
            self.board.notice = notice  # (a board clears its notice at each change)
        self._say(self._seats(message) + (f" {notice}" if notice else ""))

    def _settle_move(self, message: dict[str, Any]) -> None:
        """The move in flight is done with once the table shows this seat decided after
        it (played), or a new game or an undo took the table back before it; on the first
        message after the link came back, one not played is sent again."""
        back, self._back = self._back, False
        sent = self._in_flight
        if sent is None:
            return
        movers = message.get("movers") or []
        if len(movers) < sent["seen"] or self.seat in movers[sent["seen"]:]:
            self._in_flight = None
        elif back and self.link is not None:
            self.link.send(sent)  # the server plays it, or refuses it as stale, by name

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
        self._ask({"type": "bot", "seat": seat, "bot": bot})

    def close(self) -> None:
        if self.link is not None:
            self.link.close()
        if self.board is not None:
            self.board.close()
        self.status.close()
        super().close()


def join(code: str, name: str, server: str | None = None) -> TableScreen | None:
    """Take a free seat at table ``code`` as ``name``: the screen of that seat. Run again
    in the same browser (a reload) with the same name, it takes back the seat this browser
    holds there; another name asks for a seat of its own. With no table server to reach,
    or no such table, print why in one sentence and give None. ``server`` is its address
    (``"192.168.1.20:8765"``); by default, in the course the classroom command serves,
    the page's own, and in JupyterLab this machine's (``link.default_server``)."""
    server = server if server is not None else default_server()
    try:
        facts = lookup(server, code)
    except GameError as err:
        print(err)
        return None
    return TableScreen(server, GAMES[facts["game"]], {"type": "join", "code": facts["code"],
                                                  "name": name})


def watch(code: str, server: str | None = None) -> TableScreen | None:
    """Watch table ``code`` as a spectator (the projector): what the whole table sees."""
    server = server if server is not None else default_server()
    try:
        facts = lookup(server, code)
    except GameError as err:
        print(err)
        return None
    return TableScreen(server, GAMES[facts["game"]], {"type": "watch", "code": facts["code"]})


def create(game: str, players: int, name: str, server: str | None = None,
           **options: Any) -> TableScreen | None:
    """A new table of ``game`` (its registry name: ``"froop"``) for ``players``, with the
    game's options, and its first seat for you: the screen shows the join code to give.
    With no table server to reach, print so in one sentence and give None."""
    if game not in GAMES:
        raise GameError(f"there is no game {game!r} (the games are {', '.join(GAMES)})")
    server = server if server is not None else default_server()
    try:
        lookup(server)
    except GameError as err:
        print(err)
        return None
    return TableScreen(server, GAMES[game], {"type": "create", "game": game, "players": players,
                                         "name": name, "options": options})
