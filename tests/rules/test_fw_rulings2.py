"""The second round's rulings for fw and bg (../shared/RULINGS.md, "Further rulings"), one test or
more per rule ID of docs/rules.md, each set up as a position (docs/positions.md) over the rules
tests' catalog. Every test here failed on the engine as it was before these rulings."""

from __future__ import annotations

from typing import Any

import pytest
from harness import CATALOG

from fwlab.rules.core import IllegalAction
from fwlab.rules.engines import load_position, position_of

FILLERS = ["Filler"] * 10


def pos(ruleset: str = "fw", decision: str = "deploy", a: dict[str, Any] | None = None,
        b: dict[str, Any] | None = None, active: int = 0, **top: Any) -> dict[str, Any]:
    """A position on turn 5 with ten Fillers in each deck."""
    seats = [{"deck": list(FILLERS), **(a or {})}, {"deck": list(FILLERS), **(b or {})}]
    return {"ruleset": ruleset, "turn": 5, "active": active, "decision": decision, "seats": seats, **top}


def load(p: dict[str, Any], dice: list[int] | None = None) -> Any:
    return load_position(p, CATALOG, dice=dice)


def ids(g: Any, seat: int) -> dict[str, int]:
    """Card name -> instance id of a seat's hand and cards in play (and their attachments)."""
    s = position_of(g.cfg.ruleset, g)["seats"][seat]
    out = {c["card"]: c["id"] for c in s["hand"]}
    for u in s["in_play"]:
        out[u["card"]] = u["id"]
        for at in u["attachments"]:
            out[at["card"]] = at["id"]
    return out


def in_play(g: Any, seat: int, card: str) -> dict[str, Any]:
    return next(u for u in position_of(g.cfg.ruleset, g)["seats"][seat]["in_play"] if u["card"] == card)


def play(g: Any, *actions: str) -> None:
    for a in actions:
        g.apply(a)


# ---------------------------------------------------------------------- FW-END-3
def test_FW_END_3_an_exp_loss_from_a_destroy_ends_the_game_at_once():
    # bg: Doom destroys B's Brute (Exp 2); B at 2 Capital reaches 0 outside combat and loses there
    g = load(pos("bg", a={"pool": 5, "hand": ["Doom", "Filler"]}, b={"capital": 2, "in_play": ["Brute"]}))
    play(g, f"event {ids(g, 0)['Doom']} {ids(g, 1)['Brute']}")
    assert g.is_terminal() and g.outcome.winner == "a" and g.outcome.end_reason == "capital"
    assert g.seats[1].capital == 0


def test_FW_END_3_both_players_at_0_through_one_event_is_a_draw():
    # bg: Plague destroys every creature; A (1 Capital) loses its Grunt's Exp 1, B (2) its Brute's Exp 2
    g = load(pos("bg", a={"capital": 1, "pool": 5, "hand": ["Plague"], "in_play": ["Grunt"]},
                 b={"capital": 2, "in_play": ["Brute"]}))
    play(g, f"event {ids(g, 0)['Plague']}")
    assert g.is_terminal() and g.outcome.places == (1, 1) and g.outcome.end_reason == "capital"


def test_FW_END_3_no_card_brings_a_player_back_from_0():
    # bg: B answers Doom with Boon (gain 2 Capital), which resolves after it (BG-EVENT-2): Doom takes
    # B to 0 with its Brute's Exp and B has lost; the Boon never brings it back
    g = load(pos("bg", a={"pool": 5, "hand": ["Doom", "Filler"]},
                 b={"capital": 2, "pool": 5, "hand": ["Boon"], "in_play": ["Brute"]}))
    play(g, f"event {ids(g, 0)['Doom']} {ids(g, 1)['Brute']}", f"event {ids(g, 1)['Boon']}")
    assert g.is_terminal() and g.outcome.winner == "a" and g.seats[1].capital == 0
    assert g.legal_actions() == []


# ---------------------------------------------------------------------- FW-END-2
def test_FW_END_2_the_end_reason_is_the_cause_of_the_last_capital_loss():
    # A draws two from an empty deck (deck-out, 3 -> 1), then loses to a raid: the reason is capital
    g = load(pos(a={"capital": 3, "pool": 5, "hand": ["Insight"], "deck": []},
                 b={"in_play": ["Grunt"]}))
    play(g, f"event {ids(g, 0)['Insight']}")
    assert g.seats[0].capital == 1 and not g.is_terminal()
    grunt = ids(g, 1)["Grunt"]
    for _ in range(50):  # A's turn ends (nothing to do); B raids with its Grunt
        if g.is_terminal():
            break
        acts = [str(a) for a in g.legal_actions()]
        g.apply(f"attack {grunt}" if f"attack {grunt}" in acts else "pass" if "pass" in acts else acts[0])
    assert g.is_terminal() and g.outcome.winner == "b"
    assert g.outcome.end_reason == "capital"


def test_FW_END_2_deck_out_is_the_reason_when_the_empty_deck_draw_was_the_last_loss():
    g = load(pos(a={"capital": 2, "pool": 5, "hand": ["Insight"], "deck": []}))
    play(g, f"event {ids(g, 0)['Insight']}")
    assert g.is_terminal() and g.outcome.winner == "b" and g.outcome.end_reason == "deck-out"


# ---------------------------------------------------------------------- KW-LAST-GASP
def test_KW_LAST_GASP_fires_when_killed_not_when_destroyed():
    g = load(pos(a={"pool": 5, "hand": ["Doom", "Filler"]}, b={"in_play": ["Bomber"]}))
    play(g, f"event {ids(g, 0)['Doom']} {ids(g, 1)['Bomber']}")
    assert g.seats[0].capital == 20            # Destroyed: no last gasp
    g = load(pos(a={"pool": 5, "hand": ["Bolt", "Filler"]}, b={"in_play": ["Bomber"]}))
    play(g, f"event {ids(g, 0)['Bolt']} {ids(g, 1)['Bomber']}")
    assert g.seats[0].capital == 18            # killed by an event's damage: last gasp 2


# ---------------------------------------------------------------------- FW-ATTACH-5
def test_FW_ATTACH_5_penalties_lower_a_set_value_and_the_lower_set_value_applies():
    # Wall (Def 6) in an Iron Mask (Def set to 3) and a Rust Curse (Def -1): 2
    g = load(pos(a={"pool": 9, "hand": ["Stone Skin", "Brace", "Filler"],
                    "in_play": [{"card": "Wall", "attachments": ["Iron Mask", "Rust Curse"]}]},
                 b={"pool": 5, "hand": ["Weaken"]}))
    assert in_play(g, 0, "Wall")["def"] == 2
    wall = ids(g, 0)["Wall"]
    play(g, f"deploy {ids(g, 0)['Stone Skin']} {wall}")      # a later set value of 5 does not raise it
    assert in_play(g, 0, "Wall")["def"] == 2
    play(g, f"event {ids(g, 0)['Brace']} {wall}")            # nor does an event's +2
    assert in_play(g, 0, "Wall")["def"] == 2


def test_FW_ATTACH_5_an_events_penalty_lowers_a_set_value():
    g = load(pos(a={"in_play": [{"card": "Wall", "attachments": ["Iron Mask"]}]},
                 b={"pool": 5, "hand": ["Weaken", "Filler"]}, active=1))
    assert in_play(g, 0, "Wall")["def"] == 3
    play(g, f"event {ids(g, 1)['Weaken']} {ids(g, 0)['Wall']}")
    assert in_play(g, 0, "Wall")["def"] == 1


# ---------------------------------------------------------------------- BG-SCEN-2
def test_BG_SCEN_2_a_scenarios_card_effect_waits_a_turn_in_bg_not_in_fw():
    for ruleset, allowed in (("bg", False), ("fw", True)):
        g = load(pos(ruleset, a={"pool": 6, "hand": ["Beacon", "Filler"]}, b={"in_play": ["Grunt"]}))
        play(g, f"deploy {ids(g, 0)['Beacon']}")
        act = f"effect {ids(g, 0)['Beacon']} {ids(g, 1)['Grunt']} 0"
        reason = g.why_illegal(__import__("fwlab.rules.core", fromlist=["Action"]).Action.parse(act))
        assert (reason is None) == allowed, (ruleset, reason)
        if not allowed:
            assert "BG-SCEN-2" in reason


# ---------------------------------------------------------------------- BG-HAND-2 / BG-HAND-3
def test_BG_HAND_2_over_eight_at_the_end_of_the_turn_discards_down_to_eight():
    hand = ["Filler"] * 10
    g = load(pos("bg", "discard", a={"hand": hand}))
    with pytest.raises(IllegalAction, match="must discard"):
        g.apply("pass")
    first = [c["id"] for c in position_of("bg", g)["seats"][0]["hand"]]
    play(g, f"discard {first[0]}")
    assert g.decision_name == "discard" and g.active == 0          # 9 left: still over 8
    play(g, f"discard {first[1]}")
    assert len(g.seats[0].hand) == 8 and g.active == 1              # down to 8: the turn is over


def test_BG_HAND_3_an_event_draw_with_eight_in_hand_keeps_the_cards():
    g = load(pos("bg", a={"pool": 5, "hand": ["Insight"] + ["Filler"] * 7}))
    play(g, f"event {ids(g, 0)['Insight']}")
    assert len(g.seats[0].hand) == 9                               # 7 + 2 drawn, none discarded


# ---------------------------------------------------------------------- FW-ATTACH-6
def test_FW_ATTACH_6_a_curses_card_effect_belongs_to_its_caster():
    g = load(pos(a={"pool": 3, "hand": ["Filler"]},
                 b={"pool": 3, "in_play": [{"card": "Grunt", "attachments": ["Leech Curse"]}]}))
    leech = ids(g, 1)["Leech Curse"]
    assert f"effect {leech} -1 0" in [str(a) for a in g.legal_actions()]
    play(g, f"effect {leech} -1 0")
    assert g.seats[1].capital == 19 and g.seats[0].pool == 2 and g.seats[1].pool == 3


def test_FW_ATTACH_6_the_cursed_creatures_owner_cannot_use_the_curse():
    g = load(pos(a={"pool": 3, "hand": ["Filler"], "in_play": [{"card": "Grunt", "attachments": ["Leech Curse"]}]},
                 b={"pool": 3}))
    leech = ids(g, 0)["Leech Curse"]
    with pytest.raises(IllegalAction, match="not yours"):
        g.apply(f"effect {leech} -1 0")


# ---------------------------------------------------------------------- FW-EVENT-5
def _to_next_turn(g: Any) -> None:
    """Pass until the other seat's turn opens its first decision."""
    start = g.active
    while g.active == start and not g.is_terminal():
        g.apply("pass")


def test_FW_EVENT_5_a_resource_phase_event_is_played_in_the_healing_step():
    g = load(pos(a={"hand": ["Dawn", "Filler"]}, b={"hand": ["Filler"]}))
    with pytest.raises(IllegalAction, match="only in resource"):
        g.apply(f"event {ids(g, 0)['Dawn']}")   # not in the Deploy phase
    _to_next_turn(g)   # B's turn
    _to_next_turn(g)   # A's turn: its healing step is offered for the Dawn
    assert g.decision_name == "resource" and g.current_player() == 0
    pool = g.seats[0].pool
    play(g, f"event {ids(g, 0)['Dawn']}")
    assert g.seats[0].pool == pool + 2


def test_FW_EVENT_5_a_resolution_phase_event_is_played_after_combat_damage():
    g = load(pos(a={"hand": ["Aftermath", "Filler"], "in_play": ["Grunt"]}))
    play(g, "pass", f"attack {ids(g, 0)['Grunt']}")
    assert g.decision_name == "resolution" and g.current_player() == 0
    assert g.seats[1].capital == 18                                   # the raid is done
    n = len(g.seats[0].hand)
    play(g, f"event {ids(g, 0)['Aftermath']}")
    assert len(g.seats[0].hand) == n                                  # played one, drew one


# ---------------------------------------------------------------------- FW-PASS-1
def test_FW_PASS_1_a_card_effect_costing_0_opens_a_window():
    g = load(pos(a={"pool": 0, "in_play": ["Martyr", "Grunt"]}, b={"pool": 3, "hand": ["Bolt", "Filler"]}, active=1))
    play(g, f"event {ids(g, 1)['Bolt']} {ids(g, 0)['Grunt']}")
    assert g.decision_name == "answer" and g.current_player() == 0


def test_FW_PASS_1_a_block_with_nothing_left_to_block_is_not_asked():
    g = load(pos(a={"in_play": ["Grunt"]}, b={"in_play": ["Sentinel"]}))
    play(g, "pass", f"attack {ids(g, 0)['Grunt']}")
    assert g.decision_name == "block"
    play(g, f"block {ids(g, 1)['Sentinel']} {ids(g, 0)['Grunt']}")
    assert g.decision_name != "block"          # the guardian already blocks the lone attacker


def test_FW_PASS_1_an_attack_decision_after_the_last_possible_attacker_is_not_asked():
    g = load(pos(a={"in_play": ["Watcher"]}, b={"in_play": ["Grunt"]}))
    play(g, "pass", f"attack {ids(g, 0)['Watcher']}")
    assert g.decision_name != "attack"         # the vigilant Watcher stays unlocked but already attacks


def test_FW_PASS_1_a_deploy_decision_with_nothing_to_deploy_is_skipped():
    g = load(pos(a={"pool": 1, "hand": ["Filler", "Brute"]}, b={"hand": ["Filler"]}))
    play(g, f"deploy {ids(g, 0)['Filler']}")   # the Brute costs 4: nothing else can be done
    assert not (g.decision_name == "deploy" and g.current_player() == 0)


# ---------------------------------------------------------------------- FW-HEAL-2
def test_FW_HEAL_2_a_heal_card_only_in_its_controllers_healing_step():
    g = load(pos(a={"pool": 3, "hand": ["Mend", "Filler"], "in_play": [{"card": "Brute", "damage": 4}]},
                 b={"hand": ["Filler"]}))
    mend, brute = ids(g, 0)["Mend"], ids(g, 0)["Brute"]
    with pytest.raises(IllegalAction, match="healing step"):
        g.apply(f"event {mend} {brute}")
    _to_next_turn(g)   # B's turn
    _to_next_turn(g)   # A's turn: Resource phase heals 1, then the healing step is offered
    assert g.decision_name == "resource" and g.current_player() == 0
    play(g, f"event {mend} {brute}")
    assert in_play(g, 0, "Brute")["damage"] == 0


def test_FW_HEAL_2_a_heal_effect_is_not_an_answer_in_the_opponents_turn():
    g = load(pos(a={"pool": 3, "in_play": [{"card": "Field Medic", "damage": 1}, {"card": "Grunt", "damage": 1}]},
                 b={"pool": 3, "hand": ["Bolt", "Filler"]}, active=1))
    play(g, f"event {ids(g, 1)['Bolt']} {ids(g, 0)['Grunt']}")
    assert g.decision_name != "answer"          # the Medic's heal is A's only play: no window
    assert "Grunt" not in ids(g, 0)               # Bolt resolved: 1 + 2 damage kill it


# ---------------------------------------------------------------------- FW-SCEN-2
def test_FW_SCEN_2_a_scenario_attacked_by_two_strikes_back_once_at_the_attacker_its_owner_chooses():
    g = load(pos(a={"in_play": ["Grunt", "Brute"]}, b={"in_play": ["Tower"]}), dice=[6, 6, 6])
    a, tower = ids(g, 0), ids(g, 1)["Tower"]
    play(g, "pass", f"attack {a['Grunt']}", f"attack {a['Brute']}")
    play(g, f"scenario {a['Grunt']} {tower}", f"scenario {a['Brute']} {tower}")
    assert g.decision_name == "defend" and g.current_player() == 1
    assert sorted(str(x) for x in g.legal_actions()) == sorted(
        [f"strikeback {tower} {a['Grunt']}", f"strikeback {tower} {a['Brute']}"])
    play(g, f"strikeback {tower} {a['Grunt']}")   # three dice: two strikes at the Tower, one back
    assert g.forced_dice == [] and tower not in g.units
    assert g.units[a["Grunt"]].damage == 2 and g.units[a["Brute"]].damage == 0


# ---------------------------------------------------------------------- FW-SACRIFICE-1
def test_FW_SACRIFICE_1_a_sacrificed_creature_is_not_killed():
    # bg: Martyr (Exp 2, last gasp 3) sacrificed as the cost of its own effect (drain 2)
    g = load(pos("bg", a={"pool": 0, "hand": ["Filler"], "in_play": ["Martyr"]}))
    m = ids(g, 0)["Martyr"]
    play(g, f"effect {m} -1 0")
    assert m in g.seats[0].graveyard and m not in g.units
    assert g.seats[1].capital == 38            # the drain, and no last gasp
    assert g.seats[0].capital == 40            # no Exp loss


def test_FW_SACRIFICE_1_the_sacrifice_action_of_an_event():
    g = load(pos("bg", a={"pool": 0, "hand": ["Pyre", "Filler"], "in_play": ["Martyr"]}))
    play(g, f"event {ids(g, 0)['Pyre']} {ids(g, 0)['Martyr']}")
    assert g.seats[0].pool == 3 and g.seats[0].capital == 40 and g.seats[1].capital == 40


# ---------------------------------------------------------------------- BG-INHERIT-1
def test_BG_INHERIT_1_bg_inherits_locking_a_scenario_a_turn_and_curses_each_a_switch():
    g = load(pos("bg", a={"in_play": ["Grunt"]}, b={"hand": ["Filler"]}))
    play(g, "pass", f"attack {ids(g, 0)['Grunt']}")
    assert in_play(g, 0, "Grunt")["locked"]                              # locking holds in bg
    g = load(pos("bg", a={"in_play": ["Grunt"]}, b={"hand": ["Filler"]}, options={"locking": False}))
    play(g, "pass", f"attack {ids(g, 0)['Grunt']}")
    assert not in_play(g, 0, "Grunt")["locked"]
    g = load(pos("bg", a={"pool": 5, "hand": ["Mill", "Forge", "Filler"]}))
    play(g, f"deploy {ids(g, 0)['Mill']}")
    with pytest.raises(IllegalAction, match="one Scenario"):
        g.apply(f"deploy {ids(g, 0)['Forge']}")
    g = load(pos("bg", a={"pool": 5, "hand": ["Mill", "Forge", "Filler"]}, options={"one_scenario": False}))
    play(g, f"deploy {ids(g, 0)['Mill']}", f"deploy {ids(g, 0)['Forge']}")
    g = load(pos("bg", a={"pool": 5, "hand": ["Hex", "Filler"]}, b={"in_play": ["Grunt"]}, options={"curses": False}))
    with pytest.raises(IllegalAction, match="no Curses"):
        g.apply(f"deploy {ids(g, 0)['Hex']} {ids(g, 1)['Grunt']}")
