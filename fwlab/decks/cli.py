"""``fwlab deck check|stats|odds|fill``: validation with reasons, statistics, draw odds and the helper."""

from __future__ import annotations

import argparse
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from ..rulesets import known_rulesets
from .decklist import format_decklist, load_deck, read_decklist
from .helper import fill_deck
from .odds import deploy_odds, draw_odds
from .stats import deck_stats
from .validate import validate


def _check(args: argparse.Namespace) -> int:
    deck = read_decklist(args.file)
    problems = validate(deck)
    if args.json:
        print(json.dumps({"valid": not problems, "deck": deck.name, "ruleset": deck.ruleset, "cards": deck.size,
                          "problems": [p.to_dict() for p in problems]}, indent=2))
    elif problems:
        print(f"{deck.name} ({deck.ruleset}, {deck.size} cards) is not legal:")
        for p in problems:
            print(f"  [{p.rule}] {p.message}")
    else:
        print(f"{deck.name} ({deck.ruleset}, {deck.size} cards) is legal.")
    return 1 if problems else 0


def _stats(args: argparse.Namespace) -> int:
    deck = load_deck(args.file)
    s = deck_stats(deck)
    out = s.to_dict()
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    print(f"{s.name} ({s.ruleset}): {s.cards} cards")
    if s.curve:
        print("curve (cost: cards): " + ", ".join(f"{k}: {v}" for k, v in s.curve.items()))
    print("types: " + ", ".join(f"{k} {v}" for k, v in s.types.items()))
    if s.subtypes:
        print("subtypes: " + ", ".join(f"{k} {v}" for k, v in s.subtypes.items()))
    if s.mix_field:
        print(f"{s.mix_field} mix: " + ", ".join(f"{k} {v}" for k, v in s.mix.items()))
    if s.average_gems is not None and s.gem_histogram is not None:
        print(f"average gems: {s.average_gems:.2f}  (cards by gem count: "
              + ", ".join(f"{k}: {v}" for k, v in s.gem_histogram.items()) + ")")
    for stat, prof in s.profile.items():
        print(f"{stat}: mean {prof['mean']:.2f}, range {prof['min']}-{prof['max']}")
    return 0


def _odds(args: argparse.Namespace) -> int:
    deck = load_deck(args.file)
    out: dict[str, Any] = {}
    if args.deploy:
        out["deploy"] = deploy_odds(deck, args.turns).to_dict()
    if args.card or args.type or args.max_cost is not None or args.min_cost is not None:
        if args.card:
            res = draw_odds(deck, args.card, k=args.at_least, turns=args.turns, going_first=not args.second)
        else:
            def group(c: Any) -> bool:
                return ((args.type is None or c.type == args.type)
                        and (args.max_cost is None or (c.cost is not None and c.cost <= args.max_cost))
                        and (args.min_cost is None or (c.cost is not None and c.cost >= args.min_cost)))

            label = " ".join(x for x in (args.type or "cards",
                                         f"cost <= {args.max_cost}" if args.max_cost is not None else "",
                                         f"cost >= {args.min_cost}" if args.min_cost is not None else "") if x)
            res = draw_odds(deck, group=group, k=args.at_least, turns=args.turns, going_first=not args.second,
                            label=label)
        out.update(res.to_dict())
    elif not args.deploy:
        raise ValueError("give --card NAME, a group (--type, --max-cost, --min-cost) or --deploy")
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    if "turn" in out:
        print(f"{out['label']}: {out['copies']} of {out['deck_size']} cards, "
              f"going {'second' if args.second else 'first'}")
        for t, seen, p1, pk in zip(out["turn"], out["seen"], out["p_at_least_one"], out["p_at_least_k"]):
            extra = f", at least {args.at_least}: {pk:.3f}" if args.at_least != 1 else ""
            print(f"  turn {t:2d} ({seen} cards seen): at least one {p1:.3f}{extra}")
    if "deploy" in out:
        d = out["deploy"]
        print("able to deploy something (Res of the cycle, Scenarios' extra Res ignored):")
        for t, r, p, q in zip(d["turn"], d["resources"], d["p_deploy"], d["p_every_turn"]):
            print(f"  turn {t} ({r} Res): {p:.3f}   on every turn so far: {q:.3f}")
    return 0


def _write_atomic(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _fill(args: argparse.Namespace) -> int:
    if args.core:
        core_deck = read_decklist(args.core)
        ruleset, core, name = core_deck.ruleset, core_deck.counts(), args.name or core_deck.name
    elif args.ruleset:
        ruleset, core, name = args.ruleset, {}, args.name
    else:
        raise ValueError("give a core decklist file or --ruleset")
    deck = fill_deck(ruleset, core, args.seed, name=name)
    text = format_decklist(deck)
    if args.out:
        _write_atomic(Path(args.out), text)
        print(f"wrote {args.out} ({deck.size} cards)")
    else:
        print(text, end="")
    return 0


def register(sub: Any) -> None:
    p = sub.add_parser("deck", help="deck validation, statistics, draw odds and the deck builder helper")
    dsub = p.add_subparsers(dest="deck_command", metavar="ACTION")
    dsub.required = True

    c = dsub.add_parser("check", help="validate a decklist; exit 0 when legal, 1 when not")
    c.add_argument("file")
    c.add_argument("--json", action="store_true")
    c.set_defaults(func=_check)

    s = dsub.add_parser("stats", help="curve, types, mix, gems and attack/defence profile")
    s.add_argument("file")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=_stats)

    o = dsub.add_parser("odds", help="P(at least k of a card or group in hand by each of your turns)")
    o.add_argument("file")
    o.add_argument("--card", help="a card name")
    o.add_argument("--type", help="group: cards of this type (creature, event …)")
    o.add_argument("--max-cost", type=int, help="group: cards costing at most this")
    o.add_argument("--min-cost", type=int, help="group: cards costing at least this")
    o.add_argument("--at-least", type=int, default=1, metavar="K")
    o.add_argument("--turns", type=int, default=10)
    o.add_argument("--second", action="store_true", help="you go second")
    o.add_argument("--deploy", action="store_true",
                   help="rulesets with a resource cycle: P(able to deploy something) on each turn "
                        "(exact enumeration)")
    o.add_argument("--json", action="store_true")
    o.set_defaults(func=_odds)

    f = dsub.add_parser("fill", help="deck builder helper: complete a legal deck around chosen cards")
    f.add_argument("core", nargs="?", help="a decklist with the chosen cards (its ruleset: line is used)")
    f.add_argument("--ruleset", choices=known_rulesets(), help="with no core file: the ruleset of the deck")
    f.add_argument("--seed", type=int, default=0)
    f.add_argument("--name")
    f.add_argument("--out", help="write the deck here instead of printing it")
    f.set_defaults(func=_fill)
