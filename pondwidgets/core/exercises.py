"""Exercise checkers and convergence plots, shared by the probability notebooks of every game.

An :class:`Exercise` knows its answer and checks a student's::

    pike_at_start = Exercise("pike_at_start", Fraction(1, 8),
                             hints=["Count the Pikes among the tiles of that back."])
    pike_at_start.check("1/8")      # prints "Correct! ..." and returns True

The answer is exact (a ``Fraction`` or an ``int``), and then the student must give it
exactly; or, for a question no formula answers, an estimate from a large simulation with
a ``tolerance``. Either may be given as a function, computed on first use and kept, so
importing a module of exercises never runs a simulation.

:func:`plot_convergence` draws a simulation's running estimate against the number of
games beside the exact value. Matplotlib is imported only when it is called.

Nothing here imports Jupyter: feedback is printed, so it reads the same in a notebook, a
script or a test, and notebook outputs are the same on every run.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from numbers import Rational, Real
from typing import Any

__all__ = ["Exercise", "Verdict", "plot_convergence", "read_number"]

# A decimal this close to an exact answer is "the right value, rounded" (or a good
# estimate); a fraction this close is a near miss.
_CLOSE_DECIMAL = Fraction(1, 100)
_CLOSE = Fraction(5, 1000)
_FRACTION_CALL = re.compile(r"^Fraction\(\s*(-?\d+)\s*(?:,\s*(-?\d+)\s*)?\)$")


def read_number(value: Any) -> tuple[Fraction, bool]:
    """Read a student's answer: ``(value, exact)``, where ``exact`` is False for a
    decimal (a ``float``, or text such as ``"0.125"`` or ``"12.5%"``).

    Accepts a ``Fraction``, an ``int``, a ``float``, or text: ``"1/8"``, ``"3"``,
    ``"0.125"``, ``"12.5%"``, ``"Fraction(1, 8)"``. Raises ``ValueError`` with a message
    a student can act on for anything else.
    """
    if isinstance(value, bool):
        raise ValueError(f"{value} is a yes/no value, not a number: give a fraction "
                         f"like Fraction(1, 8) or the text '1/8'")
    if isinstance(value, Rational):  # int, Fraction
        return Fraction(value), True
    if isinstance(value, Real):  # float, numpy floats
        number = float(value)
        if not math.isfinite(number):
            raise ValueError(f"{number} is not a number a probability can be")
        return Fraction(number), False
    if isinstance(value, str):
        text = value.strip()
        match = _FRACTION_CALL.match(text)
        if match:
            num, den = match.groups()
            if den is not None and int(den) == 0:
                raise ValueError("a fraction cannot have 0 below the line")
            return Fraction(int(num), int(den or 1)), True
        percent = text.endswith("%")
        if percent:
            text = text[:-1].strip()
        if "/" in text:
            top, _, bottom = text.partition("/")
            try:
                num, den = int(top.strip()), int(bottom.strip())
            except ValueError:
                raise ValueError(f"I can't read {value!r} as a fraction: write whole numbers "
                                 f"on each side of '/', like '1/8'") from None
            if den == 0:
                raise ValueError("a fraction cannot have 0 below the line")
            result = Fraction(num, den)
            return (result / 100 if percent else result), True
        try:
            number = Decimal(text)
        except InvalidOperation:
            raise ValueError(f"I can't read {value!r} as a number: write a fraction like "
                             f"'1/8' or Fraction(1, 8)") from None
        if not number.is_finite():
            raise ValueError(f"{value!r} is not a number a probability can be")
        result = Fraction(number)
        exact = not percent and number == number.to_integral_value() and "." not in text \
            and "e" not in text.lower()
        return (result / 100 if percent else result), exact
    raise ValueError(f"I can't read a {type(value).__name__} as a number: give a fraction "
                     f"like Fraction(1, 8) or the text '1/8'")


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


class Exercise:
    """One question with a known answer and a checker that gives feedback.

    ``answer`` is exact (``Fraction`` or ``int``), or an estimate (``float``) when
    ``tolerance`` is given; it may also be a function of no arguments, called once on first
    use. ``hints`` are shown one by one, a new one after each wrong attempt.
    ``probability=False`` lifts the check that answers lie between 0 and 1.
    ``estimate_note`` says where an estimate comes from ("from 3,000 games").
    """

    def __init__(self, name: str, answer: Fraction | int | float | Callable[[], Any], *,
                 tolerance: float | Fraction | None = None, hints: Sequence[str] = (),
                 probability: bool = True, estimate_note: str = ""):
        if tolerance is not None and not tolerance > 0:
            raise ValueError("tolerance must be positive (or None for an exact answer)")
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
        value = self._answer
        if self.exact:
            if not isinstance(value, Rational):
                raise TypeError(f"exercise {self.name!r}: an exact answer must be a Fraction "
                                f"or an int, not {type(value).__name__}; give a tolerance for "
                                f"an estimate")
            return Fraction(value)
        return float(value)

    def __repr__(self) -> str:
        kind = "exact" if self.exact else f"estimate ± {float(self.tolerance):g}"
        return f"Exercise({self.name!r}, {kind})"

    def __call__(self, student_answer: Any) -> Verdict:
        return self.check(student_answer)

    def check(self, student_answer: Any) -> Verdict:
        """Print feedback on ``student_answer``; the verdict returned is true when it is
        right."""
        ok, message = self.feedback(student_answer)
        print(message)
        return Verdict(ok)

    def feedback(self, student_answer: Any) -> tuple[bool, str]:
        """``(right, message)`` without printing: the checker's verdict and its words."""
        if student_answer is None or student_answer is Ellipsis:
            return False, ("Not answered yet: replace None with your answer, for example "
                           "Fraction(2, 5) or '2/5', and run the cell again.")
        try:
            value, exact = read_number(student_answer)
        except ValueError as err:
            text = str(err)
            return False, f"{text[0].upper()}{text[1:]}."
        if self.probability and not 0 <= value <= 1:
            return self._wrong(f"{_show(value)} cannot be a probability: a probability is "
                               f"between 0 and 1.")
        answer = Fraction(self.answer)
        if not self.exact:
            if abs(value - answer) <= self.tolerance:
                note = f" {self.estimate_note}" if self.estimate_note else ""
                return True, (f"Correct! {float(value):.4g} is within ±{float(self.tolerance):g} "
                              f"of the model's estimate, {float(answer):.4g}{note}.")
            return self._wrong(f"Not quite: {float(value):.4g} is more than "
                               f"±{float(self.tolerance):g} away from the model's estimate.")
        if value == answer and exact:
            return True, f"Correct! {_show(answer)} is exactly right."
        if not exact:
            if abs(value - answer) <= _CLOSE_DECIMAL:
                return False, (f"Close! {float(value):g} is a decimal, and this answer is "
                               f"exact: can you give it as a fraction, like Fraction(1, 8) or "
                               f"'1/8'?")
            return self._wrong(f"Not quite: {float(value):g} is not the answer (and this answer "
                               f"is exact, so give it as a fraction).")
        if self.probability and value == 1 - answer:
            return self._wrong(f"Not quite: {_show(value)} is the chance of the opposite event. "
                               f"Read the question again.")
        if abs(value - answer) <= _CLOSE:
            return self._wrong(f"Close, but not exact: {_show(value)} is near the answer. "
                               f"Check your counting.")
        return self._wrong(f"Not quite: {_show(value)} is not the answer.")

    def _wrong(self, message: str) -> tuple[bool, str]:
        if self.hints:
            hint = self.hints[min(self.attempts, len(self.hints) - 1)]
            message += f"\nHint: {hint}"
        self.attempts += 1
        return False, message


def plot_convergence(samples: Sequence[float], exact: Any = None, label: str = "estimate", *,
                     ax=None, title: str | None = None, xlabel: str = "number of games",
                     exact_label: str = "exact"):
    """Draw the running average of ``samples`` (one value per game: 1/0 for yes/no, or a
    number) against the number of games, with ``exact`` as a horizontal line and the band
    where 95% of such estimates fall. ``exact`` may be None (no line), a number, or a
    student's answer in any form the checkers read ("1/8"), named by ``exact_label``.
    Returns the figure (shown when it is a notebook cell's last value). Pass ``ax`` to draw
    into axes of your own.

    The same samples always draw the same picture.
    """
    values = [float(v) for v in samples]
    if exact is Ellipsis:
        exact = None
    if exact is not None:
        exact = read_number(exact)[0] if isinstance(exact, str) else exact
    if not values:
        raise ValueError("plot_convergence needs at least one sample")
    import matplotlib.pyplot as plt  # lazily: simulations never pay for matplotlib

    owner = ax is None
    if owner:
        fig, ax = plt.subplots(figsize=(7, 3.2), layout="constrained")
    else:
        fig = ax.figure
    games = range(1, len(values) + 1)
    running, total = [], 0.0
    for n, v in zip(games, values, strict=True):
        total += v
        running.append(total / n)
    mean = running[-1]
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / len(values))
    ax.plot(games, running, color="#0072b2", linewidth=1.5,
            label=f"{label}: {mean:.4f} after {len(values):,} games")
    if exact is not None:
        centre = float(exact)
        shown = f"{exact} ≈ {centre:.4f}" if isinstance(exact, Fraction) else f"{centre:.4f}"
        ax.axhline(centre, color="#d55e00", linestyle="--", linewidth=1.5,
                   label=f"{exact_label}: {shown}")
        if spread:
            half = [1.96 * spread / math.sqrt(n) for n in games]
            ax.fill_between(games, [centre - h for h in half], [centre + h for h in half],
                            color="#d55e00", alpha=0.12, linewidth=0,
                            label="where 95% of estimates fall")
    lows = min(running[len(running) // 20:] + ([float(exact)] if exact is not None else []))
    highs = max(running[len(running) // 20:] + ([float(exact)] if exact is not None else []))
    margin = max((highs - lows) * 0.6, 0.02)
    ax.set_ylim(lows - margin, highs + margin)
    ax.set_xlim(1, len(values))
    ax.set_xlabel(xlabel)
    ax.set_ylabel(label)
    ax.set_title(title or f"{label}: the estimate settles as games are added")
    ax.grid(alpha=0.3)
    ax.legend(loc="upper right", fontsize="small")
    if owner:
        plt.close(fig)  # shown once, as the returned value, not again by the inline backend
    return fig


def bar_chart(values: dict[str, float], title: str, ylabel: str,
              reference: float | None = None):
    """A small bar chart of ``values`` (label: height), each bar labelled with its value,
    with an optional dashed reference line; returns the matplotlib figure, which a
    notebook shows."""
    import matplotlib.pyplot as plt

    top = max(values.values(), default=0)
    fig, ax = plt.subplots(figsize=(5, 3))
    bars = ax.bar(list(values), list(values.values()), color="#4a90c2")
    ax.bar_label(bars, fmt="%.2f" if top <= 1 else "%.1f" if top < 20 else "%.0f")
    if reference is not None:
        ax.axhline(reference, color="#666", linestyle="--", linewidth=1)
    ax.set_title(title)
    ax.set_ylabel(ylabel)
    ax.margins(y=0.15)
    fig.tight_layout()
    plt.close(fig)  # shown once, by the notebook, not again by the inline backend
    return fig
