"""Lessons: small explicit positions, each set up to show one rule of a rulebook, for the
``01-rules`` notebooks. Every game's ``lessons.py`` lists its own as ``Lesson``s in a
``Lessons`` book, which gives the notebooks their helpers (``lesson_game``,
``lesson_board``, ``play_demo``) and the conformance suite what to replay.

Nothing here imports Jupyter: a board class is loaded only when a board is asked for.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from .clock import Clock, ManualClock, SystemClock
from .errors import BadArgument, brief
from .game import Game, why_not

if TYPE_CHECKING:
    from .widget import Board


class Step(NamedTuple):
    """One decision of a lesson: ``wait`` seconds pass on the lesson's clock, then ``seat``
    (None: the player to act) decides ``move`` (its notation)."""

    seat: int | None
    move: str
    wait: float = 0


def _step(entry: str | tuple[Any, ...]) -> Step:
    return Step(None, entry) if isinstance(entry, str) else Step(*entry)


@dataclass(frozen=True, init=False)
class Lesson:
    """What one lesson shows, and how.

    ``players`` (a count or names), ``position`` (the game's explicit-position format;
    None for the rulebook's setup, dealt by ``seed``) and ``options`` make its game;
    ``demo`` is the decisions the notebook plays from Python (each a move's notation for
    the player to act, or ``(seat, move, wait)``); ``refused`` a decision the rules refuse
    (a notation, or ``(seat, move)``), tried after the first ``refused_at`` decisions of
    the demonstration (None: after all of them); ``shows`` text that the log, the prompt
    or that refusal then contains; ``rules`` the anchors of the rules and rulings it
    teaches in the game's ``docs/rules/<game>.md``."""

    description: str
    players: int | tuple[str, ...]
    position: Any = None
    options: Mapping[str, Any] = field(default_factory=dict)
    seed: int = 1
    demo: tuple[Step, ...] = ()
    refused: Step | None = None
    shows: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    refused_at: int | None = None

    def __init__(self, description: str, players: int | Sequence[str], position: Any = None,
                 options: Mapping[str, Any] | None = None, seed: int = 1,
                 demo: Iterable[str | tuple[Any, ...]] = (),
                 refused: str | tuple[Any, ...] | None = None,
                 shows: str | Iterable[str] = (), rules: str | Iterable[str] = (),
                 refused_at: int | None = None) -> None:
        # The shorthands of the lesson lists, made uniform once, here.
        normal = {
            "description": description,
            "players": players if isinstance(players, int) else tuple(players),
            "position": position,
            "options": {} if options is None else options,
            "seed": seed,
            "demo": tuple(_step(entry) for entry in demo),
            "refused": None if refused is None else _step(refused),
            "shows": (shows,) if isinstance(shows, str) else tuple(shows),
            "rules": (rules,) if isinstance(rules, str) else tuple(rules),
            "refused_at": refused_at,
        }
        for name, value in normal.items():
            object.__setattr__(self, name, value)


class Lessons(Mapping[str, Lesson]):
    """A game's lessons by name, with the helpers its notebooks use.

    ``board`` is a function returning the game's board class, so that the rules and the
    lessons load no widget library until a board is wanted."""

    def __init__(self, game_class: type[Game], lessons: dict[str, Lesson],
                 board: Callable[[], type[Board]]) -> None:
        self.game_class = game_class
        self._lessons = dict(lessons)
        self._board = board

    def __getitem__(self, name: str) -> Lesson:
        if not isinstance(name, str) or name not in self._lessons:
            raise BadArgument(f"name: no {self.game_class.TITLE} lesson {brief(name)}; the "
                              f"lessons are: {', '.join(self._lessons)}")
        return self._lessons[name]

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name in self._lessons

    def __iter__(self) -> Iterator[str]:
        return iter(self._lessons)

    def __len__(self) -> int:
        return len(self._lessons)

    def __repr__(self) -> str:
        return f"<{len(self)} {self.game_class.TITLE} lessons>"

    def game(self, name: str, clock: Clock | None = None) -> Game:
        """A fresh game on lesson ``name``'s position, on ``clock``: by default a
        ``ManualClock`` at 0 s, so a demonstration's times are the ones it gives
        (``game.clock.advance(2.4)``)."""
        lesson = self[name]
        players = lesson.players if isinstance(lesson.players, int) else list(lesson.players)
        make: Callable[..., Game] = self.game_class  # each game's constructor is its own
        return make(players, seed=lesson.seed, position=lesson.position,
                    clock=clock if clock is not None else ManualClock(), **lesson.options)

    def board(self, name: str, **board_options: Any) -> Board:
        """A live board on lesson ``name``, on the real clock: hot-seat (``seat=None``, the
        student plays every seat) unless ``board_options`` say otherwise
        (``seat=0, bots={1: SomeBot()}``, or the board's display options). It is a lesson
        board (``lesson=True``): one person at the screen, so over hidden hands it shows
        the seat to act face up from its first view, and follows the seat to act, with no
        "pass the device" screen; ``lesson=False`` makes it a game between people. A
        lesson against the clock (Froop!'s Speed or Panic) waits for its Start, so Run All
        does not run a countdown out before the student has scrolled to it."""
        game = self.game(name, clock=SystemClock())
        options = {"lesson": True, **board_options}
        return self._board()(game, **options)

    def replay(self, name: str) -> tuple[Game, str]:
        """Lesson ``name``'s game after its demonstration, and all it showed on the way:
        the log, the prompt and the refusal of its ``refused`` decision, one per line
        (what its ``shows`` promises)."""
        lesson = self[name]
        clock = ManualClock()
        game = self.game(name, clock)
        cut = len(lesson.demo) if lesson.refused_at is None else lesson.refused_at
        refused = []
        for number, (seat, move, wait) in enumerate(lesson.demo):
            if number == cut and lesson.refused is not None:
                refused = [why_not(game, lesson.refused.move, lesson.refused.seat)]
            if wait:
                clock.advance(wait)
            game.play(move, seat)
        if cut >= len(lesson.demo) and lesson.refused is not None:
            refused = [why_not(game, lesson.refused.move, lesson.refused.seat)]
        return game, "\n".join([*game.log, game.prompt(), *refused])

    def play_demo(self, game: Game, name: str) -> Game:
        """Play lesson ``name``'s demonstration on ``game`` (a ``lesson_game``), moving its
        clock on before each decision as the lesson records; returns the game."""
        if not isinstance(game, self.game_class):
            raise BadArgument(f"game is a {self.game_class.TITLE} game (lesson_game(name) "
                              f"makes one), not {brief(game)}")
        clock: Any = game.clock  # a lesson_game's ManualClock (a clock that can advance)
        for seat, move, wait in self[name].demo:
            if wait:
                clock.advance(wait)
            game.play(move, seat)
        return game
