"""The search bot (``core.search.MCTSBot``) on every registered game's turn-based cases,
with a small budget: it returns legal moves, spends exactly its budget, leaves the game
as it was, decides the same on two games that differ only in what its seat cannot see
(it never peeks), and finishes games. A case is turn-based when its seeded playout never
has several seats acting at once (Rapidcroco and Froop!'s Panic are races: the bot says
it cannot search them, tested in tests/core/test_search.py)."""

from __future__ import annotations

import random

import pytest

from pondwidgets.core import MCTSBot, simulate

from ..support import state
from .cases import CASES, ENTRIES, playout

BUDGET = 6  # simulations a decision: enough to build a tree, small enough for CI


def _turn_based(case) -> bool:
    return all(len(game.seats_to_act) == 1 for game, _, _ in playout(case))


def _is_slow(param) -> bool:
    return any(mark.name == "slow" for mark in param.marks)


# The full grid's cases (slow) are not played out at collection, which would slow every
# run: a race among them is skipped by the test itself.
TURN_BASED = [p for p in CASES if _is_slow(p) or _turn_based(p.values[0])]


@pytest.mark.parametrize("case", TURN_BASED)
def test_the_search_decides_legally_on_its_budget_and_never_peeks(case):
    if not _turn_based(case):
        pytest.skip("a race: several seats act at once")
    for step, (game, seat, _move) in enumerate(playout(case, decisions=24)):
        if step % 4:
            continue
        before = state(game)
        bot = MCTSBot(BUDGET, seed=step)
        move = bot(game, seat)
        assert move in game.legal_moves(seat)
        assert state(game) == before  # searched on samples only
        if bot.last is None:  # a forced move: made without searching
            assert len(game.legal_moves(seat)) == 1
            continue
        assert bot.last.root.visits == BUDGET
        assert sum(node.visits for node in bot.last.moves()) == BUDGET
        # A game that differs only in what this seat cannot see (the hidden tiles, the
        # other hands, the pile, chance to come) gets the same search, move by move.
        twin = game.sample_hidden(seat, random.Random(step))
        again = MCTSBot(BUDGET, seed=step)
        assert again(twin, seat) == move
        assert again.last.lines(depth=4, top=99) == bot.last.lines(depth=4, top=99)


def _two_player_base(entry):
    return next(p.values[0] for p in TURN_BASED if not _is_slow(p)
                and p.values[0].entry is entry and p.values[0].players == 2
                and not p.values[0].options)


@pytest.mark.parametrize("entry", [e for e in ENTRIES if any(
    not _is_slow(t) and t.values[0].entry is e.values[0] for t in TURN_BASED)])
def test_search_bots_finish_games(entry):
    case = _two_player_base(entry)
    results = simulate(lambda seed: case.new(seed=seed, **entry.limit),
                       [MCTSBot(3), MCTSBot(3)], games=2, seed=4)
    assert all(r.decisions > 0 for r in results)
    assert results == simulate(lambda seed: case.new(seed=seed, **entry.limit),
                               [MCTSBot(3), MCTSBot(3)], games=2, seed=4)
