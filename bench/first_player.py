"""Where the first player's edge in fw, fw-epic and bg comes from (issue 27 part 3).

    .venv/bin/python bench/first_player.py [-n 400] [--rulesets fw,fw-epic,bg] [--workers 2]

For each ruleset it plays the starter field as ``fwlab health`` does (every pairing, mirrors
included, ``-n`` games a pairing, the same per-game seeds) and prints the first player's win rate
(position.1) with its 95% Wilson interval and the range over the pairings:

* with the heuristic bot (the health report's default) and with the random bot;
* under each rule option that moved it when this was measured (``--rule`` of ``fwlab health``);
* under two set-ups that are **not rules of the game**, only yardsticks of how much going first
  is worth: the first player holds one card fewer at its first Deploy (as if it skipped its first
  draw), and the second player starts with one card more. They touch the game's hands once after the set-up, the
  way a test of a rule would; nothing else differs.

docs/game-health.md ("After part 3") records a run of it.
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from fwlab.health.run import simulate_health
from fwlab.stats import wilson

#: rule options worth a look per ruleset (each measured alone, then the pairs the doc names)
OPTIONS: dict[str, list[dict[str, Any]]] = {
    "fw": [{"scenario_res": 0}, {"capital": 40}, {"cycle": (1, 2, 3, 4, 5, 6)}, {"locking": False},
           {"scenario_res": 0, "capital": 40}],
    "fw-epic": [{"scenario_res": 0}],
    "bg": [{"locking": False}, {"capital": 60}, {"locking": False, "exp_loss": False}],
}


def _position(ruleset: str, n: int, seed: int, workers: int, bots: list[str] | None = None,
              options: dict[str, Any] | None = None) -> str:
    rep = simulate_health(ruleset, n=n, seed=seed, bots=bots, options=options, workers=workers)
    g = rep.groups[0]
    figs = {f.figure: f for f in g.figures}
    f = figs["position.1"]
    pairs = [x.value for x in g.figures if x.figure.startswith("pairing.") and x.value is not None]
    return (f"{f.value:.3f} [{f.low:.3f}, {f.high:.3f}]  pairings {min(pairs):.3f}-{max(pairs):.3f}  "
            f"turns {figs['turns'].value:.1f}")


def _yardstick_chunk(args: tuple[Any, ...]) -> list[float]:
    """First-player points of games ``start..start+count-1`` of one pairing under a yardstick set-up."""
    from fwlab.rules.engines import engine_for
    from fwlab.sim.health import game_seed, pairing_key
    from fwlab.sim.play import _start, bot_seed

    ruleset, label, setups, seed, start, count, kind = args
    eng = engine_for(ruleset)
    key = pairing_key(f"{ruleset}|{label}")
    out = []
    for gi in range(start, start + count):
        first = gi % 2
        shift = (gi // 2) % 2
        seats = [setups[(s + shift) % 2] for s in range(2)]
        gseed = game_seed(seed, key, gi)
        game: Any = _start(eng, ruleset, seats, gseed, first, False, False, None, {})
        if game.turn > 1:
            pass   # nobody could act in the first turns (FW-PASS-1 skipped them): a rare game left as it is
        elif kind == "first-skips-draw":   # one card fewer by its first Deploy: the last card it took
            s1 = game.seats[first]        # goes to the bottom of its deck (its first draw, or the last
            s1.deck.insert(0, s1.hand.pop())  # opening card when a healing window comes before the draw)
        else:                            # "second-extra-card": the second player draws one more
            s2 = game.seats[1 - first]
            s2.hand.append(s2.deck.pop())
        eng.play_out(game, eng.game_bots([eng.default_bot] * 2, [bot_seed(gseed, s) for s in range(2)]))
        places = game.outcome.places
        out.append(0.5 if places[0] == places[1] else 1.0 if places[first] == 1 else 0.0)
    return out


def _yardstick(ruleset: str, n: int, seed: int, workers: int, kind: str) -> str:
    from fwlab.sim.health import field_pairings

    jobs = [(ruleset, p.label, p.setups, seed, st, min(100, n - st), kind)
            for p in field_pairings(ruleset) for st in range(0, n, 100)]
    with ProcessPoolExecutor(workers) as ex:
        points = [x for part in ex.map(_yardstick_chunk, jobs) for x in part]
    lo, hi = wilson(sum(points), len(points))
    return f"{sum(points) / len(points):.3f} [{lo:.3f}, {hi:.3f}]"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=400, help="games a pairing (default 400)")
    ap.add_argument("--rulesets", default="fw,fw-epic,bg")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    for rs in args.rulesets.split(","):
        t0 = time.perf_counter()
        print(f"{rs}: first player's win rate (position.1), {args.n} games a pairing, seed {args.seed}")
        print(f"  heuristic                                    {_position(rs, args.n, args.seed, args.workers)}")
        print(f"  random                                       {_position(rs, args.n, args.seed, args.workers, ['random'])}")
        for opts in OPTIONS.get(rs, []):
            label = " ".join(f"{k}={list(v) if isinstance(v, tuple) else v}" for k, v in opts.items())
            print(f"  heuristic, {label:<34}{_position(rs, args.n, args.seed, args.workers, None, opts)}")
        for kind in ("first-skips-draw", "second-extra-card"):
            print(f"  heuristic, {kind:<34}{_yardstick(rs, args.n, args.seed, args.workers, kind)}  (not a rule)")
        print(f"  ({time.perf_counter() - t0:.0f} s)")


if __name__ == "__main__":
    main()
