"""Eredan positions as text (docs/positions.md, "Eredan"; fwlab/rules/eredan/position.py) and its
rule options: a position printed with its decks loads again as the same state, over many seeded
real games (the same legal actions, the same trees of actions two plies deep, the same game when
both are played on: a perft-like check); only reachable positions are accepted, each refusal naming
its field; the commands show, show --json and play on the example positions; the options declared
as data change the games they should, and a bad one is refused by name."""

from __future__ import annotations

import copy
import dataclasses
import json
import random
import tomllib
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from er_rules_catalog import rules_catalog

from fwlab.catalog import load_catalog
from fwlab.cli import main
from fwlab.decks.starters import starter_decks
from fwlab.paths import data_dir
from fwlab.rules.core import PositionError
from fwlab.rules.deckrules import deck_problems
from fwlab.rules.engines import deck_rules_for, engine_for, load_position, make_bot, position_of
from fwlab.rules.eredan.cards import playable
from fwlab.rules.eredan.game import Game
from fwlab.sim.play import start_match

#: the catalog the synthetic positions here are worked out on (tests/rules/er_rules_catalog: the numbers
#: before issue 27's rebalance); the shipped example positions are read with the shipped catalog
CAT = rules_catalog()
SHIPPED = load_catalog("eredan")
STARTERS = starter_decks("eredan")
EXAMPLES = sorted((data_dir() / "positions").glob("eredan-*.*"))
PRINTED = ("legal_actions", "terminal", "outcome")


def dump(g: Game) -> dict[str, Any]:
    return position_of("eredan", g, deck=True)


def legal_setup(rng: random.Random) -> list[str]:
    """Three characters of one guild (Mercenaries too) and 20 cards that deck may hold."""
    chars = [d for d in playable(CAT) if d.is_character]
    guild = rng.choice(sorted({d.guild for d in chars} - {"Mercenary"}))
    names = rng.sample([d.name for d in chars if d.guild in (guild, "Mercenary")], 3)
    if all(CAT.cards[n].fields["guild"] == "Mercenary" for n in names):
        guild = ""
    deck = [d.name for d in playable(CAT) if not d.is_character and d.guild in ("", guild)]
    # within ER-DECK-5 (copies, unique cards, evolutions): the engine refuses an illegal setup
    rules = deck_rules_for("eredan")
    cards: list[str] = []
    while len(cards) < 20:
        pick = rng.choice(deck)
        if not deck_problems("eredan", Counter(names + cards + [pick]), CAT, dataclasses.replace(rules, min_size=None)):
            cards.append(pick)
    return names + cards


def seeded_game(seed: int) -> tuple[Game, list[Any]]:
    """A seeded real game: starter decks or random legal setups, heuristic or random bots."""
    rng = random.Random(seed)
    if seed % 2:
        decks: list[Any] = [legal_setup(rng), legal_setup(rng)]
    else:
        decks = [STARTERS[rng.randrange(len(STARTERS))], STARTERS[rng.randrange(len(STARTERS))]]
    g = start_match("eredan", decks, seed, seed % 2, log_cards=False, record=True)
    bots = [make_bot("eredan", "heuristic" if seed % 3 else "random", seed * 2 + k) for k in range(2)]
    return g, bots


def perft(g: Game, depth: int) -> list[str]:
    """Every line of ``depth`` actions from ``g`` with the position it reaches (sorted)."""
    if depth == 0 or g.is_terminal():
        return [json.dumps(dump(g), sort_keys=True)]
    out = []
    for a in g.legal_actions():
        c = g.clone()
        c.apply(a)
        out += [f"{a}/{line}" for line in perft(c, depth - 1)]
    return sorted(out)


# ---------------------------------------------------------------------- the round trip
@pytest.mark.parametrize("seed", range(10))
def test_every_position_of_a_seeded_game_loads_again_as_the_same_state_perft(seed):
    g, bots = seeded_game(seed)
    checked = 0
    while not g.is_terminal():
        pos = dump(g)
        again = load_position(pos, SHIPPED)  # a real game of the shipped catalog
        assert dump(again) == pos
        assert [str(a) for a in again.legal_actions()] == pos["legal_actions"] != []
        assert again.current_player() == g.current_player() and again.record.options["position"] == pos
        if checked % 7 == 3:  # the same trees of actions, two plies deep
            assert perft(again, 2) == perft(g, 2)
        checked += 1
        g.apply(bots[g.current_player()].choose(g))
    assert checked > 20


@pytest.mark.parametrize("seed", range(10, 16))
def test_a_loaded_position_played_on_is_the_same_game_to_the_end(seed):
    g, bots = seeded_game(seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(5, 40)):
        if g.is_terminal():
            break
        g.apply(bots[g.current_player()].choose(g))
    if g.is_terminal():
        pytest.skip("the game ended early")
    twin = load_position(dump(g), SHIPPED)
    while not g.is_terminal():
        a = rng.choice(g.legal_actions())
        g.apply(a)
        twin.apply(a)
        assert dump(twin) == dump(g)
    assert twin.outcome == g.outcome and [s.score for s in twin.seats] == [s.score for s in g.seats]


def test_show_json_prints_the_documented_keys_and_the_deck_sizes_only():
    g = load_position(json.loads(EXAMPLES[0].read_text()) if EXAMPLES[0].suffix == ".json" else
                      tomllib.loads(EXAMPLES[0].read_text()), SHIPPED)
    pos = position_of("eredan", g)
    assert list(pos)[:9] == ["ruleset", "turn", "active", "initiative", "decision", "legal_actions", "terminal",
                             "outcome", "seats"]
    for s in pos["seats"]:
        assert "deck" not in s and isinstance(s["deck_size"], int)
        assert {"score", "characters", "hand", "deck_size", "discard"} <= set(s)
        for c in s["characters"]:
            assert {"card", "life", "max_life", "tapped", "dead", "items"} <= set(c)
    assert dump(g)["seats"][0]["deck"][0] == {"id": g.seats[0].deck[-1], "card": g.defs[g.seats[0].deck[-1]].name}


def test_ids_given_are_kept_and_the_others_take_the_lowest_free_ones():
    pos = base()
    pos["seats"][0]["hand"][0] = {"id": 7, "card": "Ambush"}
    g = load_position(pos, CAT)
    hand = position_of("eredan", g)["seats"][0]["hand"]
    assert hand[0] == {"id": 7, "card": "Ambush"} and [c["id"] for c in hand[1:]] == [0, 1, 2, 3]


def test_the_deck_is_written_top_first_and_is_the_chance_of_the_refill():
    pos = base()
    pos["seats"][1]["deck"] = ["Ambush", "Rummage"] + ["Sidestep"] * 13
    g = load_position(pos, CAT)
    g.apply("choose 0 0")
    g.apply(f"play {g.seats[0].hand[0]}")  # seat a plays one card: its refill is the top of its deck
    g.apply(f"play {g.seats[1].hand[0]}")
    g.apply("pass")
    g.apply("pass")
    assert [g.defs[i].name for i in g.seats[1].hand[-1:]] == ["Ambush"]


# ---------------------------------------------------------------------- only reachable positions
def base(**top: Any) -> dict[str, Any]:
    """A plain position at turn 3: seat a chooses, nobody hurt, five cards in each hand."""
    def seat(chars: list[str]) -> dict[str, Any]:
        return {"characters": list(chars), "hand": ["Sidestep"] * 5, "deck": ["Sidestep"] * 10, "score": 0}

    return {"ruleset": "eredan", "turn": 3, "active": 0, "decision": "choose",
            "seats": [seat(["Zephrin the Unbound", "Old Gorran", "Hrolf Ironpelt"]),
                      seat(["Seraphine Dawnsong", "Pip Quickfingers", "Sister Ashgrave"])], **top}


def play_base(**top: Any) -> dict[str, Any]:
    """Turn 3, a fight: seat a's Zephrin against seat b's Pip, step 1 (seat a passed its first card)."""
    pos = base(decision="play", fight={"step": 1, "seats": [{"character": 0}, {"character": 1}]}, **top)
    for s in pos["seats"]:
        s["hand"] = s["hand"][:4]
    return pos


def char(pos: dict[str, Any], p: int, i: int, **kw: Any) -> None:
    c = pos["seats"][p]["characters"][i]
    pos["seats"][p]["characters"][i] = {**({"card": c} if isinstance(c, str) else c), **kw}


Edit = Callable[[dict[str, Any]], Any]
BAD: list[tuple[str, Callable[[], dict[str, Any]], Edit, str, str]] = [
    ("life above the printed Life", base, lambda p: char(p, 0, 0, life=12),
     "seats[0].characters[0].life", "must be at most 11"),
    ("life below 0", base, lambda p: char(p, 0, 0, life=-1), "seats[0].characters[0].life", "must be at least 0"),
    ("a living character at 0 Life out of a fight", base, lambda p: char(p, 1, 1, life=0),
     "seats[1].characters[1].life", "would have died at the end of the fight"),
    ("a dead character with Life", base, lambda p: char(p, 1, 1, dead=True, life=3),
     "seats[1].characters[1].life", "the dead stay at 0 Life"),
    ("every living character tapped", base, lambda p: [char(p, 0, i, tapped=True) for i in range(3)],
     "seats[0].characters", "every living character of the side is tapped"),
    ("the living ones tapped beside a dead one",
     lambda: base(seats=base()["seats"]),
     lambda p: [char(p, 0, 0, dead=True), char(p, 0, 1, tapped=True), char(p, 0, 2, tapped=True),
                p["seats"][1].update(score=11)],
     "seats[0].characters", "every living character of the side is tapped"),
    ("two armours", base, lambda p: char(p, 0, 2, items=["Chainmail Hauberk", "Leather Jerkin"]),
     "seats[0].characters[2].items[1]",
     "Leather Jerkin does not fit beside Chainmail Hauberk on Hrolf Ironpelt: a character wears one armour"),
    ("a second weapon beside a two-handed one", base,
     lambda p: char(p, 0, 2, items=["Oak Quarterstaff", "Iron Longsword"]),
     "seats[0].characters[2].items[1]", "a two-handed weapon fills both hands"),
    ("a second weapon without Dual Wield", base, lambda p: char(p, 0, 2, items=["Iron Longsword", "Iron Longsword"]),
     "seats[0].characters[2].items[1]", "needs Dual Wield on one of the two"),
    ("a third weapon", base, lambda p: char(p, 1, 1, items=["Twin Daggers", "Twin Daggers", "Twin Daggers"]),
     "seats[1].characters[1].items[2]", "a character wields two weapons at most"),
    ("an item its bearer could not have played", base, lambda p: char(p, 0, 2, items=["Warded Robe"]),
     "seats[0].characters[2].items[0]", "is for other classes"),
    ("a potion carried", base, lambda p: char(p, 0, 2, items=["Healing Draught"]),
     "seats[0].characters[2].items[0]", "a potion or scroll is discarded after its fight"),
    ("an action carried", base, lambda p: char(p, 0, 2, items=["Ambush"]),
     "seats[0].characters[2].items[0]", "not an item"),
    ("items on a dead character", base,
     lambda p: [char(p, 1, 1, dead=True, items=["Iron Longsword"]), p["seats"][0].update(score=12)],
     "seats[1].characters[1].items", "the items of a dead character go to the discard pile"),
    ("another guild's item on a character who is no Golem", base,
     lambda p: char(p, 0, 2, items=["Grave Hook I"]), "seats[0].characters[2].items[0]", "belongs to the Ashen Pact"),
    ("a Craftsman item played by someone who is no Craftsman", base,
     lambda p: char(p, 0, 0, items=[{"card": "Tinker's Gauntlet", "played_by": 0}]),
     "seats[0].characters[0].items[0].played_by", "is for other classes"),
    ("played_by on an item that goes on its player", base,
     lambda p: char(p, 0, 2, items=[{"card": "Iron Longsword", "played_by": 1}]),
     "seats[0].characters[2].items[0].played_by", "goes on the character that plays it"),
    ("a non-Craftsman item played by the other side", base,
     lambda p: char(p, 1, 1, items=[{"card": "Iron Longsword", "played_by": {"seat": "a", "character": 2}}]),
     "seats[1].characters[1].items[0].played_by", "goes on the character that plays it"),
    ("a Craftsman item on an enemy, played by no Craftsman", base,
     lambda p: char(p, 1, 1, items=[{"card": "Tinker's Gauntlet", "played_by": {"seat": "a", "character": 0}}]),
     "seats[1].characters[1].items[0].played_by", "is for other classes"),
    ("played_by without its character", base,
     lambda p: char(p, 1, 1, items=[{"card": "Tinker's Gauntlet", "played_by": {"seat": "a"}}]),
     "seats[1].characters[1].items[0].played_by.character", "is missing"),
    ("played_by of an unknown seat", base,
     lambda p: char(p, 1, 1, items=[{"card": "Tinker's Gauntlet", "played_by": {"seat": "c", "character": 1}}]),
     "seats[1].characters[1].items[0].played_by.seat", "must be a whole number"),
    ("two guilds on a side", base,
     lambda p: p["seats"][1].update(characters=["Seraphine Dawnsong", "Nerys Frostweave", "Sister Ashgrave"]),
     "seats[1].characters", "different guilds cannot be combined"),
    ("another guild's card in a hand", base, lambda p: p["seats"][1]["hand"].__setitem__(0, "Ember Lance I"),
     "seats[1].hand[0]", "Ember Lance I belongs to the Ember Court, not to this side's guild (Ashen Pact)"),
    ("two characters", base, lambda p: p["seats"][0]["characters"].pop(), "seats[0].characters",
     "a side has 3 characters"),
    ("the same character twice", base, lambda p: p["seats"][0]["characters"].__setitem__(1, "Zephrin the Unbound"),
     "seats[0].characters[1]", "the three characters of a side are different cards"),
    ("a card that is no character", base, lambda p: p["seats"][0]["characters"].__setitem__(1, "Ambush"),
     "seats[0].characters[1]", "Ambush is not a character"),
    ("a character in a hand", base, lambda p: p["seats"][0]["hand"].__setitem__(0, "Old Gorran"),
     "seats[0].hand[0]", "Old Gorran is a character"),
    ("an unknown card", base, lambda p: p["seats"][0]["hand"].__setitem__(2, "Ambosh"),
     "seats[0].hand[2]", "unknown card 'Ambosh': not in the eredan catalog (did you mean 'Ambush'?)"),
    ("an id given twice", base,
     lambda p: [p["seats"][0]["hand"].__setitem__(0, {"id": 4, "card": "Ambush"}),
                p["seats"][1]["hand"].__setitem__(0, {"id": 4, "card": "Ambush"})],
     "seats[1].hand[0].id", "id 4 is given twice (also at seats[0].hand[0])"),
    ("a hand of four at the choice with cards left to draw", base, lambda p: p["seats"][0]["hand"].pop(),
     "seats[0].hand", "hands are refilled to 5"),
    ("a hand of six at the choice", base, lambda p: p["seats"][0]["hand"].append("Ambush"),
     "seats[0].hand", "the Discard step keeps at most 5"),
    ("a short hand and an empty deck, not decked", base,
     lambda p: p["seats"][0].update(hand=["Sidestep"] * 3, deck=[]), "seats[0].decked", "write \"decked\": true"),
    ("decked with cards in the deck", base, lambda p: p["seats"][0].update(decked=True),
     "seats[0].decked", "the deck still holds 10 cards"),
    ("decked on turn 1", lambda: base(turn=1), lambda p: p["seats"][0].update(decked=True, deck=[]),
     "seats[0].decked", "on turn 1 nobody has refilled yet"),
    ("turn 1 with a hurt character", lambda: base(turn=1), lambda p: char(p, 0, 0, life=9),
     "seats[0].characters", "turn 1 before the first choice is the start of the game"),
    ("turn 1 with a discard pile", lambda: base(turn=1), lambda p: p["seats"][0].update(discard=["Ambush"]),
     "seats[0].discard", "on turn 1 no card has reached the discard pile"),
    ("a score below the Life the enemy lost", base, lambda p: char(p, 1, 1, life=5),
     "seats[0].score", "is 0, but seat b's characters have lost 7 Life"),
    ("every character dead: a finished game", base,
     lambda p: [char(p, 1, i, dead=True) for i in range(3)] + [p["seats"][0].update(score=40)],
     "seats[1].characters", "all three are dead: the game is over"),
    ("terminal", base, lambda p: p.update(terminal=True), "terminal", "a finished game cannot be set up"),
    ("an outcome", base, lambda p: p.update(outcome={"places": [1, 2], "end_reason": "dead"}), "terminal",
     "a finished game cannot be set up"),
    ("the terminal decision", base, lambda p: p.update(decision="terminal"), "decision",
     "a finished game cannot be set up"),
    ("an unknown decision", base, lambda p: p.update(decision="mulligan"), "decision",
     "unknown decision 'mulligan' (one of choose, play, discard)"),
    ("initiative against active", base, lambda p: p.update(initiative=1), "initiative",
     "the seat that won the initiative chooses on odd turns"),
    ("neither active nor initiative", base, lambda p: p.pop("active"), "active", "is missing"),
    ("turn 0", base, lambda p: p.update(turn=0), "turn", "must be at least 1"),
    ("a turn beyond the cap", base, lambda p: p.update(turn=9, options={"turn_cap": 8}), "turn",
     "must be at most 8"),
    ("three seats", base, lambda p: p["seats"].append(p["seats"][0]), "seats", "a game for 2 seats"),
    ("an unknown top-level key", base, lambda p: p.update(comment="x"), "comment", "unknown field"),
    ("an unknown seat key", base, lambda p: p["seats"][0].update(graveyard=[]), "seats[0].graveyard",
     "unknown field"),
    ("an unknown character key", base, lambda p: char(p, 0, 0, hp=3), "seats[0].characters[0].hp", "unknown field"),
    ("an unknown item key", base, lambda p: char(p, 0, 2, items=[{"card": "Iron Longsword", "bonus": 1}]),
     "seats[0].characters[2].items[0].bonus", "unknown field"),
    ("deck_size without a deck or a filler", base,
     lambda p: [p["seats"][0].pop("deck"), p["seats"][0].update(deck_size=4)], "seats[0].deck_size",
     "4 cards but no 'deck'"),
    ("deck_size against the deck", base, lambda p: p["seats"][0].update(deck_size=3), "seats[0].deck_size",
     "is 3 but the deck lists 10 cards"),
    ("a printed stat that is not the engine's", base, lambda p: char(p, 0, 2, att=5), "seats[0].characters[2].att",
     "att/def/spirit are worked out"),
    ("a printed max_life that is not the card's", base, lambda p: char(p, 0, 2, max_life=20),
     "seats[0].characters[2].max_life", "printed Life is 15"),
    ("legal actions that are not the engine's", base, lambda p: p.update(legal_actions=["pass"]), "legal_actions",
     "they are printed, not set"),
    ("an unknown option", base, lambda p: p.update(options={"hand_size": 6}), "options.hand_size",
     "unknown field (known: deck_out, score_overkill, turn_cap, zero_life_strikes)"),
    ("a bad option value", base, lambda p: p.update(options={"deck_out": "draw"}), "options.deck_out",
     "draw is not one of score, loses"),
    ("a buff out of a fight", base, lambda p: char(p, 0, 0, buff={"att": 1}), "seats[0].characters[0].buff",
     "lasts for the fight only"),
    ("a fight in the choice", base, lambda p: p.update(fight={"step": 0, "seats": [{"character": 0}] * 2}), "fight",
     "there is no fight in the choose decision"),
    ("a play decision without its fight", play_base, lambda p: p.pop("fight"), "fight", "is missing"),
    ("a tapped fighter", play_base, lambda p: char(p, 1, 1, tapped=True), "fight.seats[1].character",
     "Pip Quickfingers is tapped"),
    ("a dead fighter", play_base, lambda p: [char(p, 1, 1, dead=True), p["seats"][0].update(score=12)],
     "fight.seats[1].character", "Pip Quickfingers is dead"),
    ("step 2 without the chooser's chain", play_base, lambda p: p["fight"].update(step=2), "fight.step",
     "comes only after a first card that opened a chain"),
    ("a chain before the first card", play_base, lambda p: p["fight"]["seats"][1].update(chain="any"),
     "fight.seats[1].chain", "has not played its first card yet"),
    ("a chain no card opens", play_base,
     lambda p: p["fight"]["seats"][0].update(chain="any", cards=["Sidestep"]), "fight.seats[0].chain",
     "chain 'any' is not what seat a's first card opens"),
    ("a first card that opened a chain not written", play_base,
     lambda p: p["fight"]["seats"][0].update(cards=["Flame Dart"]), "fight.seats[0].chain",
     "Flame Dart, played first for Zephrin the Unbound, opens a chain (any)"),
    ("a card its fighter could not have played", play_base,
     lambda p: p["fight"]["seats"][0].update(cards=["Cleave"]), "fight.seats[0].cards[0]", "is for other classes"),
    ("an item among the cards played", play_base,
     lambda p: p["fight"]["seats"][0].update(cards=["Oak Quarterstaff"]), "fight.seats[0].cards[0]",
     "stays on the character that carries it"),
    ("more cards than the steps allow", play_base,
     lambda p: p["fight"]["seats"][1].update(cards=["Sidestep"]), "fight.seats[1].cards",
     "has played 0 card(s) by step 1"),
    ("a strike lost that is not", play_base, lambda p: p["fight"]["seats"][0].update(no_strike=True),
     "fight.seats[0].no_strike", "is worked out, not set"),
    ("an unknown chain", play_base, lambda p: p["fight"]["seats"][0].update(chain="banner"),
     "fight.seats[0].chain", "'banner' is no chain"),
    ("a buff on a dead character", play_base,
     lambda p: [char(p, 1, 2, dead=True, buff={"def": 1}), p["seats"][0].update(score=15)],
     "seats[1].characters[2].buff", "is dead"),
    ("discard_passed out of the Discard step", base, lambda p: p.update(discard_passed=1), "discard_passed",
     "only in the discard decision"),
    ("the chooser passed its Discard step with six cards", lambda: base(decision="discard", discard_passed=1),
     lambda p: p["seats"][0]["hand"].append("Ambush"), "discard_passed", "could not have passed"),
]


@pytest.mark.parametrize("what,make,edit,field,message", BAD, ids=[b[0] for b in BAD])
def test_a_position_the_engine_could_not_reach_is_refused_naming_the_field(what, make, edit, field, message):
    pos = make()
    load_position(copy.deepcopy(pos), CAT)  # the position before the edit is a good one
    edit(pos)
    with pytest.raises(PositionError) as e:
        load_position(pos, CAT)
    assert e.value.field == field, (what, str(e.value))
    assert message in e.value.reason, (what, str(e.value))


def test_eredan_has_no_dice_and_says_what_its_chance_is_instead():
    with pytest.raises(PositionError) as e:
        load_position(base(), CAT, dice=[6, 1])
    assert e.value.field == "dice" and "order of each deck" in e.value.reason and "initiative" in e.value.reason
    with pytest.raises(PositionError, match="ruleset: 'fw' is not played by this engine"):
        engine_for("eredan").positions()[0](base(ruleset="fw"), CAT)


def test_reachable_edge_positions_are_accepted():
    # turn 1 with a deck of fewer than five cards; a decked side with a short hand; a living
    # character at 0 Life in a fight; a chain opened by an item its fighter carries (ER-CHAIN-2)
    p = base(turn=1)
    p["seats"][0].update(hand=["Sidestep"] * 3, deck=[])
    load_position(p, CAT)
    p = base(turn=4, active=1)
    p["seats"][1].update(hand=["Sidestep"] * 2, deck=[], decked=True)
    assert load_position(p, CAT).seats[1].decked
    p = play_base()
    char(p, 1, 1, life=0)
    p["seats"][0]["score"] = 12
    assert load_position(p, CAT).seats[1].chars[1].life == 0
    p = base(decision="play", fight={"step": 2, "seats": [{"character": 0, "chain": "any"}, {"character": 0}]})
    p["seats"][0]["characters"] = ["Corvan Emberguard", "Solenne Flamecrown", "Ilyra Cinderveil"]
    char(p, 0, 0, items=["Iron Longsword"])
    g = load_position(p, CAT)
    assert g.current_player() == 0 and g.f_chain[0] == -1


# ---------------------------------------------------------------------- the commands
def test_the_example_positions_show_show_json_and_play(capsys):
    assert len(EXAMPLES) >= 2 and {p.suffix for p in EXAMPLES} == {".json", ".toml"}
    for path in EXAMPLES:
        assert main(["position", "show", str(path)]) == 0
        text = capsys.readouterr().out
        assert text.startswith("eredan · turn ") and "legal actions (" in text
        assert main(["position", "show", str(path), "--json"]) == 0
        pos = json.loads(capsys.readouterr().out)
        assert pos["ruleset"] == "eredan" and not pos["terminal"] and pos["legal_actions"]
        first = pos["legal_actions"][0]
        assert main(["position", "play", str(path), "--actions", first, "--json", "--decks"]) == 0
        after = json.loads(capsys.readouterr().out)
        assert after["played"] == {"actions": [first], "dice": []}
        # played on again from its output: the same as both actions at once
        nxt = after["legal_actions"][0]
        out = Path(str(path) + ".played.json")
        try:
            out.write_text(json.dumps(after))
            assert main(["position", "play", str(out), "--actions", nxt, "--json", "--decks"]) == 0
            again = json.loads(capsys.readouterr().out)
        finally:
            out.unlink()
        assert main(["position", "play", str(path), "--actions", f"{first}; {nxt}", "--json", "--decks"]) == 0
        both = json.loads(capsys.readouterr().out)
        assert {k: v for k, v in again.items() if k != "played"} == {k: v for k, v in both.items() if k != "played"}


def test_the_mage_chain_example_its_second_card_and_the_fight(capsys):
    path = next(p for p in EXAMPLES if "mage-chain" in p.name)
    assert main(["position", "show", str(path), "--json"]) == 0
    pos = json.loads(capsys.readouterr().out)
    assert pos["decision"] == "play" and pos["fight"]["step"] == 2 and pos["fight"]["seats"][0]["no_strike"]
    hand = {c["card"]: c["id"] for c in pos["seats"][0]["hand"]}
    assert pos["legal_actions"] == [f"play {hand[n]}" for n in ("Ember Lance II", "Flame Dart", "Healing Draught")] \
        + ["pass"]  # Kindled Resolve is a theurgy: Solenne is no Priest
    assert main(["position", "play", str(path), "--actions", f"play {hand['Ember Lance II']}"]) == 0
    text = capsys.readouterr().out
    # Ember Lance II 5 - Spirit 1 = 4 on Vekra (6 Life); Vekra strikes 6 + 1 (against a Mage) - Def 1 = 6
    assert "Vekra Nightclaw  Life 2/8" in text and "Solenne Flamecrown  Life 1/7" in text
    assert "decision: discard (seat a decides)" in text


def test_the_deck_out_example_ends_the_game_and_the_option_changes_the_winner(capsys, tmp_path):
    path = next(p for p in EXAMPLES if "deck-out" in p.name)
    # Nerys against Seraphine, no card: Nerys 1 - Def 1 = 0; Seraphine 3 + 2 (Gorran's Forge Hammer) - Def 1 = 4
    line = "choose 0 2; pass; pass; pass; pass"
    assert main(["position", "play", str(path), "--actions", line, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["terminal"] and out["outcome"] == {"places": [1, 2], "end_reason": "deck-out"}
    data = tomllib.loads(path.read_text())
    data["seats"][1]["score"] = 35  # level with seat a's 31 + 4 after the fight
    data["options"] = {"deck_out": "loses"}
    (tmp_path / "p.json").write_text(json.dumps(data))
    assert main(["position", "play", str(tmp_path / "p.json"), "--actions", line, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["options"] == {"deck_out": "loses"} and out["outcome"]["places"] == [1, 2]
    del data["options"]
    (tmp_path / "p.json").write_text(json.dumps(data))
    assert main(["position", "play", str(tmp_path / "p.json"), "--actions", line, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["outcome"]["places"] == [1, 2]  # 35-35: who did not run out


def test_position_play_with_dice_is_a_clear_error(capsys):
    assert main(["position", "play", str(EXAMPLES[0]), "--actions", "pass", "--dice", "6,1"]) == 2
    err = capsys.readouterr().err
    assert "dice: Eredan ITCG rolls no dice" in err and "deck" in err and "initiative" in err


def test_an_illegal_action_is_an_error_naming_it(capsys):
    assert main(["position", "play", str(EXAMPLES[0]), "--actions", "discard 3"]) == 2
    assert "action 1 'discard 3'" in capsys.readouterr().err


# ---------------------------------------------------------------------- rule options
def test_the_options_are_declared_as_data_with_a_rule_and_listed_by_engines_json(capsys):
    opts = {o.name: o for o in engine_for("eredan").options_for("eredan")}
    assert set(opts) == {"turn_cap", "deck_out", "zero_life_strikes", "score_overkill"}
    assert (opts["turn_cap"].default, opts["deck_out"].choices) == (200, ("score", "loses"))
    assert all(o.rule.startswith("ER-") and o.doc for o in opts.values())
    assert main(["engines", "--json"]) == 0
    row = next(r for r in json.loads(capsys.readouterr().out) if r["ruleset"] == "eredan")
    assert [o["name"] for o in row["options"]] == list(opts)


def simulate(capsys, *rules: str) -> dict[str, Any]:
    decks = [str(data_dir() / "decks" / "eredan" / f"{n}.txt") for n in ("ashen_pact", "tidewardens")]
    argv = ["simulate", *decks, "-n", "40", "--seed", "3", "--json"]
    for r in rules:
        argv += ["--rule", r]
    assert main(argv) == 0
    return json.loads(capsys.readouterr().out)


def test_simulate_rule_changes_the_games_where_it_should_and_a_bad_one_is_refused(capsys):
    default = simulate(capsys)
    assert default["options"] == {}
    loses = simulate(capsys, "deck_out=loses")
    assert loses["options"] == {"deck_out": "loses"} and loses["wins_a"] != default["wins_a"]
    capped = simulate(capsys, "turn_cap=6")
    # the cap ends (nearly) every game by turn 6; a deck-out may still come first
    assert set(capped["end_reasons"]) <= {"turn-cap", "deck-out"} and capped["end_reasons"]["turn-cap"] >= 30
    assert capped["mean_turns"] <= 6 < default["mean_turns"]
    same = simulate(capsys)  # the same seeds: the same games
    assert {k: v for k, v in same.items() if k != "seconds"} == {k: v for k, v in default.items() if k != "seconds"}
    assert main(["simulate", "--ruleset", "eredan", "-n", "2", "--rule", "x=1"]) == 2
    err = capsys.readouterr().err
    assert "unknown rule option 'x' for eredan" in err and "turn_cap, deck_out" in err
    assert main(["simulate", "--ruleset", "eredan", "-n", "2", "--rule", "zero_life_strikes=maybe"]) == 2
    assert "zero_life_strikes" in capsys.readouterr().err


def test_a_positions_options_set_the_rules_and_are_printed_back():
    g = load_position(base(options={"turn_cap": 50, "score_overkill": True}), CAT)
    assert (g.turn_cap, g.score_overkill, g.deck_out_loses, g.zero_life_strikes) == (50, True, False, True)
    assert position_of("eredan", g)["options"] == {"turn_cap": 50, "score_overkill": True}
    assert g.record.options["turn_cap"] == 50 and g.record.options["score_overkill"] is True
    assert "options" not in position_of("eredan", load_position(base(options={"turn_cap": 200}), CAT))


def test_a_game_set_up_from_a_position_replays_from_it():
    g = load_position(play_base(), CAT)
    rng = random.Random(4)
    while not g.is_terminal() and len(g.record.actions) < 30:
        g.apply(rng.choice(g.legal_actions()))
    again = engine_for("eredan").replay(g.record, CAT)
    assert dump(again) == dump(g) and again.record.actions == g.record.actions


def test_the_example_of_docs_positions_md_is_what_show_prints(tmp_path, capsys):
    doc = (Path(__file__).resolve().parents[2] / "docs" / "positions.md").read_text()
    section = doc[doc.index("## Eredan (`eredan`)"):]
    section = section[:section.index("\n## ", 10)]
    blocks = section.split("```")[1::2]
    file, printed, text = (b.split("\n", 1)[1] for b in blocks[:3])
    (tmp_path / "pos.json").write_text(file)
    assert main(["position", "show", str(tmp_path / "pos.json"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == json.loads(printed)
    assert main(["position", "show", str(tmp_path / "pos.json")]) == 0
    assert capsys.readouterr().out == text
