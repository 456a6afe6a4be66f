"""The one place for ``st.cache_*``: the app's copy of the store, cached query results, writes.

The app never keeps the store file open: DuckDB lets one process write a file or several read it,
not both, so a read-only connection held by the server would make every ``fwlab import``,
``fwlab league`` or lab run in a terminal fail with "locked by another process". The app reads a
private copy instead (:class:`fwlab.store.snapshot.SnapshotReader`, one per server process and
store, ``st.cache_resource``), and takes a ``.cursor()`` of it per query; query results are
``st.cache_data`` keyed by the store path. The store itself is held only while it is copied (a
read lock of a moment).

:func:`refresh` (run at the start of every rerun by ``app.py``) takes a new copy when the store file
changed, and clears the cached results; while another process writes the store, the page keeps
showing the copy it has (the sidebar says who holds the store and from when the copy is) and
picks up the change on the first rerun after the writer is done. "Reload store" forces a new copy.

The app's own writes (:func:`write`: imports, leagues, saved decks, lab runs, rating histories) go
through the store API's short-lived read-write connection: it waits for another writer up to
``FWLAB_STORE_WAIT`` seconds (30 by default) with a note on the page, then fails with a clear
message; the app's copy is refreshed afterwards so every page reads the new data.

A store that is missing or held by another process when the app has no copy yet is a
:class:`fwlab.store.StoreError`; pages call :func:`require_store`, which shows that message and how
to build the store, and stops the page instead of showing a traceback.
"""

from __future__ import annotations

import contextlib
import importlib
import re
import threading
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

import duckdb
import pandas as pd
import streamlit as st

from ..paths import default_db
from ..store import StoreError
from ..store import queries as q
from ..store.schema import Waiting, reporting_waits
from ..store.snapshot import SnapshotReader

T = TypeVar("T")

HOW_TO_BUILD = ("Build it with `make run` (builds `data/fwlab.duckdb` on first start) or "
                "`fwlab init --db PATH`, and point `FWLAB_DB` at it.")


#: Modules slow to import that some pages need (scipy.stats for draw odds: ~1.5 s): imported once per
#: server process in the background while the first page renders.
SLOW_IMPORTS = ("scipy.stats",)


@st.cache_resource(show_spinner=False)
def warm_up() -> threading.Thread:
    """Start importing :data:`SLOW_IMPORTS` in a daemon thread (once per process)."""
    def run() -> None:
        for name in SLOW_IMPORTS:
            importlib.import_module(name)

    thread = threading.Thread(target=run, name="fwlab-warm-up", daemon=True)
    thread.start()
    return thread


def db_path() -> str:
    """The store this app reads (``FWLAB_DB`` or ``data/fwlab.duckdb``), as the cache key."""
    return str(default_db())


def _close(reader: SnapshotReader) -> None:
    reader.close()


@st.cache_resource(show_spinner=False, on_release=_close)
def _reader(db: str) -> SnapshotReader:
    """The app's reader of the store ``db``: a private copy, refreshed when the store changes."""
    return SnapshotReader(db)


def cursor(db: str) -> duckdb.DuckDBPyConnection:
    """A cursor of the app's copy of the store (one per query, so reruns do not share state)."""
    return _reader(db).cursor()


def refresh(db: str | None = None) -> bool:
    """Take a new copy of the store when it changed since the last one (and forget the cached
    results); True when it did. A store that cannot be copied now keeps the copy in hand."""
    reader = _reader(db or db_path())
    try:
        taken = reader.refresh()
    except StoreError:  # no copy yet and none can be made: the pages say why (require_store)
        return False
    if taken:
        st.cache_data.clear()
    return taken


def store_line(db: str | None = None) -> str:
    """The sidebar's line about the copy the pages show: from when, and who holds the store right now."""
    reader = _reader(db or db_path())
    snap = reader.current
    if snap is None:
        return "not read yet"
    line = f"read {datetime.fromtimestamp(snap.taken_at):%H:%M:%S}"
    if reader.busy:
        pid = re.search(r"PID \d+", reader.busy)
        who = f"being written by {pid.group(0)}" if pid else f"busy ({reader.busy.split(';')[0]})"
        line += f"; the store is {who}: the pages show this copy until that is done"
    return line


def store_problem(db: str | None = None) -> str | None:
    """Why the store cannot be read, or None when it can."""
    db = db or db_path()
    try:
        cursor(db).execute("SELECT 1 FROM matches LIMIT 1").fetchall()
    except StoreError as exc:
        return str(exc)
    except duckdb.Error as exc:
        return f"{db} is not a fwlab store ({str(exc).splitlines()[0]}); rebuild it"
    return None


def require_store() -> str:
    """The store path, or show why the store cannot be read and stop the page."""
    db = db_path()
    problem = store_problem(db)
    if problem:
        st.error(f"The fwlab store cannot be read: {problem}")
        st.info(HOW_TO_BUILD)
        st.stop()
    return db


#: Errors a page can meet when the store changes under it (another session writing, a file replaced).
STORE_ERRORS = (StoreError, duckdb.Error)


def show_store_error(exc: Exception) -> None:
    """The message for a store error that reached the router: what happened and what to do."""
    if isinstance(exc, StoreError):
        st.error(f"The fwlab store cannot be read right now: {exc}")
    else:
        st.error("The store changed while this page was reading it (another session may be importing, saving "
                 f"or playing a league): {str(exc).splitlines()[0]}")
    st.info("Rerun the page (R) in a moment. " + HOW_TO_BUILD)


def reload_store() -> None:
    """Take a new copy of the store now and forget every cached result ("Reload store")."""
    reader = _reader(db_path())
    with contextlib.suppress(StoreError):   # shown by the page (require_store)
        reader.refresh(force=True)
    st.cache_data.clear()


def _page_waits() -> Callable[[Waiting], None]:
    """A reporter for :func:`fwlab.store.schema.reporting_waits` that shows the wait on the page."""
    box = st.empty()

    def show(w: Waiting) -> None:
        box.info(w.line()[0].upper() + w.line()[1:] + ".", icon=":material/hourglass_top:")

    return show


def write(action: Callable[[Path], T]) -> T:
    """Run a write of the store API (``action(db_path)``): it waits for a writer in another process
    (up to ``FWLAB_STORE_WAIT`` s, shown on the page), this app's refreshes are held off meanwhile,
    then the app's copy is refreshed and the caches cleared so every page reads the new data."""
    db = db_path()
    reader = _reader(db)
    try:
        with reader.writing(), reporting_waits(_page_waits()):
            return action(Path(db))
    finally:
        st.cache_data.clear()


# ---- cached query results -------------------------------------------------------------------


@st.cache_data(show_spinner=False)
def summary(db: str) -> dict[str, Any]:
    return q.store_summary(cursor(db))


@st.cache_data(show_spinner=False)
def decks(db: str, ruleset: str | None = None) -> pd.DataFrame:
    return q.list_decks(cursor(db), ruleset)


@st.cache_data(show_spinner=False)
def deck_text(db: str, deck_id: str) -> str:
    return q.load_deck_text(cursor(db), deck_id)


@st.cache_data(show_spinner=False)
def recent_matches(db: str, ruleset: str | None, player: str | None, limit: int) -> pd.DataFrame:
    return q.recent_matches(cursor(db), ruleset, player, limit)


@st.cache_data(show_spinner=False)
def cards(db: str, family: str) -> pd.DataFrame:
    """The ``cards`` table of one family (the catalog as the store holds it)."""
    return cursor(db).execute("SELECT * EXCLUDE (details) FROM cards WHERE family = ? ORDER BY name",
                              [family]).df()


@st.cache_data(show_spinner=False)
def card_details(db: str, family: str, name: str) -> str | None:
    row = cursor(db).execute("SELECT details FROM cards WHERE family = ? AND name = ?", [family, name]).fetchone()
    return None if row is None else str(row[0])


@st.cache_data(show_spinner=False)
def players(db: str) -> pd.DataFrame:
    return cursor(db).execute("SELECT * FROM players ORDER BY player").df()


@st.cache_data(show_spinner=False)
def match_rulesets(db: str) -> list[str]:
    """Rulesets with matches in the store, the most played first."""
    return [r[0] for r in cursor(db).execute(
        "SELECT ruleset FROM matches GROUP BY ruleset ORDER BY count(*) DESC, ruleset").fetchall()]


@st.cache_data(show_spinner=False)
def stored_history_systems(db: str) -> list[str]:
    """Rating systems whose history the store holds (``fwlab elo --write``)."""
    return [r[0] for r in cursor(db).execute("SELECT DISTINCT system FROM rating_history ORDER BY 1").fetchall()]


@st.cache_data(show_spinner="Rating the match log…")
def rating_run(db: str, system: str, ruleset: str | None = None) -> tuple[pd.DataFrame, pd.DataFrame, int,
                                                                          dict[str, int]]:
    """(history, leaderboard, rated games, matches left out) of one system over the whole store (or
    one ruleset's matches), via fwlab.ratings.

    The history comes from the store's ``rating_history`` when it holds that system, else from
    replaying the match log with :func:`fwlab.ratings.rate` (the same numbers ``fwlab elo`` prints;
    ``fw`` rates the Fallen Worlds matches only, ``fw`` and ``elo`` the 2-seat matches only, OpenSkill
    every match). Left out: ``other_rulesets`` (not Fallen Worlds, for ``fw``) and ``multi_seat``.
    """
    from ..ratings import rate, read_matches

    run = rate(read_matches(cursor(db), ruleset), system, skip_multi_seat=True)
    history = run.history
    if ruleset is None and system in stored_history_systems(db):
        history = cursor(db).execute(
            "SELECT * FROM rating_history WHERE system = ? ORDER BY played_at, match_id, player", [system]).df()
    return history, run.leaderboard, run.rated, {"other_rulesets": run.other_rulesets, "multi_seat": run.skipped}


@st.cache_data(show_spinner="Computing the balance report…")
def balance(db: str, ruleset: str | None, min_games: int, shrink: bool) -> Any:
    """The :class:`fwlab.reports.BalanceReport` of the store (one ruleset or all)."""
    from ..reports import balance_report

    return balance_report(cursor(db), ruleset=ruleset, min_games=min_games, shrink=shrink)


@st.cache_data(show_spinner="Computing the card figures…")
def card_figures(db: str, ruleset: str, start: str | None, end: str | None, player: str | None,
                 min_games: int) -> pd.DataFrame:
    """The 17lands-style card figures of :func:`fwlab.reports.card_figures.card_figures`."""
    from ..reports.card_figures import card_figures as figures

    return figures(cursor(db), ruleset, start, end, player, min_games)


@st.cache_data(show_spinner=False)
def card_figure_dates(db: str, ruleset: str) -> tuple[Any, Any]:
    from ..reports.card_figures import date_range

    return date_range(cursor(db), ruleset)


@st.cache_data(show_spinner=False)
def card_figure_players(db: str, ruleset: str) -> list[str]:
    from ..reports.card_figures import players

    return players(cursor(db), ruleset)


@st.cache_data(show_spinner="Computing the game-health report…")
def stored_health(db: str, ruleset: str) -> Any:
    """The game-health report (:class:`fwlab.health.report.HealthReport`) of the store's matches of a ruleset."""
    from ..health.report import build_report
    from ..health.store import table_from_source

    table, notes = table_from_source(cursor(db), ruleset)
    report = build_report(table, "store", {"from": db}, stored_only=True)
    report.notes += notes
    return report


@st.cache_data(show_spinner=False)
def lab_runs(db: str, ruleset: str | None = None) -> pd.DataFrame:
    """The balance lab's runs kept in the store (``lab_runs``), newest first, without their results."""
    from ..lab import list_runs

    try:
        runs = list_runs(cursor(db), ruleset=ruleset)
    except duckdb.CatalogException:     # a store built before the lab (no lab_runs table yet)
        runs = []
    return pd.DataFrame([{"run_id": r.run_id, "created_at": r.created_at, "kind": r.kind, "ruleset": r.ruleset,
                          "summary": r.summary} for r in runs],
                        columns=["run_id", "created_at", "kind", "ruleset", "summary"])


@st.cache_data(show_spinner=False)
def lab_run(db: str, run_id: str) -> dict[str, Any]:
    """One stored lab run with its result (``LabRun.to_dict()``)."""
    from ..lab import load_run

    return load_run(cursor(db), run_id).to_dict()
