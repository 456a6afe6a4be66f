"""Instructions per game, counted by valgrind's callgrind: a speed figure this VM's drift cannot move.

    .venv/bin/python bench/instructions.py [--games 100] [--ruleset RULESET]

Plays ``--games`` seeded games (heuristic bots, card log off, the starter decks in rotation, as
``bench/simulate.py`` does) under callgrind, counting only inside the compiled play loop and game
setup (``play_out`` and ``new_game``), and prints the instructions per game. Wall-clock figures on
this machine drift 10-30% between runs; the instruction count is the same every time for the same
code, so it is the number to compare before and after a change. Needs valgrind and the compiled
rules core (``fwlab native build``); with ``FWLAB_NATIVE=0`` the names below do not exist and
nothing is counted.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

PLAY = """
import sys
from fwlab.decks.starters import starter_decks
from fwlab.sim import play_game
ruleset, n = sys.argv[1], int(sys.argv[2])
ds = starter_decks(ruleset)
for i in range(n):
    play_game(ds[i % len(ds)], ds[(i * 3 + 1) % len(ds)], ruleset, seed=i, first="ab"[i % 2], log_cards=False)
"""


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=100)
    from fwlab.rules.engines import engine_rulesets

    ap.add_argument("--ruleset", default="fw", choices=list(engine_rulesets()))
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("bench/instructions.py needs valgrind (apt-get install valgrind)")
    import fwlab.native

    if not fwlab.native.status()["native"]:
        sys.exit("the compiled rules core is not in use here: run `fwlab native build` first")
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        proc = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", "--collect-atstart=no",
             "--toggle-collect=CPyDef_game___play_out", "--toggle-collect=CPyDef_game___new_game",
             sys.executable, "-c", PLAY, args.ruleset, str(args.games)],
            capture_output=True, text=True)
        m = re.search(r"Collected : (\d+)", proc.stderr)
        if proc.returncode != 0 or m is None:
            sys.exit("callgrind failed:\n" + proc.stderr[-3000:])
    per_game = int(m.group(1)) / args.games
    print(f"{args.ruleset}: {per_game / 1e6:.3f} M instructions per game "
          f"(play loop and setup, {args.games} games, heuristic bots, card log off)")


if __name__ == "__main__":
    main()
