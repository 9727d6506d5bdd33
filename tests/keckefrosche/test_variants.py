"""The variants notebook's helpers (notebooks/keckefrosche/02-variants.ipynb): seeded bot
games, their length, scores and each seat's wins."""

from __future__ import annotations

from pondwidgets.keckefrosche import variants


def test_bot_games_summarise_each_game():
    results = variants.bot_games(3, games=20, seed=1)
    assert results == variants.bot_games(3, games=20, seed=1)  # seeded: the same numbers
    assert all(len(r.value.scores) == 3 and r.value.turns > 0 for r in results)
    shares = variants.wins_by_seat(results, 3)
    assert len(shares) == 3 and sum(shares) >= 0.99
    assert variants.average(results, "scores") > 0
    assert variants.average(results, "chips", seat=0) >= 0
    # The twelve chips go round more players: fewer for each
    assert variants.average(variants.bot_games(4, games=20, seed=1), "chips") < \
        variants.average(variants.bot_games(2, games=20, seed=1), "chips")
