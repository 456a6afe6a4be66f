"""Skill as an axis: the same analysis played at several levels of bot skill (issue 28 part 3).

A *level* is a bot spec both seats play (``heuristic``, ``ismcts:iters=200``). Every level replays
the same seeds: game ``g`` of a pairing has the seed ``game_seed(pair seed, g)`` at every level, so
the levels meet the same deals and first seats (common random numbers across levels as well as
across the before/after of a what-if). A costly level plays fewer games per pairing (its first
``games`` of the same seeds); the output says how many each level played.

- :func:`skill_whatif`: a what-if at each level; per deck, the change at each level with its
  paired 95% interval, and whether the levels agree on its sign and on its significance (an
  interval that excludes 0).
- :func:`fwlab.sim.skill.skill_field` (``fwlab simulate --skill-sweep``, ``fwlab report balance
  --skill``): each deck's field win rate at each level; :func:`skill_figure` draws either.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ..sim.runner import BATCH
from ..sim.skill import level_games, parse_levels, short_deck, skill_header
from .batch import Progress
from .changes import Changes, ChangeSet
from .whatif import DeckRef, whatif


def _significant(ci: Sequence[float]) -> int:
    """+1 when the interval lies above 0, -1 below, 0 when it holds 0."""
    return 1 if ci[0] > 0 else -1 if ci[1] < 0 else 0


def _sign(x: float) -> int:
    return 1 if x > 0 else -1 if x < 0 else 0


@dataclass
class SkillDeckChange:
    """One deck's change (after - before, field win rate) at each level, and whether they agree."""

    deck: str
    name: str
    deltas: list[float]
    ci95: list[list[float]]
    #: every level's change has the same sign (+, - or exactly 0)
    sign_agrees: bool
    #: every level's interval says the same: all above 0, all below, or all holding 0
    significance_agrees: bool

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class SkillWhatIf:
    """:func:`skill_whatif`'s result; ``to_dict()`` is ``fwlab whatif --skill --json``."""

    ruleset: str
    levels: list[str]
    games_per_pairing: list[int]
    seed: int
    decks: list[SkillDeckChange]
    #: the what-if at each level (``WhatIfResult.to_dict()``)
    runs: list[dict[str, Any]]
    seconds: float

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "whatif-skill", "ruleset": self.ruleset, "levels": self.levels,
                "games_per_pairing": self.games_per_pairing, "seed": self.seed,
                "decks": [d.to_dict() for d in self.decks], "runs": self.runs, "seconds": self.seconds,
                "agree": {"sign": sum(d.sign_agrees for d in self.decks),
                          "significance": sum(d.significance_agrees for d in self.decks), "decks": len(self.decks)}}


def skill_whatif(ruleset: str, changes: Changes | ChangeSet | None, levels: Sequence[str], n: int = 200,
                 seed: int = 0, *, costly_games: int | None = None, decks: Sequence[DeckRef] | None = None,
                 workers: int | None = 1, executor: Executor | None = None, progress: Progress | None = None,
                 batch_size: int = BATCH, db: str | Path | None = None, rules: Mapping[str, Any] | None = None,
                 base_rules: Mapping[str, Any] | None = None, meta: Mapping[str, float] | None = None,
                 ) -> SkillWhatIf:
    """The what-if of ``changes`` at each level (both seats play the level's bot), the first level
    with ``n`` games per pairing and the others with :func:`level_games`'s fewer, all from ``seed``."""
    t0 = time.perf_counter()
    levels = parse_levels(ruleset, levels)
    counts = level_games(levels, n, costly_games)
    runs = []
    for lv, k in zip(levels, counts):
        res = whatif(ruleset, changes, decks=decks, n=k, seed=seed, bots=[lv, lv], workers=workers,
                     executor=executor, progress=progress, batch_size=batch_size, db=db, rules=rules,
                     base_rules=base_rules, meta=meta)
        runs.append(res.to_dict())
    rows: list[SkillDeckChange] = []
    key = "meta_decks" if meta else "decks"
    for i, first in enumerate(runs[0][key]):
        deltas = [float(r[key][i]["delta"]) for r in runs]
        cis = [list(map(float, r[key][i]["delta_ci95"])) for r in runs]
        signs = {_sign(x) for x in deltas}
        sig = {_significant(c) for c in cis}
        rows.append(SkillDeckChange(first["deck"], first["name"], deltas, cis,
                                    sign_agrees=len(signs) == 1, significance_agrees=len(sig) == 1))
    return SkillWhatIf(ruleset, list(levels), counts, seed, rows, runs, round(time.perf_counter() - t0, 3))


# ---------------------------------------------------------------------------------------- text
def render_skill_whatif(d: Mapping[str, Any]) -> str:
    """``fwlab whatif --skill``'s text: per deck the change at each level and the agreement flags."""
    lv = d["levels"]
    lines = skill_header("what-if", d)
    head = "".join(f" {b[:24]:>26}" for b in lv)
    lines.append(f"  {'deck':<22}{head}  sign  significance")
    for r in d["decks"]:
        cells = "".join(f" {x:+.3f} [{c[0]:+.3f},{c[1]:+.3f}]"[:27].rjust(27) for x, c in zip(r["deltas"], r["ci95"]))
        lines.append(f"  {short_deck(r['deck']):<22}{cells}  {'agree' if r['sign_agrees'] else 'DIFFER':<5} "
                     f"{'agree' if r['significance_agrees'] else 'DIFFER'}")
    a = d["agree"]
    lines.append(f"  signs agree for {a['sign']} of {a['decks']} decks, significance for {a['significance']} "
                 f"of {a['decks']}")
    return "\n".join(lines)


def skill_figure(d: Mapping[str, Any]) -> Any:
    """One small chart per deck (plotly subplots): the deck's figure at each level with its 95%
    interval: the change of a what-if (``whatif-skill``) or the field win rate (``field-skill``)."""
    import plotly.graph_objects as go
    from plotly.subplots import make_subplots

    rows = d["decks"]
    cols = min(4, max(1, len(rows)))
    nrows = -(-len(rows) // cols)
    fig = make_subplots(rows=nrows, cols=cols, subplot_titles=[short_deck(r["deck"]) for r in rows])
    whatif_kind = d.get("kind") == "whatif-skill"
    for k, r in enumerate(rows):
        ys = r["deltas"] if whatif_kind else r["win_rates"]
        cis = r["ci95"]
        fig.add_trace(go.Scatter(x=list(d["levels"]), y=ys, mode="markers+lines", showlegend=False,
                                 error_y=dict(type="data", symmetric=False, array=[c[1] - y for y, c in zip(ys, cis)],
                                              arrayminus=[y - c[0] for y, c in zip(ys, cis)])),
                      row=k // cols + 1, col=k % cols + 1)
        fig.add_hline(y=0.0 if whatif_kind else 0.5, line_dash="dot", line_color="grey", row=k // cols + 1,
                      col=k % cols + 1)
    fig.update_layout(height=260 * nrows, margin=dict(t=40, b=20),
                      title="change at each level of skill" if whatif_kind else "field win rate at each level of skill")
    return fig


# ---------------------------------------------------------------------------------------- tune
@dataclass
class SkillConfirm:
    """``fwlab tune --confirm-skill``: the deck before and after tuning against the gauntlet at a
    higher level of skill (both seats play it), each opponent's pairing from its own seed, the same
    games for both decks. ``holds``: the tuned deck still wins more there (the change is above 0);
    ``significant``: its 95% interval lies above 0 (summed variances: conservative, as the shared
    seeds correlate the two decks' games)."""

    level: str
    games_per_opponent: int
    start_win_rate: float
    best_win_rate: float
    delta: float
    delta_ci95: list[float]
    holds: bool
    significant: bool

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def confirm_skill(ruleset: str, start: Any, best: Any, gauntlet: Sequence[Any], level: str, n: int = 40,
                  seed: int = 0, *, workers: int | None = 1, executor: Executor | None = None) -> SkillConfirm:
    """Re-test a tuned deck at ``level``: ``start`` and ``best`` (decks) each play ``n`` games against
    every deck of ``gauntlet`` (:class:`~fwlab.lab.changes.LabDeck`), on the same seeds."""
    import numpy as np

    from ..sim import simulate_match
    from ..sim.skill import pair_seed
    from ..stats import Z95

    (level,) = parse_levels(ruleset, [level, level])[:1]
    rates: list[list[float]] = [[], []]
    var = [0.0, 0.0]
    for opp in gauntlet:
        s = pair_seed(seed, "tune", opp.id)
        for k, deck in enumerate((start, best)):
            res = simulate_match([deck, opp.deck], ruleset, n=n, seed=s, bots=[level, level], workers=workers,
                                 executor=executor)
            half = res.draws / 2.0
            p = (res.wins[0] + half) / n
            rates[k].append(p)
            var[k] += max((res.wins[0] + half / 2.0) / n - p * p, 0.0) / max(n - 1, 1)
    m = len(gauntlet)
    a, b = float(np.mean(rates[0])), float(np.mean(rates[1]))
    half_width = Z95 * float(np.sqrt((var[0] + var[1]) / (m * m)))
    d = b - a
    return SkillConfirm(level, n, a, b, d, [d - half_width, d + half_width], d > 0, d - half_width > 0)
