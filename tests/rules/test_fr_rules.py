"""The Free Realms rules (docs/rules.md, section "Free Realms"), one test or more per rule ID, each
on a position built with the test catalog (tests/rules/fr_setup.py)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from fr_setup import CATALOG, PASS, act, iid, in_battle, legal, names, position

from fwlab.catalog import CatalogError
from fwlab.rules.core import Action, IllegalAction
from fwlab.rules.freerealms.cards import compile_card, compile_deck
from fwlab.rules.freerealms.engine import summary
from fwlab.rules.freerealms.game import GO, INVENTORY, MULLIGAN, SET, TRICKS, new_game


def pass_turn(g):
    p = g.active
    while not g.is_terminal() and g.active == p:
        g.apply(PASS)


def deck40(*names_):
    return compile_deck(list(names_) * (40 // len(names_)), CATALOG)


# ------------------------------------------------------------------ cards
def test_FR_CARD_1_a_field_or_effect_the_engine_does_not_execute_is_a_load_error():
    ox = CATALOG["Ox"]
    with pytest.raises(CatalogError) as e:
        compile_card(replace(ox, fields={**ox.fields, "flying": True}))
    assert e.value.field == "flying" and e.value.card == "Ox" and e.value.file.endswith("fr_test_catalog.toml")
    with pytest.raises(CatalogError) as e:
        compile_card(replace(ox, fields={**ox.fields, "powerups": [{"sphere": "chaos", "do": "teleport"}]}))
    assert e.value.field == "powerups[0]" and "teleport" in e.value.reason
    with pytest.raises(CatalogError) as e:
        compile_card(replace(ox, fields={**ox.fields, "collect": {"n": 2, "do": "fly", "by": 1}}))
    assert e.value.field == "collect"
    push = CATALOG["Push"]
    with pytest.raises(CatalogError) as e:
        compile_card(replace(push, fields={**push.fields, "effects": [{"do": "attack", "n": 1, "sticky": True}]}))
    assert e.value.field == "effects[0]" and "sticky" in e.value.reason


def test_FR_CARD_1_every_shipped_card_compiles():
    from fwlab.catalog import load_catalog

    for card in load_catalog("fr"):
        compile_card(card)


# ------------------------------------------------------------------ setup
def test_FR_SETUP_1_decks_are_shuffled_by_the_seeded_generator():
    da = compile_deck([n for n in CATALOG.cards] * 2, CATALOG)
    g1, g2, g3 = new_game(da, da, 5), new_game(da, da, 5), new_game(da, da, 6)
    assert g1.fingerprint() == g2.fingerprint()
    assert g1.seats[0].deck != g3.seats[0].deck
    assert g1.seats[0].deck != list(range(len(da) - 6))


def test_FR_SETUP_2_six_card_opening_hands_then_the_mulligan_decision():
    da = deck40("Ox", "Blank")
    g = new_game(da, da, 3, first=1)
    assert [len(s.hand) for s in g.seats] == [6, 6]
    assert g.decision == MULLIGAN and g.current_player() == 1 and g.turn == 0


def test_FR_SETUP_3_mulligan_once_each_first_player_first():
    da = deck40("Ox", "Blank", "Push", "Ember")
    g = new_game(da, da, 3, first=1)
    assert g.why_illegal(PASS) is not None
    before = list(g.seats[1].hand)
    g.apply("mulligan")                    # the first player (b) shuffles back and draws six
    assert len(g.seats[1].hand) == 6 and g.seats[1].hand != before
    assert len(g.seats[1].deck) == 34
    assert g.current_player() == 0 and g.decision == MULLIGAN
    g.apply("keep")
    assert g.turn == 1 and g.active == 1 and g.decision != MULLIGAN
    assert g.why_illegal(Action("mulligan")) is not None  # once each, before the first turn


# ------------------------------------------------------------------ ready phase
def test_FR_READY_1_draw_two_each_turn_but_the_first_players_first():
    da = deck40("Ox", "Blank")
    g = new_game(da, da, 3, first=0)
    g.apply("keep")
    g.apply("keep")
    assert g.turn == 1 and len(g.seats[0].hand) == 6     # turn 1: no draw for the first player
    pass_turn(g)
    assert g.turn == 2 and len(g.seats[1].hand) == 8     # the second player draws two on its first turn
    pass_turn(g)
    assert g.turn == 3 and len(g.seats[0].hand) == 8


def test_FR_READY_2_zapped_cards_ready_then_stunned_creatures_become_zapped():
    g = position({"spaces": ["Ox", None, None]},
                 {"spaces": ["Mouse:zapped", "Ox:stunned", None], "inventory": ["Pylon:zapped"],
                  "deck": ["Blank"] * 6}, active=0)
    g.apply(PASS)                                       # a ends its turn; b's Ready phase
    mouse, ox = g.seats[1].spaces[0], g.seats[1].spaces[1]
    assert not mouse.zapped and not mouse.stunned
    assert ox.zapped and not ox.stunned                 # stunned -> zapped: it misses this turn
    assert not g.inv_zapped[iid(g, 1, "Pylon")]


# ------------------------------------------------------------------ set phase
def test_FR_INV_1_one_card_to_the_inventory_a_resource_face_up_or_any_card_face_down():
    g = position({"hand": ["Library", "Ox", "Ember"], "deck": ["Blank"] * 5}, decision="inventory")
    assert legal(g, "resource", (0, "Ox")) is not None          # a creature is not a resource
    assert legal(g, "facedown", (0, "Ox")) is None
    assert legal(g, "resource", (0, "Library")) is None
    act(g, "resource", (0, "Library"))
    assert not g.face_down[iid(g, 0, "Library")]
    assert g.decision == SET                                    # one card only
    assert legal(g, "facedown", (0, "Ox")) is not None
    g2 = position({"hand": ["Ox"], "deck": ["Blank"] * 5}, decision="inventory")
    g2.apply(PASS)                                              # playing one is optional
    assert g2.seats[0].inventory == []


def test_FR_INV_2_a_face_down_card_is_no_resource_but_makes_coins_and_stars():
    g = position({"hand": ["Ox", "Giant"], "inventory": ["Library:down", "Blank"], "deck": ["Blank"] * 5},
                 decision="inventory")
    act(g, "facedown", (0, "Giant"))
    assert g.seats[0].coins == 3                                # three inventory cards, two face down
    assert "face-down" in legal(g, "coin", (0, "Library"), 0)


def test_FR_COIN_1_one_coin_per_inventory_card_and_unspent_coins_are_lost():
    g = position({"hand": ["Mouse", "Ox", "Giant"], "inventory": ["Blank", "Blank:down", "Ember"],
                  "deck": ["Blank"] * 5}, decision="inventory")
    g.apply(PASS)
    assert g.decision == SET and g.seats[0].coins == 3
    act(g, "play", (0, "Mouse"), 0)
    assert g.seats[0].coins == 2
    g.apply(PASS)
    assert g.decision == GO and g.seats[0].coins == 0


def test_FR_SET_1_creatures_cost_coins_and_act_the_turn_they_are_played():
    g = position({"hand": ["Ox", "Giant", "Mouse"], "deck": ["Blank"] * 5}, decision="set", coins=2)
    assert "costs 5 coins" in legal(g, "play", (0, "Giant"), 0)
    act(g, "play", (0, "Ox"), 1)
    assert g.seats[0].spaces[1].d.name == "Ox" and g.seats[0].coins == 1
    g.apply(PASS)
    assert g.decision == GO
    act(g, "hunt", (0, "Ox"))                         # no summoning sickness
    assert g.seats[0].scored == 1


def test_FR_SPACE_1_three_columns_one_space_each():
    g = position({"hand": ["Ox"], "deck": ["Blank"] * 5}, decision="set", coins=3)
    assert legal(g, "play", (0, "Ox"), 3) is not None
    assert legal(g, "play", (0, "Ox"), -1) is not None
    assert all(legal(g, "play", (0, "Ox"), c) is None for c in range(3))


def test_FR_CHASE_1_playing_onto_your_own_creature_chases_it_to_the_discard_pile():
    g = position({"hand": ["Ox"], "spaces": ["Mouse", None, None], "piles": [2, 0, 0], "deck": ["Blank"] * 5},
                 decision="set", coins=1)
    act(g, "play", (0, "Ox"), 0)
    assert names(g, g.seats[0].discard) == ["Mouse"]
    assert g.killed_turn[iid(g, 0, "Mouse")] == -1       # chased, not destroyed
    assert len(g.seats[0].piles[0]) == 2 and g.seats[0].scored == 2


def test_FR_HERO_1_no_second_hero_of_a_name_you_have_in_play():
    g = position({"hand": ["Nirvi"], "spaces": ["Nirvi", None, None], "deck": ["Blank"] * 5},
                 {"spaces": [None, "Nirvi", None]}, decision="set", coins=6)
    assert "Hero named Nirvi" in legal(g, "play", (0, "Nirvi", 1), 1)
    assert "Hero named Nirvi" in legal(g, "play", (0, "Nirvi", 1), 0)  # not even by chasing it
    g2 = position({"hand": ["Nirvi"], "deck": ["Blank"] * 5}, {"spaces": [None, "Nirvi", None]},
                  decision="set", coins=6)
    assert legal(g2, "play", (0, "Nirvi"), 1) is None                  # the opponent's does not block


def test_FR_COIN_2_coin_actions_in_the_set_phase_pay_their_costs():
    g = position({"hand": ["Giant"], "inventory": ["Library", "Blank", "Pylon"], "deck": ["Ox", "Blank"]},
                 decision="set")
    assert g.seats[0].coins == 3
    act(g, "coin", (0, "Library"), 0)
    assert g.seats[0].coins == 1 and names(g, g.seats[0].hand) == ["Giant", "Ox"]
    assert "costs 2 coins" in legal(g, "coin", (0, "Library"), 0)
    assert "during a battle" in legal(g, "coin", (0, "Pylon"), 0)
    lib = CATALOG["Library"]
    with pytest.raises(CatalogError, match="FR-COIN-2"):
        compile_card(replace(lib, fields={**lib.fields, "effects": [{"do": "attack", "n": 1, "coins": 1}]}))


def test_FR_ZAP_1_only_a_ready_card_can_be_zapped():
    g = position({"spaces": ["Ox:zapped", None, None], "inventory": ["Pylon:zapped"], "deck": ["Blank"] * 5})
    assert "ready" in legal(g, "hunt", (0, "Ox"))
    g2 = position({"spaces": ["Ox", None, None], "deck": ["Blank"] * 5},
                  {"spaces": ["Ox", None, None], "inventory": ["Pylon:zapped", "Blank"], "hand": ["Guard"],
                   "deck": ["Blank"] * 5})
    act(g2, "attack", (0, "Ox"))
    assert g2.decision == TRICKS and g2.decider == 1
    assert "ready" in legal(g2, "star", (1, "Pylon"), 0)


# ------------------------------------------------------------------ go phase
def test_FR_GO_1_each_ready_creature_hunts_or_attacks_once_and_the_first_player_may_attack_on_turn_1():
    g = position({"spaces": ["Ox", "Mouse", None], "deck": ["Blank"] * 5}, {"spaces": ["Giant", None, None],
                 "deck": ["Blank"] * 5}, turn=1)
    assert legal(g, "attack", (0, "Ox")) is None
    act(g, "hunt", (0, "Mouse"))
    assert g.seats[0].spaces[1].zapped
    assert legal(g, "hunt", (0, "Mouse")) is not None    # zapped: once a turn
    g.apply(PASS)
    assert g.active == 1


def test_FR_HUNT_1_a_creature_without_a_foe_or_facing_a_stunned_one_scores_by_hunting():
    g = position({"spaces": ["Ox", "Mouse", "Goblin"], "deck": ["Ember", "Lantern", "Blank"]},
                 {"spaces": ["Giant", "Ox:stunned", None]})
    assert "foe" in legal(g, "hunt", (0, "Ox"))
    act(g, "hunt", (0, "Goblin"))                         # no foe
    assert names(g, g.seats[0].piles[2]) == ["Ember"]     # the top card, to its column's pile
    act(g, "hunt", (0, "Mouse"))                          # its foe is stunned: it hunts past it
    assert names(g, g.seats[0].piles[1]) == ["Lantern"] and g.seats[0].scored == 2


# ------------------------------------------------------------------ battles
def test_FR_BATTLE_1_attacking_zaps_the_attacker_and_needs_a_foe_that_is_not_stunned():
    g = position({"spaces": ["Ox", "Mouse", "Goblin"], "hand": ["Push"], "inventory": ["Blank"],
                  "deck": ["Blank"] * 5},
                 {"spaces": ["Giant", "Ox:stunned", None], "deck": ["Blank"] * 5})
    assert "no foe" in legal(g, "attack", (0, "Goblin"))
    assert "stunned" in legal(g, "attack", (0, "Mouse"))
    act(g, "attack", (0, "Ox"))
    assert g.seats[0].spaces[0].zapped
    assert g.decision == TRICKS and g.decider == 0        # the attacker plays tricks first


def test_FR_STAR_1_stars_from_every_inventory_card_at_the_start_of_each_battle():
    g = position({"spaces": ["Ox", None, None], "hand": ["Push", "Big Push"], "inventory": ["Blank", "Blank:down"],
                  "deck": ["Blank"] * 5},
                 {"spaces": ["Ox", None, None], "hand": ["Guard"], "inventory": ["Blank"], "deck": ["Blank"] * 5})
    act(g, "attack", (0, "Ox"))
    assert [s.stars for s in g.seats] == [2, 1]
    assert "costs 4 stars" in legal(g, "trick", (0, "Big Push"))
    act(g, "trick", (0, "Push"))
    assert g.seats[0].stars == 1
    g.apply(PASS)                                          # b passes
    g.apply(PASS)                                          # a passes: flips
    assert g.decision != TRICKS and [s.stars for s in g.seats] == [0, 0]   # unspent stars are lost


def test_FR_TRICK_1_tricks_alternate_from_the_attacker_until_two_passes_in_a_row():
    g = position({"spaces": ["Ox", None, None], "hand": ["Push", "Push"], "inventory": ["Blank"] * 3,
                  "deck": ["Blank"] * 5},
                 {"spaces": ["Ox", None, None], "hand": ["Guard", "Guard"], "inventory": ["Blank"] * 3,
                  "deck": ["Blank"] * 5})
    act(g, "attack", (0, "Ox"))
    assert g.decider == 0
    act(g, "trick", (0, "Push", 0))
    assert g.decider == 1
    g.apply(PASS)
    assert g.decider == 0 and g.decision == TRICKS        # one pass is not two in a row
    act(g, "trick", (0, "Push", 1))
    assert g.decider == 1
    act(g, "trick", (1, "Guard", 0))
    assert g.decider == 1                                  # a has no trick left: its pass is automatic
    g.apply(PASS)                                          # b passes too: two in a row, the cards are flipped
    assert g.decision != TRICKS
    # 3 + 4 against 3 + 2: the attacker won and scored
    assert g.seats[1].spaces[0] is None and g.seats[0].scored == 1


def test_FR_TRICK_2_a_tricks_effects_happen_in_order_and_tricks_are_discarded_after_the_battle():
    g = position({"spaces": ["Ox", None, None], "hand": ["Truce"], "inventory": ["Blank"],
                  "deck": ["Lantern", "Blank"]},
                 {"spaces": ["Ox", None, None], "deck": ["Blank"] * 5})
    act(g, "attack", (0, "Ox"))
    act(g, "trick", (0, "Truce"))                          # end this battle, then draw a card
    assert names(g, g.seats[0].hand) == ["Lantern"]
    assert names(g, g.seats[0].discard) == ["Truce"] and g.decision != TRICKS


def test_FR_STAR_2_star_actions_during_a_battle_by_either_player():
    g = position({"spaces": ["Ox", None, None], "inventory": ["Pylon"], "deck": ["Blank"] * 5},
                 {"spaces": ["Ox", None, None], "inventory": ["Pylon", "Blank"], "deck": ["Blank"] * 5},
                 decision="set")
    assert "during a battle" in legal(g, "coin", (0, "Pylon"), 0)
    g.apply(PASS)
    act(g, "attack", (0, "Ox"))
    assert g.decider == 0
    g.apply(PASS)
    assert g.decider == 1
    act(g, "star", (1, "Pylon"), 0)                        # 1 star, zap: +1 defense
    assert g.inv_zapped[iid(g, 1, "Pylon")] and g.seats[1].stars == 1
    assert g.decider == 0                                  # a may still use its own Pylon
    g.apply(PASS)                                          # b has no play left: passes by itself
    assert not in_battle(g)
    assert g.seats[0].spaces[0] is None and g.seats[1].spaces[0] is not None   # 3 against 4: a lost


def test_FR_FLIP_1_the_attacker_flips_then_the_defender_and_gems_are_added():
    g = position({"spaces": ["Ox", None, None], "deck": ["Ember", "Blank"]},
                 {"spaces": ["Ox", None, None], "deck": ["Lantern"] + ["Blank"] * 5})
    act(g, "attack", (0, "Ox"))                            # 3 + 2 gems against 3 + 1 gem
    assert g.seats[1].spaces[0] is None
    assert names(g, g.seats[0].discard) == ["Ember"] and names(g, g.seats[1].discard) == ["Ox", "Lantern"]
    assert names(g, g.seats[0].piles[0]) == ["Blank"]     # the win scored a card


def test_FR_POWERUP_1_every_matching_power_up_fires_in_printed_order_before_the_gems_count():
    # Twin: chaos +2 attack, chaos score 1, chaos draw 1. Ember has chaos gems.
    g = position({"spaces": ["Twin", None, None], "deck": ["Ember", "Lantern", "Blank", "Mouse"]},
                 {"spaces": ["Giant", None, None], "deck": ["Blank"] * 3})
    act(g, "attack", (0, "Twin"))                          # 3 + 2 + 2 gems = 7 < 8: Twin loses
    assert names(g, g.seats[0].piles[0]) == ["Lantern"]   # scored first (printed order) ...
    assert names(g, g.seats[0].hand) == ["Blank"]          # ... then drew
    assert g.seats[0].spaces[0] is None
    assert g.fired[iid(g, 0, "Twin")] == 3
    # an order flip matches no chaos power-up
    g = position({"spaces": ["Twin", None, None], "deck": ["Lantern", "Blank"]},
                 {"spaces": ["Ox", None, None], "deck": ["Blank"] * 3})
    act(g, "attack", (0, "Twin"))                          # 3 + 1 gem = 4 > 3
    assert g.seats[0].hand == [] and g.seats[0].piles[0] != [] and g.fired[iid(g, 0, "Twin")] == 0


def test_FR_POWERUP_2_a_flipped_heros_gems_match_every_sphere():
    g = position({"spaces": ["Bulwark", None, None], "deck": ["Blank"] * 3},
                 {"spaces": ["Ox", None, None], "deck": ["Nirvi", "Blank"]})
    g.active, g.decider = 1, 1
    act(g, "attack", (1, "Ox"))                            # Ox 3 + 1 (Nirvi's one nature gem) ...
    # ... Bulwark defends: flips Blank (0 gems, no chaos): 3 against 4
    assert g.seats[0].spaces[0] is None
    g = position({"spaces": ["Ox", None, None], "deck": ["Nirvi", "Blank"]},
                 {"spaces": ["Bulwark", None, None], "deck": ["Nirvi", "Blank"]})
    act(g, "attack", (0, "Ox"))                            # 3 + 1 against 3 + 2 (chaos power-up by a Hero) + 1
    assert g.seats[0].spaces[0] is None and g.fired[iid(g, 1, "Bulwark")] == 1


def test_FR_BATTLE_2_the_higher_total_wins_the_loser_is_destroyed_and_a_tie_destroys_both():
    g = position({"spaces": ["Ox", "Mouse", None], "deck": ["Blank"] * 4},
                 {"spaces": ["Ox", "Giant", None], "deck": ["Blank"] * 4})
    act(g, "attack", (0, "Ox"))                            # 3 against 3: a tie
    assert g.seats[0].spaces[0] is None and g.seats[1].spaces[0] is None
    assert g.killed_turn[iid(g, 0, "Ox")] > 0 and g.killed_turn[iid(g, 1, "Ox")] > 0
    act(g, "attack", (0, "Mouse"))                         # 1 against 8
    assert g.seats[0].spaces[1] is None and g.seats[1].spaces[1] is not None
    assert g.seats[1].scored == 0 and g.seats[0].scored == 0   # a defender that wins scores nothing


def test_FR_BATTLE_3_the_attacker_that_wins_scores_and_the_battle_cards_are_discarded():
    g = position({"spaces": [None, "Giant", None], "hand": ["Push"], "inventory": ["Blank"],
                  "deck": ["Ember", "Lantern"]},
                 {"spaces": [None, "Ox", None], "deck": ["Blank"] * 3})
    act(g, "attack", (0, "Giant"))
    act(g, "trick", (0, "Push"))                           # b, then a, have no play left: automatic passes
    assert not in_battle(g)
    assert names(g, g.seats[0].piles[1]) == ["Lantern"]    # scored to the attacker's column
    assert sorted(names(g, g.seats[0].discard)) == ["Ember", "Push"]


def test_FR_DESTROY_1_a_destroyed_creature_goes_to_its_owners_discard_pile():
    g = position({"spaces": ["Mouse", None, None], "deck": ["Blank"] * 3},
                 {"spaces": ["Ox", None, None], "deck": ["Blank"] * 3})
    act(g, "attack", (0, "Mouse"))
    assert names(g, g.seats[0].discard) == ["Blank", "Mouse"] or "Mouse" in names(g, g.seats[0].discard)
    assert g.killed_turn[iid(g, 0, "Mouse")] > 0


def test_FR_DESTROY_2_a_creature_removed_mid_battle_leaves_the_other_the_winner():
    g = position({"spaces": ["Ox", "Ox", None], "hand": ["Zap Bolt", "Zap Bolt"], "inventory": ["Blank"] * 2,
                  "deck": ["Ember", "Blank", "Blank"]},
                 {"spaces": ["Stunner", "Giant", None], "deck": ["Blank"] * 3})
    act(g, "attack", (0, "Ox", 0))
    act(g, "trick", (0, "Zap Bolt", 0))                    # Stunner costs 2: destroyed at once
    assert g.decision == GO and g.seats[1].spaces[0] is None
    assert names(g, g.seats[0].piles[0]) == ["Ember"]      # the attacker won: it scored, nothing was flipped
    act(g, "attack", (0, "Ox", 1))
    act(g, "trick", (0, "Zap Bolt", 1))                    # Giant costs 5: nothing happens
    assert g.seats[1].spaces[1] is not None
    # a defender's removal trick: the attacker is destroyed and nobody scores
    g = position({"spaces": ["Mouse", None, None], "deck": ["Blank"] * 3},
                 {"spaces": ["Ox", None, None], "hand": ["Zap Bolt"], "inventory": ["Blank"] * 2,
                  "deck": ["Blank"] * 3})
    act(g, "attack", (0, "Mouse"))
    act(g, "trick", (1, "Zap Bolt"))
    assert g.seats[0].spaces[0] is None and g.seats[1].scored == 0 and not in_battle(g)
    # a face-down resource action that destroys (Altar: destroy a foe that costs 1 or less)
    g = position({"spaces": ["Mouse", None, None], "deck": ["Blank"] * 3},
                 {"spaces": ["Giant", None, None], "inventory": ["Altar"], "deck": ["Blank"] * 3}, active=1)
    act(g, "attack", (1, "Giant"))
    act(g, "star", (1, "Altar"), 0)
    assert g.face_down[iid(g, 1, "Altar")] and g.seats[0].spaces[0] is None and g.seats[1].scored == 1


def test_FR_END_BATTLE_1_ending_a_battle_leaves_no_winner_no_loser_and_no_score():
    g = position({"spaces": ["Giant", None, None], "deck": ["Blank"] * 3},
                 {"spaces": ["Mouse", None, None], "hand": ["Truce"], "inventory": ["Blank"], "deck": ["Blank"] * 3})
    act(g, "attack", (0, "Giant"))
    act(g, "trick", (1, "Truce"))
    assert g.seats[0].spaces[0] is not None and g.seats[1].spaces[0] is not None
    assert g.seats[0].scored == 0 and len(g.seats[0].deck) == 3    # nothing flipped
    assert g.decision == GO or g.active == 1


def test_FR_STUN_1_a_stunned_creature_neither_attacks_nor_hunts_nor_is_attacked():
    g = position({"spaces": ["Ox:stunned", "Ox", None], "deck": ["Blank"] * 3},
                 {"spaces": [None, "Ox:stunned", None], "deck": ["Blank"] * 3})
    assert "stunned" in legal(g, "hunt", (0, "Ox", 0))
    assert "stunned" in legal(g, "attack", (0, "Ox", 1))
    assert legal(g, "hunt", (0, "Ox", 1)) is None          # foes hunt past it


def test_FR_STUN_2_a_stun_lands_when_the_battle_ends_and_lasts_to_its_owners_next_ready_phase():
    g = position({"spaces": ["Stunner", None, None], "deck": ["Ember", "Blank"]},
                 {"spaces": ["Giant", None, None], "deck": ["Blank"] * 8})
    act(g, "attack", (0, "Stunner"))                       # chaos flip: the foe is stunned; Stunner loses
    giant = g.seats[1].spaces[0]
    assert g.seats[0].spaces[0] is None
    assert g.active == 1                                   # a had nothing left: b's turn
    assert giant.zapped and not giant.stunned              # b's Ready phase: stunned -> zapped
    assert g.why_illegal(Action("hunt", giant.iid)) is not None
    g.seats[0].hand.append(g.seats[0].deck.pop())          # a holds a card: its turn stops
    pass_turn(g)
    assert g.active == 0
    pass_turn(g)
    assert g.active == 1 and not g.seats[1].spaces[0].zapped
    # a trick's stun on a foe that loses does nothing (it is no longer in play)
    g = position({"spaces": ["Giant", None, None], "hand": ["Snare"], "inventory": ["Blank"], "deck": ["Blank"] * 3},
                 {"spaces": ["Ox", "Ox", None], "deck": ["Blank"] * 3})
    act(g, "attack", (0, "Giant"))
    act(g, "trick", (0, "Snare"))
    assert g.seats[1].spaces[0] is None and not g.seats[0].spaces[0].stunned


def test_FR_SCORE_1_a_scored_card_is_the_top_of_your_deck_face_down_in_the_columns_pile():
    g = position({"spaces": [None, None, "Ox"], "deck": ["Lantern", "Ember"]})
    act(g, "hunt", (0, "Ox"))
    assert names(g, g.seats[0].piles[2]) == ["Lantern"] and names(g, g.seats[0].deck) == ["Ember"]


def test_FR_SCORE_2_score_piles_belong_to_the_column_and_keep_counting():
    g = position({"spaces": ["Mouse", None, None], "hand": ["Collector"], "piles": [2, 0, 0],
                  "deck": ["Blank"] * 4},
                 {"spaces": ["Ox", None, None], "deck": ["Blank"] * 4})
    act(g, "attack", (0, "Mouse"))                         # Mouse dies, its column keeps the pile
    assert g.seats[0].scored == 2 and len(g.seats[0].piles[0]) == 2
    g.active = g.decider = 0
    g.decision = SET
    g.seats[0].coins = 3
    act(g, "play", (0, "Collector"), 0)
    assert g.attack_of(g.seats[0].spaces[0]) == 5         # the new creature collects from that pile


def test_FR_COLLECT_1_collect_text_while_the_pile_holds_n_cards():
    g = position({"spaces": ["Collector", "Warden", "Hunter"], "piles": [1, 2, 1], "deck": ["Blank"] * 5})
    col, war, hun = g.seats[0].spaces
    assert g.attack_of(col) == 3 and g.defense_of(war) == 5
    act(g, "hunt", (0, "Hunter"))                          # Collect 1: one more card when it hunts
    assert len(g.seats[0].piles[2]) == 3
    act(g, "hunt", (0, "Collector"))
    assert g.attack_of(col) == 5


def test_FR_EFFECT_1_draw_score_stun_and_bonuses_do_what_the_catalog_says():
    g = position({"spaces": ["Ox", None, None], "hand": ["Insight", "Grab", "Snare"], "inventory": ["Blank"] * 3,
                  "deck": ["Lantern", "Ember", "Mouse", "Blank", "Blank"]},
                 {"spaces": ["Giant", None, None], "deck": ["Blank"] * 3})
    act(g, "attack", (0, "Ox"))
    act(g, "trick", (0, "Insight"))
    assert names(g, g.seats[0].hand)[-2:] == ["Lantern", "Ember"]
    act(g, "trick", (0, "Grab"))
    assert names(g, g.seats[0].piles[0]) == ["Mouse"]
    act(g, "trick", (0, "Snare"))
    assert g.b_stun[0]
    assert g.decision == GO or g.active == 1               # the battle resolved: Ox lost to Giant
    assert g.seats[1].spaces[0].stunned or g.seats[1].spaces[0].zapped


def test_FR_TRAIT_1_an_effect_with_a_trait_needs_a_battling_creature_with_that_trait():
    for attacker, wins in (("Goblin", True), ("Ox", False)):
        g = position({"spaces": [attacker, None, None], "hand": ["War Cry"], "inventory": ["Blank"],
                      "deck": ["Blank"] * 3},
                     {"spaces": ["Nirvi", None, None], "deck": ["Blank"] * 3})
        act(g, "attack", (0, attacker))                    # 3 (+3 for a Goblin) against 5
        act(g, "trick", (0, "War Cry"))                    # paid either way
        assert g.seats[0].stars == 0
        g.apply(PASS) if g.decision == TRICKS else None
        assert (g.seats[1].spaces[0] is None) == wins
    push = CATALOG["Insight"]
    with pytest.raises(CatalogError, match="FR-TRAIT-1"):
        compile_card(replace(push, fields={**push.fields, "effects": [{"do": "draw", "n": 1, "trait": "Goblin"}]}))


def test_FR_DECK_1_an_empty_deck_is_refilled_from_the_shuffled_discard_pile():
    g = position({"spaces": ["Ox", None, None], "discard": ["Lantern", "Ember", "Mouse"], "deck": []})
    act(g, "hunt", (0, "Ox"))
    assert g.seats[0].discard == [] and len(g.seats[0].deck) == 2 and g.seats[0].scored == 1


def test_FR_DECK_2_with_no_deck_and_no_discard_nothing_is_drawn_scored_or_flipped():
    g = position({"spaces": ["Ox", "Twin", None], "deck": []},
                 {"spaces": [None, "Mouse", None], "deck": ["Blank"]})
    act(g, "hunt", (0, "Ox"))
    assert g.seats[0].scored == 0
    act(g, "attack", (0, "Twin"))                          # flips nothing: 3 + 0, no power-up, against 1
    assert g.seats[1].spaces[1] is None and g.fired[iid(g, 0, "Twin")] == 0
    assert g.seats[0].scored == 0                          # the win's score finds no card either


def test_FR_WIN_1_twelve_scored_cards_win_at_once_even_mid_battle():
    g = position({"spaces": ["Ox", None, None], "piles": [11, 0, 0], "deck": ["Blank"] * 3},
                 {"spaces": [None, None, None], "deck": ["Blank"] * 3})
    act(g, "hunt", (0, "Ox"))
    assert g.is_terminal() and g.outcome.winner == "a" and g.outcome.end_reason == "score"
    # the attacker's power-up scores the twelfth card before the defender flips
    g = position({"spaces": ["Twin", None, None], "piles": [11, 0, 0], "deck": ["Ember", "Blank", "Blank"]},
                 {"spaces": ["Giant", None, None], "piles": [11, 0, 0], "deck": ["Ember"] * 3})
    act(g, "attack", (0, "Twin"))
    assert g.outcome.winner == "a" and len(g.seats[1].deck) == 3
    with pytest.raises(IllegalAction, match="over"):
        g.apply(PASS)


def test_FR_CAP_1_a_game_still_running_after_200_turns_is_a_draw():
    da = deck40("Blank")                                   # nothing can ever score
    g = new_game(da, da, 1)
    while not g.is_terminal():
        g.apply(PASS if g.decision != MULLIGAN else Action("keep"))
    assert g.outcome.end_reason == "turn-cap" and g.outcome.winner == "draw" and g.outcome.turns == 200
    g = new_game(da, da, 1, turn_cap=7)
    while not g.is_terminal():
        g.apply(g.legal_actions()[0])
    assert g.outcome.turns == 7


def test_FR_PASS_1_a_decision_whose_only_action_is_pass_is_skipped():
    g = position({"spaces": ["Ox", None, None], "deck": ["Blank"] * 3},
                 {"spaces": ["Mouse", None, None], "deck": ["Blank"] * 3})
    act(g, "attack", (0, "Ox"))                            # nobody has a trick or a star: straight to the flips
    assert g.seats[1].spaces[0] is None
    assert g.active == 1 and g.decision in (INVENTORY, SET, GO)   # a had nothing left: b's turn
    g = position({"hand": ["Blank"], "deck": []}, {"hand": [], "deck": []}, turn=5)
    g.apply(PASS)                                          # b: empty hand, no coins, no creature
    assert g.active == 0 and g.turn == 7 and g.decision == INVENTORY   # b's turn passed by itself


def test_FR_LOG_1_card_events_scored_per_turn_and_the_final_scores():
    da = compile_deck(["Ox", "Twin", "Ember", "Push", "Blank"] * 8, CATALOG)
    from fwlab.bots.random_bot import RandomBot

    g = new_game(da, da, 9)
    bots = (RandomBot(1), RandomBot(2))
    while not g.is_terminal():
        g.apply(bots[g.decider].choose(g))
    s = summary(g)
    assert s.scores == (g.seats[0].scored, g.seats[1].scored)
    assert max(s.scores) == 12 or g.outcome.end_reason == "turn-cap"
    assert [t for t, _, _ in s.track] == list(range(1, g.turn + 1))
    assert s.track[-1][1:] == s.scores
    rows = [r for r in s.card_events if r["seat"] == "a"]
    assert {r["card"] for r in rows} == {"Ox", "Twin", "Ember", "Push", "Blank"}
    for r in s.card_events:
        assert r["damage_dealt"] == r["scored"]
        if r["deployed_turn"] is not None:
            assert r["drawn_turn"] is not None and r["drawn_turn"] <= r["deployed_turn"]
    assert sum(r["scored"] for r in s.card_events) <= sum(s.scores)
    assert sum(r["flipped"] for r in s.card_events) > 0
