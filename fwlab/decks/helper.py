"""The deck builder helper (text 001 "Deck Builder Helper"): complete a legal deck around chosen cards.

:func:`fill_deck` keeps the core cards and adds cards from the catalog, the same seed always giving
the same deck. What it aims for comes from the ruleset's deck rules, declared by its engine
(:class:`fwlab.rules.deckrules.DeckRules`):

* the deck keeps to one camp (``mix_field`` over the ``mix_types``): the core creatures' nature
  (Daemornia), the core's sphere plus Heroes (Free Realms, ``camp_free``); a camp drawn at random
  when the core has none;
* a card mix per type (``quotas``: Daemornia 20 creatures / 4 scenarios / 7 events / 9 attachments;
  Free Realms 24 creatures / 10 resources / 6 tricks), topped up to ``min_size`` from any card when
  the camp runs out;
* a sensible curve: cards are drawn with weights that favour what the ruleset's resources pay for
  (``curve``: fw 1-3 Res, epic and bg dearer), adjusted per card by ``pick_weight`` (Specials less
  often; in Free Realms, cards with more gems more often);
* the core cards keep exactly the counts given;
* the limits of :mod:`fwlab.decks.validate` (copies, Specials; a game's own ``fill`` keeps its own,
  as Eredan's does: 3 characters and 20 cards, unique cards, evolutions, guilds).
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
from ..rules.deckrules import DeckRules
from ..rules.engines import deck_rules_for
from .decklist import Deck, DeckEntry
from .validate import validate

#: the room of a card under rules without a copy limit
_NO_LIMIT = 1 << 30


def _pick(rng: random.Random, pool: list[Any], weight: Callable[[Any], float]) -> Any | None:
    weights = [weight(c) for c in pool]
    if not pool or sum(weights) <= 0:
        return None
    return rng.choices(pool, weights=weights, k=1)[0]


class _Builder:
    """The deck being filled (a :class:`fwlab.rules.deckrules.DeckDraft`)."""

    def __init__(self, ruleset: str, rules: DeckRules, core: Mapping[str, int], cat: Catalog, seed: int) -> None:
        self.ruleset, self.rules, self.cat, self.rng = ruleset, rules, cat, random.Random(seed)
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

    def pick(self, pool: list[Any], weight: Callable[[Any], float]) -> Any | None:
        return _pick(self.rng, pool, weight)

    def room(self, card: Any) -> int:
        if card.name in self.core:      # the chosen cards keep their chosen counts
            return 0
        special, copies = self.rules.max_special, self.rules.max_copies
        cap = special if card.special and special else copies if copies is not None else _NO_LIMIT
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


def _by_quotas(b: _Builder, rules: DeckRules) -> None:
    """Fill by the rules' ``quotas`` of one camp, then top up to ``min_size`` from any card."""
    camp_field = rules.mix_field
    camp: Any = None
    if camp_field is not None:
        camps = Counter(c.fields.get(camp_field) for c in b.cards() if rules.in_mix(c) and c.fields.get(camp_field))
        if camps:
            camp = sorted(camps.items(), key=lambda kv: (-kv[1], str(kv[0])))[0][0]
        else:
            choices = sorted({str(c.fields[camp_field]) for c in b.cat if rules.in_mix(c) and c.fields.get(camp_field)})
            camp = b.rng.choice(choices) if choices else None

    def fits(c: Any) -> bool:
        return (camp is None or not rules.in_mix(c) or c.fields.get(camp_field) == camp
                or (rules.camp_free is not None and rules.camp_free(c)))

    def weight(c: Any) -> float:
        base = rules.curve_weight(c.cost)
        return base if rules.pick_weight is None else rules.pick_weight(c, base)

    if rules.characters:    # characters of the camp (any camp when it has none), each once
        chars = sorted((c for c in b.cat if rules.is_character(c) and fits(c) and c.name not in b.counts),
                       key=lambda c: c.name)
        while sum(n for name, n in b.counts.items() if rules.is_character(b.cat[name])) < rules.characters:
            pick = b.pick(chars, lambda c: 1.0)
            if pick is None:
                break       # validation names what is missing
            b.counts[pick.name] = 1
            chars.remove(pick)
    have = Counter(c.type for c in b.cards() for _ in range(b.counts[c.name]))
    for t, quota in rules.quotas.items():
        b.fill_type([c for c in b.cat.by_type(t) if fits(c)], quota - have[t], weight)
    short = (rules.min_size or 0) - sum(n for name, n in b.counts.items() if not rules.is_character(b.cat[name]))
    if short > 0:   # the camp ran out: top up with any card
        b.fill_type([c for c in b.cat if not rules.is_character(c)], short, weight)


def fill_deck(ruleset: str, core: Mapping[str, int], seed: int = 0, *, catalog: Catalog | None = None,
              name: str | None = None) -> Deck:
    """A legal deck of ``ruleset`` holding the ``core`` cards (name -> copies), filled from the catalog."""
    rules = deck_rules_for(ruleset)
    if not rules.player_decks:
        raise ValueError(f"{ruleset} has no player decks: nothing to fill")
    cat = catalog or load_catalog(ruleset)
    b = _Builder(ruleset, rules, core, cat, seed)
    if rules.fill is not None:
        rules.fill(b, rules)
    else:
        _by_quotas(b, rules)
    # characters first, then the core, then by the quotas' type order, cost and name
    order = {t: i for i, t in enumerate(rules.quotas)}
    names = sorted(b.counts, key=lambda n: (not rules.is_character(cat[n]), n not in b.core,
                                            order.get(cat[n].type, len(order)), cat[n].cost or 0, n))
    deck = Deck(ruleset=ruleset, name=name or f"Helper deck (seed {seed})",
                entries=tuple(DeckEntry(b.counts[n], n) for n in names))
    problems = validate(deck, cat)
    if problems:
        raise ValueError("cannot complete a legal deck around these cards: "
                         + " ".join(p.message for p in problems))
    return deck
