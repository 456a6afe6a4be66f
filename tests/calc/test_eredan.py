"""Eredan damage: Att minus Def, spells against Spirit, bonuses and the pure Mage rule."""

from __future__ import annotations

import pytest

from fwlab.calc.eredan import eredan_exchange

PILKIM = {"name": "Pilkim", "classes": ["Fighter"], "att": 3, "def": 2, "spirit": 2, "life": 10}
AKU = {"name": "Aku", "classes": ["Mage"], "att": 4, "def": 1, "spirit": 3, "life": 8}
FLAME_ARROW = {"name": "Flame Arrow", "type": "spell", "effects": [{"do": "damage", "n": 5, "target": "foe"}]}


def test_text_example_flame_arrow_of_5_against_pilkim_deals_3():
    x = eredan_exchange(AKU, PILKIM, turn=1, card_a=FLAME_ARROW)
    assert x.spell_to_b == 3


def test_pure_mage_casting_a_damaging_spell_loses_its_physical_attack():
    with_spell = eredan_exchange(AKU, PILKIM, turn=1, card_a=FLAME_ARROW)
    without = eredan_exchange(AKU, PILKIM, turn=1)
    assert without.physical_to_b == 2       # 4 - 2
    assert with_spell.physical_to_b == 0
    assert with_spell.damage_to_b == 3
    assert with_spell.physical_to_a == without.physical_to_a == 2   # Pilkim still strikes: 3 - 1


def test_multi_class_mage_keeps_its_physical_attack():
    mage_priest = {**AKU, "classes": ["Mage", "Priest"]}
    x = eredan_exchange(mage_priest, PILKIM, turn=1, card_a=FLAME_ARROW)
    assert x.damage_to_b == 3 + 2


def test_theurgy_is_reduced_by_spirit_and_other_cards_are_not():
    theurgy = {"type": "theurgy", "effects": [{"do": "damage", "n": 4, "target": "foe"}]}
    action = {"type": "action", "effects": [{"do": "damage", "n": 4, "target": "foe"}]}
    assert eredan_exchange(PILKIM, AKU, turn=1, card_a=theurgy).spell_to_b == 1
    assert eredan_exchange(PILKIM, AKU, turn=1, card_a=action).spell_to_b == 4


def test_turn_bonus_applies_only_on_its_turn():
    bonus = {**PILKIM, "bonuses": [{"turn": 3, "stat": "att", "n": 2}]}
    assert eredan_exchange(bonus, AKU, turn=3).physical_to_b == 3 + 2 - 1
    assert eredan_exchange(bonus, AKU, turn=2).physical_to_b == 3 - 1


def test_marauder_bonus_only_against_its_class():
    rogue = {"name": "Rogue", "classes": ["Marauder"], "att": 3, "def": 1, "spirit": 0,
             "marauder_bonus": {"vs": "Mage", "n": 1}}
    assert eredan_exchange(rogue, AKU, turn=1).physical_to_b == 3
    assert eredan_exchange(rogue, PILKIM, turn=1).physical_to_b == 1


def test_stat_cards_change_the_fight_and_damage_is_never_negative():
    shield = {"type": "skill", "effects": [{"do": "def", "n": 5, "target": "self"}]}
    x = eredan_exchange(PILKIM, AKU, turn=1, card_b=shield)
    assert x.physical_to_b == 0
    hex_bolt = {"type": "spell", "effects": [{"do": "spirit", "n": -3, "target": "foe"},
                                             {"do": "damage", "n": 5, "target": "foe"}]}
    x = eredan_exchange(AKU, PILKIM, turn=1, card_a=hex_bolt)
    assert x.spell_to_b == 5       # Pilkim's Spirit 2 lowered to 0 (not below) before the damage


def test_bad_characters_are_refused():
    with pytest.raises(ValueError, match="def must be"):
        eredan_exchange({"name": "X", "att": 1, "spirit": 0}, PILKIM, turn=1)
    with pytest.raises(ValueError, match="turn"):
        eredan_exchange(AKU, PILKIM, turn=0)
