"""The store's columns for Eredan (migration 5): a second per-turn figure (``score_a``..``score_e``)
and how many times a character was ``picked`` to fight, through migration, import, export, leagues
and the simulator."""

from __future__ import annotations

import csv
import shutil
from pathlib import Path
from typing import Any

import duckdb
import pytest

from fwlab.store import ImportProblem, connect, export_logs, import_files, open_source
from fwlab.store import migrations as mig
from fwlab.store.league import run_league
from fwlab.store.schema import LOG_TABLES

MATCH_HEADER = ["match_id", "played_at", "ruleset", "mode", "player_a", "player_b", "deck_a", "deck_b", "first",
                "winner", "end_reason", "turns"]
MATCHES = [
    ["e-001", "2026-03-01T10:00:00", "eredan", "pvp", "Ada", "Vex", "", "", "a", "a", "dead", "6"],
    ["e-002", "2026-03-02T10:00:00", "eredan", "pvp", "Vex", "Ada", "", "", "b", "b", "deck-out", "4"],
]
EVENT_HEADER = ["match_id", "seat", "card", "in_opening_hand", "drawn_turn", "deployed_turn", "killed_turn",
                "damage_dealt", "scored", "picked"]
EVENTS = [  # three characters a side (picked set) and a deck card (picked empty)
    ["e-001", "a", "Grask Bonecrusher", "", "", "1", "", "7", "7", "3"],
    ["e-001", "a", "Vekra Nightclaw", "", "", "2", "5", "2", "3", "1"],
    ["e-001", "a", "Pip Quickfingers", "", "", "", "", "0", "0", "0"],
    ["e-001", "a", "Cleave", "true", "0", "1", "", "3", "3", ""],
    ["e-001", "b", "Grask Bonecrusher", "", "", "1", "4", "4", "4", "2"],
    ["e-001", "b", "Solenne Flamecrown", "", "", "2", "", "1", "5", "2"],
    ["e-002", "a", "Grask Bonecrusher", "", "", "1", "3", "2", "2", "2"],
    ["e-002", "b", "Pip Quickfingers", "", "", "1", "", "6", "6", "4"],
]
TURN_HEADER = ["match_id", "turn", "capital_a", "capital_b", "score_a", "score_b"]
TURNS = [  # capital_* is the characters' total Life, score_* the score
    ["e-001", "1", "24", "25", "0", "0"], ["e-001", "2", "22", "19", "6", "2"], ["e-001", "6", "18", "0", "14", "5"],
    ["e-002", "1", "25", "25", "0", "0"], ["e-002", "4", "20", "21", "3", "9"],
]


def write_csv(path: Path, header: list[str], rows: list[list[str]]) -> Path:
    with path.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(header)
        w.writerows(rows)
    return path


def logs(folder: Path, events: list[list[str]] = EVENTS, turns: list[list[str]] = TURNS,
         turn_header: list[str] = TURN_HEADER) -> list[Path]:
    return [write_csv(folder / "matches.csv", MATCH_HEADER, MATCHES),
            write_csv(folder / "events.csv", EVENT_HEADER, events),
            write_csv(folder / "turns.csv", turn_header, turns)]


def rows(con: duckdb.DuckDBPyConnection, table: str) -> list[tuple]:
    return sorted(con.execute(f"SELECT {', '.join(LOG_TABLES[table])} FROM {table}").fetchall(), key=repr)


def test_migration_5_keeps_an_older_stores_logs_and_adds_the_empty_columns(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "v4.duckdb"
    with monkeypatch.context() as m:
        m.setattr(mig, "MIGRATIONS", mig.MIGRATIONS[:4])
        con = connect(path)
        assert mig.current_version(con) == 4
        con.execute("INSERT INTO matches (match_id, ruleset, player_a, player_b, first, winner, turns, seats) "
                    "VALUES ('m', 'fr', 'Ada', 'Vex', 'a', 'a', 2, 2)")
        con.execute("INSERT INTO match_seats VALUES ('m', 1, 'Ada', NULL, 1, 12), ('m', 2, 'Vex', NULL, 2, 7)")
        con.execute("INSERT INTO card_events (match_id, seat, card, drawn_turn, damage_dealt, scored, flipped) "
                    "VALUES ('m', 'a', 'X', 0, 2, 5, 1)")
        con.execute("INSERT INTO turn_snapshots (match_id, turn, capital_a, capital_b, capital_c) "
                    "VALUES ('m', 1, 3, 1, NULL), ('m', 2, 12, 7, NULL)")
        con.close()
    con = connect(path)
    assert mig.current_version(con) == mig.LATEST >= 5
    assert con.execute("SELECT card, drawn_turn, damage_dealt, scored, flipped, powerup_fired, picked "
                       "FROM card_events").fetchall() == [("X", 0, 2, 5, 1, None, None)]
    assert con.execute("SELECT turn, capital_a, capital_b, score_a, score_b, score_c, score_d, score_e "
                       "FROM turn_snapshots ORDER BY turn").fetchall() == [
        (1, 3, 1, None, None, None, None, None), (2, 12, 7, None, None, None, None, None)]
    assert con.execute("SELECT match_id, winner FROM matches").fetchall() == [("m", "a")]
    assert con.execute("SELECT seat, score FROM match_seats ORDER BY seat").fetchall() == [(1, 12), (2, 7)]
    # the columns are in the documented order, so exports and imports line up
    for table in ("card_events", "turn_snapshots"):
        assert [r[0] for r in con.execute(f"DESCRIBE {table}").fetchall()] == list(LOG_TABLES[table])


@pytest.mark.parametrize("out_fmt", ["parquet", "csv"])
def test_score_and_picked_columns_round_trip_through_export_and_import(out_fmt: str, store: Path, tmp_path: Path,
                                                                       built_template: Path) -> None:
    con = connect(store)
    report = import_files(con, logs(tmp_path))
    assert report.counts["card_events"] == 8 and report.counts["turn_snapshots"] == 5
    assert not report.ignored_columns  # score_* and picked are columns of the tables, not ignored
    assert con.execute("SELECT card, picked, scored, killed_turn FROM card_events WHERE match_id = 'e-001' "
                       "AND seat = 'a' ORDER BY card").fetchall() == [
        ("Cleave", None, 3, None), ("Grask Bonecrusher", 3, 7, None), ("Pip Quickfingers", 0, 0, None),
        ("Vekra Nightclaw", 1, 3, 5)]
    assert con.execute("SELECT turn, capital_a, capital_b, score_a, score_b, score_c FROM turn_snapshots "
                       "WHERE match_id = 'e-001' ORDER BY turn").fetchall() == [
        (1, 24, 25, 0, 0, None), (2, 22, 19, 6, 2, None), (6, 18, 0, 14, 5, None)]
    # a wide match's seat score is its last score_* when the match logs one (not the Life in capital_*)
    assert con.execute("SELECT match_id, seat, place, score FROM match_seats ORDER BY ALL").fetchall() == [
        ("e-001", 1, 1, 14), ("e-001", 2, 2, 5), ("e-002", 1, 2, 3), ("e-002", 2, 1, 9)]
    stored = {t: rows(con, t) for t in LOG_TABLES}

    partitioned = tmp_path / "partitioned"
    export_logs(con, partitioned, out_fmt, ["ruleset", "month"])
    exported = open_source(parquet=partitioned)
    for t in LOG_TABLES:
        assert rows(exported, t) == stored[t], t

    flat = tmp_path / "flat"
    export_logs(con, flat, out_fmt, [])
    con.close()
    fresh = tmp_path / "fresh.duckdb"
    shutil.copy(built_template, fresh)
    con2 = connect(fresh)
    import_files(con2, [flat / "match_seats" / f"match_seats.{out_fmt}"],
                 card_files=[flat / "card_events" / f"card_events.{out_fmt}"],
                 turn_files=[flat / "turn_snapshots" / f"turn_snapshots.{out_fmt}"])
    assert {t: rows(con2, t) for t in LOG_TABLES} == stored


def test_a_log_without_the_new_columns_still_imports_with_them_empty(store: Path, tmp_path: Path) -> None:
    events = [r[:8] for r in EVENTS]  # no scored, no picked
    (tmp_path / "old").mkdir()
    files = logs(tmp_path / "old", turns=[r[:4] for r in TURNS], turn_header=TURN_HEADER[:4])
    write_csv(files[1], EVENT_HEADER[:8], events)
    con = connect(store)
    report = import_files(con, files)
    assert report.counts["card_events"] == 8 and report.counts["turn_snapshots"] == 5
    assert con.execute("SELECT count(*), count(picked), count(scored) FROM card_events").fetchone() == (8, 0, 0)
    assert con.execute("SELECT count(*), count(score_a), count(score_b) FROM turn_snapshots").fetchone() == (5, 0, 0)
    # without a second figure the seat score is the last capital_*, as before
    assert con.execute("SELECT score FROM match_seats WHERE match_id = 'e-001' ORDER BY seat").fetchall() == [
        (18,), (0,)]


@pytest.mark.parametrize("case, header, table, column, words", [
    ("negative picks", EVENT_HEADER, [r if i != 1 else [*r[:9], "-1"] for i, r in enumerate(EVENTS)],
     "picked", "negative"),
    ("picks not a number", EVENT_HEADER, [r if i != 1 else [*r[:9], "often"] for i, r in enumerate(EVENTS)],
     "picked", "whole number"),
    ("a score for a seat the match lacks", [*TURN_HEADER, "score_c"], [[*r, "1" if i == 2 else ""]
                                                                       for i, r in enumerate(TURNS)],
     "score_c", "leave score_c empty"),
])
def test_bad_picks_and_scores_are_refused_naming_row_and_column(case: str, header: list[str],
                                                                table: list[list[str]], column: str, words: str,
                                                                store: Path, tmp_path: Path) -> None:
    files = logs(tmp_path)
    target = files[1] if column == "picked" else files[2]
    write_csv(target, header, table)
    con = connect(store)
    before = con.execute("SELECT count(*) FROM matches").fetchone()
    with pytest.raises(ImportProblem) as exc:
        import_files(con, files)
    p = exc.value.problems[0]
    assert (p.file, p.row, p.column) == (str(target), 2 if column == "picked" else 3, column), case
    assert words in p.message, case
    assert con.execute("SELECT count(*) FROM matches").fetchone() == before


def _play_with_second_figure(ruleset: str, setups: list[Any], bots: Any = None, seed: int = 0, first: int = 0,
                             log_cards: bool = True, **_: Any) -> Any:
    """A made-up two-seat game with a Life track, a score track on the same turns and a picked character."""
    from fwlab.sim.play import GameResult

    events = [{"seat": "a", "card": "Nominod", "in_opening_hand": False, "drawn_turn": None, "deployed_turn": 1,
               "killed_turn": None, "damage_dealt": 3, "scored": 4, "picked": 2},
              {"seat": "b", "card": "Nominod", "in_opening_hand": False, "drawn_turn": 1, "deployed_turn": 2,
               "killed_turn": 3, "damage_dealt": 1, "scored": 1, "picked": None}]
    return GameResult((1, 2), "dead", 3, first, events, [(1, 20, 20), (2, 18, 15), (3, 17, 0)], None, (9, 2),
                      [(1, 0, 0), (2, 2, 5), (3, 9, 2)])


def test_a_league_writes_the_second_figure_and_the_picks(store: Path) -> None:
    con = connect(store)
    run_league(con, ruleset="fw", players=2, matches=2, seed=5, play=_play_with_second_figure, progress=False)
    assert con.execute("SELECT turn, capital_a, capital_b, score_a, score_b, capital_c, score_c FROM turn_snapshots "
                       "WHERE match_id = 'L-fw-s5-000001' ORDER BY turn").fetchall() == [
        (1, 20, 20, 0, 0, None, None), (2, 18, 15, 2, 5, None, None), (3, 17, 0, 9, 2, None, None)]
    assert con.execute("SELECT seat, picked, scored FROM card_events WHERE match_id = 'L-fw-s5-000001' "
                       "ORDER BY seat").fetchall() == [("a", 2, 4), ("b", None, 1)]
    assert con.execute("SELECT seat, score FROM match_seats WHERE match_id = 'L-fw-s5-000001' "
                       "ORDER BY seat").fetchall() == [(1, 9), (2, 2)]


def test_the_simulator_carries_the_engines_second_figure(monkeypatch: pytest.MonkeyPatch) -> None:
    from dataclasses import replace

    from fwlab.rules.engines import GameSummary, engine_for
    from fwlab.sim import play as play_mod

    real = engine_for("fw")
    assert real.track2 is None  # an engine without a second figure is untouched
    summary = GameSummary([], [(1, 20, 20)], (20, 20), [(1, 4, 1)])
    fake = replace(real, summary=lambda g: summary, track2="score")
    monkeypatch.setattr(play_mod, "engine_for", lambda ruleset: fake)
    from fwlab.decks.starters import starter_decks

    a, b = starter_decks("fw")[:2]
    r = play_mod.play_match("fw", [a, b], ["random", "random"], seed=1)
    assert r.capital == [(1, 20, 20)] and r.track2 == [(1, 4, 1)]
    assert play_mod.play_match("fw", [a, b], ["random", "random"], seed=1, log_cards=False).track2 == []
