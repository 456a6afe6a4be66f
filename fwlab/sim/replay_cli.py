"""``fwlab replay``: one game told action by action, turn by turn, in the terminal (docs/game-viewer.md).

The game is game ``--game I`` of a simulation (the decks, bots, rules and ``--seed`` of ``fwlab
simulate``: the very game the simulator plays as its game I), a game record
(``--record FILE``, a :class:`~fwlab.rules.core.GameRecord` as JSON), or a position file played on by the bots (``--position FILE``); or the
first game of the simulation that is a win, a loss, the longest... (``--find``). Everything goes
through :mod:`fwlab.sim.replay`, which knows no game.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..rulesets import SEAT_LABELS

#: how a step's numbers are named: the card ids an action names, looked up in the position
_MAX_NAMES = 3


def register(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser(
        "replay", help="one game told action by action, turn by turn (a simulated game, a record, a position)",
        description="Replay one game and print its story: each turn, each action with the seat that took it, the "
                    "dice rolled and the cards taken from the decks, the figures of each seat (Capital, scored "
                    "cards, Life and score, coins) at every turn, and the result. Game I of a simulation is the "
                    "very game `fwlab simulate` plays as its game I (same decks, bots, --seed, --rule). "
                    "Or --record FILE (a game record as JSON), or --position FILE (the bots "
                    "play on from a position, docs/positions.md).")
    p.add_argument("decks", nargs="*", metavar="DECK", help="decklist file of each seat, in seat order")
    p.add_argument("--ruleset", default=None, help="ruleset (default: the first deck's)")
    p.add_argument("--players", type=int, default=None, metavar="N", help="seats, for a game without decks")
    p.add_argument("--bots", default=None, metavar="B1,B2,...",
                   help="one bot per seat, comma-separated (default: the engine's default bot)")
    p.add_argument("--seed", type=int, default=None,
                   help="the simulation's seed (default 0), as fwlab simulate --seed; with --position, the seed of "
                        "the bots and the game's chance (default the position's)")
    p.add_argument("--game", type=int, default=0, metavar="I", help="the game's index in the simulation (from 0)")
    p.add_argument("--find", default=None, choices=("win", "loss", "draw", "longest", "shortest", "card"),
                   help="instead of --game: the first game among the first --games that seat --seat won, lost, "
                        "drew, in which it drew --card, or the longest/shortest of them")
    p.add_argument("--games", type=int, default=100, metavar="N", help="with --find: games to look through (100)")
    p.add_argument("--seat", default="a", metavar="SEAT", help="with --find: the seat (default a)")
    p.add_argument("--card", default=None, metavar="NAME", help="with --find card: the card drawn")
    p.add_argument("--record", default=None, metavar="FILE",
                   help="a game record as JSON (GameRecord.to_dict: setups, seed, first, actions, dice, options), "
                        "its actions applied in order")
    p.add_argument("--position", default=None, metavar="FILE",
                   help="a position file (docs/positions.md) from which the bots play on (--seed seeds them "
                        "and the game's chance, default the position's)")
    p.add_argument("--match", default=None, metavar="MATCH_ID",
                   help="a simulated league match of the store (--db), replayed from its seats' decks and bots, its "
                        "game seed, first seat and rules; the story ends with the stored result beside the replay's")
    p.add_argument("--db", default=None, help="with --match: the store (default: data/fwlab.duckdb or $FWLAB_DB)")
    p.add_argument("--view", default="all", metavar="SEAT|all",
                   help="all (default): the whole truth; a seat (a, b, ...): only what that seat sees (the other "
                        "seats' draws as counts, their hands hidden on boards)")
    p.add_argument("--board", action="store_true",
                   help="print the board (as `fwlab position show` does) at the start of every turn")
    p.add_argument("--json", action="store_true",
                   help="print the replay as JSON: its source, setups, every step (position left out) and outcome")
    from .cli import add_rule_argument

    add_rule_argument(p)
    p.set_defaults(func=run, stored_replay=None)
    return p


def _seat(text: str, seats: int, what: str) -> int:
    t = text.strip().lower()
    if t in SEAT_LABELS[:seats]:
        return SEAT_LABELS.index(t)
    raise ValueError(f"{what}: {text!r} is not one of the seats {', '.join(SEAT_LABELS[:seats])}")


def load_setups(args: argparse.Namespace) -> tuple[str, list[Any]]:
    """The ruleset and one setup per seat from ``DECK ...``, ``--ruleset`` and ``--players``."""
    from ..decks import load_deck
    from ..rulesets import info, known_rulesets

    decks = [load_deck(p) for p in args.decks]
    ruleset = args.ruleset or (decks[0].ruleset if decks else None)
    if ruleset is None:
        raise ValueError("give --ruleset (or deck files)")
    if ruleset not in known_rulesets():
        raise ValueError(f"--ruleset: unknown ruleset {ruleset!r}; expected one of {', '.join(known_rulesets())}")
    r = info(ruleset)
    if r.uses_decks:
        if not decks:
            raise ValueError(f"{ruleset} needs a deck file per seat")
        return ruleset, list(decks)
    if decks:
        raise ValueError(f"{ruleset} is played without decks; give --players N instead of deck files")
    return ruleset, [None] * (args.players if args.players is not None else r.seats[0])


def read_record(path: str) -> Any:
    """A :class:`~fwlab.rules.core.GameRecord` from a JSON file (its ``to_dict`` form)."""
    from pathlib import Path

    from ..rules.core import GameRecord

    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        return GameRecord.from_dict(data)
    except OSError as exc:
        raise ValueError(f"{path}: cannot read the record: {exc}") from None
    except (json.JSONDecodeError, KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"{path}: not a game record (GameRecord.to_dict JSON): {exc}") from None


def _names(pos: dict[str, Any], action: str) -> str:
    """The card names behind the ids an action names (``#20 Veteran Pikeman``), looked up in the position."""
    from .replay import HIDDEN, card_names

    names = card_names(pos)
    out = []
    for bit in action.split()[1:]:
        if bit.lstrip("-").isdigit() and int(bit) in names and names[int(bit)] != HIDDEN:
            out.append(f"#{bit} {names[int(bit)]}")
    return f"  ({', '.join(out[:_MAX_NAMES])})" if out else ""


def story(replay: Any, view: int | None = None, board: bool = False) -> str:
    """The replay as text, turn by turn: a header per turn with each seat's figures, one line per action."""
    from .position_cli import show
    from .replay import view_of

    r = replay
    lines = [header(r)]
    last_turn = None
    for step in r.steps:
        if step.turn != last_turn:
            last_turn = step.turn
            figs = " · ".join(f"{name} " + " ".join(f"{SEAT_LABELS[s]} {v}" for s, v in enumerate(vals))
                              for name, vals in step.figures.items())
            lines.append(f"turn {step.turn}" + (f" · {figs}" if figs else ""))
            if board:
                pos = view_of(step.position, view)
                lines.extend("  | " + ln for ln in show(r.ruleset, pos, max(step.seat, 0)).splitlines())
        if step.action is None:
            continue
        pos = view_of(step.position, view)
        chance = chance_text(step, view)
        lines.append(f"  {step.index + 1:>4}. {SEAT_LABELS[step.seat]}: {step.action}{_names(pos, step.action)}"
                     + (f"   [{chance}]" if chance else ""))
    lines.append("result: " + (r.result_text() if r.places else f"unfinished after {r.turns} turns"))
    rec = r.source.get("recorded")
    if rec:
        same = (rec.get("winner") == r.winner and rec.get("end_reason") == r.end_reason
                and rec.get("turns") == r.turns)
        lines.append(f"as stored: winner {rec.get('winner')} ({rec.get('end_reason')}) after {rec.get('turns')} "
                     f"turns: {'the same' if same else 'DIFFERENT from the replay'}")
    return "\n".join(lines)


def chance_text(step: Any, view: int | None) -> str:
    """A step's chance as ``view`` sees it: another seat's cards from its deck as a count."""
    if view is None:
        return str(step.chance_text())
    bits = ["dice " + ", ".join(map(str, step.dice))] if step.dice else []
    for seat, cards in step.revealed:
        who = "the shared deck" if seat is None else f"seat {SEAT_LABELS[seat]}'s deck"
        shown = ", ".join(cards) if seat == view else f"{len(cards)} card{'s' if len(cards) != 1 else ''}"
        bits.append(f"from {who}: {shown}")
    for seat in step.reshuffled:
        bits.append(("the shared deck" if seat is None else f"seat {SEAT_LABELS[seat]}'s deck") + " reshuffled")
    return "; ".join(bits)


def header(r: Any) -> str:
    src = r.source
    seats = " vs ".join(f"{SEAT_LABELS[s]}: {r.bots[s]}" for s in range(r.num_seats))
    if src.get("kind") == "simulation":
        where = f"game {src['index']} of the simulation seeded {src['seed']}"
    elif src.get("kind") == "store":
        where = f"stored match {src['match_id']}"
    elif src.get("kind") == "record":
        where = "a game record"
    else:
        where = f"position {src.get('file', '')}".rstrip()
    opts = f" · rules {json.dumps(r.options)}" if r.options else ""
    return (f"{r.ruleset} · {where} · game seed {r.seed} · seat {SEAT_LABELS[r.first]} first · {seats}{opts} · "
            f"{len(r.actions)} actions")


def build(args: argparse.Namespace) -> Any:
    """The replay the arguments ask for."""
    from ..rules.engines import split_bot_list
    from . import replay as rp
    from .cli import rule_args
    from .position_cli import read_position

    if sum(x is not None for x in (args.record, args.position, args.match)) > 1:
        raise ValueError("give one of --record, --position and --match")
    if args.match is not None:
        # the store is read by fwlab.store.replay_cmd, which registers this command with its reader
        # (the simulator imports no store: pyproject's import contracts)
        if args.stored_replay is None:
            raise ValueError("--match reads the store: run it as `fwlab replay --match ID`")
        return args.stored_replay(args.db, args.match)
    if args.record is not None:
        return rp.replay_record(read_record(args.record), source={"kind": "record", "file": args.record})

    bots = split_bot_list(args.bots) if args.bots else None
    if args.position is not None:
        data = read_position(args.position)
        try:
            return rp.replay_position(data, bots, args.seed, source={"kind": "position", "file": args.position})
        except ValueError as exc:
            raise ValueError(f"{args.position}: {exc}") from None
    ruleset, setups = load_setups(args)
    options = rule_args(args, ruleset)
    index = args.game
    seed = 0 if args.seed is None else args.seed
    if args.find:
        if args.find == "card" and not args.card:
            raise ValueError("--find card needs --card NAME (the card the seat drew)")
        seat = _seat(args.seat, len(setups), "--seat")
        hit = rp.find_game(ruleset, setups, args.find, bots, seed, args.games, seat, args.card, options)
        if hit is None:
            raise ValueError(f"none of the first {args.games} games is a {args.find}"
                             + (f" with {args.card} drawn" if args.find == "card" else "")
                             + f" for seat {SEAT_LABELS[seat]} (--games N looks through more)")
        index = hit[0]
    return rp.replay_game(ruleset, setups, bots, seed, index, options)


def run(args: argparse.Namespace) -> int:
    r = build(args)
    view = None if args.view.strip().lower() == "all" else _seat(args.view, r.num_seats, "--view")
    if args.json:
        d = r.to_dict()
        d["view"] = "all" if view is None else SEAT_LABELS[view]
        if view is not None:
            for s in d["steps"]:
                s["chance"]["revealed"] = [
                    {"seat": x["seat"], "cards": x["cards"] if x["seat"] == SEAT_LABELS[view] else len(x["cards"])}
                    for x in s["chance"]["revealed"]]
        print(json.dumps(d, indent=1))
        return 0
    print(story(r, view, args.board))
    return 0
