"""``fwlab native build|status``: build the compiled engines for the current sources (one build
per engine, several at once), or say which engines run compiled in this process and why.

A build is plain by default (seconds per engine); ``--pgo`` (or ``FWLAB_NATIVE_PGO=1``) makes it
profile-guided (minutes per engine), replacing a plain build of the same sources. The build prints
what it builds, how long the last build of that kind took here (or, on a first build, what
``bench/native_speed.py`` measured), a line every 30 s while it runs and how long each engine took.
"""

from __future__ import annotations

import json
import os
import sys
import time
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from pathlib import Path
from typing import Any

from . import builder
from .hook import MANIFEST, builds, status

#: What ``bench/native_speed.py`` measured once (2 cores, 7 interleaved rounds of 3 s per engine and
#: kind, the machine shared and loaded: load average 4.5-6; the README and the Makefile quote the
#: same figures): the compiled core's games/s over the pure-Python one's (conquest 3.7x, fr 5.7x,
#: fw 7.8x, eredan 13.8x), a profile-guided build's over a plain one's (fw 1.00x, fr 0.99x,
#: eredan 0.99x, conquest 1.33x; an earlier run of 5 rounds gave 0.80-1.05x: no gain that stands
#: out of the noise), and the seconds one engine's build took, two engines at a time (plain 16-24 s,
#: 30-50 s on a busier machine; profile-guided 49-94 s).
MEASURED: dict[str, str] = {
    "plain_speedup": "4-14x",
    "pgo_speedup": "no more than plain within the noise (0.99-1.33x plain)",
    "plain_build": "16-24 s",
    "pgo_build": "50-95 s",
}

#: Seconds between the "still compiling" lines.
HEARTBEAT = 30.0


def register(sub: Any) -> None:
    p = sub.add_parser("native", help="build or inspect the compiled (mypyc) rules engines",
                       description="Build the compiled rules engines for the current sources (one build per "
                                   "engine), or say which engines run compiled in this process and why. "
                                   f"A plain build ({MEASURED['plain_build']} per engine) plays "
                                   f"{MEASURED['plain_speedup']} the games/s of pure Python; a profile-guided one "
                                   f"(--pgo, {MEASURED['pgo_build']} per engine) {MEASURED['pgo_speedup']} "
                                   "(bench/native_speed.py).")
    p.add_argument("action", choices=["build", "status"])
    p.add_argument("--engine", action="append", default=None, metavar="NAME",
                   help="only this engine (repeatable; default: every engine with a compiled build)")
    p.add_argument("--force", action="store_true", help="rebuild even when a build for these sources exists")
    p.add_argument("--pgo", action="store_true",
                   help=f"profile-guided (GCC only; also FWLAB_NATIVE_PGO=1): {MEASURED['pgo_build']} per engine "
                        f"instead of {MEASURED['plain_build']}, for {MEASURED['pgo_speedup']}; replaces a plain "
                        "build of the same sources")
    p.add_argument("--jobs", type=int, default=0, metavar="N",
                   help="engines built at once (default: one per core)")
    p.add_argument("--optional", action="store_true",
                   help="a failed build is a warning (the pure-Python engine is used), not an error")
    p.set_defaults(func=_cli)


def _seconds(s: float) -> str:
    return f"{s:.0f} s" if s < 90 else f"{s / 60:.1f} min"


def expectation(engines: list[str], kind: str, times: dict[str, dict[str, float]]) -> str:
    """What to expect of a build of ``engines``: the last build of that kind here, else the measured figure.

    >>> expectation(["eredan"], "plain", {"eredan": {"plain": 21.4}})
    'last plain build here: eredan 21 s'
    >>> expectation(["eredan"], "pgo", {}).startswith('no profile-guided build here yet; measured: ')
    True
    """
    last = [f"{e} {_seconds(times[e][kind])}" for e in engines if kind in times.get(e, {})]
    name = "profile-guided" if kind == "pgo" else "plain"
    if last:
        return f"last {name} build here: " + ", ".join(last)
    return f"no {name} build here yet; measured: {MEASURED['pgo_build' if kind == 'pgo' else 'plain_build']} per engine"


def _cli(args: Any) -> int:
    if args.action == "status":
        print(json.dumps(status(), indent=1))
        return 0
    engines = args.engine or list(builds())
    pgo = builder.pgo_requested(dict(os.environ), asked=args.pgo)
    if args.pgo and not pgo:
        print("fwlab: note: no profile-guided build here (it needs GCC, and FWLAB_NATIVE_PGO is not 0): "
              "building plainly", file=sys.stderr)
    todo = [e for e in engines if builder.needs_build(e, force=args.force, pgo=pgo)]
    jobs = max(1, min(args.jobs or os.cpu_count() or 1, len(todo) or 1))
    kind = "pgo" if pgo else "plain"
    if todo:
        print(f"fwlab: compiling the rules core of {', '.join(todo)} ({'profile-guided' if pgo else 'plain'} mypyc "
              f"build, {jobs} at a time; {expectation(todo, kind, builder.last_build_times())})", flush=True)
    # the builder's own signature stays (engine, force, quiet) for plain builds
    extra = {"pgo": True} if pgo else {}

    def one(engine: str) -> tuple[str, Path | None, Exception | None]:
        try:
            return engine, builder.build(engine, force=args.force, quiet=True, **extra), None
        except Exception as exc:  # noqa: BLE001 - reported below, with --optional as a warning
            return engine, None, exc

    failed = 0
    t0 = time.monotonic()
    with ThreadPoolExecutor(max_workers=jobs) as pool:  # each build is mostly a child process
        futures: dict[Future[tuple[str, Path | None, Exception | None]], str] = {
            pool.submit(one, e): e for e in engines}
        pending = set(futures)
        while pending:
            done, pending = wait(pending, timeout=HEARTBEAT, return_when=FIRST_COMPLETED)
            if not done:
                running = [futures[f] for f in pending if f.running()]
                print(f"fwlab: still compiling {', '.join(running) or 'the rules core'} "
                      f"({_seconds(time.monotonic() - t0)} so far)", flush=True)
                continue
            for f in done:
                failed += _report(*f.result(), optional=args.optional, fresh=futures[f] in todo)
    return 1 if failed else 0


def _report(engine: str, dest: Path | None, exc: Exception | None, optional: bool, fresh: bool) -> int:
    """Print one engine's outcome; 1 when it is a failure that counts."""
    if dest is None:
        if optional:
            print(f"fwlab: warning: {exc}\nfwlab: the pure-Python {engine} engine will be used (slower).",
                  file=sys.stderr)
            return 0
        print(f"fwlab: error: {exc}", file=sys.stderr)
        return 1
    manifest = json.loads((dest / MANIFEST).read_text())
    what = "profile-guided" if manifest.get("pgo") else "plain"
    when = "built in" if fresh else "already built; it took"
    print(f"fwlab: compiled {engine} engine ready ({len(manifest['modules'])} modules, {what}, key {manifest['key']}, "
          f"{when} {manifest['seconds']} s) in {dest}", flush=True)
    return 0
