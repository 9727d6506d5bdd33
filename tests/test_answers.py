"""The answer checks of tests/answers.py find what gives an answer away, and nothing else."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from types import ModuleType

import pytest

from pondwidgets.core.exercises import Exercise
from tests.answers import check_answers_kept, check_hints_keep, giveaways


def found(exercise, text, forms=None):
    return [m.group(0) for form in giveaways(exercise, forms) for m in re.finditer(form, text)]


def test_a_fractions_forms():
    ex = Exercise("six", Fraction(11, 36))
    text = ("So 11/36 of rolls; Fraction(11, 36); 11 / 36; about 0.306, or 0.3056, 30.6 % of "
            "the time")
    assert found(ex, text) == ["11/36", "11 / 36", "Fraction(11, 36)", "0.306", "30.6 %",
                               "0.3056"]
    assert found(ex, "111/36, 11/365, 0.3061, 1/36 and 11 of 36") == []


def test_a_whole_number_and_the_forms_a_game_gives_instead():
    ex = Exercise("deck", 84, probability=False)
    assert found(ex, "There are 84 cards.") == ["84"]
    assert found(ex, "84.5, 1840, 0.84 and 84/2") == []
    narrower = {"deck": [r"\b84 ways\b"]}
    assert found(ex, "There are 84 cards, so 84 ways.", narrower) == ["84 ways"]


def notebook_module(tmp_path, cells, exercise):
    path = tmp_path / "01.ipynb"
    path.write_text(json.dumps({"cells": cells, "metadata": {}, "nbformat": 4,
                                "nbformat_minor": 5}), encoding="utf-8")
    module = ModuleType("pondwidgets.example.exercises")
    module.EXERCISES = {exercise.name: exercise}
    return path, module


def test_a_leak_in_a_saved_output_is_named(tmp_path):
    cells = [{"cell_type": "code", "source": "print(summary)", "metadata": {},
              "outputs": [{"output_type": "stream", "name": "stdout",
                           "text": ["Exercise 1: 11/36\n"]}]}]
    path, module = notebook_module(tmp_path, cells, Exercise("six", Fraction(11, 36)))
    with pytest.raises(AssertionError, match=r"cell 1's output: '11/36' gives six away"):
        check_answers_kept(module, [path])
    cells[0]["outputs"] = []
    path, module = notebook_module(tmp_path, cells, Exercise("six", Fraction(11, 36)))
    check_answers_kept(module, [path])


def test_a_hint_that_does_the_arithmetic_is_caught():
    module = ModuleType("pondwidgets.example.exercises")
    module.EXERCISES = {"six": Exercise("six", Fraction(11, 36),
                                        hints=["Count 6 + 5 = 11 pairs of the 36."])}
    with pytest.raises(AssertionError, match="both 11 and 36"):
        check_hints_keep(module)
    module.EXERCISES["six"].hints = ["Count the pairs with at least one six."]
    check_hints_keep(module)
