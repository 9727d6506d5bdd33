"""The lessons of notebooks/croak/01-rules.ipynb (pondwidgets/croak/lessons.py): every
lesson builds a valid position and a board, its Python demonstration does what its
description says, and the notebook plays each lesson's demonstration as LESSONS records it.
"""

import json
from pathlib import Path

import pytest

from pondwidgets.core.errors import GameError
from pondwidgets.croak import CroakBoard, CroakGame
from pondwidgets.croak.lessons import LESSONS, lesson_board, lesson_game, why_not
from pondwidgets.croak.tiles import SETUPS

from .helpers import frogs_at

NOTEBOOK = Path(__file__).parents[2] / "notebooks" / "croak" / "01-rules.ipynb"


def played(name):
    """The lesson's game after its demonstration, and every text it shows: the log, the
    prompt and the refusal of ``refused``."""
    lesson = LESSONS[name]
    game = lesson_game(name)
    for move in lesson["demo"]:
        game.play(move)
    texts = [*game.log, game.prompt()]
    if lesson["refused"]:
        texts.append(why_not(game, lesson["refused"]))
    return game, "\n".join(texts)


def player(game, seat):
    return game.view()["players"][seat]


def code_cells():
    cells = json.loads(NOTEBOOK.read_text())["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]


# -- every lesson --------------------------------------------------------------------------
@pytest.mark.parametrize("name", list(LESSONS))
def test_lesson_builds_a_valid_position_and_a_hot_seat_board(name):
    lesson = LESSONS[name]
    assert lesson["description"] and "\n" not in lesson["description"]
    game = lesson_game(name)
    if lesson["position"] is not None:  # validated again, as written in LESSONS
        CroakGame(lesson["players"], seed=lesson["seed"], position=lesson["position"],
                  **lesson["options"])
    assert not game.is_over and game.legal_moves()
    board = lesson_board(name)
    try:
        assert isinstance(board, CroakBoard) and board.seat is None
        assert board.view["playing"] == game.current_player
    finally:
        board.close()


@pytest.mark.parametrize("name", list(LESSONS))
def test_lesson_demonstration_shows_what_it_says(name):
    _game, text = played(name)
    for fragment in LESSONS[name]["shows"]:
        assert fragment in text


@pytest.mark.parametrize("name", list(LESSONS))
def test_lesson_is_deterministic(name):
    assert lesson_game(name).to_dict() == lesson_game(name).to_dict()


def test_unknown_lesson_names_the_lessons():
    with pytest.raises(GameError, match="lily-pad-bounce"):
        lesson_game("no-such-lesson")


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


# -- the notebook plays the lessons as LESSONS records them -----------------------------------
def test_notebook_opens_a_board_on_every_lesson():
    cells = code_cells()
    for name in LESSONS:
        assert any(c.startswith(f'lesson_board("{name}"') for c in cells), name


def test_notebook_demonstrations_play_the_recorded_moves():
    cells = code_cells()
    for name, lesson in LESSONS.items():
        if not lesson["demo"] and not lesson["refused"]:
            continue
        start = next((i for i, c in enumerate(cells) if f'lesson_game("{name}")' in c), None)
        assert start is not None, name
        cell = cells[start]  # with the cells that go on with the same game
        for more in cells[start + 1:]:
            if "lesson_board(" in more or "lesson_game(" in more:
                break
            cell += "\n" + more
        for move in (*lesson["demo"], *filter(None, [lesson["refused"]])):
            assert f'"{move}"' in cell, (name, move)


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
    assert str(game.back_odds("deep-a")["pike"]) == "1/14"
    assert str(game.back_odds("deep-b")["pike"]) == "1/8"
    assert "pike" not in game.back_odds("shallow")


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
