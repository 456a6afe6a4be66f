"""The DuckDB store: schema and migrations, building from ``data/``, import, export, leagues, named queries.

Open a store with :func:`connect` (read-write, applies migrations) or ``connect(path, read_only=True)``
(the app); run reports on a store or an export folder alike with :func:`open_source`.
The table contract is documented in ``docs/match-logs.md``.
"""

from .export import export_logs, open_source
from .ingest import ImportProblem, Problem, import_files
from .schema import LOG_TABLES, TABLES, StoreError, connect

__all__ = ["ImportProblem", "LOG_TABLES", "Problem", "StoreError", "TABLES", "connect", "export_logs",
           "import_files", "open_source"]
