"""The error types every game raises. All are ``ValueError`` subclasses, so a caller
that only knows "bad input" can catch ``ValueError``."""

import reprlib


class GameError(ValueError):
    """Base of every error a game raises on bad input; the game is unchanged after it."""


class IllegalMove(GameError):
    """A move the rules forbid now; the message names the rule. A text that is no move at
    all, in the game's notation, is a ``BadNotation`` instead."""


class BadNotation(GameError):
    """A text that does not read as a move in the game's notation (``"jump!"``, ``"Q
    a1-z9"``); the message says how moves are written. Nothing is played: the rules never
    saw a move (one the rules refuse is an ``IllegalMove``)."""


class BadPosition(GameError):
    """An explicit starting position that breaks the documented format or the rules."""


class BadSave(GameError):
    """A save that is damaged, tampered with, or from another game or format version."""


class BadArgument(GameError, TypeError):
    """A bad argument to a constructor or a function of the package — a wrong type, NaN,
    a number too big or out of range, a bool given for a number, a name given twice —
    whose message names the argument and says what it should be. Nothing is changed.
    It is a ``TypeError`` too, as Python's own wrong-type errors are, so a caller that
    catches either catches it."""


class BotError(GameError):
    """A bot that raised, or chose a move the rules refuse; the message names the bot and
    its ``seat``, the bot's own exception is its ``__cause__``, and the game is unchanged."""

    def __init__(self, message: str, seat: int) -> None:
        super().__init__(message)
        self.seat = seat

    def __reduce__(self) -> tuple[type["BotError"], tuple[str, int]]:
        # both arguments, so that an executor's task can send it back
        return type(self), (str(self), self.seat)


class _Short(reprlib.Repr):
    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 10_000:  # Python refuses to write an int of 4,300+ digits
            return f"<a whole number of about {int(x.bit_length() * 0.30103):,} digits>"
        return super().repr_int(x, level)


_SHORT = _Short()
_SHORT.maxlevel, _SHORT.maxstring, _SHORT.maxother = 3, 60, 60


def brief(value: object, limit: int = 40) -> str:
    """``repr(value)`` cut to ``limit`` characters, for error messages that quote input
    (a 1 MB string from a browser must not become a 1 MB message). ``reprlib`` stops at
    a few levels, so a value nested 10,000 deep is quoted as quickly as a short one."""
    text = _SHORT.repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"
