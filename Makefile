# kit: two commands get you going.
#   make demo            - set up .venv, print the sample save's summary, execute every notebook into build/
#   make test            - set up .venv, lint, run the whole test suite including pytest --nbval over notebooks/
#   make test-fast       - lint, then unit and integration tests only (no notebooks, no slow tests: browser, crash loops,
#                          wheel; property tests draw 30% of their examples)
#   make lint            - ruff (lint + format check) and mypy (kit/, strict flags on kit/core)
#   make test-standalone - the whole suite in a copy of the repository with no data folder beside it
#   make lab             - open JupyterLab on notebooks/
SHELL := /bin/bash
VENV := .venv
PY := $(VENV)/bin/python
SAMPLE := sample_saves/aurora_server
export UV_PYTHON_DOWNLOADS := never
export UV_PROJECT_ENVIRONMENT := $(VENV)
export PYTHONHASHSEED := 0
export MPLBACKEND := Agg
# Python may cache compiled modules, and pytest its assertion-rewritten tests, in __pycache__ (git-ignored) even
# where the environment sets PYTHONDONTWRITEBYTECODE: without the cache every pytest worker recompiles ~350 test
# files each run (about 10 CPU seconds per worker on the 2-core machine).
unexport PYTHONDONTWRITEBYTECODE

.PHONY: env demo lint test test-fast test-standalone lab samples bench clean

env: $(VENV)/.synced

$(VENV)/.synced: pyproject.toml uv.lock
	@command -v uv >/dev/null 2>&1 || python3 -m pip install --quiet uv
	uv sync --locked --compile-bytecode --all-groups
	@touch $@

demo: env
	$(PY) -m kit summary $(SAMPLE)
	@mkdir -p build
	@for nb in notebooks/*.ipynb; do \
	  echo "executing $$nb"; \
	  $(PY) -m jupyter nbconvert --to html --execute --ExecutePreprocessor.timeout=600 --config notebooks/nbconvert_static.py \
	    --output-dir build "$$nb" || exit 1; \
	done
	@echo "notebooks rendered into build/"

lint: env
	$(PY) -m ruff check kit tests benchmarks
	$(PY) -m ruff format --check kit tests benchmarks
	$(PY) -m mypy

test: lint
	$(PY) -m pytest -q -n auto --dist loadfile --durations=20 tests notebooks --nbval --nbval-sanitize-with notebooks/sanitize.cfg

test-fast: lint
	KIT_TEST_EXAMPLES=0.3 $(PY) -m pytest -q -p no:nbval -n auto --dist loadfile --durations=20 tests -m "not slow"

# A clean copy of the tracked files in a folder with no ../shared beside it and KIT_SHARED_DATA unset:
# every test that needs real data must skip, everything else must pass.
test-standalone:
	@tmp=$$(mktemp -d) && mkdir -p "$$tmp/alone" && \
	  git ls-files -z | xargs -0 -I{} cp --parents {} "$$tmp/alone/" && \
	  echo "standalone copy in $$tmp/alone" && \
	  ( cd "$$tmp/alone" && env -u KIT_SHARED_DATA $(MAKE) --no-print-directory test ); \
	  status=$$?; rm -rf "$$tmp"; exit $$status

lab: env
	$(PY) -m jupyter lab notebooks

samples: env
	$(PY) -m kit.samples

bench: env
	$(PY) benchmarks/run_all.py

clean:
	rm -rf build $(VENV)
