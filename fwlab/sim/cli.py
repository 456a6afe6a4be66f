"""``fwlab simulate``: a matchup between two decklists, with a progress bar and optional JSON."""

from __future__ import annotations

import argparse
import json
import sys
import time

from ..bots import BOTS, DEFAULT_BOT
from ..catalog import CatalogError
from ..decks import load_deck
from .play import ENGINES
from .runner import simulate


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "simulate", help="play N games between two decks with bots",
        description="Play N seeded games of DECK_A against DECK_B (who goes first alternates) and print the "
                    "win rate of A with its 95%% Wilson interval. The same seed gives the same result "
                    "whatever the number of workers.")
    p.add_argument("deck_a", help="decklist file of deck A")
    p.add_argument("deck_b", help="decklist file of deck B")
    p.add_argument("-n", "--games", type=int, default=1000, help="number of games (default 1000)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--ruleset", choices=ENGINES, default=None, help="default: deck A's ruleset")
    p.add_argument("--bot-a", choices=sorted(BOTS), default=DEFAULT_BOT)
    p.add_argument("--bot-b", choices=sorted(BOTS), default=DEFAULT_BOT)
    p.add_argument("--workers", type=int, default=1, help="worker processes (default 1; 0 = one per core)")
    p.add_argument("--cards", action="store_true", help="log per-card statistics (slower)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run)


def _check(deck_path: str, ruleset: str) -> object:
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


def run(args: argparse.Namespace) -> int:
    first = load_deck(args.deck_a)
    ruleset = args.ruleset or first.ruleset
    if ruleset not in ENGINES:
        raise CatalogError(f"no rules engine for {ruleset} yet; simulations run for {', '.join(ENGINES)}",
                           file=args.deck_a, field="ruleset")
    deck_a, deck_b = _check(args.deck_a, ruleset), _check(args.deck_b, ruleset)
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

    res = simulate(deck_a, deck_b, n=args.games, seed=args.seed, ruleset=ruleset,  # type: ignore[arg-type]
                   bots=(args.bot_a, args.bot_b), workers=args.workers or None, progress=progress,
                   log_cards=args.cards)
    if bar is not None:
        bar.close()
    d = res.to_dict()
    d.update(ruleset=ruleset, deck_a=first.name, deck_b=deck_b.name, bot_a=args.bot_a, bot_b=args.bot_b,  # type: ignore[attr-defined]
             seed=args.seed, seconds=round(time.perf_counter() - start, 3))
    if args.json:
        if not args.cards:
            d.pop("cards")
        print(json.dumps(d, indent=2))
        return 0
    lo, hi = d["ci95_a"]
    print(f"{d['deck_a']} ({args.bot_a}) vs {d['deck_b']} ({args.bot_b}), {ruleset}, {d['games']} games, seed {args.seed}")
    print(f"  A wins {d['wins_a']}, B wins {d['wins_b']}, draws {d['draws']}")
    print(f"  win rate of A: {d['win_rate_a']:.3f}  (95% CI {lo:.3f}-{hi:.3f})")
    print(f"  first player wins {d['first_player_win_rate']:.3f} of decided games; mean length {d['mean_turns']:.1f} turns")
    print(f"  end reasons: {', '.join(f'{k} {v}' for k, v in sorted(d['end_reasons'].items()))}")
    return 0
