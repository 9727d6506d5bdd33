"""The kernel's connection to a table server: one WebSocket on the kernel's own event loop,
whose frames arrive by a push (a callback), never by polling. In a CPython kernel it is
tornado's client (JupyterLab's own server library); in the JupyterLite site's kernel
(Pyodide, in the browser) the browser's WebSocket. Beside it, the one blocking call a join
cell makes: asking the server, over HTTP, which game a join code is (``lookup``), so
that a cell with no server to reach says so at once, in one sentence."""

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
        raise GameError(f"The table server at {address(server)} says: "
                        f"{_reason(body, status)}.")
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


def _reason(body: str | bytes, status: int) -> str:
    """Why the server refused, as it says it (``{"error": ...}``), or its status."""
    try:
        return str(json.loads(body)["error"])
    except (ValueError, KeyError, TypeError):
        return f"it answered {status}"


def _browser() -> Any:
    # Pyodide's module of the page's JavaScript globals (imported by name: to a checker on
    # a build machine, "js" is the repository's folder of the boards' sources).
    return importlib.import_module("js")


class Link:
    """One WebSocket to a table server. ``send`` queues a message until the connection
    is open; every frame the server sends goes to ``on_frame(text)``, and its closing to
    ``on_frame(None)``. Made from a running event loop (a kernel's)."""

    def __init__(self, server: str, on_frame: Callable[[str | None], None]) -> None:
        self.url = socket_url(server)
        self.on_frame = on_frame
        self.closed = False
        self._queue: list[str] = []
        self._socket: Any = None
        self._proxies: list[Any] = []  # the browser's callbacks, kept alive while open
        if IN_BROWSER:
            self._open_in_browser()
        else:
            self._open_with_tornado()

    def send(self, message: dict[str, Any]) -> None:
        text = json.dumps(message)
        if self._socket is None:
            self._queue.append(text)
        elif not self.closed:
            self._write(text)

    def close(self) -> None:
        if self._socket is not None and not self.closed:
            self._socket.close()
        self.closed = True

    def _opened(self, socket: Any) -> None:
        self._socket = socket
        if self.closed:  # closed while it was opening
            socket.close()
            return
        for text in self._queue:
            self._write(text)
        self._queue.clear()

    def _gone(self) -> None:
        for proxy in self._proxies:  # the browser's callbacks: none comes after the closing
            proxy.destroy()
        self._proxies.clear()
        if not self.closed:
            self.closed = True
            self.on_frame(None)

    # -- a CPython kernel: tornado -----------------------------------------------------------
    def _open_with_tornado(self) -> None:
        from tornado.websocket import websocket_connect

        try:
            asyncio.get_running_loop()
        except RuntimeError:
            raise GameError("a table's screen needs a running event loop, as a notebook's "
                            "kernel has: run it in a notebook") from None

        def got(text: str | bytes | None) -> None:
            if text is None:
                self._gone()
            else:
                self.on_frame(text if isinstance(text, str) else text.decode("utf-8"))

        def done(future: Any) -> None:
            try:
                self._opened(future.result())
            except Exception:  # refused, unreachable: said as the link's closing
                self._gone()

        opening = asyncio.ensure_future(websocket_connect(self.url, on_message_callback=got))
        opening.add_done_callback(done)

    def _write(self, text: str) -> None:
        if IN_BROWSER:
            self._socket.send(text)
            return
        from tornado.websocket import WebSocketClosedError

        try:
            self._socket.write_message(text)
        except WebSocketClosedError:
            self._gone()

    # -- the JupyterLite kernel: the browser's WebSocket ---------------------------------
    def _open_in_browser(self) -> None:
        from pyodide.ffi import create_proxy

        socket = _browser().WebSocket.new(self.url)
        handlers = {"onopen": lambda _event: self._opened(socket),
                    "onmessage": lambda event: self.on_frame(str(event.data)),
                    "onclose": lambda _event: self._gone()}
        for name, handler in handlers.items():
            proxy = create_proxy(handler)
            self._proxies.append(proxy)
            setattr(socket, name, proxy)
