"""Re-run every seeded command whose output the README and docs quote, and print each figure as the
doc has it beside what the code prints now.

    .venv/bin/python bench/doc_figures.py             # the quick ones (about 6 minutes on 2 busy cores)
    .venv/bin/python bench/doc_figures.py --slow      # all of them: Conquest seating, lookahead bots, tuner
    .venv/bin/python bench/doc_figures.py --list      # what each entry runs, and where its figure is quoted
    .venv/bin/python bench/doc_figures.py --only whatif-fr-go,cq-turn-order

Each entry names the doc and the words around the figure (a regular expression read from the doc
as it is now, so after a doc is refreshed the script compares against the new text), the command
that made it and how its output is read. "same" means the doc quotes what the code prints today;
"CHANGED" means the doc needs the new figure (or the code changed what it prints); "not in doc"
means the doc's wording moved away from the pattern (fix the entry). Seeded figures move whenever a
catalog, an engine, a bot or the seeding changes, never with the machine, the batch size or the
number of workers (SIM-SEED-1). Speed figures are not here: they are measured, not reproduced.
Exit status 0 always (a report, not a check); ``--strict`` exits 1 when a figure changed.
"""

from __future__ import annotations

import argparse
import json
import re
import shlex
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PY = sys.executable
FWLAB = [PY, "-m", "fwlab.cli"]


@dataclass(frozen=True)
class Figure:
    label: str
    doc_pattern: str                      # regex on the doc; group 1 is the figure as quoted
    now: Callable[[str], str]             # the command's stdout -> the figure as the doc writes it


@dataclass(frozen=True)
class Entry:
    name: str
    doc: str
    cmd: list[str]
    figures: list[Figure]
    slow: bool = False


def _norm(text: str) -> str:
    """Compare figures without markdown emphasis, thousands separators, dash kinds or spacing."""
    text = text.replace("**", "").replace("–", "-").replace("−", "-").replace(",", " ")
    return " ".join(text.split())


def _line(prefix: str) -> Callable[[str], str]:
    """The rest of the first output line that starts with ``prefix`` (after spaces)."""
    def get(out: str) -> str:
        for line in out.splitlines():
            if line.strip().startswith(prefix):
                return " ".join(line.strip()[len(prefix):].split())
        raise ValueError(f"no line starting {prefix!r} in the output")
    return get


def _health_row(name: str) -> Figure:
    return Figure(name, rf"\n\s*{re.escape(name)}\s+([^\n]+)", _line(name))


def _range(section: str) -> Callable[[str], str]:
    """min-max of the win rates ``bench/starters.py`` prints under ``section``'s heading."""
    def get(out: str) -> str:
        rates: list[float] = []
        inside = False
        for line in out.splitlines():
            if not line.startswith(" "):
                inside = line.startswith(f"{section}:")
                continue
            m = re.match(r"\s+.+?\s+(\d\.\d{3})\s+\(", line)
            if inside and m:
                rates.append(float(m.group(1)))
        if not rates:
            raise ValueError(f"no rates for {section}")
        return f"{min(rates):.3f}–{max(rates):.3f}"
    return get


def _seat_order(out: str, digits: int = 2) -> str:
    d = json.loads(out)
    return ", ".join(f"{o['win_rate']:.{digits}f}" for o in d["seat_order"])


def _positions(players: int) -> Callable[[str], str]:
    """``bench/conquest_bots.py --seating-only`` as docs/rules.md quotes it: the first two positions
    with their intervals, then the rest."""
    def get(out: str) -> str:
        pos = re.findall(r"position (\d+): (\d\.\d{3}) \((\d\.\d{3})-(\d\.\d{3})\)", out)
        if len(pos) != players:
            raise ValueError(f"expected {players} positions, got {pos}")
        parts = [f"{w} ({lo}–{hi})" if int(p) <= 2 else w for p, w, lo, hi in pos]
        return f"{players} players " + ", ".join(parts)
    return get


def _duel(out: str, counts: bool = True) -> str:
    m = re.search(r"(\d+) games, win rate (\d\.\d{3}) \(95% CI (\d\.\d{3})-(\d\.\d{3})\)", out)
    if not m:
        raise ValueError("no duel line")
    games = f" ({int(m.group(1)):,} games)" if counts else ""
    return f"{m.group(2)} [{m.group(3)}, {m.group(4)}]{games}"


def _duels(out: str, counts: bool = True) -> str:
    lines = [ln for ln in out.splitlines() if " games, win rate " in ln]
    return " / ".join(_duel(ln, counts) for ln in lines)


def _ladder(pairs: list[tuple[str, str]]) -> Callable[[str], str]:
    def get(out: str) -> str:
        got = []
        for x, y in pairs:
            m = re.search(rf"^{x}\s+{y}\s+\d+\s+(\d\.\d{{3}})\s+(\d\.\d{{3}})-(\d\.\d{{3}})", out, re.M)
            if not m:
                raise ValueError(f"no {x} vs {y} row")
            got.append(f"{m.group(1)} ({m.group(2)}–{m.group(3)})")
        return " / ".join(got)
    return get


def _variants(out: str) -> str:
    m = re.search(r"(\d+) games, A wins (\d\.\d{3}) \[(\d\.\d{3}), (\d\.\d{3})\]", out)
    if not m:
        raise ValueError("no variants line")
    return f"{m.group(2)} [{m.group(3)}, {m.group(4)}] ({int(m.group(1)):,} games)"


def _retest(out: str) -> str:
    m = re.search(r"re-test on fresh seeds \(\d+ games a deck\): (\d\.\d{3}) -> (\d\.\d{3})[^\n]*?"
                  r"([+-]\d\.\d{3}) \[([+-]\d\.\d{3}), ([+-]\d\.\d{3})\]", out)
    if not m:
        raise ValueError("no re-test line")
    return f"{m.group(1)} → {m.group(2)}, change {m.group(3)} [{m.group(4)}, {m.group(5)}]"


README_ROW = r"\n\| {}[^|]*\| ([^|]+?) \|"

ENTRIES = [
    Entry("whatif-fr-go", "docs/balance-lab.md",
          [*FWLAB, "whatif", "--ruleset", "fr", "--rule", "first_player_may_go_turn_1=false", "-n", "200",
           "--seed", "1", "--no-store", "--workers", "2"],
          [_health_row(n) for n in ("first player's win rate", "draws", "turns a game", "ended by score",
                                    "ended by turn-cap")]),
    Entry("cq-turn-order", "docs/rules.md",
          [*FWLAB, "simulate", "--ruleset", "conquest", "--players", "4", "-n", "100", "--seed", "3",
           "--rule", "turn_order=clockwise", "--json"],
          [Figure("clockwise, win rate by position", r"first player \(win rate by position ([0-9., ]+?) against",
                  _seat_order)]),
    Entry("cq-turn-order-default", "docs/rules.md",
          [*FWLAB, "simulate", "--ruleset", "conquest", "--players", "4", "-n", "100", "--seed", "3", "--json"],
          [Figure("default, win rate by position", r"0\.\d\d against ([0-9., ]+?) by default", _seat_order)]),
    *[Entry(f"cq-seating-{n}", "docs/rules.md",
            [PY, "bench/conquest_bots.py", "--seating-only", "--players", str(n), "--games", "6000"],
            [Figure(f"{n} players, win rate by position",
                    rf"with 95% intervals:.*?({n} players [0-9.,() *–-]+?)(?:;|\.\s)", _positions(n))],
            slow=True)
      for n in (3, 4, 5)],
    Entry("starters-fw", "README.md", [PY, "bench/starters.py"],
          [Figure("fw / fw-epic / bg round robin range",
                  README_ROW.format(re.escape("starter decks' heuristic round robin (100 games a pair, both seats): fw")),
                  lambda out: " / ".join(_range(r)(out) for r in ("fw", "fw-epic", "bg")))]),
    Entry("starters-fr", "README.md", [PY, "bench/starters.py", "--rulesets", "fr"],
          [Figure("fr round robin range", README_ROW.format(re.escape("fr starter decks' heuristic round robin")),
                  _range("fr"))]),
    Entry("starters-eredan", "README.md", [PY, "bench/starters.py", "--rulesets", "eredan", "--games", "200"],
          [Figure("eredan round robin range",
                  README_ROW.format(re.escape("eredan starter decks' heuristic round robin")), _range("eredan"))]),
    Entry("eredan-opp-card", "README.md", [PY, "bench/eredan_variants.py", '{"opp_card": 0}', "{}"],
          [Figure("opp_card=0 against the default",
                  README_ROW.format(re.escape("eredan: the heuristic without its opponent-card term")), _variants)]),
    Entry("bots-fw", "README.md", [PY, "bench/bots.py", "--games", "10", "--lookahead-games", "10"],
          [Figure("heuristic vs random / lookahead vs heuristic",
                  README_ROW.format(re.escape("heuristic vs random / lookahead vs heuristic (fw starters")),
                  lambda out: _duels(out, counts=False))],
          slow=True),
    Entry("bots-fr", "README.md", [PY, "bench/bots.py", "--ruleset", "fr", "--games", "10", "--lookahead-games", "10"],
          [Figure("heuristic vs random / lookahead vs heuristic",
                  README_ROW.format(re.escape("fr: heuristic vs random / lookahead vs heuristic")), _duels)],
          slow=True),
    Entry("bots-eredan", "README.md",
          [PY, "bench/bots.py", "--ruleset", "eredan", "--games", "500", "--lookahead-games", "40"],
          [Figure("heuristic vs random / lookahead vs heuristic",
                  README_ROW.format(re.escape("eredan: heuristic vs random / lookahead vs heuristic")), _duels)],
          slow=True),
    Entry("conquest-ladder", "README.md",
          [PY, "bench/conquest_bots.py", "--games", "4000", "--lookahead-games", "400"],
          [Figure("heuristic vs random / lookahead vs heuristic",
                  README_ROW.format(re.escape("conquest ladder, one bot against three of another")),
                  _ladder([("heuristic", "random"), ("lookahead", "heuristic")]))],
          slow=True),
    Entry("tuner-retest", "README.md", [PY, "bench/lab.py"],
          [Figure("tuner re-test", r"re-test on fresh seeds (\d\.\d{3} → \d\.\d{3}, change [^\]]+\])", _retest)],
          slow=True),
]


def run(entry: Entry) -> tuple[list[tuple[str, str, str, str]], float]:
    doc = (ROOT / entry.doc).read_text(encoding="utf-8")
    t0 = time.perf_counter()
    done = subprocess.run(entry.cmd, cwd=ROOT, capture_output=True, text=True)
    seconds = time.perf_counter() - t0
    rows = []
    for f in entry.figures:
        m = re.search(f.doc_pattern, doc, re.S)
        quoted = " ".join(m.group(1).split()) if m else "(not in doc)"
        if done.returncode != 0:
            now = f"(command failed: {done.stderr.strip().splitlines()[-1] if done.stderr.strip() else done.returncode})"
        else:
            try:
                now = f.now(done.stdout)
            except (ValueError, KeyError, json.JSONDecodeError) as exc:
                now = f"(output not read: {exc})"
        verdict = "not in doc" if not m else ("same" if _norm(quoted) == _norm(now) else "CHANGED")
        rows.append((f.label, quoted, now, verdict))
    return rows, seconds


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--slow", action="store_true", help="also the long runs (lookahead bots, the tuner)")
    ap.add_argument("--only", default="", help="comma-separated entry names (see --list)")
    ap.add_argument("--list", action="store_true", help="list the entries and exit")
    ap.add_argument("--strict", action="store_true", help="exit 1 when a quoted figure differs from today's")
    args = ap.parse_args()
    chosen = [e for e in ENTRIES if (not args.only and (args.slow or not e.slow)) or e.name in args.only.split(",")]
    if args.list:
        for e in ENTRIES:
            cmd = ("fwlab " + shlex.join(e.cmd[3:])) if e.cmd[:3] == FWLAB else (".venv/bin/python "
                                                                               + shlex.join(e.cmd[1:]))
            print(f"{e.name:<24} {'slow ' if e.slow else ''}{e.doc}: {cmd}")
        return 0
    changed = 0
    for e in chosen:
        rows, seconds = run(e)
        print(f"{e.name} ({e.doc}, {seconds:.0f} s)")
        for label, quoted, now, verdict in rows:
            changed += verdict != "same"
            print(f"  {label}: {verdict}\n    doc: {quoted}\n    now: {now}")
        sys.stdout.flush()
    print(f"{len(chosen)} entries, {changed} figure(s) not as the doc quotes them")
    return 1 if args.strict and changed else 0


if __name__ == "__main__":
    sys.exit(main())
