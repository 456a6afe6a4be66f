"""Catalog cards compiled into flat, immutable definitions the engine reads on its hot path.

Compiling checks every ability against the keyword vocabulary a second time, so a card the
engine could not execute never reaches a game (RULE CORE-KW-1).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final

from ...catalog import Card, CatalogError
from ..keywords import ACTIONS, KEYWORDS
from .decisions import PHASE_OF

# Final: the compiled core inlines them (fwlab/native.py)
CREATURE: Final = 0
EVENT: Final = 1
SCENARIO: Final = 2
ATTACHMENT: Final = 3
TYPE_CODES = {"creature": CREATURE, "event": EVENT, "scenario": SCENARIO, "attachment": ATTACHMENT}
STAT_INDEX = {"att": 0, "def": 1, "dmg": 2, "hp": 3}

#: Targets that need a choice of card; the others are implied by the effect.
CHOSEN_TARGETS: Final = frozenset({"own_creature", "enemy_creature", "any_creature", "enemy_scenario", "own_scenario"})


#: Integer codes of the ``do`` actions and of the mass targets, read on the hot path instead of text.
OP_DAMAGE: Final = 0
OP_HEAL: Final = 1
OP_BUFF: Final = 2
OP_DRAW: Final = 3
OP_DRAIN: Final = 4
OP_GAIN_CAPITAL: Final = 5
OP_GAIN_RES: Final = 6
OP_LOCK: Final = 7
OP_UNLOCK: Final = 8
OP_DESTROY: Final = 9
OP_RETURN: Final = 10
OP_DISCARD: Final = 11
OP_COUNTER: Final = 12
OP_SACRIFICE: Final = 13
OP_CODES: Final = {"damage": OP_DAMAGE, "heal": OP_HEAL, "buff": OP_BUFF, "draw": OP_DRAW, "drain": OP_DRAIN,
                   "gain_capital": OP_GAIN_CAPITAL, "gain_res": OP_GAIN_RES, "lock": OP_LOCK, "unlock": OP_UNLOCK,
                   "destroy": OP_DESTROY, "return": OP_RETURN, "discard": OP_DISCARD, "counter": OP_COUNTER,
                   "sacrifice": OP_SACRIFICE}
MASS_NONE: Final = 0
MASS_ALL: Final = 1
MASS_ENEMY: Final = 2
MASS_OWN: Final = 3
MASS_CODES: Final = {"all_creatures": MASS_ALL, "enemy_creatures": MASS_ENEMY, "own_creatures": MASS_OWN}


class Eff:
    """One action of an event or an activated card effect (a plain class, not a tuple: the compiled
    core reads its fields directly)."""

    __slots__ = ("do", "target", "n", "stat", "cost", "lock", "op", "mass", "chosen", "sacrifice")

    def __init__(self, do: str, target: str, n: int = 0, stat: int = -1, cost: int = 0, lock: bool = False,
                 sacrifice: bool = False) -> None:
        self.do = do
        self.target = target
        self.n = n
        self.stat = stat     # index into STAT_INDEX for buffs
        self.cost = cost     # Res cost (activated effects only)
        self.lock = lock     # using it locks its card
        self.sacrifice = sacrifice  # using it sacrifices its card (part of the cost; FW-SACRIFICE-1)
        self.op: int = OP_CODES[do]                       # ``do`` as an OP_* code
        self.mass: int = MASS_CODES.get(target, MASS_NONE)  # all/enemy/own creatures, or MASS_NONE
        self.chosen: bool = target in CHOSEN_TARGETS      # the player picks the target card

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Eff) and (self.do, self.target, self.n, self.stat, self.cost, self.lock,
                                           self.sacrifice) == (
            other.do, other.target, other.n, other.stat, other.cost, other.lock, other.sacrifice)

    def __hash__(self) -> int:
        return hash((self.do, self.target, self.n, self.stat, self.cost, self.lock, self.sacrifice))

    def __repr__(self) -> str:
        return (f"Eff(do={self.do!r}, target={self.target!r}, n={self.n}, stat={self.stat}, cost={self.cost}, "
                f"lock={self.lock}, sacrifice={self.sacrifice})")


class Mod:
    """An attachment's attribute modifier: ``+n``/``-n`` or a set value."""

    __slots__ = ("stat", "is_set", "value")

    def __init__(self, stat: int, is_set: bool, value: int) -> None:
        self.stat = stat
        self.is_set = is_set
        self.value = value

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Mod) and (self.stat, self.is_set, self.value) == (other.stat, other.is_set, other.value)

    def __hash__(self) -> int:
        return hash((self.stat, self.is_set, self.value))

    def __repr__(self) -> str:
        return f"Mod(stat={self.stat}, is_set={self.is_set}, value={self.value})"


class CardDef:
    """A card as the engine sees it. Attribute names follow the card's own words."""

    __slots__ = (
        "name", "type", "special", "res", "att", "dfn", "dmg", "hp", "exp", "nature", "subtype", "slot",
        "swift", "guardian", "heal_self", "heal_allies", "raider", "siege", "elusive", "vigilant", "shield",
        "income", "last_gasp", "discount", "effects", "event_effects", "event_kind", "phases", "mods",
        "choose", "keywords", "is_counter", "has_return", "has_discount", "phase_mask", "is_heal",
    )

    def __init__(self, card: Card) -> None:
        f = card.fields
        self.name: str = card.name
        self.type: int = TYPE_CODES[card.type]
        self.special: bool = bool(f.get("special", False))
        self.res: int = int(f["res"])
        self.att: int = int(f.get("att", 0)) if card.type in ("creature", "scenario") else 0
        self.dfn: int = int(f.get("def", 0)) if card.type in ("creature", "scenario") else 0
        self.dmg: int = int(f.get("dmg", 0)) if card.type in ("creature", "scenario") else 0
        self.hp: int = int(f.get("hp", 0)) if card.type in ("creature", "scenario") else 0
        self.exp: int = int(f.get("exp", 0))
        self.nature: str | None = f.get("nature")
        self.subtype: str | None = card.subtype
        self.slot: str | None = f.get("slot")
        self.swift = self.elusive = self.vigilant = False
        self.guardian = 1
        self.heal_self = self.heal_allies = self.raider = self.siege = self.shield = 0
        self.income = self.last_gasp = 0
        self.discount: tuple[int, int, int, int] = (0, 0, 0, 0)
        effects: list[Eff] = []
        kws: list[str] = []
        for ab in card.abilities:
            kw = ab.get("kw")
            if kw not in KEYWORDS:
                raise CatalogError(f"the engine does not know keyword {kw!r}", file=card.source, line=card.line,
                                   card=card.name, field="abilities")
            kws.append(str(kw))
            n = int(ab.get("n", 0))
            if kw == "swift":
                self.swift = True
            elif kw == "guardian":
                self.guardian = max(self.guardian, n)
            elif kw == "heal":
                if ab.get("target", "self") == "allies":
                    self.heal_allies += n
                else:
                    self.heal_self += n
            elif kw == "raider":
                self.raider += n
            elif kw == "siege":
                self.siege += n
            elif kw == "elusive":
                self.elusive = True
            elif kw == "vigilant":
                self.vigilant = True
            elif kw == "shield":
                self.shield += n
            elif kw == "income":
                self.income += n
            elif kw == "discount":
                d = list(self.discount)
                d[TYPE_CODES[str(ab["type"])]] += n
                self.discount = (d[0], d[1], d[2], d[3])
            elif kw == "last_gasp":
                self.last_gasp += n
            elif kw == "effect":
                effects.append(_eff(card, ab, cost=int(ab["cost"]), lock=bool(ab.get("lock", False)),
                                    sacrifice=bool(ab.get("sacrifice", False))))
            else:  # pragma: no cover - KEYWORDS and this chain must agree (tested)
                raise AssertionError(kw)
        self.keywords: tuple[str, ...] = tuple(kws)
        self.has_discount: bool = self.discount != (0, 0, 0, 0)
        self.effects: tuple[Eff, ...] = tuple(effects)
        self.event_effects: tuple[Eff, ...] = tuple(_eff(card, e) for e in f.get("effects", ()))
        self.event_kind: str | None = card.subtype if card.type == "event" else None
        self.phases: frozenset[str] = frozenset(f.get("phases", ()))
        # bit d set: playable at decision d (decisions.PHASE_OF names the phase of each decision)
        self.phase_mask: int = sum(1 << dec for dec, ph in PHASE_OF.items() if ph in self.phases)
        mods: list[Mod] = []
        if card.type == "attachment":
            for stat in ("att", "def", "dmg", "hp"):
                raw = f.get(stat)
                if raw is None:
                    continue
                s = str(raw).strip()
                mods.append(Mod(STAT_INDEX[stat], s[0] not in "+-", int(s)))
        self.mods: tuple[Mod, ...] = tuple(mods)
        chosen = [e.target for e in self.event_effects if e.target in CHOSEN_TARGETS]
        self.choose: str | None = chosen[0] if chosen else None
        self.is_counter: bool = any(e.do == "counter" for e in self.event_effects)
        self.has_return: bool = any(e.do == "return" for e in self.event_effects)
        # FW-HEAL-2: a card whose action is to heal is played only in its controller's healing step
        self.is_heal: bool = any(e.do == "heal" for e in self.event_effects)
        if len(set(chosen)) > 1:
            raise CatalogError(f"an event can choose one kind of target, this one names {sorted(set(chosen))}",
                               file=card.source, line=card.line, card=card.name, field="effects")

    def __repr__(self) -> str:
        return f"CardDef({self.name!r})"


def _eff(card: Card, raw: Mapping[str, Any], cost: int = 0, lock: bool = False, sacrifice: bool = False) -> Eff:
    do = str(raw["do"])
    if do not in ACTIONS:
        raise CatalogError(f"the engine does not know action {do!r}", file=card.source, line=card.line,
                           card=card.name, field="effects")
    stat = STAT_INDEX.get(str(raw.get("stat", "")), -1)
    target = str(raw.get("target", "self"))
    return Eff(do, target, int(raw.get("n", 0)), stat, cost, lock, sacrifice)


_CACHE: dict[tuple[str, str], tuple[Card, CardDef]] = {}


def compile_card(card: Card) -> CardDef:
    """The engine definition of a catalog card (cached per family and name, for that very card:
    another catalog's card of the same name, or an edited one, is compiled anew)."""
    key = (card.family, card.name)
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is card:
        return hit[1]
    d = CardDef(card)
    _CACHE[key] = (card, d)
    return d


def compile_deck(names: Iterable[str], catalog: Mapping[str, Card] | Any) -> list[CardDef]:
    """Card definitions for every copy in a deck (names must exist in the catalog)."""
    out: list[CardDef] = []
    for name in names:
        card = catalog[name]
        out.append(compile_card(card))
    return out
