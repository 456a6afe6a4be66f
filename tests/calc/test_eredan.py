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


def test_theurgy_is_reduced_by_spirit_and_other_cards_by_def():
    theurgy = {"type": "theurgy", "effects": [{"do": "damage", "n": 4, "target": "foe"}]}
    action = {"type": "action", "effects": [{"do": "damage", "n": 4, "target": "foe"}]}
    assert eredan_exchange(PILKIM, AKU, turn=1, card_a=theurgy).spell_to_b == 4 - 3  # Aku's Spirit 3
    assert eredan_exchange(PILKIM, AKU, turn=1, card_a=action).spell_to_b == 4 - 1   # Aku's Def 1 (ER-FIGHT-1)


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


# ---- chains, order, Life and score (the calculator grows with the engine) -----------------------------

ARROW2 = {**FLAME_ARROW, "name": "Second Arrow"}
WARD = {"name": "Ward", "type": "item", "kind": "potion", "effects": [{"do": "spirit", "n": 2, "target": "self"}]}


def test_the_chooser_s_cards_resolve_first_and_spirit_is_read_when_a_spell_resolves():
    first = eredan_exchange(AKU, PILKIM, turn=1, cards_a=[FLAME_ARROW], cards_b=[WARD], chooser="a")
    second = eredan_exchange(AKU, PILKIM, turn=1, cards_a=[FLAME_ARROW], cards_b=[WARD], chooser="b")
    assert (first.spell_to_b, second.spell_to_b) == (3, 1)
    assert second.order == ("Pilkim: Ward", "Aku: Flame Arrow")
    chained = eredan_exchange(AKU, PILKIM, turn=1, cards_a=[FLAME_ARROW, ARROW2], cards_b=[WARD])
    assert chained.spell_to_b == 3 + 1
    assert chained.order == ("Aku: Flame Arrow", "Pilkim: Ward", "Aku: Second Arrow")


def test_illegal_card_combinations_are_value_errors():
    cry = {"name": "Battle Cry", "type": "action", "chain": True, "chain_with": "item",
           "effects": [{"do": "att", "n": 1, "target": "self"}]}
    with pytest.raises(ValueError, match="does not fit the chain of Battle Cry"):
        eredan_exchange(PILKIM, AKU, turn=1, cards_a=[cry, FLAME_ARROW])
    assert eredan_exchange(PILKIM, AKU, turn=1, cards_a=[cry, WARD]).physical_to_b == 3 + 1 - 1
    with pytest.raises(ValueError, match="no first card"):
        eredan_exchange(PILKIM, AKU, turn=1, cards_a=[None, WARD])
    with pytest.raises(ValueError, match="at most two"):
        eredan_exchange(PILKIM, AKU, turn=1, cards_a=[cry, WARD, WARD])
    with pytest.raises(ValueError, match="not both"):
        eredan_exchange(PILKIM, AKU, turn=1, card_a=cry, cards_a=[cry])
    aoe = {**FLAME_ARROW, "aoe": True, "effects": [{"do": "damage", "n": 2, "target": "enemies"}]}
    with pytest.raises(ValueError, match="area spell"):
        eredan_exchange(AKU, PILKIM, turn=1, cards_a=[aoe, FLAME_ARROW])
    with pytest.raises(ValueError, match="teleport"):
        eredan_exchange(AKU, PILKIM, turn=1, card_a={"name": "Odd", "effects": [{"do": "teleport", "target": "foe"}]})


def test_life_floor_heal_cap_and_score():
    from fwlab.calc.eredan import ErCharacter

    potion = {"name": "Potion", "type": "item", "kind": "potion", "effects": [{"do": "heal", "n": 4, "target": "self"}]}
    x = eredan_exchange(ErCharacter(AKU, life=7), ErCharacter(PILKIM, life=2), turn=1, card_a=potion,
                        card_b={"name": "Bolt", "type": "action", "effects": [{"do": "damage", "n": 9, "target": "foe"}]})
    assert x.healing_a == 1                       # 7 -> 8, its printed Life
    assert x.spell_to_a == 9 - 1 and x.life_a == 0 and x.dead_a  # the action's 9 against Aku's Def 1
    assert x.physical_to_b == 4 - 2 and x.life_b == 0 and x.dead_b     # Aku at 0 Life still strikes
    assert (x.score_a, x.score_b) == (1 + 2, 8)   # no overkill, no overheal
    assert x.to_dict()["characters"][0]["dead"] is True


def test_order_bonuses_bearers_and_notes():
    gorran = {"name": "Gorran", "classes": ["Craftsman"], "race": "Golem", "att": 2, "def": 3, "spirit": 1, "life": 15,
              "bonuses": [{"turn": 1, "stat": "att", "n": 1}, {"turn": 3, "stat": "att", "n": 2}]}
    banner = {"name": "Banner", "type": "action", "effects": [{"do": "bonuses", "target": "self"}]}
    assert eredan_exchange(gorran, PILKIM, turn=1, card_a=banner).physical_to_b == 2 + 1 + 2 - 2
    plate = {"name": "Plate", "type": "item", "kind": "armour",
             "effects": [{"do": "def", "n": 3, "target": "self", "bearer": "Golem"},
                         {"do": "def", "n": 2, "target": "self", "bearer": "other"}]}
    assert eredan_exchange(gorran, PILKIM, turn=2, card_a=plate).physical_to_a == 0
    assert eredan_exchange(AKU, PILKIM, turn=2, card_a=plate).physical_to_a == 3 - 3
    assert eredan_exchange(AKU, PILKIM, turn=2, card_a=plate).physical_to_a == eredan_exchange(
        {**AKU, "def": 2}, PILKIM, turn=2, card_a={**plate, "effects": plate["effects"][1:2]}).physical_to_a
    digger = {"name": "Digger", "type": "action", "effects": [{"do": "retrieve", "n": 1}, {"do": "draw", "n": 1}]}
    x = eredan_exchange(AKU, PILKIM, turn=1, card_a=digger)
    assert x.to_dict()["damage_to_b"] == eredan_exchange(AKU, PILKIM, turn=1).damage_to_b
    assert any("retrieve" in n and "fifth" in n for n in x.notes) and any("draw 1" in n for n in x.notes)
