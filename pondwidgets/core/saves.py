"""Save files: a game's save (``Game.to_dict()``) written beside the notebook, and read
back. A board's Save button writes one (``Board.save``); ``pondwidgets.games.resume``
reads it, in a new session, with the registry choosing the game's class. Rules-side:
nothing here imports Jupyter.
"""

from __future__ import annotations

import datetime
import json
import os
from pathlib import Path
from typing import Any

from . import arguments
from .errors import BadArgument, BadSave, GameError, brief
from .game import SAVE_FORMAT, Game

SAVE_SUFFIX = ".pondsave.json"  # <game>-<date>-<hhmm>[-n].pondsave.json
# A shared table's game, once over, is saved as its record (tables.table): its log and
# decisions with no seed, an account of what happened that no game is resumed from.
RECORD_FORMAT = "pondwidgets-table-record"
RECORD_SUFFIX = ".pondrecord.json"
LARGEST_SAVE = 50_000_000  # bytes: read_save refuses a bigger file before reading it


def write_save(game: Game, folder: str | Path | None = None) -> Path:
    """Write ``game.to_dict()`` as JSON to a new file in ``folder`` (default: the working
    directory — beside the notebook), named after the game and the time, e.g.
    ``croak-2026-12-01-1432.pondsave.json`` (``-2``, ``-3``… if taken: a save never
    overwrites a file); returns its path. A folder that cannot be written raises
    GameError saying why."""
    name, text = save_text(game)  # a sample_hidden copy refuses, before any file is made
    folder = arguments.folder(folder, "folder")
    folder = folder if folder is not None else Path(os.getcwd())
    try:
        return _new_file(folder, name, text)
    except OSError as err:
        reason = err.strerror or type(err).__name__
        raise GameError(f"the game could not be saved in {brief(str(folder), 80)}: "
                        f"{reason}") from None


def save_text(game: Game) -> tuple[str, str]:
    """A save's file name, after the game and the time (``croak-2026-12-01-1432.pondsave
    .json``; a shared table's record ``….pondrecord.json``), and its text
    (``game.to_dict()`` as JSON): what ``write_save`` writes, and what a board under Voilà
    hands the browser to download."""
    if not isinstance(game, Game):
        raise BadArgument(f"game is the game to save, not {brief(game)}")
    data = game.to_dict()
    suffix = RECORD_SUFFIX if data.get("format") == RECORD_FORMAT else SAVE_SUFFIX
    return (f"{data['game'] or 'game'}-{_stamp()}{suffix}",
            json.dumps(data, indent=1, allow_nan=False) + "\n")


def _stamp() -> str:
    """The time in a save's name, local and to the minute: "2026-12-01-1432"."""
    return datetime.datetime.now().strftime("%Y-%m-%d-%H%M")


def _new_file(folder: Path, first: str, text: str) -> Path:
    """Write ``text`` to ``folder/<first>``, or ``<stem>-2<suffix>``… when that name is
    taken: opened with "x", so an existing file is never overwritten, even in a race."""
    suffix = RECORD_SUFFIX if first.endswith(RECORD_SUFFIX) else SAVE_SUFFIX
    stem = first.removesuffix(suffix)
    for number in range(1, 10_000):
        name = stem + (f"-{number}" if number > 1 else "") + suffix
        try:
            with open(folder / name, "x", encoding="utf-8") as file:
                file.write(text)
        except FileExistsError:
            continue
        return folder / name
    raise FileExistsError(17, "every name for this minute's saves is taken")


def read_save(path: str | Path) -> dict[str, Any]:
    """The dictionary saved in a board's save file (``Board.save``), for ``from_dict``.
    A file that is not JSON, or not a save at all, raises BadSave naming the file and the
    problem; a missing file raises FileNotFoundError. Game-neutral: which game class
    loads it is the registry's business (``pondwidgets.games.load_game``)."""
    path = arguments.folder(path, "path", "a save file's path", none=False)
    name = brief(path.name, 80)
    if path.stat().st_size > LARGEST_SAVE:
        raise BadSave(f"{name} is not a pondwidgets save: it is far too big for one")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError:
        raise BadSave(f"{name} is not a pondwidgets save: it is not text") from None
    except json.JSONDecodeError as err:
        raise BadSave(f"{name} is not a pondwidgets save: it is not JSON (line {err.lineno}, "
                      f"column {err.colno}: {err.msg}); was it cut short or edited?") from None
    except RecursionError:
        raise BadSave(f"{name} is not a pondwidgets save: it is nested too deeply") from None
    if isinstance(data, dict) and data.get("format") == RECORD_FORMAT:
        raise BadSave(f"{name} is a shared table's record (its log and its decisions, with no "
                      f"seed): it tells what happened, and no game is resumed from it")
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise BadSave(f"{name} is not a pondwidgets save (a save holds "
                      f"\"format\": \"{SAVE_FORMAT}\")")
    return data
