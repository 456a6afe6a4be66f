"""Free Realms positions as text (docs/positions.md, "Free Realms"; fwlab/rules/freerealms/position.py):
a perft-like round trip over seeded mid-game states, the unreachable positions refused with their
field named, the printed-only keys, the records of a position game, and ``fwlab position show|play``
on the shipped examples."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from fwlab.catalog import load_catalog
from fwlab.cli import main
from fwlab.decks.starters import starter_decks
from fwlab.rules.core import PositionError
from fwlab.rules.engines import engine_for, load_position, position_of
from fwlab.rules.freerealms.game import Game

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "data" / "positions").glob("freerealms-*"))
CAT = load_catalog("fr")
ENGINE = engine_for("fr")
DECKS = [[n for n, k in d.counts().items() for _ in range(k)] for d in starter_decks("fr")]
#: rule options the round trips are played under, in turn (the defaults first)
OPTIONS: list[dict[str, Any]] = [{}, {"turn_cap": 24}, {"score_to_win": 5}, {"face_down_counts": False},
                                 {"first_player_may_go_turn_1": False}, {"hero_names_block": "both"},
                                 {"mulligans": False}]


def dump(g: Game) -> dict[str, Any]:
    return position_of("fr", g, deck=True)


def seeded_game(seed: int) -> Game:
    """A real game of two starter decks under one of :data:`OPTIONS`, after 0 to 150 random actions."""
    rng = random.Random(seed)
    g: Game = ENGINE.new_game("fr", [DECKS[seed % len(DECKS)], DECKS[(seed * 7 + 1) % len(DECKS)]], seed, seed % 2,
                              catalog=CAT, **OPTIONS[seed % len(OPTIONS)])
    for _ in range(rng.choice([0, 1, 2, rng.randrange(150)])):
        if g.is_terminal():
            break
        g.apply(rng.choice(g.legal_actions()))
    return g


# ---------------------------------------------------------------------- the round trip, perft-like
def id_map(g: Game, h: Game) -> dict[int, int]:
    """Card instance ids of ``g`` -> those of ``h``, zone by zone and place by place (a loaded position
    numbers the cards of decks, discard piles and score piles afresh: they are printed as names)."""
    m: dict[int, int] = {}

    def pair(a: list[int], b: list[int]) -> None:
        assert len(a) == len(b)
        m.update(zip(a, b))

    for p in (0, 1):
        a, b = g.seats[p], h.seats[p]
        for zone in ("hand", "deck", "discard", "inventory"):
            pair(getattr(a, zone), getattr(b, zone))
        pair([c.iid for c in a.creatures()], [c.iid for c in b.creatures()])
        for col in range(3):
            pair(a.piles[col], b.piles[col])
    pair(g.b_cards, h.b_cards)
    return m


def renamed_action(text: str, m: dict[int, int]) -> str:
    kind, *nums = text.split()
    if nums:  # every fr action names a card instance first (play C S, coin R i, hunt U, trick C, ...)
        nums[0] = str(m[int(nums[0])])
    return " ".join([kind, *nums])


def renamed(pos: dict[str, Any], m: dict[int, int]) -> dict[str, Any]:
    """A position with the card ids of one game written as those of the other."""
    pos = copy.deepcopy(pos)
    pos["legal_actions"] = [renamed_action(a, m) for a in pos["legal_actions"]]
    for s in pos["seats"]:
        for c in s["hand"] + s["inventory"] + [c for c in s["spaces"] if c]:
            c["id"] = m[c["id"]]
    battle = pos.get("battle", {})
    for k in ("attacker", "defender"):
        if k in battle:
            battle[k] = m[battle[k]]
    for c in battle.get("cards", []):
        c["id"] = m[c["id"]]
    return pos


@pytest.mark.parametrize("seed", range(120))
def test_fr_position_a_printed_position_loads_as_the_same_state_and_plays_on_alike(seed):
    """position_of(deck=True) -> load_position -> position_of is the same, with the same legal actions;
    then the original (reseeded as the position is) and the loaded game take the same actions and stay
    equal at every step, and every state reached loads again."""
    g = seeded_game(seed)
    pos = dump(g)
    assert pos["legal_actions"] == [str(a) for a in g.legal_actions()]
    h = load_position({**pos, "seed": seed + 1000}, CAT)
    assert dump(h) == pos
    g = g.clone(seed=seed + 1000)      # the same future chance: the position's seed
    m = id_map(g, h)
    rng = random.Random(-seed)
    for _ in range(60):
        here = dump(h)
        assert renamed(dump(g), m) == here
        assert dump(load_position(here, CAT)) == here
        if g.is_terminal():
            assert h.is_terminal() and h.outcome == g.outcome
            break
        action = rng.choice(g.legal_actions())
        g.apply(action)
        h.apply(renamed_action(str(action), m))


def test_fr_position_every_decision_and_the_end_of_the_game_appear_in_the_round_trips():
    """The round trips above meet every decision the engine has (so each is written and read)."""
    seen: set[str] = set()
    for seed in range(120):
        g = seeded_game(seed)
        while True:
            seen.add(dump(g)["decision"])
            if g.is_terminal():
                break
            g.apply(random.Random(seed).choice(g.legal_actions()))
    assert seen == {"mulligan", "inventory", "set", "go", "tricks", "terminal"}


def test_fr_position_whole_games_of_the_bots_load_at_every_decision():
    """Every state of bot games (heuristic and random, every option set) is one a position accepts:
    the reachability checks refuse nothing the engine reaches."""
    for seed in range(21):
        g = ENGINE.new_game("fr", [DECKS[seed % len(DECKS)], DECKS[(seed + 2) % len(DECKS)]], seed, seed % 2,
                            catalog=CAT, **OPTIONS[seed % len(OPTIONS)])
        bots = [ENGINE.make_bot("heuristic" if seed % 3 else "random", seed + s) for s in (0, 1)]
        while True:
            p = dump(g)
            assert dump(load_position(p, CAT)) == p
            if g.is_terminal():
                break
            g.apply(bots[g.current_player()].choose(g))


def test_fr_position_the_game_keeps_its_position_and_replays_from_it():
    """record.options["position"] is the position set up from (decks in full); the engine's replay
    starts from it and applies the recorded actions."""
    g = load_position(json.loads((ROOT / "data" / "positions" / "freerealms-last-card.json").read_text()), CAT)
    start = dump(g)
    assert g.record.options["position"] == start
    for a in ("trick 41", "pass", "pass"):
        g.apply(a)
    again = ENGINE.replay(g.record, CAT)
    assert dump(again) == dump(g) and again.record.options["position"] == start


# ---------------------------------------------------------------------- refused positions
BASE: dict[str, Any] = {
    "ruleset": "fr", "turn": 9, "active": 0, "decision": "tricks", "deciding": 1,
    "seats": [{"hand": ["Reckless Swing"], "deck": ["Ember Imp", "Rift Jackal"],
               "inventory": ["Rift Shard", "Smouldering Crater"],
               "spaces": [{"id": 10, "card": "Magma Hound", "zapped": True}, None, None],
               "piles": [["Rift Jackal", "Ember Imp"], [], []], "stars": 1},
              {"hand": ["Bark Skin"], "deck": ["Moss Sprite"], "inventory": ["Honeycomb Stump", "Mossy Hollow"],
               "spaces": [{"id": 20, "card": "Thornback Bear"}, None, None]}],
    "battle": {"attacker": 10, "cards": [{"seat": "a", "card": "Flash Fire"}], "attack_bonus": 2}}


def edited(**changes: Any) -> dict[str, Any]:
    """BASE with ``path=value`` changes (``seats__0__stars=3``: ``["seats"][0]["stars"] = 3``; the value
    ``...`` deletes the key)."""
    pos = copy.deepcopy(BASE)
    for path, value in changes.items():
        *head, last = [int(k) if k.isdigit() else k for k in path.split("__")]
        obj: Any = pos
        for k in head:
            obj = obj[k]
        if value is ...:
            del obj[last]
        else:
            obj[last] = value
    return pos


GO = {"decision": "go", "deciding": ..., "battle": ..., "seats__0__stars": ...}
REFUSED = [
    # (what, changes, field, words of the reason)
    ("an unknown top key", {"comment": "hi"}, "comment", "unknown field"),
    ("an unknown seat key", {"seats__1__graveyard": []}, "seats[1].graveyard", "unknown field"),
    ("an unknown creature key", {"seats__1__spaces__0": {"card": "Thornback Bear", "tapped": True}},
     "seats[1].spaces[0].tapped", "unknown field"),
    ("an unknown battle key", {"battle__winner": 0}, "battle.winner", "unknown field"),
    ("a score pile at 12 in a game going on", {"seats__1__piles": [["Moss Sprite"] * 12, [], []]},
     "seats[1].piles", "12 cards"),
    ("a score pile over 12", {"seats__1__piles": [["Moss Sprite"] * 13, [], []]}, "seats[1].piles", "over"),
    ("a finished game nobody won", {"decision": "terminal", "deciding": ..., "battle": ...}, "decision",
     "not over"),
    ("both seats at 12 in a finished game",
     {"decision": "terminal", "deciding": ..., "battle": ..., "seats__0__piles": [["Ember Imp"] * 12, [], []],
      "seats__1__piles": [["Moss Sprite"] * 13, [], []]}, "seats[1].piles", "over"),
    ("someone deciding in a finished game",
     {"decision": "terminal", "battle": ..., "seats__1__piles": [["Moss Sprite"] * 12, [], []]}, "deciding",
     "nobody decides"),
    ("three seats", {"seats": [{}, {}, {}]}, "seats", "2 seats"),
    ("four spaces", {"seats__1__spaces": [None, None, None, None]}, "seats[1].spaces", "3 spaces"),
    ("two score piles", {"seats__0__piles": [[], []]}, "seats[0].piles", "3 score piles"),
    ("a turn beyond the cap", {"turn": 201}, "turn", "at most 200"),
    ("the mulligan after turn 1", {"decision": "mulligan"}, "turn", "before turn 1"),
    ("turn 0 outside the mulligan", {"turn": 0}, "turn", "mulligan"),
    ("more inventory cards than Set phases", {"seats__1__inventory": ["Mossy Hollow"] * 5}, "seats[1].inventory",
     "at most one card"),
    ("cards before the second player's first turn", {"turn": 1, "seats__0__inventory": ["Rift Shard"]},
     "seats[1].inventory", "has not had a turn"),
    ("a face-up card that is no resource", {"seats__1__inventory": ["Honeycomb Stump", "Bark Skin"]},
     "seats[1].inventory[1]", "not a resource"),
    ("two Heroes of a name", {"seats__1__spaces": ["Lady Aurelle", None, "Lady Aurelle"]}, "seats[1].spaces[2]",
     "second Hero"),
    ("a stunned attacker", {"seats__0__spaces__0": {"id": 10, "card": "Magma Hound", "zapped": True,
                                                    "stunned": True}}, "battle.attacker", "stunned"),
    ("an attacker not zapped", {"seats__0__spaces__0": {"id": 10, "card": "Magma Hound"}}, "battle.attacker",
     "zapped"),
    ("a stunned defender", {"seats__1__spaces__0": {"card": "Thornback Bear", "stunned": True}}, "battle.attacker",
     "stunned"),
    ("an attacker without a foe", {"seats__1__spaces": [None, "Thornback Bear", None]}, "battle.attacker", "no foe"),
    ("a battle card that is no trick", {"battle__cards": [{"seat": 0, "card": "Ember Imp"}]}, "battle.cards[0]",
     "not a trick"),
    ("a defender that is not the foe", {"battle__defender": 10}, "battle.defender", "foe"),
    ("a battle outside the tricks decision", {"decision": "go", "deciding": ..., "seats__0__stars": ...}, "battle",
     "no battle"),
    ("stars outside a battle", {**GO, "seats__0__stars": 1}, "seats[0].stars", "only during a battle"),
    ("more stars than inventory cards", {"seats__1__stars": 3}, "seats[1].stars", "one star per card"),
    ("coins outside the Set phase", {"seats__1__coins": 1}, "seats[1].coins", "Set phase"),
    ("a stunned active creature in the Set phase",
     {"decision": "set", "deciding": ..., "battle": ..., "seats__0__stars": ..., "seats__0__spaces__0":
      {"card": "Magma Hound", "zapped": True, "stunned": True}}, "seats[0].spaces[0].stunned", "Ready phase"),
    ("a stunned active creature not zapped in the Go phase",
     {**GO, "seats__0__spaces": [{"card": "Magma Hound", "stunned": True}, "Ember Imp", None]},
     "seats[0].spaces[0].stunned", "zapped"),
    ("a zapped active inventory before anything is used",
     {"decision": "inventory", "deciding": ..., "battle": ..., "seats__0__stars": ...,
      "seats__0__inventory": [{"card": "Rift Shard", "zapped": True}]}, "seats[0].inventory[0].zapped", "readied"),
    ("a Go phase without a ready creature", GO, "decision", "no ready creature"),
    ("an inventory decision with an empty hand",
     {"decision": "inventory", "deciding": ..., "battle": ..., "seats__0__stars": ..., "seats__0__hand": []},
     "decision", "empty hand"),
    ("a Set phase with nothing to pay for",
     {"decision": "set", "deciding": ..., "battle": ..., "seats__0__stars": ..., "seats__0__hand": ["Volcano Ogre"]},
     "decision", "nothing|no creature it can pay"),
    ("a trick turn of a seat with nothing to play", {"deciding": 0, "seats__0__stars": 0}, "decision",
     "automatic"),
    ("the other seat deciding the Go phase", {**GO, "deciding": 1,
                                              "seats__0__spaces__1": "Ember Imp"}, "deciding", "active seat"),
    ("a mulligan without the option", {"turn": 0, "decision": "mulligan", "deciding": ..., "battle": ...,
                                       "seats": [{"hand": ["Ember Imp"] * 6}, {"hand": ["Moss Sprite"] * 6}],
                                       "options": {"mulligans": False}}, "decision", "mulligans is off"),
    ("a mulligan with a short hand", {"turn": 0, "decision": "mulligan", "deciding": ..., "battle": ...,
                                      "seats": [{"hand": ["Ember Imp"] * 5, "deck": ["Ember Imp"]},
                                                {"hand": ["Moss Sprite"] * 6}]}, "seats[0].hand", "opening hand"),
    ("an unknown card", {"seats__0__hand": ["Reckles Swing"]}, "seats[0].hand[0]", "did you mean 'Reckless Swing'"),
    ("an id given twice", {"seats__1__hand": [{"id": 10, "card": "Bark Skin"}]}, "seats[1].hand[0].id", "twice"),
    ("a wrong printed attack", {"seats__0__spaces__0": {"id": 10, "card": "Magma Hound", "zapped": True,
                                                        "attack": 8}}, "seats[0].spaces[0].attack", "worked out"),
    ("a wrong printed score", {"seats__0__scored": 3}, "seats[0].scored", "counted"),
    ("stale legal actions", {"legal_actions": ["pass"]}, "legal_actions", "leave it out"),
    ("a wrong terminal flag", {"terminal": True}, "terminal", "tricks"),
    ("a deck size that is not the deck's", {"seats__0__deck_size": 5}, "seats[0].deck_size", "lists 2"),
    ("a deck size without a filler", {"seats__0__deck": ..., "seats__0__deck_size": 5}, "seats[0].deck_size",
     "filler"),
    ("an unknown rule option", {"options": {"first_player_may_go_turn_one": False}},
     "options.first_player_may_go_turn_one", "unknown rule option"),
    ("a bad option value", {"options": {"hero_names_block": "mine"}}, "options.hero_names_block", "one of own, both"),
    ("dice played", {"played": {"actions": ["pass"], "dice": [6]}}, "played.dice", "no dice"),
]


def test_fr_position_the_base_of_the_refused_positions_loads():
    g = load_position(BASE, CAT)
    assert dump(g)["legal_actions"] == ["trick 7", "star 8 0", "pass"]


@pytest.mark.parametrize("what, changes, field, reason", REFUSED, ids=[r[0] for r in REFUSED])
def test_fr_position_an_unreachable_or_malformed_position_is_refused_naming_its_field(what, changes, field, reason):
    with pytest.raises(PositionError) as e:
        load_position(edited(**changes), CAT)
    assert e.value.field == field, str(e.value)
    assert any(r in e.value.reason for r in reason.split("|")), str(e.value)


def test_fr_position_dice_are_refused_with_what_fr_has_instead():
    with pytest.raises(PositionError) as e:
        load_position(BASE, CAT, dice=[6, 1])
    assert e.value.field == "dice" and "order of the decks" in e.value.reason and "seed" in e.value.reason


def test_fr_position_printed_keys_may_be_given_when_they_match():
    g = load_position(BASE, CAT)
    printed = position_of("fr", g)                 # deck_size, legal actions, outcome, derived values
    again = load_position({**printed, "filler": "Moss Sprite", "played": {"actions": [], "dice": []}}, CAT)
    assert position_of("fr", again) == printed


def test_fr_position_a_finished_game_loads_with_its_outcome():
    won = edited(decision="terminal", deciding=..., battle=..., seats__1__piles=[["Moss Sprite"] * 12, [], []])
    g = load_position(won, CAT)
    assert dump(g)["outcome"] == {"places": [2, 1], "end_reason": "score"} and g.legal_actions() == []
    # the turn cap: the game ended as turn 11 would have started, so seat b (active) plays the odd turns
    capped = edited(decision="terminal", deciding=..., battle=..., turn=10, active=1, seats__0__stars=...,
                    options={"turn_cap": 10})
    g = load_position(capped, CAT)
    assert g.outcome is not None and (g.outcome.end_reason, g.outcome.places) == ("turn-cap", (1, 1))
    assert g.first == 1 and dump(load_position(dump(g), CAT)) == dump(g)


# ---------------------------------------------------------------------- the command line
def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_fr_position_cli_there_are_fr_examples_in_json_and_toml():
    assert {p.suffix for p in EXAMPLES} == {".json", ".toml"} and len(EXAMPLES) >= 2


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_fr_position_cli_every_example_shows_and_plays(capsys, path):
    code, text, err = run(capsys, "position", "show", str(path))
    assert code == 0, err
    assert text.startswith("fr · turn ") and "legal actions (" in text
    code, out, err = run(capsys, "position", "show", str(path), "--json")
    assert code == 0, err
    pos = json.loads(out)
    assert pos["ruleset"] == "fr" and not pos["terminal"] and pos["legal_actions"]
    first = pos["legal_actions"][0]
    code, out, err = run(capsys, "position", "play", str(path), "--actions", first, "--json")
    assert code == 0, err
    after = json.loads(out)
    assert after["played"] == {"actions": [first], "dice": []}
    # the printed result plays on again (its decks were printed as sizes: a filler stands for them)
    again = Path(str(path) + ".after.json")
    try:
        again.write_text(json.dumps(after))
        if after["terminal"]:
            code, out, err = run(capsys, "position", "show", str(again), "--json", "--filler", "Moss Sprite")
            assert code == 0, err
            assert json.loads(out)["outcome"] == after["outcome"]
        else:
            nxt = after["legal_actions"][-1]
            code, out, err = run(capsys, "position", "play", str(again), "--actions", nxt, "--json", "--filler",
                                 "Moss Sprite")
            assert code == 0, err
            assert json.loads(out)["played"]["actions"] == [nxt]
    finally:
        again.unlink()


def test_fr_position_cli_the_last_card_example_is_decided_by_seat_bs_answer(capsys):
    """freerealms-last-card.json: passing loses the game (the Magma Hound's flip scores the twelfth card);
    ending the battle (Fog of the Glade) or tying it (Bark Skin and the Honeycomb Stump) saves it."""
    path = str(ROOT / "data" / "positions" / "freerealms-last-card.json")

    def after(actions: str) -> dict[str, Any]:
        code, out, err = run(capsys, "position", "play", path, "--actions", actions, "--json")
        assert code == 0, err
        return json.loads(out)  # type: ignore[no-any-return]

    assert after("pass; pass")["outcome"] == {"places": [1, 2], "end_reason": "score"}
    ended = after("trick 40")
    assert not ended["terminal"] and ended["seats"][0]["scored"] == 11 and ended["seats"][1]["spaces"][0]
    tied = after("trick 41; pass; star 43 0; pass")
    assert not tied["terminal"] and tied["seats"][0]["spaces"][0] is None and tied["seats"][1]["spaces"][0] is None


def test_fr_position_cli_play_with_dice_is_a_clear_error(capsys):
    code, out, err = run(capsys, "position", "play", str(EXAMPLES[0]), "--actions", "pass", "--dice", "6,1")
    assert code == 2 and "dice: fr has no dice" in err and "order of the decks" in err


def test_fr_position_cli_an_illegal_action_is_named(capsys):
    path = str(ROOT / "data" / "positions" / "freerealms-last-card.json")
    code, out, err = run(capsys, "position", "play", path, "--actions", "pass; hunt 21")
    assert code == 2 and "action 2 'hunt 21'" in err and "(tricks)" in err


def test_fr_position_cli_the_example_of_docs_positions_md_is_what_show_prints(tmp_path, capsys):
    """The Free Realms section's example file, its ``show --json`` and its text form are the engine's."""
    import re

    doc = (ROOT / "docs" / "positions.md").read_text().split("## Free Realms (`fr`)", 1)[1].split("\n## ", 1)[0]
    given, printed = [json.loads(b) for b in re.findall(r"```json\n(.*?)```", doc, flags=re.S)][:2]
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(given))
    code, out, err = run(capsys, "position", "show", str(path), "--json")
    assert code == 0, err
    assert json.loads(out) == printed
    text = doc.split("and without `--json`:\n\n```\n", 1)[1].split("```", 1)[0]
    code, out, _ = run(capsys, "position", "show", str(path))
    assert out == text
