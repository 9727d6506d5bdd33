"""One table of a table server: who sits where, its game once every seat is taken, what a
live board's table keeps (Start, Next round), and what it tells each connection: its
``table`` message, built from ``game.view(seat)``, the spectator's view and public facts
alone, so that what a seat is sent depends on nothing it may not see."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from ..core.bots import BotDriver
from ..core.errors import brief
from ..core.game import Game
from ..core.saves import RECORD_FORMAT
from ..core.undoing import take_back
from ..games import Entry
from . import seating
from .protocol import Refused


def digest(token: str) -> str:
    """What a table keeps of a token: its SHA-256, never the token itself."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass
class Seat:
    """A seat at a table: free, a person's (the digest of their token: the token itself is
    kept only by their browser or kernel) or a bot's (its class name)."""

    name: str | None = None
    token: str | None = None
    bot: str | None = None


@dataclass
class Table:
    """One table: its game once every seat is taken, who sits where, who watches, and
    what a live board's table keeps (Start, Next round)."""

    code: str
    entry: Entry
    players: int
    options: dict[str, Any]
    creator: str  # the creator's token digest: New game and the bots are theirs
    seats: list[Seat]
    game: Game | None = None
    driver: BotDriver | None = None
    here: dict[int, int | None] = field(default_factory=dict)  # connection -> its seat
    ready: set[int] = field(default_factory=set)  # people who pressed Start
    begun: bool = False  # every person pressed Start: the game runs
    released: int | None = None  # decisions when a person last asked for Next round
    raced: bool = False  # several seats have acted at once: a race, with no undo
    races: bool = False  # its options let several seats act at once (no search bot)
    notice: str | None = None  # what went wrong with a bot, until the next decision
    sent: dict[int, str] = field(default_factory=dict)  # the last table message each got
    kept: float = 0.0  # clock time the store last wrote it (its clock's time, for a restart)

    def bot_seats(self) -> set[int]:
        return {s for s, seat in enumerate(self.seats) if seat.bot is not None}

    def person_seats(self) -> set[int]:
        return {s for s, seat in enumerate(self.seats) if seat.token is not None}

    def holding(self) -> bool:
        """A game at a table begins once every seated person has pressed Start: people on
        their own devices may not all be looking when the last seat is taken, and a race
        or a countdown must start for everyone at once. (At one screen only a game against
        the clock waits, as its people are there.)"""
        game = self.game
        return game is not None and not self.begun and not game.is_over \
            and bool(self.person_seats())

    def waiting(self) -> bool:
        """A round has just been decided and only bots may start the next: they wait for
        a person's Next round (as at a live board)."""
        game = self.game
        if game is None or not game.between_rounds or game.is_over \
                or self.released == len(game.history):
            return False
        to_act = set(game.seats_to_act)
        return bool(to_act) and to_act <= self.bot_seats() and bool(self.person_seats())

    # -- what it tells -------------------------------------------------------------------
    def describe(self) -> dict[str, Any]:
        """Its public facts, for a page that must know its game before it joins: no
        token, no view of the game."""
        game = self.game
        return {"code": self.code, "game": self.entry.name, "title": self.entry.title,
                "players": self.players, "options": self.options,
                "seats": [{"name": s.name, "free": s.name is None, "bot": s.bot}
                          for s in self.seats],
                "begun": game is not None, "over": game is not None and game.is_over}

    def message(self, seat: int | None, now: float) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) is sent at clock time ``now``: its view of the
        game, the spectator's, and the table's public facts, nothing else."""
        game = self.game
        seats = [{"name": s.name, "bot": s.bot, "person": s.token is not None,
                  "here": any(w == i for w in self.here.values())}
                 for i, s in enumerate(self.seats)]
        message: dict[str, Any] = {
            "type": "table", "code": self.code, "game": self.entry.name,
            "title": self.entry.title, "options": self.options, "seats": seats,
            "seat": seat, "creator": seat is not None
            and self.seats[seat].token == self.creator, "view": None}
        if game is None:
            return message
        countdown = game.deadline
        why = "a race has no undo" if self.raced else "a spectator has nothing to undo" \
            if seat is None else take_back(game, {seat}, self.bot_seats())[1]
        message.update(
            view=game.view(seat), holding=self.holding(), ready=sorted(self.ready),
            waiting=self.waiting(), can_undo=why is None, undo_why=why,
            countdown=None if countdown is None else
            {"seat": countdown.seat, "left": round(countdown.time - now, 1),
             "running": not self.holding()},
            notice=self.notice, hides_hands=game.hides_hands, facts=self.facts(),
            # what the whole table sees, for a board held at Start (every hand face down)
            spectator=game.view(None) if seat is not None else None,
            movers=[mover for mover, _move in game.history],  # who decided: the log says it
            stopped=self.driver.stopped if self.driver is not None else None)
        return message

    def facts(self) -> dict[str, Any]:
        """What the game's board reads of a game beyond its views (the game's own
        ``telling.table_facts``, public facts only), for the stand-in a kernel draws it
        with (``tables.remote``)."""
        facts = getattr(self.entry.module("telling"), "table_facts", None)
        return {} if facts is None or self.game is None else dict(facts(self.game))

    def record(self) -> dict[str, Any]:
        """The finished game's account: the names, the options, the log and every decision
        with its time, the winners. No seed: it is an account, not a save to replay."""
        game = self.game
        assert game is not None and game.is_over
        return {"format": RECORD_FORMAT, "game": self.entry.name, "title": self.entry.title,
                "names": list(game.names), "options": self.options,
                "log": game.log, "winners": list(game.winners),
                "decisions": [[seat, str(move), round(time - game.started, 3)]
                              for (seat, move), time in zip(game.history, game.times,
                                                            strict=True)]}

    def offered(self) -> tuple[str, ...]:
        """The bots this table offers (``seating.offered``)."""
        return seating.offered(self.entry, self.races)

    def check_offered(self, bot: str) -> None:
        """``Refused`` unless ``bot`` is one this table offers."""
        if bot not in self.offered():
            raise Refused(f"the bots offered here are {', '.join(self.offered())}, not "
                          f"{brief(bot)}")

    # -- the teacher's page (teacher.py) -------------------------------------------------
    def summary(self) -> dict[str, Any]:
        """What the teacher's page lists of it: its game, who holds each seat and whether
        they are connected, whether it waits (for seats, or for Start), plays or is over,
        its decisions so far, and the bots it offers. Public facts only."""
        game = self.game
        here = set(self.here.values())
        status = "waiting" if game is None or self.holding() else \
            "over" if game.is_over else "playing"
        return {"code": self.code, "game": self.entry.name, "title": self.entry.title,
                "players": self.players, "options": self.options, "status": status,
                "seats": [{"name": s.name, "bot": s.bot, "person": s.token is not None,
                           "free": s.name is None, "here": i in here, "ready": i in self.ready}
                          for i, s in enumerate(self.seats)],
                "decisions": 0 if game is None else len(game.history),
                "bots": list(self.offered())}

    def hand_to_bot(self, seat: int, bot: str) -> None:
        """Give ``seat``, a person's whose connection has gone, to ``bot`` (one it offers):
        it keeps the name, which the game knows it by; the person's token holds it no
        more. ``Refused`` says why not."""
        if not 0 <= seat < self.players:
            raise Refused(f"table {self.code} has no seat {brief(seat)}")
        held = self.seats[seat]
        if held.token is None:
            what = "free" if held.name is None else "a bot's"
            raise Refused(f"seat {seat} is {what}: only a person's seat is handed to a bot")
        if seat in self.here.values():
            raise Refused(f"{held.name} is connected at seat {seat}: a seat goes to a bot "
                          f"once its person has left")
        self.check_offered(bot)
        self.seats[seat] = Seat(name=held.name, bot=bot)
        self.ready.discard(seat)
