"""A small hand-built match log whose balance figures are known by construction.

40 fw matches, Red deck vs Blue deck, seats alternating (Red is seat a in odd matches):
matches 1-36 Red wins, 37-38 draws, 39-40 Blue wins; seat a always goes first.

Red holds: Ember Drake, Common Pike, Spark (+ Rare Relic in matches 1-5).
Blue holds: Tide Caller, Common Pike, Spark.
* Ember Drake: in opening hand (drawn_turn 0) in matches 1-10, drawn on turn 3 in 11-20, never
  drawn in 21-40; deployed whenever drawn.
* Spark (both decks): drawn (turn 2) by the seat that wins, never drawn by the loser; in draws
  neither seat draws it. Deck win rate exactly 0.5, improvement when drawn large.
* One bo match (ruleset bg) with other cards, to test the ruleset filter.
"""

from __future__ import annotations

from pathlib import Path

import duckdb
import pandas as pd
import pytest

MATCHES_DDL = """
CREATE TABLE matches(match_id VARCHAR PRIMARY KEY, played_at TIMESTAMP, ruleset VARCHAR, mode VARCHAR,
    player_a VARCHAR, player_b VARCHAR, deck_a VARCHAR, deck_b VARCHAR, first VARCHAR, winner VARCHAR,
    end_reason VARCHAR, turns INTEGER, source VARCHAR);
CREATE TABLE card_events(match_id VARCHAR, seat VARCHAR, card VARCHAR, in_opening_hand BOOLEAN,
    drawn_turn INTEGER, deployed_turn INTEGER, killed_turn INTEGER, damage_dealt INTEGER,
    PRIMARY KEY (match_id, seat, card));
CREATE TABLE turn_snapshots(match_id VARCHAR, turn INTEGER, capital_a INTEGER, capital_b INTEGER,
    PRIMARY KEY (match_id, turn));
"""


def build_log() -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    matches, events, turns = [], [], []
    t0 = pd.Timestamp("2026-01-05 18:00")
    for i in range(1, 41):
        red_seat, blue_seat = ("a", "b") if i % 2 else ("b", "a")
        winner = red_seat if i <= 36 else "draw" if i <= 38 else blue_seat
        match_id = f"t{i:03d}"
        matches.append({
            "match_id": match_id, "played_at": t0 + pd.Timedelta(minutes=i), "ruleset": "fw", "mode": "pvp",
            "player_a": f"p{i % 4}", "player_b": f"q{i % 3}",
            "deck_a": "fw/red" if red_seat == "a" else "fw/blue", "deck_b": "fw/blue" if red_seat == "a" else "fw/red",
            "first": "a", "winner": winner, "end_reason": "forfeit" if i in (7, 8) else "capital",
            "turns": 4 + i % 5, "source": "test",
        })  # fmt: skip
        turns.append({"match_id": match_id, "turn": 1, "capital_a": 20, "capital_b": 19})

        def ev(seat: str, card: str, drawn: int | None, deployed: int | None = None, match_id: str = match_id) -> None:
            events.append({
                "match_id": match_id, "seat": seat, "card": card, "in_opening_hand": drawn == 0,
                "drawn_turn": drawn, "deployed_turn": deployed, "killed_turn": None, "damage_dealt": 0,
            })  # fmt: skip

        drake = 0 if i <= 10 else 3 if i <= 20 else None
        ev(red_seat, "Ember Drake", drake, None if drake is None else drake + 1)
        ev(red_seat, "Common Pike", 1)
        ev(blue_seat, "Common Pike", 1)
        ev(blue_seat, "Tide Caller", 2, 2)
        for seat in ("a", "b"):
            ev(seat, "Spark", 2 if winner == seat else None)
        if i <= 5:
            ev(red_seat, "Rare Relic", None)
    matches.append({
        "match_id": "bg001", "played_at": t0, "ruleset": "bg", "mode": "bot", "player_a": "x", "player_b": "y",
        "deck_a": "bg/one", "deck_b": "bg/two", "first": "b", "winner": "b", "end_reason": "capital",
        "turns": 30, "source": "test",
    })  # fmt: skip
    events.append({"match_id": "bg001", "seat": "a", "card": "Steel Mill", "in_opening_hand": False,
                   "drawn_turn": 4, "deployed_turn": 5, "killed_turn": None, "damage_dealt": 0})  # fmt: skip
    turns.append({"match_id": "bg001", "turn": 1, "capital_a": 40, "capital_b": 40})
    return pd.DataFrame(matches), pd.DataFrame(events), pd.DataFrame(turns)


def load(con: duckdb.DuckDBPyConnection) -> duckdb.DuckDBPyConnection:
    m, e, t = build_log()
    con.execute(MATCHES_DDL)
    for name, df in (("matches", m), ("card_events", e), ("turn_snapshots", t)):
        con.register("_df", df)
        con.execute(f"INSERT INTO {name} BY NAME SELECT * FROM _df")
        con.unregister("_df")
    return con


@pytest.fixture
def con() -> duckdb.DuckDBPyConnection:
    return load(duckdb.connect())


@pytest.fixture
def parquet_dir(tmp_path: Path, con: duckdb.DuckDBPyConnection) -> Path:
    out = tmp_path / "export"
    for table in ("matches", "card_events", "turn_snapshots"):
        (out / table).mkdir(parents=True)
        con.execute(f"COPY {table} TO ? (FORMAT parquet)", [str(out / table / "part0.parquet")])
    return out
