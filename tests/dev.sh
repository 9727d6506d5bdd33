#!/usr/bin/env bash
# The project's two commands, for a fresh Debian machine with Python 3.10 or newer:
#   bash tests/dev.sh lab    set everything up, then open the course in JupyterLab
#   bash tests/dev.sh test   set everything up, then run every test (CI runs this)
#   bash tests/dev.sh lite   build the course as a JupyterLite site in build/lite
#   bash tests/dev.sh voila  set up, then serve the course with Voila: boards, no code
#   bash tests/dev.sh students   make the branch `students`: the course without the
#                            teachers' solutions and tests, for a students' Binder
# Everything goes into a virtual environment, .venv (PONDWIDGETS_VENV to change it).
# (`bash tests/dev.sh trust` is the step of `lab` that trusts the course; the tests use it.)
set -euo pipefail
cd "$(dirname "$0")/.."
venv=${PONDWIDGETS_VENV:-.venv}

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

apt_updated=
apt_install() {  # Debian packages, quietly; the package lists are updated once
  echo "== installing Debian's $*"
  if [ -z "$apt_updated" ]; then as_root apt-get update -qq; apt_updated=1; fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

test_tools() {
  # Browser tests drive Debian's Chromium; never `playwright install`, which downloads a
  # browser of its own (and fails on these machines).
  [ -x /usr/bin/chromium ] || apt_install chromium
  # The JS bundle freshness test rebuilds js/ with the pinned esbuild, installed here once
  # (not by two test workers at the same time).
  command -v npm >/dev/null || apt_install nodejs npm
  # The classroom's HTTPS tests make their certificate with openssl, as the README does.
  command -v openssl >/dev/null || apt_install openssl
  [ -d js/node_modules/esbuild ] || (cd js && npm ci --no-audit --no-fund --silent)
}

setup() {  # $1: the pip extras to install
  if ! python3 -c 'import ensurepip, venv' 2>/dev/null; then
    apt_install python3-venv
  fi
  [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
  # The install is editable, so a change to the code needs none: install again only when
  # pyproject.toml (the dependencies) or the extras asked for changed since the last one.
  local stamp="$venv/.pondwidgets-installed" want
  want="$(sha256sum pyproject.toml | cut -d' ' -f1) [$1]"
  if [ "$(cat "$stamp" 2>/dev/null)" = "$want" ]; then
    echo "== pondwidgets[$1] is installed in $venv (pyproject.toml unchanged)"
  else
    echo "== installing pondwidgets[$1] into $venv"
    "$venv/bin/python" -m pip install -q --upgrade pip
    "$venv/bin/python" -m pip install -q -e ".[$1]"
    echo "== building matplotlib's font cache (not in a student's first plot)"
    "$venv/bin/python" -c "import matplotlib.pyplot"
    echo "$want" > "$stamp"
  fi
  lab_settings
}

lab_settings() {
  # The course's JupyterLab settings (jupyter/overrides.json, also Binder's and the
  # JupyterLite site's): notebooks are saved with their boards' widget state, so saved
  # boards show when a notebook is opened again, and JupyterLab's news pop-up stays away.
  # JupyterLab reads them from {sys.prefix}/share/jupyter/lab/settings/overrides.json.
  local settings=$venv/share/jupyter/lab/settings
  echo "== JupyterLab settings for the course: jupyter/overrides.json into $settings"
  mkdir -p "$settings"
  cp jupyter/overrides.json "$settings/overrides.json"
  # The course's Jupyter server settings (jupyter/jupyter_server_config.json, also
  # Binder's): a kernel idle with no tab connected is shut down after 15 minutes, so a
  # closed notebook gives its memory back. Read from {sys.prefix}/etc/jupyter.
  local server=$venv/etc/jupyter
  echo "== Jupyter server settings for the course: jupyter/jupyter_server_config.json into $server"
  mkdir -p "$server"
  cp jupyter/jupyter_server_config.json "$server/jupyter_server_config.json"
}

START=notebooks/00-start-here.ipynb

trust_course() {
  # Sign the course's notebooks as committed (`jupyter trust` records their signatures in
  # this user's Jupyter data dir), so that JupyterLab shows the boards saved in them before
  # any cell runs; it shows an untrusted notebook's widgets as text. What is signed is
  # git's HEAD, not the files here: a notebook downloaded, or written or changed outside
  # JupyterLab, stays untrusted, as anywhere (JupyterLab re-signs a trusted one it saves).
  local committed
  if ! git rev-parse --verify -q HEAD >/dev/null 2>&1; then
    echo "== not a git clone: the course's notebooks are left untrusted"
    return
  fi
  echo "== trusting the course's notebooks as committed (jupyter trust)"
  committed=$(mktemp -d)
  git archive HEAD notebooks | tar -x -C "$committed"
  find "$committed" -name '*.ipynb' -print0 \
    | xargs -0 -r "$venv/bin/python" -m jupyter trust >/dev/null
  rm -rf "$committed"
}

lite_setup() {  # the site's build environment, pinned, apart from the course's own
  local lite_venv=${PONDWIDGETS_LITE_VENV:-.venv-lite}
  if ! python3 -c 'import ensurepip, venv' 2>/dev/null; then
    apt_install python3-venv
  fi
  [ -x "$lite_venv/bin/python" ] || python3 -m venv "$lite_venv"
  echo "== installing lite/build-requirements.txt into $lite_venv"
  "$lite_venv/bin/python" -m pip install -q --upgrade pip
  "$lite_venv/bin/python" -m pip install -q -r lite/build-requirements.txt
  LITE_PYTHON=$lite_venv/bin/python
}

case "${1:-}" in
  lab)
    setup lab
    trust_course
    as_root_flag=()
    [ "$(id -u)" = 0 ] && as_root_flag=(--allow-root)  # JupyterLab refuses root otherwise
    # The start notebook's own URL is what JupyterLab prints and opens (a browser when
    # there is one): LabApp.default_url, which overrides ServerApp.default_url. (A file
    # argument would open it in a browser but print the Launcher's /lab.)
    exec "$venv/bin/python" -m jupyterlab "${as_root_flag[@]}" \
      --LabApp.default_url="/lab/tree/$START"
    ;;
  voila)
    # The course as a Voila app (README): Voila serves a copy of the notebooks folder, in
    # build/voila, not one notebook, whose links to the others answer 403 Forbidden. The
    # copy leaves out the teachers' solutions: a student may open any notebook served
    # (--with-solutions: the teacher's own). Further arguments go to Voila (--port=8866,
    # --Voila.ip=0.0.0.0 to serve a classroom's network).
    setup voila
    shift
    with_solutions=
    if [ "${1:-}" = --with-solutions ]; then with_solutions=1; shift; fi
    course=build/voila
    rm -rf "$course"
    mkdir -p build
    cp -r notebooks "$course"
    [ -n "$with_solutions" ] || rm -rf "$course/solutions"
    find "$course" \( -name .ipynb_checkpoints -o -name '*.pondsave.json' \) -prune -exec rm -rf {} +
    echo "== serving $course with Voila; the course starts at /voila/render/00-start-here.ipynb"
    exec "$venv/bin/python" -m voila "$course" "$@"
    ;;
  trust)
    trust_course
    ;;
  lite)
    # A JupyterLite site of the course: no server, works offline (see README). Its own
    # environment, so that JupyterLite's extensions never reach the lab command's
    # JupyterLab. Arguments go to lite/build.py (--output DIR, --with-solutions).
    lite_setup
    shift
    exec "$LITE_PYTHON" lite/build.py "$@"
    ;;
  students)
    # What students launch on Binder must not hold the answers: the teachers' solutions
    # (notebooks/solutions/) nor the tests, which check every exact answer. Binder builds
    # whatever a branch holds, so the students get a branch of their own: this commit's
    # tree without those two folders, as one commit on top of it (made with git's
    # plumbing in an index of its own, so the checkout and its index stay as they are).
    branch=${2:-students}
    git rev-parse --verify -q HEAD >/dev/null || { echo "not a git clone" >&2; exit 2; }
    index=$(mktemp)
    trap 'rm -f "$index"' EXIT
    GIT_INDEX_FILE=$index git read-tree HEAD
    GIT_INDEX_FILE=$index git rm -r -q --cached notebooks/solutions tests
    tree=$(GIT_INDEX_FILE=$index git write-tree)
    commit=$(git commit-tree "$tree" -p HEAD \
      -m "The students' course: $(git rev-parse --short HEAD) without notebooks/solutions/ and tests/")
    git branch -f "$branch" "$commit"
    echo "== branch $branch: $(git rev-parse --short HEAD) without the teachers' solutions and the tests"
    echo "   publish it with: git push -f origin $branch"
    ;;
  test)
    test_tools
    setup test,cluster,tables  # cluster: the executors' local Dask cluster; tables: the table server
    shift
    echo "== ruff"
    "$venv/bin/python" -m ruff check .
    echo "== mypy"
    "$venv/bin/python" -m mypy
    echo "== pytest (rules, properties, saves, notebooks, browser)"
    # The ci Hypothesis profile (no deadline, derandomized) is chosen when CI is set.
    # Both cores (or all): pytest-xdist, one test file to a worker at a time, the browser
    # tests all on one, sharing one JupyterLab; no progress bars in nbval's kernels
    # (tests/every_run.py). -n 0 after this runs in one process (for --pdb); pytest's
    # cache keeps --lf and --ff working.
    exec "$venv/bin/python" -m pytest --nbval -n auto "$@"
    ;;
  *)
    echo "usage: bash tests/dev.sh lab | test [pytest arguments] | lite [--output DIR] [--with-solutions] | voila [--with-solutions] [voila arguments] | students [BRANCH]" >&2
    exit 2
    ;;
esac
