"""Hostile clients against a hall: malformed, replayed, oversized, out-of-turn and forged
frames from several connections at several tables. Nothing escapes ``receive``, no frame
the hall refuses changes any table, and the hall still plays a game to its end after.
CI sends 3,000 frames; ``-m slow`` sends 100,000."""

from __future__ import annotations

import json
import random

import pytest

from pondwidgets.games import GAMES
from pondwidgets.tables import protocol

from .halls import Room, play_randomly


def _state(room: Room) -> str:
    return json.dumps({code: [[s.name, s.token, s.bot] for s in t.seats]
                       + [t.game.to_dict() if t.game else None, sorted(t.ready), t.begun]
                       for code, t in room.hall.tables.items()})


def _frame(rng: random.Random, room: Room, sent: list[str]) -> str | bytes:
    """One hostile frame: a replay, a forgery, a malformed or oversized one, a request
    of the wrong shape, or a move chosen without looking whose turn it is."""
    codes = list(room.hall.tables) or ["ABCD"]
    code = rng.choice(codes)
    table = room.hall.tables.get(code)
    game = table.game if table is not None else None
    moves = [str(m) for s in range(game.players) for m in game.legal_moves(s)] if game else []
    pick = rng.randrange(12)
    if pick == 0 and sent:
        return rng.choice(sent)  # replayed
    if pick == 1:
        return "x" * rng.choice([protocol.LONGEST_MESSAGE + 1, 10**5])  # oversized
    if pick == 2:
        return rng.choice(["{", "[]", "null", "1e999", '{"type":', "\ud800", b"\x80\x81",
                           "[" * 3000, '{"type": "move", "move": NaN, "seen": 0}'])
    if pick == 3:
        return json.dumps({"type": rng.choice(list(protocol.REQUESTS)),
                           rng.choice(["seat", "move", "seen", "code", "x"]):
                           rng.choice([None, True, -1, 2**70, 1.5, "", [], {}, "ABCD"])})
    if pick == 4:
        return json.dumps({"type": "rejoin", "code": code,
                           "token": rng.choice(["", "x" * 24, "' OR 1=1 --"])})
    if pick == 5:
        return json.dumps({"type": "bot", "seat": rng.randrange(-2, 7),
                           "bot": rng.choice(["RandomBot", "FroopBot", "MCTSBot", "__import__"])})
    if pick == 6:
        return json.dumps({"type": "join", "code": code,
                           "name": rng.choice(["Ada", "ada", "\u202eEve", "x" * 41, "Zed"])})
    if pick == 7:
        return json.dumps({"type": rng.choice(["undo", "new_game", "next_round"]),
                           "seen": rng.randrange(-1, 60)})
    if pick == 8:
        return json.dumps({"type": "create", "game": rng.choice([*GAMES, "chess"]),
                           "players": rng.randrange(0, 12), "name": "Mal",
                           "options": rng.choice([{}, {"position": []}, {"seed": 1},
                                                  {"countdown": 10**400}, {"panic": "yes"}])})
    if pick == 9:
        return json.dumps({"type": rng.choice(["start", "save"])})
    text = rng.choice(moves) if moves and pick == 10 else rng.choice(["draw", "pass", "x"])
    return json.dumps({"type": "move", "move": text,
                       "seen": rng.choice([len(game.history) if game else 0, 0, 999])})


def _fuzz(count: int, seed: int) -> None:
    room = Room()
    tables = [room.table(name, players=2) for name in ("froop", "keckefrosche", "croak")]
    hostile = [room.client() for _ in range(4)] + [p for _t, people in tables for p in people]
    rng = random.Random(seed)
    sent: list[str] = []
    for _ in range(count):
        client = rng.choice(hostile)
        frame = _frame(rng, room, sent)
        before = _state(room)
        got = client.frame(frame)  # raises nothing, whatever it is
        refused = [m for m in got if m["type"] == "refused"]
        if refused:
            assert refused[0]["reason"] and _state(room) == before, frame
        elif isinstance(frame, str) and len(sent) < 500:
            sent.append(frame)
        if rng.random() < 0.05:
            room.clock.advance(rng.uniform(0, 5))
            room.tick()
    table, people = room.table("splashdown")  # the hall still serves a whole game
    play_randomly(room, table, people, 400)
    assert table.game.is_over


def test_hostile_frames_are_refused_and_change_nothing():
    _fuzz(3_000, seed=1)


@pytest.mark.slow
def test_a_hundred_thousand_hostile_frames():
    _fuzz(100_000, seed=2)
