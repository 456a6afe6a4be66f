"""Skill as an axis (issue 28 part 3): ``fwlab whatif --skill`` (fwlab/lab/skill.py), ``fwlab
simulate --skill-sweep`` and ``fwlab report balance --skill`` (fwlab/sim/skill.py): every level
replays the same seeds, a costly level plays fewer games and says so, and the agreement flags and
verdicts follow from the figures."""

from __future__ import annotations

import json

import pytest

from fwlab.cli import main
from fwlab.decks.starters import starter_paths
from fwlab.lab.skill import skill_figure, skill_whatif
from fwlab.lab.whatif import whatif
from fwlab.sim import simulate_match
from fwlab.sim.skill import level_games, pair_seed, parse_levels, skill_field

DECKS = ["fw/ashfang-raid", "fw/iron-bastion", "fw/grave-tide"]
CHANGE = {"Ashfang Raider": {"att": 1}}


def _field() -> list:
    from fwlab.decks import load_deck

    paths = {p.stem: p for p in starter_paths("fw")}
    return [(d, load_deck(paths[d.split("/")[1]])) for d in DECKS]


def test_levels_are_checked_specs_and_costly_levels_play_fewer_games():
    assert parse_levels("fw", "heuristic,ismcts:iters=20,c=0.5") == ["heuristic", "ismcts:iters=20,c=0.5"]
    with pytest.raises(ValueError, match="at least two"):
        parse_levels("fw", "heuristic")
    with pytest.raises(ValueError, match="nope"):
        parse_levels("fw", "heuristic,ismcts:nope=1")
    assert level_games(["a", "b", "c"], 200) == [200, 6, 6]   # 3%: fw's skill check of 7 starters in minutes
    assert level_games(["a", "b"], 1000) == [1000, 30]
    assert level_games(["a", "b"], 20) == [20, 6]         # at least 6
    assert level_games(["a", "b"], 4) == [4, 4]           # never more than the first level


def test_a_skill_whatif_is_the_whatif_of_each_level_on_the_same_seeds():
    """Each level's run is exactly ``whatif`` with that bot in both seats and its games per pairing,
    and the flags say whether the levels' changes share a sign and a significance."""
    res = skill_whatif("fw", CHANGE, ["random", "heuristic"], n=8, seed=3, costly_games=4, decks=DECKS)
    d = res.to_dict()
    assert d["levels"] == ["random", "heuristic"] and d["games_per_pairing"] == [8, 4]
    for lv, k, run in zip(d["levels"], d["games_per_pairing"], d["runs"]):
        alone = whatif("fw", CHANGE, decks=DECKS, n=k, seed=3, bots=[lv, lv]).to_dict()
        assert [r["delta"] for r in run["decks"]] == [r["delta"] for r in alone["decks"]]
        assert run["bots"] == [lv, lv] and run["games_per_pairing"] == k
    for row, i in zip(d["decks"], range(len(DECKS))):
        deltas = [run["decks"][i]["delta"] for run in d["runs"]]
        assert row["deltas"] == deltas
        signs = {(x > 0) - (x < 0) for x in deltas}
        assert row["sign_agrees"] == (len(signs) == 1)
        sig = {1 if c[0] > 0 else -1 if c[1] < 0 else 0 for c in row["ci95"]}
        assert row["significance_agrees"] == (len(sig) == 1)
    assert d["agree"]["decks"] == 3 and d["agree"]["sign"] == sum(r["sign_agrees"] for r in d["decks"])
    fig = skill_figure(d)
    assert len(fig.data) == 3   # one chart per deck


def test_the_field_at_each_level_is_each_pairing_simulated_from_its_own_seed():
    """A deck's field win rate at a level is the mean of its pairings (mirror 0.5), each pairing the
    games ``simulate_match`` plays from the pairing's seed; the field is zero-sum at every level."""
    field = _field()
    res = skill_field("fw", "random,heuristic", field, n=10, seed=5, costly_games=6)
    assert res.games_per_pairing == [10, 6]
    a, b = field[0], field[1]
    sim = simulate_match([a[1], b[1]], "fw", n=6, seed=pair_seed(5, a[0], b[0]), bots=["heuristic", "heuristic"])
    score_ab = (sim.wins[0] + sim.draws / 2) / 6
    c = field[2]
    sim2 = simulate_match([a[1], c[1]], "fw", n=6, seed=pair_seed(5, a[0], c[0]), bots=["heuristic", "heuristic"])
    score_ac = (sim2.wins[0] + sim2.draws / 2) / 6
    assert res.decks[0].win_rates[1] == pytest.approx((0.5 + score_ab + score_ac) / 3)
    for level in range(2):
        assert sum(d.win_rates[level] for d in res.decks) == pytest.approx(1.5)
    for d in res.decks:
        assert d.gain == pytest.approx(d.win_rates[1] - d.win_rates[0])
        lo, hi = d.gain_ci95
        assert d.verdict == ("skill deck" if lo > 0 else "easy to pilot" if hi < 0 else "neither")


def test_random_against_heuristic_skill_shows_in_the_field_and_the_same_seed_gives_the_same_field():
    one = skill_field("fw", "random,heuristic", _field(), n=6, seed=1, workers=1).to_dict()
    two = skill_field("fw", "random,heuristic", _field(), n=6, seed=1, workers=2).to_dict()
    one.pop("seconds"), two.pop("seconds")
    assert one == two


def test_a_search_bot_is_a_level_too():
    res = skill_field("fw", "heuristic,ismcts:iters=2", _field()[:2], n=4, seed=2, costly_games=2)
    assert res.levels == ["heuristic", "ismcts:iters=2"] and len(res.decks) == 2


def test_the_commands_print_the_levels_and_their_games(capsys, tmp_path):
    change = tmp_path / "c.toml"
    change.write_text('["Ashfang Raider"]\natt = 1\n')
    assert main(["whatif", "--ruleset", "fw", "--changes", str(change), "-n", "4", "--skill", "random,heuristic",
                 "--skill-games", "2", "--decks", *DECKS[:2], "--no-store"]) == 0
    out = capsys.readouterr().out
    assert "random 4 games per pairing; heuristic 2 games per pairing" in out
    assert "fewer games at the costly levels" in out and "signs agree for" in out
    assert main(["whatif", "--ruleset", "fw", "--changes", str(change), "-n", "4", "--skill", "random,heuristic",
                 "--decks", *DECKS[:2], "--no-store", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["kind"] == "whatif-skill" and d["games_per_pairing"] == [4, 4]
    decks = [str(p) for p in starter_paths("fw")[:2]]
    assert main(["simulate", "--ruleset", "fw", "-n", "4", "--skill-sweep", "random,heuristic", "--json", *decks]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["kind"] == "field-skill" and [r["deck"] for r in d["decks"]] == [
        f"fw/{p.stem}" for p in starter_paths("fw")[:2]]
    assert main(["report", "balance", "--skill", "random,heuristic"]) == 2
    assert "--skill needs --ruleset" in capsys.readouterr().err


def test_tune_confirms_the_tuned_deck_at_a_higher_skill_before_it_is_offered(capsys, tmp_path):
    """``fwlab tune --confirm-skill``: the start and tuned decks re-tested at the level against the
    gauntlet on the same seeds; no gain there (here: no swap found, so the same deck) and --out is
    not written."""
    out = tmp_path / "tuned.txt"
    assert main(["tune", "fw/ashfang-raid", "--budget", "60", "--gauntlet", "fw/iron-bastion", "--confirm-skill",
                 "heuristic", "--confirm-games", "4", "--no-store", "--out", str(out), "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    c = d["confirm_skill"]
    assert c["level"] == "heuristic" and c["games_per_opponent"] == 4
    assert c["delta"] == pytest.approx(c["best_win_rate"] - c["start_win_rate"])
    if not d["swaps"]:
        assert c["delta"] == 0 and not c["holds"] and not out.exists()
    else:
        assert out.exists() == c["holds"]


def test_the_balance_report_adds_the_starters_at_each_level(capsys, tmp_path):
    """``fwlab report balance --ruleset fw --skill ...``: the stored report, then the starter field
    at each level (text and JSON 'skill'), small samples flagged."""
    import subprocess
    import sys
    from pathlib import Path

    db = tmp_path / "s.duckdb"
    subprocess.run([sys.executable, "-m", "fwlab.cli", "init", "--db", str(db), "--league-matches", "4"], check=True,
                   cwd=Path(__file__).resolve().parents[2], capture_output=True)
    args = ["report", "balance", "--db", str(db), "--ruleset", "fw", "--skill", "random,heuristic", "--skill-n", "2",
            "--skill-games", "2"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "field win rate at 2 levels of skill, fw" in out and "small samples" in out
    assert main([*args, "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["skill"]["kind"] == "field-skill" and len(d["skill"]["decks"]) == len(starter_paths("fw"))
