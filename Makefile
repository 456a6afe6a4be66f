# fwlab: the two commands are `make run` and `make test`.
PY ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
DB ?= data/fwlab.duckdb
PORT ?= 8501

.PHONY: run test check lint typecheck imports pytest notebooks notebooks-check bench db native native-pgo clean

# Each step of a first start says what it does and how long it took. Measured from `git clone` to
# the first 200 of /_stcore/health: 106 s on this project's 2-core machine: pip 46 s, the plain
# compiled core about 50 s (four engines, two at a time, 20-28 s each), the store 2 s.
$(BIN)/python:
	@echo "fwlab: [1/4] creating the virtual environment $(VENV) ($(PY))"
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

# Re-install only when the dependency list changes (the package itself is editable).
$(STAMP): pyproject.toml | $(BIN)/python
	@echo "fwlab: [2/4] installing fwlab and its dependencies into $(VENV) (pip, quiet: the longest step of a first start)"
	@t0=$$(date +%s); $(BIN)/python -m pip install -q -e '.[test,cluster]' && \
	  echo "fwlab: dependencies installed in $$(( $$(date +%s) - t0 )) s"
	touch $(STAMP)

# The compiled (mypyc) rules core for the current sources, a plain build: 16-24 s per engine,
# 4-14x the games/s of pure Python (bench/native_speed.py); a no-op when up to date.
# Without a C compiler it warns and the pure-Python engine is used, unless FWLAB_REQUIRE_NATIVE=1.
native: $(STAMP)
	@echo "fwlab: [3/4] the compiled rules core (fwlab native build)"
	$(BIN)/fwlab native build $(if $(FWLAB_REQUIRE_NATIVE),,--optional)

# Opt-in: the profile-guided build, 50-95 s per engine, for no more than plain within the noise
# (0.99-1.33x plain; bench/native_speed.py). It replaces the plain build of the same sources; a
# running app keeps the build it started with until it is restarted.
native-pgo: $(STAMP)
	$(BIN)/fwlab native build --pgo $(if $(FWLAB_REQUIRE_NATIVE),,--optional)

# Built from data/ when missing, with a small simulated league so every page has data.
$(DB): | $(STAMP) native
	@echo "fwlab: [4/4] building the store $(DB) (catalogs, starter decks, a small league per game)"
	@t0=$$(date +%s); $(BIN)/fwlab init --db $(DB) && echo "fwlab: store built in $$(( $$(date +%s) - t0 )) s"

db: $(DB)

run: $(STAMP) native $(DB)
	@echo 'fwlab: serving http://localhost:$(PORT) (the sidebar says which rules core it runs; `make native-pgo` builds the profile-guided one)'
	$(BIN)/streamlit run app.py --server.address localhost --server.port $(PORT) --server.headless true --browser.gatherUsageStats false

lint: $(STAMP)
	$(BIN)/ruff check fwlab tests bench app.py notebooks

typecheck: $(STAMP)
	$(BIN)/mypy

imports: $(STAMP)
	$(BIN)/lint-imports

check: lint typecheck imports

# One worker per core (pytest-xdist); a test file's tests stay together on one worker, in order
# (the browser tests walk one page through a file). PYTEST_ARGS= runs them in one process.
PYTEST_ARGS ?= -n auto --dist loadfile
pytest: $(STAMP) native
	$(BIN)/python -m pytest -q $(PYTEST_ARGS)

test: check pytest

notebooks: $(STAMP) $(DB)
	$(BIN)/python -m pip install -q -e '.[test,cluster,analyst]'
	FWLAB_DB=$(abspath $(DB)) $(BIN)/jupyter lab notebooks/

# Every notebook run headless, top to bottom, on the `python3` kernel its files name (this venv's
# ipykernel, started with this venv's Python), with the sizes of its `parameters` cell and without
# FWLAB_DB (each store notebook builds a small store of its own), then exported to
# $(NB_OUT)/NAME.html with its charts drawn by plotly.js embedded in the page (opens offline).
# Fails on the first cell that raises. Real sizes: papermill (README, For analysts).
NB_OUT ?= build/notebooks
notebooks-check: $(STAMP)
	@mkdir -p $(NB_OUT)
	@for nb in notebooks/[0-9][0-9]_*.ipynb; do \
	  t0=$$(date +%s); echo "fwlab: running $$nb"; \
	  env -u FWLAB_DB PYDEVD_DISABLE_FILE_VALIDATION=1 $(BIN)/jupyter nbconvert --to html --execute \
	    --ExecutePreprocessor.timeout=600 --output-dir $(NB_OUT) --log-level WARN "$$nb" || exit 1; \
	  echo "fwlab: ran and exported in $$(( $$(date +%s) - t0 )) s: $(NB_OUT)/$$(basename $$nb .ipynb).html"; \
	done

bench: $(STAMP) native
	$(BIN)/python bench/simulate.py

clean:
	rm -rf $(VENV) $(DB) $(DB).wal .pytest_cache .mypy_cache .ruff_cache
