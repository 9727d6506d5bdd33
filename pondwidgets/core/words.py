"""Small helpers for the games' English: counts and lists of names in messages and logs."""

from __future__ import annotations

import math


def plural(n: int, word: str) -> str:
    """``1 card``, ``2 cards``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def time_left(seconds: float) -> str:
    """How long is left, never rounded to nothing: tenths of a second rounded up
    (``0.4 s``, ``12.5 s``), and under a tenth milliseconds rounded up (``1 ms``), so a
    decision a millisecond early never reads "0.0 s"."""
    if seconds >= 0.1:
        return f"{math.ceil(seconds * 10 - 1e-6) / 10:.1f} s"
    return f"{max(1, math.ceil(seconds * 1000 - 1e-6))} ms"


def listed(names: list[str]) -> str:
    """``Ada``, ``Ada and Bob``, ``Ada, Bob and Cleo``."""
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]
