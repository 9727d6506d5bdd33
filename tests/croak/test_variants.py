"""The variants notebook's helpers (pondwidgets/croak/variants.py)."""

from pondwidgets.croak import CroakGame
from pondwidgets.croak.variants import average_turns, board_and_log, random_games, wins_by_seat

LILY_AT_D4 = {"frogs": [{"queen": "a1", "servants": ["c3"]}, {"queen": "h8"}],
              "tiles": {"d4": "deep-a/lily-pad", "e5": "shallow/reeds"}}


def test_board_and_log_hides_a_front_turned_back_under_memory_but_the_log_keeps_it():
    game = CroakGame(2, seed=3, memory=True, position=LILY_AT_D4)
    game.play("S c3-d4")
    game.play("S d4-e5")
    board, log = board_and_log(game).split("What game.log keeps:")
    assert "d4 is turned face down again." in board
    assert "Lily Pad" not in board and "bounces" not in board
    assert "d4 is turned face up: Lily Pad." in log


def test_random_games_are_seeded_and_count_turns():
    first, again = random_games(3, games=20, seed=5), random_games(3, games=20, seed=5)
    assert first == again
    assert all(r.value >= 1 for r in first)
    assert average_turns(first) == sum(r.value for r in first) / 20
    shares = wins_by_seat(first, 3)
    assert len(shares) == 3 and abs(sum(shares) - sum(bool(r.winners) for r in first) / 20) < 1e-9
