"""The registry hooks a game outside ``fwlab/`` uses (in this process, undone after each test): a
catalog family registered with its schema and folder, a ruleset with its own starter-deck folder,
and the store's build taking both."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from fwlab.catalog import CatalogError, family_folder, load_catalog, load_family, register_family
from fwlab.catalog import loader as catalog_loader
from fwlab.catalog.schemas import SCHEMAS
from fwlab.catalog.spec import F, FamilySchema
from fwlab.decks import parse_decklist
from fwlab.decks.starters import starter_decks, starter_dir, starter_paths
from fwlab.rulesets import FAMILY, REGISTRY, TITLES, Ruleset, known_families, register

SCHEMA = FamilySchema(family="hookfam", types=frozenset({"token"}), rarities=frozenset({"common"}),
                      common={"name": F("str"), "type": F("enum", choices=frozenset({"token"})),
                              "rarity": F("enum", choices=frozenset({"common"})), "cost": F("int")},
                      per_type={"token": {}}, cost={"token": "cost"}, attack=None, defense=None)
CARDS = '[[card]]\nname = "Copper Token"\ntype = "token"\nrarity = "common"\ncost = 2\n'


@pytest.fixture
def hookgame(tmp_path: Path) -> Iterator[Path]:
    """The family ``hookfam`` (its catalog in ``tmp/cards``) and the ruleset ``hookgame`` (no engine,
    its starter decks in ``tmp/starters``), registered for one test."""
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "tokens.toml").write_text(CARDS)
    (tmp_path / "starters").mkdir()
    (tmp_path / "starters" / "pair.txt").write_text("ruleset: hookgame\nname: Pair\n2 Copper Token\n")
    register_family(SCHEMA, tmp_path / "cards")
    register(Ruleset("hookgame", "hookfam", "Hook game (test)", (2, 2), decks_dir=str(tmp_path / "starters")))
    try:
        yield tmp_path
    finally:
        for table in (REGISTRY, TITLES, FAMILY):
            table.pop("hookgame", None)
        SCHEMAS.pop("hookfam", None)
        catalog_loader._FOLDERS.pop("hookfam", None)
        catalog_loader._cached.cache_clear()


def test_a_registered_family_is_read_from_its_own_folder(hookgame: Path) -> None:
    assert family_folder("hookfam") == hookgame / "cards"
    assert family_folder("hookfam", Path("/elsewhere")) == hookgame / "cards"   # its own folder wins
    assert family_folder("daemornia", Path("/elsewhere")) == Path("/elsewhere/daemornia")
    assert load_catalog("hookgame")["Copper Token"].cost == 2     # by its ruleset, or by the family
    assert load_family("hookfam").family == "hookfam"
    assert "hookfam" in known_families() and known_families()[:4] == ("daemornia", "freerealms", "eredan",
                                                                        "conquest")


def test_a_registered_familys_cards_are_checked_by_its_schema(hookgame: Path) -> None:
    (hookgame / "cards" / "bad.toml").write_text(CARDS.replace("Copper", "Iron").replace("cost = 2", 'cost = "2"'))
    with pytest.raises(CatalogError, match=r"bad.toml:1, card 'Iron Token', field 'cost': must be a whole number"):
        load_family("hookfam")


def test_an_unknown_family_names_the_registered_ones(hookgame: Path) -> None:
    with pytest.raises(CatalogError, match="unknown catalog family 'nofam'; expected one of .*hookfam"):
        load_family("nofam")


def test_a_ruleset_with_its_own_deck_folder_has_its_starters_there(hookgame: Path, tmp_path: Path) -> None:
    assert starter_dir("hookgame") == hookgame / "starters"
    assert starter_dir("fw", tmp_path / "decks") == tmp_path / "decks" / "fw"
    assert [p.name for p in starter_paths("hookgame")] == ["pair.txt"]
    assert [(d.name, d.size) for d in starter_decks("hookgame")] == [("Pair", 2)]
    assert parse_decklist("ruleset: hookgame\n1 Copper Token\n").ruleset == "hookgame"


def test_the_registered_ruleset_is_unknown_to_the_decklist_parser_once_it_is_gone() -> None:
    with pytest.raises(CatalogError, match="unknown ruleset 'hookgame'"):
        parse_decklist("ruleset: hookgame\n1 Copper Token\n")


def test_the_stores_build_takes_the_registered_family_and_starter_decks(hookgame: Path) -> None:
    from fwlab.store.build import load_sources, stored_rulesets

    sources = load_sources()
    assert "Copper Token" in sources.catalogs["hookfam"]
    assert sources.decks["hookgame/pair"].counts() == {"Copper Token": 2}
    assert "hookgame" in {r.id for r in stored_rulesets()}
