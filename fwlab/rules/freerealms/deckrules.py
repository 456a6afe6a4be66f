"""The deck rules of ``fr`` (text 001 and RULINGS "Free Realms"), as the deck tools read them
(:class:`fwlab.rules.deckrules.DeckRules`; docs/decklists.md).

* At least 40 cards, at most 3 of a name.
* Hands: the engine's opening hand (6) and two cards in each Ready Phase, which the first player
  skips on its turn 1 (FR-SETUP-2, FR-READY-1): ``6 + 2t`` cards by your turn t going second,
  ``6 + 2(t - 1)`` going first.
* Statistics: every card's sphere, Heroes apart; the average gems (the deck builder's figure: the
  mean gem count over every card) and the gem histogram; attack/defense of the creatures.
* The helper: 24 creatures, 10 resources, 6 tricks of one sphere (Heroes fit any), weighted by
  cost and by gems (more gems, more often), Heroes less often.

Not compiled: plain data beside the engine.
"""

from __future__ import annotations

from typing import Any

from ..deckrules import DeckRules
from .game import OPENING_HAND, READY_DRAW


def _mix_key(card: Any) -> str:
    return "hero" if card.fields.get("hero") else str(card.fields.get("sphere", "none"))


def _hero(card: Any) -> bool:
    return bool(card.fields.get("hero"))


def _pick_weight(card: Any, curve_weight: float) -> float:
    return curve_weight * (1 + len(card.fields.get("gems", [])) / 2) * (0.5 if card.fields.get("hero") else 1)


DECK_RULES = {
    "fr": DeckRules(
        min_size=40, max_copies=3,
        opening_hand=OPENING_HAND, draws_per_turn=READY_DRAW, draw_on_turn_one=(False, True),
        curve_types=("creature", "trick"), mix_field="sphere", mix_key=_mix_key, gem_field="gems", max_gems=4,
        profile_fields=("attack", "defense"), fighter_types=("creature",),
        quotas={"creature": 24, "resource": 10, "trick": 6}, curve={0: 3, 1: 5, 2: 5, 3: 4, 4: 2, 5: 1.5, 6: 1},
        camp_free=_hero, pick_weight=_pick_weight,
    ),
}
