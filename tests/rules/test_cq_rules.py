"""Conquest of the Fallen Lands (ruleset ``conquest``): one test or more per rule of docs/rules.md,
section "Conquest", each built so that the other reading of the rule fails it. Positions are built
on real games of the shipped catalog by tests/rules/cq_setup.py."""

from __future__ import annotations

from collections import Counter

import pytest
from cq_setup import CAT, CENTRE, CENTRE_NEIGHBOURS, DEFS, fresh, hand_names, iid_of, names, position

from fwlab.catalog import Card, CatalogError
from fwlab.rules.conquest import compile_card, new_game, replay, shared_deck
from fwlab.rules.conquest.game import (
    DIFFICULTIES,
    EXCHANGE,
    FOLLOWERS,
    HIRE,
    MULLIGAN,
    TASKS,
    Game,
)
from fwlab.rules.core import Action, IllegalAction
from fwlab.rules.hexgrid import board_fields, field_count

W, C, M = 0, 1, 2


def pick_all(g: Game, kinds: tuple[int, int] = (W, W)) -> list[int]:
    """Every seat takes the same two free followers; returns the seats in the order they picked."""
    order = []
    while g.decision == FOLLOWERS:
        g.apply(Action("follower", kinds[len(order) % 2]))
        order.append(g.decider)
    return order


def illegal(g: Game, action: str, *words: str) -> None:
    with pytest.raises(IllegalAction) as err:
        g.apply(action)
    for w in words:
        assert w in str(err.value), str(err.value)


def card(name: str, type_: str, **fields: object) -> Card:
    return Card("conquest", name, type_, None, "common", None, None, None, "",
                {"name": name, "type": type_, "copies": 1, **fields}, source="test.toml", line=3)


# ------------------------------------------------------------------ CQ-CARD-1
def test_CQ_CARD_1_every_shipped_card_compiles_and_the_deck_is_every_copy():
    deck = shared_deck(CAT)
    assert len(deck) == sum(c.fields["copies"] for c in CAT) == 127
    assert Counter(d.name for d in deck)["Militia"] == 4
    effects = {e.op for d in deck for e in d.effects}
    assert effects == {0, 1, 2, 3, 4, 5}   # claim, boost, draw, coins, steal_support, refresh all shipped


@pytest.mark.parametrize("c, field, words", [
    (card("X", "magic", followers={"mage": 1}, effects=[{"do": "teleport"}]), "effects[0]", "do='teleport'"),
    (card("X", "magic", followers={"mage": 1}, effects=[{"do": "draw", "n": 1, "twice": True}]), "effects[0]",
     "parameter 'twice'"),
    (card("X", "magic", followers={"mage": 1}, effects=[{"do": "draw"}]), "effects[0]", "needs 'n'"),
    (card("X", "magic", followers={"mage": 1}, effects=[{"do": "claim", "max": 4}, {"do": "refresh", "n": 2}]),
     "effects", "needs 3 targets"),
    (card("X", "troop", followers={"warrior": 1}, attack=2, support=0, range=3), "range", "field 'range'"),
    (card("X", "fortification", followers={"archer": 1}, support=1), "followers", "follower 'archer'"),
    (card("X", "magic", followers={"warrior": 1}, effects=[{"do": "draw", "n": 1}]), "followers", "at least one mage"),
])
def test_CQ_CARD_1_a_field_or_effect_the_engine_does_not_execute_is_a_load_error(c, field, words):
    with pytest.raises(CatalogError) as err:
        compile_card(c)
    assert err.value.field == field and err.value.card == "X" and err.value.file == "test.toml"
    assert words in str(err.value)


# ------------------------------------------------------------------ CQ-BOARD-1
def test_CQ_BOARD_1_nineteen_fields_with_the_ruled_difficulties_laid_out_by_the_seed():
    a, b, a2 = fresh(seed=1), fresh(seed=2), fresh(seed=1)
    assert a.nf == 19 == len(board_fields(2)) and sorted(a.diff) == list(DIFFICULTIES)
    assert sorted(DIFFICULTIES) == [1, 2, 3, 4, 4, 5, 5, 6, 6, 6, 7, 7, 8, 8, 9, 9, 10, 11, 12]
    assert a.diff == a2.diff and a.diff != b.diff          # the seed lays the board out
    layouts = {tuple(fresh(seed=s).diff) for s in range(20)}
    assert len(layouts) == 20
    assert len(a.adj[CENTRE]) == 6 and sorted(a.adj[CENTRE]) == list(CENTRE_NEIGHBOURS) and len(a.adj[0]) == 3


def test_CQ_BOARD_1_radius_and_difficulties_are_parameters():
    g = fresh(radius=1, difficulties=[1, 2, 3, 4, 5, 6, 12])
    assert g.nf == 7 == field_count(1) and sorted(g.diff) == [1, 2, 3, 4, 5, 6, 12]
    assert g.record.options == {"radius": 1, "difficulties": [1, 2, 3, 4, 5, 6, 12]}
    with pytest.raises(ValueError, match="radius 1 has 7 fields: it needs 7 difficulties, not 19"):
        fresh(radius=1)
    with pytest.raises(ValueError, match="difficulty is 1 to 12, not 13"):
        fresh(difficulties=[13] * 19)


# ------------------------------------------------------------------ CQ-SETUP-1/2
@pytest.mark.parametrize("n", [3, 4, 5])
def test_CQ_SETUP_1_twenty_five_coins_and_eight_hidden_cards_each_from_one_shuffled_deck(n):
    g = fresh(n=n, seed=7)
    assert [s.coins for s in g.seats] == [25] * n
    assert [len(s.hand) for s in g.seats] == [8] * n
    assert len(g.deck) == 127 - 8 * n and g.discard == [] and g.card_count() == 127
    assert g.deck != sorted(g.deck) and fresh(n=n, seed=7).deck == g.deck and fresh(n=n, seed=8).deck != g.deck
    assert [s.fol for s in g.seats] == [[0, 0, 0]] * n
    with pytest.raises(ValueError, match="3 to 5 seats, not 2"):
        fresh(n=2)


def test_CQ_SETUP_2_two_free_followers_of_any_kind_each_in_round_one_order():
    g = fresh(n=4, first=1)
    assert g.decision == FOLLOWERS and g.legal_actions() == [Action("follower", k) for k in range(3)]
    deciders = []
    kinds = [(M, M), (W, C), (C, C), (W, M)]
    for i in range(8):
        deciders.append(g.decider)
        g.apply(Action("follower", kinds[i // 2][i % 2]))
    assert deciders == [1, 1, 0, 0, 3, 3, 2, 2]           # after seeing their 8 cards, in turn order
    assert [s.fol for s in g.seats] == [[1, 1, 0], [0, 0, 2], [1, 0, 1], [0, 2, 0]]
    assert g.decision != FOLLOWERS and g.active == 1 and g.turn == 1
    illegal(fresh(), "follower 3", "K is 0 (warrior), 1 (craftsman) or 2 (mage)")


# ------------------------------------------------------------------ CQ-ORDER-1
def _turn_order(n: int, first: int, turns: int) -> list[int]:
    """The seat of each of the first ``turns`` turns, every player only passing (the idle count is
    reset so that CQ-END-2 does not end the game)."""
    g = fresh(n=n, first=first, seed=3)
    pick_all(g, (C, C))
    seen: list[int] = []
    last = 0
    while len(seen) < turns:
        if g.turn != last:
            seen.append(g.active)
            last = g.turn
        g.idle = 0
        g.apply({HIRE: "nohire", MULLIGAN: "keep", TASKS: "end", EXCHANGE: "done"}[g.decision])
    return seen


def test_CQ_ORDER_1_round_one_counter_clockwise_then_clockwise_from_its_last_player():
    # seats are numbered clockwise: counter-clockwise from seat 1 is 1, 0, 3, 2
    assert _turn_order(4, 1, 12) == [1, 0, 3, 2, 2, 3, 0, 1, 2, 3, 0, 1]
    assert _turn_order(3, 0, 9) == [0, 2, 1, 1, 2, 0, 1, 2, 0]
    assert _turn_order(5, 3, 10) == [3, 2, 1, 0, 4, 4, 0, 1, 2, 3]


# ------------------------------------------------------------------ CQ-HIRE-1
def test_CQ_HIRE_1_five_coins_one_follower_a_turn_available_at_once():
    g = position({0: ["Pikemen"]}, followers={0: (1, 0, 0)}, diff={CENTRE: 5}, decision=HIRE)
    assert g.legal_actions() == [Action("nohire"), Action("hire", 0), Action("hire", 1), Action("hire", 2)]
    g.apply("hire 0")
    assert g.seats[0].coins == 20 and g.seats[0].fol == [2, 0, 0]
    assert g.decision == TASKS                                  # one hire a turn: on to Complete Tasks
    illegal(g, "hire 0", "start of your turn")
    g.apply(f"conquer {iid_of(g, 0, 'Pikemen')} {CENTRE}")     # the new warrior works this turn
    assert g.seats[0].coins == 25


def test_CQ_HIRE_1_no_hire_decision_under_five_coins():
    hands = {0: ["Militia", "Scouts"], 1: ["Moat", "Palisade"]}
    g = position(hands, followers={0: (1, 0, 0)}, coins={1: 4}, decision=EXCHANGE)
    g.apply("done")
    assert g.active == 1 and g.decision == EXCHANGE and g.seats[1].coins == 4    # straight to the Draw step
    g2 = position(hands, followers={0: (1, 0, 0)}, coins={1: 5}, decision=EXCHANGE)
    g2.apply("done")
    assert g2.active == 1 and g2.decision == HIRE


# ------------------------------------------------------------------ CQ-FOLLOWERS-1
def test_CQ_FOLLOWERS_1_a_card_needs_exactly_its_followers_never_substitutes():
    g = position({0: ["Pikemen", "Halberdiers"]}, followers={0: (1, 2, 2)}, diff={CENTRE: 1, 0: 1})
    illegal(g, f"conquer {iid_of(g, 0, 'Pikemen')} {CENTRE}", "needs 2 warrior unexpended", "CQ-FOLLOWERS-1")
    g = position({0: ["Halberdiers", "Militia"]}, followers={0: (2, 1, 0)}, diff={CENTRE: 1, 0: 1})
    g.apply(f"conquer {iid_of(g, 0, 'Halberdiers')} {CENTRE}")
    assert g.seats[0].exp == [2, 1, 0]
    assert g.decision != TASKS                                  # Militia's warrior is expended: nothing left


# ------------------------------------------------------------------ CQ-CONQUER-1..3, CQ-SUPPORT-1
def test_CQ_CONQUER_1_attack_plus_adjacent_own_support_at_least_the_difficulty():
    fields = {4: (0, "Sappers", None), 18: (0, "Shieldbearers", None)}   # support 2 next to the centre, 3 far
    g = position({0: ["Pikemen"]}, followers={0: (2, 0, 0)}, diff={CENTRE: 7, 10: 8}, fields=fields)
    illegal(g, f"conquer {iid_of(g, 0, 'Pikemen')} 10", "attack 5 + support 0 is less than the difficulty 8")
    g.apply(f"conquer {iid_of(g, 0, 'Pikemen')} {CENTRE}")     # 5 + 2 == 7: equal is enough
    assert g.owner[CENTRE] == 0 and g.seats[0].coins == 25 + 7


def test_CQ_CONQUER_1_equal_suffices_and_one_short_does_not():
    g = position({0: ["Pikemen"]}, followers={0: (2, 0, 0)}, diff={CENTRE: 6}, fields={4: (0, "Scouts", None)})
    assert g.why_illegal(Action("conquer", iid_of(g, 0, "Pikemen"), CENTRE)) is None       # 5 + 1 = 6
    g = position({0: ["Pikemen"]}, followers={0: (2, 0, 0)}, diff={CENTRE: 7}, fields={4: (0, "Scouts", None)})
    assert "less than the difficulty 7" in g.why_illegal(Action("conquer", iid_of(g, 0, "Pikemen"), CENTRE))


def test_CQ_SUPPORT_1_only_your_own_troops_and_fortifications_on_adjacent_fields():
    fields = {4: (1, "Shieldbearers", "Keep"), 5: (0, None, None), 8: (0, "Scouts", "Garrison"), 11: (0, "Sappers", None)}
    g = position({0: ["Pikemen"]}, followers={0: (2, 0, 0)}, diff={CENTRE: 9, 10: 6}, fields=fields)
    # own: Scouts 1 + Garrison 2 on field 8 count; seat b's 3 + 4 on field 4 and the claimed field 5 do not;
    # Sappers on 11 is not next to the centre
    assert g.support_for(0, CENTRE) == 3 and g.support_for(1, CENTRE) == 7
    illegal(g, f"conquer {iid_of(g, 0, 'Pikemen')} {CENTRE}", "attack 5 + support 3 is less than the difficulty 9")
    assert g.support_for(0, 10) == 2                            # next to 11 (Sappers 2) and to the claimed 5 (0)
    g.apply(f"conquer {iid_of(g, 0, 'Pikemen')} 10")


def test_CQ_CONQUER_2_only_untaken_fields_and_one_troop_per_field():
    g = position({0: ["Militia", "Militia"]}, followers={0: (2, 0, 0)}, diff={CENTRE: 1, 4: 1, 0: 1},
                 fields={4: (1, None, None)})
    illegal(g, f"conquer {iid_of(g, 0, 'Militia')} 4", "already taken")              # claimed by seat b
    g.apply(f"conquer {iid_of(g, 0, 'Militia')} {CENTRE}")
    illegal(g, f"conquer {iid_of(g, 0, 'Militia')} {CENTRE}", "already taken")       # own field too
    assert g.troop[CENTRE] >= 0 and g.card_count() == 127


def test_CQ_CONQUER_3_the_reward_is_the_difficulty_and_the_troop_stays():
    g = position({0: ["Heavy Infantry", "Militia"]}, followers={0: (4, 0, 0)}, diff={CENTRE: 8, 0: 2})
    heavy = iid_of(g, 0, "Heavy Infantry")
    g.apply(f"conquer {heavy} {CENTRE}")
    assert g.seats[0].coins == 33 and g.troop[CENTRE] == heavy and heavy not in g.deck + g.discard
    g.apply(f"conquer {iid_of(g, 0, 'Militia')} 0")
    assert g.seats[0].coins == 35 and g.seats[0].fields == 2


# ------------------------------------------------------------------ CQ-FORTIFY-1
def test_CQ_FORTIFY_1_own_conquered_fields_one_each_even_the_same_turn():
    g = position({0: ["Militia", "Garrison", "Palisade", "Moat"]}, followers={0: (1, 3, 0)},
                 diff={CENTRE: 2, 10: 7}, fields={4: (1, "Scouts", None), 5: (0, None, None), 18: (0, "Wardens", None)})
    garrison, palisade, moat = (iid_of(g, 0, x) for x in ("Garrison", "Palisade", "Moat"))
    illegal(g, f"fortify {garrison} 4", "not yours with your troop")   # seat b's field
    illegal(g, f"fortify {garrison} 5", "not yours with your troop")   # claimed: no troop
    illegal(g, f"fortify {garrison} {CENTRE}", "not yours with your troop")   # not yet conquered
    g.apply(f"conquer {iid_of(g, 0, 'Militia')} {CENTRE}")
    g.apply(f"fortify {garrison} {CENTRE}")                     # conquered earlier the same turn
    illegal(g, f"fortify {palisade} {CENTRE}", "one per field")
    assert g.fsup[CENTRE] == 2 and g.support_for(0, 10) == 2 and g.card_count() == 127
    g.apply(f"fortify {moat} 18")
    assert g.fsup[18] == 1 + 1 and g.decision != TASKS


# ------------------------------------------------------------------ CQ-MAGIC-1..3
def test_CQ_MAGIC_1_magic_needs_a_mage_and_only_in_your_own_complete_tasks():
    g = position({0: ["Alchemy", "Alchemy", "Militia"], 1: ["Alchemy"]}, followers={0: (2, 0, 1), 1: (0, 0, 1)},
                 diff={CENTRE: 1})
    alch = iid_of(g, 0, "Alchemy")
    g.apply(f"magic {alch}")
    assert g.seats[0].coins == 28 and alch in g.discard
    illegal(g, f"magic {iid_of(g, 0, 'Alchemy')}", "needs 1 mage unexpended")
    g = position({0: ["Alchemy", "Militia"], 1: ["Alchemy"]}, followers={0: (0, 0, 1), 1: (0, 0, 1)},
                 decision=EXCHANGE)
    illegal(g, f"magic {iid_of(g, 0, 'Alchemy')}", "only in your own Complete Tasks")
    g.apply("done")
    assert g.decider == 1 and g.decision == HIRE
    illegal(g, f"magic {iid_of(g, 1, 'Alchemy')}", "only in your own Complete Tasks")


def test_CQ_MAGIC_1_boost_adds_to_the_next_troop_only_and_boosts_add_up():
    g = position({0: ["Battle Fury", "Bloodlust", "Pikemen", "Spearmen", "Foresight"]}, followers={0: (3, 0, 3)},
                 diff={CENTRE: 10, 10: 4, 0: 12}, deck=["Militia"])
    pike, spear = iid_of(g, 0, "Pikemen"), iid_of(g, 0, "Spearmen")
    illegal(g, f"conquer {pike} {CENTRE}", "less than the difficulty 10")
    g.apply(f"magic {iid_of(g, 0, 'Battle Fury')}")
    g.apply(f"magic {iid_of(g, 0, 'Bloodlust')}")
    assert g.boost == 5
    g.apply(f"conquer {pike} {CENTRE}")                          # 5 + 2 + 3 = 10
    assert g.boost == 0
    illegal(g, f"conquer {spear} 10", "attack 3 + support 0 is less than the difficulty 4")   # used up
    g.apply(f"magic {iid_of(g, 0, 'Foresight')}")                # draw 1 and +1
    assert hand_names(g, 0)[-1] == "Militia" and g.boost == 1
    g.apply(f"conquer {spear} 10")


def test_CQ_MAGIC_1_an_unused_boost_ends_with_the_turn():
    g = position({0: ["Battle Fury"], 1: ["Militia"]}, followers={0: (0, 0, 1), 1: (1, 0, 0)},
                 diff={CENTRE: 4, 0: 2}, coins={1: 0})
    g.apply(f"magic {iid_of(g, 0, 'Battle Fury')}")
    assert g.active == 1 and g.boost == 0
    illegal(g, f"conquer {iid_of(g, 1, 'Militia')} {CENTRE}", "attack 2 + support 0")


def test_CQ_MAGIC_1_draw_and_coins():
    g = position({0: ["Divination", "Arcane Library", "Tribute", "Philosopher's Stone"]}, followers={0: (0, 1, 6)})
    before = len(g.deck)
    g.apply(f"magic {iid_of(g, 0, 'Divination')}")
    assert len(g.seats[0].hand) == 3 + 2 and len(g.deck) == before - 2
    g.apply(f"magic {iid_of(g, 0, 'Arcane Library')}")
    assert len(g.seats[0].hand) == 4 + 4
    g.apply(f"magic {iid_of(g, 0, 'Tribute')}")
    assert g.seats[0].coins == 29 and len(g.seats[0].hand) == 7 + 1
    g.apply(f"magic {iid_of(g, 0, 'Philosopher' + chr(39) + 's Stone')}")
    assert g.seats[0].coins == 35 and g.seats[0].exp == [0, 1, 6]


def test_CQ_MAGIC_1_steal_support_counts_opponents_support_for_the_next_conquest_only():
    fields = {4: (1, "Shieldbearers", "Keep"), 14: (2, "Sappers", None), 3: (1, "Shieldbearers", None)}
    g = position({0: ["Turncoats", "Pikemen", "Mounted Lancers"]}, followers={0: (4, 0, 1)},
                 diff={CENTRE: 12, 8: 12}, fields=fields)
    pike, lancers = iid_of(g, 0, "Pikemen"), iid_of(g, 0, "Mounted Lancers")
    illegal(g, f"conquer {pike} {CENTRE}", "attack 5 + support 0")
    g.apply(f"magic {iid_of(g, 0, 'Turncoats')}")
    assert g.support_for(0, CENTRE) == 3 + 4 + 2                 # both opponents' troops and the Keep
    g.apply(f"conquer {pike} {CENTRE}")                          # 5 + 9 >= 12
    assert g.steal is False and g.support_for(0, 8) == 0        # next to 3 and 4 (seat b) and the centre (mine: 0)
    illegal(g, f"conquer {lancers} 8", "attack 6 + support 0 is less than the difficulty 12")


def test_CQ_MAGIC_1_refresh_restores_expended_followers_of_the_kinds_named():
    g = position({0: ["Pikemen", "Mounted Lancers", "Call to Arms", "Second Wind"]}, followers={0: (2, 0, 2)},
                 diff={CENTRE: 5, 0: 6})
    g.apply(f"conquer {iid_of(g, 0, 'Pikemen')} {CENTRE}")
    wind = iid_of(g, 0, "Second Wind")
    illegal(g, f"magic {wind} 1", "no expended craftsman")
    illegal(g, f"magic {wind}", "restores 1 expended follower(s): give the kind")
    call = iid_of(g, 0, "Call to Arms")
    assert Action("magic", call, 0, 0) in g.legal_actions() and Action("magic", call, 0, 2) in g.legal_actions()
    g.apply(f"magic {call} 0 0")
    assert g.seats[0].exp == [0, 0, 1]
    g.apply(f"conquer {iid_of(g, 0, 'Mounted Lancers')} 0")
    assert g.seats[0].coins == 25 + 5 + 6


def test_CQ_MAGIC_2_a_refresh_names_no_more_followers_than_are_expended():
    g = position({0: ["Call to Arms", "Militia"]}, followers={0: (1, 0, 1)}, diff={CENTRE: 12})
    call = iid_of(g, 0, "Call to Arms")
    illegal(g, f"magic {call} 2 2", "takes 1 target(s)")        # only the mage it costs is expended
    illegal(g, f"magic {call} 0", "no expended warrior")
    assert [a for a in g.legal_actions() if a.kind == "magic"] == [Action("magic", call, 2)]
    g.apply(f"magic {call} 2")
    assert g.seats[0].exp == [0, 0, 0]


def test_CQ_MAGIC_3_claim_takes_a_field_up_to_its_maximum_without_troop_or_coins():
    g = position({0: ["Claim", "Greater Claim", "Prospector's Luck", "Garrison"]}, followers={0: (0, 2, 4)},
                 diff={CENTRE: 5, 4: 4, 0: 3, 10: 8})
    claim = iid_of(g, 0, "Claim")
    illegal(g, f"magic {claim} {CENTRE}", "difficulty 4 or less; field 9 has 5")
    illegal(g, f"magic {claim}", "give the field")
    g.apply(f"magic {claim} 4")
    assert g.owner[4] == 0 and g.troop[4] == -1 and g.seats[0].coins == 25 and g.took and g.taken == 1
    illegal(g, f"magic {iid_of(g, 0, 'Greater Claim')} 4", "already taken")
    illegal(g, f"fortify {iid_of(g, 0, 'Garrison')} 4", "not yours with your troop")    # no troop on it
    g.apply(f"magic {iid_of(g, 0, 'Greater Claim')} 10")
    g.apply(f"magic {iid_of(g, 0, 'Prospector' + chr(39) + 's Luck')} 0")
    assert g.owner[0] == 0 and g.seats[0].coins == 27 and g.support_for(0, 1) == 0


# ------------------------------------------------------------------ CQ-DRAW-1/2, CQ-RESTORE-1
def test_CQ_DRAW_1_draw_one_plus_one_per_unexpended_mage():
    g = position({0: ["Hedge Wizards", "Militia"]}, followers={0: (0, 0, 3)}, diff={CENTRE: 3},
                 deck=["Scouts", "Sappers", "Archers", "Moat"])
    g.apply(f"conquer {iid_of(g, 0, 'Hedge Wizards')} {CENTRE}")    # one of three mages expended; nothing left
    assert hand_names(g, 0) == ["Militia", "Scouts", "Sappers", "Archers"] and g.decision == EXCHANGE
    g = position({0: ["Militia"]}, followers={0: (1, 0, 0)}, diff={CENTRE: 12}, deck=["Scouts", "Sappers"])
    g.apply("end")
    assert hand_names(g, 0) == ["Militia", "Scouts"]


def test_CQ_DRAW_2_exchange_two_cards_for_one_as_often_as_wished():
    g = position({0: ["Militia", "Scouts", "Moat", "Claim", "Alchemy"]}, followers={0: (0, 0, 0)},
                 deck=["Archers", "Keep", "Pikemen"])
    g.apply("end")                                               # draws Archers
    assert g.decision == EXCHANGE and len(g.seats[0].hand) == 6
    g.apply(f"exchange {iid_of(g, 0, 'Moat')} {iid_of(g, 0, 'Claim')}")
    assert hand_names(g, 0) == ["Militia", "Scouts", "Alchemy", "Archers", "Keep"] and names(g, g.discard[-2:]) == ["Moat", "Claim"]
    illegal(g, f"exchange {iid_of(g, 0, 'Militia')} {iid_of(g, 0, 'Militia')}", "two different cards")
    g.apply(f"exchange {iid_of(g, 0, 'Keep')} {iid_of(g, 0, 'Militia')}")    # a card drawn by an exchange may go again
    assert len(g.seats[0].hand) == 4 and g.card_count() == 127
    g.apply("done")
    assert g.active != 0


def test_CQ_RESTORE_1_expended_followers_are_restored_and_kept_for_good():
    g = position({0: ["Pikemen", "Militia"]}, followers={0: (2, 1, 0)}, diff={CENTRE: 5})
    g.apply(f"conquer {iid_of(g, 0, 'Pikemen')} {CENTRE}")
    assert g.seats[0].exp == [2, 0, 0]
    while g.active == 0:
        g.apply("done" if g.decision == EXCHANGE else "end")
    assert g.seats[0].exp == [0, 0, 0] and g.seats[0].fol == [2, 1, 0]


def test_CQ_TURN_1_hire_then_tasks_then_draw_and_exchange_then_the_next_player():
    g = position({0: ["Militia", "Scouts"], 1: ["Scouts"]}, followers={0: (1, 0, 0)}, decision=HIRE, diff={CENTRE: 2},
                 deck=["Moat", "Keep"])
    g.apply("nohire")
    assert g.decision == TASKS
    illegal(g, f"exchange {iid_of(g, 0, 'Militia')} {iid_of(g, 0, 'Scouts')}", "after the Draw step")
    g.apply(f"conquer {iid_of(g, 0, 'Militia')} {CENTRE}")      # nothing left to do: the Draw step runs
    assert g.decision == EXCHANGE and hand_names(g, 0) == ["Scouts", "Moat"]
    illegal(g, f"conquer {iid_of(g, 0, 'Scouts')} 0", "Complete Tasks")
    g.apply("done")
    assert g.active == 1 and g.decision == HIRE


# ------------------------------------------------------------------ CQ-MULLIGAN-1
def _first_turn(hand: list[str], followers: tuple[int, int], diff: int = 5, hire: str = "nohire") -> Game:
    g = fresh(n=3, first=0, seed=5)
    g.diff = [diff] * g.nf
    pool = sorted(g.deck + [i for s in g.seats for i in s.hand])
    mine = []
    for nm in hand:
        i = next(i for i in pool if g.defs[i].name == nm)
        pool.remove(i)
        mine.append(i)
    g.seats[0].hand = mine
    g.deck = pool
    g.seats[1].hand, g.seats[2].hand = [], []
    g.apply(Action("follower", followers[0]))
    g.apply(Action("follower", followers[1]))
    for _ in range(4):
        g.apply("follower 1")
    assert g.active == 0 and g.decision == HIRE
    g.apply(hire)
    return g


def test_CQ_MULLIGAN_1_first_turn_only_when_no_troop_can_conquer_discard_and_draw_eight():
    g = _first_turn(["Pikemen", "Alchemy", "Claim", "Moat"], (W, C))   # Pikemen needs two warriors
    assert g.decision == MULLIGAN and g.legal_actions() == [Action("keep"), Action("mulligan")]
    old = list(g.seats[0].hand)
    top = list(reversed(g.deck[-8:]))
    g.apply("mulligan")
    assert g.seats[0].hand[:8] == top and g.discard == old and g.card_count() == 127


def test_CQ_MULLIGAN_1_counts_the_followers_held_after_hiring():
    g = _first_turn(["Pikemen", "Alchemy"], (W, C), hire="hire 0")     # the hired warrior makes Pikemen work
    assert g.decision == TASKS
    g = _first_turn(["Pikemen", "Alchemy"], (W, W))
    assert g.decision == TASKS                                          # a troop can conquer: no mulligan


def test_CQ_MULLIGAN_1_not_after_the_first_turn_nor_after_a_task():
    g = position({0: ["Alchemy", "Claim"]}, followers={0: (0, 0, 1)}, own_turns=2, decision=HIRE)
    g.apply("nohire")
    assert g.decision == TASKS
    illegal(g, "mulligan", "first turn only")
    g = _first_turn(["Pikemen", "Alchemy"], (W, C))
    g.apply("keep")
    illegal(g, "mulligan", "first turn only")


# ------------------------------------------------------------------ CQ-DECK-1
def test_CQ_DECK_1_an_empty_deck_is_refilled_by_shuffling_the_discards():
    g = position({0: ["Militia"]}, followers={0: (1, 0, 0)}, diff={CENTRE: 12},
                 deck=["Scouts", "!"], discard=["Moat", "Keep", "Claim", "Alchemy"])
    g.apply("end")                                   # draws Scouts: the deck is now empty
    assert g.deck == [] and hand_names(g, 0) == ["Militia", "Scouts"]
    g.apply(f"exchange {iid_of(g, 0, 'Militia')} {iid_of(g, 0, 'Scouts')}")
    assert g.discard == [] and len(g.deck) == 5 and len(g.seats[0].hand) == 1
    assert set(hand_names(g, 0) + names(g, g.deck)) == {"Moat", "Keep", "Claim", "Alchemy", "Militia", "Scouts"}


# ------------------------------------------------------------------ CQ-END-1/2
def test_CQ_END_1_the_game_ends_the_moment_every_field_is_taken():
    taken = {f: (1 + f % 3, None, None) for f in range(19) if f not in (CENTRE, 0)}
    g = position({0: ["Militia", "Militia", "Alchemy"]}, followers={0: (2, 0, 1)}, diff={CENTRE: 2, 0: 1},
                 fields=taken)
    g.apply(f"conquer {iid_of(g, 0, 'Militia')} {CENTRE}")
    assert not g.is_terminal()
    g.apply(f"conquer {iid_of(g, 0, 'Militia')} 0")
    assert g.is_terminal() and g.outcome.end_reason == "all-taken" and g.current_player() == -1
    assert g.outcome.places == (1, 2, 2, 2) and g.legal_actions() == []
    illegal(g, "end", "the game is over")


def test_CQ_END_1_a_claim_can_take_the_last_field():
    taken = {f: (1, None, None) for f in range(19) if f != 0}
    g = position({0: ["Claim"]}, followers={0: (0, 0, 1)}, diff={0: 3}, fields=taken)
    g.apply(f"magic {iid_of(g, 0, 'Claim')} 0")
    assert g.outcome is not None and g.outcome.end_reason == "all-taken"


FORTS = [["Palisade", "Moat"], ["Palisade", "Garrison"], ["Palisade", "Watchtower"], ["Palisade", "Outpost"],
         ["Moat", "Garrison"]]


def _idle_turn(g: Game) -> None:
    seat = g.active
    while g.active == seat and g.outcome is None:
        g.apply({HIRE: "nohire", TASKS: "end", EXCHANGE: "done", MULLIGAN: "keep"}[g.decision])


@pytest.mark.parametrize("n", [3, 4, 5])
def test_CQ_END_2_as_many_turns_in_a_row_as_players_without_conquest_or_claim(n):
    hands = {s: FORTS[s] for s in range(n)}
    g = position(hands, n=n, followers={s: (0, 0, 0) for s in range(n)}, decision=TASKS)
    for i in range(n - 1):
        _idle_turn(g)
        assert g.outcome is None and g.idle == i + 1
    _idle_turn(g)
    assert g.outcome is not None and g.outcome.end_reason == "idle" and g.outcome.places == (1,) * n


def test_CQ_END_2_a_claim_or_a_conquest_starts_the_count_again():
    hands = {0: ["Claim", *FORTS[0]], 1: ["Militia", *FORTS[1]], 2: FORTS[2], 3: FORTS[3]}
    g = position(hands, followers={0: (0, 0, 1), 1: (1, 0, 0)}, diff={CENTRE: 2, 0: 4, 18: 12}, coins={s: 0 for s in range(4)})
    g.apply(f"magic {iid_of(g, 0, 'Claim')} 0")               # seat a claims
    _idle_turn(g)
    assert g.idle == 0
    g.apply(f"conquer {iid_of(g, 1, 'Militia')} {CENTRE}")     # seat b conquers
    _idle_turn(g)
    assert g.idle == 0 and g.outcome is None
    for _ in range(3):
        _idle_turn(g)
    assert g.outcome is None and g.idle == 3
    _idle_turn(g)
    assert g.outcome is not None and g.outcome.end_reason == "idle"


# ------------------------------------------------------------------ CQ-SCORE-1
def test_CQ_SCORE_1_most_coins_wins_ties_share_and_every_seat_is_placed():
    taken = {f: (1, None, None) for f in range(19) if f != 0}
    g = position({0: ["Pikemen"]}, followers={0: (2, 0, 0)}, diff={0: 5}, fields=taken,
                 coins={0: 25, 1: 30, 2: 12, 3: 29})
    g.apply(f"conquer {iid_of(g, 0, 'Pikemen')} 0")
    assert g.coins == [30, 30, 12, 29]
    assert g.outcome.places == (1, 1, 4, 3) and g.outcome.winner == "draw" and g.outcome.winners == (0, 1)
    assert g.outcome.win_share(0) == g.outcome.win_share(1) == 0.5


# ------------------------------------------------------------------ CQ-LOG-1, CORE-REPLAY-1
def test_CQ_LOG_1_card_events_per_seat_and_card_and_coins_each_round():
    from fwlab.sim import play_match

    r = play_match("conquest", [None] * 4, ["heuristic"] * 4, seed=11, first=2, record=True)
    names_ = {d.name for d in DEFS}
    assert len(r.card_events) == 4 * len(names_)
    assert set(r.card_events[0]) == {"seat", "card", "in_opening_hand", "drawn_turn", "deployed_turn", "killed_turn",
                                     "damage_dealt", "scored"}
    assert sum(e["in_opening_hand"] for e in r.card_events) >= 4
    assert all(e["killed_turn"] is None and e["damage_dealt"] == 0 for e in r.card_events)
    start = 4 * 25
    earned = sum(e["scored"] for e in r.card_events)
    hires = sum(1 for _, a in r.record.actions if a.kind == "hire")
    assert sum(r.scores) == start + earned - 5 * hires      # coins come only from rewards, coin magic and hiring
    assert all(len(t) == 5 for t in r.capital) and r.capital[-1][1:] == r.scores
    assert [t[0] for t in r.capital] == sorted({t[0] for t in r.capital})
    assert all(t[0] % 4 == 0 for t in r.capital[:-1])          # one entry per round of four turns
    again = replay(r.record, CAT)
    assert again.outcome == r.outcome and again.coins == list(r.scores)


def test_CQ_LOG_1_new_game_checks_its_arguments():
    with pytest.raises(ValueError, match="first seat 3 is not one of the 3 seats"):
        new_game(DEFS, 3, 1, 3)
