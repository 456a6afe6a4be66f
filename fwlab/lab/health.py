"""The health figures of a what-if: first-player edge, draws, game length and the end-reason mix,
before and after a change, each with its paired 95% interval, from the games the lab already plays.

Every pairing of the field (mirrors included: a mirror tells the first-player edge best) plays game
``g`` before and after on the same seed with the same first seat (seat A first when ``g`` is even,
:mod:`fwlab.lab.batch`). For a per-game figure ``y`` (the first player's win share, 1 for a draw,
the number of turns, 1 when the game ended for reason ``r``) each game gives a paired difference
``d = y_after - y_before``. The field's figure is the mean over its ``P`` pairings of each
pairing's mean (they all play ``n`` games, so this is the mean over every game); the pairings are
independent (their own seeds), so ``Var = sum_p s_p^2 / n / P^2`` (``s_p`` the sample standard
deviation of pairing ``p``'s values or differences, a stratified estimate), and the interval is
``mean +- 1.96 sqrt(Var)``. An empty change set plays the same games twice: every ``d`` is 0,
every delta exactly 0 with interval ``[0, 0]``.

These two figures (and game length) are computed here from the lab's own games; the full health
report (bands, the engines' own per-game figures) is ``fwlab health`` (issue 27, part 1).

>>> import numpy as np
>>> same = [PairGames(np.array([1.0, 0.0]), np.array([0, 1], np.uint8), np.array([10, 12]))]
>>> h = health_deltas(same, same, ("capital", "deck-out"))
>>> h["first_player"]["before"], h["first_player"]["delta"], h["first_player"]["delta_ci95"]
(1.0, 0.0, [0.0, 0.0])
>>> h["end_reasons"]["deck-out"]["before"], h["turns"]["before"]
(0.5, 11.0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..stats import Z95
from .batch import NO_REASON

#: the name of an end reason the engine does not list (should not happen; kept visible if it does)
OTHER = "other"


@dataclass
class PairGames:
    """One pairing's games under one variant, in game order: seat A's win share (0, 0.5, 1), the
    end reason's index in the engine's ``end_reasons`` (``NO_REASON`` otherwise) and the turns."""

    shares: np.ndarray
    reasons: np.ndarray
    turns: np.ndarray

    def first_player(self) -> np.ndarray:
        """The first seat's win share per game (seat A plays first in the even games)."""
        first_is_a = (np.arange(len(self.shares)) % 2) == 0
        return np.where(first_is_a, self.shares, 1.0 - self.shares)


def _ci(centre: float, var: float) -> list[float]:
    half = Z95 * float(np.sqrt(max(var, 0.0)))
    return [centre - half, centre + half]


def _strat(values: Sequence[np.ndarray]) -> tuple[float, float]:
    """Mean of the pairings' means and its stratified variance."""
    means = [float(v.mean()) for v in values if len(v)]
    if not means:
        return 0.0, 0.0
    var = sum(float(v.var(ddof=1)) / len(v) for v in values if len(v) > 1)
    return float(np.mean(means)), var / len(means) ** 2


def paired_figure(before: Sequence[np.ndarray], after: Sequence[np.ndarray]) -> dict[str, Any]:
    """One figure before and after over the pairings (per pairing, one value per game, paired by
    game): ``before``, ``after``, ``delta`` (after − before, exactly 0 when every game is alike),
    ``delta_ci95`` (paired), ``before_ci95``, ``after_ci95``."""
    b, vb = _strat(before)
    a, va = _strat(after)
    d, vd = _strat([y - x for x, y in zip(before, after)])
    return {"before": b, "after": a, "delta": d, "delta_ci95": _ci(d, vd), "before_ci95": _ci(b, vb),
            "after_ci95": _ci(a, va)}


def health_deltas(before: Sequence[PairGames], after: Sequence[PairGames],
                  end_reasons: Sequence[str]) -> dict[str, Any]:
    """The what-if's ``health`` object (see the module docstring): ``first_player`` (the first seat's
    win share, a draw half), ``draws`` (share of drawn games), ``turns`` (mean turns a game) and
    ``end_reasons`` (``{reason: figure}`` for every reason of the engine, in its order, plus
    ``other`` if a game ended for a reason it does not list), each a :func:`paired_figure`, and
    ``games`` (per side)."""
    out: dict[str, Any] = {
        "first_player": paired_figure([g.first_player() for g in before], [g.first_player() for g in after]),
        "draws": paired_figure([(g.shares == 0.5).astype(np.float64) for g in before],
                               [(g.shares == 0.5).astype(np.float64) for g in after]),
        "turns": paired_figure([g.turns.astype(np.float64) for g in before],
                               [g.turns.astype(np.float64) for g in after]),
    }
    codes = list(enumerate(end_reasons))
    if any(bool((g.reasons == NO_REASON).any()) for g in (*before, *after)):
        codes.append((NO_REASON, OTHER))
    out["end_reasons"] = {name: paired_figure([(g.reasons == code).astype(np.float64) for g in before],
                                              [(g.reasons == code).astype(np.float64) for g in after])
                          for code, name in codes}
    out["games"] = int(sum(len(g.shares) for g in before))
    return out


__all__ = ["OTHER", "PairGames", "health_deltas", "paired_figure"]
