"""Clocks injected into games. Real-time games (Rapidcroco, Froop!'s Speed and Panic)
read time only from their clock, so tests use :class:`ManualClock` and never sleep."""

import time
from typing import Protocol

from .arguments import finite
from .errors import BadArgument, GameError, brief


class Clock(Protocol):
    """What a game's ``clock`` argument is: anything with a ``now()`` in seconds."""

    def now(self) -> float: ...


class SystemClock:
    """Seconds from the machine's monotonic clock."""

    def now(self) -> float:
        return time.monotonic()


def seconds(value: object, what: str) -> float:
    """``value`` as a finite number of seconds, or GameError naming ``what`` it should be
    (a NaN, an infinity or a number no float holds, stamped on a decision, would make
    the game unsaveable). The error is a BadArgument (a GameError)."""
    if not finite(value):
        raise BadArgument(f"{what} is a finite number of seconds, not {brief(value)}")
    return float(value)


class ManualClock:
    """A clock that moves only when told to: ``clock.advance(1.5)``."""

    def __init__(self, start: float = 0.0) -> None:
        self._now = seconds(start, "a clock's start")

    def now(self) -> float:
        return self._now

    def advance(self, by: float) -> None:
        by = seconds(by, "the time a clock advances by")
        if by < 0:
            raise GameError("a clock cannot go backwards")
        self._now = seconds(self._now + by, "the time a clock advances to")  # 1e308 twice: inf

    def advance_to(self, time: float) -> None:
        """Move to ``time`` if it is later than now (a clock never goes backwards)."""
        self._now = max(self._now, seconds(time, "the time a clock advances to"))

    def __repr__(self) -> str:
        return f"ManualClock(now={self._now!r})"
