"""Positions as text (docs/positions.md): loading through the engine registry, printing back, the
errors that name the field, and the dice given in order."""

from __future__ import annotations

import copy
import json
from typing import Any

import dice_race  # noqa: F401  (registers the toy ruleset 'race')
import pytest
from harness import CATALOG

from fwlab.rules.core import IllegalAction, PositionError, TooFewDice
from fwlab.rules.engines import load_position, position_of

FILLERS = ["Filler"] * 10


def fw(decision: str = "deploy", a: dict[str, Any] | None = None, b: dict[str, Any] | None = None,
       **top: Any) -> dict[str, Any]:
    """A position of ``fw`` on turn 5, seat a active, each seat with ten Fillers in its deck."""
    seats = [{"deck": list(FILLERS), **(a or {})}, {"deck": list(FILLERS), **(b or {})}]
    return {"ruleset": "fw", "turn": 5, "active": 0, "decision": decision, "seats": seats, **top}


def load(pos: dict[str, Any], dice: list[int] | None = None) -> Any:
    return load_position(pos, CATALOG, dice=dice)


def show(g: Any, ruleset: str = "fw") -> dict[str, Any]:
    return position_of(ruleset, g)


# ---------------------------------------------------------------------- the shape
def test_show_prints_exactly_the_documented_keys_with_derived_values():
    g = load(fw(a={"pool": 4, "hand": ["Bolt"], "in_play": [{"card": "Grunt", "damage": 1, "attachments": ["Blade"]}]},
                b={"capital": 17, "graveyard": ["Filler"], "in_play": ["Brute"]}))
    pos = show(g)
    assert list(pos) == ["ruleset", "turn", "active", "decision", "legal_actions", "terminal", "outcome", "seats"]
    assert (pos["ruleset"], pos["turn"], pos["active"], pos["decision"]) == ("fw", 5, 0, "deploy")
    assert pos["terminal"] is False and pos["outcome"] is None
    a, b = pos["seats"]
    assert list(a) == ["capital", "pool", "hand", "deck_size", "graveyard", "in_play"]
    assert a["capital"] == 20 and a["pool"] == 4 and a["deck_size"] == 10
    assert a["hand"] == [{"id": 0, "card": "Bolt"}]       # ids: hand first, then play, graveyard, deck
    grunt = a["in_play"][0]
    assert grunt == {"id": 1, "card": "Grunt", "att": 5, "def": 3, "dmg": 3, "hp": 3, "damage": 1, "locked": False,
                     "attachments": [{"id": 2, "card": "Blade"}]}  # Blade: Att +2, Dmg +1
    assert b["capital"] == 17 and b["graveyard"] == ["Filler"] and b["in_play"][0]["card"] == "Brute"
    brute = b["in_play"][0]["id"]
    assert pos["legal_actions"] == [f"event 0 {brute}", "pass"]  # the ids the printed actions use
    assert json.loads(json.dumps(pos)) == pos


def test_given_ids_are_kept_and_the_others_take_the_lowest_free_ones():
    g = load(fw(a={"pool": 2, "hand": [{"id": 7, "card": "Grunt"}, "Runner"], "deck": ["Filler"]},
                b={"in_play": [{"id": 0, "card": "Wall"}], "deck": []}))
    a, b = show(g)["seats"]
    assert [c["id"] for c in a["hand"]] == [7, 1]
    assert b["in_play"][0]["id"] == 0
    assert "deploy 7" in show(g)["legal_actions"]


# ---------------------------------------------------------------------- round trip
def test_show_json_edited_and_played_again_gives_the_same_state():
    """The JSON printed mid-combat (attackers declared, one block given), with a filler for the
    decks printed as deck_size and a card added to a hand, loads into the same state: same position,
    same legal actions, and the same actions with the same dice end in the same position."""
    start = fw("attack", a={"pool": 0, "in_play": ["Brute", "Grunt"]},
               b={"pool": 0, "in_play": ["Grunt", "Filler", "Sentinel"]})
    g = load(start)
    br, gr = (u["id"] for u in show(g)["seats"][0]["in_play"])
    bg, bf, bs = (u["id"] for u in show(g)["seats"][1]["in_play"])
    for act in (f"attack {br}", f"attack {gr}", f"block {bs} {br}"):  # no more attackers: blocks next
        g.apply(act)
    printed = json.loads(json.dumps(show(g)))
    assert printed["decision"] == "block" and printed["combat"] == {"attackers": [br, gr], "blocks": [[bs, br]],
                                                                     "objectives": []}
    edited = copy.deepcopy(printed)
    edited["filler"] = "Filler"
    again = load(edited)
    assert show(again) == printed
    # an edit shows up, and nothing else changes
    edited["seats"][0]["hand"].append({"card": "Bolt"})
    edited_game = load(edited)
    assert show(edited_game)["seats"][0]["hand"][-1]["card"] == "Bolt"
    rest = [f"block {bs} {gr}", f"block {bg} {gr}", "pass", f"strike {gr} {bs}"]
    for game in (g, again):
        game.forced_dice = [6, 1, 6, 6, 2]
        for act in rest:
            game.apply(act)
    assert show(again) == show(g)
    assert again.record.dice == g.record.dice[-5:] == [6, 1, 6, 6, 2]


def test_round_trip_keeps_the_hidden_state_deployed_this_turn_used_effects_buffs_answering():
    g = load(fw(a={"pool": 5, "hand": ["Runner", "Rally", "Bolt"], "in_play": ["Sniper", "Grunt"]},
                b={"pool": 1, "hand": ["Negate", "Mend"], "in_play": ["Brute"]}))
    ids = {c["card"]: c["id"] for s in show(g)["seats"] for c in s["hand"] + s["in_play"]}
    g.apply(f"deploy {ids['Runner']}")
    g.apply(f"effect {ids['Sniper']} {ids['Brute']} 0")
    g.apply("pass")                                  # to the attack decision
    g.apply(f"event {ids['Rally']} {ids['Grunt']}")  # B may answer: the Rally waits
    printed = show(g)
    assert printed["decision"] == "answer"
    assert printed["answering"] == {"seat": 0, "id": ids["Rally"], "card": "Rally", "target": ids["Grunt"],
                                    "during": "attack"}
    a = {u["card"]: u for u in printed["seats"][0]["in_play"]}
    assert a["Runner"]["deployed_this_turn"] is True and a["Sniper"]["used_effects"] == [0]
    again = load({**printed, "filler": "Filler"})
    assert show(again) == printed
    for game in (g, again):
        game.apply("pass")                           # B does not answer: Rally resolves
    assert show(again) == show(g)
    assert {u["card"]: u.get("buff") for u in show(g)["seats"][0]["in_play"]}["Grunt"] == {"att": 2}
    assert show(load({**show(g), "filler": "Filler"})) == show(g)


def test_rule_switches_and_removed_cards_round_trip_BG_HIT_2():
    g = load({**fw("block", a={"in_play": [{"id": 1, "card": "Ram", "locked": True}], "removed": ["Grunt"]},
                   b={"in_play": [{"id": 2, "card": "Filler"}]}, combat={"attackers": [1]}),
              "options": {"literal_two": True, "turn_cap": 40}}, dice=[2, 6])
    printed = show(g)
    assert printed["options"] == {"turn_cap": 40, "literal_two": True}
    assert printed["seats"][0]["removed"] == ["Grunt"]
    assert show(load({**printed, "filler": "Filler"})) == printed
    g.apply("block 2 1")  # the Ram (Att 10) rolls a natural 2: a miss with literal_two; the Filler hits
    assert g.unit(2) is not None and g.unit(1).damage == 1


def test_toml_shape_is_the_same_data():
    import tomllib

    text = """
ruleset = "fw"
turn = 3
active = "b"
decision = "deploy"
[[seats]]
deck = ["Filler"]
[[seats]]
pool = 2
hand = ["Grunt"]
deck = ["Filler"]
"""
    g = load(tomllib.loads(text))
    assert g.current_player() == 1 and show(g)["legal_actions"] == ["deploy 1", "pass"]  # seat a's Filler is 0


# ---------------------------------------------------------------------- errors naming the field
def _set(pos: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    """A copy of ``pos`` with ``path`` (``seats.0.hand``) set to ``value``."""
    out = copy.deepcopy(pos)
    *keys, last = [int(k) if k.isdigit() else k for k in path.split(".")]
    node: Any = out
    for k in keys:
        node = node[k]
    if value is KeyError:
        del node[last]
    else:
        node[last] = value
    return out


BASE = fw("deploy", a={"hand": ["Grunt"], "in_play": [{"card": "Grunt"}]}, b={"in_play": ["Wall"]})


@pytest.mark.parametrize("path,value,field,message", [
    ("seats.0.hand", ["Grnt"], "seats[0].hand[0]", "unknown card 'Grnt': not in the daemornia catalog (did you mean 'Grunt'?)"),
    ("seats.0.in_play.0.card", "Nobody", "seats[0].in_play[0].card", "unknown card 'Nobody'"),
    ("seats.0.hand", [{"id": 3, "card": "Grunt"}, {"id": 3, "card": "Bolt"}], "seats[0].hand[1].id",
     "id 3 is given twice (also at seats[0].hand[0])"),
    ("seats.1.in_play", [{"id": 0, "card": "Wall"}, {"id": 0, "card": "Grunt"}], "seats[1].in_play[1].id", "given twice"),
    ("seats.0.in_play.0.damage", -1, "seats[0].in_play[0].damage", "must be at least 0"),
    ("seats.0.in_play.0.damage", 3, "seats[0].in_play[0].damage", "Grunt has Hp 3 after its modifiers and 3 damage: it would be dead"),
    ("seats.0.in_play.0.hp", 5, "seats[0].in_play[0].hp", "is 5, but Grunt has hp 3"),
    ("seats.0.in_play.0.att", 4, "seats[0].in_play[0].att", "att/def/dmg/hp are worked out"),
    ("decision", "mulligan", "decision", "unknown decision 'mulligan'"),
    ("decision", "terminal", "decision", "the game is over"),
    ("seats", [{"deck": []}], "seats", "2 seats; the position has 1"),
    ("seats", [{}, {}, {}], "seats", "2 seats; the position has 3"),
    ("ruleset", "xx", "ruleset", "unknown ruleset"),
    ("ruleset", "noengine", "ruleset", "no rules engine for ruleset 'noengine'"),
    ("turn", 0, "turn", "must be at least 1"),
    ("turn", "5", "turn", "must be a whole number"),
    ("active", 2, "active", "must be at most 1"),
    ("turn", KeyError, "turn", "is missing"),
    ("seats.0.capital", 0, "seats[0].capital", "has lost"),
    ("seats.0.pool", -2, "seats[0].pool", "must be at least 0"),
    ("seats.0.colour", "red", "seats[0].colour", "unknown field"),
    ("seats.0.deck", KeyError, "", ""),  # no deck at all: an empty deck (valid)
    ("seats.1.deck_size", 3, "seats[1].deck_size", "is 3 but the deck lists 10 cards"),
    ("seats.0.in_play.0.attachments", ["Blade", "Sabre"], "seats[0].in_play[0].attachments[1]", "at most one weapon"),
    ("seats.0.in_play.0.attachments", ["Grunt"], "seats[0].in_play[0].attachments[0].card", "Grunt is not an attachment"),
    ("seats.0.in_play", ["Bolt"], "seats[0].in_play[0].card", "Bolt is not a creature or a Scenario"),
    ("seats.0.in_play", [{"card": "Tower", "attachments": ["Blade"]}], "seats[0].in_play[0].attachments[0]",
     "attachments go on creatures"),
    ("seats.1.in_play", [{"card": "Wall", "deployed_this_turn": True}], "seats[1].in_play[0].deployed_this_turn",
     "only the active seat"),
    ("seats.0.in_play", [{"card": "Mill", "deployed_this_turn": True}, {"card": "Forge", "deployed_this_turn": True}],
     "seats[0].in_play[1].deployed_this_turn", "only one Scenario can be deployed each turn"),
    ("seats.0.in_play", [{"card": "Grunt", "used_effects": [0]}], "seats[0].in_play[0].used_effects[0]",
     "Grunt has 0 card effect(s)"),
    ("options", {"turn_cap": 3}, "turn", "must be at most 3"),
    ("options", {"colour": 1}, "options.colour", "unknown field"),
    ("terminal", True, "terminal", "the game is over"),
    ("combat", {"attackers": [1]}, "combat", "there is no combat in the deploy decision"),
])
def test_a_malformed_position_is_an_error_naming_the_field(path, value, field, message, engineless):
    pos = _set(BASE, path, value)
    if not field:
        load(pos)  # valid
        return
    with pytest.raises(PositionError) as err:
        load(pos)
    assert err.value.field == field, str(err.value)
    assert message in str(err.value)
    assert str(err.value).startswith(f"{field}: ")


def test_the_deck_is_written_top_first_FW_DRAW_1():
    g = load(fw(a={"deck": ["Bolt", "Grunt", "Filler"]}, b={"pool": 0}, active=1, turn=6))
    g.apply("pass")  # seat b's turn ends; seat a draws its top card
    a = position_of("fw", g)["seats"][0]
    assert [c["card"] for c in a["hand"]] == ["Bolt"] and a["deck_size"] == 2
    assert [g.defs[i].name for i in reversed(g.seats[0].deck)] == ["Grunt", "Filler"]


def test_deck_size_without_a_deck_needs_a_filler():
    pos = _set(BASE, "seats.0.deck", KeyError)
    pos["seats"][0]["deck_size"] = 4
    with pytest.raises(PositionError, match=r"seats\[0\].deck_size: 4 cards but no 'deck'.*'filler'"):
        load(pos)
    g = load({**pos, "filler": "Grunt"})
    assert show(g)["seats"][0]["deck_size"] == 4
    assert [g.defs[i].name for i in g.seats[0].deck] == ["Grunt"] * 4
    with pytest.raises(PositionError, match="unknown card 'Nope'"):
        load({**pos, "filler": "Nope"})


ATTACKING = fw("block", a={"pool": 0, "in_play": [{"id": 1, "card": "Grunt", "locked": True}, {"id": 2, "card": "Ghost",
                                                                                                   "locked": True}]},
               b={"pool": 0, "in_play": [{"id": 10, "card": "Wall"}, {"id": 11, "card": "Filler", "locked": True}]},
               combat={"attackers": [1]})


@pytest.mark.parametrize("path,value,field,message", [
    ("combat.attackers", [], "combat.attackers", "the block decision needs attackers"),
    ("combat.attackers", [10], "combat.attackers[0]", "10 is not a creature of the active seat in play"),
    ("combat.attackers", [1, 1], "combat.attackers[1]", "declared twice"),
    ("seats.0.in_play.0.locked", False, "combat.attackers[0]", "not locked: declaring an attacker locks it"),
    ("combat.blocks", [[11, 1]], "combat.blocks[0]", "block 11 1: a locked creature cannot block"),
    ("combat.blocks", [[10, 2]], "combat.blocks[0]", "not attacking"),
    ("combat.blocks", [[10]], "combat.blocks[0]", "a block is written [blocker id, attacker id]"),
    ("combat.objectives", ["raid 1"], "combat.objectives", "objectives are chosen after the blocks"),
    ("combat.attackers", [2], "decision", "block: seat b has no creature that can block"),  # elusive Ghost
    ("decision", "assign", "decision", "every attacker has its objective"),  # the lone raider raids by itself
    ("decision", "discard", "combat", "there is no combat in the discard decision"),
    ("combat.tricks_passed", 1, "combat.tricks_passed", "counts passes in the tricks window only"),
])
def test_a_combat_that_cannot_be_is_an_error_naming_the_field(path, value, field, message):
    with pytest.raises(PositionError) as err:
        load(_set(ATTACKING, path, value))
    assert err.value.field == field, str(err.value)
    assert message in str(err.value)


def test_a_decision_the_engine_would_not_ask_is_refused():
    with pytest.raises(PositionError, match="decision: attack: seat a has no creature that may attack"):
        load(fw("attack", a={"in_play": [{"card": "Grunt", "locked": True}]}))
    with pytest.raises(PositionError, match="decision: discard: seat a holds 3 cards"):
        load(fw("discard", a={"hand": ["Filler"] * 3}))
    with pytest.raises(PositionError, match="answering: is missing"):
        load(fw("answer"))
    with pytest.raises(PositionError, match="decision: answer: seat b has no event or card effect"):
        load(fw("answer", a={"pool": 0}, answering={"seat": 0, "card": "Tax"}))
    with pytest.raises(PositionError, match="answering: Negate could not have been played: a counter"):
        load(fw("answer", b={"hand": ["Bolt"], "pool": 1}, answering={"seat": 0, "card": "Negate"}))
    with pytest.raises(PositionError, match="answering.seat: in the deploy decision only the active seat"):
        load(fw("answer", a={"hand": ["Bolt"], "pool": 1}, answering={"seat": 1, "card": "Tax"}))


# ---------------------------------------------------------------------- every decision can be set
def test_every_settable_decision_is_asked_of_the_right_seat():
    def who(pos: dict[str, Any]) -> tuple[str, int]:
        g = load(pos)
        return g.decision_name, g.current_player()

    grunt = {"id": 1, "card": "Grunt", "locked": True}
    assert who(fw("deploy")) == ("deploy", 0)
    assert who(fw("attack", a={"in_play": ["Grunt"]})) == ("attack", 0)
    assert who(fw("block", a={"in_play": [grunt]}, b={"in_play": ["Wall"]}, combat={"attackers": [1]})) == ("block", 1)
    assert who(fw("assign", a={"in_play": [grunt]}, b={"in_play": ["Tower"]}, combat={"attackers": [1]})) == ("assign", 0)
    tricks = fw("tricks", a={"in_play": [grunt]}, b={"pool": 1, "hand": ["Bolt"]}, combat={"attackers": [1]})
    with pytest.raises(PositionError, match="seat a has no event"):
        load(tricks)
    tricks["combat"]["tricks_passed"] = 1
    g = load(tricks)
    assert (g.decision_name, g.current_player()) == ("tricks", 1)
    assert show(g)["combat"] == {"attackers": [1], "blocks": [], "objectives": ["raid 1"], "tricks_passed": 1}
    assert who(fw("answer", b={"pool": 1, "hand": ["Negate"]}, answering={"seat": 0, "card": "Tax"})) == ("answer", 1)
    assert who(fw("discard", a={"hand": ["Filler"] * 8})) == ("discard", 0)
    assert who({**fw("discard", a={"hand": ["Filler"] * 8}), "ruleset": "bg"}) == ("discard", 0)


def test_the_healing_step_the_resolution_window_and_the_strike_back_choice_can_be_set():
    # resource: A holds a healing event and a damaged creature (FW-HEAL-2); passing draws, then deploy
    g = load(fw("resource", a={"pool": 1, "hand": ["Mend"], "in_play": [{"id": 1, "card": "Grunt", "damage": 2}]}))
    assert (g.decision_name, g.current_player()) == ("resource", 0)
    assert show(g)["legal_actions"] == ["event 0 1", "pass"]
    hand = len(g.seats[0].hand)
    g.apply("pass")
    assert g.decision_name != "resource" and len(g.seats[0].hand) == hand + 1  # the Draw phase came next
    with pytest.raises(PositionError, match="decision: resource: seat a has no healing card"):
        load(fw("resource", a={"pool": 1, "hand": ["Bolt"]}))
    # resolution: an event of the resolution phase; no combat is written (it is over)
    g = load(fw("resolution", a={"hand": ["Aftermath"], "in_play": [{"card": "Grunt", "buff": {"att": 2}}]}))
    assert (g.decision_name, g.current_player()) == ("resolution", 0)
    assert show(g)["seats"][0]["in_play"][0]["att"] == 5
    g.apply("pass")  # end of Resolution: the buff ends (FW-RESOLVE-2), the turn passes
    assert g.active == 1 and g.seats[0].units[0].att == 3
    with pytest.raises(PositionError, match="combat: there is no combat in the resolution decision"):
        load(fw("resolution", a={"hand": ["Aftermath"], "in_play": [{"id": 1, "card": "Grunt", "locked": True}]},
                combat={"attackers": [1]}))
    # defend: a Tower attacked by two creatures strikes back at one, chosen by its owner (FW-SCEN-2)
    two = fw("defend", a={"in_play": [{"id": 1, "card": "Grunt", "locked": True},
                                      {"id": 2, "card": "Reaver", "locked": True}]},
             b={"in_play": [{"id": 10, "card": "Tower"}]},
             combat={"attackers": [1, 2], "objectives": ["scenario 1 10", "scenario 2 10"]})
    g = load(two)
    assert (g.decision_name, g.current_player()) == ("defend", 1)
    assert show(g)["legal_actions"] == ["strikeback 10 1", "strikeback 10 2"]
    assert show(load({**show(g), "filler": "Filler"})) == show(g)
    chosen = {**two, "decision": "tricks",
              "combat": {**two["combat"], "strikebacks": [[10, 2]], "tricks_passed": 1}}
    chosen["seats"][1]["hand"], chosen["seats"][1]["pool"] = ["Bolt"], 1
    g = load(chosen)
    assert g.decision_name == "tricks" and show(g)["combat"]["strikebacks"] == [[10, 2]]
    with pytest.raises(PositionError, match=r"combat.strikebacks\[0\]: strikeback 10 3: a Scenario strikes back"):
        load({**chosen, "combat": {**chosen["combat"], "strikebacks": [[10, 3]]}})
    with pytest.raises(PositionError, match="combat.strikebacks: Scenario 10 has not chosen"):
        load({**chosen, "combat": {**chosen["combat"], "strikebacks": []}})


def test_a_deploy_position_is_accepted_even_when_passing_is_all_there_is():
    g = load(fw("deploy", a={"pool": 0, "hand": ["Brute"]}))
    assert g.decision_name == "deploy" and show(g)["legal_actions"] == ["pass"]
    g.apply("pass")  # nothing to attack with either: the turn passes, as the engine would have gone on
    assert g.active == 1


def test_a_curse_in_play_is_its_casters_card():
    g = load(fw(b={"in_play": [{"card": "Brute", "attachments": ["Hex"]}]}))
    brute = g.seats[1].units[0]
    hex_id = brute.attached[0][0]
    assert brute.att == 0 and g.owner[hex_id] == 0  # Hex (Att 0) was cast by seat a


# ---------------------------------------------------------------------- dice given in order
def test_dice_are_used_in_order_and_too_few_is_an_error():
    pos = fw("block", a={"pool": 0, "in_play": [{"id": 1, "card": "Reaver", "locked": True}]},
             b={"pool": 0, "in_play": [{"id": 2, "card": "Reaver"}]}, combat={"attackers": [1]})
    g = load(pos, dice=[6, 1])
    g.apply("block 2 1")
    assert g.record.dice == [6, 1] and g.forced_dice == []
    assert g.unit(2) is None and g.unit(1) is not None  # the attacker hit (6), the blocker missed (1)
    g = load(pos, dice=[6])
    with pytest.raises(TooFewDice, match="too few dice given"):
        g.apply("block 2 1")
    with pytest.raises(PositionError, match=r"dice\[1\]: must be at most 6"):
        load(pos, dice=[6, 7])


def test_bg_resource_dice_come_from_the_dice_given_too_BG_RES_1():
    pos = {**fw("deploy", b={"pool": 0}), "ruleset": "bg"}
    g = load(pos, dice=[2, 5])
    g.apply("pass")  # no attackers: the turn ends, seat b rolls 2D6 for its resources
    assert g.active == 1 and g.seats[1].pool == 5 and g.record.dice == [2, 5]
    g = load(pos, dice=[2])
    with pytest.raises(TooFewDice):
        g.apply("pass")


def test_without_dice_the_seeded_generator_rolls():
    pos = fw("block", a={"pool": 0, "in_play": [{"id": 1, "card": "Grunt", "locked": True}]},
             b={"pool": 0, "in_play": [{"id": 2, "card": "Grunt"}]}, combat={"attackers": [1]})
    runs = []
    for seed in (1, 1, 2, 3, 4, 5):
        g = load({**pos, "seed": seed})
        g.apply("block 2 1")
        runs.append(tuple(g.record.dice))
    assert runs[0] == runs[1] and len(set(runs)) > 1


def test_an_illegal_action_after_loading_says_why():
    g = load(BASE)
    with pytest.raises(IllegalAction, match="costs 2 Res and your pool has 0"):
        g.apply(f"deploy {show(g)['seats'][0]['hand'][0]['id']}")


def test_CORE_POSITIONS_1_the_registry_refuses_an_engine_without_positions():
    import sys
    import types

    from fwlab.rules import engines
    from fwlab.rulesets import ENGINE_INFO, FAMILY, REGISTRY, TITLES, EngineInfo, Ruleset, register

    module = types.ModuleType("no_positions_engine")
    module.ENGINE = engines.Engine(  # type: ignore[attr-defined]
        name="no_positions_engine", rulesets=("nopos",), end_reasons=("win",), track="score", bots={},
        default_bot="random", new_game=print, play_out=print, summary=print, replay=print)
    sys.modules["no_positions_engine"] = module
    register(Ruleset("nopos", None, "no positions (test)", (2, 2), "no_positions_engine", uses_decks=False),
             EngineInfo("no_positions_engine", "no_positions_engine"))
    try:
        with pytest.raises(TypeError, match="has no positions: Engine.load_position and Engine.position_of are required"):
            engines.engine_for("nopos")
    finally:
        for table in (REGISTRY, TITLES, FAMILY):
            table.pop("nopos", None)
        ENGINE_INFO.pop("no_positions_engine", None)
        sys.modules.pop("no_positions_engine", None)
