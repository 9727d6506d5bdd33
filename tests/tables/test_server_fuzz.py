"""Hostile clients against the real server, over WebSockets on 127.0.0.1: several links
send malformed, replayed, oversized, forged and out-of-turn frames (``test_hall_fuzz``'s).
Nothing escapes (every frame gets its answer, and the server stays up), no refused frame
changes a table, and a new student still plays a game after. CI sends 600 frames; ``-m
slow`` sends 100,000."""

from __future__ import annotations

import asyncio
import json
import random
from types import SimpleNamespace
from typing import Any

import pytest

from pondwidgets.tables import limits
from pondwidgets.tables import server as server_module
from pondwidgets.tables.server import serve

from .test_hall_fuzz import _frame, _state
from .test_server import STUDENTS, Student, leave, play, two_at_a_table

PROBE = json.dumps({"type": "probe"})  # no such message: refused, whatever came before


def _utf8(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


async def _answers(student: Student) -> list[dict[str, Any]]:
    """What the server answered a frame: every message up to the probe's refusal."""
    answers = []
    while True:
        answer = await student.next()
        assert answer is not None, "the server closed a link"
        if answer["type"] == "refused" and "'probe'" in answer["reason"]:
            return answers
        answers.append(answer)


async def _fuzz(count: int, seed: int) -> None:
    server, hall = serve("127.0.0.1", 0)
    students: list[Student] = []
    try:
        _code, ann, bob = await two_at_a_table(server)
        students = [ann, bob] + [await Student.at(server) for _ in range(3)]
        room = SimpleNamespace(hall=hall)
        rng = random.Random(seed)
        sent: list[str] = []
        for _ in range(count):
            student = rng.choice(students)
            frame = _frame(rng, room, sent)
            if isinstance(frame, bytes) or len(frame) > server_module.LARGEST_FRAME:
                continue  # tornado closes a link for these: test_server covers them
            if not frame.isascii() and not _utf8(frame):
                continue  # no text frame can carry it (a lone surrogate)
            before = _state(room)
            await student.link.write_message(frame)
            await student.link.write_message(PROBE)  # always answered: the frame's end
            answers = await _answers(student)
            refused = [a for a in answers if a["type"] == "refused"]
            if refused:
                assert refused[0]["reason"] and _state(room) == before, frame
            elif len(sent) < 500:
                sent.append(frame)
        _code, *pair = await two_at_a_table(server)
        students += pair
        await play(pair, 6)  # the server still serves a game
    finally:
        await asyncio.gather(*(leave(s) for s in students if not s.ended))
        STUDENTS.clear()
        await server.stop()


def _unlimited(monkeypatch) -> None:
    """The flood limit and the limits on guessing codes and creating tables have their
    own tests; here every link is one device, 127.0.0.1, sending as fast as it can."""
    monkeypatch.setattr(server_module, "RATE", 10**6)
    monkeypatch.setattr(server_module, "BURST", 10**6)
    monkeypatch.setattr(limits, "GUESSES", 10**6)
    monkeypatch.setattr(limits, "MOST_TABLES", 10**6)


def test_hostile_frames_over_the_wire_are_refused_and_the_server_stays_up(monkeypatch):
    _unlimited(monkeypatch)
    asyncio.run(_fuzz(600, seed=3))


@pytest.mark.slow
def test_a_hundred_thousand_hostile_frames_over_the_wire(monkeypatch):
    _unlimited(monkeypatch)
    asyncio.run(_fuzz(100_000, seed=4))
