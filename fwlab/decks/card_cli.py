"""``fwlab card show|list``: one card of a ruleset's catalog as text, JSON or its face as SVG
(docs/card-faces.md), and the catalog's names."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from ..catalog import load_catalog
from ..rules.faces import card_face, face_data, face_svg, find_card
from ..rulesets import known_rulesets


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, list):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k} = {_value(x)}" for k, x in v.items()) + "}"
    return json.dumps(v, ensure_ascii=False) if isinstance(v, str) else str(v)


def card_text(ruleset: str, name: str) -> str:
    """The card as the terminal prints it: its face's headline (cost, type, stats, keywords, text)
    and then every catalog field as written in its file."""
    card = find_card(ruleset, name)
    spec = card_face(ruleset, card)
    lines = [spec.name, spec.type_line]
    if spec.corner:
        lines.append("cost: " + ", ".join(p.title or p.text for p in spec.corner))
    if spec.emblem is not None:
        lines.append(spec.emblem.title or spec.emblem.text)
    if spec.stats:
        lines.append("  ".join(f"{s.label} {s.value}" for s in spec.stats))
    if spec.gems:
        lines.append("gems: " + ", ".join(p.title or p.color for p in spec.gems))
    lines += [f"* {k}" for k in spec.keywords]
    if spec.text:
        lines.append(spec.text)
    if spec.flavour:
        lines.append(f"“{spec.flavour}”")
    if spec.footer:
        lines.append(spec.footer)
    lines.append("")
    lines.append(f"fields ({card.source}:{card.line}):")
    width = max(len(k) for k in card.fields)
    lines += [f"  {k.ljust(width)} = {_value(v)}" for k, v in card.fields.items()]
    return "\n".join(lines)


def _show(args: argparse.Namespace) -> int:
    card = find_card(args.ruleset, args.name)
    if args.svg:
        Path(args.svg).write_text(face_svg(args.ruleset, card, width=args.width) + "\n", encoding="utf-8")
    if args.json:
        print(json.dumps(face_data(args.ruleset, card), indent=2, ensure_ascii=False))
    else:
        print(card_text(args.ruleset, card.name))
        if args.svg:
            print(f"\nface written to {args.svg} ({args.width} px wide)")
    return 0


def _list(args: argparse.Namespace) -> int:
    cards = sorted(load_catalog(args.ruleset), key=lambda c: c.name)
    if args.type:
        cards = [c for c in cards if c.type == args.type]
    if args.json:
        print(json.dumps([{"name": c.name, "type": c.type, "cost": c.cost} for c in cards], indent=2))
        return 0
    for c in cards:
        print(f"{c.name}  ({c.type}{'' if c.cost is None else f', cost {c.cost}'})")
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("card", help="one card of a catalog: its fields as text or JSON, its face as SVG",
                       description="One card of a ruleset's catalog: `card show` prints its fields and writes "
                                   "its face (docs/card-faces.md); `card list` names the cards.")
    cmds = p.add_subparsers(dest="card_command", metavar="SUBCOMMAND")
    cmds.required = True
    show = cmds.add_parser("show", help="a card's fields as text (or --json); --svg FILE writes its face",
                           description="Print a card's face (cost, type, stats, keywords, text) and every catalog "
                                       "field; --svg writes the face as a self-contained SVG. An unknown name is "
                                       "an error naming the closest cards.")
    show.add_argument("name", metavar="NAME", help="the card's name (case ignored)")
    show.add_argument("--ruleset", default=known_rulesets()[0], choices=known_rulesets(),
                      help=f"ruleset (default {known_rulesets()[0]}, the registry's first)")
    show.add_argument("--svg", metavar="FILE", help="write the card's face to FILE as SVG")
    show.add_argument("--width", type=_width, default=250,
                      help="the face's width in pixels (default 250; below 170 the thumbnail layout)")
    show.add_argument("--json", action="store_true", help="the card's fields and its face spec as JSON")
    show.set_defaults(func=_show)
    ls = cmds.add_parser("list", help="the names of a ruleset's cards",
                         description="Every card name of a ruleset's catalog, with its type and cost.")
    ls.add_argument("--ruleset", default=known_rulesets()[0], choices=known_rulesets(),
                    help=f"ruleset (default {known_rulesets()[0]}, the registry's first)")
    ls.add_argument("--type", help="only cards of this type (creature, event, ...)")
    ls.add_argument("--json", action="store_true", help="as JSON")
    ls.set_defaults(func=_list)


def _width(text: str) -> int:
    try:
        w = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a width in pixels, not {text!r}") from None
    if not 16 <= w <= 4000:
        raise argparse.ArgumentTypeError(f"a width from 16 to 4000 pixels, not {w}")
    return w
