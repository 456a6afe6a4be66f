"""Where fwlab finds its data: the catalogs and decks in ``data/`` and the built DuckDB store."""

from __future__ import annotations

import os
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent


def data_dir() -> Path:
    """The folder with catalogs and starter decks (``FWLAB_DATA`` overrides it)."""
    return Path(os.environ.get("FWLAB_DATA", PROJECT_ROOT / "data"))


def catalogs_dir() -> Path:
    return data_dir() / "catalogs"


def decks_dir() -> Path:
    return data_dir() / "decks"


def default_db() -> Path:
    """The store used when no ``--db`` is given (``FWLAB_DB`` overrides it)."""
    return Path(os.environ.get("FWLAB_DB", data_dir() / "fwlab.duckdb"))
