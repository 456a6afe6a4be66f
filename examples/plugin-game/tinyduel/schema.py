"""The Tiny Duel card catalog's schema: what a card file may say, checked field by field by fwlab's
catalog loader (``fwlab.catalog.spec``), so a card writer gets errors naming the file, line, card
and field without reading this code.

Two card types: a **fighter** (``cost``, ``power``, ``guard``, optional ``keywords``) goes into its
owner's line and strikes; a **spell** (``cost``, ``effect``, ``amount``) is cast once and discarded.

>>> from fwlab.catalog import parse_catalog_text
>>> parse_catalog_text('[[card]]\\nname = "Ember Fox"\\ntype = "fighter"\\nrarity = "common"\\n'
...                    'cost = 1\\npower = 2\\nguard = 1\\n', "tinyduel")[0].attack
2
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fwlab.catalog.spec import F, FamilySchema, Problem

FAMILY = "tinyduel"
TYPES = ("fighter", "spell")
RARITIES = frozenset({"common", "rare"})
#: what a fighter's keywords mean (TD-STRIKE-1, TD-DAMAGE-1 in the README's rules)
KEYWORDS = {"swift": "may strike on the turn it is played",
            "sturdy": "takes 1 less damage from each strike and bolt"}
#: what a spell does with its ``amount`` (TD-CAST-1)
EFFECTS = {"bolt": "deal amount damage to an enemy fighter or to the enemy seat",
           "mend": "you gain amount Life",
           "draw": "you draw amount cards"}
MAX_COST = 5          # the most sparks a seat ever has (TD-SPARK-1)
MAX_DRAW = 3

COMMON = {
    "name": F("str"),
    "type": F("enum", choices=frozenset(TYPES)),
    "rarity": F("enum", choices=RARITIES),
    "cost": F("int", min=0, max=MAX_COST),
    "text": F("str", required=False, default=""),
}
PER_TYPE = {
    "fighter": {
        "power": F("int", min=0, max=9),
        "guard": F("int", min=1, max=9),
        "keywords": F("enumlist", required=False, choices=frozenset(KEYWORDS), default=[]),
    },
    "spell": {
        "effect": F("enum", choices=frozenset(EFFECTS)),
        "amount": F("int", min=1, max=9),
    },
}


def check(card: Mapping[str, Any]) -> list[Problem]:
    """Rules across fields: a draw spell draws at most :data:`MAX_DRAW` cards; a keyword once."""
    problems: list[Problem] = []
    if card["type"] == "spell" and card["effect"] == "draw" and card["amount"] > MAX_DRAW:
        problems.append(("amount", f"a draw spell draws at most {MAX_DRAW} cards, not {card['amount']}"))
    kws = list(card.get("keywords", []))
    if len(set(kws)) != len(kws):
        problems.append(("keywords", f"a keyword is written once, got {kws}"))
    return problems


SCHEMA = FamilySchema(
    family=FAMILY,
    types=frozenset(TYPES),
    rarities=RARITIES,
    common=COMMON,
    per_type=PER_TYPE,
    cost={"fighter": "cost", "spell": "cost"},
    attack="power",
    defense="guard",
    check=check,
)
