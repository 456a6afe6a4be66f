"""Simulation speed: complete games per second on one core, and the speed-up of two workers.

    .venv/bin/python bench/simulate.py            # both engines, full sizes (20,000 games for workers)
    .venv/bin/python bench/simulate.py --quick    # smaller sizes
    .venv/bin/python bench/simulate.py --engine native

Prints games/s for fw heuristic vs heuristic (card logging off and on), random vs random, fw-epic,
bg and fr (heuristic and random bots, card logging off and on; ``--rulesets fr`` for those rows only),
conquest with 4 players (4 heuristic bots, card logging off and on; 4 random bots; ``--rulesets
conquest``) and eredan (heuristic and random bots, card logging off and on; ``--rulesets eredan``),
for the compiled rules core (``fwlab native build``; ``make bench`` builds it) and the
pure-Python one (``FWLAB_NATIVE=0``), each in its own process; then one worker against two workers
on the same 20,000 games with the compiled core. A game here is everything ``play_game`` does:
setup and shuffle, every decision of both bots, and the result.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time


def rate(ruleset: str, bots: tuple[str, ...], n: int, log_cards: bool) -> tuple[float, float]:
    from fwlab.decks.starters import starter_decks
    from fwlab.rulesets import info
    from fwlab.sim import play_game, play_match

    if not info(ruleset).uses_decks:  # a shared-deck game: one bot per seat, the first seat rotating
        seats = len(bots)
        play_match(ruleset, [None] * seats, list(bots), seed=0)  # warm the catalog cache
        t0 = time.perf_counter()
        turns = 0
        for i in range(n):
            r = play_match(ruleset, [None] * seats, list(bots), seed=i, first=i % seats, log_cards=log_cards)
            turns += r.turns
        return n / (time.perf_counter() - t0), turns / n

    decks = starter_decks(ruleset)
    play_game(decks[0], decks[1], ruleset, bots[0], bots[1], seed=0)  # warm the catalog cache
    t0 = time.perf_counter()
    turns = 0
    for i in range(n):
        r = play_game(decks[i % len(decks)], decks[(i * 3 + 1) % len(decks)], ruleset, bots[0], bots[1],
                      seed=i, first="ab"[i % 2], log_cards=log_cards)
        turns += r.turns
    dt = time.perf_counter() - t0
    return n / dt, turns / n


ROWS = [("fw", ("heuristic", "heuristic"), False), ("fw", ("heuristic", "heuristic"), True),
        ("fw", ("random", "random"), False), ("fw-epic", ("heuristic", "heuristic"), False),
        ("bg", ("heuristic", "heuristic"), False),
        ("fr", ("heuristic", "heuristic"), False), ("fr", ("heuristic", "heuristic"), True),
        ("fr", ("random", "random"), False), ("fr", ("random", "random"), True),
        ("conquest", ("heuristic",) * 4, False), ("conquest", ("heuristic",) * 4, True),
        ("conquest", ("random",) * 4, False),
        ("eredan", ("heuristic", "heuristic"), False), ("eredan", ("heuristic", "heuristic"), True),
        ("eredan", ("random", "random"), False), ("eredan", ("random", "random"), True)]


def per_core(quick: bool, rulesets: list[str] | None = None) -> None:
    import fwlab.native
    from fwlab.rules.engines import engine_for

    n = 600 if quick else 3000
    for ruleset, bots, log in ROWS:
        if rulesets and ruleset not in rulesets:
            continue
        engine = "compiled" if fwlab.native.engine_compiled(engine_for(ruleset).name) else "pure Python"
        best = 0.0
        for _ in range(2):  # best of two: this machine's speed drifts by ~10%
            g, t = rate(ruleset, bots, n if bots[0] != "random" else n // 3, log)
            best = max(best, g)
        label = "/".join(bots) if len(bots) == 2 else f"{len(bots)} x {bots[0]}"
        print(f"{engine:12} {ruleset:8} {label:22} {'on' if log else 'off':8} {best:12.0f} {t:10.1f}",
              flush=True)


def workers(quick: bool) -> None:
    from fwlab.decks.starters import starter_decks
    from fwlab.sim import simulate

    total = 2000 if quick else 20000
    fw = starter_decks("fw")
    best: dict[int, float] = {}
    results: dict[int, dict[str, object]] = {}
    for w in (1, 2, 1, 2, 1, 2):  # alternate and keep the best of three (this VM drifts by 10-20%)
        t0 = time.perf_counter()
        r = simulate(fw[0], fw[1], n=total, seed=1, workers=w)
        dt = time.perf_counter() - t0
        best[w] = min(best.get(w, dt), dt)
        results[w] = r.to_dict()
        print(f"{total} games with {w} worker(s): {dt:.1f} s ({total / dt:.0f} games/s)", flush=True)
    print(f"speed-up of 2 workers (best of three runs each): {best[1] / best[2]:.2f}x; "
          f"identical results: {results[1] == results[2]}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--engine", choices=["both", "native", "pure"], default="both")
    ap.add_argument("--rulesets", default="", help="comma-separated: only these rulesets' rows (default: all)")
    ap.add_argument("--child", choices=["per-core", "workers"], help=argparse.SUPPRESS)
    args = ap.parse_args()
    only = [r for r in args.rulesets.split(",") if r]
    if args.child == "per-core":
        return per_core(args.quick, only)
    if args.child == "workers":
        return workers(args.quick)
    print(f"cores: {os.cpu_count()}")
    print(f"{'engine':12} {'ruleset':8} {'bots':22} {'card log':8} {'games/s/core':>12} {'mean turns':>10}")
    engines = ["native", "pure"] if args.engine == "both" else [args.engine]
    extra = (["--quick"] if args.quick else []) + (["--rulesets", args.rulesets] if only else [])
    for eng in engines:
        env = dict(os.environ, FWLAB_NATIVE="1" if eng == "native" else "0")
        subprocess.run([sys.executable, __file__, "--child", "per-core", *extra], env=env, check=True)
    if not only or "fw" in only:
        env = dict(os.environ, FWLAB_NATIVE="1" if engines[0] == "native" else "0")
        subprocess.run([sys.executable, __file__, "--child", "workers", *extra], env=env, check=True)


if __name__ == "__main__":
    main()
