"""The shipped Conquest of the Fallen Lands deck and its schema's checks on malformed cards."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

from fwlab.catalog import CatalogError, load_catalog, load_family, parse_catalog_text
from fwlab.catalog.schemas import conquest as conquest_module
from fwlab.catalog.schemas.conquest import (
    BOARD_FIELDS,
    EFFECTS,
    MAX_DIFFICULTY,
    MIN_DIFFICULTY,
    deck_size,
    follower_cost,
)

DOC = Path(__file__).resolve().parents[2] / "docs" / "catalogs" / "conquest.md"


@pytest.fixture(scope="module")
def catalog():
    return load_family("conquest")


def test_catalog_loads_for_ruleset_conquest_with_60_distinct_cards(catalog):
    assert load_catalog("conquest").cards.keys() == catalog.cards.keys()
    assert len(catalog) >= 60


def test_every_type_and_a_deck_bigger_than_its_card_list(catalog):
    assert {c.type for c in catalog} == {"troop", "fortification", "magic"}
    assert len(catalog.by_type("troop")) >= 20
    assert len(catalog.by_type("fortification")) >= 8
    assert len(catalog.by_type("magic")) >= 12
    # 3 to 5 players draw 8 cards each at the start, and more every turn
    assert deck_size(catalog) >= 5 * 8 + 60


def test_rules_examples_keep_their_follower_costs(catalog):
    assert catalog["Halberdiers"].get("followers") == {"warrior": 2, "craftsman": 1}
    assert catalog["Garrison"].get("followers") == {"craftsman": 1}


def test_every_magic_card_expends_a_mage(catalog):
    for card in catalog.by_type("magic"):
        assert card.get("followers").get("mage", 0) >= 1, card.name


def test_every_effect_is_used_including_claim(catalog):
    used = {e["do"] for c in catalog.by_type("magic") for e in c.get("effects")}
    assert used == set(EFFECTS)
    claims = [c for c in catalog.by_type("magic") if any(e["do"] == "claim" for e in c.get("effects"))]
    assert {e["max"] for c in claims for e in c.get("effects") if e["do"] == "claim"} >= {4, 12}


def test_troop_attack_values_cover_every_difficulty(catalog):
    attacks = {c.attack for c in catalog.by_type("troop")}
    assert set(range(MIN_DIFFICULTY, MAX_DIFFICULTY + 1)) <= attacks


def test_troop_attack_per_follower_is_bounded(catalog):
    for card in catalog.by_type("troop"):
        assert 1 <= card.attack / follower_cost(card.fields) <= 3.5, card.name


def test_support_costs_attack_for_the_same_followers(catalog):
    troops = catalog.by_type("troop")
    for a in troops:
        for b in troops:
            if a.get("followers") == b.get("followers") and a.get("support") > b.get("support"):
                assert a.attack <= b.attack, (a.name, b.name)


def test_document_states_the_board_ruling_and_every_effect(catalog):
    doc = DOC.read_text(encoding="utf-8")
    assert f"**{BOARD_FIELDS} hexagonal fields**" in doc and "from 1 to 12" in doc
    for action in EFFECTS:
        assert f"`{action}`" in doc, action
    blocks = doc.split("```toml")[1:]
    cards = [c for block in blocks for c in parse_catalog_text(block.split("```")[0], "conquest", str(DOC))]
    assert {c.type for c in cards} == {"troop", "fortification", "magic"}
    for card in cards:
        assert catalog[card.name].fields == card.fields, card.name


# --- malformed cards -------------------------------------------------------------------------

VALID = '''
[[card]]
name = "Militia"
type = "troop"
followers = { warrior = 1 }
attack = 2
support = 0
'''


def _load_bad(tmp_path: Path, body: str) -> CatalogError:
    folder = tmp_path / "conquest"
    folder.mkdir()
    (folder / "a_valid.toml").write_text(VALID, encoding="utf-8")
    (folder / "b_bad.toml").write_text(VALID.replace("Militia", "Scouts") + "\n" + body, encoding="utf-8")
    with pytest.raises(CatalogError) as info:
        load_family("conquest", root=tmp_path)
    err = info.value
    assert err.file is not None and err.file.endswith("b_bad.toml")
    assert err.line == 9
    assert err.card == "Bad"
    return err


def test_minimal_cards_load(tmp_path):
    folder = tmp_path / "conquest"
    folder.mkdir()
    (folder / "a.toml").write_text(VALID, encoding="utf-8")
    assert load_family("conquest", root=tmp_path)["Militia"].attack == 2


def test_magic_without_a_mage(tmp_path):
    body = '[[card]]\nname = "Bad"\ntype = "magic"\nfollowers = { warrior = 1 }\neffects = [{ do = "draw", n = 1 }]\n'
    err = _load_bad(tmp_path, body)
    assert err.field == "followers" and "mage" in err.reason


def test_unknown_follower_kind(tmp_path):
    body = '[[card]]\nname = "Bad"\ntype = "fortification"\nfollowers = { archer = 1 }\nsupport = 1\n'
    err = _load_bad(tmp_path, body)
    assert err.field == "followers" and "archer" in err.reason


def test_card_that_expends_no_follower(tmp_path):
    body = '[[card]]\nname = "Bad"\ntype = "fortification"\nfollowers = {}\nsupport = 1\n'
    err = _load_bad(tmp_path, body)
    assert err.field == "followers"


def test_unknown_magic_action_names_the_entry(tmp_path):
    body = ('[[card]]\nname = "Bad"\ntype = "magic"\nfollowers = { mage = 1 }\n'
            'effects = [{ do = "draw", n = 1 }, { do = "earthquake" }]\n')
    err = _load_bad(tmp_path, body)
    assert err.field == "effects[1]" and "earthquake" in err.reason


def test_claim_above_the_hardest_difficulty(tmp_path):
    body = '[[card]]\nname = "Bad"\ntype = "magic"\nfollowers = { mage = 1 }\neffects = [{ do = "claim", max = 13 }]\n'
    err = _load_bad(tmp_path, body)
    assert err.field == "effects[0]" and "max" in err.reason


def test_zero_copies(tmp_path):
    body = VALID.replace("Militia", "Bad").strip() + "\ncopies = 0\n"
    err = _load_bad(tmp_path, body)
    assert err.field == "copies"


def test_schema_doctests_pass():
    result = doctest.testmod(conquest_module)
    assert result.attempted > 0 and result.failed == 0
