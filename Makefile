# fwlab: the two commands are `make run` and `make test`.
PY ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
DB ?= data/fwlab.duckdb
PORT ?= 8501

.PHONY: run test check lint typecheck imports pytest notebooks bench db native clean

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

# Re-install only when the dependency list changes (the package itself is editable).
$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[test,cluster]'
	touch $(STAMP)

# The compiled (mypyc) rules core for the current sources, 3-4x faster; a no-op when up to date.
# Without a C compiler it warns and the pure-Python engine is used, unless FWLAB_REQUIRE_NATIVE=1.
native: $(STAMP)
	$(BIN)/fwlab native build $(if $(FWLAB_REQUIRE_NATIVE),,--optional)

# Built from data/ when missing, with a small simulated league so every page has data.
$(DB): | $(STAMP) native
	$(BIN)/fwlab init --db $(DB)

db: $(DB)

run: $(STAMP) native $(DB)
	$(BIN)/streamlit run app.py --server.address localhost --server.port $(PORT) --server.headless true --browser.gatherUsageStats false

lint: $(STAMP)
	$(BIN)/ruff check fwlab tests bench app.py notebooks

typecheck: $(STAMP)
	$(BIN)/mypy

imports: $(STAMP)
	$(BIN)/lint-imports

check: lint typecheck imports

pytest: $(STAMP) native
	$(BIN)/python -m pytest -q

test: check pytest

notebooks: $(STAMP) $(DB)
	$(BIN)/python -m pip install -q -e '.[test,cluster,analyst]'
	FWLAB_DB=$(abspath $(DB)) $(BIN)/jupyter lab notebooks/

bench: $(STAMP) native
	$(BIN)/python bench/simulate.py

clean:
	rm -rf $(VENV) $(DB) $(DB).wal .pytest_cache .mypy_cache .ruff_cache
