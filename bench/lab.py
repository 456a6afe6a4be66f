"""Balance lab speed: a what-if over the fw starter decks, and the tuner on a weakened starter.

    .venv/bin/python bench/lab.py                    # 7 fw starters, 500 games a pairing, 2 workers
    .venv/bin/python bench/lab.py --games 200 --workers 1 --tune-budget 20000

Prints wall time, CPU time (this process and its worker processes, which are joined before it is
read) and games per second. The what-if target: 28 pairings x 500 games x before and after =
28,000 games in under 15 s on 2 cores; the tuner's: a first improvement on a weakened starter in
under a minute with a budget of 50,000 games. The machine may be shared: compare CPU time too.
"""

from __future__ import annotations

import argparse
import resource
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fwlab.lab import tune, whatif  # noqa: E402
from fwlab.paths import PROJECT_ROOT  # noqa: E402

NERF = {"Ashfang Raider": {"att": 2}, "Imp Skirmisher": {"dmg": 0}}
#: Ashfang Raid with its Firebolts, Gorge Raptors and Cinder Hounds swapped for off-colour bodies
WEAK = (PROJECT_ROOT / "docs" / "examples" / "ashfang-weakened.txt").read_text(encoding="utf-8")


def _cpu() -> float:
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=500, help="games per pairing (default 500)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--tune-budget", type=int, default=50_000)
    ap.add_argument("--skip-tune", action="store_true")
    a = ap.parse_args()

    c0, t0 = _cpu(), time.perf_counter()
    res = whatif("fw", NERF, None, n=a.games, seed=a.seed, workers=a.workers)
    wall, cpu = time.perf_counter() - t0, _cpu() - c0
    print(f"what-if fw, {len(res.decks)} starters, {a.games} games a pairing, {a.workers} workers: {res.games} games "
          f"in {wall:.2f} s wall, {cpu:.2f} s CPU ({res.games / wall:,.0f} games/s; "
          f"{res.games / max(cpu, 1e-9):,.0f} games per CPU second)")
    for r in res.decks:
        print(f"  {r.deck:<22} {r.before:.3f} -> {r.after:.3f}  {r.delta:+.3f} "
              f"[{r.delta_ci95[0]:+.3f}, {r.delta_ci95[1]:+.3f}]")
    if a.skip_tune:
        return
    with tempfile.TemporaryDirectory() as tmp:
        deck = Path(tmp) / "ashfang-weakened.txt"
        deck.write_text(WEAK, encoding="utf-8")
        c0, t0 = _cpu(), time.perf_counter()
        tr = tune(deck, "fw", budget=a.tune_budget, seed=a.seed, workers=a.workers)
        wall, cpu = time.perf_counter() - t0, _cpu() - c0
    first = tr.first_improvement_seconds
    print(f"tune weakened Ashfang Raid vs the 7 fw starters, budget {a.tune_budget}, {a.workers} workers: "
          f"first improvement at {first if first is not None else '-'} s; {len(tr.swaps)} swaps, {tr.games} games in "
          f"{wall:.2f} s wall, {cpu:.2f} s CPU")
    print(f"  re-test on fresh seeds ({tr.confirm_games} games a deck): {tr.start_win_rate:.3f} -> "
          f"{tr.best_win_rate:.3f}, change {tr.delta:+.3f} [{tr.delta_ci95[0]:+.3f}, {tr.delta_ci95[1]:+.3f}]")
    print("  swaps: " + "; ".join(f"-{s.out} +{s.into}" for s in tr.swaps))


if __name__ == "__main__":
    main()
