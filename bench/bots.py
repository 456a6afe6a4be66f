"""Bot strength: heuristic against random, lookahead against heuristic, over the fw starter decks.

    .venv/bin/python bench/bots.py [--games N] [--lookahead-games M]

Each pairing plays every starter deck against every other (both seats, who goes first
alternating); the win rate of the first-named bot is printed with its 95% Wilson interval.
"""

from __future__ import annotations

import argparse
import itertools
import time

from fwlab.decks.starters import starter_decks
from fwlab.sim import SimResult, simulate


def duel(bot_a: str, bot_b: str, per_pair: int, seed: int, ruleset: str = "fw") -> SimResult:
    decks = starter_decks(ruleset)
    total = SimResult()
    for i, (a, b) in enumerate(itertools.permutations(range(len(decks)), 2)):
        total.merge(simulate(decks[a], decks[b], n=per_pair, seed=seed + i, ruleset=ruleset,
                             bots=(bot_a, bot_b), workers=2, batch_size=max(1, per_pair // 2)))
    return total


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=10, help="games per ordered deck pair (heuristic vs random)")
    ap.add_argument("--lookahead-games", type=int, default=4, help="games per ordered deck pair (lookahead)")
    ap.add_argument("--ruleset", default="fw")
    args = ap.parse_args()
    for a, b, n in (("heuristic", "random", args.games), ("lookahead", "heuristic", args.lookahead_games)):
        if n <= 0:  # --lookahead-games 0: that pairing is skipped
            continue
        t0 = time.perf_counter()
        r = duel(a, b, n, 100, args.ruleset)
        lo, hi = r.ci95_a
        print(f"{a} vs {b} ({args.ruleset}): {r.games} games, win rate {r.win_rate_a:.3f} "
              f"(95% CI {lo:.3f}-{hi:.3f}), draws {r.draws}, {time.perf_counter() - t0:.0f} s")


if __name__ == "__main__":
    main()
