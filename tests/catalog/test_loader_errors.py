"""Malformed catalogs and decklists: every error names the file, the line, the card and the field."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from fwlab.catalog import CatalogError, load_family
from fwlab.decks import load_deck, read_decklist

GOOD_CREATURE = """\
[[card]]
name = "Test Nominod"
type = "creature"
nature = "Beast"
rarity = "common"
res = 3
att = 3
def = 2
dmg = 2
hp = 4
exp = 2
"""

GOOD_ATTACHMENT = """\
[[card]]
name = "Test Blade"
type = "attachment"
subtype = "weapon"
slot = "weapon"
rarity = "common"
res = 1
dmg = "+1"
"""


def write_catalog(root: Path, files: dict[str, str]) -> Path:
    folder = root / "daemornia"
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def catalog_error(tmp_path: Path, files: dict[str, str]) -> CatalogError:
    write_catalog(tmp_path, files)
    with pytest.raises(CatalogError) as info:
        load_family("daemornia", root=tmp_path)
    return info.value


def assert_names(err: CatalogError, *, file: Path, line: int | None, card: str | None, field: str | None) -> None:
    """The error's attributes and its message both name the place of the problem."""
    msg = str(err)
    assert err.file == str(file) and str(file) in msg
    assert err.line == line
    if line is not None:
        assert f"{file}:{line}" in msg
    assert err.card == card
    if card is not None:
        assert repr(card) in msg
    assert err.field == field
    if field is not None:
        assert f"field {field!r}" in msg


def test_the_good_baseline_files_load(tmp_path):
    write_catalog(tmp_path, {"a.toml": GOOD_CREATURE + "\n" + GOOD_ATTACHMENT})
    cat = load_family("daemornia", root=tmp_path)
    assert sorted(cat.cards) == ["Test Blade", "Test Nominod"]
    assert cat["Test Nominod"].line == 1 and cat["Test Blade"].line == 13


def test_unknown_keyword(tmp_path):
    text = GOOD_CREATURE + 'abilities = [{ kw = "flying" }]\n'
    err = catalog_error(tmp_path, {"cards.toml": text})
    assert_names(err, file=tmp_path / "daemornia" / "cards.toml", line=1, card="Test Nominod", field="abilities[0]")
    assert "unknown keyword 'flying'" in err.reason and "swift" in err.reason


def test_unknown_keyword_parameter(tmp_path):
    text = GOOD_CREATURE + 'abilities = [{ kw = "raider", n = 1, range = 2 }]\n'
    err = catalog_error(tmp_path, {"cards.toml": text})
    assert_names(err, file=tmp_path / "daemornia" / "cards.toml", line=1, card="Test Nominod", field="abilities[0]")
    assert "takes no parameter 'range'" in err.reason


def test_missing_stat(tmp_path):
    text = GOOD_CREATURE.replace("hp = 4\n", "")
    err = catalog_error(tmp_path, {"cards.toml": "# a comment first\n\n" + text})
    assert_names(err, file=tmp_path / "daemornia" / "cards.toml", line=3, card="Test Nominod", field="hp")
    assert "missing" in err.reason


def test_negative_stat(tmp_path):
    text = GOOD_CREATURE.replace("def = 2", "def = -1")
    err = catalog_error(tmp_path, {"cards.toml": text})
    assert_names(err, file=tmp_path / "daemornia" / "cards.toml", line=1, card="Test Nominod", field="def")
    assert "negative" in err.reason and "-1" in err.reason


def test_duplicate_name_across_two_files(tmp_path):
    other = GOOD_ATTACHMENT + "\n" + GOOD_CREATURE.replace("Test Nominod", "test nominod")
    err = catalog_error(tmp_path, {"a.toml": GOOD_CREATURE, "b.toml": other})
    first, second = tmp_path / "daemornia" / "a.toml", tmp_path / "daemornia" / "b.toml"
    assert_names(err, file=second, line=10, card="test nominod", field="name")
    assert f"{first}:1" in err.reason


def test_wrong_type(tmp_path):
    text = GOOD_CREATURE.replace("att = 3", 'att = "three"')
    err = catalog_error(tmp_path, {"cards.toml": text})
    assert_names(err, file=tmp_path / "daemornia" / "cards.toml", line=1, card="Test Nominod", field="att")
    assert "whole number" in err.reason and "'three'" in err.reason


def test_wrong_card_type(tmp_path):
    text = GOOD_CREATURE.replace('type = "creature"', 'type = "monster"')
    err = catalog_error(tmp_path, {"cards.toml": text})
    assert_names(err, file=tmp_path / "daemornia" / "cards.toml", line=1, card="Test Nominod", field="type")


def test_bad_toml(tmp_path):
    text = GOOD_ATTACHMENT + "\n" + GOOD_CREATURE.replace("att = 3", "att = three")
    err = catalog_error(tmp_path, {"cards.toml": text})
    assert_names(err, file=tmp_path / "daemornia" / "cards.toml", line=16, card="Test Nominod", field="att")
    assert "not valid TOML" in err.reason


def test_bad_toml_before_any_card_names_only_file_and_line(tmp_path):
    err = catalog_error(tmp_path, {"cards.toml": "this is not toml\n" + GOOD_CREATURE})
    assert_names(err, file=tmp_path / "daemornia" / "cards.toml", line=1, card=None, field=None)


def test_unknown_field(tmp_path):
    text = GOOD_CREATURE + 'colour = "red"\n'
    err = catalog_error(tmp_path, {"cards.toml": text})
    assert_names(err, file=tmp_path / "daemornia" / "cards.toml", line=1, card="Test Nominod", field="colour")
    assert "not a field of a creature card" in err.reason


def test_bad_modifier(tmp_path):
    text = GOOD_CREATURE + "\n" + GOOD_ATTACHMENT.replace('dmg = "+1"', 'dmg = "+x"')
    err = catalog_error(tmp_path, {"cards.toml": text})
    assert_names(err, file=tmp_path / "daemornia" / "cards.toml", line=13, card="Test Blade", field="dmg")
    assert "modifier" in err.reason


def test_modifier_written_as_a_number(tmp_path):
    err = catalog_error(tmp_path, {"cards.toml": GOOD_ATTACHMENT.replace('dmg = "+1"', "dmg = 1")})
    assert_names(err, file=tmp_path / "daemornia" / "cards.toml", line=1, card="Test Blade", field="dmg")


def test_wrong_slot_for_the_subtype(tmp_path):
    err = catalog_error(tmp_path, {"cards.toml": GOOD_ATTACHMENT.replace('slot = "weapon"', 'slot = "skill"')})
    assert_names(err, file=tmp_path / "daemornia" / "cards.toml", line=1, card="Test Blade", field="slot")


def test_curse_with_a_bonus(tmp_path):
    text = (GOOD_ATTACHMENT.replace('subtype = "weapon"', 'subtype = "curse"')
            .replace('slot = "weapon"', 'slot = "spell"'))
    err = catalog_error(tmp_path, {"cards.toml": text})
    assert_names(err, file=tmp_path / "daemornia" / "cards.toml", line=1, card="Test Blade", field="dmg")
    assert "curse" in err.reason


def test_event_target_that_does_not_fit_its_subtype(tmp_path):
    text = """\
[[card]]
name = "Test Bolt"
type = "event"
subtype = "direct"
rarity = "common"
res = 1
effects = [{ do = "damage", target = "all_creatures", n = 2 }]
"""
    err = catalog_error(tmp_path, {"events.toml": text})
    assert_names(err, file=tmp_path / "daemornia" / "events.toml", line=1, card="Test Bolt", field="effects[0]")
    assert "direct event cannot target 'all_creatures'" in err.reason


def test_event_with_unknown_action(tmp_path):
    text = """\
[[card]]
name = "Test Bolt"
type = "event"
subtype = "direct"
rarity = "common"
res = 1
effects = [{ do = "explode", target = "enemy_creature" }]
"""
    err = catalog_error(tmp_path, {"events.toml": text})
    assert_names(err, file=tmp_path / "daemornia" / "events.toml", line=1, card="Test Bolt", field="effects[0]")
    assert "unknown action do='explode'" in err.reason


def test_special_without_special_rarity(tmp_path):
    err = catalog_error(tmp_path, {"cards.toml": GOOD_CREATURE + "special = true\n"})
    assert_names(err, file=tmp_path / "daemornia" / "cards.toml", line=1, card="Test Nominod", field="rarity")


def test_several_problems_are_counted_after_the_first(tmp_path):
    text = GOOD_CREATURE.replace("att = 3", 'att = "three"').replace("hp = 4", "hp = -4")
    err = catalog_error(tmp_path, {"cards.toml": text})
    assert err.field in {"att", "hp"}
    assert "(and 1 more problem(s))" in str(err)


# --- decklists ------------------------------------------------------------------------------------

def write_deck(tmp_path: Path, body: str, name: str = "deck.txt") -> Path:
    path = tmp_path / name
    path.write_text(body, encoding="utf-8")
    return path


def test_unknown_card_in_a_decklist(tmp_path):
    path = write_deck(tmp_path, "# test deck\nruleset: fw\nname: Test\n4 Nominod\n2 Nominodd\n")
    with pytest.raises(CatalogError) as info:
        load_deck(path)
    err = info.value
    assert_names(err, file=path, line=5, card="Nominodd", field="name")
    assert "did you mean 'Nominod'" in err.reason


def test_bad_ruleset_line(tmp_path):
    path = write_deck(tmp_path, "name: Test\nruleset: chess\n4 Nominod\n")
    with pytest.raises(CatalogError) as info:
        read_decklist(path)
    assert_names(info.value, file=path, line=2, card=None, field="ruleset")
    assert "'chess'" in info.value.reason and "fw" in info.value.reason


def test_missing_ruleset_line(tmp_path):
    path = write_deck(tmp_path, "name: Test\n4 Nominod\n")
    with pytest.raises(CatalogError) as info:
        read_decklist(path)
    assert_names(info.value, file=path, line=None, card=None, field="ruleset")


@pytest.mark.parametrize("line, reason", [
    ("0 Nominod", "at least 1, got 0"),
    ("-2 Nominod", "whole number of at least 1"),
    ("2.5 Nominod", "whole number of at least 1"),
])
def test_bad_count(tmp_path, line, reason):
    path = write_deck(tmp_path, f"ruleset: fw\nname: Test\n4 Steel Mill\n{line}\n")
    with pytest.raises(CatalogError) as info:
        read_decklist(path)
    assert_names(info.value, file=path, line=4, card="Nominod", field="count")
    assert reason in info.value.reason


def test_line_that_is_neither_entry_nor_header(tmp_path):
    path = write_deck(tmp_path, "ruleset: fw\nfour Nominod\n")
    with pytest.raises(CatalogError) as info:
        read_decklist(path)
    assert info.value.line == 2 and f"{path}:2" in str(info.value)
    assert "COUNT Card Name" in info.value.reason


def test_unreadable_deck_file_missing(tmp_path):
    path = tmp_path / "nowhere.txt"
    with pytest.raises(CatalogError) as info:
        load_deck(path)
    assert_names(info.value, file=path, line=None, card=None, field=None)
    assert "cannot read" in info.value.reason


def test_unreadable_deck_file_not_utf8(tmp_path):
    path = tmp_path / "latin1.txt"
    path.write_bytes("ruleset: fw\n4 Nominod \xe9\n".encode("latin-1"))
    with pytest.raises(CatalogError) as info:
        load_deck(path)
    assert_names(info.value, file=path, line=None, card=None, field=None)
    assert re.search(r"cannot read", info.value.reason)


def test_unreadable_deck_file_is_a_folder(tmp_path):
    with pytest.raises(CatalogError) as info:
        load_deck(tmp_path)
    assert_names(info.value, file=tmp_path, line=None, card=None, field=None)
