"""Analytics benchmark: import, balance report, Elo history, and the same report in plain pandas.

    .venv/bin/python bench/analytics.py [--matches 1000000] [--cards-per-seat 20] [--memory-limit 6GB]

Builds a synthetic match log in a temporary folder with DuckDB SQL (``range()`` and ``hash()``,
no Python loops): N fw matches between 4,000 players and 20 decks of 20 distinct cards (a
200-card pool), deck strength tilting the winner, and one ``card_events`` row per card per seat
(so 2 x 20 x N rows). It is written as Parquet, then timed:

1. import into a fresh store through :func:`fwlab.store.import_files` (the checked import that
   the CLI uses: every row validated, one transaction) -- the store first gets the synthetic
   cards and decks, since the import refuses unknown ones;
2. the balance report on the loaded store (:func:`fwlab.reports.balance_report`), and over the
   Parquet folder directly;
3. the Elo history (the game's rule, then logistic Elo) once the matches are loaded;
4. the same balance figures computed with plain pandas on the same data, loaded first; only the
   computation is timed. The ratio pandas / DuckDB is printed.

Figures are printed, never asserted. Each line gives wall time and the process's CPU time (all
threads): on a shared machine the wall time includes waiting for a core, the CPU time does not.
"""

from __future__ import annotations

import argparse
import gc
import os
import resource
import shutil
import tempfile
import time
from pathlib import Path

import duckdb
import numpy as np
import pandas as pd

from fwlab.ratings import rate, read_matches
from fwlab.reports import balance_report
from fwlab.reports.balance import card_table
from fwlab.stats import wilson_array
from fwlab.store import connect, import_files, open_source
from fwlab.store.export import SUMMARY_DIR, write_card_summary
from fwlab.store.schema import wide_seats_sql
from fwlab.store.settings import MEMORY_ENV, open_duckdb

N_DECKS = 20
IMPORT = "import into a fresh store (fwlab.store.import_files, checked)"
REPORT = "balance report on the store (DuckDB)"
ELO = "Elo history, the game's rule (rate(matches, 'fw'))"
PANDAS = "the same balance figures in plain pandas"
PLAIN = "plain INSERT ... SELECT FROM read_parquet into a fresh store"
NO_KEYS = "CREATE TABLE AS SELECT FROM read_parquet (no primary keys)"
PARQUET_REPORT = "balance report over the Parquet folder (first run)"
POOL = 200

# u(i, k): a deterministic pseudo-random number in [0, 1) from the match number and a salt.
MATCHES_SQL = """
SELECT 'm' || lpad(i::VARCHAR, 9, '0') AS match_id,
    TIMESTAMP '2025-01-01' + to_seconds(i * 7) AS played_at,
    'fw' AS ruleset, 'pvp' AS mode,
    'p' || lpad((hash(i, 1) % 2000)::VARCHAR, 4, '0') AS player_a,
    'p' || lpad((2000 + hash(i, 2) % 2000)::VARCHAR, 4, '0') AS player_b,
    'fw/bench-' || lpad(da::VARCHAR, 2, '0') AS deck_a,
    'fw/bench-' || lpad(db::VARCHAR, 2, '0') AS deck_b,
    CASE WHEN hash(i, 3) % 2 = 0 THEN 'a' ELSE 'b' END AS first,
    CASE WHEN u < 0.03 THEN 'draw'
         WHEN u < 0.03 + 0.97 * (0.5 + 0.012 * (da - db)) THEN 'a' ELSE 'b' END AS winner,
    CASE WHEN hash(i, 5) % 50 = 0 THEN 'forfeit' WHEN hash(i, 5) % 50 = 1 THEN 'timeout'
         WHEN u < 0.03 THEN 'turn-cap' ELSE 'capital' END AS end_reason,
    (3 + hash(i, 6) % 28)::INTEGER AS turns,
    'bench' AS source
FROM (SELECT i, (hash(i, 10) % {decks})::INTEGER AS da, (hash(i, 11) % {decks})::INTEGER AS db,
             (hash(i, 4) % 1000003) / 1000003.0 AS u
      FROM range({n}) t(i))
"""

CARD_EVENTS_SQL = """
SELECT 'm' || lpad(i::VARCHAR, 9, '0') AS match_id, seat,
    'Bench Card ' || lpad(((deck * 7 + k) % {pool})::VARCHAR, 3, '0') AS card,
    drawn = 0 AS in_opening_hand,
    drawn AS drawn_turn,
    CASE WHEN drawn IS NOT NULL AND hash(i, seat, k, 2) % 3 > 0 THEN drawn + 1 END::INTEGER AS deployed_turn,
    CASE WHEN drawn IS NOT NULL AND hash(i, seat, k, 3) % 4 = 0 THEN drawn + 3 END::INTEGER AS killed_turn,
    (hash(i, seat, k, 4) % 7)::INTEGER AS damage_dealt
FROM (
    SELECT i, seat, k,
        (CASE seat WHEN 'a' THEN hash(i, 10) ELSE hash(i, 11) END % {decks})::INTEGER AS deck,
        CASE WHEN hash(i, seat, k) % 100 < 15 THEN 0
             WHEN hash(i, seat, k) % 100 < 65 THEN 1 + hash(i, seat, k, 1) % 12 END::INTEGER AS drawn
    FROM range({n}) t(i), (VALUES ('a'), ('b')) s(seat), range({cards}) c(k)
)
"""


# The per-turn track of each match: Capital of both seats falling from 20 (turns 1..turns).
TURNS_SQL = """
SELECT 'm' || lpad(i::VARCHAR, 9, '0') AS match_id, turn::INTEGER AS turn,
    greatest(0, 20 - (turn * (1 + hash(i, 7) % 3)) // 2)::INTEGER AS capital_a,
    greatest(0, 20 - (turn * (1 + hash(i, 8) % 3)) // 2)::INTEGER AS capital_b
FROM range({n}) t(i), range(1, 31) r(turn)
WHERE turn <= 3 + hash(i, 6) % 28
"""

#: The month (export partition) of match number i, as MATCHES_SQL dates it.
MONTH_SQL = "strftime(TIMESTAMP '2025-01-01' + to_seconds(i * 7), '%Y-%m')"


def peak_rss_gb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024 / 1024


class Clock:
    def __init__(self) -> None:
        self.figures: dict[str, float] = {}
        self.cpu: dict[str, float] = {}  #: CPU seconds of all threads: less sensitive to a busy machine

    def __call__(self, label: str):  # type: ignore[no-untyped-def]
        clock = self

        class _Timer:
            def __enter__(self) -> None:
                self.t0, self.c0 = time.perf_counter(), time.process_time()

            def __exit__(self, *exc: object) -> None:
                clock.figures[label] = time.perf_counter() - self.t0
                clock.cpu[label] = time.process_time() - self.c0
                print(f"  {label:<62} {clock.figures[label]:7.2f} s wall {clock.cpu[label]:7.2f} s CPU  "
                      f"(peak RSS {peak_rss_gb():.1f} GB)", flush=True)

        return _Timer()


def _partitioned(table: str, query: str) -> str:
    """The generator query of ``table`` with the export's partition columns (ruleset, month) appended."""
    if table == "matches":
        return f"SELECT *, strftime(played_at, '%Y-%m') AS month FROM ({query})"
    with_i = query.replace("SELECT 'm' ||", "SELECT i AS _i, 'm' ||", 1)  # keep the match number
    return f"SELECT * EXCLUDE (_i), 'fw' AS ruleset, {MONTH_SQL.replace('i *', '_i *')} AS month FROM ({with_i})"


def generate(folder: Path, n: int, cards: int, turns: bool = True, partition: bool = False) -> None:
    """Write the synthetic log under ``folder``: one file per table, or (``partition``) the layout
    ``fwlab export --partition-by ruleset,month`` writes (Hive folders, plus the long ``match_seats``)."""
    con = open_duckdb(None)
    con.execute("SET enable_progress_bar = false")
    con.execute("SET preserve_insertion_order = false")  # a big COPY need not keep row order
    tables = [("matches", MATCHES_SQL), ("card_events", CARD_EVENTS_SQL)]
    tables += [("turn_snapshots", TURNS_SQL)] if turns else []
    for table, sql in tables:
        (folder / table).mkdir(parents=True)
        query = sql.format(n=n, decks=N_DECKS, pool=POOL, cards=cards)
        if partition:
            con.execute(f"COPY ({_partitioned(table, query)}) TO ? (FORMAT parquet, PARTITION_BY (ruleset, month))",
                        [str(folder / table)])
        else:
            con.execute(f"COPY ({query}) TO ? (FORMAT parquet)", [str(folder / table / "part0.parquet")])
    if not turns:
        (folder / "turn_snapshots").mkdir()
        con.execute("COPY (SELECT NULL::VARCHAR AS match_id, NULL::INTEGER AS turn, NULL::INTEGER AS capital_a, "
                    "NULL::INTEGER AS capital_b WHERE false) TO ? (FORMAT parquet)",
                    [str(folder / "turn_snapshots" / "part0.parquet")])  # fmt: skip
    if partition:  # the long match_seats of an export (one row per seat), from the matches just written
        src = f"read_parquet('{folder / 'matches'}/**/*.parquet', hive_partitioning=true)"
        seats = wide_seats_sql(src, None).replace(
            "SELECT m.match_id,", "SELECT m.match_id, m.played_at, m.ruleset, m.mode, m.first AS first_label, "
            "m.end_reason, m.turns, m.source, m.month,", 1)
        long = (f"SELECT match_id, played_at, ruleset, mode, seat, player, deck, first_label = chr(96 + seat) AS first, "
                f"place, score, end_reason, turns, source, month FROM ({seats})")
        (folder / "match_seats").mkdir()
        con.execute(f"COPY ({long}) TO ? (FORMAT parquet, PARTITION_BY (ruleset, month))",
                    [str(folder / "match_seats")])
    con.close()


def prepare_store(db: Path) -> duckdb.DuckDBPyConnection:
    """A fresh store (the store's own migrations) holding the synthetic cards and decks; its memory
    limit and spill folder are fwlab's own (FWLAB_MEMORY_LIMIT, set from --memory-limit)."""
    con = connect(db)
    con.execute("SET enable_progress_bar = false")
    con.execute("INSERT INTO cards (family, name, type, special) SELECT 'daemornia', "
                "'Bench Card ' || lpad(i::VARCHAR, 3, '0'), 'Creature', false FROM range(?) t(i)", [POOL])  # fmt: skip
    con.execute("INSERT INTO decks (deck_id, ruleset, name, source, decklist, created_at) "
                "SELECT 'fw/bench-' || lpad(i::VARCHAR, 2, '0'), 'fw', 'bench ' || i, 'import', '', now() "
                "FROM range(?) t(i)", [N_DECKS])  # fmt: skip
    return con


def pandas_balance(matches: pd.DataFrame, events: pd.DataFrame) -> dict[str, object]:
    """The balance report's figures (cards, decks, matchups, first player, lengths) in plain pandas."""
    m = matches
    points_a = np.where(m["winner"] == "a", 2, np.where(m["winner"] == "draw", 1, 0)).astype(np.int8)
    e = events.merge(m[["match_id", "ruleset"]].assign(points_a=points_a), on="match_id", how="inner")
    points = np.where((e["seat"] == "a").to_numpy(), e["points_a"].to_numpy(), 2 - e["points_a"].to_numpy())
    opening = (e["drawn_turn"] == 0).fillna(False).to_numpy(dtype=bool) | e["in_opening_hand"].fillna(
        False).to_numpy(dtype=bool)
    drawn = e["drawn_turn"].notna().to_numpy() | opening
    deployed = e["deployed_turn"].notna().to_numpy()
    agg = pd.DataFrame({
        "ruleset": e["ruleset"], "card": e["card"], "games": 1, "points": points,
        "opening_games": opening.astype(np.int64), "opening_points": points * opening,
        "drawn_games": drawn.astype(np.int64), "drawn_points": points * drawn,
        "deployed_games": deployed.astype(np.int64), "deployed_points": points * deployed,
        "never_drawn_games": (~drawn).astype(np.int64), "never_drawn_points": points * ~drawn,
    }).groupby(["ruleset", "card"], as_index=False).sum()  # fmt: skip
    seat_games = (2 * m.groupby("ruleset").size()).rename("seat_games").reset_index()
    cards = card_table(agg.merge(seat_games, on="ruleset"), 30, False, 30.0)

    win_a = np.where(m["winner"] == "a", 2, np.where(m["winner"] == "draw", 1, 0))
    seats = pd.concat([
        pd.DataFrame({"ruleset": m["ruleset"], "deck": m["deck_a"], "opponent": m["deck_b"], "points": win_a}),
        pd.DataFrame({"ruleset": m["ruleset"], "deck": m["deck_b"], "opponent": m["deck_a"], "points": 2 - win_a}),
    ], ignore_index=True)  # fmt: skip
    decks = seats.groupby(["ruleset", "deck"], as_index=False).agg(games=("points", "size"), points=("points", "sum"))
    decks["low"], decks["high"] = wilson_array(decks["points"] / 2, decks["games"])
    matchups = seats.groupby(["ruleset", "deck", "opponent"], as_index=False).agg(
        games=("points", "size"), points=("points", "sum"))
    matchups["low"], matchups["high"] = wilson_array(matchups["points"] / 2, matchups["games"])
    first_points = np.where(m["winner"] == m["first"], 2, np.where(m["winner"] == "draw", 1, 0)).sum()
    lengths = m["turns"].value_counts().sort_index()
    return {
        "cards": cards, "decks": decks, "matchups": matchups, "first_points": int(first_points),
        "mean_turns": float(m["turns"].mean()), "median_turns": float(m["turns"].median()),
        "lengths": lengths, "end_reasons": m["end_reason"].value_counts(),
    }  # fmt: skip


def parquet_only(args: argparse.Namespace, clock: Clock) -> None:
    """Generate the log as an export folder (Hive-partitioned Parquet) and time the report over it."""
    n, cards = args.matches, args.cards_per_seat
    root = args.keep or Path(tempfile.mkdtemp(prefix="fwlab-bench-parquet-"))
    logs = root / "logs"
    print(f"fwlab analytics bench, Parquet only: {n:,} matches, {2 * cards * n:,} card_events rows, in {logs}")
    try:
        if args.keep and (logs / "matches").exists():
            print("  reusing the Parquet folder already in --keep")
        else:
            with clock("generate the log as Hive-partitioned Parquet (ruleset, month)"):
                generate(logs, n, cards, turns=not args.no_turns, partition=True)
        if not (logs / SUMMARY_DIR).exists():
            src = open_source(parquet=logs)
            src.execute("SET enable_progress_bar = false")
            with clock("per-card summary beside the logs (as `fwlab export` writes it)"):
                write_card_summary(src, logs)
            src.close()
        files = list(logs.rglob("*.parquet"))
        print(f"  {len(files)} Parquet files, {sum(p.stat().st_size for p in files) / 1e9:,.2f} GB")
        pq = open_source(parquet=logs)
        pq.execute("SET enable_progress_bar = false")
        with clock(PARQUET_REPORT):
            report = balance_report(pq, min_games=30)
        with clock("balance report over the Parquet folder, second run"):
            balance_report(pq, min_games=30)
        print(f"  report: {report.matches:,} matches, {len(report.cards)} cards, {len(report.decks)} decks")
        with clock("load matches for rating from the Parquet folder"):
            matches_for_rating = read_matches(pq)
        with clock("Elo history over the Parquet folder, the game's rule"):
            fw = rate(matches_for_rating, "fw")
        print(f"  rated games {fw.rated:,}")
        pq.close()
    finally:
        if args.keep is None:
            shutil.rmtree(root, ignore_errors=True)
    f = clock.figures
    print(f"\nsummary\n  balance report over {n:,} matches as Parquet: {f[PARQUET_REPORT]:.2f} s wall, "
          f"{clock.cpu[PARQUET_REPORT]:.2f} s CPU; {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}; "
          f"peak RSS {peak_rss_gb():.1f} GB")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--matches", type=int, default=1_000_000)
    ap.add_argument("--cards-per-seat", type=int, default=20)
    ap.add_argument("--memory-limit", default="4GB",
                    help="DuckDB memory limit of every connection (sets FWLAB_MEMORY_LIMIT; default 4GB)")
    ap.add_argument("--no-turns", action="store_true", help="no per-turn tracks (turn_snapshots) in the log")
    ap.add_argument("--parquet-only", action="store_true",
                    help="write the log as Hive-partitioned Parquet (the layout of `fwlab export`) and time the "
                         "balance report and the Elo history over that folder only; no store, no pandas")
    ap.add_argument("--keep", type=Path, default=None, help="build in this folder and keep it")
    ap.add_argument("--reuse-store", action="store_true",
                    help="with --keep: reuse the store imported by an earlier run (times the analytics only)")
    ap.add_argument("--skip-checked-import", action="store_true",
                    help="load with a plain INSERT instead of fwlab.store.import_files (which checks every row)")
    args = ap.parse_args()
    n, cards = args.matches, args.cards_per_seat
    os.environ[MEMORY_ENV] = args.memory_limit  # every connection fwlab opens takes it
    clock = Clock()
    if args.parquet_only:
        parquet_only(args, clock)
        return
    with tempfile.TemporaryDirectory(prefix="fwlab-bench-") as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        logs = folder / "logs"
        print(f"fwlab analytics bench: {n:,} matches, {2 * cards * n:,} card_events rows, in {folder}")
        if (logs / "card_events" / "part0.parquet").exists() and args.keep:
            print("  reusing the Parquet log already in --keep")
        else:
            with clock("generate synthetic log as Parquet (DuckDB SQL)"):
                generate(logs, n, cards, turns=not args.no_turns)
        size = sum(p.stat().st_size for p in logs.rglob("*.parquet")) / 1e6
        print(f"  Parquet size {size:,.0f} MB")
        files = [logs / "matches" / "part0.parquet", logs / "card_events" / "part0.parquet",
                 logs / "turn_snapshots" / "part0.parquet"]

        db: Path | None = None
        if args.reuse_store and (folder / "bench.duckdb").exists():
            db = folder / "bench.duckdb"
            print(f"  reusing the store {db} (import not timed this run)")
        elif not args.skip_checked_import:
            db = folder / "bench.duckdb"
            db.unlink(missing_ok=True)
            con = prepare_store(db)
            try:
                with clock(IMPORT):
                    report = import_files(con, files, source="bench")
                print(f"  imported {report.counts}")
            except duckdb.Error as exc:
                print(f"  checked import FAILED: {str(exc).splitlines()[0]}")
                db = None
            con.close()
            gc.collect()
        if db is None:
            db = folder / "plain.duckdb"
            db.unlink(missing_ok=True)
            con = prepare_store(db)
            try:
                with clock(PLAIN):
                    con.execute("BEGIN TRANSACTION")
                    for table, path in zip(("matches", "card_events", "turn_snapshots"), files):
                        con.execute(f"INSERT INTO {table} BY NAME SELECT * FROM read_parquet(?)", [str(path)])
                    con.execute(f"INSERT INTO match_seats {wide_seats_sql(snapshots=None)}")  # a writer's duty
                    con.execute("COMMIT")
            except duckdb.Error as exc:
                # The store's primary keys are ART indexes held in memory; past the memory limit the
                # insert fails. Fall back to the same tables without constraints, and say so.
                print(f"  store insert FAILED: {str(exc).splitlines()[0]}")
                con.close()
                db.unlink(missing_ok=True)
                con = open_duckdb(db)
                with clock(NO_KEYS):
                    for table, path in zip(("matches", "card_events", "turn_snapshots"), files):
                        con.execute(f"CREATE TABLE {table} AS SELECT * FROM read_parquet(?)", [str(path)])
            con.close()
            gc.collect()

        con = open_source(db=db) if NO_KEYS not in clock.figures else open_duckdb(db, read_only=True)
        con.execute("SET enable_progress_bar = false")
        balance_report(con, min_games=30)  # warm the file cache once
        with clock(REPORT):
            duck = balance_report(con, min_games=30)
        with clock("balance report on the store, second run"):
            balance_report(con, min_games=30)
        with clock("load matches for rating (SELECT ... ORDER BY)"):
            matches_for_rating = read_matches(con)
        with clock(ELO):
            fw = rate(matches_for_rating, "fw")
        with clock("Elo history, logistic Elo (rate(..., 'elo'))"):
            rate(matches_for_rating, "elo")
        openskill_n = min(50_000, n)
        with clock(f"OpenSkill history, first {openskill_n:,} rated games only"):
            rate(matches_for_rating, "openskill", limit=openskill_n)
        print(f"  rated games {fw.rated:,}, history rows {len(fw.history):,}")
        con.close()
        del matches_for_rating, fw
        gc.collect()

        pq = open_source(parquet=logs)
        pq.execute("SET enable_progress_bar = false")
        with clock("balance report over the Parquet files (no card_summary: raw rows)"):
            balance_report(pq, min_games=30)
        pq.close()

        with clock("load Parquet into pandas (not part of the comparison)"):
            pm = pd.read_parquet(logs / "matches" / "part0.parquet")
            pe = pd.read_parquet(logs / "card_events" / "part0.parquet",
                                 columns=["match_id", "seat", "card", "in_opening_hand", "drawn_turn",
                                          "deployed_turn"])  # fmt: skip
            # categories for the repeated strings: what an analyst would do to fit 40M rows in memory
            pe = pe.astype({"seat": "category", "card": "category"})
        with clock(PANDAS):
            pdr = pandas_balance(pm, pe)
        pc = pdr["cards"].sort_values("card")  # type: ignore[attr-defined]
        dc = duck.cards.sort_values("card")
        same = all(
            np.allclose(pc[c].to_numpy(dtype=float), dc[c].to_numpy(dtype=float), equal_nan=True)
            for c in ("games", "win_rate", "low", "opening_win_rate", "drawn_win_rate", "deployed_win_rate",
                      "never_drawn_win_rate", "improvement", "improvement_low")
        ) and pdr["first_points"] / 2 == duck.first_player["wins"]  # fmt: skip
        print(f"  pandas and DuckDB figures agree (cards, first player): {same}")
    f = clock.figures
    ratio = f[PANDAS] / f[REPORT]
    print("\nsummary")
    loads = ", ".join(f"{label} {f[label]:.2f} s" for label in (IMPORT, PLAIN, NO_KEYS) if label in f)
    print(f"  load: {loads}")
    print(f"  CPU time: balance report {clock.cpu[REPORT]:.2f} s, Elo fw {clock.cpu[ELO]:.2f} s, "
          f"pandas {clock.cpu[PANDAS]:.2f} s; {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}")
    print(f"  balance report {f[REPORT]:.2f} s (target < 1 s); "
          f"Elo fw {f[ELO]:.2f} s (target < 2 s); pandas / DuckDB = {ratio:.1f}x (target >= 5x); "
          f"peak RSS {peak_rss_gb():.1f} GB")


if __name__ == "__main__":
    main()
