"""The health report's first line (``fwlab health``'s text): the pairings counted with the right
noun, and a quick run's time in milliseconds rather than "0.0 s"."""

from __future__ import annotations

from fwlab.health.report import HealthReport
from fwlab.health.text import render_text


def _head(pairings: int, seconds: float) -> str:
    rep = HealthReport("conquest", "simulation", [], params={"pairings": [["a", "b"]] * pairings, "n": 40,
                                                            "seed": 0, "bots": ["heuristic"]}, seconds=seconds)
    return render_text(rep).splitlines()[0]


def test_one_pairing_is_singular_and_a_quick_run_is_timed_in_ms() -> None:
    assert "(1 pairing x 40 games" in _head(1, 0.038) and _head(1, 0.038).endswith(" in 38 ms")


def test_more_pairings_are_plural_and_a_longer_run_is_timed_in_seconds() -> None:
    head = _head(28, 1.84)
    assert "(28 pairings x 40 games" in head and head.endswith(" in 1.8 s")
