"""Plays the heuristic misses (issue 28 part 4): over heuristic-vs-heuristic games of the starter
field, at sampled decisions, the move ``ismcts`` picks with a large budget against the heuristic's;
where they differ, both are played on from the same position by paired rollouts (the seat's hidden
cards re-dealt each time, the heuristic for every seat after the move) and the ones where the
search's move wins far more are listed, each saved as a position file (docs/positions.md, hidden
zones in full) that ``fwlab position show`` prints and the tests can load.

    .venv/bin/python bench/missed_plays.py --ruleset eredan --games 10 --every 5 [--iters 400]
        [--rollouts 48] [--gap 0.25] [--out build/missed]

Figures are per decision: ``search`` and ``heuristic`` are the win shares of the seat to move over
the same rollouts after each move (a Wilson-free paired comparison: the same seeds for both).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def play_on(ruleset: str, g: Any, seat: int, move: Any, seeds: list[int]) -> float:
    """The win share of ``seat`` over rollouts after ``move`` (each from its seed: hidden cards
    re-dealt for the seat, then the heuristic for everyone)."""
    from fwlab.rules.engines import engine_for

    eng = engine_for(ruleset)
    hooks = eng.search_hooks()
    won = 0.0
    for s in seeds:
        d = g.clone(seed=s)
        hooks.determinize(d, seat, random.Random(s))
        d.apply(move)
        bots = [eng.make_bot("heuristic", 0) for _ in range(d.num_seats)]
        while not d.is_terminal():
            d.apply(bots[d.current_player()].choose(d))
        places = d.outcome.places
        best = min(places)
        if places[seat] == best:
            won += 1.0 / sum(1 for p in places if p == best)
    return won / len(seeds)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ruleset", default="eredan")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--every", type=int, default=5, help="every k-th decision with a choice")
    ap.add_argument("--iters", type=int, default=400)
    ap.add_argument("--rollouts", type=int, default=48)
    ap.add_argument("--gap", type=float, default=0.25, help="list a decision when search - heuristic >= gap")
    ap.add_argument("--out", type=Path, default=Path("build/missed"))
    args = ap.parse_args()
    from fwlab.decks.starters import starter_decks
    from fwlab.rules.engines import engine_for, position_of
    from fwlab.rulesets import info
    from fwlab.sim import start_match

    eng = engine_for(args.ruleset)
    r = info(args.ruleset)
    decks = starter_decks(args.ruleset) if r.uses_decks else []
    seats = 2 if r.uses_decks else r.seats[0]
    args.out.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    looked = differ = 0
    found: list[dict[str, Any]] = []
    gaps: list[float] = []
    for k in range(args.games):
        setups = [decks[k % len(decks)], decks[(k * 3 + 1) % len(decks)]] if decks else [None] * seats
        g = start_match(args.ruleset, setups, seed=1000 + k, first=k % seats, log_cards=False, record=False)
        bots = [eng.make_bot("heuristic", 0) for _ in range(seats)]
        n = 0
        while not g.is_terminal():
            legal = g.legal_actions()
            seat = g.current_player()
            h = bots[seat].choose(g)
            if len(legal) > 1:
                n += 1
                if n % args.every == 0:
                    looked += 1
                    s = eng.make_bot(f"ismcts:iters={args.iters}", k * 7919 + n).choose(g.clone(seed=n))
                    if s != h:
                        differ += 1
                        seeds = [k * 100_003 + n * 101 + j for j in range(args.rollouts)]
                        vs, vh = play_on(args.ruleset, g, seat, s, seeds), play_on(args.ruleset, g, seat, h, seeds)
                        gaps.append(vs - vh)
                        if vs - vh >= args.gap:
                            name = f"{args.ruleset}-missed-{k}-{n}.json"
                            (args.out / name).write_text(json.dumps(position_of(args.ruleset, g, deck=True), indent=1))
                            found.append({"file": str(args.out / name), "seat": seat, "search": str(s),
                                          "heuristic": str(h), "search_wins": vs, "heuristic_wins": vh})
            g.apply(h)
    print(f"{args.ruleset}: {args.games} heuristic games, {looked} decisions searched (ismcts:iters={args.iters}), "
          f"{differ} where the search's move differs; {time.perf_counter() - t0:.0f} s")
    if gaps:
        gaps.sort()
        print(f"search minus heuristic win share over {args.rollouts} paired rollouts: mean {sum(gaps) / len(gaps):+.3f}, "
              f"median {gaps[len(gaps) // 2]:+.3f}, best {gaps[-1]:+.3f}, worst {gaps[0]:+.3f}")
    print(f"{len(found)} with a gap of {args.gap} or more:")
    for f in sorted(found, key=lambda x: x["heuristic_wins"] - x["search_wins"]):
        print(f"  {f['file']}: seat {f['seat']} · search `{f['search']}` {f['search_wins']:.2f} · heuristic "
              f"`{f['heuristic']}` {f['heuristic_wins']:.2f}")


if __name__ == "__main__":
    main()
