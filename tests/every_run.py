"""What every test run loads, whatever paths it is given (``notebooks/`` alone included):
a pytest plugin, ``-p tests.every_run`` in pyproject.toml's addopts.

- No progress bars, so the notebooks' outputs stay those committed.
- ``--game NAME``: only that game's tests.
- ``slow`` tests run only when the ``-m`` expression names them.
- The units of work of pytest-xdist (``-n``, as ``tests/dev.sh test`` runs): each test
  file is one, so a notebook's cells run in order in one kernel and a module's fixtures
  (a Dask cluster) start once; and the browser tests that share the run's JupyterLab are
  one, so one server serves them all (the site's tests, ``test_lite.py``, bring their own
  server)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

# No progress bar by itself (simulate, wins_alone, round_robin, check_bot): set before any
# kernel starts, so that nbval's kernels (and the browser tests' servers) inherit it and
# the notebooks' outputs stay those committed. A test that wants a bar asks for one.
os.environ["PONDWIDGETS_PROGRESS"] = "0"

ROOT = Path(__file__).resolve().parent.parent
BROWSER = ROOT / "tests" / "browser"


def pytest_addoption(parser):
    parser.addoption("--game", metavar="NAME", help=(
        "only one game's tests: its own folders (tests/NAME, notebooks/NAME, its solutions, "
        "its browser tests) and its cases of the shared suites (tests/conformance, ...): "
        "bash tests/dev.sh test --game croak"))


def about(item, game: str) -> bool:
    """Whether a test is one of ``game``'s: by its file, or by its case of a shared test
    (a parametrized id that starts with the game's name: ``[croak-2p]``)."""
    path = Path(str(item.path))
    named = re.compile(rf"(^|[/_-]){game}([/_.-]|$)")
    return bool(named.search(path.relative_to(ROOT).as_posix())
                or re.search(rf"\[{game}([-\]])", item.nodeid))


@pytest.hookimpl(tryfirst=True)  # before xdist reads the groups off the marks
def pytest_collection_modifyitems(config, items):
    """One game's tests; no ``slow`` test unless asked for (``bash tests/dev.sh test -m
    slow tests/conformance``)."""
    game = config.getoption("--game")
    if game:
        from pondwidgets.games import GAMES

        if game not in GAMES:
            raise pytest.UsageError(f"--game {game}: the games are {', '.join(GAMES)}")
        other = [item for item in items if not about(item, game)]
        config.hook.pytest_deselected(items=other)
        items[:] = [item for item in items if about(item, game)]
    if "slow" not in (config.option.markexpr or ""):
        slow = [item for item in items if item.get_closest_marker("slow")]
        if slow:
            config.hook.pytest_deselected(items=slow)
            items[:] = [item for item in items if not item.get_closest_marker("slow")]


def unit(nodeid: str) -> str:
    """The unit of work a test belongs to: its file, ``lite`` for the tests of the
    JupyterLite site (they share one build of it), or ``browser`` for the other browser
    tests, which share the run's JupyterLab."""
    path = nodeid.split("::", 1)[0]
    if path.endswith(("/test_lite.py", "/test_lite_tables.py")):
        return "lite"
    if path.startswith("tests/browser/"):
        return "browser"
    return path


@pytest.hookimpl(optionalhook=True)  # pytest-xdist's hook, when it is installed
def pytest_xdist_make_scheduler(config, log):
    """xdist's scheduling by scope, with our units as the scopes, handed out in collection
    order: the browser tests (collected first, and the longest unit) start at once."""
    from xdist.scheduler import LoadScopeScheduling

    class ByUnit(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return unit(nodeid)

    config.option.loadscopereorder = False
    return ByUnit(config, log)
