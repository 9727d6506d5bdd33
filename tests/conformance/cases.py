"""The games, variants and player counts the conformance suite runs, read from the
registry (``pondwidgets/games.json``), and the seeded playouts it checks them on.

CI runs each game at its smallest and largest player count, each option of
``Game.VARIANTS`` alone, and each pair of options at two players; the full grid (every
player count with every combination of options) is marked ``slow``
(``pytest -m slow tests/conformance``). A combination the game refuses (Rapidcroco's
Kid variant with an Advanced one) is not a case: the game's own tests check the refusal.
"""

from __future__ import annotations

import itertools
import json
import random
from dataclasses import dataclass, field
from typing import Any

import pytest

from pondwidgets.core import GameError, ManualClock
from pondwidgets.games import GAMES, Entry

BASE_VIEW = {"game", "seat", "to_act", "is_over", "winners", "decisions", "undo_floor",
             "legal", "events", "names", "phase", "prompt"}


@dataclass(frozen=True)
class Case:
    entry: Entry
    players: int
    options: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        opts = ",".join(f"{k}={v}" for k, v in self.options.items())
        return f"{self.entry.name}-{self.players}p" + (f"-{opts}" if opts else "")

    def new(self, seed: int = 0, clock=None, **more):
        return self.entry.game(self.players, seed=seed,
                               clock=clock if clock is not None else ManualClock(),
                               **self.options, **more)


def _valid(case: Case) -> bool:
    try:
        case.new()
    except GameError:
        return False
    return True


def _cases(entry: Entry, full: bool) -> list[Case]:
    game = entry.game
    counts = list(game.PLAYERS) if full else sorted({game.PLAYERS[0], game.PLAYERS[-1]})
    choices = [(name, value) for name, values in game.VARIANTS.items() for value in values]
    if full:
        combos = [dict(c) for k in range(len(choices) + 1)
                  for c in itertools.combinations(choices, k)
                  if len({name for name, _ in c}) == k]
        found = [Case(entry, n, combo) for n in counts for combo in combos]
    else:
        lowest = game.PLAYERS[0]
        found = [Case(entry, n) for n in counts]
        found += [Case(entry, lowest, {name: value}) for name, value in choices]
        found += [Case(entry, lowest, dict(pair)) for pair in itertools.combinations(choices, 2)
                  if pair[0][0] != pair[1][0]]
    return [case for case in found if _valid(case)]


def _params() -> list:
    ci = {str(case): case for entry in GAMES.values() for case in _cases(entry, full=False)}
    params = [pytest.param(case, id=name) for name, case in ci.items()]
    for entry in GAMES.values():
        params += [pytest.param(case, id=str(case), marks=pytest.mark.slow)
                   for case in _cases(entry, full=True) if str(case) not in ci]
    return params


CASES = _params()
ENTRIES = [pytest.param(entry, id=name) for name, entry in GAMES.items()]


def playout(case: Case, seed: int = 0, decisions: int = 40):
    """A seeded random game of ``case``: yields the game before each decision and then
    the decision ``(seat, move)`` it makes — a random seat of those that may act (a race
    gives several), a random legal move — with 0.1 to 3 s passing before it."""
    rng = random.Random(seed)
    game = case.new(seed=seed)
    for _ in range(decisions):
        if game.is_over:
            return
        seat = rng.choice(game.seats_to_act)
        move = rng.choice(game.legal_moves(seat))
        yield game, seat, move
        game.clock.advance(round(rng.uniform(0.1, 3.0), 3))
        game.play(move, seat)


def json_round_trip(value):
    return json.loads(json.dumps(value, allow_nan=False))
