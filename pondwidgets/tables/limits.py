"""What one device may do at a table server, counted by its network address, so that no
student's device can swamp the room: the tables it creates and the bots it seats, the
connections it holds, and the join codes it tries that name no table.

A join code is 4 letters of 24 (``protocol.CODE_LETTERS``): 331,776 codes. With 15
tables open, one try in 22,000 finds one; at GUESSES tries a minute, a device alone
would need about 37 hours on average, and a class of 30 trying together over an hour.
That is why 4 letters are enough in a classroom: the limit, not the length, stops a
guesser, and a code stays short enough to read off a projector and type.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from .protocol import Refused

MOST_TABLES = 3  # tables a device has created that are not over
MOST_BOTS = 12  # bots seated at them, together (Froop! alone seats up to nine)
MOST_CONNECTIONS = 12  # connections open at once from one device (a few tabs each)
GUESSES = 10  # join codes that name no table, a device may try...
WINDOW = 60.0  # ...in this many seconds


class Window:
    """When each device last did a thing it may do ``most`` times in ``seconds`` (try a
    join code that names no table; sign in with a wrong key). Devices whose tries are all
    old are forgotten, so a flood of addresses costs no memory for long."""

    def __init__(self, most: int, seconds: float, devices: int = 1000) -> None:
        self.most, self.seconds, self.devices = most, seconds, devices
        self._tries: dict[str, deque[float]] = {}

    def full(self, device: str, now: float) -> bool:
        """Whether ``device`` has used up its tries for now."""
        tries = self._tries.get(device)
        while tries and tries[0] <= now - self.seconds:
            tries.popleft()
        if tries is not None and not tries:
            del self._tries[device]
            return False
        return tries is not None and len(tries) >= self.most

    def add(self, device: str, now: float) -> None:
        if device not in self._tries and len(self._tries) >= self.devices:
            self._tries = {d: t for d, t in self._tries.items()
                           if t and t[-1] > now - self.seconds}
        self._tries.setdefault(device, deque()).append(now)


class Devices:
    """Which device each connection is, and the tables each device created: the hall asks
    here before it creates a table, seats a bot or looks a join code up."""

    def __init__(self) -> None:
        self.of: dict[int, str] = {}  # connection -> its device (network address)
        self._made: dict[str, list[str]] = {}  # device -> codes of the tables it created
        self.guesses = Window(GUESSES, WINDOW)

    def connect(self, conn: int, device: str) -> None:
        self.of[conn] = device or f"connection {conn}"  # none: the connection is one

    def made(self, conn: int, live: Callable[[str], bool]) -> list[str]:
        """The codes of the live tables ``conn``'s device created (``live(code)``: still
        held, and not over), to which a new one is added; ``Refused`` at MOST_TABLES."""
        made = self._made.setdefault(self.of.get(conn, ""), [])
        made[:] = [code for code in made if live(code)]
        if len(made) >= MOST_TABLES:
            raise Refused(f"a device has at most {MOST_TABLES} tables it created at once: "
                          f"finish one first")
        return made

    def may_seat_bot(self, conn: int, bots: Callable[[str], int]) -> None:
        """``Refused`` if ``conn``'s device has MOST_BOTS bots at its tables (``bots(code)``:
        how many sit at a live one)."""
        if sum(map(bots, self._made.get(self.of.get(conn, ""), []))) >= MOST_BOTS:
            raise Refused(f"a device seats at most {MOST_BOTS} bots at its tables at once")


def too_many_guesses() -> str:
    return (f"this device tried {GUESSES} join codes in a minute that name no table: "
            f"wait a minute, and check the code with your teacher")
