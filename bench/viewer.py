"""How fast the game viewer steps (issue 30: under 100 ms an action): per ruleset, the replay of one
simulated game (positions, chance, figures) per action, and drawing one step (its faces and HTML,
the faces cached as the page caches them) per step.

    .venv/bin/python bench/viewer.py [--games 3]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=3)
    args = ap.parse_args()
    from fwlab import native
    from fwlab.decks.starters import starter_decks
    from fwlab.rules.engines import engine_rulesets
    from fwlab.rulesets import info
    from fwlab.sim import replay as rp
    from fwlab.ui.viewer_views import step_html

    print(f"rules core: {native.describe()} · load average {os.getloadavg()[0]:.1f}")
    print(f"{'ruleset':<9} {'actions':>8} {'replay ms/action':>17} {'draw ms/step (mean)':>20} {'draw ms (max)':>14}")
    for ruleset in engine_rulesets():
        r = info(ruleset)
        setups = list(starter_decks(ruleset)[:2]) if r.uses_decks else [None] * r.seats[0]
        actions, replay_s, draws = 0, 0.0, []
        for i in range(args.games):
            t = time.perf_counter()
            rep = rp.replay_game(ruleset, setups, None, 1, i)
            replay_s += time.perf_counter() - t
            actions += len(rep.actions)
            for step in rep.steps:
                t = time.perf_counter()
                step_html(ruleset, step.position, None)
                draws.append(time.perf_counter() - t)
        print(f"{ruleset:<9} {actions:>8} {1000 * replay_s / actions:>17.2f} {1000 * sum(draws) / len(draws):>20.2f} "
              f"{1000 * max(draws):>14.2f}")


if __name__ == "__main__":
    main()
