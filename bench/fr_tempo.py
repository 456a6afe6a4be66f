"""Where the Free Realms first player's edge is made: the board and the cards scored, round by round.

    .venv/bin/python bench/fr_tempo.py [-n 100] [--seed 0] [--rule name=value ...] [--xform EXPR] [--workers 2]

Plays the starter field as ``fwlab health --ruleset fr`` does (every pairing, mirrors included, the
first seat alternating, heuristic bots) and prints, for each round and each position (P1 the first
player, P2 the second), at the start of that player's Go Phase: its creatures in play, the foe's,
and how many of its creatures have no foe (they may hunt, FR-HUNT-1); then the cards it scored in that turn by hunts, won battles (FR-SCORE-1), power-ups and
effects. The first player's win rate and how it depends on scoring in its first turn close the
report. It only watches the games (the public ``decision``, ``turn``, ``seats`` and ``tally`` of
the engine's game), so the compiled engine plays them. docs/game-health.md ("Fifth look") records a run.
"""

from __future__ import annotations

import argparse
import itertools
import multiprocessing as mp
import time
from collections import defaultdict
from typing import Any

from fwlab.decks import load_deck
from fwlab.decks.starters import starter_paths
from fwlab.rules.engines import check_rule_options
from fwlab.rules.options import parse_assignments
from fwlab.stats import wilson

HOW = ("hunt", "battle", "power-up", "effect")


def _play(job: tuple[int, tuple[str, ...], tuple[str, ...], int, int, dict[str, Any], str | None]) -> dict[Any, float]:
    import fr_explore  # bench/: the same catalog transform as fr_explore.py --xform

    from fwlab.bots.freerealms.heuristic import HeuristicBot
    from fwlab.rules.freerealms.engine import new_game
    from fwlab.rules.freerealms.game import GO
    from fwlab.rules.freerealms.state import T_BATTLE, T_EFFECT, T_HUNT, T_POWERUP

    pi, da, db, seed, n, options, xform = job
    fr_explore._init("fwlab.bots.freerealms.heuristic:HeuristicBot", None, {}, xform)
    cat = fr_explore._STATE["cat"]
    kinds = (T_HUNT, T_BATTLE, T_POWERUP, T_EFFECT)
    acc: dict[Any, float] = defaultdict(float)
    for g in range(n):
        first = g % 2
        gs = seed * 1_000_003 + pi * 10_007 + g
        game = new_game("fr", [da, db] if (g // 2) % 2 == 0 else [db, da], gs, first, log_cards=False,
                        record=False, catalog=cat, **options)
        bots = [HeuristicBot(seed=gs * 2 + 1), HeuristicBot(seed=gs * 2 + 2)]
        seen_go = -1
        t1_scored = 0
        while not game.is_terminal():
            if game.decision == GO and seen_go != game.turn:   # the Go Phase of this turn begins
                seen_go = game.turn
                p = game.active
                own, foe = game.seats[p].spaces, game.seats[1 - p].spaces
                key = ((game.turn + 1) // 2, p == first)
                acc[key + ("own",)] += sum(c is not None for c in own)
                acc[key + ("foe",)] += sum(c is not None for c in foe)
                acc[key + ("unopposed",)] += sum(own[i] is not None and foe[i] is None for i in range(3))
            turn = game.turn
            before = [game.seats[0].scored, game.seats[1].scored]
            tally = [game.tally[k] for k in kinds]
            game.apply(bots[game.decider].choose(game))
            gained = [game.seats[0].scored - before[0], game.seats[1].scored - before[1]]
            for p in (0, 1):
                if gained[p] and not gained[1 - p]:     # one seat scored in this step: the tally is its
                    key = ((turn + 1) // 2, p == first)
                    for name, k, t in zip(HOW, kinds, tally):
                        acc[key + (name,)] += game.tally[k] - t
                    if turn == 1 and p == first:
                        t1_scored += gained[p]
        for t in range(1, game.turn + 1):   # every turn played, with a Go Phase or not (no creature)
            acc[((t + 1) // 2, t % 2 == 1, "n")] += 1
        o = game.outcome
        assert o is not None
        fwin = 1.0 if o.places[first] == 1 and o.places[1 - first] != 1 else (0.5 if o.places[0] == o.places[1] else 0.0)
        acc[("games",)] += 1
        acc[("first_wins",)] += fwin
        acc[("t1", t1_scored > 0, "games")] += 1
        acc[("t1", t1_scored > 0, "wins")] += fwin
    return acc


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", type=int, default=100, help="games a pairing")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--rule", action="append", default=[], help="a rule option, name=value")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--xform", default=None, help="a catalog transform, as in fr_explore.py")
    ap.add_argument("--rounds", type=int, default=8)
    args = ap.parse_args()
    try:
        options = check_rule_options("fr", parse_assignments(args.rule))   # the --rule of fwlab health
    except ValueError as e:
        ap.error(str(e))
    decks = [tuple(load_deck(p).cards()) for p in starter_paths("fr")]
    pairs = list(itertools.combinations_with_replacement(range(len(decks)), 2))
    jobs = [(pi, decks[a], decks[b], args.seed, args.n, options, args.xform) for pi, (a, b) in enumerate(pairs)]
    t0 = time.perf_counter()
    with mp.get_context("fork").Pool(args.workers) as pool:
        parts = pool.map(_play, jobs)
    acc: dict[Any, float] = defaultdict(float)
    for part in parts:
        for k, v in part.items():
            acc[k] += v
    games = acc[("games",)]
    print(f"fr starter field: {len(pairs)} pairings x {args.n} games, seed {args.seed}, options {options or 'default'}"
          f"{', catalog ' + args.xform if args.xform else ''}"
          f" ({time.perf_counter() - t0:.0f} s)")
    print("at the start of each Go Phase (mean over the turns played; a turn without one had no creature),")
    print("then the cards scored in that turn, a game")
    print(f"{'round':>5} {'who':>3} {'own':>5} {'foe':>5} {'no foe':>6} | "
          + " ".join(f"{h:>8}" for h in HOW) + f" {'total':>6}")
    for r in range(1, args.rounds + 1):
        for isf in (True, False):
            key = (r, isf)
            n = acc[key + ("n",)] or 1
            scored = [acc[key + (h,)] / games for h in HOW]
            print(f"{r:>5} {'P1' if isf else 'P2':>3} {acc[key + ('own',)] / n:5.2f} {acc[key + ('foe',)] / n:5.2f} "
                  f"{acc[key + ('unopposed',)] / n:6.2f} | "
                  + " ".join(f"{s:8.2f}" for s in scored) + f" {sum(scored):6.2f}")
    for isf in (True, False):
        tot = {h: sum(acc[(r, isf, h)] for r in range(1, 201)) / games for h in HOW}
        print(f"{'P1' if isf else 'P2'} a game: " + ", ".join(f"{h} {v:.2f}" for h, v in tot.items()))
    lo, hi = wilson(acc[("first_wins",)], games)
    print(f"first player wins {acc[('first_wins',)] / games:.3f} [{lo:.3f}, {hi:.3f}] of {games:.0f} games")
    for yes in (True, False):
        g, w = acc[("t1", yes, "games")], acc[("t1", yes, "wins")]
        if g:
            lo, hi = wilson(w, g)
            print(f"  it scored in its first turn: {'yes' if yes else 'no ':<3} {g / games:.2f} of games, "
                  f"wins {w / g:.3f} [{lo:.3f}, {hi:.3f}]")


if __name__ == "__main__":
    main()
