"""The card vocabulary of 001 that issue 26 added (docs/rules.md, "Free Realms"): a creature's own coin
and star actions (FR-ACTION-1), discarding cards as a cost (FR-COST-1) and Move (FR-MOVE-1). Each rule
is held through positions (docs/positions.md, "Free Realms") over the test catalog ``fr_test_catalog.toml``
(Mole: 1 coin, move; Owl: 1 coin, draw 1; Beacon: 1 star, zap this creature, +2 attack; Furnace:
discard a card, +2 attack; Press: 1 coin, discard two cards, draw 3), read back with ``position_of``;
then the catalog's load errors, the real cards that use the vocabulary, and the bots on decks of them."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from fwlab.bots.freerealms import HeuristicBot, LookaheadBot
from fwlab.bots.random_bot import RandomBot
from fwlab.catalog import CatalogError, load_catalog, load_catalog_from, load_family
from fwlab.rules.core import Action, PositionError
from fwlab.rules.engines import load_position, position_of
from fwlab.rules.freerealms.cards import compile_card, compile_deck
from fwlab.rules.freerealms.game import Game, new_game

CATALOG = load_catalog_from(Path(__file__).with_name("fr_test_catalog.toml"), "freerealms")
REAL = load_catalog("fr")
PASS = Action("pass")
NEW_CARDS = ("Burrowing Vole", "Signal Drone", "Ash Offering", "Recycling Press")


def game(a: dict[str, Any], b: dict[str, Any], *, active: int = 0, turn: int = 9, decision: str = "go",
         **top: Any) -> Game:
    seats = [dict(a), dict(b)]
    if "hand" not in seats[1 - active]:
        seats[1 - active]["hand"] = ["Blank"]      # the other seat's turn stops at its inventory decision
    data = {"ruleset": "fr", "turn": turn, "active": active, "decision": decision, "seats": seats, **top}
    return load_position(data, CATALOG)  # type: ignore[no-any-return]


def pos(g: Game) -> dict[str, Any]:
    return position_of("fr", g, deck=True)  # type: ignore[no-any-return]


def seat(g: Game, p: int) -> dict[str, Any]:
    return pos(g)["seats"][p]  # type: ignore[no-any-return]


def names(cards: list[dict[str, Any]]) -> list[str]:
    return [c["card"] for c in cards]


def iid(g: Game, p: int, name: str, nth: int = 0) -> int:
    return [i for i, d in enumerate(g.defs) if g.owner[i] == p and d.name == name][nth]


def act(g: Game, kind: str, *args: Any) -> None:
    """An action with cards written as (seat, name[, nth]) and numbers as themselves."""
    g.apply(Action(kind, *[iid(g, *x) if isinstance(x, tuple) else int(x) for x in args]))


def why(g: Game, kind: str, *args: Any) -> str | None:
    return g.why_illegal(Action(kind, *[iid(g, *x) if isinstance(x, tuple) else int(x) for x in args]))


def same_position_again(g: Game) -> None:
    """The printed position loads as the same state with the same legal actions (docs/positions.md)."""
    p = pos(g)
    h = load_position(p, CATALOG)
    assert pos(h) == p and h.legal_actions() == g.legal_actions()


# ------------------------------------------------------------------ FR-ACTION-1
def test_FR_ACTION_1_a_creatures_coin_action_is_used_in_the_set_phase_with_coins():
    g = game({"hand": ["Mouse"], "inventory": ["Blank", "Blank"], "spaces": [{"card": "Owl", "zapped": True}, None, None],
              "deck": ["Lantern", "Ember"]}, {}, decision="set")
    owl = iid(g, 0, "Owl")
    assert f"coin {owl} 0" in pos(g)["legal_actions"]        # zapped or not: this action has no zap cost
    act(g, "coin", (0, "Owl"), 0)
    a = seat(g, 0)
    assert (a["coins"], names(a["hand"]), a["deck"]) == (1, ["Mouse", "Lantern"], ["Ember"])
    assert pos(g)["decision"] == "set"                       # a coin left: Mouse or the Owl again
    act(g, "coin", (0, "Owl"), 0)          # no coin left: the Set phase ends, and with the Owl zapped the turn
    assert (pos(g)["active"], pos(g)["decision"]) == (1, "inventory")
    assert names(seat(g, 0)["hand"]) == ["Mouse", "Lantern", "Ember"]
    # a coin action is not a star action: not in a battle, and not the opponent's creature
    g = game({"spaces": ["Ox", None, None], "inventory": ["Blank"], "hand": ["Push"], "deck": ["Blank"] * 3},
             {"spaces": ["Owl", None, None], "inventory": ["Blank"], "hand": ["Guard"], "deck": ["Blank"] * 3})
    act(g, "attack", (0, "Ox"))
    assert pos(g)["deciding"] == 0 and "Set Phase" in why(g, "coin", (0, "Ox"), 0)
    g.apply(PASS)
    assert pos(g)["deciding"] == 1 and "Set Phase" in why(g, "coin", (1, "Owl"), 0)
    g = game({"hand": ["Mouse"], "inventory": ["Blank"], "deck": ["Blank"] * 3}, {"spaces": ["Owl", None, None]},
             decision="set")
    assert "neither in your inventory nor your creature" in why(g, "coin", (1, "Owl"), 0)


def test_FR_ACTION_1_a_creatures_star_action_is_used_in_a_battle_even_from_a_creature_not_in_it():
    # a's Ox attacks b's Ox (3 against 3: a tie); a's Beacon, in another column, zaps for +2 attack
    g = game({"spaces": ["Ox", "Beacon", None], "inventory": ["Blank"], "deck": ["Blank"] * 3},
             {"spaces": ["Ox", None, None], "deck": ["Blank"] * 3})
    act(g, "attack", (0, "Ox"))
    beacon = iid(g, 0, "Beacon")
    p = pos(g)
    assert (p["decision"], p["deciding"]) == ("tricks", 0) and p["legal_actions"] == [f"star {beacon} 0", "pass"]
    act(g, "star", (0, "Beacon"), 0)
    p = pos(g)
    assert p["seats"][0]["spaces"][1]["zapped"] is True and p["seats"][0]["stars"] == 0
    assert p["decision"] != "tricks"                         # nobody has a play left: the cards flipped
    assert p["seats"][1]["spaces"][0] is None and p["seats"][0]["spaces"][0]["card"] == "Ox"   # 5 against 3
    assert p["seats"][0]["scored"] == 1
    # its zap cost needs a ready creature: not the attacker (attacking zapped it), not a zapped one
    g = game({"spaces": ["Beacon", {"card": "Beacon", "zapped": True}, None], "inventory": ["Blank", "Blank"],
              "hand": ["Push"], "deck": ["Blank"] * 3}, {"spaces": ["Ox", None, None], "deck": ["Blank"] * 3})
    act(g, "attack", (0, "Beacon", 0))
    assert (pos(g)["decision"], pos(g)["deciding"]) == ("tricks", 0)
    assert pos(g)["legal_actions"] == [f"trick {iid(g, 0, 'Push')}", "pass"]
    assert "ready" in why(g, "star", (0, "Beacon", 0), 0) and "ready" in why(g, "star", (0, "Beacon", 1), 0)
    # and it is used in a battle only
    g = game({"hand": ["Mouse"], "inventory": ["Blank"], "spaces": ["Beacon", None, None], "deck": ["Blank"] * 3}, {},
             decision="set")
    assert "during a battle" in why(g, "star", (0, "Beacon"), 0) and "during a battle" in why(g, "coin", (0, "Beacon"), 0)


# ------------------------------------------------------------------ FR-COST-1
def test_FR_COST_1_discarding_is_a_cost_the_player_pays_card_by_card_before_the_effect():
    g = game({"hand": ["Mouse", "Giant", "Push"], "inventory": ["Press"], "deck": ["Lantern", "Ember", "Ox", "Blank"]},
             {}, decision="set")
    act(g, "coin", (0, "Press"), 0)                          # 1 coin, discard two cards: draw three
    p = pos(g)
    assert (p["decision"], p["deciding"], p["seats"][0]["coins"]) == ("discard", 0, 0)
    assert p["paying"] == {"card": iid(g, 0, "Press"), "action": 0, "left": 2}
    assert p["legal_actions"] == [f"discard {iid(g, 0, n)}" for n in ("Mouse", "Giant", "Push")]   # no pass
    assert "discard 2 more card(s)" in g.why_illegal(PASS)
    same_position_again(g)
    act(g, "discard", (0, "Giant"))
    assert pos(g)["paying"]["left"] == 1 and names(seat(g, 0)["hand"]) == ["Mouse", "Push"]   # nothing drawn yet
    same_position_again(g)
    act(g, "discard", (0, "Push"))
    a = seat(g, 0)
    assert names(a["hand"]) == ["Mouse", "Lantern", "Ember", "Ox"] and a["discard"] == ["Giant", "Push"]
    assert a["deck"] == ["Blank"] and pos(g)["decision"] == "inventory" and pos(g)["active"] == 1  # a's turn is over
    # a cost that cannot be paid in full cannot be used
    g = game({"hand": ["Mouse"], "inventory": ["Press"], "deck": ["Blank"] * 4}, {}, decision="set")
    assert "discarding 2 card(s) and you hold 1" in why(g, "coin", (0, "Press"), 0)
    assert pos(g)["legal_actions"] == ["play " + str(iid(g, 0, "Mouse")) + f" {c}" for c in range(3)] + ["pass"]
    # 'discard' is only a payment
    assert "pay an action's cost" in why(g, "discard", (0, "Mouse"))


def test_FR_COST_1_a_star_action_with_a_discard_cost_in_a_battle():
    g = game({"spaces": ["Ox", None, None], "hand": ["Mouse", "Blank"], "inventory": ["Furnace"],
              "deck": ["Blank"] * 3},
             {"spaces": ["Ox", None, None], "hand": ["Guard"], "inventory": ["Blank"], "deck": ["Blank"] * 3})
    act(g, "attack", (0, "Ox"))
    act(g, "star", (0, "Furnace"), 0)                        # no star needed: discard a card for +2 attack
    p = pos(g)
    assert (p["decision"], p["deciding"], p["battle"]["attack_bonus"]) == ("discard", 0, 0)
    same_position_again(g)
    act(g, "discard", (0, "Mouse"))
    p = pos(g)
    assert (p["decision"], p["deciding"], p["battle"]["attack_bonus"]) == ("tricks", 1, 2)
    assert p["seats"][0]["discard"] == ["Mouse"]
    g.apply(PASS)                                            # b passes; a may pay again with its last card
    act(g, "star", (0, "Furnace"), 0)
    act(g, "discard", (0, "Blank"))
    assert pos(g)["battle"]["attack_bonus"] == 4
    g.apply(PASS)                                            # b passes, a has no card left: the cards flip
    assert seat(g, 1)["spaces"][0] is None and seat(g, 0)["scored"] == 1


def test_FR_COST_1_a_position_at_the_discard_decision_is_checked():
    base = {"ruleset": "fr", "turn": 9, "active": 0, "decision": "discard",
            "seats": [{"hand": ["Mouse", "Giant"], "inventory": ["Press"], "deck": ["Blank"] * 3}, {"hand": ["Blank"]}],
            "paying": {"card": 2, "action": 0, "left": 2}}
    g = load_position(base, CATALOG)
    assert pos(g)["legal_actions"] == ["discard 0", "discard 1"]
    for paying, field, reason in (
            ({"card": 2, "action": 0, "left": 3}, "paying.left", "at most 2"),
            ({"card": 0, "action": 0, "left": 1}, "paying.card", "neither an inventory card"),
            ({"card": 2, "action": 1, "left": 1}, "paying.action", "at most 0"),
            ({"card": 2, "action": 0, "left": 1, "space": 1}, "paying.space", "only a move")):
        with pytest.raises(PositionError) as e:
            load_position({**base, "paying": paying}, CATALOG)
        assert e.value.field == field and reason in e.value.reason
    with pytest.raises(PositionError) as e:
        load_position({k: v for k, v in base.items() if k != "paying"}, CATALOG)
    assert e.value.field == "paying"
    with pytest.raises(PositionError) as e:
        load_position({**base, "decision": "set"}, CATALOG)
    assert e.value.field == "paying"


# ------------------------------------------------------------------ FR-MOVE-1
def test_FR_MOVE_1_a_creature_moves_to_one_of_its_owners_empty_spaces_and_leaves_its_pile():
    g = game({"hand": ["Mouse"], "inventory": ["Blank"], "spaces": ["Mole", None, None],
              "piles": [["Blank", "Blank"], ["Ember"], []], "deck": ["Lantern", "Blank"]},
             {"spaces": ["Giant", None, "Ox"]}, decision="set")
    mole = iid(g, 0, "Mole")
    legal = pos(g)["legal_actions"]
    assert f"coin {mole} 0 1" in legal and f"coin {mole} 0 2" in legal and f"coin {mole} 0 0" not in legal
    assert "empty spaces" in why(g, "coin", (0, "Mole"), 0, 0)
    assert "names the space" in why(g, "coin", (0, "Mole"), 0)
    act(g, "coin", (0, "Mole"), 0, 1)                        # away from the Giant, to a column with no foe
    a = seat(g, 0)
    assert a["spaces"][0] is None and a["spaces"][1]["card"] == "Mole" and a["spaces"][1]["id"] == mole
    assert a["piles"] == [["Blank", "Blank"], ["Ember"], []] and a["coins"] == 0   # the piles stay (FR-SCORE-2)
    assert pos(g)["decision"] == "go"
    act(g, "hunt", (0, "Mole"))                              # no foe in column 1: it hunts there
    assert seat(g, 0)["piles"][1] == ["Ember", "Lantern"]
    # with no empty space there is nowhere to move
    g = game({"hand": ["Mouse"], "inventory": ["Blank"], "spaces": ["Mole", "Ox", "Ox"], "deck": ["Blank"] * 3}, {},
             decision="set")
    assert not [x for x in pos(g)["legal_actions"] if x.startswith("coin")]
    assert "empty spaces" in why(g, "coin", (0, "Mole"), 0, 1)


# ------------------------------------------------------------------ the catalog
def _with(card: str, **fields: Any) -> Any:
    c = CATALOG[card]
    return replace(c, fields={**c.fields, **fields})


@pytest.mark.parametrize("card, fields, field, reason", [
    ("Ox", {"actions": [{"do": "move", "stars": 1}]}, "actions[0]", "FR-MOVE-1"),
    ("Ox", {"actions": [{"do": "draw", "n": 1, "zap": True}]}, "actions[0]", "FR-ACTION-1"),
    ("Ox", {"actions": [{"do": "attack", "n": 1, "coins": 1}]}, "actions[0]", "FR-COIN-2"),
    ("Ox", {"actions": [{"do": "draw", "n": 1, "coins": 1, "face_down": True}]}, "actions[0]", "face_down"),
    ("Ox", {"actions": [{"do": "move", "coins": 1, "trait": "Goblin"}]}, "actions[0]", "FR-MOVE-1"),
    ("Library", {"effects": [{"do": "move", "coins": 1}]}, "effects[0]", "FR-MOVE-1"),
    ("Push", {"effects": [{"do": "move"}]}, "effects[0]", "FR-MOVE-1"),
    ("Library", {"effects": [{"do": "draw", "n": 1, "coins": 1, "discard": -1}]}, "effects[0]", "at least 1"),
])
def test_FR_CARD_1_the_new_vocabulary_is_checked_when_a_card_is_compiled(card, fields, field, reason):
    with pytest.raises(CatalogError) as e:
        compile_card(_with(card, **fields))
    assert e.value.field == field and reason in e.value.reason


def test_FR_CARD_1_the_schema_names_a_bad_creature_action(tmp_path):
    folder = tmp_path / "freerealms"
    folder.mkdir()
    (folder / "a.toml").write_text(
        '[[card]]\nname = "Bad"\ntype = "creature"\nsphere = "order"\nrarity = "U"\ncollector = "1 U 1"\n'
        'cost = 2\nattack = 2\ndefense = 2\ngems = ["order"]\nactions = [{ do = "move", stars = 1 }]\n',
        encoding="utf-8")
    with pytest.raises(CatalogError) as e:
        load_family("freerealms", root=tmp_path)
    assert e.value.card == "Bad" and e.value.field == "actions[0]" and "coin action" in e.value.reason


def test_FR_CARD_1_real_cards_use_each_new_word():
    defs = {n: compile_card(REAL[n]) for n in NEW_CARDS}
    vole, drone, ash, press = (defs[n] for n in NEW_CARDS)
    assert vole.type == 0 and vole.coin_actions and vole.actions[0].eff.op == 7          # a creature's move
    assert drone.type == 0 and drone.battle_actions and drone.actions[0].zap             # a creature's star action
    assert ash.actions[0].discard == 1 and ash.battle_actions                            # discard: a battle cost
    assert press.actions[0].discard == 1 and press.coin_actions                          # discard: a Set Phase cost


# ------------------------------------------------------------------ the bots
def _deck() -> list[str]:
    """A legal 42-card deck of the real catalog with three of each new card."""
    base = ["Thicket Boar", "Moss Sprite", "Grove Warden", "Rivet Crab", "Steam Sentry", "Cog Scuttler",
            "Mossy Hollow", "Gear Workshop", "Spare Parts Bin", "Overclock"]
    return [n for n in NEW_CARDS for _ in range(3)] + [n for n in base for _ in range(3)]


def test_CORE_LEGAL_1_the_bots_use_the_new_actions_legally_and_every_state_is_a_position():
    deck = compile_deck(_deck(), REAL)
    used: Counter[str] = Counter()
    for seed in range(16):
        g = new_game(deck, deck, seed, first=seed % 2)
        bots = [HeuristicBot(seed), HeuristicBot(seed + 1)] if seed % 4 else [RandomBot(seed), HeuristicBot(seed)]
        while not g.is_terminal():
            a = bots[g.decider].choose(g)
            assert a in g.legal_actions(), (a, g.decision_name)
            if a.kind in ("coin", "star", "discard"):
                used[a.kind if a.kind == "discard" else g.defs[a.a].name] += 1
                p = position_of("fr", g, deck=True)
                assert position_of("fr", load_position(p, REAL), deck=True) == p
            g.apply(a)
    # every new card's action was used, and discard costs were paid
    assert all(used[n] > 0 for n in NEW_CARDS) and used["discard"] > 0, used


def test_CORE_LEGAL_1_the_lookahead_plays_a_game_with_the_new_cards():
    deck = compile_deck(_deck(), REAL)
    g = new_game(deck, deck, 3)
    bots = (LookaheadBot(1, rollouts=2, horizon=2), HeuristicBot(2))
    while not g.is_terminal():
        a = bots[g.decider].choose(g)
        assert a in g.legal_actions()
        g.apply(a)


def test_CORE_LEGAL_1_the_heuristic_moves_away_from_a_foe_it_cannot_beat_and_uses_star_actions_that_swing_a_battle():
    # Mole (1/1) faces a Giant; column 1 has no foe: with its spare coin the heuristic moves it there
    g = game({"hand": ["Blank"], "inventory": ["Blank"], "spaces": ["Mole", None, None], "deck": ["Blank"] * 5},
             {"spaces": ["Giant", None, "Ox"], "deck": ["Blank"] * 5}, decision="set")
    assert HeuristicBot(1).choose(g) == Action("coin", iid(g, 0, "Mole"), 0, 1)
    # a stunned Giant it hunts past: it stays
    g = game({"hand": ["Blank"], "inventory": ["Blank"], "spaces": ["Mole", None, None], "deck": ["Blank"] * 5},
             {"spaces": [{"card": "Giant", "stunned": True}, None, "Ox"], "deck": ["Blank"] * 5}, decision="set")
    assert HeuristicBot(1).choose(g) == PASS
    # Ox against Ox is a tie without gems: Beacon's +2 attack wins it
    g = game({"spaces": ["Ox", "Beacon", None], "inventory": ["Blank"], "deck": ["Blank"] * 3},
             {"spaces": ["Ox", None, None], "deck": ["Blank"] * 3})
    act(g, "attack", (0, "Ox"))
    assert HeuristicBot(1).choose(g) == Action("star", iid(g, 0, "Beacon"), 0)
    # paying Press's cost it discards its least useful cards, the 1/1 Mouse, then the plain resource, keeping
    # the Giant and the Hero
    g = game({"hand": ["Giant", "Blank", "Mouse", "Nirvi"], "inventory": ["Press"], "deck": ["Blank"] * 5}, {},
             decision="set")
    act(g, "coin", (0, "Press"), 0)
    first = HeuristicBot(1).choose(g)
    assert first == Action("discard", iid(g, 0, "Mouse"))
    g.apply(first)
    assert HeuristicBot(1).choose(g) == Action("discard", iid(g, 0, "Blank"))
