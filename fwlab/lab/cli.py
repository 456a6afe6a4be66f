"""``fwlab whatif`` (a change set or a sweep re-played over a field of decks), ``fwlab tune`` (the
deck tuner) and ``fwlab lab runs|show`` (past runs kept in the store)."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from ..paths import default_db


def register(sub: argparse._SubParsersAction) -> None:
    w = sub.add_parser(
        "whatif", help="re-play a field of decks after a change to some cards (paired, with the equilibrium meta)",
        description="Play every pairing of a field of decks (mirrors included) before and after a change set, "
                    "on the same seeds (common random numbers; seats take turns to play first), and print "
                    "each deck's field win rate before and after with the change and its paired 95% "
                    "interval, the matchup matrices, the equilibrium meta and the health figures (first-player "
                    "win rate, draws, game length, end-reason mix). A change set may change the rules too: a "
                    "[rules] table of the engine's rule options (fwlab engines --options) is played after, a "
                    "[base_rules] table before and after. With --sweep, play the field at each value of one "
                    "card's field. See docs/balance-lab.md.")
    w.add_argument("--ruleset", required=True)
    w.add_argument("--changes", metavar="FILE",
                   help="change set (TOML or JSON: [\"Card Name\"] then field = value; [rules] then option = value)")
    w.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE",
                   help="a rule option played after the change (repeatable; on top of the change set's [rules])")
    w.add_argument("--sweep", metavar="CARD.FIELD=LO..HI",
                   help="play the field at each value of one field (e.g. \"Ashfang Raider.att=1..5\"), on top of "
                        "--changes")
    w.add_argument("--decks", nargs="+", metavar="DECK",
                   help="the field: decklist files, starter ids (fw/ashfang-raid) or stored deck ids "
                        "(default: the ruleset's starter decks)")
    w.add_argument("--meta", metavar="SHARES.csv", help="CSV deck,share: also report win rates against this meta")
    w.add_argument("-n", "--games", type=int, default=500, help="games per pairing and variant (default 500)")
    w.add_argument("--seed", type=int, default=0)
    w.add_argument("--workers", type=int, default=1, help="worker processes (default 1; 0 = one per core)")
    w.add_argument("--cluster", default=None, metavar="ADDRESS",
                   help="send the batches to this Dask scheduler (default $FWLAB_CLUSTER; the same result)")
    w.add_argument("--bots", default=None, metavar="A,B", help="bot of seat A and of seat B (default: the engine's)")
    w.add_argument("--skill", default=None, metavar="L1,L2,...",
                   help="replay the what-if at each level of skill (bot specs both seats play, e.g. "
                        "heuristic,ismcts:iters=200) on the same seeds, and print per deck the change at each level "
                        "and whether the levels agree on its sign and significance; the first level plays -n games "
                        "per pairing, the others --skill-games (not kept in the store)")
    w.add_argument("--skill-games", type=int, default=None, metavar="N",
                   help="games per pairing at the levels after the first (default: 3%% of -n, at least 6: a search level costs about a thousand times the heuristic)")
    from ..sim.cli import add_until_arguments

    add_until_arguments(w, "each deck's paired change in field win rate (after minus before)", " (games a pairing)")
    _store_args(w)
    w.add_argument("--json", action="store_true", help="print one JSON object")
    w.set_defaults(func=run_whatif)

    t = sub.add_parser(
        "tune", help="search better decks near a deck by card swaps, raced on paired seeds",
        description="Hill-climb over single card swaps (one copy out, one legal card in) against a gauntlet, "
                    "racing candidates on paired seeds so weak ones stop early, then re-test the best deck and "
                    "the starting one on fresh seeds. See docs/balance-lab.md.")
    t.add_argument("deck", metavar="DECK", help="decklist file, starter id (fw/ashfang-raid) or stored deck id")
    t.add_argument("--ruleset", default=None, help="ruleset (default: the deck's)")
    t.add_argument("--gauntlet", nargs="+", metavar="DECK", help="opponents (default: the ruleset's starter decks)")
    t.add_argument("--budget", type=int, default=50_000, help="games in all, re-test included (default 50000)")
    t.add_argument("--seed", type=int, default=0)
    t.add_argument("--keep", nargs="+", default=[], metavar="CARD", help="cards never swapped out")
    t.add_argument("--candidates", type=int, default=16, help="swaps raced per step (default 16)")
    t.add_argument("--workers", type=int, default=1, help="worker processes (default 1; 0 = one per core)")
    t.add_argument("--cluster", default=None, metavar="ADDRESS",
                   help="send the batches to this Dask scheduler (default $FWLAB_CLUSTER; the same result)")
    t.add_argument("--bots", default=None, metavar="A,B", help="bot of the tuned deck and of the gauntlet")
    t.add_argument("--out", metavar="FILE", help="write the best decklist here (ready for `fwlab deck check`)")
    t.add_argument("--confirm-skill", default=None, metavar="SPEC",
                   help="re-test the tuned deck at this higher level of skill (a bot spec both seats play, e.g. "
                        "ismcts:iters=200) against the gauntlet before it is offered: with no gain there, --out is "
                        "not written")
    t.add_argument("--confirm-games", type=int, default=40, metavar="N",
                   help="games per opponent and deck of --confirm-skill (default 40)")
    _store_args(t)
    t.add_argument("--json", action="store_true", help="print one JSON object")
    t.set_defaults(func=run_tune)

    lab = sub.add_parser("lab", help="past balance lab runs kept in the store",
                         description="List or reopen the what-if, sweep and tune runs kept in the store.")
    lsub = lab.add_subparsers(dest="lab_command", metavar="COMMAND")
    lsub.required = True
    r = lsub.add_parser("runs", help="list past runs, newest first", description="List past lab runs, newest first.")
    r.add_argument("--kind", choices=("whatif", "sweep", "tune"))
    r.add_argument("--ruleset")
    r.add_argument("--db", default=None, help="store (default: data/fwlab.duckdb or $FWLAB_DB)")
    r.add_argument("--json", action="store_true")
    r.set_defaults(func=run_runs)
    s = lsub.add_parser("show", help="print a past run's result", description="Print a past lab run's result.")
    s.add_argument("run_id")
    s.add_argument("--db", default=None, help="store (default: data/fwlab.duckdb or $FWLAB_DB)")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=run_show)


def _store_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--db", default=None, help="store to keep the run in, when it exists (default: data/fwlab.duckdb "
                                              "or $FWLAB_DB); also where stored deck ids are looked up")
    p.add_argument("--no-store", action="store_true", help="do not keep the run in the store")


class _Bar:
    """A progress bar on stderr once a run has taken more than a second (tqdm, only on a terminal)."""

    def __init__(self) -> None:
        self.start = time.perf_counter()
        self.bar: Any = None

    def __call__(self, done: int, total: int) -> None:
        if self.bar is None and sys.stderr.isatty() and time.perf_counter() - self.start > 1.0:
            from tqdm import tqdm

            self.bar = tqdm(total=total, unit="game", file=sys.stderr)
        if self.bar is not None:
            self.bar.total = total
            self.bar.n = done
            self.bar.refresh()

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def _db(args: argparse.Namespace) -> Path:
    return Path(args.db) if args.db else default_db()


def _keep(args: argparse.Namespace, kind: str, ruleset: str, params: dict[str, Any], result: dict[str, Any],
          summary: str) -> str | None:
    """Save the run when the store exists (a locked store is a warning, not an error)."""
    db = _db(args)
    if args.no_store or not db.exists():
        return None
    from ..store import StoreError
    from .runs import save_run

    try:
        return save_run(db, kind, ruleset, params, result, summary)
    except StoreError as exc:
        print(f"fwlab: warning: the run was not kept in the store: {exc}", file=sys.stderr)
        return None


def _bots(arg: str | None) -> list[str] | None:
    from ..rules.engines import split_bot_list

    return split_bot_list(arg) if arg else None


def _native_note(ruleset: str) -> None:
    from .. import native
    from ..rules.engines import engine_for

    note = native.fallback_note(engine_for(ruleset).name)
    if note:
        print(note, file=sys.stderr)


def _executor(args: argparse.Namespace, ruleset: str) -> Any:
    """The Dask cluster executor of ``--cluster`` / ``$FWLAB_CLUSTER``, or None to run here."""
    from ..cluster import cluster_address, executor_for
    from ..rules.engines import engine_for

    address = cluster_address(args.cluster)
    return None if address is None else executor_for(address, engine_for(ruleset).name)


def rules_summary(rules: dict[str, Any], base_rules: dict[str, Any] | None = None) -> str:
    """``rules: turn_cap=8`` (and ``base rules: ...``) for a run's one-line summary; empty without rules."""
    parts = []
    for label, table in (("base rules", base_rules or {}), ("rules", rules)):
        if table:
            parts.append(f"{label}: " + ", ".join(f"{k}={_value(v)}" for k, v in table.items()))
    return "; ".join(parts)


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, list | tuple):
        return ",".join(map(str, v))
    return str(v)


def run_whatif(args: argparse.Namespace) -> int:
    from ..rules.options import parse_assignments
    from .changes import ChangeSet, check_rules, json_rules, load_change_set
    from .whatif import read_meta, sweep, whatif, whatif_until

    ruleset = args.ruleset
    from ..rulesets import known_rulesets

    if ruleset not in known_rulesets():
        raise ValueError(f"unknown ruleset {ruleset!r}; expected one of {', '.join(known_rulesets())}")
    if not args.changes and not args.sweep and not args.rule:
        raise ValueError("give --changes FILE, --rule NAME=VALUE, --sweep CARD.FIELD=LO..HI, or some of them")
    cs = load_change_set(args.changes, ruleset) if args.changes else ChangeSet()
    if args.rule:
        cs = ChangeSet(cs.cards, {**cs.rules, **check_rules(ruleset, parse_assignments(args.rule), "--rule")},
                       cs.base_rules)
    changes = cs.cards or None
    meta = read_meta(args.meta) if args.meta else None
    if args.games < 1:
        raise ValueError("-n must be at least 1")
    _native_note(ruleset)
    bar = _Bar()
    db = _db(args)
    ex = _executor(args, ruleset)
    common: dict[str, Any] = dict(decks=args.decks, n=args.games, seed=args.seed, bots=_bots(args.bots),
                                  workers=args.workers or None, progress=bar, db=db, executor=ex)
    params = {"ruleset": ruleset, "changes_file": args.changes, "changes": changes, "rules": json_rules(cs.rules),
              "base_rules": json_rules(cs.base_rules), "decks": args.decks, "meta": meta, "n": args.games,
              "seed": args.seed, "bots": args.bots, "sweep": args.sweep}
    rules_note = rules_summary(json_rules(cs.rules), json_rules(cs.base_rules))
    from ..sim.cli import check_until

    until_ci = check_until(args)
    if until_ci is not None and (args.sweep or getattr(args, "skill", None)):
        raise ValueError("--until-ci goes with one what-if (--changes / --rule), not with --sweep or --skill")
    if getattr(args, "skill", None):
        return _run_skill_whatif(args, ruleset, cs, meta, common, bar, ex)
    try:
        if args.sweep:
            if meta:
                raise ValueError("--meta goes with --changes alone, not with --sweep")
            sres = sweep(ruleset, args.sweep, changes=cs, **common)
            d = sres.to_dict()
            kind, summary = "sweep", f"{sres.card}.{sres.field} = {sres.values[0]}..{sres.values[-1]}"
            summary = "; ".join(x for x in (summary, rules_note) if x)
        elif until_ci is not None:
            res, stop = whatif_until(ruleset, cs, until_ci, args.max_games, meta=meta,
                                     **{k: v for k, v in common.items() if k != "n"})
            d = res.to_dict()
            d["until"] = stop
            params.update(n=stop["games"], until_ci=until_ci, max_games=stop["max_games"])
            cards = ", ".join(f"{c}: " + ", ".join(f"{k}={v}" for k, v in f.items()) for c, f in cs.cards.items())
            kind, summary = "whatif", "; ".join(x for x in (cards, rules_note) if x) or "(no change)"
        else:
            res = whatif(ruleset, cs, meta=meta, **common)
            d = res.to_dict()
            cards = ", ".join(f"{c}: " + ", ".join(f"{k}={v}" for k, v in f.items()) for c, f in cs.cards.items())
            kind, summary = "whatif", "; ".join(x for x in (cards, rules_note) if x) or "(no change)"
    finally:
        bar.close()
        if ex is not None:
            ex.shutdown(cancel_futures=True)
    if ex is not None:
        d["workers"] = ex.workers()
    run_id = _keep(args, kind, ruleset, params, d, summary)
    d["run_id"] = run_id
    if args.json:
        print(json.dumps(d, indent=1))
        return 0
    if kind == "sweep":
        print_sweep(d)
    else:
        print_whatif(d)
        if "until" in d:
            u = d["until"]
            print(f"stopped after {u['games']} games a pairing: every deck's paired 95% interval is within "
                  f"±{u['half_width']:.4f}" + (f" (±{u['until_ci']:g} asked)" if u["reached"] else
                                               f", wider than the ±{u['until_ci']:g} asked: the cap of "
                                               f"{u['max_games']} games a pairing")
                  + f"; Karsten's rule of thumb: about {u['karsten_games']} games")
    if run_id:
        print(f"kept in the store as {run_id} (fwlab lab show {run_id})")
    return 0


def _run_skill_whatif(args: argparse.Namespace, ruleset: str, cs: Any, meta: Any, common: dict[str, Any], bar: Any,
                      ex: Any) -> int:
    """``fwlab whatif --skill``: the what-if at each level (:func:`fwlab.lab.skill.skill_whatif`)."""
    from .skill import render_skill_whatif, skill_whatif

    try:
        if args.sweep:
            raise ValueError("--skill goes with --changes or --rule, not with --sweep")
        if args.bots:
            raise ValueError("--skill names the bots of every level: leave out --bots")
        kw = {k: v for k, v in common.items() if k != "bots"}
        res = skill_whatif(ruleset, cs, args.skill, costly_games=args.skill_games, meta=meta, **kw)
    finally:
        bar.close()
        if ex is not None:
            ex.shutdown(cancel_futures=True)
    d = res.to_dict()
    if ex is not None:
        d["workers"] = ex.workers()
    if args.json:
        print(json.dumps(d, indent=1))
    else:
        print(render_skill_whatif(d))
    return 0


def _short(deck: str) -> str:
    return deck.split("/", 1)[-1]


def print_whatif(d: dict[str, Any]) -> None:
    ids = [r["deck"] for r in d["decks"]]
    ch = d["changes"]
    print(f"what-if, {d['ruleset']}: {len(ids)} decks, {d['games_per_pairing']} games per pairing before and after "
          f"({d['games']} games, seed {d['seed']}, {d['seconds']:.1f} s)")
    for card, fields in ch.items():
        print(f"  {card}: " + ", ".join(f"{k} = {v}" for k, v in fields.items()))
    rules, base_rules = d.get("rules") or {}, d.get("base_rules") or {}
    if base_rules:
        print("  rules before and after: " + ", ".join(f"{k} = {_value(v)}" for k, v in base_rules.items()))
    if rules:
        print("  rules after: " + ", ".join(f"{k} = {_value(v)}" for k, v in rules.items()))
    if not ch and not rules:
        print("  (empty change set: the same games twice)")
    print()
    print(f"  {'deck':<22} {'before':>7} {'after':>7} {'change':>8}  {'paired 95% CI':<17} {'eq. before':>10} "
          f"{'eq. after':>9}")
    for r in d["decks"]:
        lo, hi = r["delta_ci95"]
        print(f"  {_short(r['deck']):<22} {r['before']:>7.3f} {r['after']:>7.3f} {r['delta']:>+8.3f}  "
              f"[{lo:+.3f}, {hi:+.3f}]  {d['equilibrium_before'][r['deck']]:>10.2f} "
              f"{d['equilibrium_after'][r['deck']]:>9.2f}")
    if d.get("meta_decks"):
        print("\n  against the meta (" + ", ".join(f"{_short(k)} {v:.2f}" for k, v in d["meta"].items() if v) + ")")
        for r in d["meta_decks"]:
            lo, hi = r["delta_ci95"]
            print(f"  {_short(r['deck']):<22} {r['before']:>7.3f} {r['after']:>7.3f} {r['delta']:>+8.3f}  "
                  f"[{lo:+.3f}, {hi:+.3f}]")
    for title, key, fmt in (("before", "matrix_before", "{:>6.2f}"), ("after", "matrix_after", "{:>6.2f}"),
                            ("change", "matrix_delta", "{:>+6.2f}")):
        print(f"\n  matchups {title} (row deck's win rate against the column deck)")
        print("  " + " " * 22 + "".join(f"{_short(i)[:6]:>7}" for i in ids))
        for i, row in zip(ids, d[key]):
            print(f"  {_short(i):<22}" + "".join(" " + fmt.format(x) for x in row))
    if d.get("health"):
        print_health(d["health"])


def print_health(h: dict[str, Any]) -> None:
    """The what-if's health figures: before, after, change and its paired 95% interval."""
    print(f"\n  game health over the field ({h['games']} games a side, every pairing, mirrors included)")
    print(f"  {'figure':<26} {'before':>8} {'after':>8} {'change':>9}  paired 95% CI")
    rows = [("first player's win rate", h["first_player"], "{:.3f}", "{:+.3f}"),
            ("draws", h["draws"], "{:.3f}", "{:+.3f}"), ("turns a game", h["turns"], "{:.2f}", "{:+.2f}")]
    rows += [(f"ended by {r}", f, "{:.3f}", "{:+.3f}") for r, f in h["end_reasons"].items()]
    for label, f, fmt, dfmt in rows:
        lo, hi = f["delta_ci95"]
        print(f"  {label:<26} {fmt.format(f['before']):>8} {fmt.format(f['after']):>8} "
              f"{dfmt.format(f['delta']):>9}  [{dfmt.format(lo)}, {dfmt.format(hi)}]")


def print_sweep(d: dict[str, Any]) -> None:
    ids = list(d["deck_names"])
    print(f"sweep, {d['ruleset']}: {d['card']}.{d['field']} over {d['values']}; {len(ids)} decks, "
          f"{d['games_per_pairing']} games per pairing and value ({d['games']} games, seed {d['seed']}, "
          f"{d['seconds']:.1f} s)")
    print("\n  field win rate at each value (base: the catalog" + (" plus the change set" if d["changes"] else "")
          + ")")
    print(f"  {'deck':<22} {'base':>6}" + "".join(f"{str(v):>8}" for v in d["values"]) + "   nearest 50%")
    base = {r["deck"]: r["before"] for r in d["points"][0]["decks"]}
    for dk in ids:
        rates = d["win_rates"][dk]
        print(f"  {_short(dk):<22} {base[dk]:>6.3f}" + "".join(f"{x:>8.3f}" for x in rates)
              + f"   {d['nearest_50'][dk]}")


def run_tune(args: argparse.Namespace) -> int:
    from ..decks import load_deck
    from .tune import tune

    ruleset = args.ruleset
    if ruleset is None:
        p = Path(args.deck)
        if p.is_file():
            ruleset = load_deck(p).ruleset
        elif "/" in args.deck:
            ruleset = args.deck.split("/", 1)[0]
        else:
            raise ValueError("give --ruleset (the deck is not a file or a ruleset/deck id)")
    _native_note(ruleset)
    bar = _Bar()
    ex = _executor(args, ruleset)
    try:
        res = tune(args.deck, ruleset, args.gauntlet, budget=args.budget, seed=args.seed, keep=args.keep,
                   bots=_bots(args.bots), candidates=args.candidates, workers=args.workers or None, progress=bar,
                   db=_db(args), executor=ex)
    finally:
        bar.close()
        if ex is not None:
            ex.shutdown(cancel_futures=True)
    d = res.to_dict()
    if ex is not None:
        d["workers"] = ex.workers()
    offered = True
    if args.confirm_skill:
        conf = _confirm_skill(args, ruleset, res)
        d["confirm_skill"] = conf
        offered = bool(conf["holds"]) and bool(res.swaps)
    if args.out and offered:
        Path(args.out).write_text(res.decklist, encoding="utf-8")
    params = {"deck": args.deck, "ruleset": ruleset, "gauntlet": args.gauntlet, "budget": args.budget,
              "seed": args.seed, "keep": args.keep, "bots": args.bots, "candidates": args.candidates,
              "confirm_skill": args.confirm_skill}
    summary = f"{res.deck}: {len(res.swaps)} swap(s), {res.start_win_rate:.3f} -> {res.best_win_rate:.3f}"
    run_id = _keep(args, "tune", ruleset, params, d, summary)
    d["run_id"] = run_id
    if args.json:
        print(json.dumps(d, indent=1))
        return 0
    print_tune(d)
    if d.get("confirm_skill"):
        c = d["confirm_skill"]
        print(f"\n  at {c['level']} ({c['games_per_opponent']} games per opponent and deck): start "
              f"{c['start_win_rate']:.3f}, tuned {c['best_win_rate']:.3f}, change {c['delta']:+.3f} "
              f"[{c['delta_ci95'][0]:+.3f}, {c['delta_ci95'][1]:+.3f}]: "
              + ("the gain holds" + (" (significant)" if c["significant"] else " (not significant)") if c["holds"]
                 else "NO GAIN at this skill: the tuned deck is not offered"))
    if args.out and offered:
        print(f"decklist written to {args.out}")
    elif args.out:
        print(f"decklist not written to {args.out}")
    if run_id:
        print(f"kept in the store as {run_id} (fwlab lab show {run_id})")
    return 0


def _confirm_skill(args: argparse.Namespace, ruleset: str, res: Any) -> dict[str, Any]:
    """``--confirm-skill``: :func:`fwlab.lab.skill.confirm_skill` of the tune's start and best decks."""
    from ..decks.decklist import parse_decklist, resolve
    from .changes import resolve_deck, starter_field
    from .skill import confirm_skill

    start = resolve_deck(args.deck, ruleset, _db(args)).deck
    best = resolve(parse_decklist(res.decklist, "<tuned>", ruleset))
    gl = starter_field(ruleset) if not args.gauntlet else [resolve_deck(g, ruleset, _db(args)) for g in args.gauntlet]
    return confirm_skill(ruleset, start, best, gl, args.confirm_skill, n=args.confirm_games, seed=args.seed,
                         workers=args.workers or None).to_dict()


def print_tune(d: dict[str, Any]) -> None:
    print(f"tune {d['deck']} ({d['ruleset']}) against {len(d['gauntlet'])} decks: {d['games']} games of a budget "
          f"of {d['budget']}, seed {d['seed']}, {d['seconds']:.1f} s ({d['stopped'] or 'done'})")
    if not d["swaps"]:
        print("  no swap beat the deck with confidence")
    for i, s in enumerate(d["steps"], start=1):
        print(f"  {i}. -1 {s['swap']['out']}, +1 {s['swap']['in']}  (selection: {s['delta']:+.3f} on {s['games']} "
              f"paired games, lower bound {s['lower']:+.3f}; at {s['seconds']:.1f} s)")
    print(f"\n  re-test on fresh seeds, {d['confirm_games']} games per deck:")
    print(f"  start {d['start_win_rate']:.3f} [{d['start_ci95'][0]:.3f}, {d['start_ci95'][1]:.3f}]   "
          f"best {d['best_win_rate']:.3f} [{d['best_ci95'][0]:.3f}, {d['best_ci95'][1]:.3f}]   "
          f"change {d['delta']:+.3f} [{d['delta_ci95'][0]:+.3f}, {d['delta_ci95'][1]:+.3f}]")
    if d["counts_diff"]:
        print("  " + ", ".join(f"{v:+d} {k}" for k, v in d["counts_diff"].items()))


def _store_call(fn: Any, *a: Any, **kw: Any) -> Any:
    from ..store import StoreError

    try:
        return fn(*a, **kw)
    except StoreError as exc:  # locked or unreadable: a message, exit status 2
        raise ValueError(str(exc)) from None


def run_runs(args: argparse.Namespace) -> int:
    from .runs import list_runs

    db = _db(args)
    if not db.exists():
        raise ValueError(f"{db} does not exist; run `fwlab init` first")
    runs = _store_call(list_runs, db, kind=args.kind, ruleset=args.ruleset)
    if args.json:
        print(json.dumps([{k: v for k, v in r.to_dict().items() if k != "result"} for r in runs], indent=1))
        return 0
    if not runs:
        print("no lab runs in the store")
    for r in runs:
        print(f"{r.run_id:<34} {r.created_at:%Y-%m-%d %H:%M}  {r.kind:<6} {r.ruleset:<8} {r.summary}")
    return 0


def run_show(args: argparse.Namespace) -> int:
    from .runs import load_run

    db = _db(args)
    if not db.exists():
        raise ValueError(f"{db} does not exist; run `fwlab init` first")
    run = _store_call(load_run, db, args.run_id)
    if args.json:
        print(json.dumps(run.to_dict(), indent=1, default=str))
        return 0
    {"whatif": print_whatif, "sweep": print_sweep, "tune": print_tune}[run.kind](run.result)
    return 0
