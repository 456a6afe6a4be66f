"""The Eredan rules engine (fwlab/rules/eredan, the ``eredan`` ruleset's engine): one test or more per
rule ID ``ER-…`` (see the module docstring of fwlab/rules/eredan/game.py). Each situation is written
in the positions format (docs/positions.md, "Eredan") over the eredan catalog and set up by
:func:`fwlab.rules.engines.load_position`; the rule options (``turn_cap``, ``deck_out``,
``zero_life_strikes``, ``score_overkill``) are tested through positions where they flip the result."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pytest
from er_rules_catalog import rules_catalog

from fwlab.catalog import CatalogError
from fwlab.rules.core import Action, IllegalAction
from fwlab.rules.engines import engine_for, load_position, position_of
from fwlab.rules.eredan.cards import compile_card, compile_deck, playable
from fwlab.rules.eredan.game import CHOOSE, DISCARD, PLAY, Game, new_game, replay

#: the catalog these rules tests are worked out on (tests/rules/er_rules_catalog: the numbers before
#: issue 27's rebalance, frozen so a balance change leaves the rules tests as they are)
CAT = rules_catalog()
PASS = Action("pass")
MERCS = ["Zephrin the Unbound", "Old Gorran", "Hrolf Ironpelt"]     # Mage; Craftsman Golem; Fighter/Craftsman
OTHERS = ["Seraphine Dawnsong", "Pip Quickfingers", "Sister Ashgrave"]  # Priest; Marauder; Fighter/Priest
FILL = "Sidestep"
FILLER = [FILL] * 20


# ------------------------------------------------------------------ positions
def side(chars: Sequence[Any] = MERCS, hand: Sequence[str] = (), deck: Sequence[str] | None = None,
         pad: int = 5, **kw: Any) -> dict[str, Any]:
    """One seat of a position: its characters (names, or objects with ``life``, ``dead``, ...), the
    named cards in hand (the rest of ``pad`` cards is Sidestep), the deck top first (default: 15
    Sidestep) and any other seat field (``score``, ``discard``, ``decked``)."""
    return {"characters": list(chars), "hand": list(hand) + [FILL] * max(0, pad - len(hand)),
            "deck": list(deck) if deck is not None else [FILL] * 15, **kw}


def position(a: dict[str, Any] | None = None, b: dict[str, Any] | None = None, *, turn: int = 1, chooser: int = 0,
             decision: str = "choose", **top: Any) -> dict[str, Any]:
    """A position at ``turn`` whose seat ``chooser`` chooses; a seat without a ``score`` gets the
    least one the rules allow: the Life the other side's characters have lost (ER-SCORE-1)."""
    seats = [a if a is not None else side(), b if b is not None else side(OTHERS)]
    for p, s in enumerate(seats):
        if "score" not in s:
            s["score"] = lost_life(seats[1 - p]["characters"])
    return {"ruleset": "eredan", "turn": turn, "active": chooser, "decision": decision, "seats": seats, **top}


def lost_life(chars: Sequence[Any]) -> int:
    total = 0
    for c in chars:
        c = {"card": c} if isinstance(c, str) else c
        full = int(CAT.cards[c["card"]].fields["life"])
        total += full - (0 if c.get("dead") else c.get("life", full))
    return total


def game(pos: dict[str, Any] | None = None, **kw: Any) -> Game:
    """The game set up from ``pos`` (default: :func:`position` of ``kw``)."""
    return load_position(pos if pos is not None else position(**kw), CAT)


def card(g: Game, seat: int, name: str) -> int:
    return next(i for i in g.seats[seat].hand if g.defs[i].name == name)


def fight(g: Game, a: int, b: int, play_chooser: str | None = None, play_other: str | None = None) -> None:
    """One fight: the chooser picks its character ``a`` and the enemy ``b``; each plays one card or
    passes (and passes any second card a chain allows); the Discard step is passed when it can be."""
    p = g.chooser
    g.apply(Action("choose", a, b))
    for seat, name in ((p, play_chooser), (1 - p, play_other)):
        assert g.current_player() == seat
        g.apply(Action("play", card(g, seat, name)) if name else PASS)
    while not g.is_terminal() and g.decision == PLAY:  # no second card through a chain
        g.apply(PASS)
    while not g.is_terminal() and g.decision == DISCARD and len(g.seats[g.decider].hand) <= 5:
        g.apply(PASS)


def life(g: Game, seat: int, idx: int) -> int:
    return g.seats[seat].chars[idx].life


# ------------------------------------------------------------------ cards
def test_ER_CARD_1_a_field_or_value_the_engine_does_not_execute_is_a_load_error_naming_file_card_field():
    ambush = CAT.cards["Ambush"]
    for fields, field in (({"flying": True}, "flying"),
                          ({"effects": [{"do": "teleport", "n": 1, "target": "foe"}]}, "effects[0]"),
                          ({"effects": [{"do": "heal", "n": 1, "target": "everyone"}]}, "effects[0]"),
                          ({"effects": [{"do": "heal", "n": 1}]}, "effects[0]"),
                          ({"chain": True, "chain_with": "banner"}, "chain_with")):
        with pytest.raises(CatalogError) as e:
            compile_card(replace(ambush, fields={**ambush.fields, **fields}))
        assert e.value.field == field and e.value.card == "Ambush"
        assert e.value.file.endswith("unaffiliated.toml")
    guem = CAT.cards["Guem of Brine"]
    with pytest.raises(CatalogError) as e:
        compile_card(replace(guem, fields={k: v for k, v in guem.fields.items() if k != "element"}))
    assert e.value.field == "element"
    # every card of the catalog is one the engine plays
    assert len(playable(CAT)) == len(CAT.cards)


# ------------------------------------------------------------------ setup and choosing
def test_ER_SETUP_1_three_characters_five_cards_each_initiative_from_the_seed():
    firsts = set()
    for seed in range(12):
        g = new_game(compile_deck(MERCS + FILLER, CAT), compile_deck(OTHERS + FILLER, CAT), seed)
        assert [len(s.chars) for s in g.seats] == [3, 3]
        assert [len(s.hand) for s in g.seats] == [5, 5] and [len(s.deck) for s in g.seats] == [15, 15]
        assert g.decision == CHOOSE and g.current_player() == g.first == g.record.first and g.turn == 1
        again = new_game(compile_deck(MERCS + FILLER, CAT), compile_deck(OTHERS + FILLER, CAT), seed)
        assert again.first == g.first and again.seats[0].hand == g.seats[0].hand
        firsts.add(g.first)
    assert firsts == {0, 1}
    with pytest.raises(ValueError, match="three different characters"):
        new_game(compile_deck(MERCS[:2] + FILLER, CAT), compile_deck(OTHERS + FILLER, CAT), 1)
    with pytest.raises(ValueError, match="three different characters"):
        new_game(compile_deck(MERCS[:2] + MERCS[:1] + FILLER, CAT), compile_deck(OTHERS + FILLER, CAT), 1)


def test_ER_SETUP_1_the_initiative_of_a_position_says_who_chooses_on_odd_turns():
    for first in (0, 1):
        for turn in (1, 2, 3):
            pos = position(turn=turn, decision="choose")
            del pos["active"]
            pos["initiative"] = first
            g = game(pos)
            chooser = first if turn % 2 else 1 - first
            assert g.current_player() == g.chooser == chooser and g.first == g.record.first == first
            assert position_of("eredan", g)["active"] == chooser


def test_ER_CHOOSE_1_the_choosing_player_alternates_and_picks_untapped_living_characters():
    g = game(chooser=1)
    assert g.current_player() == 1
    assert len(g.legal_actions()) == 9
    fight(g, 0, 0)
    assert g.turn == 2 and g.chooser == 0 and g.current_player() == 0
    why = g.why_illegal(Action("choose", 0, 0))
    assert why and "tapped" in why
    with pytest.raises(IllegalAction, match="tapped"):
        g.apply(Action("choose", 1, 0))
    assert g.why_illegal(Action("choose", 1, 1)) is None
    assert g.why_illegal(PASS) is not None
    # the same turn 2 with seat b's Sister Ashgrave dead
    dead = game(position(side([{"card": MERCS[0], "tapped": True}, *MERCS[1:]]),
                         side([{"card": OTHERS[0], "tapped": True}, OTHERS[1], {"card": OTHERS[2], "dead": True}]),
                         turn=2, chooser=0))
    assert "dead" in (dead.why_illegal(Action("choose", 1, 2)) or "")
    assert sorted((a.a, a.b) for a in dead.legal_actions()) == [(1, 1), (2, 1)]


# ------------------------------------------------------------------ playing cards
def test_ER_PLAY_1_one_card_each_chooser_first_with_class_guild_and_slot_restrictions():
    named = ["Flame Dart", "Cleave", "Mirror Skin", "Grave Hook I", "Oak Quarterstaff"]
    g = game(a=side(MERCS, named))
    g.apply(Action("choose", 2, 0))  # Hrolf (Fighter/Craftsman)
    assert g.decision == PLAY and g.current_player() == 0
    assert "no Mage" in (g.why_illegal(Action("play", card(g, 0, "Flame Dart"))) or "")
    assert "no Mage" in (g.why_illegal(Action("play", card(g, 0, "Mirror Skin"))) or "")  # a spell without damage
    assert "belongs to the Ashen Pact" in (g.why_illegal(Action("play", card(g, 0, "Grave Hook I"))) or "")
    assert g.why_illegal(Action("play", card(g, 0, "Cleave"))) is None
    assert "not in your hand" in (g.why_illegal(Action("play", 999)) or "")
    g.apply(Action("play", card(g, 0, "Oak Quarterstaff")))
    assert g.current_player() == 1 and g.decision == PLAY
    g.apply(PASS)
    assert g.decision == DISCARD
    g.apply(PASS)
    g.apply(PASS)
    # turn 2: seat 1 chooses; seat 0's Golem may carry another guild's item, Zephrin may not use Cleave
    g.apply(Action("choose", 1, 1))  # seat 1's Pip against seat 0's Old Gorran
    g.apply(PASS)
    assert "other classes" in (g.why_illegal(Action("play", card(g, 0, "Cleave"))) or "")
    assert g.why_illegal(Action("play", card(g, 0, "Grave Hook I"))) is None
    # the Golem already carries a weapon: a second one is refused
    held = game(position(side(["Zephrin the Unbound", {"card": "Old Gorran", "items": ["Oak Quarterstaff"]},
                               {"card": "Hrolf Ironpelt", "tapped": True}], ["Grave Hook I", "Cleave"], pad=4),
                         side([{"card": OTHERS[0], "tapped": True}, *OTHERS[1:]], pad=4),
                         turn=2, chooser=1, decision="play",
                         fight={"step": 1, "seats": [{"character": 1}, {"character": 1}]}))
    assert held.current_player() == 0
    assert "already wields Oak Quarterstaff" in (held.why_illegal(Action("play", card(held, 0, "Grave Hook I")))
                                                 or "")
    assert all(held.defs[a.a].name != "Grave Hook I" for a in held.legal_actions() if a.kind == "play")


# ------------------------------------------------------------------ the fight
def test_ER_FIGHT_1_physical_strikes_both_ways_at_once():
    g = game()
    fight(g, 2, 0)  # turn 1: Hrolf (Att 3, Def 2) against Seraphine (Att 1, Def 1)
    assert life(g, 1, 0) == 13 - 2 and life(g, 0, 2) == 15
    g = game()
    fight(g, 0, 2)  # Zephrin (1/1) against Ashgrave (3/2): 0 one way, 2 the other
    assert life(g, 0, 0) == 11 - 2 and life(g, 1, 2) == 15


def test_ER_FIGHT_1_spell_and_theurgy_damage_is_reduced_by_spirit():
    g = game(a=side(MERCS, ["Flame Dart"]), b=side(OTHERS, ["Smite the Wicked", "Ambush"]))
    fight(g, 0, 2, "Flame Dart", "Smite the Wicked")  # Zephrin (Def 1, Spirit 4) against Sister Ashgrave (Def 2, Spirit 2)
    # Flame Dart 3 - Spirit 2 = 1 and the pure Mage does not strike; Smite 3 - Spirit 4 -> 0; Ashgrave strikes 3 - 1 = 2
    assert life(g, 1, 2) == 15 - 1 and life(g, 0, 0) == 11 - 2


#: an item whose card deals damage (the catalog has none): Iron Longsword dealing 3 to the foe
BARBED_BLADE = replace(CAT.cards["Iron Longsword"], name="Barbed Blade",
                       fields={**CAT.cards["Iron Longsword"].fields, "name": "Barbed Blade",
                               "effects": [{"do": "damage", "n": 3, "target": "foe"}]})


def test_ER_FIGHT_1_damage_from_an_action_a_skill_or_an_item_is_reduced_by_def_not_spirit():
    # each target has Def below Spirit, so the three readings (Def, Spirit, nothing) differ
    g = game(b=side(OTHERS, ["Ambush"]))
    fight(g, 0, 1, None, "Ambush")  # an action: 2 - Zephrin's Def 1 = 1 (not 2 - Spirit 4, not 2)
    assert life(g, 0, 0) == 11 - (2 - 1) - (4 - 1)  # and Pip strikes: Att 3 + turn 1 bonus 1, Def 1
    assert g.seats[1].score == 1 + 3
    g = game(b=side(OTHERS, ["Shield Bash"]), chooser=1)
    fight(g, 2, 0, "Shield Bash")  # a skill: Sister Ashgrave's Shield Bash 2 - Zephrin's Def 1 = 1
    assert life(g, 0, 0) == 11 - (2 - 1) - (3 - 1)
    cat = {**CAT.cards, BARBED_BLADE.name: BARBED_BLADE}
    g = load_position(position(side(MERCS, ["Barbed Blade"])), cat)
    fight(g, 2, 0, "Barbed Blade")  # an item: 3 - Seraphine's Def 1 = 2 (Spirit 3), then Hrolf's 3 - 1
    assert life(g, 1, 0) == 13 - (3 - 1) - (3 - 1)
    assert [g.defs[i].name for i in g.seats[0].chars[2].items] == ["Barbed Blade"]


def test_ER_FIGHT_1_damage_reduced_below_0_deals_nothing_and_heals_nothing():
    # turn 3: Old Gorran (Def 3) at 10 Life takes Pip's Ambush: 2 - 3 -> 0, not -1 (no Life back)
    g = game(a=side([MERCS[0], {"card": "Old Gorran", "life": 10}, MERCS[2]]), b=side(OTHERS, ["Ambush"]),
             turn=3)
    before = g.seats[1].score
    fight(g, 1, 1, None, "Ambush")
    assert life(g, 0, 1) == 10  # Pip's strike too: Att 3 - Def 3 = 0
    assert g.seats[1].score == before
    assert life(g, 1, 1) == 12 - (2 - 1)  # Gorran strikes Pip: 2 - 1


def test_ER_FIGHT_1_a_multi_class_priest_strikes_after_a_theurgy():
    g = game(b=side(OTHERS, ["Smite the Wicked"]), chooser=1)
    fight(g, 2, 2, "Smite the Wicked")  # Sister Ashgrave (Fighter/Priest) against Hrolf (Def 2, Spirit 1)
    assert life(g, 0, 2) == 15 - (3 - 1) - (3 - 2)


def test_ER_BONUS_1_turn_bonuses_and_the_marauder_bonus():
    g = game(chooser=1)
    g.apply(Action("choose", 1, 2))  # Pip against Hrolf on turn 1: Att 3 + 1 (turn 1) + 1 (vs Fighter)
    pip, hrolf = g.seats[1].chars[1], g.seats[0].chars[2]
    assert g.stat(pip, 0) == 5 and g.stat(hrolf, 1) == 2
    g.apply(PASS)
    g.apply(PASS)
    assert hrolf.life == 15 - 3
    assert g.stat(pip, 0) == 3  # outside the fight: printed Att
    g = game(chooser=1)
    fight(g, 0, 0)  # turn 1: Seraphine against Zephrin
    g.apply(Action("choose", 2, 1))  # turn 2: Hrolf gets Def +1; Pip +1 Att against the Fighter
    assert g.stat(g.seats[0].chars[2], 1) == 3 and g.stat(g.seats[1].chars[1], 0) == 4
    # on turn 3 (no bonus of theirs) only the Marauder bonus is left
    g = game(chooser=0, turn=3)
    g.apply(Action("choose", 2, 1))
    assert g.stat(g.seats[0].chars[2], 1) == 2 and g.stat(g.seats[1].chars[1], 0) == 3 + 1


def death_position(**top: Any) -> dict[str, Any]:
    """Turn 3: seat a's Hrolf against seat b's Pip, who has 1 Life left and carries an Oak
    Quarterstaff (Att +1); seat a holds an Ambush (2 damage - Pip's Def 1, ER-FIGHT-1)."""
    return position(side(MERCS, ["Ambush"]),
                    side([OTHERS[0], {"card": "Pip Quickfingers", "life": 1, "items": ["Oak Quarterstaff"]}, OTHERS[2]]),
                    turn=3, **top)


def test_ER_DEATH_1_a_character_at_0_life_still_strikes_and_dies_at_the_end_of_the_fight():
    g = game(death_position())
    pip = g.seats[1].chars[1]
    wand = pip.items[0]
    g.apply(Action("choose", 2, 1))
    g.apply(Action("play", card(g, 0, "Ambush")))
    assert pip.life == 0 and not pip.dead
    g.apply(PASS)
    # Pip strikes at 0 Life: Att 3 + 1 (staff) + 1 (against a Fighter) against Hrolf's Def 2
    assert pip.dead and g.seats[0].chars[2].life == 15 - 3
    assert pip.items == [] and wand in g.seats[1].discard  # its items go to its owner's discard pile


def test_ER_DEATH_1_option_zero_life_strikes_false_a_character_at_0_life_does_not_strike():
    g = game(death_position(options={"zero_life_strikes": False}))
    assert g.record.options["zero_life_strikes"] is False
    g.apply(Action("choose", 2, 1))
    g.apply(Action("play", card(g, 0, "Ambush")))
    g.apply(PASS)
    assert g.seats[1].chars[1].dead and g.seats[0].chars[2].life == 15  # no strike from Pip
    assert position_of("eredan", g)["options"] == {"zero_life_strikes": False}


def test_ER_TAP_1_fighters_are_tapped_and_a_side_untaps_when_all_its_living_are_tapped():
    g = game()
    fight(g, 0, 0)
    assert [c.tapped for c in g.seats[0].chars] == [True, False, False]
    assert [c.tapped for c in g.seats[1].chars] == [True, False, False]
    g2 = game()
    fight(g2, 0, 0)
    fight(g2, 1, 1)
    assert [c.tapped for s in g2.seats for c in s.chars] == [True, True, False] * 2
    fight(g2, 2, 2)
    assert not any(c.tapped for s in g2.seats for c in s.chars)
    g3 = game(b=side([*OTHERS[:2], {"card": OTHERS[2], "dead": True}]), turn=3)
    fight(g3, 0, 0)
    fight(g3, 1, 1)  # seat 1's two living characters are tapped: they untap, seat 0's do not
    assert [c.tapped for c in g3.seats[1].chars[:2]] == [False, False]
    assert [c.tapped for c in g3.seats[0].chars] == [True, True, False]


def test_ER_HAND_1_refill_to_five_discard_step_and_hand_limit():
    g = game(a=side(MERCS, ["Rummage", "Ambush"]))
    g.apply(Action("choose", 0, 0))
    g.apply(Action("play", card(g, 0, "Rummage")))
    g.apply(PASS)
    assert g.decision == DISCARD and g.current_player() == 0 and len(g.seats[0].hand) == 6
    assert "discard down to 5" in (g.why_illegal(PASS) or "")
    assert PASS not in g.legal_actions()
    g.apply(Action("discard", card(g, 0, "Ambush")))
    g.apply(Action("discard", g.seats[0].hand[0]))  # any number may be discarded
    assert len(g.seats[0].hand) == 4 and len(g.seats[0].discard) == 3  # Rummage, Ambush and one more
    g.apply(PASS)
    g.apply(PASS)
    assert g.turn == 2 and [len(s.hand) for s in g.seats] == [5, 5]
    assert [len(s.deck) for s in g.seats] == [15 - 2 - 1, 15]  # Rummage drew two, the refill one


def score_position(**top: Any) -> dict[str, Any]:
    """Turn 3: seat a's Hrolf (13 of 15 Life) with Second Wind (heal 4) against seat b's Seraphine
    (1 Life left)."""
    return position(side([*MERCS[:2], {"card": "Hrolf Ironpelt", "life": 13}], ["Second Wind"]),
                    side([{"card": "Seraphine Dawnsong", "life": 1}, *OTHERS[1:]]), turn=3, **top)


def test_ER_SCORE_1_life_removed_plus_life_restored_no_overkill_no_overheal():
    g = game(score_position())
    before = [s.score for s in g.seats]
    fight(g, 2, 0, "Second Wind")  # Hrolf heals 4 (2 restored), strikes Seraphine for 2 (1 removed)
    assert g.seats[0].score == before[0] + 2 + 1 and g.seats[0].chars[2].life == 15
    assert g.seats[1].score == before[1]


def test_ER_SCORE_1_option_score_overkill_counts_the_whole_strike():
    g = game(score_position(options={"score_overkill": True}))
    before = [s.score for s in g.seats]
    fight(g, 2, 0, "Second Wind")
    assert g.seats[0].score == before[0] + 2 + 2  # the strike's 2 in full, the heal still as restored
    assert g.seats[1].chars[0].dead and g.seats[1].score == before[1]


def test_ER_ITEM_1_equipped_items_last_consumables_are_discarded_after_the_fight():
    g = game(a=side(MERCS, ["Iron Longsword", "Elixir of Might"]))
    hrolf = g.seats[0].chars[2]
    fight(g, 2, 0, "Iron Longsword")
    assert [g.defs[i].name for i in hrolf.items] == ["Iron Longsword"] and g.stat(hrolf, 0) == 5
    assert life(g, 1, 0) == 13 - (5 - 1)
    g = game(a=side(MERCS, ["Elixir of Might"]))
    hrolf = g.seats[0].chars[2]
    fight(g, 2, 0, "Elixir of Might")
    assert life(g, 1, 0) == 13 - (5 - 1) and hrolf.items == [] and g.stat(hrolf, 0) == 3
    assert [g.defs[i].name for i in g.seats[0].discard] == ["Elixir of Might"]


# ------------------------------------------------------------------ the ends
def test_ER_END_1_all_enemy_characters_dead():
    g = game(b=side([{"card": OTHERS[0], "life": 1}, *({"card": n, "dead": True} for n in OTHERS[1:])]), turn=3)
    fight(g, 2, 0)
    assert g.is_terminal() and g.outcome is not None
    assert g.outcome.winner == "a" and g.outcome.end_reason == "dead" and g.current_player() == -1
    assert g.legal_actions() == []


def test_ER_END_1_both_sides_dead_in_one_fight_the_higher_score_wins_equal_is_a_draw():
    for score_a, winner in ((40, "draw"), (45, "a")):
        a = side([{"card": n, "dead": True} for n in MERCS[:2]] + [{"card": MERCS[2], "life": 1}], score=score_a)
        b = side([{"card": n, "dead": True} for n in OTHERS[:2]] + [{"card": OTHERS[2], "life": 1}], score=40)
        g = game(position(a, b, turn=3))
        fight(g, 2, 2)  # Hrolf and Ashgrave strike each other for 1: both sides' last characters die
        assert [s.score for s in g.seats] == [score_a + 1, 41]
        assert g.outcome is not None and g.outcome.winner == winner and g.outcome.end_reason == "dead"


def test_ER_END_1_deck_out_ends_the_game_at_the_end_of_that_turn():
    g = game(a=side(MERCS, deck=[]))  # five cards in all: every one is in the hand
    fight(g, 0, 0, "Sidestep")  # Zephrin against Seraphine: 0 both ways; seat 0 cannot refill to 5
    assert g.turn == 2 and g.seats[0].decked and not g.is_terminal()
    fight(g, 1, 1)  # seat 1's Pip (3 against Def 3) against Old Gorran (2 against Def 1)
    assert g.outcome is not None and g.outcome.end_reason == "deck-out" and g.turn == 2
    assert (g.seats[0].score, g.seats[1].score) == (1, 0) and g.outcome.winner == "a"  # the higher score wins
    g = game(deck_out_position(score_b=1))
    fight(g, 1, 2)  # Pip (3 + 1 against the Fighter) against Hrolf (Def 2 + 1 on turn 2): 1; Hrolf 3 - 1 = 2
    assert (g.seats[0].score, g.seats[1].score) == (2, 2)
    assert g.outcome is not None and g.outcome.winner == "b"  # equal scores: the one who did not run out


def deck_out_position(score_b: int = 0, **top: Any) -> dict[str, Any]:
    """Turn 2 after a quiet first fight: seat a ran out (four cards in hand, nothing to draw), seat b
    chooses."""
    tapped = [{"card": MERCS[0], "tapped": True}, *MERCS[1:]]
    return position(side(tapped, deck=[], pad=4, discard=["Sidestep"], decked=True),
                    side([{"card": OTHERS[0], "tapped": True}, *OTHERS[1:]], score=score_b), turn=2, chooser=1, **top)


def test_ER_END_1_option_deck_out_loses_the_side_that_ran_out_loses_whatever_the_score():
    for opts, winner in (({}, "a"), ({"deck_out": "loses"}, "b")):
        g = game(deck_out_position(options=opts))
        fight(g, 1, 1)  # Old Gorran scores 1 against Pip: seat a, who ran out, is ahead 1-0
        assert (g.seats[0].score, g.seats[1].score) == (1, 0)
        assert g.outcome is not None and g.outcome.end_reason == "deck-out" and g.outcome.winner == winner


def test_ER_END_1_a_game_still_running_at_the_turn_cap_is_a_draw():
    g = game(a=side(["Old Gorran", "Sister Ashgrave", "Hrolf Ironpelt"]), options={"turn_cap": 2})
    fight(g, 0, 0)
    assert not g.is_terminal()
    fight(g, 1, 1)
    assert g.outcome is not None and g.outcome.end_reason == "turn-cap" and g.outcome.winner == "draw"
    g = game(a=side(["Old Gorran", "Sister Ashgrave", "Hrolf Ironpelt"]), options={"turn_cap": 3})
    fight(g, 0, 0)
    fight(g, 1, 1)
    assert not g.is_terminal() and g.turn == 3  # the option is the cap: one more turn is played


def test_ER_END_1_ER_RECORD_1_rule_options_reach_the_game_its_record_and_its_replay():
    from fwlab.decks.starters import starter_decks

    eng = engine_for("eredan")
    setups = [list(d.cards()) for d in starter_decks("eredan")[:2]]  # legal: the engine refuses 20 Sidesteps
    g = eng.new_game("eredan", setups, 3, 0, deck_out="loses", zero_life_strikes=False, turn_cap=50, catalog=CAT)
    assert g.record.options == {"turn_cap": 50, "deck_out": "loses", "zero_life_strikes": False}
    assert eng.new_game("eredan", setups, 3, 0).record.options == {"turn_cap": 200}
    rng = random.Random(3)
    while not g.is_terminal():
        g.apply(rng.choice(g.legal_actions()))
    r = replay(g.record, CAT)
    assert r.fingerprint() == g.fingerprint()
    assert (r.deck_out_loses, r.zero_life_strikes, r.score_overkill, r.turn_cap) == (True, False, False, 50)
    with pytest.raises(ValueError, match="unknown eredan option"):
        eng.new_game("eredan", setups, 3, 0, hand_size=6)


# ------------------------------------------------------------------ record, replay, clone
def random_setup(rng: random.Random) -> list[str]:
    cards = [d for d in playable(CAT)]
    mercs = [d.name for d in cards if d.is_character and d.guild == "Mercenary"]
    deck = [d.name for d in cards if not d.is_character and not d.guild]
    return rng.sample(mercs, 3) + [rng.choice(deck) for _ in range(20)]


def play_randomly(g: Game, rng: random.Random, limit: int = 5000) -> int:
    steps = 0
    while not g.is_terminal():
        legal = g.legal_actions()
        assert legal, g.summary()
        for a in legal:
            assert g.why_illegal(a) is None
        g.apply(rng.choice(legal))
        steps += 1
        assert steps < limit
    return steps


def test_ER_RECORD_1_replay_rebuilds_the_game_and_clone_is_independent():
    rng = random.Random(7)
    a, b = random_setup(rng), random_setup(rng)
    g = new_game(compile_deck(a, CAT), compile_deck(b, CAT), 42)
    for _ in range(25):
        if g.is_terminal():
            break
        g.apply(rng.choice(g.legal_actions()))
    c = g.clone()
    r = replay(g.record, CAT)
    assert r.summary() == g.summary() == c.summary()
    assert g.record.setups == (tuple(a), tuple(b)) and g.record.to_dict()["ruleset"] == "eredan"
    play_randomly(c, random.Random(1))
    assert c.is_terminal() and r.summary() == g.summary()


def test_ER_RECORD_1_a_game_set_up_from_a_position_keeps_it_in_its_record():
    pos = death_position()
    g = game(pos)
    start = g.record.options["position"]
    assert start == position_of("eredan", g, deck=True) and start["seats"][1]["characters"][1]["life"] == 1
    g.apply(Action("choose", 2, 1))
    assert g.record.options["position"] == start and [str(a) for _, a in g.record.actions] == ["choose 2 1"]


def test_ER_END_1_random_play_always_ends():
    reasons = set()
    for seed in range(20):
        rng = random.Random(seed)
        g = new_game(compile_deck(random_setup(rng), CAT), compile_deck(random_setup(rng), CAT), seed)
        play_randomly(g, rng)
        assert g.outcome is not None
        reasons.add(g.outcome.end_reason)
    assert reasons <= {"dead", "deck-out", "turn-cap"} and reasons & {"dead", "deck-out"}


def test_ER_END_1_random_play_without_discarding_ends_by_death_deck_out_or_the_turn_cap():
    reasons = set()
    for seed in range(40):
        rng = random.Random(seed)
        g = new_game(compile_deck(random_setup(rng), CAT), compile_deck(random_setup(rng), CAT), seed)
        while not g.is_terminal():
            legal = g.legal_actions()
            assert legal, g.summary()
            keep = [a for a in legal if a.kind != "discard"] or legal
            g.apply(rng.choice(keep))
            assert g.turn <= 200
        assert g.outcome is not None
        reasons.add(g.outcome.end_reason)
    assert "dead" in reasons and reasons <= {"dead", "deck-out", "turn-cap"}
