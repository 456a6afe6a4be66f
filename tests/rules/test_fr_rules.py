"""The Free Realms rules (docs/rules.md, section "Free Realms"), one test or more per rule ID, each
on a position written in the positions format (docs/positions.md, "Free Realms") over the test
catalog ``fr_test_catalog.toml`` and set up by the engine registry (``load_position``): no test writes
an engine attribute. States are read back with ``position_of`` (and the card log where a rule names it)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from fwlab.catalog import CatalogError, load_catalog_from
from fwlab.rules.core import Action, IllegalAction
from fwlab.rules.engines import load_position, position_of
from fwlab.rules.freerealms.cards import compile_card, compile_deck
from fwlab.rules.freerealms.engine import summary
from fwlab.rules.freerealms.faces import keywords
from fwlab.rules.freerealms.game import MULLIGAN, Game, new_game

CATALOG_FILE = Path(__file__).with_name("fr_test_catalog.toml")
CATALOG = load_catalog_from(CATALOG_FILE, "freerealms")
PASS = Action("pass")


# ------------------------------------------------------------------ positions as text
def zapped(card: str) -> dict[str, Any]:
    return {"card": card, "zapped": True}


def stunned(card: str, zap: bool = False) -> dict[str, Any]:
    return {"card": card, "stunned": True, "zapped": zap}


def down(card: str) -> dict[str, Any]:
    """An inventory card played face down."""
    return {"card": card, "face_down": True}


def blanks(n: int) -> list[str]:
    return ["Blank"] * n


def position(a: dict[str, Any] | None = None, b: dict[str, Any] | None = None, *, active: int = 0, turn: int = 9,
             decision: str = "go", hold: bool = True, **top: Any) -> dict[str, Any]:
    """A position dict: seat a's and seat b's zones as docs/positions.md writes them (``hand``,
    ``deck`` top first, ``discard``, ``inventory``, ``spaces`` (three), ``piles`` (three lists),
    ``coins``, ``stars``), ``active`` deciding ``decision`` on ``turn`` (turn 9: the first player has
    had five turns, the other four). ``hold``: the seat that is not active and whose hand is not
    given holds one Blank, so that its next turn stops at its inventory decision (a turn without any
    decision passes by itself, FR-PASS-1)."""
    seats = [dict(a or {}), dict(b or {})]
    if hold and "hand" not in seats[1 - active]:
        seats[1 - active]["hand"] = ["Blank"]
    return {"ruleset": "fr", "turn": turn, "active": active, "decision": decision, "seats": seats, **top}


def game(a: dict[str, Any] | None = None, b: dict[str, Any] | None = None, **kw: Any) -> Game:
    return load_position(position(a, b, **kw), CATALOG)  # type: ignore[no-any-return]


def pos(g: Game) -> dict[str, Any]:
    return position_of("fr", g, deck=True)


def seat(g: Game, p: int) -> dict[str, Any]:
    return pos(g)["seats"][p]  # type: ignore[no-any-return]


def space(g: Game, p: int, col: int) -> dict[str, Any] | None:
    return seat(g, p)["spaces"][col]  # type: ignore[no-any-return]


def hand(g: Game, p: int) -> list[str]:
    return [c["card"] for c in seat(g, p)["hand"]]


def iid(g: Game, p: int, name: str, nth: int = 0) -> int:
    """The instance id of the ``nth`` copy of ``name`` that seat ``p`` owns (ids are given in the
    order the position lists the cards: hand, inventory, spaces, piles, discard, deck)."""
    return [i for i, d in enumerate(g.defs) if g.owner[i] == p and d.name == name][nth]


def _nums(g: Game, args: tuple[Any, ...]) -> list[int]:
    return [iid(g, *x) if isinstance(x, tuple) else int(x) for x in args]


def act(g: Game, kind: str, *args: Any) -> None:
    """Apply an action written with card names: ``act(g, "play", (0, "Ox"), 1)``."""
    g.apply(Action(kind, *_nums(g, args)))


def legal(g: Game, kind: str, *args: Any) -> str | None:
    """Why the action is illegal (None: legal), written as for :func:`act`."""
    return g.why_illegal(Action(kind, *_nums(g, args)))


def pass_turn(g: Game) -> None:
    p = g.active
    while not g.is_terminal() and g.active == p:
        g.apply(PASS)


def deck40(*names_: str) -> list[Any]:
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
    p = position_of("fr", g)
    assert [len(s["hand"]) for s in p["seats"]] == [6, 6] and [s["deck_size"] for s in p["seats"]] == [34, 34]
    assert (p["decision"], p["deciding"], p["turn"], p["active"]) == ("mulligan", 1, 0, 1)
    # a position before turn 1 holds exactly the opening hands
    with pytest.raises(ValueError, match=r"seats\[0\]\.hand: .*opening hand of 6"):
        game({"hand": blanks(5), "deck": blanks(10)}, {"hand": blanks(6)}, turn=0, decision="mulligan")


MULL_HAND = ["Ox", "Mouse", "Giant", "Push", "Guard", "Ember"]


def test_FR_SETUP_3_mulligan_once_each_first_player_first():
    def start(seed: int) -> Game:
        return game({"hand": blanks(6), "deck": blanks(10)}, {"hand": MULL_HAND, "deck": blanks(34)},
                    active=1, turn=0, decision="mulligan", seed=seed)

    g = start(3)
    assert g.why_illegal(PASS) is not None and pos(g)["legal_actions"] == ["keep", "mulligan"]
    g.apply("mulligan")                    # the first player (b) shuffles its hand back and draws six
    b = seat(g, 1)
    assert len(b["hand"]) == 6 and Counter(hand(g, 1) + b["deck"]) == Counter(MULL_HAND + blanks(34))
    assert pos(g)["decision"] == "mulligan" and pos(g)["deciding"] == 0   # then the second player
    g.apply("keep")
    p = pos(g)
    assert (p["turn"], p["active"], p["decision"]) == (1, 1, "inventory")
    assert g.why_illegal(Action("mulligan")) is not None  # once each, before the first turn
    # shuffled back, not put back: over seeds the new hand is rarely the old one (34 of the 40 are Blanks)
    kept = 0
    for seed in range(20):
        g = start(seed)
        g.apply("mulligan")
        kept += Counter(hand(g, 1)) == Counter(MULL_HAND)
    assert kept <= 1
    # a new game asks both, the first player first, whatever the first one chose
    for choice in ("keep", "mulligan"):
        g = new_game(deck40("Ox", "Blank"), deck40("Ox", "Blank"), 4, first=1)
        assert (pos(g)["decision"], pos(g)["deciding"]) == ("mulligan", 1)
        g.apply(choice)
        assert (pos(g)["decision"], pos(g)["deciding"], pos(g)["turn"]) == ("mulligan", 0, 0)
        g.apply("keep")
        assert (pos(g)["decision"], pos(g)["turn"], pos(g)["active"]) == ("inventory", 1, 1)
    # the second player decides second: a position may ask it, after the first player's choice
    g = game({"hand": blanks(6)}, {"hand": MULL_HAND}, active=1, turn=0, decision="mulligan", deciding=0)
    g.apply("keep")
    assert pos(g)["turn"] == 1 and pos(g)["active"] == 1


# ------------------------------------------------------------------ ready phase
def test_FR_READY_1_draw_two_each_turn_but_the_first_players_first():
    da = deck40("Ox", "Blank")
    g = new_game(da, da, 3, first=0)
    g.apply("keep")
    g.apply("keep")
    assert g.turn == 1 and len(seat(g, 0)["hand"]) == 6     # turn 1: no draw for the first player
    pass_turn(g)
    assert g.turn == 2 and len(seat(g, 1)["hand"]) == 8     # the second player draws two on its first turn
    pass_turn(g)
    assert g.turn == 3 and len(seat(g, 0)["hand"]) == 8


def test_FR_READY_2_zapped_cards_ready_then_stunned_creatures_become_zapped():
    g = game({"spaces": ["Ox", None, None]},
             {"spaces": [zapped("Mouse"), stunned("Ox"), None], "inventory": [zapped("Pylon")],
              "deck": blanks(6)})
    g.apply(PASS)                                       # a ends its turn; b's Ready phase
    b = seat(g, 1)
    assert (b["spaces"][0]["zapped"], b["spaces"][0]["stunned"]) == (False, False)
    assert (b["spaces"][1]["zapped"], b["spaces"][1]["stunned"]) == (True, False)   # stunned -> zapped
    assert b["inventory"][0]["zapped"] is False
    assert pos(g)["active"] == 1 and len(b["hand"]) == 3


# ------------------------------------------------------------------ set phase
def test_FR_INV_1_one_card_to_the_inventory_a_resource_face_up_or_any_card_face_down():
    g = game({"hand": ["Library", "Ox", "Ember"], "deck": blanks(5)}, decision="inventory")
    assert legal(g, "resource", (0, "Ox")) is not None          # a creature is not a resource
    assert legal(g, "facedown", (0, "Ox")) is None
    assert legal(g, "resource", (0, "Library")) is None
    act(g, "resource", (0, "Library"))
    assert seat(g, 0)["inventory"] == [{"id": iid(g, 0, "Library"), "card": "Library", "face_down": False,
                                        "zapped": False}]
    assert pos(g)["decision"] == "set"                          # one card only
    assert legal(g, "facedown", (0, "Ox")) is not None
    g2 = game({"hand": ["Ox"], "deck": blanks(5)}, decision="inventory")
    g2.apply(PASS)                                              # playing one is optional
    assert seat(g2, 0)["inventory"] == [] and hand(g2, 0) == ["Ox"]


def test_FR_INV_2_a_face_down_card_is_no_resource_but_makes_coins_and_stars():
    g = game({"hand": ["Ox", "Giant"], "inventory": [down("Library"), "Blank"], "deck": blanks(5)},
             {"spaces": ["Mouse", None, None], "hand": ["Guard"], "inventory": [down("Blank")]},
             decision="inventory")
    act(g, "facedown", (0, "Giant"))
    assert seat(g, 0)["coins"] == 3                             # three inventory cards, two face down
    assert "face-down" in legal(g, "coin", (0, "Library"), 0)
    act(g, "play", (0, "Ox"), 0)
    act(g, "attack", (0, "Ox"))                                 # a has nothing to play: b decides
    assert [seat(g, p)["stars"] for p in (0, 1)] == [3, 1]     # face-down cards make stars too
    assert pos(g)["deciding"] == 1


def test_FR_COIN_1_one_coin_per_inventory_card_and_unspent_coins_are_lost():
    g = game({"hand": ["Mouse", "Ox", "Giant"], "inventory": ["Blank", down("Blank"), "Ember"],
              "deck": blanks(5)}, decision="inventory")
    g.apply(PASS)
    assert pos(g)["decision"] == "set" and seat(g, 0)["coins"] == 3
    act(g, "play", (0, "Mouse"), 0)
    assert seat(g, 0)["coins"] == 2
    g.apply(PASS)
    assert pos(g)["decision"] == "go" and seat(g, 0)["coins"] == 0


def test_FR_SET_1_creatures_cost_coins_and_act_the_turn_they_are_played():
    g = game({"hand": ["Ox", "Giant", "Mouse"], "inventory": blanks(2), "deck": blanks(5)}, decision="set")
    assert "costs 5 coins" in legal(g, "play", (0, "Giant"), 0)
    act(g, "play", (0, "Ox"), 1)
    assert space(g, 0, 1)["card"] == "Ox" and seat(g, 0)["coins"] == 1
    g.apply(PASS)
    assert pos(g)["decision"] == "go"
    act(g, "hunt", (0, "Ox"))                         # no summoning sickness
    assert seat(g, 0)["scored"] == 1


def test_FR_SPACE_1_three_columns_one_space_each():
    g = game({"hand": ["Ox"], "inventory": blanks(3), "deck": blanks(5)}, decision="set")
    assert legal(g, "play", (0, "Ox"), 3) is not None
    assert legal(g, "play", (0, "Ox"), -1) is not None
    assert all(legal(g, "play", (0, "Ox"), c) is None for c in range(3))
    with pytest.raises(ValueError, match=r"seats\[0\]\.spaces: a seat has 3 spaces"):
        game({"spaces": ["Ox", None, None, "Ox"]})


def test_FR_CHASE_1_playing_onto_your_own_creature_chases_it_to_the_discard_pile():
    g = game({"hand": ["Ox"], "inventory": ["Blank"], "spaces": ["Mouse", None, None],
              "piles": [blanks(2), [], []], "deck": blanks(5)}, decision="set")
    act(g, "play", (0, "Ox"), 0)
    a = seat(g, 0)
    assert a["discard"] == ["Mouse"] and a["spaces"][0]["card"] == "Ox"
    assert g.killed_turn[iid(g, 0, "Mouse")] == -1       # chased, not destroyed
    assert a["piles"][0] == blanks(2) and a["scored"] == 2


def test_FR_HERO_1_no_second_hero_of_a_name_you_have_in_play():
    g = game({"hand": ["Nirvi", "Mouse"], "inventory": blanks(4), "spaces": ["Nirvi", None, None],
              "deck": blanks(5)}, {"spaces": [None, "Nirvi", None]}, decision="set")
    assert "Hero named Nirvi" in legal(g, "play", (0, "Nirvi", 0), 1)
    assert "Hero named Nirvi" in legal(g, "play", (0, "Nirvi", 0), 0)  # not even by chasing it
    g2 = game({"hand": ["Nirvi"], "inventory": blanks(4), "deck": blanks(5)}, {"spaces": [None, "Nirvi", None]},
              decision="set")
    assert legal(g2, "play", (0, "Nirvi"), 1) is None                  # the opponent's does not block
    with pytest.raises(ValueError, match=r"seats\[0\]\.spaces\[2\]: a second Hero named Nirvi"):
        game({"spaces": ["Nirvi", None, "Nirvi"]})


def test_FR_COIN_2_coin_actions_in_the_set_phase_pay_their_costs():
    g = game({"hand": ["Giant"], "inventory": ["Library", "Blank", "Pylon"], "deck": ["Ox", "Blank"]},
             decision="set")
    assert seat(g, 0)["coins"] == 3
    act(g, "coin", (0, "Library"), 0)
    assert seat(g, 0)["coins"] == 1 and hand(g, 0) == ["Giant", "Ox"]
    assert "costs 2 coins" in legal(g, "coin", (0, "Library"), 0)
    assert "during a battle" in legal(g, "coin", (0, "Pylon"), 0)
    lib = CATALOG["Library"]
    with pytest.raises(CatalogError, match="FR-COIN-2"):
        compile_card(replace(lib, fields={**lib.fields, "effects": [{"do": "attack", "n": 1, "coins": 1}]}))


def test_FR_ZAP_1_only_a_ready_card_can_be_zapped():
    g = game({"spaces": [zapped("Ox"), "Mouse", None], "inventory": [zapped("Pylon")], "deck": blanks(5)})
    assert "ready" in legal(g, "hunt", (0, "Ox"))
    assert legal(g, "hunt", (0, "Mouse")) is None
    g2 = game({"spaces": ["Ox", None, None], "deck": blanks(5)},
              {"spaces": ["Ox", None, None], "inventory": [zapped("Pylon"), "Blank"], "hand": ["Guard"],
               "deck": blanks(5)})
    act(g2, "attack", (0, "Ox"))
    assert pos(g2)["decision"] == "tricks" and pos(g2)["deciding"] == 1
    assert "ready" in legal(g2, "star", (1, "Pylon"), 0)
    assert legal(g2, "trick", (1, "Guard")) is None


# ------------------------------------------------------------------ go phase
def test_FR_GO_1_each_ready_creature_hunts_or_attacks_once_and_the_first_player_may_attack_on_turn_1():
    # turn 1: the second player has had no turn (its opening hand and deck only)
    g = game({"spaces": [None, "Mouse", None], "inventory": ["Blank"], "deck": blanks(5)},
             {"hand": blanks(6), "deck": blanks(5)}, turn=1)
    assert pos(g)["legal_actions"] == [f"hunt {iid(g, 0, 'Mouse')}", "pass"]   # it goes on turn 1
    act(g, "hunt", (0, "Mouse"))
    assert space(g, 0, 1)["zapped"] is True and seat(g, 0)["scored"] == 1
    assert legal(g, "hunt", (0, "Mouse")) is not None    # zapped: once a turn
    assert pos(g)["active"] == 1                          # nothing left to do: the turn ended by itself
    # and attack: the second player's creature played on turn 2, attacked on turn 3
    g = game({"spaces": ["Ox", None, None], "deck": blanks(5)}, {"spaces": ["Mouse", None, None]}, turn=3)
    assert legal(g, "attack", (0, "Ox")) is None and legal(g, "hunt", (0, "Ox")) is not None


def test_FR_HUNT_1_a_creature_without_a_foe_or_facing_a_stunned_one_scores_by_hunting():
    g = game({"spaces": ["Ox", "Mouse", "Goblin"], "deck": ["Ember", "Lantern", "Blank"]},
             {"spaces": ["Giant", stunned("Ox"), None]})
    assert "foe" in legal(g, "hunt", (0, "Ox"))
    act(g, "hunt", (0, "Goblin"))                         # no foe
    assert seat(g, 0)["piles"][2] == ["Ember"]           # the top card, to its column's pile
    act(g, "hunt", (0, "Mouse"))                          # its foe is stunned: it hunts past it
    assert seat(g, 0)["piles"][1] == ["Lantern"] and seat(g, 0)["scored"] == 2


# ------------------------------------------------------------------ battles
def test_FR_BATTLE_1_attacking_zaps_the_attacker_and_needs_a_foe_that_is_not_stunned():
    g = game({"spaces": ["Ox", "Mouse", "Goblin"], "hand": ["Push"], "inventory": ["Blank"], "deck": blanks(5)},
             {"spaces": ["Giant", stunned("Ox"), None], "deck": blanks(5)})
    assert "no foe" in legal(g, "attack", (0, "Goblin"))
    assert "stunned" in legal(g, "attack", (0, "Mouse"))
    act(g, "attack", (0, "Ox"))
    p = pos(g)
    assert p["seats"][0]["spaces"][0]["zapped"] is True
    assert (p["decision"], p["deciding"]) == ("tricks", 0)        # the attacker plays tricks first
    assert (p["battle"]["attacker"], p["battle"]["defender"]) == (iid(g, 0, "Ox"), iid(g, 1, "Giant"))


def test_FR_STAR_1_stars_from_every_inventory_card_at_the_start_of_each_battle():
    g = game({"spaces": ["Ox", None, None], "hand": ["Push", "Big Push"], "inventory": ["Blank", down("Blank")],
              "deck": blanks(5)},
             {"spaces": ["Ox", None, None], "hand": ["Guard"], "inventory": ["Blank"], "deck": blanks(5)})
    act(g, "attack", (0, "Ox"))
    assert [seat(g, p)["stars"] for p in (0, 1)] == [2, 1]
    assert "costs 4 stars" in legal(g, "trick", (0, "Big Push"))
    act(g, "trick", (0, "Push"))
    assert seat(g, 0)["stars"] == 1 and pos(g)["deciding"] == 1
    g.apply(PASS)              # b passes; a cannot pay Big Push with 1 star: its pass is automatic, the cards flip
    assert pos(g)["decision"] != "tricks" and [seat(g, p)["stars"] for p in (0, 1)] == [0, 0]  # unspent: lost


def test_FR_TRICK_1_tricks_alternate_from_the_attacker_until_two_passes_in_a_row():
    g = game({"spaces": ["Ox", None, None], "hand": ["Push", "Push"], "inventory": blanks(3), "deck": blanks(5)},
             {"spaces": ["Ox", None, None], "hand": ["Guard", "Guard"], "inventory": blanks(3), "deck": blanks(5)})
    act(g, "attack", (0, "Ox"))
    assert pos(g)["deciding"] == 0
    act(g, "trick", (0, "Push", 0))
    assert pos(g)["deciding"] == 1
    g.apply(PASS)
    assert pos(g)["deciding"] == 0 and pos(g)["decision"] == "tricks"   # one pass is not two in a row
    assert pos(g)["battle"]["passed"] == 1
    act(g, "trick", (0, "Push", 1))
    assert pos(g)["deciding"] == 1 and pos(g)["battle"]["passed"] == 0
    act(g, "trick", (1, "Guard", 0))
    assert pos(g)["deciding"] == 1                 # a has no trick left: its pass is automatic
    g.apply(PASS)                                  # b passes too: two in a row, the cards are flipped
    assert pos(g)["decision"] != "tricks"
    # 3 + 4 against 3 + 2: the attacker won and scored
    assert space(g, 1, 0) is None and seat(g, 0)["scored"] == 1


def test_FR_TRICK_2_a_tricks_effects_happen_in_order_and_tricks_are_discarded_after_the_battle():
    g = game({"spaces": ["Ox", None, None], "hand": ["Truce"], "inventory": ["Blank"], "deck": ["Lantern", "Blank"]},
             {"spaces": ["Ox", None, None], "deck": blanks(5)})
    act(g, "attack", (0, "Ox"))
    act(g, "trick", (0, "Truce"))                          # end this battle, then draw a card
    assert hand(g, 0) == ["Lantern"]
    assert seat(g, 0)["discard"] == ["Truce"] and pos(g)["decision"] != "tricks"
    # Gamble draws a card, then scores one: the top card goes to the hand, the next to the pile
    g = game({"spaces": ["Ox", None, None], "hand": ["Gamble"], "inventory": ["Blank"],
              "deck": ["Lantern", "Ember", "Blank", "Blank"]},
             {"spaces": ["Ox", None, None], "hand": ["Guard"], "inventory": ["Blank"], "deck": blanks(5)})
    act(g, "attack", (0, "Ox"))
    act(g, "trick", (0, "Gamble"))
    assert hand(g, 0) == ["Lantern"] and seat(g, 0)["piles"][0] == ["Ember"]
    assert pos(g)["battle"]["cards"] == [{"seat": 0, "id": iid(g, 0, "Gamble"), "card": "Gamble"}]  # until the end


def test_FR_STAR_2_star_actions_during_a_battle_by_either_player():
    g = game({"spaces": ["Ox", None, None], "hand": ["Mouse"], "inventory": ["Pylon"], "deck": blanks(5)},
             {"spaces": ["Ox", None, None], "inventory": ["Pylon", "Blank"], "deck": blanks(5)}, decision="set")
    assert "during a battle" in legal(g, "coin", (0, "Pylon"), 0)
    g.apply(PASS)
    act(g, "attack", (0, "Ox"))
    assert pos(g)["deciding"] == 0                         # a may use its Pylon: it decides first
    g.apply(PASS)
    assert pos(g)["deciding"] == 1
    act(g, "star", (1, "Pylon"), 0)                        # 1 star, zap: +1 defense
    b = seat(g, 1)
    assert b["inventory"][0]["zapped"] is True and b["stars"] == 1
    assert pos(g)["deciding"] == 0 and pos(g)["battle"]["defense_bonus"] == 1   # a may still use its own
    g.apply(PASS)                                          # a passes, b has no play left: passes by itself
    assert pos(g)["decision"] != "tricks"
    assert space(g, 0, 0) is None and space(g, 1, 0) is not None   # 3 against 4: a lost


def test_FR_FLIP_1_the_attacker_flips_then_the_defender_and_gems_are_added():
    g = game({"spaces": ["Ox", None, None], "deck": ["Ember", "Blank"]},
             {"spaces": ["Ox", None, None], "deck": ["Lantern"] + blanks(5)})
    act(g, "attack", (0, "Ox"))                            # 3 + 2 gems against 3 + 1 gem
    assert space(g, 1, 0) is None
    assert seat(g, 0)["discard"] == ["Ember"] and seat(g, 1)["discard"] == ["Ox", "Lantern"]
    assert seat(g, 0)["piles"][0] == ["Blank"]            # the win scored a card


def test_FR_POWERUP_1_every_matching_power_up_fires_in_printed_order_before_the_gems_count():
    # Twin: chaos +2 attack, chaos score 1, chaos draw 1. Ember has chaos gems.
    g = game({"spaces": ["Twin", None, None], "deck": ["Ember", "Lantern", "Blank", "Mouse"]},
             {"spaces": ["Nirvi", None, None], "deck": blanks(3)})
    act(g, "attack", (0, "Twin"))                          # 3 + 2 + 2 gems = 7 > 5 (without the +2: a tie)
    assert hand(g, 0) == ["Blank"]                         # the power-ups scored Lantern, then drew Blank ...
    assert seat(g, 0)["piles"][0] == ["Lantern", "Mouse"]  # ... and the win scored the next card
    assert space(g, 1, 0) is None and space(g, 0, 0)["card"] == "Twin"
    assert g.fired[iid(g, 0, "Twin")] == 3
    # an order flip matches no chaos power-up: 3 + 1 gem = 4 > 3, and the only card scored is the win's
    g = game({"spaces": ["Twin", None, None], "deck": ["Lantern", "Blank", "Mouse"]},
             {"spaces": ["Ox", None, None], "deck": blanks(3)})
    act(g, "attack", (0, "Twin"))
    assert hand(g, 0) == [] and seat(g, 0)["piles"][0] == ["Blank"] and g.fired[iid(g, 0, "Twin")] == 0


def test_FR_POWERUP_2_a_flipped_heros_gems_match_every_sphere():
    # b attacks: Ox 3 + 1 (Nirvi's one nature gem) against Bulwark 3 + a Blank (no gem, no chaos)
    g = game({"spaces": ["Bulwark", None, None], "deck": blanks(3)},
             {"spaces": ["Ox", None, None], "deck": ["Nirvi", "Blank"]}, active=1)
    act(g, "attack", (1, "Ox"))
    assert space(g, 0, 0) is None and g.fired[iid(g, 0, "Bulwark")] == 0
    # a Hero flipped by Bulwark fires its chaos power-up: 3 + 1 against 3 + 2 + 1
    g = game({"spaces": ["Ox", None, None], "deck": ["Nirvi", "Blank"]},
             {"spaces": ["Bulwark", None, None], "deck": ["Nirvi", "Blank"]})
    act(g, "attack", (0, "Ox"))
    assert space(g, 0, 0) is None and g.fired[iid(g, 1, "Bulwark")] == 1


def test_FR_BATTLE_2_the_higher_total_wins_the_loser_is_destroyed_and_a_tie_destroys_both():
    g = game({"spaces": ["Ox", "Mouse", None], "deck": blanks(4)}, {"spaces": ["Ox", "Giant", None], "deck": blanks(4)})
    act(g, "attack", (0, "Ox"))                            # 3 against 3: a tie
    assert space(g, 0, 0) is None and space(g, 1, 0) is None
    assert g.killed_turn[iid(g, 0, "Ox")] > 0 and g.killed_turn[iid(g, 1, "Ox")] > 0
    act(g, "attack", (0, "Mouse"))                         # 1 against 8
    assert space(g, 0, 1) is None and space(g, 1, 1)["card"] == "Giant"
    assert seat(g, 1)["scored"] == 0 and seat(g, 0)["scored"] == 0   # a defender that wins scores nothing


def test_FR_BATTLE_3_the_attacker_that_wins_scores_and_the_battle_cards_are_discarded():
    g = game({"spaces": [None, "Giant", None], "hand": ["Push"], "inventory": ["Blank"], "deck": ["Ember", "Lantern"]},
             {"spaces": [None, "Ox", None], "deck": blanks(3)})
    act(g, "attack", (0, "Giant"))
    act(g, "trick", (0, "Push"))                           # b, then a, have no play left: automatic passes
    assert pos(g)["decision"] != "tricks"
    assert seat(g, 0)["piles"][1] == ["Lantern"]           # scored to the attacker's column
    assert sorted(seat(g, 0)["discard"]) == ["Ember", "Push"]


def test_FR_BATTLE_3_the_winner_scores_before_the_battle_cards_are_discarded():
    # a's flip takes its last card and its discard pile is empty, so its deck stays empty (FR-DECK-1). The
    # winning Giant scores first and finds no card (RULINGS round three); only then are Push and the flipped
    # Ember discarded. Discarding first would rebuild the deck from the battle's own cards and score one.
    g = game({"spaces": [None, "Giant", None], "hand": ["Push"], "inventory": ["Blank"], "deck": ["Ember"]},
             {"spaces": [None, "Ox", None], "deck": blanks(3)})
    act(g, "attack", (0, "Giant"))
    act(g, "trick", (0, "Push"))                           # 8 + 2 + 2 gems against 3: a wins
    a = seat(g, 0)
    assert space(g, 1, 1) is None and pos(g)["active"] == 1   # the battle is over, a's turn too
    assert (a["scored"], a["piles"][1], a["deck"]) == (0, [], [])
    assert sorted(a["discard"]) == ["Ember", "Push"]
    # with a discard pile, the deck rebuilt when the flip emptied it gives the winner its card: Lantern,
    # never the trick or the flipped card
    for seed in range(8):
        g = game({"spaces": [None, "Giant", None], "hand": ["Push"], "inventory": ["Blank"], "deck": ["Ember"],
                  "discard": ["Lantern"]}, {"spaces": [None, "Ox", None], "deck": blanks(3)}, seed=seed)
        act(g, "attack", (0, "Giant"))
        act(g, "trick", (0, "Push"))
        a = seat(g, 0)
        assert (a["piles"][1], a["deck"], sorted(a["discard"])) == (["Lantern"], [], ["Ember", "Push"])


def test_FR_DESTROY_1_a_destroyed_creature_goes_to_its_owners_discard_pile():
    g = game({"spaces": ["Mouse", None, None], "deck": blanks(3)}, {"spaces": ["Ox", None, None], "deck": blanks(5)})
    act(g, "attack", (0, "Mouse"))                         # 1 + 0 against 3 + 0
    # the loser is destroyed first, then the battle's cards (its flip) are discarded (FR-BATTLE-3)
    assert seat(g, 0)["discard"] == ["Mouse", "Blank"] and seat(g, 1)["discard"] == ["Blank"]
    assert g.killed_turn[iid(g, 0, "Mouse")] > 0


def test_FR_DESTROY_2_a_creature_removed_mid_battle_leaves_the_other_the_winner():
    g = game({"spaces": ["Ox", "Ox", None], "hand": ["Zap Bolt", "Zap Bolt"], "inventory": blanks(2),
              "deck": ["Ember", "Blank", "Blank"]},
             {"spaces": ["Stunner", "Giant", None], "deck": blanks(3)})
    act(g, "attack", (0, "Ox", 0))
    act(g, "trick", (0, "Zap Bolt", 0))                    # Stunner costs 2: destroyed at once
    assert pos(g)["decision"] == "go" and space(g, 1, 0) is None
    assert seat(g, 0)["piles"][0] == ["Ember"]             # the attacker won: it scored, nothing was flipped
    act(g, "attack", (0, "Ox", 1))
    act(g, "trick", (0, "Zap Bolt", 1))                    # Giant costs 5: nothing happens
    assert space(g, 1, 1)["card"] == "Giant"
    # a defender's removal trick: the attacker is destroyed and nobody scores
    g = game({"spaces": ["Mouse", None, None], "deck": blanks(3)},
             {"spaces": ["Ox", None, None], "hand": ["Zap Bolt"], "inventory": blanks(2), "deck": blanks(3)})
    act(g, "attack", (0, "Mouse"))
    act(g, "trick", (1, "Zap Bolt"))
    assert space(g, 0, 0) is None and seat(g, 1)["scored"] == 0 and pos(g)["decision"] != "tricks"
    # a face-down resource action that destroys (Altar: destroy a foe that costs 1 or less)
    g = game({"spaces": ["Mouse", None, None], "deck": blanks(3)},
             {"spaces": ["Giant", None, None], "inventory": ["Altar"], "deck": blanks(3)}, active=1)
    act(g, "attack", (1, "Giant"))
    act(g, "star", (1, "Altar"), 0)
    b = seat(g, 1)
    assert b["inventory"][0]["face_down"] is True and space(g, 0, 0) is None and b["scored"] == 1


def test_FR_END_BATTLE_1_ending_a_battle_leaves_no_winner_no_loser_and_no_score():
    g = game({"spaces": ["Giant", None, None], "deck": blanks(3)},
             {"spaces": ["Mouse", None, None], "hand": ["Truce"], "inventory": ["Blank"], "deck": blanks(5)})
    act(g, "attack", (0, "Giant"))
    act(g, "trick", (1, "Truce"))
    assert space(g, 0, 0)["card"] == "Giant" and space(g, 1, 0)["card"] == "Mouse"
    assert seat(g, 0)["scored"] == 0 and len(seat(g, 0)["deck"]) == 3    # nothing flipped
    # Truce's draw still happened; a's Giant is zapped, so its turn ended: b's Ready phase drew two
    p = pos(g)
    assert (p["active"], p["decision"]) == (1, "inventory") and len(p["seats"][1]["hand"]) == 3
    assert p["seats"][1]["discard"] == ["Truce"]


def test_FR_STUN_1_a_stunned_creature_neither_attacks_nor_hunts_nor_is_attacked():
    # on its owner's turn a creature is stunned when a battle it attacked in ends, so it is zapped too
    g = game({"spaces": [stunned("Ox", zap=True), "Ox", None], "deck": blanks(3)},
             {"spaces": [None, stunned("Ox"), None], "deck": blanks(3)})
    assert "stunned" in legal(g, "hunt", (0, "Ox", 0))
    assert "stunned" in legal(g, "attack", (0, "Ox", 0))
    assert "stunned" in legal(g, "attack", (0, "Ox", 1))   # a stunned foe cannot be attacked ...
    assert legal(g, "hunt", (0, "Ox", 1)) is None          # ... foes hunt past it
    assert pos(g)["legal_actions"] == [f"hunt {iid(g, 0, 'Ox', 1)}", "pass"]


def test_FR_STUN_2_a_stun_lands_when_the_battle_ends_and_lasts_to_its_owners_next_ready_phase():
    g = game({"spaces": ["Stunner", None, None], "hand": ["Blank"], "deck": ["Ember", "Blank"]},
             {"spaces": ["Giant", None, None], "deck": blanks(8)})
    act(g, "attack", (0, "Stunner"))                       # chaos flip: the foe is stunned; Stunner loses
    assert space(g, 0, 0) is None
    assert pos(g)["active"] == 1                           # a had nothing left: b's turn
    giant = space(g, 1, 0)
    assert (giant["zapped"], giant["stunned"]) == (True, False)   # b's Ready phase: stunned -> zapped
    g.apply(PASS)                  # b passes its inventory: nothing to pay for, its only creature zapped
    assert pos(g)["active"] == 0 and seat(g, 1)["scored"] == 0    # so its Go phase never came
    pass_turn(g)
    p = pos(g)
    assert p["active"] == 1 and (p["seats"][1]["spaces"][0]["zapped"], p["seats"][1]["spaces"][0]["stunned"]) == \
        (False, False)
    # a trick's stun on a foe that loses does nothing (it is no longer in play)
    g = game({"spaces": ["Giant", None, None], "hand": ["Snare"], "inventory": ["Blank"], "deck": blanks(3)},
             {"spaces": ["Ox", "Ox", None], "deck": blanks(3)})
    act(g, "attack", (0, "Giant"))
    act(g, "trick", (0, "Snare"))
    assert space(g, 1, 0) is None and space(g, 0, 0)["stunned"] is False and space(g, 1, 1)["stunned"] is False


def test_FR_SCORE_1_a_scored_card_is_the_top_of_your_deck_face_down_in_the_columns_pile():
    g = game({"spaces": [None, None, "Ox"], "deck": ["Lantern", "Ember"]})
    act(g, "hunt", (0, "Ox"))
    assert seat(g, 0)["piles"][2] == ["Lantern"] and seat(g, 0)["deck"] == ["Ember"]


def test_FR_SCORE_2_score_piles_belong_to_the_column_and_keep_counting():
    g = game({"spaces": ["Mouse", None, None], "hand": ["Collector", "Blank"], "inventory": blanks(2),
              "piles": [blanks(2), [], []], "deck": blanks(4)},
             {"spaces": ["Ox", None, None], "deck": blanks(4)})
    act(g, "attack", (0, "Mouse"))                         # Mouse dies, its column keeps the pile
    assert seat(g, 0)["scored"] == 2 and seat(g, 0)["piles"][0] == blanks(2)
    pass_turn(g)                                           # b's turn
    assert pos(g)["active"] == 0 and pos(g)["decision"] == "inventory"
    act(g, "resource", (0, "Blank", 0))                    # three inventory cards: three coins
    act(g, "play", (0, "Collector"), 0)
    assert space(g, 0, 0)["attack"] == 5                  # the new creature collects from that pile


def test_FR_COLLECT_1_collect_text_while_the_pile_holds_n_cards():
    g = game({"spaces": ["Collector", "Warden", "Hunter"], "piles": [["Blank"], blanks(2), ["Blank"]],
              "deck": blanks(5)})
    assert space(g, 0, 0)["attack"] == 3 and space(g, 0, 1)["defense"] == 5
    act(g, "hunt", (0, "Hunter"))                          # Collect 1: one more card when it hunts
    assert len(seat(g, 0)["piles"][2]) == 3
    act(g, "hunt", (0, "Collector"))
    assert space(g, 0, 0)["attack"] == 5


def test_FR_RALLY_1_rally_text_while_the_opponent_has_scored_n_more_cards():
    def with_lead(lead: int) -> Game:   # b has scored ``lead`` cards, a none; Underdog has n = 2
        return game({"spaces": ["Underdog", None, None], "deck": blanks(4)},
                    {"spaces": ["Ox", None, None], "piles": [[], blanks(lead), []], "deck": blanks(4)})
    for lead, stats in ((0, (3, 3)), (1, (3, 3)), (2, (6, 5)), (3, (6, 5))):
        s = space(with_lead(lead), 0, 0)
        assert (s["attack"], s["defense"]) == stats, lead
    # the battle reads it: 3 against Ox's 3 ties (both destroyed); with the rally 6 wins and scores
    tie, rally = with_lead(1), with_lead(2)
    act(tie, "attack", (0, "Underdog"))
    assert space(tie, 0, 0) is None and space(tie, 1, 0) is None and seat(tie, 0)["scored"] == 0
    act(rally, "attack", (0, "Underdog"))
    assert space(rally, 0, 0)["card"] == "Underdog" and space(rally, 1, 0) is None and seat(rally, 0)["scored"] == 1
    # ... and it is a "while": the card scored brings a within 1 of b, so the rally is off again
    assert space(rally, 0, 0)["attack"] == 3
    # the opponent's rally is not this creature's: b's Ox has no rally text and stays 3/3 when behind
    g = game({"spaces": ["Underdog", None, None], "piles": [blanks(3), [], []], "deck": blanks(4)},
             {"spaces": ["Ox", None, None], "deck": blanks(4)})
    assert (space(g, 1, 0)["attack"], space(g, 0, 0)["attack"]) == (3, 3)
    dog = CATALOG["Underdog"]
    assert "Rally (2 behind): +3 attack, +2 defense" in keywords(dog)   # the card face says it
    for bad in ({}, {"attack": 0}, {"n": 0, "attack": 1}, {"attack": 1, "hunt": 1}):
        with pytest.raises(CatalogError, match="rally"):
            compile_card(replace(dog, fields={**dog.fields, "rally": bad}))


def test_FR_EFFECT_1_draw_score_stun_and_bonuses_do_what_the_catalog_says():
    g = game({"spaces": ["Ox", None, None], "hand": ["Insight", "Grab", "Snare"], "inventory": blanks(3),
              "deck": ["Lantern", "Ember", "Mouse", "Blank", "Blank"]},
             {"spaces": ["Giant", None, None], "deck": blanks(3)})
    act(g, "attack", (0, "Ox"))
    act(g, "trick", (0, "Insight"))
    assert hand(g, 0)[-2:] == ["Lantern", "Ember"]
    act(g, "trick", (0, "Grab"))
    assert seat(g, 0)["piles"][0] == ["Mouse"]
    assert pos(g)["battle"]["stun_defender"] is False
    act(g, "trick", (0, "Snare"))              # no star left, b has nothing: the cards flip, Ox loses to Giant
    p = pos(g)
    assert space(g, 0, 0) is None and (p["active"], p["decision"]) == (1, "inventory")
    # the Giant defended (it was not zapped by it); the stun landed, and b's Ready phase turned it into a zap
    assert (p["seats"][1]["spaces"][0]["zapped"], p["seats"][1]["spaces"][0]["stunned"]) == (True, False)


def test_FR_TRAIT_1_an_effect_with_a_trait_needs_a_battling_creature_with_that_trait():
    for attacker, bonus in (("Goblin", 3), ("Ox", 0)):
        g = game({"spaces": [attacker, None, None], "hand": ["War Cry"], "inventory": ["Blank"], "deck": blanks(3)},
                 {"spaces": ["Nirvi", None, None], "hand": ["Guard"], "inventory": ["Blank"], "deck": blanks(3)})
        act(g, "attack", (0, attacker))                    # 3 (+3 for a Goblin) against 5
        act(g, "trick", (0, "War Cry"))                    # paid and played either way
        p = pos(g)
        assert p["deciding"] == 1 and p["seats"][0]["stars"] == 0 and p["battle"]["attack_bonus"] == bonus
        assert p["battle"]["cards"] == [{"seat": 0, "id": iid(g, 0, "War Cry"), "card": "War Cry"}]
        g.apply(PASS)                                      # b passes, a has no star left: the cards flip
        assert pos(g)["decision"] != "tricks"
        assert (space(g, 1, 0) is None) == (bonus > 0) and (space(g, 0, 0) is None) == (bonus == 0)
    push = CATALOG["Insight"]
    with pytest.raises(CatalogError, match="FR-TRAIT-1"):
        compile_card(replace(push, fields={**push.fields, "effects": [{"do": "draw", "n": 1, "trait": "Goblin"}]}))


def test_FR_DECK_1_an_empty_deck_is_refilled_from_the_shuffled_discard_pile():
    g = game({"spaces": ["Ox", None, None], "discard": ["Lantern", "Ember", "Mouse"], "deck": []})
    act(g, "hunt", (0, "Ox"))
    a = seat(g, 0)
    assert a["discard"] == [] and len(a["deck"]) == 2 and a["scored"] == 1
    assert Counter(a["deck"] + a["piles"][0]) == Counter(["Lantern", "Ember", "Mouse"])


def test_FR_DECK_1_the_deck_is_rebuilt_the_moment_it_runs_out_from_the_discard_pile_as_it_is_then():
    # the hunt scores a's last card: at once the discard pile becomes the new deck (nothing waits for a draw)
    g = game({"spaces": ["Ox", "Mouse", None], "discard": ["Ember", "Giant"], "deck": ["Lantern"]},
             {"spaces": [None, "Ox", None], "deck": blanks(3)})
    act(g, "hunt", (0, "Ox"))
    a = seat(g, 0)
    assert a["piles"][0] == ["Lantern"] and sorted(a["deck"]) == ["Ember", "Giant"] and a["discard"] == []
    # cards discarded after that stay in the discard pile: the Mouse and its flip (Ember or Giant) lose to
    # b's Ox and are discarded; the new deck holds only the card the flip left
    act(g, "attack", (0, "Mouse"))
    a = seat(g, 0)
    assert len(a["deck"]) == 1 and a["deck"][0] in ("Ember", "Giant") and a["discard"][0] == "Mouse"
    assert sorted(a["deck"] + a["discard"]) == ["Ember", "Giant", "Mouse"]
    # a draw that empties the deck rebuilds it too: b's Ready phase draws its last two cards
    g = game({"hand": ["Blank"]}, {"hand": ["Blank"], "deck": ["Lantern", "Ember"],
                                   "discard": ["Mouse", "Giant", "Push"]}, decision="inventory")
    g.apply(PASS)                                          # a has nothing to do: b draws Lantern and Ember
    b = seat(g, 1)
    assert sorted(hand(g, 1)) == ["Blank", "Ember", "Lantern"]
    assert sorted(b["deck"]) == ["Giant", "Mouse", "Push"] and b["discard"] == []
    # a flip that empties the deck, with an empty discard pile: the deck stays empty until a card is needed
    g = game({"spaces": ["Giant", None, None], "deck": ["Ember"]}, {"spaces": ["Ox", None, None], "deck": blanks(3)})
    act(g, "attack", (0, "Giant"))
    a = seat(g, 0)
    assert (a["deck"], a["discard"], a["scored"]) == ([], ["Ember"], 0)


def test_FR_DECK_2_with_no_deck_and_no_discard_nothing_is_drawn_scored_or_flipped():
    g = game({"spaces": ["Ox", "Twin", None], "deck": []}, {"spaces": [None, "Mouse", None], "deck": ["Blank"]})
    act(g, "hunt", (0, "Ox"))
    assert seat(g, 0)["scored"] == 0
    act(g, "attack", (0, "Twin"))                          # flips nothing: 3 + 0, no power-up, against 1
    assert space(g, 1, 1) is None and g.fired[iid(g, 0, "Twin")] == 0
    assert seat(g, 0)["scored"] == 0                       # the win's score finds no card either
    # b flipped its one card; with its destroyed Mouse it was shuffled into b's new deck and drawn in b's turn
    assert sorted(hand(g, 1)) == ["Blank", "Blank", "Mouse"] and pos(g)["active"] == 1


def test_FR_WIN_1_twelve_scored_cards_win_at_once_even_mid_battle():
    g = game({"spaces": ["Ox", None, None], "piles": [blanks(11), [], []], "deck": blanks(3)},
             {"deck": blanks(3)})
    act(g, "hunt", (0, "Ox"))
    p = pos(g)
    assert p["terminal"] and p["outcome"] == {"places": [1, 2], "end_reason": "score"} and p["legal_actions"] == []
    # the attacker's power-up scores the twelfth card before the defender flips
    g = game({"spaces": ["Twin", None, None], "piles": [blanks(11), [], []], "deck": ["Ember", "Blank", "Blank"]},
             {"spaces": ["Giant", None, None], "piles": [blanks(11), [], []], "deck": ["Ember"] * 3})
    act(g, "attack", (0, "Twin"))
    p = pos(g)
    assert p["outcome"]["places"] == [1, 2] and p["seats"][1]["deck"] == ["Ember"] * 3
    assert p["battle"] == {"cards": [{"seat": 0, "id": iid(g, 0, "Ember"), "card": "Ember"}]}  # mid-battle
    with pytest.raises(IllegalAction, match="over"):
        g.apply(PASS)
    # a game still going has fewer than 12 in its piles
    with pytest.raises(ValueError, match=r"seats\[1\]\.piles: seat b's score piles hold 12 cards"):
        game({"spaces": ["Ox", None, None]}, {"piles": [blanks(12), [], []]})


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
    # through a position: the last turn under the cap ends, and the game with it
    g = game({"hand": ["Blank"]}, {"hand": ["Blank"]}, turn=7, decision="inventory", options={"turn_cap": 7})
    g.apply(PASS)
    assert pos(g)["outcome"] == {"places": [1, 1], "end_reason": "turn-cap"} and pos(g)["turn"] == 7


def test_FR_PASS_1_a_decision_whose_only_action_is_pass_is_skipped():
    g = game({"spaces": ["Ox", None, None], "deck": blanks(3)}, {"spaces": ["Mouse", None, None], "deck": blanks(3)})
    act(g, "attack", (0, "Ox"))                            # nobody has a trick or a star: straight to the flips
    assert space(g, 1, 0) is None
    assert (pos(g)["active"], pos(g)["decision"]) == (1, "inventory")   # a had nothing left: b's turn
    g = game({"hand": ["Blank"], "deck": []}, {"hand": [], "deck": []}, decision="inventory")
    g.apply(PASS)                              # a: no coins, no creature; b: empty hand, no coins, no creature
    assert (pos(g)["turn"], pos(g)["active"], pos(g)["decision"]) == (11, 0, "inventory")  # b's turn passed
    # a position at a decision the engine would skip is refused
    with pytest.raises(ValueError, match=r"decision: go: seat a has no ready creature"):
        game({"spaces": [zapped("Ox"), None, None]})


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
