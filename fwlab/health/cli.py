"""``fwlab health``: the game-health report of a ruleset, from a simulation of its starter field or
from stored matches (a store, an export folder, match-log files).

    fwlab health --ruleset fw [-n 400] [--seed S] [--decks D1 D2 ...] [--workers W | --cluster ADDR]
                 [--bots B1,B2] [--players 3,4,5] [--rule NAME=VALUE ...] [--json] [--out report.html]
    fwlab health --ruleset eredan --db data/fwlab.duckdb | --parquet DIR | --log FILE ...

Exit status 0 whether or not figures are flagged (the flags are the report); 2 for bad input.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from ..rulesets import known_rulesets


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "health", help="game health: end reasons, length, seat and turn-order win rates against their bands",
        description="The game-health report of a ruleset: how its games end (end-reason mix, turn-cap share), "
                    "how long they last (turns and rounds, with a histogram), the win rate by seat and by "
                    "position from the first player with 95% Wilson intervals, the first player's win rate in "
                    "every pairing, and the engine's own figures; each compared with its band "
                    "(docs/game-health.md) and flagged when outside. By default it plays every pairing of the "
                    "ruleset's starter decks (mirrors included; decks change seats and the first seat "
                    "alternates), -n games each; --db, --parquet or --log read stored matches instead.")
    p.add_argument("--ruleset", required=True, choices=known_rulesets(), help="the ruleset to report on")
    p.add_argument("--decks", nargs="+", default=None, metavar="DECK",
                   help="the field: starter deck names (file stems) or deck files (default every starter deck)")
    p.add_argument("-n", "--games", type=int, default=100, help="games per pairing (default 100)")
    p.add_argument("--seed", type=int, default=0, help="run seed (each game's seed comes from it, its pairing and "
                                                         "its index: the same report on any workers)")
    p.add_argument("--players", default=None, metavar="N[,N...]",
                   help="seat counts of a game without decks, e.g. 3,4,5 (Conquest; default 4)")
    p.add_argument("--bots", default=None, metavar="B1,B2",
                   help="the bot of every seat, or one per seat (default the engine's default bot)")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int, default=1, help="worker processes (default 1; 0 = one per core)")
    where.add_argument("--cluster", default=None, metavar="ADDRESS",
                       help="play the games on this Dask scheduler (default $FWLAB_CLUSTER; the same report)")
    p.add_argument("--rule", action="append", default=None, metavar="NAME=VALUE",
                   help="play under this rule option (repeatable; `fwlab engines --options`)")
    source = p.add_mutually_exclusive_group()
    source.add_argument("--db", type=Path, default=None, help="report the matches of this store instead")
    source.add_argument("--parquet", type=Path, default=None, metavar="DIR",
                        help="report the matches of a folder written by `fwlab export`")
    source.add_argument("--log", nargs="+", type=Path, default=None, metavar="FILE",
                        help="report the matches of these match-log files (docs/match-logs.md formats)")
    from ..sim.cli import add_until_arguments

    add_until_arguments(p, "the first player's win rate of each seat count (the turn-order edge)",
                        " (games a pairing)")
    p.add_argument("--pairings", action="store_true", help="list every pairing in the text (default: flagged ones)")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("--out", type=Path, default=None, help="also write the report as a self-contained HTML page")
    p.set_defaults(func=run)


def _players(text: str | None) -> list[int] | None:
    if not text:
        return None
    try:
        return [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise ValueError(f"--players: a comma-separated list of seat counts (e.g. 3,4,5), not {text!r}") from None


def _bots(text: str | None) -> list[str] | None:
    if not text:
        return None
    from ..rules import engines

    split = getattr(engines, "split_bot_list", None)  # bot specs with parameters keep their commas
    return list(split(text)) if split is not None else [b.strip() for b in text.split(",") if b.strip()]


def _stored(args: argparse.Namespace) -> Any:
    from ..health.report import build_report
    from ..health.store import open_logs, table_from_source
    from ..store import open_source

    simulation_only = [name for name, given in (("-n", args.games != 100), ("--decks", args.decks),
                                                 ("--players", args.players), ("--bots", args.bots),
                                                 ("--rule", args.rule), ("--cluster", args.cluster),
                                                 ("--workers", args.workers != 1),
                                                 ("--until-ci", args.until_ci is not None),
                                                 ("--max-games", args.max_games is not None)) if given]
    if simulation_only:
        raise ValueError(f"{', '.join(simulation_only)} set a simulation; a report of stored matches "
                         "(--db/--parquet/--log) takes the matches as they are")
    started = time.perf_counter()
    if args.log:
        con, source = open_logs(args.log), "log"
    elif args.parquet:
        con, source = open_source(parquet=args.parquet), "parquet"
    else:
        con, source = open_source(db=args.db), "store"
    try:
        con.execute("SET enable_progress_bar = false")
        table, notes = table_from_source(con, args.ruleset)
    finally:
        con.close()
    where = ", ".join(map(str, args.log)) if args.log else str(args.parquet or args.db)
    report = build_report(table, source, {"from": where}, stored_only=True)
    report.notes += notes
    report.seconds = round(time.perf_counter() - started, 3)
    return report


def run(args: argparse.Namespace) -> int:
    import duckdb

    from ..store import StoreError
    from ..store.ingest import ImportProblem

    if args.games < 1:
        raise ValueError("-n must be at least 1 game a pairing")
    try:
        if args.db or args.parquet or args.log:
            report = _stored(args)
        else:
            report = _simulate(args)
    except ImportProblem as exc:
        print(f"fwlab: error: {exc}", file=sys.stderr)
        return 2
    except (StoreError, duckdb.Error, OSError) as exc:
        print(f"fwlab: error: {exc}", file=sys.stderr)
        return 2
    if args.out:
        from .charts import health_html

        args.out.write_text(health_html(report), encoding="utf-8")
    if args.json:
        print(report.to_json())
    else:
        from .text import render_text

        print(render_text(report, show_pairings=args.pairings))
        if args.out:
            print(f"wrote {args.out}")
    return 0


def _simulate(args: argparse.Namespace) -> Any:
    from .. import native
    from ..cluster import cluster_address, executor_for
    from ..rules.engines import engine_for
    from ..rules.options import parse_assignments
    from .run import simulate_health

    eng = engine_for(args.ruleset)
    note = native.fallback_note(eng.name)
    if note and not args.json:
        print(note, file=sys.stderr)
    bar = None
    start = time.perf_counter()

    def progress(done: int, total: int) -> None:
        nonlocal bar
        if bar is None and sys.stderr.isatty() and time.perf_counter() - start > 1.0:
            from tqdm import tqdm
            bar = tqdm(total=total, unit="game", file=sys.stderr)
        if bar is not None:
            bar.n = done
            bar.refresh()

    ex = executor_for(cluster_address(args.cluster), eng.name)
    try:
        from ..sim.cli import check_until

        report = simulate_health(args.ruleset, n=args.games, seed=args.seed, decks=args.decks,
                                 players=_players(args.players), bots=_bots(args.bots),
                                 options=parse_assignments(args.rule), workers=args.workers or None, executor=ex,
                                 progress=progress, until_ci=check_until(args), max_games=args.max_games)
    finally:
        if ex is not None:
            ex.shutdown()
        if bar is not None:
            bar.close()
    report.params["compiled"] = native.engine_compiled(eng.name)
    return report
