"""Real-browser harness shared by the browser tests and ``tests/benchmark.py --browser``.

A JupyterLab (or Voilà) server started here, in an isolated environment, with Debian's
Chromium driven by Playwright (see shared notes "Testing widgets in a real browser"):

- ``Sandbox``: a temporary directory holding the notebook root and every per-user
  directory Jupyter, IPython and Chromium would otherwise write under ``~``, and
  JupyterLab's settings directory with the project's ``jupyter/overrides.json``.
- ``JupyterLab`` / ``Voila``: one server process each, stopped by its PID.
- ``launch_chromium``: headless Chromium from ``/usr/bin/chromium`` (never
  ``playwright install``, which downloads a browser of its own and fails here).
- ``write_notebook`` / ``open_notebook``: a notebook made of code cells, opened in
  JupyterLab, run with Run All once the kernel is idle.
- ``Kernel``: Python's state read back from the notebook's own running kernel. The
  kernel is found through the server's ``/api/sessions`` (by notebook path) and reached
  directly with ``jupyter_client`` through its connection file in the sandbox's runtime
  directory; ``Kernel.value(expr)`` executes ``print(json.dumps(expr))`` there and
  decodes the output. No cell is added to the notebook and the page is not touched, so
  what the test reads cannot disturb what the browser shows. A kernel executes its shell
  requests in the order they arrive, so a read queued after Run All sees every cell run.
- ``boards_notebook``: one notebook of boards (``Boards``) shared by a test module;
  ``report_failure`` keeps a failed test's screenshot and console.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
]
KERNEL_IDLE = "Python 3 (ipykernel) | Idle"  # the status bar once a kernel really exists
KERNELSPEC = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
# The JupyterLab settings the project ships (installed by the lab command and Binder).
OVERRIDES = Path(__file__).resolve().parents[2] / "jupyter" / "overrides.json"


# A bare anywidget, the control for the board: a click sends a message, Python answers by
# setting a trait, the view shows the new value in `data-count`.
PING_WIDGET = '''\
import anywidget
import traitlets


class Ping(anywidget.AnyWidget):
    _esm = """
    export default { render({ model, el }) {
      el.classList.add("pw-ping");
      const button = document.createElement("button");
      button.textContent = "ping";
      el.append(button);
      const show = () => { el.dataset.count = model.get("count"); };
      button.addEventListener("click", () => model.send({ type: "ping" }));
      model.on("change:count", show);
      show();
    } };
    """
    count = traitlets.Int(0).tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.on_msg(self._on_ping)

    def _on_ping(self, widget, content, buffers):
        self.count += 1


ping = Ping()
ping
'''


def expect(*args, **kwargs):
    """Playwright's ``expect``, imported on use (collection works without playwright)."""
    from playwright.sync_api import expect as playwright_expect

    return playwright_expect(*args, **kwargs)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, proc: subprocess.Popen, timeout: float, log: Path) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited ({proc.returncode}):\n{tail(log)}")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.5):
            return
        time.sleep(0.1)
    raise TimeoutError(f"nothing listens on port {port} after {timeout} s:\n{tail(log)}")


def tail(path: Path, lines: int = 40) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"


def chromium_problem() -> str | None:
    """Why the browser tests cannot run here, or None when they can."""
    try:
        import playwright  # noqa: F401
    except ImportError:
        return "the playwright package is missing: pip install -e '.[test]'"
    if not os.access(CHROMIUM, os.X_OK):
        return (f"{CHROMIUM} is missing: apt-get install chromium (bash tests/dev.sh test "
                "does it; never `playwright install`)")
    return None


def launch_chromium(playwright, sandbox: Sandbox | None = None):
    """Headless Debian Chromium; with a sandbox, its HOME is the sandbox's."""
    env = None if sandbox is None else sandbox.env
    return playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                      args=CHROMIUM_ARGS, env=env)


class Sandbox:
    """A temporary directory: ``root`` (the servers' notebook root) and per-user dirs."""

    def __init__(self, base: Path | None = None):
        self._tmp = None
        if base is None:
            self._tmp = tempfile.TemporaryDirectory(prefix="pw-browser-")
            base = Path(self._tmp.name)
        self.base = Path(base)
        self.root = self.base / "root"
        self.runtime_dir = self.base / "runtime"
        dirs = {
            "HOME": self.base / "home",
            "JUPYTER_CONFIG_DIR": self.base / "config",
            "JUPYTER_DATA_DIR": self.base / "data",
            "JUPYTER_RUNTIME_DIR": self.runtime_dir,
            "JUPYTERLAB_SETTINGS_DIR": self.base / "settings",
            "JUPYTERLAB_WORKSPACES_DIR": self.base / "workspaces",
            "IPYTHONDIR": self.base / "ipython",
            "MPLCONFIGDIR": self.base / "matplotlib",
            "XDG_CONFIG_HOME": self.base / "home" / ".config",
            "XDG_CACHE_HOME": self.base / "home" / ".cache",
            "TMPDIR": self.base / "tmp",  # Voila's connection files, among others
        }
        for d in [self.root, *dirs.values()]:
            d.mkdir(parents=True, exist_ok=True)
        # JupyterLab's own settings directory (`app_settings_dir`, {sys.prefix}/share/jupyter/
        # lab/settings for the lab command) with the settings the project ships, as the lab
        # command installs them: widget state saved in notebooks, no news toast.
        self.app_settings_dir = self.base / "lab-settings"
        self.app_settings_dir.mkdir(exist_ok=True)
        shutil.copy2(OVERRIDES, self.app_settings_dir / "overrides.json")
        self.env = {k: v for k, v in os.environ.items()
                    if k not in ("JUPYTER_PATH", "JUPYTER_PLATFORM_DIRS", "PYTHONSTARTUP")}
        self.env.update({k: str(v) for k, v in dirs.items()})
        self.env["PYTHONUNBUFFERED"] = "1"
        # The kernels import pondwidgets from this checkout even when it is not installed.
        repo = str(Path(__file__).resolve().parents[2])
        self.env["PYTHONPATH"] = os.pathsep.join(
            p for p in (repo, os.environ.get("PYTHONPATH")) if p)

    def cleanup(self) -> None:
        if self._tmp is not None:
            self._tmp.cleanup()


class Server:
    """A server process started in a sandbox, stopped by its PID."""

    name = "server"

    def __init__(self, sandbox: Sandbox):
        self.sandbox = sandbox
        self.port = free_port()
        self.token = secrets.token_hex(16)
        self.proc: subprocess.Popen | None = None
        self.log = sandbox.base / f"{self.name}-{self.port}.log"

    def _start(self, args: list[str]) -> None:
        with open(self.log, "wb") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", *args], cwd=self.sandbox.root, env=self.sandbox.env,
                stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                start_new_session=True)  # its own process group: its kernels go with it

    def url(self, path: str = "", **query: str) -> str:
        query = {"token": self.token, **query}
        sep = "&" if "?" in path else "?"
        return (f"http://127.0.0.1:{self.port}/{path.lstrip('/')}{sep}"
                + "&".join(f"{k}={v}" for k, v in query.items()))

    def stop(self) -> None:
        proc, self.proc = self.proc, None
        if proc is None or proc.poll() is not None:
            return
        proc.terminate()  # jupyter_server shuts its kernels down on SIGTERM
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)  # the group we started: server + kernels
            proc.wait(5)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()


class JupyterLab(Server):
    name = "jupyterlab"

    def start(self, timeout: float = 60) -> JupyterLab:
        self._start(["jupyterlab", "--no-browser", f"--port={self.port}",
                     "--ServerApp.ip=127.0.0.1", f"--IdentityProvider.token={self.token}",
                     "--allow-root", f"--ServerApp.root_dir={self.sandbox.root}",
                     f"--LabApp.app_settings_dir={self.sandbox.app_settings_dir}",
                     "--LabApp.news_url=None", "--ServerApp.port_retries=0"])
        deadline = time.monotonic() + timeout
        while True:
            try:
                self.api("api/status")
                return self
            except (OSError, urllib.error.URLError):
                if self.proc.poll() is not None:
                    raise RuntimeError(f"JupyterLab exited:\n{tail(self.log)}") from None
                if time.monotonic() > deadline:
                    self.stop()
                    raise TimeoutError(f"JupyterLab did not answer:\n{tail(self.log)}") from None
                time.sleep(0.2)

    def api(self, path: str, method: str = "GET"):
        request = urllib.request.Request(self.url(path), method=method)
        with urllib.request.urlopen(request, timeout=10) as response:
            body = response.read()
        return json.loads(body) if body else None

    def session(self, notebook: str) -> dict:
        for s in self.api("api/sessions"):
            if s.get("path") == notebook:
                return s
        raise LookupError(f"no session for {notebook}")

    def kernel(self, notebook: str, timeout: float = 30) -> Kernel:
        """A client of the kernel that runs `notebook` (it must be open already)."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                kernel_id = self.session(notebook)["kernel"]["id"]
                break
            except LookupError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        return Kernel(self.sandbox.runtime_dir / f"kernel-{kernel_id}.json", timeout)

    def close_notebook(self, notebook: str) -> None:
        """Shut the notebook's kernel down (so the next test has both cores)."""
        with contextlib.suppress(LookupError, OSError, urllib.error.URLError):
            self.api(f"api/sessions/{self.session(notebook)['id']}", method="DELETE")


class Voila(Server):
    """``python -m voila NOTEBOOK``; it has no /api/status, so wait on the TCP port
    (requesting ``/`` would execute the notebook)."""

    name = "voila"

    def start(self, notebook: str, timeout: float = 60) -> Voila:
        self._start(["voila", notebook, "--no-browser", f"--port={self.port}",
                     "--Voila.ip=127.0.0.1", f"--token={self.token}",
                     "--show_tracebacks=True", "--Voila.port_retries=0"])
        try:
            wait_for_port(self.port, self.proc, timeout, self.log)
        except Exception:
            self.stop()
            raise
        return self


class KernelError(RuntimeError):
    pass


class Kernel:
    """A second client of a notebook's running kernel (see the module docstring)."""

    def __init__(self, connection_file: Path, timeout: float = 30):
        from jupyter_client import BlockingKernelClient

        deadline = time.monotonic() + timeout
        while not connection_file.exists():
            if time.monotonic() > deadline:
                raise FileNotFoundError(connection_file)
            time.sleep(0.1)
        self.client = BlockingKernelClient(connection_file=str(connection_file))
        self.client.load_connection_file()
        self.client.start_channels()
        self.client.wait_for_ready(timeout=timeout)

    def run(self, code: str, timeout: float = 30) -> str:
        """Execute `code` in the kernel; its stdout, or KernelError with the traceback."""
        out: list[str] = []
        errors: list[str] = []

        def hook(msg):
            kind, content = msg["msg_type"], msg["content"]
            if kind == "stream" and content["name"] == "stdout":
                out.append(content["text"])
            elif kind == "error":
                errors.append("\n".join(content["traceback"]))

        reply = self.client.execute_interactive(code, store_history=False, output_hook=hook,
                                                timeout=timeout)
        if reply["content"]["status"] != "ok" or errors:
            raise KernelError(f"{code}\n" + "\n".join(errors))
        return "".join(out)

    def value(self, expr: str, timeout: float = 30):
        """The value of a Python expression in the kernel, through JSON."""
        text = self.run(f"import json as _j; print(_j.dumps({expr}))", timeout)
        return json.loads(text)

    def wait_for(self, expr: str, expected, timeout: float = 15):
        """Poll `expr` until it equals `expected`; its last value."""
        deadline = time.monotonic() + timeout
        while True:
            got = self.value(expr)
            if got == expected or time.monotonic() > deadline:
                return got
            time.sleep(0.1)

    def close(self) -> None:
        self.client.stop_channels()


def write_notebook(path: Path, sources: list[str]) -> Path:
    """A notebook of code cells, no outputs, the python3 kernel named (no kernel dialog)."""
    import nbformat

    nb = nbformat.v4.new_notebook(
        cells=[nbformat.v4.new_code_cell(source) for source in sources],
        metadata={"kernelspec": KERNELSPEC, "language_info": {"name": "python"}})
    nbformat.write(nb, path)
    return path


def open_notebook(page, lab: JupyterLab, notebook: str, ready: str = ".pw-board",
                  timeout: float = 60):
    """Open `notebook` (a path in the server root) in its own JupyterLab workspace, wait
    for a real idle kernel, Run All, and wait for `ready` to show; its locator."""
    workspace = Path(notebook).stem.replace(" ", "-") or "w"
    ms = timeout * 1000
    page.goto(lab.url(f"lab/workspaces/{workspace}/tree/{notebook}"), timeout=ms)
    page.get_by_text(KERNEL_IDLE, exact=True).wait_for(timeout=ms)
    run_all(page)
    board = page.locator(ready).first
    board.wait_for(state="visible", timeout=ms)
    return board


def run_all(page) -> None:
    """The Run menu's Run All Cells (command runmenu:run-all)."""
    page.locator("#jp-MainMenu .lm-MenuBar-item", has_text="Run").first.click()
    page.locator("#jp-mainmenu-run .lm-Menu-item", has_text="Run All Cells").first.click()


def bundle_sizes(static: Path) -> list[tuple[str, int, int]]:
    """(name, bytes, gzipped bytes) of each file in pondwidgets/static/."""
    import gzip

    return [(p.name, p.stat().st_size, len(gzip.compress(p.read_bytes(), 9)))
            for p in sorted(static.iterdir()) if p.is_file()]


# -- for the test modules ------------------------------------------------------------------
def failed(request) -> bool:
    """Whether the test (its setup or its call) failed."""
    return any(getattr(getattr(request.node, f"report_{w}", None), "failed", False)
               for w in ("setup", "call"))


def report_failure(request, sandbox, page, console: list[str], shot: str | None = None):
    """After a failed test: a screenshot of its page and the end of its console."""
    if not failed(request):
        return
    stem = shot or re.sub(r"\W+", "-", request.node.name)
    path = sandbox.base / f"{stem}.png"
    try:
        page.screenshot(path=path, full_page=True)
        print(f"screenshot: {path}")
    except Exception as e:  # the page may be gone already
        print(f"no screenshot: {e}")
    print("console:\n  " + "\n  ".join(console[-40:]))


@dataclass
class Boards:
    """A notebook of boards shared by a test module: SETUP in its first cell, then one
    board a cell (``boards[name]``, kept in the Python variable ``name``); its page and its
    kernel (``py``). ``board(name)`` is that board on the page."""

    name: str
    page: object
    names: list[str]
    py: Kernel | None = None
    console: list[str] = field(default_factory=list)
    dialogs: list[str] = field(default_factory=list)

    def board(self, name: str):
        cell = 1 + self.names.index(name)  # cell 0 is SETUP
        return self.page.locator(".jp-Notebook .jp-CodeCell").nth(cell).locator(".pw-board")


@contextlib.contextmanager
def boards_notebook(lab, chromium, sandbox, stem: str, setup: str, boards: dict[str, str],
                    selector: str, viewport: dict | None = None) -> Iterator[Boards]:
    """Open, once for a module, a notebook of SETUP and the ``boards`` (name -> the
    expression that makes it) in JupyterLab at 1280 x 1000 (or ``viewport``), until all
    of them (matching ``selector``) show; closed with its kernel at the end."""
    cells = [setup, *(f"{name} = {board}\n{name}" for name, board in boards.items())]
    path = write_notebook(sandbox.root / f"{stem}.ipynb", cells)
    context = chromium.new_context(viewport=viewport or {"width": 1280, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(20_000)
    shared = Boards(path.name, page, list(boards))
    page.on("console", lambda m: shared.console.append(f"{m.type}: {m.text}"))
    page.on("pageerror", lambda e: shared.console.append(f"pageerror: {e}"))
    page.on("dialog", lambda d: (shared.dialogs.append(f"{d.type}: {d.message}"),
                                 d.dismiss()))
    try:
        open_notebook(page, lab, path.name)
        expect(page.locator(selector)).to_have_count(len(boards), timeout=60_000)
        shared.py = lab.kernel(path.name)
        yield shared
    finally:
        if shared.py is not None:
            shared.py.close()
        lab.close_notebook(path.name)
        context.close()
