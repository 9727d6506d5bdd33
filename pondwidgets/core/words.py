"""Small helpers for the games' English: counts and lists of names in messages and logs,
and the lines a board says to its own person ("Your turn: …", "You win!")."""

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


# -- speaking to the person at a board ----------------------------------------------------
# A board shows the game as one seat reads it (``Game.prompt(seat)``): its own person is
# "you" there ("Your turn: roll the die.", "You win!"), and everyone else keeps their name.
# A player called "You" would read "You wins": the games build these lines from here.

_IRREGULAR = {"is": "are", "was": "were", "has": "have", "does": "do", "goes": "go"}


class Who(str):
    """The subject of a sentence, as one seat reads it: ``Ada``, ``you``, ``Ada and Bob``,
    ``you and Bob``. ``does`` makes a verb agree with it ("wins" → "win" for "you")."""

    plural: bool  # the verb goes as with "they": several seats, or "you"

    def __new__(cls, text: str, plural: bool = False) -> Who:
        subject = super().__new__(cls, text)
        subject.plural = plural
        return subject

    def does(self, verb: str) -> str:
        """``verb``, written as it goes with one name ("wins", "has", "rolls"), made to
        agree with this subject: "win", "have", "roll" for "you" or for several."""
        if not self.plural:
            return verb
        if verb in _IRREGULAR:
            return _IRREGULAR[verb]
        if verb.endswith("ies"):
            return verb[:-3] + "y"
        if verb.endswith(("ches", "shes", "sses", "xes")):
            return verb[:-2]
        return verb[:-1] if verb.endswith("s") else verb


def who(names: list[str], seats: list[int] | tuple[int, ...], you: int | None = None) -> Who:
    """The seats ``seats`` as the subject of a sentence read by seat ``you`` (None: by
    someone who plays none of them): "Ada", "Ada and Bob", "you", "you and Bob"."""
    first = [s for s in seats if s == you]  # "you and Bob", never "Bob and you"
    words = ["you" for _ in first] + [names[s] for s in seats if s != you]
    return Who(listed(words), len(seats) > 1 or bool(first))


def capital(text: str) -> str:
    """``text`` with a capital first letter, to begin a sentence ("you win" → "You win")."""
    return text[:1].upper() + text[1:]


def turn(name: str, you: bool, text: str) -> str:
    """The status line for the person whose turn begins: "Your turn: roll the die." on
    their own board (``you``), "Ada: roll the die." for everyone else. ``text`` speaks to
    that person ("your frog")."""
    return f"Your turn: {text}" if you else f"{name}: {text}"


def told(name: str, you: bool, text: str) -> str:
    """A line said to one person in the middle of their turn: "You rolled a 5. Pick a
    pad." on their own board (``you``), "Ada: you rolled a 5. Pick a pad." for everyone
    else."""
    return capital(text) if you else f"{name}: {text}"


def won(names: list[str], winners: list[int] | tuple[int, ...], you: int | None = None
        ) -> str:
    """Who won, as seat ``you`` reads it: "Ada wins", "you win", "Ada and Bob share the
    win", "you and Bob share the win" (no winner: "")."""
    if not winners:
        return ""
    subject = who(names, winners, you)
    return f"{subject} {subject.does('wins')}" if len(winners) == 1 \
        else f"{subject} share the win"
