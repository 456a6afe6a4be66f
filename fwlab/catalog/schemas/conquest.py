"""Schema of the Conquest of the Fallen Lands deck (ruleset ``conquest``); see ``docs/catalogs/conquest.md``.

The game has one shared deck of Troop, Fortification and Magic cards. Each card costs followers
(``followers = {warrior = 2, craftsman = 1}``: expend that many of each kind); ``copies`` says how
many copies of it the physical deck holds. Magic effects are data in the vocabulary :data:`EFFECTS`.

>>> follower_cost({"followers": {"warrior": 2, "craftsman": 1}})
3
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..spec import F, FamilySchema, Problem, check_value
from ._vocab import Action, check_actions

FOLLOWERS = ("warrior", "craftsman", "mage")
#: Difficulty of a field: 1 (easy) to 12 (hardest); also the coins its conquest pays.
MIN_DIFFICULTY, MAX_DIFFICULTY = 1, 12
#: The board ruling: 19 hex fields (a hexagon of radius 2). Not part of the catalog; a ruleset parameter.
BOARD_FIELDS = 19

_N = F("int", min=1)

EFFECTS: dict[str, Action] = {
    "claim": Action("mark one unclaimed field of difficulty at most max as yours with a colour chip, "
                    "without a troop and without coins; it counts as taken for the end of the game "
                    "and as activity for the no-conquest round; it holds no troop, so it gives no "
                    "support and cannot be fortified",
                    {"max": F("int", min=MIN_DIFFICULTY, max=MAX_DIFFICULTY)}),
    "boost": Action("the next troop you play this turn gets +n attack for its conquest", {"n": _N}),
    "draw": Action("you draw n cards from the deck now", {"n": _N}),
    "coins": Action("take n coins from the bank", {"n": _N}),
    "steal_support": Action("for your next conquest this turn, the support of every opponent's troop and "
                            "fortification adjacent to the field also counts for you"),
    "refresh": Action("restore n of your expended followers (face up again) this turn", {"n": _N}),
}

SCHEMA_FIELDS_COMMON = {
    "name": F("str"),
    "type": F("enum", choices=frozenset({"troop", "fortification", "magic"})),
    "rarity": F("enum", required=False, choices=frozenset({"common"}), default="common"),
    "followers": F("table"),
    "copies": F("int", required=False, min=1, max=12, default=1),
    "text": F("str", required=False, default=""),
}

PER_TYPE = {
    "troop": {"attack": F("int", min=1, max=MAX_DIFFICULTY), "support": F("int", max=6)},
    "fortification": {"support": F("int", min=1, max=6)},
    "magic": {"effects": F("tablelist")},
}


def follower_cost(card: Mapping[str, Any]) -> int:
    """How many followers a card expends in all."""
    return sum(int(card["followers"].get(k, 0)) for k in FOLLOWERS)


def _check_followers(followers: Mapping[str, Any]) -> list[Problem]:
    problems: list[Problem] = []
    for key, value in followers.items():
        if key not in FOLLOWERS:
            problems.append(("followers", f"unknown follower {key!r}; followers are {', '.join(FOLLOWERS)}"))
            continue
        reason = check_value(F("int", min=0, max=6), value)
        if reason:
            problems.append(("followers", f"{key} {reason}"))
    return problems


def check(card: Mapping[str, Any]) -> list[Problem]:
    """Cross-field rules of one card (see the family document)."""
    problems = _check_followers(card["followers"])
    if problems:
        return problems
    if follower_cost(card) < 1:
        problems.append(("followers", "a card expends at least one follower"))
    if card["type"] == "magic":
        if card["followers"].get("mage", 0) < 1:
            problems.append(("followers", "a magic card expends at least one mage"))
        if not card["effects"]:
            problems.append(("effects", "a magic card needs at least one effect"))
        problems += check_actions("effects", card["effects"], EFFECTS)
    return problems


def deck_size(cards: Iterable[Any]) -> int:
    """The size of the physical deck: the sum of every card's ``copies``."""
    return sum(int(c.fields["copies"]) for c in cards)


SCHEMA = FamilySchema(
    family="conquest",
    types=frozenset(PER_TYPE),
    rarities=frozenset({"common"}),
    common=SCHEMA_FIELDS_COMMON,
    per_type=PER_TYPE,
    cost={},
    attack="attack",
    defense=None,
    check=check,
    abilities_field="effects",
)

__all__ = ["SCHEMA", "EFFECTS", "FOLLOWERS", "BOARD_FIELDS", "MIN_DIFFICULTY", "MAX_DIFFICULTY",
           "follower_cost", "deck_size"]
