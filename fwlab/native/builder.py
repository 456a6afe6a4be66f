"""Builds an engine's compiled modules: mypyc over exactly the modules its build holds, profile-guided
where GCC is the compiler, into the cache folder the hook looks in (:mod:`fwlab.native.hook`).

Each engine's hot path (for Daemornia: ``fwlab/rules/daemornia`` and its heuristic bot) is plain,
fully typed Python that mypyc compiles unchanged into C extensions (how much faster, measured by
``bench/native_speed.py``: :data:`fwlab.native.cli.MEASURED`); which modules an engine's build holds
is data in :data:`fwlab.rulesets.ENGINE_INFO`. A build is plain unless asked to be profile-guided
(``pgo=True``, ``fwlab native build --pgo``, ``FWLAB_NATIVE_PGO=1``): a plain build takes seconds,
a profile-guided one several times as long, for no gain measured beyond the noise. The compiled modules are never
put next to the sources: a build is made in a copy of the package and written to
``<cache>/<engine>-<key>`` (:func:`fwlab.native.hook.build_dir`), whole or not at all (built aside,
then renamed). This file and the training games (:mod:`fwlab.sim.training`) are part of every
key (``hook.BUILDER_FILES``).

The modules written once for every engine (``hook.VENDORED``: ``fwlab/rules/lists.py``, the list
helpers and the shuffle) are not a build of their own: in the build's copy of the package,
:func:`vendor` copies each one an engine's modules import to a private module of that engine
(``rules/lists.py`` -> ``rules/_lists_<engine>.py``, :func:`private_path`) and rewrites those
imports to it, so the copy is compiled in the engine's single group, as the engine's own code is
(native calls the C compiler can inline), and no module is served by two builds. The pure-Python
engines import ``fwlab/rules/lists.py`` itself; its source is part of every key. Measured against
the engines' own copies of these helpers (``bench/instructions.py``): the same instructions per game
within 0.1% for fw, bg, fr, eredan and conquest, and the same build time. A group of its own shared
by every build was tried and measured: +2-4% instructions per game (+21% Eredan) and +7-14 s CPU
per plain build, as separate compilation stops the inlining.
Old builds are deleted only when no running process holds their ``.inuse`` lock. How long the last
build of each engine and kind took is kept in ``<cache>/build-times.json`` (:func:`last_build_times`),
so the next build can say what to expect.
"""

from __future__ import annotations

import ast
import fcntl
import importlib.machinery
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

from . import hook
from .hook import INUSE, MANIFEST, _module_name, builds, cache_root, source_key

#: Added to the C compiler's flags. mypyc puts a whole build (its runtime included) in one C file,
#: but Python's ``-fPIC`` lets any of those functions be replaced from outside the library, so the
#: compiler calls each through the PLT and inlines none of them. This promise that nobody does
#: lets it inline the small ones (list indexing, int checks, short methods): about 7% fewer
#: instructions per Eredan game and 5-9% more games/s, every result the same
#: (``bench/instructions.py``). Builds retry without it on a compiler that refuses it.
EXTRA_CFLAGS = "-fno-semantic-interposition"


#: The file in the cache folder that keeps how long each engine's last build took, per kind.
BUILD_TIMES = "build-times.json"


def pgo_requested(env: dict[str, str], asked: bool = False) -> bool:
    """Whether a build should be profile-guided: asked for (``--pgo``) or ``FWLAB_NATIVE_PGO=1``,
    and possible here (:func:`_pgo_wanted`: GCC, and not ``FWLAB_NATIVE_PGO=0``)."""
    return (asked or env.get("FWLAB_NATIVE_PGO") == "1") and _pgo_wanted(env)


def read_manifest(dest: Path) -> dict[str, object] | None:
    """The manifest of the build in ``dest``, or None when there is no (readable) build there."""
    try:
        data = json.loads((dest / MANIFEST).read_text())
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def needs_build(engine: str, force: bool = False, pgo: bool = False) -> bool:
    """Whether :func:`build` has work to do: no build for the current sources, ``force``, or a
    profile-guided build asked for (``pgo``, already checked with :func:`pgo_requested`) where the
    build is plain. A profile-guided build is never replaced by a plain one."""
    manifest = read_manifest(hook.build_dir(engine))
    return manifest is None or force or (pgo and not manifest.get("pgo"))


def last_build_times(root: Path | None = None) -> dict[str, dict[str, float]]:
    """engine -> {"plain"/"pgo": seconds its last build of that kind took here} (empty when none)."""
    try:
        data = json.loads(((root or cache_root()) / BUILD_TIMES).read_text())
    except (OSError, ValueError):
        return {}
    out: dict[str, dict[str, float]] = {}
    if isinstance(data, dict):
        for engine, kinds in data.items():
            if isinstance(kinds, dict):
                out[str(engine)] = {str(k): float(v) for k, v in kinds.items() if isinstance(v, (int, float))}
    return out


def _record_time(root: Path, engine: str, kind: str, seconds: float) -> None:
    """Add one build's time to ``build-times.json`` (under a lock: engines build in parallel)."""
    root.mkdir(parents=True, exist_ok=True)
    with open(root / f".{BUILD_TIMES}.lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        times = last_build_times(root)
        times.setdefault(engine, {})[kind] = round(seconds, 1)
        tmp = root / f".{BUILD_TIMES}.{os.getpid()}"
        tmp.write_text(json.dumps(times, indent=1, sort_keys=True))
        os.replace(tmp, root / BUILD_TIMES)


def build(engine: str = "daemornia", force: bool = False, quiet: bool = False, pgo: bool = False) -> Path:
    """Compile one engine's modules for the current sources into the cache (no-op when built).

    Plain unless ``pgo`` (then profile-guided where GCC allows it, replacing a plain build of the same
    sources; see :func:`needs_build`). Raises ``RuntimeError`` with mypyc's output when the build
    fails (e.g. no C compiler).
    """
    modules = builds().get(engine)
    if not modules:
        raise ValueError(f"engine {engine!r} has no compiled build; compiled engines: {', '.join(builds())}")
    key = source_key(engine)
    root = cache_root()
    dest = root / f"{engine}-{key}"
    env = dict(os.environ)
    pgo = pgo_requested(env, asked=pgo)
    if not needs_build(engine, force=force, pgo=pgo):
        return dest
    t0 = time.perf_counter()
    root.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="fwlab-native-") as tmp:
        work = Path(tmp) / "src"
        shutil.copytree(hook.PACKAGE_DIR, work / "fwlab",
                        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyc"))
        private = vendor(work / "fwlab", engine, modules)
        paths = [f"fwlab/{m}" for m in (*modules, *private)]
        env = dict(env, MYPY_CACHE_DIR=str(Path(tmp) / "mypy-cache"))
        flags = f"{env.get('CFLAGS', '')} {EXTRA_CFLAGS}".strip()
        try:
            guided = _pgo_build(engine, key, paths, work, env, flags) if pgo else None
            if guided is not None and guided.returncode == 0:
                proc = guided
            else:  # no PGO asked or possible here, or it failed: a plain build
                guided = None
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
        expected = {_module_name(m) for m in (*modules, *private)}
        if not expected <= set(found):
            shutil.rmtree(out, ignore_errors=True)
            raise RuntimeError(f"mypyc built {sorted(found)}, expected {sorted(expected)}")
        seconds = time.perf_counter() - t0
        _write_manifest(out, engine, key, found, seconds, pgo=guided is not None)
        if dest.exists():  # --force or a profile-guided rebuild: move the old build aside (a process may still use it)
            os.replace(dest, root / f".old-{engine}-{key}-{os.getpid()}-{time.time_ns()}")
        os.replace(out, dest)  # appears whole or not at all
    _prune(root, engine, keep=dest)
    _record_time(root, engine, "pgo" if guided is not None else "plain", seconds)
    if not quiet:
        print(f"fwlab: compiled the {engine} engine ({'profile-guided' if guided is not None else 'plain'}) "
              f"in {seconds:.0f} s -> {dest}")
    return dest


def private_path(rel: str, engine: str) -> str:
    """The path inside ``fwlab/`` of ``engine``'s private copy of the shared module ``rel``
    (``rules/lists.py`` -> ``rules/_lists_<engine>.py``), the engine's name made an identifier."""
    folder, _, name = rel.rpartition("/")
    tag = "".join(c if c.isalnum() else "_" for c in engine)
    return f"{folder}/_{name[:-3]}_{tag}.py" if folder else f"_{name[:-3]}_{tag}.py"


def vendor(pkg: Path, engine: str, modules: tuple[str, ...]) -> list[str]:
    """In ``pkg`` (a build's copy of the ``fwlab`` package), give ``engine`` a private copy of each
    shared module (``hook.VENDORED``) its ``modules`` import, and rewrite those imports (and the
    copies' own) to the private copies; return the copies' paths inside ``fwlab/``, to compile with
    ``modules``. Each ``from`` form is rewritten (``from ..lists import has as _has``,
    ``from fwlab.rules.lists import ...``, ``from .. import lists``) and ``import fwlab.rules.lists
    as L``; a plain ``import fwlab.rules.lists`` (used by its dotted name) raises ``RuntimeError``,
    as it cannot be pointed at another module by its import alone."""
    shared = {_module_name(rel): rel for rel in hook.VENDORED}
    private: dict[str, str] = {}   # shared module name -> the private copy's path
    todo, done = list(modules), set()
    while todo:
        rel = todo.pop()
        if rel in done:
            continue
        done.add(rel)
        used = _rewrite_imports(pkg / rel, _module_name(rel), rel.endswith("/__init__.py"),
                                {name: _module_name(private_path(r, engine)) for name, r in shared.items()})
        for name in used:
            if name not in private:
                private[name] = private_path(shared[name], engine)
                shutil.copyfile(pkg / shared[name], pkg / private[name])
                todo.append(private[name])
    return sorted(private.values())


def _rewrite_imports(path: Path, module: str, is_package: bool, targets: dict[str, str]) -> set[str]:
    """Rewrite the imports of the modules ``targets`` names (shared name -> private name) in the
    source file ``path`` of ``module``; return the shared names it imported. Each import statement
    is replaced in place by one line (padded with blank lines, so line numbers stay)."""
    src = path.read_bytes()
    tree = ast.parse(src, filename=str(path))
    package = module if is_package else module.rpartition(".")[0]
    edits: list[tuple[int, int, int, int, str]] = []
    used: set[str] = set()
    for node in ast.walk(tree):
        new: list[str] = []
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target in targets:        # from ..lists import has as _has
                used.add(target)
                new.append(ast.unparse(ast.ImportFrom(module=targets[target], names=node.names, level=0)))
            else:                        # from .. import lists, core
                hit = [a for a in node.names if f"{target}.{a.name}" in targets]
                if not hit:
                    continue
                for a in hit:
                    used.add(f"{target}.{a.name}")
                    new.append(f"import {targets[f'{target}.{a.name}']} as {a.asname or a.name}")
                rest = [a for a in node.names if a not in hit]
                if rest:
                    new.append(ast.unparse(ast.ImportFrom(module=node.module, names=rest, level=node.level)))
        elif isinstance(node, ast.Import):
            hit = [a for a in node.names if a.name in targets]
            if not hit:
                continue
            for a in node.names:
                if a.name not in targets:
                    new.append(f"import {a.name}" + (f" as {a.asname}" if a.asname else ""))
                elif a.asname is None:
                    raise RuntimeError(f"{path}:{node.lineno}: `import {a.name}` cannot be compiled with a private "
                                       f"copy of it; write `from {a.name} import ...` or `import {a.name} as ...`")
                else:
                    used.add(a.name)
                    new.append(f"import {targets[a.name]} as {a.asname}")
        else:
            continue
        assert node.end_lineno is not None and node.end_col_offset is not None
        edits.append((node.lineno, node.col_offset, node.end_lineno, node.end_col_offset,
                      "; ".join(new) + "\n" * (node.end_lineno - node.lineno)))
    if edits:
        lines = src.splitlines(keepends=True)
        starts = [0]
        for line in lines:
            starts.append(starts[-1] + len(line))
        out = src
        for l0, c0, l1, c1, text in sorted(edits, reverse=True):   # from the end: offsets stay valid
            out = out[: starts[l0 - 1] + c0] + text.encode() + out[starts[l1 - 1] + c1:]
        try:
            ast.parse(out, filename=str(path))
        except SyntaxError as exc:   # e.g. a statement after the import on its line (`...; x = 1`)
            raise RuntimeError(f"{path}: rewriting the imports of {sorted(used)} broke the source: {exc}") from None
        path.write_bytes(out)
    return used


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
    """Profile-guided build: compile with counters, play :func:`fwlab.sim.training.train`'s games
    on that build in a child process (which writes the branch and call counts next to the objects), then compile
    again laid out for them. The C code and so every result are the same; the build takes several
    times as long, and no engine measured a gain beyond the noise (``bench/native_speed.py``,
    :data:`fwlab.native.cli.MEASURED`). ``None`` when a step before the final compile fails (the caller then
    builds without profiles)."""
    gen = _mypyc(paths, work, env, f"{flags} -fprofile-generate")
    if gen.returncode != 0:
        return None
    stage = work.parent / "train"
    found = _collect(work, stage / f"{engine}-{key}")
    _write_manifest(stage / f"{engine}-{key}", engine, key, found, 0.0, pgo=False)
    try:
        ran = subprocess.run([sys.executable, "-c", f"from fwlab.sim.training import train; train({engine!r})"],
                             cwd=stage, env=dict(env, FWLAB_NATIVE_DIR=str(stage), FWLAB_NATIVE="1"),
                             capture_output=True, text=True, timeout=900)
    except (OSError, subprocess.SubprocessError):
        return None
    if ran.returncode != 0 or not any(work.glob("build/**/*.gcda")):
        return None
    _clean(work)
    return _mypyc(paths, work, env, f"{flags} -fprofile-use -fprofile-correction -Wno-missing-profile")


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
