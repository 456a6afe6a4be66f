"""Conquest positions as text (docs/positions.md, section "Conquest") and its rule options: the
round trip over many seeded mid-game states (printed, loaded, printed again: the same state, the
same legal actions, and the same game when both are played on, perft-like); every unreachable
position refused with the field named; the command line on the example positions; the options
declared as data, refused when unknown or bad, and each changing what it should."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from fwlab.bots import RandomBot
from fwlab.bots.conquest import HeuristicBot
from fwlab.catalog import load_catalog
from fwlab.cli import main
from fwlab.rules.conquest.position import first_of, seat_of_turn
from fwlab.rules.core import GameRecord, PositionError
from fwlab.rules.engines import engine_for, load_position, position_of, rule_options

CAT = load_catalog("conquest")
ENG = engine_for("conquest")
EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "data" / "positions").glob("conquest-*"))


def full(g: Any) -> dict[str, Any]:
    return ENG.position_of(g, deck=True)  # type: ignore[no-any-return]


def midgame(seed: int, steps: int) -> Any:
    """A real game of 3 to 5 seats after ``steps`` actions of random and heuristic bots (or the
    state before its last action, when it ends sooner)."""
    n = 3 + seed % 3
    g = ENG.new_game("conquest", [None] * n, seed, seed % n, catalog=CAT)
    bots = [RandomBot(seed + s) if (seed + s) % 2 else HeuristicBot(seed) for s in range(n)]
    for _ in range(steps):
        before = g.clone()
        g.apply(bots[g.current_player()].choose(g))
        if g.is_terminal():
            return before
    return g


def perft(g: Any, depth: int) -> int:
    """Leaves of the tree of legal actions ``depth`` deep (chance fixed by the clone's seed)."""
    if depth == 0 or g.is_terminal():
        return 1
    total = 0
    for a in g.legal_actions():
        c = g.clone(seed=1)
        c.apply(a)
        total += perft(c, depth - 1)
    return total


# ---------------------------------------------------------------------- round trip
@pytest.mark.parametrize("seed", range(60))
def test_position_of_loads_again_as_the_same_state_and_plays_on_the_same(seed):
    rng = random.Random(seed)
    g = midgame(seed, rng.randrange(0, 12) if seed % 6 == 0 else rng.randrange(12, 40) if seed % 6 == 1
                else rng.randrange(40, 500))
    printed = json.loads(json.dumps(full(g)))            # as text and back
    again = load_position(printed, CAT)
    assert full(again) == printed
    assert again.fingerprint() == g.fingerprint()           # every part of the state, the hidden ones too
    assert again.legal_actions() == g.legal_actions()
    assert again.record.options["position"] == printed
    assert not g.is_terminal()
    # the same actions from both, the same chance (a reshuffle: the seeded generator), the same game
    a, b = g.clone(seed=seed), again.clone(seed=seed)
    if len(g.legal_actions()) <= 40:
        assert perft(a, 2) == perft(b, 2)
    bot = RandomBot(seed)
    while not a.is_terminal():
        act = bot.choose(a)
        a.apply(act)
        b.apply(act)
        assert b.fingerprint() == a.fingerprint()
    assert b.outcome == a.outcome


def test_positions_with_a_mulligan_and_with_options_round_trip_too():
    others = {"hand": FILL8, "followers": {"warrior": 2}}
    mull = {"ruleset": "conquest", "turn": 1, "active": 1, "decision": "mulligan", "seed": 4,
            "seats": [dict(others), {"coins": 20, "hand": ["Pikemen", *FILL8[1:]], "followers": {"warrior": 1, "mage": 2}},
                      dict(others)]}
    small = {"ruleset": "conquest", "turn": 5, "active": 2, "decision": "exchange",
             "options": {"board_radius": 1, "difficulties": [1, 2, 3, 4, 5, 6, 12], "turn_order": "clockwise",
                         "idle_end": "turns-in-a-row", "idle_turns": 3},
             "seats": [{"followers": {"warrior": 2}}, {"followers": {"mage": 2}},
                       {"followers": {"warrior": 2, "mage": 1}, "expended": {"warrior": 2}, "coins": 31,
                        "hand": ["Scouts", "Keep"]}, {"followers": {"craftsman": 2}}],
             "board": [{"difficulty": d} for d in (3, 12, 1, 6, 4, 2, 5)], "boost": 2}
    small["board"][4].update({"owner": 2, "turn": 5, "troop": "Pikemen"})
    small["board"][2].update({"owner": 1, "turn": 4})
    for pos in (mull, small):
        g = load_position(copy.deepcopy(pos), CAT)
        printed = json.loads(json.dumps(full(g)))
        again = load_position(printed, CAT)
        assert full(again) == printed and again.fingerprint() == g.fingerprint()
    assert full(load_position(mull, CAT))["legal_actions"] == ["keep", "mulligan"]
    shown = full(load_position(small, CAT))
    assert shown["options"] == small["options"] and shown["boost"] == 2 and shown["first"] == 2


def test_CQ_DRAW_2_a_position_expresses_the_exchange_before_and_while_it_is_chosen():
    pos = edit("seats[0].hand", ["Militia", "Moat", "Keep", "Claim"]) | {"decision": "exchange", "deck": ["Scouts", "Archers"]}
    before = load_position(copy.deepcopy(pos), CAT)
    assert "exchanging" not in full(before) and "exchange 62 18" in full(before)["legal_actions"]
    choosing = load_position(copy.deepcopy(pos) | {"exchanging": ["Moat", {"id": 62}]}, CAT)
    printed = json.loads(json.dumps(full(choosing)))
    assert printed["exchanging"] == [{"id": 18, "card": "Moat"}, {"id": 62, "card": "Militia"}]
    assert printed["legal_actions"] == ["exchange 14 26", "exchange 26 14", "done"]   # Keep and Claim are left
    again = load_position(printed, CAT)
    assert full(again) == printed and again.fingerprint() == choosing.fingerprint()
    # the same exchange chosen from before, step by step, is the same state
    before.apply("exchange 18 62")
    assert before.fingerprint() == choosing.fingerprint() and full(before)["exchanging"] == printed["exchanging"]
    choosing.apply("done")
    after = full(choosing)
    assert after["active"] == 1 and "exchanging" not in after
    assert [c["card"] for c in after["seats"][0]["hand"]] == ["Keep", "Claim", "Scouts"]


@pytest.mark.parametrize("seed", range(6))
def test_show_json_without_the_deck_loads_with_the_rest_of_the_shared_deck(seed):
    """``show --json`` prints the deck's size only: loading it gives the same position with the
    cards of the shared deck not elsewhere, shuffled by the seed."""
    g = midgame(seed, 40)
    shown = json.loads(json.dumps(position_of("conquest", g)))
    again = load_position(shown, CAT)
    assert position_of("conquest", again) == shown
    assert sorted(c["id"] for c in full(again)["deck"]) == sorted(c["id"] for c in full(g)["deck"])


def test_a_position_is_recorded_and_its_record_replays_from_it():
    g = load_position(json.loads(next(p for p in EXAMPLES if p.suffix == ".json").read_text()), CAT)
    bots = [HeuristicBot(3) for _ in g.seats]
    ENG.play_out(g, bots)
    again = ENG.replay(g.record, CAT)
    assert again.fingerprint() == g.fingerprint() and again.outcome == g.outcome


def test_a_position_without_a_board_is_laid_out_by_its_seed_as_new_game_lays_it_out():
    seats = [{"hand": ["Alchemy", "Moat", "Palisade", "Outpost", "Divination", "Watchtower", "Garrison", "Tribute"]}
             for _ in range(4)]
    for seed in (0, 5, 9):
        pos = load_position({"ruleset": "conquest", "turn": 0, "active": 2, "decision": "followers", "seats": seats,
                             "seed": seed}, CAT)
        game = ENG.new_game("conquest", [None] * 4, seed, 2, catalog=CAT)
        assert [e["difficulty"] for e in full(pos)["board"]] == [e["difficulty"] for e in full(game)["board"]]
        assert pos.current_player() == 2 and full(pos)["legal_actions"] == ["follower 0", "follower 1", "follower 2"]


def test_the_turn_order_of_a_position_follows_the_rules():
    for n in (3, 4, 5):
        for first in range(n):
            for order in ("reverse-first-round", "clockwise"):
                g = ENG.new_game("conquest", [None] * n, 1, first, catalog=CAT, turn_order=order)
                assert [seat_of_turn(t, n, first, order) for t in range(1, n + 1)] == g.order1
                assert [seat_of_turn(t, n, first, order) for t in range(n + 1, 2 * n + 1)] == g.order2
                assert all(first_of(t, seat_of_turn(t, n, first, order), n, order) == first for t in range(1, 4 * n))


# ---------------------------------------------------------------------- what cannot be
FILL8 = ["Alchemy", "Moat", "Palisade", "Outpost", "Divination", "Watchtower", "Garrison", "Tribute"]


def base() -> dict[str, Any]:
    """Seat a at Complete Tasks in turn 9 (round 3) of 4 players: it may conquer field 0 with its
    Militia; seat d claimed field 18 in turn 8."""
    board: list[dict[str, Any]] = [{"difficulty": d} for d in (2, 8, 3, 6, 7, 4, 9, 1, 11, 12, 5, 6, 8, 5, 9, 7, 10, 4, 6)]
    board[18].update({"owner": 3, "turn": 8})
    return {"ruleset": "conquest", "turn": 9, "active": 0, "decision": "tasks",
            "seats": [{"coins": 25, "followers": {"warrior": 2}, "hand": ["Militia", "Moat"]},
                      {"followers": {"warrior": 2}}, {"followers": {"warrior": 2}}, {"followers": {"warrior": 2}}],
            "board": board}


def edit(path: str, value: Any) -> dict[str, Any]:
    """``base()`` with the value at ``path`` (dots and [i]) set; ``...`` deletes it."""
    pos = base()
    keys = [int(k) if k.isdigit() else k for k in path.replace("[", ".").replace("]", "").split(".")]
    obj: Any = pos
    for k in keys[:-1]:
        obj = obj[k]
    if value is ...:
        del obj[keys[-1]]
    else:
        obj[keys[-1]] = value
    return pos


def test_the_base_position_loads():
    g = load_position(base(), CAT)
    assert "conquer 62 0" in full(g)["legal_actions"] and full(g)["idle"] == 0


UNREACHABLE = [
    # a field taken by two players: one field given twice
    (edit("board[1]", {"at": [-2, 0], "difficulty": 2, "owner": 1}), "board[1]", "given twice"),
    (edit("board[0].at", [3, 0]), "board[0].at", "not a field of the hexagonal board of radius 2"),
    (edit("board", base()["board"][:18]), "board", "missing: 18"),
    (edit("board", base()["board"] + [{"difficulty": 3}]), "board[19]", "has 19 fields"),
    (edit("board[9].difficulty", 11), "board", "not the multiset"),
    (edit("board[3].difficulty", 13), "board[3].difficulty", "at most 12"),
    # coins
    (edit("seats[0].coins", -1), "seats[0].coins", "more coins spent than held"),
    (edit("seats[1].coins", 20), "seats[1].coins", "more coins spent than held"),
    # players
    (edit("seats", [{"followers": {"warrior": 2}}] * 2), "seats", "3 to 5 players"),
    (edit("seats", [{"followers": {"warrior": 2}}] * 6), "seats", "3 to 5 players"),
    # the turn order
    ({**base(), "first": 0}, "active", "is seat b's, not seat a's"),
    ({**base(), "round": 2}, "round", "is 2 but"),
    (edit("board[18].turn", 7), "board[18].turn", "turn 7 was seat c's, not seat d's"),
    (edit("board[18].turn", 12), "board[18].turn", "after the current turn 9"),
    (edit("board[18].turn", 9), "board[18].turn", "turn 9 was seat a's"),
    # decisions the engine would not stop at
    ({**edit("seats[0].hand", ["Moat"])}, "decision", "can play no card"),
    ({**base(), "decision": "exchange", "seats": [{"followers": {"warrior": 2}, "hand": ["Moat"]}, {}, {}, {}]},
     "seats[1].followers", "every player takes 2 free"),
    (edit("seats[0].hand", ["Moat"]) | {"decision": "exchange"}, "decision", "exchange needs two"),
    (edit("seats[0].coins", 4) | {"decision": "hire"}, "seats[0].coins", "more coins spent"),
    (base() | {"decision": "mulligan"}, "decision", "first turn only"),
    (base() | {"decision": "followers"}, "decision", "before the first turn"),
    (base() | {"turn": 0}, "turn", "decision then is followers"),
    (base() | {"decision": "bidding"}, "decision", "unknown decision"),
    (base() | {"decision": "hire", "boost": 2}, "boost", "there is none in the hire decision"),
    # a finished game
    (base() | {"terminal": True}, "terminal", "the game is over"),
    (base() | {"outcome": {"places": [1, 2, 2, 2], "end_reason": "idle"}}, "terminal", "the game is over"),
    (base() | {"decision": "terminal"}, "decision", "the game is over"),
    (edit("board[18].turn", 1), "board", "every player has had a turn since turn 1 without a conquest or a Claim"),
    (edit("board[18].turn", 1) | {"options": {"idle_end": "turns-in-a-row"}}, "board",
     "no conquest or Claim since turn 1: the game ended after 4 turns in a row"),
    (base() | {"options": {"idle_turns": 2}}, "options.idle_turns", "counts the idle turns in a row of idle_end"),
    (edit("board", [{"difficulty": e["difficulty"], "owner": 1, "turn": 6} for e in base()["board"]]), "board",
     "every field is taken"),
    # followers and what is expended
    (edit("seats[0].followers", {"warrior": 1}), "seats[0].followers", "2 free followers"),
    (edit("seats[1].followers", {"warrior": 6}), "seats[1].followers", "at most one hired a turn"),
    (edit("seats[1].expended", {"warrior": 1}), "seats[1].expended", "restored at the end of their player's turn"),
    (edit("seats[0].expended", {"mage": 1}), "seats[0].expended.mage", "1 expended but seat a has 0"),
    # what a field holds
    (edit("board[2].fortification", "Keep"), "board[2].fortification", "give the troop"),
    (edit("board[2].troop", "Militia"), "board[2].troop", "give the owner"),
    (edit("board[2].turn", 3), "board[2].turn", "an untaken field"),
    (edit("board[18].troop", "Keep"), "board[18].troop", "Keep is not a troop"),
    (edit("board[18].owner", "f"), "board[18].owner", "not a seat of this game"),
    # cards and keys
    (edit("seats[0].hand", ["Militia", "Milita"]), "seats[0].hand[1]", "did you mean 'Militia'?"),
    (edit("seats[0].hand", [{"id": 0, "card": "Keep"}]), "seats[0].hand[0].id", "is a Palisade of the shared deck"),
    (edit("seats[0].hand", [{"id": 62, "card": "Militia"}]) | {"discard": [{"id": 62, "card": "Militia"}]},
     "discard[0].id", "given twice"),
    (base() | {"colour": "red"}, "colour", "unknown field"),
    (edit("seats[0].gold", 3), "seats[0].gold", "unknown field"),
    (edit("board[0].height", 3), "board[0].height", "unknown field"),
    (edit("seats[0].hand", [{"card": "Militia", "face": "up"}]), "seats[0].hand[0].face", "unknown field"),
    (edit("seats[0].followers", {"archer": 1}), "seats[0].followers.archer", "unknown field"),
    # options
    (base() | {"options": {"radius": 2}}, "options.radius", "unknown rule option 'radius'"),
    (base() | {"options": {"turn_order": "anticlockwise"}}, "options.turn_order", "is not one of"),
    (base() | {"options": {"board_radius": 1}}, "options.difficulties", "radius 1 has 7 fields"),
    # derived values that do not match
    (edit("seats[0].turns", 2), "seats[0].turns", "is 2 but"),
    (edit("seats[3].fields", 0), "seats[3].fields", "is 0 but"),
    (base() | {"idle": 2}, "idle", "is 2 but"),
    (base() | {"idle_seats": [3]}, "idle_seats", "is [3] but"),
    # the exchange: cards of the active seat's hand, two at a time, after the Draw step
    (base() | {"exchanging": ["Militia", "Moat"]}, "exchanging", "not in the tasks decision"),
    (edit("seats[0].hand", ["Militia", "Moat", "Keep"]) | {"decision": "exchange", "exchanging": ["Militia"]},
     "exchanging", "two at a time"),
    (edit("seats[0].hand", ["Militia", "Moat", "Keep"]) | {"decision": "exchange", "exchanging": ["Militia", "Scouts"]},
     "exchanging[1]", "'Scouts' is not in seat a's hand"),
    (edit("seats[0].hand", ["Militia", "Moat", "Keep"]) | {"decision": "exchange", "exchanging": ["Moat", "Moat"]},
     "exchanging[1]", "'Moat' is chosen twice"),
    (edit("seats[0].hand", ["Militia", "Moat", "Keep"]) | {"decision": "exchange", "exchanging": ["Militia", {"id": 3}]},
     "exchanging[1]", "id 3 is not in seat a's hand"),
    (edit("seats[0].hand", ["Militia", "Moat", "Keep"]) | {"decision": "exchange", "exchanging": ["Militia", "Moat"]},
     "decision", "the engine makes the exchange at once"),
    (base() | {"legal_actions": ["end"]}, "legal_actions", "what the engine allows"),
    (edit("board[4].field", 5), "board[4].field", "its number in board order"),
    (base() | {"deck": ["Militia"], "deck_size": 2}, "deck_size", "the deck lists 1"),
    (base() | {"deck_size": 3}, "deck_size", "cards of the shared deck are left for it"),
]


@pytest.mark.parametrize("pos, field, words", UNREACHABLE, ids=[f"{i}-{u[1]}" for i, u in enumerate(UNREACHABLE)])
def test_an_unreachable_position_is_refused_naming_its_field(pos, field, words):
    with pytest.raises(PositionError) as err:
        load_position(copy.deepcopy(pos), CAT)
    assert err.value.field == field, str(err.value)
    assert words in str(err.value), str(err.value)


def test_before_the_first_turn_the_free_followers_go_in_turn_order():
    seats = [{"hand": FILL8, "followers": {"mage": 2}}, {"hand": FILL8, "followers": {"warrior": 1}},
             {"hand": FILL8}, {"hand": FILL8, "followers": {"craftsman": 2}}]
    # seat a started: round 1 runs a, d, c, b; a and d have theirs, c is taking its own
    pos = {"ruleset": "conquest", "turn": 0, "active": 0, "decision": "followers", "seats": seats}
    with pytest.raises(PositionError, match=r"seats\[1\].followers: 1 follower\(s\) before the first turn"):
        load_position(copy.deepcopy(pos), CAT)
    seats[1]["followers"] = {}
    g = load_position(copy.deepcopy(pos), CAT)
    assert g.current_player() == 2
    g.apply("follower 1")
    g.apply("follower 1")
    assert g.current_player() == 1                                      # then seat b, the last of round 1
    seats[0]["hand"] = FILL8[:7]
    with pytest.raises(PositionError, match=r"seats\[0\].hand: 7 cards before the first turn"):
        load_position(copy.deepcopy(pos), CAT)


def test_a_game_without_dice_refuses_dice_and_says_what_its_chance_is():
    with pytest.raises(PositionError) as err:
        load_position(base(), CAT, dice=[6, 1])
    assert err.value.field == "dice" and "board layout and the order of the shared deck" in str(err.value)


# ---------------------------------------------------------------------- the command line
def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_examples_show_and_play(capsys, tmp_path):
    assert {p.suffix for p in EXAMPLES} == {".json", ".toml"} and len(EXAMPLES) >= 2
    for path in EXAMPLES:
        code, out, err = run(capsys, "position", "show", str(path))
        assert code == 0, err
        assert out.startswith("conquest · ") and "board (field|difficulty" in out
        assert out.splitlines()[-1].startswith("legal actions (")
        code, out, err = run(capsys, "position", "show", str(path), "--json")
        assert code == 0, err
        shown = json.loads(out)
        assert shown["ruleset"] == "conquest" and shown["terminal"] is False and shown["legal_actions"]
        first = shown["legal_actions"][0]
        code, out, err = run(capsys, "position", "play", str(path), "--actions", first, "--json")
        assert code == 0, err
        played = json.loads(out)
        assert played["played"] == {"actions": [first], "dice": []}
        if not played["terminal"]:   # play --json output plays on again
            again = tmp_path / "again.json"
            again.write_text(out)
            nxt = played["legal_actions"][0]
            code, out, err = run(capsys, "position", "play", str(again), "--actions", nxt, "--json")
            assert code == 0, err


def test_CQ_MAGIC_1_CQ_CONQUER_1_the_turncoats_example_takes_the_centre_through_position_play(capsys):
    path = str(next(p for p in EXAMPLES if "turncoats" in p.name))
    code, out, err = run(capsys, "position", "play", path, "--actions", "magic 47; conquer 78 9")
    assert code == 2 and "attack 5 + support 6 is less than the difficulty 12" in err
    code, out, err = run(capsys, "position", "play", path, "--actions", "magic 47; magic 32; conquer 78 9", "--json")
    assert code == 0, err
    pos = json.loads(out)
    assert pos["board"][9]["owner"] == 0 and pos["seats"][0]["coins"] == 17 + 12


def test_CQ_END_2_the_idle_example_ends_unless_seat_b_takes_a_field(capsys):
    path = str(next(p for p in EXAMPLES if "idle" in p.name))
    code, out, err = run(capsys, "position", "play", path, "--actions", "end; done", "--json")
    assert code == 0, err
    pos = json.loads(out)
    assert pos["terminal"] and pos["outcome"] == {"places": [3, 1, 2], "end_reason": "idle"}
    code, out, err = run(capsys, "position", "play", path, "--actions", "conquer 81 17; end; done", "--json")
    assert code == 0, err
    pos = json.loads(out)
    assert not pos["terminal"] and pos["idle"] == 0 and pos["active"] == 2


def test_dice_on_a_conquest_position_is_an_error_naming_its_chance(capsys):
    code, _, err = run(capsys, "position", "play", str(EXAMPLES[0]), "--actions", "end", "--dice", "6,1")
    assert code == 2 and "dice: conquest has no dice" in err and "'board', and 'deck' top first" in err


def test_a_malformed_conquest_position_names_the_file_and_field(capsys, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(edit("board[1]", {"at": [-2, 0], "difficulty": 2})))
    code, _, err = run(capsys, "position", "show", str(path))
    assert code == 2 and "bad.json: board[1]: field 0 [-2, 0] is given twice" in err


# ---------------------------------------------------------------------- rule options
def test_the_options_are_declared_as_data_with_their_rule_ids():
    opts = {o.name: o for o in rule_options("conquest")}
    assert list(opts) == ["board_radius", "difficulties", "turn_order", "idle_end", "idle_turns", "finish_round"]
    assert (opts["board_radius"].type, opts["board_radius"].default, opts["board_radius"].rule) == ("int", 2, "CQ-BOARD-1")
    assert opts["difficulties"].type == "ints" and len(opts["difficulties"].default) == 19
    assert opts["turn_order"].choices == ("reverse-first-round", "clockwise") and opts["turn_order"].rule == "CQ-ORDER-1"
    assert (opts["idle_end"].type, opts["idle_end"].default, opts["idle_end"].rule) == ("str", "every-player", "CQ-END-2")
    assert opts["idle_end"].choices == ("every-player", "turns-in-a-row")
    assert (opts["idle_turns"].type, opts["idle_turns"].default, opts["idle_turns"].rule) == ("int", 0, "CQ-END-2")
    assert (opts["finish_round"].type, opts["finish_round"].default, opts["finish_round"].rule) == \
        ("bool", False, "CQ-END-3")
    assert all(o.doc for o in opts.values())


@pytest.mark.parametrize("rule, words", [("x=1", "unknown rule option 'x' for conquest; known: board_radius"),
                                         ("turn_order=ccw", "rule option 'turn_order' of conquest: ccw is not one of"),
                                         ("idle_turns=-1", "must be at least 0"),
                                         ("idle_end=3", "3 is not one of every-player, turns-in-a-row"),
                                         ("idle_turns=3", "idle_turns=3 counts the idle turns in a row"),
                                         ("board_radius=1", "a board of radius 1 has 7 fields")])
def test_an_unknown_option_or_a_bad_value_is_exit_2_naming_it(capsys, rule, words):
    code, _, err = run(capsys, "simulate", "--ruleset", "conquest", "--players", "4", "-n", "4", "--rule", rule)
    assert code == 2 and words in err


@pytest.mark.parametrize("rule, key", [("turn_order=clockwise", "seat_order"), ("idle_turns=1", "end_reasons"),
                                       ("board_radius=1", "mean_turns")])
def test_a_rule_option_changes_the_simulation_on_the_same_seeds(capsys, rule, key):
    argv = ["simulate", "--ruleset", "conquest", "--players", "4", "-n", "60", "--seed", "3", "--json"]
    extra = (["--rule", "difficulties=1,2,3,4,5,6,12"] if rule.startswith("board_radius") else
             ["--rule", "idle_end=turns-in-a-row"] if rule.startswith("idle_turns") else [])
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    default = json.loads(out)
    code, out, err = run(capsys, *argv, "--rule", rule, *extra)
    assert code == 0, err
    changed = json.loads(out)
    assert changed["options"] and not default["options"]
    assert changed[key] != default[key]
    if rule == "idle_turns=1":     # one idle turn ends it: almost every game ends idle, and sooner
        assert changed["end_reasons"].get("idle", 0) > default["end_reasons"].get("idle", 0)
        assert changed["mean_turns"] < default["mean_turns"]
    if rule.startswith("board_radius"):   # seven fields are taken sooner than nineteen
        assert changed["mean_turns"] < default["mean_turns"]


def test_options_travel_in_the_record_and_the_replay_uses_them():
    g = ENG.new_game("conquest", [None] * 3, 4, 1, catalog=CAT, turn_order="clockwise", idle_end="turns-in-a-row",
                     idle_turns=2, board_radius=1, difficulties=(1, 2, 3, 4, 5, 6, 12))
    assert g.record.options == {"board_radius": 1, "difficulties": [1, 2, 3, 4, 5, 6, 12], "turn_order": "clockwise",
                                "idle_end": "turns-in-a-row", "idle_turns": 2}
    ENG.play_out(g, [HeuristicBot(1) for _ in range(3)])
    again = ENG.replay(g.record, CAT)
    assert again.fingerprint() == g.fingerprint() and again.outcome == g.outcome
    assert ENG.new_game("conquest", [None] * 3, 4, 1, catalog=CAT).record.options == {}
    # a record of before issue 26, when idle_end was the count of idle turns in a row, replays the same
    old = GameRecord.from_dict(g.record.to_dict())
    old.options = {k: v for k, v in old.options.items() if k not in ("idle_end", "idle_turns")} | {"idle_end": 2}
    again = ENG.replay(old, CAT)
    assert again.fingerprint() == g.fingerprint() and again.idle_end == "turns-in-a-row" and again.idle_turns == 2


def test_the_example_of_the_conquest_section_of_docs_positions_md_is_what_show_prints(tmp_path, capsys):
    import re

    doc = (Path(__file__).resolve().parents[2] / "docs" / "positions.md").read_text()
    section = doc.split("## Conquest (`conquest`)", 1)[1]
    given, printed = [json.loads(b) for kind, b in re.findall(r"```(json)?\n(.*?)```", section, flags=re.S)
                      if kind == "json"][:2]
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(given))
    code, out, err = run(capsys, "position", "show", str(path), "--json")
    assert code == 0, err
    assert json.loads(out) == printed
    text = section.split("and without `--json`:\n\n```\n", 1)[1].split("```", 1)[0]
    code, out, _ = run(capsys, "position", "show", str(path))
    assert out == text
