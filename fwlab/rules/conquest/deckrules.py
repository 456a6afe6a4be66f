"""The deck rules of ``conquest`` (text 003): no player decks. The seats share one deck (every card
of the catalog ``copies`` times), so there is nothing to build or validate; a hand is the engine's
eight cards (CQ-SETUP-1). The statistics of a list of its cards still profile the troops' attack
and support. Read by the deck tools through :class:`fwlab.rules.deckrules.DeckRules`.

Not compiled: plain data beside the engine.
"""

from __future__ import annotations

from ..deckrules import DeckRules
from .game import HAND_SIZE

DECK_RULES = {
    "conquest": DeckRules(
        player_decks=False,
        no_decks="Conquest of the Fallen Lands is a board game with one shared deck; players do not build decks, "
                 "so there is nothing to validate.",
        opening_hand=HAND_SIZE,
        profile_fields=("attack", "support"), fighter_types=("troop",),
    ),
}
