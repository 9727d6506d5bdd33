"""Idle kernels are shut down (culled) by the course's Jupyter server settings
(``jupyter/jupyter_server_config.json``, installed by the lab command and Binder's
postBuild): a notebook whose tab was closed gives its memory back, one still open keeps
its kernel. Here in a JupyterLab of its own, the timeouts shortened to seconds on its
command line; whether a kernel with a tab connected is culled comes from the course's
file, which this server reads from the environment as the lab command's does."""

from __future__ import annotations

import json
import time
from pathlib import Path

from tests.browser import harness

ROOT = Path(__file__).resolve().parents[2]
IDLE = 4  # seconds: the shortened cull_idle_timeout


class CullingLab(harness.JupyterLab):
    """A JupyterLab whose culler acts within seconds, not the course's minutes."""

    def _start(self, args: list[str]) -> None:
        super()._start([*args, f"--MappingKernelManager.cull_idle_timeout={IDLE}",
                        "--MappingKernelManager.cull_interval=1"])


def kernel_ids(lab: harness.JupyterLab) -> set[str]:
    return {k["id"] for k in lab.api("api/kernels")}


def test_a_closed_tabs_idle_kernel_is_culled_an_open_ones_kept(sandbox, new_page):
    shipped = json.loads((ROOT / "jupyter" / "jupyter_server_config.json").read_text())
    assert shipped["MappingKernelManager"]["cull_connected"] is False
    names = ["culling-open.ipynb", "culling-closed.ipynb"]
    for name in names:
        harness.write_notebook(sandbox.root / name, ["x = list(range(10**6))\nprint(len(x))"])
    with CullingLab(sandbox).start() as lab:
        pages = {}
        for name in names:
            pages[name] = new_page()
            harness.open_notebook(pages[name], lab, name, ready="text=1000000")
        kernels = {name: lab.session(name)["kernel"]["id"] for name in names}
        assert set(kernels.values()) <= kernel_ids(lab)

        pages["culling-closed.ipynb"].close()  # the student closes that tab
        deadline = time.monotonic() + IDLE + 20
        while kernels["culling-closed.ipynb"] in kernel_ids(lab):
            assert time.monotonic() < deadline, "the closed tab's idle kernel is still running"
            time.sleep(0.5)
        # Idle far longer than the timeout, yet connected: kept, and still answers.
        time.sleep(IDLE + 2)
        assert kernels["culling-open.ipynb"] in kernel_ids(lab)
        page = pages["culling-open.ipynb"]
        page.get_by_text(harness.KERNEL_IDLE, exact=True).wait_for()
