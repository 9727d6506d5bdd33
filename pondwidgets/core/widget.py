"""The board base class: every game's anywidget board gets its sync mechanics here.

The rules model stays the single source of truth. Python owns every synced trait and
sends the board a view; the browser only asks, by messages that are checked here like
any untrusted input (see ``pondwidgets/core/README.md``, "Boards"). The view a board
sends is ``picture.py``'s, the messages it answers ``messages.py``'s, and what the boards
on one game share (its bots, its timer, Start) ``table.py``'s.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

import anywidget
import traitlets
from ipywidgets import widget_serialization

from . import messages, picture
from .arguments import flag, folder, number, whole
from .bots import Bot, BotDriver, checked_bots
from .bundle import Bundle, read
from .consult import BUDGET
from .errors import BadArgument, IllegalMove, brief
from .game import Game
from .messages import MESSAGES
from .saves import save_text, write_save
from .table import _Table, boards_on
from .undoing import take_back

# The board, and what others import from here though it lives beside it: the messages
# (messages.py), the table and boards_on (table.py).
__all__ = ["LONGEST_DELAY", "MESSAGES", "Board", "_Table", "boards_on"]

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

    # The view it sends, and the status lines in it (picture.py).
    _picture = picture.picture
    _thinking = picture.thinking
    _next_round_text = picture.next_round_text
    _start_text = picture.start_text

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
    # (messages.py: every message is checked, and answered on the board)
    _handle_msg = messages.handle_msg
    _on_browser_message = messages.on_browser_message
    _answer = messages.answer
    _check_fresh = messages.check_fresh
    _move = messages.move

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
        return take_back(self.game, self._own_seats(), self.driver.bots)

    def undo(self) -> None:
        """Take back this board's last decision and the bot decisions after it — never
        past ``game.undo_floor``, so a reveal or a chance event cannot be taken back, and
        never another person's decision."""
        count, why = self._undo()
        if why is not None:
            raise IllegalMove(why)
        with self.hold_sync():
            self._table.take_back(count)

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
        name, text = save_text(self.game)
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
    set_state = messages.set_state  # every trait write refused (messages.py)

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
