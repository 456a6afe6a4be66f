"""`fwlab whatif --until-ci` (SIM-UNTIL-1): the what-if plays more games of every pairing, in game
order, until each deck's paired 95% interval of the change is within ±H, and is then exactly the
what-if of -n <games a pairing it took>."""

from __future__ import annotations

import json

from fwlab.cli import main
from fwlab.lab.whatif import whatif, whatif_half_width, whatif_until

FIELD = ["fw/ashfang-raid", "fw/grave-tide"]
NERF = {"Ashfang Raider": {"att": 0}}


def test_SIM_UNTIL_1_whatif_stops_on_the_paired_interval_and_equals_n_games():
    res, stop = whatif_until("fw", NERF, 0.045, max_games=400, decks=FIELD, seed=3, step=50)
    n = stop["games"]
    assert stop["reached"] and stop["half_width"] <= 0.045 and n % 50 == 0 and 100 <= n < 400
    assert whatif_half_width(res) == stop["half_width"]
    same = whatif("fw", NERF, decks=FIELD, n=n, seed=3)
    a, b = res.to_dict(), same.to_dict()
    a.pop("seconds"), b.pop("seconds")
    assert a == b
    if n > 100:   # it did not stop late
        assert whatif_half_width(whatif("fw", NERF, decks=FIELD, n=n - 50, seed=3)) > 0.045


def test_SIM_UNTIL_1_whatif_cli_says_how_many_games_a_pairing(tmp_path, capsys):
    nerf = tmp_path / "nerf.toml"
    nerf.write_text('["Ashfang Raider"]\natt = 0\n', encoding="utf-8")
    assert main(["whatif", "--ruleset", "fw", "--changes", str(nerf), "--decks", *FIELD, "--until-ci", "0.01",
                 "--max-games", "100", "--seed", "3", "--no-store", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["until"]["games"] == 100 == d["games_per_pairing"] and not d["until"]["reached"]
    assert main(["whatif", "--ruleset", "fw", "--changes", str(nerf), "--sweep", "Ashfang Raider.att=1..2",
                 "--until-ci", "0.05", "--no-store"]) == 2
    assert "--until-ci goes with one what-if" in capsys.readouterr().err
