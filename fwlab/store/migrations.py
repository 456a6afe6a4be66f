"""Versioned schema migrations: a list of SQL steps, each applied once and recorded in ``schema_version``.

Opening an older store with a read-write connection applies the steps it is missing, in order, each
in its own transaction. Add a new step at the end; never edit one that has shipped.

>>> import duckdb
>>> con = duckdb.connect()
>>> migrate(con)
[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
>>> migrate(con)
[]
>>> current_version(con) == LATEST
True
"""

from __future__ import annotations

from typing import Final

import duckdb

_V1: Final[str] = """
CREATE TABLE IF NOT EXISTS rulesets(ruleset VARCHAR PRIMARY KEY, family VARCHAR, title VARCHAR);
CREATE TABLE IF NOT EXISTS cards(
    family VARCHAR, name VARCHAR, type VARCHAR, subtype VARCHAR, rarity VARCHAR, cost INTEGER,
    attack INTEGER, defense INTEGER, text VARCHAR, special BOOLEAN,
    nature VARCHAR, dmg INTEGER, hp INTEGER, exp INTEGER, slot VARCHAR,
    sphere VARCHAR, gems INTEGER, gem_spheres VARCHAR[], hero BOOLEAN, traits VARCHAR[], collector VARCHAR,
    guild VARCHAR, classes VARCHAR[], race VARCHAR, spirit INTEGER, life INTEGER, is_unique BOOLEAN,
    evolution_level INTEGER,
    followers VARCHAR, support INTEGER,
    details JSON,
    PRIMARY KEY (family, name));
CREATE TABLE IF NOT EXISTS decks(deck_id VARCHAR PRIMARY KEY, ruleset VARCHAR, name VARCHAR, source VARCHAR,
    decklist VARCHAR, created_at TIMESTAMP);
CREATE TABLE IF NOT EXISTS deck_cards(deck_id VARCHAR, card VARCHAR, count INTEGER, PRIMARY KEY (deck_id, card));
CREATE TABLE IF NOT EXISTS players(player VARCHAR PRIMARY KEY, kind VARCHAR, bot VARCHAR, deck_id VARCHAR);
CREATE TABLE IF NOT EXISTS matches(match_id VARCHAR PRIMARY KEY, played_at TIMESTAMP, ruleset VARCHAR,
    mode VARCHAR, player_a VARCHAR, player_b VARCHAR, deck_a VARCHAR, deck_b VARCHAR, first VARCHAR,
    winner VARCHAR, end_reason VARCHAR, turns INTEGER, source VARCHAR);
CREATE TABLE IF NOT EXISTS card_events(match_id VARCHAR, seat VARCHAR, card VARCHAR, in_opening_hand BOOLEAN,
    drawn_turn INTEGER, deployed_turn INTEGER, killed_turn INTEGER, damage_dealt INTEGER,
    PRIMARY KEY (match_id, seat, card));
CREATE TABLE IF NOT EXISTS turn_snapshots(match_id VARCHAR, turn INTEGER, capital_a INTEGER, capital_b INTEGER,
    PRIMARY KEY (match_id, turn));
CREATE TABLE IF NOT EXISTS rating_history(system VARCHAR, match_id VARCHAR, played_at TIMESTAMP,
    game_no INTEGER, player VARCHAR, rating_before DOUBLE, rating_after DOUBLE,
    PRIMARY KEY (system, match_id, player));
"""

# v2: the per-card summary of fwlab.store.summary and the row counts it was built from
_V2: Final[str] = """
CREATE TABLE IF NOT EXISTS card_summary(ruleset VARCHAR, card VARCHAR, code UTINYINT, n BIGINT,
    PRIMARY KEY (ruleset, card, code));
CREATE TABLE IF NOT EXISTS card_summary_stamp(matches BIGINT, card_events BIGINT);
"""

# v3: any number of seats. One row per seat of a match (filled from the two-seat columns: seat 1 is
# player_a/deck_a, seat 2 player_b/deck_b; places from winner; score the seat's last snapshot Capital),
# the seat count on each match, and the Capital of seats c..e in turn snapshots.
_V3: Final[str] = """
CREATE TABLE IF NOT EXISTS match_seats(match_id VARCHAR, seat INTEGER, player VARCHAR, deck VARCHAR,
    place INTEGER, score INTEGER, PRIMARY KEY (match_id, seat));
ALTER TABLE matches ADD COLUMN seats INTEGER;
UPDATE matches SET seats = 2;
ALTER TABLE turn_snapshots ADD COLUMN capital_c INTEGER;
ALTER TABLE turn_snapshots ADD COLUMN capital_d INTEGER;
ALTER TABLE turn_snapshots ADD COLUMN capital_e INTEGER;
INSERT INTO match_seats (match_id, seat, player, deck, place, score)
SELECT m.match_id, s.seat,
    CASE s.seat WHEN 1 THEN m.player_a ELSE m.player_b END,
    CASE s.seat WHEN 1 THEN m.deck_a ELSE m.deck_b END,
    CASE WHEN m.winner = 'draw' THEN 1 WHEN m.winner = 'a' THEN s.seat WHEN m.winner = 'b' THEN 3 - s.seat END,
    CASE s.seat WHEN 1 THEN l.cap_a ELSE l.cap_b END
FROM matches m CROSS JOIN (VALUES (1), (2)) s(seat)
LEFT JOIN (SELECT match_id, arg_max(capital_a, turn) AS cap_a, arg_max(capital_b, turn) AS cap_b
           FROM turn_snapshots GROUP BY match_id) l ON l.match_id = m.match_id;
"""

# v4: what a Free Realms card did (NULL for games that do not have it): cards its creatures scored,
# times it was flipped in a battle, power-ups of it that fired
_V4: Final[str] = """
ALTER TABLE card_events ADD COLUMN scored INTEGER;
ALTER TABLE card_events ADD COLUMN flipped INTEGER;
ALTER TABLE card_events ADD COLUMN powerup_fired INTEGER;
"""

# v5: a second per-turn figure (Eredan: the score beside the characters' Life in capital_*), and how
# many times an Eredan character was chosen to fight in a game; NULL for everything logged before
_V5: Final[str] = """
ALTER TABLE turn_snapshots ADD COLUMN score_a INTEGER;
ALTER TABLE turn_snapshots ADD COLUMN score_b INTEGER;
ALTER TABLE turn_snapshots ADD COLUMN score_c INTEGER;
ALTER TABLE turn_snapshots ADD COLUMN score_d INTEGER;
ALTER TABLE turn_snapshots ADD COLUMN score_e INTEGER;
ALTER TABLE card_events ADD COLUMN picked INTEGER;
"""

# v6: the fields taken in a game with a board (Conquest), one row per field taken. No primary key:
# an import checks (match_id, field) against the files and the store, and a league writes each
# field once, so no per-row index is kept for tables that grow with every match.
_V6: Final[str] = """
CREATE TABLE IF NOT EXISTS field_events(match_id VARCHAR, field INTEGER, difficulty INTEGER, seat VARCHAR,
    turn INTEGER, how VARCHAR);
"""

# v7: no per-row primary key on the tables that grow with every card and every turn. DuckDB keeps
# a PRIMARY KEY as an ART index that must fit in memory: with 40M card events it outgrew any sane
# memory limit and a big import died half-way ("could not allocate block", then "database has been
# invalidated"). The keys are still checked: an import checks (match_id, seat, card) and
# (match_id, turn) against the files and the store before writing, and a league writes each once.
# DuckDB cannot drop a constraint, so each table is copied into a new one (same columns, in order).
_V7: Final[str] = """
CREATE TABLE _card_events_v7(match_id VARCHAR NOT NULL, seat VARCHAR NOT NULL, card VARCHAR NOT NULL,
    in_opening_hand BOOLEAN, drawn_turn INTEGER, deployed_turn INTEGER, killed_turn INTEGER, damage_dealt INTEGER,
    scored INTEGER, flipped INTEGER, powerup_fired INTEGER, picked INTEGER);
INSERT INTO _card_events_v7 SELECT match_id, seat, card, in_opening_hand, drawn_turn, deployed_turn, killed_turn,
    damage_dealt, scored, flipped, powerup_fired, picked FROM card_events;
DROP TABLE card_events;
ALTER TABLE _card_events_v7 RENAME TO card_events;
CREATE TABLE _turn_snapshots_v7(match_id VARCHAR NOT NULL, turn INTEGER NOT NULL, capital_a INTEGER,
    capital_b INTEGER, capital_c INTEGER, capital_d INTEGER, capital_e INTEGER,
    score_a INTEGER, score_b INTEGER, score_c INTEGER, score_d INTEGER, score_e INTEGER);
INSERT INTO _turn_snapshots_v7 SELECT match_id, turn, capital_a, capital_b, capital_c, capital_d, capital_e,
    score_a, score_b, score_c, score_d, score_e FROM turn_snapshots;
DROP TABLE turn_snapshots;
ALTER TABLE _turn_snapshots_v7 RENAME TO turn_snapshots;
"""

# v8: the balance lab's runs (fwlab.lab.runs): what-if, sweep and tune, their parameters and result as JSON
_V8: Final[str] = """
CREATE TABLE IF NOT EXISTS lab_runs(run_id VARCHAR PRIMARY KEY, kind VARCHAR, ruleset VARCHAR, created_at TIMESTAMP,
    params JSON, result JSON);
"""

# v9: the rules a match was played under (rule options differing from the ruleset's, as JSON; NULL: its own)
_V9: Final[str] = """
ALTER TABLE matches ADD COLUMN IF NOT EXISTS rules VARCHAR;
"""

# v10: the game seed a simulated league match was played with (with its seats' decks and bots, its first
# seat and rules, the whole game: fwlab.store.stored_game replays it); NULL for imported matches and for
# matches written before it. Not a column of the match-log format (an import leaves it NULL).
_V10: Final[str] = """
ALTER TABLE matches ADD COLUMN IF NOT EXISTS seed BIGINT;
"""

#: (version, SQL) in order. Version numbers are consecutive from 1.
MIGRATIONS: Final[tuple[tuple[int, str], ...]] = (
    (1, _V1),
    (2, _V2),
    (3, _V3),
    (4, _V4),
    (5, _V5),
    (6, _V6),
    (7, _V7),
    (8, _V8),
    (9, _V9),
    (10, _V10),
)
LATEST: Final[int] = MIGRATIONS[-1][0]


def current_version(con: duckdb.DuckDBPyConnection) -> int:
    """The highest applied migration (0 for an empty database)."""
    exists = con.execute(
        "SELECT count(*) FROM duckdb_tables() WHERE table_name = 'schema_version' AND schema_name = 'main'"
    ).fetchone()
    if not exists or not exists[0]:
        return 0
    row = con.execute("SELECT coalesce(max(version), 0) FROM schema_version").fetchone()
    return int(row[0]) if row else 0


def migrate(con: duckdb.DuckDBPyConnection) -> list[int]:
    """Apply the missing migrations, each in one transaction; return the versions applied."""
    con.execute("CREATE TABLE IF NOT EXISTS schema_version(version INTEGER, applied_at TIMESTAMP)")
    have = current_version(con)
    applied: list[int] = []
    for version, sql in MIGRATIONS:
        if version <= have:
            continue
        con.execute("BEGIN TRANSACTION")
        try:
            con.execute(sql)
            con.execute("INSERT INTO schema_version VALUES (?, current_localtimestamp())", [version])
            con.execute("COMMIT")
        except BaseException:
            con.execute("ROLLBACK")
            raise
        applied.append(version)
    return applied
