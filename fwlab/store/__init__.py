"""The DuckDB store: schema and migrations, ingest, export, named queries."""
