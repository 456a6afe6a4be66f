"""How fast the rules core and the heuristic bot run when compiled with mypyc (an experiment, not
part of the build): copies fwlab to a temporary folder, compiles the engine and the bot there,
and plays the same seeded games with the pure-Python package and with the compiled copy.

    .venv/bin/python bench/compiled.py [--games 600]

Needs gcc and the Python headers (mypyc comes with mypy, a test dependency). The games must come
out identical (same mean length): the compiled code is the same code.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MODULES = ["fwlab/rules/daemornia/state.py", "fwlab/rules/daemornia/combat.py", "fwlab/rules/daemornia/effects.py",
           "fwlab/rules/daemornia/game.py", "fwlab/rules/daemornia/cards.py", "fwlab/rules/daemornia/decisions.py",
           "fwlab/bots/heuristic.py"]
PLAY = """
import sys, time
import fwlab.rules.daemornia.game as gm
from fwlab.decks.starters import starter_decks
from fwlab.sim import play_game
n = int(sys.argv[1]); ds = starter_decks("fw")
t = time.perf_counter(); turns = 0
for i in range(n):
    r = play_game(ds[i % 7], ds[(i * 3 + 1) % 7], "fw", "heuristic", "heuristic", seed=i, first="ab"[i % 2],
                  log_cards=False)
    turns += r.turns
dt = time.perf_counter() - t
print(f"{'compiled' if gm.__file__.endswith('.so') else 'pure Python':12} {n / dt:7.0f} games/s, mean turns {turns / n:.2f}")
"""


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=600)
    args = ap.parse_args()
    mypyc = Path(sys.executable).with_name("mypyc")
    env = dict(os.environ, FWLAB_DATA=str(ROOT / "data"))
    subprocess.run([sys.executable, "-c", PLAY, str(args.games)], check=True, env=env, cwd=ROOT)
    with tempfile.TemporaryDirectory() as tmp:
        shutil.copytree(ROOT / "fwlab", Path(tmp) / "fwlab")
        build = subprocess.run([str(mypyc), *MODULES], cwd=tmp, capture_output=True, text=True)
        if build.returncode != 0:
            print("mypyc failed:\n" + build.stdout[-3000:] + build.stderr[-3000:])
            return
        subprocess.run([sys.executable, "-c", PLAY, str(args.games)], check=True, cwd=tmp,
                       env=dict(env, PYTHONPATH=tmp))


if __name__ == "__main__":
    main()
