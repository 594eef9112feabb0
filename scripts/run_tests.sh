#!/usr/bin/env bash
# `make test` after the bootstrap: ruff, then mypy --strict *beside* the pytest suite, and the exit code
# of whichever failed. mypy from a cold cache (a fresh clone, as CI has) takes about a minute of one core
# and 40 s of CPU; run first, that minute was wall time on top of the suite. The suite's first minute is
# mostly waiting (collection, Chromium starting, servers coming up), so the overlap costs it little.
# mypy's report is printed after pytest's. Ctrl-C or a kill stops mypy too (by its own process id).
#
#   scripts/run_tests.sh PYTEST_ARG...      (VENV selects the virtualenv, .venv by default)
set -uo pipefail
cd "$(dirname "$0")/.."
VENV=${VENV:-.venv}

"$VENV/bin/ruff" check src tests bench scripts || exit 1

log=$(mktemp "${TMPDIR:-/tmp}/tapwright-mypy.XXXXXX")
"$VENV/bin/mypy" >"$log" 2>&1 &
mypy_pid=$!
stop_mypy() {
  if [ -n "$mypy_pid" ]; then kill "$mypy_pid" 2>/dev/null && wait "$mypy_pid" 2>/dev/null; fi
  rm -f "$log"
}
trap stop_mypy EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

"$VENV/bin/python" -m pytest "$@"
tests=$?

wait "$mypy_pid"
typed=$?
mypy_pid=""  # reaped: its number may belong to another process now
echo "mypy --strict:"
cat "$log"
if [ "$typed" -ne 0 ]; then
  echo "make test: mypy failed (exit $typed)" >&2
  exit "$typed"
fi
exit "$tests"
