"""``fwlab native build|status``: build the compiled engines for the current sources (one build
per engine, several at once), or say which engines run compiled in this process and why."""

from __future__ import annotations

import json
import os
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from . import builder
from .hook import MANIFEST, build_dir, builds, status


def register(sub: Any) -> None:
    p = sub.add_parser("native", help="build or inspect the compiled (mypyc) rules engines",
                       description="Build the compiled rules engines for the current sources (one build per "
                                   "engine), or say which engines run compiled in this process and why.")
    p.add_argument("action", choices=["build", "status"])
    p.add_argument("--engine", action="append", default=None, metavar="NAME",
                   help="only this engine (repeatable; default: every engine with a compiled build)")
    p.add_argument("--force", action="store_true", help="rebuild even when a build for these sources exists")
    p.add_argument("--jobs", type=int, default=0, metavar="N",
                   help="engines built at once (default: one per core)")
    p.add_argument("--optional", action="store_true",
                   help="a failed build is a warning (the pure-Python engine is used), not an error")
    p.set_defaults(func=_cli)


def _cli(args: Any) -> int:
    if args.action == "status":
        print(json.dumps(status(), indent=1))
        return 0
    engines = args.engine or list(builds())
    todo = [e for e in engines if args.force or not (build_dir(e) / MANIFEST).exists()]
    jobs = max(1, min(args.jobs or os.cpu_count() or 1, len(todo) or 1))
    if todo:
        print(f"fwlab: compiling {', '.join(todo)} ({jobs} at a time; "
              f"{'profile-guided, ' if builder._pgo_wanted(dict(os.environ)) else ''}about a minute or two each)", flush=True)

    def one(engine: str) -> tuple[str, Path | None, Exception | None]:
        try:
            return engine, builder.build(engine, force=args.force, quiet=True), None
        except Exception as exc:  # noqa: BLE001 - reported below, with --optional as a warning
            return engine, None, exc

    failed = 0
    with ThreadPoolExecutor(max_workers=jobs) as pool:  # each build is mostly a child process
        for engine, dest, exc in pool.map(one, engines):
            if dest is None:
                if args.optional:
                    print(f"fwlab: warning: {exc}\nfwlab: the pure-Python {engine} engine will be used (slower).",
                          file=sys.stderr)
                    continue
                print(f"fwlab: error: {exc}", file=sys.stderr)
                failed += 1
                continue
            manifest = json.loads((dest / MANIFEST).read_text())
            print(f"fwlab: compiled {engine} engine ready ({len(manifest['modules'])} modules, key {manifest['key']}, "
                  f"built in {manifest['seconds']} s{', profile-guided' if manifest.get('pgo') else ''}) in {dest}",
                  flush=True)
    return 1 if failed else 0
