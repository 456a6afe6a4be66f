"""The Conquest bot ladder, measured seat-fairly: every bot in every seat equally often.

    .venv/bin/python bench/conquest_bots.py                  # 4 players, the full ladder
    .venv/bin/python bench/conquest_bots.py --quick          # fewer games
    .venv/bin/python bench/conquest_bots.py --players 3 --games 800 --workers 2

For each pair of bots (X, Y) it plays X alone against N-1 copies of Y, with X in each seat in turn
(the simulator also rotates who plays first, SIM-SEATS-1, so X meets every (seat, first seat)
combination equally often), and prints X's win share (a shared win counts 1/k) with its 95%
Wilson interval against the fair share 1/N, and X's mean place. Then N copies of the heuristic
against each other: each seat's win rate (the seats must be fair: the first player rotates) and
the win rate by position (1 = the first player, then clockwise; the simulator's "position in the
turn order") -- the effect of the rules' seating, reported as a finding: position 2 is last in round
1 and first in every later round, with two turns in a row (CQ-ORDER-1).
"""

from __future__ import annotations

import argparse
import time
from itertools import permutations

from fwlab.sim import simulate_match
from fwlab.stats import wilson


def alone_against(x: str, y: str, players: int, games: int, seed: int, workers: int) -> tuple[float, int, float]:
    """X's win share, games and mean place when alone against players-1 copies of Y, X in every seat."""
    share = 0.0
    place = 0.0
    total = 0
    per_seat = max(players, games // players // players * players)   # a multiple of the seat count
    for seat in range(players):
        bots = [y] * players
        bots[seat] = x
        r = simulate_match([None] * players, "conquest", n=per_seat, seed=seed * 100 + seat, bots=bots,
                           workers=workers, batch_size=max(players, per_seat // max(workers, 1) // players * players))
        share += r.win_share[seat]
        place += r.place_sum[seat]
        total += r.games
    return share, total, place / total


def role(position: int, n: int) -> str:
    """Where the seat at ``position`` (1 = the first player, then clockwise) plays: round 1 runs
    counter-clockwise from the first player, later rounds clockwise from round 1's last (CQ-ORDER-1)."""
    k = position
    first_round = 1 if k == 1 else n - k + 2
    later = n if k == 1 else k - 1
    return f"{_ordinal(first_round)} in round 1, {_ordinal(later)} in every later round"


def _ordinal(i: int) -> str:
    return f"{i}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(i, 'th') }"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=2000, help="games per pair of bots (default 2000)")
    ap.add_argument("--lookahead-games", type=int, default=200, help="games per pair with the lookahead bot")
    ap.add_argument("--bots", default="random,heuristic,lookahead")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--seating-only", action="store_true", help="only the identical-bots seating table")
    args = ap.parse_args()
    n = args.players
    games, la_games = (400, 48) if args.quick else (args.games, args.lookahead_games)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    fair = 1.0 / n
    print(f"conquest, {n} players; X alone against {n - 1} copies of Y, X in every seat equally often; "
          f"fair share {fair:.3f}")
    print(f"{'X':<10} {'Y':<10} {'games':>6} {'X win share':>11}  {'95% CI':<13} {'X mean place':>12} {'s':>6}")
    for x, y in ([] if args.seating_only else permutations(bots, 2)):
        t0 = time.perf_counter()
        g = la_games if "lookahead" in (x, y) else games
        share, total, place = alone_against(x, y, n, g, args.seed, args.workers)
        lo, hi = wilson(min(share, total), total)
        print(f"{x:<10} {y:<10} {total:>6} {share / total:>11.3f}  {lo:.3f}-{hi:.3f}   {place:>12.2f} "
              f"{time.perf_counter() - t0:>6.1f}", flush=True)
    same = "heuristic"
    r = simulate_match([None] * n, "conquest", n=games * 2, seed=args.seed, bots=[same] * n, workers=args.workers)
    d = r.to_seats_dict(bots=[same] * n)
    print(f"\n{n} x {same}, {r.games} games: seat win rates (first player rotating) and by position in the turn order")
    for s in d["seats"]:
        lo, hi = s["ci95"]
        print(f"  seat {s['seat']}: {s['win_rate']:.3f} ({lo:.3f}-{hi:.3f}), mean place {s['mean_place']:.2f}")
    for o in d["seat_order"]:
        lo, hi = o["ci95"]
        print(f"  position {o['position']}: {o['win_rate']:.3f} ({lo:.3f}-{hi:.3f})  {role(o['position'], n)}")
    print(f"  shared wins {d['draws']}, mean length {d['mean_turns']:.1f} turns, end reasons {d['end_reasons']}")


if __name__ == "__main__":
    main()
