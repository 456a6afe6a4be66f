"""Two settings of the Eredan heuristic against each other: what a cheaper (or stronger) bot costs.

    .venv/bin/python bench/eredan_variants.py '{"opp_card": 0}' '{}' [--per 250]

Each argument is a JSON object of ``HeuristicBot`` keyword arguments (``{}`` is the default bot).
Every ordered pair of the Eredan starter decks is played ``--per`` times in both seat orders, the
seat that wins the initiative alternating, on seeds fixed by the pair and game (common random
numbers: both settings meet the same deals). Prints A's win share (draws count half) with its 95%
Wilson interval, and the games per second of the mix. Pair it with ``bench/instructions.py`` for
the speed side of the trade.
"""

from __future__ import annotations

import argparse
import itertools
import json
import time


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("a", help="JSON keyword arguments of bot A, e.g. '{\"opp_card\": 0}'")
    ap.add_argument("b", help="JSON keyword arguments of bot B ('{}' for the default bot)")
    ap.add_argument("--per", type=int, default=250, help="games per ordered pair of decks and seat order")
    args = ap.parse_args()
    va, vb = json.loads(args.a), json.loads(args.b)

    from fwlab.bots.eredan.heuristic import HeuristicBot
    from fwlab.catalog import load_catalog
    from fwlab.decks.starters import starter_decks
    from fwlab.rules.eredan.engine import compiled_deck
    from fwlab.rules.eredan.game import new_game, play_out
    from fwlab.sim.play import _names
    from fwlab.stats import wilson

    cat = load_catalog("eredan")
    decks = [compiled_deck(cat, _names(d)) for d in starter_decks("eredan")]
    won = 0.0
    n = 0
    t0 = time.perf_counter()
    for k, (i, j) in enumerate(itertools.permutations(range(len(decks)), 2)):
        for g in range(args.per):
            seed = k * 100003 + g
            for a_seat in (0, 1):
                a, b = HeuristicBot(seed * 2 + 1, **va), HeuristicBot(seed * 2 + 2, **vb)
                game = new_game(decks[i], decks[j], seed, record=False, first=g % 2)
                play_out(game, [a, b] if a_seat == 0 else [b, a])
                places = game.outcome.places
                won += 0.5 if places[0] == places[1] else float(places[a_seat] == 1)
                n += 1
    dt = time.perf_counter() - t0
    lo, hi = wilson(won, n)
    print(f"A={va} against B={vb}: {n} games, A wins {won / n:.3f} [{lo:.3f}, {hi:.3f}], {n / dt:.0f} games/s")


if __name__ == "__main__":
    main()
