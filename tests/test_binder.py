"""The ``binder/`` configuration, built the way Binder (repo2docker) builds it.

A fresh virtual environment gets ``binder/requirements.txt``; then ``binder/postBuild``
runs from a copy of the repository (the files git would push: tracked and untracked, not
ignored) with that environment first on PATH; then the start notebook is executed there
with the environment's own ``jupyter nbconvert`` (JupyterLab brings nbconvert and
ipykernel, as repo2docker's base image does) and must print what the committed notebook
prints. postBuild must also have trusted the course's notebooks for the notebook user (its
Jupyter data dir under HOME), so that JupyterLab shows their saved boards on first open,
installed the course's JupyterLab settings (``jupyter/overrides.json``) where the image's
JupyterLab reads them, and its Jupyter server settings (``jupyter/jupyter_server_config.json``:
idle kernels culled) where its JupyterLab starts with them, and built matplotlib's font cache.
Needs PyPI; takes a minute or two. Deselect with ``-m "not binder"``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BINDER = ROOT / "binder"
NOTEBOOK = "notebooks/00-start-here.ipynb"

pytestmark = pytest.mark.binder


def binder_python() -> str:
    """The Python that runtime.txt asks for when this machine has it, else this one."""
    wanted = (BINDER / "runtime.txt").read_text().strip().removeprefix("python-")
    return shutil.which(f"python{wanted}") or sys.executable


def run(args: list[str], env: dict[str, str], cwd: Path, timeout: int = 600) -> str:
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=timeout)
    assert done.returncode == 0, (f"{' '.join(map(str, args))} failed:\n"
                                  f"{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    return done.stdout


def copy_repository(dest: Path) -> None:
    """What a push would carry: files git tracks or would track (not the ignored ones)."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others",
                             "--exclude-standard"], cwd=ROOT, capture_output=True, check=True)
    for name in sorted(set(listed.stdout.decode().split("\0")) - {""}):
        source = ROOT / name
        if source.is_file():  # a file deleted but not yet committed is not pushed
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, dest / name)


def printed(notebook: dict) -> list[list[str]]:
    """What each code cell printed or showed as text, object addresses left out. Printed
    text in a row on one stream is one text, as the notebook shows it: the kernel may send
    a line in two messages (its text, then the newline) when its flush timer falls between."""
    cells = []
    for cell in notebook["cells"]:
        if cell["cell_type"] != "code":
            continue
        texts = []
        stream = None
        for out in cell.get("outputs", []):
            if out["output_type"] == "stream":
                text = "".join(out["text"])
                if stream == out["name"]:
                    texts[-1] += text
                else:
                    texts.append(f"{out['name']}: {text}")
                stream = out["name"]
                continue
            stream = None
            if out["output_type"] in ("execute_result", "display_data"):
                texts.append("".join(out["data"].get("text/plain", "")))
            elif out["output_type"] == "error":
                texts.append(f"ERROR {out['ename']}: {out['evalue']}")
        cells.append([re.sub(r" at 0x[0-9a-f]+", "", t) for t in texts])
    return cells


# Run in the image's Python, as the notebook user: which notebooks its JupyterLab trusts.
TRUSTED = """
import json, sys
import nbformat
from nbformat.sign import NotebookNotary

notary = NotebookNotary()
trusted = {path: notary.check_signature(nbformat.read(path, as_version=4))
           for path in sys.argv[1:]}
changed = nbformat.read(sys.argv[1], as_version=4)
changed.cells[0].source += " "
print(json.dumps({"data_dir": notary.data_dir, "trusted": trusted,
                  "changed": notary.check_signature(changed)}))
"""


# Run in the image's Python: the settings its JupyterLab reads, and matplotlib's font cache.
INSTALLED = """
import glob, json, os
import matplotlib
from jupyterlab.commands import get_app_dir

settings = os.path.join(get_app_dir(), "settings", "overrides.json")  # LabApp's own default
with open(settings) as file:
    overrides = json.load(file)
cache = matplotlib.get_cachedir()
print(json.dumps({"settings": settings, "overrides": overrides, "cache": cache,
                  "fonts": glob.glob(os.path.join(cache, "fontlist-*.json"))}))
"""


def test_binder_environment_runs_the_start_notebook(tmp_path: Path) -> None:
    repo, env_dir, home = tmp_path / "repo", tmp_path / "binder-env", tmp_path / "home"
    home.mkdir()
    copy_repository(repo)
    assert (repo / "binder" / "postBuild").is_file(), "binder/ is not in the repository"

    # A clean environment: no developer venv, no user-level Jupyter kernels or settings.
    env = {k: v for k, v in os.environ.items()
           if k not in ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME", "JUPYTER_PATH",
                        "JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_PLATFORM_DIRS",
                        "XDG_DATA_HOME", "XDG_CACHE_HOME", "MPLCONFIGDIR")}
    env["PIP_CACHE_DIR"] = env.get("PIP_CACHE_DIR",
                                   str(Path.home() / ".cache" / "pip"))  # before HOME moves
    env.update(HOME=str(home), VIRTUAL_ENV=str(env_dir), PIP_DISABLE_PIP_VERSION_CHECK="1",
               PATH=f"{env_dir / 'bin'}{os.pathsep}{env.get('PATH', '')}")

    run([binder_python(), "-m", "venv", str(env_dir)], env, repo)
    python = str(env_dir / "bin" / "python")
    run([python, "-m", "pip", "install", "-q", "-r", "binder/requirements.txt"], env, repo)
    run(["bash", "binder/postBuild"], env, repo)

    # postBuild installed the course's JupyterLab settings where the image's JupyterLab
    # reads them (saved boards kept by a save, no news pop-up), and built matplotlib's font
    # cache for the notebook user, so a first plot prints no "building the font cache".
    ready = json.loads(run([python, "-c", INSTALLED], env, repo))
    assert Path(ready["settings"]).is_relative_to(env_dir), ready["settings"]
    assert ready["overrides"] == json.loads((ROOT / "jupyter" / "overrides.json").read_text())
    assert Path(ready["cache"]).is_relative_to(home) and ready["fonts"], ready
    # ... and the course's Jupyter server settings, which the image's JupyterLab starts
    # with: kernels idle with no tab connected are shut down (culled).
    lab = json.loads(run([python, "-m", "jupyterlab", "--show-config-json"], env, repo))
    shipped = json.loads((ROOT / "jupyter" / "jupyter_server_config.json").read_text())
    assert lab.get("MappingKernelManager") == shipped["MappingKernelManager"], lab

    # The image is the course, not the test suite.
    tools = run([python, "-m", "pip", "list", "--format=json"], env, repo)
    installed = {p["name"].lower() for p in json.loads(tools)}
    assert "pondwidgets" in installed
    assert not installed & {"pytest", "nbval", "hypothesis", "playwright", "ruff"}
    # The front ends of the widgets JupyterLab will load, from the same environment.
    extensions = subprocess.run([python, "-m", "jupyter", "labextension", "list"], env=env,
                                cwd=repo, capture_output=True, text=True, timeout=120)
    listing = re.sub(r"\x1b\[[0-9;]*m", "", extensions.stdout + extensions.stderr)
    for extension in ("anywidget", "@jupyter-widgets/jupyterlab-manager"):
        assert re.search(rf"{re.escape(extension)} v\S+ enabled", listing), listing
    # A kernel-side anywidget that disagrees with its extension fails to draw any board.
    pinned = re.search(r"^anywidget==(\S+)", (BINDER / "requirements.txt").read_text(), re.M)
    assert pinned and f"anywidget v{pinned[1]} enabled" in listing, listing

    # postBuild trusted the course's notebooks, as the notebook user, at build time: the
    # signatures are in that user's data dir, which JupyterLab reads when it opens them.
    course = sorted(str(p.relative_to(repo)) for p in (repo / "notebooks").rglob("*.ipynb"))
    assert NOTEBOOK in course
    trust = json.loads(run([python, "-c", TRUSTED, NOTEBOOK, *course], env, repo))
    assert Path(trust["data_dir"]).is_relative_to(home), trust["data_dir"]
    assert trust["trusted"] == dict.fromkeys([NOTEBOOK, *course], True), trust["trusted"]
    assert trust["changed"] is False  # a notebook changed after signing is untrusted again

    out = tmp_path / "executed.ipynb"
    run([python, "-m", "jupyter", "nbconvert", "--to", "notebook", "--execute",
         "--ExecutePreprocessor.timeout=120", "--output", str(out), NOTEBOOK], env, repo)
    executed = json.loads(out.read_text())
    committed = json.loads((repo / NOTEBOOK).read_text())
    ran = printed(executed)
    assert not [t for cell in ran for t in cell if t.startswith("ERROR")], ran
    assert ran == printed(committed)
    assert any("CroakBot won" in t for cell in ran for t in cell)
