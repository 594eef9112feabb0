# make demo / make test work on a fresh machine: each bootstraps first.
VENV ?= .venv
PY := $(VENV)/bin/python
PYTEST_ARGS ?=

.PHONY: install lint typecheck test demo bench mutate clean

install:
	@bash scripts/bootstrap.sh

lint: install
	$(VENV)/bin/ruff check src tests bench
	$(VENV)/bin/mypy

test: lint
	$(PY) -m pytest $(PYTEST_ARGS)

# Serve the demo shop on 127.0.0.1 (a free port), run examples/tests/passing against it,
# write tapwright-report/ (report.html, junit.xml, trace.json), print where it is, stop the shop.
demo: install
	$(PY) -m tapwright.cli.main demo run --report-dir tapwright-report -j 2

bench: install
	$(PY) bench/run.py

# Mutation testing (mutmut 3) of the core modules, one at a time against their fast tests; slow, so
# not part of `make test`. Prints the kill rate per module and writes docs/contributing/mutation-kill-rates.md.
# MODULES="placeholders executor" limits the run.
mutate: install
	$(PY) scripts/mutate.py $(MODULES)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .mutate build src/*.egg-info
