"""A health report as terminal text: a table of figures with intervals, bands and flags (``!!``),
the end-reason mix and the game length as text histograms."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..rules.deckrules import plural
from .report import Figure, Group, HealthReport, per_pairing, rounds_histogram

#: the marker of a figure outside its band (``!!`` when the whole interval lies outside)
MARK = {None: "", "above": "! above", "below": "! below"}


def _value(f: Figure) -> str:
    if f.value is None:
        return "-"
    if f.aggregate == "mean":
        return f"{f.value:.2f}"
    return f"{f.value:.3f}"


def _interval(f: Figure) -> str:
    if f.low is None or f.high is None:
        return ""
    fmt = "{:.2f}" if f.aggregate == "mean" else "{:.3f}"
    return f"[{fmt.format(f.low)}, {fmt.format(f.high)}]"


def _mark(f: Figure) -> str:
    if not f.flag:
        return ""
    return ("!! " if f.clear else "! ") + f.flag


def bars(counts: Mapping[Any, int], width: int = 40, limit: int = 30) -> list[str]:
    """Text bars, one a key (at most ``limit`` rows: numeric keys are binned to fit).

    >>> bars({1: 2, 2: 4}, width=4)
    ['  1 ##    2', '  2 ####  4']
    """
    items = sorted(counts.items(), key=lambda kv: (isinstance(kv[0], str), kv[0]))
    if len(items) > limit and all(isinstance(k, int) for k, _ in items):
        lo, hi = int(items[0][0]), int(items[-1][0])
        step = -(-(hi - lo + 1) // limit)
        binned: dict[Any, int] = {}
        for k, v in items:
            b = lo + (int(k) - lo) // step * step
            binned[b] = binned.get(b, 0) + v
        items = sorted(binned.items(), key=lambda kv: int(kv[0]))
        labels = [f"{k}-{int(k) + step - 1}" for k, _ in items]
    else:
        labels = [str(k) for k, _ in items]
    top = max((v for _, v in items), default=0) or 1
    wide = max((len(x) for x in labels), default=1)
    return [f"  {lab:>{wide}} {'#' * max(1 if v else 0, round(width * v / top)):<{width}}  {v}"
            for lab, (_, v) in zip(labels, items)]


def _group(g: Group, show_pairings: bool) -> list[str]:
    lines = [f"{g.seats} seats, {g.games} games"]
    lines.append(f"  {'figure':<36} {'value':>8}  {'95% interval':<20} {'band':<12} flag")
    for f in g.figures:
        if per_pairing(f.figure):
            continue
        band = f.band.text(g.seats) if f.band else "-"
        lines.append(f"  {f.figure:<36} {_value(f):>8}  {_interval(f):<20} {band:<12} {_mark(f)}".rstrip())
    for prefix, what in (("pairing.", "first player's win rate"), ("turn_cap.", "turn-cap share")):
        pairs = [f for f in g.figures if f.figure.startswith(prefix)]
        if not pairs:
            continue
        flagged = [f for f in pairs if f.flag]
        lines.append(f"  {what} per pairing ({len(pairs)} pairings, {len(flagged)} outside "
                     f"{pairs[0].band.text(g.seats) if pairs[0].band else 'no band'}):")
        for f in pairs if show_pairings else flagged:
            lines.append(f"    {f.figure[len(prefix):]:<44} {_value(f):>6}  {_interval(f):<16} n={f.n:g} "
                         f"{_mark(f)}".rstrip())
        if not show_pairings and len(flagged) < len(pairs):
            lines.append(f"    ({len(pairs) - len(flagged)} within the band; --pairings lists every one)")
    lines.append("  end reasons:")
    lines += ["  " + x for x in bars(g.end_reasons, 30)]
    lines.append(f"  game length in rounds (turns / {g.seats}):")
    lines += ["  " + x for x in bars(rounds_histogram(g.turns_histogram, g.seats), 30)]
    return lines


def render_text(report: HealthReport, show_pairings: bool = False) -> str:
    """The report as text."""
    p = report.params
    head = f"health of {report.ruleset}: {report.games} games from a {report.source}"
    if report.source == "simulation":
        head += (f" ({plural(len(p.get('pairings', [])), 'pairing')} x {p.get('n')} games, seed {p.get('seed')}, "
                 f"bots {','.join(p.get('bots', []))})")
    if report.seconds is not None:
        head += f" in {report.seconds:.1f} s" if report.seconds >= 0.1 else f" in {report.seconds * 1000:.0f} ms"
    lines = [head]
    for g in report.groups:
        lines.append("")
        lines += _group(g, show_pairings)
    flags = report.flags()
    lines.append("")
    lines.append(f"{len(flags)} figure(s) outside their band" + (":" if flags else ""))
    for fl in flags:
        lines.append(f"  {fl['seats']} seats  {fl['figure']}: {fl['value']:.3f} {fl['flag']} {fl['band']}"
                     + (" (the whole interval)" if fl["clear"] else ""))
    if report.needs_simulation:
        lines.append("needs a simulation (not in the stored logs): " + ", ".join(report.needs_simulation))
    for n in report.notes:
        lines.append(f"note: {n}")
    lines.append("bands and their reasons: docs/game-health.md")
    return "\n".join(lines)


__all__ = ["bars", "render_text"]
