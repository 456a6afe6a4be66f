"""Starter decks of Free Realms (fr) and Eredan load against their catalogs and keep the deck rules."""

from __future__ import annotations

from collections import Counter

import pytest

from fwlab.catalog import load_catalog
from fwlab.catalog.schemas.eredan import MERCENARY, deck_key
from fwlab.catalog.schemas.freerealms import average_gems
from fwlab.decks import Deck, parse_decklist
from fwlab.decks.starters import starter_decks, starter_paths
from fwlab.decks.validate import validate


def fr_problems(deck: Deck) -> list[str]:
    """Free Realms deck rules: at least 40 cards, at most 3 of a name."""
    problems = []
    if deck.size < 40:
        problems.append(f"{deck.size} cards, needs at least 40")
    problems += [f"{n} copies of {name!r}, at most 3" for name, n in deck.counts().items() if n > 3]
    return problems


def eredan_problems(deck: Deck) -> list[str]:
    """Eredan deck rules: 3 characters and 20 cards of one guild plus Mercenaries (items of any guild
    beside a Golem), at most 3 per name (evolutions of a base count together), a unique card once."""
    cat = load_catalog("eredan")
    counts = deck.counts()
    chars = {n: c for n, c in counts.items() if cat[n].type == "character"}
    problems = []
    if sum(chars.values()) != 3 or any(c > 1 for c in chars.values()):
        problems.append(f"needs 3 different characters, got {chars}")
    if deck.size - sum(chars.values()) != 20:
        problems.append(f"needs 20 cards besides the characters, got {deck.size - sum(chars.values())}")
    guilds = {cat[n].get("guild") for n in chars} - {MERCENARY}
    if len(guilds) > 1:
        problems.append(f"characters of several guilds: {sorted(guilds)}")
    golem = any(cat[n].get("race") == "Golem" for n in chars)
    per_key: Counter[str] = Counter()
    unique_keys = set()
    for name, n in counts.items():
        card = cat[name]
        if card.type == "character":
            continue
        if card.get("guild") is not None and card.get("guild") not in guilds and not (golem and card.type == "item"):
            problems.append(f"{name!r} belongs to {card.get('guild')}, not to the deck's guild")
        per_key[deck_key(card.fields)] += n
        if card.get("unique"):
            unique_keys.add(deck_key(card.fields))
    for key, n in per_key.items():
        limit = 1 if key in unique_keys else 3
        if n > limit:
            problems.append(f"{n} copies of {key!r} (evolutions included), at most {limit}")
    return problems


def test_fr_has_at_least_two_starter_decks():
    assert len(starter_paths("fr")) >= 2


@pytest.mark.parametrize("deck", starter_decks("fr"), ids=lambda d: d.name)
def test_fr_starter_keeps_the_deck_rules(deck):
    assert deck.ruleset == "fr"
    assert fr_problems(deck) == []
    assert validate(deck) == []
    cat = load_catalog("fr")
    cards = [cat[n] for n in deck.cards()]
    assert any(c.get("hero") for c in cards)
    assert 2.0 <= average_gems(len(c.get("gems")) for c in cards) <= 3.5
    assert len({c.get("sphere") for c in cards} - {None}) == 2


def test_fr_rules_catch_a_short_deck_and_a_fourth_copy():
    deck = parse_decklist("ruleset: fr\n4 Ember Imp\n30 Rift Jackal\n")
    assert fr_problems(deck) == ["34 cards, needs at least 40", "4 copies of 'Ember Imp', at most 3",
                                 "30 copies of 'Rift Jackal', at most 3"]


def test_eredan_has_at_least_two_starter_decks():
    assert len(starter_paths("eredan")) >= 2


@pytest.mark.parametrize("deck", starter_decks("eredan"), ids=lambda d: d.name)
def test_eredan_starter_keeps_the_deck_rules(deck):
    assert deck.ruleset == "eredan"
    assert eredan_problems(deck) == []
    assert validate(deck) == []


def test_eredan_starters_cover_every_guild():
    cat = load_catalog("eredan")
    guilds = {cat[n].get("guild") for d in starter_decks("eredan") for n in d.counts()
              if cat[n].type == "character"}
    assert {"Ember Court", "Tidewardens", "Ashen Pact", MERCENARY} <= guilds


def test_eredan_rules_catch_mixed_guilds_and_evolutions_over_the_limit():
    text = ("ruleset: eredan\n1 Solenne Flamecrown\n1 Corvan Emberguard\n1 Nerys Frostweave\n"
            "2 Stormlash I\n1 Stormlash II\n1 Stormlash III\n1 Coral Trident\n15 Flame Dart\n")
    problems = eredan_problems(parse_decklist(text))
    assert "characters of several guilds: ['Ember Court', 'Tidewardens']" in problems
    assert "4 copies of 'Stormlash' (evolutions included), at most 1" in problems
    assert "15 copies of 'Flame Dart' (evolutions included), at most 3" in problems


def test_eredan_rules_catch_a_card_of_another_guild():
    text = ("ruleset: eredan\n1 Solenne Flamecrown\n1 Corvan Emberguard\n1 Seraphine Dawnsong\n"
            "1 Coral Trident\n3 Flame Dart\n3 Rummage\n3 Sidestep\n3 Taunt\n3 Cleave\n2 Cinder Mail\n2 Flame Vow\n")
    assert eredan_problems(parse_decklist(text)) == ["'Coral Trident' belongs to Tidewardens, not to the deck's guild"]
    # beside a Golem (Old Gorran) an item of another guild is allowed (ER-DECK-4), a spell is not
    golem = text.replace("Seraphine Dawnsong", "Old Gorran")
    assert eredan_problems(parse_decklist(golem)) == []
    assert eredan_problems(parse_decklist(golem.replace("1 Coral Trident", "1 Frost Nova\n1 Undertow").replace(
        "3 Flame Dart", "2 Flame Dart"))) == ["'Undertow' belongs to Tidewardens, not to the deck's guild"]
