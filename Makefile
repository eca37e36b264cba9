# Mahjong Planet — the two set-up commands are `make run` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
PORT   ?= 8000

.PHONY: run test venv clean bench chromium

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

venv: $(STAMP)

# Embedded default (SQLite, in-process channel layer and Celery worker); see README for production.
run: $(STAMP)
	$(PY) manage.py migrate --noinput
	$(PY) manage.py ensure_computers
	$(VENV)/bin/daphne -b 127.0.0.1 -p $(PORT) mahjongsite.asgi:application

test: $(STAMP) chromium
	$(PY) -m pytest -n 2 --dist loadgroup -q --durations=25

bench: $(STAMP)
	$(PY) -m rules_engine.bench

# Debian's chromium for the Playwright browser tests (tests/browser); installed only when missing.
chromium:
	@test -x /usr/bin/chromium || { apt-get update && apt-get install -y chromium; }

clean:
	rm -rf $(VENV) .pytest_cache
