"""``fwlab bots ladder``: a rated round robin of bots over a ruleset's starter field.

    fwlab bots ladder --ruleset fw --bots random,heuristic,lookahead,ismcts:iters=100,ismcts:iters=1000 \\
        -n 40 --seed 1 [--seats 4] [--workers W | --cluster ADDRESS] [--rule NAME=VALUE] [--json]

Bots are specs (``name[:key=value,...]``, fwlab/rules/botspec.py); in ``--bots`` a piece ``key=value``
continues the spec before it. A bad spec is exit status 2 with a message naming the bad key.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

#: the field of a ladder when --bots is not given
DEFAULT_BOTS = "random,heuristic,lookahead,ismcts"


def register(sub: Any) -> None:
    p = sub.add_parser("bots", help="bot ladder: rate the bots of a ruleset against each other",
                       description="The bots of a ruleset's engine, rated against each other.")
    bsub = p.add_subparsers(dest="bots_command", metavar="ACTION")
    bsub.required = True
    lad = bsub.add_parser("ladder", help="a rated round robin of bots over the starter field",
                          description="A round robin of bots over the ruleset's starter decks (every pair of "
                                      "bots, every pairing of decks, seats swapped; N-seat games: one bot against "
                                      "the others of another, in every seat), rated with OpenSkill and logistic Elo "
                                      "(95% intervals), with the head-to-head matrix and each bot's cost per "
                                      "decision and per game. The same seed gives the same games for any worker "
                                      "count; the time figures vary.")
    lad.add_argument("--ruleset", required=True)
    lad.add_argument("--bots", default=DEFAULT_BOTS, metavar="B1,B2,...",
                     help=f"bot specs, comma-separated (default {DEFAULT_BOTS})")
    lad.add_argument("-n", "--games", type=int, default=40, metavar="N",
                     help="games per pairing of bots (rounded up to whole blocks: 4 with two seats, one per seat "
                          "otherwise; default 40)")
    lad.add_argument("--seed", type=int, default=0)
    lad.add_argument("--seats", type=int, default=None, help="seats of an N-seat game (default 4 for Conquest)")
    lad.add_argument("--workers", type=int, default=1, help="worker processes (default 1; 0 = one per core)")
    lad.add_argument("--cluster", default=None, metavar="ADDRESS",
                     help="play on a Dask scheduler (tcp://host:8786; default $FWLAB_CLUSTER): the same games")
    lad.add_argument("--rule", action="append", default=None, metavar="NAME=VALUE",
                     help="a rule option every game is played under (repeatable)")
    lad.add_argument("--json", action="store_true", help="print the ladder as JSON")
    lad.set_defaults(func=_ladder)


def _ladder(args: argparse.Namespace) -> int:
    from ..cluster import cluster_address, executor_for
    from ..rules.engines import engine_for, split_bot_list
    from ..rules.options import parse_assignments
    from .ladder import render, run_ladder

    eng = engine_for(args.ruleset)
    bots = split_bot_list(args.bots)
    for b in bots:  # exit 2 naming the bad spec or key, before any game
        eng.check_bot(b)
    if args.workers is not None and args.workers < 0:
        raise ValueError("--workers must be 0 (one per core) or more")
    options = parse_assignments(args.rule)
    from .. import native

    note = native.fallback_note(eng.name)
    if note:
        print(note, file=sys.stderr)
    ex = executor_for(cluster_address(args.cluster), eng.name)
    try:
        lad = run_ladder(args.ruleset, bots, args.games, args.seed, seats=args.seats,
                         workers=args.workers or None, executor=ex, options=options)
        if ex is not None:
            lad.workers = ex.workers()
    finally:
        if ex is not None:
            ex.shutdown()
    d = lad.to_dict()
    if args.json:
        print(json.dumps(d, indent=2))
    else:
        print(render(d))
    return 0
