"""Schema of the Free Realms TCG catalog (ruleset ``fr``); documented in ``docs/catalogs/freerealms.md``.

Creatures (Heroes are creatures with ``hero = true`` and no sphere), resources and tricks. Every
card has 0 to 4 gems, each of a sphere's colour; a non-Hero card's gems are of its own sphere.
Power-ups, collect text, trick and resource effects and creatures' own actions are data in the small
vocabularies below.

>>> parse_collector("1 U 132")
(1, 'U', 132)
>>> parse_collector("1-U-132") is None
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from ..spec import F, FamilySchema, Problem
from ._vocab import Action, check_action, check_actions

SPHERES = frozenset({"chaos", "nature", "machine", "order"})
#: C Common, U Uncommon, R Rare, E Exclusive, P Promo, S Starter.
RARITIES = frozenset({"C", "U", "R", "E", "P", "S"})
MAX_GEMS = 4

_N = F("int", min=1)
_COLLECTOR_RE = re.compile(r"^(\d+) ([A-Z]) (\d+)$")

#: What a creature's power-up does when the card flipped for it in battle has a gem of its sphere.
POWERUPS: dict[str, Action] = {
    "attack": Action("this creature gets +n attack for this battle", {"n": _N}),
    "defense": Action("this creature gets +n defense for this battle", {"n": _N}),
    "score": Action("this creature scores n cards now (top cards of your deck to its score pile)", {"n": _N}),
    "draw": Action("you draw n cards", {"n": _N}),
    "stun": Action("the foe is stunned when this battle ends, if it is still in play"),
}

#: What a trick (paid in stars, played on your battling creature) or a resource action does.
EFFECTS: dict[str, Action] = {
    "attack": Action("your battling creature gets +n attack for this battle", {"n": _N}),
    "defense": Action("your battling creature gets +n defense for this battle", {"n": _N}),
    "destroy": Action("destroy the foe if its coin cost is n or less (Heroes included); "
                      "your creature, left alone, wins the battle", {"n": _N}),
    "score": Action("your battling creature scores n cards now", {"n": _N}),
    "draw": Action("you draw n cards", {"n": _N}),
    "stun": Action("the foe is stunned when this battle ends, if it is still in play"),
    "end_battle": Action("the battle ends now: no winner, no loser, no card scored"),
}

#: A parameter every trick effect and resource action may carry: the effect happens only when your
#: battling creature has this trait (``"your Goblins get +1 attack"``); the engine's FR-TRAIT-1.
EFFECT_EXTRA: dict[str, F] = {"trait": F("str", required=False)}

#: Costs a resource action may carry besides its effect (all optional; at least one is required).
RESOURCE_COSTS: dict[str, F] = {
    "coins": F("int", required=False, min=1),      # a coin action: paid in your Set Phase
    "stars": F("int", required=False, min=1),      # a star action: paid during a battle
    "zap": F("bool", required=False),              # zap this resource (it must be ready)
    "face_down": F("bool", required=False),        # turn this resource face down (it stops being one)
    "discard": F("int", required=False, min=1),    # discard this many cards of your choice from your hand
}

#: What a creature's own action does (``actions``, "actions on your cards in play"): the trick and
#: resource effects (on your battling creature, so a star action works from a creature that is not in
#: the battle), plus ``move``, a coin action only.
CREATURE_ACTIONS: dict[str, Action] = {
    **EFFECTS,
    "move": Action("this creature moves to one of your empty spaces (you choose which; a coin action, "
                   "used in your Set Phase)"),
}

#: Costs of a creature's action: coins (a coin action) or stars (a star action), exactly one of them,
#: plus, if printed, zapping this creature and discarding cards from your hand.
CREATURE_COSTS: dict[str, F] = {
    "coins": F("int", required=False, min=1),
    "stars": F("int", required=False, min=1),
    "zap": F("bool", required=False),              # zap this creature (it must be ready)
    "discard": F("int", required=False, min=1),
}

#: What a creature gets while its score pile holds at least ``n`` cards (its "Collect n" text).
COLLECT: dict[str, Action] = {
    "attack": Action("+by attack", {"by": _N}),
    "defense": Action("+by defense", {"by": _N}),
    "hunt": Action("scores by extra cards each time it hunts", {"by": _N}),
}

#: What a creature gets while its owner has scored fewer cards than the opponent (its "Rally" text).
RALLY: dict[str, str] = {"n": "how many more cards the opponent has scored (default 1)",
                         "attack": "+attack", "defense": "+defense"}

SCHEMA_FIELDS_COMMON = {
    "name": F("str"),
    "type": F("enum", choices=frozenset({"creature", "resource", "trick"})),
    "rarity": F("enum", choices=RARITIES),
    "collector": F("str"),
    "sphere": F("enum", required=False, choices=SPHERES),
    "gems": F("enumlist", choices=SPHERES),
    "traits": F("strlist", required=False, default=[]),
    "text": F("str", required=False, default=""),
    "lore": F("str", required=False, default=""),
}

PER_TYPE = {
    "creature": {
        "cost": F("int", min=0),
        "attack": F("int"),
        "defense": F("int"),
        "hero": F("bool", required=False, default=False),
        "powerups": F("tablelist", required=False, default=[]),
        "collect": F("table", required=False),
        "rally": F("table", required=False),
        "actions": F("tablelist", required=False, default=[]),
    },
    "trick": {
        "cost": F("int", min=0),
        "effects": F("tablelist"),
    },
    "resource": {
        "effects": F("tablelist", required=False, default=[]),
    },
}


def parse_collector(text: str) -> tuple[int, str, int] | None:
    """``"1 U 132"`` -> ``(series, rarity letter, number)``, or None when it is not in that form."""
    m = _COLLECTOR_RE.match(text.strip())
    if not m:
        return None
    return int(m.group(1)), m.group(2), int(m.group(3))


def _check_collector(card: Mapping[str, Any]) -> list[Problem]:
    parsed = parse_collector(card["collector"])
    if parsed is None:
        return [("collector", f'must read SERIES RARITY NUMBER like "1 U 132", got {card["collector"]!r}')]
    series, letter, number = parsed
    problems: list[Problem] = []
    if series < 1 or number < 1:
        problems.append(("collector", f"series and number start at 1, got {card['collector']!r}"))
    if letter != card["rarity"]:
        problems.append(("collector", f"rarity letter {letter!r} differs from the card's rarity {card['rarity']!r}"))
    return problems


def _check_rally(rally: Any) -> list[Problem]:
    """``rally = { n = N, attack = A, defense = D }``: what the creature gets while the opponent has scored
    at least N more cards than its owner (FR-RALLY-1; N defaults to 1); attack and defense whole numbers
    >= 0, at least one of them >= 1."""
    if not isinstance(rally, Mapping):
        return [("rally", f"must be a table like {{ attack = 2, defense = 1 }}, got {rally!r}")]
    problems: list[Problem] = []
    for key in rally:
        if key not in RALLY:
            problems.append((f"rally.{key}", f"unknown key; rally takes {', '.join(sorted(RALLY))}"))
    n = rally.get("n", 1)
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        problems.append(("rally.n", f"must be a whole number >= 1 (how many more cards the opponent has scored), got {n!r}"))
    for key in ("attack", "defense"):
        v = rally.get(key, 0)
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            problems.append((f"rally.{key}", f"must be a whole number >= 0, got {v!r}"))
    if not problems and not any(rally.get(k, 0) for k in ("attack", "defense")):
        problems.append(("rally", "needs attack or defense of 1 or more"))
    return problems


def check(card: Mapping[str, Any]) -> list[Problem]:
    """Cross-field rules of one card (see the module docstring and the family document)."""
    problems = _check_collector(card)
    hero = card.get("hero", False)
    sphere = card.get("sphere")
    gems = card["gems"]
    if len(gems) > MAX_GEMS:
        problems.append(("gems", f"a card has at most {MAX_GEMS} gems, got {len(gems)}"))
    if hero and sphere is not None:
        problems.append(("sphere", "a Hero has no sphere"))
    if not hero and sphere is None:
        problems.append(("sphere", f"is missing (every card but a Hero has one of {', '.join(sorted(SPHERES))})"))
    if not hero and sphere is not None and any(g != sphere for g in gems):
        problems.append(("gems", f"a {sphere} card's gems are all {sphere}, got {gems}"))
    t = card["type"]
    if t == "creature":
        problems += check_actions("powerups", card["powerups"], POWERUPS,
                                  extra={"sphere": F("enum", choices=SPHERES)})
        if "collect" in card:
            problems += check_action("collect", card["collect"], COLLECT, extra={"n": _N})
        if "rally" in card:
            problems += _check_rally(card["rally"])
        acts = card.get("actions", [])
        problems += check_actions("actions", acts, CREATURE_ACTIONS, extra={**EFFECT_EXTRA, **CREATURE_COSTS})
        for i, act in enumerate(acts):
            where = f"actions[{i}]"
            if ("coins" in act) == ("stars" in act):
                problems.append((where, "a creature's action is a coin action or a star action: it costs coins or "
                                        "stars, exactly one of them"))
            if act.get("do") == "move":
                if "stars" in act:
                    problems.append((where, "move is a coin action (Set Phase), never a star action"))
                if "trait" in act:
                    problems.append((where, "move: takes no trait (it moves this creature)"))
            elif "coins" in act and act.get("do") not in ("draw", None):
                problems.append((where, f"a coin action is used outside any battle: it may draw or move, not "
                                        f"{act.get('do')!r}"))
    elif t == "trick":
        if not card["effects"]:
            problems.append(("effects", "a trick needs at least one effect"))
        problems += check_actions("effects", card["effects"], EFFECTS, extra=EFFECT_EXTRA)
    else:
        problems += check_actions("effects", card["effects"], EFFECTS, extra={**EFFECT_EXTRA, **RESOURCE_COSTS})
        for i, eff in enumerate(card["effects"]):
            if not any(k in eff for k in RESOURCE_COSTS):
                problems.append((f"effects[{i}]", f"a resource action needs a cost: one of {', '.join(RESOURCE_COSTS)}"))
            if "coins" in eff and "stars" in eff:
                problems.append((f"effects[{i}]", "an action costs coins (Set Phase) or stars (battle), not both"))
    return problems


def collector_clashes(cards: Iterable[Any]) -> list[str]:
    """Cards sharing a (series, number): one message per clash. ``cards`` are catalog :class:`Card` s.

    The per-card :func:`check` cannot see other cards, so the catalog tests run this on the whole
    catalog; a card writer can run it too.
    """
    seen: dict[tuple[int, int], str] = {}
    clashes = []
    for card in cards:
        parsed = parse_collector(card.fields["collector"])
        if parsed is None:
            continue
        key = (parsed[0], parsed[2])
        if key in seen:
            clashes.append(f"{card.name!r} ({card.source}:{card.line}) reuses collector number "
                           f"{key[1]} of series {key[0]}, already on {seen[key]!r}")
        else:
            seen[key] = card.name
    return clashes


def average_gems(gem_counts: Iterable[int]) -> float:
    """The deck builder's average gems: the mean gem count over every card copy of a deck.

    >>> average_gems([0, 1, 2, 3])
    1.5
    """
    counts = list(gem_counts)
    return sum(counts) / len(counts) if counts else 0.0


SCHEMA = FamilySchema(
    family="freerealms",
    types=frozenset(PER_TYPE),
    rarities=RARITIES,
    common=SCHEMA_FIELDS_COMMON,
    per_type=PER_TYPE,
    cost={"creature": "cost", "trick": "cost"},
    attack="attack",
    defense="defense",
    check=check,
    abilities_field="powerups",
)

__all__ = ["SCHEMA", "SPHERES", "RARITIES", "POWERUPS", "EFFECTS", "EFFECT_EXTRA", "COLLECT", "RESOURCE_COSTS",
           "CREATURE_ACTIONS", "CREATURE_COSTS",
           "parse_collector", "collector_clashes", "average_gems"]
