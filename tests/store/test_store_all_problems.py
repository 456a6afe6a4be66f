"""A malformed log reports every problem it can find, not only its first ragged row (IMPORT-ALL-1):
the rows that cannot be read are reported beside every problem of the rows that can, each with its
own row number, and nothing is stored."""

from __future__ import annotations

import pytest

from fwlab.store import ImportProblem, connect, import_files

HEADER = "match_id,played_at,ruleset,mode,player_a,player_b,deck_a,deck_b,first,winner,end_reason,turns,source"
ROWS = [
    "m1,2026-01-03T18:05:00,fw,pvp,Ada,Ada,,,a,a,capital,12,",     # 1: same player
    "m2,2026-01-03T18:05:00,fx,pvp,Ada,Vex,,,a,q,capital,-1,",     # 2: ruleset, winner, turns
    "m3,2026-01-03T18:05:00,fw,pvp,Ada,Vex,,,a,a",                  # 3: ragged (10 fields)
    "m4,notatime,fw,pvp,Ada,Vex,,,c,a,capital,x,",                 # 4: played_at, first, turns
    "m5,2026-01-03T18:05:00,fw,pvp,Ada,Vex,,,a,a,capital,12,,extra",  # 5: ragged (14 fields)
    "m6,2026-01-03T18:05:00,fw,pvp,Ada,Vex,,,a,a,capital,12,",     # 6: fine
]


def test_IMPORT_ALL_1_ragged_rows_do_not_hide_the_other_problems(store, tmp_path):
    log = tmp_path / "bad.csv"
    log.write_text("\n".join([HEADER, *ROWS]) + "\n")
    con = connect(store)
    before = con.execute("SELECT count(*) FROM matches").fetchone()
    with pytest.raises(ImportProblem) as err:
        import_files(con, [log])
    found = {(p.row, p.column, p.check) for p in err.value.problems}
    assert found == {
        (1, "player_b", "same-player"),
        (2, "ruleset", "one-of"), (2, "winner", "one-of"), (2, "turns", "not-negative"),
        (3, None, "ragged-row"),
        (4, "played_at", "timestamp"), (4, "first", "one-of"), (4, "turns", "whole-number"),
        (5, None, "ragged-row"),
    }
    assert err.value.total == 9
    assert con.execute("SELECT count(*) FROM matches").fetchone() == before  # nothing stored, m6 neither


def test_IMPORT_ALL_1_a_file_whose_only_problems_are_ragged_rows_is_refused_whole(store, tmp_path):
    log = tmp_path / "ragged.csv"
    log.write_text("\n".join([HEADER, ROWS[5], ROWS[2]]) + "\n")
    con = connect(store)
    with pytest.raises(ImportProblem) as err:
        import_files(con, [log])
    assert [(p.row, p.check) for p in err.value.problems] == [(2, "ragged-row")]
    assert con.execute("SELECT count(*) FROM matches WHERE match_id = 'm6'").fetchone() == (0,)
