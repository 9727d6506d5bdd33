"""matplotlib for the course's plots: imported when a plot is first drawn, and, where it
cannot be had, one plain sentence in the plot's place.

Simulations, checkers and boards never import matplotlib. Every plot function of the
course is decorated with ``plot`` and takes ``pyplot()`` instead of importing it.

In the browser-only version of the course (the JupyterLite site, README), matplotlib is
not shipped with the site: it is one of Pyodide's own compiled packages, which the site's
lock names at Pyodide's package site. Pyodide's kernel loads a cell's packages from the
imports written in the cell, which a plot function's import is not, so ``pyplot()`` asks
Pyodide for matplotlib explicitly. Where the browser cannot reach that site, or the site
does not answer within a few seconds, the plot function returns a ``NoPlot`` saying so,
which a notebook shows as its sentence; the numbers a cell prints and every checker's
answer do not depend on it.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import sys
from collections.abc import Callable
from types import ModuleType
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")

OFFLINE = ("Plots need a connection in the browser-only version of the course, and this "
           "browser could not fetch matplotlib; the results above do not depend on it.")
NO_ANSWER = ("Plots need a connection in the browser-only version of the course, and the "
             "site matplotlib comes from did not answer within {seconds} seconds; the "
             "results above do not depend on it.")
LOADING = ("matplotlib is still downloading for the plots of the browser-only version of "
           "the course: run this cell again in a moment.")

# A connection accepted and never answered (a school's proxy) would leave Pyodide's
# download waiting about a minute; a slow but answering one must still get there. So the
# site is asked first, for the headers of matplotlib's wheel only, and given this long.
ANSWER_WITHIN = 5  # seconds

_download = None  # the browser-only version's download of matplotlib, once started
_unanswered = False  # that site did not answer in ANSWER_WITHIN seconds


class PlotUnavailable(Exception):
    """matplotlib cannot be had here; the message says why, in one sentence."""


class NoPlot:
    """What a plot function returns when it cannot draw: shown as its one sentence."""

    def __init__(self, reason: str) -> None:
        self.reason = reason

    def __repr__(self) -> str:
        return self.reason

    def _repr_markdown_(self) -> str:  # a paragraph, wrapped between words like the text
        return self.reason


def plot(draw: Callable[P, R]) -> Callable[P, R | NoPlot]:
    """A plot function: its figure, or a ``NoPlot`` when ``pyplot()`` cannot be had."""

    @functools.wraps(draw)
    def drawn(*args: P.args, **kwargs: P.kwargs) -> R | NoPlot:
        try:
            return draw(*args, **kwargs)
        except PlotUnavailable as why:
            return NoPlot(str(why))

    return drawn


def pyplot() -> ModuleType:
    """``matplotlib.pyplot``; in the browser-only version, fetched from Pyodide's package
    site on first use (``PlotUnavailable`` when it cannot be)."""
    try:
        return _import_pyplot()
    except ImportError:
        if sys.platform != "emscripten":
            raise
        _fetch_in_browser()
        try:
            return _import_pyplot()
        except ImportError:
            if not _download.done():
                raise PlotUnavailable(LOADING) from None
            raise PlotUnavailable(NO_ANSWER.format(seconds=ANSWER_WITHIN) if _unanswered
                                  else OFFLINE) from None


def _import_pyplot() -> ModuleType:
    """``matplotlib.pyplot``. Its first import may build matplotlib's font cache (a fresh
    machine, or the browser-only version, where it is built in the browser), and matplotlib
    then logs "Matplotlib is building the font cache; this may take a moment.": a red line
    in the student's notebook that asks nothing of them. Its logger is quiet meanwhile."""
    if "matplotlib.pyplot" in sys.modules:
        import matplotlib.pyplot as plt
        return plt
    fonts = logging.getLogger("matplotlib.font_manager")
    level = fonts.level
    fonts.setLevel(logging.ERROR)
    try:
        import matplotlib.pyplot as plt
    finally:
        fonts.setLevel(level)
    return plt


def _fetch_in_browser() -> None:
    """Start Pyodide's download of matplotlib once, and wait for it where the browser lets
    Python wait on JavaScript (JSPI); elsewhere a later call finds it done."""
    global _download
    import asyncio

    import pyodide_js  # the browser-only version's own modules
    from pyodide.ffi import can_run_sync, run_sync

    if _download is None:
        async def load() -> None:
            if await _answered(pyodide_js.lockfile.packages.matplotlib.file_name):
                await pyodide_js.loadPackage("matplotlib")

        _download = asyncio.ensure_future(load())
        # A failed download is said by the plot, not as an unhandled error in the log.
        _download.add_done_callback(lambda done: done.cancelled() or done.exception())
    if not _download.done() and can_run_sync():
        with contextlib.suppress(Exception):  # offline: the import after it says so
            run_sync(_download)


async def _answered(url: str) -> bool:
    """Does ``url``'s site answer a HEAD request within ``ANSWER_WITHIN`` seconds? (An
    error status is an answer: the download then says what it is.) A failure is returned,
    not raised, so that the notebook shows no traceback of it."""
    global _unanswered
    if "://" not in url:  # shipped with the site itself
        return True
    import importlib

    from pyodide.ffi import JsException, to_js

    # Pyodide's module of the browser's globals; imported by name, for to a type checker
    # `js` is this repository's js/ folder.
    js = importlib.import_module("js")
    options = to_js({"method": "HEAD", "signal": js.AbortSignal.timeout(ANSWER_WITHIN * 1000)},
                    dict_converter=js.Object.fromEntries)
    try:
        await js.fetch(url, options)
    except JsException as why:
        _unanswered = "TimeoutError" in str(why)
        return False
    return True
