"""Deck statistics: curve, types, camp mix, gems, and the attack/defence profile.

Every figure counts card copies, and what each one counts comes from the ruleset's deck rules
(:class:`fwlab.rules.deckrules.DeckRules`, declared by its engine): the resource curve over the
costs of ``curve_types``; the mix of ``mix_field`` (the creatures' nature in Daemornia, every card's
sphere with Heroes apart in Free Realms, every card's guild with unaffiliated cards as Mercenary in
Eredan); the profile of ``profile_fields`` over the cards of ``fighter_types``. ``average_gems``
(only where the rules name a ``gem_field``: Free Realms; None elsewhere) is the deck builder's
figure: the mean gem count over every card of the deck (RULINGS "Free Realms").
:func:`gem_gap_odds` puts it to the test: the exact chance of winning a battle at each attack/defense
gap from the deck's own gems (:mod:`fwlab.calc.gem_gaps`).

>>> from fwlab.decks.decklist import parse_decklist
>>> s = deck_stats(parse_decklist("ruleset: fw\\n4 Nominod\\n2 Steel Mill\\n"))
>>> s.cards, s.curve, s.types, s.average_gems
(6, {2: 2, 3: 4}, {'creature': 4, 'scenario': 2}, None)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..calc.gem_gaps import GapOdds, gap_odds
from ..calc.gems import FlipDeck
from ..catalog import Catalog, load_catalog
from ..rules.engines import deck_rules_for
from .decklist import Deck


def _sorted(c: Mapping[Any, int]) -> dict[Any, int]:
    return {k: c[k] for k in sorted(c, key=lambda k: (k is None, str(k) if not isinstance(k, int) else f"{k:09d}"))}


@dataclass(frozen=True)
class DeckStats:
    ruleset: str
    name: str
    cards: int
    curve: dict[int, int]
    types: dict[str, int]
    subtypes: dict[str, int]
    mix: dict[str, int]
    mix_field: str | None
    average_gems: float | None
    gem_histogram: dict[int, int] | None
    profile: dict[str, dict[str, Any]] = field(default_factory=dict)
    unknown: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset, "name": self.name, "cards": self.cards,
            "curve": {str(k): v for k, v in self.curve.items()},
            "types": self.types, "subtypes": self.subtypes,
            "mix": self.mix, "mix_field": self.mix_field,
            "average_gems": self.average_gems,
            "gem_histogram": None if self.gem_histogram is None else {str(k): v for k, v in self.gem_histogram.items()},
            "profile": self.profile, "unknown": self.unknown,
        }


def deck_stats(deck: Deck, catalog: Catalog | None = None) -> DeckStats:
    """Statistics of a deck; unknown card names are listed in ``unknown`` and left out of the figures."""
    rules = deck_rules_for(deck.ruleset)
    cat = catalog or load_catalog(deck.ruleset)
    curve: Counter[int] = Counter()
    types: Counter[str] = Counter()
    subtypes: Counter[str] = Counter()
    mix: Counter[str] = Counter()
    gems: Counter[int] = Counter()
    values: dict[str, list[int]] = {k: [] for k in rules.profile_fields}
    unknown: list[str] = []
    total = 0
    for name, n in deck.counts().items():
        card = cat.lookup(name)
        if card is None:
            unknown.append(name)
            continue
        total += n
        if card.cost is not None and rules.in_curve(card):
            curve[card.cost] += n
        types[card.type] += n
        sub = card.subtype or card.fields.get("kind")
        if sub:
            subtypes[f"{card.type}/{sub}"] += n
        if rules.in_mix(card):
            mix[rules.mix_label(card)] += n
        if rules.gem_field is not None:
            gems[len(card.fields.get(rules.gem_field, []))] += n
        if card.type in rules.fighter_types:
            for k in values:
                v = card.fields.get(k)
                if isinstance(v, int) and not isinstance(v, bool):
                    values[k].extend([v] * n)
    profile: dict[str, dict[str, Any]] = {}
    for k, vs in values.items():
        if vs:
            profile[k] = {"mean": sum(vs) / len(vs), "min": min(vs), "max": max(vs),
                          "histogram": {str(v): c for v, c in sorted(Counter(vs).items())}}
    gemmed = rules.gem_field is not None
    n_gem_cards = sum(gems.values())
    return DeckStats(
        ruleset=deck.ruleset, name=deck.name, cards=total, curve=_sorted(curve), types=_sorted(types),
        subtypes=_sorted(subtypes), mix=_sorted(mix), mix_field=rules.mix_field,
        average_gems=(sum(k * v for k, v in gems.items()) / n_gem_cards if n_gem_cards else 0.0) if gemmed else None,
        gem_histogram={k: gems.get(k, 0) for k in range(0, rules.max_gems + 1)} if gemmed else None,
        profile=profile, unknown=unknown,
    )


#: Whom the foe flips from in :func:`gem_gap_odds`.
GAP_OPPONENTS = ("mirror", "starters")


def flip_deck(deck: Deck, catalog: Catalog | None = None) -> FlipDeck:
    """A Free Realms deck as the battle flip sees it (every copy's gems); unknown names are left out,
    as in :func:`deck_stats`. A ruleset whose deck rules have no ``gem_field`` has no gems to flip."""
    if deck_rules_for(deck.ruleset).gem_field is None:
        raise ValueError(f"gems are a Free Realms figure; a {deck.ruleset} deck has none")
    cat = catalog or load_catalog(deck.ruleset)
    pairs = [(card, n) for name, n in deck.counts().items() if (card := cat.lookup(name)) is not None]
    return FlipDeck.from_cards(pairs)


def gem_gap_odds(deck: Deck, catalog: Catalog | None = None, against: str = "mirror",
                 starters: list[Deck] | None = None, gaps: range | None = None) -> list[GapOdds]:
    """The exact P(win / tie / lose) of a creature of this deck at each attack/defense gap, from the
    deck's gems (:func:`fwlab.calc.gem_gaps.gap_odds`).

    ``against="mirror"``: the foe flips from this same deck; ``"starters"``: from a starter deck of the
    ruleset drawn at random (each starter weighted equally; ``starters`` defaults to
    ``data/decks/<ruleset>/``). ``gaps`` defaults to the gaps whose outcome is not certain, plus one
    on each side.
    """
    if against not in GAP_OPPONENTS:
        raise ValueError(f"against must be one of {', '.join(GAP_OPPONENTS)}, got {against!r}")
    cat = catalog or load_catalog(deck.ruleset)
    mine = flip_deck(deck, cat)
    if mine.size == 0:
        raise ValueError("the deck has no known cards to flip")
    if against == "mirror":
        opponents = [mine]
    else:
        if starters is None:
            from .starters import starter_decks

            starters = starter_decks(deck.ruleset)
        opponents = [flip_deck(d, cat) for d in starters]
        opponents = [o for o in opponents if o.size]
        if not opponents:
            raise ValueError(f"no {deck.ruleset} starter decks to flip against")
    return gap_odds(mine, opponents, gaps)
