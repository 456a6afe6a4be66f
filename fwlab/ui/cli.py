"""``fwlab app``: serve the Streamlit workbench."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys

from ..paths import PROJECT_ROOT, default_db


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("app", help="serve the Streamlit workbench on http://localhost:8501",
                       description="Serve the Streamlit workbench (localhost only unless --address is given).")
    p.add_argument("--db", default=None, help="the DuckDB store (default: data/fwlab.duckdb or $FWLAB_DB)")
    p.add_argument("--port", type=int, default=8501)
    p.add_argument("--address", default="localhost")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    env = dict(os.environ, FWLAB_DB=str(args.db or default_db()))
    cmd = [sys.executable, "-m", "streamlit", "run", str(PROJECT_ROOT / "app.py"),
           "--server.address", args.address, "--server.port", str(args.port),
           "--server.headless", "true", "--browser.gatherUsageStats", "false"]
    return subprocess.call(cmd, env=env)
