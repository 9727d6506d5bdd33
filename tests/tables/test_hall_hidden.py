"""Hidden information stays hidden across the network, tested by indistinguishability on
what crosses the wire: at every step of a game played through a hall, twins of the game
that differ only in what a seat may not see (``sample_hidden``) give that seat's
connection byte-identical frames — the table message it is sent, and the refusal of any
decision it may try that is not its own to make: another seat's legal moves in either
twin (a card in a rival's hand, a tile's front), moves of its own kinds on every cell,
and junk (pondwidgets/tables/README.md, "Hidden information")."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from pondwidgets.core.bots import BotDriver
from pondwidgets.games import GAMES
from pondwidgets.tables import protocol
from pondwidgets.tables.hall import Hall

from .halls import Room

HIDDEN = [name for name in GAMES if name != "splashdown"]  # Splash down hides only dice to come


def _alone(room: Room, table, game, seat):
    """A hall holding only ``table`` with ``game`` in it, one connection at ``seat``."""
    hall = Hall(room.clock)
    conn = hall.connect()
    hall.tables[table.code] = dataclasses.replace(
        table, game=game, driver=BotDriver(game, {}), here={conn: seat}, sent={})
    hall._at[conn] = table.code
    return hall, conn


def _attempts(game, twin, seat):
    """Decisions ``seat`` may send now that are not its own legal moves: every other
    seat's in either twin, and junk."""
    own = {str(m) for m in game.legal_moves(seat)}
    texts = {str(m) for g in (game, twin) for s in range(game.players) if s != seat
             for m in g.legal_moves(s)}
    texts |= {"draw", "pass", "reveal", "stop", "nonsense", ""}
    return sorted(texts - own)


@pytest.mark.parametrize("name", HIDDEN)
def test_twins_differing_only_in_hidden_information_send_a_seat_the_same_bytes(name):
    room = Room()
    options = {"panic": True} if name == "froop" else {}
    table, people = room.table(name, players=3, options=options)
    game = table.game
    rng = random.Random(3)
    compared = 0
    for _ in range(30):
        if game.is_over:
            break
        for looking in [None, *range(game.players)]:
            twin = game.sample_hidden(looking, rng)
            now = room.clock.now()
            same = [protocol.dumps(dataclasses.replace(table, game=g).message(looking, now))
                    for g in (game, twin)]
            assert same[0] == same[1], f"{name}: the table message for {looking}"
            if looking is None:
                continue
            for text in _attempts(game, twin, looking):
                frame = json.dumps({"type": "move", "move": text, "seen": len(game.history)})
                answers = []
                for each in (game.copy(), game.sample_hidden(looking, rng)):
                    hall, conn = _alone(room, table, each, looking)
                    answers.append(hall.receive(conn, frame))
                assert answers[0] == answers[1], f"{name}: {text!r} from {looking}"
                assert json.loads(answers[0][0][1])["type"] == "refused"
                compared += 1
        seat = rng.choice(game.seats_to_act)
        room.clock.advance(0.5)
        people[seat].send(type="move", move=str(rng.choice(game.legal_moves(seat))),
                          seen=len(game.history))
    assert compared > 50
