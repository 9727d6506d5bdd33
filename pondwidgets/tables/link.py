"""The kernel's connection to a table server: one WebSocket on the kernel's own event loop,
whose frames arrive by a push (a callback), never by polling. In a CPython kernel it is
tornado's client (JupyterLab's own server library); in the JupyterLite site's kernel
(Pyodide, in the browser) the browser's WebSocket. Beside it, the one blocking call a join
cell makes: asking the server, over HTTP, which game a join code is (``lookup``), so
that a cell with no server to reach says so at once, in one sentence."""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import json
import os
import sys
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..core.errors import GameError, brief

IN_BROWSER = sys.platform == "emscripten"  # the JupyterLite site's kernel
LOOKUP_SECONDS = 3.0  # a join cell waits this long for the server before it says so
LOCAL_SERVER = "http://127.0.0.1:8765"  # the table server the commands start, by default


def default_server() -> str:
    """Where a cell given no address looks for the tables: in the JupyterLite site's
    kernel, the page's own origin (the classroom command serves the site and its tables
    from one address); in any other kernel, this machine's, port 8765."""
    if IN_BROWSER:  # (the kernel's web worker has the page's origin)
        return str(_browser().location.origin)
    return LOCAL_SERVER
FIRST_RETRY, LONGEST_RETRY = 0.5, 8.0  # seconds between tries after a drop: doubling
PING = 10.0  # seconds between a kernel's pings, so that a dead link is found and retried


def address(server: str) -> str:
    """A table server's address as given (``"http://192.168.1.20:8765"``, or a host and
    port, ``"192.168.1.20:8765"``), as ``http[s]://host:port`` with no path."""
    if not isinstance(server, str) or not server.strip():
        raise GameError(f"server is the table server's address, such as "
                        f"'http://192.168.1.20:8765', not {brief(server)}")
    text = server.strip().rstrip("/")
    if "://" not in text:
        text = "http://" + text
    parts = urllib.parse.urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.path:
        raise GameError(f"server is an address such as 'http://192.168.1.20:8765', not "
                        f"{brief(server)}")
    return f"{parts.scheme}://{parts.netloc}"


def socket_url(server: str) -> str:
    scheme, rest = address(server).split("://", 1)
    return f"{'wss' if scheme == 'https' else 'ws'}://{rest}/tables/ws"


def lookup(server: str, code: str | None = None) -> dict[str, Any]:
    """The public facts of table ``code`` on ``server`` (its game, its seats; None: the
    server's own, the games it holds), or GameError saying in one sentence that no server
    answers, or what it answered."""
    url = f"{address(server)}/tables/api"
    if code is not None:
        url += f"/{urllib.parse.quote(code.strip().upper())}"
    try:
        status, body = _get_in_browser(url) if IN_BROWSER else _get(url)
    except OSError:
        raise GameError(_no_answer(server)) from None
    if status != 200:
        reason = _reason(body)
        if reason is None:  # something else answers there (a web server without tables)
            raise GameError(_no_answer(server))
        raise GameError(f"The table server at {address(server)} says: {reason}.")
    try:
        return dict(json.loads(body))
    except ValueError:  # something else answers there
        raise GameError(_no_answer(server)) from None


def _no_answer(server: str) -> str:
    # The same sentence in every kernel, whatever failed (refused, unreachable, silent):
    # it is what a notebook saves, and a student needs no more.
    return (f"No table server answers at {address(server)}: ask your teacher to start it, "
            f"or check the address.")


def _get(url: str) -> tuple[int, str | bytes]:
    try:
        with urllib.request.urlopen(url, timeout=LOOKUP_SECONDS) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as err:
        return err.code, err.read()


def _get_in_browser(url: str) -> tuple[int, str]:
    """A GET from the kernel's web worker, synchronous (the cell waits for its answer) and
    given up after LOOKUP_SECONDS: not ``pyodide.http.open_url``, which gives no status and
    waits for ever."""
    from pyodide.ffi import JsException

    request = _browser().XMLHttpRequest.new()
    request.open("GET", url, False)
    request.timeout = round(LOOKUP_SECONDS * 1000)  # (a worker's synchronous one may have it)
    try:
        request.send()
    except JsException as err:  # a DOMException: refused or unreachable, or no answer in time
        late = err.name == "TimeoutError"
        raise (TimeoutError if late else ConnectionError)(str(err)) from None
    return int(request.status), str(request.responseText)


def _reason(body: str | bytes) -> str | None:
    """Why the table server refused, as it says it (``{"error": ...}``); None when what
    answered is no table server."""
    try:
        return str(json.loads(body)["error"])
    except (ValueError, KeyError, TypeError):
        return None


def _browser() -> Any:
    # Pyodide's module of the page's JavaScript globals (imported by name: to a checker on
    # a build machine, "js" is the repository's folder of the boards' sources).
    return importlib.import_module("js")


class Link:
    """One WebSocket to a table server, opened again by itself when it drops. ``send``
    queues a message until the first connection is open; every frame the server sends goes
    to ``on_frame(text)``, and each drop to ``on_frame(None)``. After a drop (not
    ``close``) it tries again after FIRST_RETRY seconds, doubling up to LONGEST_RETRY, for
    ever, on a timer of the event loop (no loop of its own), and ``on_open()`` is called at
    each connection it makes again: the screen asks for its seat back. Made from a running
    event loop (a kernel's)."""

    def __init__(self, server: str, on_frame: Callable[[str | None], None],
                 on_open: Callable[[], None] | None = None) -> None:
        self.url = socket_url(server)
        self.on_frame, self.on_open = on_frame, on_open
        self.closed = False  # by the screen: never opened again
        self.connected = False
        self.drops = 0  # how many times it dropped (or failed to open) since it was open
        self.retry = FIRST_RETRY  # seconds before the next try, once it drops
        self._opened_once = False
        self._queue: list[str] = []
        self._socket: Any = None
        self._generation = 0  # each socket's number: a former socket's events are ignored
        self._proxies: list[Any] = []  # the browser's callbacks, kept alive while open
        self._timer: Any = None
        self._pending: Any = None  # the browser's socket being opened
        if not IN_BROWSER:
            try:
                self._loop = asyncio.get_running_loop()
            except RuntimeError:
                raise GameError("a table's screen needs a running event loop, as a "
                                "notebook's kernel has: run it in a notebook") from None
        self._open()

    def send(self, message: dict[str, Any]) -> bool:
        """Send ``message`` (queued until the first connection opens); False if the link
        is down now, when nothing is sent."""
        text = json.dumps(message)
        if self.closed:
            return False
        if self.connected:
            self._write(text)
            return True
        if not self._opened_once and not self.drops:
            self._queue.append(text)
            return True
        return False

    def close(self) -> None:
        self.closed = True
        self._cancel_timer()
        for socket in {id(s): s for s in (self._socket, self._pending) if s is not None
                       }.values():
            socket.close()  # (its closing, when it comes, lets the browser's callbacks go)
        self.connected = False

    def cut(self) -> None:
        """Close the socket as a dropped network would (a test's), so that it reconnects."""
        if self._socket is not None:
            self._socket.close()

    def _open(self) -> None:
        self._timer = None
        if self.closed:
            return
        self._generation += 1
        if IN_BROWSER:
            self._open_in_browser(self._generation)
        else:
            self._open_with_tornado(self._generation)

    def _opened(self, socket: Any, generation: int) -> None:
        if generation != self._generation or self.closed:  # closed while it was opening
            socket.close()
            return
        self._socket, self._pending, self.connected = socket, None, True
        again = self._opened_once or self.drops > 0
        self._opened_once, self.drops, self.retry = True, 0, FIRST_RETRY
        for text in self._queue:
            self._write(text)
        self._queue.clear()
        if again and self.on_open is not None:
            self.on_open()

    def _gone(self, generation: int) -> None:
        if generation != self._generation:
            return  # a former socket's closing: a new one is open or opening
        self._forget_socket()
        if self.closed:
            return
        self.drops += 1
        self.on_frame(None)
        self._retry_later()

    def _forget_socket(self) -> None:
        for proxy in self._proxies:  # the browser's callbacks: none comes after the closing
            proxy.destroy()
        self._proxies.clear()
        self._socket, self.connected = None, False

    def _retry_later(self) -> None:
        wait, self.retry = self.retry, min(2 * self.retry, LONGEST_RETRY)
        if IN_BROWSER:
            from pyodide.ffi import create_once_callable

            self._timer = _browser().setTimeout(create_once_callable(self._open),
                                                round(wait * 1000))
        else:
            self._timer = self._loop.call_later(wait, self._open)

    def _cancel_timer(self) -> None:
        if self._timer is None:
            return
        if IN_BROWSER:
            _browser().clearTimeout(self._timer)
        else:
            self._timer.cancel()
        self._timer = None

    # -- a CPython kernel: tornado -----------------------------------------------------------
    def _open_with_tornado(self, generation: int) -> None:
        from tornado.websocket import websocket_connect

        def got(text: str | bytes | None) -> None:
            if generation != self._generation:
                return
            if text is None:
                self._gone(generation)
            else:
                self.on_frame(text if isinstance(text, str) else text.decode("utf-8"))

        def done(future: Any) -> None:
            try:
                self._opened(future.result(), generation)
            except Exception:  # refused, unreachable: said as the link's closing
                self._gone(generation)

        # Pings find a link that died without a word (Wi-Fi gone): tornado closes it.
        opening = asyncio.ensure_future(websocket_connect(
            self.url, on_message_callback=got, ping_interval=PING, ping_timeout=2 * PING))
        opening.add_done_callback(done)

    def _write(self, text: str) -> None:
        if IN_BROWSER:
            self._socket.send(text)
            return
        from tornado.websocket import WebSocketClosedError

        try:
            self._socket.write_message(text)
        except WebSocketClosedError:
            self._gone(self._generation)

    # -- the JupyterLite kernel: the browser's WebSocket ---------------------------------
    def _open_in_browser(self, generation: int) -> None:
        from pyodide.ffi import create_proxy

        socket = self._pending = _browser().WebSocket.new(self.url)

        def message(event: Any) -> None:
            if generation == self._generation:
                self.on_frame(str(event.data))

        handlers = {"onopen": lambda _event: self._opened(socket, generation),
                    "onmessage": message,
                    "onclose": lambda _event: self._gone(generation)}
        for name, handler in handlers.items():
            proxy = create_proxy(handler)
            self._proxies.append(proxy)
            setattr(socket, name, proxy)


# -- the seats this browser (or kernel's user) holds: a reload takes them back ----------
# Keyed by server and code, each a map of the name (casefolded) to its seat's token. In
# the JupyterLite kernel, the site origin's storage in the browser (localStorage where the
# kernel can reach it; in a web worker, which has none, IndexedDB); in a CPython kernel,
# a file of the user's (SEATS_FILE). Never a trait or an output: no notebook holds one.
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
        storage = getattr(_browser(), "localStorage", None)
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
            storage = getattr(_browser(), "localStorage", None)
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
    return _browser().Function.new("key", "value", _IDB)(key, value)


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
