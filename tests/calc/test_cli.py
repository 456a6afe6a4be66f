"""``fwlab tohit``, ``fwlab combat`` and ``fwlab battle-odds``."""

from __future__ import annotations

import json

from fwlab.cli import main
from fwlab.paths import decks_dir


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_tohit_one_pair(capsys):
    code, out, _ = run(capsys, "tohit", "--att", "3", "--def", "4", "--json")
    assert code == 0 and json.loads(out)["need"] == 5
    code, out, _ = run(capsys, "tohit", "--att", "10", "--def", "1", "--ruleset", "bg", "--literal-two", "--json")
    assert json.loads(out)["need"] == 3


def test_tohit_table_json_has_every_pair(capsys):
    code, out, _ = run(capsys, "tohit", "--table", "--json")
    rows = json.loads(out)
    assert code == 0 and len(rows) == 121
    assert {"att": 0, "def": 5, "need": None, "p_hit": 0.0} in rows
    assert next(r for r in rows if r["att"] == 6 and r["def"] == 4)["need"] == 2


def test_tohit_chart_text_says_how_bg_axes_are_read(capsys):
    code, out, _ = run(capsys, "tohit", "--table", "--ruleset", "bg")
    assert "rows are the defender's Def 0-10" in out.splitlines()[0]
    assert out.splitlines()[2].startswith("Def  0 |  3")


def test_tohit_bad_input_is_a_clear_error(capsys):
    code, _, err = run(capsys, "tohit", "--att", "-2", "--def", "1")
    assert code == 2 and "must not be negative" in err


def test_combat_json(capsys):
    code, out, _ = run(capsys, "combat", "--attacker", "3,4,2,2", "--blocker", "6,4,3,2", "--json")
    res = json.loads(out)
    assert code == 0
    assert abs(res["p_attacker_dies"] - 5 / 6) < 1e-12
    assert abs(res["p_blocker_dies"][0] - 1 / 3) < 1e-12
    code, _, err = run(capsys, "combat", "--attacker", "3,4,2", "--blocker", "1,1,1,1")
    assert code == 2 and "att,def,dmg,hp" in err


def test_combat_duel(capsys):
    code, out, _ = run(capsys, "combat", "--attacker", "4,3,2,5", "--blocker", "3,3,2,4", "--duel", "5", "--json")
    d = json.loads(out)["duel"]
    assert d["round"] == [1, 2, 3, 4, 5]


def test_battle_odds(capsys):
    a = str(decks_dir() / "fr" / "wild_oath.txt")
    b = str(decks_dir() / "fr" / "blazing_gears.txt")
    code, out, _ = run(capsys, "battle-odds", "--attack", "5", "--defense", "6", "--deck-a", a, "--deck-b", b,
                       "--powerup-a", "nature:attack:1", "--json")
    res = json.loads(out)
    assert code == 0
    assert abs(res["p_win"] + res["p_tie"] + res["p_lose"] - 1) < 1e-12
    assert 0 <= res["attacker_triggers"]["nature"] <= 1
    fw = str(decks_dir() / "fw" / "iron-tide.txt")
    code, _, err = run(capsys, "battle-odds", "--attack", "5", "--defense", "6", "--deck-a", fw, "--deck-b", b)
    assert code in (2,) and "fw" in err


def test_battle_odds_from_catalog_creatures(capsys):
    from fwlab.calc.gems import FlipDeck, PowerUp, battle_odds
    from fwlab.catalog import load_catalog
    from fwlab.decks.decklist import load_deck

    a = str(decks_dir() / "fr" / "wild_oath.txt")
    b = str(decks_dir() / "fr" / "blazing_gears.txt")
    code, out, _ = run(capsys, "battle-odds", "--attacker-card", "Moss Sprite", "--defense", "4",
                       "--deck-a", a, "--deck-b", b, "--json")
    assert code == 0
    cat = load_catalog("fr")
    sprite = cat["Moss Sprite"]
    flips = [FlipDeck.from_cards((cat[n], k) for n, k in load_deck(p).counts().items()) for p in (a, b)]
    pus = [PowerUp(p["sphere"], p["do"], p.get("n", 0)) for p in sprite.fields["powerups"]]
    expected = battle_odds(sprite.fields["attack"], 4, *flips, attacker_powerups=pus)
    assert json.loads(out)["p_win"] == expected.p_win
