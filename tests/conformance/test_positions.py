"""A position holds everything the rules need to go on: on every registered game with
``to_position()`` (``cases.CASES``), a game rebuilt from the position taken at many points
of a seeded random playout goes on as the game it was taken from, step by step to the end
of the playout, playing the same decisions at the same times: the same seats to act, legal
moves of every seat, views of every seat (and the spectator's), chance odds, deadline,
end and winners, and the same position again wherever one can be taken.

What "the same" can honestly mean. A position is the table, not the history: a rebuilt
game starts a log, a decision count and an undo floor of its own, so a view is compared
without ``events``, ``decisions`` and ``undo_floor`` (``PAST``; nor Kecke Frösche's
``news``, what the rules did since each seat last decided), and without the record of
the last round or chance event while the rebuilt game has none of its own (``RECORDS``,
and Rapidcroco's marks of who erred or gave up in the last round: the board's replay of
what happened before the position). Nor is a position the random
generator: what chance brings after it (Splash down's dice, Rapidcroco's next criteria)
is drawn from ``game.rng``. So each point is rebuilt twice:

1. with the original's generator state (``rebuilt.rng.setstate``): then any difference at
   all, to the end, is something the position dropped;
2. on a seed of its own: then the two agree for as long as the original draws nothing
   from its generator — to the end in the games whose chance to come the position itself
   fixes (the order of Froop!'s and Kecke Frösche's piles and Kecke Frösche's chips,
   Croak!'s tiles) — which shows that it is the position, not the seed, that holds it.
"""

from __future__ import annotations

import random

import pytest

from pondwidgets.core import GameError, ManualClock

from .cases import CASES, json_round_trip

pytestmark = pytest.mark.parametrize("case", CASES)

SEED = 11
LIMIT = 300  # decisions a playout is followed for (a Croak! game may last very long)
POINTS = 8  # positions rebuilt from, spread over the playout, besides the last three
# the history, which a position does not hold
PAST = ("events", "decisions", "undo_floor", "news")
RECORDS = {"rapidcroco": ("last",), "splashdown": ("last_chance",)}


def _odds(game, seat):
    try:
        return game.chance_odds(None, seat)
    except GameError as err:  # no chance event now (an empty pile, the game over)
        return str(err)


def _position(game):
    try:
        return json_round_trip(game.to_position())
    except GameError as err:  # not a moment a position can be taken (mid-turn)
        return str(err)


def observed(game) -> dict:
    """Everything the rules show about a game now, its history left out (``PAST``)."""
    seats = [None, *range(game.players)]
    views = []
    for seat in seats:
        view = game.view(seat)
        for key in PAST:
            view.pop(key, None)
        views.append(view)
    return {"to_act": game.seats_to_act, "over": game.is_over, "winners": game.winners,
            "phase": game.phase, "deadline": game.deadline,
            "between_rounds": game.between_rounds, "views": views,
            "legal": [[str(m) for m in game.legal_moves(s)] for s in range(game.players)],
            "odds": [_odds(game, seat) for seat in seats], "position": _position(game)}


def _alike(rebuilt: dict, original: dict, name: str) -> dict:
    """``original`` without the records ``rebuilt`` has none of its own of yet."""
    views = []
    for mine, theirs in zip(rebuilt["views"], original["views"], strict=True):
        theirs = dict(theirs)
        for key in RECORDS.get(name, ()):
            if mine.get(key) is None:
                theirs[key] = None
            elif key == "last_chance":  # which decision drew it: counted from the start
                theirs[key] = {**theirs[key], "decision": mine[key]["decision"]}
        if name == "rapidcroco" and mine["last"] is None and mine["phase"] == "deal":
            # between rounds, who erred or gave up in the last round is part of its
            # record (the board's replay), not of the table the next round starts from
            theirs["players"] = [{**player, "wrong": me["wrong"], "passed": me["passed"]}
                                 for player, me in zip(theirs["players"], mine["players"],
                                                       strict=True)]
        views.append(theirs)
    return {**original, "views": views}


def _first_difference(one, two, path="") -> str:
    """Where ``one`` and ``two`` first differ, and how, in a line or two."""
    if isinstance(one, dict) and isinstance(two, dict):
        for key in sorted(one.keys() | two.keys(), key=str):
            if one.get(key) != two.get(key):
                return _first_difference(one.get(key), two.get(key), f"{path}[{key!r}]")
    if isinstance(one, list | tuple) and isinstance(two, list | tuple) and len(one) == len(two):
        for i, (a, b) in enumerate(zip(one, two, strict=True)):
            if a != b:
                return _first_difference(a, b, f"{path}[{i}]")
    return f"{path}: rebuilt {str(one)[:300]} != original {str(two)[:300]}"


def _same(rebuilt, original: dict, name: str, where: str) -> None:
    seen = observed(rebuilt)
    expected = _alike(seen, original, name)
    if seen != expected:
        pytest.fail(f"{where}: {_first_difference(seen, expected)}")


def _playout(case):
    """The seeded random playout: for each point, ``(position, generator state, clock
    time, observed)``, and the decisions ``(seat, move, time)`` between the points. Under
    Speed the countdown sometimes runs out (its decision is played at its deadline)."""
    rng = random.Random(SEED)
    game = case.new(seed=SEED)
    points, decisions = [], []
    while True:
        points.append((_position(game), game.rng.getstate(), game.clock.now(), observed(game)))
        if game.is_over or len(decisions) == LIMIT:
            return points, decisions
        due = game.deadline
        if due is not None and rng.random() < 0.2:
            seat, move = due.seat, due.move
            game.clock.advance_to(due.time)
        else:
            seat = rng.choice(game.seats_to_act)
            move = rng.choice(game.legal_moves(seat))
            game.clock.advance(round(rng.uniform(0.1, 3.0), 3))
        game.play(move, seat)
        decisions.append((seat, str(move), game.clock.now()))


def test_a_game_rebuilt_from_its_position_goes_on_identically(case):
    if not hasattr(case.entry.game, "to_position"):
        pytest.skip(f"{case.entry.name} has no to_position()")
    points, decisions = _playout(case)
    takes = [k for k, (position, *_) in enumerate(points) if isinstance(position, dict)]
    assert takes, "no position could be taken in the whole playout"
    chosen = sorted({*takes[::max(1, len(takes) // POINTS)], *takes[-3:]})
    name = case.entry.name
    for start in chosen:
        position, state, now, seen = points[start]
        for same_chance in (True, False):
            rebuilt = case.new(seed=SEED + 1, position=position, clock=ManualClock(now))
            if same_chance:
                rebuilt.rng.setstate(state)
            where = f"rebuilt after decision {start} ({'same' if same_chance else 'own'} chance)"
            _same(rebuilt, seen, name, where)
            for k in range(start, len(decisions)):
                if not same_chance and points[k + 1][1] != points[k][1]:
                    break  # the original drew on its generator: chance parts the two
                seat, move, time = decisions[k]
                rebuilt.clock.advance_to(time)
                rebuilt.play(move, seat)
                _same(rebuilt, points[k + 1][3], name, f"{where}, at decision {k + 1}")
