"""How fast the deck builder answers a + / − with a 60-card deck (issue 30: under 300 ms).

Streamlit's AppTest runs the real page script (app.py's router, then the deck builder) the way the
server does on a click: the callback, then the whole page. The figure is the wall time of one
``click().run()``, from the click to the rerun's last element, on a legal 60-card deck (a starter
topped up from the other starters), after a warm-up run (the caches filled, as in a session that
has drawn the page once). The browser's own drawing is not in it.

    .venv/bin/python bench/deck_builder.py [--ruleset fw] [--clicks 20] [--store PATH]

Without ``--store`` a small store is built in a temporary folder first (``fwlab init``, a 20-match
league). It prints the median, the 90th percentile and the slowest click of + and of − (wall time, and
the CPU time of the process, which moves less with the machine's load: AppTest's own bookkeeping
is in both), the faces drawn and the buttons on the page, and the load average.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def sixty_card_deck(ruleset: str, size: int = 60) -> dict[str, int]:
    """A legal deck of ``size`` cards: the first starter, topped up with cards of the others."""
    from fwlab.catalog import load_catalog
    from fwlab.decks import Deck, DeckEntry
    from fwlab.decks.starters import starter_decks
    from fwlab.decks.validate import validate

    starters = starter_decks(ruleset)
    cat = load_catalog(ruleset)
    counts = dict(starters[0].counts())
    for other in starters[1:]:
        for name in other.counts():
            while sum(counts.values()) < size:
                trial = {**counts, name: counts.get(name, 0) + 1}
                deck = Deck(ruleset, "Sixty", tuple(DeckEntry(n, c) for c, n in trial.items()))
                if validate(deck, cat):
                    break
                counts = trial
    if sum(counts.values()) != size:
        raise SystemExit(f"could not build a legal {size}-card {ruleset} deck from the starters")
    return counts


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ruleset", default="fw")
    ap.add_argument("--clicks", type=int, default=20, help="clicks of each button timed")
    ap.add_argument("--store", type=Path, help="the store to serve (default: build a small one)")
    args = ap.parse_args(argv)
    from streamlit.testing.v1 import AppTest

    from fwlab.decks.share import encode_cards
    from fwlab.ui.deck_face_views import card_key

    with tempfile.TemporaryDirectory() as tmp:
        db = args.store
        if db is None:
            db = Path(tmp) / "fwlab.duckdb"
            subprocess.run([sys.executable, "-m", "fwlab.cli", "init", "--db", str(db), "--league-matches", "20"],
                           check=True, cwd=ROOT, capture_output=True)
        os.environ["FWLAB_DB"] = str(db)
        counts = sixty_card_deck(args.ruleset)
        at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=300)
        at.query_params.update({"ruleset": args.ruleset, "name": "Sixty", "deck": encode_cards(counts)})
        at.run()
        at.switch_page("fwlab/ui/pages/deck_builder.py").run()
        assert not at.exception, [e.value for e in at.exception]
        assert at.subheader[0].value == "60 cards", at.subheader[0].value
        # a walk that never comes back to a deck it had: each pair of clicks moves one copy from a card
        # of the first half of the list (−) to one of the second half (+), so no cache of a whole
        # deck's figures can answer a click; the faces' cache answers (the same cards are drawn)
        names = list(counts)
        takers, givers = names[: len(names) // 2], names[len(names) // 2:]
        at.run()                                            # warm-up: every cache filled
        wall: dict[str, list[float]] = {"+": [], "−": []}
        cpu: dict[str, list[float]] = {"+": [], "−": []}
        have = dict(counts)
        for i in range(args.clicks):
            out = next((c for c in takers[i % len(takers):] + takers if have[c] > 1), None)
            if out is None:
                raise SystemExit("the walk ran out of copies to take out: fewer --clicks")
            into = givers[i % len(givers)]
            for label, prefix, card in (("−", "builder-minus-", out), ("+", "builder-plus-", into)):
                button = at.button(key=f"{prefix}{card_key(card)}")
                t, c = time.perf_counter(), time.process_time()
                button.click().run()
                wall[label].append(time.perf_counter() - t)
                cpu[label].append(time.process_time() - c)
                assert not at.exception, [e.value for e in at.exception]
            have[out] -= 1
            have[into] += 1
        assert at.subheader[0].value == "60 cards", at.subheader[0].value
        faces = sum(1 for h in at.get("html") if "card-face" in h.proto.body)
        print(f"{args.ruleset}: a {sum(counts.values())}-card deck of {len(counts)} different cards, "
              f"{faces} faces drawn, {len(at.button)} buttons on the page; {args.clicks} clicks of each")
        for label in wall:
            ms = sorted(1000 * t for t in wall[label])
            cms = sorted(1000 * t for t in cpu[label])
            p90 = ms[min(len(ms) - 1, int(0.9 * len(ms)))]
            print(f"  {label}: wall median {statistics.median(ms):.0f} ms, p90 {p90:.0f} ms, slowest {ms[-1]:.0f} ms; "
                  f"CPU (this process) median {statistics.median(cms):.0f} ms")
        print(f"  load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    return 0


if __name__ == "__main__":
    sys.exit(main())
