"""The health figures of stored matches: a store, an export folder or match-log files.

The matches of one ruleset are reduced in DuckDB SQL to classes of alike games (seat count,
pairing, first seat, every seat's place, turns, end reason) and counted, so a million matches come
back as a few thousand rows, read into the :class:`~fwlab.sim.health.GameTable` a simulation gives
(:func:`table_from_source`). The engine's own figures come from the stored tables where its
``health_figures`` say how (:class:`fwlab.rules.health.Stored`: characters killed from
``card_events``, fields left open from ``field_events``, ...), summed per seat count in SQL; the
others need a simulation and are listed as such. A pairing is the unordered pair of a 2-seat
match's decks (``deck_a``/``deck_b``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from ..rules.health import HealthFigure, Stored
from ..rulesets import MAX_SEATS
from ..sim.health import FigureSums, GameTable
from ..store.schema import CARD_EVENT_COLUMNS, seats_source

_PLACES = ", ".join(f"max(x.place) FILTER (WHERE x.seat = {s}) AS p{s}" for s in range(1, MAX_SEATS + 1))

#: The matches of one ruleset as counted classes of alike games ({seats}: the seat table, {n}: the
#: SQL of a match's seat count), in a fixed order (the sums over them then are the same to the last bit).
CLASSES_SQL = f"""
WITH m AS (SELECT match_id, {{n}} AS n, first, end_reason, turns, deck_a, deck_b
           FROM matches WHERE ruleset = $ruleset),
s AS (SELECT x.match_id, {_PLACES} FROM {{seats}} x JOIN m USING (match_id) GROUP BY x.match_id)
SELECT m.n AS seats,
    CASE WHEN m.n = 2 AND m.deck_a IS NOT NULL AND m.deck_b IS NOT NULL
         THEN least(m.deck_a, m.deck_b) || ' vs ' || greatest(m.deck_a, m.deck_b) END AS pairing,
    coalesce(CASE WHEN strpos('abcde', m.first) BETWEEN 1 AND m.n THEN strpos('abcde', m.first) - 1 END, -1)
        AS first,
    {", ".join(f"coalesce(s.p{s}, 0) AS p{s}" for s in range(1, MAX_SEATS + 1))},
    coalesce(m.turns, -1) AS turns, coalesce(m.end_reason, '(none)') AS end_reason, count(*) AS weight
FROM m LEFT JOIN s USING (match_id)
GROUP BY ALL
ORDER BY ALL
"""


def _has_column(con: Any, table: str, column: str) -> bool:
    try:
        con.execute(f"SELECT {column} FROM {table} LIMIT 0").fetchall()
    except Exception:  # noqa: BLE001  (a source without the column: DuckDB's binder error)
        return False
    return True


def _per_match_sql(spec: Stored, seats_table: str, own_rules: bool) -> tuple[str, dict[str, Any]] | None:
    """SQL of ``(match_id, n, v)``: the figure's value per match (matches where it is known)."""
    where = "ruleset = $ruleset" + (" AND rules IS NULL" if own_rules else "")
    m = f"SELECT match_id, {{n}} AS n FROM matches WHERE {where}"
    params: dict[str, Any] = {}
    k, a = spec.kind, spec.args
    if k in ("killed", "card_sum", "card_diff"):
        cols = [] if k == "killed" else [str(c) for c in a]
        for c in cols:
            if c not in CARD_EVENT_COLUMNS:
                raise ValueError(f"stored figure {k}: {c!r} is not a card_events column")
        if k == "killed":  # $names: the catalog's cards of the type (the caller's parameter)
            value = "count(*) FILTER (WHERE e.killed_turn IS NOT NULL AND list_contains($names, e.card))"
        elif k == "card_sum":
            value = f"sum(e.{cols[0]})"
        else:
            value = f"sum(e.{cols[0]}) - sum(e.{cols[1]})"
        sql = (f"WITH m AS ({m}) SELECT m.match_id, m.n, {value} AS v FROM card_events e JOIN m USING (match_id) "
               "GROUP BY m.match_id, m.n")
        return sql, params
    if k in ("open_fields", "open_difficulty"):
        total = int(a[0])
        taken = (f"WITH m AS ({m}), f AS (SELECT match_id, count(*) AS taken, sum(difficulty) AS diff "
                 f"FROM field_events GROUP BY match_id) ")
        if k == "open_fields":
            return taken + f"SELECT m.match_id, m.n, {total} - coalesce(f.taken, 0) AS v FROM m LEFT JOIN f USING (match_id)", params
        return (taken + f"SELECT m.match_id, m.n, ({int(a[1])} - coalesce(f.diff, 0)) / ({total} - coalesce(f.taken, 0)) "
                f"AS v FROM m LEFT JOIN f USING (match_id) WHERE {total} - coalesce(f.taken, 0) > 0"), params
    if k in ("start_share", "score_spread"):
        value = (f"{int(a[0])} * m.n / sum(x.score)" if k == "start_share" else "max(x.score) - min(x.score)")
        having = "count(x.score) = m.n" + (" AND sum(x.score) > 0" if k == "start_share" else "")
        return (f"WITH m AS ({m}) SELECT m.match_id, m.n, {value} AS v FROM {seats_table} x JOIN m USING (match_id) "
                f"GROUP BY m.match_id, m.n HAVING {having}"), params
    return None


def stored_figures(con: Any, ruleset: str, figures: Sequence[HealthFigure], seats_table: str, n_sql: str,
                   notes: list[str]) -> dict[int, dict[str, FigureSums]]:
    """Per seat count, the sums of each figure that has a stored recipe (matches where it is known)."""
    out: dict[int, dict[str, FigureSums]] = {}
    has_rules = _has_column(con, "matches", "rules")
    any_fields: bool | None = None
    for f in figures:
        spec = f.stored
        if spec is None:
            continue
        if spec.kind in ("open_fields", "open_difficulty"):
            if any_fields is None:
                row = con.execute("SELECT EXISTS (SELECT 1 FROM field_events x JOIN matches m USING (match_id) "
                                  "WHERE m.ruleset = $ruleset)", {"ruleset": ruleset}).fetchone()
                any_fields = bool(row and row[0])
            if not any_fields:
                notes.append(f"{f.name}: the {ruleset} matches have no field events; left out")
                continue
        built = _per_match_sql(spec, seats_table, spec.own_rules and has_rules)
        if built is None:
            continue
        sql, params = built
        params = {"ruleset": ruleset, **params}
        if spec.kind == "killed":
            params["names"] = _names_of_type(ruleset, str(spec.args[0]))
        sql = sql.replace("{n}", n_sql)
        rows = con.execute(f"SELECT n, count(v), coalesce(sum(v), 0), coalesce(sum(v * v), 0) FROM ({sql}) "
                           "WHERE v IS NOT NULL GROUP BY n", params).fetchall()
        for n, count, total, squares in rows:
            out.setdefault(int(n), {})[f.name] = FigureSums(float(count), float(total), float(squares))
        if spec.own_rules and has_rules:
            row = con.execute("SELECT count(*) FROM matches WHERE ruleset = $ruleset AND rules IS NOT NULL",
                              {"ruleset": ruleset}).fetchone()
            if row and row[0]:
                notes.append(f"{f.name}: from the matches played under the ruleset's own rules only "
                             f"({row[0]} under changed rules left out)")
    return out


def _names_of_type(ruleset: str, card_type: str) -> list[str]:
    from ..catalog import load_catalog

    cat = load_catalog(ruleset)
    return sorted(c.name for c in cat.cards.values() if c.type == card_type)


def table_from_source(con: Any, ruleset: str) -> tuple[GameTable, list[str]]:
    """The stored matches of ``ruleset`` on ``con`` (a connection of :func:`fwlab.store.open_source`)
    as a :class:`GameTable`, with the engine's stored figures, and notes about what was left out."""
    from ..rules.engines import engine_for

    eng = engine_for(ruleset)
    seats_table, n_sql = seats_source(con)
    sql = CLASSES_SQL.replace("{seats}", seats_table).replace("{n}", n_sql)
    cols = con.execute(sql, {"ruleset": ruleset}).fetchnumpy()
    notes: list[str] = []
    rows = len(cols["weight"])
    if rows == 0:
        return GameTable.empty(ruleset), [f"no {ruleset} matches in the source"]
    pairing = np.asarray(cols["pairing"], dtype=object)
    labels = np.where(_is_null(pairing), "", pairing).astype(str)
    pairings, codes = np.unique(labels, return_inverse=True)
    reasons_found = np.asarray(cols["end_reason"], dtype=object).astype(str)
    reasons = list(eng.end_reasons) + sorted(set(reasons_found.tolist()) - set(eng.end_reasons))
    reason_code = np.array([reasons.index(r) for r in reasons_found], np.int64) if rows else np.zeros(0, np.int64)
    places = np.stack([np.asarray(cols[f"p{s}"], np.int64) for s in range(1, MAX_SEATS + 1)], axis=1)
    table = GameTable(ruleset, np.asarray(cols["seats"], np.int64), codes.astype(np.int64),
                      np.asarray(cols["first"], np.int64), places, np.asarray(cols["turns"], np.int64), reason_code,
                      np.asarray(cols["weight"], np.int64), [str(p) for p in pairings], reasons)
    table.figures = stored_figures(con, ruleset, eng.health_figures, seats_table, n_sql, notes)
    unknown = sorted(set(reasons_found.tolist()) - set(eng.end_reasons))
    if unknown:
        notes.append(f"end reasons the {eng.name} engine does not give (from imported logs): {', '.join(unknown)}")
    if _has_column(con, "matches", "rules"):
        row = con.execute("SELECT count(DISTINCT coalesce(rules, '')), count(*) FILTER (WHERE rules IS NOT NULL) "
                          "FROM matches WHERE ruleset = $ruleset", {"ruleset": ruleset}).fetchone()
        if row and row[0] > 1:
            notes.append(f"mixed rules: the {ruleset} matches were played under {row[0]} rule sets; the figures "
                         "pool them (compare rule sets with `fwlab whatif`)")
        elif row and row[1]:
            notes.append(f"every {ruleset} match was played under changed rules (matches.rules)")
    return table, notes


def _is_null(a: np.ndarray) -> np.ndarray:
    """Where an object array holds None (or a masked value)."""
    return np.array([x is None or (isinstance(x, float) and x != x) for x in a], dtype=bool)


def open_logs(files: Sequence[str | Path]) -> Any:
    """An in-memory store holding the catalogs, the starter decks and the match-log ``files`` (any
    format ``fwlab import`` reads, checked the same way: an :class:`~fwlab.store.ImportProblem`
    names the file, row and column of every problem)."""
    from ..store import connect, import_files
    from ..store.build import build_from_data, load_sources

    for f in files:
        if not Path(f).exists():
            raise FileNotFoundError(f"{f}: no such match-log file")
    con = connect(":memory:")
    build_from_data(con, load_sources())
    import_files(con, list(files))
    return con


def source_rules(con: Any, ruleset: str) -> list[dict[str, Any]]:
    """The rule sets of the ruleset's stored matches, with counts (``{}`` is the ruleset's own)."""
    if not _has_column(con, "matches", "rules"):
        return []
    rows = con.execute("SELECT rules, count(*) FROM matches WHERE ruleset = $ruleset GROUP BY rules ORDER BY 2 DESC",
                       {"ruleset": ruleset}).fetchall()
    return [{"rules": json.loads(r) if r else {}, "matches": int(c)} for r, c in rows]


__all__ = ["CLASSES_SQL", "open_logs", "source_rules", "stored_figures", "table_from_source"]
