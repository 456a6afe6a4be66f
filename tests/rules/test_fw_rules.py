"""Fallen Worlds rules, one test (or more) per rule ID of docs/rules.md.

Each test sets its position up as text (docs/positions.md) over the test catalog
(tests/rules/test_catalog.toml) and gives the dice it needs in order, so any of them can be shown
and replayed with ``fwlab position show|play FILE --catalog tests/rules/test_catalog.toml``.
"""

from __future__ import annotations

from typing import Any

import pytest
from harness import CATALOG, iid, pass_until, unit

from fwlab.rules.core import Action, IllegalAction
from fwlab.rules.daemornia import compile_deck, new_game
from fwlab.rules.daemornia.combat import hits, need_to_hit
from fwlab.rules.daemornia.decisions import ANSWER, ASSIGN, ATTACK, BLOCK, DEPLOY, DISCARD, TRICKS
from fwlab.rules.engines import load_position

FILLERS = ["Filler"] * 20


def pos(ruleset: str = "fw", a: dict[str, Any] | None = None, b: dict[str, Any] | None = None, *,
        decision: str = "deploy", active: int = 0, turn: int = 5, **top: Any) -> dict[str, Any]:
    """A position (docs/positions.md): turn 5, seat a's deploy decision, each seat with 10 Res and
    20 Fillers in its deck unless ``a``/``b`` (the seats' fields) say otherwise."""
    seats = [{"pool": 10, "deck": list(FILLERS), **(a or {})}, {"pool": 10, "deck": list(FILLERS), **(b or {})}]
    return {"ruleset": ruleset, "turn": turn, "active": active, "decision": decision, "seats": seats,
            "seed": 1, **top}


def load(p: dict[str, Any], dice: list[int] | None = None) -> Any:
    """The game set up from a position over the test catalog; ``dice``: every die it rolls, in order."""
    return load_position(p, CATALOG, dice=dice)


def a_next_turn(ruleset: str = "fw", a: dict[str, Any] | None = None, dice: list[int] | None = None) -> Any:
    """Seat b's deploy decision on turn 6, with nothing to do: b passes and seat a's turn begins
    (Resource phase, healing, draw: FW-RES-1, FW-HEAL-1, FW-DRAW-1)."""
    g = load(pos(ruleset, a, {"pool": 0}, active=1, turn=6), dice)
    g.apply("pass")
    assert g.active == 0
    return g


def deploy(g, name, target=-1):
    g.apply(Action("deploy", iid(g, name, g.decider, "hand"), target))


def to_attack(g):
    """From A's Deploy phase to its Attack decision (FW-PASS-1: a Deploy decision with nothing left
    to do but pass has already been skipped)."""
    if g.decision == DEPLOY:
        g.apply("pass")


def end_attacks(g):
    if g.decision == ATTACK:
        g.apply("pass")


def end_blocks(g):
    if g.decision == BLOCK:
        g.apply("pass")


def fight(g, attacks, blocks=(), assign=()):
    """Declare attackers (names of A), blocks (B name, A name), objectives, then pass to the dice."""
    to_attack(g)
    for a in attacks:
        g.apply(Action("attack", iid(g, a, 0)))
    if g.decision == ATTACK:
        g.apply("pass")
    for b, a in blocks:
        g.apply(Action("block", iid(g, b, 1), iid(g, a, 0)))
    if g.decision == BLOCK:
        g.apply("pass")
    for act in assign:
        g.apply(act)
    while g.decision == TRICKS:
        g.apply("pass")


# ---------------------------------------------------------------- setup and resources
def test_FW_SETUP_1_capital_20_and_BG_SETUP_1_capital_40():
    deck = compile_deck(["Filler"] * 40, CATALOG)
    assert new_game("fw", deck, deck, 1).seats[0].capital == 20
    assert new_game("bg", deck, deck, 1).seats[1].capital == 40


def test_FW_SETUP_3_opening_hand_of_five_then_FW_DRAW_1_first_player_draws_on_turn_1():
    deck = compile_deck(["Filler"] * 40, CATALOG)
    g = new_game("fw", deck, deck, 3, first=1)
    assert len(g.seats[0].hand) == 5
    assert len(g.seats[1].hand) == 6  # the first player drew in its first Resource phase
    assert g.current_player() == 1


@pytest.mark.parametrize("ruleset", ["fw", "fw-epic", "bg"])
def test_FW_DRAW_3_option_first_player_draw_false_the_first_player_skips_the_draw_of_turn_1(ruleset):
    """FW-DRAW-3 (option first_player_draw, default true = FW-DRAW-1): false makes the first player
    skip the Draw phase of turn 1 only; the second player's first draw and every later draw stay."""
    # turn 1, seat a's healing step (a healing card and a damaged creature: FW-HEAL-2), before its Draw
    heal = {"pool": 1, "hand": ["Mend"], "in_play": [{"card": "Grunt", "damage": 2}]}
    for option, drawn in ((None, 1), (True, 1), (False, 0)):
        top = {} if option is None else {"options": {"first_player_draw": option}}
        g = load(pos(ruleset, heal, decision="resource", turn=1, **top))
        assert (g.decision_name, g.current_player(), g.first) == ("resource", 0, 0)
        deck = list(g.seats[0].deck)
        g.apply("pass")  # the healing step ends: the Draw phase (FW-DRAW-1), then Deploy
        assert len(g.seats[0].hand) == 1 + drawn, option
        assert g.seats[0].deck == (deck[:-1] if drawn else deck)   # the top card came (or stayed)
        assert g.seats[0].capital == g.cfg.capital                  # a skipped draw is no deck-out (FW-DRAW-2)
    # the second player's first draw (turn 2) is not skipped
    g = load(pos(ruleset, {"hand": ["Filler"]}, {"pool": 0}, turn=1, options={"first_player_draw": False}))
    pass_until(g, lambda g: g.active == 1)
    assert len(g.seats[1].hand) == 1
    # nor the first player's later ones (turn 3: seat a's second turn)
    g = load(pos(ruleset, heal, decision="resource", turn=3, options={"first_player_draw": False}))
    g.apply("pass")
    assert len(g.seats[0].hand) == 2
    # from the start: the first player holds its five, the other seat its five before its own draw
    deck = compile_deck(["Filler"] * 40, CATALOG)
    g = new_game(ruleset, deck, deck, 3, first=1, first_player_draw=False)
    assert (len(g.seats[0].hand), len(g.seats[1].hand), g.current_player()) == (5, 5, 1)
    assert g.record.options["first_player_draw"] is False   # the record replays under it


def test_FW_SETUP_2_decks_are_shuffled_by_the_seeded_generator_CORE_RNG_1():
    deck = compile_deck(["Filler"] * 20 + ["Grunt"] * 20, CATALOG)
    h1 = [new_game("fw", deck, deck, s).seats[0].hand for s in range(5)]
    assert len({tuple(h) for h in h1}) > 1
    assert new_game("fw", deck, deck, 9).seats[0].hand == new_game("fw", deck, deck, 9).seats[0].hand


@pytest.mark.parametrize("ruleset,expected", [("fw", [1, 2, 3, 1, 2, 3, 1]), ("fw-epic", [1, 2, 3, 4, 5, 6, 1])])
def test_FW_RES_1_resource_cycle_standard_and_epic(ruleset, expected):
    deck = compile_deck(["Filler"] * 40, CATALOG)
    g = new_game(ruleset, deck, deck, 1)
    seen = []
    while len(seen) < len(expected):
        if g.active == 0 and g.decision == DEPLOY and g.seats[0].own_turns == len(seen) + 1:
            seen.append(g.seats[0].pool)
        # do nothing but pass and discard
        acts = g.legal_actions()
        g.apply(next((a for a in acts if a.kind == "pass"), acts[0]))
    assert seen == expected


def test_FW_RES_2_each_scenario_gives_one_res_plus_KW_INCOME():
    g = load(pos(a={"pool": 0, "in_play": ["Banker", "Mill", "Tower"]}, b={"pool": 0}))
    pass_until(g, lambda g: g.active == 1)
    pass_until(g, lambda g: g.active == 0)
    s = g.seats[0]
    cycle = (1, 2, 3)[(s.own_turns - 1) % 3]
    assert s.pool == cycle + 2 * 1 + 1 + 2  # cycle + two Scenarios + Mill income + Banker income


def test_FW_RES_3_pool_emptied_at_start_of_own_turn_but_usable_in_opponents_turn():
    g = load(pos(a={"pool": 5, "hand": ["Tax"]}, b={"pool": 0}))
    pass_until(g, lambda g: g.active == 1)
    assert g.seats[0].pool == 5  # unspent Res stay for effects during the opponent's turn
    pass_until(g, lambda g: g.active == 0)
    assert g.seats[0].pool == (1, 2, 3)[(g.seats[0].own_turns - 1) % 3]


# ---------------------------------------------------------------- healing, drawing, hand
def test_FW_HEAL_1_creatures_heal_one_never_above_printed_hp_and_scenarios_do_not():
    g = a_next_turn(a={"in_play": [{"card": "Grunt", "damage": 2}, "Filler", {"card": "Tower", "damage": 1}]})
    assert unit(g, "Grunt").damage == 1
    assert unit(g, "Filler").damage == 0
    assert unit(g, "Tower").damage == 1


def test_KW_HEAL_self_and_allies_heal_more():
    g = a_next_turn(a={"in_play": [{"card": "Medic", "damage": 5}, {"card": "Grunt", "damage": 2}, "Hospital"]})
    assert unit(g, "Medic").damage == 5 - 1 - 2 - 1
    assert unit(g, "Grunt").damage == 0


def test_FW_DRAW_2_empty_deck_costs_one_capital_and_FW_END_2_deck_out_reason():
    g = load(pos(a={"capital": 1, "deck": []}, b={"pool": 0}, active=1, turn=6))
    g.apply("pass")  # b's turn ends; a draws from its empty deck
    assert g.outcome is not None
    assert g.outcome.winner == "b" and g.outcome.end_reason == "deck-out"


def test_FW_HAND_1_discard_down_to_seven_at_end_of_turn():
    g = load(pos(a={"pool": 0, "hand": ["Filler"] * 9}, b={"pool": 0}))
    pass_until(g, lambda g: g.decision == DISCARD)
    assert g.current_player() == 0
    with pytest.raises(IllegalAction, match="must discard"):
        g.apply("pass")
    g.apply(Action("discard", g.seats[0].hand[0]))
    assert g.decision == DISCARD
    g.apply(Action("discard", g.seats[0].hand[0]))
    assert len(g.seats[0].hand) == 7 and g.active == 1


# ---------------------------------------------------------------- deploy
def test_FW_DEPLOY_1_pay_res_or_you_cannot_deploy():
    g = load(pos(a={"pool": 3, "hand": ["Brute", "Grunt"]}, b={"pool": 0}))
    with pytest.raises(IllegalAction, match="costs 4 Res"):
        deploy(g, "Brute")
    deploy(g, "Grunt")
    assert g.seats[0].pool == 1 and unit(g, "Grunt").owner == 0


def test_FW_DEPLOY_2_one_scenario_per_turn():
    g = load(pos(a={"hand": ["Mill", "Forge", "Filler"]}))  # the Filler keeps the Deploy decision open
    deploy(g, "Mill")
    with pytest.raises(IllegalAction, match="one Scenario"):
        deploy(g, "Forge")


def test_FW_DEPLOY_3_deployed_this_turn_cannot_attack_unless_KW_SWIFT():
    g = load(pos(a={"hand": ["Grunt", "Runner"]}))
    deploy(g, "Grunt")
    deploy(g, "Runner")
    to_attack(g)
    with pytest.raises(IllegalAction, match="deployed this turn"):
        g.apply(Action("attack", iid(g, "Grunt", 0)))
    g.apply(Action("attack", iid(g, "Runner", 0)))
    assert g.seats[1].capital == 20 - 1  # the swift Runner attacked (and raided)


def test_KW_DISCOUNT_lowers_cost_never_below_one():
    g = load(pos(a={"pool": 1, "hand": ["Grunt", "Runner"], "in_play": ["Forge"]}, b={"pool": 0}))
    assert g.cost(0, g.defs[iid(g, "Grunt", 0)]) == 1
    assert g.cost(0, g.defs[iid(g, "Runner", 0)]) == 1
    deploy(g, "Grunt")
    assert g.seats[0].pool == 0


# ---------------------------------------------------------------- attachments
def test_FW_ATTACH_1_attachment_modifies_its_creature():
    g = load(pos(a={"hand": ["Blade", "Plate"], "in_play": ["Grunt"]}))
    deploy(g, "Blade", iid(g, "Grunt", 0))
    deploy(g, "Plate", iid(g, "Grunt", 0))
    u = unit(g, "Grunt")
    assert (u.att, u.dfn, u.dmg, u.max_hp) == (5, 4, 3, 5)


def test_FW_ATTACH_2_curse_goes_on_an_opponents_creature_others_on_your_own():
    g = load(pos(a={"hand": ["Hex", "Blade"], "in_play": ["Grunt"]}, b={"in_play": ["Brute"]}))
    with pytest.raises(IllegalAction, match="Curse"):
        deploy(g, "Hex", iid(g, "Grunt", 0))
    with pytest.raises(IllegalAction, match="your creatures"):
        deploy(g, "Blade", iid(g, "Brute", 1))
    deploy(g, "Hex", iid(g, "Brute", 1))
    assert unit(g, "Brute").att == 0


def test_FW_ATTACH_3_one_of_each_subtype_per_creature():
    g = load(pos(a={"hand": ["Blade", "Sabre", "Ward"], "in_play": ["Grunt"]}))
    deploy(g, "Blade", iid(g, "Grunt", 0))
    with pytest.raises(IllegalAction, match="one weapon"):
        deploy(g, "Sabre", iid(g, "Grunt", 0))
    deploy(g, "Ward", iid(g, "Grunt", 0))


def test_FW_ATTACH_5_and_BG_SLOT_2_set_value_replaces_and_cannot_be_raised():
    # Hex (a Curse, cast by b) sets the Grunt's Att to 0; Blade's +2 cannot raise it
    g = load(pos(a={"in_play": [{"card": "Grunt", "attachments": ["Hex", "Blade"]}]}))
    assert unit(g, "Grunt").att == 0
    # nor can a buff (a Rally played earlier this combat)
    g = load(pos(a={"in_play": [{"card": "Grunt", "attachments": ["Hex", "Blade"], "buff": {"att": 2}}]}))
    assert unit(g, "Grunt").att == 0
    # without the Hex, the Blade and the buff raise it: 3 + 2 + 2
    assert unit(load(pos(a={"in_play": [{"card": "Grunt", "attachments": ["Blade"], "buff": {"att": 2}}]})),
                "Grunt").att == 7


def test_FW_ATTACH_4_attachments_go_to_the_graveyard_with_their_creature():
    g = load(pos(a={"hand": ["Doom"]}, b={"in_play": [{"id": 40, "card": "Grunt",
                                                      "attachments": [{"id": 41, "card": "Blade"}]}]}))
    g.apply(Action("event", iid(g, "Doom", 0, "hand"), 40))
    assert 41 in g.seats[1].graveyard
    assert 40 in g.seats[1].removed


def test_BG_SLOT_1_one_ability_card_and_one_of_each_equipment():
    g = load(pos("bg", {"hand": ["Charm", "Mind Spike", "Blade", "Plate", "Relic"], "in_play": ["Grunt"]}))
    t = iid(g, "Grunt", 0)
    deploy(g, "Charm", t)
    with pytest.raises(IllegalAction, match="BG-SLOT-1"):
        deploy(g, "Mind Spike", t)
    deploy(g, "Blade", t)
    deploy(g, "Plate", t)
    deploy(g, "Relic", t)
    assert len(unit(g, "Grunt").attached) == 4


# ---------------------------------------------------------------- to-hit
def test_FW_HIT_1_needed_roll_formula_and_text_examples():
    assert need_to_hit(3, 4) == 5   # "Attack 3 against Defence 4 would require a 5+"
    assert need_to_hit(6, 4) == 2   # "an Attack rating of 6 ... 2 or more"
    assert need_to_hit(1, 10) == 6 and need_to_hit(10, 1) == 2


def test_FW_HIT_2_natural_one_misses_natural_six_hits_and_BG_HIT_2_literal_two():
    assert not hits(1, 10, 0)
    assert hits(6, 1, 10)
    assert hits(2, 10, 0)
    assert not hits(2, 10, 0, literal_two=True)


def test_FW_HIT_3_att_zero_never_attacks_nor_strikes_back():
    g = load(pos(a={"in_play": ["Wall", "Grunt"]}, b={"in_play": ["Wall"]}), dice=[6])  # one die: a second is an error
    to_attack(g)
    with pytest.raises(IllegalAction, match="Att 0"):
        g.apply(Action("attack", iid(g, "Wall", 0)))
    g.apply(Action("attack", iid(g, "Grunt", 0)))
    end_attacks(g)
    g.apply(Action("block", iid(g, "Wall", 1), iid(g, "Grunt", 0)))
    end_blocks(g)
    while g.decision == TRICKS:
        g.apply("pass")
    assert g.record.dice == [6]  # only the attacker rolled
    assert unit(g, "Grunt", 0).damage == 0


# ---------------------------------------------------------------- combat
def test_FW_COMBAT_1_and_FW_LOCK_1_attackers_lock_and_locked_cannot_block():
    g = load(pos(a={"in_play": ["Grunt"]}, b={"in_play": ["Grunt"]}))
    fight(g, ["Grunt"], assign=[])
    assert unit(g, "Grunt", 0).locked
    # a locked Grunt cannot block
    g2 = load(pos(a={"in_play": ["Grunt"]}, b={"in_play": [{"card": "Grunt", "locked": True}]}))
    to_attack(g2)
    g2.apply(Action("attack", iid(g2, "Grunt", 0)))
    g2.apply("pass")
    assert g2.decision != BLOCK  # no unlocked defender: no block decision


def test_FW_LOCK_2_cards_unlock_in_their_owners_resource_phase():
    g = a_next_turn(a={"in_play": [{"card": "Grunt", "locked": True}]})
    assert not unit(g, "Grunt").locked


def test_KW_VIGILANT_attacking_does_not_lock():
    g = load(pos(a={"in_play": ["Watcher"]}))
    fight(g, ["Watcher"])
    assert not unit(g, "Watcher").locked


def test_FW_COMBAT_2_blocking_at_any_ratio_one_attacker_per_defender_unless_KW_GUARDIAN():
    g = load(pos(a={"in_play": ["Grunt", "Filler"]}, b={"in_play": ["Grunt", "Filler", "Sentinel"]}))
    to_attack(g)
    g.apply(Action("attack", iid(g, "Grunt", 0)))
    g.apply(Action("attack", iid(g, "Filler", 0)))
    ga, fa = iid(g, "Grunt", 0), iid(g, "Filler", 0)
    g.apply(Action("block", iid(g, "Grunt", 1), ga))
    g.apply(Action("block", iid(g, "Filler", 1), ga))  # two defenders on one attacker
    with pytest.raises(IllegalAction, match="only one attacker"):
        g.apply(Action("block", iid(g, "Grunt", 1), fa))
    g.apply(Action("block", iid(g, "Sentinel", 1), ga))
    g.apply(Action("block", iid(g, "Sentinel", 1), fa))  # guardian 2 blocks both
    assert len(g.blocks[ga]) == 3 and g.blocking[iid(g, "Sentinel", 1)] == [ga, fa]


def test_KW_ELUSIVE_cannot_be_blocked():
    g = load(pos(a={"in_play": ["Ghost"]}, b={"in_play": ["Grunt"]}))
    to_attack(g)
    g.apply(Action("attack", iid(g, "Ghost", 0)))
    g.apply("pass")
    assert g.decision != BLOCK  # nothing can block it, so the defender is not asked


def test_FW_COMBAT_3_attacker_strikes_one_chosen_blocker_every_blocker_strikes_FW_RESOLVE_1():
    g = load(pos(a={"in_play": ["Brute"]}, b={"in_play": ["Grunt", "Filler"]}), dice=[6, 6, 6])
    to_attack(g)
    br = iid(g, "Brute", 0)
    g.apply(Action("attack", br))
    end_attacks(g)
    g.apply(Action("block", iid(g, "Grunt", 1), br))
    g.apply(Action("block", iid(g, "Filler", 1), br))
    end_blocks(g)
    with pytest.raises(IllegalAction):
        g.apply(Action("raid", br))
    g.apply(Action("strike", br, iid(g, "Filler", 1)))
    while g.decision == TRICKS:
        g.apply("pass")
    assert iid(g, "Filler", 1) not in g.units      # struck and killed
    assert unit(g, "Grunt", 1).damage == 0         # not struck
    assert unit(g, "Brute", 0).damage == 2 + 1     # both blockers hit it, damage applied together


def test_FW_RAID_1_unchallenged_raid_costs_capital_equal_to_dmg_without_a_roll_KW_RAIDER():
    g = load(pos(a={"in_play": ["Grunt", "Reaver"]}), dice=[])  # no die may be rolled
    fight(g, ["Grunt", "Reaver"])
    assert g.seats[1].capital == 20 - 2 - (2 + 2)
    assert g.record.dice == []


def test_FW_SCEN_1_scenario_attack_is_rolled_and_strikes_back_KW_SIEGE():
    g = load(pos(a={"in_play": ["Ram"]}, b={"in_play": ["Tower"]}), dice=[6, 6])
    to_attack(g)
    ram, tower = iid(g, "Ram", 0), iid(g, "Tower", 1)
    g.apply(Action("attack", ram))
    end_attacks(g)
    g.apply(Action("scenario", ram, tower))
    while g.decision == TRICKS:
        g.apply("pass")
    assert tower in g.seats[1].graveyard  # 1 + siege 3 = 4 damage: the Scenario is killed
    assert unit(g, "Ram").damage == 2      # the Tower (Att 3) struck back


def test_FW_COMBAT_4_unchallenged_attacker_may_aid_an_ally():
    # the Grunt hits, the Brute hits the Grunt, the Reaver hits; a fourth roll, were the Brute to
    # strike the aiding Reaver too, would hit and kill it (Dmg 4, Hp 2)
    g = load(pos(a={"in_play": ["Grunt", "Reaver"]}, b={"in_play": ["Brute"]}), dice=[6, 6, 6, 6])
    to_attack(g)
    gr, rv, br = iid(g, "Grunt", 0), iid(g, "Reaver", 0), iid(g, "Brute", 1)
    g.apply(Action("attack", gr))
    g.apply(Action("attack", rv))
    end_attacks(g)
    g.apply(Action("block", br, gr))
    end_blocks(g)
    n = len(g.record.dice)
    assert g.decision == ASSIGN and g.current_player() == 0
    g.apply(Action("aid", rv, br))
    while g.decision == TRICKS:
        g.apply("pass")
    assert g.seats[1].capital == 20  # no raid happened
    assert g.damage_dealt[gr] == 2 and g.damage_dealt[rv] == 2  # both struck the Brute
    # the blocker strikes only the attacker it blocks, never the aider: three rolls, the Reaver untouched
    assert len(g.record.dice) - n == 3
    assert g.damage_dealt[br] == 4 and gr in g.seats[0].graveyard
    assert unit(g, "Reaver", 0).damage == 0


def test_KW_SHIELD_reduces_each_hit():
    # the Turtle (shield 2, Hp 3) blocks the Brute (Dmg 4) and the Filler (Dmg 1) aids: two hits on it
    # the Brute hits, the Turtle misses it, the Filler hits
    g = load(pos(a={"in_play": ["Brute", "Filler"]}, b={"in_play": ["Turtle"]}), dice=[6, 1, 6])
    to_attack(g)
    br, fi, tu = iid(g, "Brute", 0), iid(g, "Filler", 0), iid(g, "Turtle", 1)
    g.apply(Action("attack", br))
    g.apply(Action("attack", fi))
    end_attacks(g)
    g.apply(Action("block", tu, br))
    end_blocks(g)
    n = len(g.record.dice)
    g.apply(Action("aid", fi, tu))
    while g.decision == TRICKS:
        g.apply("pass")
    assert g.record.dice[n:] == [6, 1, 6]
    assert g.damage_dealt[br] == 4 - 2 and g.damage_dealt[fi] == 0  # each hit 2 less, and never below 0
    # so 2 damage in all: not 4 + 1 - 2 = 3 (the shield once off both hits), which would have killed
    # it, nor 2 - 1 (the Filler's hit taking damage off); it has healed 1 since, in B's Resource
    # phase (FW-HEAL-1)
    assert unit(g, "Turtle", 1).damage == 2 - 1


def test_FW_RESOLVE_2_temporary_modifications_end_after_resolution():
    g = load(pos(a={"hand": ["Rally"], "in_play": ["Grunt"]}))
    to_attack(g)
    g.apply(Action("attack", iid(g, "Grunt", 0)))
    g.apply("pass")
    assert g.decision == TRICKS
    g.apply(Action("event", iid(g, "Rally", 0, "hand"), iid(g, "Grunt", 0)))
    assert unit(g, "Grunt").att == 5
    while g.decision in (TRICKS, ANSWER):
        g.apply("pass")
    assert unit(g, "Grunt").att == 3


def test_FW_RESOLVE_3_both_can_die_simultaneously_FW_LEAVE_1_graveyard():
    g = load(pos(a={"in_play": ["Reaver"]}, b={"in_play": ["Reaver"]}), dice=[6, 6])
    fight(g, ["Reaver"], blocks=[("Reaver", "Reaver")])
    assert not g.seats[0].units and not g.seats[1].units
    assert len(g.seats[0].graveyard) == 1 and len(g.seats[1].graveyard) == 1


def test_KW_LAST_GASP_opponent_loses_capital_when_it_is_killed():
    g = load(pos(a={"hand": ["Bolt"]}, b={"in_play": ["Bomber"]}))
    g.apply(Action("event", iid(g, "Bolt", 0, "hand"), iid(g, "Bomber", 1)))
    assert g.seats[0].capital == 18


# ---------------------------------------------------------------- events and effects
def test_FW_EVENT_1_events_in_deploy_and_combat_windows_FW_EVENT_4_damage():
    g = load(pos(a={"hand": ["Bolt", "Filler"]}, b={"in_play": ["Grunt"]}))  # the Filler keeps the Deploy decision open
    g.apply(Action("event", iid(g, "Bolt", 0, "hand"), iid(g, "Grunt", 1)))
    assert unit(g, "Grunt", 1).damage == 2
    assert g.defs[g.seats[0].graveyard[-1]].name == "Bolt"


def test_FW_EVENT_2_the_other_player_may_answer_FW_EVENT_3_answer_resolves_first():
    g = load(pos(a={"pool": 5, "hand": ["Plague", "Filler"], "in_play": ["Grunt"]},
                 b={"pool": 1, "hand": ["Withdraw"], "in_play": ["Brute"]}))
    g.apply(Action("event", iid(g, "Plague", 0, "hand")))
    assert g.decision == ANSWER and g.current_player() == 1
    brute = iid(g, "Brute", 1)
    g.apply(Action("event", iid(g, "Withdraw", 1, "hand"), brute))
    assert brute in g.seats[1].hand            # withdrawn before the Plague took effect
    assert not g.seats[0].units                # Plague destroyed the rest
    assert g.decision == DEPLOY and g.current_player() == 0


def test_BG_EVENT_2_only_interrupts_resolve_before_earlier_events():
    # A Bolts (2 damage) B's Medic (Hp 6, 4 damage taken); B answers with Rescue (return it to hand),
    # not an Interrupt. Bolt first kills it (4 + 2 = 6) and Rescue fizzles; Rescue first saves it
    # (back in hand) and Bolt fizzles.
    # in bg a non-interrupt answer resolves after the event it answers: Bolt first
    medic = 40
    g = load(pos("bg", {"pool": 5, "hand": ["Bolt", "Filler"]},
                 {"pool": 2, "hand": ["Rescue"], "in_play": [{"id": medic, "card": "Medic", "damage": 4}]}))
    g.apply(Action("event", iid(g, "Bolt", 0, "hand"), medic))
    g.apply(Action("event", iid(g, "Rescue", 1, "hand"), medic))
    assert medic not in g.units and medic in g.seats[1].graveyard
    # in fw the answer resolves first (FW-EVENT-3): Rescue, then Bolt
    g = load(pos("fw", {"pool": 5, "hand": ["Bolt", "Filler"]},
                 {"pool": 2, "hand": ["Rescue"], "in_play": [{"id": medic, "card": "Medic", "damage": 4}]}))
    g.apply(Action("event", iid(g, "Bolt", 0, "hand"), medic))
    g.apply(Action("event", iid(g, "Rescue", 1, "hand"), medic))
    assert medic in g.seats[1].hand and medic not in g.units


def test_BG_EVENT_2_counter_must_be_an_interrupt_and_cancels_the_event():
    g = load(pos("bg", {"pool": 5, "hand": ["Tax"]}, {"pool": 2, "hand": ["Negate"]}))
    g.apply(Action("event", iid(g, "Tax", 0, "hand")))
    g.apply(Action("event", iid(g, "Negate", 1, "hand")))
    assert g.seats[1].capital == 40
    with pytest.raises(IllegalAction, match="answer"):
        g2 = load(pos("fw", {"hand": ["Negate"]}))
        g2.apply(Action("event", iid(g2, "Negate", 0, "hand")))


def test_FW_EVENT_4_every_action_drain_gain_draw_discard_res_lock_unlock_CORE_CAP_1():
    # (heal has its own window: test_FW_HEAL_2_*)
    g = load(pos(a={"pool": 20, "hand": ["Tax", "Boon", "Insight", "Spite", "Surge", "Chains", "Release", "Filler"],
                    "in_play": [{"card": "Grunt", "locked": True}]},
                 b={"pool": 0, "hand": ["Filler", "Filler"], "in_play": ["Brute"]}))
    cap_b = g.seats[1].capital

    def play(name, target=-1):
        g.apply(Action("event", iid(g, name, 0, "hand"), target))

    play("Tax")
    assert g.seats[1].capital == cap_b - 2
    play("Boon")
    assert g.seats[0].capital == 22
    n = len(g.seats[0].hand)
    play("Insight")
    assert len(g.seats[0].hand) == n - 1 + 2
    play("Spite")
    assert len(g.seats[1].hand) == 1
    pool = g.seats[0].pool
    play("Surge")
    assert g.seats[0].pool == pool + 2
    play("Chains", iid(g, "Brute", 1))
    assert unit(g, "Brute", 1).locked
    assert unit(g, "Grunt").locked
    play("Release", iid(g, "Grunt", 0))
    assert not unit(g, "Grunt").locked


def test_FW_EVENT_5_phase_restricted_events_only_in_their_phase():
    g = load(pos(a={"hand": ["Rally"], "in_play": ["Grunt"]}))
    with pytest.raises(IllegalAction, match="only in combat"):
        g.apply(Action("event", iid(g, "Rally", 0, "hand"), iid(g, "Grunt", 0)))


def test_FW_EFFECT_1_card_effect_paid_from_pool_FW_EFFECT_2_once_per_turn_FW_LOCK_3():
    """KW-EFFECT: the Sniper's effect keyword, cost 1 Res, locks its card."""
    def sniper(**state: Any) -> Any:
        return load(pos(a={"pool": 3, "hand": ["Filler"], "in_play": [{"id": 1, "card": "Sniper", **state}]},
                        b={"pool": 0, "in_play": [{"id": 40, "card": "Brute"}]}))

    g = sniper()
    g.apply(Action("effect", 1, 40, 0))
    assert g.seats[0].pool == 2 and unit(g, "Brute", 1).damage == 1
    assert unit(g, "Sniper").locked  # the effect locks its card
    with pytest.raises(IllegalAction, match="once per turn|locked"):
        g.apply(Action("effect", 1, 40, 0))
    # used this turn, though unlocked since: once per turn (FW-EFFECT-2)
    with pytest.raises(IllegalAction, match="once per turn"):
        sniper(used_effects=[0]).apply(Action("effect", 1, 40, 0))
    # not used this turn, but locked: an ability that locks cannot be used (FW-LOCK-3)
    with pytest.raises(IllegalAction, match="FW-LOCK-3"):
        sniper(locked=True).apply(Action("effect", 1, 40, 0))


# ---------------------------------------------------------------- end
def test_FW_END_1_capital_zero_loses_and_both_at_once_is_a_draw():
    g = load(pos(a={"in_play": ["Brute"]}, b={"capital": 4}))
    fight(g, ["Brute"])
    assert g.outcome is not None and g.outcome.winner == "a" and g.outcome.end_reason == "capital"
    g = load(pos(a={"capital": 1, "in_play": ["Bomber"]}, b={"capital": 2, "in_play": ["Brute"]}), dice=[6, 6])
    fight(g, ["Bomber"], blocks=[("Brute", "Bomber")])
    # A's Bomber dies (Brute hits it); its last gasp costs B 2 Capital at the same moment A
    # has lost nothing; only B reaches 0: A wins
    assert g.outcome.winner == "a"


def test_FW_END_1_simultaneous_zero_is_a_draw():
    g = load(pos(a={"capital": 2, "in_play": ["Bomber"]}, b={"capital": 2, "in_play": ["Bomber"]}), dice=[6, 6])
    fight(g, ["Bomber"], blocks=[("Bomber", "Bomber")])
    assert g.outcome is not None and g.outcome.winner == "draw"


def test_SIM_CAP_1_turn_cap_ends_in_a_draw():
    deck = compile_deck(["Wall"] * 40, CATALOG)
    g = new_game("fw", deck, deck, 1, turn_cap=30)
    while not g.is_terminal():
        acts = g.legal_actions()
        g.apply(next((a for a in acts if a.kind == "pass"), acts[0]))
    assert g.outcome.winner == "draw" and g.outcome.end_reason == "turn-cap" and g.outcome.turns == 30


# ---------------------------------------------------------------- bg
def test_BG_RES_1_resources_are_the_higher_of_two_d6():
    deck = compile_deck(["Filler"] * 40, CATALOG)
    g = new_game("bg", deck, deck, 5)
    r1, r2 = g.record.dice[0], g.record.dice[1]
    assert g.seats[0].pool == max(r1, r2)


def test_BG_SCEN_1_scenario_effects_in_the_scenarios_phase_no_flat_res():
    g = a_next_turn("bg", {"pool": 0, "in_play": ["Mill", "Tower"]}, dice=[3, 5])
    assert g.record.dice == [3, 5]
    assert g.seats[0].pool == 5 + 1  # the higher die, and only the Mill's income


def test_BG_HEAL_1_scenarios_heal_too():
    g = a_next_turn("bg", {"in_play": [{"card": "Tower", "damage": 2}]}, dice=[1, 1])
    assert unit(g, "Tower").damage == 1


def test_BG_HAND_1_with_eight_in_hand_the_drawn_card_is_discarded_BG_HAND_2():
    # dice: a's resources, then b's on the turn after
    g = a_next_turn("bg", {"hand": ["Filler"] * 8}, dice=[1, 1, 1, 1])
    assert len(g.seats[0].hand) == 8 and len(g.seats[0].graveyard) == 1
    g.apply("pass")  # no combat
    assert g.decision == DISCARD  # may discard one, or not
    g.apply("pass")
    assert g.active == 1


def test_BG_EXP_1_killed_card_costs_its_owner_exp_plus_attachments():
    g = load(pos("bg", {"hand": ["Bolt"]}, {"in_play": [{"id": 40, "card": "Reaver", "attachments": ["Blade"]}]}))
    g.apply(Action("event", iid(g, "Bolt", 0, "hand"), 40))
    assert g.seats[1].capital == 40 - 1 - 1


def test_BG_EXP_1_destroyed_scenario_costs_exp():
    # dice: the Ram's strike, then b's resources on its turn
    g = load(pos("bg", {"in_play": ["Ram"]}, {"in_play": ["Mill"]}), dice=[6, 1, 1])
    to_attack(g)
    ram, mill = iid(g, "Ram", 0), iid(g, "Mill", 1)
    g.apply(Action("attack", ram))
    end_attacks(g)
    g.apply(Action("scenario", ram, mill))
    while g.decision == TRICKS:
        g.apply("pass")
    assert g.seats[1].capital == 40 - 2


# ---------------------------------------------------------------- the API
def test_CORE_ACTION_1_actions_print_and_parse_and_illegal_actions_give_a_reason():
    g = load(pos(a={"hand": ["Grunt"]}))
    for a in g.legal_actions():
        assert Action.parse(str(a)) == a
    with pytest.raises(IllegalAction, match="not legal now .*: "):
        g.apply("attack 999")
    with pytest.raises(ValueError):
        Action.parse("deploy x")
