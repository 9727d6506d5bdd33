"""The base of every rules model: the contract of pondwidgets/core/README.md#a-game, written once.

A game subclass supplies the rules through a handful of hooks (``_setup``, ``_legal``,
``_apply``, ``_parse``, ``_why_illegal``, ``_view``); this class owns everything that must
work the same way in all five games: the seeded RNG, the record of decisions, undo and
save/load by replay, observers, and the shape of ``view(seat)``. Parts of it are written
beside it and bound as its methods: save and load in ``replay.py``, ``view(seat)``'s
common keys in ``telling.py``, the players, seed and clock it is made with in
``game_arguments.py``.

Undo and loading both *replay* the decisions from the start (the seed or the explicit
starting position). Replay is exact because every random choice comes from ``self.rng``,
and it makes a loaded game trustworthy: a save can only ever produce a position that the
rules reached, move by move.
"""

from __future__ import annotations

import copy as _copy
import math
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable
from fractions import Fraction
from typing import Any, ClassVar, NamedTuple, TypeVar

from . import game_arguments, replay, telling
from .clock import Clock, seconds
from .declaration import Moves, Options, Position
from .errors import BadArgument, GameError, IllegalMove, brief
from .game_arguments import LONGEST_NAME, clock_time, game_clock, game_seed
from .replay import MAX_SECONDS, SAVE_FORMAT
from .replay import digest_of as _digest
from .telling import Event
from .words import time_left

# The game's own, and what others import from here though it lives beside it: Event
# (telling.py), LONGEST_NAME (game_arguments.py), SAVE_FORMAT, MAX_SECONDS and the digest
# (replay.py).
__all__ = ["LONGEST_NAME", "MAX_SECONDS", "REPLAY_GRACE", "SAVE_FORMAT", "Deadline", "Event",
           "Game", "NoSuchSeat", "_digest", "why_not"]

# A save keeps each decision's time to the millisecond, so a countdown's decision taken
# right at its deadline may replay up to a millisecond (and a float's rounding) early.
REPLAY_GRACE = 0.002
_G = TypeVar("_G", bound="Game")  # a game's own class: CroakGame.from_dict gives a CroakGame


class NoSuchSeat(IllegalMove, BadArgument):
    """A seat that this game does not have (``-1``, ``"0"``, ``True``): an ``IllegalMove``
    when a move is played for it, as the contract says, and a ``BadArgument`` naming the
    seat for every other method that takes one (``view``, ``legal_moves``, ``seat_name``…)."""

class Deadline(NamedTuple):
    """A decision the rules make by themselves: ``seat`` must decide by ``time`` (clock
    seconds), or ``move`` is played for it (Froop!'s Speed countdown: ``time``)."""

    time: float
    seat: int
    move: Any


class Game(ABC):
    """Base class of the five rules models. See ``pondwidgets/core/README.md`` for the surface."""

    NAME: ClassVar[str] = ""  # written into saves, e.g. "croak"
    TITLE: ClassVar[str] = ""  # the game's name for people, e.g. "Croak!"
    PLAYERS: ClassVar[range] = range(2, 5)  # the player counts its rulebook allows
    # The game's declaration (core.declaration): its constructor's options, its kinds of
    # move and its explicit position's shape. VARIANTS comes from OPTIONS: each option a
    # teacher may turn on, with the values worth playing besides its default (the
    # conformance suite plays them).
    OPTIONS: ClassVar[Options] = Options()
    MOVES: ClassVar[Moves] = Moves()
    POSITION: ClassVar[Position | None] = None  # None: the game checks positions alone
    VARIANTS: ClassVar[dict[str, tuple[Any, ...]]] = {}
    SAVE_VERSION: ClassVar[int] = 2  # 2: each decision is saved with its time
    VIEW_EVENTS: ClassVar[int] = 8  # how many recent events a view carries
    MOVE: ClassVar[type]  # the game's move class
    # Attributes that only keep what the rules work out again when read (a cache): a
    # student's bot that fills them by asking has not changed the game (core.consult).
    CACHES: ClassVar[frozenset[str]] = frozenset({"_legal_cache"})
    players: int = 0  # the number of seats, set by take_players before Game.__init__
    names: list[str]  # each seat's name, for people
    phase: str  # the kind of decision awaited now (a game's own words), or its end
    is_over: bool
    now: float  # the time of the decision being applied

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.VARIANTS = cls.OPTIONS.variants()

    def __init__(self, *, seed: int | None = None, position: Any = None,
                 clock: Clock | None = None, options: dict[str, Any]) -> None:
        self.seed: int = game_seed(seed)
        self.options: dict[str, Any] = options  # JSON-safe; enough to rebuild the game
        self.clock: Clock = game_clock(clock)
        self._observers: list[Callable[[Game], None]] = []
        self.started: float = clock_time(self.clock)  # decision times are saved from it
        # the explicit start, its shape checked by the declaration, then normalized by the
        # game (its form is the game's own), or None
        if position is not None and self.POSITION is not None:
            self.POSITION.check(position, self.players)
        self.position: Any = self._normalize_position(position) if position is not None \
            else None
        self._restart()

    take_players = game_arguments.take_players  # checked alike in every game (game_arguments.py)

    # -- hooks a game implements ---------------------------------------------------------
    @abstractmethod
    def _setup(self) -> None:
        """Build the starting state from ``self.position`` or, if None, from ``self.rng``."""

    @abstractmethod
    def _normalize_position(self, position: Any) -> Any:
        """Validate an explicit starting position and return its complete JSON-safe form."""

    @abstractmethod
    def _legal(self, seat: int) -> list[Any]:
        """Every legal decision of ``seat`` now (only called for a seat in seats_to_act)."""

    @abstractmethod
    def _apply(self, move: Any, seat: int) -> None:
        """Carry out a legal decision, including every automatic consequence."""

    @abstractmethod
    def _parse(self, text: str) -> Any:
        """Text notation -> move object; raises BadNotation on a text that is no move of
        this game (whether the rules allow the move is ``play``'s to say)."""

    def _why_illegal(self, move: Any, seat: int) -> str:
        """Which rule forbids ``move`` for ``seat`` now (called only for illegal moves)."""
        return "that move is not among the legal moves now"

    def _why_waiting(self, seat: int) -> str:
        """Why ``seat`` may not decide now (called only for a seat not in seats_to_act)."""
        return f"it is not {self.seat_name(seat)}'s turn to decide"

    @abstractmethod
    def _view(self, seat: int | None) -> dict[str, Any]:
        """The game-specific part of ``view(seat)``: only what that seat may see."""

    @abstractmethod
    def prompt(self, seat: int | None = None) -> str:
        """What to do now, in plain English, as ``seat`` reads it (None: a spectator):
        the board's status line."""

    def _redraw_hidden(self, seat: int | None, rng: random.Random) -> None:  # noqa: B027
        """Redraw, in this copy, what ``seat`` cannot see, consistently with what it can
        (``sample_hidden``), from ``rng`` alone: sort what is pooled before shuffling, so
        that the sample never depends on the hidden order it replaces (a search bot would
        otherwise decide on what it may not know). A game whose only hidden information
        is chance to come (its ``rng``, already drawn afresh) leaves this as it is."""

    @property
    @abstractmethod
    def seats_to_act(self) -> tuple[int, ...]:
        """Every seat that may decide now: one in turn-based play, several in a race."""

    # -- the common surface --------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        """The one seat to decide now; None when the game is over or several seats race."""
        seats = self.seats_to_act
        return seats[0] if len(seats) == 1 else None

    @property
    def log(self) -> list[str]:
        """Every event so far, in plain English (the full account, hidden fronts included)."""
        return [e.text for e in self.events]

    def legal_moves(self, seat: int | None = None) -> list[Any]:
        """Every legal decision for ``seat`` (default: the current player), as move objects;
        ``str(move)`` is its notation. Empty when that seat may not act now. The list is the
        caller's own: popping from it or appending to it (a student's bot may) changes
        nothing, as ``play`` checks against the rules' list, kept here."""
        seat = seat if type(seat) is int and 0 <= seat < self.players else self._default_seat(seat)
        if seat is None or seat not in self.seats_to_act:
            return []
        if (cached := self._legal_cache.get(seat)) is None:
            cached = self._legal_cache[seat] = self._legal(seat)
        return list(cached)  # moves are immutable: a shallow copy is the caller's own

    def play(self, move: Any, seat: int | None = None) -> Any:
        """Make a decision for ``seat`` (default: the current player). ``move`` is a move
        object or its text notation. Raises IllegalMove, naming the rule, or BadNotation for
        a text that is no move, and leaves the game unchanged. Returns the move object
        played."""
        if self.is_over:
            raise IllegalMove("the game is over")
        seat = seat if type(seat) is int and 0 <= seat < self.players else self._default_seat(seat)
        if seat is None:
            raise IllegalMove("several seats may act now: say which seat is moving")
        if seat not in self.seats_to_act:
            raise IllegalMove(self._why_waiting(seat))
        if type(move) is not self.MOVE:  # (a move of the game's own class: nothing to check)
            if isinstance(move, str):
                move = self._parse(move)
            elif not isinstance(move, self.MOVE):
                raise IllegalMove(f"a move is a {self.MOVE.__name__} or its notation (a "
                                  f"string), not {brief(move)}")
        # A replay's or the bot driver's time, else the clock, never before the last decision.
        if (now := self._at) is None:  # (max and last_time, spelt out: play runs often)
            now, last = self.clock.now(), self.times[-1] if self.times else self.started
            now = last if last > now else now
        if (legal := self._legal_cache.get(seat)) is None:  # legal_moves(seat), seat checked
            legal = self._legal_cache[seat] = self._legal(seat)
        due = self.deadline
        # A time given (play_at: a save's decisions, undo and loading replay through it)
        # may be a save's, kept to the millisecond: the countdown's decision taken at its
        # deadline may come back up to a millisecond (and a float's rounding) before it.
        if due is not None and due.seat == seat and \
                now >= due.time - (REPLAY_GRACE if self._at is not None else 0.0):
            legal = [*legal, due.move]  # the countdown ran out: the rules' decision too
        try:
            index = legal.index(move)  # one scan: membership and the rules' own object
        except ValueError:
            index = -1
        if index < 0:
            if due is not None and due.seat == seat and move == due.move:
                raise IllegalMove(f"{self.seat_name(seat)} still has "
                                  f"{time_left(due.time - now)}")
            raise IllegalMove(self._why_illegal(move, seat))
        # The rules' own object from here on: a look-alike (1.0 for 1, True for 1) equals
        # a legal move but would break _apply, the notation or a save.
        move = legal[index]
        if not now - self.started < MAX_SECONDS:  # a save could not hold it (NaN too)
            raise IllegalMove(f"a decision {brief(now - self.started)} seconds after the "
                              f"start cannot be saved: a game lasts less than 10⁹ seconds")
        self._legal_cache.clear()  # _apply may fill it again for the next decision
        self.now = now
        self._apply(move, seat)
        self.history.append((seat, move))
        self.times.append(self.now)
        if self._observers:  # (a search's copies have none: spared the call)
            self._notify()
        return move

    def play_at(self, time: float, move: Any, seat: int | None = None) -> Any:
        """``play`` with the decision's time given instead of read from the clock: for
        replays and for the bot driver's simulated time (``BotDriver.run``)."""
        if time.__class__ is not float or not math.isfinite(time):  # a float costs no check
            try:
                time = seconds(time, "a decision's time")
            except GameError as err:
                raise IllegalMove(str(err)) from None
        self._at = max(time, self.last_time)
        try:
            return self.play(move, seat)
        finally:
            self._at = None

    _at: float | None = None  # the time play stamps, when given (play_at; BotDriver.run too)

    @property
    def last_time(self) -> float:
        """When the last decision was made (the game's start before any), clock seconds."""
        return self.times[-1] if self.times else self.started

    def fresh(self, seen: int) -> bool:
        """Whether a request made while looking at the game after ``seen`` decisions still
        applies now. Turn-based: only the latest picture. A race overrides this, as a
        rival's decision does not change what the person was looking for."""
        return seen == len(self.history)

    def undo(self) -> None:
        """Take back the last decision (and the automatic steps that followed it)."""
        self._not_sampled("undone")
        if not self.history:
            raise GameError("there is no decision to undo")
        kept = list(zip(self.history[:-1], self.times, strict=False))
        self._restart()
        self._replay([(seat, move, time - self.started) for (seat, move), time in kept])
        self._notify()

    def restart(self, seed: int | None = None) -> None:
        """Start this game again from its start — the same options, players, explicit
        position and clock — on a new seed (None: a fresh one, drawn from the system and
        never shown): a board's "New game". The same object, so every board on it and a
        notebook's ``game`` follow; the game that was is gone (save it first to keep it)."""
        self._not_sampled("started again")
        self.seed = game_seed(seed)
        self.started = self.clock.now()
        self._restart()
        self._notify()

    @property
    def undo_floor(self) -> int:
        """How many decisions must stay when undoing from a board: the number made up to the
        last reveal or chance event, so nobody peeks and takes it back
        (docs/design.md#undo-floors)."""
        return self._reveal_floor

    def copy(self: _G) -> _G:
        """An independent game in the same state (observers are not copied).

        It is ``copy.deepcopy`` with this class's own state copied first, into the
        ``memo`` that deepcopy hands every ``__deepcopy__`` (keyed by ``id()`` of the
        original): the record (``history``, ``times``, ``events``), the legal moves worked
        out, the generator, the observers (none) and the clock (shared, not copied). A game
        that writes its own ``__deepcopy__`` for speed takes those from ``memo`` and copies
        only its own state (Froop!'s)."""
        return self._copy_into({})

    def _copy_into(self: _G, memo: dict[int, Any]) -> _G:  # what memo holds already, kept
        observers, self._observers = self._observers, []
        # The search bots copy a game per simulation, so deepcopy's generic walk is spared
        # where it is known to be needless: the record's lists and the legal moves hold
        # immutable entries (moves and events are NamedTuples, times floats), shared; the
        # generator is copied by its state (a tuple) rather than walked number by number.
        memo.update({id(kept): list(kept) for kept in (self.history, self.times, self.events)})
        if id(self._legal_cache) not in memo:  # (a sample brings its own, empty)
            memo[id(self._legal_cache)] = {s: list(m) for s, m in self._legal_cache.items()}
        memo[id(self._observers)] = []
        memo[id(self.clock)] = self.clock  # one clock for a game and its copies
        if id(self.rng) not in memo and type(self.rng) is random.Random:  # (or scripted dice)
            memo[id(self.rng)] = twin_rng = random.Random(0)  # (0: not seeded by the system)
            twin_rng.setstate(self.rng.getstate())
        try:
            twin = _copy.deepcopy(self, memo)
        finally:
            self._observers = observers
        twin.clock = self.clock
        return twin

    def subscribe(self, fn: Callable[[Game], None]) -> Callable[[], None]:
        """Call ``fn(game)`` after every change; returns a function that unsubscribes."""
        self._observers.append(fn)
        return lambda: self._observers.remove(fn) if fn in self._observers else None

    def seat_name(self, seat: int) -> str:
        return self.names[self._check_seat(seat)]

    def chance_odds(self, event: str | None = None, seat: int | None = None
                    ) -> dict[Any, Fraction]:
        """The exact chance of each outcome of a chance event the game names (``event``:
        each game documents its own, e.g. Croak!'s face-down tile at ``"c3"``), as ``seat``
        may know it (None: what the whole table knows): ``{outcome: Fraction}``, adding up
        to 1. The notebooks compare it with simulations, and the search bots sample it."""
        raise GameError(f"{self.TITLE} names no chance event")

    def sample_hidden(self: _G, seat: int | None, rng: random.Random) -> _G:
        """A copy of this game in which everything ``seat`` cannot see now (None: what no
        one at the table sees) is drawn afresh from ``rng``, consistently with what it can
        see: its ``view(seat)`` and legal moves are the same, what is hidden may differ.
        Chance to come is redrawn too. For search bots (determinization) and the twin
        tests of hidden information. The copy plays forward only: it cannot be saved or
        undone, as its seed no longer rebuilds it."""
        if seat is not None:
            self._check_seat(seat)
        if not isinstance(rng, random.Random):
            raise BadArgument(f"rng is a random generator (random.Random(seed)), not "
                              f"{brief(rng)}")
        # The seed and an explicit starting position would rebuild every hidden card, and
        # the log's full account names some: a sample keeps neither, and the log as the
        # views tell it. Chance to come is its own: a generator seeded from ``rng``, not a copy.
        seed = rng.getrandbits(64)
        twin = self._copy_into({id(self.rng): random.Random(seed), id(self._legal_cache): {}})
        twin.seed, twin.position = seed, None
        if type(twin)._front_shown is not Game._front_shown:  # (the default shows them all)
            twin.events = [event if event.covered is None or twin._front_shown(event.square)
                           else Event(event.covered, event.square, event.covered)
                           for event in twin.events
                           if event.covered is not None or twin._front_shown(event.square)]
        twin._redraw_hidden(seat, rng)
        twin._sampled = True
        return twin

    _sampled = False  # a sample_hidden copy: its seed no longer rebuilds it

    @property
    def deadline(self) -> Deadline | None:
        """The decision the rules will make by themselves if its seat has not decided by
        then (Froop!'s Speed: ``time``, when the countdown runs out), or None. ``play``
        accepts that move from that seat once the clock reaches the time, and it is never
        in ``legal_moves``: a live table plays it when the time comes, and
        ``BotDriver`` for a bot seat too slow for it. Default: None."""
        return None

    @property
    def hides_hands(self) -> bool:
        """Whether, under these options, a seat holds something the other seats may not
        see (a hand of cards). A board played by several people at one screen then shows
        a "pass the device" screen between them (``core.widget.Board``)."""
        return False

    @property
    def against_the_clock(self) -> bool:
        """Whether the game's clock counts as it is played (Froop!'s Panic, where everyone
        races; its Speed, where each turn has a countdown): starting it as a cell runs
        would start it for nobody. A live table with people at it then waits until each
        of them presses Start (``core.widget.Board.start``) and the game ``resume``s from
        that moment. Default False."""
        return False

    def resume(self, elapsed: float = 0.0) -> None:
        """Go on from now as if ``elapsed`` seconds had passed since the last decision (its
        start, before any): by default a countdown or race that waited starts afresh (a
        loaded save, a table whose people pressed Start); a restarted table server gives
        the time its clock had run. The decisions and their intervals stay as they were."""
        shift = self.clock.now() - game_arguments.elapsed_time(elapsed) - self.last_time
        self.started += shift
        self.times[:] = [time + shift for time in self.times]
        self.now = self.last_time

    @property
    def between_rounds(self) -> bool:
        """Whether a round has just been decided and the next decision starts the next one
        (Rapidcroco: the next criteria to turn). A live board with people at it then keeps
        the round's result on screen: bots start the next round only once a person asks
        (``core.widget.Board.next_round``). Games without rounds keep the default."""
        return False

    # What every game shows alike (telling.py): view(seat)'s common keys, its legal moves
    # as data, and the recent events as that seat may read them.
    view = telling.view
    legal_data = telling.legal_data
    _public_events = telling.public_events

    def _front_shown(self, square: str | None) -> bool:
        """Whether a view may name the front of ``square``'s tile now (see Event)."""
        return True

    # -- save and load (replay.py) -------------------------------------------------------
    to_dict = replay.to_dict

    @classmethod
    def from_dict(cls: type[_G], data: Any, clock: Clock | None = None) -> _G:
        """Rebuild a game from ``to_dict()`` output by replaying its decisions. Raises
        BadSave saying what is wrong; a damaged save can never yield an unreachable state."""
        return replay.from_dict(cls, data, clock)

    # -- machinery -----------------------------------------------------------------------
    def _restart(self) -> None:
        self.rng = random.Random(self.seed)
        self.history: list[tuple[int, Any]] = []
        self.times: list[float] = []  # when each decision was made, clock seconds
        self.now = self.started
        self.events: list[Event] = []
        self.is_over = False
        self.winners: tuple[int, ...] = ()
        self._legal_cache: dict[int, list[Any]] = {}
        self._reveal_floor = 0
        self._setup()

    _replay = replay.replay  # a save's decisions, or those undo keeps, played again

    _replaying = False

    def _notify(self) -> None:
        if self._replaying:
            return
        for fn in list(self._observers):
            fn(self)

    def _not_sampled(self, what: str) -> None:
        if self._sampled:
            raise GameError(f"this game is a sample of hidden information (sample_hidden): "
                            f"it plays forward only and cannot be {what}")

    def _know_legal(self, seat: int, moves: list[Any]) -> None:
        """Give ``legal_moves(seat)`` its answer for the decision to come, when ``_apply``
        has just worked it out anyway (a turn that passes when no move is left)."""
        self._legal_cache[seat] = moves

    def _revealed(self) -> None:
        """Called by a game whenever a decision reveals something or draws on chance."""
        self._reveal_floor = len(self.history) + 1

    def _event(self, text: str, square: str | None = None, covered: str | None = None
               ) -> None:
        self.events.append(tuple.__new__(Event, (text, square, covered)))  # Event(…), sooner

    def _default_seat(self, seat: int | None) -> int | None:
        return self.current_player if seat is None else self._check_seat(seat)

    def _check_seat(self, seat: Hashable) -> int:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise NoSuchSeat(f"{brief(seat)} is not a seat of this game (seats 0 to "
                             f"{self.players - 1})")
        return seat

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"to act: {list(self.seats_to_act)}"
        # No seed: it rebuilds every hidden card, and a repr is shown and saved in notebooks.
        return f"<{type(self).__name__} {self.players} players, {len(self.history)} " \
               f"decisions, {state}>"


def why_not(game: Game, move: Any, seat: int | None = None) -> str:
    """Why the rules refuse ``move`` for ``seat`` now (``'allowed'`` if they do not), for
    lessons and notebooks. The game is left unchanged: the move is tried on a copy."""
    if not isinstance(game, Game):
        raise BadArgument(f"game is a game (such as lesson_game(name)), not {brief(game)}")
    try:
        game.copy().play(move, seat)
    except GameError as err:
        return str(err)
    return "allowed"
