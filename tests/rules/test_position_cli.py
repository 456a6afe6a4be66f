"""``fwlab position show`` and ``fwlab position play``: positions taken from the rules tests played
through the command line, the JSON round trip, and every error as ``fwlab: error: ...`` with exit 2."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from harness import CATALOG_FILE

from fwlab.cli import main

CAT = str(CATALOG_FILE)
FILLERS = ["Filler"] * 10


def write(tmp_path: Path, pos: dict[str, Any], name: str = "pos.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(pos))
    return str(path)


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def play_json(capsys, path: str, actions: str, *more: str) -> dict[str, Any]:
    code, out, err = run(capsys, "position", "play", path, "--catalog", CAT, "--actions", actions, "--json", *more)
    assert code == 0, err
    return json.loads(out)  # type: ignore[no-any-return]


def fw(decision: str, a: dict[str, Any], b: dict[str, Any], **top: Any) -> dict[str, Any]:
    return {"ruleset": "fw", "turn": 5, "active": 0, "decision": decision,
            "seats": [{"deck": list(FILLERS), **a}, {"deck": list(FILLERS), **b}], **top}


# ---------------------------------------------------------------------- rules tests, through the CLI
def test_FW_RAID_1_unchallenged_attackers_raid_without_a_roll_KW_RAIDER_through_position_play(tmp_path, capsys):
    path = write(tmp_path, fw("attack", {"in_play": [{"id": 1, "card": "Grunt"}, {"id": 2, "card": "Reaver"}]}, {}))
    pos = play_json(capsys, path, "attack 1; attack 2", "--dice", "")
    assert pos["seats"][1]["capital"] == 20 - 2 - (2 + 2)
    assert pos["played"] == {"actions": ["attack 1", "attack 2"], "dice": []}  # a raid rolls nothing
    assert pos["active"] == 1 and pos["decision"] == "deploy" and not pos["terminal"]


def test_FW_COMBAT_3_attacker_strikes_one_chosen_blocker_every_blocker_strikes_through_position_play(tmp_path, capsys):
    path = write(tmp_path, fw("block", {"in_play": [{"id": 1, "card": "Brute", "locked": True}]},
                              {"in_play": [{"id": 10, "card": "Grunt"}, {"id": 11, "card": "Filler"}]},
                              combat={"attackers": [1]}))
    pos = play_json(capsys, path, "block 10 1; block 11 1; strike 1 11", "--dice", "6,6,6")
    a, b = pos["seats"]
    assert [u["id"] for u in b["in_play"]] == [10] and b["graveyard"] == ["Filler"]  # struck and killed
    assert b["in_play"][0]["damage"] == 0                                           # not struck
    assert a["in_play"][0]["damage"] == 2 + 1          # both blockers hit the Brute, damage applied together
    assert pos["played"]["dice"] == [6, 6, 6]


def test_FW_COMBAT_3_with_other_dice_the_blockers_miss_FW_HIT_2(tmp_path, capsys):
    path = write(tmp_path, fw("block", {"in_play": [{"id": 1, "card": "Brute", "locked": True}]},
                              {"in_play": [{"id": 10, "card": "Grunt"}, {"id": 11, "card": "Filler"}]},
                              combat={"attackers": [1]}))
    pos = play_json(capsys, path, "block 10 1; block 11 1; strike 1 11", "--dice", "1,6,1")
    a, b = pos["seats"]
    assert len(b["in_play"]) == 2 and a["in_play"][0]["damage"] == 2  # the Brute missed (1), the Grunt hit


def test_FW_SCEN_1_scenario_attack_is_rolled_and_strikes_back_KW_SIEGE_through_position_play(tmp_path, capsys):
    path = write(tmp_path, fw("assign", {"in_play": [{"id": 1, "card": "Ram", "locked": True}]},
                              {"in_play": [{"id": 10, "card": "Tower"}]}, combat={"attackers": [1]}))
    pos = play_json(capsys, path, "scenario 1 10", "--dice", "6,6")
    a, b = pos["seats"]
    assert b["graveyard"] == ["Tower"] and a["in_play"][0]["damage"] == 2


def test_FW_END_1_the_game_ends_and_the_outcome_is_printed(tmp_path, capsys):
    path = write(tmp_path, fw("attack", {"in_play": [{"id": 1, "card": "Brute"}]}, {"capital": 4}))
    pos = play_json(capsys, path, "attack 1")
    assert pos["terminal"] is True and pos["decision"] == "terminal" and pos["legal_actions"] == []
    assert pos["outcome"] == {"places": [1, 2], "end_reason": "capital"}
    code, out, _ = run(capsys, "position", "play", path, "--catalog", CAT, "--actions", "attack 1")
    assert code == 0 and "the game is over: seat a wins (end reason: capital)" in out
    code, _, err = run(capsys, "position", "play", path, "--catalog", CAT, "--actions", "attack 1; pass")
    assert code == 2 and "action 2 'pass': pass is not legal now (terminal): the game is over" in err


# ---------------------------------------------------------------------- show, and the round trip
def test_show_prints_the_board_the_decision_and_its_legal_actions(tmp_path, capsys):
    path = write(tmp_path, fw("block", {"pool": 3, "hand": ["Bolt"],
                                        "in_play": [{"id": 1, "card": "Grunt", "locked": True, "attachments": ["Blade"],
                                                     "damage": 1}]},
                              {"in_play": [{"id": 10, "card": "Wall"}], "graveyard": ["Filler"]},
                              combat={"attackers": [1]}))
    code, out, err = run(capsys, "position", "show", path, "--catalog", CAT)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "fw · turn 5 · seat a active · decision: block (seat b decides)"
    assert "seat a (active): Capital 20 · pool 3 · deck 10 · graveyard 0" in lines
    assert any(line.strip().startswith("Grunt #1  5/3/3  Hp 2/3  locked  with Blade #") for line in lines)
    assert "seat b: Capital 20 · pool 0 · deck 10 · graveyard 1: Filler" in lines
    assert "combat: attackers Grunt #1" in lines
    assert lines[-1] == "legal actions (2): block 10 1; pass"
    code, out, _ = run(capsys, "position", "show", path, "--catalog", CAT, "--json")
    pos = json.loads(out)
    assert pos["decision"] == "block" and pos["legal_actions"] == ["block 10 1", "pass"]
    assert pos["combat"] == {"attackers": [1], "blocks": [], "objectives": []}


def test_show_json_edited_is_played_again_from_the_same_state(tmp_path, capsys):
    path = write(tmp_path, fw("attack", {"pool": 1, "hand": ["Rally"], "in_play": [{"id": 1, "card": "Grunt"}]},
                              {"in_play": [{"id": 10, "card": "Grunt"}]}))
    after = play_json(capsys, path, "attack 1; pass")    # B must decide on its block now
    assert after["decision"] == "block"
    edited = dict(after, filler="Filler")                 # the decks were printed as deck_size
    again = write(tmp_path, edited, "again.json")
    code, out, err = run(capsys, "position", "show", again, "--catalog", CAT, "--json")
    assert code == 0, err
    assert json.loads(out) == {k: v for k, v in after.items() if k != "played"}
    # the same actions and dice from the printed position and from the start end the same
    rest = "block 10 1; pass"                            # A passes its tricks window (it holds Rally)
    from_start = play_json(capsys, path, "attack 1; pass; " + rest, "--dice", "6,2")
    from_printed = play_json(capsys, again, rest, "--dice", "6,2")
    assert {k: v for k, v in from_printed.items() if k != "played"} == \
           {k: v for k, v in from_start.items() if k != "played"}
    a, b = from_start["seats"]
    assert from_start["played"]["dice"] == [6, 2] and from_start["active"] == 1
    assert a["in_play"][0]["damage"] == 0 and b["in_play"][0]["damage"] == 2 - 1  # hit, then healed 1 (FW-HEAL-1)


def test_a_toml_position_and_a_catalog_folder(tmp_path, capsys):
    folder = tmp_path / "cards"
    folder.mkdir()
    shutil.copy(CATALOG_FILE, folder / "test.toml")
    path = tmp_path / "pos.toml"
    path.write_text('ruleset = "fw"\nturn = 2\nactive = "b"\ndecision = "deploy"\n'
                    '[[seats]]\ndeck = ["Filler"]\n[[seats]]\npool = 2\nhand = ["Grunt"]\ndeck_size = 3\n')
    code, out, err = run(capsys, "position", "show", str(path), "--catalog", str(folder), "--filler", "Filler")
    assert code == 0, err
    assert "decision: deploy (seat b decides)" in out and "legal actions (2): deploy 1; pass" in out


def test_the_default_catalog_is_the_rulesets_own(tmp_path, capsys):
    path = write(tmp_path, {"ruleset": "bg", "turn": 1, "active": 0, "decision": "deploy",
                            "seats": [{"pool": 3, "hand": ["Militia Recruit"]}, {}]})
    code, out, err = run(capsys, "position", "show", path, "--json")
    assert code == 0, err
    assert json.loads(out)["seats"][0]["capital"] == 40 and "deploy 0" in json.loads(out)["legal_actions"]


def test_without_dice_the_seed_rolls_them_and_says_which(tmp_path, capsys):
    path = write(tmp_path, fw("block", {"in_play": [{"id": 1, "card": "Grunt", "locked": True}]},
                              {"in_play": [{"id": 10, "card": "Grunt"}]}, combat={"attackers": [1]}))
    one = play_json(capsys, path, "block 10 1", "--seed", "7")
    assert one == play_json(capsys, path, "block 10 1", "--seed", "7") and len(one["played"]["dice"]) == 2
    code, out, _ = run(capsys, "position", "play", path, "--catalog", CAT, "--actions", "block 10 1", "--dice", "6,6,3")
    assert code == 0 and "dice: 6, 6 (1 of the dice given were not needed)" in out


# ---------------------------------------------------------------------- errors: exit 2, naming the field or action
def test_too_few_dice_is_an_error_naming_the_action(tmp_path, capsys):
    path = write(tmp_path, fw("block", {"in_play": [{"id": 1, "card": "Brute", "locked": True}]},
                              {"in_play": [{"id": 10, "card": "Grunt"}]}, combat={"attackers": [1]}))
    code, out, err = run(capsys, "position", "play", path, "--catalog", CAT, "--actions", "block 10 1", "--dice", "6")
    assert code == 2 and out == ""
    assert err.strip() == "fwlab: error: action 1 'block 10 1': too few dice given: the game needs another die " \
                          "(1 given with --dice)"


def test_an_illegal_or_unreadable_action_is_an_error_with_the_engines_reason(tmp_path, capsys):
    path = write(tmp_path, fw("attack", {"in_play": [{"id": 1, "card": "Grunt"}, {"id": 2, "card": "Wall"}]}, {}))
    code, _, err = run(capsys, "position", "play", path, "--catalog", CAT, "--actions", "attack 2")
    assert code == 2 and "action 1 'attack 2': attack 2 is not legal now (attack): a creature with Att 0 " \
                         "cannot attack (FW-HIT-3)" in err
    code, _, err = run(capsys, "position", "play", path, "--catalog", CAT, "--actions", "attack 1; attack one")
    assert code == 2 and "action 2 'attack one': cannot parse action" in err
    code, _, err = run(capsys, "position", "play", path, "--catalog", CAT, "--actions", "attack 1", "--dice", "6,0")
    assert code == 2 and "--dice: '0' is not a die result (1 to 6)" in err
    code, _, err = run(capsys, "position", "play", path, "--catalog", CAT, "--actions", " ; ")
    assert code == 2 and "--actions: no action given" in err


def test_a_malformed_position_is_an_error_naming_the_file_and_field(tmp_path, capsys):
    bad = fw("deploy", {"hand": ["Grunt", "Grnt"]}, {})
    path = write(tmp_path, bad)
    code, out, err = run(capsys, "position", "show", path, "--catalog", CAT)
    assert code == 2 and out == ""
    assert err.strip() == f"fwlab: error: {path}: seats[0].hand[1]: unknown card 'Grnt': not in the daemornia " \
                          "catalog (did you mean 'Grunt'?)"
    for pos, field in ((fw("deploy", {"hand": [{"id": 1, "card": "Grunt"}], "in_play": [{"id": 1, "card": "Wall"}]}, {}),
                        "seats[0].in_play[0].id: id 1 is given twice"),
                       (fw("deploy", {"in_play": [{"card": "Grunt", "damage": 5}]}, {}), "seats[0].in_play[0].damage"),
                       (fw("mulligan", {}, {}), "decision: unknown decision 'mulligan'"),
                       ({**fw("deploy", {}, {}), "seats": [{}]}, "seats: fw is a game for 2 seats")):
        code, _, err = run(capsys, "position", "show", write(tmp_path, pos), "--catalog", CAT)
        assert code == 2 and field in err, err
    (tmp_path / "broken.json").write_text('{"ruleset": "fw",\n "turn": }')
    code, _, err = run(capsys, "position", "show", str(tmp_path / "broken.json"))
    assert code == 2 and "broken.json: not valid JSON: line 2 column 10" in err
    code, _, err = run(capsys, "position", "show", str(tmp_path / "missing.json"))
    assert code == 2 and "missing.json: cannot read the position" in err
    code, _, err = run(capsys, "position", "show", path, "--catalog", str(tmp_path / "nowhere"))
    assert code == 2 and "no such catalog file or folder" in err


def test_the_example_positions_in_data_show(capsys):
    """docs/positions.md points at data/positions/: every example there loads over the real catalog."""
    from fwlab.paths import data_dir

    files = sorted((data_dir() / "positions").glob("*.*"))
    assert {f.suffix for f in files} == {".json", ".toml"}
    for f in files:
        code, out, err = run(capsys, "position", "show", str(f))
        assert code == 0, f"{f}: {err}"
        assert "legal actions (" in out.splitlines()[-1]


def test_the_example_of_docs_positions_md_is_what_show_prints(tmp_path, capsys):
    import re

    doc = (Path(__file__).resolve().parents[2] / "docs" / "positions.md").read_text()
    blocks = re.findall(r"```(json)?\n(.*?)```", doc, flags=re.S)
    given, printed = [json.loads(b) for kind, b in blocks if kind == "json"][:2]
    path = write(tmp_path, given)
    code, out, err = run(capsys, "position", "show", path, "--json")
    assert code == 0, err
    assert json.loads(out) == printed
    text = doc.split("and without `--json`:\n\n```\n", 1)[1].split("```", 1)[0]
    code, out, _ = run(capsys, "position", "show", path)
    assert out == text
