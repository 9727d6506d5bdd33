"""The board base class: every game's anywidget board gets its sync mechanics here.

The rules model stays the single source of truth. Python owns every synced trait and
sends the board a view; the browser only asks, by messages that are checked here like
any untrusted input (see ``pondwidgets/core/README.md``, "Boards").
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any, ClassVar

import anywidget
import traitlets

from .bots import Bot, BotDriver
from .errors import GameError, IllegalMove, brief
from .game import Game

STATIC = Path(__file__).parent.parent / "static"

# What each message from the browser may hold, and of which type.
MESSAGES: dict[str, dict[str, type]] = {
    "move": {"move": str, "decisions": int},
    "undo": {"decisions": int},
    "option": {"name": str, "value": bool},
    "ready": {},
}
# Fields a message may leave out: on a board where several people race at one screen, a
# move names the person making it (the one who pressed their key or click zone).
OPTIONAL: dict[str, dict[str, type]] = {"move": {"seat": int}}
LONGEST_MOVE = 100  # characters; no game's notation comes near it


class Board(anywidget.AnyWidget):
    """A live board on one game. A game's subclass sets ``_esm``/``_css`` and, if it
    needs them, ``OPTIONS``, ``TABLE_PLAY`` and ``_extras``."""

    view = traitlets.Dict().tag(sync=True)
    seat = traitlets.Int(None, allow_none=True).tag(sync=True)
    error = traitlets.Dict().tag(sync=True)
    options = traitlets.Dict().tag(sync=True)

    OPTIONS: ClassVar[dict[str, bool]] = {}  # display options the board offers: defaults
    # A board with seat=None plays for every seat no bot plays (hot-seat). Only for games
    # whose players hide nothing from each other: it shows the acting seat's view.
    TABLE_PLAY: ClassVar[bool] = False

    def __init__(self, game: Game, *, seat: int | None = None,
                 bots: dict[int, Bot] | None = None, bot_delay: float = 0.8, **options):
        if seat is not None:
            game._check_seat(seat)
        unknown = set(options) - set(self.OPTIONS)
        if unknown:
            raise TypeError(f"unknown board options {sorted(unknown)}; this board offers "
                            f"{sorted(self.OPTIONS)}")
        self.game = game
        self.driver = BotDriver(game, bots or {}, pace=bot_delay)
        if seat in self.driver.bots:
            raise GameError(f"seat {seat} is played by a bot; a board plays a person's seat")
        self.bot_delay = bot_delay
        self._ready = False
        self._errors = 0
        super().__init__(seat=seat, options={**self.OPTIONS, **options})
        self._unsubscribe = game.subscribe(self._game_changed)
        self.on_msg(self._on_browser_message)
        self.observe(lambda _change: self._refresh(), names=["seat", "options"])
        self._refresh()

    # -- what the board shows ------------------------------------------------------------
    def people(self) -> list[int]:
        """The seats whose moves this board accepts now: its own seat when it may act or,
        for a table-play board, every seat no bot plays that may act (one in turn-based
        play, several in a race at one screen)."""
        bots = self.driver.bots
        acting = [s for s in self.game.seats_to_act if s not in bots]
        if self.seat is not None:
            return [self.seat] if self.seat in acting else []
        return acting if self.TABLE_PLAY else []

    def playing(self) -> int | None:
        """The first seat whose moves this board accepts now, if any."""
        people = self.people()
        return people[0] if people else None

    def _refresh(self) -> None:
        playing = self.playing()
        shown = self.seat if self.seat is not None else playing
        view = self.game.view(shown)
        if playing is None:
            view["legal"] = []
        view["playing"] = playing
        people = self.people()
        view["people"] = people
        # Each person's own legal moves: at one screen they may differ (a racer may not
        # arrest a Croc of their own), and the JS only draws what Python lists.
        view["legal_of"] = {str(s): [str(m) for m in self.game.legal_moves(s)]
                            for s in people}
        view["bots"] = sorted(self.driver.bots)
        view.update(self._extras())
        self.view = view

    def _extras(self) -> dict[str, Any]:
        """Game-specific display data, from public information only."""
        return {}

    def _game_changed(self, _game: Game) -> None:
        self.error = {}  # an error speaks of the position before this change
        self._refresh()
        self._schedule_bots()

    def _show_error(self, text: str) -> None:
        self._errors += 1
        self.error = {"text": text, "serial": self._errors}

    # -- the browser asks ----------------------------------------------------------------
    def _on_browser_message(self, _widget, content: Any, _buffers) -> None:
        try:
            self._answer(content)
        except GameError as err:
            self._show_error(str(err))

    def _answer(self, content: Any) -> None:
        if not isinstance(content, dict) or content.get("type") not in MESSAGES:
            raise IllegalMove(f"the board sent a message this widget does not know: "
                              f"{brief(content)}")
        kind = content["type"]
        fields = MESSAGES[kind]
        optional = OPTIONAL.get(kind, {})
        extra = set(content) - set(fields) - set(optional) - {"type"}
        if extra:
            raise IllegalMove(f"a {kind!r} message has no field {brief(sorted(extra))}")
        wanted_fields = {**fields, **{k: v for k, v in optional.items() if k in content}}
        for name, wanted in wanted_fields.items():
            value = content.get(name)
            if type(value) is not wanted:  # JSON gives exact types; True is no decision count
                raise IllegalMove(f"the {kind!r} message's {name!r} should be a "
                                  f"{wanted.__name__}, not {brief(value)}")
        if kind == "ready":
            self._ready = True
            self._schedule_bots()
        elif kind == "option":
            if content["name"] not in self.OPTIONS:
                raise IllegalMove(f"this board has no option {brief(content['name'])}")
            self.options = {**self.options, content["name"]: content["value"]}
        else:
            self._check_fresh(content["decisions"])
            if kind == "move":
                self._move(content["move"], content.get("seat"))
            else:
                self.undo()

    def _check_fresh(self, decisions: int) -> None:
        if not self.game.fresh(decisions):
            raise IllegalMove("the game moved on while you were choosing (the board has "
                              "been updated): look again and choose again")

    def _move(self, move: str, seat: int | None) -> None:
        if len(move) > LONGEST_MOVE:
            raise IllegalMove(f"a move is a short text like 'Q a1-b2', not {len(move):,} "
                              f"characters")
        people = self.people()
        if not people:
            if self.game.is_over:
                raise IllegalMove("the game is over")
            waiting = ", ".join(self.game.seat_name(s) for s in self.game.seats_to_act)
            raise IllegalMove(f"it is not your turn: {waiting} is to play")
        if seat is None:
            if len(people) > 1:
                raise IllegalMove("several people may act now: press your own key or "
                                  "button first, so the board knows who it is")
            seat = people[0]
        elif seat not in people:
            raise IllegalMove(f"{brief(seat)} is not a seat this board may play for now")
        self.game.play(move, seat)

    def undo(self) -> None:
        """Take back this board's last decision and the bot decisions after it — never
        past ``game.undo_floor``, so a reveal or a chance event cannot be taken back."""
        history, bots = self.game.history, self.driver.bots
        count = 0
        while count < len(history) and history[-1 - count][0] in bots:
            count += 1
        if count == len(history):
            raise IllegalMove("there is no move of yours to take back")
        if len(history) - count - 1 < self.game.undo_floor:
            raise IllegalMove("a tile was turned over since that move: nobody may peek "
                              "and take it back")
        with self.hold_sync():
            for _ in range(count + 1):
                self.game.undo()

    # -- bots ------------------------------------------------------------------------------
    def run_bots(self) -> int:
        """Let the bots play now, synchronously (scripts, tests, notebooks)."""
        return self.driver.run()

    def _schedule_bots(self) -> None:
        """Once a view is showing, time the next bot decision on the kernel's asyncio loop:
        its plan's time (a racing bot's reaction time, or ``bot_delay`` seconds after the
        last change, so people can follow it)."""
        if not self._ready:
            return
        now = self.game.clock.now()
        due = self.driver.refresh(now)
        if self._bot_timer is not None:
            self._bot_timer.cancel()
            self._bot_timer = None
        if due is None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no loop (a plain script): run_bots() is the way there
        self._bot_timer = loop.call_later(max(0.0, due - now), self._bot_step)

    def _bot_step(self) -> None:
        self._bot_timer = None
        try:
            if not self.driver.step():
                return
        except GameError as err:  # a student's bot chose an illegal move: say so
            self._show_error(str(err))
        self._schedule_bots()  # a refused bot must not stall the others

    # -- python-only traits ----------------------------------------------------------------
    def set_state(self, sync_data: dict[str, Any]) -> None:
        """Refuse every trait write from the browser and put the Python values back."""
        refused = sorted(sync_data)
        if refused:
            self.send_state(refused)
            self._show_error(f"the board cannot change {', '.join(refused)}: it is set "
                             f"from Python")

    _unsubscribe = None  # set once the board follows its game
    _bot_timer = None

    def close(self) -> None:
        """Stop following the game (a closed board neither draws nor moves bots)."""
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        if self._bot_timer is not None:
            self._bot_timer.cancel()
        super().close()

    def __repr__(self) -> str:
        seat = "every free seat" if self.seat is None else f"seat {self.seat}"
        bots = f", bots at {sorted(self.driver.bots)}" if self.driver.bots else ""
        return f"<{type(self).__name__} for {seat}{bots}: {self.game!r}>"
