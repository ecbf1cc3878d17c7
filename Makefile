# Kortpoeng — `make run` and `make test` set everything up from nothing.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
MO := locales/en/LC_MESSAGES/messages.mo locales/nb/LC_MESSAGES/messages.mo
# Test processes, one per core: four (each with its own Chromium and server)
# finish sooner but load two cores past 10, where the game editor's flow can
# lose typed keys. `make test JOBS=4` for a quicker run on a bigger machine.
JOBS ?= 2

.PHONY: run test lint format bench bench-quick bench-scale catalogs clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	$(BIN)/python -m compileall -q app models scoring
	touch $(STAMP)

locales/%/LC_MESSAGES/messages.mo: locales/%/LC_MESSAGES/messages.po $(STAMP)
	$(BIN)/pybabel compile --use-fuzzy -D messages -i $< -o $@ --statistics

catalogs: $(MO)

run: $(STAMP) $(MO)
	$(BIN)/kortpoeng $(ARGS)

test: $(STAMP) $(MO)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/mypy --strict scoring
	$(BIN)/pytest -n $(JOBS) --dist worksteal

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(STAMP)
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

bench: $(STAMP) $(MO)
	$(BIN)/python -m compileall -q app models scoring  # time byte-compiled code, as installed
	$(BIN)/python bench/run.py

# Every benchmark once, small sizes, one repeat (about 1.5 min): that each still
# runs to its end, no figures (CI runs it as tests/bench/test_bench_quick.py).
bench-quick: $(STAMP) $(MO)
	$(BIN)/python bench/run.py --quick

# How the storage figures grow: 200 / 2,000 / 20,000 sessions (several minutes).
bench-scale: $(STAMP) $(MO)
	$(BIN)/python -m compileall -q app models scoring
	$(BIN)/python bench/scale.py

clean:
	rm -rf $(VENV) $(MO) .pytest_cache
