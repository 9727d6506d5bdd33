"""Every table a server holds, with no network in it: frames from clients in, frames to
send out. ``server.py`` carries them over WebSockets; the tests call it directly. One
table, and what it tells each connection, is ``table.py``; the bots it offers,
``seating.py``.

Connections are numbers (``connect``); each is at one table at most, as a seat's person
(its token proves it) or a spectator. Every frame is untrusted: ``receive`` answers a bad
one with a ``refused`` message to its sender, naming what is wrong, and nothing changes.
After any change, each connection at that table is sent its ``table`` message, built from
``game.view(seat)`` (``None``: a spectator's) and public facts alone, so what a seat is
sent depends on nothing it may not see. The game's clock is the server's: a decision is
stamped as it arrives, countdowns run out on it and bots decide on it (``due``, ``tick``).
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable
from typing import Any, Protocol

from ..core.bots import BotDriver
from ..core.clock import Clock, SystemClock
from ..core.errors import BotError, GameError, brief
from ..core.game import Game
from ..core.undoing import take_back
from ..games import GAMES
from . import limits, protocol, seating
from .protocol import Refused
from .table import Seat, Table, digest

PACE = 0.8  # seconds a bot waits before it decides, so people can follow it
LIMIT = 500  # decisions bots may make in a row with no person deciding (they can dodge)
# Seconds between writes of a running clock's time (a countdown, a race) to the store: a
# server killed outright brings the table back with at most this much less time left.
KEEP_TIME = 1.0

Out = list[tuple[int, str]]  # frames to send: (connection, text)


class Storage(Protocol):
    """Where a hall keeps its tables across a restart (``store.py``)."""

    def save(self, table: Table) -> None: ...

    def delete(self, code: str) -> None: ...


class Hall:
    """Every table of one server, by join code; ``store``, if given, is handed each table
    after every change to it."""

    def __init__(self, clock: Clock | None = None, store: Storage | None = None,
                 rng: random.Random | None = None) -> None:
        self.clock = clock if clock is not None else SystemClock()
        self.store = store
        self.tables: dict[str, Table] = {}
        self._at: dict[int, str] = {}  # connection -> the code of its table
        self.devices = limits.Devices()  # what each device may still do
        self._next = 0
        # Called with a table's code after every change to it, and once it is closed (the
        # teacher's page: teacher.py), so a page follows the tables with no polling.
        self.listeners: list[Callable[[str], None]] = []
        # Join codes, games' seeds and bots' seeds: the system's randomness, or a seeded
        # generator (tests), so that a game replays from the seed a failure prints.
        self._rng = rng if rng is not None else secrets.SystemRandom()

    # -- connections -------------------------------------------------------------------
    def connect(self, device: str = "") -> int:
        """A new connection's number. ``device`` is its network address, by which the
        limits of ``limits.py`` count; with none, the connection counts as a device."""
        self._next += 1
        self.devices.connect(self._next, device)
        return self._next

    def restore(self, table: Table) -> None:
        """Hold ``table`` again as a store kept it (a restart): its bots are new."""
        self.tables[table.code] = table
        table.races = seating.races(table.entry, table.players, table.options)
        table.kept = self.clock.now()
        if table.game is not None:
            self._new_driver(table)

    def disconnect(self, conn: int) -> Out:
        table = self._leave(conn)
        self.devices.of.pop(conn, None)
        return self._push(table) if table is not None else []

    def receive(self, conn: int, frame: str | bytes) -> Out:
        """Answer one frame from ``conn``: what to send, to whom."""
        kind = "message"
        try:
            kind, fields = protocol.read(frame)
            return getattr(self, f"_on_{kind}")(conn, **fields)
        except Refused as err:
            return [(conn, protocol.dumps({"type": "refused", "request": kind,
                                           "reason": str(err)}))]
        except GameError as err:  # the rules refused (an illegal move, a bad option)
            return [(conn, protocol.dumps({"type": "refused", "request": kind,
                                           "reason": str(err)}))]

    # -- what is due on the clock: bots and countdowns -----------------------------------
    def due(self) -> float | None:
        """The clock time of the next decision the server makes by itself, if any."""
        times = [t for table in self.tables.values() if (t := self._due(table)) is not None]
        times += [t for table in self.tables.values()
                  if (t := self._keep_due(table)) is not None]
        return min(times, default=None)

    def tick(self, most: int | None = None) -> Out:
        """Make every decision due by now (a bot's, a countdown's), at ``most`` tables if
        given, and say so. (The server steps one table a tick, so that what students send
        is read between two bots' searches, rather than after all of them.)"""
        out: Out = []
        now = self.clock.now()
        for table in list(self.tables.values()):
            due = self._due(table)
            if due is not None and due <= now:
                if most is not None and most <= 0:
                    break  # the next tick, at once
                self._step(table, now)
                out += self._push(table)
                most = None if most is None else most - 1
            keep = self._keep_due(table)
            if keep is not None and keep <= now and self.store is not None:
                self.store.save(table)  # the time its clock has run, for a restart
                table.kept = now
        return out

    def _keep_due(self, table: Table) -> float | None:
        """When the store next writes ``table``'s time, if its clock runs (a countdown or
        a race) and there is a store: a restart gives it back the time it had."""
        game = table.game
        if self.store is None or game is None or game.is_over or table.holding() \
                or table.waiting() or (game.deadline is None and not table.races):
            return None
        return table.kept + KEEP_TIME

    def _due(self, table: Table) -> float | None:
        game, driver = table.game, table.driver
        if game is None or driver is None or game.is_over or table.holding() \
                or table.waiting():
            return None
        plan = driver.refresh(self.clock.now())
        countdown = game.deadline
        if countdown is not None and countdown.seat in table.bot_seats():
            countdown = None  # the driver times a bot's countdown
        times = [t for t in (plan, countdown and countdown.time) if t is not None]
        return min(times, default=None)

    def _step(self, table: Table, now: float) -> None:
        game, driver = table.game, table.driver
        assert game is not None and driver is not None
        countdown = game.deadline
        if countdown is not None and countdown.seat not in table.bot_seats() \
                and countdown.time <= min(driver.plans.values(), default=countdown.time):
            self._played(table, lambda: game.play_at(max(countdown.time, now),
                                                     countdown.move, countdown.seat))
            return
        try:
            self._played(table, lambda: driver.step())
        except BotError as err:  # its seat is not planned again until the game changes
            self._tell(table, str(err))

    def _played(self, table: Table, decide: Any) -> None:
        """Make a decision, noting first whether several seats may act (a race)."""
        assert table.game is not None
        if len(table.game.seats_to_act) > 1:
            table.raced = True
        decide()
        table.notice = None  # it spoke of the position before

    # -- requests --------------------------------------------------------------------------
    def _on_create(self, conn: int, game: str, players: int, name: str,
                   options: dict[str, Any], token: str | None = None) -> Out:
        if token is not None:  # the same create again, its answer lost with the link?
            key = digest(protocol.token(token))
            again = next((t for t in self.tables.values() if t.creator == key), None)
            if again is not None:
                return self._seat(conn, again, 0, token)
        entry = GAMES.get(game)
        if entry is None:
            raise Refused(f"there is no game {brief(game)} (the games are "
                          f"{', '.join(sorted(GAMES))})")
        made = self.devices.made(conn, self._live)
        cls: Any = entry.game  # (its own constructor: players first, then its options)
        unknown = sorted(set(options) - set(cls.OPTIONS.names()))
        if unknown:
            raise Refused(f"{entry.title} has no option {brief(unknown)} (its "
                          f"options are {', '.join(cls.OPTIONS.names())})")
        races = seating.races(entry, players, options)  # (the game checks its options)
        name = protocol.name(name)
        code = self._new_code()
        token = token if token is not None else secrets.token_urlsafe(18)
        seats = [Seat() for _ in range(players)]
        seats[0] = Seat(name=name, token=digest(token))
        table = Table(code, entry, players, dict(options), digest(token), seats, races=races)
        self.tables[code] = table
        made.append(code)
        return self._seat(conn, table, 0, token)

    def _on_join(self, conn: int, code: str, name: str, token: str | None = None) -> Out:
        table = self._table(code, self.devices.of.get(conn, ""))
        if token is not None:  # the same join again, its answer lost with the link?
            key = digest(protocol.token(token))
            seat = next((s for s, each in enumerate(table.seats) if each.token == key), None)
            if seat is not None:
                return self._seat(conn, table, seat, token)
        name = protocol.name(name)
        if any(seat.name is not None and seat.name.casefold() == name.casefold()
               for seat in table.seats):
            raise Refused(f"{name!r} is taken at this table: choose another name")
        free = [s for s, seat in enumerate(table.seats) if seat.name is None]
        if not free:
            raise Refused("every seat at this table is taken: you may watch it instead")
        token = token if token is not None else secrets.token_urlsafe(18)
        table.seats[free[0]] = Seat(name=name, token=digest(token))
        return self._seat(conn, table, free[0], token)

    def _on_rejoin(self, conn: int, code: str, token: str) -> Out:
        table = self._table(code, self.devices.of.get(conn, ""))
        key = digest(token)
        seat = next((s for s, each in enumerate(table.seats) if each.token == key), None)
        if seat is None:
            raise Refused("this token holds no seat at this table")
        return self._seat(conn, table, seat, token)

    def _on_watch(self, conn: int, code: str) -> Out:
        table = self._table(code, self.devices.of.get(conn, ""))
        out = self._move_to(conn, table, None)
        return out + self._push(table)

    def _on_bot(self, conn: int, seat: int, bot: str) -> Out:
        table = self._creators(conn)
        if table.game is not None:
            raise Refused("the game has begun: bots take their seats before it does")
        if not 0 <= seat < table.players or table.seats[seat].name is not None:
            raise Refused(f"seat {brief(seat)} is not a free seat of this table")
        self.devices.may_seat_bot(conn, lambda code: len(self.tables[code].bot_seats())
                                  if self._live(code) else 0)
        table.check_offered(bot)
        taken = {s.name.casefold() for s in table.seats if s.name is not None}
        number = 1
        while (label := bot if number == 1 else f"{bot} {number}").casefold() in taken:
            number += 1
        table.seats[seat] = Seat(name=label, bot=bot)
        self._begin_if_full(table)
        return self._push(table)

    def _on_move(self, conn: int, move: str, seen: int) -> Out:
        table, seat = self._playing(conn)
        game = self._fresh(table, seen)
        if table.holding():
            raise Refused("the game has not started: every player presses Start first")
        self._played(table, lambda: game.play(move, seat))
        return self._push(table)

    def _on_undo(self, conn: int, seen: int) -> Out:
        table, seat = self._playing(conn)
        game = self._fresh(table, seen)
        if table.raced:
            raise Refused("a race has no undo: every decision in it tells the table "
                          "something")
        count, why = take_back(game, {seat}, table.bot_seats())
        if why is not None:
            raise Refused(why)
        for _ in range(count):
            game.undo()
        return self._push(table)

    def _on_new_game(self, conn: int, seen: int) -> Out:
        table = self._creators(conn)
        game = self._fresh(table, seen)
        game.restart(self._rng.randrange(2**63))  # a fresh seed, never shown
        table.begun, table.ready, table.released, table.raced = False, set(), None, False
        self._new_driver(table)
        return self._push(table)

    def _on_start(self, conn: int) -> Out:
        table, seat = self._playing(conn)
        if not table.holding():
            raise Refused("there is nothing to start: the game is under way (or waits "
                          "for every seat to be taken)")
        table.ready.add(seat)
        if table.person_seats() <= table.ready:
            table.begun = True
            assert table.game is not None
            table.game.resume()  # the race and the countdowns run from now
            self._new_driver(table)  # plans made while held would all be due at once
        return self._push(table)

    def _on_next_round(self, conn: int, seen: int) -> Out:
        table, _seat = self._playing(conn)
        game = self._fresh(table, seen)
        if not table.waiting():
            raise Refused("there is no round to start now: Next round is for after a "
                          "round, when a bot starts the next one")
        table.released = len(game.history)
        assert table.driver is not None
        now = self.clock.now()
        for seat in game.seats_to_act:
            table.driver.plans[seat] = now + PACE
        return self._push(table)

    def _on_save(self, conn: int) -> Out:
        table, _seat = self._where(conn)  # anyone at the table, a spectator too
        game = table.game
        if game is None:
            raise Refused("there is no game here to save")
        if not game.is_over:
            raise Refused("a table's game is saved once it is over: until then a save "
                          "would show every hidden card")
        return [(conn, protocol.dumps({"type": "record", "record": table.record()}))]

    # -- seats and connections -----------------------------------------------------------
    def _table(self, code: str, device: str) -> Table:
        """The table of join code ``code``, asked for by ``device``, whose tries of codes
        that name no table are limited (``limits.py``)."""
        now = self.clock.now()
        if self.devices.guesses.full(device, now):
            raise Refused(limits.too_many_guesses())
        table = self.tables.get(protocol.code(code))
        if table is None:
            self.devices.guesses.add(device, now)
            raise Refused(f"there is no table {protocol.code(code)}: check the code")
        return table

    def _live(self, code: str) -> bool:
        """Whether table ``code`` is still held and its game not over."""
        table = self.tables.get(code)
        return table is not None and (table.game is None or not table.game.is_over)

    def _where(self, conn: int) -> tuple[Table, int | None]:
        code = self._at.get(conn)
        if code is None or code not in self.tables:
            raise Refused("join a table first")
        table = self.tables[code]
        return table, table.here[conn]

    def _playing(self, conn: int) -> tuple[Table, int]:
        table, seat = self._where(conn)
        if seat is None:
            raise Refused("a spectator watches: join with a seat to play")
        if table.game is None:
            raise Refused("the game begins once every seat is taken")
        return table, seat

    def _creators(self, conn: int) -> Table:
        table, seat = self._where(conn)
        if seat is None or table.seats[seat].token != table.creator:
            raise Refused("only the table's creator may do that")
        return table

    def _fresh(self, table: Table, seen: int) -> Game:
        game = table.game
        if game is None:
            raise Refused("the game begins once every seat is taken")
        if not game.fresh(seen):
            raise Refused("the game moved on while you were choosing: look again and "
                          "choose again")
        return game

    def _seat(self, conn: int, table: Table, seat: int, token: str) -> Out:
        out = self._move_to(conn, table, seat)
        out.append((conn, protocol.dumps({"type": "joined", "code": table.code, "seat": seat,
                                          "token": token})))
        self._begin_if_full(table)
        return out + self._push(table)

    def _move_to(self, conn: int, table: Table, seat: int | None) -> Out:
        """Put ``conn`` at ``table`` (leaving any other); a seat's former connection, if
        another, is told and becomes nobody's."""
        old = self._leave(conn)
        out = self._push(old) if old is not None and old is not table else []
        if seat is not None:
            for other, where in list(table.here.items()):
                if where == seat and other != conn:
                    del table.here[other]
                    table.sent.pop(other, None)
                    self._at.pop(other, None)
                    out.append((other, protocol.dumps({
                        "type": "refused", "request": "rejoin",
                        "reason": "your seat was taken up on another device"})))
        table.here[conn] = seat
        self._at[conn] = table.code
        return out

    def _leave(self, conn: int) -> Table | None:
        code = self._at.pop(conn, None)
        table = self.tables.get(code) if code is not None else None
        if table is not None:
            table.here.pop(conn, None)
            table.sent.pop(conn, None)
        return table

    def _begin_if_full(self, table: Table) -> None:
        if table.game is not None or any(seat.name is None for seat in table.seats):
            return
        cls: Any = table.entry.game
        names = [seat.name for seat in table.seats]
        table.game = cls(names, seed=self._rng.randrange(2**63), clock=self.clock,
                         **table.options)  # a seed never shown
        self._new_driver(table)

    def _new_driver(self, table: Table) -> None:
        assert table.game is not None
        bots = {s: seating.bot(table.entry, seat.bot, self._rng.randrange(2**63))
                for s, seat in enumerate(table.seats) if seat.bot}
        table.driver = BotDriver(table.game, bots, pace=PACE, limit=LIMIT)

    def _new_code(self) -> str:
        while True:
            code = "".join(self._rng.choice(protocol.CODE_LETTERS)
                           for _ in range(protocol.CODE_LENGTH))
            if code not in self.tables:
                return code

    # -- what each connection is sent ----------------------------------------------------
    def _push(self, table: Table) -> Out:
        """Each connection at ``table`` its ``table`` message, if it changed. Every change
        to a table ends here, so here the store is written."""
        if self.store is not None:
            self.store.save(table)
            table.kept = self.clock.now()
        for listener in list(self.listeners):
            listener(table.code)
        out: Out = []
        for conn, seat in table.here.items():
            text = protocol.dumps(self.message(table, seat))
            if table.sent.get(conn) != text:
                table.sent[conn] = text
                out.append((conn, text))
        return out

    def _tell(self, table: Table, text: str) -> None:
        table.notice = text  # in the next table message, until a decision is made

    def describe(self, code: str, device: str) -> dict[str, Any]:
        """The public facts of table ``code`` (``Refused`` if there is none), for a page
        on ``device`` that must know its game before it joins."""
        return self._table(code, device).describe()

    def message(self, table: Table, seat: int | None) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) is sent about ``table`` now."""
        return table.message(seat, self.clock.now())

    # -- the teacher's (teacher.py): every table, and what only the teacher may do ---------
    def summary(self) -> list[dict[str, Any]]:
        """Every table, by join code, as the teacher's page lists it: public facts only."""
        return [table.summary() for _code, table in sorted(self.tables.items())]

    def close(self, code: str) -> Out:
        """End table ``code``: each of its connections is told that the teacher closed it,
        and it is gone from the hall and the store."""
        table = self._held(code)
        closed = protocol.dumps({"type": "closed", "code": table.code,
                                 "reason": "the teacher closed this table"})
        out = [(conn, closed) for conn in table.here]
        for conn in table.here:
            self._at.pop(conn, None)
        del self.tables[table.code]
        if self.store is not None:
            self.store.delete(table.code)
        for listener in list(self.listeners):
            listener(table.code)
        return out

    def hand_to_bot(self, code: str, seat: int, bot: str) -> Out:
        """Give seat ``seat`` of table ``code``, whose person has left, to ``bot`` (one the
        table offers), mid-game: it keeps the person's name and plays on at the table's
        pace. The person's token holds the seat no more. ``Refused`` says why not."""
        table = self._held(code)
        table.hand_to_bot(seat, bot)
        if table.game is not None:
            if not table.begun and table.person_seats() <= table.ready:
                table.begun = True  # the others had pressed Start: it waited for this seat
                table.game.resume()
            self._new_driver(table)
        return self._push(table)

    def _held(self, code: str) -> Table:
        """Table ``code``, for the teacher (no guessing limit: the page lists them)."""
        table = self.tables.get(protocol.code(code))
        if table is None:
            raise Refused(f"there is no table {protocol.code(code)}: it may have been "
                          f"closed")
        return table
