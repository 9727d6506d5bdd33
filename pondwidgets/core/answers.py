"""Reading a student's answer as a number (``read_number``: a fraction, an integer, a
decimal or a percentage, as a value or as text), and the example fractions the feedback shows
of how to write one, never near the exercise's answer (``example_fraction``)."""

from __future__ import annotations

import math
import re
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from numbers import Rational, Real
from typing import Any

from .errors import brief

_FRACTION_CALL = re.compile(r"^Fraction\(\s*(-?\d+)\s*(?:,\s*(-?\d+)\s*)?\)$")
# Fractions the feedback may show as an example of how to write an answer: the first one
# farther than _FAR from the exercise's answer is shown, so the example never gives the
# answer away, nor points near it. Any value is farther than _FAR from 1/8 or from 5/9.
_EXAMPLES = (Fraction(1, 8), Fraction(2, 7), Fraction(3, 10), Fraction(5, 9), Fraction(2, 5),
             Fraction(3, 4))
_FAR = Fraction(5, 100)


def example_fraction(answer: Any = None, first: Fraction | None = None) -> Fraction:
    """A fraction to show as an example of how to write an answer, far (more than 0.05)
    from ``answer``: ``first`` if it is, else the first of 1/8, 2/7, 3/10, 5/9, … that
    is. With no answer, ``first`` (or 1/8)."""
    candidates = ((first,) if first is not None else ()) + _EXAMPLES
    if answer is None:
        return candidates[0]
    target = Fraction(answer)
    return next(c for c in candidates if abs(c - target) > _FAR)


def read_number(value: Any, *, example: Fraction = Fraction(1, 8)) -> tuple[Fraction, bool]:
    """Read a student's answer: ``(value, exact)``, where ``exact`` is False for a
    decimal (a ``float``, or text such as ``"0.125"`` or ``"12.5%"``).

    Accepts a ``Fraction``, an ``int``, a ``float``, or text: ``"1/8"``, ``"3"``,
    ``"0.125"``, ``"12.5%"``, ``"Fraction(1, 8)"``. Raises ``ValueError`` with a message
    a student can act on for anything else, showing ``example`` as the way to write one.
    """
    call, text_form = f"Fraction({example.numerator}, {example.denominator})", f"'{example}'"
    if isinstance(value, bool):
        raise ValueError(f"{value} is a yes/no value, not a number: give a fraction "
                         f"like {call} or the text {text_form}")
    if isinstance(value, Rational):  # int, Fraction
        return _held(Fraction(value), value), True
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
            return _held(Fraction(int(num), int(den or 1)), value), True
        percent = text.endswith("%")
        if percent:
            text = text[:-1].strip()
        if "/" in text:
            top, _, bottom = text.partition("/")
            try:
                num, den = int(top.strip()), int(bottom.strip())
            except ValueError:
                raise ValueError(f"I can't read {value!r} as a fraction: write whole numbers "
                                 f"on each side of '/', like {text_form}") from None
            if den == 0:
                raise ValueError("a fraction cannot have 0 below the line")
            result = _held(Fraction(num, den), value)
            return (result / 100 if percent else result), True
        try:
            decimal = Decimal(text)
        except InvalidOperation:
            raise ValueError(f"I can't read {value!r} as a number: write a fraction like "
                             f"{text_form} or {call}") from None
        if not decimal.is_finite():
            raise ValueError(f"{value!r} is not a number a probability can be")
        if decimal and decimal.adjusted() < -_DIGITS:  # 1e-999999999: a huge Fraction
            raise ValueError(f"{brief(value)} is too small to be an answer here")
        result = _held(Fraction(decimal), value) if decimal.adjusted() <= _DIGITS \
            else _held(None, value)
        exact = not percent and decimal == decimal.to_integral_value() and "." not in text \
            and "e" not in text.lower()
        return (result / 100 if percent else result), exact
    raise ValueError(f"I can't read a {type(value).__name__} as a number: give a fraction "
                     f"like {call} or the text {text_form}")


_DIGITS = 300  # an answer within 10**±300: a float holds it (the feedback writes decimals)


def _held(result: Fraction | None, value: Any) -> Fraction:
    """``result``, unless it is too big for a float (None: known to be), which the
    feedback could not write as a decimal: ``10**400`` raised OverflowError."""
    if result is None or abs(result) > 10 ** _DIGITS:
        raise ValueError(f"{brief(value)} is too big to be an answer here")
    return result
