"""The tables' SQLite store: a hall restored from the file a hall wrote holds every table
as it was (seats, flags, the game decision for decision), tokens are kept only as
digests, and a damaged row is skipped with a warning while the others come back."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from pondwidgets.core.clock import ManualClock
from pondwidgets.tables.hall import Hall, Table
from pondwidgets.tables.store import NotKept, SkippedTable, Store


def ask(hall: Hall, conn: int, **message: Any) -> list[dict[str, Any]]:
    """What ``conn`` is sent in answer to ``message``."""
    return [json.loads(text) for to, text in hall.receive(conn, json.dumps(message))
            if to == conn]


def seated(hall: Hall, conn: int, **message: Any) -> tuple[str, str]:
    """The code and token of the seat ``message`` (create, join, rejoin) gives ``conn``."""
    joined = next(m for m in ask(hall, conn, **message) if m["type"] == "joined")
    return joined["code"], joined["token"]


def play(hall: Hall, code: str, moves: int) -> None:
    """Each person to act plays their first legal move, ``moves`` times."""
    table = hall.tables[code]
    for _ in range(moves):
        game = table.game
        assert game is not None
        seat = game.seats_to_act[0]
        conn = next(c for c, s in table.here.items() if s == seat)
        answer = ask(hall, conn, type="move", move=str(game.legal_moves(seat)[0]),
                     seen=len(game.history))
        assert all(m["type"] == "table" for m in answer), answer


def facts(table: Table) -> Any:
    """What the store keeps of a table."""
    return (table.code, table.entry.name, table.players, table.options, table.creator,
            table.seats, table.begun, table.ready, table.released, table.raced,
            table.game.to_dict() if table.game is not None else None)


@dataclass
class Stored:
    hall: Hall
    path: Path
    codes: dict[str, str]  # by game
    tokens: dict[str, str]  # by player

    def restored(self) -> Hall:
        """A new hall (a clock that restarted elsewhere) read back from the file."""
        hall = Hall(clock=ManualClock(100.0), store=(store := Store(self.path)))
        store.load(hall)
        return hall


@pytest.fixture
def stored(tmp_path: Path) -> Stored:
    """A hall writing to a store with three tables: a game of Kecke Frösche played some
    moves, a Panic of Froop! held until everyone presses Start (one has), and a table of
    Croak waiting for its second player."""
    hall = Hall(clock=ManualClock(), store=Store(tmp_path / "tables.sqlite3"))
    codes, tokens = {}, {}
    conns = {name: hall.connect() for name in ("Ann", "Bob", "Cleo", "Dan", "Eve")}

    def sit(name: str, **message: Any) -> str:
        code, tokens[name] = seated(hall, conns[name], name=name, **message)
        return code

    codes["keckefrosche"] = code = sit("Ann", type="create", game="keckefrosche",
                                       players=2, options={})
    sit("Bob", type="join", code=code)
    for name in ("Ann", "Bob"):  # a table's game begins once its people press Start
        ask(hall, conns[name], type="start")
    play(hall, code, 5)
    codes["froop"] = code = sit("Cleo", type="create", game="froop", players=3,
                                options={"panic": True})
    ask(hall, conns["Cleo"], type="bot", seat=1, bot="FroopBot")
    sit("Dan", type="join", code=code)
    assert ask(hall, conns["Cleo"], type="start")[-1]["ready"] == [0]
    codes["croak"] = sit("Eve", type="create", game="croak", players=2,
                         options={"memory": True})
    return Stored(hall, tmp_path / "tables.sqlite3", codes, tokens)


def test_a_restored_hall_holds_every_table_as_it_was(stored: Stored) -> None:
    again = stored.restored()
    assert sorted(again.tables) == sorted(stored.hall.tables) == sorted(stored.codes.values())
    for code, table in stored.hall.tables.items():
        assert facts(again.tables[code]) == facts(table)
    panic = again.tables[stored.codes["froop"]]
    assert panic.holding() and panic.ready == {0}


def test_a_player_takes_their_seat_again_with_their_old_token(stored: Stored) -> None:
    again = stored.restored()
    code, token = stored.codes["keckefrosche"], stored.tokens["Bob"]
    answer = ask(again, again.connect(), type="rejoin", code=code, token=token)
    assert answer[0] == {"type": "joined", "code": code, "seat": 1, "token": token}
    assert answer[-1]["view"]["decisions"] == 5
    assert ask(again, again.connect(), type="rejoin", code=code, token="not-a-token")[0][
        "reason"] == "this token holds no seat at this table"


def test_the_game_goes_on_and_is_kept_after_a_restore(stored: Stored) -> None:
    again = stored.restored()
    code = stored.codes["keckefrosche"]
    for name in ("Ann", "Bob"):
        seated(again, again.connect(), type="rejoin", code=code, token=stored.tokens[name])
    play(again, code, 3)
    table = again.tables[code]
    assert table.game is not None and len(table.game.history) == 8
    assert facts(stored.restored().tables[code]) == facts(table)


def test_tokens_are_kept_only_as_digests(stored: Stored) -> None:
    files = [Path(f"{stored.path}{end}") for end in ("", "-wal")]
    kept = b"".join(file.read_bytes() for file in files if file.exists())
    assert stored.hall.tables[stored.codes["croak"]].creator.encode() in kept
    assert not any(token.encode() in kept for token in stored.tokens.values())


def test_a_damaged_row_is_skipped_and_the_others_come_back(stored: Stored) -> None:
    codes = stored.codes
    with sqlite3.connect(stored.path) as db:
        db.execute("UPDATE tables SET save = '{\"format\"' WHERE code = ?",
                   (codes["keckefrosche"],))
        save = json.loads(db.execute("SELECT save FROM tables WHERE code = ?",
                                     (codes["froop"],)).fetchone()[0])
        save["seed"] += 1  # the digest no longer matches: the save was changed
        db.execute("UPDATE tables SET save = ? WHERE code = ?",
                   (json.dumps(save), codes["froop"]))
    with pytest.warns(SkippedTable) as warned:
        again = stored.restored()
    said = sorted(str(w.message) for w in warned)
    assert [text.split(":")[0] for text in said] == sorted(
        f"the stored table {codes[name]!r} is skipped" for name in ("keckefrosche", "froop"))
    assert any(text.endswith("(its digest does not match its contents)") for text in said)
    assert list(again.tables) == [codes["croak"]]
    assert facts(again.tables[codes["croak"]]) == facts(stored.hall.tables[codes["croak"]])


@pytest.mark.parametrize(("column", "value"), [
    ("game", "chess"), ("seats", "[]"), ("seats", '[{"name": 1}, {}]'), ("code", "io"),
    ("ready", "[7]"), ("options", "[]"), ("released", "soon"), ("players", 3)])
def test_a_row_of_any_other_damage_is_skipped(stored: Stored, column: str,
                                              value: str | int) -> None:
    code = stored.codes["croak"]
    with sqlite3.connect(stored.path) as db:
        db.execute(f"UPDATE tables SET {column} = ? WHERE code = ?", (value, code))
    with pytest.warns(SkippedTable):
        again = stored.restored()
    assert sorted(again.tables) == sorted(c for c in stored.codes.values() if c != code)


def test_a_write_that_fails_is_warned_of_and_the_game_goes_on(stored: Stored) -> None:
    hall, code = stored.hall, stored.codes["keckefrosche"]
    keep = hall.store
    assert isinstance(keep, Store)
    keep.close()  # as a disk that fails: every write raises
    with pytest.warns(NotKept, match=f"the table '{code}' could not be kept: "):
        play(hall, code, 1)
    hall.store = Store(stored.path)  # the disk is back: the next change is kept
    play(hall, code, 1)
    assert facts(stored.restored().tables[code]) == facts(hall.tables[code])
