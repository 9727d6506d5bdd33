"""The teacher's page: every table of a table server, live, the spectator's view of the
one the teacher picks (for the projector), and what only the teacher may do: close a
table, hand a seat whose person left to a bot.

It is its own tornado application, served on a port of its own (the classroom command
starts it), so that it is an origin of its own: no script of the course's site can read
its cookie or its pages. Cookies are not kept apart by port, though (another port of the
same host is the same site), so the course's pages could still send requests that carry
the cookie: every request that reads or acts checks both the cookie and, for a POST and
the WebSocket, that its ``Origin`` is this page's own. No CORS header is ever sent.

The teacher signs in once with the key the classroom command prints: the key goes in a
form's body (never a URL), the cookie holds a digest of it (HttpOnly, SameSite=Strict),
and nothing here writes either to a page or a log.

``GET /`` the page (a sign-in form without the cookie), ``POST /login`` and ``/logout``,
``GET /api/tables`` the tables, ``POST /api/close``, ``/api/bot`` and
``/api/experiments/clear``, and ``/ws``: the WebSocket that pushes the tables and the
class's experiments at every change, and the picked table's spectator view.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import html
import json
import logging
import time
from pathlib import Path
from typing import Any

from tornado.httputil import HTTPServerRequest
from tornado.web import Application, HTTPError, RequestHandler

from ..core.widget import Board
from ..games import GAMES
from . import protocol
from .limits import Window
from .protocol import Refused
from .remote import RemoteGame
from .server import PING, TableServer, TableSocket

HERE = Path(__file__).parent
BOARDS = HERE.parent / "static"  # each game's board: <game>.js, <game>.css
COOKIE = "pondwidgets-teacher"
SECURE_COOKIE = "__Host-pondwidgets-teacher"  # over HTTPS: only this origin may set it
TRIES = 5  # wrong keys one address may send...
WINDOW = 60.0  # ...in this many seconds
FILE_TYPES = {"js": "text/javascript; charset=utf-8", "css": "text/css; charset=utf-8"}
LARGEST_BODY = 4096  # bytes of a request's body: a key, or a table's code and a seat
# No script but this origin's files, no frame around it (the course's pages are the same
# site), no form sent elsewhere.
POLICY = ("default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
          "img-src 'self' data:; connect-src 'self'; form-action 'self'; "
          "frame-ancestors 'none'; base-uri 'none'")

log = logging.getLogger(__name__)


def session(key: str) -> str:
    """What the cookie holds: a digest of the key (always a cookie's characters), so the
    browser keeps no copy of the key itself."""
    return hmac.new(key.encode("utf-8"), b"pondwidgets teacher", hashlib.sha256).hexdigest()


class Teacher:
    """What the application's handlers share: the table server, the cookie it checks,
    the teacher's open sockets, and the sign-in tries."""

    def __init__(self, server: TableServer, key: str, secure: bool) -> None:
        if not key:
            raise ValueError("the teacher's key is empty")
        self.server, self.secure = server, secure
        self.cookie = SECURE_COOKIE if secure else COOKIE
        self.session = session(key)
        self.tries = Window(TRIES, WINDOW)  # wrong keys, by address
        self.sockets: set[TeacherSocket] = set()
        # What the page is pushed, by kind: the tables and the class's experiments, each
        # as its summary last sent.
        self._summaries = {"tables": server.hall.summary,
                           "experiments": server.experiments.summary}
        self.pushed = {kind: self._message(kind) for kind in self._summaries}
        self._loop = asyncio.get_running_loop()
        self._due: set[str] = set()  # kinds whose push is on the loop already
        server.hall.listeners.append(lambda _code: self._changed("tables"))
        server.experiments.listeners.append(lambda: self._changed("experiments"))

    def signed_in(self, cookie: str | None) -> bool:
        return cookie is not None and hmac.compare_digest(cookie.encode("utf-8", "replace"),
                                                          self.session.encode("utf-8"))

    def _message(self, kind: str) -> str:
        return protocol.dumps({"type": kind, kind: self._summaries[kind]()})

    def _changed(self, kind: str) -> None:
        # Once per turn of the loop: a request that changes several tables pushes once.
        if kind not in self._due:
            self._due.add(kind)
            self._loop.call_soon(self._push, kind)

    def _push(self, kind: str) -> None:
        self._due.discard(kind)
        message = self._message(kind)
        if message != self.pushed[kind]:
            self.pushed[kind] = message
            for socket in list(self.sockets):
                socket.tell(message)


class Projector:
    """The spectator's view of one table, drawn by the game's own board in Python, from
    the spectator's ``table`` message alone (a ``RemoteGame`` knows nothing else): the
    board's traits go to the teacher's page, where the game's own module draws them."""

    def __init__(self) -> None:
        self.code: str | None = None
        self.game: RemoteGame | None = None
        self.board: Board | None = None

    def frame(self, message: dict[str, Any]) -> dict[str, Any]:
        """What the teacher's page is sent for the spectator's ``message``."""
        entry = GAMES[message["game"]]
        if message["code"] != self.code:
            self.close()
            self.code = message["code"]
        board = None
        if message["view"] is not None:
            if self.game is None:
                self.game = RemoteGame(entry, None, _asks_nothing, message)
                stand_in: Any = self.game  # a Game to the board (Game.register), not to mypy
                self.board = entry.board(stand_in, seat=None)
            else:
                self.game.update(message)
            assert self.board is not None
            board = {"view": self.board.view, "options": self.board.options}
        return {"type": "spectator", "code": message["code"], "game": entry.name,
                "title": entry.title, "table": message, "board": board}

    def close(self) -> None:
        if self.board is not None:
            self.board.close()
        self.code, self.game, self.board = None, None, None


def _asks_nothing(_message: dict[str, Any]) -> None:
    """A spectator's board asks the server nothing (the projector only shows)."""


# -- requests ------------------------------------------------------------------------------
class Guarded(RequestHandler):
    """A request to the teacher's page: its headers, and the checks of its cookie and
    origin."""

    def initialize(self, teacher: Teacher) -> None:
        self.teacher = teacher

    def set_default_headers(self) -> None:
        self.set_header("Content-Security-Policy", POLICY)
        self.set_header("X-Frame-Options", "DENY")
        self.set_header("X-Content-Type-Options", "nosniff")
        # (no-referrer would make a browser send its form posts with "Origin: null")
        self.set_header("Referrer-Policy", "same-origin")
        self.set_header("Cross-Origin-Resource-Policy", "same-origin")
        self.set_header("Cross-Origin-Opener-Policy", "same-origin")
        self.set_header("Cache-Control", "no-store")

    def prepare(self) -> None:
        # A POST names its origin, and it must be this page's: the course's pages are the
        # same site, so the cookie alone would let them act. A GET that names one, too.
        origin = self.request.headers.get("Origin")
        if (self.request.method != "GET" or origin is not None) \
                and origin != own_origin(self.request):
            raise HTTPError(403, "not from the teacher's page")
        if len(self.request.body) > LARGEST_BODY:
            raise HTTPError(413, "a request to the teacher's page is small")

    def signed_in(self) -> bool:
        return self.teacher.signed_in(self.get_cookie(self.teacher.cookie))

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        reason = self._reason  # HTTPError's reason, never the request's body
        error = kwargs.get("exc_info", (None, None))[1]
        if isinstance(error, HTTPError) and error.log_message:
            reason = error.log_message
        self.finish({"error": reason})


class Page(Guarded):
    """``GET /``: the teacher's page, or the sign-in form without a valid cookie."""

    def get(self) -> None:
        if self.signed_in():
            self.finish((HERE / "teacher.html").read_bytes())
        else:
            self.finish(sign_in_page())


class Login(Guarded):
    """``POST /login`` with ``key`` in the form's body: the cookie, or a refusal."""

    def post(self) -> None:
        address, now = self.request.remote_ip or "", time.monotonic()
        if self.teacher.tries.full(address, now):
            self.set_status(429)
            self.finish(sign_in_page(f"Too many wrong keys from this device: wait a minute "
                                     f"({TRIES} tries a minute), then try again."))
            return
        key = self.get_body_argument("key", "")
        if not self.teacher.signed_in(session(key) if key else None):
            self.teacher.tries.add(address, now)
            self.set_status(403)
            self.finish(sign_in_page("That is not the teacher's key. It was printed once, "
                                     "where the classroom command started."))
            return
        self.set_cookie(self.teacher.cookie, self.teacher.session, path="/", httponly=True,
                        samesite="Strict", secure=self.teacher.secure)
        self.redirect("/", status=303)


class Logout(Guarded):
    """``POST /logout``: this browser forgets the cookie."""

    def post(self) -> None:
        self.clear_cookie(self.teacher.cookie, path="/", httponly=True, samesite="Strict",
                          secure=self.teacher.secure)
        self.redirect("/", status=303)


class Api(Guarded):
    """The JSON API: signed in only, and only from the teacher's own page."""

    def prepare(self) -> None:
        super().prepare()
        # A GET from another page of the same site (the course's) carries the cookie too.
        if self.request.headers.get("Sec-Fetch-Site", "same-origin") != "same-origin":
            raise HTTPError(403, "not from the teacher's page")
        if not self.signed_in():
            raise HTTPError(401, "sign in with the teacher's key first")
        self.set_header("Content-Type", "application/json; charset=utf-8")

    def fields(self, names: dict[str, type]) -> dict[str, Any]:
        """The JSON object of the body, with exactly ``names``, each of its type."""
        if not self.request.headers.get("Content-Type", "").startswith("application/json"):
            raise HTTPError(415, "the body is JSON (Content-Type: application/json)")
        try:
            fields = json.loads(self.request.body)
        except ValueError:
            raise HTTPError(400, "the body is not JSON") from None
        if not isinstance(fields, dict) or set(fields) != set(names) or any(
                type(fields[name]) is not kind for name, kind in names.items()):
            wanted = ", ".join(f"{name} ({kind.__name__})" for name, kind in names.items())
            raise HTTPError(400, f"the body is a JSON object of {wanted}")
        return fields

    def act(self, out: list[tuple[int, str]], answer: dict[str, Any]) -> None:
        self.teacher.server.send(out)  # the hall's frames, and the timer set again
        self.finish(answer)

    def refused(self, err: Refused) -> None:
        self.set_status(409)
        self.finish({"error": str(err)})


class Tables(Api):
    def get(self) -> None:
        self.finish({"tables": self.teacher.server.hall.summary()})


class Close(Api):
    def post(self) -> None:
        code = self.fields({"code": str})["code"]
        try:
            out = self.teacher.server.hall.close(code)
        except Refused as err:
            return self.refused(err)
        self.act(out, {"closed": protocol.code(code)})


class HandToBot(Api):
    def post(self) -> None:
        fields = self.fields({"code": str, "seat": int, "bot": str})
        try:
            out = self.teacher.server.hall.hand_to_bot(**fields)
        except Refused as err:
            return self.refused(err)
        self.act(out, {"handed": fields})


class ClearExperiment(Api):
    def post(self) -> None:
        experiment = self.fields({"experiment": str})["experiment"]
        try:
            cleared = self.teacher.server.experiments.clear(experiment)
        except Refused as err:
            return self.refused(err)
        self.finish({"cleared": experiment, "results": cleared})


class File(Guarded):
    """The page's script and style, and the games' boards: public files (no key, no
    table in them), from a fixed list."""

    def get(self, name: str, kind: str) -> None:
        path = HERE / f"teacher.{kind}" if name == "teacher" else BOARDS / f"{name}.{kind}"
        if name != "teacher" and name not in GAMES:
            raise HTTPError(404, "no such file")
        self.set_header("Content-Type", FILE_TYPES[kind])
        self.set_header("Cache-Control", "no-cache")
        self.finish(path.read_bytes())


class TeacherSocket(TableSocket):
    """The teacher's page's WebSocket: one connection of the hall, which watches the table
    the teacher picks as any spectator does (``watch``), and the tables at every change.
    What the hall sends it, the spectator's ``table`` message, becomes the board's traits
    here (``Projector``)."""

    def initialize(self, server: TableServer, teacher: Teacher) -> None:  # type: ignore[override]
        super().initialize(server)
        self.teacher = teacher
        self.projector = Projector()

    def prepare(self) -> None:
        # A browser always names the origin of a WebSocket's page: one with none is no
        # page of the teacher's (tornado lets it through check_origin).
        if self.request.headers.get("Origin") != own_origin(self.request):
            raise HTTPError(403, "not from the teacher's page")
        if not self.teacher.signed_in(self.get_cookie(self.teacher.cookie)):
            raise HTTPError(401, "sign in with the teacher's key first")

    def check_origin(self, origin: str) -> bool:
        return origin == own_origin(self.request)

    def open(self, *args: str, **kwargs: str) -> None:
        super().open(*args, **kwargs)
        if self.conn:  # (the server may refuse a device with too many connections)
            self.teacher.sockets.add(self)
            for message in self.teacher.pushed.values():
                self.tell(message)

    def on_message(self, message: str | bytes) -> None:
        """``{"type": "watch", "code": ...}``: show that table's spectator view."""
        if not self.conn or not self.bucket.take(time.monotonic()):
            return
        try:
            request = json.loads(message)
            if not isinstance(request, dict) or request.get("type") != "watch" \
                    or set(request) != {"type", "code"} or not isinstance(request["code"], str):
                raise Refused('the teacher\'s page asks {"type": "watch", "code": ...}')
        except (ValueError, Refused) as err:
            self.tell(protocol.dumps({"type": "refused", "request": "watch",
                                       "reason": str(err)}))
            return
        frame = protocol.dumps({"type": "watch", "code": request["code"][:40]})
        self.server.send(self.server.hall.receive(self.conn, frame))

    def send(self, text: str) -> None:
        """A frame the hall sends this connection, as the teacher's page reads it."""
        message = json.loads(text)
        if message.get("type") == "table":
            try:
                message = self.projector.frame(message)
            except Exception:  # the board's own drawing: the page shows the text instead
                log.exception("the spectator's board of table %s", message.get("code"))
                message = {"type": "spectator", "code": message["code"], "game":
                           message["game"], "title": message["title"], "table": message,
                           "board": None}
            text = protocol.dumps(message)
        elif message.get("type") == "closed":
            self.projector.close()
        self.tell(text)

    def tell(self, text: str) -> None:
        TableSocket.send(self, text)

    def on_close(self) -> None:
        self.teacher.sockets.discard(self)
        self.projector.close()
        super().on_close()


def own_origin(request: HTTPServerRequest) -> str:
    """The teacher's page's own origin, as the request reached it."""
    return f"{request.protocol}://{request.host}"


def sign_in_page(message: str = "") -> str:
    """The sign-in form: the key goes in a password field (so it never shows on a
    projector) and in the form's body, never a URL; a refusal says why."""
    said = f'<p class="tp-error" role="alert">{html.escape(message)}</p>' if message else ""
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Teacher's page: sign in</title><link rel="icon" href="data:,">
<link rel="stylesheet" href="/teacher.css"></head>
<body><main class="tp-sign-in"><h1>Teacher's page</h1>{said}
<form method="post" action="/login">
<label for="key">The teacher's key, printed where the classroom command started</label>
<input id="key" name="key" type="password" autocomplete="off" required autofocus>
<button type="submit" class="tp-button">Sign in</button></form></main></body></html>"""


def teacher_app(server: TableServer, key: str, secure: bool) -> Application:
    """The teacher's page for ``server``'s tables, signed in with ``key``; ``secure``:
    served over HTTPS, so the cookie is Secure (and ``__Host-``). Serve it on a port of
    its own, with ``max_body_size=LARGEST_BODY`` for its HTTPServer."""
    teacher = Teacher(server, key, secure)
    shared = {"teacher": teacher}
    return Application([
        (r"/", Page, shared),
        (r"/login", Login, shared),
        (r"/logout", Logout, shared),
        (r"/api/tables", Tables, shared),
        (r"/api/close", Close, shared),
        (r"/api/bot", HandToBot, shared),
        (r"/api/experiments/clear", ClearExperiment, shared),
        (r"/ws", TeacherSocket, {"server": server, "teacher": teacher}),
        (r"/(teacher)\.(js|css)", File, shared),
        (r"/boards/([a-z]+)\.(js|css)", File, shared),
    ], websocket_ping_interval=PING, websocket_max_message_size=protocol.LONGEST_MESSAGE)
