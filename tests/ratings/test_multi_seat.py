"""Ratings for any number of seats: the long (one row per seat) log format, OpenSkill from places,
the two-seat systems refusing (or, on a store, leaving out) games of more seats, and the store's
``match_seats`` table."""

from __future__ import annotations

import doctest
import json
from pathlib import Path

import duckdb
import numpy as np
import pandas as pd
import pytest
from openskill.models import PlackettLuce

import fwlab.ratings.games
from fwlab.cli import main
from fwlab.ratings import rate, read_matches, write_history
from fwlab.store import connect

T0 = pd.Timestamp("2026-02-01 18:00")

# (match_id, minutes after T0, turns, [(seat, player, place), ...]); rows are written out of order
CONQUEST = [
    ("c01", 0, 12, [(1, "ann", 1), (2, "bob", 2), (3, "cid", 3)]),
    ("c02", 10, 15, [(1, "cid", 1), (2, "ann", 1), (3, "bob", 3)]),  # ann and cid share first place
    ("c03", 20, 3, [(1, "bob", 1), (2, "cid", 2), (3, "ann", 3)]),  # 3 turns: not rated
    ("c04", 30, 9, [(1, "dan", 2), (2, "bob", 1), (3, "ann", 4), (4, "cid", 2)]),  # four seats, tied second
    ("c05", 30, 8, [(1, "bob", 3), (2, "ann", 1), (3, "cid", 2)]),  # same time as c04: c04 first by id
    ("c06", 40, 6, [(1, "ann", 1), (2, "dan", 2)]),  # two seats in the same log
]


def ruleset_of(seats: list[tuple[int, str, int]]) -> str:
    """Conquest is a game of 3 to 5 seats; a two-seat match of these logs is a Fallen Worlds one."""
    return "fw" if len(seats) == 2 else "conquest"


def long_log(games: list[tuple[str, int, int, list[tuple[int, str, int]]]] = CONQUEST) -> pd.DataFrame:
    """One row per seat with the columns of the long interchange format, rows in reverse order."""
    rows = [
        {
            "match_id": m, "played_at": T0 + pd.Timedelta(minutes=minutes), "ruleset": ruleset_of(seats),
            "mode": "pvp",
            "seat": seat, "player": player, "deck": None, "first": seat == 1, "place": place, "score": 10 - place,
            "end_reason": "score", "turns": turns,
        }
        for m, minutes, turns, seats in games
        for seat, player, place in seats
    ]  # fmt: skip
    return pd.DataFrame(rows[::-1])


def openskill_directly(games: list[tuple[str, int, int, list[tuple[int, str, int]]]]) -> tuple[list, dict]:
    """History rows (match_id, player, before, after) and final ordinals, calling the library by hand."""
    model = PlackettLuce()
    rating: dict[str, object] = {}
    rows = []
    for m, _, turns, seats in sorted(games, key=lambda g: (g[1], g[0])):
        for _, player, _ in seats:
            rating.setdefault(player, model.rating())
        if turns < 4:
            continue
        seats = sorted(seats)
        before = [rating[p] for _, p, _ in seats]
        after = model.rate([[r] for r in before], ranks=[place for _, _, place in seats])
        for (_, player, _), old, [new] in zip(seats, before, after):
            rows.append((m, player, old.ordinal(), new.ordinal()))
            rating[player] = new
    return rows, {p: r.ordinal() for p, r in rating.items()}


def test_doctests_of_the_log_formats_pass() -> None:
    result = doctest.testmod(fwlab.ratings.games, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0 and result.attempted > 0


def test_openskill_rates_a_three_seat_long_log_like_the_library_called_directly() -> None:
    run = rate(long_log(), "openskill")
    expected_rows, expected_final = openskill_directly(CONQUEST)
    h = run.history
    got = list(zip(h["match_id"], h["player"], h["rating_before"], h["rating_after"]))
    assert [(m, p) for m, p, _, _ in got] == [(m, p) for m, p, _, _ in expected_rows]
    for (_, _, b, a), (_, _, eb, ea) in zip(got, expected_rows):
        assert b == pytest.approx(eb, abs=1e-9) and a == pytest.approx(ea, abs=1e-9)
    assert run.ratings() == {p: pytest.approx(v, abs=1e-9) for p, v in expected_final.items()}
    assert run.rated == 5 and len(h) == 3 + 3 + 4 + 3 + 2  # one row per seat of each rated game
    assert h[h["player"] == "ann"]["game_no"].tolist() == [1, 2, 3, 4, 5]


def test_openskill_uses_the_places_not_the_seat_order() -> None:
    # the same three players finishing in reverse: the last seat must come out on top
    games = [("c01", 0, 9, [(1, "ann", 3), (2, "bob", 2), (3, "cid", 1)])]
    r = rate(long_log(games), "openskill").ratings()
    assert r["cid"] > r["bob"] > r["ann"]
    tied = rate(long_log([("c01", 0, 9, [(1, "ann", 1), (2, "bob", 1), (3, "cid", 3)])]), "openskill").ratings()
    assert tied["ann"] == pytest.approx(tied["bob"], abs=1e-12) and tied["ann"] > tied["cid"]


def test_seat_labels_a_to_e_read_like_seat_numbers() -> None:
    numbers = long_log()
    labels = numbers.assign(seat=numbers["seat"].map(dict(zip(range(1, 6), "abcde"))))
    pd.testing.assert_frame_equal(rate(labels, "openskill").history, rate(numbers, "openskill").history)


def test_leaderboard_counts_first_place_alone_as_win_shared_first_as_draw_other_places_as_loss() -> None:
    board = rate(long_log(), "openskill").leaderboard.set_index("player")
    got = board.loc[["ann", "bob", "cid", "dan"], ["games", "wins", "losses", "draws"]].to_numpy().tolist()
    # rated: c01 ann first; c02 cid and ann share first; c04 bob first; c05 ann first; c06 ann first
    assert got == [[5, 3, 1, 1], [4, 1, 3, 0], [4, 0, 3, 1], [2, 0, 2, 0]]


def wide_two_seat_log(seed: int = 11, n: int = 300) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    players = [f"p{i}" for i in range(8)]
    rows = []
    for i in range(n):
        a, b = rng.choice(players, 2, replace=False)
        rows.append(
            {
                "match_id": f"g{i:03d}",
                "played_at": pd.Timestamp("2025-03-01") + pd.Timedelta(minutes=int(rng.integers(0, 200))),
                "player_a": str(a), "player_b": str(b),
                "winner": str(rng.choice(["a", "b", "draw"], p=[0.5, 0.4, 0.1])),
                "turns": int(rng.integers(2, 15)),
            }
        )  # fmt: skip
    return pd.DataFrame(rows)


def as_long(wide: pd.DataFrame) -> pd.DataFrame:
    """The same games one row per seat (written here, not with fwlab's converter), shuffled."""
    seats = []
    for seat, col, loses_to in ((1, "player_a", "b"), (2, "player_b", "a")):
        seats.append(
            wide.assign(seat=seat, player=wide[col], place=np.where(wide["winner"] == loses_to, 2, 1))[
                ["match_id", "played_at", "seat", "player", "place", "turns"]
            ]
        )
    return pd.concat(seats).sample(frac=1.0, random_state=5)


# Final ratings of wide_two_seat_log() before ratings knew about seats (fwlab at 900398c); the
# two-seat numbers must not move.
PINNED = {
    "fw": {"p0": 1070, "p2": 1048, "p3": 1048, "p5": 1002, "p4": 989, "p7": 987, "p6": 963, "p1": 893},
    "elo": {"p0": 1070.381321, "p3": 1068.452609, "p7": 1040.005497, "p2": 1009.117499, "p5": 1006.694773,
            "p4": 952.65481, "p6": 939.646856, "p1": 913.046635},
    "openskill": {"p3": 19.190206, "p0": 18.956472, "p7": 17.37466, "p2": 17.357708, "p5": 15.974659,
                  "p4": 14.584555, "p6": 12.160359, "p1": 11.874918},
}  # fmt: skip


@pytest.mark.parametrize("system", ["fw", "elo", "openskill"])
def test_two_seat_games_rate_as_before_and_the_same_wide_or_long(system: str) -> None:
    wide = wide_two_seat_log()
    run = rate(wide, system)
    assert run.rated == 256
    assert {p: round(v, 6) for p, v in run.ratings().items()} == PINNED[system]
    assert list(run.leaderboard["player"]) == list(PINNED[system])
    assert run.leaderboard[["wins", "losses", "draws"]].sum().tolist() == [238, 238, 36]
    long = rate(as_long(wide), system)
    pd.testing.assert_frame_equal(long.history, run.history)
    pd.testing.assert_frame_equal(long.leaderboard, run.leaderboard)


@pytest.mark.parametrize("system", ["fw", "elo"])
def test_two_seat_systems_refuse_a_log_with_more_seats_naming_the_first_match(system: str) -> None:
    # rows run newest first; the first multi-seat match in play order is c01
    with pytest.raises(ValueError, match=r"match 'c01' has 3 seats.*2-seat games only.*--system openskill"):
        rate(long_log(), system)
    # a short (unrated) multi-seat game is refused too: the log holds it
    short = [("c01", 0, 2, [(1, "ann", 1), (2, "bob", 2), (3, "cid", 3)]), CONQUEST[-1]]
    with pytest.raises(ValueError, match="'c01' has 3 seats"):
        rate(long_log(short), system)


@pytest.mark.parametrize("system", ["fw", "elo"])
def test_skip_multi_seat_rates_only_the_two_seat_games(system: str) -> None:
    log = long_log([*CONQUEST, ("c07", 50, 7, [(1, "bob", 2), (2, "eve", 1)])])
    run = rate(log, system, skip_multi_seat=True)
    two_seat = rate(long_log([CONQUEST[-1], ("c07", 50, 7, [(1, "bob", 2), (2, "eve", 1)])]), system)
    assert run.rated == 2
    if system == "fw":  # the conquest matches are not Fallen Worlds': left out before their seats count
        assert (run.skipped, run.other_rulesets) == (0, 5)
    else:
        assert (run.skipped, run.other_rulesets) == (5, 0)
    pd.testing.assert_frame_equal(run.history, two_seat.history)
    pd.testing.assert_frame_equal(run.leaderboard, two_seat.leaderboard)
    assert "cid" not in set(run.leaderboard["player"])  # played only multi-seat games
    assert rate(log, "openskill", skip_multi_seat=True).rated == 6  # openskill rates them all (c03 is short)


@pytest.mark.parametrize(
    ("seats", "message"),
    [
        ([(1, "ann", 1), (2, "bob", 3), (3, "cid", 3)], r"'x1': places \[1, 3, 3\] do not fit"),
        ([(1, "ann", 2), (2, "bob", 2), (3, "cid", 3)], r"'x1': places \[2, 2, 3\] do not fit"),
        ([(1, "ann", 1), (1, "bob", 2), (3, "cid", 3)], "'x1': a seat appears twice"),
        ([(1, "ann", 1), (2, "bob", 2), (3, "ann", 3)], "'x1': a player holds two seats"),
        ([(1, "ann", 1)], "'x1': has one seat"),
        ([(1, "ann", 0), (2, "bob", 1)], "'x1': field place is 0"),
        ([(0, "ann", 1), (2, "bob", 2)], "'x1': field seat is 0"),
    ],
)
def test_bad_long_rows_name_the_match_and_the_problem(seats: list, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        rate(long_log([CONQUEST[0], ("x1", 5, 9, seats)]), "openskill")


def test_long_rows_of_one_match_must_agree_on_played_at_and_turns() -> None:
    log = long_log()
    moved = log.copy()
    moved.loc[(moved["match_id"] == "c02") & (moved["seat"] == 3), "played_at"] += pd.Timedelta(minutes=1)
    with pytest.raises(ValueError, match="'c02': field played_at differs"):
        rate(moved, "openskill")
    longer = log.copy()
    longer.loc[(longer["match_id"] == "c02") & (longer["seat"] == 2), "turns"] = 99
    with pytest.raises(ValueError, match="'c02': field turns differs"):
        rate(longer, "openskill")


def test_a_long_log_missing_a_column_names_it() -> None:
    with pytest.raises(ValueError, match=r"lacks column\(s\) turns"):
        rate(long_log().drop(columns=["turns"]), "openskill")


# -- the store: matches + match_seats -------------------------------------------------------------

MATCHES_DDL = (
    "CREATE TABLE matches(match_id VARCHAR PRIMARY KEY, played_at TIMESTAMP, ruleset VARCHAR, turns INTEGER, "
    "winner VARCHAR, player_a VARCHAR, player_b VARCHAR, seats INTEGER)"
)
SEATS_DDL = (
    "CREATE TABLE match_seats(match_id VARCHAR, seat INTEGER, player VARCHAR, deck VARCHAR, place INTEGER, "
    "score INTEGER)"
)


def fill(con: duckdb.DuckDBPyConnection, games: list, seat_rows: bool = True) -> None:
    """Insert games as the store holds them: a matches row (seats 1 and 2 in the wide columns, the
    winner's label or draw) and, unless ``seat_rows`` is false, one match_seats row per seat."""
    for m, minutes, turns, seats in games:
        seats = sorted(seats)
        firsts = [s for s, _, place in seats if place == 1]
        winner = "abcde"[firsts[0] - 1] if len(firsts) == 1 else "draw"
        con.execute(
            "INSERT INTO matches BY NAME SELECT ? AS match_id, ? AS played_at, ? AS ruleset, "
            "? AS turns, ? AS winner, ? AS player_a, ? AS player_b, ? AS seats",
            [m, T0 + pd.Timedelta(minutes=minutes), ruleset_of(seats), turns, winner, seats[0][1], seats[1][1],
             len(seats)],
        )
        if seat_rows:
            for seat, player, place in seats:
                con.execute(
                    "INSERT INTO match_seats (match_id, seat, player, place, score) VALUES (?, ?, ?, ?, ?)",
                    [m, seat, player, place, 10 - place],
                )


def test_read_matches_takes_players_and_places_from_match_seats() -> None:
    con = duckdb.connect()
    con.execute(MATCHES_DDL)
    con.execute(SEATS_DDL)
    fill(con, CONQUEST)
    log = read_matches(con)
    assert list(log.columns) == ["match_id", "played_at", "seat", "player", "place", "turns", "ruleset"]
    assert log["match_id"].tolist()[:3] == ["c01", "c01", "c01"] and len(log) == 18
    pd.testing.assert_frame_equal(rate(log, "openskill").history, rate(long_log(), "openskill").history)
    con.close()


def test_read_matches_gives_matches_without_seat_rows_their_two_seats_from_the_wide_columns() -> None:
    con = duckdb.connect()
    con.execute(MATCHES_DDL)
    con.execute(SEATS_DDL)
    fill(con, CONQUEST[:-1])
    fill(con, [CONQUEST[-1]], seat_rows=False)  # c06, ann beats dan: only in matches
    log = read_matches(con)
    assert log[log["match_id"] == "c06"][["seat", "player", "place"]].values.tolist() == [[1, "ann", 1], [2, "dan", 2]]
    pd.testing.assert_frame_equal(rate(log, "openskill").history, rate(long_log(), "openskill").history)
    con.close()


def test_read_matches_without_match_seats_reads_the_wide_columns() -> None:
    con = duckdb.connect()
    con.execute(MATCHES_DDL)
    fill(con, [CONQUEST[-1]], seat_rows=False)
    assert list(read_matches(con).columns) == ["match_id", "played_at", "player_a", "player_b", "winner", "turns",
                                               "ruleset"]
    con.close()


def test_read_matches_through_the_stores_own_schema() -> None:
    con = connect(":memory:")
    fill(con, CONQUEST)
    run = rate(read_matches(con), "openskill")
    _, expected = openskill_directly(CONQUEST)
    assert run.ratings() == {p: pytest.approx(v, abs=1e-9) for p, v in expected.items()}
    fw = rate(read_matches(con), "fw", skip_multi_seat=True)
    assert fw.ratings() == {"ann": 1010, "dan": 990} and (fw.skipped, fw.other_rulesets) == (0, 5)
    elo = rate(read_matches(con), "elo", skip_multi_seat=True)
    assert set(elo.ratings()) == {"ann", "dan"} and (elo.skipped, elo.other_rulesets) == (5, 0)
    con.close()


def test_a_two_seat_store_is_read_wide_with_players_and_places_from_match_seats() -> None:
    con = connect(":memory:")
    games = [("m1", 0, 9, [(1, "ann", 2), (2, "bob", 1)]), ("m2", 5, 9, [(1, "ann", 1), (2, "cid", 1)])]
    fill(con, games)
    fill(con, [("m3", 9, 9, [(1, "bob", 1), (2, "cid", 2)])], seat_rows=False)  # only in matches
    # the wide columns disagree with match_seats: the seats are what count
    con.execute("UPDATE matches SET winner = 'a', player_b = 'zed' WHERE match_id = 'm1'")
    log = read_matches(con)
    assert list(log.columns) == ["match_id", "played_at", "player_a", "player_b", "winner", "turns", "ruleset"]
    assert log[["match_id", "player_a", "player_b", "winner"]].values.tolist() == [
        ["m1", "ann", "bob", "b"], ["m2", "ann", "cid", "draw"], ["m3", "bob", "cid", "a"],
    ]  # fmt: skip
    assert rate(log, "fw").ratings() == {"ann": 990, "bob": 1020, "cid": 990}
    con.execute("UPDATE match_seats SET place = 2 WHERE match_id = 'm2'")
    with pytest.raises(ValueError, match="match 'm2': field winner is 'places 2, 2'"):
        rate(read_matches(con), "fw")
    con.close()


@pytest.fixture
def conquest_store(tmp_path: Path) -> Path:
    db = tmp_path / "conquest.duckdb"
    con = connect(db)
    fill(con, CONQUEST)
    con.close()
    return db


def test_write_history_on_a_store_with_conquest_matches(conquest_store: Path) -> None:
    written = write_history(conquest_store)
    # fw and elo: the one two-seat game (2 rows); openskill: every seat of the 5 rated games
    assert written == {"fw": 2, "elo": 2, "openskill": 15}
    con = duckdb.connect(str(conquest_store), read_only=True)
    fw = con.execute("SELECT match_id, player, rating_after FROM rating_history WHERE system = 'fw' "
                     "ORDER BY player").fetchall()  # fmt: skip
    c04 = con.execute("SELECT player FROM rating_history WHERE system = 'openskill' AND match_id = 'c04' "
                      "ORDER BY player").fetchall()  # fmt: skip
    con.close()
    assert fw == [("c06", "ann", 1010.0), ("c06", "dan", 990.0)]
    assert c04 == [("ann",), ("bob",), ("cid",), ("dan",)]


def test_elo_leaderboard_of_a_store_with_conquest_matches(conquest_store: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["elo", "--db", str(conquest_store)]) == 0
    out = capsys.readouterr().out
    assert "1 rated games" in out and "5 matches of other rulesets left out" in out
    assert main(["elo", "--db", str(conquest_store), "--system", "elo"]) == 0
    assert "5 matches of more than two seats left out" in capsys.readouterr().out
    assert main(["elo", "--db", str(conquest_store), "--system", "openskill", "--json"]) == 0
    board = {r["player"]: r for r in json.loads(capsys.readouterr().out)}
    assert (board["ann"]["wins"], board["ann"]["losses"], board["ann"]["draws"], board["ann"]["games"]) == (3, 1, 1, 5)


# -- fwlab elo replay on a long CSV ---------------------------------------------------------------


def test_elo_replay_rates_a_three_seat_csv_with_openskill(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "conquest.csv"
    long_log().to_csv(path, index=False)
    assert main(["elo", "replay", str(path), "--system", "openskill", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    _, expected = openskill_directly(CONQUEST)
    assert got["system"] == "openskill" and got["rated_games"] == 5
    assert got["ratings"] == {p: pytest.approx(v, abs=1e-6) for p, v in expected.items()}


def test_elo_replay_reads_a_long_parquet_and_jsonl_the_same(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    df = long_log()
    df.to_parquet(tmp_path / "log.parquet")
    df.assign(played_at=df["played_at"].astype(str)).to_json(tmp_path / "log.jsonl", orient="records", lines=True)
    results = []
    for name in ("log.parquet", "log.jsonl"):
        assert main(["elo", "replay", str(tmp_path / name), "--json", "--system", "openskill"]) == 0
        results.append(json.loads(capsys.readouterr().out)["ratings"])
    assert results[0] == results[1] and len(results[0]) == 4


@pytest.mark.parametrize("system", ["fw", "elo"])
def test_elo_replay_with_a_two_seat_system_refuses_a_three_seat_csv(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], system: str
) -> None:
    path = tmp_path / "conquest.csv"
    long_log().to_csv(path, index=False)
    assert main(["elo", "replay", str(path), "--system", system]) == 2
    captured = capsys.readouterr()
    err = captured.err.strip()
    assert err.startswith("fwlab: error: ") and "\n" not in err and captured.out == ""
    assert "conquest.csv" in err and "'c01'" in err and "--system openskill" in err
