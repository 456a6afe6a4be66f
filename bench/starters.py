"""Balance of the starter decks: a heuristic-bot round robin per ruleset, each deck's win rate.

    .venv/bin/python bench/starters.py [--games 100] [--rulesets fw,fw-epic,bg] [--workers 2]

Every ordered pair of a ruleset's starter decks plays ``--games`` games (so each pairing is played
from both seats, who goes first alternating); a deck's win rate is over all its games, a draw
counting half, with its 95% Wilson interval. docs/catalogs.md records the band the decks were
tuned to; a change of rules or bots that moves a deck out of it calls for a rebalance.
"""

from __future__ import annotations

import argparse
import itertools
import time

from fwlab.decks.starters import starter_decks
from fwlab.sim import simulate
from fwlab.stats import wilson


def round_robin(ruleset: str, games: int, workers: int) -> list[tuple[str, float, int, tuple[float, float]]]:
    decks = starter_decks(ruleset)
    points = [0.0] * len(decks)
    played = [0] * len(decks)
    for i, (a, b) in enumerate(itertools.permutations(range(len(decks)), 2)):
        r = simulate(decks[a], decks[b], n=games, seed=1000 + i, ruleset=ruleset, workers=workers,
                     batch_size=max(1, games // 4))
        points[a] += r.wins_a + 0.5 * r.draws
        points[b] += r.wins_b + 0.5 * r.draws
        played[a] += r.games
        played[b] += r.games
    rows = [(d.name, points[k] / played[k], played[k], wilson(points[k], played[k])) for k, d in enumerate(decks)]
    return sorted(rows, key=lambda r: -r[1])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=100, help="games per ordered deck pair (default 100)")
    ap.add_argument("--rulesets", default="fw,fw-epic,bg")
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    for ruleset in args.rulesets.split(","):
        t0 = time.perf_counter()
        rows = round_robin(ruleset, args.games, args.workers)
        print(f"{ruleset}: heuristic round robin, {args.games} games per ordered pair "
              f"({time.perf_counter() - t0:.0f} s)")
        for name, rate, n, (lo, hi) in rows:
            print(f"  {name:<24} {rate:6.3f}  ({lo:.3f}-{hi:.3f}, {n} games)")


if __name__ == "__main__":
    main()
