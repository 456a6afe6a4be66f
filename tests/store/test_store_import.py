"""Importing match logs: round trips through CSV, Parquet and JSON Lines, and every refusal."""

from __future__ import annotations

import csv
import os
import shutil
import subprocess
import sys
from pathlib import Path

import duckdb
import pytest
from killing import sigkill_after

from fwlab.cli import main
from fwlab.store import ImportProblem, connect, export_logs, import_files, open_source
from fwlab.store.ingest import PAUSE_ENV
from fwlab.store.schema import LOG_TABLES, LONG_COLUMNS

MATCH_HEADER = [c for c in LOG_TABLES["matches"] if c not in ("seats", "rules")]  # the wide two-player format
MATCHES = [
    ["m-001", "2026-01-03T18:05:00", "fw", "pvp", "O'Brien", "Vex", "fw/iron-tide", "fw/grave-tide", "a", "a",
     "capital", "12", "import"],
    ["m-002", "2026-01-20", "fw", "bot", "Vex", "Battle Bot", "fw/grave-tide", "", "b", "draw",
     "turn-cap", "200", ""],
    ["m-003", "2026-02-01T00:00:00Z", "bg", "pvp", "Vex", "O'Brien", "bg/iron-wall", "bg/gate-assault", "a", "b",
     "forfeit", "3", "import"],
]
# the optional columns of later games (Free Realms: scored, flipped, powerup_fired; Eredan: picked) are left out
EVENT_HEADER = [c for c in LOG_TABLES["card_events"] if c not in ("scored", "flipped", "powerup_fired", "picked")]
EVENTS = [
    ["m-001", "a", "Nominod", "true", "0", "1", "", "4"],
    ["m-001", "b", "Nominod", "false", "", "", "", "0"],
    ["m-001", "b", "Steel Mill", "false", "2", "3", "5", "0"],
    ["m-003", "a", "Nominod", "false", "1", "", "", "0"],
]
TURN_HEADER = ["match_id", "turn", "capital_a", "capital_b"]
TURNS = [["m-001", "1", "20", "20"], ["m-001", "2", "18", "20"], ["m-003", "1", "40", "38"]]


def write_csv(path: Path, header: list[str], rows: list[list[str]]) -> Path:
    with path.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(header)
        w.writerows(rows)
    return path


def convert(src: Path, fmt: str) -> Path:
    """The same rows as another format, written by DuckDB (Parquet typed, JSON Lines as text values)."""
    dst = src.with_suffix({"parquet": ".parquet", "jsonl": ".jsonl"}[fmt])
    con = duckdb.connect()
    header = src.read_text().splitlines()[0].split(",")
    types = (LONG_COLUMNS if "place" in header else LOG_TABLES["matches"] if "played_at" in header
             else LOG_TABLES["card_events"] if "seat" in header else LOG_TABLES["turn_snapshots"])
    casts = ", ".join(f"TRY_CAST(NULLIF({c}, '') AS {types[c]}) AS {c}" for c in header)
    rel = f"SELECT {casts} FROM read_csv(?, all_varchar=true, header=true)"
    opts = "FORMAT parquet" if fmt == "parquet" else "FORMAT json"
    con.execute(f"COPY ({rel}) TO ? ({opts})", [str(src), str(dst)])
    return dst


@pytest.fixture
def logs(tmp_path: Path) -> dict[str, Path]:
    return {
        "matches": write_csv(tmp_path / "matches.csv", MATCH_HEADER, MATCHES),
        "card_events": write_csv(tmp_path / "events.csv", EVENT_HEADER, EVENTS),
        "turn_snapshots": write_csv(tmp_path / "turns.csv", TURN_HEADER, TURNS),
    }


def rows(con: duckdb.DuckDBPyConnection, table: str) -> list[tuple]:
    cols = ", ".join(LOG_TABLES[table])
    return sorted(con.execute(f"SELECT {cols} FROM {table}").fetchall(), key=repr)


@pytest.mark.parametrize("fmt", ["csv", "parquet", "jsonl"])
def test_logs_round_trip_through_the_store_and_partitioned_exports(fmt: str, logs: dict[str, Path], store: Path,
                                                                   tmp_path: Path, built_template: Path) -> None:
    files = logs if fmt == "csv" else {k: convert(p, fmt) for k, p in logs.items()}
    con = connect(store)
    report = import_files(con, list(files.values()))
    assert report.counts == {"matches": 3, "match_seats": 6, "card_events": 4, "turn_snapshots": 3}
    assert report.new_players == 3
    stored = {t: rows(con, t) for t in LOG_TABLES}
    # what went in is what the files said (empty deck -> NULL, empty source -> 'import', Z -> UTC)
    m2 = next(r for r in stored["matches"] if r[0] == "m-002")
    assert m2[7] is None and m2[12] == "import" and m2[11] == 200
    assert next(r for r in stored["matches"] if r[0] == "m-003")[1].isoformat() == "2026-02-01T00:00:00"
    for out_fmt in ("parquet", "csv"):
        out = tmp_path / f"export-{fmt}-{out_fmt}"
        export_logs(con, out, out_fmt, ["ruleset", "month"])
        assert (out / "matches" / "ruleset=fw" / "month=2026-01").is_dir()
        assert (out / "card_events" / "ruleset=bg" / "month=2026-02").is_dir()
        exported = open_source(parquet=out)
        for t in LOG_TABLES:
            assert rows(exported, t) == stored[t], (out_fmt, t)
    # and a fresh store importing the unpartitioned export gets the same rows again
    flat = tmp_path / f"flat-{fmt}"
    export_logs(con, flat, "parquet", [])
    con.close()
    fresh = tmp_path / "fresh.duckdb"
    shutil.copy(built_template, fresh)
    con2 = connect(fresh)
    import_files(con2, [flat / "matches" / "matches.parquet"],
                 card_files=[flat / "card_events" / "card_events.parquet"],
                 turn_files=[flat / "turn_snapshots" / "turn_snapshots.parquet"])
    assert {t: rows(con2, t) for t in LOG_TABLES} == stored


def test_open_source_reads_a_store_and_its_export_alike(logs: dict[str, Path], store: Path, tmp_path: Path) -> None:
    con = connect(store)
    import_files(con, list(logs.values()))
    export_logs(con, tmp_path / "out")
    con.close()
    q = "SELECT ruleset, winner, count(*) FROM matches GROUP BY ALL ORDER BY ALL"
    from_db = open_source(db=store).execute(q).fetchall()
    assert from_db == open_source(parquet=tmp_path / "out").execute(q).fetchall()
    both = open_source(db=store, parquet=tmp_path / "out")
    assert both.execute("SELECT count(*) FROM card_events e JOIN cards c ON c.name = e.card").fetchone() == (4,)


def _edit(rows_: list[list[str]], header: list[str], row: int, column: str, value: str) -> list[list[str]]:
    out = [list(r) for r in rows_]
    out[row - 1][header.index(column)] = value
    return out


# (case, which file, rows, header, expected row, column, words in the message)
BAD = [
    ("bad type", "m", _edit(MATCHES, MATCH_HEADER, 2, "turns", "many"), MATCH_HEADER, 2, "turns", "whole number"),
    ("bad enum", "m", _edit(MATCHES, MATCH_HEADER, 3, "mode", "ranked"), MATCH_HEADER, 3, "mode", "pvp, bot"),
    ("bad ruleset", "m", _edit(MATCHES, MATCH_HEADER, 1, "ruleset", "chess"), MATCH_HEADER, 1, "ruleset", "fw"),
    ("bad first", "m", _edit(MATCHES, MATCH_HEADER, 1, "first", "A"), MATCH_HEADER, 1, "first", "a, b"),
    ("duplicate id in file", "m", _edit(MATCHES, MATCH_HEADER, 3, "match_id", "m-001"), MATCH_HEADER, 3,
     "match_id", "also at"),
    ("negative turns", "m", _edit(MATCHES, MATCH_HEADER, 2, "turns", "-1"), MATCH_HEADER, 2, "turns", "negative"),
    ("fractional turns", "m", _edit(MATCHES, MATCH_HEADER, 2, "turns", "3.5"), MATCH_HEADER, 2, "turns", "whole"),
    ("winner not a seat", "m", _edit(MATCHES, MATCH_HEADER, 1, "winner", "Vex"), MATCH_HEADER, 1, "winner",
     "not a player's name"),
    ("bad timestamp", "m", _edit(MATCHES, MATCH_HEADER, 2, "played_at", "2026-02-30T10:00"), MATCH_HEADER, 2,
     "played_at", "ISO 8601"),
    ("non-UTC offset", "m", _edit(MATCHES, MATCH_HEADER, 2, "played_at", "2026-01-20T10:00+02:00"), MATCH_HEADER,
     2, "played_at", "UTC"),
    ("unknown deck", "m", _edit(MATCHES, MATCH_HEADER, 3, "deck_b", "bg/nope"), MATCH_HEADER, 3, "deck_b",
     "unknown deck"),
    ("deck of another game", "m", _edit(MATCHES, MATCH_HEADER, 3, "deck_a", "eredan/ember_court"), MATCH_HEADER, 3,
     "deck_a", "a bg match needs a daemornia deck"),
    ("empty player", "m", _edit(MATCHES, MATCH_HEADER, 1, "player_a", ""), MATCH_HEADER, 1, "player_a", "empty"),
    ("unknown card", "e", _edit(EVENTS, EVENT_HEADER, 3, "card", "Steel Mil"), EVENT_HEADER, 3, "card",
     "daemornia catalog"),
    ("bad seat", "e", _edit(EVENTS, EVENT_HEADER, 2, "seat", "c"), EVENT_HEADER, 2, "seat", "a, b"),
    ("event of unknown match", "e", _edit(EVENTS, EVENT_HEADER, 4, "match_id", "m-999"), EVENT_HEADER, 4,
     "match_id", "unknown match"),
    ("bad boolean", "e", _edit(EVENTS, EVENT_HEADER, 1, "in_opening_hand", "maybe"), EVENT_HEADER, 1,
     "in_opening_hand", "true or false"),
    ("duplicate card event", "e", _edit(EVENTS, EVENT_HEADER, 3, "card", "Nominod"), EVENT_HEADER, 3, "card",
     "duplicate"),
    ("turn zero", "t", _edit(TURNS, TURN_HEADER, 3, "turn", "0"), TURN_HEADER, 3, "turn", "at least 1"),
    ("turn of unknown match", "t", _edit(TURNS, TURN_HEADER, 2, "match_id", "m-404"), TURN_HEADER, 2, "match_id",
     "unknown match"),
]


@pytest.mark.parametrize("case, which, bad_rows, header, row, column, words", BAD, ids=[b[0] for b in BAD])
def test_malformed_input_names_file_row_and_column_and_leaves_the_store_unchanged(
        case: str, which: str, bad_rows: list[list[str]], header: list[str], row: int, column: str, words: str,
        logs: dict[str, Path], store: Path, tmp_path: Path, fingerprint, capsys: pytest.CaptureFixture[str]) -> None:
    target = {"m": "matches", "e": "card_events", "t": "turn_snapshots"}[which]
    bad = write_csv(tmp_path / f"bad_{which}.csv", header, bad_rows)
    files = [bad if k == target else p for k, p in logs.items()]
    before = fingerprint(store)
    assert main(["import", *map(str, files), "--db", str(store)]) == 1
    err = capsys.readouterr().err
    assert f"{bad}, row {row}, column {column}: " in err, err
    assert words in err, err
    assert "the store is unchanged" in err
    assert fingerprint(store) == before


def test_a_missing_column_is_named_with_its_file(logs: dict[str, Path], store: Path, tmp_path: Path,
                                                 fingerprint) -> None:
    i = MATCH_HEADER.index("winner")
    bad = write_csv(tmp_path / "nowinner.csv", MATCH_HEADER[:i] + MATCH_HEADER[i + 1:],
                    [r[:i] + r[i + 1:] for r in MATCHES])
    before = fingerprint(store)
    con = connect(store)
    with pytest.raises(ImportProblem) as exc:
        import_files(con, [bad])
    con.close()
    assert f"{bad}, header, column winner: required column 'winner' is missing" in str(exc.value)
    assert fingerprint(store) == before


def test_a_match_already_in_the_store_is_refused(logs: dict[str, Path], store: Path, tmp_path: Path,
                                                 fingerprint) -> None:
    con = connect(store)
    import_files(con, [logs["matches"]])
    con.close()
    before = fingerprint(store)
    again = write_csv(tmp_path / "again.csv", MATCH_HEADER, [_edit(MATCHES, MATCH_HEADER, 1, "match_id", "new")[0],
                                                             MATCHES[1]])
    con = connect(store)
    with pytest.raises(ImportProblem) as exc:
        import_files(con, [again])
    con.close()
    assert f"{again}, row 2, column match_id: already in the store (value 'm-002')" in str(exc.value)
    assert fingerprint(store) == before


def test_many_problems_show_the_first_and_count_the_rest(store: Path, tmp_path: Path) -> None:
    bad = write_csv(tmp_path / "many.csv", MATCH_HEADER,
                    [[f"x{i}", "soon", "fw", "pvp", "A", "B", "", "", "a", "a", "", "5", ""] for i in range(50)])
    con = connect(store)
    with pytest.raises(ImportProblem) as exc:
        import_files(con, [bad])
    assert exc.value.total == 50 and len(exc.value.problems) == 20
    assert str(exc.value).endswith("and 30 more problems")
    assert exc.value.problems[0].row == 1 and exc.value.problems[-1].row == 20


def test_a_bad_parquet_type_and_a_bad_jsonl_value_are_located(logs: dict[str, Path], store: Path,
                                                              tmp_path: Path) -> None:
    pq = tmp_path / "m.parquet"
    duckdb.connect().execute(
        "COPY (SELECT 'p1' AS match_id, TIMESTAMP '2026-01-01 10:00' AS played_at, 'fw' AS ruleset, 'pvp' AS mode, "
        "'A' AS player_a, 'B' AS player_b, 'a' AS first, 'a' AS winner, 'lots' AS turns) TO ? (FORMAT parquet)",
        [str(pq)])
    jl = tmp_path / "m.jsonl"
    jl.write_text('{"match_id": "j1", "played_at": "2026-01-01", "ruleset": "fw", "mode": "pvp", "player_a": "A",'
                  ' "player_b": "B", "first": "a", "winner": "a", "turns": 4}\n'
                  '{"match_id": "j2", "played_at": "2026-01-01", "ruleset": "fw", "mode": "pvp", "player_a": "A",'
                  ' "player_b": "B", "first": "x", "winner": "a", "turns": 4}\n')
    con = connect(store)
    with pytest.raises(ImportProblem) as exc:
        import_files(con, [pq, jl])
    text = str(exc.value)
    assert f"{pq}, row 1, column turns: is not a whole number (value 'lots')" in text
    assert f"{jl}, row 2, column first: must be one of a, b (value 'x')" in text


def test_an_import_killed_mid_write_leaves_the_store_as_before(store: Path, tmp_path: Path, fingerprint) -> None:
    big = tmp_path / "big.parquet"
    duckdb.connect().execute(
        """COPY (SELECT 'k' || i AS match_id, TIMESTAMP '2026-01-01' + to_minutes(i) AS played_at, 'fw' AS ruleset,
                  'pvp' AS mode, 'P' || (i % 97) AS player_a, 'Q' || (i % 89) AS player_b, 'a' AS first,
                  CASE WHEN i % 2 = 0 THEN 'a' ELSE 'b' END AS winner, 4 + i % 30 AS turns
                FROM range(150000) t(i)) TO ? (FORMAT parquet)""", [str(big)])
    before = fingerprint(store)
    proc = subprocess.Popen([sys.executable, "-m", "fwlab.cli", "import", str(big), "--db", str(store)],
                            env={**os.environ, PAUSE_ENV: "60"}, stderr=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True)
    with sigkill_after(proc):
        assert proc.stderr is not None
        line = proc.stderr.readline()
        assert "pausing" in line, line  # matches and players are inserted, the transaction is open
    assert fingerprint(store) == before
    con = connect(store)  # reopens cleanly and can take the same import afterwards
    assert import_files(con, [big]).counts == {"matches": 150000, "match_seats": 300000}


def test_a_ragged_csv_row_an_empty_file_and_a_missing_file_are_named(store: Path, tmp_path: Path,
                                                                     fingerprint) -> None:
    ragged = tmp_path / "ragged.csv"
    ragged.write_text("".join(",".join(r) + "\n" for r in [MATCH_HEADER, MATCHES[0], MATCHES[1][:-2]]))
    empty = tmp_path / "empty.csv"
    empty.write_text("")
    before = fingerprint(store)
    con = connect(store)
    with pytest.raises(ImportProblem) as exc:
        import_files(con, [ragged, empty, tmp_path / "nothere.csv"])
    con.close()
    text = str(exc.value)
    assert f"{ragged}, row 2: does not have the 13 fields of the header (value 'm-002," in text
    assert f"{empty}: the file is empty (no header row)" in text
    assert f"{tmp_path / 'nothere.csv'}: file not found" in text
    assert fingerprint(store) == before


def test_a_tsv_with_padded_header_names_and_a_byte_order_mark_imports(store: Path, tmp_path: Path) -> None:
    tsv = tmp_path / "m.tsv"
    tsv.write_text("\ufeff" + "\t".join(f" {c} " for c in MATCH_HEADER) + "\n"
                   + "".join("\t".join(r) + "\n" for r in MATCHES), encoding="utf-8")
    con = connect(store)
    assert import_files(con, [tsv]).counts == {"matches": 3, "match_seats": 6}
    assert con.execute("SELECT player_a FROM matches WHERE match_id = 'm-001'").fetchone() == ("O'Brien",)
