"""The course's plots where matplotlib may be missing: in the browser-only version of the
course (JupyterLite, where ``sys.platform`` is ``emscripten``) a plot function fetches
matplotlib from Pyodide's package site itself, and without a connection it shows one
plain sentence instead of a traceback, while the numbers stay right.

Pyodide is played here by stand-ins of the modules the code uses: ``pyodide_js``
(``loadPackage``, which either makes matplotlib importable or fails as offline, and the
lock naming matplotlib's wheel at Pyodide's package site), ``js`` (``fetch``: that site
answering, refusing as offline, or never answering until its timer aborts it) and
``pyodide.ffi`` (``can_run_sync``/``run_sync``: whether Python may wait on JavaScript).
"""

import asyncio
import os
import subprocess
import sys
import types
from fractions import Fraction
from pathlib import Path

import matplotlib.figure
import pytest

from pondwidgets.core import plotting
from pondwidgets.core.exercises import bar_chart, plot_convergence
from pondwidgets.core.plotting import ANSWER_WITHIN, LOADING, NO_ANSWER, OFFLINE, NoPlot
from pondwidgets.core.search import budget_chart
from pondwidgets.core.tournament import Standing, Tournament
from pondwidgets.froop.variants import length_chart
from pondwidgets.splashdown.exercises import home_chart, roll_chart

SAMPLES = [1, 0, 0, 1, 1, 0, 1, 0, 0, 1]
BUDGETS = {"opponent": "FroopBot", "rows": [
    {"simulations": 4, "score": 0.3, "low": 0.2, "high": 0.4},
    {"simulations": 64, "score": 0.6, "low": 0.5, "high": 0.7}]}
TOURNAMENT = Tournament("t", [Standing("a", 10, 6, 0, 4, 0.6, 0.3, 0.9, 1500.0)], {})
EVERY_PLOT = {
    "plot_convergence": lambda: plot_convergence(SAMPLES, Fraction(1, 2), "P(win)"),
    "bar_chart": lambda: bar_chart({"a": 0.4, "b": 0.6}, "title", "share"),
    "Tournament.plot": TOURNAMENT.plot,
    "length_chart": lambda: length_chart({2: [10, 12, 14], 4: [20, 22, 21]}),
    "roll_chart": lambda: roll_chart([1, 2, 6, 6, 3], {k: Fraction(1, 6) for k in range(1, 7)}),
    "home_chart": lambda: home_chart([1, None, 3, 2], [Fraction(0), Fraction(1, 2),
                                                       Fraction(3, 4), Fraction(7, 8)]),
    "budget_chart": lambda: budget_chart(BUDGETS),
}


WHEEL = "https://cdn.jsdelivr.net/pyodide/v0.0/full/matplotlib-3.8.4-cp314-wasm32.whl"


class JsException(Exception):
    """pyodide.ffi.JsException: a JavaScript error, its name first in its text."""


class Browser:
    """Pyodide as the plots meet it: a download that fails (offline) or brings
    matplotlib (online), and JSPI present or not."""

    def __init__(self, monkeypatch, *, online: bool, can_wait: bool, answers: bool = True):
        self.online, self.answers, self.downloads, self.asked = online, answers, [], []
        self.loop = asyncio.new_event_loop()
        asyncio.set_event_loop(self.loop)
        monkeypatch.setattr(sys, "platform", "emscripten")
        monkeypatch.setattr(plotting, "_download", None)
        monkeypatch.setattr(plotting, "_unanswered", False)
        self.blocked = {name: module for name, module in sys.modules.items()
                        if name == "matplotlib" or name.startswith("matplotlib.")}
        for name in self.blocked:  # `import` raises ImportError; put back after the test
            monkeypatch.setitem(sys.modules, name, None)
        self.monkeypatch = monkeypatch
        pyodide_js = types.ModuleType("pyodide_js")
        pyodide_js.loadPackage = self.load_package
        # matplotlib named in the lock at Pyodide's package site, as the site's lock does
        pyodide_js.lockfile = types.SimpleNamespace(packages=types.SimpleNamespace(
            matplotlib=types.SimpleNamespace(file_name=WHEEL)))
        js = types.ModuleType("js")  # fetch, with the abort signal of a timer
        js.fetch, js.Object = self.fetch, types.SimpleNamespace(fromEntries=dict)
        js.AbortSignal = types.SimpleNamespace(timeout=lambda ms: ms)
        monkeypatch.setitem(sys.modules, "js", js)
        ffi = types.ModuleType("pyodide.ffi")
        ffi.can_run_sync = lambda: can_wait
        ffi.run_sync = self.loop.run_until_complete
        ffi.JsException, ffi.to_js = JsException, lambda value, dict_converter: value
        monkeypatch.setitem(sys.modules, "pyodide_js", pyodide_js)
        monkeypatch.setitem(sys.modules, "pyodide", types.ModuleType("pyodide"))
        monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)

    async def fetch(self, url, options):
        self.asked.append((url, options["method"], options["signal"]))
        if not self.online:
            raise JsException("TypeError: Failed to fetch")
        if not self.answers:  # its signal's timer ran out
            raise JsException("TimeoutError: signal timed out")

    async def load_package(self, name):
        self.downloads.append(name)
        if not self.online:
            raise OSError("Failed to fetch")  # what a blocked request gives
        for module, real in self.blocked.items():
            self.monkeypatch.setitem(sys.modules, module, real)

    def settle(self):
        """Let the page's event loop run the download to its end."""
        self.loop.run_until_complete(asyncio.sleep(0))
        self.loop.run_until_complete(asyncio.sleep(0))

    def close(self):
        asyncio.set_event_loop(None)
        self.loop.close()


@pytest.fixture
def browser(monkeypatch):
    made = []

    def make(**kwargs):
        made.append(Browser(monkeypatch, **kwargs))
        return made[-1]

    yield make
    for b in made:
        b.close()


@pytest.mark.parametrize("draw", EVERY_PLOT.values(), ids=EVERY_PLOT)
def test_every_plot_draws_a_figure_where_matplotlib_is(draw):
    assert isinstance(draw(), matplotlib.figure.Figure)


@pytest.mark.parametrize("draw", EVERY_PLOT.values(), ids=EVERY_PLOT)
def test_offline_in_the_browser_every_plot_says_so_in_one_sentence(browser, draw):
    b = browser(online=False, can_wait=True)
    shown = draw()
    assert isinstance(shown, NoPlot)
    assert repr(shown) == shown._repr_markdown_() == OFFLINE  # the cell's value, shown
    assert OFFLINE.count(".") == 1 and OFFLINE.endswith(".")
    assert len(b.asked) == 1 and b.downloads == []  # refused at once: no download started


def test_offline_the_download_is_tried_once(browser):
    b = browser(online=False, can_wait=True)
    for _ in range(3):
        assert repr(plot_convergence(SAMPLES)) == OFFLINE
    assert len(b.asked) == 1


def test_online_in_the_browser_matplotlib_is_fetched_explicitly_then_drawn(browser):
    b = browser(online=True, can_wait=True)
    assert isinstance(plot_convergence(SAMPLES, 0.5), matplotlib.figure.Figure)
    assert b.downloads == ["matplotlib"]
    assert b.asked == [(WHEEL, "HEAD", ANSWER_WITHIN * 1000)]  # its site asked first


def test_a_site_that_never_answers_is_given_seconds_then_the_plot_says_so(browser):
    """A connection accepted and never answered: the site is given ANSWER_WITHIN seconds
    to answer, then the plot says so in one sentence, and the download is not started."""
    b = browser(online=True, can_wait=True, answers=False)
    for _ in range(2):
        shown = plot_convergence(SAMPLES)
        assert repr(shown) == NO_ANSWER.format(seconds=ANSWER_WITHIN)
    assert repr(shown).count(".") == 1 and f"within {ANSWER_WITHIN} seconds" in repr(shown)
    assert b.asked == [(WHEEL, "HEAD", ANSWER_WITHIN * 1000)] and b.downloads == []


def test_a_browser_that_cannot_wait_asks_to_run_the_cell_again(browser):
    b = browser(online=True, can_wait=False)
    assert repr(bar_chart({"a": 1.0}, "t", "y")) == LOADING
    b.settle()
    assert isinstance(bar_chart({"a": 1.0}, "t", "y"), matplotlib.figure.Figure)
    assert b.downloads == ["matplotlib"]


def test_a_browser_that_cannot_wait_and_is_offline_says_so_once_the_download_failed(browser):
    b = browser(online=False, can_wait=False)
    assert repr(plot_convergence(SAMPLES)) == LOADING
    b.settle()
    assert repr(plot_convergence(SAMPLES)) == OFFLINE


def test_the_checker_and_the_numbers_do_not_need_matplotlib(browser, capsys):
    """An exercise's answer is checked without any plot, offline in the browser too."""
    from pondwidgets.croak.exercises import check_pike_at_start

    b = browser(online=False, can_wait=True)
    assert check_pike_at_start(check_pike_at_start.answer).correct
    assert capsys.readouterr().out.startswith("Correct! 1/8")
    assert b.downloads == []


def test_outside_the_browser_a_missing_matplotlib_is_the_usual_import_error(monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)
    with pytest.raises(ImportError):
        plot_convergence(SAMPLES)


# A first plot where matplotlib has no font cache yet, in a Python of its own: matplotlib
# says "building the font cache" after 5 s of building it, said here at once (its timer
# runs at start), so the test does not depend on how long the fonts take.
FIRST_PLOT = """
import logging, threading

class AtOnce:
    def __init__(self, interval, function, *args, **kwargs):
        self.function = function

    def start(self):
        self.function()

    def cancel(self):
        pass

threading.Timer = AtOnce
from pondwidgets.core.plotting import pyplot

pyplot()
fonts = logging.getLogger("matplotlib.font_manager")
print(fonts.level)
fonts.warning("a later warning still shows")
"""


def test_the_first_plot_on_a_fresh_machine_says_nothing_of_the_font_cache(tmp_path):
    env = {**os.environ, "MPLCONFIGDIR": str(tmp_path)}  # no font cache yet
    done = subprocess.run([sys.executable, "-c", FIRST_PLOT], env=env, capture_output=True,
                          text=True, timeout=300, cwd=Path(__file__).resolve().parents[2])
    assert done.returncode == 0, done.stderr
    assert list(tmp_path.glob("fontlist-*.json"))  # the cache was built, then
    assert "font cache" not in done.stderr
    assert done.stdout.split() == ["0"]  # the logger as it was
    assert "a later warning still shows" in done.stderr
