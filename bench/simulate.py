"""Simulation speed: complete games per second on one core, and the speed-up of two workers.

    .venv/bin/python bench/simulate.py            # full run (20,000 games for the worker figure)
    .venv/bin/python bench/simulate.py --quick    # smaller sizes

Prints games/s for fw heuristic vs heuristic (card logging off and on), random vs random, fw-epic
and bg, then one worker against two workers on the same games.
"""

from __future__ import annotations

import argparse
import os
import time

from fwlab.decks.starters import starter_decks
from fwlab.sim import play_game, simulate


def rate(ruleset: str, bots: tuple[str, str], n: int, log_cards: bool) -> tuple[float, float]:
    decks = starter_decks(ruleset)
    t0 = time.perf_counter()
    turns = 0
    for i in range(n):
        r = play_game(decks[i % len(decks)], decks[(i * 3 + 1) % len(decks)], ruleset, bots[0], bots[1],
                      seed=i, first="ab"[i % 2], log_cards=log_cards)
        turns += r.turns
    dt = time.perf_counter() - t0
    return n / dt, turns / n


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    n = 300 if args.quick else 1500
    print(f"cores: {os.cpu_count()}")
    print(f"{'ruleset':8} {'bots':22} {'card log':8} {'games/s/core':>12} {'mean turns':>10}")
    for ruleset, bots, log in [("fw", ("heuristic", "heuristic"), False), ("fw", ("heuristic", "heuristic"), True),
                               ("fw", ("random", "random"), False), ("fw-epic", ("heuristic", "heuristic"), False),
                               ("bg", ("heuristic", "heuristic"), False)]:
        g, t = rate(ruleset, bots, n if bots[0] != "random" else n // 3, log)
        print(f"{ruleset:8} {'/'.join(bots):22} {'on' if log else 'off':8} {g:12.0f} {t:10.1f}")
    total = 2000 if args.quick else 20000
    fw = starter_decks("fw")
    best: dict[int, float] = {}
    results: dict[int, dict[str, object]] = {}
    for w in (1, 2, 1, 2):  # alternate and keep the best of two: this machine's speed drifts by ~10%
        t0 = time.perf_counter()
        r = simulate(fw[0], fw[1], n=total, seed=1, workers=w)
        dt = time.perf_counter() - t0
        best[w] = min(best.get(w, dt), dt)
        results[w] = r.to_dict()
        print(f"{total} games with {w} worker(s): {dt:.1f} s ({total / dt:.0f} games/s)")
    print(f"speed-up of 2 workers (best of two runs each): {best[1] / best[2]:.2f}x; "
          f"identical results: {results[1] == results[2]}")


if __name__ == "__main__":
    main()
