"""The base of every rules model: the contract of pondwidgets/core/README.md#a-game, written once.

A game subclass supplies the rules through a handful of hooks (``_setup``, ``_legal``,
``_apply``, ``_parse``, ``_why_illegal``, ``_view``); this class owns everything that must
work the same way in all five games: the seeded RNG, the record of decisions, undo and
save/load by replay, observers, and the shape of ``view(seat)``.

Undo and loading both *replay* the decisions from the start (the seed or the explicit
starting position). Replay is exact because every random choice comes from ``self.rng``,
and it makes a loaded game trustworthy: a save can only ever produce a position that the
rules reached, move by move.
"""

from __future__ import annotations

import copy as _copy
import hashlib
import json
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable
from fractions import Fraction
from typing import Any, ClassVar, NamedTuple, TypeVar, cast

from . import arguments
from .clock import Clock, SystemClock, seconds
from .declaration import Moves, Options, Position
from .errors import BadArgument, BadSave, GameError, IllegalMove, brief
from .words import time_left

SAVE_FORMAT = "pondwidgets-save"
MAX_SECONDS = 1e9  # a decision's time after the start, in a save: under about 31 years
# A save keeps each decision's time to the millisecond, so a countdown's decision taken
# right at its deadline may replay up to a millisecond (and a float's rounding) early.
REPLAY_GRACE = 0.002
LONGEST_NAME = 40  # characters in a player's name
_G = TypeVar("_G", bound="Game")  # a game's own class: CroakGame.from_dict gives a CroakGame


class NoSuchSeat(IllegalMove, BadArgument):
    """A seat that this game does not have (``-1``, ``"0"``, ``True``): an ``IllegalMove``
    when a move is played for it, as the contract says, and a ``BadArgument`` naming the
    seat for every other method that takes one (``view``, ``legal_moves``, ``seat_name``…)."""


class Event(NamedTuple):
    """One line of the event log.

    ``text`` is the full account, kept in Python. ``square`` names a tile whose front the
    text gives away and ``covered`` is the account as it would read whatever that front
    (a bounce off a Lily Pad reads as the jump any tile could give): a view shows it while
    the tile is face down again (Croak!'s Memory option), or drops the event when
    ``covered`` is None. Remembering the tile is the game, so the event list must not.
    """

    text: str
    square: str | None = None
    covered: str | None = None


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
        self.seed: int = _seed(seed)
        self.options: dict[str, Any] = options  # JSON-safe; enough to rebuild the game
        self.clock: Clock = _clock(clock)
        self._observers: list[Callable[[Game], None]] = []
        self.started: float = _clock_time(self.clock)  # decision times are saved from it
        # the explicit start, its shape checked by the declaration, then normalized by the
        # game (its form is the game's own), or None
        if position is not None and self.POSITION is not None:
            self.POSITION.check(position, self.players)
        self.position: Any = self._normalize_position(position) if position is not None \
            else None
        self._restart()

    def take_players(self, players: Any, default_names: Callable[[int], list[str]]) -> Any:
        """Check ``players`` — a count, or a list of names — against ``PLAYERS``, the same
        way in every game; set ``self.players`` and ``self.names`` (the names given, else
        ``default_names(count)``). Returns what the options keep: the count or the names.
        A game calls it first in its ``__init__``."""
        lowest, highest = self.PLAYERS[0], self.PLAYERS[-1]
        if isinstance(players, int) and not isinstance(players, bool):
            count, names = players, None
        elif isinstance(players, list | tuple) and players \
                and all(isinstance(p, str) for p in players):
            names = [p.strip() for p in players]
            count = len(names)
            if not all(0 < len(p) <= LONGEST_NAME for p in names):
                raise BadArgument(f"players: each player's name must have 1 to {LONGEST_NAME} "
                                  f"characters, not {brief(players)}")
            if len({p.casefold() for p in names}) != count:
                raise BadArgument(f"players: the players' names must differ (each names one "
                                  f"seat), not {brief(players)}")
        else:
            raise BadArgument(f"players must be a number ({lowest} to {highest}) or a list of "
                              f"names, not {brief(players)}")
        if count not in self.PLAYERS:
            raise BadArgument(f"players: {self.TITLE} is for {lowest} to {highest} players, "
                              f"not {brief(count)}")
        self.players = count
        self.names = names or list(default_names(count))
        return names or count

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
        seat = self._default_seat(seat)
        if seat is None or seat not in self.seats_to_act:
            return []
        cached = self._legal_cache.get(seat)
        if cached is None:
            cached = self._legal_cache[seat] = self._legal(seat)
        return list(cached)  # moves are immutable: a shallow copy is the caller's own

    def play(self, move: Any, seat: int | None = None) -> Any:
        """Make a decision for ``seat`` (default: the current player). ``move`` is a move
        object or its text notation. Raises IllegalMove, naming the rule, or BadNotation for
        a text that is no move, and leaves the game unchanged. Returns the move object
        played."""
        if self.is_over:
            raise IllegalMove("the game is over")
        seat = self._default_seat(seat)
        if seat is None:
            raise IllegalMove("several seats may act now: say which seat is moving")
        if seat not in self.seats_to_act:
            raise IllegalMove(self._why_waiting(seat))
        if isinstance(move, str):
            move = self._parse(move)
        elif not isinstance(move, self.MOVE):
            raise IllegalMove(f"a move is a {self.MOVE.__name__} or its notation (a string), "
                              f"not {brief(move)}")
        # A replay or the bot driver's simulated time says when; else the clock, never
        # earlier than the last decision (simulated time may have run ahead of it).
        now = max(self.clock.now(), self.last_time) if self._at is None else self._at
        legal = self._legal_cache.get(seat)  # legal_moves(seat), its seat checked above
        if legal is None:
            legal = self._legal_cache[seat] = self._legal(seat)
        due = self.deadline
        # A time given (play_at: a save's decisions, undo and loading replay through it)
        # may be a save's, kept to the millisecond: the countdown's decision taken at its
        # deadline may come back up to a millisecond (and a float's rounding) before it.
        grace = REPLAY_GRACE if self._at is not None else 0.0
        if due is not None and due.seat == seat and now >= due.time - grace:
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
        self._notify()
        return move

    def play_at(self, time: float, move: Any, seat: int | None = None) -> Any:
        """``play`` with the decision's time given instead of read from the clock: for
        replays and for the bot driver's simulated time (``BotDriver.run``)."""
        try:
            time = seconds(time, "a decision's time")
        except GameError as err:
            raise IllegalMove(str(err)) from None
        self._at = max(time, self.last_time)
        try:
            return self.play(move, seat)
        finally:
            self._at = None

    _at: float | None = None

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
        self.seed = _seed(seed)
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
        observers, self._observers = self._observers, []
        # The search bots copy a game per simulation, so deepcopy's generic walk is spared
        # where it is known to be needless: the record's lists and the legal moves hold
        # immutable entries (moves and events are NamedTuples, times floats), shared; the
        # generator is copied by its state (a tuple) rather than walked number by number.
        memo: dict[int, Any] = {id(record): list(record) for record in (self.history,
                                                                        self.times, self.events)}
        memo[id(self._legal_cache)] = {s: list(m) for s, m in self._legal_cache.items()}
        memo[id(self._observers)] = []
        memo[id(self.clock)] = self.clock  # one clock for a game and its copies
        if type(self.rng) is random.Random:  # (a test may script the dice instead)
            memo[id(self.rng)] = twin_rng = random.Random()
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
        twin = self.copy()
        # The seed and an explicit starting position would rebuild every hidden card, and
        # the log's full account names some: a sample keeps neither, and the log as the
        # views tell it. Chance to come is its own, from ``rng``.
        twin.seed = rng.getrandbits(64)
        twin.rng = random.Random(twin.seed)
        twin.position = None
        twin.events = [event if event.covered is None or twin._front_shown(event.square)
                       else Event(event.covered, event.square, event.covered)
                       for event in twin.events
                       if event.covered is not None or twin._front_shown(event.square)]
        twin._redraw_hidden(seat, rng)
        twin._legal_cache.clear()
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

    def resume(self) -> None:
        """Go on from now: the game's times move on by the time since its last decision
        (its start, before any), so a countdown or a race that waited starts afresh (a
        loaded save, a table whose people pressed Start). The decisions and their
        intervals stay as they were."""
        shift = self.clock.now() - self.last_time
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

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """The JSON-safe picture ``seat`` may see (None: a spectator). It is the only thing a
        board is ever sent, so it holds nothing that seat may not know."""
        if seat is not None:
            self._check_seat(seat)
        picture = {
            "game": self.NAME,
            "seat": seat,
            "to_act": list(self.seats_to_act),
            "is_over": self.is_over,
            "winners": list(self.winners),
            "decisions": len(self.history),
            "undo_floor": self.undo_floor,
            "legal": self.legal_data(seat) if seat is not None else [],
            "events": self._public_events(),
            "names": list(self.names),
            "phase": self.phase,
            "prompt": self.prompt(seat),
        }
        picture.update(self._view(seat))
        return picture

    def legal_data(self, seat: int) -> list[dict[str, Any]]:
        """That seat's legal moves as a view sends them: each its notation, its kind and
        its fields (``MOVES.data``), so a board reads them and never parses notation."""
        data = self.MOVES.data
        return [data(move) for move in self.legal_moves(seat)]

    def _public_events(self) -> list[str]:
        shown = []
        for event in reversed(self.events):
            text = event.text if self._front_shown(event.square) else event.covered
            if text is not None:
                shown.append(text)
                if len(shown) == self.VIEW_EVENTS:
                    break
        return shown[::-1]

    def _front_shown(self, square: str | None) -> bool:
        """Whether a view may name the front of ``square``'s tile now (see Event)."""
        return True

    # -- save and load -------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe save: format version, options, seed, explicit start (if any) and the
        decisions made, sealed with a digest so that a changed save is refused."""
        self._not_sampled("saved")
        body = {
            "format": SAVE_FORMAT,
            "version": self.SAVE_VERSION,
            "game": self.NAME,
            # The caller's own copies: a save changed after it was made changes no game.
            "options": _copy.deepcopy(self.options),
            "seed": self.seed,
            "position": _copy.deepcopy(self.position),
            "decisions": [[seat, str(move), round(time - self.started, 3)]
                          for (seat, move), time in zip(self.history, self.times, strict=True)],
        }
        return {**body, "digest": _digest(body)}

    @classmethod
    def from_dict(cls: type[_G], data: Any, clock: Clock | None = None) -> _G:
        """Rebuild a game from ``to_dict()`` output by replaying its decisions. Raises
        BadSave saying what is wrong; a damaged save can never yield an unreachable state."""
        clock = _clock(clock)  # a bad clock is the caller's argument, not the save's fault
        if not isinstance(data, dict):
            raise BadSave(f"a save is a dictionary, not {type(data).__name__}")
        expected = {"format", "version", "game", "options", "seed", "position", "decisions",
                    "digest"}
        if set(data) != expected:
            missing, extra = expected - set(data), set(data) - expected
            raise BadSave("this is not a pondwidgets save: "
                          + ", ".join([f"missing {sorted(missing)}"] * bool(missing)
                                      + [f"unknown {sorted(extra)}"] * bool(extra)))
        if data["format"] != SAVE_FORMAT:
            raise BadSave(f"this is not a pondwidgets save (format {brief(data['format'])})")
        if data["game"] != cls.NAME:
            raise BadSave(f"this save is a {brief(data['game'])} game, not {cls.NAME!r}")
        if data["version"] != cls.SAVE_VERSION:
            raise BadSave(f"this save has format version {brief(data['version'])}; this version "
                          f"of pondwidgets reads version {cls.SAVE_VERSION}")
        body = {k: v for k, v in data.items() if k != "digest"}
        try:
            digest = _digest(body)
        except (TypeError, ValueError) as err:
            raise BadSave(f"the save holds data that is not JSON: {err}") from None
        except RecursionError:
            raise BadSave("the save is nested too deeply to be a pondwidgets save") from None
        if data["digest"] != digest:
            raise BadSave("the save was changed after it was written (its digest does not "
                          "match its contents)")
        if not isinstance(data["options"], dict) or not isinstance(data["decisions"], list):
            raise BadSave("the save's options or decisions are malformed")
        if not isinstance(data["seed"], int) or isinstance(data["seed"], bool):
            raise BadSave(f"the save's seed must be a whole number, not {brief(data['seed'])}")
        try:
            game = cls(**data["options"], seed=data["seed"], position=data["position"],
                       clock=clock)
        except (GameError, TypeError) as err:
            raise BadSave(f"the save's options or starting position are invalid: {err}") from None
        game._replay(data["decisions"], checked=True)
        if game.times:  # the game goes on from its last decision, in this clock's time
            game.resume()
        return game

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

    def _replay(self, decisions: list[Any], checked: bool = False) -> None:
        """Play recorded ``[seat, move, seconds after the start]`` decisions again, at their
        recorded times, telling observers nothing until the end."""
        self._replaying = True
        try:
            for number, entry in enumerate(decisions, start=1):
                try:
                    seat, move, offset = entry
                    if not isinstance(offset, int | float) or isinstance(offset, bool) \
                            or not 0 <= offset < MAX_SECONDS:
                        raise IllegalMove(f"{brief(offset)} is not a time in seconds")
                    if self.started + offset < self.last_time - 0.001:
                        raise IllegalMove("its time is earlier than the decision before it")
                    self.play_at(self.started + offset, move, seat)
                except (GameError, TypeError, ValueError) as err:
                    if not checked:
                        raise
                    raise BadSave(f"decision {number} of the save ({brief(entry)}) cannot be "
                                  f"replayed: {err}") from None
        finally:
            self._replaying = False

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
        self.events.append(Event(text, square, covered))

    def _default_seat(self, seat: int | None) -> int | None:
        if seat is None:
            return self.current_player
        return self._check_seat(seat)

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


def _seed(seed: Any) -> int:
    """A game's seed: the one given, checked, or a fresh one (None)."""
    checked = arguments.seed(seed)
    if checked is None:
        return random.SystemRandom().randrange(2**63)
    return checked


def _clock(clock: Any) -> Clock:
    """A game's clock: the one given, if it has a ``now()``, or the system's (None)."""
    if clock is None:
        return SystemClock()
    if not callable(getattr(clock, "now", None)):
        raise BadArgument(f"clock is a clock, with a now() method (ManualClock(), "
                          f"SystemClock()), or None, not {brief(clock)}")
    return cast(Clock, clock)  # it has a now(); what it gives is checked when it is read


def _clock_time(clock: Any) -> float:
    """The clock's time now, checked: a clock of a student's own may give anything."""
    try:
        return seconds(clock.now(), "a clock's time")
    except BadArgument as err:
        raise BadArgument(f"clock: {err}") from None


def _digest(body: dict[str, Any]) -> str:
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), allow_nan=False)
    return hashlib.sha256(canonical.encode()).hexdigest()


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
