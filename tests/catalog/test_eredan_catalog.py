"""The shipped Eredan ITCG catalog and its schema's checks on malformed cards."""

from __future__ import annotations

import doctest
from collections import Counter
from pathlib import Path

import pytest

from fwlab.catalog import CatalogError, load_catalog, load_family, parse_catalog_text
from fwlab.catalog.schemas import eredan as eredan_module
from fwlab.catalog.schemas.eredan import (
    CLASSES,
    EFFECTS,
    GUILDS,
    ITEM_KINDS,
    MERCENARY,
    deck_key,
    evolution_problems,
    is_consumable,
)

DOC = Path(__file__).resolve().parents[2] / "docs" / "catalogs" / "eredan.md"


@pytest.fixture(scope="module")
def catalog():
    return load_family("eredan")


def test_catalog_loads_for_ruleset_eredan(catalog):
    assert load_catalog("eredan").cards.keys() == catalog.cards.keys()


def test_at_least_18_characters_in_three_guilds_and_five_mercenaries(catalog):
    chars = catalog.by_type("character")
    assert len(chars) >= 18
    guilds = Counter(c.get("guild") for c in chars)
    assert set(guilds) == GUILDS | {MERCENARY}
    assert len(GUILDS) >= 3
    assert guilds[MERCENARY] >= 5
    assert all(guilds[g] >= 3 for g in GUILDS)


def test_every_class_and_some_multiclass_characters(catalog):
    chars = catalog.by_type("character")
    assert {k for c in chars for k in c.get("classes")} == CLASSES
    assert sum(len(c.get("classes")) == 2 for c in chars) >= 4


def test_class_abilities_are_present(catalog):
    for c in catalog.by_type("character"):
        classes = c.get("classes")
        assert ("marauder_bonus" in c.fields) == ("Marauder" in classes), c.name
        assert ("item_chain" in c.fields) == (classes == ["Fighter"]), c.name


def test_at_least_80_cards_of_every_type_and_item_kind(catalog):
    cards = [c for c in catalog if c.type != "character"]
    assert len(cards) >= 80
    assert {c.type for c in cards} == {"item", "spell", "theurgy", "skill", "action"}
    assert {c.get("kind") for c in catalog.by_type("item")} == ITEM_KINDS
    assert any(is_consumable(c.fields) for c in cards)
    assert any(c.get("aoe") for c in catalog.by_type("spell"))
    assert any(c.get("chain") and c.get("chain_with") for c in cards)


def test_each_guild_has_its_own_cards_and_unaffiliated_cards_exist(catalog):
    cards = [c for c in catalog if c.type != "character"]
    per = Counter(c.get("guild") for c in cards)
    assert all(per[g] >= 8 for g in GUILDS)
    assert per[None] >= 30


def test_evolutions_have_levels_one_to_three_with_a_unique_level_three(catalog):
    assert evolution_problems(catalog) == []
    bases: dict[str, dict[int, bool]] = {}
    for c in catalog:
        evo = c.get("evolution")
        if evo:
            bases.setdefault(evo["base"], {})[evo["level"]] = c.get("unique")
    full = {b: lv for b, lv in bases.items() if set(lv) == {1, 2, 3}}
    assert "Stormlash" in full
    assert len(full) >= 3
    for levels in full.values():
        assert levels == {1: False, 2: False, 3: True}


def test_deck_key_groups_evolutions(catalog):
    keys = {deck_key(c.fields) for c in catalog if c.get("evolution")}
    assert {"Stormlash", "Mending Light"} <= keys
    assert deck_key(catalog["Stormlash II"].fields) == deck_key(catalog["Stormlash III"].fields)


def test_effect_vocabulary_is_used_and_documented(catalog):
    used = {e["do"] for c in catalog for e in c.get("effects", [])}
    assert used == set(EFFECTS)
    doc = DOC.read_text(encoding="utf-8")
    for action in EFFECTS:
        assert f"`{action}`" in doc, action


def test_document_examples_are_valid_catalog_cards(catalog):
    blocks = DOC.read_text(encoding="utf-8").split("```toml")[1:]
    cards = [c for block in blocks for c in parse_catalog_text(block.split("```")[0], "eredan", str(DOC))]
    assert {c.type for c in cards} == {"character", "item", "spell", "theurgy", "skill", "action"}
    for card in cards:
        assert catalog[card.name].fields == card.fields, card.name


# --- malformed cards -------------------------------------------------------------------------

VALID = '''
[[card]]
name = "Flame Dart"
type = "spell"
effects = [{ do = "damage", n = 3, target = "foe" }]
'''

CHARACTER = {
    "name": '"Bad"', "type": '"character"', "guild": '"Tidewardens"', "classes": '["Mage"]',
    "race": '"Ice Elf"', "att": "1", "def": "1", "spirit": "4", "life": "12",
}
SPELL = {"name": '"Bad"', "type": '"spell"', "effects": '[{ do = "damage", n = 3, target = "foe" }]'}


def _toml(base: dict[str, str], **changes: str) -> str:
    fields = {**base, **changes}
    return "[[card]]\n" + "".join(f"{k} = {v}\n" for k, v in fields.items() if v)


def _load_bad(tmp_path: Path, body: str) -> CatalogError:
    folder = tmp_path / "eredan"
    folder.mkdir()
    (folder / "a_valid.toml").write_text(VALID, encoding="utf-8")
    (folder / "b_bad.toml").write_text("# a bad card\n\n" + body, encoding="utf-8")
    with pytest.raises(CatalogError) as info:
        load_family("eredan", root=tmp_path)
    err = info.value
    assert err.file is not None and err.file.endswith("b_bad.toml")
    assert err.line == 3
    assert err.card == "Bad"
    return err


def test_minimal_character_and_spell_load(tmp_path):
    folder = tmp_path / "eredan"
    folder.mkdir()
    (folder / "a.toml").write_text(VALID + _toml(CHARACTER), encoding="utf-8")
    assert len(load_family("eredan", root=tmp_path)) == 2


def test_evolution_level_four_is_refused(tmp_path):
    err = _load_bad(tmp_path, _toml(SPELL, evolution='{ base = "Flame Dart", level = 4 }'))
    assert err.field == "evolution" and "at most 3" in err.reason


def test_evolution_needs_a_base(tmp_path):
    err = _load_bad(tmp_path, _toml(SPELL, evolution="{ level = 2 }"))
    assert err.field == "evolution" and "base" in err.reason


def test_unknown_effect_names_the_entry(tmp_path):
    body = _toml(SPELL, effects='[{ do = "heal", n = 2, target = "self" }, { do = "petrify", n = 1 }]')
    err = _load_bad(tmp_path, body)
    assert err.field == "effects[1]" and "petrify" in err.reason


def test_unknown_target(tmp_path):
    err = _load_bad(tmp_path, _toml(SPELL, effects='[{ do = "damage", n = 3, target = "everyone" }]'))
    assert err.field == "effects[0]" and "target" in err.reason


def test_area_effect_needs_the_aoe_flag(tmp_path):
    err = _load_bad(tmp_path, _toml(SPELL, effects='[{ do = "damage", n = 2, target = "enemies" }]'))
    assert err.field == "aoe"


def test_unknown_guild_and_class(tmp_path):
    err = _load_bad(tmp_path, _toml(CHARACTER, guild='"Zil Warriors"'))
    assert err.field == "guild"


def test_three_classes_are_refused(tmp_path):
    err = _load_bad(tmp_path, _toml(CHARACTER, classes='["Mage", "Priest", "Fighter"]'))
    assert err.field == "classes"


def test_marauder_needs_its_bonus(tmp_path):
    err = _load_bad(tmp_path, _toml(CHARACTER, classes='["Marauder"]'))
    assert err.field == "marauder_bonus" and "missing" in err.reason


def test_pure_fighter_needs_an_item_chain(tmp_path):
    err = _load_bad(tmp_path, _toml(CHARACTER, classes='["Fighter"]'))
    assert err.field == "item_chain"


def test_turn_bonus_stat_must_be_att_def_or_spirit(tmp_path):
    err = _load_bad(tmp_path, _toml(CHARACTER, bonuses='[{ turn = 1, stat = "life", n = 1 }]'))
    assert err.field == "bonuses[0]" and "stat" in err.reason


def test_chain_restriction_needs_chain(tmp_path):
    err = _load_bad(tmp_path, _toml(SPELL, chain_with='"spell"'))
    assert err.field == "chain_with"


def test_schema_doctests_pass():
    result = doctest.testmod(eredan_module)
    assert result.attempted > 0 and result.failed == 0
