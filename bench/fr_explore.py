"""Free Realms field explorer: the starter field played with a bot class and a catalog of one's choice.

    FWLAB_NATIVE=0 .venv/bin/python bench/fr_explore.py -n 200 [--bot mod:Class] [--changes c.toml]
        [--decks DIR] [--rule name=value ...] [--workers 2]

Prints per pairing the first player's win rate, the turn-cap share, turns and the hand at the end,
then the field's figures and each deck's round-robin win rate. For trying bot and catalog variants
quickly (a bot class given by module path is imported in each worker, compiled or not).
"""

from __future__ import annotations

import argparse
import importlib
import itertools
import multiprocessing as mp
import time
from pathlib import Path
from typing import Any

from fwlab.catalog.overrides import catalog_with_overrides
from fwlab.decks import load_deck
from fwlab.decks.starters import starter_paths
from fwlab.rules.engines import check_rule_options
from fwlab.rules.options import parse_assignments
from fwlab.stats import wilson

_STATE: dict[str, Any] = {}


def _init(bot: str, changes: str | None, options: dict[str, Any], xform: str | None = None,
          vs: str | None = None) -> None:
    import tomllib

    from fwlab.catalog import load_catalog

    mod, cls = bot.split(":")
    _STATE["bot"] = getattr(importlib.import_module(mod), cls)
    _STATE["vs"] = None
    if vs:
        mod, cls = vs.split(":")
        _STATE["vs"] = getattr(importlib.import_module(mod), cls)
    if changes:
        with open(changes, "rb") as fh:
            ov = tomllib.load(fh)
        ov.pop("rules", None)
        _STATE["cat"] = catalog_with_overrides("fr", ov)
    else:
        _STATE["cat"] = load_catalog("fr")
    if xform:  # a Python expression over a card's fields ``f`` (with ``type``): its changed fields or None
        ov = {}
        for c in _STATE["cat"]:
            f = dict(c.fields)
            f["type"] = c.type
            ch = eval(xform, {"f": f})
            if ch:
                ov[c.name] = ch
        from fwlab.catalog.overrides import apply_overrides

        _STATE["cat"] = apply_overrides(_STATE["cat"], ov)
    _STATE["options"] = options


def _play(job: tuple[int, tuple[str, ...], tuple[str, ...], int, int, int]) -> list[tuple[int, ...]]:
    from fwlab.rules.freerealms.engine import new_game
    from fwlab.rules.freerealms.game import play_out

    pi, da, dbk, seed, start, count = job
    Bot = _STATE["bot"]
    out = []
    for g in range(start, start + count):
        first = g % 2
        swap = (g // 2) % 2   # decks change seats every two games
        decks = [dbk, da] if swap else [da, dbk]
        gs = seed * 1_000_003 + pi * 10_007 + g
        game = new_game("fr", decks, gs, first, log_cards=False, record=False, catalog=_STATE["cat"],
                        **_STATE["options"])
        bots = [Bot(seed=gs * 2 + 1), Bot(seed=gs * 2 + 2)]
        seat_a = (g // 4) % 2   # with --vs: the seat the main bot plays (the other plays --vs)
        if _STATE["vs"] is not None:
            bots[1 - seat_a] = _STATE["vs"](seed=gs * 2 + 3)
        play_out(game, bots)
        o = game.outcome
        assert o is not None
        w = -1 if o.places[0] == o.places[1] else (0 if o.places[0] == 1 else 1)
        # winner as deck index (0 = da, 1 = dbk), first player's deck, cap, turns, hands
        wdeck = -1 if w < 0 else (w ^ swap)
        fdeck = first ^ swap
        out.append((wdeck, fdeck, 1 if o.end_reason == "turn-cap" else 0, game.turn,
                    len(game.seats[0].hand) + len(game.seats[1].hand), w == first,
                    -1 if w < 0 else int(w == seat_a)))
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--bot", default="fwlab.bots.freerealms.heuristic:HeuristicBot")
    ap.add_argument("--changes", default=None)
    ap.add_argument("--xform", default=None, help="a Python expression over a card's fields f: its changes")
    ap.add_argument("--decks", default=None, help="a folder of decklists instead of data/decks/fr")
    ap.add_argument("--rule", action="append", default=[])
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--vs", default=None, help="the opponent's bot class: reports the main bot's win rate")
    ap.add_argument("--only", default=None, help="comma-separated deck file stems")
    args = ap.parse_args()
    _init(args.bot, args.changes, {}, args.xform, args.vs)   # fail here, not in every worker
    try:
        opts = check_rule_options("fr", parse_assignments(args.rule))   # the --rule of fwlab health
    except ValueError as e:
        ap.error(str(e))
    paths = sorted(Path(args.decks).glob("*.txt")) if args.decks else starter_paths("fr")
    if args.only:
        keep = set(args.only.split(","))
        paths = [p for p in paths if p.stem in keep]
    decks = [load_deck(p) for p in paths]
    names = [tuple(d.cards()) for d in decks]
    pairs = list(itertools.combinations_with_replacement(range(len(decks)), 2))
    jobs = []
    chunk = max(1, args.n // 4)
    for pi, (a, b) in enumerate(pairs):
        for s in range(0, args.n, chunk):
            jobs.append((pi, names[a], names[b], args.seed, s, min(chunk, args.n - s)))
    t0 = time.perf_counter()
    with mp.get_context("fork").Pool(args.workers, _init, (args.bot, args.changes, opts, args.xform, args.vs)) as pool:
        results = pool.map(_play, jobs)
    per: dict[int, list[tuple[int, ...]]] = {}
    for job, res in zip(jobs, results):
        per.setdefault(job[0], []).extend(res)
    pts = [0.0] * len(decks)
    played = [0] * len(decks)
    tot_first = tot = caps = 0.0
    outside = 0
    worst = []
    for pi, (a, b) in enumerate(pairs):
        rows = per[pi]
        n = len(rows)
        fw = sum(1.0 if r[5] else (0.5 if r[0] < 0 else 0.0) for r in rows)
        cap = sum(r[2] for r in rows)
        turns = sum(r[3] for r in rows) / n
        hand = sum(r[4] for r in rows) / (2 * n)
        lo, hi = wilson(fw, n)
        rate = fw / n
        flag = "" if 0.40 <= rate <= 0.60 else " !"
        if cap / n > 0.02:
            flag += " CAP"
        outside += rate > 0.60 or rate < 0.40
        worst.append(rate)
        print(f"  {decks[a].name:<18} vs {decks[b].name:<18} first {rate:.3f} [{lo:.3f},{hi:.3f}] "
              f"cap {cap / n:.3f} turns {turns:5.1f} hand {hand:4.1f}{flag}")
        tot_first += fw
        tot += n
        caps += cap
        if a != b:
            for r in rows:
                for k, dk in ((a, 0), (b, 1)):
                    played[k] += 1
                    pts[k] += 1.0 if r[0] == dk else (0.5 if r[0] < 0 else 0.0)
    if args.vs:
        allr = [r for rows in per.values() for r in rows]
        wa = sum(1.0 if r[6] == 1 else (0.5 if r[6] < 0 else 0.0) for r in allr)
        lo, hi = wilson(wa, len(allr))
        print(f"bot {args.bot} vs {args.vs}: {wa / len(allr):.3f} [{lo:.3f},{hi:.3f}] over {len(allr)} games")
    lo, hi = wilson(tot_first, tot)
    print(f"field: first {tot_first / tot:.3f} [{lo:.3f},{hi:.3f}]  pairings outside {outside}/{len(pairs)} "
          f"({min(worst):.3f}-{max(worst):.3f})  cap {caps / tot:.4f}  ({time.perf_counter() - t0:.0f} s)")
    for k, d in enumerate(decks):
        if played[k]:
            lo, hi = wilson(pts[k], played[k])
            print(f"  deck {d.name:<18} {pts[k] / played[k]:.3f} [{lo:.3f},{hi:.3f}]")


if __name__ == "__main__":
    main()
