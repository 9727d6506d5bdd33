"""What a table server holds, kept in SQLite so that a restart brings every table back.

One row a table: its join code, game, players and options, the creator's and each seat's
token digest (never a token), the bots, the game once begun as its save (``to_dict``,
seed included: the file stays on the server's machine, as the games do), the table's
flags, and ``elapsed``: how long the game had waited since its last decision when the row
was written. ``Hall(store=store)`` writes a table's row after every change to it, and
while a clock runs (a countdown, a race) every ``hall.KEEP_TIME`` seconds; ``close``
writes every table's time once more. ``load`` reads every row back into a hall,
replaying each game on the hall's clock with its time paused while the server was down:
a countdown goes on with the time it had left, and the table says so. A row that cannot
be read back is skipped with a warning: one damaged table never keeps a server from
starting. Beside the tables, one row keeps the class's experiments (``experiments.py``):
students by their token's digest, their seeds, their results' tallies and the curves.
"""

from __future__ import annotations

import json
import sqlite3
import warnings
from pathlib import Path
from typing import Any

from ..core.errors import GameError
from ..games import GAMES
from . import protocol
from .hall import Hall
from .table import Seat, Table

COLUMNS = ("code", "game", "players", "options", "creator", "seats", "save", "begun",
           "ready", "released", "raced", "elapsed")
SCHEMA = """CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY, game TEXT NOT NULL, players INTEGER NOT NULL,
    options TEXT NOT NULL, creator TEXT NOT NULL, seats TEXT NOT NULL, save TEXT,
    begun INTEGER NOT NULL, ready TEXT NOT NULL, released INTEGER, raced INTEGER NOT NULL,
    elapsed REAL)"""
# The class's experiments (experiments.py): one row, their whole state as JSON.
EXPERIMENTS = """CREATE TABLE IF NOT EXISTS experiments (
    id INTEGER PRIMARY KEY CHECK (id = 1), state TEXT NOT NULL)"""
# A file written before ``elapsed`` was kept gains the column (null: no time kept).
ADD_ELAPSED = "ALTER TABLE tables ADD COLUMN elapsed REAL"
TIME_KEPT = 0.5  # seconds the time may move before a write with nothing else new is made
PAUSED = ("The table server was down: the {what} was paused meanwhile, and goes on from "
          "where it stopped.")

Row = tuple[Any, ...]


class SkippedTable(UserWarning):
    """A stored table that could not be read back; the others are."""


class NotKept(UserWarning):
    """A table's change that could not be written; the table goes on."""


class Store:
    """The tables of one server in the SQLite file ``path``."""

    def __init__(self, path: str | Path) -> None:
        self._db = sqlite3.connect(path)
        # A write-ahead log makes each table's write one short append: a crash of the
        # server loses nothing; a power cut may lose the last decisions, never the file.
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute(SCHEMA)
        self._db.execute(EXPERIMENTS)
        if "elapsed" not in {column[1] for column in
                             self._db.execute("PRAGMA table_info(tables)")}:
            self._db.execute(ADD_ELAPSED)
        self._db.commit()
        self._written: dict[str, Row] = {}  # what each table's row holds, to skip no-ops
        self._tables: dict[str, Table] = {}  # every table handed here, for close

    def save(self, table: Table, force: bool = False) -> None:
        """Write ``table``'s row, unless it holds that already (a spectator came) and its
        time kept has moved less than TIME_KEPT. A write that fails (a full disk) is warned
        of and tried again at the table's next change: the game goes on meanwhile."""
        self._tables[table.code] = table
        row = _row(table)
        if not force and _same(self._written.get(table.code), row):
            return
        places = ", ".join("?" * len(COLUMNS))
        try:
            with self._db:  # one transaction: committed, or rolled back if it fails
                self._db.execute(f"INSERT OR REPLACE INTO tables ({', '.join(COLUMNS)}) "
                                 f"VALUES ({places})", row)
        except sqlite3.Error as err:
            warnings.warn(f"the table {table.code!r} could not be kept: {err}",
                          NotKept, stacklevel=2)
            return
        self._written[table.code] = row

    def delete(self, code: str) -> None:
        """Forget table ``code`` (the teacher closed it). A delete that fails is warned
        of: the table is gone from the hall all the same."""
        self._written.pop(code, None)
        self._tables.pop(code, None)  # (close writes no time for it)
        try:
            with self._db:
                self._db.execute("DELETE FROM tables WHERE code = ?", (code,))
        except sqlite3.Error as err:
            warnings.warn(f"the closed table {code!r} could not be forgotten: {err}",
                          NotKept, stacklevel=2)

    def load(self, hall: Hall) -> None:
        """Put every stored table into ``hall``, skipping (with a warning) any that is
        damaged: bad JSON, an unknown game, a save its game refuses."""
        for row in self._db.execute(f"SELECT {', '.join(COLUMNS)} FROM tables"):
            try:
                table = _table(hall, row)
            except (GameError, ValueError, TypeError) as err:
                warnings.warn(f"the stored table {row[0]!r} is skipped: {err}",
                              SkippedTable, stacklevel=2)
                continue
            hall.restore(table)
            if row[-1] is not None:
                _say_paused(table)
            self._written[table.code] = row
            self._tables[table.code] = table

    def save_experiments(self, state: dict[str, Any]) -> None:
        """Keep the class's experiments (``experiments.state``): after every change, so
        a restart takes them back. A write that fails is warned of; the class goes on."""
        try:
            with self._db:
                self._db.execute("INSERT OR REPLACE INTO experiments (id, state) VALUES "
                                 "(1, ?)", (_json(state),))
        except sqlite3.Error as err:
            warnings.warn(f"the class's experiments could not be kept: {err}", NotKept,
                          stacklevel=2)

    def load_experiments(self) -> dict[str, Any] | None:
        """The class's experiments as last kept, or None (none kept, or not JSON)."""
        row = self._db.execute("SELECT state FROM experiments WHERE id = 1").fetchone()
        try:
            kept = json.loads(row[0]) if row is not None else None
        except (TypeError, ValueError):
            return None
        return kept if isinstance(kept, dict) else None

    def close(self) -> None:
        """Write every table's time once more (a server stopped: each clock pauses where
        it is), then close the file."""
        for table in list(self._tables.values()):
            if table.game is not None and not table.game.is_over:
                self.save(table, force=True)
        self._tables.clear()
        self._db.close()


def _row(table: Table) -> Row:
    seats = [{"name": s.name, "token": s.token, "bot": s.bot} for s in table.seats]
    game = table.game
    save = game.to_dict() if game is not None else None
    # The time since the last decision, not a clock's time: another clock reads it back.
    elapsed = None if game is None or game.is_over else \
        round(max(0.0, game.clock.now() - game.last_time), 3)
    return (table.code, table.entry.name, table.players, _json(table.options),
            table.creator, _json(seats), None if save is None else _json(save),
            int(table.begun), _json(sorted(table.ready)), table.released, int(table.raced),
            elapsed)


def _same(written: Row | None, row: Row) -> bool:
    """Whether ``row`` needs no write: it holds what was written, but for a time kept that
    moved less than TIME_KEPT."""
    if written is None or written[:-1] != row[:-1]:
        return False
    before, now = written[-1], row[-1]
    return before == now or (isinstance(before, float | int) and isinstance(now, float | int)
                             and abs(now - before) < TIME_KEPT)


def _json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), allow_nan=False)


def _table(hall: Hall, row: Row) -> Table:
    """A table as its row keeps it, or ValueError (or the save's BadSave) saying why not."""
    code, game, players, options, creator, seats, save, begun, ready, released, raced, \
        elapsed = row
    if not isinstance(code, str) or protocol.code(code) != code:
        raise ValueError(f"its code is not a join code: {code!r}")
    entry = GAMES.get(game)
    if entry is None:
        raise ValueError(f"there is no game {game!r}")
    options = json.loads(options)
    if not isinstance(options, dict):
        raise ValueError(f"its options are not a JSON object: {options!r}")
    seated = [Seat(**_fields(seat)) for seat in json.loads(seats)]
    if not isinstance(players, int) or len(seated) != players:
        raise ValueError(f"it has {len(seated)} seats for {players!r} players")
    ready_seats = set(json.loads(ready))
    if not ready_seats <= set(range(players)) or not isinstance(creator, str) \
            or not (released is None or isinstance(released, int)):
        raise ValueError("its creator, ready seats or round released are not a table's")
    table = Table(code, entry, players, options, creator, seated, begun=bool(begun),
                  ready=ready_seats, released=released, raced=bool(raced))
    if save is not None:
        table.game = entry.game.from_dict(json.loads(save), clock=hall.clock)
        if table.game.names != [seat.name for seat in seated]:
            raise ValueError("its game's players are not the people in its seats")
        if elapsed is not None:
            if not isinstance(elapsed, float | int) or not 0 <= elapsed < 1e6:
                raise ValueError(f"its time since the last decision is not one: {elapsed!r}")
            # As if no time passed while the server was down: a countdown has the time it
            # had left, and a race's times leave the gap out.
            table.game.resume(float(elapsed))
    return table


def _say_paused(table: Table) -> None:
    """A restored table whose clock was running (a countdown, a race) says in its next
    messages, until a decision is made, that it was paused while the server was down."""
    game = table.game
    if game is None or game.is_over or table.holding() or table.waiting():
        return
    if game.deadline is not None:
        table.notice = PAUSED.format(what="countdown")
    elif table.races:
        table.notice = PAUSED.format(what="race")


def _fields(seat: Any) -> dict[str, str | None]:
    """A seat's stored fields, each a text or null."""
    if not isinstance(seat, dict) or set(seat) != {"name", "token", "bot"} \
            or not all(value is None or isinstance(value, str) for value in seat.values()):
        raise ValueError(f"a seat is stored as its name, token digest and bot, not {seat!r}")
    return seat
