"""Wall time of ``fwlab`` subcommands from start to exit (issue 29: the light ones under 0.3 s).

    .venv/bin/python bench/cli_startup.py [--runs 7]

Runs each command ``--runs`` times as a fresh process and prints a table of min / median / max wall
seconds, and which heavy libraries (pandas, scipy, polars, plotly, duckdb) the command imported.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FWLAB = str(Path(sys.executable).parent / "fwlab")
COMMANDS = [
    ["--help"],
    ["tohit", "--att", "3", "--def", "4"],
    ["deck", "check", "data/decks/fw/iron-tide.txt"],
    ["engines"],
    ["position", "show", "data/positions/fw-block.json"],
    ["simulate", "--help"],
]
HEAVY = ("pandas", "scipy", "polars", "plotly", "duckdb")
PROBE = ("import sys, runpy; sys.argv = ['fwlab', *sys.argv[1:]]\n"
         "try:\n    from fwlab.cli import main; main()\nexcept SystemExit: pass\n"
         f"print('HEAVY=' + ','.join(m for m in {HEAVY!r} if m in sys.modules), file=sys.stderr)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args()
    print(f"{'command':<48} {'min':>6} {'median':>7} {'max':>6}  heavy imports")
    for cmd in COMMANDS:
        times = []
        for _ in range(args.runs):
            t0 = time.perf_counter()
            subprocess.run([FWLAB, *cmd], cwd=ROOT, capture_output=True)
            times.append(time.perf_counter() - t0)
        probe = subprocess.run([sys.executable, "-c", PROBE, *cmd], cwd=ROOT, capture_output=True, text=True)
        heavy = [ln for ln in probe.stderr.splitlines() if ln.startswith("HEAVY=")]
        shown = heavy[-1][6:] if heavy else "?"
        print(f"{'fwlab ' + ' '.join(cmd):<48} {min(times):6.3f} {statistics.median(times):7.3f} "
              f"{max(times):6.3f}  {shown or 'none'}")


if __name__ == "__main__":
    main()
