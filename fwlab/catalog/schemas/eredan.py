"""Schema of the Eredan ITCG catalog (ruleset ``eredan``); documented in ``docs/catalogs/eredan.md``.

Characters (guild, classes, race, Att/Def/Spirit/Life, turn bonuses) and the cards of the 20-card
deck: items, spells, theurgies, skills and actions. A card with an ``evolution`` is one level of a
base card; all levels of a base count as copies of one card in a deck (:func:`deck_key`).

>>> deck_key({"name": "Stormcall III", "evolution": {"base": "Stormcall", "level": 3}})
'Stormcall'
>>> deck_key({"name": "Grave Hook"})
'Grave Hook'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..spec import F, FamilySchema, Problem, check_value
from ._vocab import Action, check_actions

MERCENARY = "Mercenary"
#: fwlab's own guilds (the source's Kotoba, Zil and Noz'Dingard are not reused).
GUILDS = frozenset({"Ember Court", "Tidewardens", "Ashen Pact"})
CLASSES = frozenset({"Fighter", "Mage", "Marauder", "Priest", "Craftsman"})
RACES = frozenset({"Beast", "Ice Elf", "Elfine", "Golem", "Guemelite", "Hom'Chai", "Human", "Undead",
                   "Unknown", "Solarian"})
ITEM_KINDS = frozenset({"weapon", "armour", "potion", "scroll", "jewel"})
#: Item kinds discarded at the end of the fight they were used in.
CONSUMABLE = frozenset({"potion", "scroll"})
CARD_TYPES = frozenset({"item", "spell", "theurgy", "skill", "action"})
STATS = frozenset({"att", "def", "spirit"})
RARITIES = frozenset({"common", "uncommon", "rare", "epic"})
#: What a chain may be restricted to: a card type or an item kind.
CHAIN_WITH = CARD_TYPES | ITEM_KINDS
#: A Guemelite's type (its element) and the element of a spell it may cast.
ELEMENTS = frozenset({"fire", "water", "earth", "air"})

#: Who an effect touches. "self" is the character the card is played for, "foe" the enemy it fights.
TARGETS = frozenset({"self", "foe", "ally", "allies", "enemies"})
#: Targets that hit every character of a side: an area-of-effect card.
AREA_TARGETS = frozenset({"allies", "enemies"})

_N = F("int", min=1)
_SIGNED = F("int", min=-20, max=20)
_TARGET = F("enum", choices=TARGETS)

EFFECTS: dict[str, Action] = {
    "damage": Action("deal n damage to the target; damage from a spell or a theurgy is reduced by the "
                     "target's Spirit (max(0, n - Spirit)), damage from any other card by its Def (max(0, n - Def))",
                     {"n": _N, "target": _TARGET}),
    "heal": Action("the target regains n Life, never above its printed Life; healing counts for the score",
                   {"n": _N, "target": _TARGET}),
    "att": Action("the target's Att changes by n (negative lowers it, not below 0) for this fight",
                  {"n": _SIGNED, "target": _TARGET}),
    "def": Action("the target's Def changes by n (negative lowers it, not below 0) for this fight",
                  {"n": _SIGNED, "target": _TARGET}),
    "spirit": Action("the target's Spirit changes by n (negative lowers it, not below 0) for this fight",
                     {"n": _SIGNED, "target": _TARGET}),
    "draw": Action("you draw n cards (your hand may go above 5 until the Discard step)", {"n": _N}),
    "bonuses": Action("order-bonus activation: the target gets every turn bonus printed on it, whatever the "
                      "turn, for this fight", {"target": _TARGET}),
    "retrieve": Action("return up to n cards from your discard pile to your hand, the most recently discarded "
                       "first (kind: only cards of this type or item kind); resolves after every other card "
                       "of the fight", {"n": _N, "kind": F("enum", required=False, choices=CHAIN_WITH)}),
}

#: A parameter every effect takes: applies only when the card is played for a character that
#: matches (a class, a guild, a caste, a race or a character's name); ``"other"``: only when no
#: other ``bearer`` effect of the card matched (the default bonus of Craftsman items and Golems).
EFFECT_EXTRA = {"bearer": F("str", required=False)}

_BONUS_SPECS = {"turn": F("int", min=1), "stat": F("enum", choices=STATS), "n": _SIGNED}

SCHEMA_FIELDS_COMMON = {
    "name": F("str"),
    "type": F("enum", choices=CARD_TYPES | {"character"}),
    "rarity": F("enum", required=False, choices=RARITIES, default="common"),
    "text": F("str", required=False, default=""),
}

_CARD_FIELDS = {
    "guild": F("enum", required=False, choices=GUILDS),
    "unique": F("bool", required=False, default=False),
    "evolution": F("table", required=False),
    "chain": F("bool", required=False, default=False),
    "chain_with": F("enum", required=False, choices=CHAIN_WITH),
    "classes": F("enumlist", required=False, choices=CLASSES, default=[]),
    "caste": F("str", required=False),
    "effects": F("tablelist", required=False, default=[]),
}

PER_TYPE = {
    "character": {
        "guild": F("enum", choices=GUILDS | {MERCENARY}),
        "classes": F("enumlist", choices=CLASSES),
        "race": F("enum", choices=RACES),
        "caste": F("str", required=False),
        "att": F("int"),
        "def": F("int"),
        "spirit": F("int"),
        "life": F("int", min=1),
        "bonuses": F("tablelist", required=False, default=[]),
        "marauder_bonus": F("table", required=False),
        "item_chain": F("enum", required=False, choices=ITEM_KINDS),
        "element": F("enum", required=False, choices=ELEMENTS),
    },
    "item": {**_CARD_FIELDS, "kind": F("enum", choices=ITEM_KINDS),
             "dual_wield": F("bool", required=False, default=False),
             "hands": F("int", required=False, min=1, max=2)},
    "spell": {**_CARD_FIELDS, "aoe": F("bool", required=False, default=False),
              "element": F("enum", required=False, choices=ELEMENTS)},
    "theurgy": {**_CARD_FIELDS, "aoe": F("bool", required=False, default=False)},
    "skill": dict(_CARD_FIELDS),
    "action": dict(_CARD_FIELDS),
}


def _check_character(card: Mapping[str, Any]) -> list[Problem]:
    problems: list[Problem] = []
    classes = card["classes"]
    if not 1 <= len(classes) <= 2 or len(set(classes)) != len(classes):
        problems.append(("classes", f"a character has one or two different classes, got {classes}"))
    for i, bonus in enumerate(card["bonuses"]):
        for key, spec in _BONUS_SPECS.items():
            reason = check_value(spec, bonus.get(key)) if key in bonus else "is missing"
            if reason:
                problems.append((f"bonuses[{i}]", f"{key} {reason}"))
        for key in bonus:
            if key not in _BONUS_SPECS:
                problems.append((f"bonuses[{i}]", f"takes no parameter {key!r} (it takes turn, stat, n)"))
    marauder = "Marauder" in classes
    mb = card.get("marauder_bonus")
    if marauder and mb is None:
        problems.append(("marauder_bonus", 'is missing (a Marauder gets +n Att against one class: {vs = "Mage", n = 1})'))
    if not marauder and mb is not None:
        problems.append(("marauder_bonus", "only a Marauder has a marauder bonus"))
    if mb is not None:
        for key, spec in {"vs": F("enum", choices=CLASSES), "n": _N}.items():
            reason = check_value(spec, mb.get(key)) if key in mb else "is missing"
            if reason:
                problems.append(("marauder_bonus", f"{key} {reason}"))
        extra = set(mb) - {"vs", "n"}
        if extra:
            problems.append(("marauder_bonus", f"takes only vs and n, not {sorted(extra)}"))
    pure_fighter = classes == ["Fighter"]
    if pure_fighter and "item_chain" not in card:
        problems.append(("item_chain", "is missing (a pure Fighter chains after one kind of item, e.g. \"weapon\")"))
    if not pure_fighter and "item_chain" in card:
        problems.append(("item_chain", "only a pure Fighter chains on items (multi-classed fighters lose it)"))
    guem = card["race"] == "Guemelite"
    if guem and "element" not in card:
        problems.append(("element", 'is missing (a Guemelite has a type: "fire", "water", "earth" or "air")'))
    if not guem and "element" in card:
        problems.append(("element", "only a Guemelite has an element"))
    return problems


def _check_card(card: Mapping[str, Any]) -> list[Problem]:
    problems = check_actions("effects", card["effects"], EFFECTS, EFFECT_EXTRA)
    if "chain_with" in card and not card["chain"]:
        problems.append(("chain_with", "restricts a chain, so the card needs chain = true"))
    evo = card.get("evolution")
    if evo is not None:
        for key, spec in {"base": F("str"), "level": F("int", min=1, max=3)}.items():
            reason = check_value(spec, evo.get(key)) if key in evo else "is missing"
            if reason:
                problems.append(("evolution", f"{key} {reason}"))
        extra = set(evo) - {"base", "level"}
        if extra:
            problems.append(("evolution", f"takes only base and level, not {sorted(extra)}"))
    if card["type"] in ("spell", "theurgy"):
        area = any(e.get("target") in AREA_TARGETS for e in card["effects"])
        if area != card["aoe"]:
            problems.append(("aoe", "must be true exactly when an effect targets allies or enemies "
                                    f"(got aoe = {str(card['aoe']).lower()})"))
    if card["type"] == "item" and card["kind"] != "weapon" and card["dual_wield"]:
        problems.append(("dual_wield", "only a weapon can have Dual Wield"))
    if card["type"] == "item" and "hands" in card and card["kind"] != "weapon":
        problems.append(("hands", "only a weapon is one- or two-handed"))
    if card["type"] == "item" and card.get("hands") == 2 and card["dual_wield"]:
        problems.append(("dual_wield", "a two-handed weapon cannot have Dual Wield"))
    if card["type"] != "item" and not card["effects"]:
        problems.append(("effects", f"a {card['type']} needs at least one effect"))
    return problems


def check(card: Mapping[str, Any]) -> list[Problem]:
    """Cross-field rules of one card (see the family document)."""
    if card["type"] == "character":
        return _check_character(card)
    return _check_card(card)


def deck_key(card: Mapping[str, Any]) -> str:
    """The name deck limits count under: an evolution's base name, otherwise the card's own name."""
    evo = card.get("evolution")
    return str(evo["base"]) if evo else str(card["name"])


def is_consumable(card: Mapping[str, Any]) -> bool:
    """A potion or scroll: discarded at the end of the fight it was used in.

    >>> is_consumable({"type": "item", "kind": "potion"}), is_consumable({"type": "item", "kind": "jewel"})
    (True, False)
    """
    return card.get("type") == "item" and card.get("kind") in CONSUMABLE


def evolution_problems(cards: Iterable[Any]) -> list[str]:
    """Whole-catalog evolution rules: the levels of a base are one each, share type and guild.

    ``cards`` are catalog :class:`Card` s; :func:`check` cannot see other cards, so the catalog
    tests run this on the whole catalog.
    """
    groups: dict[str, list[Any]] = {}
    for card in cards:
        evo = card.fields.get("evolution")
        if evo:
            groups.setdefault(evo["base"], []).append(card)
    problems = []
    for base, members in groups.items():
        levels = sorted(c.fields["evolution"]["level"] for c in members)
        if len(set(levels)) != len(levels):
            problems.append(f"evolutions of {base!r} repeat a level: {levels}")
        if len({(c.type, c.fields.get("guild")) for c in members}) > 1:
            problems.append(f"evolutions of {base!r} differ in type or guild")
    return problems


SCHEMA = FamilySchema(
    family="eredan",
    types=frozenset(PER_TYPE),
    rarities=RARITIES,
    common=SCHEMA_FIELDS_COMMON,
    per_type=PER_TYPE,
    cost={},
    attack="att",
    defense="def",
    check=check,
    abilities_field="effects",
)

__all__ = ["SCHEMA", "ELEMENTS", "EFFECT_EXTRA", "GUILDS", "MERCENARY", "CLASSES", "RACES", "ITEM_KINDS", "CONSUMABLE", "EFFECTS",
           "TARGETS", "deck_key", "is_consumable", "evolution_problems"]
