"""``fwlab report balance``: the balance report of a store or an export folder.

    fwlab report balance [--db PATH | --parquet DIR] [--ruleset R] [--min-games N] [--shrink]
                         [--out report.html] [--json]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from fwlab.rulesets import known_rulesets

from .balance import balance_report


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("report", help="analytics reports over the match logs")
    reports = p.add_subparsers(dest="report", metavar="REPORT")
    reports.required = True
    b = reports.add_parser("balance", help="card, deck, character, matchup and first-player win rates with 95%% intervals")
    source = b.add_mutually_exclusive_group()
    source.add_argument("--db", type=Path, default=None, help="store to read (default: data/fwlab.duckdb or FWLAB_DB)")
    source.add_argument("--parquet", type=Path, default=None, metavar="DIR", help="a folder written by `fwlab export`")
    b.add_argument("--ruleset", choices=known_rulesets(), default=None, help="only this ruleset's matches")
    b.add_argument("--min-games", type=int, default=30, metavar="N", help="smaller samples are marked, never flagged")
    b.add_argument("--shrink", action="store_true", help="add win rates shrunk toward 0.5 (beta-binomial)")
    b.add_argument("--out", type=Path, default=None, help="write a self-contained HTML report here")
    b.add_argument("--json", action="store_true", help="print the report as JSON")
    b.add_argument("--skill", default=None, metavar="L1,L2,...",
                   help="also simulate each starter's field win rate at each level of skill (bot specs, e.g. "
                        "heuristic,ismcts:iters=200; needs --ruleset): a deck that gains with skill is a skill deck, "
                        "one that loses is easy to pilot (JSON: 'skill'; not in the HTML)")
    b.add_argument("--skill-n", type=int, default=200, metavar="N",
                   help="games per pairing at the first level of --skill (default 200)")
    b.add_argument("--skill-games", type=int, default=None, metavar="N",
                   help="games per pairing at the other levels (default: 3%% of --skill-n, at least 6: a search level costs about a thousand times the heuristic)")
    b.add_argument("--seed", type=int, default=0, help="seed of the --skill games (default 0)")
    b.add_argument("--workers", type=int, default=1, help="worker processes for --skill (default 1; 0 = one per core)")
    b.set_defaults(func=run_balance)


def run_balance(args: argparse.Namespace) -> int:
    import duckdb

    from fwlab.paths import default_db
    from fwlab.store import StoreError, open_source

    if args.min_games < 0:
        print("fwlab: error: --min-games must be 0 or more", file=sys.stderr)
        return 2
    if args.skill and not args.ruleset:
        print("fwlab: error: --skill needs --ruleset (the starter field it simulates)", file=sys.stderr)
        return 2
    try:
        con = open_source(parquet=args.parquet) if args.parquet else open_source(db=args.db or default_db())
        try:
            con.execute("SET enable_progress_bar = false")  # it would print into --json output
            report = balance_report(con, ruleset=args.ruleset, min_games=args.min_games, shrink=args.shrink)
        finally:
            con.close()
        if args.out:
            report.to_html(args.out)
    except (StoreError, duckdb.Error, OSError) as exc:
        print(f"fwlab: error: {exc}", file=sys.stderr)
        return 2
    skill = None
    if args.skill:   # after the report: a store that cannot be read costs no games
        from fwlab.sim.skill import skill_field

        skill = skill_field(args.ruleset, args.skill, n=args.skill_n, seed=args.seed, costly_games=args.skill_games,
                            workers=args.workers or None).to_dict()
    if args.json:
        if skill is None:
            print(report.to_json())
        else:
            import json

            print(json.dumps({**json.loads(report.to_json()), "skill": skill}, indent=1))
    else:
        fp = report.first_player
        print(f"{report.matches} matches ({report.ruleset or 'all rulesets'}), {report.draws} draws")
        if fp["games"]:
            print(f"first player wins {fp['win_rate']:.1%} [{fp['low']:.1%}, {fp['high']:.1%}] of {fp['games']}")
        flagged = report.cards[report.cards["stands_out"].notna()]
        print(f"{len(report.cards)} cards, {len(flagged)} stand out (win rate when drawn minus when never drawn):")
        for row in flagged.to_dict("records"):
            print(f"  {row['stands_out']:<5} {row['card']} ({row['ruleset']}): improvement {row['improvement']:+.1%} "
                  f"[{row['improvement_low']:+.1%}, {row['improvement_high']:+.1%}] "
                  f"drawn n={row['drawn_games']}, never drawn n={row['never_drawn_games']}; "
                  f"deck win rate {row['win_rate']:.1%} n={row['games']}")  # fmt: skip
        if len(report.characters):
            print(f"{len(report.characters)} characters (mean picks a game, pick share, win rate when it survives "
                  f"/ when it dies):")
            for row in report.characters.to_dict("records"):
                print(f"  {row['character']} ({row['ruleset']}): {row['mean_picks']:.2f} picks, "
                      f"share {row['pick_share']:.1%}; survives {_rate(row, 'survived_')}, "
                      f"dies {_rate(row, 'died_')}")
        if len(report.plays):
            out = report.plays[report.plays["stands_out"].notna()]
            print(f"{len(report.plays)} cards played in games of more than two seats, {len(out)} stand out "
                  f"(win rate when played minus when drawn but not played):")
            for row in out.to_dict("records"):
                print(f"  {row['stands_out']:<5} {row['card']} ({row['ruleset']}): played {_rate(row, 'played_', 'plays')}"
                      f" (by chance {row['expected']:.1%}), held {_rate(row, 'held_')}")
        if len(report.fields):
            print("fields by difficulty (mean turn taken [95%], claimed share, taker's win rate):")
            for row in report.fields.to_dict("records"):
                print(f"  {row['difficulty']:>2} ({row['ruleset']}): turn {row['mean_turn']:.1f} "
                      f"[{row['turn_low']:.1f}, {row['turn_high']:.1f}] of {row['taken']}, "
                      f"claimed {row['claimed_share']:.1%}, taker wins {_rate(row, '', 'taken')}")
        for h in report.health:
            flags = h.flags()
            print(f"game health of {h.ruleset} ({h.games} matches): {len(flags)} figure(s) outside their band"
                  + (":" if flags else " (docs/game-health.md)"))
            for f in flags:
                value = "-" if f["value"] is None else f"{f['value']:.3f}"
                print(f"  {f['seats']} seats  {f['figure']}: {value} {f['flag']} {f['band']}")
            if h.needs_simulation:
                print(f"  needs a simulation (`fwlab health --ruleset {h.ruleset}`): {', '.join(h.needs_simulation)}")
        if skill is not None:
            from fwlab.sim.skill import render_skill_field

            print(render_skill_field(skill))
        if args.out:
            print(f"wrote {args.out}")
    return 0


def _rate(row: dict[Any, Any], prefix: str, games: str | None = None) -> str:
    """``61.0% [52.1%, 69.2%] n=120`` (``– n=0`` without games) from a characters row (the games in
    ``{prefix}games``, or in column ``games``)."""
    n = row[games or f"{prefix}games"]
    if not n:
        return "– n=0"
    return f"{row[f'{prefix}win_rate']:.1%} [{row[f'{prefix}low']:.1%}, {row[f'{prefix}high']:.1%}] n={n}"
