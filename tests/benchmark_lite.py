"""Run All of each notebook of the JupyterLite site beside JupyterLab, in the same Chromium
(issue 29): ``python tests/benchmark.py --lite-notebooks [NOTEBOOK ...]``.

The site is built with the README's command (``bash tests/dev.sh lite``) and served on
localhost, every other request refused (``tests/browser/lite.py``'s ``offline``); the
JupyterLab server is started here, on localhost too, over a copy of ``notebooks/``
trusted as the lab command trusts it. Each notebook (every one the site holds, or those
given, as paths in ``notebooks/``) is opened in a fresh browser profile in each, site and
JupyterLab taking turns (which goes first alternates), so that a busy moment of a shared
machine hits both. Once its kernel is idle, Run All (the command of Run → Run All Cells)
is timed in the page, from the command to its end: every cell's reply received. Opening
the notebook to an idle kernel, the kernel's start, is reported apart, once.

Plots are left out of both figures: offline the site has no matplotlib (a plot says so
in one sentence), so its plots cannot be compared. Plot cells also run the simulation
they draw, so the cells are kept and the plots' own time is taken out: before Run All,
the kernel is given (as a request of its own, not a cell of the notebook) a wrapper on
``pondwidgets.core.plotting.plot``, the decorator of every plot function of the course,
installed as that module is first imported, that times each plot function's call, and
one on IPython's display formatter that times the drawing of a matplotlib figure shown.
The same hooks time each cell in the kernel (IPython's pre/post_run_cell events), which
gives each cell's own seconds, its plots left out, for the cells where the site loses.

Checked in both, for each notebook: Run All ran every cell (the command says none
failed, and the kernel timed one run of each non-empty code cell), no output is an error
or on stderr, the site's plots give the offline sentence and nothing else, and the site
asked for nothing outside localhost but Pyodide's package site (matplotlib, refused).
A cell whose printed outputs differ between the two (a size lowered in the browser, say)
is named in the note, and that notebook is not counted as speed at the same sizes.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
LIMIT = 2.0  # issue 29: each notebook within twice its JupyterLab time
CDN = "https://cdn.jsdelivr.net/pyodide/"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
NO_PLOT = "Plots need a connection"  # how each of the site's plot sentences begins
VIEWPORT = {"width": 1280, "height": 1000}
RUN_ALL_TIMEOUT = 900  # seconds: a Run All that never ends is an error, not a figure

# Run in the notebook's kernel before Run All, as a request of its own (no cell). The
# plot decorator is wrapped as its module is imported (a finder ahead of the others),
# before the course's modules apply it; nothing is imported early.
KERNEL_HOOKS = r'''
import functools as _pw_functools
import importlib.machinery as _pw_machinery
import sys as _pw_sys
import time as _pw_time

assert "pondwidgets.core.plotting" not in _pw_sys.modules, "imported before the hooks"
_pw_bench = {"cells": [], "depth": 0}


def _pw_started(info):
    if "_pw_bench" not in info.raw_cell:  # not the benchmark's own requests
        _pw_bench["cells"].append({"seconds": None, "plots": 0.0,
                                   "start": _pw_time.perf_counter()})


def _pw_done(result):
    cells = _pw_bench["cells"]
    if cells and cells[-1]["seconds"] is None:
        cells[-1]["seconds"] = _pw_time.perf_counter() - cells[-1].pop("start")


def _pw_timed(call, *args, **kwargs):
    """call(*args, **kwargs), its seconds added to the cell's plots (outermost only)."""
    _pw_bench["depth"] += 1
    start = _pw_time.perf_counter()
    try:
        return call(*args, **kwargs)
    finally:
        _pw_bench["depth"] -= 1
        if not _pw_bench["depth"] and _pw_bench["cells"]:
            _pw_bench["cells"][-1]["plots"] += _pw_time.perf_counter() - start


def _pw_timed_decorator(plot):
    def timed_plot(draw):
        drawn = plot(draw)
        return _pw_functools.wraps(drawn)(lambda *a, **k: _pw_timed(drawn, *a, **k))
    return timed_plot


class _PwPlotFinder:
    @staticmethod
    def find_spec(name, path=None, target=None):
        if name != "pondwidgets.core.plotting":
            return None
        spec = _pw_machinery.PathFinder.find_spec(name, path)
        run = spec.loader.exec_module

        def exec_module(module):
            run(module)
            module.plot = _pw_timed_decorator(module.plot)

        spec.loader.exec_module = exec_module
        return spec


_pw_sys.meta_path.insert(0, _PwPlotFinder)
_pw_format = get_ipython().display_formatter.format


def _pw_format_timed(obj, *args, **kwargs):
    if type(obj).__module__.startswith("matplotlib"):
        return _pw_timed(_pw_format, obj, *args, **kwargs)
    return _pw_format(obj, *args, **kwargs)


get_ipython().display_formatter.format = _pw_format_timed
get_ipython().events.register("pre_run_cell", _pw_started)
get_ipython().events.register("post_run_cell", _pw_done)
'''
READ_TIMES = "import json as _pw_json; print(_pw_json.dumps(_pw_bench['cells']))"

# Code run in the notebook's kernel through the page's own connection: its stdout.
EXECUTE = """async (code) => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const future = kernel.requestExecute({code, silent: true, store_history: false});
  const out = [];
  future.onIOPub = (msg) => {
    if (msg.header.msg_type === "stream") out.push(msg.content.text);
    if (msg.header.msg_type === "error") out.push(`${msg.content.ename}: ${msg.content.evalue}`);
  };
  const reply = await future.done;
  if (reply.content.status !== "ok") throw new Error(out.join("") || reply.content.status);
  return out.join("");
}"""
# Run → Run All Cells, timed from the command to its end (every cell's reply in), then
# each code cell's source and outputs.
RUN_ALL = """async (timeout) => {
  const app = window.jupyterapp;
  const panel = app.shell.currentWidget;
  const start = performance.now();
  const ran = await Promise.race([app.commands.execute("notebook:run-all-cells"),
    new Promise((_, fail) => setTimeout(() => fail(new Error("Run All timed out")), timeout))]);
  const seconds = (performance.now() - start) / 1000;
  const cells = [];
  for (const cell of panel.content.model.cells) {
    if (cell.type === "code") {
      cells.push({source: cell.sharedModel.getSource(), outputs: cell.outputs.toJSON()});
    }
  }
  return {ran, seconds, cells};
}"""
IN_VIEW = """async () => {
  const panel = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  if (!panel || !panel.sessionContext) return null;
  await panel.sessionContext.ready;
  const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
  return kernel && kernel.status === "idle" ? panel.context.path : null;
}"""


@dataclass
class Run:
    """One Run All: its seconds, the plots' part of them, each non-empty code cell's
    source, outputs and kernel seconds (plots left out), and what went wrong."""

    opened: float
    seconds: float
    plots: float
    cells: list[dict]
    problems: list[str] = field(default_factory=list)

    @property
    def counted(self) -> float:
        return self.seconds - self.plots


def site_notebooks(site: Path, given: list[str]) -> list[str]:
    """The notebooks to time, as paths in the site's files: those given (paths in
    notebooks/, or from the repository), or every one the site holds."""
    held = sorted(p.relative_to(site / "files").as_posix()
                  for p in (site / "files").rglob("*.ipynb"))
    if not given:
        return held
    wanted = []
    for name in given:
        path = Path(name).resolve()
        relative = path.relative_to(NOTEBOOKS).as_posix() if path.is_relative_to(
            NOTEBOOKS) else name
        if relative not in held:
            sys.exit(f"{name}: not a notebook of the site (it holds {', '.join(held)})")
        wanted.append(relative)
    return wanted


def exposing_lab():
    """harness.JupyterLab with its app object in the page (``window.jupyterapp``)."""
    from tests.browser import harness

    class ExposingLab(harness.JupyterLab):
        def _start(self, args: list[str]) -> None:
            super()._start([*args, "--LabApp.expose_app_in_browser=True"])

    return ExposingLab


def expose_site_app(context) -> None:
    """The site's pages give their app object too: JupyterLite's own page option
    (``exposeAppInBrowser``), added to each jupyter-lite.json as the page reads it."""
    def patch(route):
        response = route.fetch()
        config = response.json()
        config.setdefault("jupyter-config-data", {})["exposeAppInBrowser"] = "true"
        route.fulfill(response=response, json=config)

    context.route("**/jupyter-lite.json", patch)


def lab_copy(sandbox) -> None:
    """The course's notebooks in the server's root, trusted as the lab command trusts them
    (so saved boards show as they open, as in the site)."""
    shutil.copytree(NOTEBOOKS, sandbox.root, dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
    subprocess.run([sys.executable, "-m", "jupyter", "trust",
                    *map(str, sandbox.root.rglob("*.ipynb"))],
                   env=sandbox.env, check=True, capture_output=True)


def open_until_idle(page, url: str, path: str, timeout: float = 180) -> float:
    """Load ``url`` until ``path`` is the notebook in view with an idle kernel; seconds."""
    start = time.monotonic()
    page.goto(url, timeout=timeout * 1000)
    while page.evaluate(IN_VIEW) != path:
        if time.monotonic() - start > timeout:
            raise TimeoutError(f"{url}: no idle kernel after {timeout} s")
        time.sleep(0.1)
    return time.monotonic() - start


def run_all(page, opened: float, plot_sentence: str | None) -> Run:
    """Run All in the page's notebook, with the kernel hooks; ``plot_sentence``: what the
    site's plots must say (None: JupyterLab, which draws them)."""
    page.evaluate(EXECUTE, KERNEL_HOOKS)
    result = page.evaluate(RUN_ALL, RUN_ALL_TIMEOUT * 1000)
    timed = json.loads(page.evaluate(EXECUTE, READ_TIMES))
    cells = [c for c in result["cells"] if c["source"].strip()]
    run = Run(opened, result["seconds"], sum(t["plots"] for t in timed), cells)
    if not result["ran"] or len(timed) != len(cells):
        run.problems.append(f"Run All ran {len(timed)} of {len(cells)} cells "
                            f"(the command said {result['ran']})")
    for cell, times in zip(cells, timed, strict=False):
        cell["seconds"], cell["plots"] = times["seconds"] - times["plots"], times["plots"]
    for number, cell in enumerate(cells, 1):
        run.problems += [f"cell {number}: {what}" for what in bad_outputs(cell, plot_sentence)]
    return run


def bad_outputs(cell: dict, plot_sentence: str | None) -> list[str]:
    """What is wrong in a cell's outputs: an error, stderr, or (in the site) a plot that
    says anything but the offline sentence."""
    bad = []
    for output in cell["outputs"]:
        kind, data = output["output_type"], output.get("data", {})
        if kind == "error":
            bad.append(f"{output['ename']}: {output['evalue']}")
        elif kind == "stream" and output["name"] == "stderr":
            bad.append(f"stderr: {output['text'][:200]!r}")
        elif NO_PLOT in data.get("text/markdown", "") + data.get(
                "text/plain", "") and data.get("text/markdown") != plot_sentence:
            bad.append(f"plot: {data.get('text/markdown', data.get('text/plain'))!r}")
    return bad


NO_SERVER = re.compile(r"No table server answers at \S+")


def printed(cell: dict) -> list[str]:
    """A cell's printed results: streams and plain values, neither widgets nor plots (nor
    the empty result the site's kernel sends for a value that displayed itself)."""
    texts = []
    for output in cell["outputs"]:
        data = output.get("data", {})
        if output["output_type"] == "stream":  # (a join cell asks the page's origin)
            texts.append(NO_SERVER.sub("No table server answers at", output["text"]))
        elif data and not {WIDGET_VIEW, "image/png"} & set(data) and NO_PLOT not in str(data):
            texts.append(data.get("text/plain", ""))
    return texts


def plots_shown(run: Run) -> int:
    """The plots a run's outputs show: drawn (JupyterLab) or said offline (the site)."""
    return sum("image/png" in o.get("data", {}) or NO_PLOT in str(o.get("data", {}))
               for cell in run.cells for o in cell["outputs"])


def differing_cells(lab: Run, site: Run) -> list[int]:
    return [n for n, (a, b) in enumerate(zip(lab.cells, site.cells, strict=False), 1)
            if printed(a) != printed(b)]


def site_page(browser, server, path: str) -> tuple[object, list[str], float]:
    """``path`` opened in the site in a fresh offline profile: page, refused URLs, seconds
    to an idle kernel."""
    from tests.browser.lite import offline

    # The start page's join cell asks the page's own origin, a static server with no
    # tables: its one sentence, as in JupyterLab (where it asks this machine's port 8765).
    context, aborted = offline(browser, server, viewport=VIEWPORT)
    expose_site_app(context)
    page = context.new_page()
    opened = open_until_idle(page, server.url(f"lab/index.html?path={path}"), path)
    return page, aborted, opened


def time_in_site(browser, server, path: str) -> Run:
    from pondwidgets.core.plotting import OFFLINE

    page, aborted, opened = site_page(browser, server, path)
    try:
        run = run_all(page, opened, OFFLINE)
    finally:
        page.context.close()
    run.problems += [f"asked for {url}" for url in aborted if not url.startswith(CDN)]
    return run


def time_in_lab(browser, lab, path: str) -> Run:
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    workspace = path.removesuffix(".ipynb").replace("/", "-")
    try:
        opened = open_until_idle(page, lab.url(f"lab/workspaces/{workspace}/tree/{path}"),
                                 path)
        return run_all(page, opened, None)
    finally:
        lab.close_notebook(path)  # its kernel shut down, both cores for the next
        context.close()


def lite_notebook_times(given: list[str], slowest: int = 3) -> None:
    """Run All of each notebook of the site (or those given) in the site, offline, and in
    JupyterLab, taking turns: a Markdown table of the seconds, plots left out, their
    ratio and a note; then, for each notebook over ``LIMIT``, its cells that lose most."""
    from playwright.sync_api import sync_playwright

    from tests.browser import harness
    from tests.browser.lite import StaticSite, build_site

    problem = harness.chromium_problem()
    if problem:
        sys.exit(f"not measured: {problem}")
    sandbox = harness.Sandbox()
    runs: dict[str, tuple[Run, Run]] = {}
    try:
        site = sandbox.base / "site"
        print(f"site: built in {build_site(site):.0f} s with bash tests/dev.sh lite")
        paths = site_notebooks(site, given)
        lab_copy(sandbox)
        with contextlib.ExitStack() as stack:
            server = stack.enter_context(StaticSite(sandbox, site).start())
            lab = stack.enter_context(exposing_lab()(sandbox).start())
            playwright = stack.enter_context(sync_playwright())
            browser = harness.launch_chromium(playwright, sandbox)
            print(f"Chromium {browser.version}; load average {load()} at the start",
                  flush=True)
            for turn, path in enumerate(paths):
                order = [time_in_site, time_in_lab][::1 if turn % 2 == 0 else -1]
                timed = {f: f(browser, server if f is time_in_site else lab, path)
                         for f in order}
                runs[path] = timed[time_in_lab], timed[time_in_site]
                print(f"  {path}: JupyterLab {runs[path][0].counted:.1f} s, site "
                      f"{runs[path][1].counted:.1f} s", file=sys.stderr, flush=True)
    finally:
        sandbox.cleanup()
    print(f"load average {load()} at the end\n")
    report(runs, slowest)


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def report(runs: dict[str, tuple[Run, Run]], slowest: int) -> None:
    print("| notebook | JupyterLab s | site s | ratio | note |\n|---|---:|---:|---:|---|")
    over, other_sizes = [], []
    for path, (lab, site) in runs.items():
        ratio = site.counted / lab.counted
        notes = [f"plots left out: {lab.plots:.1f} s in JupyterLab, {site.plots:.1f} s in "
                 f"the site"] if lab.plots or site.plots else []
        if plots_shown(lab) != plots_shown(site):
            notes.append(f"{plots_shown(lab)} plots drawn in JupyterLab, "
                         f"{plots_shown(site)} said offline in the site")
        differ = differing_cells(lab, site)
        if differ:
            other_sizes.append(path)
            notes.append(f"printed outputs differ in cells {differ}: not the same sizes?")
        elif ratio > LIMIT:
            over.append(path)
            notes.append(f"over {LIMIT:g}x")
        notes += [f"JupyterLab: {p}" for p in lab.problems]
        notes += [f"site: {p}" for p in site.problems]
        print(f"| `{path}` | {lab.counted:.1f} | {site.counted:.1f} | {ratio:.2f} | "
              f"{'; '.join(notes)} |")
    labs = sum(lab.counted for lab, _ in runs.values())
    sites = sum(site.counted for _, site in runs.values())
    print(f"| all {len(runs)} | {labs:.0f} | {sites:.0f} | {sites / labs:.2f} | |\n")
    opened = {name: [r[i].opened for r in runs.values()] for i, name in
              enumerate(("JupyterLab", "the site"))}
    print("kernel start (the notebook's page loaded to its idle kernel, a fresh profile "
          "each): " + "; ".join(f"{name} median {statistics.median(t):.1f} s "
                                f"({min(t):.1f}-{max(t):.1f})" for name, t in opened.items()))
    print(f"over {LIMIT:g}x at the same sizes: {', '.join(over) or 'none'}; printed "
          f"outputs differing (reported apart): {', '.join(other_sizes) or 'none'}")
    for path in over:
        lab, site = runs[path]
        kernel = [sum(c.get("seconds", 0.0) for c in r.cells) for r in (lab, site)]
        print(f"\n`{path}`: the kernel's time in its cells, plots left out, {kernel[0]:.1f} s "
              f"in JupyterLab, {kernel[1]:.1f} s in the site (of the figures above); the "
              f"cells that lose most:")
        pairs = sorted(enumerate(zip(lab.cells, site.cells, strict=False), 1),
                       key=lambda c: c[1][0].get("seconds", 0.0) - c[1][1].get("seconds", 0.0))
        for number, (a, b) in pairs[:slowest]:
            first = b["source"].strip().splitlines()[0][:70]
            print(f"  cell {number}: {a.get('seconds', 0):.2f} s in JupyterLab, "
                  f"{b.get('seconds', 0):.2f} s "
                  f"in the site: `{first}`")
