"""Clocks injected into games. Real-time games (Rapidcroco, Froop!'s Speed and Panic)
read time only from their clock, so tests use :class:`ManualClock` and never sleep."""

import time


class SystemClock:
    """Seconds from the machine's monotonic clock."""

    def now(self) -> float:
        return time.monotonic()


class ManualClock:
    """A clock that moves only when told to: ``clock.advance(1.5)``."""

    def __init__(self, start: float = 0.0):
        self._now = float(start)

    def now(self) -> float:
        return self._now

    def advance(self, seconds: float) -> None:
        if seconds < 0:
            raise ValueError("a clock cannot go backwards")
        self._now += seconds

    def advance_to(self, time: float) -> None:
        """Move to ``time`` if it is later than now (a clock never goes backwards)."""
        self._now = max(self._now, float(time))

    def __repr__(self) -> str:
        return f"ManualClock(now={self._now!r})"
