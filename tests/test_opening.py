"""Opening the course: ``bash tests/dev.sh lab`` prints and opens the start notebook's own
URL, and the course's notebooks, as committed, open trusted, so their saved boards show
before any cell runs; a notebook changed or added here stays untrusted. The set-up installs
the course's JupyterLab settings and builds matplotlib's font cache.

``tests/dev.sh`` runs as a student would, from a fresh clone of this repository's HEAD
(with the working tree's ``tests/dev.sh``), except that its virtual environment is a
stand-in that skips pip and runs this Python; every Jupyter directory is temporary, and
``BROWSER`` is a script that records what it is asked to open. The server is stopped by
its process id. A few seconds; no network.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

import nbformat

from tests.browser.harness import free_port, tail

ROOT = Path(__file__).resolve().parent.parent
START = "notebooks/00-start-here.ipynb"
CHANGED = "notebooks/croak/01-rules.ipynb"  # changed in the clone after it is made
MINE = "notebooks/mine.ipynb"  # a notebook the student writes or downloads
URL = re.compile(r"https?://[^\s/]+/\S*")


def stand_in_venv(venv: Path) -> None:
    (venv / "bin").mkdir(parents=True)
    python = venv / "bin" / "python"
    python.write_text("#!/bin/sh\n# pip is skipped; everything else runs the tests' Python\n"
                      'if [ "$1" = -m ] && [ "$2" = pip ]; then exit 0; fi\n'
                      f'exec "{sys.executable}" "$@"\n')
    python.chmod(0o755)


def clone(dest: Path) -> None:
    """A student's clone of HEAD, with this tree's dev.sh, one notebook changed after
    cloning and one added."""
    subprocess.run(["git", "clone", "-q", str(ROOT), str(dest)], check=True, timeout=60)
    shutil.copy(ROOT / "tests" / "dev.sh", dest / "tests" / "dev.sh")
    changed = nbformat.read(dest / CHANGED, as_version=4)
    changed.cells[0].source += "\n\nMy notes."
    nbformat.write(changed, dest / CHANGED)
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1 + 1")]),
                   dest / MINE)


def wait_for(what, proc: subprocess.Popen, log: Path, timeout: float = 30):
    deadline = time.monotonic() + timeout
    while not (found := what()):
        assert proc.poll() is None, f"dev.sh lab exited ({proc.returncode}):\n{tail(log)}"
        assert time.monotonic() < deadline, f"timed out:\n{tail(log)}"
        time.sleep(0.1)
    return found


def get(url: str, token: str):
    request = urllib.request.Request(url, headers={"Authorization": f"token {token}"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.status, response.read()


def test_lab_opens_the_start_notebook_with_the_course_trusted(tmp_path: Path) -> None:
    repo, venv, dirs = tmp_path / "pondwidgets", tmp_path / "venv", tmp_path / "user"
    clone(repo)
    stand_in_venv(venv)
    port = free_port()
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("JUPYTER", "XDG_"))
           and k not in ("VIRTUAL_ENV", "DISPLAY", "MPLCONFIGDIR")}
    for name in ("HOME", "JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR",
                 "JUPYTERLAB_SETTINGS_DIR", "JUPYTERLAB_WORKSPACES_DIR", "IPYTHONDIR"):
        env[name] = str(dirs / name.lower())
        Path(env[name]).mkdir(parents=True)
    # A temporary port (the command line is dev.sh's own), nowhere else to go.
    (dirs / "jupyter_config_dir" / "jupyter_server_config.json").write_text(
        json.dumps({"ServerApp": {"port": port, "port_retries": 0}}))
    opened = tmp_path / "opened"
    browser = tmp_path / "browser"
    browser.write_text(f'#!/bin/sh\necho "$1" >> "{opened}"\n')
    browser.chmod(0o755)
    env.update(PONDWIDGETS_VENV=str(venv), BROWSER=str(browser), PYTHONUNBUFFERED="1")

    log = tmp_path / "lab.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen(["bash", "tests/dev.sh", "lab"], cwd=repo, env=env,
                                stdin=subprocess.DEVNULL, stdout=out,
                                stderr=subprocess.STDOUT, start_new_session=True)
    try:
        printed = wait_for(lambda: URL.findall(log.read_text(errors="replace")), proc, log)
        token = urllib.parse.parse_qs(urllib.parse.urlsplit(printed[0]).query)["token"][0]
        for url in printed:  # the local URLs, then the same again to copy and paste
            assert re.fullmatch(rf"http://(localhost|127\.0\.0\.1):{port}/lab/tree/"
                                rf"{re.escape(START)}\?token={token}", url), url

        # What a browser is opened on: a file that redirects to the same URL.
        redirect = wait_for(lambda: opened.exists() and opened.read_text().split(), proc, log)
        assert redirect[0].startswith("file://"), redirect
        page = Path(urllib.parse.unquote(urllib.parse.urlsplit(redirect[0]).path)).read_text()
        href = re.search(r'href="([^"]+)"', page)[1]
        assert urllib.parse.urlsplit(href).path == f"/lab/tree/{START}", href
        assert f"token={token}" in href
        status, _ = get(printed[0], token)
        assert status == 200

        # The server marks a notebook's cells trusted when its signature is known.
        def trusted(path: str) -> bool:
            _, body = get(f"http://127.0.0.1:{port}/api/contents/{path}?content=1", token)
            marks = {cell["metadata"].get("trusted") for cell in json.loads(body)["content"]
                     ["cells"] if cell["cell_type"] == "code"}
            assert len(marks) == 1, marks
            return marks.pop()

        committed = [p for p in subprocess.run(
            ["git", "ls-files", "notebooks/*.ipynb"], cwd=repo, capture_output=True,
            text=True, check=True).stdout.split() if p != CHANGED]
        assert START in committed and len(committed) > 3
        assert {p: trusted(p) for p in committed} == dict.fromkeys(committed, True)
        assert trusted(CHANGED) is False  # changed after cloning: not as committed
        assert trusted(MINE) is False  # written or downloaded: untrusted as usual
        assert (dirs / "jupyter_data_dir" / "nbsignatures.db").is_file()

        # The set-up installed the course's JupyterLab settings where the environment's
        # JupyterLab reads them ({sys.prefix}/share/jupyter/lab/settings: saved boards kept
        # by a save, no news pop-up) and built matplotlib's font cache, so a first plot
        # prints no "Matplotlib is building the font cache".
        installed = venv / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
        assert installed.read_bytes() == (repo / "jupyter" / "overrides.json").read_bytes()
        assert list((dirs / "home" / ".cache" / "matplotlib").glob("fontlist-*.json"))
    finally:
        if proc.poll() is None:
            proc.terminate()  # dev.sh execs JupyterLab: this is the server's own id
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGKILL)  # the group started here
                proc.wait(5)
