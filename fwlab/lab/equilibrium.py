"""The equilibrium meta of a matchup matrix: the mixed strategy of the symmetric zero-sum game.

``M[i][j]`` is deck i's win rate against deck j (a draw half), with ``M[j][i] = 1 - M[i][j]`` and
0.5 on the diagonal (mirrors). Picking decks is then a symmetric zero-sum game with payoff
``A = M - 0.5`` (antisymmetric), whose value is 0; an equilibrium meta is a mix ``x`` of decks that
no deck beats: ``sum_i x_i A[i][j] >= 0`` for every deck j. It is found exactly as a linear
program (maximise ``v`` subject to ``A^T x >= v``, ``sum x = 1``, ``x >= 0``) with
:func:`scipy.optimize.linprog` (HiGHS).

Rock-paper-scissors with uneven edges (rock beats scissors by 0.3, paper beats rock by 0.1,
scissors beat paper by 0.2; the mix is proportional to the edge of the matchup a deck is *not*
in, here (0.2, 0.3, 0.1) / 0.6):

>>> M = [[0.5, 0.4, 0.8], [0.6, 0.5, 0.3], [0.2, 0.7, 0.5]]
>>> [round(x, 6) for x in equilibrium(M).shares]
[0.333333, 0.5, 0.166667]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Equilibrium:
    """``shares``: the equilibrium mix (sums to 1); ``value``: the game's value for the row player
    (0 for a consistent matrix); ``payoffs``: each deck's expected win rate against the mix (at
    most 0.5 + value; decks in the mix score exactly that)."""

    shares: tuple[float, ...]
    value: float
    payoffs: tuple[float, ...]


def equilibrium(matrix: Sequence[Sequence[float]] | np.ndarray, tol: float = 1e-9) -> Equilibrium:
    """The equilibrium mix of a square win-rate matrix (see the module docstring)."""
    from scipy.optimize import linprog

    M = np.asarray(matrix, dtype=float)
    if M.ndim != 2 or M.shape[0] != M.shape[1] or M.shape[0] == 0:
        raise ValueError(f"a matchup matrix is square and not empty, got shape {M.shape}")
    n = M.shape[0]
    A = M - 0.5
    # variables (x_1..x_n, v): minimise -v; for each column j: v - sum_i x_i A[i, j] <= 0
    c = np.zeros(n + 1)
    c[-1] = -1.0
    a_ub = np.hstack([-A.T, np.ones((n, 1))])
    b_ub = np.zeros(n)
    a_eq = np.hstack([np.ones((1, n)), np.zeros((1, 1))])
    res = linprog(c, A_ub=a_ub, b_ub=b_ub, A_eq=a_eq, b_eq=[1.0], bounds=[(0, None)] * n + [(None, None)],
                  method="highs")
    if res.status != 0:  # pragma: no cover - a feasible bounded LP always solves
        raise RuntimeError(f"the equilibrium LP failed: {res.message}")
    x = np.where(res.x[:n] < tol, 0.0, res.x[:n])
    x = x / x.sum()
    payoffs = x @ M.T  # row deck i's win rate against the mix
    return Equilibrium(tuple(float(v) for v in x), float(res.x[-1]), tuple(float(p) for p in payoffs))
