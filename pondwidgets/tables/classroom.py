"""``pondwidgets classroom``: the course and its tables for a class, from the teacher's
machine. One address serves the course's JupyterLite site and its table server, so a
student's join cell finds the tables at the page's own origin; the teacher's page listens
on a port of its own, behind a key printed once (``teacher.py``).

Over plain HTTP from a LAN address the browser does not treat the page as a secure
context: the site then runs without its service worker (see the README for what that
costs). With ``--certificate`` and ``--key`` it is served over HTTPS instead.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import secrets
import socket
import ssl
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from .server import TableServer, serve, until_stopped

if TYPE_CHECKING:
    from tornado.httpserver import HTTPServer

CHECKOUT = Path(__file__).resolve().parents[2]  # a clone of the repository, if it is one
LOOPBACK = ("127.0.0.1", "localhost", "::1")
SITE = Path("build/lite")  # where the README's command builds the students' site


@dataclass
class Classroom:
    """What the command serves: the students' address, the teacher's, and the key."""

    students: str
    teacher: str
    key: str
    tables: TableServer
    page: HTTPServer

    async def stop(self) -> None:
        """Stop serving; the store keeps the tables."""
        self.page.stop()
        await self.page.close_all_connections()
        await self.tables.stop()


def certificate(cert: str | None, key: str | None) -> ssl.SSLContext | None:
    """The teacher's certificate as a server's TLS context, or None for plain HTTP."""
    if cert is None and key is None:
        return None
    if cert is None or key is None:
        raise SystemExit("HTTPS needs both --certificate and --key (the README's "
                         "'The classroom' says how to make them)")
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    try:
        context.load_cert_chain(cert, key)
    except (OSError, ssl.SSLError) as err:
        raise SystemExit(f"the certificate {cert} with the key {key} cannot be used: {err}"
                         ) from None
    return context


def lan_address() -> str:
    """This machine's address on its local network, as students' devices reach it. A UDP
    socket's connect only chooses the route; it sends nothing."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"  # no network: this machine only
    finally:
        probe.close()


def site(folder: Path, build: bool) -> Path:
    """The students' JupyterLite site in ``folder``: the one built there, or built now
    with the README's command when there is none (or ``build``)."""
    if (folder / "index.html").exists() and not build:
        print(f"The course: the site built in {folder} (--build builds it again).")
        return folder
    script = CHECKOUT / "tests" / "dev.sh"
    if not script.exists():
        raise SystemExit(f"There is no site in {folder}: build it in a clone of "
                         f"pondwidgets with `bash tests/dev.sh lite --output {folder}`.")
    print(f"Building the course's site into {folder} (about a minute)…", flush=True)
    done = subprocess.run(["bash", str(script), "lite", "--output", str(folder.resolve())],
                          cwd=CHECKOUT)
    if done.returncode:
        raise SystemExit("The site could not be built: see the messages above.")
    return folder


def qr(text: str) -> str:
    """``text`` as a QR code drawn in the terminal's characters."""
    import io

    import segno

    out = io.StringIO()
    segno.make(text, error="m").terminal(out, compact=True, border=2)
    return out.getvalue()


async def open_classroom(site_folder: Path | None, host: str, port: int, teacher_host: str,
                         teacher_port: int, db: str | None, address: str | None,
                         tls: ssl.SSLContext | None, key: str | None = None) -> Classroom:
    """Serve the site and the tables on ``host``:``port`` and the teacher's page on
    ``teacher_host``:``teacher_port`` (0: free ports), on the running event loop."""
    from tornado.httpserver import HTTPServer
    from tornado.netutil import bind_sockets

    from .teacher import LARGEST_BODY, teacher_app

    tables, _hall = serve(host, port, db, site_folder, tls)
    key = key if key is not None else secrets.token_urlsafe(12)
    name = address or (lan_address() if host in ("0.0.0.0", "") else host)
    # On this machine only, the teacher's page is plain HTTP at localhost, which browsers
    # count as a secure context and whose traffic never leaves the machine; served to the
    # network, it has the certificate too.
    local = teacher_host in LOOPBACK
    teacher_tls = None if local else tls
    listening = bind_sockets(teacher_port, teacher_host)
    page = HTTPServer(teacher_app(tables, key, secure=teacher_tls is not None),
                      ssl_options=teacher_tls, max_body_size=LARGEST_BODY)
    page.add_sockets(listening)
    chosen = listening[0].getsockname()[1]
    teacher = "localhost" if local else (name if teacher_host in ("0.0.0.0", "")
                                         else teacher_host)
    return Classroom(students=f"{_scheme(tls)}://{name}:{tables.port}/",
                     teacher=f"{_scheme(teacher_tls)}://{teacher}:{chosen}/",
                     key=key, tables=tables, page=page)


def _scheme(tls: ssl.SSLContext | None) -> str:
    return "https" if tls is not None else "http"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="pondwidgets classroom",
        description="Serve the course (its JupyterLite site) and its shared tables to a "
                    "class from this machine, with a page for the teacher.")
    parser.add_argument("--site", type=Path, default=SITE,
                        help=f"the built site to serve (default: {SITE}, built there if "
                             f"it is not)")
    parser.add_argument("--build", action="store_true", help="build the site again first")
    parser.add_argument("--host", default="0.0.0.0",
                        help="the address to listen on (default 0.0.0.0: every network "
                             "of this machine; 127.0.0.1: this machine only)")
    parser.add_argument("--port", type=int, default=8765,
                        help="the students' port (default 8765, the port a join cell in "
                             "JupyterLab tries by default)")
    parser.add_argument("--teacher-host", default="127.0.0.1",
                        help="where the teacher's page listens (default 127.0.0.1: this "
                             "machine only, the one at the projector)")
    parser.add_argument("--teacher-port", type=int, default=8766,
                        help="the teacher's page's own port (default 8766)")
    parser.add_argument("--db", default="classroom.sqlite3",
                        help="the SQLite file keeping the tables across a restart "
                             "(default classroom.sqlite3)")
    parser.add_argument("--address", help="the host name or address students type, as in "
                                          "the certificate (default: this machine's LAN "
                                          "address)")
    parser.add_argument("--certificate", help="a PEM certificate, to serve over HTTPS")
    parser.add_argument("--key", help="its PEM private key")
    args = parser.parse_args(argv)
    tls = certificate(args.certificate, args.key)
    folder = site(args.site, args.build)
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C: the server stopped cleanly
        asyncio.run(_run(args, folder, tls))
    print("The classroom stopped; its tables are kept in", args.db)


async def _run(args: argparse.Namespace, folder: Path, tls: ssl.SSLContext | None) -> None:
    room = await open_classroom(folder, args.host, args.port, args.teacher_host,
                                args.teacher_port, args.db, args.address, tls)
    print(f"\nStudents open:  {room.students}\n")
    print(qr(room.students))
    if tls is None:
        print("Served over plain HTTP: a browser on another device runs the course "
              "without its service worker, so Save downloads (see the README). Give "
              "--certificate and --key for HTTPS.")
    print(f"The teacher's page: {room.teacher}  (its key, shown this once: {room.key})")
    print("Ctrl-C stops.", flush=True)
    try:
        await until_stopped()
    finally:
        await room.stop()


def cli(argv: list[str] | None = None) -> None:
    """``pondwidgets classroom …`` and ``pondwidgets tables …``."""
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["classroom"]:
        main(argv[1:])
    elif argv[:1] == ["tables"]:
        from .__main__ import main as tables

        tables(argv[1:])
    else:
        raise SystemExit("usage: pondwidgets classroom [options] | pondwidgets tables "
                         "[options]  (--help after either says more)")
