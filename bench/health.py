"""Health-report benchmark: the starter field simulated, and a store of a million matches read.

    .venv/bin/python bench/health.py                       # both parts, issue 27's sizes
    .venv/bin/python bench/health.py --part sim --ruleset fw -n 400 --workers 2
    .venv/bin/python bench/health.py --part store --matches 1000000 [--card-events 8]

1. **Simulation** (``fwlab health --ruleset R -n N --workers W``): every pairing of the ruleset's
   starter decks (fw: 7 decks, 28 pairings, 11,200 games at 400 a pairing), each game with the
   engine's health hook, through :func:`fwlab.health.run.simulate_health`. Timed from the call to the
   report (the process pool's start included). Says whether the engine ran compiled (build it once
   with ``FWLAB_NATIVE_PGO=0 fwlab native build --engine daemornia``).
2. **Store**: a synthetic store of N fw matches (two seats each, 20 decks, a first-seat edge, a few
   draws and turn caps) written with DuckDB SQL (``range()`` and ``hash()``, no Python loops) into
   ``matches`` and ``match_seats`` (and, with ``--card-events K``, K card-event rows a seat, so the
   Eredan-style stored figures have a table to scan: they run as the ``killed``/``card_sum`` recipes
   over it), then the health report read from it through :func:`fwlab.store.open_source` (the store
   attached read-only, as ``fwlab health --db`` does), cold (first query) and warm.

Figures are printed, never asserted. Wall time and the process's CPU time (all threads); on a
shared machine the wall time includes waiting for a core.
"""

from __future__ import annotations

import argparse
import os
import resource
import tempfile
import time
from pathlib import Path

MATCHES_SQL = """
INSERT INTO matches (match_id, played_at, ruleset, mode, player_a, player_b, deck_a, deck_b, first, winner,
                     end_reason, turns, source, seats)
SELECT 'm' || lpad(i::VARCHAR, 9, '0'), TIMESTAMP '2025-01-01' + to_seconds(i * 7), 'fw', 'bot',
    'p' || (hash(i, 1) % 2000), 'q' || (hash(i, 2) % 2000),
    'fw/bench-' || lpad(da::VARCHAR, 2, '0'), 'fw/bench-' || lpad(db::VARCHAR, 2, '0'),
    CASE WHEN i % 2 = 0 THEN 'a' ELSE 'b' END,
    CASE WHEN u < 0.01 THEN 'draw' WHEN u < 0.01 + 0.99 * 0.58 THEN (CASE WHEN i % 2 = 0 THEN 'a' ELSE 'b' END)
         ELSE (CASE WHEN i % 2 = 0 THEN 'b' ELSE 'a' END) END,
    CASE WHEN u < 0.005 THEN 'turn-cap' WHEN hash(i, 5) % 30 = 0 THEN 'deck-out' ELSE 'capital' END,
    (8 + hash(i, 6) % 50)::INTEGER, 'bench', 2
FROM (SELECT i, (hash(i, 10) % 20)::INTEGER AS da, (hash(i, 11) % 20)::INTEGER AS db,
             (hash(i, 4) % 1000003) / 1000003.0 AS u FROM range({n}) t(i))
"""

SEATS_SQL = """
INSERT INTO match_seats (match_id, seat, player, deck, place, score)
SELECT m.match_id, s.seat, CASE s.seat WHEN 1 THEN m.player_a ELSE m.player_b END,
    CASE s.seat WHEN 1 THEN m.deck_a ELSE m.deck_b END,
    CASE WHEN m.winner = 'draw' OR m.winner = chr(96 + s.seat) THEN 1 ELSE 2 END,
    CASE WHEN m.winner = chr(96 + s.seat) THEN 5 ELSE 0 END
FROM matches m CROSS JOIN (VALUES (1), (2)) s(seat)
"""

CARD_EVENTS_SQL = """
INSERT INTO card_events (match_id, seat, card, in_opening_hand, drawn_turn, deployed_turn, killed_turn,
                         damage_dealt, scored)
SELECT 'm' || lpad(i::VARCHAR, 9, '0'), seat, 'Bench Card ' || k, false, 1, 2,
    CASE WHEN hash(i, seat, k) % 5 = 0 THEN 4 END, (hash(i, seat, k, 1) % 7)::INTEGER,
    (hash(i, seat, k, 2) % 9)::INTEGER
FROM range({n}) t(i), (VALUES ('a'), ('b')) s(seat), range({k}) c(k)
"""


def _cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    c = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime + c.ru_utime + c.ru_stime


def bench_sim(ruleset: str, n: int, workers: int, seed: int) -> None:
    from fwlab import native
    from fwlab.health.run import simulate_health
    from fwlab.rules.engines import engine_for

    eng = engine_for(ruleset)
    compiled = native.engine_compiled(eng.name)
    t0, c0 = time.perf_counter(), _cpu()
    report = simulate_health(ruleset, n=n, seed=seed, workers=workers)
    wall, cpu = time.perf_counter() - t0, _cpu() - c0
    print(f"simulation: {ruleset}, {len(report.params['pairings'])} pairings x {n} games = {report.games} games, "
          f"{workers} worker(s), engine {'compiled' if compiled else 'pure Python'}: {wall:.1f} s wall, "
          f"{cpu:.1f} s CPU, {report.games / wall:,.0f} games/s; {len(report.flags())} figures outside their band")


def bench_store(matches: int, card_events: int, keep: Path | None) -> None:
    from fwlab.health.report import build_report
    from fwlab.health.store import table_from_source
    from fwlab.store import connect, open_source

    folder = keep or Path(tempfile.mkdtemp(prefix="fwlab-health-bench-"))
    db = folder / "health.duckdb"
    if not db.exists():
        t0 = time.perf_counter()
        con = connect(db)
        con.execute("SET enable_progress_bar = false")
        con.execute(MATCHES_SQL.format(n=matches))
        con.execute(SEATS_SQL)
        if card_events:
            con.execute(CARD_EVENTS_SQL.format(n=matches, k=card_events))
        con.close()
        print(f"store: {matches:,} fw matches{f', {card_events} card events a seat' if card_events else ''} "
              f"written in {time.perf_counter() - t0:.1f} s ({db.stat().st_size / 1e6:.0f} MB)")
    for label in ("cold", "warm"):
        t0, c0 = time.perf_counter(), _cpu()
        con = open_source(db=db)
        con.execute("SET enable_progress_bar = false")
        table, notes = table_from_source(con, "fw")
        report = build_report(table, "store", stored_only=True)
        if card_events:  # the stored-figure recipes over card events, as Eredan's run (here on fw's rows)
            from fwlab.health.store import stored_figures
            from fwlab.rules.health import HealthFigure, Stored

            figs = (HealthFigure("killed", "", stored=Stored("card_sum", ("damage_dealt",))),
                    HealthFigure("healing", "", stored=Stored("card_diff", ("scored", "damage_dealt"))))
            stored_figures(con, "fw", figs, "match_seats", "coalesce(seats, 2)", notes)
        con.close()
        wall, cpu = time.perf_counter() - t0, _cpu() - c0
        print(f"store report ({label}): {report.games:,} matches in {wall:.2f} s wall, {cpu:.2f} s CPU "
              f"({len(table.weight):,} classes of alike games; first player "
              f"{report.groups[0].figure('position.1').value:.3f})")
    if keep is None:
        for p in folder.iterdir():
            p.unlink()
        folder.rmdir()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--part", choices=("sim", "store", "both"), default="both")
    ap.add_argument("--ruleset", default="fw")
    ap.add_argument("-n", type=int, default=400, help="games a pairing (default 400)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--matches", type=int, default=1_000_000)
    ap.add_argument("--card-events", type=int, default=0, help="card events a seat in the synthetic store")
    ap.add_argument("--keep", type=Path, default=None, help="build the store in this folder and keep it")
    args = ap.parse_args()
    print(f"machine: {os.cpu_count()} cores, load {os.getloadavg()[0]:.2f} at start")
    if args.part in ("sim", "both"):
        bench_sim(args.ruleset, args.n, args.workers, args.seed)
    if args.part in ("store", "both"):
        if args.keep:
            args.keep.mkdir(parents=True, exist_ok=True)
        bench_store(args.matches, args.card_events, args.keep)


if __name__ == "__main__":
    main()
