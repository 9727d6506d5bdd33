"""The table server: a ``Hall`` carried over WebSockets by tornado, on a teacher's machine.

``GET /tables/ws`` is the one WebSocket a student's board speaks to: each text frame goes
to ``hall.receive`` and whatever it answers goes to the connections it names. ``GET
/tables/api/<CODE>`` gives a table's public facts, for a page that must know the game
before it joins. The decisions the server makes by itself (bots, countdowns) run on one
timer of the event loop, set again after anything happens to the time ``hall.due()``
says: never a polling loop. ``python -m pondwidgets.tables`` runs it (``__main__.py``);
the classroom command (``classroom.py``) serves the course's JupyterLite site beside it,
from the same address, and over HTTPS when given a certificate.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import mimetypes
import signal
import ssl
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from tornado.httpserver import HTTPServer
from tornado.netutil import bind_sockets
from tornado.web import Application, HTTPError, RequestHandler, StaticFileHandler
from tornado.websocket import WebSocketClosedError, WebSocketHandler

from ..games import GAMES
from . import experiments, limits, protocol
from .experiments import ClassExperiments, Result
from .hall import Hall, Out
from .protocol import Refused
from .store import Store

# Tornado closes a connection whose frame is larger than this; a frame a little over
# LONGEST_MESSAGE still reaches the hall, which refuses it and keeps the connection.
LARGEST_FRAME = 4 * protocol.LONGEST_MESSAGE
RATE = 20  # messages a second one connection may send, on average...
BURST = 40  # ...and at once, for a student clicking fast
PING = 20.0  # seconds between pings, so that a device gone to sleep leaves its seat
# Results waiting to be played again: a class of 30 pressing Send at once, twice over.
# More, and a sender is asked to send again shortly (a device's own are limited anyway).
MOST_CONFIRMING = 64
log = logging.getLogger(__name__)


class Bucket:
    """A token bucket: ``take(now)`` says whether one more message may be read now."""

    def __init__(self, rate: float, burst: float, now: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.at = burst, now

    def take(self, now: float) -> bool:
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def refused(reason: str) -> str:
    """A refusal of a frame the hall never reads, written as the hall writes its own."""
    return protocol.dumps({"type": "refused", "request": "message", "reason": reason})


class TableServer:
    """A hall served on ``host``:``port``: its connections by id and its one timer."""

    def __init__(self, hall: Hall, store: Store | None, host: str, port: int,
                 site: Path | None = None, certificate: ssl.SSLContext | None = None
                 ) -> None:
        self.hall, self.store = hall, store
        self.experiments = ClassExperiments(store=store)
        self.sockets: dict[int, TableSocket] = {}
        # A result's sample of games is played again here, off the event loop, one
        # result at a time, so the tables go on meanwhile.
        self._confirmer = ThreadPoolExecutor(1, thread_name_prefix="pondwidgets-confirm")
        self._confirming = 0
        self._loop = asyncio.get_running_loop()
        self._timer: asyncio.TimerHandle | None = None
        routes: list[Any] = [(r"/tables/ws", TableSocket, {"server": self}),
                             (r"/tables/api", TableFacts, {"hall": hall}),
                             (r"/tables/api/([^/]+)", TableFacts, {"hall": hall}),
                             (r"/tables/experiments/(join|send)", ExperimentRequest,
                              {"server": self})]
        if site is not None:  # the course's site, from the same address as its tables
            routes.append((r"/(.*)", SiteFile, {"path": str(site),
                                                "default_filename": "index.html"}))
        app = Application(routes, websocket_max_message_size=LARGEST_FRAME,
                          websocket_ping_interval=PING)
        listening = bind_sockets(port, host)
        self.port: int = listening[0].getsockname()[1]  # the one chosen when port is 0
        self._http = HTTPServer(app, ssl_options=certificate,
                                max_body_size=experiments.LARGEST_BODY)
        self._http.add_sockets(listening)
        self._schedule()  # a restored table's bots may be due

    def send(self, out: Out) -> None:
        """Send each frame to its connection (one gone is skipped), then set the timer
        again: whatever made these frames may have changed what is due."""
        for conn, text in out:
            socket = self.sockets.get(conn)
            if socket is not None:
                socket.send(text)
        self._schedule()

    def _schedule(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        due = self.hall.due()
        if due is not None:  # the hall's clock and the loop's differ: wait the same time
            wait = due - self.hall.clock.now()
            self._timer = self._loop.call_at(self._loop.time() + wait, self._tick)

    def _tick(self) -> None:
        self._timer = None
        self.send(self.hall.tick(most=1))  # (then any other due table, on the next turn)

    async def confirm(self, result: Result) -> None:
        """Play a sample of ``result``'s games again on the worker thread (``Refused`` if
        one gives another value), or refuse at once when many results wait already."""
        if self._confirming >= MOST_CONFIRMING:
            raise Refused("the server is checking many results just now: send again in a "
                          "few seconds")
        self._confirming += 1
        try:
            await self._loop.run_in_executor(self._confirmer, self.experiments.confirm,
                                             result)
        except Refused:
            raise
        except Exception:  # the rules model failing on a game: the server's fault
            log.exception("playing again a game of %s", result.experiment.id)
            raise Refused("the server could not play your games again: tell your teacher"
                          ) from None
        finally:
            self._confirming -= 1

    async def stop(self) -> None:
        """Stop listening and close every connection; the store keeps the tables."""
        if self._timer is not None:
            self._timer.cancel()
        self._confirmer.shutdown(wait=False, cancel_futures=True)
        self._http.stop()
        sockets, self.sockets = self.sockets, {}  # their on_close has no hall to tell
        for socket in sockets.values():
            socket.close(1001, "the table server stopped")
        if self.store is not None:
            self.store.close()
        await self._http.close_all_connections()


class TableSocket(WebSocketHandler):
    """One student's connection: one id of the hall, one token bucket."""

    def initialize(self, server: TableServer) -> None:
        self.server = server
        self.conn = 0  # the hall's id for it, once open
        self.device = ""  # its network address, by which limits.py counts
        self.bucket = Bucket(RATE, BURST, time.monotonic())

    def check_origin(self, origin: str) -> bool:
        # Any page may connect: students' boards are served from elsewhere (JupyterLab or
        # a JupyterLite site on another port). Tokens, not origins, authorise a seat.
        return True

    def open(self, *args: str, **kwargs: str) -> None:
        self.set_nodelay(True)  # small frames, a person waiting for each
        self.device = self.request.remote_ip or ""
        held = sum(1 for socket in self.server.sockets.values() if socket.device == self.device)
        if held >= limits.MOST_CONNECTIONS:
            self.close(1008, f"at most {limits.MOST_CONNECTIONS} connections from one "
                             f"device: close a tab first")
            return
        self.conn = self.server.hall.connect(self.device)
        self.server.sockets[self.conn] = self

    def on_message(self, message: str | bytes) -> None:
        if not self.conn:  # refused as it opened
            return
        if not self.bucket.take(time.monotonic()):
            self.send(refused(f"too many messages: at most {RATE} a second ({BURST} at "
                              f"once); this one was not read"))
        elif isinstance(message, bytes):
            self.send(refused("a message is a JSON object in a text frame, not binary "
                              "data"))
        else:
            self.server.send(self.server.hall.receive(self.conn, message))

    def on_close(self) -> None:
        if self.server.sockets.pop(self.conn, None) is not None:
            self.server.send(self.server.hall.disconnect(self.conn))

    def send(self, text: str) -> None:
        """Send ``text`` if the connection is still open: one that closed meanwhile is
        told nothing (its ``on_close`` tells the hall)."""
        try:
            sent = self.write_message(text)
        except WebSocketClosedError:
            return
        sent.add_done_callback(_retrieve)  # a link that drops mid-frame raises nothing


def _retrieve(future: asyncio.Future[Any]) -> None:
    if not future.cancelled():
        future.exception()


class TableFacts(RequestHandler):
    """``GET /tables/api/<CODE>``: a table's public facts as JSON, or 404; ``GET
    /tables/api``: the server's (the games it holds tables of), for a cell that creates a
    table to learn that the server is there."""

    def initialize(self, hall: Hall) -> None:
        self.hall = hall

    def get(self, code: str | None = None) -> None:
        # Public facts only (no token, no view), read by pages served from elsewhere.
        self.set_header("Access-Control-Allow-Origin", "*")
        self.set_header("Cache-Control", "no-store")  # seats fill up
        self.set_header("Content-Type", "application/json; charset=utf-8")
        try:
            facts = (self.hall.describe(code, self.request.remote_ip or "")
                     if code is not None else {"games": sorted(GAMES)})
        except Refused as err:
            self.set_status(404)
            facts = {"error": str(err)}
        self.finish(protocol.dumps(facts))


class ExperimentRequest(RequestHandler):
    """``POST /tables/experiments/join``, a student's seed in an experiment, and ``POST
    /tables/experiments/send``, their result (``experiments.py``): a JSON object in the
    body, the answer a JSON object, or ``{"error": ...}`` saying why nothing was done.
    Kernels send them (a CPython one from anywhere; the site's from its own origin)."""

    def initialize(self, server: TableServer) -> None:
        self.server = server

    def set_default_headers(self) -> None:
        self.set_header("Access-Control-Allow-Origin", "*")  # tokens, not origins, count
        self.set_header("Cache-Control", "no-store")
        self.set_header("Content-Type", "application/json; charset=utf-8")

    async def post(self, action: str) -> None:
        pupils = self.server.experiments
        device = self.request.remote_ip or ""
        try:
            pupils.admit(device)
            try:
                request = json.loads(self.request.body, parse_constant=_no_constant)
            except (ValueError, RecursionError):
                raise Refused("the request is not a JSON object") from None
            if action == "join":
                answer = pupils.join(device, request)
            else:
                result = pupils.check(request)
                await self.server.confirm(result)
                answer = pupils.accept(result)
        except Refused as err:
            self.set_status(429 if str(err).startswith("too many") else 422)
            self.finish(protocol.dumps({"error": str(err)}))
            return
        self.finish(protocol.dumps(answer))


def _no_constant(name: str) -> Any:
    raise ValueError(f"no {name} in JSON")


class SiteFile(StaticFileHandler):
    """A file of the course's JupyterLite site. Its pages and settings change when the
    site is built again, so the browser asks each time whether its copy is still good
    (the ETag makes that cheap)."""

    def set_extra_headers(self, path: str) -> None:
        self.set_header("Cache-Control", "no-cache")

    async def get(self, path: str, include_body: bool = True) -> None:
        if "\x00" in path:  # no file has it (the file system would raise, a 500)
            raise HTTPError(404)
        await super().get(path, include_body)


# Pyodide compiles WebAssembly as it downloads only when served as such; some systems'
# tables of types lack it.
mimetypes.add_type("application/wasm", ".wasm")


async def until_stopped() -> None:
    """Wait for Ctrl-C (which cancels this) or SIGTERM (a service manager stopping it):
    either way the caller's ``finally`` then stops the server, which writes every table's
    time, so a countdown comes back exactly."""
    stopped = asyncio.Event()
    with contextlib.suppress(NotImplementedError):  # (no such handlers on Windows)
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stopped.set)
    await stopped.wait()


def serve(host: str = "127.0.0.1", port: int = 8765, db: str | Path | None = None,
          site: Path | None = None, certificate: ssl.SSLContext | None = None
          ) -> tuple[TableServer, Hall]:
    """Serve a hall on ``host``:``port`` (0: a free port, then ``server.port``), on the
    running event loop; with ``db``, an SQLite file, its tables are read back from it and
    kept there; with ``site``, a built JupyterLite site, the site too, from ``/``; with
    ``certificate``, over HTTPS. ``await server.stop()`` ends it."""
    store = Store(db) if db is not None else None
    hall = Hall(store=store)
    if store is not None:
        store.load(hall)
    return TableServer(hall, store, host, port, site, certificate), hall
