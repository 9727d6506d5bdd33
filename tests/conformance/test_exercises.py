"""The exercise checkers of every registered game (``pondwidgets.<game>.exercises``,
``EXERCISES``) keep the common contract of ``core.exercises.Exercise``: the model's own
answer is accepted, in the forms a student types; no answer, a wrong one and nonsense
each get words (a hint after a wrong one) and never an exception; and a checker's repr
is stable, for notebook outputs."""

from __future__ import annotations

import copy
from fractions import Fraction

import pytest

from pondwidgets.core.exercises import Exercise
from pondwidgets.games import GAMES

CHECKERS = [pytest.param(exercise, id=f"{entry.name}-{name}")
            for entry in GAMES.values()
            for name, exercise in entry.module("exercises").EXERCISES.items()]


@pytest.fixture
def checker(request):
    _ = request.param.answer  # computed once (a simulation, for estimates), then copied
    return copy.deepcopy(request.param)  # its hint count is its own


def _wrong(exercise: Exercise):
    """An answer off by far more than any tolerance, still a probability if it must be."""
    answer = Fraction(exercise.answer)
    if exercise.probability:
        return answer / 4 if answer > Fraction(1, 2) else (answer + 1) / 2 + Fraction(1, 7)
    return answer + 3


@pytest.mark.parametrize("checker", CHECKERS, indirect=True)
def test_the_models_answer_is_accepted_in_the_forms_a_student_types(checker):
    answer = checker.answer
    assert checker.feedback(answer)[0]
    if checker.exact:
        assert checker.feedback(str(answer))[0]  # "3/64"
        assert checker.feedback(f"Fraction({answer.numerator}, {answer.denominator})")[0]
    else:
        assert checker.feedback(f"{answer:.6f}")[0]


@pytest.mark.parametrize("checker", CHECKERS, indirect=True)
def test_no_answer_a_wrong_one_and_nonsense_get_words_not_errors(checker):
    unanswered, text = checker.feedback(None)
    assert not unanswered and "Not answered yet" in text
    wrong, text = checker.feedback(_wrong(checker))
    assert not wrong and text
    assert "Hint:" in text or not checker.hints
    for nonsense in ("abc", "1/0", [1], True, float("nan")):
        right, text = checker.feedback(nonsense)
        assert not right and text


@pytest.mark.parametrize("checker", CHECKERS, indirect=True)
def test_a_checker_names_itself_stably(checker):
    assert repr(checker) == repr(copy.deepcopy(checker))
    assert "0x" not in repr(checker) and checker.name in repr(checker)
