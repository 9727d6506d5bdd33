"""The registry: every game of pondwidgets, listed once in ``games.json``.

``core`` imports no game, so the list lives here, beside the game packages. The JS build
(``js/build.mjs``), the benchmark (``tests/benchmark.py``) and the conformance suite
(``tests/conformance``) read it: adding a game adds one entry to ``games.json``.

Nothing is imported until asked for: ``GAMES["croak"].game`` imports the rules only, and
``.board`` loads Jupyter's widget libraries.

A board's Save button writes a file (``core.saves.write_save``) that names its game; the
registry knows which class reads it: ``load_game(path)`` gives the game back and
``resume(path, seat=0, bots=...)`` a board on it, in a new session.
"""

from __future__ import annotations

import importlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # nothing of core is imported before it is asked for
    from .core.bots import SeededBot
    from .core.clock import Clock
    from .core.experiments import Experiment
    from .core.game import Game
    from .core.widget import Board

__all__ = ["GAMES", "Entry", "load_game", "resume"]


@dataclass(frozen=True)
class Entry:
    """One registered game: ``name`` is its package (``pondwidgets.<name>``), its save's
    ``game`` and its bundle (``pondwidgets/static/<name>.js``)."""

    name: str
    title: str
    game_class: str
    board_class: str
    bot_class: str
    limit: dict[str, Any] = field(default_factory=dict)

    def module(self, part: str = "") -> ModuleType:
        """The game's package, or one of its modules (``module("lessons")``)."""
        return importlib.import_module(f"pondwidgets.{self.name}" + (f".{part}" * bool(part)))

    @property
    def game(self) -> type[Game]:
        game: type[Game] = getattr(self.module(), self.game_class)
        return game

    @property
    def board(self) -> type[Board]:
        board: type[Board] = getattr(self.module(), self.board_class)
        return board

    @property
    def experiments(self) -> dict[str, Experiment]:
        """The game's class experiments by name (``pondwidgets.<name>.experiments``)."""
        declared: dict[str, Experiment] = self.module("experiments").EXPERIMENTS
        return declared

    @property
    def bot(self) -> type[SeededBot]:
        bot: type[SeededBot] = getattr(self.module(), self.bot_class)
        return bot


def _load() -> dict[str, Entry]:
    data = json.loads((Path(__file__).parent / "games.json").read_text(encoding="utf-8"))
    return {g["name"]: Entry(g["name"], g["title"], g["game"], g["board"], g["bot"],
                             g.get("limit", {}))
            for g in data["games"]}


GAMES: dict[str, Entry] = _load()


def load_game(path: str | Path, clock: Clock | None = None) -> Game:
    """The game saved in ``path`` (a board's Save, or ``json.dump(game.to_dict(), ...)``),
    whatever the game: the registry picks the class its save names. A damaged, changed
    or foreign file raises ``BadSave`` saying what is wrong."""
    from .core.errors import BadSave, brief
    from .core.saves import read_save

    data = read_save(path)
    name = data.get("game")
    if not isinstance(name, str) or name not in GAMES:
        raise BadSave(f"{brief(Path(path).name, 80)} is a save of the game {brief(name)}, "
                      f"which this pondwidgets does not have (it has "
                      f"{', '.join(sorted(GAMES))})")
    try:
        return GAMES[name].game.from_dict(data, clock=clock)
    except BadSave as err:
        raise BadSave(f"{brief(Path(path).name, 80)}: {err}") from None


def resume(path: str | Path, **board_options: Any) -> Board:
    """A board on the game saved in ``path``, to play on where the save left it: the
    game's own board class, given ``board_options`` (``seat=0, bots={1: CroakBot()}``:
    bots are not saved, seat them again). ``board.game`` is the loaded game."""
    game = load_game(path)
    return GAMES[game.NAME].board(game, **board_options)
