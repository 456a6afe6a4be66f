"""A fingerprint of seeded game records for every ruleset: run it before and after a refactor that
must not change a single game (the same actions, dice, outcome and card events, byte for byte).

    .venv/bin/python bench/fingerprint.py            # 60 games per ruleset and bot pairing
    .venv/bin/python bench/fingerprint.py -n 300 --per-ruleset

Prints one hex digest over every game (and, with ``--per-ruleset``, one per ruleset). The games are
the starter decks in rotation, heuristic against heuristic and random against random, seats
alternating, card logging on, records kept: everything an engine and its bots decide.
"""

from __future__ import annotations

import argparse
import hashlib
import json


def games(ruleset: str, n: int) -> hashlib._Hash:
    from fwlab.decks.starters import starter_decks
    from fwlab.rulesets import info, seat_range
    from fwlab.sim import play_match

    h = hashlib.sha256()
    r = info(ruleset)
    seats = seat_range(ruleset)[0] if r.uses_decks else 4
    decks = starter_decks(ruleset) if r.uses_decks else []
    for bot in ("heuristic", "random"):
        for i in range(n):
            setups = ([decks[(i + k * 3) % len(decks)] for k in range(seats)] if decks else [None] * seats)
            res = play_match(ruleset, setups, [bot] * seats, seed=i, first=i % seats, log_cards=True, record=True)
            assert res.record is not None
            h.update(json.dumps(res.record.to_dict(), sort_keys=True).encode())
            h.update(json.dumps([list(res.places), res.end_reason, res.turns, res.card_events,
                                 [list(t) for t in res.capital], list(res.scores or ()),
                                 [list(t) for t in res.track2], res.board_events],
                                sort_keys=True, default=str).encode())
    return h


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-n", type=int, default=60, help="games per ruleset and bot pairing")
    ap.add_argument("--rulesets", default="fw,fw-epic,bg,fr,eredan,conquest")
    ap.add_argument("--per-ruleset", action="store_true")
    args = ap.parse_args()
    from fwlab import native

    total = hashlib.sha256()
    for ruleset in args.rulesets.split(","):
        digest = games(ruleset, args.n).hexdigest()
        total.update(digest.encode())
        if args.per_ruleset:
            print(f"{ruleset:10s} {digest[:16]}")
    print(f"fingerprint {total.hexdigest()[:16]}  ({args.n} games x 2 pairings per ruleset; "
          f"compiled: {sorted(k for k, v in native.status()['engines'].items() if v['native'])})")


if __name__ == "__main__":
    main()
