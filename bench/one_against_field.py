"""One search bot against ``seats - 1`` heuristics, the bot's seat rotating, over seeded games:
the quick figure behind a Conquest search default (docs/bots.md, "Engine defaults"), cheaper than
the ladder's both-ways pairing. Prints the bot's wins (a shared first place counts its share) with a
normal 95% half-width and the wall time.

    .venv/bin/python bench/one_against_field.py --spec ismcts:iters=400 --games 200
    .venv/bin/python bench/one_against_field.py --ruleset conquest --seats 3 --spec lookahead --games 100
"""

from __future__ import annotations

import argparse
import math
import time
from concurrent.futures import ProcessPoolExecutor

from fwlab.sim import play_match


def one(args: tuple[str, str, int, int, int]) -> float:
    ruleset, spec, seats, seed, k = args
    seat = k % seats
    bots = ["heuristic"] * seats
    bots[seat] = spec
    r = play_match(ruleset, [None] * seats, bots, seed=seed + k, log_cards=False)
    firsts = sum(1 for p in r.places if p == 1)
    return 1.0 / firsts if r.places[seat] == 1 else 0.0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ruleset", default="conquest", help="a ruleset played without decks (conquest)")
    ap.add_argument("--spec", default="ismcts", help="the bot against the heuristics")
    ap.add_argument("--seats", type=int, default=4)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1000, help="game k has the seed SEED + k")
    ap.add_argument("--workers", type=int, default=2)
    a = ap.parse_args()
    t = time.perf_counter()
    jobs = [(a.ruleset, a.spec, a.seats, a.seed, k) for k in range(a.games)]
    with ProcessPoolExecutor(a.workers) as ex:
        wins = list(ex.map(one, jobs, chunksize=4))
    p = sum(wins) / a.games
    half = 1.96 * math.sqrt(p * (1 - p) / a.games)
    print(f"{a.spec} (1 against {a.seats - 1} heuristic, {a.ruleset}): {p:.3f} +-{half:.3f} over {a.games} games "
          f"(fair {1 / a.seats:.3f}; {time.perf_counter() - t:.0f} s, {a.workers} workers)")


if __name__ == "__main__":
    main()
