"""``fwlab elo``: the leaderboard of a store, ``fwlab elo replay FILE``: rate a match-log file.

    fwlab elo [--db PATH | --parquet DIR] [--system fw|elo|openskill] [--ruleset R] [--json] [--top N] [--write]
    fwlab elo replay FILE [--system fw|elo|openskill] [--json]

A match-log file is wide (``player_a, player_b, winner``) or has one row per seat (``seat, player,
place``). ``fw`` and ``elo`` rate two-seat games: on a store they leave the matches of more seats
out (the table says how many); given a file holding such a match, ``replay`` refuses (status 2).
``fw``, the game's own rule, rates Fallen Worlds matches only (``fw``, ``fw-epic``) when the store
or file says each match's ruleset; ``elo`` and ``openskill`` rate every ruleset.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from .run import RatingRun, rate, read_matches, write_history
from .systems import FW_RULESETS, SYSTEMS

READERS = {
    ".csv": "read_csv(?, header = true)",
    ".parquet": "read_parquet(?)",
    ".jsonl": "read_json(?, format = 'newline_delimited')",
    ".ndjson": "read_json(?, format = 'newline_delimited')",
    ".json": "read_json(?)",
}


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("elo", help="rating leaderboard (the game's Elo rule, logistic Elo, OpenSkill)")
    p.add_argument("--db", type=Path, default=None, help="store to read (default: data/fwlab.duckdb or FWLAB_DB)")
    p.add_argument("--parquet", type=Path, default=None, metavar="DIR",
                   help="rate the matches of a folder written by `fwlab export` (Parquet or CSV, Hive-partitioned "
                        "or not) instead of a store; only its matches and seats are read")
    p.add_argument("--system", choices=SYSTEMS, default="fw", help="rating system (default: fw, the game's rule)")
    p.add_argument("--ruleset", default=None, metavar="R",
                   help="rate only the matches of this ruleset (default: every match the system rates)")
    p.add_argument("--json", action="store_true", help="print the leaderboard as a JSON list of objects")
    p.add_argument("--top", type=int, default=None, metavar="N", help="show only the N best players")
    p.add_argument("--limit", type=int, default=None, metavar="N", help="rate only the first N rated games")
    p.add_argument(
        "--write", action="store_true", help="also recompute rating_history in the store for all three systems"
    )
    p.set_defaults(func=run_leaderboard)
    actions = p.add_subparsers(dest="elo_action", metavar="ACTION")
    r = actions.add_parser("replay", help="rate a match-log file (CSV, Parquet or JSON Lines); no store is touched")
    r.add_argument(
        "file", type=Path, help="match log: the matches columns, or one row per seat (seat, player, place)"
    )
    r.add_argument("--system", choices=SYSTEMS, default="fw", dest="replay_system")
    r.add_argument("--json", action="store_true", dest="replay_json", help='print {"ratings": {player: rating}}')
    r.set_defaults(func=run_replay)


def _fail(message: str) -> int:
    print(f"fwlab: error: {message}", file=sys.stderr)
    return 2


def _number(system: str, value: float) -> float | int:
    return int(value) if system == "fw" else round(float(value), 6)


def _records(run: RatingRun, top: int | None) -> list[dict[str, Any]]:
    board = run.leaderboard if top is None else run.leaderboard.head(top)
    return [
        {
            "rank": i + 1,
            "player": str(row["player"]),
            "rating": _number(run.system, float(row["rating"])),
            **{k: int(row[k]) for k in ("games", "wins", "losses", "draws")},
        }
        for i, row in enumerate(board.to_dict("records"))
    ]


def _print_table(records: list[dict[str, Any]], system: str) -> None:
    print(f"{'#':>4}  {'player':<24} {system + ' rating':>12} {'games':>6} {'W':>5} {'L':>5} {'D':>5}")
    for r in records:
        rating = f"{r['rating']}" if system == "fw" else f"{r['rating']:.1f}"
        print(
            f"{r['rank']:>4}  {r['player']:<24} {rating:>12} {r['games']:>6} "
            f"{r['wins']:>5} {r['losses']:>5} {r['draws']:>5}"
        )


def run_leaderboard(args: argparse.Namespace) -> int:
    import duckdb

    from fwlab.paths import default_db
    from fwlab.store import StoreError, open_source

    if args.parquet is not None and (args.write or args.db is not None):
        return _fail("--parquet rates an export folder: it cannot be combined with --db or --write")
    db = args.parquet if args.parquet is not None else (args.db or default_db())
    try:
        if args.write:
            write_history(db, openskill_limit=args.limit)
        con = open_source(parquet=db) if args.parquet is not None else open_source(db=db)
        try:
            con.execute("SET enable_progress_bar = false")  # it would print into --json output
            if args.ruleset is not None:
                from fwlab.rulesets import info

                info(args.ruleset)  # an unknown ruleset is a clear error
            run = rate(read_matches(con, args.ruleset), args.system, limit=args.limit, skip_multi_seat=True)
        finally:
            con.close()
    except (ValueError, StoreError, duckdb.Error) as exc:
        return _fail(str(exc))
    records = _records(run, args.top)
    if not records and args.ruleset is not None and not args.json:
        print(f"no {args.ruleset} matches that {run.system} rates in {db}")
    if args.json:
        print(json.dumps(records, indent=1))
    else:
        _print_table(records, run.system)
        print(f"{run.rated} rated games (4 turns or more)" + (f", first {args.limit} only" if args.limit else ""))
        if run.other_rulesets:
            print(f"{run.other_rulesets} matches of other rulesets left out: {run.system} is Fallen Worlds' own "
                  f"rule and rates {', '.join(FW_RULESETS)} matches (--system elo or openskill rates every ruleset)")
        if run.skipped:
            print(f"{run.skipped} matches of more than two seats left out: {run.system} rates 2-seat games "
                  "(--system openskill rates them all)")
    return 0


def read_log(path: Path) -> Any:
    """The matches of a log file, read with DuckDB (format chosen by the file's extension)."""

    reader = READERS.get(path.suffix.lower())
    if reader is None:
        raise ValueError(f"{path}: unknown match-log format; use one of {', '.join(READERS)}")
    if not path.is_file():
        raise ValueError(f"{path}: no such file")
    from fwlab.store.settings import open_duckdb

    con = open_duckdb(None)
    try:
        con.execute("SET enable_progress_bar = false")
        return con.execute(f"SELECT * FROM {reader}", [str(path)]).df()
    finally:
        con.close()


def run_replay(args: argparse.Namespace) -> int:
    import duckdb

    try:
        run = rate(read_log(args.file), args.replay_system)
    except (ValueError, duckdb.Error) as exc:
        return _fail(f"{args.file}: {exc}" if str(args.file) not in str(exc) else str(exc))
    ratings = {player: _number(run.system, value) for player, value in run.ratings().items()}
    if args.replay_json:
        print(json.dumps({"system": run.system, "ratings": ratings, "rated_games": run.rated}, indent=1))
    else:
        _print_table(_records(run, None), run.system)
    return 0
