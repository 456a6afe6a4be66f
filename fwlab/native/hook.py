"""Which engines run compiled in this process, and the import hook that serves their builds.

This is the light part of :mod:`fwlab.native`, the one ``import fwlab`` runs (:func:`enable`): it
imports nothing of fwlab but :mod:`fwlab.rulesets`, and no heavier module of the standard library
than ``importlib`` and ``hashlib``. An engine's build lives in ``<cache>/<engine>-<key>``, the key
hashing exactly what the build is made from (:func:`source_key`): its module list and those
sources, the builder (:data:`BUILDER_FILES`), the Python and mypy versions. So a build found for
the key of the sources as they are *now* is never stale.

A process that uses a build holds a shared ``flock`` on its ``.inuse`` file for its lifetime (the
builder deletes old builds only when nobody holds that lock).
"""

from __future__ import annotations

import fcntl
import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

#: The ``fwlab`` package folder (the sources a build compiles are paths inside it).
PACKAGE_DIR = Path(__file__).resolve().parent.parent
MANIFEST = "manifest.json"
INUSE = ".inuse"
#: The modules that make a build (paths inside ``fwlab/``): part of every build's key, so a change
#: to how builds are made (flags, profile training) never reuses an old build.
BUILDER_FILES: tuple[str, ...] = ("native/builder.py", "sim/training.py")
#: The modules (paths inside ``fwlab/``) written once for every engine: the list helpers and the
#: shuffle of every engine's hot path. The pure-Python engines import them as they are; each build
#: compiles a private copy of each one its modules import, in its own group, under a name of its own
#: (:func:`fwlab.native.builder.vendor`), so no module is served by two builds. Part of every key.
VENDORED: tuple[str, ...] = ("rules/lists.py",)


def builds() -> dict[str, tuple[str, ...]]:
    """Engine name -> the modules (paths inside ``fwlab/``) its compiled build holds."""
    from ..rulesets import ENGINE_INFO

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
    """Hash of what an engine's build is made from: its module list and those sources, the modules
    every build may hold a private copy of (:data:`VENDORED`), the builder (which makes those copies),
    the interpreter and mypy."""
    modules = builds().get(engine)
    if not modules:
        raise ValueError(f"engine {engine!r} has no compiled build; compiled engines: {', '.join(builds())}")
    h = hashlib.sha256()
    h.update(f"{sys.implementation.cache_tag} {sys.platform} {importlib.machinery.EXTENSION_SUFFIXES[0]}".encode())
    h.update(_mypy_version().encode())
    for rel in (*BUILDER_FILES, *VENDORED):
        h.update(rel.encode())
        h.update((PACKAGE_DIR / rel).read_bytes())
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


def build_kind(engine: str) -> str:
    """How this process runs ``engine``: ``"profile-guided"``, ``"plain"`` (compiled builds) or
    ``"pure Python"``."""
    st = _state.get(engine) or {}
    if not st.get("native") or not st.get("dir"):
        return "pure Python"
    try:
        manifest = json.loads((Path(st["dir"]) / MANIFEST).read_text())
    except (OSError, ValueError):  # the build was replaced since (a profile-guided rebuild): this process has the old one
        return "compiled"
    return "profile-guided" if manifest.get("pgo") else "plain"


def describe() -> str:
    """One line saying which rules core this process runs, per kind of build, e.g.
    ``compiled (plain): daemornia, eredan; pure Python: conquest``."""
    kinds: dict[str, list[str]] = {}
    for engine in builds():
        kind = build_kind(engine)
        label = kind if kind == "pure Python" else ("compiled" if kind == "compiled" else f"compiled ({kind})")
        kinds.setdefault(label, []).append(engine)
    return "; ".join(f"{label}: {', '.join(names)}" for label, names in kinds.items())
