"""Conquest of the Fallen Lands catalog cards compiled into flat definitions the engine reads.

Compiling is the engine's own check of the catalog (CQ-CARD-1): every field of a card must be one
the engine executes (``name``, ``type``, ``followers``, ``copies``, a troop's ``attack`` and
``support``, a fortification's ``support``, a magic card's ``effects``) or one with no effect on
play (``text``, ``rarity``); every magic effect must be one of ``claim``, ``boost``, ``draw``,
``coins``, ``steal_support``, ``refresh`` with its parameters. Anything else is a
:class:`~fwlab.catalog.CatalogError` naming the file, the card and the field, so a card the engine
could not play never reaches a game.

A magic card's targets travel in its action (``magic C x y``): one field per ``claim`` effect and
one follower kind per follower a ``refresh`` restores, at most two in all (an action carries three
numbers, the first being the card); a card asking for more is refused here.

The shared deck is every catalog card times its ``copies``, in catalog order; card instance ids are
positions in that list.

>>> from fwlab.catalog import load_catalog
>>> defs = shared_deck(load_catalog("conquest"))
>>> len(defs)
129
>>> d = compile_card(load_catalog("conquest").cards["Halberdiers"])
>>> (d.type == TROOP, d.need, d.attack, d.support)
(True, (2, 1, 0), 6, 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final

from ...catalog import Card, CatalogError

# card types (Final: the compiled core inlines them)
TROOP: Final = 0
FORTIFICATION: Final = 1
MAGIC: Final = 2
TYPE_CODES: Final = {"troop": TROOP, "fortification": FORTIFICATION, "magic": MAGIC}

# follower kinds (an action's number for a kind)
WARRIOR: Final = 0
CRAFTSMAN: Final = 1
MAGE: Final = 2
KINDS: Final = 3
FOLLOWER_NAMES: Final = ("warrior", "craftsman", "mage")

# magic effects
OP_CLAIM: Final = 0
OP_BOOST: Final = 1
OP_DRAW: Final = 2
OP_COINS: Final = 3
OP_STEAL: Final = 4
OP_REFRESH: Final = 5
OP_CODES: Final = {"claim": OP_CLAIM, "boost": OP_BOOST, "draw": OP_DRAW, "coins": OP_COINS,
                   "steal_support": OP_STEAL, "refresh": OP_REFRESH}
#: the parameters each effect takes (all required)
OP_PARAMS: Final = {"claim": ("max",), "boost": ("n",), "draw": ("n",), "coins": ("n",), "steal_support": (),
                    "refresh": ("n",)}
#: how many numbers a magic action carries after its card
MAX_TARGETS: Final = 2

#: fields the engine reads, per type; ``NO_EFFECT`` fields have no effect on play
COMMON_FIELDS: Final = frozenset({"name", "type", "followers", "copies"})
NO_EFFECT: Final = frozenset({"text", "rarity"})
TYPE_FIELDS: Final = {
    "troop": frozenset({"attack", "support"}),
    "fortification": frozenset({"support"}),
    "magic": frozenset({"effects"}),
}


class Eff:
    """One effect of a magic card: ``op`` (an ``OP_*`` code) and its number (``max`` of a claim,
    ``n`` of the others; 0 for ``steal_support``)."""

    __slots__ = ("op", "n")

    def __init__(self, op: int, n: int) -> None:
        self.op = op
        self.n = n

    def __repr__(self) -> str:
        return f"Eff(op={self.op}, n={self.n})"


_UIDS = [0]


class CardDef:
    """A card as the engine sees it. ``need``: followers expended (warrior, craftsman, mage);
    ``uid``: a number of its own in this process (for bots' memos)."""

    __slots__ = ("uid", "name", "type", "need", "need_w", "need_c", "need_m", "cost", "attack", "support",
                 "copies", "effects", "claims", "claim_max", "boost", "steal", "draw", "coins", "refresh",
                 "fixed_targets")

    def __init__(self, card: Card) -> None:
        f = card.fields
        where: dict[str, Any] = {"file": card.source or None, "line": card.line, "card": card.name}
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
        fol = f.get("followers")
        if not isinstance(fol, Mapping):
            raise CatalogError("must be a table of followers", field="followers", **where)
        for k in fol:
            if k not in FOLLOWER_NAMES:
                raise CatalogError(f"the engine does not know follower {k!r}", field="followers", **where)
        self.need_w: int = int(fol.get("warrior", 0))
        self.need_c: int = int(fol.get("craftsman", 0))
        self.need_m: int = int(fol.get("mage", 0))
        self.need: tuple[int, int, int] = (self.need_w, self.need_c, self.need_m)
        self.cost: int = self.need_w + self.need_c + self.need_m
        if self.cost < 1:
            raise CatalogError("a card expends at least one follower", field="followers", **where)
        self.attack: int = int(f.get("attack", 0))
        self.support: int = int(f.get("support", 0))
        self.copies: int = int(f.get("copies", 1))
        effs: list[Eff] = []
        if self.type == MAGIC:
            if self.need_m < 1:
                raise CatalogError("a magic card expends at least one mage", field="followers", **where)
            raw_effects = f.get("effects", ())
            if not raw_effects:
                raise CatalogError("a magic card needs at least one effect", field="effects", **where)
            for i, raw in enumerate(raw_effects):
                effs.append(_effect(raw, f"effects[{i}]", where))
        self.effects: tuple[Eff, ...] = tuple(effs)
        claims = 0
        claim_max = 0
        boost = 0
        steal = False
        draw = 0
        coins = 0
        refresh = 0
        for e in effs:
            if e.op == OP_CLAIM:
                claims += 1
                claim_max = max(claim_max, e.n)
            elif e.op == OP_BOOST:
                boost += e.n
            elif e.op == OP_STEAL:
                steal = True
            elif e.op == OP_DRAW:
                draw += e.n
            elif e.op == OP_COINS:
                coins += e.n
            elif e.op == OP_REFRESH:
                refresh += e.n
        if claims + refresh > MAX_TARGETS:
            raise CatalogError(f"the card needs {claims + refresh} targets (a field per claim, a follower per "
                               f"refresh) and an action carries at most {MAX_TARGETS}", field="effects", **where)
        self.claims: int = claims           # claim effects (each takes a field)
        self.claim_max: int = claim_max     # the largest difficulty one of them may claim
        self.boost: int = boost             # attack added to the next troop this turn
        self.steal: bool = steal            # opponents' support counts for the next conquest
        self.draw: int = draw               # cards drawn
        self.coins: int = coins             # coins taken
        self.refresh: int = refresh         # followers restored
        #: targets the action always carries (claims); refreshes add min(n, expended followers)
        self.fixed_targets: int = claims

    def __repr__(self) -> str:
        return f"CardDef({self.name!r})"


def _effect(raw: Any, fld: str, where: Mapping[str, Any]) -> Eff:
    if not isinstance(raw, Mapping):
        raise CatalogError("must be a table", field=fld, **where)
    do = raw.get("do")
    if do not in OP_CODES:
        raise CatalogError(f"the engine does not execute effect do={do!r}; it executes "
                           f"{', '.join(OP_CODES)}", field=fld, **where)
    params = OP_PARAMS[str(do)]
    for key in raw:
        if key != "do" and key not in params:
            raise CatalogError(f"the engine does not execute parameter {key!r} of {do}", field=fld, **where)
    n = 0
    for key in params:
        if key not in raw:
            raise CatalogError(f"{do} needs {key!r}", field=fld, **where)
        v = raw[key]
        if isinstance(v, bool) or not isinstance(v, int) or v < 1:
            raise CatalogError(f"{do} {key} must be a whole number of at least 1, not {v!r}", field=fld, **where)
        n = int(v)
    return Eff(OP_CODES[str(do)], n)


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
    """Card definitions for a list of card names (one per copy; names must exist in the catalog)."""
    out: list[CardDef] = []
    for name in names:
        if name not in catalog:
            raise CatalogError("unknown card: not in the conquest catalog", card=name)
        out.append(compile_card(catalog[name]))
    return out


#: id(catalog) -> (the catalog, its shared deck): a simulation asks for the same catalog every game
_DECKS: dict[int, tuple[Any, list[CardDef]]] = {}


def shared_deck(catalog: Any) -> list[CardDef]:
    """The shared deck of a catalog: every card ``copies`` times, in catalog order (compiled once
    per catalog object; every card is checked even when no copy of it is drawn)."""
    hit = _DECKS.get(id(catalog))
    if hit is not None and hit[0] is catalog:
        return hit[1]
    out: list[CardDef] = []
    for card in catalog:
        d = compile_card(card)
        for _ in range(d.copies):
            out.append(d)
    if not out:
        raise CatalogError("the conquest catalog has no cards: the shared deck would be empty")
    if len(_DECKS) > 64:
        _DECKS.clear()
    _DECKS[id(catalog)] = (catalog, out)
    return out


def deck_names(defs: Iterable[CardDef]) -> tuple[str, ...]:
    """The card names of a shared deck, one per copy."""
    return tuple(d.name for d in defs)
