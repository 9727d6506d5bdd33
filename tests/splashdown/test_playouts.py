"""Random Splash down playouts with the invariants checked after every decision
(docs/design.md#tests): 2 to 6 players, every shipped map and random *valid* maps drawn by a
Hypothesis strategy (default or explicit edges), every option. Moves come from a
``random.Random`` seeded by the drawn seed, so a failure prints a seed that replays the
whole game. Hypothesis runs under the project's profiles (``tests/conftest.py``: ``ci``
when CI is set, derandomized).

After every decision: lives stay in 0..5 (0 exactly when out); every fly is on its pad or
held by exactly one frog, as the whole set of that pad, so the total never changes; a frog
Home never leaves (nor changes); a frog out stays out; in the move phase the legal
landings are exactly those a breadth-first search written here again (never through
Home) finds; the game ends (``max_turns``), with the winners that
docs/rules/splashdown.md#winner names; and at random points undo and save/load give the
same game back.
"""

from __future__ import annotations

import json
import random
from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pondwidgets.core import ManualClock
from pondwidgets.splashdown import MAPS, SplashdownGame
from pondwidgets.splashdown.maps import pad_name

MAX_TURNS = 80
# One turn is at most: roll, keep/reroll, to, push, roll.
MAX_DECISIONS_PER_TURN = 5
PAD = st.sampled_from(["green", "yellow", "red", "dark-green"]) | st.integers(1, 9).map(
    lambda n: f"dark-green:{n}")


@st.composite
def valid_maps(draw):
    """A random valid map: Home, then 1 to 10 blocks of 1 to 3 pads; half of them with
    explicit edges (a random tree from Home, so every pad is reachable, plus a few more
    edges), the other half with the default edges (docs/rules/splashdown.md#edges)."""
    blocks = [["home"], *draw(st.lists(st.lists(PAD, min_size=1, max_size=3),
                                       min_size=1, max_size=10))]
    spec = {"name": "drawn", "blocks": blocks}
    if draw(st.booleans()):
        names = [pad_name(n, lane, len(b)) for n, b in enumerate(blocks)
                 for lane in range(len(b))]
        edges = [[names[draw(st.integers(0, i - 1))], names[i]] for i in range(1, len(names))]
        extra = draw(st.lists(st.tuples(st.integers(0, len(names) - 1),
                                        st.integers(0, len(names) - 1)), max_size=6))
        edges += [[names[a], names[b]] for a, b in extra if a != b]
        spec["edges"] = edges
    return spec


def oracle_landings(view, pad, roll):
    """The pads a frog on ``pad`` may land on with ``roll``, worked out from the view's
    edges alone: 1 to ``roll`` steps away by a path that never goes on from Home, never
    its own pad."""
    neighbours = {}
    for a, b in view["map"]["edges"]:
        neighbours.setdefault(a, set()).add(b)
        neighbours.setdefault(b, set()).add(a)
    dist = {pad: 0}
    queue = deque([pad])
    while queue:
        here = queue.popleft()
        if here == "home" and here != pad:
            continue
        for there in neighbours.get(here, ()):
            if there not in dist:
                dist[there] = dist[here] + 1
                queue.append(there)
    return {f"to {p}" for p, d in dist.items() if 1 <= d <= roll}


def check_lives_and_flies(game, view, total):
    pads = view["map"]["pads"]
    holders = {}
    for f in view["frogs"]:
        assert 0 <= f["lives"] <= 5
        assert f["out"] == (f["lives"] == 0)
        if f["out"]:
            assert f["sets"] == [] and f["pad"] is None
        for s in f["sets"]:
            holders.setdefault(s["pad"], []).append(s["flies"])
        assert f["flies"] == sum(s["flies"] for s in f["sets"])
    for name, pad in pads.items():
        held = holders.get(name, [])
        if pad["colour"] != "dark-green" or not pad["printed"]:
            assert pad["flies"] == 0 and held == [], name
        elif held:  # taken: the whole set, by exactly one frog
            assert held == [pad["printed"]] and pad["flies"] == 0, name
        else:
            assert pad["flies"] == pad["printed"], name
    assert sum(p["flies"] for p in pads.values()) + sum(f["flies"] for f in view["frogs"]) \
        == total


def check_home_and_out(view, before):
    for f, was in zip(view["frogs"], before, strict=True):
        if was["home"]:
            assert f == was, "a frog Home never leaves, nor changes"
        if was["out"]:
            assert f["out"]
        if f["home"]:
            assert f["pad"] == "home" and f["left_home"]


def check_turn(game, view):
    assert game.turns <= (game.max_turns or 10**9)
    frogs = view["frogs"]
    playing = [f["seat"] for f in frogs if not (f["home"] or f["out"])]
    if game.is_over:
        assert game.seats_to_act == () and game.legal_moves() == [] and view["phase"] == "over"
        home = [f for f in frogs if f["home"]]
        if playing:  # the turn limit
            assert game.turns == game.max_turns and game.winners == ()
        elif not home:
            assert game.winners == ()
        else:
            best = max((f["flies"], f["lives"]) for f in home)
            assert list(game.winners) == [f["seat"] for f in home
                                          if (f["flies"], f["lives"]) == best]
        return
    seat = game.current_player
    assert seat in playing and game.seats_to_act == (seat,)
    legal = {str(m) for m in game.legal_moves()}
    phase = view["phase"]
    if phase in ("roll", "push-roll"):
        assert legal == {"roll"}
    elif phase == "reroll":
        assert legal == {"keep", "reroll"} and game.reroll
    elif phase == "push":
        assert legal == {"push", "no push"}
        target = frogs[seat]["pad"]
        assert view["push"]["frogs"] == [f["seat"] for f in frogs
                                         if f["pad"] == target and f["seat"] != seat]
        assert view["map"]["pads"][target]["colour"] in ("green", "yellow", "red")
    else:
        assert phase == "move"
        assert legal == oracle_landings(view, frogs[seat]["pad"], view["roll"])
        assert legal, "a frog always has somewhere to land"
        if not frogs[seat]["left_home"]:
            assert "to home" not in legal


def play_out(seed, players, board, fly_thief, reroll, max_turns=MAX_TURNS):
    game = SplashdownGame(players, seed=seed, map=board, fly_thief=fly_thief, reroll=reroll,
                          max_turns=max_turns, clock=ManualClock())
    chooser = random.Random(seed)
    view = game.view()
    total = sum(p["flies"] for p in view["map"]["pads"].values())
    check_lives_and_flies(game, view, total)
    check_turn(game, view)
    decisions = 0
    while not game.is_over:
        before = view["frogs"]
        move = chooser.choice(game.legal_moves())
        if chooser.random() < 0.03:  # undo, then the same decision: the same game
            kept = game.copy()
            game.play(move)
            game.undo()
            assert game.view() == kept.view() and game.log == kept.log
        game.play(move)
        decisions += 1
        assert decisions <= MAX_DECISIONS_PER_TURN * (max_turns or 10**9)
        view = game.view()
        check_lives_and_flies(game, view, total)
        check_home_and_out(view, before)
        check_turn(game, view)
        if chooser.random() < 0.03:
            check_save_and_load(game)
    check_save_and_load(game)
    return game


def check_save_and_load(game):
    loaded = SplashdownGame.from_dict(json.loads(json.dumps(game.to_dict())),
                                      clock=ManualClock(game.last_time))
    assert loaded.view() == game.view() and loaded.log == game.log
    assert loaded.winners == game.winners and loaded.undo_floor == game.undo_floor


@settings(max_examples=150)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6),
       board=st.sampled_from(list(MAPS)) | valid_maps(), fly_thief=st.booleans(),
       reroll=st.booleans())
def test_random_playouts_keep_every_invariant(seed, players, board, fly_thief, reroll):
    game = play_out(seed, players, board, fly_thief, reroll)
    assert game.is_over


@pytest.mark.parametrize("board", list(MAPS))
@pytest.mark.parametrize("players", [2, 6])
@settings(max_examples=20)
@given(seed=st.integers(0, 2**32 - 1), fly_thief=st.booleans(), reroll=st.booleans())
def test_every_shipped_map_plays_out(board, players, seed, fly_thief, reroll):
    assert play_out(seed, players, board, fly_thief, reroll).is_over


@settings(max_examples=40)
@given(seed=st.integers(0, 2**32 - 1), board=valid_maps())
def test_random_games_without_a_turn_limit_end(seed, board):
    """Without max_turns a random game still ends: frogs drown or come Home."""
    game = play_out(seed, 2, board, False, False, max_turns=None)
    assert game.is_over and game.turns < 100_000


def test_the_invariant_checks_catch_a_lost_fly():
    """A test of the checker itself: a fly taken off a pad by hand is caught."""
    game = SplashdownGame(2, seed=1, map="short")
    view = game.view()
    total = sum(p["flies"] for p in view["map"]["pads"].values())
    game.flies[game.map.index["3"]] = 0
    with pytest.raises(AssertionError):
        check_lives_and_flies(game, game.view(), total)
