#!/usr/bin/env bash
# The project's two commands, for a fresh Debian machine with Python 3.10 or newer:
#   bash tests/dev.sh lab    set everything up, then open the course in JupyterLab
#   bash tests/dev.sh test   set everything up, then run every test (CI runs this)
# Everything goes into a virtual environment, .venv (PONDWIDGETS_VENV to change it).
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
  # The JS bundle freshness test rebuilds js/ with the pinned esbuild.
  command -v npm >/dev/null || apt_install nodejs npm
}

setup() {  # $1: the pip extras to install
  if ! python3 -c 'import ensurepip, venv' 2>/dev/null; then
    apt_install python3-venv
  fi
  [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
  echo "== installing pondwidgets[$1] into $venv"
  "$venv/bin/python" -m pip install -q --upgrade pip
  "$venv/bin/python" -m pip install -q -e ".[$1]"
}

case "${1:-}" in
  lab)
    setup lab
    as_root_flag=()
    [ "$(id -u)" = 0 ] && as_root_flag=(--allow-root)  # JupyterLab refuses root otherwise
    exec "$venv/bin/python" -m jupyterlab "${as_root_flag[@]}" notebooks/00-start-here.ipynb
    ;;
  test)
    test_tools
    setup test
    shift
    echo "== ruff"
    "$venv/bin/python" -m ruff check .
    echo "== pytest (rules, properties, saves, notebooks, browser)"
    # The ci Hypothesis profile (no deadline, derandomized) is chosen when CI is set.
    exec "$venv/bin/python" -m pytest --nbval -p no:cacheprovider "$@"
    ;;
  *)
    echo "usage: bash tests/dev.sh lab|test [pytest arguments]" >&2
    exit 2
    ;;
esac
