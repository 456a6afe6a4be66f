"""The compiled rules core: the engine and the heuristic bot built with mypyc, used when present.

The hot path of every simulation (``fwlab/rules/daemornia`` and ``fwlab/bots/heuristic.py``) is
plain, fully typed Python that mypyc compiles unchanged into C extensions 3-4x faster. The
compiled modules are never put next to the sources: ``fwlab native build`` writes them into a cache
folder named by a hash of every source file they are built from (plus the Python and mypy
versions). ``import fwlab`` (this module's :func:`enable`) looks for the folder matching the
sources as they are *now*; when it exists, an import hook loads those modules from it, and when it
does not (a source was edited, nothing was built, no C compiler) the pure-Python modules are used.
So a compiled engine can never be stale: an edit changes the hash and falls back to Python until
the next build (``make run`` and ``make test`` build it; it takes about 30 s).

Set ``FWLAB_NATIVE=0`` to force the pure-Python modules. :func:`status` says which are in use.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

PACKAGE_DIR = Path(__file__).resolve().parent
#: The modules compiled (paths inside the package).
COMPILED = (
    "rules/action.py",
    "rules/daemornia/config.py",
    "rules/daemornia/cards.py",
    "rules/daemornia/decisions.py",
    "rules/daemornia/state.py",
    "rules/daemornia/combat.py",
    "rules/daemornia/effects.py",
    "rules/daemornia/game.py",
    "bots/heuristic.py",
)
#: Every source the compiled code depends on (its own and what it imports): all go into the hash.
HASHED_DIRS = ("rules", "bots", "catalog")
MANIFEST = "manifest.json"


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


def source_key() -> str:
    """Hash of the sources the compiled modules are built from, the interpreter and mypy."""
    h = hashlib.sha256()
    h.update(f"{sys.implementation.cache_tag} {sys.platform} {importlib.machinery.EXTENSION_SUFFIXES[0]}".encode())
    h.update(_mypy_version().encode())
    for sub in HASHED_DIRS:
        for f in sorted((PACKAGE_DIR / sub).rglob("*.py")):
            h.update(f.relative_to(PACKAGE_DIR).as_posix().encode())
            h.update(f.read_bytes())
    return h.hexdigest()[:20]


class _Finder(importlib.abc.MetaPathFinder):
    """Serves the compiled modules (and mypyc's shared library) from one build folder."""

    def __init__(self, files: dict[str, Path]) -> None:
        self.files = files

    def find_spec(self, fullname: str, path: Any = None, target: ModuleType | None = None) -> Any:
        f = self.files.get(fullname)
        if f is None:
            return None
        return importlib.util.spec_from_file_location(fullname, f)


_state: dict[str, Any] = {"enabled": False, "dir": None, "reason": "not checked"}


def enable() -> bool:
    """Use the compiled modules if a build for the current sources exists (called by ``import fwlab``)."""
    if _state["enabled"]:
        return True
    if os.environ.get("FWLAB_NATIVE", "1") == "0":
        _state["reason"] = "FWLAB_NATIVE=0"
        return False
    try:
        d = cache_root() / source_key()
        manifest = json.loads((d / MANIFEST).read_text())
    except (OSError, ValueError):
        _state["reason"] = "no compiled build for these sources (run `fwlab native build`)"
        return False
    files = {name: d / rel for name, rel in manifest["modules"].items()}
    if not all(f.exists() for f in files.values()):
        _state["reason"] = f"incomplete build in {d}"
        return False
    already = [n for n in files if n in sys.modules and not n.endswith("__mypyc")]
    if already:  # too late in this process: the Python modules are loaded; stay consistent
        _state["reason"] = f"pure-Python modules already imported ({already[0]})"
        return False
    sys.meta_path.insert(0, _Finder(files))
    _state.update(enabled=True, dir=str(d), reason="compiled build for these sources")
    return True


def status() -> dict[str, Any]:
    """Which engine is in use: ``{"native": bool, "dir": str | None, "reason": str, "key": str}``."""
    return {"native": bool(_state["enabled"]), "dir": _state["dir"], "reason": _state["reason"],
            "key": source_key()}


def build(force: bool = False, quiet: bool = False) -> Path:
    """Compile the hot modules for the current sources into the cache (no-op when already built).

    Raises ``RuntimeError`` with mypyc's output when the build fails (e.g. no C compiler).
    """
    key = source_key()
    root = cache_root()
    dest = root / key
    if (dest / MANIFEST).exists() and not force:
        return dest
    t0 = time.perf_counter()
    root.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="fwlab-native-") as tmp:
        work = Path(tmp) / "src"
        shutil.copytree(PACKAGE_DIR, work / "fwlab",
                        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyc"))
        paths = [f"fwlab/{m}" for m in COMPILED]
        env = dict(os.environ, MYPY_CACHE_DIR=str(Path(tmp) / "mypy-cache"))
        proc = subprocess.run([sys.executable, "-m", "mypyc", *paths], cwd=work, env=env,
                              capture_output=True, text=True)
        if proc.returncode != 0:
            raise RuntimeError("mypyc could not build the native engine:\n"
                               + (proc.stdout[-4000:] + proc.stderr[-4000:]).strip())
        suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
        modules: dict[str, str] = {}
        out = Path(tmp) / "out"
        out.mkdir()
        for so in work.rglob(f"*{suffix}"):
            rel = so.relative_to(work)
            if rel.parts[0] == "build":  # setuptools' intermediate copies
                continue
            name = ".".join(rel.with_name(rel.name[: -len(suffix)]).parts)
            target = out / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(so, target)
            modules[name] = rel.as_posix()
        expected = {"fwlab." + m[:-3].replace("/", ".") for m in COMPILED}
        if not expected <= set(modules):
            raise RuntimeError(f"mypyc built {sorted(modules)}, expected {sorted(expected)}")
        (out / MANIFEST).write_text(json.dumps({"key": key, "modules": modules, "python": sys.version,
                                                "seconds": round(time.perf_counter() - t0, 1)}, indent=1))
        partial = root / f".{key}.{os.getpid()}"
        shutil.rmtree(partial, ignore_errors=True)
        shutil.copytree(out, partial)
        shutil.rmtree(dest, ignore_errors=True)
        os.replace(partial, dest)  # appears whole or not at all
    for old in root.iterdir():  # keep only the newest few builds
        if old.is_dir() and old.name != key and not old.name.startswith("."):
            if time.time() - old.stat().st_mtime > 3600:
                shutil.rmtree(old, ignore_errors=True)
    if not quiet:
        print(f"fwlab: compiled the rules core in {time.perf_counter() - t0:.0f} s -> {dest}")
    return dest


# ---------------------------------------------------------------------- CLI
def register(sub: Any) -> None:
    p = sub.add_parser("native", help="build or inspect the compiled (mypyc) rules core",
                       description="Build the compiled rules core for the current sources, or say which engine is in use.")
    p.add_argument("action", choices=["build", "status"])
    p.add_argument("--force", action="store_true", help="rebuild even when a build for these sources exists")
    p.add_argument("--optional", action="store_true",
                   help="a failed build is a warning (the pure-Python engine is used), not an error")
    p.set_defaults(func=_cli)


def _cli(args: Any) -> int:
    if args.action == "status":
        print(json.dumps(status(), indent=1))
        return 0
    try:
        dest = build(force=args.force, quiet=True)
    except RuntimeError as exc:
        if args.optional:
            print(f"fwlab: warning: {exc}\nfwlab: the pure-Python rules core will be used (slower).", file=sys.stderr)
            return 0
        print(f"fwlab: error: {exc}", file=sys.stderr)
        return 1
    manifest = json.loads((dest / MANIFEST).read_text())
    print(f"fwlab: compiled rules core ready ({len(manifest['modules'])} modules, key {manifest['key']}, "
          f"built in {manifest['seconds']} s) in {dest}")
    return 0
