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


def test_a_strategy_is_measured_against_an_equal_bot_at_exactly_one_half():
    """Each deal is played both ways and a shared win counts half, so a bot against its
    twin scores 1/2, and the notebook's "above or below 0.5" reading holds."""
    from pondwidgets.keckefrosche import KeckeBot

    wins = variants.head_to_head(KeckeBot(), KeckeBot(), games=40, seed=2)
    assert len(wins) == 40 and set(wins) <= {0, 0.5, 1}
    assert sum(wins) / len(wins) == 0.5
    assert any(w == 0.5 for w in wins)  # a shared win
    table = variants.strategy_table(keeps=(1, 0), games=40, seed=1).splitlines()
    assert table[1] == "          1  0.500  (0.500 to 0.500)"  # KeckeBot() itself
    assert float(table[2].split()[1]) > 0.5  # spending storks early pays
