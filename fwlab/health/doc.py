"""docs/game-health.md's band tables, written from the engines' bands (and held to them by a test).

Each ruleset's table sits between ``<!-- bands:RULESET -->`` and ``<!-- /bands:RULESET -->`` in the
doc; :func:`sync_doc` rewrites those sections and leaves the prose around them alone.

    .venv/bin/python -m fwlab.health.doc        # rewrite the tables of docs/game-health.md
"""

from __future__ import annotations

import re
from pathlib import Path

from ..rules.health import COMMON, band_for, figure_doc
from ..rulesets import SEAT_LABELS, info

DOC = Path(__file__).resolve().parents[2] / "docs" / "game-health.md"


def report_figures(ruleset: str, seats: int) -> list[str]:
    """The names of the figures a health report of ``ruleset`` shows for games of ``seats`` seats
    (``pairing`` standing for every pairing)."""
    from ..rules.engines import engine_for

    eng = engine_for(ruleset)
    names = [f"position.{k}" for k in range(1, seats + 1)] + [f"seat.{SEAT_LABELS[s]}" for s in range(seats)]
    names += [f"end.{r}" for r in eng.end_reasons]
    if "turn-cap" in eng.end_reasons:
        names.append("turn_cap")
    names += ["draws", "turns", "rounds"]
    if seats == 2 and info(ruleset).uses_decks:
        names.append("pairing")
        if "turn-cap" in eng.end_reasons:
            names.append("turn_cap.A vs B")
    names += [f.name for f in eng.health_figures]
    return names


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def bands_markdown(ruleset: str) -> str:
    """The band table of ``ruleset``: one row per band (figure, seats, band, what the figure is,
    why the band), in the order the engine declares them."""
    from ..rules.engines import engine_for

    eng = engine_for(ruleset)
    own = {f.name: f for f in eng.health_figures}
    lines = ["| figure | band | what it is | why this band |", "|---|---|---|---|"]
    for b in eng.health_bands.get(ruleset, ()):
        what = figure_doc(b.figure, own) or COMMON.get(b.figure.split(".")[0], "")
        if b.figure.startswith("end."):
            what = f"share of games ending by {b.figure[4:]}"
        where = f" ({b.seats} seats)" if b.seats else ""
        lines.append(f"| `{b.figure}`{where} | {_cell(b.text())} | {_cell(what)} | {_cell(b.reason)} |")
    return "\n".join(lines)


def missing_bands(ruleset: str) -> list[str]:
    """The figures a report of ``ruleset`` shows (for each seat count) that no band covers."""
    from ..rules.engines import engine_for

    eng = engine_for(ruleset)
    bands = eng.health_bands.get(ruleset, ())
    lo, hi = info(ruleset).seats
    out = []
    for seats in range(lo, hi + 1):
        for name in report_figures(ruleset, seats):
            probe = "pairing.A vs B" if name == "pairing" else name  # a band on every pairing
            if band_for(bands, probe, seats) is None:
                out.append(f"{name} ({seats} seats)")
    return out


def sync_doc(text: str, rulesets: list[str]) -> str:
    """``text`` with the band table of every ruleset in ``rulesets`` rewritten (a missing section is
    a ``ValueError``)."""
    for r in rulesets:
        pattern = re.compile(rf"(<!-- bands:{re.escape(r)} -->\n)(?:.*?\n)?(<!-- /bands:{re.escape(r)} -->)", re.S)
        if pattern.search(text) is None:
            raise ValueError(f"docs/game-health.md has no <!-- bands:{r} --> ... <!-- /bands:{r} --> section")
        m = pattern.search(text)
        assert m is not None
        text = text[:m.start()] + m.group(1) + bands_markdown(r) + "\n" + m.group(2) + text[m.end():]
    return text


def health_rulesets() -> list[str]:
    """The rulesets whose engine declares health bands, in registry order."""
    from ..rules.engines import engine_for, engine_rulesets

    return [r for r in engine_rulesets() if engine_for(r).health_bands.get(r)]


if __name__ == "__main__":  # pragma: no cover
    DOC.write_text(sync_doc(DOC.read_text(encoding="utf-8"), health_rulesets()), encoding="utf-8")
    print(f"wrote {DOC}")
