"""Checks for the arguments of every constructor and function of the package: each
refuses a bad value with :class:`~pondwidgets.core.errors.BadArgument`, naming the
argument and what it should be, before anything is changed.

Numbers are compared without converting to float first: ``10**400`` is a whole number
that no float holds, and ``math.isfinite(10**400)`` raises ``OverflowError``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from .errors import BadArgument, brief


def _real(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def finite(value: Any) -> bool:
    """Whether ``value`` is a number (not a bool) that a float holds: not NaN, not an
    infinity, not a whole number too big for a float."""
    if not _real(value):
        return False
    if isinstance(value, int):
        return abs(value) <= 1e300  # a float holds it (comparing an int never overflows)
    return math.isfinite(value)


def flag(value: Any, name: str) -> bool:
    """``value`` if it is True or False (not 1, not "yes")."""
    if not isinstance(value, bool):
        raise BadArgument(f"{name} is True or False, not {brief(value)}")
    return value


def whole(value: Any, name: str, low: int | None = None, high: int | None = None,
          what: str = "a whole number") -> int:
    """``value`` if it is an int (not a bool) from ``low`` to ``high`` (None: no bound)."""
    if not isinstance(value, int) or isinstance(value, bool) \
            or (low is not None and value < low) or (high is not None and value > high):
        raise BadArgument(f"{name} is {what}{_bounds(low, high)}, not {brief(value)}")
    return value


def number(value: Any, name: str, low: float | None = None, high: float | None = None,
           what: str = "a number", above: bool = False) -> float:
    """``value`` as a float if it is a finite number (not a bool) from ``low`` to ``high``
    (``above``: strictly above ``low``)."""
    if not finite(value) or (low is not None and (value <= low if above else value < low)) \
            or (high is not None and value > high):
        bounds = f" above {low:g}" if above and high is None else _bounds(low, high)
        raise BadArgument(f"{name} is {what}{bounds}, not {brief(value)}")
    return float(value)


def one_of(value: Any, name: str, allowed: Iterable[Any]) -> Any:
    """``value`` if it is one of ``allowed`` (compared by type too: True is not 1)."""
    allowed = list(allowed)
    if not any(type(value) is type(a) and value == a for a in allowed):
        raise BadArgument(f"{name} is one of {', '.join(map(repr, allowed))}, "
                          f"not {brief(value)}")
    return value


def _bounds(low: float | None, high: float | None) -> str:
    if low is not None and high is not None:
        return f" from {low:g} to {high:g}"
    if low is not None:
        return f", {low:g} or more"
    if high is not None:
        return f", {high:g} or less"
    return ""
