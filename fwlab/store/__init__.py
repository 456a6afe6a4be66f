"""The DuckDB store: schema and migrations, building from ``data/``, import, export, leagues, named queries.

Open a store with :func:`connect` (read-write, applies migrations) or ``connect(path, read_only=True)``
(the app); run reports on a store or an export folder alike with :func:`open_source`.
The table contract is documented in ``docs/match-logs.md``.

The names below are loaded on first use, so ``import fwlab.store.cli`` (and ``fwlab --help``) does
not pay for importing DuckDB and pyarrow.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .export import export_logs, open_source
    from .ingest import ImportProblem, Problem, import_files
    from .schema import LOG_TABLES, TABLES, StoreError, connect

_WHERE = {
    "export_logs": "export", "open_source": "export",
    "ImportProblem": "ingest", "Problem": "ingest", "import_files": "ingest",
    "LOG_TABLES": "schema", "TABLES": "schema", "StoreError": "schema", "connect": "schema",
}
__all__ = ["ImportProblem", "LOG_TABLES", "Problem", "StoreError", "TABLES", "connect", "export_logs",
           "import_files", "open_source"]


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        return getattr(importlib.import_module(f".{_WHERE[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
