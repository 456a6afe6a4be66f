"""The Eredan deck rules ER-DECK-1 … of docs/decklists.md, each on real decks of the shipped catalog.

Every test names the rule it holds (``ER-DECK-4`` → ``test_ER_DECK_4_…``);
:func:`test_every_eredan_deck_rule_id_has_a_test` fails if an ID of the document has none.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from fwlab.catalog import load_catalog
from fwlab.cli import main
from fwlab.decks.decklist import parse_decklist
from fwlab.decks.starters import starter_paths
from fwlab.decks.validate import validate
from fwlab.rules.eredan.deckrules import GOLEM

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "decklists.md").read_text(encoding="utf-8")
IDS = re.findall(r"^\| `(ER-DECK-\d+)` \|", DOC, flags=re.M)

# Tidewardens Bulwark's 20 cards (data/decks/eredan/tidewardens.txt): all Tidewardens or unaffiliated.
TIDE_CARDS = {
    "Frost Shard III": 1, "Coral Trident": 2, "Pearlscale Armour": 2, "Undertow": 2, "Glacier Wall": 2,
    "Brine Elixir": 2, "Wavebreaker Stance": 2, "Drowned Bell": 1, "Moonwater Scroll": 2,
    "Chainmail Hauberk": 2, "Field Repair": 2,
}
WITH_GOLEM = ["Nerys Frostweave", "Thalos Deepshield", "Maelis Tidecaller"]      # Thalos: a Tidewardens Golem
NO_GOLEM = ["Nerys Frostweave", "Maelis Tidecaller", "Ossra Wavecutter"]
# Unaffiliated cards of the starter decks (20 in all), for a deck of Mercenaries only.
FREE_CARDS = {
    "Field Repair": 2, "Chainmail Hauberk": 2, "Iron Longsword": 2, "Healing Draught": 2, "Flame Dart": 2,
    "Battle Cry": 1, "Mending Light I": 1, "Backstab": 2, "Cleave": 2, "Twin Daggers": 2, "Evasion": 2,
}


def deck_text(chars, cards):
    lines = ["ruleset: eredan"] + [f"1 {c}" for c in chars] + [f"{n} {name}" for name, n in cards.items() if n]
    return "\n".join(lines) + "\n"


def swap(cards, out, into):
    """``cards`` with every copy of ``out`` replaced by as many of ``into``."""
    new = {k: v for k, v in cards.items() if k != out}
    new[into] = new.get(into, 0) + cards[out]
    return new


def problems(chars, cards):
    return validate(parse_decklist(deck_text(chars, cards)))


def rules(chars, cards):
    return [(p.rule, p.card) for p in problems(chars, cards)]


@pytest.fixture(scope="module")
def catalog():
    return load_catalog("eredan")


def test_the_decks_used_here_are_what_they_claim(catalog):
    assert [catalog[c].get("race") == GOLEM for c in WITH_GOLEM] == [False, True, False]
    assert not any(catalog[c].get("race") == GOLEM for c in NO_GOLEM)
    assert {catalog[c].get("guild") for c in WITH_GOLEM + NO_GOLEM} == {"Tidewardens"}
    assert catalog["Old Gorran"].get("race") == GOLEM and catalog["Old Gorran"].get("guild") == "Mercenary"
    assert all(catalog[n].get("guild") is None for n in FREE_CARDS)
    assert sum(TIDE_CARDS.values()) == sum(FREE_CARDS.values()) == 20
    assert rules(WITH_GOLEM, TIDE_CARDS) == rules(NO_GOLEM, TIDE_CARDS) == []


# --- ER-DECK-1: 3 characters and 20 cards ------------------------------------------------------

def test_ER_DECK_1_three_characters_and_twenty_cards():
    found = problems(WITH_GOLEM[:2], TIDE_CARDS)
    assert [(p.rule, p.card) for p in found] == [("DECK-CHARACTERS", None)]
    assert found[0].message == "The deck has 2 characters; an eredan deck needs exactly 3."
    assert rules(WITH_GOLEM, {**TIDE_CARDS, "Field Repair": 1}) == [("DECK-SIZE", None)]


# --- ER-DECK-2: three different characters (RULINGS) -------------------------------------------

def test_ER_DECK_2_a_character_listed_twice_is_refused():
    text = "ruleset: eredan\n2 Thalos Deepshield\n1 Nerys Frostweave\n" + deck_text([], TIDE_CARDS).split("\n", 1)[1]
    found = validate(parse_decklist(text))
    assert [(p.rule, p.card) for p in found] == [("DECK-CHARACTERS", "Thalos Deepshield")]
    assert found[0].message == ("Thalos Deepshield is listed 2 times; the three characters must be different "
                                "characters.")


def test_ER_DECK_2_the_same_character_on_two_lines_in_another_case_is_one_card():
    text = deck_text(["Thalos Deepshield", "thalos deepshield ", "Nerys Frostweave"], TIDE_CARDS)
    assert [(p.rule, p.card) for p in validate(parse_decklist(text))] == [("DECK-CHARACTERS", "Thalos Deepshield")]


# --- ER-DECK-3: one guild plus Mercenaries -----------------------------------------------------

def test_ER_DECK_3_characters_of_two_guilds_are_refused():
    found = problems(["Nerys Frostweave", "Maelis Tidecaller", "Grask Bonecrusher"], TIDE_CARDS)
    chars = [p for p in found if p.card in ("Nerys Frostweave", "Maelis Tidecaller", "Grask Bonecrusher")]
    assert chars and all(p.rule == "DECK-GUILD" for p in found)
    assert all("guilds cannot be combined (Mercenaries can)" in p.message for p in chars)


def test_ER_DECK_3_a_card_of_another_guild_is_refused():
    found = problems(NO_GOLEM, swap(TIDE_CARDS, "Undertow", "Ember Lance I"))
    assert [(p.rule, p.card) for p in found] == [("DECK-GUILD", "Ember Lance I")]
    assert found[0].message == "Ember Lance I is an Ember Court card and cannot be put in a Tidewardens deck."


# --- ER-DECK-4: a deck with a Golem may hold items of another guild (RULINGS) ------------------

def test_ER_DECK_4_a_golem_deck_may_hold_items_of_other_guilds(catalog):
    """Armour, potion and jewel of two other guilds in a Tidewardens deck with Thalos (a Golem)."""
    cards = swap(swap(swap(TIDE_CARDS, "Pearlscale Armour", "Cinder Mail"), "Brine Elixir", "Gravedust Tincture"),
                 "Drowned Bell", "Hearthfire Ring")
    assert {catalog[n].get("guild") for n in ("Cinder Mail", "Gravedust Tincture", "Hearthfire Ring")} == {
        "Ember Court", "Ashen Pact"}
    assert all(catalog[n].type == "item" for n in ("Cinder Mail", "Gravedust Tincture", "Hearthfire Ring"))
    assert rules(WITH_GOLEM, cards) == []


def test_ER_DECK_4_a_mercenary_golem_counts_too():
    """Old Gorran (a Mercenary Golem) lets an Ashen Pact deck hold a Tidewardens weapon and armour."""
    ashen = {"Grave Hook I": 2, "Grave Hook II": 1, "Bone Ward": 2, "Shadowstep": 2, "Gravedust Tincture": 2,
             "Carrion Feast": 2, "Backstab": 2, "Cleave": 2, "Twin Daggers": 2, "Necrotic Seal": 1, "Evasion": 2}
    cards = swap(swap(ashen, "Bone Ward", "Pearlscale Armour"), "Twin Daggers", "Coral Trident")
    assert rules(["Grask Bonecrusher", "Vekra Nightclaw", "Old Gorran"], cards) == []
    found = rules(["Grask Bonecrusher", "Vekra Nightclaw", "Pip Quickfingers"], cards)
    assert sorted(found) == [("DECK-GUILD", "Coral Trident"), ("DECK-GUILD", "Pearlscale Armour")]


def test_ER_DECK_4_a_golem_in_a_deck_of_mercenaries_only():
    cards = swap(FREE_CARDS, "Chainmail Hauberk", "Cinder Mail")
    assert rules(["Aldric the Wanderer", "Pip Quickfingers", "Old Gorran"], cards) == []
    found = problems(["Aldric the Wanderer", "Pip Quickfingers", "Seraphine Dawnsong"], cards)
    assert [(p.rule, p.card) for p in found] == [("DECK-GUILD", "Cinder Mail")]
    assert found[0].message == "Cinder Mail is an Ember Court card and cannot be put in a deck of Mercenaries only."


def test_ER_DECK_4_an_off_guild_item_without_a_golem_is_still_refused():
    found = problems(NO_GOLEM, swap(TIDE_CARDS, "Pearlscale Armour", "Cinder Mail"))
    assert [(p.rule, p.card) for p in found] == [("DECK-GUILD", "Cinder Mail")]
    assert found[0].message == "Cinder Mail is an Ember Court card and cannot be put in a Tidewardens deck."


@pytest.mark.parametrize("card", ["Ember Lance I", "Kindled Resolve", "Brand of the Court", "Court Decree"])
def test_ER_DECK_4_only_items_other_off_guild_cards_stay_refused_with_a_golem(catalog, card):
    """A spell, theurgy, skill or action of another guild is refused even beside a Golem."""
    assert catalog[card].type != "item"
    found = problems(WITH_GOLEM, swap(TIDE_CARDS, "Undertow", card))
    assert [(p.rule, p.card) for p in found] == [("DECK-GUILD", card)]
    assert found[0].message == f"{card} is an Ember Court card and cannot be put in a Tidewardens deck."


def test_ER_DECK_4_the_copy_limits_still_hold_for_golem_items():
    cards = swap(swap(TIDE_CARDS, "Pearlscale Armour", "Sunforged Blade"), "Drowned Bell", "Cinder Mail")
    cards["Cinder Mail"] += 3
    cards["Undertow"] -= 2
    cards["Glacier Wall"] -= 1
    assert sorted(rules(WITH_GOLEM, cards)) == [("DECK-COPIES", "Cinder Mail"), ("DECK-UNIQUE", "Sunforged Blade")]


def test_ER_DECK_4_deck_check_cli_accepts_a_golem_deck(capsys, tmp_path):
    good = tmp_path / "golem.txt"
    good.write_text(deck_text(WITH_GOLEM, swap(TIDE_CARDS, "Pearlscale Armour", "Cinder Mail")), encoding="utf-8")
    bad = tmp_path / "no-golem.txt"
    bad.write_text(deck_text(NO_GOLEM, swap(TIDE_CARDS, "Pearlscale Armour", "Cinder Mail")), encoding="utf-8")
    assert main(["deck", "check", str(good), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["valid"] is True
    assert main(["deck", "check", str(bad), "--json"]) == 1
    assert [p["card"] for p in json.loads(capsys.readouterr().out)["problems"]] == ["Cinder Mail"]


# --- ER-DECK-5: copies, unique cards, evolutions ------------------------------------------------

def test_ER_DECK_5_copies_unique_and_evolutions():
    more = {**TIDE_CARDS, "Coral Trident": 4, "Field Repair": 0}
    assert rules(WITH_GOLEM, more) == [("DECK-COPIES", "Coral Trident")]
    assert rules(WITH_GOLEM, {**TIDE_CARDS, "Drowned Bell": 2, "Frost Shard III": 0}) == [
        ("DECK-UNIQUE", "Drowned Bell")]
    assert rules(WITH_GOLEM, {**TIDE_CARDS, "Frost Shard I": 1, "Field Repair": 1}) == [
        ("DECK-EVOLUTION", "Frost Shard")]


def test_ER_DECK_1_to_5_every_eredan_starter_deck_is_legal(capsys):
    paths = starter_paths("eredan")
    assert len(paths) >= 4
    for path in paths:
        assert main(["deck", "check", str(path)]) == 0, (path.name, capsys.readouterr().out)


# --- the document and the tests agree ----------------------------------------------------------

def test_every_eredan_deck_rule_id_has_a_test():
    numbered = [f"ER-DECK-{i}" for i in range(1, len(IDS) + 1)]
    assert len(IDS) >= 5 and numbered == IDS, "the ER-DECK IDs of docs/decklists.md are numbered 1, 2, …"
    tests = [n.name for n in ast.parse(Path(__file__).read_text(encoding="utf-8")).body
             if isinstance(n, ast.FunctionDef) and n.name.startswith("test_")]
    for rule in IDS:
        form = rule.replace("-", "_")
        assert any(re.search(rf"(?<![A-Za-z0-9]){form}(?![0-9])", t) for t in tests), rule
