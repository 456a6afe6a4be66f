"""How long a card face takes to draw (issue 30: under 5 ms): every card of every ruleset's catalog,
at the thumbnail (120 px) and full (250 px) layouts, the face hook and the SVG renderer together
(``fwlab.rules.faces.face_svg``), after one warm-up face per ruleset (the engine's import).

    .venv/bin/python bench/faces.py [--rounds 5]

Prints per ruleset and width the mean and the max over every card (each card's time the best of
``--rounds``, so a busy machine's pauses do not count as drawing time), and the SVG sizes.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fwlab.catalog import load_catalog  # noqa: E402
from fwlab.rules.faces import face_svg  # noqa: E402

RULESETS = ("fw", "fw-epic", "bg", "fr", "eredan", "conquest")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    print(f"{'ruleset':10} {'width':>5} {'cards':>5} {'mean ms':>8} {'max ms':>7} {'mean KiB':>8}")
    worst = 0.0
    for ruleset in RULESETS:
        cat = load_catalog(ruleset)
        face_svg(ruleset, next(iter(cat)), 120)   # imports the engine and its face hook
        for width in (120, 250):
            times, sizes = [], []
            for card in cat:
                best = float("inf")
                for _ in range(args.rounds):
                    t = time.perf_counter()
                    svg = face_svg(ruleset, card, width, cat)
                    best = min(best, time.perf_counter() - t)
                times.append(best * 1000)
                sizes.append(len(svg) / 1024)
            worst = max(worst, max(times))
            print(f"{ruleset:10} {width:>5} {len(cat):>5} {statistics.mean(times):>8.3f} {max(times):>7.3f} "
                  f"{statistics.mean(sizes):>8.1f}")
    print(f"slowest face: {worst:.3f} ms (target: under 5 ms)")


if __name__ == "__main__":
    main()
