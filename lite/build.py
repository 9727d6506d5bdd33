"""Build the course as a JupyterLite site: every game in a browser tab, no server, offline.

Run it through `bash tests/dev.sh lite`, which installs build-requirements.txt into
.venv-lite first. From a clean staging folder it assembles

- Pyodide 314.0.6 from the npm registry (checked against its pinned sha512), served by the
  site itself: the interpreter's four files and a pyodide-lock.json listing exactly the
  wheels shipped beside them, with their sha256, plus matplotlib and what it needs by
  their address on Pyodide's own CDN, for when the browser can reach it;
- those wheels: site-requirements.txt from PyPI (hash-checked), the kernel's own wheels
  from jupyterlite-pyodide-kernel, and pondwidgets built from this checkout; all of them
  loaded as the kernel starts (`loadPyodideOptions.packages`), so `import pondwidgets`
  needs no install cell, and none of them fetched from PyPI (`disablePyPIFallback`);
  each with its modules' bytecode, compiled by Pyodide's own Python run in Node
  (``precompile``), so that no kernel compiles them again as it imports them;
- the course's notebooks as they are here, with their saved boards, trusted (as the lab
  command and Binder trust them) and naming the Pyodide kernel;
- the course's JupyterLab settings (jupyter/overrides.json, as the lab command and Binder
  install them): notebooks saved with their boards, no news pop-up;

then runs `jupyter lite build` into the output folder (build/lite unless told), makes
JupyterLite's kernels answer `comm_info_request` (without which no saved board is ever
drawn: ``answer_comm_info``), gives each notebook a session of its own, found by path
(``one_session_per_notebook``), and makes the site's front page open the start notebook.
Downloads and compiled wheels are cached in $XDG_CACHE_HOME/pondwidgets (pip's own cache
holds the wheels downloaded).
"""

from __future__ import annotations

import argparse
import base64
import email.parser
import hashlib
import importlib.metadata
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import urllib.request
import zipfile
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
HERE = ROOT / "lite"

PYODIDE_VERSION = "314.0.6"
PYODIDE_TARBALL = f"https://registry.npmjs.org/pyodide/-/pyodide-{PYODIDE_VERSION}.tgz"
PYODIDE_SHA512 = (
    "BKDTJyIqFxC4BExLqeRS3f5xvXZIjOt8C3zGLN/Cc7tFxSwvKVhVkchQQ2AGLOtR4YrVOIFxbV8poyDOOmWwxQ=="
)
PYODIDE_RUNTIME = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"]
PYODIDE_CDN = f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE_VERSION}/full/"
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"

# Loaded as the kernel starts: the kernel's own packages (it installs each one it does not
# find in this list from the network, which offline never answers) and the course's.
PRELOAD = ["micropip", "piplite", "ipykernel", "pyodide-kernel", "comm", "ipython", "jedi",
           "pondwidgets"]
# Compiled for Pyodide only (numpy, pillow, ...), served by no registry this build can
# reach: listed in the lock at Pyodide's CDN, fetched when a plot first needs them.
FROM_CDN = ["matplotlib"]
# Front-end packages that ipywidgets names as dependencies; the browser already has their
# JavaScript from the site's extensions, and Python never imports them.
FRONT_END_ONLY = {"widgetsnbextension", "jupyterlab-widgets"}
# The versions of the JupyterLab extensions copied into the site must be those of the
# Python packages that talk to them.
EXTENSION_PACKAGES = ["anywidget", "ipywidgets"]

START = "00-start-here.ipynb"
# The JupyterLab settings the course ships (the lab command and Binder install them too).
OVERRIDES = ROOT / "jupyter" / "overrides.json"
# What the Pyodide kernel says of itself: a notebook saved with other values is changed
# by JupyterLab as the kernel connects, and so opens already modified.
KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
LANGUAGE_INFO = {"codemirror_mode": {"name": "python", "version": 3}, "file_extension": ".py",
                 "mimetype": "text/x-python", "name": "python", "nbconvert_exporter": "python",
                 "pygments_lexer": "ipython3", "version": "3.8"}


def norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def say(text: str) -> None:
    print(f"== {text}", flush=True)


def cache_dir() -> Path:
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    path = base / "pondwidgets" / "lite"
    path.mkdir(parents=True, exist_ok=True)
    return path


def fetch_pyodide(cache: Path) -> Path:
    """Pyodide's npm package, downloaded once and checked against its pinned sha512."""
    tarball = cache / PYODIDE_TARBALL.rsplit("/", 1)[1]
    if not tarball.exists() or sri(tarball) != PYODIDE_SHA512:
        say(f"downloading Pyodide {PYODIDE_VERSION} from the npm registry")
        partial = tarball.with_suffix(".part")
        with urllib.request.urlopen(PYODIDE_TARBALL, timeout=120) as answer:
            partial.write_bytes(answer.read())
        if sri(partial) != PYODIDE_SHA512:
            partial.unlink()
            sys.exit(f"{PYODIDE_TARBALL} does not have the pinned sha512; refusing it")
        partial.replace(tarball)
    unpacked = cache / f"pyodide-{PYODIDE_VERSION}"
    if not (unpacked / "pyodide-lock.json").exists():
        with tarfile.open(tarball) as tar:
            tar.extractall(unpacked, filter="data")
    return unpacked / "package"


def sri(path: Path) -> str:
    return base64.b64encode(hashlib.sha512(path.read_bytes()).digest()).decode()


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def download_wheels(into: Path) -> None:
    say("downloading the site's wheels from PyPI (site-requirements.txt, hash-checked)")
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--require-hashes",
         "--only-binary=:all:", "--platform", "any", "--python-version", "3.14",
         "--implementation", "py", "--abi", "none",
         "-r", str(HERE / "site-requirements.txt"), "-d", str(into)],
        check=True,
    )


def build_pondwidgets(into: Path) -> None:
    say("building the pondwidgets wheel from this checkout")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", str(ROOT), "-w", str(into)],
        check=True,
    )


def kernel_wheels(into: Path) -> None:
    """The Pyodide kernel's own wheels (pyodide-kernel, piplite, its ipykernel stand-in),
    as jupyterlite-pyodide-kernel ships them for its extension."""
    pypi = Path(sys.prefix, "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension",
                "static/pypi")
    for stem in ("pyodide_kernel-", "piplite-", "ipykernel-"):
        (wheel,) = pypi.glob(f"{stem}*.whl")
        shutil.copy2(wheel, into)


def wheel_metadata(wheel: Path) -> tuple[str, str, list[str], list[str]]:
    """(name, version, top-level imports, plain requirements) read from a wheel."""
    with zipfile.ZipFile(wheel) as whl:
        (meta,) = [n for n in whl.namelist() if n.endswith(".dist-info/METADATA")]
        message = email.parser.Parser().parsestr(whl.read(meta).decode())
        tops = top_level(whl.namelist())
    requires = []
    for spec in message.get_all("Requires-Dist") or []:
        if applies_in_browser(spec):
            requires.append(norm(re.match(r"[A-Za-z0-9._-]+", spec).group()))
    return norm(message["Name"]), message["Version"], tops, requires


def top_level(names: list[str]) -> list[str]:
    """The importable names of a wheel's files: its packages and top-level modules."""
    tops = set()
    for name in names:
        first, _, rest = name.partition("/")
        if rest == "__init__.py" and not first.endswith((".dist-info", ".data")):
            tops.add(first)
        elif not rest and first.endswith(".py"):
            tops.add(first.removesuffix(".py"))
    return sorted(tops)


def applies_in_browser(spec: str) -> bool:
    """Does a Requires-Dist line hold for Python 3.14 in Pyodide, no extras asked?"""
    from packaging.requirements import Requirement

    marker = Requirement(spec).marker
    env = {"sys_platform": "emscripten", "platform_system": "Emscripten",
           "python_version": "3.14", "python_full_version": "3.14.2",
           "implementation_name": "cpython", "platform_machine": "wasm32",
           "os_name": "posix", "extra": ""}
    return marker is None or marker.evaluate(env)


def write_lock(pyodide: Path, wheels: Path, into: Path) -> list[str]:
    """pyodide-lock.json for the shipped wheels; returns the names of the shipped packages."""
    original = json.loads((pyodide / "pyodide-lock.json").read_text())
    known = {norm(k): v for k, v in original["packages"].items()}
    packages = {}
    for wheel in sorted(wheels.glob("*.whl")):
        name, version, imports, requires = wheel_metadata(wheel)
        entry = dict(known.get(name) or {
            "name": name, "install_dir": "site", "package_type": "package",
            "unvendored_tests": False, "imports": imports,
            "depends": [r for r in requires if r not in FRONT_END_ONLY],
        })
        if known.get(name) and entry["version"] != version:
            sys.exit(f"{wheel.name}: Pyodide's lock has {name} {entry['version']}")
        entry.update(version=version, file_name=wheel.name, sha256=sha256(wheel))
        packages[name] = entry
        shutil.copy2(wheel, into / wheel.name)
    for name in cdn_closure(known, FROM_CDN):
        if name not in packages:  # a package shipped here is used as shipped
            entry = dict(known[name])
            entry["file_name"] = PYODIDE_CDN + entry["file_name"]
            packages[name] = entry
    missing = {d for e in packages.values() for d in e["depends"] if norm(d) not in packages}
    if missing:
        sys.exit(f"the site's packages need {sorted(missing)}, which it does not ship")
    lock = {"info": original["info"], "packages": dict(sorted(packages.items()))}
    (into / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))
    return sorted(n for n, e in packages.items() if "://" not in e["file_name"])


def cdn_closure(known: dict, names: list[str]) -> list[str]:
    seen, todo = [], [norm(n) for n in names]
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.append(name)
            todo += [norm(d) for d in known[name]["depends"]]
    return seen


def precompile(pyodide: Path, wheels: Path, cache: Path) -> None:
    """Each wheel in ``wheels`` replaced by the same wheel with its modules' bytecode for
    the site's Python beside its sources (``__pycache__``, as an import writes it): Pyodide
    writes no bytecode (``sys.dont_write_bytecode``), so each kernel would compile every
    module it imports again. Compiled by Pyodide itself, in Node (lite/compile.mjs), once
    for each wheel: cached by the wheel's sha256, Pyodide's version and the script's."""
    script = HERE / "compile.mjs"
    salt = f"{PYODIDE_VERSION} {sha256(script)}"
    done = {w: cache / "compiled" / hashlib.sha256(f"{salt} {sha256(w)}".encode()).hexdigest()
            for w in wheels.glob("*.whl")}
    todo = [w for w, folder in done.items() if not (folder / w.name).exists()]
    if todo:
        say(f"compiling {len(todo)} wheels' modules with Pyodide's Python, in Node")
        with tempfile.TemporaryDirectory(prefix="pondwidgets-pyc-") as unpacked:
            for wheel in todo:
                with zipfile.ZipFile(wheel) as whl:
                    whl.extractall(Path(unpacked, wheel.name))
            subprocess.run(["node", str(script), str(pyodide), unpacked], check=True)
            for wheel in todo:
                done[wheel].mkdir(parents=True, exist_ok=True)
                partial = done[wheel] / f"{wheel.name}.part"
                add_bytecode(wheel, Path(unpacked, wheel.name), partial)
                partial.replace(done[wheel] / wheel.name)
    for wheel, folder in done.items():
        shutil.copy2(folder / wheel.name, wheel)


def add_bytecode(wheel: Path, unpacked: Path, into: Path) -> None:
    """``wheel`` written again as ``into`` with the ``.pyc`` compiled in ``unpacked``, each
    after its source and with its date (the same bytes each build), and listed in RECORD
    with its hash and size, as the wheel format asks."""
    with zipfile.ZipFile(wheel) as old, zipfile.ZipFile(into, "w") as new:
        (record,) = [i for i in old.infolist() if i.filename.endswith(".dist-info/RECORD")]
        lines = old.read(record).decode().splitlines()
        for info in old.infolist():
            if info != record:
                new.writestr(info, old.read(info))
            for pyc in bytecode_of(unpacked, info.filename):
                data = (unpacked / pyc).read_bytes()
                added = zipfile.ZipInfo(pyc, info.date_time)
                added.external_attr = info.external_attr
                new.writestr(added, data, compress_type=zipfile.ZIP_DEFLATED)
                lines.append(f"{pyc},sha256={record_hash(data)},{len(data)}")
        new.writestr(record, "\n".join(lines) + "\n")


def bytecode_of(unpacked: Path, source: str) -> list[str]:
    """The ``.pyc`` compiled from ``source`` (a path in the wheel), by the site's cache tag."""
    if not source.endswith(".py"):
        return []
    folder, _, name = source.rpartition("/")
    cache = unpacked / folder / "__pycache__"
    return [p.relative_to(unpacked).as_posix() for p in sorted(cache.glob(f"{name[:-3]}.*.pyc"))]


def record_hash(data: bytes) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def check_extensions(wheels: Path) -> None:
    shipped = dict(wheel_metadata(w)[:2] for w in wheels.glob("*.whl"))
    for name in EXTENSION_PACKAGES:
        here = importlib.metadata.version(name)
        if shipped[name] != here:
            sys.exit(f"the site would pair {name} {here}'s extension with its {shipped[name]} "
                     "wheel: pin one version in build-requirements.txt and "
                     "site-requirements.txt")


def copy_settings(lite_dir: Path) -> None:
    """The course's JupyterLab settings, the lab command's and Binder's too
    (jupyter/overrides.json: boards saved with the notebook, no news pop-up), as the lite
    dir's overrides.json, which `jupyter lite build` merges into the site's
    jupyter-lite.json (settingsOverrides)."""
    shutil.copy2(OVERRIDES, lite_dir / "overrides.json")


def copy_course(into: Path, solutions: bool) -> None:
    """The notebooks and their data as they are here (not checkpoints), each notebook
    trusted and on the site's kernel, and read as a Jupyter server serves it."""
    ignore = ["solutions"] if not solutions else []
    shutil.copytree(ROOT / "notebooks", into,
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__", *ignore))
    for path in into.rglob("*.ipynb"):
        # A notebook file stores each multi-line text (a cell's source, a printed output) as
        # a list of lines. A Jupyter server joins them before JupyterLab sees the notebook
        # (nbformat.read); JupyterLite hands JupyterLab the file as it is, and JupyterLab
        # then shows a saved output's list as its lines joined by commas. So the site's
        # copy is stored as nbformat reads it: every text one string.
        notebook = nbformat.read(path, as_version=4)
        for cell in notebook["cells"]:
            # JupyterLite has no notary: the trusted mark a Jupyter server puts on each
            # cell of a signed notebook is what lets JupyterLab draw the saved boards, as
            # `jupyter trust` does for the lab command and Binder. A notebook uploaded
            # into the site stays untrusted.
            if cell["cell_type"] == "code":
                cell["metadata"]["trusted"] = True
        notebook["metadata"].update(kernelspec=KERNELSPEC, language_info=LANGUAGE_INFO)
        path.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n")


LITE_CONFIG = {  # jupyter lite build adds the rest (pyodideUrl, the extensions, ...)
    "jupyter-lite-schema-version": 0,
    "jupyter-config-data": {
        "appName": "pondwidgets",
        "litePluginSettings": {
            KERNEL_PLUGIN: {"disablePyPIFallback": True,
                            "loadPyodideOptions": {"packages": PRELOAD}},
        },
    },
}


FRONT_PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>pondwidgets</title>
<meta http-equiv="refresh" content="0; url=lab/index.html?path={start}">
<!-- the lab page reads the site's settings from here too (JupyterLite's config-utils.js) -->
<script id="jupyter-config-data" type="application/json" data-jupyter-lite-root=".">{{}}</script>
</head>
<body>
<p><a href="lab/index.html?path={start}">Open the course</a></p>
</body>
</html>
"""


def build(output: Path, solutions: bool) -> None:
    # A fresh stage every time: a leftover .jupyterlite.doit.db silently drops settings.
    with tempfile.TemporaryDirectory(prefix="pondwidgets-lite-") as stage:
        shutil.rmtree(output, ignore_errors=True)
        stage_site(Path(stage), output, solutions)
    answer_comm_info(output)
    one_session_per_notebook(output)
    (output / "index.html").write_text(FRONT_PAGE.format(start=START))
    where = output.relative_to(ROOT) if output.is_relative_to(ROOT) else output
    say(f"the site is in {where}: {size(output) / 1e6:.0f} MB, of which Pyodide "
        f"{size(output / 'static' / 'pyodide') / 1e6:.0f} MB")


def stage_site(stage: Path, output: Path, solutions: bool) -> None:
    """Everything the site needs gathered in ``stage``, then `jupyter lite build`."""
    wheels = stage / "wheels"
    static = stage / "lite" / "static" / "pyodide"
    wheels.mkdir(parents=True)
    static.mkdir(parents=True)

    pyodide = fetch_pyodide(cache_dir())
    download_wheels(wheels)
    kernel_wheels(wheels)
    build_pondwidgets(wheels)
    precompile(pyodide, wheels, cache_dir())
    check_extensions(wheels)
    for name in PYODIDE_RUNTIME:
        shutil.copy2(pyodide / name, static / name)
    shipped = write_lock(pyodide, wheels, static)
    for name in PRELOAD:
        if name not in shipped:
            sys.exit(f"the kernel preloads {name}, which the site does not ship")
    (stage / "lite" / "jupyter-lite.json").write_text(json.dumps(LITE_CONFIG, indent=2))
    copy_settings(stage / "lite")
    copy_course(stage / "contents", solutions)

    say("jupyter lite build")
    built = subprocess.run(
        [sys.executable, "-m", "jupyter", "lite", "build", "--lite-dir", str(stage / "lite"),
         "--contents", str(stage / "contents"), "--output-dir", str(output),
         "--apps", "lab", "--no-sourcemaps"],
        cwd=stage / "lite", capture_output=True, text=True,
    )
    if built.returncode:  # its list of every task done is only worth reading then
        sys.exit(f"{built.stdout}{built.stderr}jupyter lite build failed")


def answer_comm_info(output: Path) -> None:
    """Make the site's kernels answer `comm_info_request`.

    JupyterLite 0.8.6's BaseKernel.handleMessage has no case for it, so the request is
    never answered (jupyterlite/jupyterlite#155, fixed by the open pull request #2013),
    and the widget manager, which asks it before restoring a notebook's saved widget
    state, waits forever: no saved board would ever show. The kernels already implement
    `commInfoRequest` (the Pyodide kernel answers from Python's comm manager); this adds
    the missing dispatch and reply to the built JavaScript, as #2013 does to the source.
    The patterns are checked to occur exactly once, so a JupyterLite that has changed
    stops the build rather than shipping a half-patched site."""
    dispatch = 'case"comm_close":await this.commClose(e)'
    (chunk,) = [p for p in (output / "build").glob("*.js") if dispatch in p.read_text()]
    text = chunk.read_text()
    reply = re.search(r'async _isCompleteRequest\(e\)\{let t=await this\.isCompleteRequest'
                      r'\(e\.content\),s=(\w+)\.KernelMessage\.createMessage', text)
    if text.count(dispatch) != 1 or not reply or "comm_info_request" in text:
        sys.exit(f"{chunk.name}: JupyterLite is not the 0.8.6 this build patches; see "
                 "answer_comm_info in lite/build.py")
    messages = reply.group(1)
    text = text.replace(dispatch, dispatch + ';break;case"comm_info_request":'
                        'await this._commInfoRequest(e)')
    text = text.replace(
        "async _isCompleteRequest(e){",
        "async _commInfoRequest(e){let t=await this.commInfoRequest(e.content),"
        f's={messages}.KernelMessage.createMessage({{msgType:"comm_info_reply",'
        'parentHeader:e.header,channel:"shell",session:e.header.session,content:t});'
        "this._sendMessage(s)}async _isCompleteRequest(e){")
    chunk.write_text(text)


def one_session_per_notebook(output: Path) -> None:
    """Give each notebook its own session and kernel, as a Jupyter server does (by path).

    JupyterLite 0.8.6's LiteSessionClient.startNew hands back any running session of the
    same *name*, and JupyterLab names a notebook's session by its file name: with
    croak/01-rules.ipynb open, froop/01-rules.ipynb (every game has one) got croak's
    session, and its kernel stayed "Initializing" until the other notebook's kernel was
    shut down and its tab closed. The session is matched by path instead; the pattern must
    occur exactly once, so a changed JupyterLite stops the build."""
    same_name = "let{path:a,name:i}=e,o=this._sessions.find(e=>e.name===i)"
    chunks = [p for p in (output / "build").glob("*.js") if same_name in p.read_text()]
    if len(chunks) != 1 or chunks[0].read_text().count(same_name) != 1:
        sys.exit("JupyterLite is not the 0.8.6 whose session lookup this build patches; see "
                 "one_session_per_notebook in lite/build.py")
    text = chunks[0].read_text()
    chunks[0].write_text(text.replace(same_name, same_name.replace("e.name===i", "e.path===a")))


def size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--output", type=Path, default=ROOT / "build" / "lite",
                        help="where the site goes (default: build/lite)")
    parser.add_argument("--with-solutions", action="store_true",
                        help="the teacher's own site: with the teachers' solutions "
                             "(notebooks/solutions/), which the students' site leaves out")
    args = parser.parse_args(argv)
    build(args.output.resolve(), solutions=args.with_solutions)


if __name__ == "__main__":
    main()
