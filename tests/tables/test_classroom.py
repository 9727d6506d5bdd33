"""``pondwidgets classroom`` as a teacher runs it (README, "The classroom"): one command
serves the course's site and its tables from one address, prints that address (and its
QR code) and the teacher's page with its key, once; Ctrl-C stops it and the tables stay
in its SQLite file for the next start. Run here on 127.0.0.1 with free ports, over HTTP
and over HTTPS with a certificate made as the README says. The browser's side of it is
``tests/browser/test_classroom.py``."""

from __future__ import annotations

import http.client
import json
import re
import signal
import ssl
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from pondwidgets.tables.classroom import qr

from . import certificates

pytest.importorskip("segno", reason="needs the tables extra")

COMMAND = Path(sys.executable).with_name("pondwidgets")  # the console script pip made
WAIT = 30.0


class Classroom:
    """The command running in its own process, and what it printed."""

    def __init__(self, tmp_path: Path, *options: str) -> None:
        site = tmp_path / "site"
        site.mkdir(exist_ok=True)
        (site / "index.html").write_text("<!doctype html><title>The pond course</title>")
        self.proc = subprocess.Popen(
            [str(COMMAND), "classroom", "--site", str(site), "--host", "127.0.0.1",
             "--port", "0", "--teacher-port", "0", "--db", str(tmp_path / "class.sqlite3"),
             *options], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.lines: list[str] = []
        reader = threading.Thread(target=self._read, daemon=True)
        reader.start()
        deadline = time.monotonic() + WAIT
        while not any("Ctrl-C stops" in line for line in self.lines):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise AssertionError("the classroom did not start:\n" + self.printed)
            time.sleep(0.05)

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.append(line)

    @property
    def printed(self) -> str:
        return "".join(self.lines)

    def address(self, label: str) -> str:
        found = re.search(rf"{label}\s+(\S+)", self.printed)
        assert found, self.printed
        return found.group(1)

    def stop(self, how: signal.Signals = signal.SIGINT) -> int:
        """Ctrl-C, as a teacher stops it (or SIGTERM, as a service manager does): its exit
        status."""
        if self.proc.poll() is None:
            self.proc.send_signal(how)
        try:
            return self.proc.wait(WAIT)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()


def get(url: str, context: ssl.SSLContext | None = None) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10, context=context) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as err:
        return err.code, err.read().decode()


def test_one_command_serves_the_course_and_the_tables_from_one_address(tmp_path):
    room = Classroom(tmp_path)
    try:
        students = room.address("Students open:")
        assert re.fullmatch(r"http://127\.0\.0\.1:\d+/", students)
        assert get(students) == (200, "<!doctype html><title>The pond course</title>")
        status, body = get(students + "tables/api")
        assert status == 200 and "froop" in json.loads(body)["games"]  # the same origin
        assert qr(students) in room.printed  # the address as a QR code, and only it
        key = re.search(r"its key, shown this once: (\S+)\)", room.printed)
        assert key and room.printed.count(key.group(1)) == 1
        teacher = room.address("The teacher's page:")
        assert teacher.split(":")[-1] != students.split(":")[-1]  # a port of its own
        status, page = get(teacher)
        assert status == 200 and key.group(1) not in page
        assert "plain HTTP" in room.printed  # what that costs, said at once
        for outside in ("../pyproject.toml", "%2e%2e/%2e%2e/etc/passwd", "index.html%00"):
            assert get(students + outside)[0] in (403, 404), outside  # never a 500, no file
    finally:
        assert room.stop() == 0
    assert "The classroom stopped; its tables are kept in" in room.printed


def test_tables_made_before_a_restart_are_there_after_it_stopped_as_a_service_is(tmp_path):
    pytest.importorskip("tornado")
    import asyncio

    from tornado.websocket import websocket_connect

    async def create(students: str) -> str:
        link = await websocket_connect(students.replace("http", "ws") + "tables/ws")
        link.write_message(json.dumps({"type": "create", "game": "croak", "players": 2,
                                       "name": "Ada", "options": {}}))
        while True:
            message = json.loads(await link.read_message())
            if message["type"] == "joined":
                link.close()
                return str(message["code"])

    room = Classroom(tmp_path)
    try:
        code = asyncio.run(create(room.address("Students open:")))
    finally:
        assert room.stop(signal.SIGTERM) == 0
    assert "The classroom stopped; its tables are kept in" in room.printed
    again = Classroom(tmp_path)
    try:
        status, body = get(again.address("Students open:") + f"tables/api/{code}")
        assert status == 200 and json.loads(body)["seats"][0]["name"] == "Ada"
    finally:
        again.stop()


def test_over_https_with_the_teachers_certificate(tmp_path):
    cert, key = certificates.make(tmp_path)
    room = Classroom(tmp_path, "--certificate", str(cert), "--key", str(key))
    try:
        students = room.address("Students open:")
        assert students.startswith("https://127.0.0.1:")
        trusted = ssl.create_default_context(cafile=str(cert))
        assert get(students, trusted)[0] == 200
        teacher = room.address("The teacher's page:")  # on this machine only: localhost,
        assert teacher.startswith("http://localhost:")  # a secure context as it is
        assert get(teacher)[0] == 200
        with pytest.raises((OSError, http.client.HTTPException)):  # no plain HTTP beside it
            get(students.replace("https", "http"))
        assert "plain HTTP" not in room.printed
    finally:
        room.stop()


def test_a_certificate_that_cannot_be_used_is_said_at_once(tmp_path):
    cert, _key = certificates.make(tmp_path)
    for options, said in [(["--certificate", str(cert)], "HTTPS needs both --certificate "
                                                         "and --key"),
                          (["--certificate", str(cert), "--key", str(cert)],
                           f"the certificate {cert} with the key {cert} cannot be used")]:
        done = subprocess.run([str(COMMAND), "classroom", "--site", str(tmp_path), *options],
                              capture_output=True, text=True, timeout=WAIT)
        assert done.returncode != 0 and said in done.stderr, done.stderr


def test_the_command_without_a_subcommand_says_how_to_use_it():
    done = subprocess.run([str(COMMAND)], capture_output=True, text=True, timeout=WAIT)
    assert done.returncode != 0
    assert "usage: pondwidgets classroom" in done.stderr
