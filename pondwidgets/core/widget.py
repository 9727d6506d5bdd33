"""The board base class: every game's anywidget board gets its sync mechanics here.

The rules model stays the single source of truth. Python owns every synced trait and
sends the board a view; the browser only asks, by messages that are checked here like
any untrusted input (see ``pondwidgets/core/README.md``, "Boards").
"""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path
from typing import Any, ClassVar

import anywidget
import traitlets
from ipywidgets import widget_serialization

from .arguments import flag, folder, number, whole
from .bots import Bot, BotDriver, bot_name, checked_bots
from .bundle import Bundle, read
from .consult import BUDGET, THREADS, Question
from .errors import BadArgument, BadNotation, BotError, GameError, IllegalMove, brief
from .game import Game
from .saves import SAVE_SUFFIX, save_text, write_save
from .words import listed

# What each message from the browser may hold, and of which type.
MESSAGES: dict[str, dict[str, type]] = {
    "move": {"move": str, "decisions": int},
    "undo": {"decisions": int},
    "option": {"name": str, "value": bool},
    "ready": {},
    "iam": {"seat": int},  # the person the device was passed to says who they are
    "new_game": {"decisions": int},  # the "New game" button: a new seed, the same options
    "save": {},  # the "Save" button: the game as a file beside the notebook (or downloaded)
    "next_round": {"decisions": int},  # "Next round": the bots may start it now
    "start": {},  # "Start": this board's people are ready for a game against the clock
}
# Fields a message may leave out: on a board where several people race at one screen, a
# move names the person making it (the one who pressed their key or click zone).
# A board under Voilà, where no file beside the notebook can be reached, asks for its save
# as a download.
OPTIONAL: dict[str, dict[str, type]] = {"move": {"seat": int}, "save": {"download": bool}}
LONGEST_MOVE = 100  # characters; no game's notation comes near it
LONGEST_DELAY = 3600  # seconds: a bot_delay of an hour is a bot that never answers


class Board(anywidget.AnyWidget):
    """A live board on one game. A game's subclass sets ``BUNDLE`` and, if it needs
    them, ``OPTIONS``, ``TABLE_PLAY``, ``UNDO`` and ``_extras``."""

    view = traitlets.Dict().tag(sync=True)
    seat = traitlets.Int(None, allow_none=True).tag(sync=True)
    error = traitlets.Dict().tag(sync=True)
    options = traitlets.Dict().tag(sync=True)
    # What the board last did for the person (not a refusal): "Saved as …: download it …",
    # or under Voilà "Downloaded …".
    notice = traitlets.Unicode("").tag(sync=True)
    # The game's front end, once per kernel (core/bundle.py): every board's _esm is only
    # the small loader that finds this widget, so a saved notebook holds each bundle once.
    _bundle = traitlets.Instance(Bundle, allow_none=True).tag(sync=True,
                                                               **widget_serialization)
    _esm = read("loader.js")

    BUNDLE: ClassVar[str | None] = None  # the game's pondwidgets/static/<BUNDLE>.js, .css

    OPTIONS: ClassVar[dict[str, bool]] = {}  # display options the board offers: defaults
    # A board with seat=None plays for every seat no bot plays (hot-seat): it shows the
    # acting seat's view. When the game hides hands (Game.hides_hands), it passes the
    # device between people: its synced view is always the spectator's, and the person
    # who says "I am ..." gets their own apart, by a message that is never saved. A lesson
    # board (lesson=True, as Lessons.board makes them) is one person's: it never passes.
    TABLE_PLAY: ClassVar[bool] = False
    UNDO: bool = True  # whether the board offers undo (a race does not; a board may say)
    # Where Save writes (a board's save_dir=... overrides it); None: the kernel's working
    # directory at the time, which is the notebook's folder.
    SAVE_DIR: ClassVar[str | Path | None] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # A game names its bundle (BUNDLE) and never sets _esm or _css: they would put the
        # whole bundle in every saved board again, and a path would hook every board to
        # anywidget's class-level file watcher, which never lets go. (anywidget's own
        # per-board subclasses hold traits there, not text.)
        for key in ("_esm", "_css"):
            if isinstance(cls.__dict__.get(key), (str, Path)):
                raise TypeError(f"{cls.__name__} sets {key}: name the game's bundle with "
                                f"BUNDLE = '<name>' (pondwidgets/static/<name>.js and .css)")
        super().__init_subclass__(**kwargs)

    def __init__(self, game: Game, *, seat: int | None = None,
                 bots: dict[int, Bot] | None = None, bot_delay: float = 0.8,
                 bot_budget: float = BUDGET, save_dir: str | Path | None = None,
                 lesson: bool = False, **options: bool) -> None:
        bots, bot_delay, bot_budget, save_dir, options = self._arguments(
            game, seat, bots, bot_delay, bot_budget, save_dir, lesson, **options)
        if seat in bots:
            raise BadArgument(f"seat {seat} is played by a bot (bots); a board plays a "
                              f"person's seat")
        table = _Table.of(game)
        # Re-running a board's cell makes it again: it replaces the open one for that seat.
        # (isinstance: anywidget gives every board a class of its own as it adds traits.)
        replaced = [b for b in table.boards if isinstance(b, type(self)) and b.seat == seat]
        table.check_bots(seat, bots, replaced)
        for old in replaced:
            old.close()
        table = _Table.of(game)  # made again if the board replaced was the last one
        self.game = game
        self.bots = bots  # the bots this board seats, in the game's one driver
        self.bot_delay = bot_delay
        self.bot_budget = bot_budget  # seconds a student's bot may think (core.consult)
        self.save_dir = save_dir  # where Save writes; None: SAVE_DIR, else the working dir
        self._lesson = lesson  # fixed for the board's life: read as board.lesson
        self._table = table
        self._ready = False
        self._errors = 0
        # Who said "I am ..." (pass the device) and who last held it: never a trait and
        # never saved, so a new board (a restarted kernel, a load) starts on the screen.
        self._confirmed: int | None = None
        self._held: int | None = None
        # (decisions, clock time) when the person last took the device: their countdown
        # (Game.deadline) starts then, not while the device went round.
        self._handed: tuple[int, float] | None = None
        # Over hidden hands, the person's own view goes apart (never in a trait, so never
        # saved): the last one sent, and the number shared with the synced view it goes with.
        self._private: dict[str, Any] | None = None
        self._serial = 0
        self._seen = len(game.history)  # decisions when the game last changed
        bundle = Bundle.of(self.BUNDLE) if self.BUNDLE else None  # opened before the board
        super().__init__(seat=seat, options={**self.OPTIONS, **options}, _bundle=bundle)
        table.join(self)
        self.observe(self._forget, names=["seat"])  # before the refresh below
        self.observe(lambda _change: self._refresh(), names=["seat", "options"])
        self._refresh()

    @classmethod
    def _arguments(cls, game: Any, seat: Any = None, bots: Any = None, bot_delay: Any = 0.8,
                   bot_budget: Any = BUDGET, save_dir: Any = None, lesson: Any = False,
                   **options: Any
                   ) -> tuple[dict[int, Bot], float, float, Path | None, dict[str, Any]]:
        """Every argument of a new board, checked before anything is made or seated: a
        bad one raises BadArgument naming it (a ``bot_delay`` of "fast" would otherwise
        surface only once a bot must act, out of the board's message handling). Returns
        the bots, the delay, the budget, the folder and the display options, checked."""
        if not isinstance(game, Game):
            raise BadArgument(f"game is the game this board shows (a {cls.__name__} shows a "
                              f"{cls.BUNDLE or 'game'} game), not {brief(game)}")
        if cls.BUNDLE is not None and game.NAME != cls.BUNDLE:
            raise BadArgument(f"game is a {game.TITLE or type(game).__name__} game: a "
                              f"{cls.__name__} shows {cls.BUNDLE} games")
        if seat is not None:
            whole(seat, "seat", 0, game.players - 1,
                  "the seat this board plays for (None: every seat no bot plays), a seat")
        bots = checked_bots(game, {} if bots is None else bots)
        bot_delay = number(bot_delay, "bot_delay", 0, LONGEST_DELAY, "a number of seconds")
        bot_budget = number(bot_budget, "bot_budget", 0, what="a number of seconds",
                            above=True)
        save_dir = folder(save_dir, "save_dir")
        flag(lesson, "lesson")
        for name, value in options.items():
            if name not in cls.OPTIONS:
                offered = ", ".join(sorted(cls.OPTIONS)) or "none"
                raise BadArgument(f"{brief(name)} is not an option of this board (it offers "
                                  f"{offered})")
            if isinstance(cls.OPTIONS[name], bool):
                flag(value, name)
        return bots, bot_delay, bot_budget, save_dir, dict(options)

    @property
    def driver(self) -> BotDriver:
        """The game's one bot driver, shared by every board on the game."""
        return self._table.driver

    # -- what the board shows ------------------------------------------------------------
    def _acting(self) -> list[int]:
        """The seats no bot plays that may act now."""
        bots = self.driver.bots
        return [s for s in self.game.seats_to_act if s not in bots]

    def people(self) -> list[int]:
        """The seats whose moves this board accepts now: its own seat when it may act or,
        for a table-play board, every seat no bot plays that may act (one in turn-based
        play, several in a race at one screen) — over hidden hands, only the person who
        said "I am ..." — and nobody while the table holds the start (Start)."""
        if self._table.holding():
            return []
        return self._players()

    def _players(self) -> list[int]:
        """``people`` as they are once the game is under way: while the start is held,
        the seats a board shows (they may look at their hands, not play them yet)."""
        acting = self._acting()
        if self.seat is not None:
            return [self.seat] if self.seat in acting else []
        if not self.TABLE_PLAY:
            return []
        if self._passes():
            return [self._confirmed] if self._confirmed in acting else []
        return acting

    # -- pass the device -------------------------------------------------------------------
    @property
    def lesson(self) -> bool:
        """Whether this is a lesson board (``lesson=True``, as ``Lessons.board`` makes
        them): one person at the screen, to whom every seat's hand may show, so a hot-seat
        lesson shows the seat to act face up from its first view and never passes the
        device. Fixed when the board is made: no trait, no message changes it."""
        return self._lesson

    def _hot_seat_over_hands(self) -> bool:
        """A hot-seat board (every seat no bot plays, at one screen) over a game whose
        seats hold something the others may not see."""
        return self.seat is None and self.TABLE_PLAY and self.game.hides_hands

    def _passes(self) -> bool:
        """Whether this board passes the device: a hot-seat board over hidden hands shared
        by several people (not a lesson)."""
        return self._hot_seat_over_hands() and not self._lesson

    def _lesson_over_hands(self) -> bool:
        """A hot-seat lesson board over hidden hands: it shows what a passing board shows
        once the seat to act has said "I am …", with no screen in between."""
        return self._hot_seat_over_hands() and self._lesson

    def pass_to(self) -> int | None:
        """The seat the device must be passed to before this board shows any hand, or None.
        A race goes round: people at one screen cannot hide their hands from each other
        while racing, so they act one at a time, the next after the last one who held it."""
        if not self._passes():
            return None
        acting = self._acting()
        if not acting or self._confirmed in acting:
            return None
        last = -1 if self._held is None else self._held
        return min(acting, key=lambda s: (s <= last, s))

    def _iam(self, seat: int) -> None:
        """The "I am ..." button: send this person's view (their hand) to the board's views
        and take their moves."""
        if not self._passes():
            if self._lesson and self.seat is None:
                raise IllegalMove("this lesson board has no \"I am\" screen: a lesson shows "
                                  "every seat to its one person (lesson=False: a game "
                                  "between people, passing the device)")
            raise IllegalMove("this board has no \"I am\" screen: only a board for several "
                              "people at one screen (seat=None), over a game whose players "
                              "hide their hands, passes the device")
        expected = self.pass_to()
        if expected is None and seat == self._confirmed:
            self._send_private()  # pressed twice: they have it, on a view that missed it?
            return
        known = 0 <= seat < self.game.players
        who = self.game.seat_name(seat) if known else brief(seat)
        if expected is None:
            raise IllegalMove(f"{who} may not take the device now: nobody may act here")
        if seat != expected:
            raise IllegalMove(f"{who} may not take the device now: it goes to "
                              f"{self.game.seat_name(expected)}")
        self._confirmed = self._held = seat
        self._handed = (len(self.game.history), self.game.clock.now())
        if self._table.holding():
            self._table.start(self)  # the person is at the screen: their "I am" is Start
            return  # (it refreshed every board and scheduled)
        self._refresh()
        self._table.schedule()  # their countdown, if any, starts now

    def _forget(self, _change: Any = None) -> None:
        """The next person must say who they are again."""
        self._confirmed = None

    def playing(self) -> int | None:
        """The first seat whose moves this board accepts now, if any."""
        people = self.people()
        return people[0] if people else None

    def _you(self, shown: int | None) -> int | None:
        """The seat whose view is ``shown`` when this board speaks to its person as "you"
        ("Your turn: …"): a board for one seat, the person who said "I am …", the only
        person at a hot-seat table. None for a spectator, and on a screen several people
        share, where the status line names whose turn it is."""
        if self.seat is not None or self._passes() or self._lesson_over_hands():
            return shown
        people = set(range(self.game.players)) - self.driver.bots.keys()
        return shown if len(people) == 1 else None

    def _refresh(self) -> None:
        # Held at the start, every hand stays face down but a lesson's (its one person
        # studies the position): nobody gets a head start on a race or a countdown.
        face_down = self._table.holding() and not self._lesson
        if not self._passes():
            self._private = None
            shown = self.seat if self.seat is not None else self._shown()
            self.view = self._picture(None if face_down else shown)
            return
        # Over hidden hands the synced view is always the spectator's, as the screen shows
        # it before anyone says who they are: JupyterLab saves the traits in the notebook
        # whenever it likes, telling nobody. The person who has the device gets their own
        # view by a message to this board's views, sent first and numbered like the
        # synced view it belongs with (the browser draws it only beside that one).
        self._serial += 1
        confirmed = self._confirmed
        self._private = None
        if confirmed is not None and not face_down:
            private = {**self._picture(confirmed), "serial": self._serial}
            self._private = {"type": "private", "serial": self._serial, "view": private}
            self._send_private()
        self._confirmed = None  # the screen as nobody has taken the device
        try:
            spectator = self._picture(None)
        finally:
            self._confirmed = confirmed
        self.view = {**spectator, "serial": self._serial}

    def _shown(self) -> int | None:
        """The seat a hot-seat board without a pass screen shows: the person to act. A
        lesson over hidden hands keeps the last one shown while only bots act (their hand
        stays face up, as the device stays with its person); at the end, the spectator's."""
        playing = next(iter(self._players()), None)  # held at the start: who will play
        if not self._lesson_over_hands():
            return playing
        if playing is not None or self.game.is_over:
            self._held = playing
        return self._held

    def _send_private(self) -> None:
        """The person's own view, to every view of this board (a custom message: never
        saved). A view opened since (a second output, a page reloaded) asks by "ready"."""
        if self._private is not None:
            self.send(self._private)

    @property
    def shown_view(self) -> dict[str, Any]:
        """What this board draws now: ``view``, or over hidden hands the view of the
        person who has the device (sent apart, never synced)."""
        return self._private["view"] if self._private is not None else self.view

    def _picture(self, shown: int | None) -> dict[str, Any]:
        """The board's view: ``game.view(shown)`` and the board's own fields."""
        playing = self.playing()
        passing = self.pass_to()
        view = self.game.view(shown)
        view["you"] = you = self._you(shown)
        if you != shown:  # a screen several people share: the line names whose turn it is
            view["prompt"] = self.game.prompt(you)
        if playing is None:
            view["legal"] = []
        view["playing"] = playing
        people = self.people()
        view["people"] = people
        # Each person's own legal moves: at one screen they may differ (a racer may not
        # arrest a Croc of their own), and the JS only draws what Python lists.
        view["legal_of"] = {str(s): self.game.legal_data(s) for s in people}
        view["bots"] = sorted(self.driver.bots)
        view["thinking"] = self._thinking(playing)
        view["next_round"] = self._next_round_text()
        view["start"] = self._start_text()
        # The button and the message agree: the JS offers undo exactly when Python takes it,
        # and says why not (the button's tooltip) with the very words of the refusal.
        why = self._undo()[1]
        view["can_undo"] = why is None
        view["undo_why"] = why
        view["pass_to"] = passing
        view["pass_name"] = None if passing is None else self.game.seat_name(passing)
        if view.get("countdown"):  # the table's own figure: it may have waited for a person
            view["countdown"] = {**view["countdown"], "left": self._table.countdown_left(),
                                 "running": self._table.countdown_running()}
        view.update(self._extras())
        return view

    def _thinking(self, playing: int | None) -> str | None:
        """The status while only bots may act and this board waits: "Green (a bot) is
        thinking…", or what it waits for once a bot has failed; while the start is held,
        whom it waits for; None otherwise (the board shows the game's prompt)."""
        if self._table.holding():
            if self._start_text() is not None:
                return None  # the board shows its own Start
            names = [self.game.seat_name(s) for s in self._table.unready_seats()]
            if names:
                return f"Waiting for {listed(names)} to press Start."
            return "Waiting for the players to press Start."
        to_act = self.game.seats_to_act
        if playing is not None or self.game.is_over or not to_act \
                or not set(to_act) <= self.driver.bots.keys() or self._table.waiting():
            return None
        decisions = len(self.game.history)
        failed = [s for s in to_act if self.driver.refused.get(s) == decisions]
        if failed:  # not thinking: waiting, until Python plays it or the cell runs again
            name = self.game.seat_name(failed[0])
            return f"The game waits for {name}: {name}'s bot failed (the message says why)."
        names = [self.game.seat_name(s) for s in to_act]
        if len(names) == 1:
            return f"{names[0]} (a bot) is thinking…"
        return f"{listed(names)} (bots) are thinking…"

    def _next_round_text(self) -> str | None:
        """The status while the table waits for a person to ask for the next round (the
        board then shows "Next round"); None otherwise."""
        if not self._table.waiting():
            return None
        return f"Press Next round (or N) when everyone is ready: {self.game.prompt(None)}"

    def _start_text(self) -> str | None:
        """The status while the table holds a game against the clock for this board's
        people to press Start (the board then shows "Start"); None otherwise. A board that
        passes the device has none: its "I am …" is the start."""
        if not self._table.holding() or self._passes() or self in self._table.ready \
                or not self._persons():
            return None
        return f"Press Start (or S) when you are ready: {self.game.prompt(None)}"

    def _persons(self) -> set[int]:
        """The seats of people this board plays for: its own, or for a table-play board
        every seat no bot plays (a board with none is a spectator's)."""
        if self.seat is not None:
            return {self.seat} - self.driver.bots.keys()
        if not self.TABLE_PLAY:
            return set()
        return set(range(self.game.players)) - self.driver.bots.keys()

    def _extras(self) -> dict[str, Any]:
        """Game-specific display data, from public information only."""
        return {}

    def _game_changed(self) -> None:
        self.error = {}  # an error speaks of the position before this change
        self.notice = ""  # "Saved as …" speaks of the position saved, now left behind
        # The device stays with the person who has it while nobody else may act (the rest
        # of their turn, or bots): another person to act, or an undo, passes it again; at
        # the end everyone sees what the spectator sees.
        decisions = len(self.game.history)
        if decisions <= self._seen or self.game.is_over \
                or any(s != self._confirmed for s in self._acting()):
            self._forget()
        self._seen = decisions
        self._refresh()

    def _show_error(self, text: str) -> None:
        self._errors += 1
        self.error = {"text": text, "serial": self._errors}

    # -- the browser asks ----------------------------------------------------------------
    def _handle_msg(self, msg: Any) -> None:
        """Every message from the browser is untrusted input: whatever its shape, it is
        answered on the board, and nothing it holds raises here. (This replaces ipywidgets'
        own router on purpose: it would apply a trait write, or raise on a malformed one.)"""
        content = msg.get("content") if isinstance(msg, dict) else None
        data: Any = content.get("data") if isinstance(content, dict) else None
        method = data.get("method") if isinstance(data, dict) else None
        if method == "update":  # a trait write: never applied, whatever it holds
            self.set_state(data.get("state"))
        elif method == "custom":
            self._on_browser_message(data.get("content"))
        elif method == "request_state":  # a new view asks for the traits: send them
            self.send_state()
        else:
            self._show_error(f"the board sent a message this widget does not know: "
                             f"{brief(data)}")

    def _on_browser_message(self, content: Any) -> None:
        try:
            self._answer(content)
        except GameError as err:
            self._show_error(str(err))

    def _answer(self, content: Any) -> None:
        kind = content.get("type") if isinstance(content, dict) else None
        if not isinstance(kind, str) or kind not in MESSAGES:
            raise IllegalMove(f"the board sent a message this widget does not know: "
                              f"{brief(content)}")
        fields = MESSAGES[kind]
        optional = OPTIONAL.get(kind, {})
        extra = set(content) - set(fields) - set(optional) - {"type"}
        if extra:
            raise IllegalMove(f"a {kind!r} message has no field "
                              f"{brief(sorted(map(str, extra)))}")
        wanted_fields = {**fields, **{k: v for k, v in optional.items() if k in content}}
        for name, wanted in wanted_fields.items():
            value = content.get(name)
            if type(value) is not wanted:  # JSON gives exact types; True is no decision count
                raise IllegalMove(f"the {kind!r} message's {name!r} should be a "
                                  f"{wanted.__name__}, not {brief(value)}")
        if kind == "ready":
            self._ready = True
            self._send_private()  # a new view: it has the synced view, not the private one
            self._table.schedule()
        elif kind == "iam":
            self._iam(content["seat"])
        elif kind == "save":
            if content.get("download"):
                self._download()
            else:
                self.save()
        elif kind == "start":
            self.start()
        elif kind == "option":
            if content["name"] not in self.OPTIONS:
                raise IllegalMove(f"this board has no option {brief(content['name'])}")
            self.options = {**self.options, content["name"]: content["value"]}
        else:
            self._check_fresh(content["decisions"])
            if kind == "move":
                self._move(content["move"], content.get("seat"))
            elif kind == "next_round":
                self.next_round()
            elif kind == "new_game":
                self.new_game()
            else:
                self.undo()

    def _check_fresh(self, decisions: int) -> None:
        if not self.game.fresh(decisions):
            raise IllegalMove("the game moved on while you were choosing (the board has "
                              "been updated): look again and choose again")

    def _move(self, move: str, seat: int | None) -> None:
        if len(move) > LONGEST_MOVE:
            raise BadNotation(f"a move is a short text (its notation), not {len(move):,} "
                              f"characters")
        people = self.people()
        if not people:
            passing = self.pass_to()
            if passing is not None:
                name = self.game.seat_name(passing)
                raise IllegalMove(f"pass the device to {name} first: they press \"I am "
                                  f"{name}\"")
            if self.game.is_over:
                raise IllegalMove("the game is over")
            if self._table.waiting():
                raise IllegalMove("the round is over: press Next round to start the next one")
            if self._table.holding():
                why = self._start_text() or self._thinking(None)
                raise IllegalMove(f"the game has not started yet. {why}")
            thinking = self._thinking(None)
            if thinking is not None:
                raise IllegalMove(f"it is not your turn: {thinking}")
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

    # -- undo ------------------------------------------------------------------------------
    def _own_seats(self) -> set[int]:
        """The seats whose decisions this board may take back: its own, or for a
        table-play board every seat no bot plays."""
        if self.seat is not None:
            return {self.seat}
        return set(range(self.game.players)) - self.driver.bots.keys()

    def _undo(self) -> tuple[int, str | None]:
        """How many decisions an undo from this board takes back (its own last one and the
        bots' after it), and why it may not (None when it may): one check for the button
        and the message."""
        if not self.UNDO:
            return 0, "this board has no undo: every decision here shows the table something"
        history, bots = self.game.history, self.driver.bots
        count = 0  # the bots' decisions since the last person's
        while count < len(history) and history[-1 - count][0] in bots:
            count += 1
        if count == len(history):
            return 0, "there is no move of yours to take back"
        seat = history[-1 - count][0]
        if seat not in self._own_seats():
            return 0, (f"the last decision was {self.game.seat_name(seat)}'s: only their own "
                       f"board may take it back")
        if len(history) - count - 1 < self.game.undo_floor:
            return 0, ("something hidden was shown since your move (a tile turned over, a "
                       "card drawn, a die rolled), and nobody may peek and take it back")
        return count + 1, None

    def undo(self) -> None:
        """Take back this board's last decision and the bot decisions after it — never
        past ``game.undo_floor``, so a reveal or a chance event cannot be taken back, and
        never another person's decision."""
        count, why = self._undo()
        if why is not None:
            raise IllegalMove(why)
        with self.hold_sync():
            for _ in range(count):
                self.game.undo()

    # -- a new game, and saves --------------------------------------------------------------
    def new_game(self, seed: int | None = None) -> None:
        """Start the game again with a new seed (by default a fresh one, drawn from the
        system's randomness and never shown), with the same options, players and starting
        position: the "New game" button. The game object is the same one, started again,
        so every board on it, its bots and a notebook's ``game`` all follow. The old game
        is gone: save it first to keep it."""
        self.game.restart(seed)

    def save(self, directory: str | Path | None = None) -> Path:
        """Write ``game.to_dict()`` as JSON to a new file in ``directory`` (default: the
        board's ``save_dir``, else ``SAVE_DIR``, else the kernel's working directory —
        beside the notebook), named after the game and the time, e.g.
        ``croak-2026-12-01-1432.pondsave.json`` (``-2``, ``-3``… if taken: a save never
        overwrites a file). Shows "Saved as …" on the board; returns the file's path.
        A folder that cannot be written raises GameError, shown on the board."""
        directory = folder(directory, "directory")
        where = (directory if directory is not None else
                 self.save_dir if self.save_dir is not None else self.SAVE_DIR)
        path = write_save(self.game, where)
        self.notice = f"Saved as {path.name}: download it before the session ends."
        return path

    def _download(self) -> None:
        """The "Save" button under Voilà, which shows no files: the save goes to this
        board's browser once, by a custom message (never a trait, so no widget state holds
        it), and the browser downloads it. Nothing is written beside the notebook."""
        stem, text = save_text(self.game)
        name = stem + SAVE_SUFFIX
        self.send({"type": "download", "name": name, "text": text})
        self.notice = f"Downloaded {name}: it is in your browser's downloads."

    # -- between rounds --------------------------------------------------------------------
    def next_round(self) -> None:
        """The "Next round" button: after a round is decided (``game.between_rounds``) with
        people at the table, the bots wait for this before they start the next one, so the
        round's result stays on screen as long as people need. Refused when the table is
        not waiting (no round just decided, a person starts it, or every seat is a bot)."""
        if not self._table.waiting():
            raise IllegalMove("there is no round to start now: Next round is for after a "
                              "round, when a bot starts the next one")
        self._table.release()

    def start(self) -> None:
        """The "Start" button: a game against the clock (``game.against_the_clock``) with
        people at the table starts only once each board of theirs has said they are ready,
        never when a cell runs; then the game ``resume``s, so its race or countdown runs
        from that moment. Refused when nothing waits for this board."""
        if self._start_text() is None:
            if not self._table.holding():
                raise IllegalMove("there is nothing to start: the game is under way (Start "
                                  "is for a game against the clock, before it begins)")
            if self._passes():
                raise IllegalMove("this board starts when the device is passed: press "
                                  "\"I am …\"")
            raise IllegalMove(self._thinking(None) or "this board has pressed Start")
        self._table.start(self)

    # -- bots ------------------------------------------------------------------------------
    def run_bots(self) -> int:
        """Let the bots play now, synchronously (scripts, tests, notebooks)."""
        return self.driver.run()

    # -- python-only traits ----------------------------------------------------------------
    def set_state(self, sync_data: Any) -> None:
        """Refuse every trait write from the browser and put the Python values back."""
        if not isinstance(sync_data, dict):
            self._show_error(f"the board sent a trait write that is not a dictionary of "
                             f"traits: {brief(sync_data)}")
            return
        names = sorted(map(str, sync_data))
        known = [name for name in names if name in self.keys]
        if known:  # every view that applied the write gets the Python value back
            self.send_state(known)
        self._show_error(f"the board cannot change {brief(', '.join(names), 60)}: every "
                         f"trait is set from Python")

    _table: _Table  # set once the board follows its game (in __init__)

    def close(self) -> None:
        """Stop following the game (a closed board neither draws nor moves bots) and let
        go of everything that would keep it alive."""
        table: _Table | None = getattr(self, "_table", None)  # None: a board never made
        if table is not None:
            table.leave(self)
        if self.comm is not None:
            self.layout.close()  # ipywidgets gives each board a Layout widget of its own
        super().close()

    def __repr__(self) -> str:
        seat = "every free seat" if self.seat is None else f"seat {self.seat}"
        seated = self.driver.bots if getattr(self, "_table", None) is not None else {}
        bots = f", bots at {sorted(seated)}" if seated else ""
        return f"<{type(self).__name__} for {seat}{bots}: {self.game!r}>"


class _Table:
    """What every board on one game shares: the game's one bot driver (seating the bots
    of every open board), its one timer for the next bot decision, and one subscription to
    the game. Made by the first board on a game, dropped when the last one closes."""

    _open: ClassVar[dict[int, _Table]] = {}  # id(game) -> its table, while a board is open

    @classmethod
    def of(cls, game: Game) -> _Table:
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
