"""``fwlab deck check|stats|odds|fill``."""

from __future__ import annotations

import json

from fwlab.cli import main
from fwlab.decks.decklist import read_decklist
from fwlab.decks.validate import validate
from fwlab.paths import decks_dir

IRON_TIDE = str(decks_dir() / "fw" / "iron-tide.txt")


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_check_legal_and_illegal_decks(capsys, tmp_path):
    code, out, _ = run(capsys, "deck", "check", IRON_TIDE, "--json")
    assert code == 0 and json.loads(out)["valid"] is True
    bad = tmp_path / "bad.txt"
    bad.write_text("ruleset: bg\n6 Nominod\n2 Nominodd\n", encoding="utf-8")
    code, out, _ = run(capsys, "deck", "check", str(bad), "--json")
    res = json.loads(out)
    assert code == 1 and res["valid"] is False
    assert {p["rule"] for p in res["problems"]} == {"DECK-UNKNOWN", "DECK-SIZE", "DECK-COPIES"}
    assert all(set(p) == {"rule", "card", "message"} for p in res["problems"])


def test_check_unreadable_file_is_a_clear_error(capsys, tmp_path):
    code, _, err = run(capsys, "deck", "check", str(tmp_path / "missing.txt"))
    assert code == 2 and "cannot read the deck file" in err


def test_stats_json_keys(capsys):
    code, out, _ = run(capsys, "deck", "stats", IRON_TIDE, "--json")
    s = json.loads(out)
    assert code == 0 and s["cards"] == 40 and s["average_gems"] is None
    assert sum(s["curve"].values()) == 40 and "creature" in s["types"]
    fr = str(decks_dir() / "fr" / "wild_oath.txt")
    code, out, _ = run(capsys, "deck", "stats", fr, "--json")
    assert json.loads(out)["average_gems"] > 0


def test_odds_for_a_card_and_a_group(capsys):
    code, out, _ = run(capsys, "deck", "odds", IRON_TIDE, "--card", "Scrap Drone", "--turns", "3", "--json")
    res = json.loads(out)
    assert code == 0 and res["turn"] == [1, 2, 3] and len(res["p_at_least_one"]) == 3
    assert res["p_at_least_one"] == sorted(res["p_at_least_one"])
    code, out, _ = run(capsys, "deck", "odds", IRON_TIDE, "--type", "creature", "--max-cost", "2", "--json",
                       "--deploy", "--turns", "6")
    res = json.loads(out)
    assert res["copies"] > 0 and len(res["deploy"]["p_deploy"]) == 6
    code, _, err = run(capsys, "deck", "odds", IRON_TIDE, "--card", "No Such Card")
    assert code == 2 and "unknown card" in err


def test_fill_writes_a_legal_deck(capsys, tmp_path):
    core = tmp_path / "core.txt"
    core.write_text("ruleset: fw\nname: Mine\n2 Nominod\n", encoding="utf-8")
    out_file = tmp_path / "deck.txt"
    code, out, _ = run(capsys, "deck", "fill", str(core), "--seed", "3", "--out", str(out_file))
    assert code == 0
    deck = read_decklist(out_file)
    assert deck.name == "Mine" and deck.size == 40 and validate(deck) == []
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []
