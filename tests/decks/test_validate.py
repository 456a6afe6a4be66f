"""Deck validation: each rule id with a plain sentence naming the card, per ruleset."""

from __future__ import annotations

import pytest

from fwlab.catalog import Card, Catalog
from fwlab.decks.decklist import parse_decklist
from fwlab.decks.starters import starter_decks
from fwlab.decks.validate import validate


def card(family, name, type_="creature", **fields):
    return Card(family=family, name=name, type=type_, subtype=None, rarity="common", cost=fields.get("cost"),
                attack=None, defense=None, text="", fields={"name": name, "type": type_, **fields})


DAEMORNIA = Catalog("daemornia", {c.name: c for c in [
    card("daemornia", "Grunt"), card("daemornia", "Scout"), card("daemornia", "Hero of Old", special=True),
]})

EREDAN = Catalog("eredan", {c.name: c for c in [
    card("eredan", "Ash One", "character", guild="Ashen Pact"),
    card("eredan", "Ash Two", "character", guild="Ashen Pact"),
    card("eredan", "Sell Sword", "character", guild="Mercenary"),
    card("eredan", "Ember Girl", "character", guild="Ember Court"),
    card("eredan", "Hook I", "item", guild="Ashen Pact", evolution={"base": "Hook", "level": 1}),
    card("eredan", "Hook II", "item", guild="Ashen Pact", evolution={"base": "Hook", "level": 2}),
    card("eredan", "Hook III", "item", guild="Ashen Pact", unique=True, evolution={"base": "Hook", "level": 3}),
    card("eredan", "Torch", "spell", guild="Ember Court"),
    card("eredan", "Relic", "item", unique=True),
    *[card("eredan", f"Filler {i}", "action") for i in range(8)],
]})


def rules(deck_text, catalog):
    return [(p.rule, p.card) for p in validate(parse_decklist(deck_text), catalog)]


def test_every_starter_deck_is_legal():
    for ruleset in ("fw", "fw-epic", "bg", "fr", "eredan"):
        for deck in starter_decks(ruleset):
            assert validate(deck) == [], (ruleset, deck.name)


def test_fw_needs_forty_and_at_most_four_of_a_name():
    assert rules("ruleset: fw\n4 Grunt\n4 Scout\n", DAEMORNIA) == [("DECK-SIZE", None)]
    found = validate(parse_decklist("ruleset: fw\n5 Grunt\n35 Scout\n"), DAEMORNIA)
    assert [(p.rule, p.card) for p in found] == [("DECK-COPIES", "Grunt"), ("DECK-COPIES", "Scout")]
    assert found[0].message == "Grunt: 5 copies, but a fw deck allows at most 4 of a name."


def test_bg_is_exactly_forty_with_five_of_a_name():
    assert rules("ruleset: bg\n5 Grunt\n36 Scout\n", DAEMORNIA) == [("DECK-SIZE", None), ("DECK-COPIES", "Scout")]
    msg = validate(parse_decklist("ruleset: bg\n5 Grunt\n36 Scout\n"), DAEMORNIA)[0].message
    assert msg == "The deck has 41 cards; a bg deck needs exactly 40 cards."


def test_one_of_each_special():
    found = rules("ruleset: fw\n2 Hero of Old\n4 Grunt\n34 Scout\n", DAEMORNIA)
    assert ("DECK-SPECIAL", "Hero of Old") in found


def test_unknown_card_is_a_problem_not_a_crash():
    found = validate(parse_decklist("ruleset: fw\n4 Grunt\n2 Nominodd\n"), DAEMORNIA)
    assert ("DECK-UNKNOWN", "Nominodd") in [(p.rule, p.card) for p in found]
    assert "Nominodd is not a card of the daemornia catalog." in [p.message for p in found]


def test_free_realms_three_of_a_name():
    fr = Catalog("freerealms", {c.name: c for c in [card("freerealms", "Pixie"), card("freerealms", "Boar")]})
    assert rules("ruleset: fr\n4 Pixie\n36 Boar\n", fr) == [("DECK-COPIES", "Pixie"), ("DECK-COPIES", "Boar")]


def eredan_deck(chars, cards):
    lines = ["ruleset: eredan"] + [f"1 {c}" for c in chars] + [f"{n} {name}" for name, n in cards]
    return "\n".join(lines) + "\n"


FILLERS = [(f"Filler {i}", 2) for i in range(8)]   # 16 cards


def test_eredan_legal_deck_with_three_evolutions():
    text = eredan_deck(["Ash One", "Ash Two", "Sell Sword"], [*FILLERS, ("Hook I", 2), ("Hook II", 1), ("Relic", 1)])
    assert rules(text, EREDAN) == []


def test_eredan_unique_level_three_or_lower_levels_not_both():
    text = eredan_deck(["Ash One", "Ash Two", "Sell Sword"], [*FILLERS, ("Hook I", 2), ("Hook III", 1), ("Relic", 1)])
    found = validate(parse_decklist(text), EREDAN)
    assert [(p.rule, p.card) for p in found] == [("DECK-EVOLUTION", "Hook")]
    assert "1 Hook III or up to 3 of its other levels, not both" in found[0].message
    ok = eredan_deck(["Ash One", "Ash Two", "Sell Sword"], [*FILLERS, ("Hook III", 1), ("Relic", 1), ("Filler 0", 0)])
    assert rules(ok.replace("0 Filler 0\n", "") + "2 Filler 7\n", EREDAN) == [("DECK-COPIES", "Filler 7")]


def test_eredan_evolutions_share_the_three_copy_limit():
    text = eredan_deck(["Ash One", "Ash Two", "Sell Sword"], [*FILLERS, ("Hook I", 2), ("Hook II", 2)])
    assert rules(text, EREDAN) == [("DECK-EVOLUTION", "Hook")]


def test_eredan_unique_card_at_most_once():
    text = eredan_deck(["Ash One", "Ash Two", "Sell Sword"], [*FILLERS, ("Hook I", 2), ("Relic", 2)])
    assert rules(text, EREDAN) == [("DECK-UNIQUE", "Relic")]


def test_eredan_characters_and_guilds():
    two_chars = eredan_deck(["Ash One", "Sell Sword"], [*FILLERS, ("Hook I", 3), ("Relic", 1)])
    assert rules(two_chars, EREDAN) == [("DECK-CHARACTERS", None)]
    mixed = eredan_deck(["Ash One", "Ember Girl", "Sell Sword"], [*FILLERS, ("Hook I", 3), ("Relic", 1)])
    assert ("DECK-GUILD", "Ember Girl") in rules(mixed, EREDAN) or ("DECK-GUILD", "Ash One") in rules(mixed, EREDAN)
    foreign = eredan_deck(["Ash One", "Ash Two", "Sell Sword"], [*FILLERS, ("Hook I", 3), ("Torch", 1)])
    found = validate(parse_decklist(foreign), EREDAN)
    assert [(p.rule, p.card) for p in found] == [("DECK-GUILD", "Torch")]
    assert found[0].message == "Torch is an Ember Court card and cannot be put in an Ashen Pact deck."


def test_conquest_is_not_a_player_deck():
    found = validate(parse_decklist("ruleset: conquest\n1 Anything\n"))
    assert [p.rule for p in found] == ["DECK-RULESET"]
    assert "players do not build decks" in found[0].message


@pytest.mark.parametrize("ruleset", ["fw", "bg", "fr", "eredan"])
def test_problems_serialise_with_rule_card_message(ruleset):
    found = validate(parse_decklist(f"ruleset: {ruleset}\n1 No Such Card\n"))
    assert found and all(set(p.to_dict()) == {"rule", "card", "message"} for p in found)
