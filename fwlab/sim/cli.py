"""``fwlab simulate``: a matchup between one deck per seat (or N players of a shared-deck game), with
a progress bar and optional JSON; ``fwlab engines``: every ruleset and the state of its engine."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from ..catalog import CatalogError
from ..decks import Deck, load_deck
from ..rules.engines import engine_for, engine_rulesets, engines_table, split_bot_list
from ..rulesets import info, known_rulesets


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "simulate", help="play N games between decks (one per seat) with bots",
        description="Play N seeded games between one deck per seat (or --players N for a game whose seats "
                    "share a deck); seats take turns to play first. With 2 seats it prints the win rate "
                    "of deck A with its 95% Wilson interval; with more, each seat's win rate and the "
                    "win rate by position in the turn order. The same seed gives the same result "
                    "whatever the number of workers.")
    p.add_argument("decks", nargs="*", metavar="DECK", help="decklist file of each seat, in seat order (a, b, c...)")
    p.add_argument("-n", "--games", type=int, default=1000, help="number of games (default 1000)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--ruleset", default=None,
                   help="ruleset (default: the first deck's); `fwlab engines` lists those with an engine")
    p.add_argument("--players", type=int, default=None, metavar="N",
                   help="number of seats, for games whose seats share a deck (default: the fewest allowed)")
    p.add_argument("--bots", default=None, metavar="B1,B2,...", help="one bot per seat, comma-separated")
    p.add_argument("--bot-a", default=None, help="bot of seat a (2-seat form of --bots)")
    p.add_argument("--bot-b", default=None, help="bot of seat b (2-seat form of --bots)")
    p.add_argument("--workers", type=int, default=1, help="worker processes (default 1; 0 = one per core)")
    p.add_argument("--cards", action="store_true", help="log per-card statistics (slower)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--cluster", default=None, metavar="ADDRESS",
                   help="send the batches to this Dask scheduler (default $FWLAB_CLUSTER; results are the same)")
    p.add_argument("--skill-sweep", default=None, metavar="L1,L2,...",
                   help="instead of one matchup: each deck's field win rate (the DECKs given, or the ruleset's "
                        "starters) at each level of skill (bot specs both seats play, e.g. "
                        "heuristic,ismcts:iters=200), the same seeds at every level, and its gain from the first "
                        "level to the last (a skill deck gains, an easy-to-pilot one loses); -n games per pairing "
                        "at the first level, --skill-games at the others")
    p.add_argument("--skill-games", type=int, default=None, metavar="N",
                   help="games per pairing at the levels after the first (default: 3%% of -n, at least 6: a search level costs about a thousand times the heuristic)")
    add_until_arguments(p, "the win rate of seat A (with more seats: the widest of the seats' win rates)")
    add_rule_argument(p)
    p.set_defaults(func=run)

    e = sub.add_parser("engines", help="list every ruleset with its engine state (seats, bots, compiled)",
                       description="List every ruleset: the seats its engine plays, its bots, and whether this "
                                   "process runs its engine compiled. Rulesets without an engine yet have no seats.")
    e.add_argument("--json", action="store_true", help="print a JSON list of objects (with each ruleset's options)")
    e.add_argument("--options", action="store_true",
                   help="also list each ruleset's rule options (name, default, rule ID, what it changes)")
    e.set_defaults(func=run_engines)


def add_until_arguments(p: argparse.ArgumentParser, headline: str, per: str = "") -> None:
    """``--until-ci H`` and ``--max-games N``: play batches in their fixed order until the 95% interval
    of ``headline`` is at most ±H (or N games), instead of -n games."""
    p.add_argument("--until-ci", type=float, default=None, metavar="H",
                   help=f"instead of -n: play batches in a fixed order until the 95%% interval of {headline} is at "
                        f"most ±H (e.g. 0.01), or --max-games; says how many games it took, and stopping after k "
                        f"games gives the same result as -n k{per}")
    p.add_argument("--max-games", type=int, default=None, metavar="N",
                   help=f"the cap of --until-ci{per} (default: Karsten's rule of thumb 4/L^2 for an interval of "
                        "width L = 2H, which is enough for any one win rate: 10000 games at ±0.01)")


def check_until(args: argparse.Namespace) -> float | None:
    """The ``--until-ci`` half width, checked (a ValueError naming the flag), or None."""
    h = getattr(args, "until_ci", None)
    if h is None:
        if getattr(args, "max_games", None) is not None:
            raise ValueError("--max-games is the cap of --until-ci; give --until-ci too (or -n alone)")
        return None
    if not 0 < h < 0.5:
        raise ValueError(f"--until-ci is the half width of a 95% interval, between 0 and 0.5 (e.g. 0.01), not {h}")
    if args.max_games is not None and args.max_games < 1:
        raise ValueError("--max-games must be at least 1")
    return float(h)


def add_rule_argument(p: argparse.ArgumentParser) -> None:
    """``--rule NAME=VALUE`` (repeatable): a rule option of the ruleset's engine."""
    p.add_argument("--rule", action="append", default=None, metavar="NAME=VALUE",
                   help="set a rule option of the ruleset (repeatable); `fwlab engines --options` lists them")


def rule_args(args: argparse.Namespace, ruleset: str) -> dict[str, Any]:
    """The ``--rule`` options of ``args`` checked against the ruleset's (exit 2 naming a bad one)."""
    from ..rules.engines import check_rule_options
    from ..rules.options import parse_assignments

    return check_rule_options(ruleset, parse_assignments(getattr(args, "rule", None)))


def run_engines(args: argparse.Namespace) -> int:
    rows = engines_table()
    if args.json:
        keys = ("ruleset", "seats", "bots", "compiled", "options")
        print(json.dumps([{k: r[k] for k in keys} for r in rows], indent=1))
        return 0
    print(f"{'ruleset':<10} {'seats':<7} {'compiled':<9} bots")
    for r in rows:
        seats = "-" if r["seats"] is None else (str(r["seats"][0]) if r["seats"][0] == r["seats"][1]
                                                 else f"{r['seats'][0]}-{r['seats'][1]}")
        bots = ", ".join(r["bots"]) if r["bots"] else "(no engine yet)"
        print(f"{r['ruleset']:<10} {seats:<7} {'yes' if r['compiled'] else 'no':<9} {bots}")
        if args.options:
            for o in r["options"]:
                allowed = f" ({', '.join(map(str, o['choices']))})" if "choices" in o else ""
                print(f"    --rule {o['name']}={o['default']}{allowed}  [{o['rule']}] {o['doc']}")
    if not args.options:
        print("(--options lists each ruleset's rule options, set with --rule NAME=VALUE)")
    return 0


def _check(deck_path: str, ruleset: str) -> Deck:
    from ..decks.validate import validate

    deck = load_deck(deck_path)
    if deck.ruleset != ruleset and {deck.ruleset, ruleset} - {"fw", "fw-epic"}:
        raise CatalogError(f"a {deck.ruleset} deck cannot play under {ruleset}", file=deck_path, field="ruleset")
    probe = deck if deck.ruleset == ruleset else type(deck)(ruleset, deck.name, deck.entries, deck.source, deck.meta)
    problems = validate(probe)
    if problems:
        lines = "; ".join(f"{p.rule}: {p.message}" for p in problems[:5])
        raise CatalogError(f"the deck is not legal under {ruleset}: {lines}", file=deck_path)
    return deck


def _ruleset(args: argparse.Namespace) -> str:
    if args.ruleset is not None:
        if args.ruleset not in known_rulesets():
            raise ValueError(f"unknown ruleset {args.ruleset!r}; expected one of {', '.join(known_rulesets())}")
        ruleset = str(args.ruleset)
    elif args.decks:
        ruleset = load_deck(args.decks[0]).ruleset
    else:
        raise ValueError("give the decks (one per seat), or --ruleset and --players for a game without decks")
    if info(ruleset).engine is None:
        where = {"file": args.decks[0], "field": "ruleset"} if args.decks and args.ruleset is None else {}
        raise CatalogError(f"no rules engine for {ruleset} yet; simulations run for {', '.join(engine_rulesets())}",
                           **where)
    return ruleset


def _seats(args: argparse.Namespace, ruleset: str) -> tuple[list[Deck | None], int]:
    r = info(ruleset)
    lo, hi = r.seats
    allowed = str(lo) if lo == hi else f"{lo} to {hi}"
    if r.uses_decks:
        if args.players is not None and args.players != len(args.decks):
            raise ValueError(f"--players {args.players} does not match the {len(args.decks)} deck files")
        if not lo <= len(args.decks) <= hi:
            raise ValueError(f"{ruleset} is played by {allowed} seats: give {allowed} deck files, "
                             f"not {len(args.decks)}")
        return [_check(path, ruleset) for path in args.decks], len(args.decks)
    if args.decks:
        raise ValueError(f"{ruleset} is played without decks; give --players N ({allowed}) instead of deck files")
    n = args.players if args.players is not None else lo
    if not lo <= n <= hi:
        raise ValueError(f"{ruleset} is played by {allowed} players, not {n}")
    return [None] * n, n


def _bots(args: argparse.Namespace, ruleset: str, seats: int) -> list[str]:
    eng = engine_for(ruleset)
    if args.bots is not None:
        if args.bot_a or args.bot_b:
            raise ValueError("use either --bots or --bot-a/--bot-b, not both")
        bots = split_bot_list(args.bots)
        if len(bots) != seats:
            raise ValueError(f"--bots names {len(bots)} bots for {seats} seats")
    else:
        if seats != 2 and (args.bot_a or args.bot_b):
            raise ValueError(f"--bot-a/--bot-b are for 2 seats; use --bots with {seats} names")
        bots = [eng.default_bot] * seats
        if args.bot_a:
            bots[0] = args.bot_a
        if args.bot_b:
            bots[1] = args.bot_b
    for b in bots:
        eng.check_bot(b)  # a name or a spec (ismcts:iters=400): a ValueError naming the bad bot or key
    return bots


def run_skill_sweep(args: argparse.Namespace) -> int:
    """``fwlab simulate --skill-sweep``: :func:`fwlab.sim.skill.skill_field` over the decks given or
    the starters."""
    from ..cluster import cluster_address, executor_for
    from .skill import render_skill_field, skill_field

    ruleset = _ruleset(args)
    if not info(ruleset).uses_decks:
        raise ValueError(f"--skill-sweep plays a field of decks; {ruleset}'s seats share one deck")
    if args.bots or args.bot_a or args.bot_b:
        raise ValueError("--skill-sweep names the bots of every level: leave out --bots")
    options = rule_args(args, ruleset)
    decks = [(f"{ruleset}/{Path(d).stem}", _check(d, ruleset)) for d in args.decks] if args.decks else None
    from .. import native

    note = native.fallback_note(engine_for(ruleset).name)
    if note:
        print(note, file=sys.stderr)
    ex = executor_for(cluster_address(args.cluster), engine_for(ruleset).name)
    try:
        res = skill_field(ruleset, args.skill_sweep, decks, n=args.games, seed=args.seed,
                          costly_games=args.skill_games, workers=args.workers or None, executor=ex,
                          options=options or None)
    finally:
        if ex is not None:
            ex.shutdown()
    d = res.to_dict()
    print(json.dumps(d, indent=1) if args.json else render_skill_field(d))
    return 0


def run(args: argparse.Namespace) -> int:
    from .runner import BATCH, simulate_match, simulate_until

    if getattr(args, "skill_sweep", None):
        return run_skill_sweep(args)

    ruleset = _ruleset(args)
    options = rule_args(args, ruleset)
    setups, seats = _seats(args, ruleset)
    bots = _bots(args, ruleset, seats)
    from .. import native

    note = native.fallback_note(engine_for(ruleset).name)
    if note:
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
            batches = -(-total // BATCH)
            bar.set_postfix_str(f"{min(batches, -(-done // BATCH))}/{batches} batches", refresh=False)
            bar.refresh()

    from ..cluster import cluster_address, executor_for

    until_ci = check_until(args)
    until = None
    ex = executor_for(cluster_address(args.cluster), engine_for(ruleset).name)
    try:
        if until_ci is not None:
            until = simulate_until(setups, ruleset, until_ci, args.max_games, seed=args.seed, bots=bots,
                                   workers=args.workers or None, progress=lambda d, t, _h: progress(d, t),
                                   log_cards=args.cards, executor=ex, options=options)
            res = until.result
        else:
            res = simulate_match(setups, ruleset, n=args.games, seed=args.seed, bots=bots,
                                 workers=args.workers or None, progress=progress, log_cards=args.cards, executor=ex,
                                 options=options)
    finally:
        if ex is not None:
            ex.shutdown()
    if bar is not None:
        bar.close()
    seconds = round(time.perf_counter() - start, 3)
    names = [d.name if d is not None else None for d in setups]
    if seats == 2:
        d: dict[str, Any] = res.to_dict()
        d.update(ruleset=ruleset, deck_a=names[0], deck_b=names[1], bot_a=bots[0], bot_b=bots[1],
                 seed=args.seed, seconds=seconds)
    else:
        d = res.to_seats_dict(names, bots)
        d.update(ruleset=ruleset, seed=args.seed, seconds=seconds)
    d["options"] = options
    if until is not None:
        d["until"] = until.summary()
    if not args.cards:
        d.pop("cards")
    if ex is not None:
        d["workers"] = ex.workers()
    if args.json:
        print(json.dumps(d, indent=2))
        return 0
    if seats == 2:
        _print_two(d, ruleset, args.seed)
    else:
        _print_many(d, ruleset, args.seed)
    if options:
        print("  rules changed: " + ", ".join(f"{k}={v}" for k, v in options.items()))
    if until is not None:
        print("  " + until.sentence())
    return 0


def _print_two(d: dict[str, Any], ruleset: str, seed: int) -> None:
    lo, hi = d["ci95_a"]
    print(f"{d['deck_a']} ({d['bot_a']}) vs {d['deck_b']} ({d['bot_b']}), {ruleset}, {d['games']} games, seed {seed}")
    print(f"  A wins {d['wins_a']}, B wins {d['wins_b']}, draws {d['draws']}")
    print(f"  win rate of A: {d['win_rate_a']:.3f}  (95% CI {lo:.3f}-{hi:.3f})")
    print(f"  first player wins {d['first_player_win_rate']:.3f} of decided games; mean length {d['mean_turns']:.1f} turns")
    print(f"  end reasons: {', '.join(f'{k} {v}' for k, v in sorted(d['end_reasons'].items()))}")


def _print_many(d: dict[str, Any], ruleset: str, seed: int) -> None:
    print(f"{ruleset}, {len(d['seats'])} seats, {d['games']} games, seed {seed}; shared wins {d['draws']}; "
          f"mean length {d['mean_turns']:.1f} turns")
    print(f"  {'seat':<5} {'deck':<24} {'bot':<11} {'wins':>6} {'shared':>6} {'win rate':>9}  {'95% CI':<13} {'mean place':>10}")
    for s in d["seats"]:
        lo, hi = s["ci95"]
        print(f"  {s['seat']:<5} {s['deck'] or '-':<24} {s['bot']:<11} {s['wins']:>6} {s['shared']:>6} "
              f"{s['win_rate']:>9.3f}  {lo:.3f}-{hi:.3f}   {s['mean_place']:>10.2f}")
    order = ", ".join(f"{o['position']}: {o['win_rate']:.3f}" for o in d["seat_order"])
    print(f"  win rate by position in the turn order (1 = played first): {order}")
    print(f"  end reasons: {', '.join(f'{k} {v}' for k, v in sorted(d['end_reasons'].items()))}")
