"""``fwlab position show FILE`` and ``fwlab position play FILE --actions "A; B; ..." [--dice 6,1,...]``:
positions as text (docs/positions.md) for every engine that has them.

The game is reached only through the engine registry (:func:`fwlab.rules.engines.load_position`),
so this module knows no game: it reads the file (JSON, or TOML when the name ends in ``.toml``),
hands it to the ruleset's engine, applies the actions as the engine prints them, and prints the
position the engine gives back. A malformed position, an action that cannot be parsed or is not
legal, and too few dice are ``ValueError``s naming the field or the action (``fwlab: error: ...``,
exit 2).
"""

from __future__ import annotations

import argparse
import json
import sys
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ..rules.core import Action, IllegalAction, TooFewDice
from ..rules.engines import engine_for, load_position, position_of, split_bot_list
from ..rulesets import SEAT_LABELS, family_of, info, known_rulesets


def add_rule_argument(p: argparse.ArgumentParser) -> None:
    from .cli import add_rule_argument as add

    add(p)


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "position", help="show a game position written as text, or play actions from it (docs/positions.md)",
        description="Positions as text (docs/positions.md): a game set up card by card from a JSON (or TOML) "
                    "file, shown with its decision and legal actions, or played on with given actions and dice.")
    psub = p.add_subparsers(dest="position_command", metavar="SUBCOMMAND")
    psub.required = True
    show = psub.add_parser("show", help="print a position, the decision asked and its legal actions",
                           description="Print the position of FILE: each seat's Capital, pool, hand, deck, "
                                       "graveyard and cards in play, the decision asked and its legal actions.")
    play = psub.add_parser("play", help="apply actions to a position (with given dice) and print the result",
                           description="Apply the actions (written as the engine prints them, e.g. 'attack 12; "
                                       "pass; block 40 12') to the position of FILE, with the die results given "
                                       "in order, then print the resulting position, whether the game ended, the "
                                       "outcome and the end reason.")
    for q in (show, play):
        q.add_argument("file", metavar="FILE", help="the position: a .json (or .toml) file, or - for standard input")
        q.add_argument("--catalog", default=None, metavar="PATH",
                       help="card catalog to read the cards from: a catalog file, a folder of them, or a catalogs "
                            "root holding <family>/ (default: the ruleset's own catalog)")
        q.add_argument("--filler", default=None, metavar="CARD",
                       help="fill each deck given only as deck_size with copies of this card")
        q.add_argument("--seed", type=int, default=None,
                       help="seed of the game's generator (dice not given, random discards); default: the "
                            "position's 'seed', else 0")
        q.add_argument("--json", action="store_true", help="print the position as JSON (docs/positions.md)")
        q.add_argument("--decks", action="store_true",
                       help="with --json: print every deck in full, top card first (not deck_size), so the "
                            "output loads again as the same state")
    play.add_argument("--actions", required=True, metavar='"A; B; ..."',
                      help="actions separated by ';', as the engine prints them")
    play.add_argument("--dice", default=None, metavar="6,1,...",
                      help="die results (1-6) to use in order; when more are needed the command fails "
                           "(without --dice the dice are rolled by the seeded generator)")
    show.set_defaults(func=run_show)
    play.set_defaults(func=run_play)

    start = psub.add_parser(
        "start", help="the position of a seeded game after N actions (a real mid-game position to edit)",
        description="Start a seeded game between the decks given (default: the ruleset's first starter decks; "
                    "for a game without decks, --players N seats), let the bots play N actions, and print "
                    "the position reached as JSON with every deck in full, top card first, so it loads again "
                    "with `fwlab position show|play`. A game that ends sooner stops at its last decision.")
    start.add_argument("decks", nargs="*", metavar="DECK", help="decklist file of each seat, in seat order")
    start.add_argument("--ruleset", required=True, help="the ruleset (`fwlab engines` lists them)")
    start.add_argument("--seed", type=int, default=0, help="seed of the game (default 0)")
    start.add_argument("--after", type=int, default=0, metavar="N",
                       help="actions the bots play before the position is taken (default 0: the first decision)")
    start.add_argument("--players", type=int, default=None, metavar="N", help="seats, for a game without decks")
    start.add_argument("--bots", default=None, metavar="B1,B2,...",
                       help="the bot of each seat (default: the engine's default bot)")
    start.add_argument("--first", default="a", metavar="SEAT", help="the seat that plays first (default a)")
    start.add_argument("-o", "--output", default=None, metavar="FILE",
                       help="write the position to FILE (JSON) and print it as a board instead")
    add_rule_argument(start)
    start.set_defaults(func=run_start)


# ---------------------------------------------------------------------- reading
def read_position(path: str) -> dict[str, Any]:
    """The position in ``path`` (``-``: standard input) as a dict: JSON, or TOML for a ``.toml`` file."""
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ValueError(f"{path}: cannot read the position: {exc}") from None
    try:
        data = tomllib.loads(text) if path.endswith(".toml") else json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{path}: not valid JSON: line {exc.lineno} column {exc.colno}: {exc.msg}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"{path}: not valid TOML: {exc}") from None
    if not isinstance(data, dict):
        raise ValueError(f"{path}: a position is a JSON object, not {type(data).__name__}")
    return data


def parse_dice(text: str) -> list[int]:
    """``"6,1, 3"`` -> ``[6, 1, 3]``; anything but die results 1-6 is an error naming it."""
    dice = []
    for bit in text.split(","):
        bit = bit.strip()
        if not bit:
            continue
        if not bit.isdigit() or not 1 <= int(bit) <= 6:
            raise ValueError(f"--dice: {bit!r} is not a die result (1 to 6)")
        dice.append(int(bit))
    return dice


def parse_actions(text: str) -> list[str]:
    return [a.strip() for a in text.split(";") if a.strip()]


def _load(args: argparse.Namespace, dice: Sequence[int] | None = None) -> tuple[str, Any]:
    data = read_position(args.file)
    if args.filler is not None:
        data["filler"] = args.filler
    if args.seed is not None:
        data["seed"] = args.seed
    ruleset = data.get("ruleset")
    catalog = None
    if args.catalog is not None and isinstance(ruleset, str):
        from ..catalog import load_catalog_from

        try:
            family = family_of(ruleset)
        except ValueError as exc:
            raise ValueError(f"{args.file}: ruleset: {exc}") from None
        catalog = load_catalog_from(args.catalog, family)
    try:
        game = load_position(data, catalog, dice=dice)
    except ValueError as exc:  # PositionError: the field and the reason
        raise ValueError(f"{args.file}: {exc}") from None
    return str(ruleset), game


# ---------------------------------------------------------------------- commands
def run_show(args: argparse.Namespace) -> int:
    ruleset, game = _load(args)
    pos = position_of(ruleset, game, deck=args.json and args.decks)
    print(json.dumps(pos, indent=1) if args.json else show(ruleset, pos, game.current_player()))
    return 0


def run_play(args: argparse.Namespace) -> int:
    dice = parse_dice(args.dice) if args.dice is not None else None
    actions = parse_actions(args.actions)
    if not actions:
        raise ValueError("--actions: no action given (separate actions with ';')")
    ruleset, game = _load(args, dice)
    for i, text in enumerate(actions, 1):
        where = f"action {i} {text!r}"
        try:
            action = Action.parse(text)
        except ValueError as exc:
            raise ValueError(f"{where}: {exc}") from None
        try:
            game.apply(action)
        except TooFewDice as exc:
            raise ValueError(f"{where}: {exc} ({len(dice or [])} given with --dice)") from None
        except IllegalAction as exc:
            raise ValueError(f"{where}: {exc}") from None
    pos = position_of(ruleset, game, deck=args.json and args.decks)
    rolled = list(game.record.dice)
    pos["played"] = {"actions": actions, "dice": rolled}
    if args.json:
        print(json.dumps(pos, indent=1))
        return 0
    print(show(ruleset, pos, game.current_player()))
    note = ""
    if dice is not None and len(dice) > len(rolled):
        note = f" ({len(dice) - len(rolled)} of the dice given were not needed)"
    print(f"played: {'; '.join(actions)}")
    print(f"dice: {', '.join(map(str, rolled)) or 'none'}{note}")
    return 0


def run_start(args: argparse.Namespace) -> int:
    from ..decks import load_deck
    from ..decks.starters import starter_decks
    from .cli import rule_args
    from .play import bot_seed, start_match

    ruleset = str(args.ruleset)
    if ruleset not in known_rulesets():
        raise ValueError(f"--ruleset: unknown ruleset {ruleset!r}; expected one of {', '.join(known_rulesets())}")
    eng = engine_for(ruleset)
    eng.positions()  # a clear error for an engine without positions
    options = rule_args(args, ruleset)
    r = info(ruleset)
    lo, hi = r.seats
    setups: list[Any]
    if r.uses_decks:
        if args.decks:
            setups = [load_deck(p) for p in args.decks]
        else:
            starters = starter_decks(ruleset)
            if len(starters) < lo:
                raise ValueError(f"{ruleset} has {len(starters)} starter decks: give {lo} deck files")
            setups = list(starters[:lo])
    else:
        if args.decks:
            raise ValueError(f"{ruleset} is played without decks; give --players N instead of deck files")
        setups = [None] * (args.players if args.players is not None else lo)
    seats = len(setups)
    if not lo <= seats <= hi:
        raise ValueError(f"{ruleset} is played by {lo if lo == hi else f'{lo} to {hi}'} seats, not {seats}")
    first = SEAT_LABELS.index(args.first) if args.first in SEAT_LABELS[:seats] else None
    if first is None:
        raise ValueError(f"--first: {args.first!r} is not one of the seats {', '.join(SEAT_LABELS[:seats])}")
    names = split_bot_list(args.bots) if args.bots else [eng.default_bot] * seats
    if len(names) != seats:
        raise ValueError(f"--bots names {len(names)} bots for {seats} seats")
    if args.after < 0:
        raise ValueError("--after must be 0 or more")
    game = start_match(ruleset, setups, args.seed, first, log_cards=False, record=True, **options)
    bots = [eng.make_bot(n, bot_seed(args.seed, s)) for s, n in enumerate(names)]
    played = 0
    while played < args.after:
        if game.is_terminal():
            break
        nxt = game.clone()
        nxt.apply(bots[nxt.current_player()].choose(nxt))
        if nxt.is_terminal():  # a finished game cannot be set up: stop at its last decision
            break
        game = nxt
        played += 1
    if played < args.after:
        print(f"fwlab: note: the game ends after {played + 1} actions; the position is the one before its "
              f"last action (after {played})", file=sys.stderr)
    pos = position_of(ruleset, game, deck=True)
    for k in ("legal_actions", "terminal", "outcome"):  # printed-only: a file may leave them out
        pos.pop(k, None)
    pos["seed"] = args.seed
    text = json.dumps(pos, indent=1)
    if args.output:
        Path(args.output).write_text(text + "\n", encoding="utf-8")
        print(show(ruleset, position_of(ruleset, game), game.current_player()))
        print(f"written to {args.output} ({played} actions after the start, seed {args.seed})")
    else:
        print(text)
    return 0


# ---------------------------------------------------------------------- the text form
def show(ruleset: str, pos: Mapping[str, Any], deciding: int) -> str:
    """The position as text, by the engine's own renderer when it has one (else :func:`render`)."""
    own = engine_for(ruleset).render_position
    return own(pos, deciding) if own is not None else render(pos, deciding)


def _label(seat: int) -> str:
    return SEAT_LABELS[seat] if 0 <= seat < len(SEAT_LABELS) else str(seat)


def render(pos: Mapping[str, Any], deciding: int) -> str:
    """A position dict (docs/positions.md) as a readable board: a header, each seat, the combat so far,
    the event waiting for an answer, then the legal actions or the outcome."""
    names: dict[int, str] = {}
    for s in pos["seats"]:
        for c in s.get("hand", []):
            names[c["id"]] = c["card"]
        for u in s.get("in_play", []):
            names[u["id"]] = u["card"]
            for a in u.get("attachments", []):
                names[a["id"]] = a["card"]
    ans = pos.get("answering")
    if ans:
        names[ans["id"]] = ans["card"]

    def card(i: int) -> str:
        return f"{names.get(i, '?')} #{i}"

    lines = [f"{pos['ruleset']} · turn {pos['turn']} · seat {_label(pos['active'])} active · "
             + (f"decision: {pos['decision']} (seat {_label(deciding)} decides)" if not pos["terminal"]
                else "game over")]
    for p, s in enumerate(pos["seats"]):
        grave = s.get("graveyard", [])
        deck = s["deck_size"] if "deck_size" in s else len(s.get("deck", []))
        head = f"seat {_label(p)}{' (active)' if p == pos['active'] else ''}: Capital {s['capital']} · pool {s['pool']} · deck {deck}"
        head += f" · graveyard {len(grave)}" + (f": {', '.join(grave)}" if grave else "")
        if s.get("removed"):
            head += f" · removed: {', '.join(s['removed'])}"
        lines.append(head)
        hand = s.get("hand", [])
        lines.append("  hand: " + (", ".join(card(c["id"]) for c in hand) if hand else "(empty)"))
        lines.append("  in play:" + ("" if s.get("in_play") else " (nothing)"))
        for u in s.get("in_play", []):
            row = f"    {card(u['id'])}  {u['att']}/{u['def']}/{u['dmg']}  Hp {u['hp'] - u['damage']}/{u['hp']}"
            flags = [f for f, on in (("locked", u.get("locked")), ("deployed this turn", u.get("deployed_this_turn")))
                     if on]
            if u.get("buff"):
                flags.append("buff " + " ".join(f"{k} {v:+d}" for k, v in u["buff"].items()))
            if u.get("used_effects"):
                flags.append("effect used: " + ", ".join(map(str, u["used_effects"])))
            if flags:
                row += "  " + ", ".join(flags)
            if u.get("attachments"):
                row += "  with " + ", ".join(card(a["id"]) for a in u["attachments"])
            lines.append(row)
    combat = pos.get("combat")
    if combat:
        lines.append("combat: attackers " + ", ".join(card(a) for a in combat["attackers"]))
        if combat.get("blocks"):
            lines.append("  blocks: " + "; ".join(f"{card(b)} blocks {card(a)}" for b, a in combat["blocks"]))
        if combat.get("objectives"):
            lines.append("  objectives: " + "; ".join(combat["objectives"]))
        if combat.get("strikebacks"):
            lines.append("  strikes back: " + "; ".join(f"{card(sc)} at {card(a)}" for sc, a in combat["strikebacks"]))
        if combat.get("tricks_passed"):
            lines.append(f"  tricks window: seat {_label(pos['active'])} has passed")
    if ans:
        target = f" on {card(ans['target'])}" if ans.get("target", -1) != -1 else ""
        lines.append(f"waiting for an answer: seat {_label(ans['seat'])}'s {card(ans['id'])}{target} "
                     f"(played in the {ans.get('during', 'deploy')} decision)")
    out = pos.get("outcome")
    if pos["terminal"] and out:
        first = [_label(i) for i, place in enumerate(out["places"]) if place == 1]
        who = f"seat {first[0]} wins" if len(first) == 1 else "a draw"
        lines.append(f"the game is over: {who} (end reason: {out['end_reason']})")
    else:
        acts = pos.get("legal_actions", [])
        lines.append(f"legal actions ({len(acts)}): " + "; ".join(acts))
    return "\n".join(lines)
