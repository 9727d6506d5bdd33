"""The registry: every game of pondwidgets, listed once in ``games.json``.

``core`` imports no game, so the list lives here, beside the game packages. The JS build
(``js/build.mjs``), the benchmark (``tests/benchmark.py``) and the conformance suite
(``tests/conformance``) read it: adding a game adds one entry to ``games.json``.

Nothing is imported until asked for: ``GAMES["croak"].game`` imports the rules only, and
``.board`` loads Jupyter's widget libraries.
"""

from __future__ import annotations

import importlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

__all__ = ["GAMES", "Entry"]


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
    def game(self) -> type:
        return getattr(self.module(), self.game_class)

    @property
    def board(self) -> type:
        return getattr(self.module(), self.board_class)

    @property
    def bot(self) -> type:
        return getattr(self.module(), self.bot_class)


def _load() -> dict[str, Entry]:
    data = json.loads((Path(__file__).parent / "games.json").read_text(encoding="utf-8"))
    return {g["name"]: Entry(g["name"], g["title"], g["game"], g["board"], g["bot"],
                             g.get("limit", {}))
            for g in data["games"]}


GAMES: dict[str, Entry] = _load()
