"""A small store with matches of every built-in ruleset (short leagues, heuristic and random bots),
built once per session, and its export as CSV match-log files."""

from __future__ import annotations

from pathlib import Path

import pytest

from fwlab.rulesets import RULESETS

#: matches per ruleset in the shared store (Conquest's seat counts are drawn from 3 to 5)
MATCHES = {"fw": 40, "fw-epic": 30, "bg": 30, "fr": 40, "eredan": 40, "conquest": 60}


@pytest.fixture(scope="session")
def health_store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from fwlab.store import connect
    from fwlab.store.build import build_from_data, load_sources
    from fwlab.store.league import run_league

    db = tmp_path_factory.mktemp("health-store") / "fwlab.duckdb"
    con = connect(db)
    try:
        build_from_data(con, load_sources())
        for i, r in enumerate(RULESETS):
            run_league(con, ruleset=r, players=6, matches=MATCHES[r], seed=10 + i, max_lookahead=0, progress=False)
    finally:
        con.close()
    return db


@pytest.fixture(scope="session")
def health_logs(health_store: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The store's match logs exported as unpartitioned CSV files (``DIR/<table>/<table>.csv``)."""
    from fwlab.store import connect, export_logs

    out = tmp_path_factory.mktemp("health-logs") / "logs"
    con = connect(health_store, read_only=True)
    try:
        export_logs(con, out, fmt="csv", partition_by=())
    finally:
        con.close()
    return out
