"""A game that lives on a table server, as a kernel sees it: a stand-in for the game (the
part of ``Game`` a board uses) and for its table (``core.table``), so that a game's own
board draws a shared table as it draws a game in the kernel.

Everything here comes from the server's ``table`` messages, which hold the seat's own
view and the table's public facts: the stand-in knows nothing hidden, so nothing hidden can
leak from it. It decides nothing either: a move, an undo, a new game, Start and Next
round go to the server, which judges them; a refusal comes back as a message and shows on
the board as a refusal made here would. The server's clock stamps every decision and
times bots and countdowns, so nothing is timed here but the countdown's display.
"""

from __future__ import annotations

import copy
import time
from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..core.clock import SystemClock
from ..core.errors import GameError, IllegalMove, brief
from ..core.game import Game
from ..core.table import _Table
from ..games import Entry

if TYPE_CHECKING:
    from ..core.widget import Board


class RemoteGame:
    """The game of a shared table, for the seat this connection holds (None: a
    spectator): what a board reads of a game, from the server's last message."""

    def __init__(self, entry: Entry, seat: int | None, send: Callable[[dict[str, Any]], None],
                 message: dict[str, Any]) -> None:
        self.NAME, self.TITLE = entry.name, entry.title
        self.entry = entry
        self.seat = seat
        self.send = send
        self.clock = SystemClock()
        self.record: dict[str, Any] | None = None  # the game's account, once it is over
        self._observers: list[Callable[[Any], None]] = []
        self.message = message
        self.table = RemoteTable(self)

    def update(self, message: dict[str, Any]) -> None:
        """The server's new message: every board on this game draws it."""
        self.message = message
        if not message["view"]["is_over"]:
            self.record = None  # a former game's (New game): this one is not over yet
        self.table.received = time.monotonic()
        for observer in list(self._observers):
            observer(self)

    # -- what a board reads ----------------------------------------------------------------
    @property
    def _view(self) -> dict[str, Any]:
        view: dict[str, Any] = self.message["view"]
        return view

    @property
    def players(self) -> int:
        return len(self.message["seats"])

    @property
    def names(self) -> list[str]:
        return [seat["name"] for seat in self.message["seats"]]

    def seat_name(self, seat: int) -> str:
        return self.names[seat]

    @property
    def options(self) -> dict[str, Any]:
        return dict(self.message["options"])

    @property
    def seats_to_act(self) -> tuple[int, ...]:
        # A spectator acts for nobody: its board takes no move, whoever is to act.
        return tuple(self._view["to_act"]) if self.seat is not None else ()

    @property
    def is_over(self) -> bool:
        return bool(self._view["is_over"])

    @property
    def winners(self) -> list[int]:
        return list(self._view["winners"])

    @property
    def phase(self) -> str:
        return str(self._view["phase"])

    @property
    def undo_floor(self) -> int:
        return int(self._view["undo_floor"])

    @property
    def history(self) -> list[tuple[int, None]]:
        """Who made each decision (the log says it to everyone); the moves stay with the
        server, as some name what only their seat knew (the card Froop! gives)."""
        return [(mover, None) for mover in self.message["movers"]]

    @property
    def hides_hands(self) -> bool:
        return bool(self.message["hides_hands"])

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """This connection's seat's view, or what the whole table sees (None): the
        server sends both, and no other seat's."""
        if seat is None and self.seat is not None:
            view = self.message["spectator"]
        else:
            if seat != self.seat:
                raise GameError(f"this connection to the table sees seat {self.seat}'s view "
                                f"and the spectator's only, not {brief(seat)}'s")
            view = self._view
        return copy.deepcopy(view)  # the caller's own: a board adds its fields

    def prompt(self, seat: int | None = None) -> str:
        return str(self.view(seat)["prompt"])

    def legal_data(self, seat: int) -> list[dict[str, Any]]:
        legal: list[dict[str, Any]] = self.view(seat)["legal"]
        return legal

    # -- a game's own: what its board reads beyond the views (its telling.table_facts) --
    @property
    def _facts(self) -> dict[str, Any]:
        facts: dict[str, Any] = self.message.get("facts") or {}
        return facts

    def chance_odds(self, event: str | None = None, seat: int | None = None
                    ) -> dict[str, Fraction]:
        odds = self._facts.get("odds", {})
        if seat is not None or event not in odds:
            raise GameError(f"a shared table's board knows the odds of {', '.join(odds)} "
                            f"only, as the whole table knows them")
        return {outcome: Fraction(chance) for outcome, chance in odds[event].items()}

    @property
    def face_up(self) -> list[bool]:  # Croak!'s tiles
        return list(self._facts["face_up"])

    @property
    def backs(self) -> list[str]:
        return list(self._facts["backs"])

    def news_since(self, decisions: int) -> list[dict[str, Any]]:  # Kecke Frösche's news
        return [copy.deepcopy(news) for decision, news in self._facts["news"]
                if decision > decisions]

    def fresh(self, seen: int) -> bool:
        return True  # the server judges how fresh a request is, on its own game

    # -- what a board asks: the server decides -------------------------------------------------
    def _asks(self, kind: str, **fields: Any) -> None:
        self.send({"type": kind, **fields})

    def play(self, move: Any, seat: int | None = None) -> None:
        """Send a decision for this connection's seat; the server plays it or refuses it
        (the refusal then shows on the board)."""
        if self.seat is None:
            raise IllegalMove("a spectator watches: join with a seat to play")
        if seat is not None and seat != self.seat:
            raise IllegalMove(f"this connection plays for {self.seat_name(self.seat)} only")
        self._asks("move", move=move if isinstance(move, str) else str(move),
                   seen=int(self._view["decisions"]))

    def undo(self) -> None:
        self._asks("undo", seen=int(self._view["decisions"]))

    def restart(self, seed: int | None = None) -> None:
        if seed is not None:
            raise GameError("a shared table's new game draws its own seed on the server")
        self._asks("new_game", seen=int(self._view["decisions"]))

    def play_at(self, _time: float, _move: Any, _seat: int | None = None) -> None:
        raise GameError("at a shared table the server's clock stamps every decision")

    def to_dict(self) -> dict[str, Any]:
        """The game's account once it is over (no seed, every card as the log tells it);
        refused while it runs: a save would show every hidden card."""
        if self.record is None:
            raise GameError("a table's game is saved once it is over: until then a save "
                            "would show every hidden card")
        return dict(self.record)

    def subscribe(self, fn: Callable[[Any], None]) -> Callable[[], None]:
        self._observers.append(fn)
        return lambda: self._observers.remove(fn) if fn in self._observers else None

    def __repr__(self) -> str:
        seat = "a spectator" if self.seat is None else self.seat_name(self.seat)
        return f"<{self.TITLE} at table {self.message['code']}, as {seat}>"


Game.register(RemoteGame)  # a board takes it where it takes a game


class _ServerBots:
    """The bots of a shared table as a board reads its driver's: which seats they hold.
    They play on the server, so there is nothing to run here."""

    def __init__(self, game: RemoteGame) -> None:
        self.game = game
        self.refused: dict[int, int] = {}

    @property
    def bots(self) -> dict[int, str]:
        return {s: seat["bot"] for s, seat in enumerate(self.game.message["seats"])
                if seat["bot"] is not None}

    @property
    def stopped(self) -> str | None:
        stopped: str | None = self.game.message.get("stopped")
        return stopped

    def run(self, max_decisions: int | None = None) -> int:
        return 0  # the server plays its bots at the table's pace


class RemoteTable(_Table):
    """What the boards on a shared table's game share, read from the server: who is
    seated, Start, Next round, the countdown. Every request goes to the server."""

    def __init__(self, game: RemoteGame) -> None:  # (not _Table's: no driver, no timer)
        self.game: Any = game
        self.driver: Any = _ServerBots(game)
        self.boards: list[Board] = []
        self.received = time.monotonic()  # when the last message came: the countdown's
        self._unsubscribe = game.subscribe(self._changed)

    @property
    def _message(self) -> dict[str, Any]:
        message: dict[str, Any] = self.game.message
        return message

    def check_bots(self, seat: int | None, bots: dict[int, Any], replaced: list[Board]
                   ) -> None:
        if bots:
            raise GameError("a shared table's bots play on the server: its creator seats "
                            "them before the game begins")
        if seat != self.game.seat:
            raise GameError(f"this connection to the table holds "
                            f"{'no seat' if self.game.seat is None else self.game.seat}: "
                            f"a board on it shows that seat only")

    def join(self, board: Board) -> None:
        self.boards.append(board)

    def leave(self, board: Board) -> None:
        if board in self.boards:
            self.boards.remove(board)

    def _changed(self, game: Any) -> None:
        for board in list(self.boards):
            board._game_changed()

    def holding(self) -> bool:
        return bool(self._message.get("holding"))

    def waiting(self) -> bool:
        return bool(self._message.get("waiting"))

    @property
    def ready(self) -> list[Board]:  # type: ignore[override]
        ready = set(self._message.get("ready", []))
        return [board for board in self.boards if board.seat in ready]

    def unready_seats(self) -> list[int]:
        people = {s for s, seat in enumerate(self._message["seats"]) if seat["person"]}
        return sorted(people - set(self._message.get("ready", [])))

    def start(self, board: Board | None) -> None:
        self.game._asks("start")

    def release(self) -> None:
        self.game._asks("next_round", seen=int(self.game._view["decisions"]))

    def take_back(self, count: int) -> None:
        self.game.undo()  # one request: the server takes back the bots' decisions too

    def schedule(self) -> None:
        return None  # the server times bots and countdowns

    def countdown_left(self) -> float | None:
        countdown = self._message.get("countdown")
        if countdown is None:
            return None
        left = float(countdown["left"])
        if countdown["running"]:
            left -= time.monotonic() - self.received
        return round(max(0.0, left), 1)

    def countdown_running(self) -> bool:
        countdown = self._message.get("countdown")
        return bool(countdown and countdown["running"])
