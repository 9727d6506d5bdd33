"""The JupyterLite build's own steps (``lite/build.py``), on small made-up inputs: the lock
it writes, the course it copies, the patch it applies to JupyterLite and the download it
refuses. The whole build, in a browser with no network, is ``tests/browser/test_lite.py``.
"""

from __future__ import annotations

import hashlib
import importlib.util
import io
import json
import zipfile
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("lite_build", ROOT / "lite" / "build.py")
build = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(build)


def wheel(folder: Path, name: str, version: str, requires=(), modules=None) -> Path:
    """A tiny wheel: its METADATA (with ``requires`` as Requires-Dist) and its modules."""
    path = folder / f"{name.replace('-', '_')}-{version}-py3-none-any.whl"
    info = f"{name.replace('-', '_')}-{version}.dist-info"
    with zipfile.ZipFile(path, "w") as whl:
        meta = [f"Name: {name}", f"Version: {version}",
                *(f"Requires-Dist: {r}" for r in requires)]
        whl.writestr(f"{info}/METADATA", "\n".join(meta) + "\n")
        for module in modules or [f"{name.replace('-', '_')}/__init__.py"]:
            whl.writestr(module, "")
    return path


def pyodide_lock(folder: Path, packages: dict) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "pyodide-lock.json").write_text(json.dumps({"info": {"arch": "wasm32"},
                                                          "packages": packages}))
    return folder


def entry(name, version, depends=(), file_name=None):
    return {"name": name, "version": version, "depends": list(depends), "imports": [name],
            "file_name": file_name or f"{name}-{version}-py3-none-any.whl",
            "sha256": "0" * 64, "install_dir": "site", "package_type": "package",
            "unvendored_tests": False}


@pytest.fixture
def pyodide(tmp_path):
    return pyodide_lock(tmp_path / "pyodide", {
        "traitlets": entry("traitlets", "5.14.3"),
        "numpy": entry("numpy", "2.4.6", file_name="numpy-2.4.6-cp314-wasm32.whl"),
        "matplotlib": entry("matplotlib", "3.10.8", ["numpy"],
                            file_name="matplotlib-3.10.8-cp314-wasm32.whl"),
    })


def test_the_lock_lists_exactly_the_wheels_shipped_and_matplotlib_at_the_cdn(tmp_path, pyodide):
    wheels, into = tmp_path / "wheels", tmp_path / "site"
    wheels.mkdir()
    into.mkdir()
    wheel(wheels, "traitlets", "5.14.3")
    wheel(wheels, "widgetkit", "1.0", requires=[
        "traitlets>=5", "jupyterlab-widgets~=3.0",  # the front end's: dropped
        "colorama; sys_platform == 'win32'", "pytest; extra == 'test'"],  # not here
        modules=["widgetkit/__init__.py", "widgetkit/more.py", "helper.py"])

    shipped = build.write_lock(pyodide, wheels, into)

    lock = json.loads((into / "pyodide-lock.json").read_text())["packages"]
    assert shipped == ["traitlets", "widgetkit"]
    assert sorted(p.name for p in into.glob("*.whl")) == [
        "traitlets-5.14.3-py3-none-any.whl", "widgetkit-1.0-py3-none-any.whl"]
    for name in shipped:  # the hash of the very file shipped, not Pyodide's copy's
        data = (into / lock[name]["file_name"]).read_bytes()
        assert lock[name]["sha256"] == hashlib.sha256(data).hexdigest()
    assert lock["widgetkit"]["depends"] == ["traitlets"]
    assert lock["widgetkit"]["imports"] == ["helper", "widgetkit"]
    assert lock["matplotlib"]["file_name"] == (
        build.PYODIDE_CDN + "matplotlib-3.10.8-cp314-wasm32.whl")
    assert lock["numpy"]["file_name"].startswith(build.PYODIDE_CDN)
    assert lock["matplotlib"]["sha256"] == "0" * 64  # Pyodide's own file, Pyodide's hash


def test_a_wheel_at_another_version_than_pyodides_is_refused(tmp_path, pyodide):
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    wheel(wheels, "traitlets", "5.16.1")
    with pytest.raises(SystemExit, match=r"Pyodide's lock has traitlets 5\.14\.3"):
        build.write_lock(pyodide, wheels, tmp_path)


def test_a_dependency_the_site_does_not_ship_is_refused(tmp_path, pyodide):
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    wheel(wheels, "widgetkit", "1.0", requires=["psygnal>=0.8"])
    with pytest.raises(SystemExit, match=r"need \['psygnal'\], which it does not ship"):
        build.write_lock(pyodide, wheels, tmp_path)


def test_the_course_is_copied_trusted_on_the_sites_kernel(tmp_path):
    build.copy_course(tmp_path / "all", solutions=True)
    build.copy_course(tmp_path / "students", solutions=False)
    start = json.loads((tmp_path / "all" / "00-start-here.ipynb").read_text())
    ours = json.loads((ROOT / "notebooks" / "00-start-here.ipynb").read_text())
    assert all(c["metadata"]["trusted"] for c in start["cells"] if c["cell_type"] == "code")
    assert start["metadata"]["kernelspec"]["display_name"] == "Python (Pyodide)"
    assert start["metadata"]["widgets"] == ours["metadata"]["widgets"]  # the saved boards
    assert (tmp_path / "all" / "solutions").is_dir()
    assert not (tmp_path / "students" / "solutions").exists()
    assert (tmp_path / "students" / "croak" / "03-probability.ipynb").exists()


def texts(notebook: dict) -> list:
    """Every text a notebook shows: each cell's source and each output's printed text and
    data, in order."""
    found = []
    for cell in notebook["cells"]:
        found.append(cell["source"])
        for output in cell.get("outputs", []):
            found += [output.get("text"), *output.get("data", {}).values()]
    return [text for text in found if text is not None]


@pytest.fixture(scope="module")
def course(tmp_path_factory):
    """The whole course as the site copies it, solutions too."""
    folder = tmp_path_factory.mktemp("site") / "files"
    build.copy_course(folder, solutions=True)
    return folder


@pytest.mark.parametrize("path", sorted(
    p.relative_to(ROOT / "notebooks") for p in (ROOT / "notebooks").rglob("*.ipynb")),
    ids=str)
def test_each_saved_output_is_what_a_jupyter_server_gives_jupyterlab(course, path):
    """A notebook file keeps a multi-line text as a list of lines; a Jupyter server joins
    them before JupyterLab sees them, JupyterLite does not, and JupyterLab shows a list as
    its lines joined by commas (",Kind(id=..." on every line after the first). The site's
    copy holds what JupyterLab is given by a server: the same text, in one string."""
    site = json.loads((course / path).read_text())
    served = nbformat.read(ROOT / "notebooks" / path, as_version=4)  # jupyter_server's read
    assert texts(site) == texts(served)
    shown = [t for t in texts(site) if not isinstance(t, dict)]  # JSON data stays JSON
    assert shown and all(isinstance(text, str) for text in shown)
    stored = json.loads((ROOT / "notebooks" / path).read_text())
    if any(isinstance(t, list) and len(t) > 1 for t in texts(stored)):  # what was a list
        lines = next(t for t in texts(stored) if isinstance(t, list) and len(t) > 1)
        assert "".join(lines) in texts(site)


def test_the_students_site_leaves_the_solutions_out_and_the_teachers_keeps_them(monkeypatch):
    built = []
    monkeypatch.setattr(build, "build", lambda output, solutions: built.append(solutions))
    build.main([])
    build.main(["--with-solutions"])
    assert built == [False, True]


def test_the_site_gets_the_courses_jupyterlab_settings(tmp_path):
    """The one settings file the lab command and Binder install too: notebooks saved with
    their boards' widget state, and no news pop-up."""
    build.copy_settings(tmp_path)
    copied = tmp_path / "overrides.json"
    assert copied.read_bytes() == (ROOT / "jupyter" / "overrides.json").read_bytes()
    settings = json.loads(copied.read_text())
    assert settings["@jupyter-widgets/jupyterlab-manager:plugin"]["saveState"] is True
    assert settings["@jupyterlab/apputils-extension:notification"]["fetchNews"] == "false"


CHUNK = ('async handleMessage(e){switch(e.header.msg_type){case"comm_open":await '
         'this.commOpen(e);break;case"comm_close":await this.commClose(e)}this._idle(e)}'
         'async _isCompleteRequest(e){let t=await this.isCompleteRequest(e.content),'
         's=p.KernelMessage.createMessage({msgType:"is_complete_reply"});this._sendMessage(s)}')


def test_jupyterlites_kernels_are_made_to_answer_comm_info(tmp_path):
    (tmp_path / "build").mkdir()
    (tmp_path / "build" / "other.js").write_text("nothing to see")
    chunk = tmp_path / "build" / "4191.js"
    chunk.write_text(CHUNK)
    build.answer_comm_info(tmp_path)
    patched = chunk.read_text()
    assert patched.count('case"comm_info_request":await this._commInfoRequest(e)') == 1
    assert ('async _commInfoRequest(e){let t=await this.commInfoRequest(e.content),'
            's=p.KernelMessage.createMessage({msgType:"comm_info_reply"') in patched
    assert 'case"comm_close":await this.commClose(e);break;' in patched
    with pytest.raises(SystemExit, match=r"not the 0\.8\.6 this build patches"):
        build.answer_comm_info(tmp_path)  # patched already: refused, not patched twice


def test_each_notebook_gets_its_own_session_matched_by_path(tmp_path):
    """Every game has a 01-rules.ipynb: a session found by name would be another game's."""
    (tmp_path / "build").mkdir()
    chunk = tmp_path / "build" / "4191.js"
    chunk.write_text("async startNew(e){let{path:a,name:i}=e,o=this._sessions.find(e=>e.name===i);"
                     "if(o)return o}")
    build.one_session_per_notebook(tmp_path)
    assert "this._sessions.find(e=>e.path===a)" in chunk.read_text()
    assert "e.name===i" not in chunk.read_text()
    with pytest.raises(SystemExit, match=r"session lookup this build patches"):
        build.one_session_per_notebook(tmp_path)  # patched already: refused


def fake_compile(command, check):
    """lite/compile.mjs's work, done here: a .pyc beside each module, outside .dist-info."""
    for source in Path(command[-1]).rglob("*.py"):
        if ".dist-info" not in str(source):
            cache = source.parent / "__pycache__"
            cache.mkdir(exist_ok=True)
            (cache / f"{source.stem}.cpython-314.pyc").write_bytes(source.name.encode())


def test_each_wheel_gets_its_modules_bytecode_in_its_record_compiled_once(tmp_path, monkeypatch):
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    path = wheel(wheels, "widgetkit", "1.0", modules=["widgetkit/__init__.py", "helper.py"])
    with zipfile.ZipFile(path, "a") as whl:
        whl.writestr("widgetkit-1.0.dist-info/RECORD", "widgetkit/__init__.py,,0\n")
    original = path.read_bytes()
    runs = []
    monkeypatch.setattr(build.subprocess, "run",
                        lambda command, check: runs.append(command) or fake_compile(command, check))
    build.precompile(tmp_path / "pyodide", wheels, tmp_path / "cache")
    with zipfile.ZipFile(path) as whl:
        names = whl.namelist()
        record = whl.read("widgetkit-1.0.dist-info/RECORD").decode().splitlines()
        pyc = whl.read("widgetkit/__pycache__/__init__.cpython-314.pyc")
    assert names == ["widgetkit-1.0.dist-info/METADATA", "widgetkit/__init__.py",
                     "widgetkit/__pycache__/__init__.cpython-314.pyc", "helper.py",
                     "__pycache__/helper.cpython-314.pyc", "widgetkit-1.0.dist-info/RECORD"]
    digest = build.base64.urlsafe_b64encode(hashlib.sha256(pyc).digest()).rstrip(b"=").decode()
    assert record[0] == "widgetkit/__init__.py,,0"
    assert f"widgetkit/__pycache__/__init__.cpython-314.pyc,sha256={digest},{len(pyc)}" in record
    assert len(record) == 3
    compiled = path.read_bytes()
    path.write_bytes(original)  # the next build's download: compiled from the cache
    build.precompile(tmp_path / "pyodide", wheels, tmp_path / "cache")
    assert path.read_bytes() == compiled and len(runs) == 1


def test_a_pyodide_download_with_another_hash_is_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(build.urllib.request, "urlopen",
                        lambda url, timeout: io.BytesIO(b"not Pyodide"))
    with pytest.raises(SystemExit, match="does not have the pinned sha512"):
        build.fetch_pyodide(tmp_path)
    assert list(tmp_path.iterdir()) == []  # nothing kept


def test_requirements_hold_in_the_browser_only_when_their_markers_do():
    assert build.applies_in_browser("traitlets>=5")
    assert build.applies_in_browser("typing-extensions; python_version < '3.15'")
    assert not build.applies_in_browser("pexpect; sys_platform != 'emscripten'")
    assert not build.applies_in_browser("pytest; extra == 'test'")


def test_every_dependency_of_pondwidgets_is_pinned_for_the_site_with_its_hash():
    """pyproject.toml's dependencies are each among the site's pinned wheels, at a version
    they allow (the whole build refuses a site that lacks one, ``write_lock``; this says
    so without building it)."""
    tomllib = pytest.importorskip("tomllib")
    from packaging.requirements import Requirement

    pinned = {}
    for line in (ROOT / "lite" / "site-requirements.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            spec, _, digest = line.partition(" --hash=sha256:")
            name, _, version = spec.partition("==")
            assert len(digest) == 64 and version, line
            pinned[build.norm(name)] = version
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    for dependency in map(Requirement, project["dependencies"]):
        assert build.norm(dependency.name) in pinned, dependency
        assert dependency.specifier.contains(pinned[build.norm(dependency.name)]), dependency
