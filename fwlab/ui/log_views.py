"""Match logs: import uploaded files through the store's checked import, browse matches, play a league."""

from __future__ import annotations

import tempfile
import threading
from collections.abc import Sequence
from datetime import date, datetime
from pathlib import Path
from typing import Any

import pandas as pd
import streamlit as st

from ..rules.engines import engine_rulesets
from ..sim import play_match
from ..store import ImportProblem, StoreError, connect, import_files
from ..store.league import run_league
from ..store.progress import Step
from . import data
from .widgets import table

UPLOAD_TYPES = ["csv", "parquet", "jsonl", "ndjson", "json"]


def import_uploads(files: Sequence[Any], source: str) -> None:
    """Save the uploads under their own names in a temporary folder and import them in one checked,
    all-or-nothing import (the same checks and messages as ``fwlab import``)."""
    with tempfile.TemporaryDirectory(prefix="fwlab-upload-") as tmp:
        paths = []
        for f in files:
            p = Path(tmp) / Path(f.name).name
            p.write_bytes(f.getvalue())
            paths.append(p)

        bar = st.progress(0.0, text="Checking the files…")
        script = threading.get_ident()

        def progress(step: Step) -> None:
            # the stages come from this script's thread; DuckDB's percentages from a helper thread,
            # which may not draw on the page: those are left to the terminal
            if threading.get_ident() == script:
                rows = "" if step.rows is None else f" ({step.rows:,} rows)"
                bar.progress(step.fraction, text=f"{step.stage.capitalize()} {step.what}{rows}…")

        def run(db: Path) -> Any:
            con = connect(db)
            try:
                return import_files(con, paths, source=source, progress=progress)
            finally:
                con.close()

        try:
            report = data.write(run)
            bar.progress(1.0, text="Imported")
        except ImportProblem as exc:
            bar.empty()
            st.error(f"Import refused, the store is unchanged ({exc.total} problem(s)):")
            problems = pd.DataFrame([{"file": Path(p.file).name, "row": p.row, "column": p.column, "value": p.value,
                                      "problem": p.message} for p in exc.problems])
            table(problems, "import-problems.csv", key="import-problems")
            if exc.total > len(exc.problems):
                st.caption(f"and {exc.total - len(exc.problems)} more problems")
            with st.expander("As `fwlab import` prints them"):
                st.code(str(exc).replace(tmp + "/", ""), language=None)
            return
        except StoreError as exc:  # locked, out of memory, disk full: rolled back, named
            bar.empty()
            st.error(str(exc))
            return
    kinds = ", ".join(f"{Path(f).name}: {k}" for f, k in report.files.items())
    counts = ", ".join(f"{n} {k.replace('_', ' ')}" for k, n in report.counts.items())
    st.success(f"Imported {counts}; {report.new_players} new players ({kinds}).")
    for f, cols in report.ignored_columns.items():
        st.caption(f"{Path(f).name}: ignored columns {', '.join(cols)}")


def browse(db: str) -> None:
    rulesets = data.match_rulesets(db)
    people = data.players(db)["player"].tolist()
    c1, c2, c3 = st.columns(3)
    ruleset = c1.selectbox("Ruleset", ["(all)", *rulesets], key="logs-ruleset")
    player = c2.selectbox("Player", ["(anyone)", *people], key="logs-player")
    limit = int(c3.number_input("Show at most", 10, 100_000, 200, step=50, key="logs-limit"))
    matches = data.recent_matches(db, None if ruleset == "(all)" else ruleset,
                                  None if player == "(anyone)" else player, limit)
    st.write(f"**{len(matches)}** most recent matches")
    table(matches, "matches.csv", key="logs-matches")


def league_form() -> None:
    c1, c2, c3 = st.columns(3)
    ruleset = c1.selectbox("Ruleset", engine_rulesets(), key="league-ruleset")
    players = int(c2.number_input("Players", 2, 64, 8, key="league-players"))
    matches = int(c3.number_input("Matches", 1, 5000, 50, step=10, key="league-matches"))
    seed = int(c1.number_input("Seed (one league per ruleset and seed)", 0, 10**6, 100, key="league-seed"))
    start = c2.date_input("First day of the season", date(2026, 1, 1), key="league-start")
    days = int(c3.number_input("Season length (days)", 1, 3650, 90, key="league-days"))
    if st.button("Play the league into the store", type="primary", key="league-run"):
        bar = st.progress(0.0, text=f"Playing {matches} matches…")
        played = [0]

        def play(*args: Any, **kwargs: Any) -> Any:
            result = play_match(*args, **kwargs)
            played[0] += 1
            bar.progress(played[0] / matches, text=f"{played[0]} of {matches} matches played")
            return result

        def run(db: Path) -> dict[str, int]:
            con = connect(db)
            try:
                return run_league(con, ruleset=ruleset, players=players, matches=matches, seed=seed,
                                  start=datetime.combine(start, datetime.min.time()), days=days, play=play,
                                  progress=False)
            finally:
                con.close()

        try:
            got = data.write(run)
        except (StoreError, ValueError) as exc:
            st.error(str(exc))
            return
        st.success(f"{ruleset} league (seed {seed}): {got['players']} players, {got['matches']} matches, "
                   f"{got['card_events']} card events written in one transaction.")
