"""Change sets: applied in memory to a copy, validated like the catalog, refused with card and field named."""

from __future__ import annotations

from pathlib import Path

import pytest

from fwlab.catalog import CatalogError, load_catalog
from fwlab.catalog.overrides import apply_overrides, catalog_with_overrides
from fwlab.lab.changes import load_changes, parse_changes, parse_sweep


def _refused(text: str) -> CatalogError:
    with pytest.raises(CatalogError) as exc:
        parse_changes(text, "fw", "nerf.toml")
    return exc.value


def test_a_change_set_uses_the_catalogs_field_names_and_aliases():
    ch = parse_changes('["ashfang raider"]\natt = 2\ncost = 4\n\n["Firebolt"]\nres = 2\n', "fw")
    assert ch == {"Ashfang Raider": {"att": 2, "res": 4}, "Firebolt": {"res": 2}}


def test_changes_apply_to_a_copy_and_never_to_the_catalog():
    base = load_catalog("fw")
    before = dict(base["Ashfang Raider"].fields)
    cat = apply_overrides(base, {"Ashfang Raider": {"att": 1, "abilities": [{"kw": "swift"}]}})
    assert cat["Ashfang Raider"].attack == 1 and cat["Ashfang Raider"].fields["abilities"] == [{"kw": "swift"}]
    assert dict(base["Ashfang Raider"].fields) == before and load_catalog("fw") is base
    assert cat["Nominod"] is base["Nominod"]
    # the worker-side builder caches one catalog per distinct overrides; none gives the catalog itself
    ov = {"Ashfang Raider": {"att": 1}}
    assert catalog_with_overrides("fw", ov) is catalog_with_overrides("fw", dict(ov))
    assert catalog_with_overrides("fw", None) is base and catalog_with_overrides("fw", {}) is base


def test_an_unknown_card_is_refused_by_name():
    e = _refused('["Ashfang Raiderr"]\natt = 2\n')
    assert e.card == "Ashfang Raiderr" and "unknown card" in str(e) and e.file == "nerf.toml"


def test_an_unknown_field_is_refused_naming_card_and_field():
    e = _refused('["Ashfang Raider"]\nspeed = 2\n')
    assert (e.card, e.field) == ("Ashfang Raider", "speed") and "not a field" in str(e)
    e = _refused('["Firebolt"]\natt = 2\n')   # a field of creatures, not of events
    assert (e.card, e.field) == ("Firebolt", "att")


def test_an_out_of_range_value_is_refused_naming_card_and_field():
    e = _refused('["Ashfang Raider"]\nhp = -1\n')
    assert (e.card, e.field) == ("Ashfang Raider", "hp") and "negative" in str(e)


def test_a_value_of_the_wrong_type_is_refused_naming_card_and_field():
    e = _refused('["Ashfang Raider"]\natt = "two"\n')
    assert (e.card, e.field) == ("Ashfang Raider", "att") and "whole number" in str(e)
    e = _refused('["Ashfang Raider"]\nabilities = [{ kw = "flying" }]\n')   # an unknown keyword
    assert (e.card, e.field) == ("Ashfang Raider", "abilities[0]") and "unknown keyword" in str(e)


def test_identity_fields_and_stray_keys_are_refused():
    e = _refused('["Ashfang Raider"]\nname = "Other"\n')
    assert (e.card, e.field) == ("Ashfang Raider", "name")
    e = _refused('att = 2\n')
    assert e.field == "att" and "one table per card" in str(e)
    with pytest.raises(CatalogError, match="not valid TOML"):
        parse_changes('["Ashfang Raider"\natt = 2\n', "fw")


def test_a_change_set_file_is_read(tmp_path: Path):
    p = tmp_path / "c.toml"
    p.write_text('["Imp Skirmisher"]\nattack = 1\n', encoding="utf-8")
    assert load_changes(p, "fw") == {"Imp Skirmisher": {"att": 1}}


def test_a_sweep_names_card_field_and_values_and_checks_each():
    sw = parse_sweep("Ashfang Raider.attack=1..3", "fw")
    assert (sw.card, sw.field, sw.values) == ("Ashfang Raider", "att", (1, 2, 3))
    assert parse_sweep("Firebolt.res=1,3", "fw").values == (1, 3)
    with pytest.raises(CatalogError) as exc:
        parse_sweep("Ashfang Raider.hp=-1..1", "fw")
    assert (exc.value.card, exc.value.field) == ("Ashfang Raider", "hp")
    with pytest.raises(ValueError, match="CARD.FIELD"):
        parse_sweep("Ashfang Raider", "fw")
