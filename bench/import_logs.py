"""Time importing a large matches file (generated with DuckDB's range()) into a fresh store.

    .venv/bin/python bench/import_logs.py --rows 1000000 --format parquet

Prints the seconds (wall clock, and CPU over all threads: on a shared machine the wall time
depends on the load) to generate the file, to import it (read, check in SQL, write in one
transaction) and to export it again as partitioned Parquet.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

import duckdb

from fwlab.store import connect, export_logs, import_files
from fwlab.store.build import build_from_data, load_sources

GENERATE = """
COPY (SELECT 'B' || lpad(i::VARCHAR, 8, '0') AS match_id,
             TIMESTAMP '2026-01-01' + to_seconds(i * 7) AS played_at,
             CASE WHEN i % 4 = 0 THEN 'bg' ELSE 'fw' END AS ruleset,
             CASE WHEN i % 3 = 0 THEN 'bot' ELSE 'pvp' END AS mode,
             'player ' || (i % 5000) AS player_a, 'player ' || ((i * 7 + 1) % 5000) || 'x' AS player_b,
             CASE WHEN i % 4 = 0 THEN 'bg/iron-wall' ELSE 'fw/iron-tide' END AS deck_a,
             NULL::VARCHAR AS deck_b,
             CASE WHEN i % 2 = 0 THEN 'a' ELSE 'b' END AS first,
             CASE i % 5 WHEN 0 THEN 'draw' WHEN 1 THEN 'b' ELSE 'a' END AS winner,
             'capital' AS end_reason, (4 + i % 60)::INTEGER AS turns, 'bench' AS source
      FROM range(?) t(i)) TO ? ({opts})
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", type=int, default=1_000_000)
    ap.add_argument("--format", choices=("parquet", "csv", "jsonl"), default="parquet")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        src = root / f"matches.{args.format}"
        opts = {"parquet": "FORMAT parquet", "csv": "FORMAT csv, HEADER true", "jsonl": "FORMAT json"}[args.format]
        t0 = time.perf_counter()
        duckdb.connect().execute(GENERATE.format(opts=opts), [args.rows, str(src)])
        t1 = time.perf_counter()
        db = root / "bench.duckdb"
        con = connect(db)
        build_from_data(con, load_sources())
        t2, c2 = time.perf_counter(), time.process_time()
        report = import_files(con, [src])
        t3, c3 = time.perf_counter(), time.process_time()
        export_logs(con, root / "export", "parquet", ["ruleset", "month"])
        t4 = time.perf_counter()
        con.close()
        print(f"rows: {args.rows:,} ({args.format}, {src.stat().st_size / 1e6:.1f} MB)")
        print(f"generate file: {t1 - t0:.2f} s")
        print(f"import (read + check + write): {t3 - t2:.2f} s wall, {c3 - c2:.2f} s CPU (all threads) "
              f"({report.counts['matches'] / (t3 - t2):,.0f} rows/s, {report.new_players:,} new players)")
        print(f"export partitioned parquet: {t4 - t3:.2f} s")


if __name__ == "__main__":
    main()
