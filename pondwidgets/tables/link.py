"""The kernel's connection to a table server: one WebSocket on the kernel's own event loop,
whose frames arrive by a push (a callback), never by polling. In a CPython kernel it is
tornado's client (JupyterLab's own server library); in the JupyterLite site's kernel
(Pyodide, in the browser) the browser's WebSocket. Beside it, the one blocking call a join
cell makes: asking the server, over HTTP, which game a join code is (``lookup``), so
that a cell with no server to reach says so at once, in one sentence; and the class
experiments' requests, a JSON object POSTed for a JSON answer (``post``)."""

from __future__ import annotations

import asyncio
import importlib
import json
import sys
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from typing import Any

from ..core.errors import GameError, brief

IN_BROWSER = sys.platform == "emscripten"  # the JupyterLite site's kernel
LOOKUP_SECONDS = 3.0  # a join cell waits this long for the server before it says so
LOCAL_SERVER = "http://127.0.0.1:8765"  # the table server the commands start, by default
FIRST_RETRY, LONGEST_RETRY = 0.5, 8.0  # seconds between tries after a drop: doubling
PING = 10.0  # seconds between a kernel's pings, so that a dead link is found and retried


def default_server() -> str:
    """Where a cell given no address looks for the tables: in the JupyterLite site's
    kernel, the page's own origin (the classroom command serves the site and its tables
    from one address); in any other kernel, this machine's, port 8765."""
    if IN_BROWSER:  # (the kernel's web worker has the page's origin)
        return str(page_globals().location.origin)
    return LOCAL_SERVER


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
        status, body = _fetch_in_browser(url) if IN_BROWSER else _fetch(url)
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


def post(server: str, path: str, fields: dict[str, Any], seconds: float) -> dict[str, Any]:
    """POST ``fields`` as JSON to ``path`` of ``server`` (``"/tables/experiments/join"``)
    and give its JSON answer, waiting at most ``seconds``; or GameError saying in one
    sentence that no server answers, or what it refused and why."""
    url = f"{address(server)}{path}"
    body = json.dumps(fields, separators=(",", ":")).encode("utf-8")
    try:
        status, text = (_fetch_in_browser(url, body, seconds) if IN_BROWSER
                        else _fetch(url, body, seconds))
    except OSError:
        raise GameError(_no_answer(server)) from None
    reason = _reason(text)
    if status != 200:
        if reason is None:
            raise GameError(_no_answer(server))
        raise GameError(f"The classroom's server says: {reason}.")
    try:
        answer = json.loads(text)
    except ValueError:
        raise GameError(_no_answer(server)) from None
    if not isinstance(answer, dict):
        raise GameError(_no_answer(server))
    return answer


def _fetch(url: str, body: bytes | None = None, seconds: float = LOOKUP_SECONDS
         ) -> tuple[int, str | bytes]:
    """A GET (a POST of ``body``, when given) from a CPython kernel."""
    request = urllib.request.Request(url, data=body, headers={
        "Content-Type": "application/json"} if body is not None else {})
    try:
        with urllib.request.urlopen(request, timeout=seconds) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as err:
        return err.code, err.read()


def _fetch_in_browser(url: str, body: bytes | None = None, seconds: float = LOOKUP_SECONDS
                    ) -> tuple[int, str]:
    """A GET (a POST of ``body``) from the kernel's web worker, synchronous (the cell
    waits for its answer) and given up after ``seconds``: not ``pyodide.http.open_url``,
    which gives no status and waits for ever. A POST is sent as text/plain, a request
    any page may make without asking the server first."""
    from pyodide.ffi import JsException

    request = page_globals().XMLHttpRequest.new()
    request.open("GET" if body is None else "POST", url, False)
    request.timeout = round(seconds * 1000)  # (a worker's synchronous one may have it)
    try:
        if body is None:
            request.send()
        else:
            request.setRequestHeader("Content-Type", "text/plain;charset=UTF-8")
            request.send(body.decode("utf-8"))
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


def page_globals() -> Any:
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

            self._timer = page_globals().setTimeout(create_once_callable(self._open),
                                                round(wait * 1000))
        else:
            self._timer = self._loop.call_later(wait, self._open)

    def _cancel_timer(self) -> None:
        if self._timer is None:
            return
        if IN_BROWSER:
            page_globals().clearTimeout(self._timer)
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

        socket = self._pending = page_globals().WebSocket.new(self.url)

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
