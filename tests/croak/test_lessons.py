"""The lessons of notebooks/croak/01-rules.ipynb (pondwidgets/croak/lessons.py): every rule
of docs/rules/croak.md a student plays has a lesson, each lesson's ``rules`` are anchors of
that document, the notebook plays each lesson's demonstration as LESSONS records it, and
the key lessons show their rule. (That every lesson builds, replays and shows what it says
is checked for every game by tests/conformance/test_lessons.py.)
"""

from pathlib import Path

import pytest

from pondwidgets.croak.lessons import LESSONS, lesson_board, lesson_game, why_not
from pondwidgets.croak.tiles import SETUPS

from ..test_citations import ROOT, anchors
from .helpers import frogs_at

NOTEBOOK = Path(__file__).parents[2] / "notebooks" / "croak" / "01-rules.ipynb"
RULES = ROOT / "docs" / "rules" / "croak.md"

# The anchors of docs/rules/croak.md that a lesson must teach: every rule and ruling a
# student can play on a board (not the notation, the options, or the rulings about what the
# board shows, which other tests check).
TAUGHT = [
    "goal", "setup", "starting-squares", "turn", "adjacent", "no-move-passes",
    "priority", "priority-lifted", "own-frogs", "face-down-never-a-log", "arrival",
    "capture-queen", "player-out", "reborn", "placed-servants", "starting-tiles",
    "lily-pad", "lily-pad-way-back", "lily-pad-no-way-out", "lily-pad-chains",
    "lily-pad-loops", "mosquito", "mosquito-chain", "mud", "pike", "reeds", "males",
    "male-empty-reserve", "log", "log-third-servant", "log-queen", "log-own-queen",
    "tile-backs", "memory", "memory-when", "win-at-once", "max-turns",
]


played = LESSONS.replay  # the game after the demonstration, and the texts it showed


def test_every_rule_has_a_lesson():
    """Each anchor of TAUGHT has a lesson, and every lesson's ``rules`` are anchors of
    docs/rules/croak.md: renaming an anchor there fails here until the lessons follow."""
    in_doc = anchors(RULES)
    taught = {rule for lesson in LESSONS.values() for rule in lesson.rules}
    assert set(TAUGHT) - in_doc == set()  # the list names anchors that exist
    assert set(TAUGHT) - taught == set()  # each has a lesson
    assert taught - in_doc == set()  # no lesson cites an anchor the document lacks
    assert all(lesson.rules for lesson in LESSONS.values())  # every lesson says what it teaches


def player(game, seat):
    return game.view()["players"][seat]


def test_lesson_board_passes_board_options():
    board = lesson_board("tile-backs", pike_odds=True, seat=0)
    try:
        assert board.seat == 0
        assert set(board.view["pike_odds"].values()) == {"1/14", "1/8"}  # deep A, deep B
        assert "d4" not in board.view["pike_odds"]  # a face-up tile has no odds
    finally:
        board.close()


def test_why_not_leaves_the_game_unchanged():
    game = lesson_game("priority-own-frog")
    before = game.to_dict()
    assert "own frogs" in why_not(game, "Q c3-d4")
    assert why_not(game, "Q c3-c4") == "allowed"
    assert game.to_dict() == before


# -- key lessons, beyond their log line --------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_lessons_are_the_rulebook_setup(players):
    game = lesson_game(f"setup-{players}")
    for seat, (queen, servants) in enumerate(SETUPS[players]):
        assert frogs_at(game, queen) == [f"Q{seat}"]
        for sq in servants:
            assert frogs_at(game, sq) == [f"S{seat}"]
    assert all(t["front"] is None for t in game.view()["tiles"])


def test_turn_lesson_eight_squares_and_none_past_the_edge():
    game = lesson_game("turn")
    moves = [str(m) for m in game.legal_moves()]
    assert sum(m.startswith("Q d4-") for m in moves) == 8
    assert sum(m.startswith("S a5-") for m in moves) == 5
    game.play("Q d4-d5")
    assert game.current_player == 1


def test_priority_lessons():
    game = lesson_game("priority-queen-servant")
    assert {str(m)[2:4] for m in game.legal_moves()} == {"c3"}
    game = lesson_game("priority-neither-can-move")
    assert {str(m)[2:4] for m in game.legal_moves()} == {"f6"}
    game, _ = played("priority-capture-queen")
    assert player(game, 1)["out"] and frogs_at(game, "a1") == ["Q0", "S0"]
    game, _ = played("priority-queen-on-pike")
    assert player(game, 0)["out"] and frogs_at(game, "f6") == []


def test_lily_pad_lessons():
    game = lesson_game("lily-pad-bounce")
    game.play("S c3-d4")
    assert game.view()["phase"] == "bounce"
    assert "S d4-c3" not in {str(m) for m in game.legal_moves()}
    game = lesson_game("lily-pad-only-way-back")
    game.play("S b1-a1")
    assert [str(m) for m in game.legal_moves()] == ["S a1-b1"]
    game, _ = played("lily-pad-no-way-out")
    assert frogs_at(game, "a1") == [] and frogs_at(game, "b1") == ["Q0", "S0"]
    game, _ = played("lily-pad-loop")
    assert frogs_at(game, "a1") == ["S0"] and game.current_player == 1


def test_mosquito_lesson_offers_another_frog_or_pass():
    game = lesson_game("mosquito")
    game.play("S c3-d4")
    moves = {str(m) for m in game.legal_moves()}
    assert "pass" in moves and "Q a8-a7" in moves and "S f6-f7" in moves
    assert not any(m.startswith("S d4-") for m in moves)
    game.play("pass")
    assert game.current_player == 1


def test_male_lessons():
    game, _ = played("male-baby")
    assert {str(m)[2:4] for m in game.legal_moves()} == {"d4"}
    assert "red" not in player(game, 0)["males"]
    for name in ("male-twin", "male-servant"):
        game, text = played(name)
        assert "born" not in text and player(game, 0)["servants"] == 2 - (name != "male-twin")
    game, _ = played("male-empty-reserve")
    assert "red" in player(game, 0)["males"] and frogs_at(game, "d4") == ["Q0"]


def test_log_lessons():
    game, _ = played("log-two-servants")
    assert frogs_at(game, "d4") == ["S0", "S1"]
    game, _ = played("log-third-servant")
    assert frogs_at(game, "d4") == ["S0", "S0"]
    game, _ = played("log-queen-clears")
    assert frogs_at(game, "d4") == ["Q0"]
    game, _ = played("log-queen-caught")
    assert player(game, 1)["out"] and frogs_at(game, "d4") == ["S0"]
    game = lesson_game("log-own-queen")
    assert "own frogs" in why_not(game, "Q d4-c5")


def test_tile_backs_lesson_odds():
    game = lesson_game("tile-backs")
    assert str(game.chance_odds("deep-a")["pike"]) == "1/14"
    assert str(game.chance_odds("deep-b")["pike"]) == "1/8"
    assert "pike" not in game.chance_odds("shallow")


def test_memory_lesson_turns_both_tiles_face_down():
    game, _ = played("memory")
    fronts = {t["square"]: t["front"] for t in game.view()["tiles"]}
    assert fronts["c3"] is None and fronts["d4"] is None


def test_end_lessons():
    game, text = played("end-win-on-pike")
    assert game.winners == (0,) and "eats" not in text
    game, _ = played("end-draw")
    assert game.is_over and game.winners == ()


def test_ruling_lessons():
    game, _ = played("placed-two-servants")
    assert frogs_at(game, "d4") == ["Q0", "S0", "S0"]
    game, _ = played("placed-on-a-log")
    assert frogs_at(game, "c3") == ["Q0", "S0"]
    assert {str(m)[2:4] for m in game.legal_moves()} == {"c3"}
    game, _ = played("placed-servants-share")
    assert frogs_at(game, "d4") == ["S0", "S0"] and why_not(game, "S d4-e4") == "allowed"
    game, _ = played("reserve-reborn")
    assert player(game, 0)["reserve"] == 0 and frogs_at(game, "b2") == ["Q0", "S0"]
    game, _ = played("reserve-empty-capture")
    assert player(game, 0)["reserve"] == 0 and frogs_at(game, "a1") == ["Q0"]
    game = lesson_game("starting-squares")
    assert frogs_at(game, "a1") == ["Q0"]  # on a face-down Pike, uneaten
