"""Lessons replay, on every registered game: each lesson of ``pondwidgets.<game>.lessons``
(a ``core.lessons.Lessons`` book) builds its position, opens a hot-seat board, plays its
demonstration to the text it promises, refuses what it says is refused (changing
nothing), plays the same on every run, and has a live board in the game's notebooks, whose
cells play its demonstration as it records it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pondwidgets.core import GameError
from pondwidgets.core.lessons import Lessons
from pondwidgets.games import GAMES

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
LESSONS = [pytest.param(entry, name, id=f"{entry.name}-{name}")
           for entry in GAMES.values() for name in entry.module("lessons").LESSONS]


def book(entry) -> Lessons:
    return entry.module("lessons").LESSONS


def shown(entry, name) -> tuple:
    return book(entry).replay(name)


@pytest.mark.parametrize(("entry", "name"), LESSONS)
def test_a_lesson_builds_its_position_and_a_hot_seat_board(entry, name):
    lesson = book(entry)[name]
    assert lesson.description and "\n" not in lesson.description
    game = book(entry).game(name)
    assert not game.is_over and game.seats_to_act
    board = book(entry).board(name)
    try:
        assert isinstance(board, entry.board) and board.seat is None
        assert board.game.view() == game.view()
    finally:
        board.close()


@pytest.mark.parametrize(("entry", "name"), LESSONS)
def test_a_lesson_shows_what_it_says_and_refuses_what_it_says(entry, name):
    game, text = shown(entry, name)
    for fragment in book(entry)[name].shows:
        assert fragment in text, fragment
    lesson = book(entry)[name]
    if lesson.refused is not None:
        game = book(entry).game(name)  # the refusal on its own, where the lesson tries it
        for seat, move, wait in lesson.demo[:lesson.refused_at]:
            game.clock.advance(wait)
            game.play(move, seat)
        before = game.to_dict()
        with pytest.raises(GameError):
            game.play(lesson.refused.move, lesson.refused.seat)
        assert game.to_dict() == before


@pytest.mark.parametrize(("entry", "name"), LESSONS)
def test_a_lesson_is_the_same_on_every_run(entry, name):
    assert shown(entry, name)[0].to_dict() == shown(entry, name)[0].to_dict()


@pytest.mark.parametrize("entry", [pytest.param(e, id=e.name) for e in GAMES.values()])
def test_an_unknown_lesson_is_refused_naming_the_lessons(entry):
    first = next(iter(book(entry)))
    with pytest.raises(GameError, match=first):
        book(entry).game("no-such-lesson")


def code_cells(entry) -> list[str]:
    """The code cells of the game's notebooks, in course order."""
    return ["".join(cell["source"])
            for notebook in sorted((NOTEBOOKS / entry.name).glob("*.ipynb"))
            for cell in json.loads(notebook.read_text())["cells"]
            if cell["cell_type"] == "code"]


@pytest.mark.parametrize("entry", [pytest.param(e, id=e.name) for e in GAMES.values()])
def test_every_lesson_has_a_live_board_in_the_games_notebooks(entry):
    cells = code_cells(entry)
    for name in book(entry):
        assert any(c.startswith(f'lesson_board("{name}"') for c in cells), name


@pytest.mark.parametrize("entry", [pytest.param(e, id=e.name) for e in GAMES.values()])
def test_the_notebooks_play_each_demonstration_as_the_lesson_records_it(entry):
    """Below a lesson's board, the cells that go on with ``lesson_game(name)`` play its
    demonstration's moves in order (with the clock advanced as it waits, in a race) and try
    its refused move, so the notebook's text and the lesson tested here are one."""
    cells = code_cells(entry)
    for name, lesson in book(entry).items():
        if not lesson.demo and not lesson.refused:
            continue
        start = next((i for i, c in enumerate(cells) if f'lesson_game("{name}")' in c), None)
        assert start is not None, name
        cell = cells[start]  # with the cells that go on with the same game
        for more in cells[start + 1:]:
            if "lesson_board(" in more or "lesson_game(" in more:
                break
            cell += "\n" + more
        at = 0
        for _seat, move, wait in lesson.demo:  # in order, a race's waits with them
            found = cell.find(f'"{move}"', at)
            assert found >= 0, (name, move)
            assert not wait or f"advance({wait})" in cell, (name, move, wait)
            at = found + 1
        if lesson.refused:
            assert f'"{lesson.refused.move}"' in cell, (name, lesson.refused.move)
