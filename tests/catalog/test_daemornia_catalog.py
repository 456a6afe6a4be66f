"""The shipped Daemornia catalog (rulesets fw, fw-epic, bg): size, coverage and consistency."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from fwlab.catalog import Card, load_catalog, load_family, parse_catalog_text
from fwlab.catalog.schemas.daemornia import ATTACHMENT_KINDS, EVENT_KINDS, NATURES
from fwlab.paths import catalogs_dir
from fwlab.rules.keywords import ACTIONS, KEYWORDS, TARGETS


@pytest.fixture(scope="module")
def catalog():
    return load_family("daemornia")


def _actions(card: Card) -> list[dict]:
    """Every action a card can perform: its event effects and its activated effects."""
    out = [dict(e) for e in card.get("effects", [])]
    out += [dict(a) for a in card.abilities if a.get("kw") == "effect"]
    return out


def test_catalog_loads_for_every_daemornia_ruleset(catalog):
    for ruleset in ("fw", "fw-epic", "bg"):
        assert load_catalog(ruleset).cards.keys() == catalog.cards.keys()


def test_catalog_is_split_by_card_type_and_has_no_sample_file():
    names = sorted(p.name for p in (catalogs_dir() / "daemornia").glob("*.toml"))
    assert names == ["attachments.toml", "creatures.toml", "events.toml", "scenarios.toml", "specials.toml"]


def test_catalog_has_at_least_120_cards(catalog):
    assert len(catalog) >= 120


def test_every_card_type_is_in_its_own_file_except_specials(catalog):
    for card in catalog:
        expected = "specials.toml" if card.special else f"{card.type}s.toml"
        assert card.source.endswith(expected), (card.name, card.source)


def test_all_five_natures_roughly_balanced(catalog):
    natures = Counter(c.get("nature") for c in catalog.by_type("creature"))
    assert set(natures) == NATURES
    assert max(natures.values()) - min(natures.values()) <= 3, natures


def test_all_event_subtypes(catalog):
    assert {c.subtype for c in catalog.by_type("event")} == EVENT_KINDS


def test_all_seven_attachment_subtypes_with_valid_slots(catalog):
    attachments = catalog.by_type("attachment")
    assert {c.subtype for c in attachments} == ATTACHMENT_KINDS
    for card in attachments:
        slot = card.get("slot")
        if card.subtype in ("blessing", "curse"):
            assert slot in ("skill", "psionic", "spell"), card.name
        else:
            assert slot == card.subtype, card.name


def test_curses_only_weaken(catalog):
    curses = [c for c in catalog.by_type("attachment") if c.subtype == "curse"]
    assert curses
    for card in curses:
        mods = [card.get(k) for k in ("att", "def", "dmg", "hp") if card.get(k) is not None]
        assert mods, card.name
        assert all(not m.startswith("+") for m in mods), card.name


def test_some_attachment_uses_a_set_value(catalog):
    set_values = [c.name for c in catalog.by_type("attachment")
                  for k in ("att", "def", "dmg", "hp") if re.fullmatch(r"\d+", str(c.get(k, "")))]
    assert set_values


def test_at_least_eight_specials_of_several_types_including_the_heroes(catalog):
    specials = [c for c in catalog if c.special]
    assert len(specials) >= 8
    assert all(c.rarity == "special" for c in specials)
    assert len({c.type for c in specials}) >= 3
    for hero in ("D'Kara", "Marcko Volans"):
        assert catalog[hero].special and catalog[hero].type == "creature"


def test_rarities_are_all_used(catalog):
    assert {c.rarity for c in catalog} == {"common", "uncommon", "rare", "special"}


def test_named_cards_from_the_source_texts(catalog):
    nominod = catalog["Nominod"]
    assert (nominod.type, nominod.cost) == ("creature", 3)
    mill = catalog["Steel Mill"]
    assert mill.type == "scenario" and {"kw": "income", "n": 1} in [dict(a) for a in mill.abilities]
    assert catalog["Daemornia Gate"].type == "scenario"
    mercs = catalog["Kamikaze Fire Mercs"]
    assert mercs.type == "creature"
    assert {a["kw"] for a in mercs.abilities} >= {"swift", "last_gasp"}
    plague = catalog["Plague"]
    assert (plague.type, plague.subtype) == ("event", "global")
    assert [dict(e) for e in plague.get("effects")] == [{"do": "destroy", "target": "all_creatures"}]
    assert plague.cost >= 5
    withdraw = catalog["Withdraw"]
    assert (withdraw.type, withdraw.subtype) == ("event", "interrupt")
    assert [dict(e) for e in withdraw.get("effects")] == [{"do": "return", "target": "own_creature"}]


def test_every_keyword_of_the_engine_is_used(catalog):
    used = {a["kw"] for c in catalog for a in c.abilities}
    assert used == set(KEYWORDS)


def test_every_action_and_target_is_used(catalog):
    actions = [a for c in catalog for a in _actions(c)]
    assert {a["do"] for a in actions} == set(ACTIONS)
    assert {a["target"] for a in actions} == set(TARGETS)


def test_heal_keyword_used_on_self_and_on_allies(catalog):
    targets = {a.get("target", "self") for c in catalog for a in c.abilities if a["kw"] == "heal"}
    assert targets == {"self", "allies"}


def test_scenarios_with_and_without_a_strike_back(catalog):
    attacks = {c.attack > 0 for c in catalog.by_type("scenario")}
    assert attacks == {True, False}


def test_scenario_text_says_att_zero_never_strikes_back(catalog):
    for card in catalog.by_type("scenario"):
        assert ("never strikes back" in card.text) == (card.attack == 0), card.name


# --- the text field is generated from, and must agree with, the data -----------------------------

_KW_WORDS = {"swift": "Swift", "guardian": "Guardian {n}", "heal": "Heal {n}", "raider": "Raider {n}",
             "siege": "Siege {n}", "elusive": "Elusive", "vigilant": "Vigilant", "shield": "Shield {n}",
             "income": "Income {n}", "discount": "Discount {n} {type}", "last_gasp": "Last Gasp {n}",
             "effect": "Effect ({cost} Res"}
_STAT_WORDS = {"att": "Att", "def": "Def", "dmg": "Dmg", "hp": "Hp"}


def test_text_names_every_ability_with_its_numbers(catalog):
    for card in catalog:
        for ab in card.abilities:
            phrase = _KW_WORDS[ab["kw"]].format(**ab)
            assert phrase in card.text, (card.name, phrase, card.text)
            if ab["kw"] == "heal" and ab.get("target") == "allies":
                assert f"Heal {ab['n']} allies" in card.text, card.name
            if ab["kw"] == "effect" and ab.get("lock"):
                assert f"Effect ({ab['cost']} Res, locks it)" in card.text, card.name


def test_text_states_every_attachment_modifier(catalog):
    for card in catalog.by_type("attachment"):
        assert card.text.startswith(f"{card.subtype.capitalize()} ({card.get('slot')} slot)"), card.name
        for key, word in _STAT_WORDS.items():
            mod = card.get(key)
            if mod is None:
                continue
            phrase = f"{word} {mod}" if mod[0] in "+-" else f"{word} set to {mod}"
            assert phrase in card.text, (card.name, phrase)


def test_event_text_names_its_subtype_and_numbers(catalog):
    for card in catalog.by_type("event"):
        assert card.text.startswith(card.subtype.capitalize() + ":"), card.name
        for eff in card.get("effects"):
            if "n" in eff:
                assert str(abs(eff["n"])) in card.text, card.name


def test_vanilla_creatures_say_so(catalog):
    for card in catalog.by_type("creature"):
        assert (card.text == "No abilities.") == (not card.abilities), card.name


# --- power budget (docs/catalogs.md, "Power budget") ----------------------------------------------

def _keyword_points(ab) -> int:
    n = ab.get("n", 0)
    points = {"swift": 3, "elusive": 6, "vigilant": 2, "guardian": n, "raider": 2 * n, "siege": n,
              "shield": 2 * n + 1, "income": 3 * n, "discount": 3 * n, "last_gasp": 1 + n, "effect": 2,
              "heal": 2 * n if ab.get("target") == "allies" else n + 1}
    return points[ab["kw"]]


def creature_power(card: Card) -> int:
    f = card.fields
    return f["att"] + f["def"] + 2 * f["dmg"] + f["hp"] + sum(_keyword_points(a) for a in card.abilities)


def creature_budget(card: Card) -> int:
    return 5 + 3 * card.cost + (3 if card.special else 0)


def test_every_creature_is_within_two_points_of_its_power_budget(catalog):
    off = {c.name: creature_power(c) - creature_budget(c) for c in catalog.by_type("creature")
           if abs(creature_power(c) - creature_budget(c)) > 2}
    assert off == {}


def test_creature_exp_follows_its_cost(catalog):
    for card in catalog.by_type("creature"):
        assert card.get("exp") == 1 + card.cost // 2 + (1 if card.special else 0), card.name


def test_fw_curve_is_mostly_one_to_four_res(catalog):
    costs = Counter(c.cost for c in catalog.by_type("creature"))
    cheap = sum(k for res, k in costs.items() if 1 <= res <= 4)
    assert cheap / sum(costs.values()) >= 0.8
    assert max(costs) <= 6 and min(costs) >= 1


# --- docs/catalogs.md shows real cards --------------------------------------------------------------

def test_every_toml_example_in_the_docs_is_a_valid_catalog_card(catalog):
    doc = (Path(__file__).resolve().parents[2] / "docs" / "catalogs.md").read_text(encoding="utf-8")
    blocks = [b for b in re.findall(r"```toml\n(.*?)```", doc, re.S) if b.startswith("[[card]]")]
    assert len(blocks) >= 5
    shown = {card.type for block in blocks for card in parse_catalog_text(block, "daemornia", "docs")}
    assert shown == {"creature", "scenario", "event", "attachment"}
    for block in blocks:
        for card in parse_catalog_text(block, "daemornia", "docs/catalogs.md"):
            real = catalog[card.name]
            expected = {k: v for k, v in real.fields.items() if k != "flavour"}
            assert {k: v for k, v in card.fields.items() if k != "flavour"} == expected, card.name
