"""The seats this browser (or a CPython kernel's user) holds at shared tables, so that a
reload, or a join cell run again, takes its own seat back (``screen.py``).

Keyed by server and code, each a map of the name (casefolded) to its seat's token. In the
JupyterLite kernel, the site origin's storage in the browser (localStorage where the
kernel can reach it; in a web worker, which has none, IndexedDB); in a CPython kernel, a
file of the user's (SEATS_FILE). Never a trait or an output: no notebook holds one."""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .link import IN_BROWSER, address, page_globals

SEATS_FILE = ("pondwidgets", "table-seats.json")  # under the user's Jupyter data folder
_IDB = """return new Promise((resolve) => {
  const open = indexedDB.open("pondwidgets-tables", 1);
  open.onupgradeneeded = () => open.result.createObjectStore("seats");
  open.onerror = () => resolve(null);
  open.onsuccess = () => {
    const db = open.result;
    const tx = db.transaction("seats", value === undefined ? "readonly" : "readwrite");
    const seats = tx.objectStore("seats");
    const asked = value === undefined ? seats.get(key) : seats.put(value, key);
    tx.oncomplete = () => { db.close(); resolve(asked.result ?? null); };
    tx.onerror = () => { db.close(); resolve(null); };
  };
});"""


def seat_key(server: str, code: str) -> str:
    return f"pondwidgets-seat {address(server)} {code}"


def recall_seats(key: str, then: Callable[[dict[str, str]], None]) -> None:
    """Give ``then`` the tokens kept for ``key`` (name casefolded -> token): at once in a
    CPython kernel, when the browser's storage answers in the JupyterLite one."""
    if not IN_BROWSER:
        then(_seats_in(_read_file().get(key)))
        return
    try:
        storage = getattr(page_globals(), "localStorage", None)
        if storage:
            text = storage.getItem(key)
        else:
            _indexed_db(key).then(lambda text: then(_seats_in(_json_or_none(text))))
            return
    except Exception:  # storage refused (a private window): no seat is kept here
        text = None
    then(_seats_in(_json_or_none(text)))


def keep_seat(key: str, name: str, token: str | None) -> None:
    """Keep ``token`` as ``name``'s seat at ``key`` (None: forget it), beside the others
    kept there. Best effort: storage that fails only means a reload asks for a new seat."""
    def change(seats: dict[str, str]) -> None:
        seats = dict(seats)
        if token is None:
            seats.pop(name.strip().casefold(), None)
        else:
            seats[name.strip().casefold()] = token
        text = json.dumps(seats)
        if not IN_BROWSER:
            kept = _read_file()
            kept[key] = seats
            _write_file(kept)
            return
        with contextlib.suppress(Exception):  # storage refused: nothing is kept
            storage = getattr(page_globals(), "localStorage", None)
            if storage:
                storage.setItem(key, text)
            else:
                _indexed_db(key, text)

    recall_seats(key, change)


def _json_or_none(text: Any) -> Any:
    try:
        return json.loads(str(text)) if text is not None else None
    except ValueError:
        return None


def _seats_in(value: Any) -> dict[str, str]:
    """The name -> token map in what storage gave (anything: it is not checked there)."""
    if not isinstance(value, dict):
        return {}
    return {name: token for name, token in value.items()
            if isinstance(name, str) and isinstance(token, str) and len(token) <= 200}


def _indexed_db(key: str, value: str | None = None) -> Any:
    """IndexedDB's answer for ``key`` (a JavaScript promise), storing ``value`` if given
    (None reaches JavaScript as undefined: only a read)."""
    return page_globals().Function.new("key", "value", _IDB)(key, value)


def seats_file() -> Path:
    """The file a CPython kernel keeps its seats' tokens in: the user's Jupyter data
    folder (``jupyter --data-dir``, or $JUPYTER_DATA_DIR), private to the user as
    Jupyter's own runtime files are, and not beside the notebooks, which are shared."""
    try:
        from jupyter_core.paths import jupyter_data_dir

        folder = Path(jupyter_data_dir())
    except ImportError:  # no Jupyter here (a script): the user's cache
        folder = Path.home() / ".cache"
    return folder.joinpath(*SEATS_FILE)


def _read_file() -> dict[str, Any]:
    try:
        kept = json.loads(seats_file().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return kept if isinstance(kept, dict) else {}


def _write_file(kept: dict[str, Any]) -> None:
    path = seats_file()
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        fresh = path.with_name(f".{path.name}.{os.getpid()}")
        # Readable by this user only, as a token is the key to a seat.
        descriptor = os.open(fresh, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w", encoding="utf-8") as file:
            json.dump(kept, file)
        os.replace(fresh, path)
