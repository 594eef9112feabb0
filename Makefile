# make demo / make test work on a fresh machine: each bootstraps first.
VENV ?= .venv
PY := $(VENV)/bin/python
PYTEST_ARGS ?=
# make test runs the suite on two pytest-xdist workers, each taking whole modules (their
# module-scoped fixtures, a demo suite run or a real app, start once), the slowest modules first
# (tests/_support SLOW_MODULES; xdist's own reordering by test count would put them last).
# The heavy tests mostly wait (on Chromium, app servers, simulated devices), so more workers than cores fill those
# waits: three gave 844 s of pytest against 1,045 s on two, the same day and code; with the headless shell, four
# gave 1,102 s (18 min 25 s for make test, 1,608 s of CPU, 145 % of the machine) where three gave 1,282 s
# (21 min 27 s, 1,775 s of CPU) a day before (docs/contributing/running-the-tests.md, thirteenth pass). The default
# stays three until four has passed on CI as well: TEST_WORKERS=4 to take it, 2 (or 0, serially) for a quieter machine.
TEST_WORKERS ?= 3
# Tests start hundreds of Python processes (xdist workers, `tapwright` subprocesses, pytest runs inside
# tests); with bytecode caching off (some containers set PYTHONDONTWRITEBYTECODE) each one recompiles
# every module it imports and re-rewrites every test file's asserts: collection alone took twice the CPU.
unexport PYTHONDONTWRITEBYTECODE

.PHONY: install lint typecheck test test-fast demo bench bench-zoo mutate docs docs-gen clean

install:
	@bash scripts/bootstrap.sh

lint: install
	$(VENV)/bin/ruff check src tests bench scripts
	$(VENV)/bin/mypy

# ruff first, then mypy --strict beside the suite (scripts/run_tests.sh: a cold mypy is a minute of one core).
test: install
	@VENV=$(VENV) bash scripts/run_tests.sh $(if $(filter 0,$(TEST_WORKERS)),,-n $(TEST_WORKERS) --dist loadscope --no-loadscope-reorder) --durations=30 $(PYTEST_ARGS)

# The inner loop: every test that needs no Chromium, X server or (simulated) Android device. The
# markers come from the fixtures a test uses (tests/conftest.py); no lint, two workers, test by test.
FAST_MARKERS := not browser and not xserver and not device
# These tests compute rather than wait: two workers, one per core (FAST_WORKERS=0 runs them serially).
FAST_WORKERS ?= 2
test-fast: install
	$(PY) -m pytest -m "$(FAST_MARKERS)" $(if $(filter 0,$(FAST_WORKERS)),,-n $(FAST_WORKERS)) $(PYTEST_ARGS)

# Serve the demo shop on 127.0.0.1 (a free port), run examples/tests/passing and
# examples/tests/failing (3 scenarios fail on purpose) against it, write tapwright-report/
# (report.html, screenshots/, junit.xml, trace.json), print its size and where it is, stop the shop.
demo: install
	$(PY) -m tapwright.cli.main demo run --report-dir tapwright-report -j 2

# The documentation site, built offline into build/site/ (tests/docs checks it builds with --strict).
docs: install
	$(PY) scripts/gen_docs.py --check
	$(VENV)/bin/mkdocs build --strict

# Rewrite the generated reference pages (tools, error codes, CLI) from the code.
docs-gen: install
	$(PY) scripts/gen_docs.py

bench: install
	$(PY) bench/run.py

# Unseen apps: the app zoo's blind scenarios, first try, per half of zoo/split.yaml (installs and starts
# real apps one at a time: slow, not part of `make bench`).
bench-zoo: install
	$(PY) bench/bench_zoo.py --record bench/results/zoo_first_try.txt

# Mutation testing (mutmut 3) of the core modules, one at a time against their fast tests; slow, so
# not part of `make test`. Prints the kill rate per module and writes docs/contributing/mutation-kill-rates.md.
# MODULES="placeholders executor" limits the run.
mutate: install
	$(PY) scripts/mutate.py $(MODULES)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .mutate build src/*.egg-info
