"""The deck builder helper (text 001 "Deck Builder Helper"): complete a legal deck around chosen cards.

:func:`fill_deck` keeps the core cards and adds cards from the catalog, the same seed always giving
the same deck:

* the deck keeps to one camp where it matters: the core creatures' nature (Daemornia), the core's
  sphere plus Heroes (Free Realms), the core's guild plus unaffiliated cards and Mercenaries (Eredan);
* a card mix per type (Daemornia 20 creatures / 4 scenarios / 7 events / 9 attachments; Free Realms
  24 creatures / 10 resources / 6 tricks; Eredan 3 characters and 20 cards);
* a sensible curve: cards are drawn with weights that favour what the ruleset's resources pay for
  (fw 1-3 Res, epic and bg dearer) and, in Free Realms, cards with more gems;
* the core cards keep exactly the counts given;
* the limits of :mod:`fwlab.decks.validate` (copies, Specials, unique cards, evolutions, guilds).
  The finished deck is validated; a core that breaks a rule is a ValueError naming the problems.

>>> deck = fill_deck("fw", {"Nominod": 2}, seed=1)
>>> deck.size, deck.count("Nominod")
(40, 2)
>>> fill_deck("fw", {"Nominod": 2}, seed=1) == deck
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from ..catalog import Catalog, load_catalog
from ..rulesets import family_of
from .decklist import Deck, DeckEntry
from .validate import LIMITS, MERCENARY, validate

QUOTAS = {
    "daemornia": {"creature": 20, "scenario": 4, "event": 7, "attachment": 9},
    "freerealms": {"creature": 24, "resource": 10, "trick": 6},
}
#: the order cards are listed in the finished decklist (Eredan characters, then the chosen cards)
TYPE_ORDER = {"character": 0, "creature": 1, "scenario": 2, "resource": 2, "event": 3, "trick": 3, "attachment": 4}
#: weight of a card by its cost, per ruleset (what its resources pay for)
CURVES: dict[str, dict[int, float]] = {
    "fw": {0: 2, 1: 5, 2: 5, 3: 3, 4: 1, 5: 0.5},
    "fw-epic": {0: 1, 1: 3, 2: 4, 3: 4, 4: 3, 5: 2, 6: 1.5},
    "bg": {0: 1, 1: 2, 2: 3, 3: 4, 4: 4, 5: 3, 6: 2},
    "fr": {0: 3, 1: 5, 2: 5, 3: 4, 4: 2, 5: 1.5, 6: 1},
}


def _curve_weight(ruleset: str, cost: int | None) -> float:
    curve = CURVES.get(ruleset, {})
    if cost is None or not curve:
        return 1.0
    return curve.get(cost, min(curve.values()) / 2)


def _pick(rng: random.Random, pool: list[Any], weight: Callable[[Any], float]) -> Any | None:
    weights = [weight(c) for c in pool]
    if not pool or sum(weights) <= 0:
        return None
    return rng.choices(pool, weights=weights, k=1)[0]


class _Builder:
    def __init__(self, ruleset: str, core: Mapping[str, int], cat: Catalog, seed: int) -> None:
        self.ruleset, self.cat, self.rng = ruleset, cat, random.Random(seed)
        self.counts: Counter[str] = Counter()
        for name, n in core.items():
            card = cat.lookup(name)
            if card is None:
                raise ValueError(f"unknown card {name!r}: not in the {cat.family} catalog")
            if isinstance(n, bool) or not isinstance(n, int) or n < 1:
                raise ValueError(f"{card.name}: a count must be a whole number of at least 1, got {n!r}")
            self.counts[card.name] += n
        self.core = dict(self.counts)

    def cards(self) -> list[Any]:
        return [self.cat[n] for n in self.counts]

    def room(self, card: Any) -> int:
        if card.name in self.core:      # the chosen cards keep their chosen counts
            return 0
        lim = LIMITS[self.ruleset]
        cap = 1 if card.special and lim.max_special else lim.max_copies
        return max(0, cap - self.counts[card.name])

    def fill_type(self, pool: list[Any], want: int, weight: Callable[[Any], float]) -> None:
        pool = sorted(pool, key=lambda c: c.name)
        while want > 0:
            open_pool = [c for c in pool if self.room(c) > 0]
            card = _pick(self.rng, open_pool, weight)
            if card is None:
                return
            n = min(self.room(card), want, 1 if card.special else 2)
            self.counts[card.name] += n
            want -= n


def _daemornia(b: _Builder) -> None:
    natures = Counter(c.fields.get("nature") for c in b.cards() if c.type == "creature")
    all_creatures = b.cat.by_type("creature")
    if natures:
        nature = sorted(natures.items(), key=lambda kv: (-kv[1], str(kv[0])))[0][0]
    else:
        nature = b.rng.choice(sorted({str(c.fields.get("nature")) for c in all_creatures}))

    def weight(c: Any) -> float:
        return _curve_weight(b.ruleset, c.cost) * (0.3 if c.special else 1.0)

    have = Counter(c.type for c in b.cards() for _ in range(b.counts[c.name]))
    for t, quota in QUOTAS["daemornia"].items():
        pool = [c for c in b.cat.by_type(t) if t != "creature" or c.fields.get("nature") == nature]
        b.fill_type(pool, quota - have[t], weight)
    short = 40 - sum(b.counts.values())
    if short > 0:   # the camp ran out: top up with any card
        b.fill_type(list(b.cat), short, weight)


def _freerealms(b: _Builder) -> None:
    spheres = Counter(c.fields.get("sphere") for c in b.cards() if c.fields.get("sphere"))
    if spheres:
        sphere = sorted(spheres.items(), key=lambda kv: (-kv[1], str(kv[0])))[0][0]
    else:
        sphere = b.rng.choice(sorted({str(c.fields["sphere"]) for c in b.cat if c.fields.get("sphere")}))

    def weight(c: Any) -> float:
        return _curve_weight("fr", c.cost) * (1 + len(c.fields.get("gems", [])) / 2) * (0.5 if c.fields.get("hero") else 1)

    have = Counter(c.type for c in b.cards() for _ in range(b.counts[c.name]))
    for t, quota in QUOTAS["freerealms"].items():
        pool = [c for c in b.cat.by_type(t) if c.fields.get("sphere") == sphere or c.fields.get("hero")]
        b.fill_type(pool, quota - have[t], weight)
    short = 40 - sum(b.counts.values())
    if short > 0:
        b.fill_type(list(b.cat), short, weight)


def _eredan(b: _Builder) -> None:
    from .validate import GOLEM

    # ER-DECK-4: with a Golem in the core, items of another guild do not decide the deck's guild
    golem = any(c.type == "character" and c.fields.get("race") == GOLEM for c in b.cards())
    guilds = Counter(g for c in b.cards()
                     if (g := c.fields.get("guild")) and g != MERCENARY and not (golem and c.type == "item"))
    if len(guilds) > 1:
        raise ValueError(f"the core mixes guilds ({', '.join(sorted(guilds))}); an eredan deck has one guild")
    characters = b.cat.by_type("character")
    if guilds:
        guild = next(iter(guilds))
    else:
        guild = b.rng.choice(sorted({str(c.fields["guild"]) for c in characters} - {MERCENARY}))
    chars_now = [c for c in b.cards() if c.type == "character"]
    pool = [c for c in characters if c.fields.get("guild") in (guild, MERCENARY) and c.name not in b.counts]
    while len(chars_now) < 3:
        pick = _pick(b.rng, sorted(pool, key=lambda c: c.name),
                     lambda c: 3.0 if c.fields.get("guild") == guild else 1.0)
        if pick is None:
            raise ValueError(f"the catalog has too few {guild} and Mercenary characters to fill the deck")
        b.counts[pick.name] = 1
        chars_now.append(pick)
        pool.remove(pick)
    classes = {k for c in chars_now for k in c.fields.get("classes", [])}

    def key(c: Any) -> str:
        evo = c.fields.get("evolution")
        return str(evo["base"]) if evo else c.name

    def group_total(k: str) -> int:
        return sum(n for name, n in b.counts.items() if b.cat[name].type != "character" and key(b.cat[name]) == k)

    def group_unique(k: str) -> bool:
        return any(b.cat[n].fields.get("unique") for n in b.counts if key(b.cat[n]) == k)

    def room(c: Any) -> int:
        k = key(c)
        total = group_total(k)
        if c.fields.get("unique"):
            return 1 if total == 0 else 0
        if group_unique(k):
            return 0
        return max(0, 3 - total)

    cards = [c for c in b.cat if c.type != "character" and c.name not in b.core
             and c.fields.get("guild") in (None, guild)
             and (not c.fields.get("classes") or classes & set(c.fields["classes"]))]
    cards.sort(key=lambda c: c.name)
    want = 20 - sum(n for name, n in b.counts.items() if b.cat[name].type != "character")
    while want > 0:
        open_pool = [c for c in cards if room(c) > 0]
        pick = _pick(b.rng, open_pool, lambda c: 2.0 if c.fields.get("guild") == guild else 1.0)
        if pick is None:
            raise ValueError(f"the catalog has too few {guild} and unaffiliated cards to fill 20")
        n = min(room(pick), want, 2)
        b.counts[pick.name] += n
        want -= n


def fill_deck(ruleset: str, core: Mapping[str, int], seed: int = 0, *, catalog: Catalog | None = None,
              name: str | None = None) -> Deck:
    """A legal deck of ``ruleset`` holding the ``core`` cards (name -> copies), filled from the catalog."""
    if ruleset == "conquest":
        raise ValueError("conquest has no player decks: nothing to fill")
    family = family_of(ruleset)
    cat = catalog or load_catalog(ruleset)
    b = _Builder(ruleset, core, cat, seed)
    {"daemornia": _daemornia, "freerealms": _freerealms, "eredan": _eredan}[family](b)
    order = sorted(b.counts, key=lambda n: (cat[n].type != "character", n not in b.core, TYPE_ORDER.get(cat[n].type, 9), cat[n].cost or 0, n))
    deck = Deck(ruleset=ruleset, name=name or f"Helper deck (seed {seed})",
                entries=tuple(DeckEntry(b.counts[n], n) for n in order))
    problems = validate(deck, cat)
    if problems:
        raise ValueError("cannot complete a legal deck around these cards: "
                         + " ".join(p.message for p in problems))
    return deck
