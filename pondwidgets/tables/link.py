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
        if IN_BROWSER:
            from pyodide.http import open_url  # a synchronous request, from the worker

            return dict(json.loads(open_url(url).getvalue()))
        with urllib.request.urlopen(url, timeout=LOOKUP_SECONDS) as answer:
            return dict(json.loads(answer.read()))
    except urllib.error.HTTPError as err:
        try:
            reason = json.loads(err.read())["error"]
        except (ValueError, KeyError, TypeError):
            reason = f"it answered {err.code}"
        raise GameError(f"The table server at {address(server)} says: {reason}.") from None
    except (OSError, ValueError) as err:
        raise GameError(f"No table server answers at {address(server)} ({type(err).__name__}"
                        f"): ask your teacher to start it, or check the address.") from None


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
        for text in self._queue:
            self._write(text)
        self._queue.clear()

    def _gone(self) -> None:
        if not self.closed:
            self.closed = True
            for proxy in self._proxies:
                proxy.destroy()
            self._proxies.clear()
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

        # Pyodide's module of the page's JavaScript globals (imported by name: to a checker
        # on a build machine, "js" is the repository's folder of the boards' sources).
        browser: Any = importlib.import_module("js")
        socket = browser.WebSocket.new(self.url)
        handlers = {"onopen": lambda _event: self._opened(socket),
                    "onmessage": lambda event: self.on_frame(str(event.data)),
                    "onclose": lambda _event: self._gone()}
        for name, handler in handlers.items():
            proxy = create_proxy(handler)
            self._proxies.append(proxy)
            setattr(socket, name, proxy)
