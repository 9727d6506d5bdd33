"""A tiny racing game for the core's tests: several seats may act at once, as in
Rapidcroco, without depending on a real racing game."""

from __future__ import annotations

from pondwidgets.core import BadNotation, Game
from pondwidgets.core.widget import Board


class Tap(Game):
    """Every seat taps once, all racing from the start; the first tap wins."""

    NAME = "tap"
    TITLE = "Tap"
    MOVE = str

    def __init__(self, players: int = 2, *, seed: int = 0, position=None, clock=None):
        players = self.take_players(players, lambda n: [f"seat {s}" for s in range(n)])
        super().__init__(seed=seed, position=position, clock=clock,
                         options={"players": players})

    def _setup(self) -> None:
        self.tapped: list[int] = []

    def _normalize_position(self, position):
        return position

    @property
    def seats_to_act(self) -> tuple[int, ...]:
        return () if self.is_over else tuple(s for s in range(self.players)
                                             if s not in self.tapped)

    def _legal(self, seat: int) -> list:
        return ["tap"]

    def _apply(self, move, seat: int) -> None:
        self.tapped.append(seat)
        self._event(f"seat {seat} taps")
        if len(self.tapped) == self.players:
            self.is_over, self.winners = True, (self.tapped[0],)

    def _parse(self, text: str):
        if text != "tap":
            raise BadNotation(f"{text!r} is not 'tap'")
        return text

    @property
    def phase(self) -> str:
        return "over" if self.is_over else "tap"

    def prompt(self, seat: int | None = None) -> str:
        return "Tap!"

    def _view(self, seat: int | None) -> dict:
        return {"tapped": list(self.tapped)}


class TapBoard(Board):
    """A hot-seat board on Tap: everyone races at one screen."""

    TABLE_PLAY = True


class Slow:
    """A racing bot that taps after ``seconds`` (its ``delay``)."""

    def __init__(self, seconds: float):
        self.seconds = seconds

    def delay(self, game: Game, seat: int) -> float:
        return self.seconds

    def __call__(self, game: Game, seat: int) -> str:
        return "tap"


class Forever(Tap):
    """Seats 0 and 1 take turns saying 'on' for ever: the bots-only game that never ends.
    A third seat, if any, never acts (a person whose Queen was eaten, say)."""

    NAME = "forever"

    @property
    def seats_to_act(self) -> tuple[int, ...]:
        return (len(self.history) % 2,)

    def _legal(self, seat: int) -> list:
        return ["on"]

    def _apply(self, move, seat: int) -> None:
        self._event(f"seat {seat} goes on")

    def _parse(self, text: str):
        if text != "on":
            raise BadNotation(f"{text!r} is not 'on'")
        return text
