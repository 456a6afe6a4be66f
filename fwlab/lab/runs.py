"""Lab runs kept in the store (table ``lab_runs``, migration 8): save a run, list past runs, reopen one.

>>> from fwlab.store import connect
>>> con = connect(":memory:")
>>> rid = save_run(con, "whatif", "fw", {"n": 10}, {"games": 20})
>>> [(r.kind, r.ruleset, r.summary) for r in list_runs(con)]
[('whatif', 'fw', '')]
>>> load_run(con, rid).result
{'games': 20}
"""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import duckdb

KINDS = ("whatif", "sweep", "tune")


@dataclass
class LabRun:
    """One stored run: ``params`` (what was asked) and ``result`` (the result's ``to_dict()``)."""

    run_id: str
    kind: str
    ruleset: str
    created_at: datetime
    params: dict[str, Any]
    result: dict[str, Any]
    summary: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"run_id": self.run_id, "kind": self.kind, "ruleset": self.ruleset,
                "created_at": self.created_at.isoformat(), "params": self.params, "result": self.result,
                "summary": self.summary}

    def result_object(self) -> Any:
        """The result as its dataclass (:class:`~fwlab.lab.whatif.WhatIfResult`, ``SweepResult`` or
        :class:`~fwlab.lab.tune.TuneResult`)."""
        if self.kind == "whatif":
            from .whatif import WhatIfResult

            return WhatIfResult.from_dict(self.result)
        if self.kind == "sweep":
            from .whatif import SweepResult

            return SweepResult.from_dict(self.result)
        from .tune import TuneResult

        return TuneResult.from_dict(self.result)


def _con(db: duckdb.DuckDBPyConnection | str | Path, read_only: bool) -> tuple[duckdb.DuckDBPyConnection, bool]:
    if isinstance(db, duckdb.DuckDBPyConnection):
        return db, False
    from ..store import connect

    return connect(db, read_only=read_only), True


def save_run(db: duckdb.DuckDBPyConnection | str | Path, kind: str, ruleset: str, params: dict[str, Any],
             result: dict[str, Any], summary: str = "") -> str:
    """Store a run (a connection, or a store path opened read-write for this call); return its id."""
    if kind not in KINDS:
        raise ValueError(f"a lab run is one of {', '.join(KINDS)}, not {kind!r}")
    con, close = _con(db, read_only=False)
    try:
        run_id = f"{kind}-{datetime.now(UTC).strftime('%Y%m%dT%H%M%S')}-{uuid.uuid4().hex[:6]}"
        payload = {**params, "_summary": summary} if summary else params
        con.execute("INSERT INTO lab_runs VALUES (?, ?, ?, current_localtimestamp(), ?, ?)",
                    [run_id, kind, ruleset, json.dumps(payload), json.dumps(result)])
        return run_id
    finally:
        if close:
            con.close()


def list_runs(db: duckdb.DuckDBPyConnection | str | Path, kind: str | None = None, ruleset: str | None = None,
              limit: int = 100) -> list[LabRun]:
    """Past runs, newest first, without their results (``result`` is empty: :func:`load_run` reads it)."""
    con, close = _con(db, read_only=True)
    try:
        rows = con.execute(
            """SELECT run_id, kind, ruleset, created_at, params FROM lab_runs
               WHERE (? IS NULL OR kind = ?) AND (? IS NULL OR ruleset = ?)
               ORDER BY created_at DESC, run_id DESC LIMIT ?""", [kind, kind, ruleset, ruleset, int(limit)]).fetchall()
    finally:
        if close:
            con.close()
    out = []
    for rid, k, rs, at, params in rows:
        p = json.loads(params)
        out.append(LabRun(rid, k, rs, at, p, {}, str(p.pop("_summary", ""))))
    return out


def load_run(db: duckdb.DuckDBPyConnection | str | Path, run_id: str) -> LabRun:
    """One stored run with its result (``ValueError`` for an unknown id)."""
    con, close = _con(db, read_only=True)
    try:
        row = con.execute("SELECT run_id, kind, ruleset, created_at, params, result FROM lab_runs WHERE run_id = ?",
                          [run_id]).fetchone()
    finally:
        if close:
            con.close()
    if row is None:
        raise ValueError(f"no lab run {run_id!r} in the store")
    p = json.loads(row[4])
    return LabRun(row[0], row[1], row[2], row[3], p, json.loads(row[5]), str(p.pop("_summary", "")))
