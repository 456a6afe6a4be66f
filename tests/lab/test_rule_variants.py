"""Rule variants in the balance lab (issue 27, part 2): a change set's ``[rules]`` are played on the
"after" side only (``[base_rules]`` on both), on the same seeds and seats, and the what-if reports
the health figures (first-player win rate, draws, turns, end-reason mix) before and after with
paired intervals; an empty change set gives exactly 0; bad options are refused naming the file
and the option; the options travel in the jobs to workers and to a Dask cluster; runs keep them."""

from __future__ import annotations

import json
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from fwlab.catalog import CatalogError
from fwlab.cli import main
from fwlab.decks.starters import starter_decks
from fwlab.lab import load_run, sweep, whatif
from fwlab.lab.changes import ChangeSet, load_change_set, parse_change_set
from fwlab.lab.whatif import WhatIfResult, pair_seed
from fwlab.rules.engines import engine_for
from fwlab.sim.runner import simulate_match
from fwlab.store import connect

FW = ["fw/ashfang-raid", "fw/iron-bastion", "fw/grave-tide"]
FIGURES = ("first_player", "draws", "turns")


def figures(health: dict[str, Any]) -> list[dict[str, Any]]:
    return [health[k] for k in FIGURES] + list(health["end_reasons"].values())


def test_a_rules_only_turn_cap_changes_the_end_reason_mix_and_the_win_rates_with_paired_intervals():
    cs = parse_change_set("[rules]\nturn_cap = 8\n", "fw", "variant.toml")
    assert cs.cards == {} and cs.rules == {"turn_cap": 8} and cs.base_rules == {}
    res = whatif("fw", cs, FW, n=40, seed=3)
    h = res.health
    assert h is not None and h["games"] == 40 * 6
    assert list(h["end_reasons"]) == list(engine_for("fw").end_reasons)
    cap = h["end_reasons"]["turn-cap"]
    # fw games last ~25 turns: at a cap of 8 every game is a turn-cap draw, none before
    assert cap["before"] == 0.0 and cap["after"] == 1.0 and cap["delta"] == 1.0
    assert h["draws"]["after"] == 1.0 and h["turns"]["after"] == 8.0 and h["turns"]["delta"] < -10
    assert h["turns"]["delta_ci95"][0] < h["turns"]["delta"] < h["turns"]["delta_ci95"][1] < 0
    capital = h["end_reasons"]["capital"]
    assert capital["before"] > 0.9 and capital["after"] == 0.0 and capital["delta_ci95"][1] < 0
    # every game is a draw after: the first player wins half, a change from the measured edge
    fp = h["first_player"]
    assert fp["after"] == 0.5 and fp["delta"] == pytest.approx(0.5 - fp["before"])
    assert fp["delta_ci95"][0] < fp["delta"] < fp["delta_ci95"][1]
    # the decks' field win rates move towards 0.5 with paired intervals of nonzero width
    assert any(d.delta != 0.0 for d in res.decks)
    assert all(d.after == pytest.approx(0.5) for d in res.decks)
    assert all(d.delta_ci95[1] - d.delta_ci95[0] > 0 for d in res.decks if d.delta != 0.0)
    assert res.matrix_after == [[0.5] * 3] * 3 and res.matrix_before != res.matrix_after
    assert res.to_dict()["rules"] == {"turn_cap": 8} and res.base_rules == {}


def test_fr_face_down_cards_that_make_no_coins_lower_the_first_players_win_rate():
    """FR-COIN-1 as an option: with ``face_down_counts = false`` only face-up resources make coins, so
    the second player's two extra cards count (the field's first player 0.513 -> 0.455 at 400 games a
    pairing); the what-if gives that delta with its paired interval. (``first_player_may_go_turn_1``
    no longer moves it since the catalog's Rally text: 0.511, docs/game-health.md "Sixth look".)"""
    cs = parse_change_set("[rules]\nface_down_counts = false\n", "fr", "coins.toml")
    res = whatif("fr", cs, None, n=40, seed=1)
    fp = res.health["first_player"]  # type: ignore[index]
    assert fp["delta"] < 0 and fp["delta_ci95"][1] < 0, fp
    assert fp["delta_ci95"][0] < fp["delta"] < fp["delta_ci95"][1]
    assert fp["after"] == pytest.approx(fp["before"] + fp["delta"])
    assert res.rules == {"face_down_counts": False}


def test_an_empty_change_set_gives_health_and_win_rate_deltas_of_exactly_zero():
    res = whatif("fw", ChangeSet(), FW, n=30, seed=2)
    assert res.health is not None
    for f in figures(res.health):
        assert f["delta"] == 0.0 and f["delta_ci95"] == [0.0, 0.0] and f["before"] == f["after"]
    assert all(d.delta == 0.0 and d.delta_ci95 == [0.0, 0.0] for d in res.decks)
    assert res.rules == {} and res.base_rules == {}


def test_base_rules_are_played_before_and_after_so_alone_they_change_nothing_between_the_sides():
    cs = parse_change_set("[base_rules]\nturn_cap = 8\n", "fw")
    assert cs.is_empty() and cs.rules_before() == cs.rules_after() == {"turn_cap": 8}
    res = whatif("fw", cs, FW[:2], n=20, seed=2)
    cap = res.health["end_reasons"]["turn-cap"]  # type: ignore[index]
    assert cap["before"] == cap["after"] == 1.0 and cap["delta"] == 0.0   # both sides capped at 8
    assert all(f["delta"] == 0.0 for f in figures(res.health))  # type: ignore[arg-type]
    # [rules] goes on top of [base_rules] on the after side
    both = whatif("fw", parse_change_set("[base_rules]\nturn_cap = 8\n[rules]\nturn_cap = 200\n", "fw"), FW[:2],
                  n=20, seed=2)
    assert both.health["end_reasons"]["turn-cap"]["after"] == 0.0  # type: ignore[index]
    assert both.base_rules == {"turn_cap": 8} and both.rules == {"turn_cap": 200}


def test_before_plays_the_default_rules_and_after_the_changed_ones_on_the_simulators_games():
    decks = {d.name: d for d in starter_decks("fw")}
    res = whatif("fw", ChangeSet(rules={"capital": 10}), FW[:2], n=30, seed=10, batch_size=16)
    s = pair_seed(10, FW[0], FW[1])
    pair = [decks["Ashfang Raid"], decks["Iron Bastion"]]
    plain = simulate_match(pair, "fw", n=30, seed=s, batch_size=16)
    changed = simulate_match(pair, "fw", n=30, seed=s, batch_size=16, options={"capital": 10})
    assert res.matrix_before[0][1] == pytest.approx(plain.win_rate(0))
    assert res.matrix_after[0][1] == pytest.approx(changed.win_rate(0))
    assert plain.win_rate(0) != changed.win_rate(0)   # the option changes this pairing's result


def test_card_and_rule_changes_combine():
    cs = parse_change_set('["Ashfang Raider"]\natt = 0\n\n[rules]\nturn_cap = 20\n', "fw")
    res = whatif("fw", cs, FW[:2], n=20, seed=4)
    only_rules = whatif("fw", ChangeSet(rules={"turn_cap": 20}), FW[:2], n=20, seed=4)
    only_cards = whatif("fw", cs.cards, FW[:2], n=20, seed=4)
    assert res.changes == {"Ashfang Raider": {"att": 0}} and res.rules == {"turn_cap": 20}
    after = [r.health["turns"]["after"] for r in (res, only_rules, only_cards)]  # type: ignore[index]
    assert len(set(after)) == 3 and max(after[:2]) <= 20 < after[2]   # the cap and the change both play
    assert res.matrix_before == only_rules.matrix_before == only_cards.matrix_before


def test_a_bad_rule_option_is_refused_naming_the_file_and_the_option(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]):
    with pytest.raises(CatalogError, match=r"variant\.toml, field 'rules\.turncap': unknown rule option 'turncap'"):
        parse_change_set("[rules]\nturncap = 8\n", "fw", "variant.toml")
    with pytest.raises(CatalogError, match=r"field 'rules\.turn_cap': .*must be at least 1, not 0"):
        parse_change_set("[rules]\nturn_cap = 0\n", "fw", "variant.toml")
    with pytest.raises(CatalogError, match=r"field 'base_rules\.deck_out': .*draw is not one of score, loses"):
        parse_change_set('[base_rules]\ndeck_out = "draw"\n', "eredan", "v.toml")
    with pytest.raises(CatalogError, match=r"field 'rules': \[rules\] is a table"):
        parse_change_set('rules = 3\n', "fw", "v.toml")
    bad = tmp_path / "bad.toml"
    bad.write_text("[rules]\nmulligans = 'maybe'\n", encoding="utf-8")
    assert main(["whatif", "--ruleset", "fr", "--changes", str(bad), "-n", "2", "--no-store"]) == 2
    err = capsys.readouterr().err
    assert "bad.toml" in err and "rules.mulligans" in err and "'maybe' is not true or false" in err
    assert main(["whatif", "--ruleset", "fw", "--rule", "no_such=1", "-n", "2", "--no-store"]) == 2
    assert "unknown rule option 'no_such' for fw" in capsys.readouterr().err


def test_a_json_change_set_is_read_like_a_toml_one(tmp_path: Path):
    p = tmp_path / "variant.json"
    p.write_text(json.dumps({"ashfang raider": {"attack": 1}, "rules": {"cycle": [1, 2], "curses": False}}),
                 encoding="utf-8")
    cs = load_change_set(p, "fw")
    assert cs.cards == {"Ashfang Raider": {"att": 1}} and cs.rules == {"cycle": (1, 2), "curses": False}
    assert cs.to_dict() == {"Ashfang Raider": {"att": 1}, "rules": {"cycle": [1, 2], "curses": False}}
    p.write_text("[1, 2]", encoding="utf-8")
    with pytest.raises(CatalogError, match="variant.json: a JSON change set is an object"):
        load_change_set(p, "fw")


def test_the_options_travel_to_worker_processes_with_the_same_result():
    cs = ChangeSet(rules={"turn_cap": 10, "hand_limit": 4})
    one = whatif("fw", cs, FW, n=16, seed=2, batch_size=8, workers=1).to_dict()
    two = whatif("fw", cs, FW, n=16, seed=2, batch_size=8, workers=2).to_dict()
    with ProcessPoolExecutor(max_workers=2) as pool:
        on_pool = whatif("fw", cs, FW, n=16, seed=2, batch_size=8, executor=pool).to_dict()
    for d in (one, two, on_pool):
        d.pop("seconds")
    assert one == two == on_pool
    assert one["health"]["end_reasons"]["turn-cap"]["after"] > 0


def test_the_options_travel_to_a_dask_cluster_with_the_same_result(cluster: str):
    from fwlab.cluster import executor_for

    cs = ChangeSet(rules={"turn_cap": 10})
    local = whatif("fw", cs, FW[:2], n=12, seed=5, batch_size=4).to_dict()
    ex = executor_for(cluster, "daemornia", quiet=True)
    assert ex is not None
    try:
        remote = whatif("fw", cs, FW[:2], n=12, seed=5, batch_size=4, executor=ex).to_dict()
    finally:
        ex.shutdown()
    local.pop("seconds"), remote.pop("seconds")
    assert remote == local and remote["health"]["end_reasons"]["turn-cap"]["delta"] > 0


def test_the_cli_json_records_the_rules_and_the_stored_run_keeps_them(tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str]):
    db = tmp_path / "s.duckdb"
    connect(db).close()
    v = tmp_path / "variant.toml"
    v.write_text("[rules]\nturn_cap = 8\n", encoding="utf-8")
    argv = ["whatif", "--ruleset", "fw", "--changes", str(v), "--decks", *FW[:2], "-n", "10", "--seed", "1",
            "--db", str(db)]
    assert main([*argv, "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["rules"] == {"turn_cap": 8} and d["base_rules"] == {} and d["changes"] == {}
    assert d["health"]["end_reasons"]["turn-cap"]["after"] == 1.0
    run = load_run(db, d["run_id"])
    assert run.params["rules"] == {"turn_cap": 8} and run.result["rules"] == {"turn_cap": 8}
    assert run.summary == "rules: turn_cap=8"
    back = run.result_object()
    assert isinstance(back, WhatIfResult) and back.rules == {"turn_cap": 8} and back.health == d["health"]
    # --rule goes on top of the file's [rules]; the text output names them and prints the health table
    assert main([*argv, "--rule", "turn_cap=9", "--no-store"]) == 0
    out = capsys.readouterr().out
    assert "rules after: turn_cap = 9" in out and "ended by turn-cap" in out and "first player's win rate" in out
    assert main(["lab", "show", d["run_id"], "--db", str(db)]) == 0
    shown = capsys.readouterr().out
    assert "rules after: turn_cap = 8" in shown and "ended by turn-cap" in shown


def test_a_run_stored_before_rule_variants_still_reads_back():
    res = whatif("fw", {}, FW[:2], n=4, seed=1).to_dict()
    for k in ("rules", "base_rules", "health"):
        res.pop(k)
    back = WhatIfResult.from_dict(res)
    assert back.rules == {} and back.base_rules == {} and back.health is None


def test_a_sweep_plays_the_change_sets_rules_at_the_base_and_every_value():
    cs = parse_change_set("[rules]\nturn_cap = 8\n", "fw")
    res = sweep("fw", "Ashfang Raider.att=2..3", FW[:2], n=10, seed=1, changes=cs)
    assert res.rules == {"turn_cap": 8}
    # every game is a turn-cap draw at the base and at each value
    assert res.matrix_before == [[0.5, 0.5], [0.5, 0.5]]
    assert all(p.matrix == [[0.5, 0.5], [0.5, 0.5]] for p in res.points)
    assert type(res).from_dict(res.to_dict()).to_dict() == res.to_dict()
