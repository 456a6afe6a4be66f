"""The compiled rules core: one mypyc build per engine, used when it matches the sources.

Each engine's hot path (for Daemornia: ``fwlab/rules/daemornia`` and its heuristic bot) is plain,
fully typed Python that mypyc compiles unchanged into C extensions 3-4x faster. Which modules an
engine's build holds is data in :data:`fwlab.rulesets.ENGINE_INFO`. The compiled modules are
never put next to the sources: ``fwlab native build`` writes each engine's build into a cache
folder ``<engine>-<key>``, where the key hashes exactly the sources that build compiles, its module
list, this file (the builder) and the Python and mypy versions. ``import fwlab`` (:func:`enable`)
looks, per engine, for the folder matching the sources as they are *now*; when it exists, an
import hook loads those modules from it, and when it does not (a source was edited, nothing was
built, no C compiler) that engine's pure-Python modules are used. So a compiled engine can never
be stale, and editing one engine (or a bot that is not compiled) leaves the others compiled.

A process that uses a build holds a shared ``flock`` on its ``.inuse`` file for its lifetime;
old builds are deleted only when nobody holds that lock, so a running process never loses a
module it has yet to import. A build appears whole or not at all (built aside, then renamed).

Set ``FWLAB_NATIVE=0`` to force the pure-Python modules. :func:`status` says which are in use.
"""

from __future__ import annotations

import fcntl
import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import ModuleType
from typing import Any

PACKAGE_DIR = Path(__file__).resolve().parent
MANIFEST = "manifest.json"
INUSE = ".inuse"
#: Added to the C compiler's flags. mypyc puts a whole build (its runtime included) in one C file,
#: but Python's ``-fPIC`` lets any of those functions be replaced from outside the library, so the
#: compiler calls each through the PLT and inlines none of them. This promise that nobody does
#: lets it inline the small ones (list indexing, int checks, short methods): about 7% fewer
#: instructions per Eredan game and 5-9% more games/s, every result the same
#: (``bench/instructions.py``). Builds retry without it on a compiler that refuses it.
EXTRA_CFLAGS = "-fno-semantic-interposition"
#: Seconds of games a profile-guided build is trained on (:func:`train`).
PGO_TRAIN_SECONDS = 6.0


def builds() -> dict[str, tuple[str, ...]]:
    """Engine name -> the modules (paths inside ``fwlab/``) its compiled build holds."""
    from .rulesets import ENGINE_INFO

    return {name: e.compiled for name, e in ENGINE_INFO.items() if e.compiled}


def cache_root() -> Path:
    """Where compiled builds live: ``$FWLAB_NATIVE_DIR`` or ``<venv>/fwlab-native``."""
    env = os.environ.get("FWLAB_NATIVE_DIR")
    return Path(env) if env else Path(sys.prefix) / "fwlab-native"


def _mypy_version() -> str:
    """mypy's version file, read directly (importlib.metadata would add ~30 ms to ``import fwlab``)."""
    try:
        spec = importlib.util.find_spec("mypy")
        if spec is None or not spec.submodule_search_locations:
            return "none"
        return (Path(list(spec.submodule_search_locations)[0]) / "version.py").read_text()
    except (ImportError, OSError):  # not installed: nothing can be built, the key only has to be stable
        return "none"


def _module_name(rel: str) -> str:
    return "fwlab." + rel[:-3].replace("/", ".")


def source_key(engine: str = "daemornia") -> str:
    """Hash of what an engine's build is made from: its module list and those sources, this builder,
    the interpreter and mypy."""
    modules = builds().get(engine)
    if not modules:
        raise ValueError(f"engine {engine!r} has no compiled build; compiled engines: {', '.join(builds())}")
    h = hashlib.sha256()
    h.update(f"{sys.implementation.cache_tag} {sys.platform} {importlib.machinery.EXTENSION_SUFFIXES[0]}".encode())
    h.update(_mypy_version().encode())
    h.update(Path(__file__).read_bytes())
    h.update(engine.encode())
    for rel in modules:
        h.update(rel.encode())
        h.update((PACKAGE_DIR / rel).read_bytes())
    return h.hexdigest()[:20]


def build_dir(engine: str = "daemornia") -> Path:
    """The folder where the build of ``engine`` for the current sources is (or would be)."""
    return cache_root() / f"{engine}-{source_key(engine)}"


class _Finder(importlib.abc.MetaPathFinder):
    """Serves compiled modules (and mypyc's shared libraries) from the build folders in use."""

    def __init__(self) -> None:
        self.files: dict[str, Path] = {}

    def find_spec(self, fullname: str, path: Any = None, target: ModuleType | None = None) -> Any:
        f = self.files.get(fullname)
        if f is None:
            return None
        return importlib.util.spec_from_file_location(fullname, f)


_FINDER = _Finder()
#: engine -> {"native", "dir", "reason", "key"}; _LOCKS keeps the open lock files alive
_state: dict[str, dict[str, Any]] = {}
_LOCKS: dict[str, Any] = {}


def _enable_one(engine: str, modules: tuple[str, ...]) -> dict[str, Any]:
    st: dict[str, Any] = {"native": False, "dir": None, "reason": "not checked", "key": None}
    try:
        st["key"] = source_key(engine)
    except OSError as exc:
        st["reason"] = f"cannot read the sources: {exc}"
        return st
    if os.environ.get("FWLAB_NATIVE", "1") == "0":
        st["reason"] = "FWLAB_NATIVE=0"
        return st
    d = cache_root() / f"{engine}-{st['key']}"
    try:
        lock = open(d / INUSE, "a")  # noqa: SIM115 - held open for the life of the process
    except OSError:
        st["reason"] = "no compiled build for these sources (run `fwlab native build`)"
        return st
    try:
        fcntl.flock(lock, fcntl.LOCK_SH)
        manifest = json.loads((d / MANIFEST).read_text())  # read under the lock: nobody deletes it now
    except (OSError, ValueError):
        lock.close()
        st["reason"] = f"incomplete build in {d}"
        return st
    files = {name: d / rel for name, rel in manifest["modules"].items()}
    expected = {_module_name(m) for m in modules}
    if not expected <= set(files) or not all(f.exists() for f in files.values()):
        lock.close()
        st["reason"] = f"incomplete build in {d}"
        return st
    already = [n for n in files if n in sys.modules and not n.endswith("__mypyc")]
    if already:  # too late in this process: the Python modules are loaded; stay consistent
        lock.close()
        st["reason"] = f"pure-Python modules already imported ({already[0]})"
        return st
    clash = [n for n in files if n in _FINDER.files and not n.endswith("__mypyc")]
    if clash:
        lock.close()
        st["reason"] = f"module {clash[0]} is already served by another engine's build"
        return st
    _FINDER.files.update(files)
    _LOCKS[engine] = lock
    st.update(native=True, dir=str(d), reason="compiled build for these sources")
    return st


def enable() -> bool:
    """Use each engine's compiled modules where a build for its current sources exists (called by
    ``import fwlab``); True when every compiled engine is in use."""
    for engine, modules in builds().items():
        if _state.get(engine, {}).get("native"):
            continue
        _state[engine] = _enable_one(engine, modules)
    if _FINDER.files and _FINDER not in sys.meta_path:
        sys.meta_path.insert(0, _FINDER)
    return all(_state[e]["native"] for e in builds())


def engine_compiled(engine: str) -> bool:
    """Whether this process runs ``engine`` from its compiled build."""
    return bool(_state.get(engine, {}).get("native"))


def status() -> dict[str, Any]:
    """Which engines run compiled: ``{"native": all compiled, "engines": {engine: {"native", "dir",
    "reason", "key"}}}``."""
    engines = {e: dict(_state.get(e) or {"native": False, "dir": None, "reason": "not checked",
                                          "key": source_key(e)}) for e in builds()}
    return {"native": all(s["native"] for s in engines.values()), "engines": engines}


def fallback_note(engine: str) -> str | None:
    """A one-line note when ``engine`` has a compiled build but this process runs it as pure Python."""
    if engine not in builds() or engine_compiled(engine):
        return None
    reason = (_state.get(engine) or {}).get("reason", "not checked")
    return f"fwlab: note: the {engine} engine runs as pure Python (slower): {reason}"


def build(engine: str = "daemornia", force: bool = False, quiet: bool = False) -> Path:
    """Compile one engine's modules for the current sources into the cache (no-op when built).

    Raises ``RuntimeError`` with mypyc's output when the build fails (e.g. no C compiler).
    """
    modules = builds().get(engine)
    if not modules:
        raise ValueError(f"engine {engine!r} has no compiled build; compiled engines: {', '.join(builds())}")
    key = source_key(engine)
    root = cache_root()
    dest = root / f"{engine}-{key}"
    if (dest / MANIFEST).exists() and not force:
        return dest
    t0 = time.perf_counter()
    root.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="fwlab-native-") as tmp:
        work = Path(tmp) / "src"
        shutil.copytree(PACKAGE_DIR, work / "fwlab",
                        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyc"))
        paths = [f"fwlab/{m}" for m in modules]
        env = dict(os.environ, MYPY_CACHE_DIR=str(Path(tmp) / "mypy-cache"))
        flags = f"{env.get('CFLAGS', '')} {EXTRA_CFLAGS}".strip()
        try:
            pgo = _pgo_build(engine, key, paths, work, env, flags) if _pgo_wanted(env) else None
            if pgo is not None and pgo.returncode == 0:
                proc = pgo
            else:  # no PGO here, or it failed: a plain build
                pgo = None
                _clean(work)
                proc = _mypyc(paths, work, env, flags)
                if proc.returncode != 0 and EXTRA_CFLAGS in proc.stdout + proc.stderr:  # a compiler without it
                    proc = _mypyc(paths, work, env, env.get("CFLAGS", ""))
        except OSError as exc:
            raise RuntimeError(f"mypyc could not build the {engine} engine: {exc}") from None
        if proc.returncode != 0:
            raise RuntimeError(f"mypyc could not build the {engine} engine:\n"
                               + (proc.stdout[-4000:] + proc.stderr[-4000:]).strip())
        out = root / f".new-{engine}-{key}-{os.getpid()}"
        shutil.rmtree(out, ignore_errors=True)
        found = _collect(work, out)
        expected = {_module_name(m) for m in modules}
        if not expected <= set(found):
            shutil.rmtree(out, ignore_errors=True)
            raise RuntimeError(f"mypyc built {sorted(found)}, expected {sorted(expected)}")
        _write_manifest(out, engine, key, found, time.perf_counter() - t0, pgo=pgo is not None)
        if dest.exists():  # --force: move the old build aside (a process may still use it)
            os.replace(dest, root / f".old-{engine}-{key}-{os.getpid()}-{time.time_ns()}")
        os.replace(out, dest)  # appears whole or not at all
    _prune(root, engine, keep=dest)
    if not quiet:
        print(f"fwlab: compiled the {engine} engine in {time.perf_counter() - t0:.0f} s -> {dest}")
    return dest


def _mypyc(paths: list[str], work: Path, env: dict[str, str], cflags: str) -> subprocess.CompletedProcess[str]:
    """Run mypyc on ``paths`` in ``work``, the C compiler given ``cflags``."""
    return subprocess.run([sys.executable, "-m", "mypyc", *paths], cwd=work, env=dict(env, CFLAGS=cflags),
                          capture_output=True, text=True)


def _collect(work: Path, out: Path) -> dict[str, str]:
    """Copy the extension modules mypyc left in ``work`` into ``out``: module name -> path in ``out``."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    found: dict[str, str] = {}
    out.mkdir(parents=True, exist_ok=True)
    for so in work.rglob(f"*{suffix}"):
        rel = so.relative_to(work)
        if rel.parts[0] == "build":  # setuptools' intermediate copies
            continue
        name = ".".join(rel.with_name(rel.name[: -len(suffix)]).parts)
        target = out / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(so, target)
        found[name] = rel.as_posix()
    return found


def _write_manifest(out: Path, engine: str, key: str, found: dict[str, str], seconds: float, pgo: bool) -> None:
    (out / MANIFEST).write_text(json.dumps({"engine": engine, "key": key, "modules": found,
                                            "python": sys.version, "pgo": pgo,
                                            "seconds": round(seconds, 1)}, indent=1))
    (out / INUSE).touch()


def _clean(work: Path) -> None:
    """Forget a build's objects and libraries in ``work`` (setuptools would reuse them), keeping
    the profiles (``.gcda``) a training run left next to the objects."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    for f in [*work.rglob(f"*{suffix}"), *work.glob("build/temp*/**/*.o")]:
        f.unlink()


def _pgo_wanted(env: dict[str, str]) -> bool:
    """Profile-guided builds: on unless ``FWLAB_NATIVE_PGO=0``, and only with GCC (whose
    ``-fprofile-generate``/``-fprofile-use`` need no extra tool)."""
    if env.get("FWLAB_NATIVE_PGO", "1") == "0":
        return False
    cc = (env.get("CC") or sysconfig.get_config_var("CC") or "cc").split()
    try:
        out = subprocess.run([*cc, "--version"], capture_output=True, text=True, timeout=30).stdout
    except (OSError, subprocess.SubprocessError):
        return False
    return "Free Software Foundation" in out and "clang" not in out.lower()


def _pgo_build(engine: str, key: str, paths: list[str], work: Path, env: dict[str, str],
               flags: str) -> subprocess.CompletedProcess[str] | None:
    """Profile-guided build: compile with counters, play :func:`train`'s games on that build in a
    child process (which writes the branch and call counts next to the objects), then compile
    again laid out for them. The C code and so every result are the same; games run 5-10%
    faster (measured on fw, bg, fr and eredan). ``None`` when a step before the final compile fails (the caller then
    builds without profiles)."""
    gen = _mypyc(paths, work, env, f"{flags} -fprofile-generate")
    if gen.returncode != 0:
        return None
    stage = work.parent / "train"
    found = _collect(work, stage / f"{engine}-{key}")
    _write_manifest(stage / f"{engine}-{key}", engine, key, found, 0.0, pgo=False)
    try:
        ran = subprocess.run([sys.executable, "-c", f"from fwlab.native import train; train({engine!r})"],
                             cwd=stage, env=dict(env, FWLAB_NATIVE_DIR=str(stage), FWLAB_NATIVE="1"),
                             capture_output=True, text=True, timeout=900)
    except (OSError, subprocess.SubprocessError):
        return None
    if ran.returncode != 0 or not any(work.glob("build/**/*.gcda")):
        return None
    _clean(work)
    return _mypyc(paths, work, env, f"{flags} -fprofile-use -fprofile-correction -Wno-missing-profile")


def train(engine: str, seconds: float = PGO_TRAIN_SECONDS) -> dict[tuple[str, str], int]:
    """The games a profile-guided build is trained on: every ruleset of ``engine`` with its starter
    decks (or its most seats, for a game without decks), its default bot and the random one (at
    least 20 games each, card logging on in a quarter of them), for about ``seconds`` in all.
    Returns the games played per (ruleset, bot). Exits with status 3 when the engine does not run
    compiled here (nothing would be learnt)."""
    from .decks.starters import starter_decks
    from .rules.engines import engine_for
    from .rulesets import REGISTRY
    from .sim import play_match

    if not engine_compiled(engine):
        raise SystemExit(3)
    rulesets = [r for r in REGISTRY.values() if r.engine == engine]
    runs = [(r, bot) for r in rulesets for bot in (engine_for(r.id).default_bot, "random")]
    played: dict[tuple[str, str], int] = {}
    for r, bot in runs:
        seats = 2 if r.uses_decks else r.seats[1]
        decks = starter_decks(r.id) if r.uses_decks else []
        share = 1.6 if bot != "random" else 0.4  # a run of the default bot and a random one: 2 shares
        stop = time.perf_counter() + seconds * share / len(runs)
        i = 0
        while i < 20 or time.perf_counter() < stop:
            setups = [decks[(i + s * 3) % len(decks)] for s in range(seats)] if decks else [None] * seats
            play_match(r.id, setups, [bot] * seats, seed=i, first=i % seats, log_cards=i % 4 == 0)
            i += 1
        played[(r.id, bot)] = i
    return played


def _prune(root: Path, engine: str, keep: Path) -> list[Path]:
    """Delete this engine's other builds (older keys, replaced builds, left-over partial builds)
    that no process holds; return what was deleted."""
    deleted = []
    for old in root.iterdir():
        name = old.name.lstrip(".")
        if old == keep or not old.is_dir():
            continue
        if len(name) == 20 and all(c in "0123456789abcdef" for c in name):  # a first-round build (one for all)
            if time.time() - old.stat().st_mtime > 3600:
                shutil.rmtree(old, ignore_errors=True)
                deleted.append(old)
            continue
        if not any(name.startswith(f"{p}-{engine}-") for p in ("old", "new")) and not name.startswith(f"{engine}-"):
            continue
        if name.startswith(f"new-{engine}-") and time.time() - old.stat().st_mtime < 3600:
            continue  # another process may be building it right now
        try:
            fh = open(old / INUSE, "a")  # noqa: SIM115
        except OSError:  # no lock file: a partial build or one from before locks; nobody can hold it
            shutil.rmtree(old, ignore_errors=True)
            deleted.append(old)
            continue
        with fh:
            try:
                fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:  # a running process uses it
                continue
            shutil.rmtree(old, ignore_errors=True)
            deleted.append(old)
    return deleted


# ---------------------------------------------------------------------- CLI
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
              f"{'profile-guided, ' if _pgo_wanted(dict(os.environ)) else ''}about a minute or two each)", flush=True)

    def one(engine: str) -> tuple[str, Path | None, Exception | None]:
        try:
            return engine, build(engine, force=args.force, quiet=True), None
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
