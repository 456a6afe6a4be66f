"""App benchmark: each page's first render on a store holding 100,000 matches (target < 1.5 s).

    .venv/bin/python bench/app.py [--matches 100000] [--players 300] [--keep DIR]

Builds a store in a temporary folder: the catalogs and starter decks from ``data/`` (the store
API), then N synthetic matches of fw (70%), bg (20%) and fw-epic (10%) between P players using the
starter decks, and one ``card_events`` row per distinct card of each seat's deck, all generated in
DuckDB SQL from ``range()`` and ``hash()`` (deterministic, no simulator, no Python loops).
``rating_history`` is left empty, so the Elo page replays the whole log with ``fwlab.ratings``
(its slowest path).

Then, with one AppTest per page and the app's query caches cleared, it times the first render of
each page (the read-only connection and Python imports already warm, as on a running server), and a
second render (the caches warm); for the deck builder also the render after loading a starter deck
(validation, curve, type mix, draw and deploy odds), and for the Elo page the switch to OpenSkill.
Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import os
import shutil
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

MATCHES_SQL = """
CREATE TEMP TABLE bench_decks AS
SELECT deck_id, ruleset, (row_number() OVER (PARTITION BY ruleset ORDER BY deck_id) - 1)::BIGINT AS k,
       count(*) OVER (PARTITION BY ruleset) AS nd
FROM decks WHERE source = 'starter' AND ruleset IN ('fw', 'bg', 'fw-epic');

INSERT INTO players SELECT 'Bench Player ' || lpad(i::VARCHAR, 4, '0'), 'human', NULL, NULL FROM range($players) t(i);

CREATE TEMP TABLE bench_m AS
SELECT i,
       CASE WHEN i % 10 < 7 THEN 'fw' WHEN i % 10 < 9 THEN 'bg' ELSE 'fw-epic' END AS ruleset,
       hash(i, 'pa') % $players AS pa,
       hash(i, 'pb') % ($players - 1) AS pb_off,
       hash(i, 'da') AS hda, hash(i, 'db') AS hdb,
       CASE WHEN hash(i, 'f') % 2 = 0 THEN 'a' ELSE 'b' END AS first,
       hash(i, 'w') % 100 AS w,
       (6 + hash(i, 't') % 30)::INTEGER AS turns
FROM range($matches) t(i);

INSERT INTO matches
SELECT 'B-' || lpad(m.i::VARCHAR, 7, '0'),
       TIMESTAMP '2025-01-01' + to_seconds((m.i * 311)::BIGINT),
       m.ruleset, 'pvp',
       'Bench Player ' || lpad(m.pa::VARCHAR, 4, '0'),
       'Bench Player ' || lpad(((m.pa + 1 + m.pb_off) % $players)::VARCHAR, 4, '0'),
       da.deck_id, db.deck_id, m.first,
       CASE WHEN m.w < 2 THEN 'draw' WHEN m.w < 55 THEN m.first WHEN m.first = 'a' THEN 'b' ELSE 'a' END,
       CASE WHEN m.w < 2 THEN 'turn-cap' ELSE 'capital' END,
       m.turns, 'bench'
FROM bench_m m
JOIN bench_decks da ON da.ruleset = m.ruleset AND da.k = m.hda % da.nd
JOIN bench_decks db ON db.ruleset = m.ruleset AND db.k = m.hdb % db.nd;

INSERT INTO card_events
SELECT match_id, seat, card,
       drawn_turn = 0,
       drawn_turn,
       CASE WHEN drawn_turn IS NOT NULL AND h % 3 <> 0 THEN drawn_turn + 1 END,
       CASE WHEN drawn_turn IS NOT NULL AND h % 7 = 0 THEN drawn_turn + 3 END,
       CASE WHEN drawn_turn IS NOT NULL AND h % 3 <> 0 THEN (h % 6)::INTEGER ELSE 0 END
FROM (
    SELECT s.match_id, s.seat, c.card, hash(s.match_id, s.seat, c.card) AS h,
           CASE WHEN hash(s.match_id, s.seat, c.card) % 100 < 30 THEN 0
                WHEN hash(s.match_id, s.seat, c.card) % 100 < 75
                THEN (1 + hash(s.match_id, c.card) % greatest(1, s.turns // 2))::INTEGER END AS drawn_turn
    FROM (SELECT match_id, 'a' AS seat, deck_a AS deck_id, turns FROM matches WHERE source = 'bench'
          UNION ALL SELECT match_id, 'b', deck_b, turns FROM matches WHERE source = 'bench') s
    JOIN deck_cards c USING (deck_id)
);
"""

PAGES = ("home", "catalog", "deck_builder", "calculators", "simulator", "elo", "balance", "match_logs")


def build(path: Path, matches: int, players: int) -> dict[str, int]:
    from fwlab.store import connect
    from fwlab.store.build import build_from_data, load_sources

    con = connect(path)
    try:
        build_from_data(con, load_sources())
        con.execute("BEGIN TRANSACTION")
        for statement in MATCHES_SQL.split(";"):
            if statement.strip():
                con.execute(statement.replace("$matches", str(int(matches))).replace("$players", str(int(players))))
        con.execute("COMMIT")
        counts = {t: int(con.execute(f"SELECT count(*) FROM {t}").fetchone()[0])  # type: ignore[index]
                  for t in ("matches", "card_events", "players", "decks")}
    finally:
        con.close()
    return counts


def time_pages() -> list[tuple[str, float, float]]:
    import streamlit as st
    from streamlit.testing.v1 import AppTest

    AppTest.from_file(str(ROOT / "app.py"), default_timeout=300).run()   # imports, connection
    from fwlab.ui.data import warm_up

    warm_up().join()          # the app's background import of scipy.stats, as on a server up for a few seconds
    rows = []
    for page in PAGES:
        at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=300)
        if page != "home":
            at.run()
            at.switch_page(f"fwlab/ui/pages/{page}.py")
        st.cache_data.clear()
        started = time.perf_counter()
        at.run()
        first = time.perf_counter() - started
        if at.exception:
            raise SystemExit(f"{page}: {at.exception[0].value}")
        started = time.perf_counter()
        at.run()
        again = time.perf_counter() - started
        rows.append((page, first, again))
        if page == "deck_builder":     # the realistic screen: a 40-card deck with charts and odds
            at.button(key="builder-load-starter").click()
            started = time.perf_counter()
            at.run()
            loaded = time.perf_counter() - started
            started = time.perf_counter()
            at.run()
            rows.append(("  + starter", loaded, time.perf_counter() - started))
        if page == "elo":              # the slowest comparison system, replayed with the openskill library
            at.radio(key="elo-system").set_value("openskill")
            started = time.perf_counter()
            at.run()
            switched = time.perf_counter() - started
            started = time.perf_counter()
            at.run()
            rows.append(("  openskill", switched, time.perf_counter() - started))
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=int, default=100_000)
    ap.add_argument("--players", type=int, default=300)
    ap.add_argument("--keep", type=Path, default=None, help="build the store in this folder and keep it")
    args = ap.parse_args()
    folder = args.keep or Path(tempfile.mkdtemp(prefix="fwlab-bench-app-"))
    folder.mkdir(parents=True, exist_ok=True)
    db = folder / "fwlab.duckdb"
    if db.exists():
        db.unlink()
    started = time.perf_counter()
    counts = build(db, args.matches, args.players)
    print(f"store {db}: " + ", ".join(f"{v:,} {k.replace('_', ' ')}" for k, v in counts.items())
          + f" (built in {time.perf_counter() - started:.1f} s)")
    os.environ["FWLAB_DB"] = str(db)
    rows = time_pages()
    print(f"\n{'page':<14} {'first render':>13} {'cached rerun':>13}  target < 1.5 s")
    for page, first, again in rows:
        print(f"{page:<14} {first:>11.2f} s {again:>11.2f} s  {'ok' if first < 1.5 else 'SLOW'}")
    print(f"\n{os.cpu_count()} cores; load average {', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if args.keep is None:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
