"""The Eredan rules of chains, card order, classes, races, castes, allies, order bonuses, item slots
and retrieval (docs/rules.md, "Eredan ITCG"): one test or more per rule ID, each built so that it
fails under the other reading of the rule. Each situation is written in the positions format
(docs/positions.md, "Eredan") and set up by :func:`fwlab.rules.engines.load_position`, over the
eredan catalog; a few tests add cards the catalog lacks (a spell with Chain, a Guemelite that is no
Mage, ...) by ``dataclasses.replace`` on catalog cards, in a test catalog of their own."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

import pytest
from er_rules_catalog import rules_catalog

from fwlab.catalog import Card
from fwlab.rules.core import Action, PositionError
from fwlab.rules.engines import load_position
from fwlab.rules.eredan.cards import ATT, DEF, FILTER_CODES, SPIRIT, compile_card
from fwlab.rules.eredan.game import DISCARD, PLAY, Game, why_not_for
from fwlab.rules.eredan.position import position_of

#: the catalog these rules tests are worked out on (tests/rules/er_rules_catalog: the numbers before
#: issue 27's rebalance, frozen so a balance change leaves the rules tests as they are)
CAT = rules_catalog()
PASS = Action("pass")
MERCS = ["Zephrin the Unbound", "Old Gorran", "Hrolf Ironpelt"]          # pure Mage; Craftsman Golem; Fighter/Craftsman
OTHERS = ["Seraphine Dawnsong", "Pip Quickfingers", "Sister Ashgrave"]   # Priest; Marauder; Priest/Fighter (Ashen Pact)
EMBER = ["Solenne Flamecrown", "Corvan Emberguard", "Ilyra Cinderveil"]  # pure Mage; pure Fighter (weapon); Mage/Priest
TIDE = ["Nerys Frostweave", "Thalos Deepshield", "Guem of Brine"]       # pure Mage; Fighter Golem (armour); Guemelite Mage
ASHEN = ["Vekra Nightclaw", "Grask Bonecrusher", "Morvath the Hollow"]  # Marauder; pure Fighter (weapon); Mage/Marauder
FILL = "Sidestep"


def variant(base: str, name: str, **fields: Any) -> Card:
    """A test card: catalog card ``base`` renamed ``name`` with ``fields`` changed (``None`` removes one)."""
    card = CAT.cards[base]
    new = {**card.fields, "name": name, **fields}
    return replace(card, name=name, fields={k: v for k, v in new.items() if v is not None})


def with_cards(*cards: Card) -> dict[str, Card]:
    """The eredan catalog with the given test cards added."""
    return {**CAT.cards, **{c.name: c for c in cards}}


#: cards the catalog does not have
CHAINED_NOVA = variant("Frost Nova", "Chained Nova", chain=True)               # an AoE spell with Chain
CHAINED_ROBBING = variant("Grave Robbing", "Chained Robbing", chain=True)      # a retrieval with Chain
CHAINED_SURGE = variant("Tidal Surge", "Chained Surge", chain=True)            # a water spell with Chain
LINKED_SURGE = variant("Tidal Surge", "Spell-linked Surge", chain=True, chain_with="spell")
FIGHTER_GUEM = variant("Guem of Brine", "Guem of Shoals", classes=["Fighter"])  # a Guemelite that is no Mage
ITEM_CHAIN_OSSRA = variant("Ossra Wavecutter", "Ossra the Armed", item_chain="weapon")  # multi-class with item_chain
ITEM_CHAIN_HROLF = variant("Hrolf Ironpelt", "Hrolf the Armed", item_chain="weapon")
TINKERS_BRACE = variant("Tinker's Gauntlet", "Tinker's Brace", effects=[{"do": "att", "n": 2, "target": "self"}])
PACT_TALISMAN = variant("Grave Hook I", "Pact Talisman", kind="jewel", evolution=None,
                        effects=[{"do": "att", "n": 1, "target": "ally"}])       # another guild's ally item
GUILD_SURGE = variant("Tidal Surge", "Tidewardens Surge", guild="Tidewardens")  # water, but a guild card
CASTE_SURGE = variant("Tidal Surge", "Deepcaste Surge", caste="Deep")           # water, but a caste card
DEEP_GUEM = variant("Guem of Brine", "Guem of the Deep", classes=["Fighter"], caste="Deep")
TCAT = with_cards(CHAINED_NOVA, CHAINED_ROBBING, CHAINED_SURGE, LINKED_SURGE, FIGHTER_GUEM, ITEM_CHAIN_OSSRA, ITEM_CHAIN_HROLF, TINKERS_BRACE,
                  PACT_TALISMAN, GUILD_SURGE, CASTE_SURGE, DEEP_GUEM)


Char = str | dict[str, Any]


def position(chars_a: Sequence[Char] = MERCS, chars_b: Sequence[Char] = OTHERS, hand_a: Sequence[str] = (),
             hand_b: Sequence[str] = (), extra_a: Sequence[str] = (), extra_b: Sequence[str] = (), chooser: int = 0,
             turn: int = 1, deck_a: Sequence[str] | None = None, deck_b: Sequence[str] | None = None,
             discard_a: Sequence[str] = (), discard_b: Sequence[str] = (), cat: Mapping[str, Card] = TCAT,
             **top: Any) -> dict[str, Any]:
    """A position (docs/positions.md) at ``turn`` (default 1, the choice) whose seat ``chooser``
    chooses: each side's characters (names, or objects with ``life``, ``tapped``, ``items``, ...), a
    hand of the named cards (the rest of five Sidestep), a deck of ``extra_*`` then Sidestep to 20
    cards in all (``deck_*``: the deck itself), a discard pile (``discard_*``, oldest first) and the least score the rules allow (the Life the
    other side has lost, ER-SCORE-1) unless ``top`` gives the seats' ``scores``."""
    scores = top.pop("scores", None)
    seats = []
    for chars, hand, extra, deck, discard in ((chars_a, hand_a, extra_a, deck_a, discard_a),
                                              (chars_b, hand_b, extra_b, deck_b, discard_b)):
        full = list(hand) + [FILL] * max(0, 5 - len(hand))
        cards = list(deck) if deck is not None else list(extra) + [FILL] * max(0, 15 - len(extra))
        seats.append({"characters": list(chars), "hand": full, "deck": cards, "discard": list(discard)})
    for p, seat in enumerate(seats):
        seat["score"] = scores[p] if scores is not None else lost_life(seats[1 - p]["characters"], cat)
    return {"ruleset": "eredan", "turn": turn, "active": chooser, "decision": "choose", "seats": seats, **top}


def lost_life(chars: Sequence[Char], cat: Mapping[str, Card]) -> int:
    total = 0
    for c in chars:
        c = {"card": c} if isinstance(c, str) else c
        full = int(cat[c["card"]].fields["life"])
        total += full - (0 if c.get("dead") else c.get("life", full))
    return total


def game(*args: Any, cat: Mapping[str, Card] = TCAT, **kw: Any) -> Game:
    """The game set up from ``position(*args, **kw)`` over the test catalog."""
    return load_position(position(*args, cat=cat, **kw), cat)


def card(g: Game, seat: int, name: str) -> int:
    return next(i for i in g.seats[seat].hand if g.defs[i].name == name)


def play(g: Game, name: str | None, target: int = -1) -> None:
    """The current player plays the named card (``None``: passes)."""
    g.apply(PASS if name is None else Action("play", card(g, g.current_player(), name), target))


def why(g: Game, name: str, target: int = -1) -> str | None:
    return g.why_illegal(Action("play", card(g, g.current_player(), name), target))


def life(g: Game, seat: int, idx: int) -> int:
    return g.seats[seat].chars[idx].life


def second_card(chars: Sequence[str], idx: int, first: str, cat: Mapping[str, Card] = TCAT,
                chars_b: Sequence[str] = OTHERS) -> bool:
    """Whether seat 0's character ``idx``, having played ``first`` as its first card (seat 1 passing
    its first), is offered a second card."""
    g = game(chars, chars_b, hand_a=[first], cat=cat)
    g.apply(Action("choose", idx, 1))
    assert why(g, first) is None, why(g, first)
    play(g, first)
    assert g.current_player() == 1 and g.decision == PLAY  # the other player's first card comes between
    g.apply(PASS)
    return g.decision == PLAY and g.current_player() == 0


# ------------------------------------------------------------------ ER-CHAIN-1: cards with Chain
def test_ER_CHAIN_1_a_chain_card_played_first_gives_a_second_card_after_the_other_players_first():
    g = game(hand_a=["Battle Cry", "Ambush"])
    g.apply(Action("choose", 2, 0))  # Hrolf against Seraphine
    play(g, "Battle Cry")
    assert g.current_player() == 1 and g.decision == PLAY  # not at once: the other player's first card first
    play(g, None)
    assert g.current_player() == 0 and g.decision == PLAY and g.f_step == 2
    play(g, "Ambush")
    assert g.decision == DISCARD  # the other player opened no chain: no fourth card
    # Ambush 2 and Hrolf's strike 3 + 1 (Battle Cry), each against Seraphine's Def 1 (ER-FIGHT-1)
    assert life(g, 1, 0) == 13 - (2 - 1) - (4 - 1)
    # without Chain: no second card
    assert not second_card(MERCS, 2, "Sidestep")
    assert second_card(MERCS, 2, "Battle Cry") and second_card(MERCS, 2, "Quick Reflexes")


def test_ER_CHAIN_1_a_chain_card_played_as_the_second_card_opens_no_third():
    g = game(hand_a=["Battle Cry", "Quick Reflexes"])
    g.apply(Action("choose", 2, 0))
    play(g, "Battle Cry")
    play(g, None)
    play(g, "Quick Reflexes")  # a Chain card, but the second one
    assert g.decision == DISCARD


def test_ER_CHAIN_1_the_other_players_chain_gives_only_them_a_second_card_fourth():
    g = game(hand_b=["Battle Cry", "Ambush"])
    g.apply(Action("choose", 2, 1))
    play(g, None)        # chooser's first
    play(g, "Battle Cry")  # other's first, with Chain
    assert g.current_player() == 1 and g.decision == PLAY and g.f_step == 3
    play(g, "Ambush")
    assert g.decision == DISCARD


def test_ER_CHAIN_1_chain_with_restricts_the_second_card_to_a_type():
    g = game(hand_a=["Shield Bash", "Cleave", "Iron Longsword", "Healing Draught", "Battle Cry"])
    g.apply(Action("choose", 2, 0))  # Hrolf (Fighter/Craftsman: no item chain of its own)
    play(g, "Shield Bash")  # Chain: an item
    play(g, None)
    assert g.current_player() == 0 and g.decision == PLAY
    for name in ("Cleave", "Battle Cry"):
        assert "does not fit the chain" in (why(g, name) or ""), name
    assert why(g, "Iron Longsword") is None and why(g, "Healing Draught") is None
    plays = {g.defs[a.a].name for a in g.legal_actions() if a.kind == "play"}
    assert plays == {"Iron Longsword", "Healing Draught"}


def test_ER_CHAIN_1_chain_with_an_item_kind_admits_only_items_of_that_kind():
    tide = ["Nerys Frostweave", "Ossra Wavecutter", "Maelis Tidecaller"]
    g = game(tide, hand_a=["Wavebreaker Stance", "Pearlscale Armour", "Coral Trident", "Brine Elixir"])
    g.apply(Action("choose", 1, 0))  # Ossra (Marauder/Fighter)
    play(g, "Wavebreaker Stance")  # Chain: an armour
    play(g, None)
    assert why(g, "Pearlscale Armour") is None
    for name in ("Coral Trident", "Brine Elixir"):  # items, but no armour
        assert "does not fit the chain" in (why(g, name) or ""), name


def test_ER_CHAIN_1_a_printed_chain_works_for_guemelites_and_multi_class_mages_alike():
    # what they lose is the Mage's class ability (ER-CHAIN-3), not the Chain printed on a card
    assert second_card(MERCS, 0, "Chained Nova")  # a pure Mage
    assert second_card(TIDE, 2, "Chained Nova")  # Guem of Brine, a Guemelite (pure) Mage
    assert second_card(EMBER, 2, "Chained Nova")  # Ilyra, Mage/Priest
    assert second_card(ASHEN, 2, "Chained Nova")  # Morvath, Mage/Marauder
    shoals = ["Guem of Shoals", "Thalos Deepshield", "Maelis Tidecaller"]  # a Guemelite that is no Mage
    assert second_card(shoals, 0, "Chained Surge")
    assert second_card(TIDE, 2, "Battle Cry")  # an action's Chain too
    # without a printed Chain, still no chain on a spell for them (ER-CHAIN-3)
    assert not second_card(TIDE, 2, "Frost Nova") and not second_card(shoals, 0, "Tidal Surge")
    # the printed restriction holds for them as for anyone
    g = game(TIDE, hand_a=["Spell-linked Surge", "Battle Cry", "Flame Dart"])
    g.apply(Action("choose", 2, 1))
    play(g, "Spell-linked Surge")
    play(g, None)
    assert g.current_player() == 0 and g.decision == PLAY and g.f_chain[0] == FILTER_CODES["spell"]
    assert "does not fit the chain" in (why(g, "Battle Cry") or "") and why(g, "Flame Dart") is None


# ------------------------------------------------------------------ ER-CHAIN-2: pure Fighters
def test_ER_CHAIN_2_a_pure_fighter_chains_any_card_after_an_item_of_its_item_chain_kind():
    g = game(EMBER, hand_a=["Iron Longsword", "Cleave", "Cinder Mail", "Court Decree"])
    g.apply(Action("choose", 1, 0))  # Corvan: item chain on weapons
    play(g, "Iron Longsword")
    play(g, None)
    assert g.current_player() == 0 and g.decision == PLAY
    for name in ("Cleave", "Cinder Mail", "Court Decree"):  # a skill, an armour, an action: any card
        assert why(g, name) is None, name
    play(g, "Cleave")
    assert g.decision == DISCARD
    assert not second_card(EMBER, 1, "Cinder Mail")  # an armour: not its item chain kind
    assert not second_card(EMBER, 1, "Healing Draught")
    aldric = ["Aldric the Wanderer", "Pip Quickfingers", "Seraphine Dawnsong"]  # item chain on jewels
    assert second_card(aldric, 0, "Ring of Vigour")
    assert not second_card(aldric, 0, "Iron Longsword")


def test_ER_CHAIN_2_a_multi_class_fighter_gets_no_item_chain():
    # Hrolf (Fighter/Craftsman) and Ossra (Marauder/Fighter), even given an item_chain field
    assert not second_card(["Zephrin the Unbound", "Old Gorran", "Hrolf the Armed"], 2, "Iron Longsword")
    assert not second_card(["Nerys Frostweave", "Ossra the Armed", "Maelis Tidecaller"], 1, "Coral Trident")
    assert not second_card(MERCS, 2, "Iron Longsword")


# ------------------------------------------------------------------ ER-CHAIN-3: pure Mages
def test_ER_CHAIN_3_a_pure_mage_chains_any_card_after_a_spell_that_is_not_aoe():
    g = game(hand_a=["Flame Dart", "Sidestep", "Flame Dart"])
    g.apply(Action("choose", 0, 1))  # Zephrin
    play(g, "Flame Dart")
    play(g, None)
    assert g.current_player() == 0 and g.decision == PLAY
    assert why(g, "Sidestep") is None and why(g, "Flame Dart") is None  # any card
    assert second_card(MERCS, 0, "Mirror Skin")  # a spell without damage too
    assert second_card(EMBER, 0, "Arcane Missile")


def test_ER_CHAIN_3_no_chain_after_an_aoe_spell():
    assert not second_card(MERCS, 0, "Frost Nova")
    assert not second_card(MERCS, 0, "Chain Lightning")


def test_ER_CHAIN_3_multi_class_mages_guemelite_mages_and_priests_do_not_chain():
    assert not second_card(EMBER, 2, "Flame Dart")  # Ilyra, Mage/Priest
    assert not second_card(ASHEN, 2, "Flame Dart")  # Morvath, Mage/Marauder
    assert not second_card(TIDE, 2, "Flame Dart")  # Guem of Brine, a pure Mage but a Guemelite
    assert not second_card(TIDE, 2, "Tidal Surge")
    # a Priest does not chain theurgies as a Mage chains spells
    assert not second_card(OTHERS, 0, "Smite the Wicked", chars_b=MERCS)


# ------------------------------------------------------------------ ER-ORDER-1
def test_ER_ORDER_1_play_order_chooser_first_other_first_chooser_second_other_second():
    tide = ["Nerys Frostweave", "Thalos Deepshield", "Maelis Tidecaller"]
    g = game(MERCS, tide, hand_a=["Flame Dart", "Mirror Skin", "Battle Cry"],
             hand_b=["Flame Dart", "Mirror Skin", "Battle Cry"])
    g.apply(Action("choose", 0, 0))  # Zephrin against Nerys: both pure Mages
    order = []
    for name in ("Flame Dart", "Flame Dart", "Mirror Skin", "Mirror Skin"):
        order.append((g.current_player(), g.f_step))
        play(g, name)
    assert order == [(0, 0), (1, 1), (0, 2), (1, 3)]
    assert g.decision == DISCARD
    g.apply(PASS)
    g.apply(PASS)
    # turn 2: seat 1 chooses, so it plays first and third
    g.apply(Action("choose", 2, 1))  # Maelis against Old Gorran
    order = []
    for _ in range(4):
        order.append(g.current_player())
        play(g, "Battle Cry" if len(order) <= 2 else None)
    assert order == [1, 0, 1, 0] and g.decision == DISCARD


def test_ER_ORDER_1_the_other_players_first_card_resolves_before_the_choosers_second_not_before_the_first():
    # Zephrin's spells against Sister Ashgrave (Spirit 2); her Divine Shield (+3 Spirit) comes between them
    g = game(hand_a=["Flame Dart", "Stormlash III"], hand_b=["Divine Shield"])
    ash = g.seats[1].chars[2]
    g.apply(Action("choose", 0, 2))
    play(g, "Flame Dart")
    assert ash.life == 15 - (3 - 2)  # resolved when played
    play(g, "Divine Shield", 2)
    assert g.stat(ash, SPIRIT) == 5
    play(g, "Stormlash III")
    assert ash.life == 15 - (3 - 2) - (6 - 5)
    assert g.decision == DISCARD and ash.life == 13  # the pure Mage did not strike
    assert life(g, 0, 0) == 11 - (3 - 1)


def test_ER_ORDER_1_the_choosers_second_card_resolves_before_the_other_players_second():
    # Nerys casts two Stormlash III at Zephrin (Spirit 4); Zephrin's Mirror Skin (+1 Spirit) comes between them
    tide = ["Nerys Frostweave", "Thalos Deepshield", "Maelis Tidecaller"]
    g = game(MERCS, tide, hand_a=["Flame Dart", "Mirror Skin"], hand_b=["Stormlash III", "Stormlash III"])
    g.apply(Action("choose", 0, 0))
    play(g, "Flame Dart")  # 3 against Nerys's Spirit 4 + 1 (turn 1): nothing
    play(g, "Stormlash III")
    assert life(g, 0, 0) == 11 - (6 - 4)
    play(g, "Mirror Skin")
    play(g, "Stormlash III")
    assert life(g, 0, 0) == 11 - (6 - 4) - (6 - 5) and g.decision == DISCARD
    assert life(g, 1, 0) == 12  # neither pure Mage struck


def test_ER_ORDER_1_a_cards_effects_resolve_in_their_printed_order():
    # Ember Lance III: 5 spell damage, then the foe's Spirit -1. Against Seraphine (Spirit 3 + 1 on
    # turn 1) the damage meets Spirit 4 (5 - 4 = 1, not 5 - 3 = 2); the -1 lasts for the fight
    g = game(EMBER, hand_a=["Ember Lance III"])
    g.apply(Action("choose", 0, 0))  # Solenne (pure Mage) against Seraphine
    sera = g.seats[1].chars[0]
    play(g, "Ember Lance III")
    assert life(g, 1, 0) == 13 - (5 - 4) and g.stat(sera, SPIRIT) == 4 - 1


# ------------------------------------------------------------------ ER-CLASS-1
def reasons(chars: Sequence[str], idx: int, names: Sequence[str], chars_b: Sequence[str] = OTHERS) -> dict[str, str | None]:
    """Why seat 0's character ``idx`` may not play each named card (None: it may)."""
    g = game(chars, chars_b, hand_a=names)
    g.apply(Action("choose", idx, 0))
    return {n: why(g, n) for n in names}


def test_ER_CLASS_1_cards_reserved_for_classes_spells_need_a_mage_theurgies_a_priest():
    r = reasons(MERCS, 0, ["Cleave", "Smite the Wicked", "Flame Dart", "Warded Robe", "Tinker's Gauntlet"])
    assert "other classes" in (r["Cleave"] or "") and "no Priest" in (r["Smite the Wicked"] or "")
    assert "other classes" in (r["Tinker's Gauntlet"] or "")
    assert r["Flame Dart"] is None and r["Warded Robe"] is None
    r = reasons(OTHERS, 0, ["Flame Dart", "Smite the Wicked", "Warded Robe", "Cleave"], chars_b=MERCS)  # Seraphine
    assert "no Mage" in (r["Flame Dart"] or "") and "other classes" in (r["Cleave"] or "")
    assert r["Smite the Wicked"] is None and r["Warded Robe"] is None
    r = reasons(MERCS, 2, ["Warded Robe", "Cleave", "Iron Longsword"])  # Hrolf
    assert "other classes" in (r["Warded Robe"] or "") and r["Cleave"] is None and r["Iron Longsword"] is None


def test_ER_CLASS_1_a_multi_class_character_uses_the_cards_of_both_its_classes():
    r = reasons(OTHERS, 2, ["Cleave", "Smite the Wicked", "Iron Longsword", "Warded Robe", "Backstab"],
                chars_b=MERCS)  # Sister Ashgrave, Priest/Fighter
    r.update(reasons(OTHERS, 2, ["Flame Dart"], chars_b=MERCS))
    assert r["Cleave"] is None and r["Iron Longsword"] is None  # Fighter cards
    assert r["Smite the Wicked"] is None and r["Warded Robe"] is None  # Priest cards
    assert "other classes" in (r["Backstab"] or "") and "no Mage" in (r["Flame Dart"] or "")
    r = reasons(ASHEN, 2, ["Flame Dart", "Backstab", "Twin Daggers", "Cleave", "Smite the Wicked"])  # Morvath
    assert r["Flame Dart"] is None and r["Backstab"] is None and r["Twin Daggers"] is None
    assert "other classes" in (r["Cleave"] or "") and "no Priest" in (r["Smite the Wicked"] or "")
    r = reasons(EMBER, 2, ["Flame Dart", "Mending Light I", "Backstab"])  # Ilyra, Mage/Priest
    assert r["Flame Dart"] is None and "other classes" in (r["Backstab"] or "")
    g = game(EMBER, hand_a=["Mending Light I"])
    g.apply(Action("choose", 2, 0))
    assert why(g, "Mending Light I", 2) is None


# ------------------------------------------------------------------ ER-CLASS-2
def test_ER_CLASS_2_a_pure_mage_casting_a_damaging_spell_loses_its_strike():
    # Zephrin (Att 1) raised to Att 4 by Desperate Strike, against Pip (Def 1, Spirit 1)
    g = game(hand_a=["Mirror Skin", "Desperate Strike"])
    g.apply(Action("choose", 0, 1))
    play(g, "Mirror Skin")  # a spell without damage: the strike stays
    play(g, None)
    play(g, "Desperate Strike")
    assert life(g, 1, 1) == 12 - (4 - 1)
    g = game(hand_a=["Flame Dart", "Desperate Strike"])
    g.apply(Action("choose", 0, 1))
    play(g, "Flame Dart")
    play(g, None)
    play(g, "Desperate Strike")
    assert life(g, 1, 1) == 12 - (3 - 1)  # the spell replaced the strike
    assert life(g, 0, 0) == 11 - (3 + 1)  # Pip still strikes (Att 3 + 1 on turn 1, Zephrin's Def 1 - 2 -> 0)
    g = game(TIDE, hand_a=["Tidal Surge"])
    g.apply(Action("choose", 2, 1))  # Guem of Brine (Att 2) is a pure Mage too
    play(g, "Tidal Surge")
    play(g, None)
    assert life(g, 1, 1) == 12 - (3 - 1)


def test_ER_CLASS_2_a_multi_class_mage_keeps_its_strike_after_a_damaging_spell():
    g = game(ASHEN, hand_a=["Flame Dart"])
    g.apply(Action("choose", 2, 1))  # Morvath (Att 3) against Pip (Def 1, Spirit 1)
    play(g, "Flame Dart")
    play(g, None)
    assert life(g, 1, 1) == 12 - (3 - 1) - (3 - 1)
    g = game(EMBER, hand_a=["Flame Dart"])
    g.apply(Action("choose", 2, 1))  # Ilyra (Att 2)
    play(g, "Flame Dart")
    play(g, None)
    assert life(g, 1, 1) == 12 - (3 - 1) - (2 - 1)


# ------------------------------------------------------------------ ER-CLASS-3
def test_ER_CLASS_3_a_craftsman_item_goes_on_the_chosen_living_ally_with_its_self_effects():
    # turn 3, Zephrin tapped: a tapped ally may carry it too
    g = game([{"card": MERCS[0], "tapped": True}, *MERCS[1:]], hand_a=["Tinker's Brace"], turn=3)
    zephrin, gorran = g.seats[0].chars[0], g.seats[0].chars[1]
    g.apply(Action("choose", 1, 0))  # Old Gorran (Craftsman) against Seraphine
    brace = card(g, 0, "Tinker's Brace")
    legal = [a for a in g.legal_actions() if a.a == brace]
    assert sorted(a.b for a in legal) == [0, 1, 2, 3, 4, 5]  # any living character in play (3..5: the enemies)
    assert "needs a living character to carry it" in (why(g, "Tinker's Brace") or "")
    play(g, "Tinker's Brace", 0)
    assert zephrin.items == [brace] and gorran.items == []
    assert g.stat(zephrin, ATT) == 1 + 2 and g.stat(gorran, ATT) == 2  # its `self` is the ally
    play(g, None)
    assert life(g, 1, 0) == 13 - (2 - 1)  # Gorran strikes with Att 2
    assert zephrin.items == [brace] and g.stat(zephrin, ATT) == 3  # it stays
    g = game(hand_a=["Tinker's Gauntlet"])
    g.apply(Action("choose", 2, 0))  # Hrolf (Fighter/Craftsman)
    play(g, "Tinker's Gauntlet", 1)
    assert [g.defs[i].name for i in g.seats[0].chars[1].items] == ["Tinker's Gauntlet"]
    assert g.stat(g.seats[0].chars[1], ATT) == 2 + 2 and g.stat(g.seats[0].chars[2], ATT) == 3


def test_ER_CLASS_3_a_craftsman_item_goes_on_any_living_character_in_play_of_either_side():
    # turn 3: Old Gorran (Craftsman) against Seraphine (1 Life left); Pip is dead, Sister Ashgrave
    # wields a two-handed Oak Quarterstaff. ``play C T``: T = 0..2 own characters, 3..5 the enemy's.
    enemies = [{"card": "Seraphine Dawnsong", "life": 1}, {"card": "Pip Quickfingers", "dead": True},
               {"card": "Sister Ashgrave", "items": ["Oak Quarterstaff"]}]
    g = game(MERCS, enemies, hand_a=["Tinker's Gauntlet", "Field Repair", "Scroll of Warding"], turn=3)
    g.apply(Action("choose", 1, 0))
    gauntlet = card(g, 0, "Tinker's Gauntlet")
    assert sorted(a.b for a in g.legal_actions() if a.a == gauntlet) == [0, 1, 2, 3]
    assert "is dead" in (why(g, "Tinker's Gauntlet", 4) or "")
    assert "already wields Oak Quarterstaff" in (why(g, "Tinker's Gauntlet", 5) or "")
    for name in ("Field Repair", "Scroll of Warding"):  # other ally cards: your own characters only
        assert why(g, name, 1) is None and why(g, name, 3) is not None, name
    assert why(g, "Tinker's Gauntlet", 6) is not None
    play(g, "Tinker's Gauntlet", 3)  # onto Seraphine, the foe
    sera, gorran = g.seats[1].chars[0], g.seats[0].chars[1]
    assert sera.items == [gauntlet] and g.stat(sera, ATT) == 1 + 2 and g.stat(gorran, ATT) == 2
    # the position says who played it; it loads again as the same state
    pos = position_of(g, deck=True)
    assert pos["seats"][1]["characters"][0]["items"] == [{"id": gauntlet, "card": "Tinker's Gauntlet",
                                                           "played_by": {"seat": "a", "character": 1}}]
    again = load_position(pos, TCAT)
    assert again.fingerprint() == g.fingerprint() and sorted(again.item_mods) == sorted(g.item_mods)
    play(g, None)
    # Seraphine strikes with Att 3 against Gorran's Def 3; Gorran's 2 - 1 kills her, and the
    # gauntlet goes to its owner's discard pile (seat a's), its Att with it
    assert life(g, 0, 1) == 15 and sera.dead and sera.items == [] and sera.equip == [0, 0, 0]
    assert gauntlet in g.seats[0].discard and gauntlet not in g.seats[1].discard


def test_ER_CLASS_3_a_craftsman_item_on_an_enemy_gives_its_self_effects_to_that_enemy():
    g = game(hand_a=["Tinker's Brace"])
    g.apply(Action("choose", 2, 0))  # Hrolf (Fighter/Craftsman) against Seraphine
    play(g, "Tinker's Brace", 5)  # onto Sister Ashgrave, who is not fighting
    ash = g.seats[1].chars[2]
    assert [g.defs[i].name for i in ash.items] == ["Tinker's Brace"] and g.stat(ash, ATT) == 3 + 2
    assert g.stat(g.seats[0].chars[2], ATT) == 3


def test_ER_CLASS_3_a_craftsman_items_bonus_follows_the_character_that_plays_it():
    for idx, att in ((1, 2), (2, 1)):  # played by Old Gorran: Att +2; by Hrolf: Att +1
        g = game(hand_a=["Gorran's Forge Hammer"])
        g.apply(Action("choose", idx, 0))
        play(g, "Gorran's Forge Hammer", 0)
        assert g.stat(g.seats[0].chars[0], ATT) == 1 + att


def test_ER_CLASS_3_the_slot_check_is_on_the_ally_that_carries_the_item():
    # Zephrin holds a two-handed staff
    g = game([{"card": MERCS[0], "items": ["Oak Quarterstaff"]}, *MERCS[1:]], hand_a=["Tinker's Gauntlet"], turn=3)
    g.apply(Action("choose", 1, 0))
    assert "already wields Oak Quarterstaff" in (why(g, "Tinker's Gauntlet", 0) or "")
    assert why(g, "Tinker's Gauntlet", 1) is None and why(g, "Tinker's Gauntlet", 2) is None


# ------------------------------------------------------------------ ER-RACE-1
GOLEM_EMBER = ["Solenne Flamecrown", "Old Gorran", "Corvan Emberguard"]  # an Ember Court deck with a Golem


def test_ER_RACE_1_a_golem_carries_items_of_another_guild_and_only_items():
    names = ["Grave Hook I", "Runebound Plate", "Cinder Mail"]
    r = reasons(GOLEM_EMBER, 1, names)  # Old Gorran
    assert r["Grave Hook I"] is None and r["Runebound Plate"] is None and r["Cinder Mail"] is None
    # another guild's action is no item: the Golem may not play it, and a deck with a Golem may not hold it
    gorran = compile_card(CAT.cards["Old Gorran"])
    assert "belongs to the Ashen Pact" in (why_not_for(compile_card(CAT.cards["Carrion Feast"]), gorran,
                                                       "Ember Court") or "")
    with pytest.raises(PositionError, match=r"seats\[0\]\.hand\[0\]: Carrion Feast belongs to the Ashen Pact.*"
                                            r"ER-RACE-1"):
        game(GOLEM_EMBER, hand_a=["Carrion Feast"])
    r = reasons(GOLEM_EMBER, 2, names)  # Corvan, no Golem
    assert "belongs to the Ashen Pact" in (r["Grave Hook I"] or "")
    assert "belongs to the Tidewardens" in (r["Runebound Plate"] or "")
    assert r["Cinder Mail"] is None
    r = reasons(TIDE, 1, ["Cinder Mail"])  # Thalos, a Tidewardens Golem
    assert r["Cinder Mail"] is None


def test_ER_RACE_1_an_item_of_another_guild_goes_only_on_the_golem():
    g = game(GOLEM_EMBER, hand_a=["Pact Talisman"])
    g.apply(Action("choose", 1, 0))
    assert "only the Golem" in (why(g, "Pact Talisman", 0) or "")
    assert "only the Golem" in (why(g, "Pact Talisman", 2) or "")
    assert why(g, "Pact Talisman", 1) is None
    play(g, "Pact Talisman", 1)
    assert [g.defs[i].name for i in g.seats[0].chars[1].items] == ["Pact Talisman"]


def test_ER_RACE_1_ER_ITEM_1_a_golem_takes_the_bonus_for_golems_others_the_default_one():
    g = game(GOLEM_EMBER, hand_a=["Runebound Plate"])
    g.apply(Action("choose", 1, 0))
    play(g, "Runebound Plate")
    assert g.stat(g.seats[0].chars[1], DEF) == 3 + 3
    tide = ["Nerys Frostweave", "Ossra Wavecutter", "Maelis Tidecaller"]
    g = game(tide, hand_a=["Runebound Plate"])
    g.apply(Action("choose", 1, 0))
    play(g, "Runebound Plate")
    assert g.stat(g.seats[0].chars[1], DEF) == 2 + 2


# ------------------------------------------------------------------ ER-RACE-2
def test_ER_RACE_2_a_guemelite_that_is_no_mage_casts_the_spells_of_its_element():
    shoals = ["Guem of Shoals", "Thalos Deepshield", "Maelis Tidecaller"]  # a Tidewardens deck
    r = reasons(shoals, 0, ["Tidal Surge", "Cinder Burst", "Flame Dart", "Tidewardens Surge"])
    assert r["Tidal Surge"] is None
    assert "no Mage" in (r["Cinder Burst"] or "")  # another element
    assert "no Mage" in (r["Flame Dart"] or "")  # no element
    assert "no Mage" in (r["Tidewardens Surge"] or "")  # its element, but restricted to a guild (its own)
    deep = ["Guem of the Deep", "Thalos Deepshield", "Maelis Tidecaller"]
    r = reasons(deep, 0, ["Tidal Surge", "Deepcaste Surge"])
    assert r["Tidal Surge"] is None and "no Mage" in (r["Deepcaste Surge"] or "")  # restricted to a caste (its own)
    r = reasons(TIDE, 2, ["Cinder Burst", "Tidewardens Surge"])  # Guem of Brine is a Mage: any spell
    assert r["Cinder Burst"] is None and r["Tidewardens Surge"] is None


def test_ER_RACE_2_a_guemelite_that_is_no_mage_keeps_its_strike_and_gets_no_chain():
    shoals = ["Guem of Shoals", "Thalos Deepshield", "Maelis Tidecaller"]
    g = game(shoals, hand_a=["Tidal Surge"])
    g.apply(Action("choose", 0, 1))  # against Pip (Def 1, Spirit 1)
    play(g, "Tidal Surge")
    play(g, None)
    assert g.decision == DISCARD
    assert life(g, 1, 1) == 12 - (3 - 1) - (2 - 1)


# ------------------------------------------------------------------ ER-CASTE-1
def test_ER_CASTE_1_caste_cards_only_for_characters_of_that_caste():
    kael = ["Brother Kael", "Ilyra Cinderveil", "Corvan Emberguard"]
    assert "Sunforge caste" in (reasons(kael, 1, ["Sunforge Litany"])["Sunforge Litany"] or "")  # a Priest, no caste
    hurt = [{"card": n, "life": int(CAT.cards[n].fields["life"]) - 2} for n in kael]  # 2 Life short each
    g = game(hurt, hand_a=["Sunforge Litany"], turn=3)
    g.apply(Action("choose", 0, 0))
    assert why(g, "Sunforge Litany") is None
    play(g, "Sunforge Litany")
    assert [c.life for c in g.seats[0].chars] == [14, 13, 17] and g.seats[0].score == 6


# ------------------------------------------------------------------ ER-ALLY-1
def test_ER_ALLY_1_an_ally_card_acts_on_the_living_character_chosen_when_it_is_played():
    # turn 3: Pip is dead, Sister Ashgrave tapped at 10 Life
    chars = [OTHERS[0], {"card": OTHERS[1], "dead": True}, {"card": OTHERS[2], "life": 10, "tapped": True}]
    g = game(chars, MERCS, hand_a=["Mending Light I", "Sidestep"], turn=3)
    sera, pip, ash = g.seats[0].chars
    g.apply(Action("choose", 0, 0))  # Seraphine against Zephrin
    ml = card(g, 0, "Mending Light I")
    assert sorted(a.b for a in g.legal_actions() if a.a == ml) == [0, 2]  # the living ones, tapped or not
    assert "dead" in (why(g, "Mending Light I", 1) or "")
    assert "needs an ally" in (why(g, "Mending Light I") or "")
    assert "takes no ally" in (why(g, "Sidestep", 0) or "")
    play(g, "Mending Light I", 2)
    assert ash.life == 13 and sera.life == 13 and g.seats[0].score == 3


def test_ER_ALLY_1_an_ally_buff_lasts_for_the_fight_only():
    g = game(OTHERS, MERCS, hand_a=["Blessing of Valour"])
    ash = g.seats[0].chars[2]
    g.apply(Action("choose", 0, 0))
    play(g, "Blessing of Valour", 2)
    assert g.stat(ash, ATT) == 3 + 2
    play(g, None)
    assert g.stat(ash, ATT) == 3


# ------------------------------------------------------------------ ER-BONUS-2
def test_ER_BONUS_2_an_order_bonus_activation_gives_every_printed_bonus_the_current_one_once():
    g = game(ASHEN, hand_a=["Rallying Banner"])
    vekra = g.seats[0].chars[0]  # Turn 1: Att +1; turn 3: Def +1
    g.apply(Action("choose", 0, 0))  # turn 1, against Seraphine (a Priest: no Marauder bonus)
    assert (g.stat(vekra, ATT), g.stat(vekra, DEF)) == (5, 1)
    play(g, "Rallying Banner")
    assert (g.stat(vekra, ATT), g.stat(vekra, DEF)) == (5, 2)  # turn 1's bonus counted once
    play(g, None)
    assert life(g, 1, 0) == 13 - (5 - 1)
    assert (g.stat(vekra, ATT), g.stat(vekra, DEF)) == (4, 1)  # for this fight only


def test_ER_BONUS_2_on_a_turn_without_bonus_the_activation_gives_them_all():
    g = game(ASHEN, hand_a=["Rallying Banner"])
    vekra = g.seats[0].chars[0]
    g.apply(Action("choose", 1, 1))  # turn 1: Grask against Pip
    play(g, None)
    play(g, None)
    g.apply(PASS)
    g.apply(PASS)
    g.apply(Action("choose", 0, 0))  # turn 2: seat 1's Seraphine against Vekra
    play(g, None)
    assert (g.stat(vekra, ATT), g.stat(vekra, DEF)) == (4, 1)
    play(g, "Rallying Banner")  # the last card: the fight resolves with Att 4 + 1 (turn 1's bonus)
    assert life(g, 1, 0) == 13 - (5 - 1)


# ------------------------------------------------------------------ ER-ITEM-2
def slots(held: Sequence[str], names: Sequence[str]) -> dict[str, str | None]:
    """Why Vekra (a Marauder), carrying ``held`` (turn 3), may not play each of ``names``."""
    g = game([{"card": ASHEN[0], "items": list(held)}, *ASHEN[1:]], hand_a=names, turn=3)
    assert [g.defs[i].name for i in g.seats[0].chars[0].items] == list(held)
    g.apply(Action("choose", 0, 0))
    return {n: why(g, n) for n in names}


def test_ER_ITEM_2_one_weapon_and_one_armour_other_kinds_unlimited():
    r = slots(["Grave Hook I"], ["Grave Hook II", "Bone Ward", "Ring of Vigour"])
    assert "needs Dual Wield" in (r["Grave Hook II"] or "")
    assert r["Bone Ward"] is None and r["Ring of Vigour"] is None
    r = slots(["Bone Ward"], ["Leather Jerkin", "Grave Hook I"])
    assert "already wears Bone Ward" in (r["Leather Jerkin"] or "") and r["Grave Hook I"] is None
    r = slots(["Ring of Vigour", "Necrotic Seal", "Amulet of Focus"], ["Ring of Vigour"])
    assert r["Ring of Vigour"] is None


def test_ER_ITEM_2_dual_wield_on_either_weapon_allows_two_one_handed_weapons():
    assert slots(["Grave Hook I"], ["Twin Daggers"])["Twin Daggers"] is None  # Dual Wield on the new one
    assert slots(["Twin Daggers"], ["Grave Hook I"])["Grave Hook I"] is None  # on the one held
    assert slots(["Twin Daggers"], ["Twin Daggers"])["Twin Daggers"] is None
    r = slots(["Twin Daggers", "Grave Hook I"], ["Twin Daggers"])
    assert "already wields two weapons" in (r["Twin Daggers"] or "")
    g = game([{"card": ASHEN[0], "items": ["Twin Daggers"]}, *ASHEN[1:]], hand_a=["Grave Hook I"], turn=3)
    vekra = g.seats[0].chars[0]
    assert g.stat(vekra, ATT) == 4 + 1  # the Daggers' Att +1
    g.apply(Action("choose", 0, 0))
    play(g, "Grave Hook I")
    assert g.stat(vekra, ATT) == 4 + 1 + 1 and len(vekra.items) == 2


def test_ER_ITEM_2_a_two_handed_weapon_fills_both_hands():
    r = slots(["Twin Daggers"], ["Hunting Bow", "Pact Greataxe"])
    assert "two-handed" in (r["Hunting Bow"] or "") and "two-handed" in (r["Pact Greataxe"] or "")
    r = slots(["Pact Greataxe"], ["Twin Daggers", "Bone Ward"])
    assert "two-handed" in (r["Twin Daggers"] or "") and r["Bone Ward"] is None


# ------------------------------------------------------------------ ER-RETRIEVE-1
RAIDERS = ["Vekra Nightclaw", "Grask Bonecrusher", "Pip Quickfingers"]


def test_ER_RETRIEVE_1_retrieve_returns_a_card_discarded_earlier_not_one_played_this_fight():
    g = game(RAIDERS, hand_a=["Grave Robbing"], turn=3, discard_a=["Ambush"])
    s = g.seats[0]
    (ambush,) = s.discard
    g.apply(Action("choose", 1, 0))
    play(g, "Grave Robbing")
    assert ambush not in s.hand  # it waits for every card of the fight
    play(g, None)
    robbing = next(i for i in s.discard if g.defs[i].name == "Grave Robbing")
    assert ambush in s.hand and s.discard == [robbing]
    # with only this fight's cards in the pile, nothing comes back
    g = game(RAIDERS, hand_a=["Grave Robbing"])
    g.apply(Action("choose", 1, 0))
    play(g, "Grave Robbing")
    play(g, None)
    assert [g.defs[i].name for i in g.seats[0].discard] == ["Grave Robbing"] and len(g.seats[0].hand) == 4


def test_ER_RETRIEVE_1_retrieve_goes_fifth_the_card_is_not_in_hand_for_the_second_card():
    g = game(RAIDERS, hand_a=["Chained Robbing"], turn=3, discard_a=["Ambush"])
    s = g.seats[0]
    (ambush,) = s.discard
    g.apply(Action("choose", 1, 0))
    play(g, "Chained Robbing")
    play(g, None)
    assert g.current_player() == 0 and g.decision == PLAY  # the chooser's second card
    assert "not in your hand" in (g.why_illegal(Action("play", ambush)) or "")
    play(g, "Sidestep")
    assert ambush in s.hand and sorted(g.defs[i].name for i in s.discard) == ["Chained Robbing", "Sidestep"]


def test_ER_RETRIEVE_1_the_kind_filter_takes_the_most_recent_card_of_that_kind():
    tide = ["Nerys Frostweave", "Thalos Deepshield", "Maelis Tidecaller"]
    g = game(tide, hand_a=["Tidal Recall"], turn=3, discard_a=["Flame Dart", "Frost Shard I", "Coral Trident"])
    s = g.seats[0]
    pile = list(s.discard)  # oldest first: the Trident on top
    assert [g.defs[i].name for i in pile] == ["Flame Dart", "Frost Shard I", "Coral Trident"]
    g.apply(Action("choose", 1, 0))
    play(g, "Tidal Recall")
    play(g, None)
    assert pile[1] in s.hand  # Frost Shard I: the last spell, not the Trident on top nor the older spell
    assert pile[0] in s.discard and pile[2] in s.discard


# ------------------------------------------------------------------ ER-ITEM-1 (engine bug)
def test_ER_ITEM_1_an_items_area_bonus_lasts_while_it_is_equipped():
    # Drowned Bell (a jewel): "Your characters get Spirit +1", beyond the fight it is played in
    g = game(["Nerys Frostweave", "Thalos Deepshield", "Maelis Tidecaller"], hand_a=["Drowned Bell"])
    nerys, thalos = g.seats[0].chars[0], g.seats[0].chars[1]
    assert g.stat(nerys, SPIRIT) == 4
    g.apply(Action("choose", 1, 1))  # Thalos against Pip
    play(g, "Drowned Bell")
    assert g.stat(nerys, SPIRIT) == 5 and g.stat(thalos, SPIRIT) == 1
    play(g, None)
    assert not thalos.dead and [g.defs[i].name for i in thalos.items] == ["Drowned Bell"]
    assert g.stat(nerys, SPIRIT) == 5


def test_ER_ITEM_1_an_items_area_bonus_ends_when_the_item_goes_to_the_discard_pile():
    # the Bell's bonus lasts while it is equipped (docs/catalogs/eredan.md); Thalos, who carries it,
    # dies in the fight (turn 3, 1 Life left; Pip: Att 3 + 1 against a Fighter, against Def 3), the
    # Bell goes to the discard pile, and Nerys should be back to Spirit 4
    g = game(["Nerys Frostweave", {"card": "Thalos Deepshield", "life": 1}, "Maelis Tidecaller"],
             hand_a=["Drowned Bell"], turn=3)
    nerys, thalos = g.seats[0].chars[0], g.seats[0].chars[1]
    g.apply(Action("choose", 1, 1))
    play(g, "Drowned Bell")
    play(g, None)
    assert thalos.dead
    assert g.stat(nerys, SPIRIT) == 4


# ------------------------------------------------------------------ ER-DEATH-1, ER-SCORE-1, ER-END-1 additions
def test_ER_DEATH_1_a_character_at_0_life_healed_later_in_the_same_fight_survives():
    g = game([*OTHERS[:2], {"card": OTHERS[2], "life": 1}], MERCS, hand_a=["Mending Light I"],
             hand_b=["Flame Dart"], chooser=1, turn=3)
    ash = g.seats[0].chars[2]
    g.apply(Action("choose", 0, 2))  # seat 1's Zephrin against seat 0's Sister Ashgrave
    play(g, "Flame Dart")  # 3 - Spirit 2: at 0 Life
    assert ash.life == 0
    play(g, "Mending Light I", 2)
    assert ash.life == 3
    assert not ash.dead and ash.life == 3  # Zephrin's Att 1 against Def 2: no damage


def test_ER_SCORE_1_ER_DEATH_1_an_area_spell_scores_the_life_it_removes_from_each_enemy():
    g = game(MERCS, [OTHERS[0], {"card": OTHERS[1], "life": 1}, OTHERS[2]], hand_a=["Chain Lightning"], turn=3)
    pip = g.seats[1].chars[1]
    before = [s.score for s in g.seats]
    g.apply(Action("choose", 0, 2))  # Zephrin against Sister Ashgrave
    play(g, "Chain Lightning")  # 3 each, less Spirit: Seraphine 3 - 3, Pip 3 - 1 (1 Life left), Ashgrave 3 - 2
    assert [c.life for c in g.seats[1].chars] == [13, 0, 14] and g.seats[0].score == before[0] + 0 + 1 + 1
    play(g, None)
    assert pip.dead and not g.seats[1].chars[0].dead  # Pip was not in the fight, but died at its end
    assert g.seats[1].score == before[1] + 3 - 1  # Ashgrave's strike on the Mage who cast (it did not strike)


def test_ER_END_1_both_players_decked_out_the_higher_score_wins_equal_is_a_draw():
    # decks of five: every card is in the hands, nothing is left to draw
    g = game(deck_a=[], deck_b=[])
    g.apply(Action("choose", 0, 0))  # turn 1: Zephrin against Seraphine
    play(g, "Sidestep")
    play(g, "Sidestep")  # both hands down to 4
    g.apply(PASS)
    g.apply(PASS)
    assert g.turn == 2 and g.seats[0].decked and g.seats[1].decked and not g.is_terminal()
    for score_b, winner in ((0, "a"), (1, "draw")):
        # the same turn 2, seat b having 1 point more (healing: a score without damage) or not
        tapped = [({"card": MERCS[0], "tapped": True}, *MERCS[1:]), ({"card": OTHERS[0], "tapped": True}, *OTHERS[1:])]
        pos = position(*tapped, deck_a=[], deck_b=[], chooser=1, turn=2, scores=[0, score_b])
        for seat in pos["seats"]:
            seat.update(hand=[FILL] * 4, discard=[FILL], decked=True)
        g = load_position(pos, TCAT)
        g.apply(Action("choose", 1, 1))  # turn 2: seat 1's Pip against Old Gorran
        play(g, None)
        play(g, None)  # Gorran's Att 2 against Pip's Def 1: seat a scores 1
        assert not g.is_terminal()  # the game ends at the end of the turn, after the Discard step
        g.apply(PASS)
        g.apply(PASS)
        assert g.outcome is not None and g.outcome.end_reason == "deck-out" and g.outcome.turns == 2
        assert g.seats[0].score == 1 and g.outcome.winner == winner
