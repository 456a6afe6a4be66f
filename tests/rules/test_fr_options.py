"""The Free Realms rule options (fwlab/rules/freerealms/options.py): declared as data, each changing
the rule it names (a rules test through a position where the option flips the legal actions or the
outcome), kept by records and replays, refused when unknown or bad, and changing a simulation where it
should (``fwlab simulate --rule NAME=VALUE``)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from fwlab.catalog import load_catalog, load_catalog_from
from fwlab.cli import main
from fwlab.decks.starters import starter_decks
from fwlab.rules.core import PositionError
from fwlab.rules.engines import (
    check_rule_options,
    engine_for,
    engines_table,
    load_position,
    position_of,
    rule_options,
)
from fwlab.rules.freerealms.game import Game

ROOT = Path(__file__).resolve().parents[2]
TEST_CAT = load_catalog_from(Path(__file__).with_name("fr_test_catalog.toml"), "freerealms")
CAT = load_catalog("fr")
ENGINE = engine_for("fr")
DECKS = [[n for n, k in d.counts().items() for _ in range(k)] for d in starter_decks("fr")]
NAMES = ["first_player_may_go_turn_1", "turn_cap", "mulligans", "score_to_win", "face_down_counts",
         "hero_names_block"]


def game(a: dict[str, Any], b: dict[str, Any], *, turn: int = 9, active: int = 0, decision: str = "go",
         **options: Any) -> Game:
    """A position over the test catalog (docs/positions.md, "Free Realms") under ``options``."""
    pos = {"ruleset": "fr", "turn": turn, "active": active, "decision": decision, "seats": [a, b],
           "options": options}
    return load_position(pos, TEST_CAT)  # type: ignore[no-any-return]


def dump(g: Game) -> dict[str, Any]:
    return position_of("fr", g, deck=True)


def ids(g: Game, p: int, name: str) -> list[int]:
    return [i for i, d in enumerate(g.defs) if g.owner[i] == p and d.name == name]


# ---------------------------------------------------------------------- declared as data
def test_fr_options_are_declared_with_type_default_allowed_values_doc_and_rule():
    opts = {o.name: o for o in rule_options("fr")}
    assert list(opts) == NAMES
    rules = set(re.findall(r"^### (FR-[A-Z]+-\d+)", (ROOT / "docs" / "rules.md").read_text(), flags=re.M))
    for o in opts.values():
        assert o.doc and o.rule in rules and o.parse(o.default) == o.default
    assert opts["first_player_may_go_turn_1"].default is True and opts["first_player_may_go_turn_1"].rule == "FR-GO-1"
    assert (opts["turn_cap"].default, opts["turn_cap"].min) == (200, 1)
    assert opts["hero_names_block"].choices == ("own", "both")
    row = next(r for r in engines_table() if r["ruleset"] == "fr")
    assert [o["name"] for o in row["options"]] == NAMES
    assert {k for o in row["options"] for k in o} >= {"name", "type", "default", "doc", "rule"}


# ---------------------------------------------------------------------- each option, through a position
def test_FR_GO_1_first_player_may_go_turn_1_false_keeps_the_first_players_creatures_idle_on_turn_1():
    a = {"hand": ["Ox", "Blank"], "inventory": ["Blank"], "deck": ["Lantern"] * 5}
    b = {"hand": ["Blank"] * 6, "deck": ["Blank"] * 5}
    g = game(a, b, turn=1, decision="set")
    g.apply(f"play {ids(g, 0, 'Ox')[0]} 0")
    assert dump(g)["decision"] == "go" and dump(g)["legal_actions"] == [f"hunt {ids(g, 0, 'Ox')[0]}", "pass"]
    g = game(a, b, turn=1, decision="set", first_player_may_go_turn_1=False)
    g.apply(f"play {ids(g, 0, 'Ox')[0]} 0")
    p = dump(g)
    assert (p["turn"], p["active"], p["decision"]) == (2, 1, "inventory")      # its Go phase was skipped
    assert p["seats"][0]["scored"] == 0 and p["options"] == {"first_player_may_go_turn_1": False}
    # a turn-1 Go decision is one the engine never asks under the option
    with pytest.raises(PositionError) as e:
        game({"spaces": ["Ox", None, None], "inventory": ["Blank"]}, b, turn=1, first_player_may_go_turn_1=False)
    assert e.value.field == "decision" and "first_player_may_go_turn_1" in e.value.reason
    # from turn 2 on every creature goes as usual
    g = game({"hand": ["Blank"]}, {"spaces": ["Mouse", None, None], "hand": ["Blank"] * 7}, turn=2, active=1,
             first_player_may_go_turn_1=False)
    assert dump(g)["legal_actions"] == [f"hunt {ids(g, 1, 'Mouse')[0]}", "pass"]


@pytest.mark.parametrize("bot", ["random", "heuristic", "lookahead"])
def test_FR_GO_1_the_bots_stay_legal_and_never_go_on_turn_1_under_the_option(bot):
    for seed in range(2 if bot == "lookahead" else 12):
        g = ENGINE.new_game("fr", [DECKS[seed % 6], DECKS[(seed + 1) % 6]], seed, seed % 2, catalog=CAT,
                            first_player_may_go_turn_1=False)
        bots = [ENGINE.make_bot(bot, seed + s) for s in (0, 1)]
        while not g.is_terminal():
            action = bots[g.current_player()].choose(g)
            assert action in g.legal_actions()
            assert not (g.turn == 1 and action.kind in ("hunt", "attack"))
            g.apply(action)


def test_FR_CAP_1_turn_cap_ends_the_game_as_a_draw_after_that_many_turns():
    a, b = {"hand": ["Blank"]}, {"hand": ["Blank"]}
    g = game(a, b, turn=7, decision="inventory", turn_cap=7)
    g.apply("pass")
    assert dump(g)["outcome"] == {"places": [1, 1], "end_reason": "turn-cap"}
    g = game(a, b, turn=7, decision="inventory", turn_cap=8)
    g.apply("pass")
    assert not g.is_terminal() and dump(g)["turn"] == 8
    with pytest.raises(PositionError) as e:
        game(a, b, turn=9, decision="inventory", turn_cap=8)
    assert e.value.field == "turn" and "at most 8" in e.value.reason


def test_FR_SETUP_3_mulligans_false_starts_at_turn_1_without_a_mulligan():
    g = ENGINE.new_game("fr", [DECKS[0], DECKS[1]], 3, 1, catalog=CAT)
    assert (g.decision_name, g.turn) == ("mulligan", 0)
    g = ENGINE.new_game("fr", [DECKS[0], DECKS[1]], 3, 1, catalog=CAT, mulligans=False)
    assert (g.decision_name, g.turn, g.active) == ("inventory", 1, 1)
    assert "mulligan" not in {a.kind for a in g.legal_actions()}
    assert g.record.options == {"turn_cap": 200, "mulligans": False}


def test_FR_WIN_1_score_to_win_is_the_number_of_scored_cards_that_win():
    a = {"spaces": ["Ox", None, None], "piles": [["Blank"] * 4, [], []], "deck": ["Blank"] * 3}
    b = {"hand": ["Blank"], "deck": ["Blank"] * 3}
    g = game(a, b, score_to_win=5)
    g.apply(f"hunt {ids(g, 0, 'Ox')[0]}")
    assert dump(g)["outcome"] == {"places": [1, 2], "end_reason": "score"}
    g = game(a, b)
    g.apply(f"hunt {ids(g, 0, 'Ox')[0]}")
    assert not g.is_terminal() and dump(g)["seats"][0]["scored"] == 5
    with pytest.raises(PositionError) as e:        # a pile at the goal is a finished game
        game({**a, "piles": [["Blank"] * 5, [], []]}, b, score_to_win=5)
    assert e.value.field == "seats[0].piles" and "the 5 that win" in e.value.reason


def test_FR_COIN_1_face_down_counts_false_gives_coins_and_stars_from_face_up_resources_only():
    a = {"hand": ["Collector"], "inventory": ["Blank", "Blank", {"card": "Ox", "face_down": True}],
         "spaces": ["Ox", None, None], "deck": ["Blank"] * 3}
    b = {"spaces": ["Ox", None, None], "hand": ["Guard"], "inventory": [{"card": "Mouse", "face_down": True}],
         "deck": ["Blank"] * 3}
    g = game(a, b, decision="set")
    assert dump(g)["seats"][0]["coins"] == 3 and f"play {ids(g, 0, 'Collector')[0]} 1" in dump(g)["legal_actions"]
    with pytest.raises(PositionError) as e:         # 2 coins cannot pay the Collector: no Set decision
        game(a, b, decision="set", face_down_counts=False)
    assert e.value.field == "decision" and "2 coins" in e.value.reason
    # stars: b's one face-down card pays for its Guard by default, not under the option
    g = game(a, b)
    g.apply(f"attack {ids(g, 0, 'Ox')[-1]}")
    assert dump(g)["deciding"] == 1 and [s["stars"] for s in dump(g)["seats"]] == [3, 1]
    g = game(a, b, face_down_counts=False)
    g.apply(f"attack {ids(g, 0, 'Ox')[-1]}")
    assert dump(g)["decision"] != "tricks"          # nobody could play: the cards were flipped at once


def test_FR_HERO_1_hero_names_block_both_lets_the_opponents_hero_block_the_name():
    a = {"hand": ["Nirvi"], "inventory": ["Blank"] * 4, "deck": ["Blank"] * 3}
    b = {"spaces": [None, "Nirvi", None], "hand": ["Blank"]}
    g = game({**a, "hand": ["Nirvi", "Mouse"]}, b, decision="set")
    assert f"play {ids(g, 0, 'Nirvi')[0]} 0" in dump(g)["legal_actions"]   # the opponent's does not block
    g = game({**a, "hand": ["Nirvi", "Mouse"]}, b, decision="set", hero_names_block="both")
    legal = dump(g)["legal_actions"]
    assert not any(x.startswith(f"play {ids(g, 0, 'Nirvi')[0]} ") for x in legal) and legal[0].startswith("play")
    with pytest.raises(PositionError) as e:         # Nirvi alone in hand: nothing to pay for under the option
        game(a, b, decision="set", hero_names_block="both")
    assert e.value.field == "decision"
    with pytest.raises(PositionError) as e:         # and one Nirvi a side cannot both be in play
        game({"spaces": ["Nirvi", None, None]}, b, hero_names_block="both")
    assert e.value.field == "seats[1].spaces[1]" and "both sides" in e.value.reason


# ---------------------------------------------------------------------- records and replays
@pytest.mark.parametrize("options", [{}, {"first_player_may_go_turn_1": False}, {"turn_cap": 12},
                                     {"mulligans": False}, {"score_to_win": 6}, {"face_down_counts": False},
                                     {"hero_names_block": "both"}])
def test_fr_options_a_record_keeps_the_options_that_differ_and_replays_under_them(options):
    g = ENGINE.new_game("fr", [DECKS[4], DECKS[4]], 11, 0, catalog=CAT, **options)
    bots = [ENGINE.make_bot("heuristic", s) for s in (1, 2)]
    while not g.is_terminal():
        g.apply(bots[g.current_player()].choose(g))
    assert g.record.options == {"turn_cap": 200, **options}
    again = ENGINE.replay(g.record, CAT)
    assert again.fingerprint() == g.fingerprint() and again.record.options == g.record.options


def test_fr_options_unknown_options_and_bad_values_are_refused_naming_them(capsys):
    with pytest.raises(ValueError, match="unknown fr option.*known: first_player_may_go_turn_1"):
        ENGINE.new_game("fr", [DECKS[0], DECKS[1]], 1, 0, catalog=CAT, first_player_may_attack=False)
    with pytest.raises(ValueError, match="hero_names_block"):
        check_rule_options("fr", {"hero_names_block": "mine"})
    deck_a, deck_b = (str(ROOT / "data" / "decks" / "fr" / f) for f in ("blazing_gears.txt", "wild_oath.txt"))
    for rule, words in (("x=1", ["unknown rule option 'x'", "first_player_may_go_turn_1"]),
                        ("turn_cap=0", ["turn_cap", "at least 1"]),
                        ("hero_names_block=mine", ["hero_names_block", "one of own, both"]),
                        ("mulligans=maybe", ["mulligans", "true or false"])):
        assert main(["simulate", "-n", "2", deck_a, deck_b, "--rule", rule]) == 2
        err = capsys.readouterr().err
        assert all(w in err for w in words), err


# ---------------------------------------------------------------------- simulations
def simulate(capsys, *rules: str, deck_a: str = "blazing_gears.txt", deck_b: str = "wild_oath.txt") -> dict[str, Any]:
    argv = ["simulate", "-n", "60", "--seed", "3", "--json",
            str(ROOT / "data" / "decks" / "fr" / deck_a), str(ROOT / "data" / "decks" / "fr" / deck_b)]
    for r in rules:
        argv += ["--rule", r]
    assert main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    out.pop("seconds")
    return out  # type: ignore[no-any-return]


@pytest.mark.parametrize("rule", ["first_player_may_go_turn_1=false", "turn_cap=10", "mulligans=false",
                                  "score_to_win=6", "face_down_counts=false", "hero_names_block=both"])
def test_fr_options_simulate_rule_changes_the_games_on_the_same_seeds(capsys, rule):
    decks = {"deck_a": "hall_of_champions.txt", "deck_b": "hall_of_champions.txt"} if "hero" in rule else {}
    base = simulate(capsys, **decks)
    assert base == simulate(capsys, **decks) and base["options"] == {}   # seeded: the same games again
    changed = simulate(capsys, rule, **decks)
    name, value = rule.split("=")
    assert changed["options"] == {name: json.loads(value) if value[0].isdigit() or value in ("true", "false")
                                  else value}
    assert {k: v for k, v in changed.items() if k != "options"} != {k: v for k, v in base.items() if k != "options"}
    if name == "turn_cap":
        assert changed["end_reasons"].get("turn-cap", 0) > base["end_reasons"].get("turn-cap", 0)
        assert max(int(t) for t in changed["turns"]) <= 10
    if name == "score_to_win":
        assert changed["mean_turns"] < base["mean_turns"]
