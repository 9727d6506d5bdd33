"""Bots and the one bot driver every game uses.

A bot is any callable ``bot(game, seat)`` that returns a legal move (an object or its
notation) for that seat — a class like :class:`RandomBot`, or a plain function a student
writes. A bot that keeps its own random generator offers ``reseed(seed)`` so that
:func:`~pondwidgets.core.simulate.simulate` can make every game reproducible.
"""

from __future__ import annotations

import math
import random
import warnings
from collections.abc import Callable, Mapping
from typing import Any

from . import arguments
from .clock import seconds
from .consult import BUDGET, Fault, Question, own, said, thinks_apart
from .errors import BadArgument, BotError, GameError, brief
from .game import Deadline, Game, NoSuchSeat, why_not

# bot(game, seat) -> its move: a game's own bot takes that game's class, so Any for the game
Bot = Callable[[Any, int], Any]
LIMIT = 1000  # bot decisions in a row, with nobody else deciding, before the driver stops
SAID = 3  # faults a Guarded bot prints; the others are only kept (a tournament has many)


class BotsStopped(UserWarning):
    """The bots reached the driver's ``limit`` of decisions in a row and stopped."""


class SeededBot:
    """The base of every bot with a random generator of its own, ``self.rng``: made from
    ``seed``, and started again by ``reseed(seed)`` (``simulate`` reseeds each bot for
    each game, so a simulation is the same on every run). Its repr names its class only,
    so notebook outputs are stable."""

    def __init__(self, seed: int | None = None) -> None:
        self.reseed(seed)

    def reseed(self, seed: int | None) -> None:
        self.rng = random.Random(arguments.seed(seed))  # BadArgument, naming seed

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class RandomBot(SeededBot):
    """Picks uniformly among the legal moves."""

    def __call__(self, game: Game, seat: int) -> Any:
        return self.rng.choice(game.legal_moves(seat))


class Guarded(SeededBot):
    """A bot on trial — a student's, say — whose mistakes do not stop the game. The bot
    is asked at arm's length (``core.consult``): it is handed a copy holding only what
    its seat may know, and has ``budget`` seconds a decision. When it raises, takes too
    long, changes the game it was given, or returns something the rules refuse, the
    fault is printed (the first ``SAID`` of them), naming the bot, its seat and what went
    wrong, and kept in ``faults``; a random legal move is made in its place, so the game
    goes on. ``Guarded(my_bot)`` plays like ``my_bot`` otherwise, on a board (whose
    error line shows each fault), in ``simulate`` or in a tournament, named as
    ``my_bot``. (On an executor the faults are the workers'.)"""

    def __init__(self, bot: Bot, seed: int | None = None, budget: float = BUDGET) -> None:
        if not callable(bot):
            raise BadArgument(f"bot is a function bot(game, seat) or a bot object, not "
                              f"{brief(bot)}")
        self.bot = bot
        self.faults: list[str] = []
        self.budget = arguments.number(budget, "budget", 0, what="a number of seconds",
                                       above=True)
        self.__name__ = bot_name(bot)
        super().__init__(seed)

    def reseed(self, seed: int | None) -> None:
        super().reseed(seed)
        bot: Any = getattr(self, "bot", None)  # (SeededBot.__init__ reseeds before it is set)
        if hasattr(bot, "reseed"):
            bot.reseed(seed)

    def __call__(self, game: Game, seat: int) -> Any:
        legal = game.legal_moves(seat)
        try:
            move = Question(self.bot, game, seat, self.budget).ask()
        except Fault as fault:
            return self._fault(game, seat, str(fault), legal)
        if move in legal:
            return move
        why = why_not(game, move, seat)  # tried on a copy: the notation, parsed, may do
        if why == "allowed":
            return move
        return self._fault(game, seat, f"chose {brief(move)}, which the rules refuse: {why}",
                           legal)

    def _fault(self, game: Game, seat: int, what: str, legal: list[Any]) -> Any:
        fault = f"the bot {self.__name__} at seat {seat} ({game.seat_name(seat)}) {what}"
        self.faults.append(fault)
        if len(self.faults) <= SAID:
            more = " (Further faults are kept in .faults, not printed.)" \
                if len(self.faults) == SAID else ""
            print(f"{fault[0].upper()}{fault[1:]}. A random legal move is played instead."
                  f"{more}")
        return self.rng.choice(legal)


def bot_name(bot: Bot) -> str:
    """How messages name a bot: a function by its name, an object by its own repr, else by
    its class (never a memory address, so notebook outputs stay the same)."""
    name = getattr(bot, "__name__", None)
    if isinstance(name, str):
        return name
    own_repr: object = type(bot).__repr__  # its class's, unbound
    if own_repr is not object.__repr__:
        return brief(bot, 60)
    return type(bot).__name__


class BotDriver:
    """Lets the bot seats of one game act when the rules and their timing say so.

    Each bot seat that may act gets a *plan*: a time at which it will decide. A bot with
    a ``delay(game, seat)`` method (a racing bot's reaction time) sets that time itself;
    any other bot, or a delay of None (not racing now), takes ``pace`` seconds. A plan
    lasts while its seat may act — a rival's decision in a race does not restart anyone's
    thinking — and is dropped when the seat may no longer act. The earliest plan decides
    first.

    ``run()`` is the synchronous mode, for scripts, tests and notebooks: it plays the plans
    in order in *simulated* time (each decision is stamped with its planned time, and a
    ``ManualClock`` is moved along), so outputs are the same on every run and nothing
    sleeps. The boards call ``refresh`` and ``step`` from the kernel's asyncio loop instead,
    at the real times.

    Bots can dodge each other for ever, so after ``limit`` decisions in a row with nobody
    else deciding the driver stops them and says so in ``stopped`` (None: no limit). A bot
    that raises, or chooses a move the rules refuse, raises :class:`BotError` naming it
    and its seat; its seat is then not planned again until the game changes.
    """

    def __init__(self, game: Game, bots: Mapping[int, Bot], pace: float = 0.0,
                 limit: int | None = LIMIT, budget: float = BUDGET) -> None:
        if not isinstance(game, Game):
            raise BadArgument(f"game is a game (CroakGame(2), …), not {brief(game)}")
        self.bots = checked_bots(game, bots)
        if limit is not None:
            arguments.whole(limit, "limit", 1, what="a whole number of decisions (or None)")
        self.game = game
        self.pace = arguments.number(pace, "pace", 0, what="a number of seconds")
        # the seconds a bot not the package's own may think over a decision (core.consult)
        self.budget = arguments.number(budget, "budget", 0, what="a number of seconds",
                                       above=True)
        self.limit = limit
        self.plans: dict[int, float] = {}  # bot seat -> when it decides (clock seconds)
        # bot seat -> the decision count when it failed: not planned again until the game
        # changes, so a faulty bot on a board does not retry in a loop
        self.refused: dict[int, int] = {}
        self.stopped: str | None = None  # why the bots stopped at the limit, if they did
        self._streak = 0  # decisions the bots made in a row, nobody else deciding
        self._made = len(game.history)  # the decision count after the driver's last one

    def refresh(self, now: float) -> float | None:
        """Drop the plans of seats that may no longer act, plan for bot seats that may
        (thinking from ``now``), and return the earliest planned time, if any. A bot whose
        ``delay`` fails gets no plan, and BotError is raised once the others are planned."""
        acting = set(self.game.seats_to_act) & self.bots.keys()
        for seat in [s for s in self.plans if s not in acting]:
            del self.plans[seat]
        decisions = len(self.game.history)
        failure = None
        for seat in sorted(acting - self.plans.keys()):
            if self.refused.get(seat) != decisions:
                failed = self._plan(seat, now)
                failure = failure or failed  # the first seat's error is raised
        if failure is not None:
            raise failure
        times = list(self.plans.values())
        due = self._countdown()
        if due is not None:
            times.append(due.time)
        return min(times, default=None)

    def _plan(self, seat: int, now: float) -> BotError | None:
        """Plan the decision of the bot at ``seat``, thinking from ``now``: after its
        ``delay`` if it has one, else the pace. A delay that fails plans nothing: the seat
        is refused until the game changes, and the error to raise is returned."""
        bot = self.bots[seat]
        try:  # a delay of None: this bot does not race now, so it keeps the pace
            wait = bot.delay(self.game, seat) if hasattr(bot, "delay") else None
            delay = self.pace if wait is None else seconds(wait, "a bot's delay")
        except Exception as err:  # a student's bot: any error is reported, not raised
            self.refused[seat] = len(self.game.history)
            return self._failure(seat, f"failed in delay(): {said(err)}", cause=err)
        self.plans[seat] = now + max(0.0, delay)
        return None

    def _countdown(self) -> Deadline | None:
        """The game's deadline (``Game.deadline``) when it falls on a bot seat: a bot too
        slow for a countdown runs out of time like anyone (a person's is the live table's)."""
        due = self.game.deadline
        return due if due is not None and due.seat in self.bots else None

    def bot_to_act(self) -> int | None:
        """The bot seat whose plan comes first (after a refresh), if any."""
        self.refresh(self.game.last_time)
        return min(self.plans, key=lambda s: (self.plans[s], s), default=None)

    def step(self, simulated: bool = False, apart: bool = False) -> bool | Question:
        """Let the bot whose plan comes first make one decision; False when no bot may act
        or the bots reached the limit. ``simulated``: stamp the decision with its planned
        time (and move a ManualClock there) rather than read the clock. ``apart`` (a
        board): when that bot is not the package's own, return its ``Question`` unasked,
        for the caller to ask in a thread and then ``settle``."""
        if len(self.game.history) != self._made:  # someone else decided, or undid
            self._streak, self.stopped = 0, None
            self._made = len(self.game.history)
        if self.limit is not None and self._streak >= self.limit:
            self.stopped = (f"The bots have made {self.limit:,} decisions in a row and the "
                            f"game goes on, so they stop here (bots can dodge each other for "
                            f"ever). run_bots() lets them play {self.limit:,} more.")
            return False
        seat = self.bot_to_act()
        countdown = self._countdown()
        if countdown is not None and (seat is None or countdown.time < self.plans[seat]):
            return self._time_out(countdown, simulated)
        if seat is None:
            return False
        due = self.plans.pop(seat)
        if simulated and hasattr(self.game.clock, "advance_to"):
            self.game.clock.advance_to(due)
        bot = self.bots[seat]
        if apart and thinks_apart(bot):
            return Question(bot, self.game, seat, self.budget)
        self._play(seat, self._ask(seat, bot, own(bot)), due if simulated else None)
        return True

    def _ask(self, seat: int, bot: Bot, mine: bool) -> Any:
        """The move of ``bot`` at ``seat``: called on the game when it is the package's own
        (``mine``), else asked at arm's length (``Question``); BotError when it fails, and
        the seat is refused until the game changes."""
        decisions = len(self.game.history)
        try:
            return bot(self.game, seat) if mine else \
                Question(bot, self.game, seat, self.budget).ask()
        except Fault as fault:  # at arm's length: slow, raised, or changed its copy
            self.refused[seat] = decisions
            raise self._failure(seat, str(fault)) from fault.__cause__
        except Exception as err:  # a student's bot: any error is reported, not raised
            self.refused[seat] = decisions
            raise self._failure(seat, f"raised {said(err)}") from err

    def settle(self, question: Question) -> bool:
        """Play the answer of a bot asked apart (``step(apart=True)``), once it has
        finished; False when the game moved on meanwhile (the answer is dropped, and the
        seat planned again). A fault raises BotError, as in ``step``."""
        seat = question.seat
        if len(self.game.history) != question.decisions or seat not in self.game.seats_to_act:
            return False
        try:
            move = question.verdict()
        except Fault as fault:
            self.refused[seat] = question.decisions
            raise self._failure(seat, str(fault)) from fault.__cause__
        self._play(seat, move, None)
        return True

    def _play(self, seat: int, move: Any, at: float | None) -> None:
        decisions = len(self.game.history)
        try:
            if at is not None:
                self.game.play_at(at, move, seat)
            else:
                self.game.play(move, seat)
        except GameError as err:
            raise self._refused_move(seat, move, err, decisions) from None
        self._streak += 1
        self._made = len(self.game.history)

    def _refused_move(self, seat: int, move: Any, err: GameError, decisions: int) -> BotError:
        self.refused[seat] = decisions
        return self._failure(seat, f"chose {brief(move)}, which the rules refuse: {err}")

    def _time_out(self, countdown: Deadline, simulated: bool) -> bool:
        """The countdown ran out before the bot decided: the rules decide for it."""
        self.plans.pop(countdown.seat, None)
        if simulated and hasattr(self.game.clock, "advance_to"):
            self.game.clock.advance_to(countdown.time)
        # Live: now, but never before the deadline (a timer may fire a hair early).
        at = countdown.time if simulated else max(countdown.time, self.game.clock.now())
        self.game.play_at(at, countdown.move, countdown.seat)
        self._streak += 1
        self._made = len(self.game.history)
        return True

    def run(self, max_decisions: int | None = None) -> int:
        """Play bot decisions, in simulated time, until a person must act, the game ends,
        ``max_decisions`` have been made or the bots reach the limit (a BotsStopped
        warning says so); returns how many were made."""
        most = math.inf if max_decisions is None else max_decisions
        made = 0
        self.refused.clear()  # asked again, a faulty bot is tried (and reported) again
        self._streak, self.stopped = 0, None
        while made < most:
            made += self._turns(most - made)
            if made >= most or self.game.is_over or not self.step(simulated=True):
                break
            made += 1
        if self.stopped:
            warnings.warn(self.stopped, BotsStopped, stacklevel=2)
        return made

    def _turns(self, most: float) -> int:
        """``step(simulated=True)`` at less cost, up to ``most`` times, while it would plan
        one seat alone: one bot seat's turn, no countdown (and, as ``run`` starts, no plan
        made, no seat refused, nobody else deciding): every decision of a turn-based
        simulation, where step's planning nearly doubled the cost of a random bot's
        decision (issue 29). The same plan (its ``delay``, or the pace), the same
        decisions at the same times, the same errors and limit; ``step`` goes on where
        this stops. How many were made."""
        game, history, times = self.game, self.game.history, self.game.times
        if self.plans or self.refused or len(history) != self._made:
            return 0
        # Each bot, whether it has a delay, and whether it is the package's own.
        asking = {seat: (bot, own(bot), hasattr(bot, "delay"))
                  for seat, bot in self.bots.items()}
        advance = getattr(game.clock, "advance_to", None)  # a ManualClock moves along
        pace = max(0.0, self.pace)  # as refresh plans it
        room = min(most, math.inf if self.limit is None else self.limit - self._streak)
        # a game that keeps Game's deadline never has one: not asked each decision
        timed = type(game).deadline is not Game.deadline
        made = 0
        try:
            while made < room:
                seats = game.seats_to_act
                if len(seats) != 1 or (timed and game.deadline is not None):
                    break
                seat = seats[0]
                asked = asking.get(seat)
                if asked is None:
                    break
                bot, mine, delays = asked
                last = times[-1] if times else game.started  # game.last_time, without a call
                if delays:  # planned as refresh plans it
                    failure = self._plan(seat, last)
                    if failure is not None:
                        raise failure
                    due = self.plans.pop(seat)
                else:
                    due = last + pace
                if due == math.inf:  # a pace of 1e308: play_at refuses the time, as step says
                    if delays:
                        self.plans[seat] = due  # step takes it from here
                    break
                if advance is not None:
                    advance(due)
                if mine:  # (_ask, spelt out for the package's own bot: one call less)
                    try:
                        move = bot(game, seat)
                    except Exception as err:  # reported, not raised: as _ask reports it
                        self.refused[seat] = len(history)
                        raise self._failure(seat, f"raised {said(err)}") from err
                else:
                    move = self._ask(seat, bot, mine)
                # play_at(due, ...) without its checks: due is a float, never before the last
                # decision (the pace and a delay are at least 0) and not infinite (above)
                game._at = due
                try:
                    game.play(move, seat)
                except GameError as err:
                    raise self._refused_move(seat, move, err, len(history)) from None
                finally:
                    game._at = None
                made += 1
        finally:  # the decisions made are the driver's, even if the next one failed
            self._made = len(history)
            self._streak += made
        return made

    def _failure(self, seat: int, what: str, cause: Exception | None = None) -> BotError:
        who = self.game.seat_name(seat)
        seat_said = f"seat {seat}" if who == f"seat {seat}" else f"seat {seat} ({who})"
        error = BotError(f"the bot {bot_name(self.bots[seat])} at {seat_said} {what}", seat)
        error.__cause__ = cause
        return error


def checked_bots(game: Game, bots: Any) -> dict[int, Bot]:
    """``bots`` as ``{seat: bot}``, each seat one of the game's and each bot callable, or
    BadArgument saying what is wrong."""
    if not isinstance(bots, Mapping):
        raise BadArgument(f"bots is a dictionary {{seat: bot}}, not {brief(bots)}")
    for seat, bot in bots.items():
        if not isinstance(seat, int) or isinstance(seat, bool) \
                or not 0 <= seat < game.players:
            raise NoSuchSeat(f"bots: {brief(seat)} is not a seat of this game (seats 0 to "
                             f"{game.players - 1})")
        if not callable(bot):
            raise BadArgument(f"bots: the bot at seat {seat} is a function bot(game, seat) "
                              f"or a bot object, not {brief(bot)}")
    return dict(bots)
