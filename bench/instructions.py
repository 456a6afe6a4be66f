"""Instructions per game, counted by valgrind's callgrind: a speed figure this VM's drift cannot move.

    .venv/bin/python bench/instructions.py [--games 100] [--ruleset RULESET] [--whole]

Plays ``--games`` seeded games (heuristic bots, card log off, the starter decks in rotation, as
``bench/simulate.py`` does) under callgrind, counting only inside the compiled play loop and game
setup (``play_out`` and ``new_game``), and prints the instructions per game. ``--whole`` counts
everything ``play_game`` does instead (the Python around the engine too: set-up checks, bots,
result), which is what ``bench/simulate.py`` times. Wall-clock figures on this machine drift
10-30% between runs (more between hours); the instruction count is the same every time for the
same code (``PYTHONHASHSEED`` is fixed here), so it is the number to compare before and after a
change. Needs valgrind and the compiled rules core (``fwlab native build``); with
``FWLAB_NATIVE=0`` the names below do not exist and nothing is counted.
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
import functools, sys
from fwlab.decks.starters import starter_decks
from fwlab.rulesets import info
from fwlab.sim import play_game, play_match
ruleset, n = sys.argv[1], int(sys.argv[2])
r = info(ruleset)
if r.uses_decks:
    ds = starter_decks(ruleset)

    def one(_, i):
        play_game(ds[i % len(ds)], ds[(i * 3 + 1) % len(ds)], ruleset, seed=i, first="ab"[i % 2], log_cards=False)
else:  # a shared-deck game (conquest): the most seats it is played by, the first seat rotating
    seats = r.seats[1]

    def one(_, i):
        play_match(ruleset, [None] * seats, ["heuristic"] * seats, seed=i, first=i % seats, log_cards=False)

if sys.argv[3] == "whole":  # catalogs and decks loaded before counting
    one(None, 0)

functools.reduce(one, range(n), None)  # --whole counts inside this C function: every play_game
"""


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=100)
    from fwlab.rules.engines import engine_rulesets

    ap.add_argument("--ruleset", default="fw", choices=list(engine_rulesets()))
    ap.add_argument("--whole", action="store_true",
                    help="count all of play_game (the Python around the engine too), not only the play loop and setup")
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("bench/instructions.py needs valgrind (apt-get install valgrind)")
    import fwlab.native

    if not fwlab.native.status()["native"]:
        sys.exit("the compiled rules core is not in use here: run `fwlab native build` first")
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        toggles = (["--toggle-collect=functools_reduce"] if args.whole else
                   ["--toggle-collect=CPyPy_game___play_out", "--toggle-collect=CPyPy_game___new_game"])
        proc = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", "--collect-atstart=no", *toggles,
             sys.executable, "-c", PLAY, args.ruleset, str(args.games), "whole" if args.whole else "loop"],
            capture_output=True, text=True, env=dict(os.environ, PYTHONHASHSEED="0"))
        m = re.search(r"Collected : (\d+)", proc.stderr)
        if proc.returncode != 0 or m is None:
            sys.exit("callgrind failed:\n" + proc.stderr[-3000:])
    per_game = int(m.group(1)) / args.games
    what = "all of play_game" if args.whole else "play loop and setup"
    print(f"{args.ruleset}: {per_game / 1e6:.3f} M instructions per game "
          f"({what}, {args.games} games, heuristic bots, card log off)")


if __name__ == "__main__":
    main()
