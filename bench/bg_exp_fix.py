"""Does the bg heuristic's Exp-kill fix (docs/bots.md, "What search exposes") change its games?

    FWLAB_NATIVE=0 .venv/bin/python bench/bg_exp_fix.py [--games 200]

Plays ``--games`` seeded heuristic games of the bg starters; at every decision it asks a fresh
shipped bot and a fresh bot with the fix switched off (``_exp_ends`` 0, ``_exp_kill_in_reach``
false: the bot before the fix) for their move, and counts the decisions where they differ and where
a card whose loss ends the game was in reach. Pure Python (``FWLAB_NATIVE=0``): the fix is switched
off by replacing the module's functions, which a compiled module does not allow.
"""

from __future__ import annotations

import argparse

import fwlab.bots.daemornia.heuristic as H
from fwlab.decks.starters import starter_decks
from fwlab.sim import start_match


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=200)
    args = ap.parse_args()
    decks = starter_decks("bg")
    fixed_reach, fixed_ends = H._exp_kill_in_reach, H._exp_ends
    decisions = differ = reach = 0
    for k in range(args.games):
        g = start_match("bg", [decks[k % len(decks)], decks[(k + 1) % len(decks)]], seed=k, first=k % 2,
                        log_cards=False, record=False)
        bots = [H.HeuristicBot(0), H.HeuristicBot(0)]
        while not g.is_terminal():
            p = g.current_player()
            reach += fixed_reach(g, p)
            new = H.HeuristicBot(0).choose(g)
            H._exp_kill_in_reach, H._exp_ends = (lambda g, p: False), (lambda g, u: 0.0)
            try:
                old = H.HeuristicBot(0).choose(g)
            finally:
                H._exp_kill_in_reach, H._exp_ends = fixed_reach, fixed_ends
            decisions += 1
            differ += new != old
            g.apply(bots[p].choose(g))
    print(f"bg, {args.games} heuristic games: {decisions} decisions, a game-ending kill in reach at {reach}, "
          f"the fixed and the old bot differ at {differ}")


if __name__ == "__main__":
    main()
