"""Where a Conquest game's coins come from and why it ends: the breakdown behind the health figures.

    .venv/bin/python bench/conquest_health.py                        # 3, 4, 5 players, 400 games each
    .venv/bin/python bench/conquest_health.py --players 4 --games 1000 --rule turn_order=clockwise

Plays four (three, five) heuristic bots against each other, the first player rotating, and prints
per seat count: end reasons (idle share with its 95% Wilson interval), rounds, the final coins of
all seats split into the starting coins, conquest rewards, coin magic and hires (the
``start_coin_share`` figure of ``fwlab health`` is the first over the total), fields claimed and
their difficulty, the fields left open and their difficulty, and the win rate by position from the
first player (1 = the first player, then clockwise), and how often the seats end with unequal
numbers of turns (the game ends the moment the last field is taken, CQ-END-1) with the win rate of
the seats that had more turns and of those that had the fewest. Games are played through the registry's
engine (compiled when built for the current sources); the same seeds give the same games.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from pathlib import Path
from typing import Any

from fwlab.catalog import load_family
from fwlab.rules.engines import engine_for
from fwlab.stats import wilson


def play(players: int, games: int, seed: int, options: dict[str, Any], catalog: Any = None) -> dict[str, Any]:
    eng = engine_for("conquest")
    ends: Counter[str] = Counter()
    t = {"rounds": 0.0, "start": 0.0, "reward": 0.0, "magic": 0.0, "hire": 0.0, "claimed": 0.0,
         "claims": 0.0, "open": 0.0, "open_diff": 0.0, "open_games": 0.0, "conquests": 0.0}
    pos_win = [0.0] * players
    turns_unequal = 0
    more_win = [0.0, 0.0]      # wins of seats with more turns than the fewest, and their number
    fewest_win = [0.0, 0.0]    # the same for the seats with the fewest turns, in games with unequal turns
    for i in range(games):
        first = i % players
        g = eng.new_game("conquest", [None] * players, seed * 1_000_003 + i, first, catalog=catalog, **options)
        bots = [eng.make_bot("heuristic", seed * 7919 + i * players + s) for s in range(players)]
        while not g.is_terminal():
            p = g.current_player()
            a = bots[p].choose(g)
            if a.kind == "hire":
                t["hire"] += 5
            elif a.kind == "conquer":
                t["reward"] += g.diff[a.b]
                t["conquests"] += 1
            elif a.kind == "magic":
                d = g.defs[a.a]
                t["magic"] += d.coins
                if d.claims:
                    t["claims"] += 1
                    t["claimed"] += g.diff[a.b]
            g.apply(a)
        out = g.outcome
        ends[out.end_reason] += 1
        t["rounds"] += out.turns / players
        t["start"] += 25 * players
        open_d = [d for d, o in zip(g.diff, g.owner) if o < 0]
        t["open"] += len(open_d)
        if open_d:
            t["open_games"] += 1
            t["open_diff"] += sum(open_d) / len(open_d)
        winners = [s for s in range(players) if out.places[s] == 1]
        for s in winners:
            pos_win[(s - first) % players] += 1.0 / len(winners)
        own = [g.seats[s].own_turns for s in range(players)]
        if min(own) < max(own):
            turns_unequal += 1
            for s in range(players):
                w = 1.0 / len(winners) if s in winners else 0.0
                side = fewest_win if own[s] == min(own) else more_win
                side[0] += w
                side[1] += 1
    return {"ends": ends, "t": t, "pos_win": pos_win, "games": games, "unequal": turns_unequal,
            "more_win": more_win, "fewest_win": fewest_win}


def report(players: int, r: dict[str, Any], secs: float) -> None:
    n = r["games"]
    t = r["t"]
    idle = r["ends"]["idle"]
    lo, hi = wilson(idle, n)
    total = t["start"] + t["reward"] + t["magic"] - t["hire"]
    print(f"{players} players, {n} games ({secs:.1f} s)")
    print(f"  idle endings {idle / n:.3f} [{lo:.3f}, {hi:.3f}]; rounds {t['rounds'] / n:.2f}; "
          f"conquests {t['conquests'] / n:.1f}, claims {t['claims'] / n:.2f} (difficulty {t['claimed'] / n:.1f}) a game")
    print(f"  final coins of all seats {total / n:.1f} a game = start {t['start'] / n:.0f} + rewards "
          f"{t['reward'] / n:.1f} + coin magic {t['magic'] / n:.1f} - hires {t['hire'] / n:.1f}; "
          f"start_coin_share of the totals {t['start'] / total:.3f}")
    od = t["open_diff"] / t["open_games"] if t["open_games"] else 0.0
    print(f"  fields left open {t['open'] / n:.2f} a game; their mean difficulty {od:.2f} (games with any)")
    print("  win rate by position: " + ", ".join(f"{w / n:.3f}" for w in r["pos_win"]))
    mw, fw = r["more_win"], r["fewest_win"]
    if r["unequal"]:
        print(f"  games ending with unequal turns {r['unequal'] / n:.3f}; in them a seat with more turns than the "
              f"fewest wins {mw[0] / mw[1]:.3f}, one with the fewest {fw[0] / fw[1]:.3f} (fair {1 / players:.3f})")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", default="3,4,5")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rule", action="append", default=[], help="NAME=VALUE, a rule option (repeatable)")
    ap.add_argument("--catalog-root", help="a folder holding conquest/*.toml to play instead of data/catalogs")
    args = ap.parse_args()
    catalog = load_family("conquest", root=Path(args.catalog_root)) if args.catalog_root else None
    options: dict[str, Any] = {}
    for r in args.rule:
        k, v = r.split("=", 1)
        options[k] = v
    for p in (int(x) for x in args.players.split(",")):
        t0 = time.perf_counter()
        r = play(p, args.games, args.seed, options, catalog)
        report(p, r, time.perf_counter() - t0)


if __name__ == "__main__":
    main()
