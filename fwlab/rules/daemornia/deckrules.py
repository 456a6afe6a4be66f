"""The deck rules of ``fw``, ``fw-epic`` and ``bg`` (texts 000-002 and RULINGS), as the deck tools
read them (:class:`fwlab.rules.deckrules.DeckRules`; docs/decklists.md).

* ``fw``, ``fw-epic``: at least 40 cards, at most 4 of a name (the deck builder's rule; the Game
  Terms' "five" is overruled), 1 of each Special; ``bg``: exactly 40, at most 5, 1 of each Special.
* Hands: the opening hand of the engine's own :data:`~fwlab.rules.daemornia.config.CONFIGS` (five)
  and one card in each of your Resource/Draw phases from your first turn on (RULINGS: both players
  draw from turn 1), so ``5 + t`` cards by your turn t, going first or second.
* Resources: the engine's cycle (``fw`` 1, 2, 3; ``fw-epic`` 1..6); ``bg`` rolls its Res.
* Statistics: the creatures' nature mix; Att/Def/Dmg/Hp of the creatures.
* The helper: 20 creatures of one nature, 4 Scenarios, 7 events, 9 attachments, weighted by what
  the ruleset's resources pay for, Specials less often.

Not compiled: plain data beside the engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..deckrules import DeckRules
from .config import CONFIGS

#: cards wanted per type by the helper, in decklist order
QUOTAS = {"creature": 20, "scenario": 4, "event": 7, "attachment": 9}
#: the helper's weight of a card by its cost (fw pays 1-3 Res a turn, epic and bg dearer)
CURVES: Mapping[str, Mapping[int, float]] = {
    "fw": {0: 2, 1: 5, 2: 5, 3: 3, 4: 1, 5: 0.5},
    "fw-epic": {0: 1, 1: 3, 2: 4, 3: 4, 4: 3, 5: 2, 6: 1.5},
    "bg": {0: 1, 1: 2, 2: 3, 3: 4, 4: 4, 5: 3, 6: 2},
}


def _pick_weight(card: Any, curve_weight: float) -> float:
    """Specials are drawn less often (a deck holds one of each at most)."""
    return curve_weight * (0.3 if card.special else 1.0)


def _rules(ruleset: str, min_size: int, max_size: int | None, max_copies: int, no_cycle: str = "") -> DeckRules:
    config = CONFIGS[ruleset]
    return DeckRules(
        min_size=min_size, max_size=max_size, max_copies=max_copies, max_special=1,
        opening_hand=config.opening_hand, draws_per_turn=1, draw_on_turn_one=(True, True),
        resource_cycle=tuple(config.cycle), no_cycle=no_cycle,
        curve_types=tuple(QUOTAS), mix_field="nature", mix_types=("creature",),
        profile_fields=("att", "def", "dmg", "hp"), fighter_types=("creature",),
        quotas=QUOTAS, curve=CURVES[ruleset], pick_weight=_pick_weight,
    )


DECK_RULES: Mapping[str, DeckRules] = {
    "fw": _rules("fw", 40, None, 4),
    "fw-epic": _rules("fw-epic", 40, None, 4),
    "bg": _rules("bg", 40, 40, 5, no_cycle="Battlegrounds rolls its Res: the exact enumeration is too large "
                                          "to be useful"),
}
