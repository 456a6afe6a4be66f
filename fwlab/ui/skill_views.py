"""Skill as an axis on the pages (issue 28 part 3): the Balance lab's "check against skill" (the
what-if replayed at each level of bot skill) and the simulator's skill sweep (each deck's field win
rate at each level), each shown as one chart per deck."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pandas as pd
import streamlit as st

from ..lab.changes import ChangeSet, LabDeck
from ..sim.skill import short_deck
from .widgets import MISSING

#: the levels the pages offer by default: the engine's heuristic and a cheap search
DEFAULT_LEVELS = "heuristic,ismcts:iters=50"
SKILL_RESULT = {"whatif": "skill-whatif-result", "field": "skill-field-result"}


def levels_input(key: str) -> tuple[str, int]:
    """The levels (bot specs) and the games per pairing at the costly levels."""
    c1, c2 = st.columns([3, 1])
    levels = c1.text_input("Levels of skill (bot specs, comma-separated)", DEFAULT_LEVELS, key=f"{key}-levels",
                           help="Both seats play each level's bot; every level replays the same seeds. "
                                "e.g. heuristic,ismcts:iters=200 (docs/bots.md)")
    costly = int(c2.number_input("Games at the costly levels", 1, 2000, 6, key=f"{key}-costly",
                                 help="Games per pairing at every level after the first (fewer: a search bot "
                                      "is slow)"))
    return levels, costly


def run_skill_whatif(ruleset: str, changes: ChangeSet, field: Sequence[LabDeck], levels: str, n: int, costly: int,
                     seed: int, workers: int) -> dict[str, Any]:
    from ..lab.skill import skill_whatif

    with st.spinner("Playing the what-if at each level of skill…"):
        return skill_whatif(ruleset, changes, levels, n=n, seed=seed, costly_games=costly, decks=list(field),
                            workers=workers).to_dict()


def run_skill_field(ruleset: str, levels: str, n: int, costly: int, seed: int) -> dict[str, Any]:
    from ..sim.skill import skill_field

    with st.spinner("Playing the starter field at each level of skill…"):
        return skill_field(ruleset, levels, n=n, seed=seed, costly_games=costly).to_dict()


def show_skill(d: Mapping[str, Any], key: str) -> None:
    """A skill result (``whatif-skill`` or ``field-skill``): the games at each level, one chart per
    deck, and the table (the agreement flags, or the gain and verdict)."""
    from ..lab.skill import skill_figure

    per = "; ".join(f"{b}: {g} games per pairing" for b, g in zip(d["levels"], d["games_per_pairing"]))
    st.caption(f"{per} (seed {d['seed']}, {d['seconds']:.1f} s)"
               + (". Fewer games at the costly levels: wider intervals." if min(d["games_per_pairing"])
                  < d["games_per_pairing"][0] else ""))
    st.plotly_chart(skill_figure(d), key=f"{key}-skill-chart")
    rows = []
    for r in d["decks"]:
        row: dict[str, Any] = {"deck": short_deck(r["deck"])}
        if d["kind"] == "whatif-skill":
            for b, x, c in zip(d["levels"], r["deltas"], r["ci95"]):
                row[f"change at {b}"] = f"{x:+.3f} [{c[0]:+.3f}, {c[1]:+.3f}]"
            row["sign agrees"] = r["sign_agrees"]
            row["significance agrees"] = r["significance_agrees"]
        else:
            for b, x, c in zip(d["levels"], r["win_rates"], r["ci95"]):
                row[f"win rate at {b}"] = f"{x:.3f} [{c[0]:.3f}, {c[1]:.3f}]"
            row["gain"] = f"{r['gain']:+.3f} [{r['gain_ci95'][0]:+.3f}, {r['gain_ci95'][1]:+.3f}]"
            row["verdict"] = r["verdict"]
        rows.append(row)
    st.dataframe(pd.DataFrame(rows), hide_index=True, key=f"{key}-skill-table", placeholder=MISSING)
