"""Matches of any number of seats: the long import format (one row per seat), its refusals, the
export round trip, and the readers (queries, card summary, balance report) on 3-to-5-seat games."""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

import duckdb
import pytest

from fwlab.reports import balance_report
from fwlab.store import ImportProblem, connect, export_logs, import_files, open_source
from fwlab.store.league import run_league
from fwlab.store.queries import recent_matches
from fwlab.store.schema import LOG_TABLES, LONG_COLUMNS, wide_seats_sql
from fwlab.store.summary import coded_sql, summary_is_current

HEADER = [c for c in LONG_COLUMNS if c not in ("source", "rules")]
# conquest: 3 to 5 seats, no decks; fw: 2 seats with decks
LONG = [
    # c1: 3 seats, seat 2 first, seat 3 wins alone
    ["c1", "2026-02-01T10:00:00", "conquest", "pvp", "1", "Ada", "", "false", "2", "31", "score", "40"],
    ["c1", "2026-02-01T10:00:00", "conquest", "pvp", "2", "Vex", "", "true", "3", "12", "score", "40"],
    ["c1", "2026-02-01T10:00:00", "conquest", "pvp", "3", "Bo", "", "false", "1", "44", "score", "40"],
    # c2: 5 seats, seats 1 and 4 share first place (a draw), then 3, 3, 5; no scores
    ["c2", "2026-02-02", "conquest", "bot", "1", "Ada", "", "true", "1", "", "turn-cap", "90"],
    ["c2", "2026-02-02", "conquest", "bot", "2", "Vex", "", "false", "3", "", "turn-cap", "90"],
    ["c2", "2026-02-02", "conquest", "bot", "3", "Bo", "", "false", "3", "", "turn-cap", "90"],
    ["c2", "2026-02-02", "conquest", "bot", "4", "Cy", "", "false", "1", "", "turn-cap", "90"],
    ["c2", "2026-02-02", "conquest", "bot", "5", "Di", "", "false", "5", "", "turn-cap", "90"],
    # f1: an fw match in the long format
    ["f1", "2026-02-03T08:00:00Z", "fw", "pvp", "1", "Ada", "fw/iron-tide", "false", "2", "-3", "capital", "14"],
    ["f1", "2026-02-03T08:00:00Z", "fw", "pvp", "2", "Eve", "fw/grave-tide", "true", "1", "6", "capital", "14"],
]
EVENTS = [["c1", "c", "Palisade", "", "1", "", "", ""], ["f1", "b", "Nominod", "", "0", "1", "", "2"]]
EVENT_HEADER = [c for c in LOG_TABLES["card_events"] if c not in ("scored", "flipped", "powerup_fired", "picked")]
TURNS = [["c1", "1", "30", "12", "40", ""], ["c1", "2", "31", "12", "44", ""]]
TURN_HEADER = ["match_id", "turn", "capital_a", "capital_b", "capital_c", "capital_d"]


def write_csv(path: Path, header: list[str], rows: list[list[str]]) -> Path:
    with path.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(header)
        w.writerows(rows)
    return path


def edit(rows: list[list[str]], row: int, column: str, value: str, header: list[str] = HEADER) -> list[list[str]]:
    out = [list(r) for r in rows]
    out[row - 1][header.index(column)] = value
    return out


def table(con: duckdb.DuckDBPyConnection, name: str) -> list[tuple]:
    return sorted(con.execute(f"SELECT {', '.join(LOG_TABLES[name])} FROM {name}").fetchall(), key=repr)


def test_a_long_file_writes_the_match_rows_and_one_row_per_seat(store: Path, tmp_path: Path) -> None:
    con = connect(store)
    report = import_files(con, [write_csv(tmp_path / "long.csv", HEADER, LONG),
                                write_csv(tmp_path / "events.csv", EVENT_HEADER, EVENTS),
                                write_csv(tmp_path / "turns.csv", TURN_HEADER, TURNS)])
    assert report.files[str(tmp_path / "long.csv")] == "match_seats"
    assert report.counts == {"matches": 3, "match_seats": 10, "card_events": 2, "turn_snapshots": 2}
    assert report.new_players == 6
    matches = {r[0]: r[1:] for r in con.execute(
        "SELECT match_id, seats, player_a, player_b, deck_a, deck_b, first, winner, end_reason, turns, source, "
        "mode, played_at::VARCHAR FROM matches").fetchall()}
    assert matches == {
        "c1": (3, "Ada", "Vex", None, None, "b", "c", "score", 40, "import", "pvp", "2026-02-01 10:00:00"),
        "c2": (5, "Ada", "Vex", None, None, "a", "draw", "turn-cap", 90, "import", "bot", "2026-02-02 00:00:00"),
        "f1": (2, "Ada", "Eve", "fw/iron-tide", "fw/grave-tide", "b", "b", "capital", 14, "import", "pvp",
               "2026-02-03 08:00:00"),
    }
    assert con.execute("SELECT seat, player, deck, place, score FROM match_seats WHERE match_id = 'c2' "
                       "ORDER BY seat").fetchall() == [
        (1, "Ada", None, 1, None), (2, "Vex", None, 3, None), (3, "Bo", None, 3, None), (4, "Cy", None, 1, None),
        (5, "Di", None, 5, None)]
    assert con.execute("SELECT seat, place, score FROM match_seats WHERE match_id = 'c1' ORDER BY seat").fetchall() \
        == [(1, 2, 31), (2, 3, 12), (3, 1, 44)]
    assert con.execute("SELECT capital_c, capital_d FROM turn_snapshots WHERE match_id = 'c1' ORDER BY turn"
                       ).fetchall() == [(40, None), (44, None)]
    # any seat of a match finds it by player, seat 3 included
    assert list(recent_matches(con, player="Bo")["match_id"]) == ["c2", "c1"]
    assert list(recent_matches(con, player="Di")["match_id"]) == ["c2"]


def test_a_ruleset_registered_at_run_time_is_accepted_with_its_seat_range(store: Path, tmp_path: Path) -> None:
    import dice_race  # noqa: F401 - registers 'race' (3 to 4 seats, no decks) after the store was imported

    rows = [["r1", "2026-03-01", "race", "bot", str(s), f"P{s}", "", str(s == 1).lower(), str(p), "", "finish", "9"]
            for s, p in ((1, 1), (2, 1), (3, 3))]
    con = connect(store)
    assert import_files(con, [write_csv(tmp_path / "race.csv", HEADER, rows)]).counts["match_seats"] == 3
    assert con.execute("SELECT seats, first, winner FROM matches").fetchall() == [(3, "a", "draw")]
    five = [[*r[:4], str(s), f"Q{s}", "", str(s == 1).lower(), str(s), *r[9:]]
            for s, r in enumerate([rows[0]] * 5, start=1)]
    five = [["r2", *r[1:]] for r in five]
    with pytest.raises(ImportProblem, match="a race match has 3 to 4 seats; match r2 has 5"):
        import_files(con, [write_csv(tmp_path / "race5.csv", HEADER, five)])


# (case, rows, expected row, column, words in the message)
BAD = [
    ("missing seat", [r for r in LONG if not (r[0] == "c2" and r[4] == "3")], 4, "seat",
     "seats must be numbered 1 to 5 with none missing (match c2 has seats 1, 2, 4, 5)"),
    ("duplicated seat", edit(LONG, 3, "seat", "2"), 3, "seat", "duplicate: (match_id, seat) also at"),
    ("two first seats", edit(LONG, 3, "first", "true"), 3, "first", "seat 2 of match c1 (row 2) played first already"),
    ("no first seat", edit(LONG, 2, "first", "false"), 1, "first", "no seat of match c1 played first"),
    ("places that do not fit", edit(LONG, 3, "place", "2"), 1, "place",
     "does not fit the places of match c1 (2, 3, 2): tied seats share the better place"),
    ("1, 1, 2 after a shared first place", edit(edit(edit(LONG, 1, "place", "1"), 3, "place", "1"), 2, "place", "2"),
     2, "place", "(1, 2, 1): tied seats share the better place and the next seat is 1 + the seats ahead of it, "
     "so this one is 3"),
    ("too few seats for conquest", [r for r in LONG if not (r[0] == "c1" and r[4] == "3")], 1, "seat",
     "a conquest match has 3 to 5 seats; match c1 has 2"),
    ("too many seats for fw", [*LONG, ["f1", "2026-02-03T08:00:00Z", "fw", "pvp", "3", "Zed", "", "false", "3", "",
                                       "capital", "14"]], 9, "seat", "a fw match has 2 seats; match f1 has 3"),
    ("played_at differs", edit(LONG, 2, "played_at", "2026-02-01T11:00:00"), 2, "played_at",
     "differs from row 1 of the same match"),
    ("ruleset differs", edit(LONG, 10, "ruleset", "bg"), 10, "ruleset", "every row of a match has the same ruleset"),
    ("mode differs", edit(LONG, 5, "mode", "pvp"), 5, "mode", "differs from row 4"),
    ("end reason differs", edit(LONG, 3, "end_reason", ""), 3, "end_reason", "differs from row 1"),
    ("turns differ", edit(LONG, 8, "turns", "91"), 8, "turns", "same turns"),
    ("unknown deck", edit(LONG, 9, "deck", "fw/nope"), 9, "deck", "unknown deck id"),
    ("deck of another game", edit(LONG, 10, "deck", "eredan/ember_court"), 10, "deck",
     "is a eredan deck; a fw match needs a daemornia deck"),
    ("a deck in a game without decks", edit(LONG, 1, "deck", "fw/iron-tide"), 1, "deck",
     "a conquest match is played without decks"),
    ("a player in two seats", edit(LONG, 7, "player", "Vex"), 7, "player", "is also in seat 2 of match c2 (row 5)"),
    ("seat out of range", edit(LONG, 8, "seat", "6"), 8, "seat", "must be a seat number from 1 to 5"),
    ("place zero", edit(LONG, 1, "place", "0"), 1, "place", "must be at least 1"),
    ("bad boolean", edit(LONG, 1, "first", "maybe"), 1, "first", "is not true or false"),
    ("unknown ruleset", edit(edit(edit(LONG, 1, "ruleset", "chess"), 2, "ruleset", "chess"), 3, "ruleset", "chess"),
     1, "ruleset", "must be one of fw, fw-epic, bg, fr, eredan, conquest"),
]


@pytest.mark.parametrize("case, rows, row, column, words", BAD, ids=[b[0] for b in BAD])
def test_a_bad_long_file_is_refused_with_file_row_and_column_and_the_store_is_unchanged(
        case: str, rows: list[list[str]], row: int, column: str, words: str, store: Path, tmp_path: Path,
        fingerprint) -> None:
    bad = write_csv(tmp_path / "long.csv", HEADER, rows)
    before = fingerprint(store)
    con = connect(store)
    with pytest.raises(ImportProblem) as exc:
        import_files(con, [bad])
    con.close()
    text = str(exc.value)
    assert f"{bad}, row {row}, column {column}: " in text, text
    assert words in text, text
    assert fingerprint(store) == before


def test_seats_and_capital_of_seats_a_match_does_not_have_are_refused(store: Path, tmp_path: Path,
                                                                       fingerprint) -> None:
    long = write_csv(tmp_path / "long.csv", HEADER, LONG)
    events = write_csv(tmp_path / "e.csv", EVENT_HEADER, [["c1", "d", "Palisade", "", "", "", "", ""],
                                                          ["f1", "c", "Nominod", "", "", "", "", ""],
                                                          ["c1", "b", "Nominod", "", "", "", "", ""]])
    turns = write_csv(tmp_path / "t.csv", TURN_HEADER, [["c1", "1", "1", "2", "3", "4"], ["f1", "1", "1", "2", "3", ""]])
    before = fingerprint(store)
    con = connect(store)
    with pytest.raises(ImportProblem) as exc:
        import_files(con, [long, events, turns])
    con.close()
    text = str(exc.value)
    assert f"{events}, row 1, column seat: is not a seat of match c1, which has seats a, b, c (value 'd')" in text
    assert f"{events}, row 2, column seat: is not a seat of match f1, which has seats a, b (value 'c')" in text
    assert f"{events}, row 3, column card: unknown card: not in the conquest catalog (value 'Nominod')" in text
    assert f"{turns}, row 1, column capital_d: match c1 has 3 seats (a, b, c): leave capital_d empty" in text
    assert f"{turns}, row 2, column capital_c: match f1 has 2 seats (a, b): leave capital_c empty" in text
    assert fingerprint(store) == before


def test_a_match_in_both_formats_or_already_stored_and_a_wide_row_of_a_multi_seat_game_are_refused(
        store: Path, tmp_path: Path, fingerprint) -> None:
    long = write_csv(tmp_path / "long.csv", HEADER, LONG)
    wide_header = [c for c in LOG_TABLES["matches"] if c not in ("seats", "rules")]
    wide = write_csv(tmp_path / "wide.csv", wide_header, [
        ["f1", "2026-01-01", "fw", "pvp", "A", "B", "", "", "a", "a", "capital", "3", ""],
        ["w2", "2026-01-01", "conquest", "pvp", "A", "B", "", "", "a", "a", "score", "3", ""]])
    before = fingerprint(store)
    con = connect(store)
    with pytest.raises(ImportProblem) as exc:
        import_files(con, [long, wide])
    con.close()
    text = str(exc.value)
    assert f"{long}, row 9, column match_id: duplicate: the match is also at {wide} row 1 (value 'f1')" in text
    assert (f"{wide}, row 2, column ruleset: a conquest match has 3 to 5 seats: a two-player (wide) row cannot "
            "hold it") in text
    assert fingerprint(store) == before
    con = connect(store)
    import_files(con, [long])
    with pytest.raises(ImportProblem, match=r"long.csv, row 1, column match_id: already in the store \(value 'c1'\)"):
        import_files(con, [long])
    con.close()


def _mixed_store(store: Path, tmp_path: Path, fake_play_match) -> None:  # type: ignore[no-untyped-def]
    """A store with a 2-seat fw league (fake games), a 3-4 seat race league and the long-format log."""
    import dice_race  # noqa: F401

    from fwlab.sim import play_match

    con = connect(store)
    run_league(con, ruleset="fw", players=4, matches=12, seed=2, play=fake_play_match, progress=False)
    run_league(con, ruleset="race", players=6, matches=30, seed=3, play=play_match, progress=False)
    import_files(con, [write_csv(tmp_path / "long.csv", HEADER, LONG),
                       write_csv(tmp_path / "events.csv", EVENT_HEADER, EVENTS),
                       write_csv(tmp_path / "turns.csv", TURN_HEADER, TURNS)])
    con.close()


@pytest.mark.parametrize("fmt", ["parquet", "csv"])
def test_an_export_of_any_seat_count_imports_into_a_fresh_store_as_the_same_matches_and_seats(
        fmt: str, store: Path, built_template: Path, tmp_path: Path, fake_sim) -> None:
    _mixed_store(store, tmp_path, fake_sim)
    con = connect(store, read_only=True)
    stored = {t: table(con, t) for t in LOG_TABLES}
    seats_at = list(LOG_TABLES["matches"]).index("seats")
    assert {r[seats_at] for r in stored["matches"]} == {2, 3, 4, 5}
    flat, parts = tmp_path / f"flat-{fmt}", tmp_path / f"parts-{fmt}"
    counts = export_logs(con, flat, fmt, [])
    assert counts["match_seats"] == len(stored["match_seats"])
    export_logs(con, parts, fmt, ["ruleset", "month"])
    con.close()
    with (flat / "match_seats" / f"match_seats.{fmt}").open("rb") as fh:
        head = fh.read(200)
    if fmt == "csv":  # exactly the import columns (and the optional source)
        assert head.decode().splitlines()[0].split(",") == list(LONG_COLUMNS)
    assert (parts / "match_seats" / "ruleset=race").is_dir()
    # the export folders read as the store does
    for folder in (flat, parts):
        src = open_source(parquet=folder)
        for t in LOG_TABLES:
            assert table(src, t) == stored[t], (folder, t)
    fresh = tmp_path / "fresh.duckdb"
    shutil.copy(built_template, fresh)
    con = connect(fresh)
    import_files(con, [flat / "match_seats" / f"match_seats.{fmt}"],
                 card_files=[flat / "card_events" / f"card_events.{fmt}"],
                 turn_files=[flat / "turn_snapshots" / f"turn_snapshots.{fmt}"])
    assert {t: table(con, t) for t in LOG_TABLES} == stored
    con.close()


def test_an_older_source_without_seat_rows_reads_them_from_the_two_seat_columns(store: Path, tmp_path: Path,
                                                                               fake_sim) -> None:
    con = connect(store)
    run_league(con, ruleset="fw", players=4, matches=10, seed=8, progress=False)
    stored = table(con, "match_seats")
    assert sorted(con.execute(wide_seats_sql()).fetchall(), key=repr) == stored
    export_logs(con, tmp_path / "x", "parquet", [])
    con.close()
    shutil.rmtree(tmp_path / "x" / "match_seats")  # as an export made before match_seats existed
    assert table(open_source(parquet=tmp_path / "x"), "match_seats") == stored


def test_the_card_summary_codes_a_shared_first_place_by_its_size(store: Path, tmp_path: Path) -> None:
    con = connect(store)
    rows = [["t1", "2026-02-01", "conquest", "pvp", str(s), f"P{s}", "", str(s == 1).lower(), str(p), "", "score",
             "9"] for s, p in ((1, 1), (2, 1), (3, 1), (4, 4))]
    events = [["t1", seat, "Palisade", "", "", "", "", ""] for seat in "abcd"]
    import_files(con, [write_csv(tmp_path / "t.csv", HEADER, rows), write_csv(tmp_path / "e.csv", EVENT_HEADER, events)])
    assert summary_is_current(con)
    # three seats share first place: result 3 (a third of a win each), the fourth seat 0; never drawn
    assert sorted(con.execute("SELECT code, n FROM card_summary WHERE ruleset = 'conquest'").fetchall()) == [
        (0, 1), (3 * 6, 3)]
    assert sorted(con.execute("SELECT ruleset, card, code, n FROM card_summary").fetchall()) == sorted(
        con.execute(coded_sql()).fetchall())
    report = balance_report(con, ruleset="conquest", min_games=1)
    palisade = report.cards.set_index("card").loc["Palisade"]
    assert palisade["games"] == 4 and palisade["wins"] == pytest.approx(1.0)  # 3 x 1/3
    assert report.draws == 1 and report.seat_mean == pytest.approx(0.25)
    con.close()


def test_the_balance_report_of_a_three_to_four_seat_game(store: Path, tmp_path: Path, fake_sim) -> None:
    _mixed_store(store, tmp_path, fake_sim)
    src = open_source(db=store)
    race = balance_report(src, ruleset="race", min_games=5)
    seats = src.execute("""SELECT m.seats, s.seat, s.place, m.first,
            count(*) FILTER (WHERE s.place = 1) OVER (PARTITION BY s.match_id) AS firsts
        FROM match_seats s JOIN matches m USING (match_id) WHERE m.ruleset = 'race'""").fetchall()
    assert race.matches == 30
    assert race.draws == src.execute("SELECT count(*) FROM matches WHERE ruleset = 'race' AND winner = 'draw'"
                                     ).fetchone()[0]
    assert race.seat_means == {"race": pytest.approx(30 / len(seats))}
    # per turn-order position: every seat of every match once; the win shares add up to one per match
    order = race.turn_order
    assert set(order["seats"]) == {3, 4}
    assert list(order.groupby("seats")["position"].apply(list)) == [[1, 2, 3], [1, 2, 3, 4]]
    assert order["games"].sum() == len(seats) and order["wins"].sum() == pytest.approx(30)
    expected_first = sum(1 / n for n, seat, _, first, _ in seats if "abcde"[seat - 1] == first)
    first_wins = sum(1 / k for n, seat, place, first, k in seats if "abcde"[seat - 1] == first and place == 1)
    assert race.first_player["games"] == 30 and race.first_player["wins"] == pytest.approx(first_wins)
    assert race.first_player["expected"] == pytest.approx(expected_first / 30)
    assert race.decks.empty and race.matchups.empty and race.cards.empty
    assert set(race.end_reasons["end_reason"]) <= {"finish", "turn-cap"}
    assert "1/n" in race.notes[0]
    page = race.to_html(tmp_path / "race.html").read_text(encoding="utf-8")
    assert "turn-order position" in page and "fair share" in page
    # the two-seat rulesets beside it keep their two-seat report
    everything = balance_report(src, min_games=5)
    assert everything.seat_means["fw"] == 0.5 and everything.seat_mean is None
    assert balance_report(src, ruleset="fw").seat_mean == 0.5
    fw = everything.turn_order[everything.turn_order["seats"] == 2]
    assert fw["games"].sum() == 2 * (12 + 1)


def test_a_store_older_than_seat_rows_reads_and_exports(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from fwlab.cli import main
    from fwlab.store import migrations as mig

    path = tmp_path / "v2.duckdb"
    with monkeypatch.context() as m:
        m.setattr(mig, "MIGRATIONS", mig.MIGRATIONS[:2])
        con = connect(path)
        con.execute("""INSERT INTO matches (match_id, played_at, ruleset, mode, player_a, player_b, first, winner, turns)
            VALUES ('o1', '2026-01-01', 'fw', 'pvp', 'Ada', 'Vex', 'a', 'b', 5),
                   ('o2', '2026-01-02', 'fw', 'pvp', 'Vex', 'Bo', 'b', 'draw', 9)""")
        con.close()
    src = open_source(db=path)  # read-only: the store stays at version 2, its seats are derived
    assert table(src, "match_seats") == [("o1", 1, "Ada", None, 2, None), ("o1", 2, "Vex", None, 1, None),
                                         ("o2", 1, "Vex", None, 1, None), ("o2", 2, "Bo", None, 1, None)]
    assert [r[list(LOG_TABLES["matches"]).index("seats")] for r in table(src, "matches")] == [2, 2]
    report = balance_report(src, min_games=1)
    assert (report.matches, report.draws, report.first_player["wins"]) == (2, 1, 0.5)
    src.close()
    assert list(recent_matches(duckdb.connect(str(path), read_only=True), player="Bo")["match_id"]) == ["o2"]
    assert main(["export", "--out", str(tmp_path / "x"), "--partition-by", "none", "--db", str(path)]) == 0
    con = duckdb.connect(str(path), read_only=True)
    assert mig.current_version(con) == mig.LATEST  # upgraded first, then exported
    con.close()
    assert table(open_source(parquet=tmp_path / "x"), "match_seats")[0] == ("o1", 1, "Ada", None, 2, None)
