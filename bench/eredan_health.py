"""How Eredan games end over the starter field: the end-reason mix, kills, deck-outs, first-player rate.

    .venv/bin/python bench/eredan_health.py [--per 100] [--seed 0] [--pairs] [--json] [--bot JSON]
        [--changes FILE.toml|JSON] [--workers 2]

Every pairing of the starter decks (``data/decks/eredan/``, mirrors included, 25 in all) plays
``--per`` games with the heuristic bot on both seats, the seat that wins the initiative alternating.
Printed, overall and (``--pairs``) per pairing: the end-reason mix (``dead``: a side lost its three
characters; ``deck-out``; ``turn-cap``), characters killed per game, how often each character and
each class was killed (per game it played), the first player's win rate (the seat with the
initiative), the turns a game lasts, and the deck-outs the bots *forced*: a discard made with five
cards or fewer in hand (the heuristic's "throw the hand" habit, bots/eredan/discard.py) by the side
that then ran out, with how often that side won, and each deck's win rate over its games against
the other decks (mirrors left out, as ``bench/starters.py`` counts). ``--changes`` plays a change
set (the balance lab's TOML or JSON of catalog fields by card) instead of the shipped catalog: the
tool the catalog was tuned with. Pure Python unless a native build matches.
"""

from __future__ import annotations

import argparse
import itertools
import json
import time
from collections import Counter
from typing import Any

HAND = 5


class Watch:
    """Wraps a bot: records the discards it makes with no more than five cards in hand (by choice)."""

    def __init__(self, bot: Any, seat: int, log: list[tuple[int, int, int, int]]) -> None:
        self.bot, self.seat, self.log = bot, seat, log

    def choose(self, g: Any) -> Any:
        a = self.bot.choose(g)
        s = g.seats[self.seat]
        if a.kind == "discard" and len(s.hand) <= HAND:
            self.log.append((self.seat, g.turn, len(s.deck), len(s.hand)))
        return a


def _catalog(changes: dict[str, Any] | None) -> Any:
    from fwlab.catalog.overrides import catalog_with_overrides

    return catalog_with_overrides("eredan", changes or None)


def play_pair(k: int, i: int, j: int, per: int, seed: int, bot: dict[str, Any] | None = None,
              changes: dict[str, Any] | None = None) -> dict[str, Any]:
    """Pairing ``k`` (deck ``i`` in seat a, deck ``j`` in seat b): ``per`` games."""
    from fwlab.bots.eredan.heuristic import HeuristicBot
    from fwlab.decks.starters import starter_decks
    from fwlab.rules.eredan.engine import compiled_deck
    from fwlab.rules.eredan.game import new_game, play_out
    from fwlab.sim.play import _names

    kw = bot or {}
    cat = _catalog(changes)
    starters = starter_decks("eredan")
    da, db = compiled_deck(cat, _names(starters[i])), compiled_deck(cat, _names(starters[j]))
    ends: Counter[str] = Counter()
    killed_by_name: Counter[str] = Counter()
    played_by_name: Counter[str] = Counter()
    kills = 0
    first_wins = 0.0
    turns = 0
    forced = forced_won = 0
    wins_a = 0.0
    for n in range(per):
        gseed = seed + k * 100003 + n
        first = n % 2
        log: list[tuple[int, int, int, int]] = []
        bots = [Watch(HeuristicBot(gseed * 2 + 1, **kw), 0, log),
                Watch(HeuristicBot(gseed * 2 + 2, **kw), 1, log)]
        g = new_game(da, db, gseed, record=False, first=first)
        play_out(g, bots)
        out = g.outcome
        ends[out.end_reason] += 1
        turns += g.turn
        places = out.places
        draw = places[0] == places[1]
        first_wins += 0.5 if draw else float(places[first] == 1)
        wins_a += 0.5 if draw else float(places[0] == 1)
        for s in g.seats:
            for c in s.chars:
                played_by_name[c.d.name] += 1
                if c.dead:
                    kills += 1
                    killed_by_name[c.d.name] += 1
        if out.end_reason == "deck-out":
            for s in g.seats:
                # the refill that failed came after turn g.turn - 1: without that turn's discards
                # by choice, would the deck have filled the hand?
                mine = [e for e in log if e[0] == s.idx and e[1] == g.turn - 1]
                if s.decked and mine and HAND - (mine[-1][3] - 1 + len(mine)) <= mine[-1][2]:
                    forced += 1
                    forced_won += 0 if draw else int(places[s.idx] == 1)
    return {"a": starters[i].name, "b": starters[j].name, "games": per, "ends": dict(ends),
            "kills_per_game": kills / per, "first_player": first_wins / per, "a_wins": wins_a / per,
            "turns": turns / per, "forced_deck_outs": forced, "forced_won": forced_won,
            "killed": dict(killed_by_name), "played": dict(played_by_name)}


def play_field(per: int, seed: int, bot: dict[str, Any] | None = None, changes: dict[str, Any] | None = None,
               workers: int = 1) -> dict[str, Any]:
    from concurrent.futures import ProcessPoolExecutor

    from fwlab.decks.starters import starter_decks

    cat = _catalog(changes)
    starters = starter_decks("eredan")
    classes = {c.name: "/".join(c.get("classes")) for c in cat.by_type("character")}
    jobs = [(k, i, j, per, seed, bot, changes)
            for k, (i, j) in enumerate(itertools.product(range(len(starters)), repeat=2))]
    if workers > 1:
        with ProcessPoolExecutor(workers) as ex:
            pairs = list(ex.map(play_pair, *zip(*jobs)))
    else:
        pairs = [play_pair(*job) for job in jobs]
    total = sum(p["games"] for p in pairs)
    ends = Counter[str]()
    killed: Counter[str] = Counter()
    played: Counter[str] = Counter()
    for p in pairs:
        ends.update(p["ends"])
        killed.update(p["killed"])
        played.update(p["played"])
    by_class_k: Counter[str] = Counter()
    by_class_p: Counter[str] = Counter()
    for name, n in played.items():
        by_class_p[classes[name]] += n
        by_class_k[classes[name]] += killed[name]
    forced = sum(p["forced_deck_outs"] for p in pairs)
    won: Counter[str] = Counter()
    met: Counter[str] = Counter()
    for p in pairs:
        if p["a"] != p["b"]:
            won[p["a"]] += p["a_wins"] * p["games"]
            won[p["b"]] += (1 - p["a_wins"]) * p["games"]
            met[p["a"]] += p["games"]
            met[p["b"]] += p["games"]
    return {
        "games": total,
        "ends": {r: ends[r] / total for r in ("dead", "deck-out", "turn-cap")},
        "kills_per_game": sum(p["kills_per_game"] * p["games"] for p in pairs) / total,
        "first_player": sum(p["first_player"] * p["games"] for p in pairs) / total,
        "turns": sum(p["turns"] * p["games"] for p in pairs) / total,
        "forced_deck_outs": forced,
        "forced_deck_outs_won": sum(p["forced_won"] for p in pairs),
        "killed_rate_by_character": {n: killed[n] / played[n] for n in sorted(played)},
        "killed_rate_by_class": {c: by_class_k[c] / by_class_p[c] for c in sorted(by_class_p)},
        "deck_win_rate": {d: won[d] / met[d] for d in sorted(met)},
        "pairs": pairs,
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--per", type=int, default=100, help="games per pairing (default 100; 25 pairings)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--pairs", action="store_true", help="print every pairing too")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--bot", default="{}", help="HeuristicBot keyword arguments as JSON, e.g. '{\"force_margin\": 99}'")
    ap.add_argument("--changes", help="a change set (TOML or JSON file) played instead of the shipped catalog")
    ap.add_argument("--workers", type=int, default=1)
    args = ap.parse_args()
    changes = None
    if args.changes:
        from fwlab.lab.changes import load_changes

        changes = load_changes(args.changes, "eredan")
    t0 = time.perf_counter()
    r = play_field(args.per, args.seed, json.loads(args.bot), changes, args.workers)
    if args.json:
        print(json.dumps(r, indent=1))
        return
    e = r["ends"]
    print(f"{r['games']} games in {time.perf_counter() - t0:.0f} s: dead {e['dead']:.3f}, deck-out "
          f"{e['deck-out']:.3f}, turn-cap {e['turn-cap']:.3f}; kills/game {r['kills_per_game']:.2f}; "
          f"turns {r['turns']:.1f}; first player {r['first_player']:.3f}")
    print(f"deck-outs forced by a discard of the side that ran out: {r['forced_deck_outs']} "
          f"(that side won {r['forced_deck_outs_won']})")
    print("killed per game played, by class: " + ", ".join(f"{c} {v:.2f}" for c, v in r["killed_rate_by_class"].items()))
    print("by character: " + ", ".join(f"{c} {v:.2f}" for c, v in r["killed_rate_by_character"].items()))
    print("deck win rates (mirrors left out): " + ", ".join(f"{d} {v:.3f}" for d, v in r["deck_win_rate"].items()))
    fp = [p["first_player"] for p in r["pairs"]]
    print(f"first player per pairing (ordered, mirrors included): {min(fp):.2f}-{max(fp):.2f}")
    if args.pairs:
        for p in r["pairs"]:
            pe = p["ends"]
            print(f"  {p['a'][:22]:22} v {p['b'][:22]:22} dead {pe.get('dead', 0) / p['games']:.2f} "
                  f"deck-out {pe.get('deck-out', 0) / p['games']:.2f} kills {p['kills_per_game']:.2f} "
                  f"first {p['first_player']:.2f} A {p['a_wins']:.2f} forced {p['forced_deck_outs']}")


if __name__ == "__main__":
    main()
