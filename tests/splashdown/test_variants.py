"""The variants notebook's helpers (notebooks/splashdown/02-variants.ipynb): seeded bot
games, their length and each seat's wins."""

from __future__ import annotations

from pondwidgets.splashdown import variants


def test_bot_games_summarise_each_game():
    results = variants.bot_games(3, games=20, seed=1)
    assert results == variants.bot_games(3, games=20, seed=1)  # seeded: the same numbers
    assert all(r.value.turns >= 3 for r in results)
    assert all(r.value.flies >= 0 and (r.winners or r.value.flies == 0) for r in results)
    shares = variants.wins_by_seat(results, 3)
    assert len(shares) == 3 and sum(shares) >= 0.9
    # A longer map makes longer games.
    assert variants.average_turns(variants.bot_games(2, games=20, seed=1, map="long")) > \
        variants.average_turns(variants.bot_games(2, games=20, seed=1, map="short"))
