"""The course's Jupyter server settings (``jupyter/jupyter_server_config.json``): the lab
command's JupyterLab, started from the project's environment as ``bash tests/dev.sh lab``
starts it, loads them, so idle kernels with no tab connected are shut down (culled). That
they really are, in a browser, is ``tests/browser/test_kernel_culling.py``; Binder's image
is checked by ``tests/test_binder.py``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = json.loads((ROOT / "jupyter" / "jupyter_server_config.json").read_text())


def lab_config(python: str, env: dict[str, str], cwd: Path) -> dict:
    """The configuration ``python -m jupyterlab`` starts with (``--show-config-json``)."""
    done = subprocess.run([python, "-m", "jupyterlab", "--show-config-json"], env=env,
                          cwd=cwd, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


def test_the_settings_cull_idle_closed_notebooks_within_a_lesson():
    culling = SHIPPED["MappingKernelManager"]
    assert 0 < culling["cull_idle_timeout"] <= 30 * 60  # a closed tab's kernel, in a lesson
    assert culling["cull_interval"] <= culling["cull_idle_timeout"]
    assert culling["cull_connected"] is False  # an open tab keeps its kernel
    assert culling["cull_busy"] is False  # a simulation still running is never cut off


def test_the_lab_commands_jupyterlab_loads_the_course_settings(tmp_path):
    # A user with no Jupyter configuration of their own: only the environment's is read.
    env = {k: v for k, v in os.environ.items()
           if k not in ("JUPYTER_CONFIG_PATH", "JUPYTER_PLATFORM_DIRS")}
    env["JUPYTER_CONFIG_DIR"] = str(tmp_path / "config")
    config = lab_config(sys.executable, env, ROOT)
    assert config.get("MappingKernelManager") == SHIPPED["MappingKernelManager"], (
        "the environment's JupyterLab does not carry jupyter/jupyter_server_config.json: "
        "run `bash tests/dev.sh lab` (or test) to install it")
