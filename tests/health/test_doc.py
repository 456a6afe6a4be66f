"""docs/game-health.md holds every ruleset's bands as the engines declare them, and every figure a
health report shows has a band with a reason (HEALTH-DOC-1).

Rewrite the tables after changing a band:

    .venv/bin/python -m fwlab.health.doc
"""

from __future__ import annotations

import pytest

from fwlab.health.doc import DOC, bands_markdown, health_rulesets, missing_bands, report_figures, sync_doc
from fwlab.rules.engines import engine_for
from fwlab.rules.health import band_for
from fwlab.rulesets import RULESETS, info


def test_HEALTH_DOC_1_every_built_in_ruleset_declares_bands():
    assert set(health_rulesets()) >= set(RULESETS)


def test_HEALTH_DOC_1_the_doc_tables_are_the_engines_bands():
    text = DOC.read_text(encoding="utf-8")
    assert sync_doc(text, health_rulesets()) == text, \
        "docs/game-health.md is out of date: run .venv/bin/python -m fwlab.health.doc"
    for r in RULESETS:  # each table is there, in its own section, with every band's bounds
        table = bands_markdown(r)
        assert f"<!-- bands:{r} -->\n{table}\n<!-- /bands:{r} -->" in text
        for b in engine_for(r).health_bands[r]:
            assert f"| `{b.figure}`" in table and b.text() in table


def test_HEALTH_DOC_1_a_changed_band_makes_the_doc_stale():
    text = DOC.read_text(encoding="utf-8")
    stale = text.replace("| `turn_cap` | <= 0.02 |", "| `turn_cap` | <= 0.05 |", 1)
    assert stale != text and sync_doc(stale, ["fw"]) != stale


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HEALTH_DOC_1_every_figure_a_report_shows_has_a_band_with_a_reason(ruleset):
    assert missing_bands(ruleset) == []
    bands = engine_for(ruleset).health_bands[ruleset]
    assert all(len(b.reason) > 40 for b in bands), "a band without its reason"
    lo, hi = info(ruleset).seats
    shown = {name for k in range(lo, hi + 1) for name in report_figures(ruleset, k)}
    heads = shown | {n.split(".")[0] for n in shown}
    stale = [b.figure for b in bands if b.figure not in heads]
    assert not stale, f"bands for figures no report shows: {stale}"


def test_HEALTH_DOC_1_the_issue_bounds_are_the_bands():
    """The bounds issue 27 names: first player 0.42-0.58 everywhere (Conquest 1/n ± 0.08 a position),
    turn cap under 2%, Free Realms 0.40-0.60 per pairing, Eredan kills >= 25% with deck-outs still
    happening, Conquest idle endings under 25% of 4-player games."""
    for r in ("fw", "fw-epic", "bg", "fr", "eredan"):
        b = band_for(engine_for(r).health_bands[r], "position.1", 2)
        assert b is not None and b.bounds(2) == (0.42, 0.58)
        assert band_for(engine_for(r).health_bands[r], "turn_cap", 2).high == 0.02
    cq = engine_for("conquest").health_bands["conquest"]
    assert band_for(cq, "position.3", 5).bounds(5) == (0.12, 0.28)
    assert band_for(cq, "end.idle", 4).high == 0.25
    assert band_for(engine_for("fr").health_bands["fr"], "pairing.A vs B", 2).bounds(2) == (0.40, 0.60)
    er = engine_for("eredan").health_bands["eredan"]
    assert band_for(er, "end.dead", 2).low == 0.25 and band_for(er, "end.deck-out", 2).low > 0
