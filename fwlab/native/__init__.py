"""The compiled rules core: one mypyc build per engine, used when it matches the sources.

Three modules, each one job:

* :mod:`.hook` (what ``import fwlab`` runs, light and fast): per engine, the key of its current
  sources, the import hook that loads its build when one exists for that key, and :func:`status`.
  When none exists (a source was edited, nothing was built, no C compiler) that engine's
  pure-Python modules are used, so a compiled engine can never be stale, and editing one engine
  (or a bot that is not compiled) leaves the others compiled.
* :mod:`.builder`: ``fwlab native build``'s work (mypyc, plain or, asked with ``--pgo``,
  profile-guided with GCC; the cache folder; pruning old builds; the last build times). The games
  a profile-guided build is trained on are :mod:`fwlab.sim.training` (they need the simulator,
  which stands above this package); the builder runs them in a child process. Both files are part
  of every build's key.
* :mod:`.cli`: ``fwlab native build|status``, and what ``bench/native_speed.py`` measured
  (:data:`fwlab.native.cli.MEASURED`): a plain build takes 16-24 s per engine and plays 4-14x
  the games/s of pure Python; a profile-guided one takes 50-95 s, for no more than plain within
  the noise (0.99-1.33x plain).

This package imports nothing of fwlab but :mod:`fwlab.rulesets`, so the rules core may ask it
whether an engine runs compiled. Set ``FWLAB_NATIVE=0`` to force the pure-Python modules. This
module hands on the names the rest of fwlab uses; :func:`build` and :func:`register` import the
builder and the CLI only when called.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .hook import (
    BUILDER_FILES,
    INUSE,
    MANIFEST,
    PACKAGE_DIR,
    build_dir,
    build_kind,
    builds,
    cache_root,
    describe,
    enable,
    engine_compiled,
    fallback_note,
    source_key,
    status,
)

__all__ = ["BUILDER_FILES", "INUSE", "MANIFEST", "PACKAGE_DIR", "build", "build_dir", "build_kind", "builds",
           "cache_root", "describe", "enable", "engine_compiled", "fallback_note", "register", "source_key", "status"]


def build(engine: str = "daemornia", force: bool = False, quiet: bool = False, pgo: bool = False) -> Path:
    """Compile one engine's modules for the current sources into the cache (no-op when built; plain
    unless ``pgo``); see :func:`fwlab.native.builder.build`."""
    from .builder import build as build_engine

    return build_engine(engine, force=force, quiet=quiet, pgo=pgo)


def register(sub: Any) -> None:
    """The ``fwlab native`` subcommand (:mod:`fwlab.native.cli`)."""
    from .cli import register as register_cli

    register_cli(sub)
