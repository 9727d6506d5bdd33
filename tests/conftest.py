"""Shared test settings: Hypothesis profiles (``ci`` is chosen when CI is set), no
progress bars, the units of work of the two (or more) test workers, and ``slow``."""

import os
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# No progress bar by itself (simulate, wins_alone, round_robin, check_bot): set before any
# kernel starts, so that nbval's kernels (and the browser tests' servers) inherit it and
# the notebooks' outputs stay those committed. A test that wants a bar asks for one.
os.environ["PONDWIDGETS_PROGRESS"] = "0"

settings.register_profile("ci", deadline=None, derandomize=True, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))


ROOT = Path(__file__).parent.parent
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


def pytest_collection_modifyitems(config, items):
    """Each test file is one unit of work for pytest-xdist (``--dist loadgroup``): a
    notebook's cells run in order in one kernel, and a module's fixtures (a Dask cluster)
    start once. The browser tests that share the run's JupyterLab are one unit, so one
    server serves them all; the site's tests (``test_lite.py``) bring their own server.

    Tests marked ``slow`` (the full conformance grid, the long fuzz) run only when the
    ``-m`` expression names them: ``bash tests/dev.sh test -m slow tests/conformance``."""
    game = config.getoption("--game")
    if game:
        from pondwidgets.games import GAMES

        if game not in GAMES:
            raise pytest.UsageError(f"--game {game}: the games are {', '.join(GAMES)}")
        other = [item for item in items if not about(item, game)]
        config.hook.pytest_deselected(items=other)
        items[:] = [item for item in items if about(item, game)]
    for item in items:
        path = Path(str(item.path))
        shares_lab = BROWSER in path.parents and path.name != "test_lite.py"
        item.add_marker(pytest.mark.xdist_group("browser" if shares_lab else str(path)))
    if "slow" in (config.option.markexpr or ""):
        return
    slow = [item for item in items if item.get_closest_marker("slow")]
    if slow:
        config.hook.pytest_deselected(items=slow)
        items[:] = [item for item in items if not item.get_closest_marker("slow")]
