"""A health report from a simulation of the starter field, and the flags a fixed-seed test keeps.

>>> r = simulate_health("fw", n=2, seed=3, decks=["ashfang-raid", "grave-tide"])
>>> r.source, r.games, [g.seats for g in r.groups]
('simulation', 6, [2])
>>> sorted(f["figure"] for f in health_flags("fw", seed=3, n=2, decks=["ashfang-raid"])) == sorted(
...     f["figure"] for f in simulate_health("fw", n=2, seed=3, decks=["ashfang-raid"]).flags())
True
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from typing import Any

from .report import HealthReport, build_report


def starter_field(ruleset: str, names: Sequence[str] | None = None) -> list[Any]:
    """The ruleset's starter decks, or those of them named (by deck name or file stem), in the
    order given; an unknown name is a ``ValueError`` listing the starters."""
    from ..decks.starters import starter_decks, starter_paths

    decks = starter_decks(ruleset)
    if not names:
        return decks
    by_name: dict[str, Any] = {}
    for path, d in zip(starter_paths(ruleset), decks):
        by_name[path.stem] = d
        by_name[d.name] = d
    out = []
    for n in names:
        if n in by_name:
            out.append(by_name[n])
            continue
        from pathlib import Path

        p = Path(n)
        if p.suffix == ".txt" and p.exists():
            from ..decks import load_deck

            d = load_deck(p)
            if d.ruleset != ruleset:
                raise ValueError(f"{n}: a {d.ruleset} deck, not {ruleset}")
            out.append(d)
            continue
        known = ", ".join(sorted({p.stem for p in starter_paths(ruleset)}))
        raise ValueError(f"--decks: {n!r} is neither a {ruleset} starter deck ({known}) nor a deck file")
    return out


def simulate_health(ruleset: str, n: int = 100, seed: int = 0, decks: Sequence[Any] | None = None,
                    players: Sequence[int] | None = None, bots: Sequence[str] | None = None,
                    options: Mapping[str, Any] | None = None, workers: int | None = 1,
                    executor: Executor | None = None,
                    progress: Callable[[int, int], None] | None = None, until_ci: float | None = None,
                    max_games: int | None = None) -> HealthReport:
    """Play ``n`` games of every pairing of the field (``decks``: Deck objects, starter names or
    deck files; default every starter deck) or of every seat count in ``players`` (a game without
    decks; Conquest default 4) and report their health. The same arguments give the same report
    whatever ``workers`` or ``executor`` run it. With ``until_ci``: instead of ``n``, games in
    their fixed order until the first player's 95% interval of every seat count is at most
    ``±until_ci`` (or ``max_games`` a pairing, default Karsten's 4/L²); the report is that of
    ``n`` = the games a pairing it took, and ``params["until"]`` says how it stopped."""
    from ..rules.engines import check_rule_options, engine_for
    from ..sim.health import field_pairings, play_field

    eng = engine_for(ruleset)
    opts = check_rule_options(ruleset, options)
    field = None
    if decks is not None:
        field = [d if hasattr(d, "entries") else None for d in decks]
        if any(d is None for d in field):
            field = starter_field(ruleset, [str(d) for d in decks])
    pairings = field_pairings(ruleset, field, players)
    started = time.perf_counter()
    until_note = None
    if until_ci is None:
        table = play_field(ruleset, pairings, n, seed, bots, opts, workers, executor, progress)
    else:
        from ..sim.health import play_field_until
        from ..sim.runner import karsten_games

        cap = karsten_games(until_ci) if max_games is None else max_games
        table, n, half = play_field_until(ruleset, pairings, until_ci, cap, seed, bots, opts, workers, executor,
                                          progress)
        until_note = {"until_ci": until_ci, "max_games": cap, "games": n, "half_width": half,
                      "reached": half <= until_ci, "karsten_games": karsten_games(until_ci)}
    report = build_report(table, "simulation", {
        "n": n, "seed": seed, "pairings": [p.label for p in pairings],
        "bots": list(bots) if bots else [eng.default_bot], "options": opts})
    if until_note is not None:
        report.params["until"] = until_note
        report.notes.append(
            f"Stopped after {n} games a pairing: the first player's 95% interval is ±{until_note['half_width']:.4f} "
            + (f"(±{until_ci:g} asked)" if until_note["reached"] else
               f"(wider than the ±{until_ci:g} asked: the cap of {until_note['max_games']} games a pairing)")
            + f"; Karsten's rule of thumb: about {until_note['karsten_games']} games.")
    report.seconds = round(time.perf_counter() - started, 3)
    if opts:
        report.notes.append("rules changed: " + ", ".join(f"{k}={v}" for k, v in opts.items()))
    return report


def health_flags(ruleset: str, seed: int = 0, n: int = 100, **kwargs: Any) -> list[dict[str, Any]]:
    """The figures of the ruleset's starter field (``n`` games a pairing at ``seed``) that lie
    outside their bands: ``[{seats, figure, value, band, flag, clear}]``, empty when every band
    holds. ``kwargs`` go to :func:`simulate_health` (``decks``, ``players``, ``bots``, ``options``,
    ``workers``). The check a fixed-seed test of the shipped catalogs asserts empty."""
    return simulate_health(ruleset, n=n, seed=seed, **kwargs).flags()


__all__ = ["health_flags", "simulate_health", "starter_field"]
