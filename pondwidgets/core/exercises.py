"""Exercise checkers and convergence plots, shared by the probability notebooks of every game.

An :class:`Exercise` knows its answer and checks a student's::

    pike_at_start = Exercise("pike_at_start", Fraction(1, 8),
                             hints=["Count the Pikes among the tiles of that back."])
    pike_at_start.check("1/8")      # shows "Correct! ..." and returns a true Verdict

The answer is exact (a ``Fraction`` or an ``int``), and then the student must give it
exactly; or, for a question no formula answers, an estimate from a large simulation with
a ``tolerance``. Either may be given as a function, computed on first use and kept, so
importing a module of exercises never runs a simulation.

:func:`plot_convergence` draws a simulation's running estimate against the number of
games beside the exact value. Matplotlib is imported only when it is called. (It lives in
``core.estimates``, with the confidence intervals; reading an answer as a number is
``core.answers``'. Both are importable from here.)

Nothing here imports Jupyter. In a running IPython (a notebook's kernel) a checker
displays a :class:`Feedback`: a small panel in HTML (an icon and a word — "✓ Correct",
"✗ Not yet", "≈ Close", "… Not answered yet" — on a coloured edge, in the theme's
colours), whose plain-text form, all that ``nbval`` compares, is the feedback's words
alone, the same on every run. Anywhere else (a script, a test) the words are printed.
The examples the feedback gives ("like Fraction(1, 8)") are never the exercise's answer,
nor near it.
"""

from __future__ import annotations

import html
import sys
from collections.abc import Callable, Sequence
from fractions import Fraction
from numbers import Rational
from typing import Any

from .answers import example_fraction, read_number
from .estimates import bar_chart, confidence_interval, interval_text, plot_convergence

# The checkers, and what others import from here though it lives beside it: reading an
# answer (answers.py), the intervals and plots of a simulation's estimate (estimates.py).
__all__ = ["Exercise", "Feedback", "Verdict", "bar_chart", "confidence_interval",
           "example_fraction", "interval_text", "plot_convergence", "read_number"]

# A decimal this close to an exact answer is "the right value, rounded" (or a good
# estimate); a fraction this close is a near miss.
_CLOSE_DECIMAL = Fraction(1, 100)
_CLOSE = Fraction(5, 1000)


def _like(example: Fraction) -> str:
    """``Fraction(1, 8) or '1/8'``."""
    return f"Fraction({example.numerator}, {example.denominator}) or '{example}'"


def _show(value: Fraction) -> str:
    """A value as a fraction and a decimal: ``1/8 (≈ 0.125)``."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value} (≈ {float(value):.4g})"


class Verdict:
    """What a checker returns: true when the answer is right. Its feedback is printed
    already, so a notebook shows nothing more under it (no stray ``False`` line)."""

    __slots__ = ("correct",)

    def __init__(self, correct: bool):
        self.correct = correct

    def __bool__(self) -> bool:
        return self.correct

    def __repr__(self) -> str:
        return f"Verdict({'correct' if self.correct else 'not yet'})"

    def _ipython_display_(self) -> None:
        """Show nothing: the feedback above says it all."""


# kind: (icon, word, accent colour: a JupyterLab variable and the colour it stands for in
# the light theme, the icon's colour on it). The icon and the word say it all without the
# colour; the icon sits on a disc of the accent, legible on a light or a dark page alike.
_KINDS = {
    "correct": ("✓", "Correct", "--jp-success-color1", "#388e3c", "#ffffff"),
    "wrong": ("✗", "Not yet", "--jp-error-color1", "#d32f2f", "#ffffff"),
    "close": ("≈", "Close", "--jp-warn-color1", "#f57c00", "#000000"),
    "unanswered": ("…", "Not answered yet", "--jp-info-color1", "#0288d1", "#ffffff"),
}


class Feedback:
    """A checker's feedback, shown by a notebook as a small panel and anywhere else as
    its words.

    ``kind`` is ``"correct"``, ``"wrong"``, ``"close"`` or ``"unanswered"``; ``message``
    the words, lines apart (a ``Hint:`` on a line of its own). Its plain text (``str``,
    ``repr`` and IPython's ``text/plain``) is ``message`` alone, so a notebook's saved
    output is the same on every run; ``_repr_html_`` is the panel, its text escaped.
    Colours are JupyterLab's theme variables, with the light theme's as fallbacks (and
    as plain declarations first, for a renderer that drops variables).
    """

    __slots__ = ("kind", "message")

    def __init__(self, kind: str, message: str):
        if kind not in _KINDS:
            raise ValueError(f"kind must be one of {', '.join(_KINDS)}, not {kind!r}")
        self.kind = kind
        self.message = message

    @property
    def correct(self) -> bool:
        return self.kind == "correct"

    @property
    def label(self) -> str:
        """The icon and the word: ``"✓ Correct"``."""
        icon, word, *_ = _KINDS[self.kind]
        return f"{icon} {word}"

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return self.message

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        p.text(self.message)

    def _repr_html_(self) -> str:
        icon, word, var, colour, on_colour = _KINDS[self.kind]
        accent = f"var({var}, {colour})"
        lines = []
        for line in self.message.split("\n"):
            head, sep, rest = line.partition(":")
            if sep and head == "Hint":
                lines.append(f"<strong>Hint:</strong>{html.escape(rest)}")
            else:
                lines.append(html.escape(line))
        body = "".join(f'<div style="margin:0.15em 0 0 0;">{line or "&nbsp;"}</div>'
                       for line in lines)
        panel = ("display:block; max-width:46em; box-sizing:border-box; "
                 "margin:0.2em 0; padding:0.45em 0.8em 0.5em 0.7em; border-radius:4px; "
                 f"border-left:4px solid {colour}; border-left-color:{accent}; "
                 f"background-color:rgba(127,127,127,0.08); "
                 f"background-color:color-mix(in srgb, {accent} 11%, transparent); "
                 "color:inherit; color:var(--jp-content-font-color1, inherit); "
                 "font-family:var(--jp-content-font-family, system-ui, -apple-system, "
                 "'Segoe UI', Roboto, sans-serif); font-size:var(--jp-content-font-size1, 14px); "
                 "line-height:1.45; white-space:normal; overflow-wrap:break-word; "
                 "word-break:normal; hyphens:none;")
        badge = ("display:inline-block; min-width:1.35em; height:1.35em; line-height:1.35em; "
                 "margin-right:0.4em; border-radius:50%; text-align:center; font-weight:bold; "
                 f"background-color:{colour}; background-color:{accent}; color:{on_colour};")
        return (f'<div class="pondwidgets-feedback pondwidgets-feedback-{self.kind}" '
                f'style="{panel}">'
                f'<div style="font-weight:600;"><span aria-hidden="true" style="{badge}">'
                f'{icon}</span>{html.escape(word)}</div>{body}</div>')

    def show(self) -> None:
        """Display the panel in a running IPython (a notebook), else print the words."""
        display = _ipython_display()
        if display is None:
            print(self.message)
        else:
            display(self)


def _ipython_display() -> Callable[[Any], Any] | None:
    """IPython's ``display`` when an IPython shell runs (a notebook's kernel, the IPython
    prompt), else None (a script, a test). IPython is never imported here: a running
    shell has imported it already."""
    ipython = sys.modules.get("IPython")
    if ipython is None or ipython.get_ipython() is None:
        return None
    from IPython.display import display

    return display


class Exercise:
    """One question with a known answer and a checker that gives feedback.

    ``answer`` is exact (``Fraction`` or ``int``), or an estimate (``float``) when
    ``tolerance`` is given; it may also be a function of no arguments, called once on first
    use. ``hints`` are shown one by one, a new one after each wrong attempt.
    ``probability=False`` lifts the check that answers lie between 0 and 1.
    ``estimate_note`` says where an estimate comes from ("from 3,000 games").

    Where a careful student could read the question two ways, ``assumes`` says what it
    means ("one ordinary die on every turn") and ``readings`` maps each other reading (a
    phrase completing "the answer if …") to its answer (or a function giving it): that
    answer is then told apart from a plain mistake, with the reading the exercise means.

    ``check(None)`` answers at once: it never computes an answer given as a function.
    """

    def __init__(self, name: str, answer: Fraction | int | float | Callable[[], Any], *,
                 tolerance: float | Fraction | None = None, hints: Sequence[str] = (),
                 probability: bool = True, estimate_note: str = "", assumes: str = "",
                 readings: dict[str, Fraction | int | Callable[[], Any]] | None = None):
        if tolerance is not None and not tolerance > 0:
            raise ValueError("tolerance must be positive (or None for an exact answer)")
        if readings and not assumes:
            raise ValueError(f"exercise {name!r} has other readings: say in assumes= which "
                             f"reading it means")
        self.assumes = assumes
        self.readings = dict(readings or {})
        # Given as a function (a simulation, a long count): never computed for check(None).
        self._lazy = callable(answer)
        self.name = name
        self.tolerance = None if tolerance is None else Fraction(tolerance)
        self.hints = list(hints)
        self.probability = probability
        self.estimate_note = estimate_note
        self.attempts = 0  # wrong attempts so far: which hint comes next
        self._answer = answer

    @property
    def exact(self) -> bool:
        """True when the answer must be given exactly."""
        return self.tolerance is None

    @property
    def answer(self) -> Fraction | float:
        """The answer, computed on first use if it was given as a function: a ``Fraction``
        when exact, a ``float`` for an estimate."""
        if callable(self._answer):
            self._answer = self._answer()
        value: Any = self._answer  # what a function gave: checked here
        if self.exact:
            if not isinstance(value, Rational):
                raise TypeError(f"exercise {self.name!r}: an exact answer must be a Fraction "
                                f"or an int, not {type(value).__name__}; give a tolerance for "
                                f"an estimate")
            return Fraction(value)
        return float(value)

    def __repr__(self) -> str:
        kind = "exact" if self.tolerance is None else f"estimate ± {float(self.tolerance):g}"
        return f"Exercise({self.name!r}, {kind})"

    def __call__(self, student_answer: Any) -> Verdict:
        return self.check(student_answer)

    def check(self, student_answer: Any) -> Verdict:
        """Show feedback on ``student_answer`` (a panel in a notebook, printed words
        elsewhere: see :class:`Feedback`); the verdict returned is true when it is right."""
        feedback = self.assess(student_answer)
        feedback.show()
        return Verdict(feedback.correct)

    def feedback(self, student_answer: Any) -> tuple[bool, str]:
        """``(right, message)`` without printing: the checker's verdict and its words."""
        feedback = self.assess(student_answer)
        return feedback.correct, feedback.message

    def example(self, first: Fraction | None = None) -> Fraction:
        """A fraction to show as an example of how to write an answer: never this
        exercise's answer, nor near it (see :func:`example_fraction`)."""
        return example_fraction(self.answer, first)

    def assess(self, student_answer: Any) -> Feedback:
        """The :class:`Feedback` on ``student_answer``, without showing it."""
        if student_answer is None or student_answer is Ellipsis:
            return Feedback("unanswered", f"Not answered yet: replace None with "
                            f"{self._how_to_write()}, and run the cell again.")
        try:
            value, exact = read_number(student_answer, example=self.example())
        except ValueError as err:
            text = str(err)
            return Feedback("wrong", f"{text[0].upper()}{text[1:]}.")
        if self.probability and not 0 <= value <= 1:
            return self._wrong(f"{_show(value)} cannot be a probability: a probability is "
                               f"between 0 and 1.")
        answer = Fraction(self.answer)
        if self.tolerance is not None:  # not self.exact
            if abs(value - answer) <= self.tolerance:
                note = f" {self.estimate_note}" if self.estimate_note else ""
                return Feedback("correct", f"Correct! {float(value):.4g} is within "
                                f"±{float(self.tolerance):g} of the model's estimate, "
                                f"{float(answer):.4g}{note}.")
            return self._wrong(f"Not quite: {float(value):.4g} is more than "
                               f"±{float(self.tolerance):g} away from the model's estimate.")
        if value == answer and exact:
            return Feedback("correct", f"Correct! {_show(answer)} is exactly right.")
        if not exact:
            if abs(value - answer) <= _CLOSE_DECIMAL:
                return Feedback("close", f"Close! {float(value):g} is a decimal, and this "
                                f"answer is exact: can you give it as a fraction, like "
                                f"{_like(self.example())}?")
            return self._wrong(f"Not quite: {float(value):g} is not the answer (and this answer "
                               f"is exact, so give it as a fraction).")
        reading = self._reading(value)
        if reading is not None:  # told without a hint: the student's method was sound
            return Feedback("wrong", f"Not quite: {_show(value)} is the answer if {reading}. "
                            f"This exercise means {self.assumes}.")
        if self.probability and value == 1 - answer:
            return self._wrong(f"Not quite: {_show(value)} is the chance of the opposite event. "
                               f"Read the question again.")
        if abs(value - answer) <= _CLOSE:
            return self._wrong(f"Close, but not exact: {_show(value)} is near the answer. "
                               f"Check your counting.", kind="close")
        return self._wrong(f"Not quite: {_show(value)} is not the answer.")

    def _how_to_write(self) -> str:
        """How to write an answer, for an unanswered exercise. An answer given as a function
        is not computed for it, so its example shows no number that could be near it."""
        if not self.exact:
            return "your estimate (a decimal)"
        if not self._lazy:
            return f"your answer, for example {_like(self.example(Fraction(2, 5)))}"
        if not self.probability:
            return "your answer (a whole number, or a fraction)"
        return "your answer (a fraction: Fraction(a, b) or 'a/b', with your numbers)"

    def _reading(self, value: Fraction) -> str | None:
        """The other reading whose exact answer ``value`` is, if any."""
        for reading, answer in self.readings.items():
            if callable(answer):
                answer = self.readings[reading] = answer()
            if value == answer:
                return reading
        return None

    def _wrong(self, message: str, kind: str = "wrong") -> Feedback:
        if self.hints:
            hint = self.hints[min(self.attempts, len(self.hints) - 1)]
            message += f"\nHint: {hint}"
        self.attempts += 1
        return Feedback(kind, message)
