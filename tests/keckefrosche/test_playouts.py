"""Random Kecke Frösche playouts with the invariants checked after every decision
(docs/design.md#tests): 2 to 4 players, moves from a ``random.Random`` seeded by the drawn seed,
so a failure prints a seed that replays the whole game. Hypothesis runs under the
project's profiles (``tests/conftest.py``: ``ci`` when CI is set, derandomized).

After every decision: each of the 66 cards is in exactly one place (the draw pile, a
display — the frog waiting to be placed included —, a biotope: its card and its pile,
the box); the 12 chips are in the supply or held, four of each value; at most one
biotope is blocked while collecting, at most two while discarding (three only
while the player chooses which opens after a stork), and a stork lies only
on top of a pile; no pile holds two identical frogs on each other. The game ends, its
winners are the best scores, and at random points save/load and undo give it back.
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from pondwidgets.core import ManualClock
from pondwidgets.keckefrosche import KeckeGame
from pondwidgets.keckefrosche.cards import BIOTOPES, CHIP_VALUES, DECK_COUNTS, STORK

from .helpers import where_is_every_card

MAX_DECISIONS = 2000  # far above any game: each turn draws or discards or passes


def check_invariants(game):
    assert where_is_every_card(game) == DECK_COUNTS
    held = [v for d in game.displays for v in d.chips]
    assert Counter(held + game.supply) == Counter(CHIP_VALUES)
    blocked = game.blocked()
    if game.stage == "collecting":
        assert len(blocked) <= 1
    else:  # a stork just laid on the open biotope: three, until one opens
        assert len(blocked) <= (3 if game.phase == "open" else 2)
    for b in BIOTOPES:
        pile = game.piles[b]
        assert STORK not in pile[:-1]
        assert all(x != y for x, y in itertools.pairwise(pile))
    view = game.view()
    assert view["pile"] == len(game.pile) and view["box"] == game.box_storks


@settings(max_examples=40)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32))
def test_random_games_keep_the_invariants_and_end(players, seed):
    rng = random.Random(seed)
    game = KeckeGame(players, seed=seed, clock=ManualClock())
    check_invariants(game)
    for _ in range(MAX_DECISIONS):
        if game.is_over:
            break
        move = rng.choice(game.legal_moves())
        game.play(move)
        check_invariants(game)
        if rng.random() < 0.02:
            loaded = KeckeGame.from_dict(json.loads(json.dumps(game.to_dict())),
                                         clock=ManualClock(game.last_time))
            assert loaded.view(None) == game.view(None) and loaded.log == game.log
            undone = game.copy()
            undone.undo()
            undone.play(move)
            assert undone.view(None) == game.view(None)
    assert game.is_over
    best = max(game.scores)
    assert game.winners == tuple(s for s, v in enumerate(game.scores) if v == best)
    assert game.seats_to_act == () and game.legal_moves(0) == []
