"""Eredan ITCG catalog cards compiled into flat definitions the engine reads (ruleset ``eredan``).

Compiling is the engine's own check of the catalog: every field of a card must be one the engine
executes or one with no effect on play, and every effect one this module turns into engine data.
Anything else is a :class:`~fwlab.catalog.CatalogError` naming the file, the card and the field,
so a card the engine could not play never reaches a game.

Every field of the catalog (docs/catalogs/eredan.md) is executed: a character's ``guild``,
``classes``, ``race``, ``caste``, ``element`` (a Guemelite's type), ``att``, ``def``, ``spirit``,
``life``, ``bonuses`` (turn bonuses), ``marauder_bonus`` and ``item_chain``; a card's ``guild``,
``caste``, ``classes``, ``kind``, ``hands``, ``dual_wield``, ``element``, ``aoe``, ``chain``,
``chain_with`` and ``effects`` (``damage``, ``heal``, ``att``, ``def``, ``spirit``, ``draw``,
``bonuses``, ``retrieve`` on ``self``, ``foe``, ``ally``, ``allies``, ``enemies``, each with an
optional ``bearer`` condition). No effect on play (deck building or display): ``rarity``,
``text``, ``unique``, ``evolution``. A field or value outside this list is a load error.

>>> from fwlab.catalog import load_catalog
>>> cat = load_catalog("eredan")
>>> compile_card(cat.cards["Corvan Emberguard"]).item_chain == WEAPON
True
>>> d = compile_card(cat.cards["Tarsk the Brander"])
>>> (d.att, d.defense, d.spirit, d.life, d.mar_vs, d.mar_n)
(6, 1, 1, 9, 8, 1)
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Mapping
from typing import Any, Final

from ...catalog import Card, CatalogError

# card types (Final: a compiled core inlines them)
CHARACTER: Final = 0
ITEM: Final = 1
SPELL: Final = 2
THEURGY: Final = 3
SKILL: Final = 4
ACTION: Final = 5
TYPE_CODES: Final = {"character": CHARACTER, "item": ITEM, "spell": SPELL, "theurgy": THEURGY,
                     "skill": SKILL, "action": ACTION}

# classes as bits
FIGHTER: Final = 1
MAGE: Final = 2
MARAUDER: Final = 4
PRIEST: Final = 8
CRAFTSMAN: Final = 16
CLASS_BITS: Final = {"Fighter": FIGHTER, "Mage": MAGE, "Marauder": MARAUDER, "Priest": PRIEST,
                     "Craftsman": CRAFTSMAN}

# item kinds
NO_KIND: Final = -1
WEAPON: Final = 0
ARMOUR: Final = 1
JEWEL: Final = 2
POTION: Final = 3
SCROLL: Final = 4
KIND_CODES: Final = {"weapon": WEAPON, "armour": ARMOUR, "jewel": JEWEL, "potion": POTION, "scroll": SCROLL}

# stats
ATT: Final = 0
DEF: Final = 1
SPIRIT: Final = 2
STAT_CODES: Final = {"att": ATT, "def": DEF, "spirit": SPIRIT}

# effects
OP_DAMAGE: Final = 0
OP_HEAL: Final = 1
OP_ATT: Final = 2
OP_DEF: Final = 3
OP_SPIRIT: Final = 4
OP_DRAW: Final = 5
OP_BONUSES: Final = 6
OP_RETRIEVE: Final = 7
#: the effects of a plain card (CardDef.plain)
PLAIN_OPS: Final = (OP_DAMAGE, OP_HEAL, OP_ATT, OP_DEF, OP_SPIRIT)
OP_CODES: Final = {"damage": OP_DAMAGE, "heal": OP_HEAL, "att": OP_ATT, "def": OP_DEF, "spirit": OP_SPIRIT,
                   "draw": OP_DRAW, "bonuses": OP_BONUSES, "retrieve": OP_RETRIEVE}
#: effects without a target
UNTARGETED: Final = frozenset({OP_DRAW, OP_RETRIEVE})

# targets
T_NONE: Final = -1
T_SELF: Final = 0
T_FOE: Final = 1
T_ALLIES: Final = 2
T_ENEMIES: Final = 3
T_ALLY: Final = 4
TARGET_CODES: Final = {"self": T_SELF, "foe": T_FOE, "allies": T_ALLIES, "enemies": T_ENEMIES, "ally": T_ALLY}

# what a chain or a retrieval may be restricted to: a card type (0..5) or an item kind (10 + kind)
ANY: Final = -1
KIND_BASE: Final = 10
FILTER_CODES: Final = {**{k: v for k, v in TYPE_CODES.items() if k != "character"},
                       **{k: KIND_BASE + v for k, v in KIND_CODES.items()}}
#: the bearer condition "other": applies when no other bearer effect of the card matches
OTHER: Final = "other"

NO_EFFECT: Final = frozenset({"rarity", "text", "unique", "evolution"})
CHARACTER_FIELDS: Final = frozenset({"name", "type", "guild", "classes", "race", "caste", "element", "att", "def",
                                     "spirit", "life", "bonuses", "marauder_bonus", "item_chain"})
CARD_FIELDS: Final = frozenset({"name", "type", "guild", "caste", "classes", "kind", "hands", "aoe", "element",
                                "effects", "chain", "chain_with", "dual_wield"})


class Eff:
    """One effect of a card: ``op`` on ``target`` with strength ``n``; ``kind`` filters a retrieval
    (:data:`ANY` or a :data:`FILTER_CODES` value); ``bearer`` ("" for none) conditions it on the
    character the card is played for."""

    __slots__ = ("op", "n", "target", "kind", "bearer")

    def __init__(self, op: int, n: int, target: int, kind: int = ANY, bearer: str = "") -> None:
        self.op = op
        self.n = n
        self.target = target
        self.kind = kind
        self.bearer = bearer

    def __repr__(self) -> str:
        return f"Eff(op={self.op}, n={self.n}, target={self.target}, kind={self.kind}, bearer={self.bearer!r})"


class Bonus:
    """A turn bonus: on turn ``turn`` the character gets ``n`` to ``stat`` when chosen."""

    __slots__ = ("turn", "stat", "n")

    def __init__(self, turn: int, stat: int, n: int) -> None:
        self.turn = turn
        self.stat = stat
        self.n = n


class CardDef:
    """A card as the engine sees it (a character or a card of the 20-card deck)."""

    __slots__ = ("name", "type", "guild", "classes", "class_names", "race", "caste", "element", "att", "defense",
                 "spirit", "life", "bonuses", "mar_vs", "mar_n", "item_chain", "kind", "hands", "dual_wield",
                 "consumable", "effects", "damaging", "aoe", "chain", "chain_with", "ally", "retrieves", "has_bearer",
                 "golem", "guem", "tags", "plain", "anyone", "bearer_loss")

    def __init__(self, card: Card) -> None:
        f = card.fields
        where: dict[str, Any] = {"file": card.source, "line": card.line, "card": card.name}
        if card.type not in TYPE_CODES:
            raise CatalogError(f"the engine does not know card type {card.type!r}", field="type", **where)
        self.name: str = card.name
        self.type: int = TYPE_CODES[card.type]
        allowed = NO_EFFECT | (CHARACTER_FIELDS if self.type == CHARACTER else CARD_FIELDS)
        for key in f:
            if key not in allowed:
                raise CatalogError(f"the engine does not execute field {key!r} on a {card.type}", field=key, **where)
        self.guild: str = str(f.get("guild", ""))
        mask = 0
        for c in f.get("classes", ()):
            if c not in CLASS_BITS:
                raise CatalogError(f"the engine does not know class {c!r}", field="classes", **where)
            mask |= CLASS_BITS[str(c)]
        self.classes: int = mask
        self.class_names: tuple[str, ...] = tuple(str(c) for c in f.get("classes", ()))
        self.race: str = str(f.get("race", ""))
        self.caste: str = str(f.get("caste", ""))
        self.element: str = str(f.get("element", ""))
        self.golem: bool = self.race == "Golem"
        self.guem: bool = self.race == "Guemelite"
        if self.type == CHARACTER and self.guem and not self.element:
            raise CatalogError("a Guemelite needs its element", field="element", **where)
        #: what a bearer condition may name: classes, guild, caste, race and the name
        self.tags: frozenset[str] = frozenset(
            t for t in (*self.class_names, self.guild, self.caste, self.race, self.name) if t)
        ic = f.get("item_chain")
        if ic is not None and str(ic) not in KIND_CODES:
            raise CatalogError(f"the engine does not know item kind {ic!r}", field="item_chain", **where)
        self.item_chain: int = KIND_CODES[str(ic)] if ic is not None else NO_KIND
        self.att: int = int(f.get("att", 0))
        self.defense: int = int(f.get("def", 0))
        self.spirit: int = int(f.get("spirit", 0))
        self.life: int = int(f.get("life", 0))
        bonuses: list[Bonus] = []
        for i, raw in enumerate(f.get("bonuses", ())):
            if str(raw.get("stat")) not in STAT_CODES:
                raise CatalogError(f"the engine does not know stat {raw.get('stat')!r}", field=f"bonuses[{i}]",
                                   **where)
            bonuses.append(Bonus(int(raw["turn"]), STAT_CODES[str(raw["stat"])], int(raw["n"])))
        self.bonuses: tuple[Bonus, ...] = tuple(bonuses)
        mb = f.get("marauder_bonus")
        self.mar_vs: int = CLASS_BITS[str(mb["vs"])] if mb else 0
        self.mar_n: int = int(mb["n"]) if mb else 0
        kind = f.get("kind")
        self.kind: int = KIND_CODES[str(kind)] if kind is not None else NO_KIND
        self.consumable: bool = self.kind == POTION or self.kind == SCROLL
        self.hands: int = int(f.get("hands", 1)) if self.kind == WEAPON else 0
        self.dual_wield: bool = bool(f.get("dual_wield", False))
        self.aoe: bool = bool(f.get("aoe", False))
        self.chain: bool = bool(f.get("chain", False))
        cw = f.get("chain_with")
        if cw is not None and str(cw) not in FILTER_CODES:
            raise CatalogError(f"the engine does not know chain restriction {cw!r}", field="chain_with", **where)
        self.chain_with: int = FILTER_CODES[str(cw)] if cw is not None else ANY
        effs: list[Eff] = []
        for i, raw in enumerate(f.get("effects", ())):
            fld = f"effects[{i}]"
            do = str(raw.get("do"))
            if do not in OP_CODES:
                raise CatalogError(f"the engine does not execute effect do={do!r}", field=fld, **where)
            tgt = raw.get("target")
            if tgt is None:
                target = T_NONE
            elif str(tgt) in TARGET_CODES:
                target = TARGET_CODES[str(tgt)]
            else:
                raise CatalogError(f"the engine does not execute target {tgt!r}", field=fld, **where)
            op = OP_CODES[do]
            if target == T_NONE and op not in UNTARGETED:
                raise CatalogError(f"effect {do!r} needs a target", field=fld, **where)
            kind_f = raw.get("kind")
            if kind_f is not None and str(kind_f) not in FILTER_CODES:
                raise CatalogError(f"the engine does not know card kind {kind_f!r}", field=fld, **where)
            effs.append(Eff(op, int(raw.get("n", 0)), target, FILTER_CODES[str(kind_f)] if kind_f is not None else ANY,
                            str(raw.get("bearer", ""))))
        self.effects: tuple[Eff, ...] = tuple(effs)
        #: an effect on one ally chosen when the card is played (``play C T``); a Craftsman item
        #: is attached to a chosen living character of its side too
        self.ally: bool = any(e.target == T_ALLY for e in effs) or (
            self.type == ITEM and self.classes == CRAFTSMAN)
        #: a Craftsman item: attached to any living character in play, of either side (ER-CLASS-3),
        #: so its target is 0..2 (your characters) or 3..5 (the other side's)
        self.anyone: bool = self.type == ITEM and self.classes == CRAFTSMAN
        #: an effect that costs the character the card is played on (damage, a stat lowered): only
        #: such a Craftsman item can serve its player on an enemy (the bots try enemies for no other)
        self.bearer_loss: bool = any(
            (e.target == T_SELF or e.target == T_ALLY)
            and (e.op == OP_DAMAGE or (e.n < 0 and (e.op == OP_ATT or e.op == OP_DEF or e.op == OP_SPIRIT)))
            for e in effs)
        self.retrieves: bool = any(e.op == OP_RETRIEVE for e in effs)
        self.has_bearer: bool = any(e.bearer for e in effs)
        #: a spell with a damage effect: a pure Mage casting it loses its physical attack
        self.damaging: bool = self.type == SPELL and any(e.op == OP_DAMAGE for e in effs)
        #: every effect is damage, healing or a stat change on the fighter it is played for or its
        #: foe, with no ally and no bearer condition (the bots imagine such a card in a few steps)
        self.plain: bool = not self.ally and not self.has_bearer and all(
            (e.target == T_SELF or e.target == T_FOE) and e.op in PLAIN_OPS for e in effs)

    @property
    def is_character(self) -> bool:
        return self.type == CHARACTER

    def __repr__(self) -> str:
        return f"CardDef({self.name!r})"


_CACHE: dict[tuple[int, str], tuple[Card, CardDef]] = {}


def compile_card(card: Card) -> CardDef:
    """The engine definition of a catalog card (cached per card object)."""
    key = (id(card), card.name)
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is card:
        return hit[1]
    if len(_CACHE) > 4096:
        _CACHE.clear()
    d = CardDef(card)
    _CACHE[key] = (card, d)
    return d


def compile_deck(names: Iterable[str], catalog: Mapping[str, Card] | Any) -> list[CardDef]:
    """Card definitions for every card of a setup (three characters and the deck; names must exist)."""
    cards = catalog.cards if hasattr(catalog, "cards") else catalog
    out: list[CardDef] = []
    for name in names:
        if name not in cards:
            raise CatalogError("unknown card: not in the eredan catalog", card=name)
        out.append(compile_card(cards[name]))
    return out


def playable(catalog: Mapping[str, Card] | Any) -> list[CardDef]:
    """Every card of a catalog the engine can play now (the others raise a load error)."""
    cards = catalog.cards if hasattr(catalog, "cards") else catalog
    out: list[CardDef] = []
    for card in cards.values():
        with contextlib.suppress(CatalogError):
            out.append(compile_card(card))
    return out


def passes(d: CardDef, code: int) -> bool:
    """Whether card ``d`` is of the type or item kind ``code`` (a chain or retrieval restriction).

    >>> from fwlab.catalog import load_catalog
    >>> cat = load_catalog("eredan")
    >>> sword, flare = compile_card(cat.cards["Iron Longsword"]), compile_card(cat.cards["Solar Flare"])
    >>> passes(sword, FILTER_CODES["item"]), passes(sword, FILTER_CODES["weapon"]), passes(flare, FILTER_CODES["armour"])
    (True, True, False)
    """
    if code == ANY:
        return True
    if code < KIND_BASE:
        return d.type == code
    return d.type == ITEM and d.kind == code - KIND_BASE
