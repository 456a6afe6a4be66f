"""`fwlab health --until-ci` (SIM-UNTIL-1): the health run plays every pairing in game order until
the first player's 95% interval of every seat count is within ±H, and its report is exactly that
of -n <games a pairing it took>."""

from __future__ import annotations

import json

from fwlab.cli import main
from fwlab.health.run import simulate_health
from fwlab.sim.health import CHUNK, field_pairings, first_seat_half_width, play_field


def test_SIM_UNTIL_1_health_stops_on_the_first_player_interval_and_equals_n_games():
    u = simulate_health("conquest", players=[3, 4], seed=1, until_ci=0.06)
    stop = u.params["until"]
    assert stop["reached"] and stop["half_width"] <= 0.06 and stop["max_games"] == 278
    n = stop["games"]
    assert n == u.params["n"] and n % CHUNK == 0 and n < 278
    same = simulate_health("conquest", players=[3, 4], seed=1, n=n)
    a, b = u.to_dict(), same.to_dict()
    for d in (a, b):
        d.pop("seconds", None)
        d.pop("until", None)
        d["notes"] = [x for x in d["notes"] if not x.startswith("Stopped after")]
    assert a == b
    # it did not stop late: one step (CHUNK = 200 games a pairing) fewer was still too wide
    fewer = play_field("conquest", field_pairings("conquest", None, [3, 4]), n - CHUNK, 1) if n > CHUNK else None
    assert fewer is None or first_seat_half_width(fewer) > 0.06
    assert any(x.startswith(f"Stopped after {n} games a pairing") for x in u.notes)


def test_SIM_UNTIL_1_health_cli_until_ci_json_and_its_cap(capsys):
    assert main(["health", "--ruleset", "conquest", "--players", "3", "--until-ci", "0.01", "--max-games", "120",
                 "--seed", "2", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["until"]["games"] == 120 == d["n"] and not d["until"]["reached"]
    assert d["until"]["half_width"] > 0.01 and d["games"] == 120
