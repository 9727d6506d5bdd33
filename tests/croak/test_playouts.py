"""Random playouts of Croak! with the invariants checked after every decision.

Six (players, memory) combinations x 170 Hypothesis examples = 1,020 games, each ended by
``max_turns``. Moves are chosen by a ``random.Random`` seeded from the drawn seed, so a
failure prints a seed that replays the whole game.

"Own frogs share a square only where a rule placed them" (docs/rules/croak.md#placed-servants)
is checked by following every Frog object across one decision (see ``check_own_sharing``): a
frog that shares a square with frogs of its own seat must have stayed put, or be a Servant
that jumped onto a Log that was already face up and held no Queen of its seat, or be a
Servant just placed by a birth or a captured Queen on its Queen's square.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pondwidgets.croak import CroakGame
from pondwidgets.croak.tiles import SQUARES

from .helpers import game_from

# The box's table (docs/rules/croak.md#tile-backs), written out again here so the test does
# not trust pondwidgets' own copy of it. "male" counts all six Male kinds together.
RULEBOOK_TILES = {
    "shallow": {"lily-pad": 6, "mosquito": 4, "mud": 4, "pike": 0, "reeds": 10, "male": 6,
                "log": 2},
    "deep-a": {"lily-pad": 4, "mosquito": 2, "mud": 0, "pike": 2, "reeds": 3, "male": 3,
               "log": 2},
    "deep-b": {"lily-pad": 4, "mosquito": 2, "mud": 0, "pike": 2, "reeds": 3, "male": 3,
               "log": 2},
}
MALE_KINDS = ("red", "blue", "pink", "yellow", "purple", "green")
FROGS_PER_PLAYER = 7  # 1 Queen + 6 Servants
MAX_TURNS = 40
# One turn is at most: each frog moved once (a Mosquito lets another frog move; a gained
# Servant may move too), each move followed by at most one bounce per Lily Pad (14 in the
# box) and one victim choice, plus a final "pass". 10 frogs bounds the frogs of one turn.
MAX_DECISIONS_PER_TURN = 10 * (1 + 14 + 1) + 1
PLACEMENT = re.compile(r"a Servant is born|gains a Servant for capturing")


def tile_census(game):
    counts = {back: Counter() for back in RULEBOOK_TILES}
    for back, front in zip(game.backs, game.fronts, strict=True):
        counts[back]["male" if front.startswith("male-") else front] += 1
    return counts


def where_things_stand(game):
    """What the next decision is compared with: where every Frog object stood, which tiles
    lay face up, and how long the log was."""
    return {
        "where": {f: f.sq for frogs in game.frogs for f in frogs},
        "face_up": list(game.face_up),
        "events": len(game.log),
        "turns": game.turns,
    }


def check_tile_census(game):
    census = tile_census(game)
    for back, table in RULEBOOK_TILES.items():
        assert {k: census[back][k] for k in table} == table, back
    for kind in MALE_KINDS:
        shallow = sum(1 for b, f in zip(game.backs, game.fronts, strict=True)
                      if f == f"male-{kind}" and b == "shallow")
        deep = sum(1 for b, f in zip(game.backs, game.fronts, strict=True)
                   if f == f"male-{kind}" and b != "shallow")
        assert (shallow, deep) == (1, 1), kind


def check_frog_accounting(game):
    on_pond = [f for here in game.at for f in here]
    listed = [f for frogs in game.frogs for f in frogs]
    # game.at and game.frogs hold the same frog objects, each once, where they say.
    assert len(on_pond) == len(set(map(id, on_pond)))
    assert {id(f) for f in on_pond} == {id(f) for f in listed}
    for sq, here in enumerate(game.at):
        assert all(f.sq == sq for f in here)
    for seat in range(game.players):
        mine = game.frogs[seat]
        assert all(f.seat == seat for f in mine)
        queen = game.queens[seat]
        if queen is None:  # out: no frog of theirs is left on the pond
            assert mine == []
            assert not any(f.seat == seat for f in on_pond)
            continue
        assert queen in mine and [f for f in mine if f.queen] == [queen]
        servants = sum(1 for f in mine if not f.queen)
        assert game.reserve[seat] >= 0
        assert 1 + servants + game.reserve[seat] == FROGS_PER_PLAYER, (seat, servants)


def check_squares(game):
    queens = [q.sq for q in game.queens if q is not None]
    assert len(queens) == len(set(queens)), "two Queens share a square"
    for sq, here in enumerate(game.at):
        seats = {f.seat for f in here}
        if len(seats) > 1:  # rivals share only a face-up Log, and only as Servants
            assert game.face_up[sq] and game.fronts[sq] == "log", sq
            assert not any(f.queen for f in here), sq


def check_own_sharing(game, before, seen: Counter | None = None):
    """docs/rules/croak.md#placed-servants: own frogs share a square only where a rule placed
    them. ``seen`` counts the kinds of sharing met, to show the check is not vacuous."""
    where, was_up = before["where"], before["face_up"]
    new_events = game.log[before["events"]:]
    placed = [f for frogs in game.frogs for f in frogs if f not in where]
    assert len(placed) == sum(1 for e in new_events if PLACEMENT.search(e)), new_events
    for sq, here in enumerate(game.at):
        for seat in {f.seat for f in here}:
            own = [f for f in here if f.seat == seat]
            if len(own) < 2:
                continue
            if seen is not None:
                seen["with Queen" if any(f.queen for f in own) else
                     "Servants on a Log" if game.fronts[sq] == "log" else
                     "Servants off a Log"] += 1
            for frog in own:
                if frog not in where:  # placed by a rule: a Servant on its Queen's square
                    queen = game.queens[seat]
                    assert not frog.queen
                    assert queen.sq == sq or all(f not in where for f in own), (sq, new_events)
                elif where[frog] != sq:  # it jumped here: only a Servant onto a face-up Log
                    stayed = [f for f in own if f in where and where[f] == sq]
                    if not stayed:  # it shares only with frogs placed by this decision
                        continue
                    assert not frog.queen, (sq, new_events)
                    assert was_up[sq] and game.fronts[sq] == "log", (sq, new_events)
                    assert not any(f.queen for f in stayed), (sq, new_events)
                # else it stayed put: any sharing it is part of was checked when it arose


def check_turn_and_end(game, max_turns):
    assert game.turns <= max_turns
    if game.is_over:
        assert game.seats_to_act == () and game.current_player is None
        assert game.legal_moves() == []
        alive = [s for s in range(game.players) if game.queens[s] is not None]
        if game.winners:
            assert list(game.winners) == alive and len(alive) == 1
        else:
            assert game.turns == max_turns and len(alive) >= 2
    else:
        assert game.seats_to_act == (game.current_player,)
        assert game.queens[game.current_player] is not None
        assert game.legal_moves(), "the game is not over but nobody can decide"
        assert sum(q is not None for q in game.queens) >= 2


def check_memory(game, before):
    if game.memory:
        for sq, up in enumerate(game.face_up):
            assert not up or game.at[sq], f"face-up tile {sq} holds no frog under Memory"
    else:  # without Memory a tile, once face up, stays face up
        assert all(up for up, was in zip(game.face_up, before["face_up"], strict=True) if was)


def check_view(game, seats=True):
    """The view is JSON-safe and agrees with the game. Croak! has no private information,
    so every seat sees what a spectator sees, apart from its own seat, its legal moves and
    the prompt, which speaks to it as "you"."""
    public = game.view(None)
    json.dumps(public, allow_nan=False)
    assert public["turn"] == game.turns + 1
    frogs = Counter((f["seat"], f["frog"], t["square"]) for t in public["tiles"]
                    for f in t["frogs"])
    assert frogs == Counter((f.seat, f.letter, SQUARES[f.sq]) for here in game.at for f in here)
    for tile, up, front in zip(public["tiles"], game.face_up, game.fronts, strict=True):
        assert tile["front"] == (front if up else None)
    if not seats:
        return
    for seat in range(game.players):
        view = game.view(seat)
        legal = [str(m) for m in game.legal_moves(seat)]
        assert [m["text"] for m in view["legal"]] == legal
        assert (legal != []) == (seat in game.seats_to_act)
        assert view["prompt"] == game.prompt(seat)
        assert {**view, "seat": None, "legal": [], "prompt": public["prompt"]} == public


def play_out(seed: int, players: int, memory: bool, max_turns: int = MAX_TURNS) -> CroakGame:
    game = CroakGame(players, seed=seed, memory=memory, max_turns=max_turns)
    chooser = random.Random(seed)
    check_tile_census(game)
    start_backs, start_fronts = list(game.backs), list(game.fronts)
    check_turn_and_end(game, max_turns)
    check_frog_accounting(game)
    decisions = in_turn = 0
    while not game.is_over:
        before = where_things_stand(game)
        game.play(chooser.choice(game.legal_moves()))
        decisions += 1
        in_turn = 1 if game.turns != before["turns"] else in_turn + 1
        assert in_turn <= MAX_DECISIONS_PER_TURN
        assert decisions <= MAX_DECISIONS_PER_TURN * max_turns
        # Tiles never move or change, so the census checked at the start still holds.
        assert game.backs == start_backs and game.fronts == start_fronts
        check_frog_accounting(game)
        check_squares(game)
        check_own_sharing(game, before)
        check_turn_and_end(game, max_turns)
        check_memory(game, before)
        check_view(game, seats=decisions % 4 == 0 or game.is_over)  # seats' views: slower
    return game


COMBINATIONS = [(p, m) for p in (2, 3, 4) for m in (False, True)]


@pytest.mark.parametrize(("players", "memory"), COMBINATIONS)
@settings(max_examples=170)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_playouts_keep_every_invariant(players, memory, seed):
    game = play_out(seed, players, memory)
    assert game.is_over


def test_sharing_check_allows_servants_placed_together_and_left_behind():
    """The case docs/rules/croak.md#placed-servants warns about, through the same checks as the
    playouts: Blue's Queen captures Green's Queen on a red Male, so one arrival places two
    Servants on her square (one gained, one born); when she leaves, the two share a plain
    square."""
    game = game_from([{"queen": "c3"}, {"queen": "d4"}, {"queen": "h8"}],
                     tiles={"d4": "shallow/male-red", "e5": "shallow/reeds",
                            "g8": "shallow/reeds"})
    seen = Counter()
    for move in ["Q c3-d4", "Q h8-g8", "Q d4-e5"]:
        before = where_things_stand(game)
        game.play(move)
        check_frog_accounting(game)
        check_own_sharing(game, before, seen)
    d4 = [f for f in game.at[SQUARES.index("d4")] if f.seat == 0]
    assert len(d4) == 2 and not any(f.queen for f in d4)
    assert seen == Counter({"with Queen": 2, "Servants off a Log": 1})


def test_a_game_without_a_turn_limit_to_speak_of_ends_with_a_winner():
    game = play_out(2024, 2, False, max_turns=10_000)
    assert game.is_over and len(game.winners) == 1


def test_sharing_check_catches_a_frog_moved_onto_its_own_frog():
    """A test of the checker itself: a Servant put by hand onto its Queen's square, with no
    birth or capture in the log, is caught."""
    game = CroakGame(2, seed=5)
    before = where_things_stand(game)
    servant = next(f for f in game.frogs[0] if not f.queen)
    game.at[servant.sq].remove(servant)
    servant.sq = game.queens[0].sq
    game.at[servant.sq].append(servant)
    with pytest.raises(AssertionError):
        check_own_sharing(game, before)
