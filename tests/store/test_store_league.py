"""Simulated leagues: players, schedule, ids and what they write (with a fake simulator)."""

from __future__ import annotations

import shutil
from datetime import datetime
from pathlib import Path

import duckdb
import pytest

from fwlab.cli import main
from fwlab.store import StoreError, connect
from fwlab.store.league import league_players, player_names, run_league, starter_decks_in_store


def _table(db: Path, sql: str) -> list[tuple]:
    con = duckdb.connect(str(db), read_only=True)
    try:
        return con.execute(sql).fetchall()
    finally:
        con.close()


def test_a_league_writes_matches_players_card_events_and_capital(store: Path, fake_sim: object) -> None:
    con = connect(store)
    got = run_league(con, ruleset="fw", players=6, matches=40, seed=3, start=datetime(2026, 3, 1), days=30,
                     progress=False)
    con.close()
    assert got["matches"] == 40 and got["players"] == 6
    m = _table(store, "SELECT count(*), count(DISTINCT match_id), min(played_at), max(played_at), "
                      "bool_and(mode = 'bot' AND source = 'league'), bool_and(player_a <> player_b) FROM matches")[0]
    assert m[:2] == (40, 40) and m[2] >= datetime(2026, 3, 1) and m[3] < datetime(2026, 3, 31) and m[4] and m[5]
    # every match's decks exist, and card events cover each distinct card of both decks
    assert _table(store, "SELECT count(*) FROM matches WHERE deck_a NOT IN (SELECT deck_id FROM decks)") == [(0,)]
    per_match = _table(store, """
        SELECT m.match_id, (SELECT count(*) FROM card_events e WHERE e.match_id = m.match_id) AS events,
               (SELECT count(*) FROM deck_cards WHERE deck_id = m.deck_a) + (SELECT count(*) FROM deck_cards
                WHERE deck_id = m.deck_b) AS distinct_cards,
               (SELECT count(*) FROM turn_snapshots t WHERE t.match_id = m.match_id) AS snaps, m.turns
        FROM matches m""")
    assert all(events == cards and snaps == turns for _, events, cards, snaps, turns in per_match)
    players = _table(store, "SELECT kind, bot, deck_id FROM players")
    assert len(players) == 6 and all(k == "bot" and b in ("random", "heuristic", "lookahead") for k, b, _ in players)
    # two seat rows per match, agreeing with the match row; the score is the seat's final Capital
    assert _table(store, "SELECT count(*), count(DISTINCT (match_id, seat)) FROM match_seats") == [(80, 80)]
    disagree = _table(store, """
        SELECT m.match_id FROM matches m JOIN match_seats a ON a.match_id = m.match_id AND a.seat = 1
        JOIN match_seats b ON b.match_id = m.match_id AND b.seat = 2
        WHERE m.seats <> 2 OR a.player <> m.player_a OR b.player <> m.player_b OR a.deck <> m.deck_a
           OR b.deck <> m.deck_b
           OR (a.place, b.place) <> CASE m.winner WHEN 'a' THEN (1, 2) WHEN 'b' THEN (2, 1) ELSE (1, 1) END
           OR a.score <> (SELECT arg_max(capital_a, turn) FROM turn_snapshots t WHERE t.match_id = m.match_id)
           OR b.score <> (SELECT arg_max(capital_b, turn) FROM turn_snapshots t WHERE t.match_id = m.match_id)""")
    assert disagree == []


def test_the_same_league_twice_gives_the_same_rows(built_template: Path, tmp_path: Path, fake_sim: object,
                                                   fingerprint) -> None:
    prints = []
    for name in ("one", "two"):
        db = tmp_path / f"{name}.duckdb"
        shutil.copy(built_template, db)
        con = connect(db)
        run_league(con, players=5, matches=25, seed=11, progress=False)
        con.close()
        prints.append(fingerprint(db))
    assert prints[0] == prints[1]


def test_leagues_with_other_seeds_never_clash_and_a_repeated_seed_is_refused(store: Path, fake_sim: object) -> None:
    con = connect(store)
    run_league(con, players=4, matches=10, seed=1, progress=False)
    run_league(con, players=4, matches=10, seed=2, progress=False)
    run_league(con, ruleset="bg", players=4, matches=10, seed=1, progress=False)
    assert con.execute("SELECT count(*), count(DISTINCT match_id) FROM matches").fetchone() == (30, 30)
    assert con.execute("SELECT count(*) FROM players").fetchone() == (12,)
    with pytest.raises(StoreError, match="already in the store"):
        run_league(con, players=4, matches=10, seed=2, progress=False)
    assert con.execute("SELECT count(*) FROM matches").fetchone() == (30,)


def test_player_names_are_fixed_by_the_seed_and_avoid_taken_names() -> None:
    names = player_names(10, seed=5)
    assert names == player_names(10, seed=5) and names != player_names(10, seed=6)
    again = player_names(10, seed=5, taken=frozenset(names[:3]))
    assert again[:3] == [n + " II" for n in names[:3]] and again[3:] == names[3:]
    assert len(set(player_names(500, seed=1))) == 500


def test_few_players_get_the_slow_lookahead_bot(store: Path) -> None:
    con = connect(store)
    decks = starter_decks_in_store(con, "fw")
    for seed in range(20):
        roster = league_players(16, seed, decks)
        assert sum(p.bot == "lookahead" for p in roster) <= 2
        assert sum(p.bot == "heuristic" for p in roster) >= 6
        assert all(p.deck_id.startswith("fw/") for p in roster)


def test_the_league_command_reports_and_refuses_bad_input(store: Path, fake_sim: object,
                                                         capsys: pytest.CaptureFixture[str], engineless: str) -> None:
    assert main(["league", "--players", "4", "--matches", "12", "--seed", "9", "--db", str(store)]) == 0
    assert "12 matches" in capsys.readouterr().out
    assert main(["league", "--players", "4", "--matches", "12", "--seed", "9", "--db", str(store)]) == 1
    assert "use another --seed" in capsys.readouterr().err
    assert main(["league", "--start", "soon", "--db", str(store)]) == 1
    assert "--start" in capsys.readouterr().err
    assert main(["league", "--ruleset", engineless, "--db", str(store)]) == 1
    assert f"no rules engine for ruleset '{engineless}'" in capsys.readouterr().err


def test_a_league_of_a_game_without_an_engine_is_a_clear_error_and_writes_nothing(store: Path, fingerprint,
                                                                                  engineless: str) -> None:
    before = fingerprint(store)
    con = connect(store)
    with pytest.raises(ValueError, match=f"no rules engine for ruleset '{engineless}' yet; games are simulated for fw"):
        run_league(con, ruleset=engineless, players=6, matches=5, progress=False)
    with pytest.raises(ValueError, match="unknown ruleset 'chess'"):
        run_league(con, ruleset="chess", players=6, matches=5, progress=False)
    con.close()
    assert fingerprint(store) == before


def test_a_three_to_four_seat_league_seats_distinct_players_without_decks(store: Path) -> None:
    import dice_race  # registers the toy 'race' ruleset (3 to 4 seats, no decks)

    con = connect(store)
    got = run_league(con, ruleset="race", players=7, matches=60, seed=5, progress=False)
    assert got["matches"] == 60 and got["players"] == 7
    seats = con.execute("""SELECT match_id, count(*), count(DISTINCT player), min(seat), max(seat),
            count(deck), string_agg(place::VARCHAR, ',' ORDER BY seat), count(score)
        FROM match_seats GROUP BY match_id""").fetchall()
    assert len(seats) == 60 and got["match_seats"] == sum(r[1] for r in seats)
    assert {r[1] for r in seats} == {3, 4}  # both seat counts drawn
    assert all(n == distinct == hi and lo == 1 and decks == 0 and scored == n
               for _, n, distinct, lo, hi, decks, _, scored in seats)
    # the match row: seats 1 and 2 in the two-player columns, the first seat's label, the sole winner or draw
    rows = con.execute("""SELECT m.match_id, m.seats, m.first, m.winner, m.player_a, m.player_b, m.deck_a,
            list(s.player ORDER BY s.seat), list(s.place ORDER BY s.seat), list(s.score ORDER BY s.seat)
        FROM matches m JOIN match_seats s USING (match_id) GROUP BY ALL ORDER BY m.match_id""").fetchall()
    for match_id, n, first, winner, pa, pb, deck_a, players, places, scores in rows:
        assert n == len(players) and (pa, pb) == (players[0], players[1]) and deck_a is None
        assert first in "abcd"[:n]
        firsts = [i for i, p in enumerate(places) if p == 1]
        assert winner == ("abcde"[firsts[0]] if len(firsts) == 1 else "draw"), match_id
        # places follow the steps (the race's score): tied seats share the better place
        assert places == [1 + sum(o > s for o in scores) for s in scores], match_id
    assert any(r[3] == "draw" for r in rows)  # shared wins happen and are stored as such
    # the per-turn track of every seat: steps of seat c are there, seat d only in four-seat matches
    track = con.execute("""SELECT m.seats, count(t.capital_c), count(t.capital_d), count(*)
        FROM turn_snapshots t JOIN matches m USING (match_id) GROUP BY m.seats ORDER BY 1""").fetchall()
    assert [(n, c == total, d == (total if n == 4 else 0)) for n, c, d, total in track] == [
        (3, True, True), (4, True, True)]
    assert con.execute("SELECT count(*) FROM players WHERE deck_id IS NOT NULL").fetchone() == (0,)
    bots = {b for (b,) in con.execute("SELECT DISTINCT bot FROM players").fetchall()}
    assert bots <= set(dice_race.ENGINE.bot_names())
    con.close()
