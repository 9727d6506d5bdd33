"""A tiny turn-based game with a countdown, for the core's tests of ``Game.deadline``
(Froop!'s Speed) without depending on a real game: seats take turns saying "beat", each
within ``countdown`` seconds of the last decision, or the rules say "time" for them."""

from __future__ import annotations

from pondwidgets.core import BadNotation, Deadline, Game
from pondwidgets.core.widget import Board


class Beat(Game):
    NAME = "beat"
    TITLE = "Beat"
    MOVE = str

    def __init__(self, players: int = 2, *, countdown: float = 5.0, turns: int = 4,
                 hidden: bool = False, seed: int = 0, position=None, clock=None):
        players = self.take_players(players, lambda n: ["Ada", "Bob", "Cy"][:n])
        self.countdown, self.turns, self.hidden = countdown, turns, hidden
        super().__init__(seed=seed, position=position, clock=clock,
                         options={"players": players, "countdown": countdown,
                                  "turns": turns, "hidden": hidden})

    def _setup(self) -> None:
        self.said: list[str] = []

    def _normalize_position(self, position):
        return position

    @property
    def seats_to_act(self) -> tuple[int, ...]:
        return () if self.is_over else (len(self.said) % self.players,)

    @property
    def deadline(self) -> Deadline | None:
        seats = self.seats_to_act
        return Deadline(self.last_time + self.countdown, seats[0], "time") if seats else None

    @property
    def hides_hands(self) -> bool:
        return self.hidden

    def _legal(self, seat: int) -> list:
        return ["beat"]

    def _apply(self, move, seat: int) -> None:
        self.said.append(move)
        self._event(f"{self.seat_name(seat)} says {move}")
        if len(self.said) == self.turns:
            self.is_over = True

    def _parse(self, text: str):
        if text not in ("beat", "time"):
            raise BadNotation(f"{text!r} is neither 'beat' nor 'time'")
        return text

    def _why_illegal(self, move, seat: int) -> str:
        left = self.deadline.time - max(self.clock.now(), self.last_time)
        return f"{self.seat_name(seat)} still has {left:.1f} s"

    @property
    def phase(self) -> str:
        return "over" if self.is_over else "beat"

    def prompt(self, seat: int | None = None) -> str:
        return "Beat!"

    def _view(self, seat: int | None) -> dict:
        due = self.deadline
        countdown = None if due is None else {
            "seat": due.seat, "seconds": self.countdown,
            "left": round(due.time - max(self.clock.now(), self.last_time), 1)}
        return {"said": list(self.said), "countdown": countdown}


class BeatBoard(Board):
    TABLE_PLAY = True


class Thinker:
    """A bot that says "beat" after ``seconds`` (its ``delay``)."""

    def __init__(self, seconds: float):
        self.seconds = seconds

    def delay(self, game: Game, seat: int) -> float:
        return self.seconds

    def __call__(self, game: Game, seat: int) -> str:
        return "beat"
