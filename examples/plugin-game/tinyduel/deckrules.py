"""The deck rules of ``tinyduel`` (README.md, TD-DECK-1) as fwlab's deck tools read them
(:class:`fwlab.rules.deckrules.DeckRules`): ``fwlab deck check|stats|odds|fill``, the deck
builder page and the engine's own refusal of an illegal setup read the same numbers.

* Exactly 20 cards, at most 3 of a name.
* Hands: ``hand_size`` cards (the rule option, default 4), then one card at the start of each of
  your turns except the first seat's turn 1 (TD-SETUP-1, TD-DRAW-1).
* Sparks grow by one a turn up to 5 (TD-SPARK-1): not a repeating cycle, so no deploy odds.
* Statistics: the costs of every card, power and guard of the fighters.
* The helper: 14 fighters and 6 spells, weighted towards cheap cards.
"""

from __future__ import annotations

from fwlab.rules.deckrules import DeckRules

from .game import DECK_SIZE, HAND_SIZE, MAX_COPIES

DECK_RULES = {
    "tinyduel": DeckRules(
        min_size=DECK_SIZE, max_size=DECK_SIZE, max_copies=MAX_COPIES,
        opening_hand=HAND_SIZE, draws_per_turn=1, draw_on_turn_one=(False, True),
        no_cycle="Tiny Duel's sparks grow by one a turn up to 5 (TD-SPARK-1); they do not repeat as a cycle",
        curve_types=("fighter", "spell"), profile_fields=("power", "guard"), fighter_types=("fighter",),
        quotas={"fighter": 14, "spell": 6}, curve={0: 2, 1: 5, 2: 5, 3: 4, 4: 2, 5: 1},
    ),
}
