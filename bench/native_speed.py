"""How much faster the compiled rules core is: games/s per engine, pure Python vs plain vs profile-guided.

    .venv/bin/python bench/native_speed.py                  # builds both kinds aside, 5 interleaved rounds
    .venv/bin/python bench/native_speed.py --rounds 3 --seconds 2 --no-pgo --json

The plain and the profile-guided builds of the current sources are made in two cache folders of
their own (``--builds DIR``, default ``.venv/fwlab-native-bench``; a build already there for these
sources is reused), so neither touches the build the app and the tests use; their build times are
the builder's own (two engines at a time, as ``make run`` builds them). Then each engine plays its
default bot against itself on its first ruleset (starter decks, or its most seats for a game
without decks), every game a fresh seed, for ``--seconds`` in a child process per kind, the kinds
interleaved round by round (pure, plain, pgo; then plain, pgo, pure; ...) so that a change of load
on the machine falls on every kind alike; the median of the rounds is reported. A child refuses to
report when its engine does not run the kind it was started for.

The figures quoted in the README, the Makefile and the build message
(:data:`fwlab.native.cli.MEASURED`) come from one run of this script; it prints the load average
before and after, which belongs beside them.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
KINDS = ("pure", "plain", "pgo")

CHILD = """
import json, sys, time
engine, kind, seconds = sys.argv[1], sys.argv[2], float(sys.argv[3])
from fwlab.native.hook import build_kind
from fwlab.rules.engines import engine_for
from fwlab.rulesets import REGISTRY
from fwlab.decks.starters import starter_decks
from fwlab.sim import play_match
want = {"pure": "pure Python", "plain": "plain", "pgo": "profile-guided"}[kind]
if build_kind(engine) != want:
    sys.exit(f"{engine} runs {build_kind(engine)}, not {want}")
r = next(r for r in REGISTRY.values() if r.engine == engine)
bot = engine_for(r.id).default_bot
seats = 2 if r.uses_decks else r.seats[1]
decks = starter_decks(r.id) if r.uses_decks else []
def game(i):
    setups = [decks[(i + s * 3) % len(decks)] for s in range(seats)] if decks else [None] * seats
    play_match(r.id, setups, [bot] * seats, seed=i, first=i % seats)
game(0)
t0 = time.perf_counter(); n = 0
while n < 5 or time.perf_counter() - t0 < seconds:
    n += 1
    game(n)
print(json.dumps({"ruleset": r.id, "bot": bot, "seats": seats, "games": n, "rate": n / (time.perf_counter() - t0)}))
"""


def _load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def build(kind: str, cache: Path, engines: list[str], jobs: int) -> tuple[float, dict[str, dict[str, object]]]:
    """Build ``kind`` (plain/pgo) of ``engines`` into ``cache``: (wall seconds, engine -> manifest)."""
    cmd = [sys.executable, "-m", "fwlab.cli", "native", "build", "--jobs", str(jobs)]
    for e in engines:
        cmd += ["--engine", e]
    if kind == "pgo":
        cmd.append("--pgo")
    env = dict(os.environ, FWLAB_NATIVE_DIR=str(cache))
    env.pop("FWLAB_NATIVE_PGO", None)
    t0 = time.perf_counter()
    subprocess.run(cmd, env=env, check=True, cwd=ROOT, stdout=sys.stderr)  # stdout: the table or the JSON only
    wall = time.perf_counter() - t0
    from fwlab.native.hook import MANIFEST, source_key

    manifests = {e: json.loads((cache / f"{e}-{source_key(e)}" / MANIFEST).read_text()) for e in engines}
    for e, m in manifests.items():
        if bool(m.get("pgo")) != (kind == "pgo"):
            raise SystemExit(f"the {kind} build of {e} in {cache} is {'profile-guided' if m.get('pgo') else 'plain'}")
    return wall, manifests


def play(engine: str, kind: str, caches: dict[str, Path], seconds: float) -> dict[str, object]:
    env = dict(os.environ, FWLAB_NATIVE="0" if kind == "pure" else "1")
    if kind != "pure":
        env["FWLAB_NATIVE_DIR"] = str(caches[kind])
    out = subprocess.run([sys.executable, "-c", CHILD, engine, kind, str(seconds)], env=env, cwd=ROOT,
                         capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit(f"{engine} ({kind}): {out.stderr.strip()[-2000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def main(argv: list[str] | None = None) -> int:
    from fwlab.native.hook import builds

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=3.0, help="seconds of games per engine, kind and round")
    ap.add_argument("--engine", action="append", default=None, help="only this engine (repeatable)")
    ap.add_argument("--no-pgo", action="store_true", help="pure Python and plain only (no profile-guided build)")
    ap.add_argument("--builds", default=str(Path(sys.prefix) / "fwlab-native-bench"), metavar="DIR",
                    help="where the two builds are made (default .venv/fwlab-native-bench)")
    ap.add_argument("--jobs", type=int, default=2, help="engines built at once (default 2)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)

    engines = args.engine or list(builds())
    kinds = [k for k in KINDS if not (args.no_pgo and k == "pgo")]
    caches = {k: Path(args.builds) / k for k in kinds if k != "pure"}
    load_before = _load()
    built = {}
    for k, cache in caches.items():
        print(f"building {k} ({', '.join(engines)}) in {cache}; load {_load()}", file=sys.stderr, flush=True)
        built[k] = build(k, cache, engines, args.jobs)
    rates: dict[str, dict[str, list[float]]] = {e: {k: [] for k in kinds} for e in engines}
    what: dict[str, dict[str, object]] = {}
    for rnd in range(args.rounds):
        order = kinds[rnd % len(kinds):] + kinds[:rnd % len(kinds)]
        for e in engines:
            for k in order:
                got = play(e, k, caches, args.seconds)
                rates[e][k].append(float(got["rate"]))  # type: ignore[arg-type]
                what[e] = {x: got[x] for x in ("ruleset", "bot", "seats")}
        print(f"round {rnd + 1}/{args.rounds} done; load {_load()}", file=sys.stderr, flush=True)
    rows = []
    for e in engines:
        med = {k: statistics.median(rates[e][k]) for k in kinds}
        row: dict[str, object] = {"engine": e, **what[e], **{f"{k}_games_per_s": round(med[k], 1) for k in kinds},
                                  "plain_vs_pure": round(med["plain"] / med["pure"], 2)}
        if "pgo" in med:
            row["pgo_vs_pure"] = round(med["pgo"] / med["pure"], 2)
            row["pgo_vs_plain"] = round(med["pgo"] / med["plain"], 3)
        for k, (_wall, manifests) in built.items():
            row[f"{k}_build_s"] = manifests[e]["seconds"]
        rows.append(row)
    report = {"rows": rows, "rounds": args.rounds, "seconds": args.seconds, "cores": os.cpu_count(),
              "load_before": load_before, "load_after": _load(),
              "build_wall_s": {k: round(w, 1) for k, (w, _m) in built.items()}, "jobs": args.jobs}
    if args.json:
        print(json.dumps(report, indent=1))
        return 0
    head = ["engine", "ruleset", *(f"{k} g/s" for k in kinds), "plain/pure",
            *(["pgo/pure", "pgo/plain"] if "pgo" in kinds else []), *(f"{k} build s" for k in caches)]
    print(" | ".join(head))
    print(" | ".join("---" for _ in head))
    for r in rows:
        cells = [r["engine"], r["ruleset"], *(r[f"{k}_games_per_s"] for k in kinds), f"{r['plain_vs_pure']}x"]
        if "pgo" in kinds:
            cells += [f"{r['pgo_vs_pure']}x", f"{r['pgo_vs_plain']}x"]
        cells += [r[f"{k}_build_s"] for k in caches]
        print(" | ".join(str(c) for c in cells))
    print(f"\n{args.rounds} interleaved rounds of {args.seconds} s per engine and kind (median); "
          f"{os.cpu_count()} cores; load average {load_before} before, {report['load_after']} after; "
          f"builds {args.jobs} at a time, wall " + ", ".join(f"{k} {w} s" for k, w in report["build_wall_s"].items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
