"""Mutation check by hand: does the test suite catch the other reading of a rule?

    .venv/bin/python bench/mutants.py                    # every mutant of bench/mutants/*.toml
    .venv/bin/python bench/mutants.py --engine conquest  # one file's mutants
    .venv/bin/python bench/mutants.py --list             # the mutants, without running them
    .venv/bin/python bench/mutants.py -k CQ-END-2        # mutants whose id or rule contains the text

Each mutant is a one-line change to an engine that implements another reading of a rule (a shuffle
that does not shuffle, an order reversed, a limit off by one), written in ``bench/mutants/<engine>.toml``:

    [[mutant]]
    id = "cq-refill-unshuffled"          # a name of its own
    rule = "CQ-DECK-1"                   # the rule ID it breaks (docs/rules.md)
    file = "fwlab/rules/conquest/game.py"
    find = "self._shuffle(deck)"         # text that occurs exactly once in the file
    replace = "pass"                     # what it becomes
    tests = ["tests/rules/test_cq_rules.py"]   # the tests to run (default: tests/rules)

The script copies the sources into a temporary folder once, then for each mutant applies it there,
runs its tests with the pure-Python engine (``FWLAB_NATIVE=0``; the working tree is never touched),
and reports whether a test failed (the mutant is *caught*, with the first failing test) or all passed
(it *survived*: no test holds that rule against that reading). A mutant whose ``find`` text is not in
the file exactly once is reported as *stale*. The target is that none survives.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MUTANTS = ROOT / "bench" / "mutants"
COPIED = ("fwlab", "tests", "data", "docs", "examples", "pyproject.toml", "app.py")


def load(engine: str | None, pattern: str | None) -> list[dict]:
    out = []
    for path in sorted(MUTANTS.glob("*.toml")):
        if engine and path.stem != engine:
            continue
        for m in tomllib.loads(path.read_text(encoding="utf-8")).get("mutant", []):
            missing = [k for k in ("id", "rule", "file", "find", "replace") if k not in m]
            if missing:
                sys.exit(f"{path.name}: mutant {m.get('id', '?')}: missing {', '.join(missing)}")
            m["source"] = path.name
            if pattern and pattern not in m["id"] and pattern not in m["rule"]:
                continue
            out.append(m)
    return out


def copy_tree(dest: Path) -> None:
    for name in COPIED:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, dest / name, ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.duckdb*",
                                                                               "_artifacts", ".pytest_cache"))
        elif src.exists():
            shutil.copy2(src, dest / name)


def run_one(m: dict, work: Path, timeout: float) -> tuple[str, str, float]:
    target = work / m["file"]
    original = target.read_text(encoding="utf-8")
    if original.count(m["find"]) != 1:
        return "stale", f"'find' occurs {original.count(m['find'])} times in {m['file']}", 0.0
    target.write_text(original.replace(m["find"], m["replace"]), encoding="utf-8")
    env = dict(os.environ, FWLAB_NATIVE="0", PYTHONPATH=str(work), PYTHONDONTWRITEBYTECODE="1")
    tests = m.get("tests") or ["tests/rules"]
    t0 = time.perf_counter()
    try:
        proc = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider",
                               "-p", "no:randomly", *tests], cwd=work, env=env, capture_output=True, text=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        return "caught", f"timed out after {timeout:.0f} s (the mutant hangs a test)", time.perf_counter() - t0
    finally:
        target.write_text(original, encoding="utf-8")
    seconds = time.perf_counter() - t0
    if proc.returncode == 0:
        return "survived", "every test passed", seconds
    failed = re.findall(r"^FAILED (\S+)", proc.stdout, re.M) or re.findall(r"^ERROR (\S+)", proc.stdout, re.M)
    if proc.returncode == 1 and failed:
        return "caught", failed[0], seconds
    tail = (proc.stdout + proc.stderr).strip().splitlines()[-1:] or ["?"]
    return "error", f"pytest exit {proc.returncode}: {tail[0][:160]}", seconds


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", default=None, help="only bench/mutants/ENGINE.toml")
    ap.add_argument("-k", default=None, metavar="TEXT", help="only mutants whose id or rule contains TEXT")
    ap.add_argument("--list", action="store_true", help="list the mutants and exit")
    ap.add_argument("--timeout", type=float, default=600.0, help="seconds per mutant's test run (default 600)")
    args = ap.parse_args()
    mutants = load(args.engine, args.k)
    if not mutants:
        sys.exit("no mutants found")
    if args.list:
        for m in mutants:
            print(f"{m['source']:<16} {m['id']:<36} {m['rule']}")
        return
    counts = {"caught": 0, "survived": 0, "stale": 0, "error": 0}
    with tempfile.TemporaryDirectory(prefix="fwlab-mutants-") as tmp:
        work = Path(tmp)
        copy_tree(work)
        print(f"{'mutant':<36} {'rule':<14} {'result':<9} {'s':>6}  by")
        for m in mutants:
            result, by, seconds = run_one(m, work, args.timeout)
            counts[result] += 1
            print(f"{m['id']:<36} {m['rule']:<14} {result:<9} {seconds:6.1f}  {by}", flush=True)
    ran = counts["caught"] + counts["survived"]
    rate = counts["survived"] / ran if ran else 0.0
    print(f"\n{len(mutants)} mutants: {counts['caught']} caught, {counts['survived']} survived "
          f"(survival rate {rate:.0%}), {counts['stale']} stale, {counts['error']} errors")


if __name__ == "__main__":
    main()
