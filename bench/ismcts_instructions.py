"""Instructions per ``ismcts`` iteration, counted by valgrind (a figure the machine's load cannot move).

    valgrind --tool=callgrind --callgrind-out-file=cg.out --collect-atstart=no \\
        --toggle-collect=functools_reduce .venv/bin/python bench/ismcts_instructions.py fw ismcts:iters=200 8
    callgrind_annotate --inclusive=yes cg.out | head -60      # where the instructions go

The script samples ``N`` decision states (``bench/ismcts.py``'s ``sample_states``) and makes the
bots outside the counted region, then runs the ``N`` searched decisions inside ``functools.reduce``
(the C function callgrind is told to count in) and prints ``ITERS <iterations>``: the total of the
``Ir`` line of ``cg.out`` divided by it is the instructions per iteration (docs/bots.md, Speed).
"""

from __future__ import annotations

import functools
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from ismcts import sample_states  # noqa: E402

from fwlab.rules.engines import engine_for  # noqa: E402


def main() -> None:
    ruleset, spec, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    eng = engine_for(ruleset)
    states = sample_states(ruleset, n, 4 if eng.name == "conquest" else 2)
    bots = [eng.make_bot(spec, k) for k in range(n)]
    bots[0].choose(states[0].clone())   # imports and hooks loaded before the count

    def one(acc: int, k: int) -> int:
        b = bots[k]
        b.choose(states[k])
        return acc + int(b.iterations)

    print("ITERS", functools.reduce(one, range(n), 0))


if __name__ == "__main__":
    main()
