#!/usr/bin/env bash
# Bootstrap a fresh machine: system packages (when root), .venv, the package with every extra.
set -euo pipefail
cd "$(dirname "$0")/.."

# Tests that run `make demo` in a fresh copy of the tree reuse the caller's installed .venv.
if [ "${TAPWRIGHT_SKIP_BOOTSTRAP:-}" = 1 ]; then
  exit 0
fi

PYTHON=${PYTHON:-python3}
VENV=${VENV:-.venv}

# command -> Debian package (ip: the network namespace of tests/web/test_remote_proxy.py)
declare -A PKGS=([chromium]=chromium [Xvfb]=xvfb [xdotool]=xdotool [tesseract]=tesseract-ocr [adb]=adb [openssl]=openssl
                [evilwm]=evilwm [ip]=iproute2)
missing=()
for cmd in "${!PKGS[@]}"; do
  command -v "$cmd" >/dev/null 2>&1 || missing+=("${PKGS[$cmd]}")
done
# Libraries and data with no command of their own, checked by package name. The desktop platform
# needs: the AT-SPI client typelib and a D-Bus session bus; PyGObject (<3.51) is built in the venv
# from libgirepository1.0-dev + libcairo2-dev; the GTK demo app runs on Debian's python3-gi + GTK 3;
# python3-jeepney lets a reader on Debian's python speak D-Bus itself too; the Tk demo app needs Tk; OCR needs Tesseract's English data; fonts so apps draw text. evilwm (a
# 123 KB EWMH window manager) is what the window tools' tests run under, next to a bare Xvfb; it
# draws with X core fonts (xfonts-base).
for pkg in dbus at-spi2-core gir1.2-atspi-2.0 gir1.2-gtk-3.0 libgirepository1.0-dev libcairo2-dev pkg-config \
           python3-gi python3-jeepney python3-tk tesseract-ocr-eng fonts-dejavu-core xfonts-base; do
  dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done
# apt-get (a minute or more on a fresh machine: Chromium, Tesseract, Xvfb, the build headers) runs in the
# background while pip installs every extra that needs no system library; PyGObject, which builds against
# libgirepository1.0-dev and libcairo2-dev, is installed once apt-get is done. An interrupted bootstrap
# waits for apt-get rather than kill it halfway through dpkg.
# Chromium's headless shell (Debian 12's chromium-headless-shell: Chromium without a browser window) is
# what a headless run launches when it is there: half the CPU of a full Chromium per browser context.
# Wanted, not required: a system without the package runs headless on the full Chromium.
optional=()
command -v chromium-headless-shell >/dev/null 2>&1 || optional+=(chromium-headless-shell)
apt_pid=""
if [ ${#missing[@]} -gt 0 ] || [ ${#optional[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "bootstrap: installing system packages: ${missing[*]} ${optional[*]}"
    export DEBIAN_FRONTEND=noninteractive
    (apt-get update -qq && { [ ${#missing[@]} -eq 0 ] || apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; } \
      && { [ ${#optional[@]} -eq 0 ] || apt-get install -y -qq --no-install-recommends "${optional[@]}" >/dev/null 2>&1 \
           || echo "bootstrap: no package ${optional[*]} here: headless runs use the full Chromium"; }) &
    apt_pid=$!
    trap 'if [ -n "$apt_pid" ]; then wait "$apt_pid" || true; fi' EXIT
  elif [ ${#missing[@]} -gt 0 ]; then
    echo "bootstrap: missing system packages: ${missing[*]}" >&2
    echo "bootstrap: run: sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
  fi
fi
system_packages() {
  if [ -n "$apt_pid" ]; then
    if ! wait "$apt_pid"; then
      apt_pid=""
      echo "bootstrap: apt-get failed installing: ${missing[*]}" >&2
      exit 1
    fi
    apt_pid=""
  fi
}

if [ ! -x "$VENV/bin/python" ]; then
  echo "bootstrap: creating $VENV"
  "$PYTHON" -m venv "$VENV"
fi
stamp="$VENV/.tapwright-installed"
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ] || [ "${FORCE_INSTALL:-}" = 1 ]; then
  echo "bootstrap: installing tapwright and its extras into $VENV"
  "$VENV/bin/python" -m pip install -q --upgrade pip
  # The desktop extra's requirements but PyGObject (read from pyproject.toml, one per line).
  mapfile -t desktop < <("$VENV/bin/python" -c 'import tomllib
deps = tomllib.load(open("pyproject.toml", "rb"))["project"]["optional-dependencies"]["desktop"]
print("\n".join(d for d in deps if not d.lower().startswith("pygobject")))')
  "$VENV/bin/python" -m pip install -q -e ".[web,android,ios,llm,mcp,docs,dev,realapps]" "${desktop[@]}"
  system_packages
  "$VENV/bin/python" -m pip install -q -e ".[desktop]"
  touch "$stamp"
fi
system_packages
