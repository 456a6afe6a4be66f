"""The shipped Free Realms catalog (ruleset fr) and its schema's checks on malformed cards."""

from __future__ import annotations

import doctest
from collections import Counter
from dataclasses import replace
from pathlib import Path
from statistics import mean

import pytest

from fwlab.calc.collector import parse_collector as calc_parse_collector
from fwlab.catalog import CatalogError, load_catalog, load_family, parse_catalog_text
from fwlab.catalog.schemas import _vocab as vocab_module
from fwlab.catalog.schemas import freerealms as freerealms_module
from fwlab.catalog.schemas.freerealms import (
    EFFECTS,
    POWERUPS,
    RARITIES,
    SPHERES,
    collector_clashes,
    parse_collector,
)

DOC = Path(__file__).resolve().parents[2] / "docs" / "catalogs" / "freerealms.md"


@pytest.fixture(scope="module")
def catalog():
    return load_family("freerealms")


def test_catalog_loads_for_ruleset_fr_with_at_least_80_cards(catalog):
    assert load_catalog("fr").cards.keys() == catalog.cards.keys()
    assert len(catalog) >= 80


def test_every_type_sphere_and_rarity_is_used(catalog):
    assert {c.type for c in catalog} == {"creature", "resource", "trick"}
    assert {c.get("sphere") for c in catalog if not c.get("hero")} == SPHERES
    assert {c.rarity for c in catalog} == RARITIES


def test_about_ten_heroes_without_sphere(catalog):
    heroes = [c for c in catalog.by_type("creature") if c.get("hero")]
    assert 8 <= len(heroes) <= 14
    assert all(c.get("sphere") is None for c in heroes)


def test_each_sphere_has_creatures_tricks_and_resources(catalog):
    per = Counter((c.get("sphere"), c.type) for c in catalog if not c.get("hero"))
    for sphere in SPHERES:
        for t in ("creature", "trick", "resource"):
            assert per[(sphere, t)] >= 3, (sphere, t)


def test_creature_costs_span_one_to_six(catalog):
    assert {c.cost for c in catalog.by_type("creature")} == {1, 2, 3, 4, 5, 6}


def test_collector_numbers_are_unique_per_series_and_match_rarity(catalog):
    assert collector_clashes(catalog) == []
    for card in catalog:
        parsed = parse_collector(card.get("collector"))
        assert parsed is not None and parsed[1] == card.rarity, card.name


def test_collector_numbers_agree_with_the_calculator_parser(catalog):
    for card in catalog:
        c = calc_parse_collector(card.get("collector"))
        assert (c.series, c.rarity, c.number) == parse_collector(card.get("collector")), card.name


def test_collector_clash_is_reported():
    cat = load_family("freerealms")
    cards = list(cat)[:2]
    twin = replace(cards[1], fields={**cards[1].fields, "collector": cards[0].get("collector")})
    assert len(collector_clashes([cards[0], twin])) == 1


def test_cheap_creatures_carry_more_gems_than_expensive_ones(catalog):
    creatures = [c for c in catalog.by_type("creature") if not c.get("hero")]
    cheap = mean(len(c.get("gems")) for c in creatures if c.cost <= 2)
    dear = mean(len(c.get("gems")) for c in creatures if c.cost >= 5)
    assert cheap >= 3 > 1 >= dear


def test_stronger_creatures_of_a_cost_have_no_more_gems(catalog):
    """At a given cost, a creature with a higher attack + defense never has more gems."""
    creatures = [c for c in catalog.by_type("creature") if not c.get("hero")]
    for a in creatures:
        for b in creatures:
            if a.cost == b.cost and a.attack + a.defense > b.attack + b.defense + 1:
                assert len(a.get("gems")) <= len(b.get("gems")), (a.name, b.name)


def test_every_creature_keeps_the_documented_stat_budget(catalog):
    """attack + defense = 2 x cost + 5 - gems - power-ups - collect (Heroes +2), within 1."""
    for c in catalog.by_type("creature"):
        extras = len(c.get("powerups")) + (1 if c.get("collect") else 0)
        budget = 2 * c.cost + 5 - len(c.get("gems")) - extras + (2 if c.get("hero") else 0)
        assert abs(c.attack + c.defense - budget) <= 1, (c.name, c.attack + c.defense, budget)


def test_tricks_and_resources_trade_gems_for_power(catalog):
    for c in catalog.by_type("trick"):
        assert len(c.get("gems")) == max(0, 4 - c.cost), c.name
    for c in catalog.by_type("resource"):
        expected = {2, 3} if c.get("effects") else {4}
        assert len(c.get("gems")) in expected, c.name


def test_vocabularies_are_used_and_documented(catalog):
    used_powerups = {p["do"] for c in catalog.by_type("creature") for p in c.get("powerups")}
    used_effects = {e["do"] for c in catalog if c.type != "creature" for e in c.get("effects")}
    assert used_powerups == set(POWERUPS)
    assert used_effects == set(EFFECTS)
    doc = DOC.read_text(encoding="utf-8")
    for action in set(POWERUPS) | set(EFFECTS):
        assert f"`{action}`" in doc, action


# --- malformed cards -------------------------------------------------------------------------

VALID = '''
[[card]]
name = "Ember Imp"
type = "creature"
sphere = "chaos"
rarity = "C"
collector = "1 C 1"
cost = 1
attack = 2
defense = 1
gems = ["chaos", "chaos"]
'''


def _load_bad(tmp_path: Path, body: str) -> CatalogError:
    folder = tmp_path / "freerealms"
    folder.mkdir()
    (folder / "a_valid.toml").write_text(VALID, encoding="utf-8")
    (folder / "b_bad.toml").write_text("# a bad card\n" + body, encoding="utf-8")
    with pytest.raises(CatalogError) as info:
        load_family("freerealms", root=tmp_path)
    err = info.value
    assert err.file is not None and err.file.endswith("b_bad.toml")
    assert err.line == 2
    assert err.card == "Bad"
    return err


def _bad(**changes: str) -> str:
    fields = {
        "name": '"Bad"', "type": '"creature"', "sphere": '"order"', "rarity": '"U"',
        "collector": '"1 U 132"', "cost": "2", "attack": "2", "defense": "2", "gems": '["order"]',
    }
    fields.update(changes)
    return "[[card]]\n" + "".join(f"{k} = {v}\n" for k, v in fields.items() if v)


def test_valid_minimal_card_loads(tmp_path):
    folder = tmp_path / "freerealms"
    folder.mkdir()
    (folder / "a.toml").write_text(VALID + "\n" + _bad().replace('"Bad"', '"Good"'), encoding="utf-8")
    assert len(load_family("freerealms", root=tmp_path)) == 2


@pytest.mark.parametrize("collector", ['"1-U-132"', '"U 132"', '"1 U"', '"0 U 5"'])
def test_malformed_collector_number(tmp_path, collector):
    err = _load_bad(tmp_path, _bad(collector=collector))
    assert err.field == "collector"


def test_collector_rarity_letter_must_match_rarity(tmp_path):
    err = _load_bad(tmp_path, _bad(collector='"1 R 132"'))
    assert err.field == "collector" and "'R'" in err.reason and "'U'" in err.reason


def test_more_than_four_gems(tmp_path):
    err = _load_bad(tmp_path, _bad(gems='["order", "order", "order", "order", "order"]'))
    assert err.field == "gems" and "at most 4" in err.reason


def test_unknown_sphere(tmp_path):
    err = _load_bad(tmp_path, _bad(sphere='"void"'))
    assert err.field == "sphere"


def test_gems_must_match_the_sphere_of_a_non_hero(tmp_path):
    err = _load_bad(tmp_path, _bad(gems='["order", "chaos"]'))
    assert err.field == "gems"


def test_hero_has_no_sphere_and_non_hero_needs_one(tmp_path):
    err = _load_bad(tmp_path, _bad(hero="true"))
    assert err.field == "sphere" and "Hero" in err.reason


def test_non_hero_without_sphere(tmp_path):
    err = _load_bad(tmp_path, _bad(sphere=""))
    assert err.field == "sphere" and "missing" in err.reason


def test_unknown_powerup_action_names_the_entry(tmp_path):
    body = _bad(powerups='[{ sphere = "order", do = "attack", n = 1 }, { sphere = "order", do = "teleport" }]')
    err = _load_bad(tmp_path, body)
    assert err.field == "powerups[1]" and "teleport" in err.reason


def test_powerup_needs_its_amount(tmp_path):
    err = _load_bad(tmp_path, _bad(powerups='[{ sphere = "order", do = "score" }]'))
    assert err.field == "powerups[0]" and "'n'" in err.reason


def test_trick_needs_an_effect_from_the_vocabulary(tmp_path):
    body = ('[[card]]\nname = "Bad"\ntype = "trick"\nsphere = "chaos"\nrarity = "C"\ncollector = "1 C 9"\n'
            'cost = 1\ngems = ["chaos"]\neffects = [{ do = "explode", n = 2 }]\n')
    err = _load_bad(tmp_path, body)
    assert err.field == "effects[0]"


def test_resource_action_needs_a_cost(tmp_path):
    body = ('[[card]]\nname = "Bad"\ntype = "resource"\nsphere = "chaos"\nrarity = "C"\ncollector = "1 C 9"\n'
            'gems = ["chaos"]\neffects = [{ do = "draw", n = 1 }]\n')
    err = _load_bad(tmp_path, body)
    assert err.field == "effects[0]" and "cost" in err.reason


def test_document_examples_are_valid_catalog_cards(catalog):
    blocks = DOC.read_text(encoding="utf-8").split("```toml")[1:]
    cards = [c for block in blocks for c in parse_catalog_text(block.split("```")[0], "freerealms", str(DOC))]
    assert {c.type for c in cards} == {"creature", "trick", "resource"}
    for card in cards:
        shipped = catalog[card.name].fields
        assert {k: v for k, v in shipped.items() if k in card.fields} == dict(card.fields), card.name


@pytest.mark.parametrize("module", [vocab_module, freerealms_module], ids=lambda m: m.__name__)
def test_schema_doctests_pass(module):
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
