"""The table every board on one game shares: the game's one bot driver and the timer of its
next bot decision, the Start that a game against the clock waits for, and its countdowns.
``Board`` joins it (``core.widget``); ``boards_on`` lists the boards at it."""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING, Any, ClassVar

from .bots import Bot, BotDriver, bot_name
from .consult import THREADS, Question
from .errors import BotError, GameError
from .game import Game

if TYPE_CHECKING:
    from .widget import Board


class _Table:
    """What every board on one game shares: the game's one bot driver (seating the bots
    of every open board), its one timer for the next bot decision, and one subscription to
    the game. Made by the first board on a game, dropped when the last one closes."""

    _open: ClassVar[dict[int, _Table]] = {}  # id(game) -> its table, while a board is open

    @classmethod
    def of(cls, game: Game) -> _Table:
        own = getattr(game, "table", None)
        if isinstance(own, _Table):  # a game played on a table server brings its own
            return own  # (tables.remote); a game's own "table" of anything else is not one
        table = cls._open.get(id(game))
        if table is None:
            table = cls._open[id(game)] = cls(game)
        return table

    def __init__(self, game: Game):
        self.game = game
        self.driver = BotDriver(game, {})
        self.boards: list[Board] = []
        self.timer: asyncio.TimerHandle | None = None
        # A student's bot asked in a thread of its own, and the timer of its budget: the
        # kernel's loop goes on answering while it thinks (core.consult).
        self.asking: tuple[Question, asyncio.TimerHandle] | None = None
        # The decision count at which a person last asked for the next round (Next round).
        self.released: int | None = None
        # A game against the clock starts once every board with people has said Start
        # (a board that passes the device says it with "I am …"): until then, held.
        self.begun = False
        self.ready: list[Board] = []
        self._start = (game.seed, game.started)  # which game this is: restart changes it
        self._unsubscribe = game.subscribe(self._changed)

    def check_bots(self, seat: int | None, bots: dict[int, Bot], replaced: list[Board]) -> None:
        """Refuse a new board whose seats clash with the open boards', but those it replaces."""
        for board in [b for b in self.boards if b not in replaced]:
            for bot_seat, bot in board.bots.items():
                if bot_seat == seat:
                    raise GameError(f"seat {seat} is played by a bot on another board of "
                                    f"this game: close that board first")
                if bot_seat in bots and bots[bot_seat] is not bot:
                    raise GameError(f"seat {bot_seat} already has a bot "
                                    f"({bot_name(bot)}) on another board of this game: "
                                    f"close that board first")
            if board.seat is not None and board.seat in bots:
                raise GameError(f"seat {board.seat} is played by a person on another board "
                                f"of this game")

    def join(self, board: Board) -> None:
        self.boards.append(board)
        self._seat_bots()
        if board.bots:
            self.driver.pace, self.driver.budget = board.bot_delay, board.bot_budget
        for other in self.boards:
            if other is not board:
                other._refresh()  # their bots and people may have changed

    def leave(self, board: Board) -> None:
        if board not in self.boards:  # closed already (ipywidgets closes again when freed)
            return
        self.boards.remove(board)
        if board in self.ready:
            self.ready.remove(board)
        if self.boards:
            self._seat_bots()
            if self.holding() and not self._unready():
                self.start(None)  # the one the others waited for has left
                return
            for other in self.boards:
                other._refresh()
            self.schedule()
            return
        self._cancel()
        self._drop_question()
        self._unsubscribe()
        type(self)._open.pop(id(self.game), None)

    def _restarted(self) -> None:
        """The game started again (``Game.restart``, a board's New game): no plan, refusal
        or stop of the old game holds, and the device goes round from the first seat."""
        self._cancel()
        self.released = None
        self.begun, self.ready = False, []  # a new race: everyone starts it again
        self.driver.plans.clear()
        self.driver.refused.clear()
        self.driver.stopped = None
        for board in self.boards:
            board._held = board._handed = None

    def _seat_bots(self) -> None:
        self.driver.bots = {seat: bot for board in self.boards
                            for seat, bot in board.bots.items()}

    def _changed(self, game: Game) -> None:
        self._drop_question()  # it was asked about the position before this change
        if (game.seed, game.started) != self._start:
            self._start = (game.seed, game.started)
            self._restarted()
        for board in list(self.boards):
            board._game_changed()
        self.schedule()

    def waiting(self) -> bool:
        """Whether the bots wait for a person to ask for the next round: a round has just
        been decided, only bots may start the next one, some seat is a person's, and
        nobody has asked yet. (A table of bots alone plays on: a demonstration.)"""
        game, bots = self.game, self.driver.bots
        if not game.between_rounds or game.is_over or self.released == len(game.history):
            return False
        to_act = game.seats_to_act
        return bool(to_act) and set(to_act) <= bots.keys() and len(bots) < game.players

    def _stations(self) -> list[Board]:
        """The boards at which people play."""
        return [board for board in self.boards if board._persons()]

    def _unready(self) -> list[Board]:
        return [board for board in self._stations() if board not in self.ready]

    def holding(self) -> bool:
        """Whether a game against the clock waits for its people to press Start: not begun,
        not over, with a board of people at the table. (A table of bots alone starts at
        once: a demonstration.)"""
        return not self.begun and self.game.against_the_clock and not self.game.is_over \
            and bool(self._stations())

    def unready_seats(self) -> list[int]:
        """The people's seats whose board has not pressed Start, in seat order."""
        seats: set[int] = set()
        for board in self._unready():
            seats |= board._persons()
        return sorted(seats)

    def start(self, board: Board | None) -> None:
        """``board``'s people are ready (None: nobody new, a board that waited left). Once
        every board of people is, the game goes on from now (``Game.resume``) and the bots
        plan from now: the race or the countdown starts for everyone at once."""
        if board is not None and board not in self.ready:
            self.ready.append(board)
        if not self._unready():
            self.begun = True
            self.game.resume()
            self._start = (self.game.seed, self.game.started)  # the same game, resumed
            self.driver.plans.clear()  # planned while held: they would all be due at once
        for each in self.boards:
            each.error = {}  # a refusal spoke of the wait
            each._refresh()
        self.schedule()

    def release(self) -> None:
        """A person asked for the next round: the bots to start it decide at the board's
        pace (``bot_delay``) from now — the people have had their time to read."""
        self.released = len(self.game.history)
        now = self.game.clock.now()
        for seat in self.game.seats_to_act:
            if seat in self.driver.bots:
                self.driver.plans[seat] = now + self.driver.pace
        for board in self.boards:
            board.error = {}  # a refusal spoke of the wait, which is over
            board._refresh()
        self.schedule()

    def take_back(self, count: int) -> None:
        """Undo ``count`` decisions (a board's undo, its rule checked: core.undoing)."""
        for _ in range(count):
            self.game.undo()

    def _tell(self, text: str) -> None:
        for board in self.boards:
            board._show_error(text)

    def _cancel(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None

    def schedule(self) -> None:
        """Once a view of any board is showing, time the next bot decision on the kernel's
        asyncio loop: its plan's time (a racing bot's reaction time, or ``bot_delay``
        seconds after the last change, so people can follow it)."""
        self._cancel()
        if self.asking is not None:
            return  # a bot is thinking in its thread: its answer schedules the next one
        if not any(board._ready for board in self.boards):
            return  # nbval, a script: run_bots() plays the bots
        if self.waiting() or self.holding():
            return  # the round's result stays until a person asks; or nobody has started
        now = self.game.clock.now()
        try:
            due = self.driver.refresh(now)
        except BotError as err:
            self._tell(self._waiting(err))
            due = self.driver.refresh(now)  # the others, the failed bot left out
        countdown = self.countdown_time()
        due = min((t for t in (due, countdown) if t is not None), default=None)
        if due is None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no loop (a plain script): run_bots() is the way there
        self.timer = loop.call_later(max(0.0, due - now), self._step)

    def countdown_time(self) -> float | None:
        """When the live table makes the rules' own decision for a person whose countdown
        runs out (``Game.deadline``): the game's deadline, counted from when that person
        took the device if later; None while a board waits for them to take it (their
        time has not begun), for a bot's seat (the driver times it) or with no deadline."""
        due = self.game.deadline
        if due is None or due.seat in self.driver.bots or self.holding():
            return None
        start = last = self.game.last_time
        for board in self.boards:
            if board.pass_to() == due.seat:
                return None
            if board._handed is not None and board._handed[0] == len(self.game.history):
                start = max(start, board._handed[1])
        return due.time + (start - last)

    def countdown_running(self) -> bool:
        """Whether the countdown runs now: not while the start is held, nor while a board
        waits for its person to take the device (the boards then show it whole, still)."""
        due = self.game.deadline
        if due is None or self.holding():
            return False
        return due.seat in self.driver.bots or self.countdown_time() is not None

    def countdown_left(self) -> float | None:
        """The seconds left on the countdown as the boards show it: the whole countdown
        while the device goes to its person, never below 0; None with no deadline."""
        due = self.game.deadline
        if due is None:
            return None
        when = self.countdown_time()
        if when is None and (due.seat not in self.driver.bots or self.holding()):  # not begun
            return round(due.time - self.game.last_time, 1)
        when = due.time if when is None else when
        return round(max(0.0, when - max(self.game.clock.now(), self.game.last_time)), 1)

    def _step(self) -> None:
        self.timer = None
        when, due = self.countdown_time(), self.game.deadline  # (a time: there is one)
        if when is not None and due is not None \
                and when <= min(self.driver.plans.values(), default=when):
            try:  # the person's countdown ran out: the rules decide for them (stamped at
                # the deadline even when the timer fires a hair early)
                self.game.play_at(max(when, self.game.clock.now()), due.move, due.seat)
                return  # the game changed, and _changed scheduled the next one
            except GameError as err:
                self._tell(str(err))
                return
        faults = self._faults()
        try:
            stepped = self.driver.step(apart=THREADS)
            if isinstance(stepped, Question):
                self._ask_apart(stepped, faults)
                return
            if stepped:
                self._tell_new_faults(faults)
                return  # the game changed, and _changed scheduled the next one
        except BotError as err:
            self._tell(self._waiting(err))
        if self.driver.stopped:
            self._tell(self.driver.stopped)
            return
        self.schedule()  # a failed bot must not stall the others

    def _ask_apart(self, question: Question, faults: dict[int, int]) -> None:
        """Ask a bot that is not the package's own in a thread of its own, so that the
        kernel keeps running cells and answering boards (and Interrupt works) while it
        thinks; its answer, or its budget running out, comes back on the loop."""
        loop = asyncio.get_running_loop()
        timer = loop.call_later(question.budget, self._answered, question, faults)
        self.asking = (question, timer)
        for board in self.boards:
            board._refresh()  # "Bob (a bot) is thinking…"

        def answered() -> None:  # in the bot's thread
            with contextlib.suppress(RuntimeError):  # the loop has closed: nobody waits
                loop.call_soon_threadsafe(self._answered, question, faults)

        question.start(answered)

    def _answered(self, question: Question, faults: dict[int, int]) -> None:
        """The bot asked apart has answered, or its time is up (it is then stopped, and
        that is its fault): play its move, or say what went wrong."""
        if self.asking is None or self.asking[0] is not question:
            return  # dropped: the game changed meanwhile, or answered already
        self._drop_question()
        failure = None
        try:
            if self.driver.settle(question):
                self._tell_new_faults(faults)
                return  # the game changed, and _changed scheduled the next one
        except BotError as err:
            failure = err
        for board in self.boards:
            board._refresh()  # no longer thinking: the status says what it waits for
        if failure is not None:  # after the view: a board clears a message a view outdates
            self._tell(self._waiting(failure))
        self.schedule()

    def _drop_question(self) -> None:
        """Forget the bot asked apart, stopping it if it is still thinking."""
        if self.asking is None:
            return
        question, timer = self.asking
        self.asking = None
        timer.cancel()
        if not question.finished.is_set():
            question.stop()

    def _faults(self) -> dict[int, int]:
        """How many mistakes each bot seat's bot has made and recovered from (a bot with
        a ``faults`` list: ``core.bots.Guarded``)."""
        return {seat: len(faults) for seat, bot in self.driver.bots.items()
                if isinstance(faults := getattr(bot, "faults", None), list)}

    def _tell_new_faults(self, before: dict[int, int]) -> None:
        """A guarded bot's mistake, said on the boards: its print would land in no cell,
        as the bots play from the kernel's loop, not from a cell that runs."""
        for seat, count in self._faults().items():
            if count > before.get(seat, count):
                guarded: Any = self.driver.bots[seat]
                fault = guarded.faults[-1]
                self._tell(f"{fault[0].upper()}{fault[1:]}. A random legal move was played "
                           f"instead.")

    def _waiting(self, err: BotError) -> str:
        text = str(err)
        waits = f" The game waits for {self.game.seat_name(err.seat)}." \
            if self.game.seats_to_act == (err.seat,) else ""
        return (f"{text[0].upper()}{text[1:]}.{waits} Fix the bot and run the board's cell "
                f"again; run_bots() shows where it failed.")


def boards_on(game: Game) -> list[Board]:
    """The boards open on ``game`` now, of every game's class, in the order they opened
    (they share one table: its bots and its timer). A new list, the caller's own. For a
    game's board that checks the others before it opens (Froop!'s refuses a hot-seat
    Panic board that would seat two people at one screen)."""
    table = _Table._open.get(id(game))
    return list(table.boards) if table is not None else []
