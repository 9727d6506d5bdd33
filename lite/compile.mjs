// Compile the modules of unpacked wheels with the site's own Python (Pyodide, in Node):
// bytecode is specific to the Python version, and the build machine's is another one.
//
//   node lite/compile.mjs PYODIDE_DIR WHEELS_DIR
//
// Each folder in WHEELS_DIR is one unpacked wheel; every .py in it outside its .dist-info
// and .data gets its __pycache__/*.cpython-314.pyc beside it, as an import would write it.
// The .pyc are checked against nothing (unchecked-hash): an mtime changed by unpacking
// cannot invalidate them. Their file names are those of site-packages, where Pyodide
// installs the wheel, so that nothing of the build's temporary folder is in them.
import path from "node:path";

const [pyodideDir, wheelsDir] = process.argv.slice(2);
const { loadPyodide } = await import(path.resolve(pyodideDir, "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: path.resolve(pyodideDir) + "/" });
pyodide.FS.mkdir("/wheels");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.resolve(wheelsDir) }, "/wheels");
const compiled = pyodide.runPython(`
import compileall, os, py_compile, re, site, warnings

warnings.simplefilter("ignore", SyntaxWarning)  # the wheels' own, not the site's to fix

site_packages = site.getsitepackages()[0]
skip = re.compile(r"[.](dist-info|data)/")
all(compileall.compile_dir(
        f"/wheels/{wheel}", quiet=1, stripdir=f"/wheels/{wheel}", prependdir=site_packages,
        rx=skip, workers=1, invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    for wheel in sorted(os.listdir("/wheels")))
`);
process.exit(compiled ? 0 : 1);
