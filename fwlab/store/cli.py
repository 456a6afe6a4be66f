"""Store commands: ``fwlab init``, ``import``, ``export``, ``league`` and ``db info``."""

from __future__ import annotations

import argparse
import sys
from concurrent.futures import Executor
from datetime import datetime
from pathlib import Path

from ..paths import data_dir, default_db
from ..rulesets import info

# The store modules pull in duckdb, pyarrow, numpy and pandas: they are imported inside each command
# so that `fwlab --help` and the other commands stay quick.
FORMATS = ("parquet", "csv")
PARTITION_COLUMNS = ("ruleset", "month")


#: The leagues ``fwlab init`` plays so every page has data: the primary ruleset with 8 players and
#: the whole --league-matches, every other ruleset with an engine and starter decks with 6 players
#: and a quarter of them (``fw-epic`` shares ``fw``'s league pages, so it has none). Players use the
#: random and heuristic bots only: a lookahead game takes about a second, and ``fwlab init`` should
#: finish in well under a minute. ``fwlab league`` gives a few players lookahead.
PRIMARY_LEAGUE = ("fw", 8, 1.0)
OTHER_LEAGUE_PLAYERS, OTHER_LEAGUE_SHARE = 6, 0.25
NO_INIT_LEAGUE = frozenset({"fw-epic"})


def init_leagues() -> list[tuple[str, int, float]]:
    """(ruleset, players, share of --league-matches) of each league ``fwlab init`` plays."""
    from ..rules.engines import engine_rulesets

    out = [PRIMARY_LEAGUE]
    for ruleset in engine_rulesets():
        if ruleset != PRIMARY_LEAGUE[0] and ruleset not in NO_INIT_LEAGUE:
            out.append((ruleset, OTHER_LEAGUE_PLAYERS, OTHER_LEAGUE_SHARE))
    return out


def _err(message: str) -> int:
    print(f"fwlab: error: {message}", file=sys.stderr)
    return 1


def _db(args: argparse.Namespace) -> Path:
    return Path(args.db) if args.db else default_db()


def _print_summary(con) -> None:  # type: ignore[no-untyped-def]
    from .queries import store_summary

    s = store_summary(con)
    cards = ", ".join(f"{fam} {n}" for fam, n in s["cards"].items()) or "none"
    print(f"cards: {sum(s['cards'].values())} ({cards})")
    print(f"decks: {s['decks']} ({', '.join(f'{k} {v}' for k, v in s['decks_by_source'].items()) or 'none'})")
    by_rs = ", ".join(f"{k} {v}" for k, v in s["matches_by_ruleset"].items())
    print(f"matches: {s['matches']}" + (f" ({by_rs})" if by_rs else ""))
    print(f"card events: {s['card_events']}, turn snapshots: {s['turn_snapshots']}, "
          f"field events: {s['field_events']}, players: {s['players']}")
    if s["first_match"] is not None:
        print(f"played: {s['first_match']:%Y-%m-%d} to {s['last_match']:%Y-%m-%d}")


def cmd_init(args: argparse.Namespace) -> int:
    from .build import build_from_data, load_sources
    from .league import run_league
    from .schema import StoreError, connect

    root = Path(args.data) if args.data else data_dir()
    sources = load_sources(root)          # CatalogError here: nothing written yet
    path = _db(args)
    try:
        con = connect(path, wait=args.wait)
    except StoreError as exc:
        return _err(str(exc))
    try:
        counts = build_from_data(con, sources)
        print(f"{path}: {counts['rulesets']} rulesets, {counts['cards']} cards, "
              f"{counts['starter decks']} starter decks from {root}")
        if sources.missing_families:
            print(f"no catalog yet for: {', '.join(sources.missing_families)}")
        row = con.execute("SELECT count(*) FROM matches WHERE source = 'league'").fetchone()
        have_league = bool(row and row[0])
        if args.no_league or args.league_matches <= 0:
            pass
        elif have_league:
            print("league matches already in the store; no new league played")
        else:
            for ruleset, players, share in init_leagues():
                n = max(1, int(args.league_matches * share))
                decks = con.execute("SELECT count(*) FROM decks WHERE ruleset = ? AND source = 'starter'",
                                    [ruleset]).fetchone()
                if info(ruleset).uses_decks and (not decks or not decks[0]):
                    from ..decks.starters import starter_dir

                    print(f"{ruleset} league skipped: no starter decks in {starter_dir(ruleset, root / 'decks')}/",
                          file=sys.stderr)
                    continue
                try:
                    got = run_league(con, ruleset=ruleset, players=players, matches=n, seed=args.seed,
                                     max_lookahead=0)
                except Exception as exc:  # a simulator bug must not cost the catalogs just built
                    print(f"fwlab: warning: the {ruleset} league failed ({type(exc).__name__}: {exc}); "
                          "the store has its catalogs and decks but no such league", file=sys.stderr)
                    continue
                print(f"{ruleset} league: {got['players']} players, {got['matches']} matches")
        _print_summary(con)
    finally:
        con.close()
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    from .ingest import ImportProblem, import_files
    from .progress import TerminalProgress
    from .schema import StoreError, connect

    if not (args.files or args.cards or args.turns or args.fields):
        return _err("give at least one file to import")
    try:
        con = connect(_db(args), wait=args.wait)
    except StoreError as exc:
        return _err(str(exc))
    progress = TerminalProgress()
    try:
        report = import_files(con, args.files, card_files=args.cards or (), turn_files=args.turns or (),
                              field_files=args.fields or (),
                              source=args.source, progress=progress)
    except ImportProblem as exc:
        progress.close()
        print(f"fwlab: import refused, the store is unchanged ({exc.total} problem(s)):", file=sys.stderr)
        print(str(exc), file=sys.stderr)
        return 1
    except StoreError as exc:  # out of memory, disk full...: rolled back
        progress.close()
        return _err(str(exc))
    finally:
        progress.close()
        con.close()
    for f, kind in report.files.items():
        print(f"{f}: {kind}" + (f" (ignored columns: {', '.join(report.ignored_columns[f])})"
                                if f in report.ignored_columns else ""))
    counts = ", ".join(f"{n} {k.replace('_', ' ')}" for k, n in report.counts.items())
    print(f"imported {counts}; {report.new_players} new players; {report.seconds:.2f} s")
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    from .export import export_logs
    from .migrations import LATEST, current_version
    from .progress import TerminalProgress
    from .schema import StoreError, connect

    parts = [] if args.partition_by in ("", "none") else [p.strip() for p in args.partition_by.split(",") if p.strip()]
    try:
        con = connect(_db(args), read_only=True, wait=args.wait)
        if current_version(con) < LATEST:  # an older store: upgrade it first (a read-write open migrates)
            con.close()
            connect(_db(args), wait=args.wait).close()
            con = connect(_db(args), read_only=True, wait=args.wait)
        progress = TerminalProgress()
        try:
            counts = export_logs(con, args.out, args.format, parts, overwrite=args.overwrite, progress=progress)
        finally:
            progress.close()
            con.close()
    except StoreError as exc:
        return _err(str(exc))
    print(f"exported to {args.out} ({args.format}" + (f", partitioned by {', '.join(parts)}" if parts else "") + "): "
          + ", ".join(f"{n} {k.replace('_', ' ')}" for k, n in counts.items()))
    return 0


def cmd_league(args: argparse.Namespace) -> int:
    from .league import run_league
    from .schema import StoreError, connect

    try:
        start = datetime.fromisoformat(args.start)
    except ValueError:
        return _err(f"--start must be a date like 2026-01-01, got {args.start!r}")
    from ..rules.engines import check_rule_options
    from ..rules.options import parse_assignments

    options = check_rule_options(args.ruleset, parse_assignments(args.rule)) if args.rule else {}  # bad: exit 2
    try:
        con = connect(_db(args), wait=args.wait)
    except StoreError as exc:
        return _err(str(exc))
    ex: Executor | None = None
    try:
        from ..cluster import cluster_address, executor_for
        from ..rules.engines import engine_for

        address = cluster_address(args.cluster)
        if address is not None:
            ex = executor_for(address, engine_for(args.ruleset).name)
        elif args.workers != 1:
            from concurrent.futures import ProcessPoolExecutor

            ex = ProcessPoolExecutor(max_workers=args.workers or None)
        got = run_league(con, ruleset=args.ruleset, players=args.players, matches=args.matches, seed=args.seed,
                         start=start, days=args.days, max_lookahead=args.max_lookahead, executor=ex,
                         options=options)
    except (StoreError, ValueError) as exc:
        return _err(str(exc))
    finally:
        if ex is not None:
            ex.shutdown(cancel_futures=True)
        con.close()
    print(f"{args.ruleset} league (seed {args.seed}): {got['players']} players, {got['matches']} matches, "
          f"{got['match_seats']} seats, {got['card_events']} card events, {got['turn_snapshots']} turn snapshots")
    return 0


def cmd_info(args: argparse.Namespace) -> int:
    from .schema import StoreError, connect

    path = _db(args)
    try:
        con = connect(path, read_only=True, wait=args.wait)
    except StoreError as exc:
        return _err(str(exc))
    try:
        from .migrations import current_version

        print(f"{path}: schema version {current_version(con)}")
        _print_summary(con)
    finally:
        con.close()
    return 0


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not value >= 0:
        raise argparse.ArgumentTypeError(f"a number of seconds, 0 or more, not {text!r}")
    return value


WAIT_HELP = ("while another process holds the store (one writes at a time), wait up to this many seconds, "
             "saying so, before giving up with nothing written (default $FWLAB_STORE_WAIT or 30; 0: do not wait)")


def register(sub: argparse._SubParsersAction) -> None:
    db_help = "the store (default data/fwlab.duckdb or $FWLAB_DB)"

    p = sub.add_parser("init", help="build the store from data/ (catalogs, starter decks) and a small league")
    p.add_argument("--db", help=db_help)
    p.add_argument("--wait", type=_seconds, default=None, metavar="SECONDS", help=WAIT_HELP)
    p.add_argument("--data", help="data folder (default data/ or $FWLAB_DATA)")
    p.add_argument("--league-matches", type=int, default=200, help="matches of the fw league (bg plays a quarter)")
    p.add_argument("--no-league", action="store_true", help="do not play a league")
    p.add_argument("--seed", type=int, default=1, help="league seed (default 1)")
    p.set_defaults(func=cmd_init)

    p = sub.add_parser("import", help="import match logs (CSV, Parquet, JSON Lines), checked before writing")
    p.add_argument("files", nargs="*", metavar="FILE",
                   help="files of matches, card events, turn snapshots or field events (recognised by their columns)")
    p.add_argument("--cards", action="append", metavar="FILE", help="a card-events file (repeatable)")
    p.add_argument("--turns", action="append", metavar="FILE", help="a per-turn capital file (repeatable)")
    p.add_argument("--fields", action="append", metavar="FILE",
                   help="a field-events file: the fields taken in a game with a board (repeatable)")
    p.add_argument("--source", default="import", help="source recorded for matches without one (default import)")
    p.add_argument("--db", help=db_help)
    p.add_argument("--wait", type=_seconds, default=None, metavar="SECONDS", help=WAIT_HELP)
    p.set_defaults(func=cmd_import)

    p = sub.add_parser("export", help="export the match logs to Parquet or CSV folders")
    p.add_argument("--format", choices=FORMATS, default="parquet")
    p.add_argument("--out", required=True, metavar="DIR")
    p.add_argument("--partition-by", default=",".join(PARTITION_COLUMNS),
                   help="comma-separated subset of ruleset,month, or none (default ruleset,month)")
    p.add_argument("--overwrite", action="store_true", help="replace files already in DIR")
    p.add_argument("--db", help=db_help)
    p.add_argument("--wait", type=_seconds, default=None, metavar="SECONDS", help=WAIT_HELP)
    p.set_defaults(func=cmd_export)

    p = sub.add_parser("league", help="play a simulated league of bot players into the store")
    p.add_argument("--players", type=int, default=8)
    p.add_argument("--matches", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--ruleset", default="fw", help="a ruleset with a rules engine (see `fwlab engines`; default fw)")
    p.add_argument("--start", default="2026-01-01", help="first day of the season (ISO date)")
    p.add_argument("--days", type=int, default=90, help="length of the season in days")
    p.add_argument("--workers", type=int, default=1,
                   help="worker processes playing the matches (default 1; 0 = one per core); the same league")
    p.add_argument("--cluster", default=None, metavar="ADDRESS",
                   help="play the matches on this Dask scheduler (default $FWLAB_CLUSTER); the same league")
    p.add_argument("--max-lookahead", type=int, default=None,
                   help="at most this many players use the slow lookahead bot (default one in eight)")
    p.add_argument("--rule", action="append", default=None, metavar="NAME=VALUE",
                   help="play every match under this rule option (repeatable; `fwlab engines --options`); "
                        "each match row says under which rules it was played")
    p.add_argument("--db", help=db_help)
    p.add_argument("--wait", type=_seconds, default=None, metavar="SECONDS", help=WAIT_HELP)
    p.set_defaults(func=cmd_league)

    p = sub.add_parser("db", help="store maintenance")
    dsub = p.add_subparsers(dest="db_command", metavar="SUBCOMMAND")
    dsub.required = True
    q = dsub.add_parser("info", help="schema version and counts of the store")
    q.add_argument("--db", help=db_help)
    q.add_argument("--wait", type=_seconds, default=None, metavar="SECONDS", help=WAIT_HELP)
    q.set_defaults(func=cmd_info)
