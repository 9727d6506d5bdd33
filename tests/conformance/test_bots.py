"""Bots finish games, on every registered game, variant and player count: the game's own
bot at every seat, then ``RandomBot``s, played by ``simulate`` (the driver the boards use,
in simulated time) with the registry's ``limit`` options, so a game always ends."""

from __future__ import annotations

import pytest

from pondwidgets.core import RandomBot, simulate

from .cases import CASES


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("bot", ["own", "random"])
def test_bots_finish_games(case, bot):
    make = case.entry.bot if bot == "own" else RandomBot
    bots = [make() for _ in range(case.players)]
    results = simulate(lambda seed: case.new(seed=seed, **case.entry.limit), bots, games=3,
                       seed=11)
    assert len(results) == 3
    for result in results:
        assert result.decisions > 0
        assert set(result.winners) <= set(range(case.players))
    again = simulate(lambda seed: case.new(seed=seed, **case.entry.limit), bots, games=3,
                     seed=11)
    assert again == results  # the same call, the same games
