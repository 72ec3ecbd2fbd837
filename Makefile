# Podium: every command works from a fresh clone with nothing but Python 3.11+ and make.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# `make run PORT=8001` serves on another port (HOST likewise).
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: setup run test test-fast lint format migrations-check bench bench-scale corpus clean

setup: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# The development server runs with DEBUG on (and its development key); production sets
# SECRET_KEY, ALLOWED_HOSTS and friends in the environment instead. The background worker
# (large imports) runs beside it and stops with it.
run: setup
	DEBUG=1 $(BIN)/python manage.py migrate --noinput
	DEBUG=1 $(BIN)/python manage.py load_samples
	DEBUG=1 $(BIN)/python manage.py import_worker & worker=$$!; \
	trap 'kill $$worker 2>/dev/null; wait $$worker 2>/dev/null' EXIT INT TERM; \
	DEBUG=1 $(BIN)/python manage.py runserver $(HOST):$(PORT)

test: setup
	$(BIN)/python -m pytest -q $(PYTEST_ARGS)

lint: setup
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: setup
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

migrations-check: setup
	DEBUG=1 $(BIN)/python manage.py makemigrations --check --dry-run

bench: setup
	$(BIN)/python -m bench

# A federation's archive (40,000 events, 4,000,000 entries) on Postgres, against the budgets;
# DATABASE_URL names the server (a `<name>_scale` database is made and dropped), PODIUM_SCALE
# a fraction of the archive. About 15 minutes at full size; not part of `make test`.
bench-scale: setup
	$(BIN)/python -m bench.scale

# Real results files with expected answers, kept outside the repository (see bench/corpus.py).
PODIUM_CORPUS ?= ../shared/corpus
corpus: setup
	PODIUM_CORPUS=$(PODIUM_CORPUS) $(BIN)/python -m bench.corpus $(CASES)

clean:
	rm -rf $(VENV) db.sqlite3 .pytest_cache .hypothesis
