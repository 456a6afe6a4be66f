"""The Eredan heuristic's deck-out decision: is ending by deck-out the better play, and how wide a fight is.

    .venv/bin/python bench/eredan_deckout.py [--per 40] [--changes FILE] [--margin 7]

Two figures over the starter field (``data/decks/eredan/``, every ordered pairing, mirrors
included, the initiative alternating, common seeds):

* **a fight's spread**: the standard deviation of the change in the score difference from one
  Discard step to the next (one fight), the heuristic on both seats: what ``fight_sd`` of
  :func:`fwlab.bots.eredan.discard.deck_out_values` stands for;
* **head to head**: the shipped heuristic (it ends by deck-out only when its valuation says ending
  pays) against the same bot with the rule it had before (``--margin``: throw the whole hand once
  that many points ahead with fewer than five cards in the deck; ``--margin 999``: never), each
  seat both ways. The old rule is written here, in Python, around the shipped bot: every other
  decision is the shipped bot's own.

``--changes`` plays a change set instead of the shipped catalog.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import time
from typing import Any


class OldRule:
    """The shipped heuristic with the discards it made before (a flat score margin for the deck-out)."""

    def __init__(self, seed: int, margin: int, safe_deck: int = 3, stall_turn: int = 30) -> None:
        from fwlab.bots.eredan.heuristic import HeuristicBot

        self.bot = HeuristicBot(seed)
        self.margin, self.safe_deck, self.stall_turn = margin, safe_deck, stall_turn

    def choose(self, g: Any) -> Any:
        from fwlab.bots.eredan import discard
        from fwlab.bots.eredan.heuristic import PASS, discard_act
        from fwlab.bots.eredan.layout import layout
        from fwlab.rules.eredan.game import DISCARD
        from fwlab.rules.eredan.state import HAND

        if g.decision != DISCARD:
            return self.bot.choose(g)
        self.bot.choose(g)  # the bot's per-game tables stay in step
        p = g.decider
        s, op = g.seats[p], g.seats[1 - p]
        use = layout(g).use
        if not s.hand:
            return PASS
        if len(s.hand) > HAND:
            return discard_act(discard.worst(g, s, use))
        if s.decked or op.decked:
            return PASS
        lead = s.score - op.score
        if lead > 0 and ((len(s.deck) < HAND and lead >= self.margin) or g.turn >= self.stall_turn):
            return discard_act(s.hand[0])
        if len(s.deck) < self.safe_deck:
            return PASS
        for c in s.hand:
            if not discard.usable(g, s, g.defs[c], use[c]):
                return discard_act(c)
        return PASS


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--per", type=int, default=40, help="games per ordered pairing and seat order (25 pairings)")
    ap.add_argument("--changes", help="a change set (TOML or JSON) played instead of the shipped catalog")
    ap.add_argument("--margin", type=int, default=7, help="the old rule's score margin (999: never force)")
    args = ap.parse_args()

    from fwlab.bots.eredan.heuristic import HeuristicBot
    from fwlab.catalog.overrides import catalog_with_overrides
    from fwlab.decks.starters import starter_decks
    from fwlab.rules.eredan.engine import compiled_deck
    from fwlab.rules.eredan.game import DISCARD, new_game, play_out
    from fwlab.sim.play import _names
    from fwlab.stats import wilson

    changes = None
    if args.changes:
        from fwlab.lab.changes import load_changes

        changes = load_changes(args.changes, "eredan")
    cat = catalog_with_overrides("eredan", changes)
    decks = [compiled_deck(cat, _names(d)) for d in starter_decks("eredan")]
    t0 = time.perf_counter()
    swings: list[int] = []
    won = n = 0.0
    for k, (i, j) in enumerate(itertools.product(range(len(decks)), repeat=2)):
        for gi in range(args.per):
            seed = k * 100003 + gi
            g = new_game(decks[i], decks[j], seed, record=False, first=gi % 2)
            bots = [HeuristicBot(seed * 2 + 1), HeuristicBot(seed * 2 + 2)]
            prev, turn = 0, -1
            while not g.is_terminal():
                if g.decision == DISCARD and g.turn != turn:
                    d = g.seats[0].score - g.seats[1].score
                    swings.append(d - prev)
                    prev, turn = d, g.turn
                g.apply(bots[g.decider].choose(g))
            for new_seat in (0, 1):
                duel: list[Any] = [None, None]
                duel[new_seat] = HeuristicBot(seed * 2 + 1)
                duel[1 - new_seat] = OldRule(seed * 2 + 2, args.margin)
                g = new_game(decks[i], decks[j], seed, record=False, first=gi % 2)
                play_out(g, duel)
                places = g.outcome.places
                won += 0.5 if places[0] == places[1] else float(places[new_seat] == 1)
                n += 1
    lo, hi = wilson(won, n)
    print(f"a fight's score swing over {len(swings)} fights: mean {statistics.mean(swings):+.2f}, "
          f"sd {statistics.pstdev(swings):.2f}")
    print(f"shipped heuristic against the old deck-out rule (margin {args.margin}): {n:.0f} games, "
          f"the shipped bot wins {won / n:.3f} [{lo:.3f}, {hi:.3f}] ({time.perf_counter() - t0:.0f} s)")


if __name__ == "__main__":
    main()
