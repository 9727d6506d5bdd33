"""The project's pinned JavaScript tools (js/package-lock.json), for the tests that build
or test the front end. Needs Node.js and npm; tests/dev.sh installs them."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

JS = Path(__file__).resolve().parent.parent / "js"


def ensure_node_modules() -> Path:
    """js/node_modules, installed from the lock file if missing; fails in CI (skips
    elsewhere) when npm is missing. Returns the js/ folder."""
    if shutil.which("npm") is None:
        message = ("Node.js and npm are needed for the front end's tests (tests/dev.sh "
                   "installs them)")
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    if not (JS / "node_modules" / "esbuild").exists():
        done = subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=JS,
                              capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
    return JS
