"""Deck statistics: curve, types, mix, gems (Free Realms only) and the fighters' profile."""

from __future__ import annotations

import json

import pytest

from fwlab.catalog import Card, Catalog
from fwlab.decks.decklist import parse_decklist
from fwlab.decks.starters import starter_decks
from fwlab.decks.stats import deck_stats


def card(family, name, type_, cost=None, **fields):
    return Card(family=family, name=name, type=type_, subtype=fields.get("subtype"), rarity="C", cost=cost,
                attack=None, defense=None, text="", fields={"name": name, "type": type_, **fields})


FR = Catalog("freerealms", {c.name: c for c in [
    card("freerealms", "Pixie", "creature", 1, sphere="nature", attack=1, defense=2, gems=["nature"] * 4),
    card("freerealms", "Boar", "creature", 3, sphere="nature", attack=4, defense=3, gems=["nature"] * 2),
    card("freerealms", "Nirvi", "creature", 5, hero=True, attack=8, defense=6, gems=["chaos"]),
    card("freerealms", "Grove", "resource", None, sphere="nature", gems=[]),
]})


def test_free_realms_curve_mix_and_average_gems():
    s = deck_stats(parse_decklist("ruleset: fr\n3 Pixie\n2 Boar\n1 Nirvi\n4 Grove\n"), FR)
    assert s.cards == 10
    assert s.curve == {1: 3, 3: 2, 5: 1}
    assert s.types == {"creature": 6, "resource": 4}
    assert s.mix == {"hero": 1, "nature": 9}
    assert s.average_gems == pytest.approx((3 * 4 + 2 * 2 + 1 * 1 + 0) / 10)
    assert s.gem_histogram == {0: 4, 1: 1, 2: 2, 3: 0, 4: 3}
    assert s.profile["attack"]["mean"] == pytest.approx((3 * 1 + 2 * 4 + 8) / 6)
    assert s.profile["defense"]["max"] == 6


def test_average_gems_is_null_outside_free_realms():
    for ruleset in ("fw", "bg", "eredan"):
        s = deck_stats(starter_decks(ruleset)[0])
        assert s.average_gems is None and s.gem_histogram is None
        assert s.to_dict()["average_gems"] is None


def test_starter_deck_stats_add_up_and_serialise():
    for ruleset in ("fw", "fr", "eredan"):
        deck = starter_decks(ruleset)[0]
        s = deck_stats(deck)
        assert s.cards == deck.size
        assert sum(s.types.values()) == deck.size
        json.dumps(s.to_dict())
    fw = deck_stats(starter_decks("fw")[0])
    assert sum(fw.curve.values()) == 40                  # every Daemornia card has a Res cost
    assert sum(fw.mix.values()) == fw.types["creature"]  # nature counts creatures


def test_unknown_cards_are_listed_not_counted():
    s = deck_stats(parse_decklist("ruleset: fr\n3 Pixie\n2 Nope\n"), FR)
    assert s.unknown == ["Nope"] and s.cards == 3
