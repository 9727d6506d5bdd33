"""Answers stay with the teacher: the checks each game's ``test_answers_kept.py`` calls.

A student notebook (any notebook of ``notebooks/<game>/``: ``notebooks/solutions/`` is
the teachers') must not show an exercise's exact answer, in its cells or in the outputs
saved with it, and no hint may give it away. An answer is given away by the forms a
student would copy:

- a fraction ``a/b`` (``11/36``): ``11/36``, ``11 / 36``, ``Fraction(11, 36)``, its decimal
  to 3 and to 4 significant digits (``0.306``, ``0.3056``) and its percent (``30.6%``);
- a whole number (``144``): the number standing alone.

``forms`` gives an exercise's own regular expressions: for a whole number *instead of*
the number alone (a number the rules themselves state, such as a deck of 84 cards, is
not an answer: give the forms that are, or ``[]``), and for a fraction or an estimate
*beside* the ones above (an unreduced fraction, another reading's answer).
"""

from __future__ import annotations

import json
import re
from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction
from pathlib import Path
from types import ModuleType

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
# The outputs a student reads: printed text, a checker's panel, a table; not a board's
# widget reference or a picture.
SHOWN = ("text/plain", "text/html", "text/markdown", "text/latex")


def number(text: str) -> str:
    """A regular expression for ``text`` as a number of its own: not inside a longer number
    (``144`` is not in ``1440``, ``0.144`` or ``144/5``)."""
    return rf"(?<![\w.,/]){re.escape(text)}(?![\w/]|[.,]\d)"


def significant(value: Fraction, digits: int) -> str:
    """``value`` as a decimal rounded to ``digits`` significant digits, zeros kept."""
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    if exact == 0:
        return "0"
    step = Decimal(1).scaleb(exact.adjusted() - digits + 1)
    return str(exact.quantize(step, rounding=ROUND_HALF_EVEN))


def giveaways(exercise, forms: dict[str, list[str]] | None = None) -> list[str]:
    """The regular expressions that give ``exercise``'s answer away."""
    own = list((forms or {}).get(exercise.name, []))
    if not exercise.exact:
        return own  # an estimate: only what the game's test names
    answer = exercise.answer
    if answer.denominator == 1:
        if forms is not None and exercise.name in forms:
            return own
        return [number(str(answer.numerator))]
    a, b = answer.numerator, answer.denominator
    found = [rf"(?<![\w.,/]){a}\s*/\s*{b}(?![\w/]|[.,]\d)", rf"Fraction\(\s*{a}\s*,\s*{b}\s*\)"]
    for digits in (3, 4):
        found.append(number(significant(answer, digits)))
        found.append(re.escape(significant(answer * 100, digits)) + r"\s*%")
    return found + own


def texts(path: Path) -> list[tuple[str, str]]:
    """``(where, text)`` for each cell's source and each output a student reads."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    found = []
    for index, cell in enumerate(notebook["cells"], start=1):
        found.append((f"cell {index}", "".join(cell.get("source", ""))))
        for output in cell.get("outputs", []):
            shown = [output.get("text", "")]
            shown += [output.get("data", {}).get(kind, "") for kind in SHOWN]
            for text in shown:
                found.append((f"cell {index}'s output", "".join(text)))
    return found


def student_notebooks(module: ModuleType) -> list[Path]:
    """The notebooks of the game whose exercises ``module`` holds."""
    game = module.__name__.split(".")[1]
    found = sorted((NOTEBOOKS / game).glob("*.ipynb"))
    assert found, f"no notebooks in notebooks/{game}"
    return found


def check_answers_kept(module: ModuleType, notebooks: list[Path] | None = None,
                       forms: dict[str, list[str]] | None = None) -> None:
    """Fail, naming each place, if a student notebook gives an answer of ``module``'s
    ``EXERCISES`` away."""
    leaks = []
    for path in notebooks or student_notebooks(module):
        for where, text in texts(path):
            for name, exercise in module.EXERCISES.items():
                for form in giveaways(exercise, forms):
                    for match in re.finditer(form, text):
                        place = path.relative_to(NOTEBOOKS) if path.is_relative_to(NOTEBOOKS) \
                            else path.name
                        leaks.append(f"{place}, {where}: "
                                     f"{match.group(0)!r} gives {name} away")
    assert not leaks, "answers in the students' notebooks:\n" + "\n".join(leaks)


def check_hints_keep(module: ModuleType, forms: dict[str, list[str]] | None = None) -> None:
    """Fail if a hint of ``module``'s ``EXERCISES`` gives its answer away: one of its forms,
    or a fraction's numerator and denominator both (``"6 + 6 − 1 pairs of 36"``)."""
    leaks = []
    for name, exercise in module.EXERCISES.items():
        forms_here = giveaways(exercise, forms)
        answer = exercise.answer if exercise.exact else None
        for hint in exercise.hints:
            leaks += [f"{name}: hint {hint!r} holds {m.group(0)!r}"
                      for form in forms_here for m in re.finditer(form, hint)]
            if answer is not None and answer.denominator != 1 and answer.numerator != 1 \
                    and re.search(number(str(answer.numerator)), hint) \
                    and re.search(number(str(answer.denominator)), hint):
                leaks.append(f"{name}: hint {hint!r} holds both {answer.numerator} and "
                             f"{answer.denominator} of its answer")
    assert not leaks, "hints that give the answer away:\n" + "\n".join(leaks)
