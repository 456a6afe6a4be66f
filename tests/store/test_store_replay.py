"""Replaying a stored league match (matches.seed, fwlab.store.stored_game, fwlab.sim.replay.replay_match)."""

from __future__ import annotations

from pathlib import Path

import pytest

from fwlab.sim.replay import replay_match
from fwlab.store import connect
from fwlab.store import migrations as mig
from fwlab.store.league import run_league
from fwlab.store.stored_game import NotReplayable, replayable_matches, stored_game


@pytest.mark.parametrize("ruleset", ["fw", "bg", "fr", "eredan", "conquest"])
def test_a_stored_league_match_replays_to_its_stored_result(store: Path, ruleset: str) -> None:
    con = connect(store)
    options = {"capital": 12} if ruleset == "fw" else None
    run_league(con, ruleset=ruleset, players=4, matches=3, seed=21, max_lookahead=0, progress=False, options=options)
    ids = [r[0] for r in con.execute("SELECT match_id FROM matches WHERE ruleset = ? ORDER BY 1", [ruleset]).fetchall()]
    assert len(ids) == 3
    wrong = []
    for m in ids:
        g = stored_game(con, m)
        r = replay_match(g.ruleset, g.setups, g.bots, g.seed, g.first, g.options, g.source)
        assert (r.winner, r.end_reason, r.turns) == (g.winner, g.end_reason, g.turns), m
        places = [p for (p,) in con.execute("SELECT place FROM match_seats WHERE match_id = ? ORDER BY seat",
                                            [m]).fetchall()]
        assert list(r.places) == places
        assert r.source["match_id"] == m and r.source["recorded"]["turns"] == g.turns
        w = replay_match(g.ruleset, g.setups, g.bots, g.seed + 1, g.first, g.options)
        wrong.append((w.winner, w.end_reason, w.turns, [s.action for s in w.steps]))
    # another seed is another game: the stored seed is what makes the replay the league's game
    rights = [(s.winner, s.end_reason, s.turns) for s in (stored_game(con, m) for m in ids)]
    assert [x[:3] for x in wrong] != rights
    if options:
        assert stored_game(con, ids[0]).options == {"capital": 12}
    listed = replayable_matches(con, ruleset)
    assert {x["match_id"] for x in listed} == set(ids)
    con.close()


def test_an_imported_match_has_no_record(store: Path) -> None:
    con = connect(store)
    con.execute("INSERT INTO matches (match_id, ruleset, winner, end_reason, turns, first, seats, source) "
                "VALUES ('imp-1', 'fw', 'a', 'capital', 9, 'a', 2, 'import')")
    with pytest.raises(NotReplayable, match="imported match logs carry no game record"):
        stored_game(con, "imp-1")
    with pytest.raises(NotReplayable, match="no match"):
        stored_game(con, "nope")
    assert replayable_matches(con) == []
    con.close()


def test_migration_10_adds_an_empty_seed_to_older_matches(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "v9.duckdb"
    with monkeypatch.context() as m:
        m.setattr(mig, "MIGRATIONS", mig.MIGRATIONS[:9])
        con = connect(path)
        con.execute("INSERT INTO matches (match_id, ruleset, seats) VALUES ('old', 'fw', 2)")
        con.close()
    con = connect(path)
    assert mig.current_version(con) == mig.LATEST >= 10
    assert con.execute("SELECT seed FROM matches").fetchall() == [(None,)]
    with pytest.raises(NotReplayable, match="no game record"):
        stored_game(con, "old")
    con.close()


def test_fwlab_replay_match_tells_the_stored_match(store: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from fwlab.cli import main

    con = connect(store)
    run_league(con, ruleset="bg", players=4, matches=2, seed=4, max_lookahead=0, progress=False)
    con.execute("INSERT INTO matches (match_id, ruleset, winner, end_reason, turns, first, seats, source) "
                "VALUES ('imp-1', 'bg', 'a', 'capital', 9, 'a', 2, 'import')")
    con.close()
    assert main(["replay", "--db", str(store), "--match", "L-bg-s4-000001"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("bg · stored match L-bg-s4-000001 · game seed ")
    assert out.rstrip().splitlines()[-1].endswith(": the same")
    assert main(["replay", "--db", str(store), "--match", "L-bg-s4-000002", "--json"]) == 0
    assert '"kind": "store"' in capsys.readouterr().out
    assert main(["replay", "--db", str(store), "--match", "imp-1"]) == 2
    assert "imported match logs carry no game record" in capsys.readouterr().err
    assert main(["replay", "--db", str(store / "missing.duckdb"), "--match", "x"]) == 2
