"""Schema of the Daemornia catalog, shared by ``fw``, ``fw-epic`` and ``bg``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...rules.keywords import (
    ACTIONS,
    BOOL_PARAMS,
    BUFF_STATS,
    DISCOUNT_TYPES,
    HEAL_TARGETS,
    INT_PARAMS,
    KEYWORDS,
    TARGETS,
)
from ..spec import F, FamilySchema, Problem, check_value

NATURES = frozenset({"Human", "Daemon", "Beast", "Machine", "Undead"})
EVENT_KINDS = frozenset({"direct", "global", "interrupt"})
ATTACHMENT_KINDS = frozenset({"spell", "psionic", "blessing", "curse", "armour", "weapon", "artefact"})
#: Battlegrounds slots: one of skill/psionic/spell (the ability slot), and one each of armour/artefact/weapon.
BG_SLOTS = frozenset({"skill", "psionic", "spell", "armour", "artefact", "weapon"})
ABILITY_SLOTS = frozenset({"skill", "psionic", "spell"})
PHASES = frozenset({"resource", "deploy", "combat", "resolution"})
RARITIES = frozenset({"common", "uncommon", "rare", "special"})
#: Targets per event subtype: Direct events pick one target, Global ones hit everyone of a side,
#: Interrupts answer another event (or pick one target as they do so).
EVENT_TARGETS: dict[str, frozenset[str]] = {
    "direct": frozenset({"own_creature", "enemy_creature", "any_creature", "enemy_scenario", "opponent", "you"}),
    "global": frozenset({"all_creatures", "enemy_creatures", "own_creatures", "opponent", "you"}),
    "interrupt": frozenset({"own_creature", "enemy_creature", "any_creature", "opponent", "you", "event"}),
}

_STATS = {k: F("int") for k in ("att", "def", "dmg", "hp", "exp")}
_MODS = {k: F("mod", required=False) for k in ("att", "def", "dmg", "hp")}

SCHEMA_FIELDS_COMMON = {
    "name": F("str"),
    "type": F("enum", choices=frozenset({"creature", "event", "scenario", "attachment"})),
    "rarity": F("enum", choices=RARITIES),
    "res": F("int"),
    "special": F("bool", required=False, default=False),
    "text": F("str", required=False, default=""),
    "flavour": F("str", required=False, default=""),
    "abilities": F("tablelist", required=False, default=[]),
}

PER_TYPE = {
    "creature": {"nature": F("enum", choices=NATURES), **_STATS},
    "scenario": {**_STATS},
    "event": {
        "subtype": F("enum", choices=EVENT_KINDS),
        "effects": F("tablelist"),
        "phases": F("enumlist", required=False, choices=PHASES, default=[]),
    },
    "attachment": {
        "subtype": F("enum", choices=ATTACHMENT_KINDS),
        "slot": F("enum", choices=BG_SLOTS),
        "exp": F("int", required=False, default=0),
        **_MODS,
    },
}


def _check_action(where: str, act: Mapping[str, Any], allowed_extra: frozenset[str]) -> list[Problem]:
    problems: list[Problem] = []
    do = act.get("do")
    if do not in ACTIONS:
        return [(where, f"unknown action do={do!r}; known: {', '.join(sorted(ACTIONS))}")]
    needed = ACTIONS[do]
    for p in needed:
        if p not in act:
            problems.append((where, f"action {do!r} needs parameter {p!r}"))
    target = act.get("target")
    if target is not None and target not in TARGETS:
        problems.append((where, f"unknown target {target!r}; known: {', '.join(sorted(TARGETS))}"))
    for k, v in act.items():
        if k in ("do", "target"):
            continue
        if k not in needed and k not in allowed_extra:
            problems.append((where, f"action {do!r} takes no parameter {k!r}"))
        elif k in INT_PARAMS and (isinstance(v, bool) or not isinstance(v, int) or (k == "cost" and v < 0)):
            problems.append((where, f"parameter {k!r} must be a whole number, got {v!r}"))
        elif k in BOOL_PARAMS and not isinstance(v, bool):
            problems.append((where, f"parameter {k!r} must be true or false, got {v!r}"))
    if do in ("damage", "heal", "draw", "drain", "gain_capital", "gain_res", "discard") and isinstance(act.get("n"), int) and act["n"] < 1:
        problems.append((where, f"action {do!r} needs n of at least 1, got {act['n']}"))
    if do == "buff" and act.get("stat") not in BUFF_STATS:
        problems.append((where, f"buff stat must be one of {', '.join(sorted(BUFF_STATS))}, got {act.get('stat')!r}"))
    if do == "return" and act.get("target") not in (None, "own_creature", "self"):
        problems.append((where, f"'return' sends one of your own creatures back to your hand: "
                                f"target own_creature or self, not {act.get('target')!r}"))
    if do == "sacrifice" and act.get("target") not in (None, "own_creature", "self"):
        problems.append((where, f"'sacrifice' puts one of your own creatures into your graveyard: "
                                f"target own_creature or self, not {act.get('target')!r}"))
    if do == "buff" and act.get("n") == 0:
        problems.append((where, "a buff of n=0 changes nothing"))
    return problems


def check(card: Mapping[str, Any]) -> list[Problem]:
    problems: list[Problem] = []
    if card.get("special") and card.get("rarity") != "special":
        problems.append(("rarity", "a Special (gold) card has rarity 'special'"))
    if card.get("rarity") == "special" and not card.get("special"):
        problems.append(("special", "a card of rarity 'special' must say special = true"))
    if card["type"] == "attachment":
        sub, slot = card.get("subtype"), card.get("slot")
        if sub in BG_SLOTS and slot != sub:
            problems.append(("slot", f"a {sub} attachment uses the {sub} slot, not {slot!r}"))
        if sub in ("blessing", "curse") and slot not in ABILITY_SLOTS:
            problems.append(("slot", f"a {sub} uses an ability slot (skill, psionic or spell), not {slot!r}"))
        if sub == "curse":
            for stat in ("att", "def", "dmg", "hp"):
                mod = str(card.get(stat, "")).strip()
                if mod.startswith("+"):
                    problems.append((stat, f"a curse goes on an enemy creature: use a penalty or a set value, not {mod!r}"))
    if card["type"] == "event":
        allowed = EVENT_TARGETS.get(card.get("subtype", ""), frozenset(TARGETS))
        for i, eff in enumerate(card.get("effects", [])):
            where = f"effects[{i}]"
            found = _check_action(where, eff, frozenset({"n", "stat"}))
            problems += found
            if found:
                continue
            target = eff.get("target")
            if target is None:
                problems.append((where, f"an event effect needs a target (one of {', '.join(sorted(allowed))})"))
            elif target not in allowed:
                problems.append((where, f"a {card['subtype']} event cannot target {target!r}; "
                                        f"allowed: {', '.join(sorted(allowed))}"))
            elif (eff["do"] == "counter") != (target == "event"):
                problems.append((where, "do='counter' goes with target='event' and only with it"))
        if not card.get("effects"):
            problems.append(("effects", "an event needs at least one effect"))
    for i, ab in enumerate(card.get("abilities", [])):
        where = f"abilities[{i}]"
        kw = ab.get("kw")
        if kw not in KEYWORDS:
            problems.append((where, f"unknown keyword {kw!r}; the engine knows: {', '.join(sorted(KEYWORDS))}"))
            continue
        required, optional = KEYWORDS[kw]
        for p in required:
            if p not in ab:
                problems.append((where, f"keyword {kw!r} needs parameter {p!r}"))
        for p, v in ab.items():
            if p == "kw":
                continue
            if kw == "effect" and p in ("do", "target", "n", "stat"):
                continue
            if p not in required and p not in optional:
                problems.append((where, f"keyword {kw!r} takes no parameter {p!r}"))
            elif p in INT_PARAMS and (isinstance(v, bool) or not isinstance(v, int) or v < 0):
                problems.append((where, f"parameter {p!r} must be a whole number >= 0, got {v!r}"))
            elif p in BOOL_PARAMS and not isinstance(v, bool):
                problems.append((where, f"parameter {p!r} must be true or false, got {v!r}"))
        if kw == "effect" and "do" in ab:
            problems += _check_action(where, {k: v for k, v in ab.items() if k not in ("kw", "cost", "lock", "sacrifice")},
                                      frozenset({"n", "stat"}))
        if kw == "discount" and ab.get("type") not in DISCOUNT_TYPES:
            problems.append((where, f"discount type must be one of {', '.join(sorted(DISCOUNT_TYPES))}"))
        if kw == "heal" and ab.get("target", "self") not in HEAL_TARGETS:
            problems.append((where, f"heal target must be one of {', '.join(sorted(HEAL_TARGETS))}"))
        if kw in ("guardian",) and isinstance(ab.get("n"), int) and ab["n"] < 2:
            problems.append((where, "guardian n must be at least 2"))
    return problems


SCHEMA = FamilySchema(
    family="daemornia",
    types=frozenset(PER_TYPE),
    rarities=RARITIES,
    common=SCHEMA_FIELDS_COMMON,
    per_type=PER_TYPE,
    cost={"creature": "res", "event": "res", "scenario": "res", "attachment": "res"},
    check=check,
    abilities_field="abilities",
)

# keep check_value importable from here for schema authors
__all__ = ["SCHEMA", "NATURES", "EVENT_KINDS", "EVENT_TARGETS", "ATTACHMENT_KINDS", "BG_SLOTS", "check_value"]
