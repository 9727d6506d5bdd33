"""The developer's loop (README, "Running the tests again and again"): the tests collect
without an optional extra, and ``--game`` picks one game's tests."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def pytest(*args: str, without: Path | None = None) -> subprocess.CompletedProcess:
    """pytest in a fresh process; ``without`` a folder of modules that it cannot import."""
    env = {**os.environ, "PYTHONPATH": str(without)} if without else None
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           *args], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=300)


def collect(*args: str) -> subprocess.CompletedProcess:
    return pytest("--collect-only", *args)


def test_the_tests_collect_without_the_cluster_extra_and_its_tests_skip_saying_why(tmp_path):
    (tmp_path / "distributed.py").write_text("raise ImportError('not installed')\n")
    done = pytest("--collect-only", "tests", without=tmp_path)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "tests/core/test_executors.py::" in done.stdout
    ran = pytest("-rs", "tests/core/test_executors.py", "-k", "dask and serial",
                 without=tmp_path)
    assert ran.returncode == 0, ran.stdout[-2000:]
    assert "needs Dask's distributed, the cluster extra" in ran.stdout


def test_one_games_tests_are_its_folders_and_its_cases_of_the_shared_suites():
    done = collect("--game", "croak", "--nbval", "tests/croak", "tests/rapidcroco",
                   "tests/conformance/test_lessons.py", "notebooks/croak", "notebooks/rapidcroco")
    assert done.returncode == 0, done.stdout[-2000:]
    ids = [line for line in done.stdout.splitlines() if "::" in line]
    files = {line.split("::")[0] for line in ids}
    assert "tests/croak/test_rules.py" in files and "notebooks/croak/01-rules.ipynb" in files
    assert not any("rapidcroco" in name for name in files)
    shared = [line for line in ids if line.startswith("tests/conformance/")]
    assert shared and all("[croak" in line for line in shared)


def test_an_unknown_game_is_refused_naming_the_games():
    done = collect("--game", "chess", "tests/test_citations.py")
    assert done.returncode != 0
    assert "--game chess: the games are croak" in done.stdout + done.stderr


def test_a_file_is_one_unit_of_work_and_the_browser_tests_that_share_a_server_one():
    from tests.every_run import unit

    assert unit("notebooks/croak/01-rules.ipynb::Cell 3") == "notebooks/croak/01-rules.ipynb"
    assert unit("tests/croak/test_rules.py::test_setup[2]") == "tests/croak/test_rules.py"
    assert unit("tests/browser/test_croak_board.py::test_a") == "browser"
    assert unit("tests/browser/test_froop_board.py::test_b[x::y]") == "browser"
    # the JupyterLite site's tests share one build of it, apart from JupyterLab's
    assert unit("tests/browser/test_lite.py::test_c") == "lite"
    assert unit("tests/browser/test_lite_tables.py::test_d") == "lite"
