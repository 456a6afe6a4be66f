"""The per-card summary (fwlab.store.summary) stays in step with the match logs and gives the same
balance report as the raw tables."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from fwlab.reports import balance_report
from fwlab.store import connect
from fwlab.store.export import open_source
from fwlab.store.league import run_league
from fwlab.store.summary import coded_sql, summary_is_current


def _raw(con) -> list[tuple]:  # type: ignore[no-untyped-def]
    return sorted(con.execute(coded_sql()).fetchall())


def test_a_league_leaves_a_current_summary_equal_to_the_raw_counts(store: Path, fake_sim) -> None:
    con = connect(store)
    run_league(con, ruleset="fw", players=4, matches=40, seed=3, progress=False)
    assert summary_is_current(con)
    assert sorted(con.execute("SELECT ruleset, card, code, n FROM card_summary").fetchall()) == _raw(con)
    # a row written behind the writers' back makes it stale, and readers notice
    con.execute("INSERT INTO card_events (match_id, seat, card) SELECT match_id, 'a', 'Nominod' FROM matches LIMIT 1")
    assert not summary_is_current(con)
    con.close()


def test_the_report_is_the_same_from_the_summary_and_from_the_raw_tables(store: Path, fake_sim) -> None:
    con = connect(store)
    run_league(con, ruleset="fw", players=4, matches=60, seed=4, progress=False)
    con.close()
    src = open_source(db=store)
    assert summary_is_current(src)
    fast = balance_report(src, min_games=5, use_summary=True)
    slow = balance_report(src, min_games=5, use_summary=False)
    pd.testing.assert_frame_equal(fast.cards, slow.cards)
    assert fast.to_dict() == slow.to_dict()


def test_an_import_refreshes_the_summary(store: Path, tmp_path: Path, fake_sim) -> None:
    from fwlab.store.ingest import import_files

    con = connect(store)
    run_league(con, ruleset="fw", players=4, matches=20, seed=5, progress=False)
    out = tmp_path / "logs"
    out.mkdir()
    con.execute(f"COPY (SELECT * REPLACE ('X-' || match_id AS match_id) FROM matches) TO '{out / 'm.parquet'}'")
    con.execute(f"COPY (SELECT * REPLACE ('X-' || match_id AS match_id) FROM card_events) TO '{out / 'e.parquet'}'")
    import_files(con, [out / "m.parquet", out / "e.parquet"])
    assert summary_is_current(con)
    assert sorted(con.execute("SELECT ruleset, card, code, n FROM card_summary").fetchall()) == _raw(con)
    con.close()
