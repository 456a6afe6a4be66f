"""The DuckDB settings every connection fwlab opens gets: a memory limit and a place to spill to.

* ``FWLAB_MEMORY_LIMIT`` (e.g. ``4GB``, ``512MB``): DuckDB's ``memory_limit``. Default: half the
  machine's RAM, at most 4 GB. Each database a process opens has its own limit, so the app (one
  read-only store per page run) and a CLI import never ask for all the RAM.
* ``FWLAB_TEMP_DIR``: DuckDB's ``temp_directory``, where joins, sorts, aggregates and TEMP tables
  that do not fit in the memory limit are spilled. Default: beside the store (``<db>.tmp``), or
  ``$TMPDIR/fwlab-duckdb`` for a connection without a store file (an export folder, a log file).
* ``FWLAB_MAX_TEMP_SIZE`` (e.g. ``20GB``): DuckDB's ``max_temp_directory_size``; unset, DuckDB's
  default (90% of the free disk). A spill past it fails the statement; an import then rolls back.

:func:`duckdb_config` gives the settings as the ``config`` of ``duckdb.connect``; every fwlab
connection goes through :func:`open_duckdb`.

>>> cfg = duckdb_config(None, env={"FWLAB_MEMORY_LIMIT": "2GB", "FWLAB_TEMP_DIR": "/x/tmp"})
>>> cfg["memory_limit"], cfg["temp_directory"]
('2GB', '/x/tmp')
>>> duckdb_config("data/s.duckdb", env={})["temp_directory"].endswith("s.duckdb.tmp")
True
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Mapping
from pathlib import Path

import duckdb

MEMORY_ENV = "FWLAB_MEMORY_LIMIT"
TEMP_ENV = "FWLAB_TEMP_DIR"
MAX_TEMP_ENV = "FWLAB_MAX_TEMP_SIZE"
#: The default memory limit is half the RAM, capped here.
DEFAULT_CAP_BYTES = 4 * 1024**3


def _ram_bytes() -> int | None:
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        return None


def default_memory_limit() -> str:
    """Half the RAM, at most 4 GB, in MB (``'4096MB'`` on a machine with 8 GB or more)."""
    ram = _ram_bytes()
    limit = DEFAULT_CAP_BYTES if ram is None else min(ram // 2, DEFAULT_CAP_BYTES)
    return f"{limit // 1024**2}MB"


def duckdb_config(db: str | Path | None, env: Mapping[str, str] | None = None) -> dict[str, str]:
    """The ``config`` for ``duckdb.connect`` of the store ``db`` (None or ``:memory:``: no store file)."""
    env = os.environ if env is None else env
    config = {"memory_limit": env.get(MEMORY_ENV) or default_memory_limit()}
    temp = env.get(TEMP_ENV)
    if not temp:
        if db is None or str(db) == ":memory:":
            temp = str(Path(tempfile.gettempdir()) / "fwlab-duckdb")
        else:
            temp = str(Path(db)) + ".tmp"
    config["temp_directory"] = temp
    max_temp = env.get(MAX_TEMP_ENV)
    if max_temp:
        config["max_temp_directory_size"] = max_temp
    return config


def open_duckdb(db: str | Path | None = None, read_only: bool = False) -> duckdb.DuckDBPyConnection:
    """``duckdb.connect`` with :func:`duckdb_config` applied (``db`` None: an in-memory database).

    The settings are applied with ``SET`` once connected, not as ``config`` of ``duckdb.connect``:
    DuckDB refuses a second connection to a file open in the process "with a different
    configuration", so code that opens the store with a plain ``duckdb.connect`` (a notebook, a
    test) would fail while an fwlab connection is open. A bad ``FWLAB_*`` value raises
    :class:`ValueError` naming the variable.
    """
    con = duckdb.connect(":memory:" if db is None else str(db), read_only=read_only)
    try:
        apply_settings(con, duckdb_config(db))
    except BaseException:
        con.close()
        raise
    return con


def apply_settings(con: duckdb.DuckDBPyConnection, config: Mapping[str, str]) -> None:
    """``SET`` each of ``config`` on ``con``; a bad value raises :class:`ValueError` naming its variable."""
    names = {"memory_limit": MEMORY_ENV, "temp_directory": TEMP_ENV, "max_temp_directory_size": MAX_TEMP_ENV}
    for key, value in config.items():
        if key == "temp_directory":
            row = con.execute("SELECT current_setting('temp_directory')").fetchone()
            if row and row[0] == value:
                continue
        try:
            con.execute(f"SET {key} = ?", [value])
        except duckdb.Error as exc:
            if key == "temp_directory" and "temp" in str(exc).lower():
                continue  # already spilling elsewhere in this process: keep that folder
            raise ValueError(f"bad {names.get(key, key)} value {value!r} ({key}): {str(exc).splitlines()[0]}") \
                from None
