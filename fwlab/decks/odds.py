"""Draw odds: the chance of holding a card (or a group of cards) by each of your turns, and for the
rulesets with a resource cycle the chance of being able to deploy something on each turn.

Cards seen by your turn t (mulligans and card draw effects ignored) come from the ruleset's deck
rules, declared by its engine (:meth:`fwlab.rules.deckrules.DeckRules.cards_seen`: the opening
hand plus the draws of each turn), for example:

* ``fw``, ``fw-epic``, ``bg``: 5 opening + 1 in each of your Resource/Draw phases from your first
  turn on (RULINGS: both players draw from turn 1), so ``5 + t`` going first or second.
* ``fr``: 6 opening + 2 in each Ready Phase; the first player skips the draw of its turn 1, so
  ``6 + 2t`` going second and ``6 + 2(t - 1)`` going first.
* ``eredan``: the hand is refilled to 5 every turn; fwlab models the cards seen by your turn t as
  ``5 + 2(t - 1)`` (two cards played and replaced per turn pair), going first or second.

Each figure is hypergeometric (``scipy.stats.hypergeom``): P(at least k of the ``copies`` among the
``seen`` cards of a deck of ``size``), capped at the deck size.

>>> round(p_at_least(1, copies=4, deck_size=40, seen=5), 4)   # 1 - C(36,5)/C(40,5)
0.4271
>>> [cards_seen("fr", t, going_first=True) for t in (1, 2, 3)]
[6, 8, 10]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from typing import Any

from ..catalog import Catalog, load_catalog
from ..rules.deckrules import DeckRules
from ..rules.engines import deck_rules_for, deck_rulesets
from .decklist import Deck


def _player_deck_rules(ruleset: str) -> DeckRules:
    rules = deck_rules_for(ruleset)
    if not rules.player_decks:
        raise ValueError(f"{ruleset} has no player deck: draw odds do not apply")
    return rules


def cards_seen(ruleset: str, turn: int, *, going_first: bool = True) -> int:
    """Cards drawn into your hand by your turn ``turn`` (1-based), before the deck-size cap."""
    if turn < 1:
        raise ValueError(f"turn must be at least 1, got {turn}")
    return _player_deck_rules(ruleset).cards_seen(turn, going_first=going_first)


def p_at_least(k: int, *, copies: int, deck_size: int, seen: int) -> float:
    """P(at least ``k`` of ``copies`` among ``seen`` cards drawn from ``deck_size``)."""
    if deck_size < 1 or not 0 <= copies <= deck_size:
        raise ValueError(f"need 0 <= copies ({copies}) <= deck size ({deck_size}) and a non-empty deck")
    if k <= 0:
        return 1.0
    from scipy.stats import hypergeom  # imported here: scipy.stats is slow to import for every user of decks

    seen = min(seen, deck_size)
    return float(hypergeom.sf(k - 1, deck_size, copies, seen))


@dataclass(frozen=True)
class DrawOdds:
    label: str
    copies: int
    deck_size: int
    k: int
    going_first: bool
    turn: list[int]
    seen: list[int]
    p_at_least_k: list[float]
    p_at_least_one: list[float]

    def to_dict(self) -> dict[str, Any]:
        return {"label": self.label, "copies": self.copies, "deck_size": self.deck_size, "k": self.k,
                "going_first": self.going_first, "turn": self.turn, "seen": self.seen,
                "p_at_least_k": self.p_at_least_k, "p_at_least_one": self.p_at_least_one}


def draw_odds(deck: Deck, card: str | None = None, group: Callable[[Any], bool] | None = None, *, k: int = 1,
              turns: int = 10, going_first: bool = True, catalog: Catalog | None = None,
              label: str | None = None) -> DrawOdds:
    """P(at least k copies of ``card``, or of the cards ``group(card) is True``, in hand by each turn.

    >>> from fwlab.decks.decklist import parse_decklist
    >>> d = parse_decklist("ruleset: fw\\n4 Nominod\\n36 Steel Mill\\n")
    >>> [round(p, 3) for p in draw_odds(d, "Nominod", turns=2).p_at_least_one]
    [0.493, 0.552]
    >>> draw_odds(d, group=lambda c: c.type == "creature", turns=1).copies
    4
    """
    if (card is None) == (group is None):
        raise ValueError("give either a card name or a group predicate")
    if turns < 1:
        raise ValueError(f"turns must be at least 1, got {turns}")
    cat = catalog or load_catalog(deck.ruleset)
    counts = deck.counts()
    size = deck.size
    if card is not None:
        found = cat.lookup(card)
        if found is None:
            raise ValueError(f"unknown card {card!r}: not in the {cat.family} catalog")
        copies = sum(n for name, n in counts.items() if (c := cat.lookup(name)) is not None and c.name == found.name)
        if copies == 0:
            raise ValueError(f"{found.name} is not in the deck {deck.name!r}")
        label = label or found.name
    else:
        assert group is not None
        copies = sum(n for name, n in counts.items() if (c := cat.lookup(name)) is not None and group(c))
        label = label or "group"
    turn_list = list(range(1, turns + 1))
    rules = _player_deck_rules(deck.ruleset)
    seen = [min(size, rules.cards_seen(t, going_first=going_first)) for t in turn_list]
    return DrawOdds(label, copies, size, k, going_first, turn_list, seen,
                    [p_at_least(k, copies=copies, deck_size=size, seen=s) for s in seen],
                    [p_at_least(1, copies=copies, deck_size=size, seen=s) for s in seen])


# --- deploy odds: exact enumeration of the hand by cost bucket -----------------------------------

@dataclass(frozen=True)
class DeployOdds:
    """``p_deploy[t-1]``: chance you can deploy at least one card on your turn t; ``p_every_turn[t-1]``:
    chance you could deploy something on each of turns 1..t."""

    ruleset: str
    turn: list[int]
    resources: list[str]
    p_deploy: list[float]
    p_every_turn: list[float]

    def to_dict(self) -> dict[str, Any]:
        return {"ruleset": self.ruleset, "turn": self.turn, "resources": self.resources,
                "p_deploy": self.p_deploy, "p_every_turn": self.p_every_turn}


@lru_cache(maxsize=1 << 16)
def _best_play(hand: tuple[int, ...], res: int) -> tuple[int, ...]:
    """Cards (per cost bucket; the last bucket is "dearer") played with ``res``: the most Res spent,
    then the fewest cards (cheap cards are kept for the turns with little Res). Only buckets costing at most ``res`` are tried, at most ``res // cost`` each."""
    costs = [c for c in range(min(res + 1, len(hand) - 1)) if hand[c]]
    ranges = [range(hand[c] + 1) if c == 0 else range(min(hand[c], res // c) + 1) for c in costs]
    best: tuple[int, int] = (-1, 0)
    choice: tuple[int, ...] = tuple(0 for _ in costs)
    for x in product(*ranges):
        spent = sum(c * n for c, n in zip(costs, x))
        if spent <= res and (spent, -sum(x)) > best:
            best, choice = (spent, -sum(x)), x
    out = [0] * len(hand)
    for c, n in zip(costs, choice):
        out[c] = n
    return tuple(out)


def deploy_odds(deck: Deck, turns: int = 6, *, catalog: Catalog | None = None) -> DeployOdds:
    """Exact chance of being able to deploy something on each of your turns 1..``turns``.

    Model: cards are grouped by cost (0, 1, … up to the most Res a turn can give, and "dearer");
    the draws are sequential draws without replacement (the multivariate hypergeometric over the
    buckets). Res per turn follow the ruleset's ``resource_cycle`` (its deck rules: 1, 2, 3 for ``fw``,
    1..6 for ``fw-epic``); Scenarios' extra Res, discounts and the one-Scenario-per-turn limit are
    ignored. The opening hand and the draws of each turn are the deck rules' (going first). Each turn
    you draw, then play the
    cards that spend the most Res (then the fewest cards, keeping cheap cards for the 1-Res turns);
    "able to deploy" means a card of cost <= that turn's Res is in hand. Costs about 10-50 ms for
    an ``fw`` deck and 1-2 s for an ``fw-epic`` deck (more buckets, more hands).

    >>> from fwlab.decks.decklist import parse_decklist
    >>> d = parse_decklist("ruleset: fw\\n4 Nominod\\n36 Steel Mill\\n")   # costs 3 and 2
    >>> [round(p, 4) for p in deploy_odds(d, 3).p_deploy]
    [0.0, 1.0, 1.0]
    """
    ruleset = deck.ruleset
    rules = deck_rules_for(ruleset)
    cycle = rules.resource_cycle
    if not cycle:
        with_cycle = [r for r in deck_rulesets() if deck_rules_for(r).resource_cycle]
        raise ValueError(f"deploy odds follow the resource cycle of {' and '.join(with_cycle) or 'no ruleset'}, "
                         f"not {ruleset!r}" + (f" ({rules.no_cycle})" if rules.no_cycle else ""))
    cat = catalog or load_catalog(ruleset)
    res_dists = [{cycle[t % len(cycle)]: 1.0} for t in range(turns)]
    labels = [str(cycle[t % len(cycle)]) for t in range(turns)]
    max_res = max(r for d in res_dists for r in d)
    buckets = [0] * (max_res + 2)          # cost 0..max_res, then "dearer"
    for name, n in deck.counts().items():
        card = cat.lookup(name)
        if card is None:
            raise ValueError(f"unknown card {name!r}: not in the {cat.family} catalog")
        cost = card.cost if card.cost is not None else max_res + 1
        buckets[min(cost, max_res + 1)] += n
    empty = tuple(0 for _ in buckets)
    # state: (deck remaining, hand, deployed on every turn so far) -> probability
    states: dict[tuple[tuple[int, ...], tuple[int, ...], bool], float] = {(tuple(buckets), empty, True): 1.0}

    def caps(first: int) -> tuple[int, ...]:
        """Most cards of each bucket that can still matter from turn ``first`` on: a card of cost c is
        played at most res // c times a turn, a free card only needs to be there, a dearer one never
        matters. Holding more than that changes nothing, so hands are capped (exactly) to keep the
        enumeration small."""
        rest = [max(d) for d in res_dists[first:]]
        return (min(1, len(rest)), *(sum(r // c for r in rest) for c in range(1, max_res + 1)), 0)

    def draw(sts: dict[tuple[tuple[int, ...], tuple[int, ...], bool], float],
             cap: tuple[int, ...]) -> dict[tuple[tuple[int, ...], tuple[int, ...], bool], float]:
        out: dict[tuple[tuple[int, ...], tuple[int, ...], bool], float] = {}
        for (rem, hand, ok), p in sts.items():
            left = sum(rem)
            if left == 0:
                out[(rem, hand, ok)] = out.get((rem, hand, ok), 0.0) + p
                continue
            for b, r in enumerate(rem):
                if r:
                    key = (rem[:b] + (r - 1,) + rem[b + 1:], hand[:b] + (min(cap[b], hand[b] + 1),) + hand[b + 1:], ok)
                    out[key] = out.get(key, 0.0) + p * r / left
        return out

    for _ in range(rules.opening_hand):
        states = draw(states, caps(0))
    p_deploy, p_every = [], []
    for t in range(turns):
        if t or rules.draw_on_turn_one[0]:
            for _ in range(rules.draws_per_turn):
                states = draw(states, caps(t))
        after = caps(t + 1)
        nxt: dict[tuple[tuple[int, ...], tuple[int, ...], bool], float] = {}
        can = every = 0.0
        for (rem, hand, ok), p in states.items():
            for res, pr in res_dists[t].items():
                able = any(hand[c] for c in range(0, res + 1))
                m = p * pr
                can += m if able else 0.0
                every += m if able and ok else 0.0
                played = _best_play(hand, res)
                key = (rem, tuple(min(cp, h - x) for h, x, cp in zip(hand, played, after)), ok and able)
                nxt[key] = nxt.get(key, 0.0) + m
        states = nxt
        p_deploy.append(can)
        p_every.append(every)
    return DeployOdds(ruleset, list(range(1, turns + 1)), labels, p_deploy, p_every)
