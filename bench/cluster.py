"""Games per second through a local Dask cluster against the local process pool (the cluster path's overhead).

    .venv/bin/python bench/cluster.py [--games 20000] [--ruleset fw] [--batch 250]

Plays the same seeded simulation (the ruleset's first two starter decks, heuristic bots, card log
off) four ways: the local process pool with 1 and 2 workers, and a local Dask cluster (a scheduler
plus 1 or 2 single-threaded worker processes, started here) through
:class:`fwlab.cluster.ClusterExecutor`. Prints wall time, games/s and the ratio to the local pool
with as many workers, and checks that every run gave the same result. The cluster's start-up
(about 2 s) is not timed; the client's connection is. Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import time

from distributed import LocalCluster

from fwlab.cluster import ClusterExecutor
from fwlab.decks.starters import starter_decks
from fwlab.rules.engines import engine_for
from fwlab.sim.runner import simulate_match


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20000)
    ap.add_argument("--ruleset", default="fw")
    ap.add_argument("--batch", type=int, default=250, help="games per batch (the simulator's default 250)")
    args = ap.parse_args()
    a, b = starter_decks(args.ruleset)[:2]
    engine = engine_for(args.ruleset).name
    simulate_match([a, b], args.ruleset, n=200, seed=0, workers=1)  # warm: imports, compiled deck cache

    rows: list[tuple[str, int, float]] = []
    results = []
    for w in (1, 2):
        t = time.perf_counter()
        r = simulate_match([a, b], args.ruleset, n=args.games, seed=1, workers=w, batch_size=args.batch)
        rows.append(("local process pool", w, time.perf_counter() - t))
        results.append(r.to_dict())
    for w in (1, 2):
        with LocalCluster(n_workers=w, threads_per_worker=1, processes=True, dashboard_address=None,
                          host="127.0.0.1") as lc:
            with ClusterExecutor(lc.scheduler_address, engine) as ex:  # warm each worker's imports
                simulate_match([a, b], args.ruleset, n=args.batch * w * 2, seed=0, executor=ex,
                               batch_size=args.batch)
            t = time.perf_counter()
            with ClusterExecutor(lc.scheduler_address, engine) as ex:
                r = simulate_match([a, b], args.ruleset, n=args.games, seed=1, executor=ex, batch_size=args.batch)
                engines = sorted({x["engine"] for x in ex.workers()})
            rows.append((f"Dask cluster ({', '.join(engines)})", w, time.perf_counter() - t))
            results.append(r.to_dict())
    same = all(x == results[0] for x in results)
    base = {w: s for name, w, s in rows if name == "local process pool"}
    print(f"{args.ruleset}, {args.games} games in batches of {args.batch}, heuristic bots, card log off")
    print(f"{'how':<34} {'workers':>7} {'seconds':>8} {'games/s':>9} {'vs local pool':>14}")
    for name, w, s in rows:
        print(f"{name:<34} {w:>7} {s:>8.2f} {args.games / s:>9,.0f} {base[w] / s:>13.2f}x")
    print(f"identical results in all four runs: {same}")


if __name__ == "__main__":
    main()
