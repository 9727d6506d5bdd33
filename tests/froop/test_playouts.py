"""Random Froop! playouts with the invariants checked after every decision (docs/design.md#tests):
2 to 10 players, every allowed combination of options, moves from a ``random.Random``
seeded by the drawn seed, so a failure prints a seed that replays the whole game. In
Panic a random racing seat decides each time; under Speed a ManualClock is advanced, by
a random amount and now and then to the deadline, so that countdowns run out. Hypothesis
runs under the project's profiles (``tests/conftest.py``: ``ci`` when CI is set).

After every decision: each of the 84 cards is in exactly one place (the Froop, a hand or
the pile); every visible cell shows the symbol of the last card laid over it; every card
laid after the first matched 2 to 4 symbols; the index of places agrees with a search
from scratch, and so do the legal plays of every seat that may act; the seats to act
and the view agree with the phase. The game ends, and at random points save/load and
undo give it back.
"""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from pondwidgets.core import ManualClock
from pondwidgets.froop import CARDS, FroopGame
from pondwidgets.froop.matching import (
    BIT,
    BLOCK,
    FILED,
    ORIENTATIONS,
    TEXT,
    block_pattern,
    match_on,
)

from .helpers import where_is_every_card

MAX_DECISIONS = 3000  # far above any game: every play lays a card for good
OPTIONS = ("cutthroat", "speed", "strategic", "panic", "marathon", "fewest_wins")


def _cells_from_scratch(game) -> dict:
    cells = {}
    for laid in game.froop:
        for (dx, dy), symbol in zip(BLOCK, laid.card, strict=True):
            cells[laid.x + dx, laid.y + dy] = symbol
    return cells


def _plays_from_scratch(game, seat) -> set[str]:
    """Every legal play of ``seat``'s hand, by trying each way up on each block near a
    visible cell: no index."""
    blocks = {(x - dx, y - dy) for x, y in game.cells for dx, dy in BLOCK}
    found = set()
    for card in game.hands[seat]:
        for letters, _keys in ORIENTATIONS[card]:
            for x, y in blocks:
                if match_on(block_pattern(game.cells, x, y), letters) is not None:
                    found.add(f"{letters} at {x},{y}")
    return found


def check_invariants(game):
    assert where_is_every_card(game) == Counter(CARDS)
    assert game.cells == _cells_from_scratch(game)
    assert game.froop[0][1:3] == (0, 0)
    assert all(laid.match in (2, 3, 4) for laid in game.froop[1:])
    patterns = {(x, y): block_pattern(game.cells, x, y)
                for x, y in {(x - dx, y - dy) for x, y in game.cells for dx, dy in BLOCK}}
    assert {block: TEXT[code] for block, code in game._patterns.items()} == patterns
    filed = [(block, FILED[place]) for place, blocks in enumerate(game._index) if blocks
             for block in blocks]
    assert dict(filed) == {  # where some card fits: two shown or more, three symbols in all
        block: pattern for block, pattern in patterns.items()
        if pattern.count(".") <= 2 and len(set(pattern) - {"."}) + pattern.count(".") >= 3}
    assert len(dict(filed)) == len(filed)  # each block filed once
    assert game._filed == sum(BIT[FILED[place]] for place, blocks in enumerate(game._index)
                              if blocks)
    assert all(hand == sorted(hand) for hand in game.hands)
    view = game.view(None)
    assert view["pile"] == len(game.pile) and view["is_over"] == game.is_over
    if game.is_over:
        assert game.seats_to_act == () and game.phase == "over"
        return
    assert all(game.hands)  # an empty hand ends the game (Marathon: draws back first)
    if game.marathon:
        assert game.pile  # the last card drawn ends a Marathon
    if game.panic:
        assert game.phase == "race" and game.chain is None
        assert set(game.must_give) <= set(game.seats_to_act)
        assert len(game.stuck) < game.players and not (game.stuck and game.pile)
    else:
        assert game.seats_to_act == (game.to_move,) and game.phase in ("play", "again")
        assert (game.chain is not None) == (game.phase == "again")
        assert game.passes < game.players
    for seat in game.seats_to_act:
        legal = game.legal_moves(seat)
        plays = {str(m) for m in legal if m.kind == "play"}
        if seat in game.must_give:
            assert not plays and all(m.kind == "give" for m in legal)
            continue
        assert plays == _plays_from_scratch(game, seat)
        if plays and game.phase != "again":
            assert all(m.kind == "play" for m in legal)  # no draw or pass beside a play


@settings(max_examples=60)
@given(players=st.integers(2, 10), seed=st.integers(0, 2**32),
       options=st.fixed_dictionaries({name: st.booleans() for name in OPTIONS}))
def test_random_games_keep_the_invariants_and_end(players, seed, options):
    if options["panic"]:
        options["speed"] = False  # refused together (test_rules)
    rng = random.Random(seed)
    clock = ManualClock()
    game = FroopGame(players, seed=seed, clock=clock, **options)
    check_invariants(game)
    timed_out = 0
    for _ in range(MAX_DECISIONS):
        if game.is_over:
            break
        due = game.deadline
        if due is not None and rng.random() < 0.2:
            clock.advance_to(due.time)
            move, seat = game.play("time", due.seat), due.seat
            timed_out += 1
        else:
            clock.advance(round(rng.uniform(0, 6), 3))
            seat = rng.choice(game.seats_to_act)  # Panic: any racing seat
            move = game.play(rng.choice(game.legal_moves(seat)), seat)
        check_invariants(game)
        if rng.random() < 0.03:
            loaded = FroopGame.from_dict(json.loads(json.dumps(game.to_dict())),
                                         clock=ManualClock(game.last_time))
            assert loaded.view(None) == game.view(None) and loaded.log == game.log
            undone = game.copy()
            undone.undo()
            assert undone.history == game.history[:-1]
            if move.kind != "time":  # (its deadline, replayed, may be a float's hair later)
                undone.play_at(game.last_time, move, seat)
                assert undone.view(None) == game.view(None) and undone.log == game.log
    assert game.is_over
    assert game.seats_to_act == () and game.legal_moves(0) == []
    if game.marathon:
        best = max(game.points)
        assert not game.pile
        assert game.winners == tuple(s for s, p in enumerate(game.points) if p == best)
    elif game.winners and len(game.winners) == 1 and not game.hands[game.winners[0]]:
        assert sum(not hand for hand in game.hands) == 1  # the one who ran out
    else:  # blocked: a draw, or the fewest cards
        assert not game.pile
        if game.fewest_wins:
            fewest = min(map(len, game.hands))
            assert game.winners == tuple(s for s, h in enumerate(game.hands)
                                         if len(h) == fewest)
        else:
            assert game.winners == ()
    if not options["speed"]:
        assert timed_out == 0 and game.deadline is None
