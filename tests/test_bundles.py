"""The committed JS bundles are what `js/` builds now, and the front end's own unit tests
pass (docs/design.md#javascript). Needs Node.js and npm; tests/dev.sh installs them."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from .js_tools import ensure_node_modules

ROOT = Path(__file__).resolve().parent.parent
JS, STATIC = ROOT / "js", ROOT / "pondwidgets" / "static"


def run(*command: str) -> subprocess.CompletedProcess:
    return subprocess.run(command, cwd=JS, capture_output=True, text=True)


@pytest.fixture(scope="module")
def node_modules():
    ensure_node_modules()


def test_the_committed_bundles_are_fresh(node_modules, tmp_path):
    done = run("node", "build.mjs", str(tmp_path))
    assert done.returncode == 0, done.stderr
    built = sorted(p.name for p in tmp_path.iterdir())
    assert built == sorted(p.name for p in STATIC.iterdir() if p.suffix in (".js", ".css"))
    stale = [name for name in built
             if (tmp_path / name).read_bytes() != (STATIC / name).read_bytes()]
    assert not stale, f"rebuild and commit: cd js && npm run build (stale: {stale})"


def test_the_front_end_unit_tests_pass(node_modules):
    done = run("npm", "test", "--silent")
    assert done.returncode == 0, done.stdout + done.stderr
