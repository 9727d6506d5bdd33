"""The variants notebook's helpers (notebooks/froop/02-variants.ipynb): seeded bot games
under each variant and allowed combination, their length and each seat's wins."""

from __future__ import annotations

import pytest

from pondwidgets.core import GameError
from pondwidgets.froop import FroopGame, variants


def test_bot_games_summarise_each_game():
    results = variants.bot_games(3, games=10, seed=1)
    assert results == variants.bot_games(3, games=10, seed=1)  # seeded: the same numbers
    assert all(r.value.turns > 0 and r.value.laid > 0 for r in results)
    assert all(r.value.seconds == 0 and not r.value.blocked for r in results)
    shares = variants.wins_by_seat(results, 3)
    assert len(shares) == 3 and sum(shares) >= 0.99
    assert variants.average(results, "laid") >= variants.average(results, "turns") / 2


def test_turns_count_each_seats_run_of_decisions():
    assert variants.turns([]) == 0
    assert variants.turns([(0, "a"), (0, "b"), (1, "c"), (0, "d")]) == 3
    game = FroopGame(2, seed=1)
    game.play(game.legal_moves()[0])
    assert variants.turns(game.history) == 1


def test_the_allowed_pairs():
    pairs = variants.pairs()
    assert len(pairs) == 9 and "Speed + Panic" not in pairs
    assert pairs["Cutthroat + Marathon"] == {"cutthroat": True, "marathon": True}
    assert not variants.allowed({"panic": True, "speed": True})
    with pytest.raises(GameError, match="Panic and Speed"):
        FroopGame(2, panic=True, speed=True)
    for options in pairs.values():
        FroopGame(2, seed=1, **options)  # each is a game


def test_variants_change_the_games():
    speed = variants.bot_games(2, games=6, seed=2, speed=True)
    assert all(r.value.seconds > 0 for r in speed)
    marathon = variants.bot_games(2, games=4, seed=2, marathon=True)
    assert all(r.value.drawn == 84 - 15 for r in marathon)  # to the pile's last card
    table = variants.variant_table({"basic": {}, "Panic": {"panic": True}}, games=4)
    assert table.splitlines()[0].startswith("variant") and len(table.splitlines()) == 3


def test_more_players_make_longer_games():
    lengths = variants.lengths_by_players((2, 6), games=20, seed=1)
    assert sum(lengths[6]) > sum(lengths[2])
    assert variants.length_chart(lengths) is not None
