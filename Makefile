# make demo / make test work on a fresh machine: each bootstraps first.
VENV ?= .venv
PY := $(VENV)/bin/python
PYTEST_ARGS ?=

.PHONY: install lint typecheck test demo bench clean

install:
	@bash scripts/bootstrap.sh

lint: install
	$(VENV)/bin/ruff check src tests bench
	$(VENV)/bin/mypy

test: lint
	$(PY) -m pytest $(PYTEST_ARGS)

demo: install
	$(PY) -m tapwright.cli.main exec examples/plans/chain-fake.json

bench: install
	$(PY) bench/run.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build src/*.egg-info
