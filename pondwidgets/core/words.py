"""Small helpers for the games' English: counts and lists of names in messages and logs."""

from __future__ import annotations


def plural(n: int, word: str) -> str:
    """``1 card``, ``2 cards``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def listed(names: list[str]) -> str:
    """``Ada``, ``Ada and Bob``, ``Ada, Bob and Cleo``."""
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]
