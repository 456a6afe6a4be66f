"""Free Realms catalog cards compiled into flat definitions the engine reads on its hot path.

Compiling is the engine's own check of the catalog (FR-CARD-1): every field of a card must be one
the engine executes or one documented as having no effect on play (rarity, collector number,
printed text, lore), and every power-up, effect, resource action and collect text must be one this
module turns into engine data. Actions are printed on resources (their ``effects``) and on creatures
(their ``actions``: a coin action of the Set Phase or a star action of a battle, FR-ACTION-1); their
costs are coins or stars, zapping the card, turning a resource face down and discarding cards from
your hand (FR-COST-1); ``move`` (FR-MOVE-1) is a creature's own coin action. Anything else is a :class:`~fwlab.catalog.CatalogError` naming the
file, the card and the field, so a card the engine could not play never reaches a game.

Spheres are bits (chaos 1, machine 2, nature 4, order 8): a flipped card's ``match`` mask is the
spheres of its gems, and every sphere for a Hero with at least one gem (FR-POWERUP-2).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final

from ...catalog import Card, CatalogError

# card types (Final: the compiled core inlines them, see fwlab/native.py)
CREATURE: Final = 0
TRICK: Final = 1
RESOURCE: Final = 2
TYPE_CODES: Final = {"creature": CREATURE, "trick": TRICK, "resource": RESOURCE}

# spheres as bits
CHAOS: Final = 1
MACHINE: Final = 2
NATURE: Final = 4
ORDER: Final = 8
ALL_SPHERES: Final = 15
SPHERE_BITS: Final = {"chaos": CHAOS, "machine": MACHINE, "nature": NATURE, "order": ORDER}

# what power-ups, tricks and resource actions do
OP_ATTACK: Final = 0
OP_DEFENSE: Final = 1
OP_SCORE: Final = 2
OP_DRAW: Final = 3
OP_STUN: Final = 4
OP_DESTROY: Final = 5
OP_END_BATTLE: Final = 6
OP_MOVE: Final = 7
OP_CODES: Final = {"attack": OP_ATTACK, "defense": OP_DEFENSE, "score": OP_SCORE, "draw": OP_DRAW,
                   "stun": OP_STUN, "destroy": OP_DESTROY, "end_battle": OP_END_BATTLE, "move": OP_MOVE}
#: the ops a power-up may name (FR-POWERUP-1)
POWERUP_OPS: Final = frozenset({"attack", "defense", "score", "draw", "stun"})
#: the ops that act on a battle: a coin action (Set Phase) cannot name them (FR-COIN-2)
BATTLE_OPS: Final = frozenset({OP_ATTACK, OP_DEFENSE, OP_SCORE, OP_STUN, OP_DESTROY, OP_END_BATTLE})

# collect text
COLLECT_NONE: Final = -1
COLLECT_ATTACK: Final = 0
COLLECT_DEFENSE: Final = 1
COLLECT_HUNT: Final = 2
COLLECT_CODES: Final = {"attack": COLLECT_ATTACK, "defense": COLLECT_DEFENSE, "hunt": COLLECT_HUNT}

#: Fields every card may carry and the engine reads, per type; ``NO_EFFECT`` fields are documented
#: as having no effect on play (docs/catalogs/freerealms.md). Anything else is a load error.
COMMON_FIELDS: Final = frozenset({"name", "type", "sphere", "gems", "traits"})
NO_EFFECT: Final = frozenset({"rarity", "collector", "text", "lore"})
TYPE_FIELDS: Final = {
    "creature": frozenset({"cost", "attack", "defense", "hero", "powerups", "collect", "rally", "actions"}),
    "trick": frozenset({"cost", "effects"}),
    "resource": frozenset({"effects"}),
}
POWERUP_KEYS: Final = frozenset({"sphere", "do", "n"})
EFFECT_KEYS: Final = frozenset({"do", "n", "trait"})
RESOURCE_KEYS: Final = frozenset({"do", "n", "trait", "coins", "stars", "zap", "face_down", "discard"})
#: a creature's action: no face_down (a creature in play is never face down)
CREATURE_ACTION_KEYS: Final = frozenset({"do", "n", "trait", "coins", "stars", "zap", "discard"})
COLLECT_KEYS: Final = frozenset({"n", "do", "by"})
#: rally text: what the creature gets while its owner has scored fewer cards than the opponent
RALLY_KEYS: Final = frozenset({"n", "attack", "defense"})


class PowerUp:
    """A creature's power-up: fires when its flip's ``match`` mask has the ``sphere`` bit."""

    __slots__ = ("sphere", "op", "n")

    def __init__(self, sphere: int, op: int, n: int) -> None:
        self.sphere = sphere
        self.op = op
        self.n = n

    def __repr__(self) -> str:
        return f"PowerUp(sphere={self.sphere}, op={self.op}, n={self.n})"


class Eff:
    """One effect of a trick or a resource action. ``trait``: the effect happens only when your
    battling creature has that trait ("" = always; FR-TRAIT-1)."""

    __slots__ = ("op", "n", "trait")

    def __init__(self, op: int, n: int, trait: str = "") -> None:
        self.op = op
        self.n = n
        self.trait = trait

    def __repr__(self) -> str:
        return f"Eff(op={self.op}, n={self.n}, trait={self.trait!r})"


class ResAction:
    """An action printed on a card in play (a resource in the inventory or a creature in a space): its
    costs and its effect. ``in_battle``: a star action (or a resource's zap/face-down/discard action),
    used during a battle; otherwise a coin action of the Set Phase. ``zap`` zaps the card the action is
    printed on; ``discard``: cards of your hand you discard (FR-COST-1)."""

    __slots__ = ("eff", "coins", "stars", "zap", "face_down", "discard", "in_battle")

    def __init__(self, eff: Eff, coins: int, stars: int, zap: bool, face_down: bool, discard: int = 0) -> None:
        self.eff = eff
        self.coins = coins
        self.stars = stars
        self.zap = zap
        self.face_down = face_down
        self.discard = discard
        self.in_battle = coins == 0

    def __repr__(self) -> str:
        return (f"ResAction({self.eff!r}, coins={self.coins}, stars={self.stars}, zap={self.zap}, "
                f"face_down={self.face_down}, discard={self.discard})")


_UIDS = [0]


class CardDef:
    """A card as the engine sees it. ``uid``: a number of its own in this process (for bots' memos)."""

    __slots__ = ("uid", "name", "type", "sphere", "hero", "cost", "attack", "defense", "gems", "match", "traits",
                 "powerups", "collect_n", "collect_op", "collect_by", "rally_n", "rally_att", "rally_def",
                 "effects", "actions", "battle_actions", "coin_actions", "gem_list", "worth")

    def __init__(self, card: Card) -> None:
        f = card.fields
        where: dict[str, Any] = {"file": card.source, "line": card.line, "card": card.name}
        if card.type not in TYPE_CODES:
            raise CatalogError(f"the engine does not know card type {card.type!r}", field="type", **where)
        allowed = COMMON_FIELDS | NO_EFFECT | TYPE_FIELDS[card.type]
        for key in f:
            if key not in allowed:
                raise CatalogError(f"the engine does not execute field {key!r} on a {card.type}", field=key, **where)
        _UIDS[0] += 1
        self.uid: int = _UIDS[0]
        self.name: str = card.name
        self.type: int = TYPE_CODES[card.type]
        self.hero: bool = bool(f.get("hero", False))
        sphere = f.get("sphere")
        self.sphere: int = SPHERE_BITS[str(sphere)] if sphere is not None else 0
        self.cost: int = int(f.get("cost", 0))
        self.attack: int = int(f.get("attack", 0))
        self.defense: int = int(f.get("defense", 0))
        gems = [str(g) for g in f.get("gems", ())]
        for g in gems:
            if g not in SPHERE_BITS:
                raise CatalogError(f"the engine does not know sphere {g!r}", field="gems", **where)
        self.gem_list: tuple[str, ...] = tuple(gems)
        self.gems: int = len(gems)
        mask = 0
        for g in gems:
            mask |= SPHERE_BITS[g]
        # FR-POWERUP-2: a Hero's gems match every sphere (a Hero with no gem matches none)
        self.match: int = (ALL_SPHERES if gems else 0) if self.hero else mask
        self.traits: tuple[str, ...] = tuple(str(t) for t in f.get("traits", ()))
        pus: list[PowerUp] = []
        for i, raw in enumerate(f.get("powerups", ()) if card.type == "creature" else ()):
            fld = f"powerups[{i}]"
            _check_keys(raw, POWERUP_KEYS, fld, where)
            do = str(raw.get("do"))
            if do not in POWERUP_OPS:
                raise CatalogError(f"the engine does not execute power-up do={do!r}", field=fld, **where)
            sp = str(raw.get("sphere"))
            if sp not in SPHERE_BITS:
                raise CatalogError(f"the engine does not know sphere {sp!r}", field=fld, **where)
            pus.append(PowerUp(SPHERE_BITS[sp], OP_CODES[do], int(raw.get("n", 0))))
        self.powerups: tuple[PowerUp, ...] = tuple(pus)
        self.collect_n = 0
        self.collect_op: int = COLLECT_NONE
        self.collect_by = 0
        col = f.get("collect")
        if col is not None:
            _check_keys(col, COLLECT_KEYS, "collect", where)
            do = str(col.get("do"))
            if do not in COLLECT_CODES:
                raise CatalogError(f"the engine does not execute collect do={do!r}", field="collect", **where)
            self.collect_n = int(col["n"])
            self.collect_op = COLLECT_CODES[do]
            self.collect_by = int(col["by"])
        # FR-RALLY-1: "+a attack, +d defense while your opponent has scored more cards than you"
        self.rally_n = 0
        self.rally_att = 0
        self.rally_def = 0
        ral = f.get("rally")
        if ral is not None:
            _check_keys(ral, RALLY_KEYS, "rally", where)
            self.rally_n = int(ral.get("n", 1))
            if self.rally_n < 1:
                raise CatalogError("rally n (how many more cards the opponent has scored) is 1 or more",
                                   field="rally", **where)
            self.rally_att = int(ral.get("attack", 0))
            self.rally_def = int(ral.get("defense", 0))
            if self.rally_att < 0 or self.rally_def < 0 or self.rally_att + self.rally_def == 0:
                raise CatalogError("rally needs attack or defense of 1 or more (and neither below 0)",
                                   field="rally", **where)
        effs: list[Eff] = []
        acts: list[ResAction] = []
        for i, raw in enumerate(f.get("effects", ())):
            fld = f"effects[{i}]"
            if card.type == "trick":
                _check_keys(raw, EFFECT_KEYS, fld, where)
                effs.append(_eff(raw, fld, where))
            else:
                _check_keys(raw, RESOURCE_KEYS, fld, where)
                acts.append(_action(raw, fld, where, False))
        for i, raw in enumerate(f.get("actions", ()) if card.type == "creature" else ()):
            fld = f"actions[{i}]"
            _check_keys(raw, CREATURE_ACTION_KEYS, fld, where)
            acts.append(_action(raw, fld, where, True))
        #: a creature's rough worth in play, in stat points (bots' measure, not a rule)
        self.worth: float = (float(self.attack + self.defense) + 1.5 * len(self.powerups)
                             + (2.0 if self.collect_n else 0.0) + 1.0 * len(acts if card.type == "creature" else ()))
        self.effects: tuple[Eff, ...] = tuple(effs)
        self.actions: tuple[ResAction, ...] = tuple(acts)
        self.battle_actions: bool = any(a.in_battle for a in acts)
        self.coin_actions: bool = any(not a.in_battle for a in acts)

    def __repr__(self) -> str:
        return f"CardDef({self.name!r})"


def _check_keys(raw: Any, allowed: frozenset[str], fld: str, where: Mapping[str, Any]) -> None:
    if not isinstance(raw, Mapping):
        raise CatalogError("must be a table", field=fld, **where)
    for key in raw:
        if key not in allowed:
            raise CatalogError(f"the engine does not execute parameter {key!r}", field=fld, **where)


def _action(raw: Mapping[str, Any], fld: str, where: Mapping[str, Any], creature: bool) -> ResAction:
    """An action of a card in play with its costs: a resource's (``effects``) or a creature's (``actions``)."""
    eff = _eff(raw, fld, where, creature)
    coins, stars = int(raw.get("coins", 0)), int(raw.get("stars", 0))
    zap, down = bool(raw.get("zap", False)), bool(raw.get("face_down", False))
    discard = int(raw.get("discard", 0))
    if coins < 0 or stars < 0 or discard < 0:
        raise CatalogError("a cost is a whole number of at least 1", field=fld, **where)
    if creature and coins <= 0 and stars <= 0:
        raise CatalogError("a creature's action is a coin action (Set Phase) or a star action (battle): it needs "
                           "coins or stars (FR-ACTION-1)", field=fld, **where)
    if coins <= 0 and stars <= 0 and not zap and not down and discard <= 0:
        raise CatalogError("a resource action needs a cost (coins, stars, zap, face_down or discard)",
                           field=fld, **where)
    if coins > 0 and stars > 0:
        raise CatalogError("an action costs coins (Set Phase) or stars (battle), not both",
                           field=fld, **where)
    if coins > 0 and eff.op in BATTLE_OPS:
        raise CatalogError("a coin action is used in the Set Phase, outside any battle: it cannot "
                           f"do {raw.get('do')!r} (FR-COIN-2)", field=fld, **where)
    if eff.op == OP_MOVE and coins <= 0:
        raise CatalogError("move is a coin action of the Set Phase: a creature that moved in a battle would leave "
                           "it, which fwlab does not allow (FR-MOVE-1)", field=fld, **where)
    return ResAction(eff, coins, stars, zap, down, discard)


def _eff(raw: Mapping[str, Any], fld: str, where: Mapping[str, Any], creature: bool = False) -> Eff:
    do = str(raw.get("do"))
    if do not in OP_CODES:
        raise CatalogError(f"the engine does not execute effect do={do!r}", field=fld, **where)
    if OP_CODES[do] == OP_MOVE:
        if not creature:
            raise CatalogError("move moves the creature whose action it is: only a creature's own action may move "
                               "(FR-MOVE-1)", field=fld, **where)
        if "n" in raw or "trait" in raw:
            raise CatalogError("move takes no n and no trait (it moves this creature to one of your empty spaces, "
                               "FR-MOVE-1)", field=fld, **where)
    trait = str(raw.get("trait", ""))
    if trait and OP_CODES[do] == OP_DRAW:
        raise CatalogError("a trait condition names your battling creature: a draw does not take one (FR-TRAIT-1)",
                           field=fld, **where)
    return Eff(OP_CODES[do], int(raw.get("n", 0)), trait)


_CACHE: dict[tuple[int, str], tuple[Card, CardDef]] = {}


def compile_card(card: Card) -> CardDef:
    """The engine definition of a catalog card (cached per card object, kept with it so its ``id``
    is never reused for another card)."""
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
    """Card definitions for every copy in a deck (names must exist in the catalog)."""
    out: list[CardDef] = []
    for name in names:
        if name not in catalog:
            raise CatalogError("unknown card: not in the freerealms catalog", card=name)
        out.append(compile_card(catalog[name]))
    return out
