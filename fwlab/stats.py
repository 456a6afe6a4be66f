"""Small, exact statistics shared by the reports, the app and the notebooks.

Every win rate fwlab shows comes with its sample size and a 95% Wilson score interval. The
formulas here are the closed forms (no scipy/statsmodels), in a scalar and a numpy version that
agree to the last bit of floating point arithmetic they share.

A "success" may be fractional: fwlab counts a drawn game as half a win, and the Wilson formula is
well defined for any 0 <= successes <= n.
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt

#: The two-sided 95% normal quantile, Phi^-1(0.975).
Z95 = 1.959963984540054

ArrayLike = npt.ArrayLike
FloatArray = npt.NDArray[np.float64]


def wilson(successes: float, n: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion ``successes / n``.

    With ``n == 0`` nothing is known and the interval is ``(0.0, 1.0)``.

    >>> low, high = wilson(7, 10)
    >>> round(low, 4), round(high, 4)
    (0.3968, 0.8922)
    >>> wilson(0, 0)
    (0.0, 1.0)
    >>> low, high = wilson(0, 20)
    >>> low, round(high, 4)
    (0.0, 0.1611)
    """
    if n < 0 or successes < 0 or successes > n:
        raise ValueError(f"need 0 <= successes <= n, got successes={successes}, n={n}")
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    z2 = z * z
    denom = 1.0 + z2 / n
    centre = (p + z2 / (2.0 * n)) / denom
    half = z * math.sqrt(p * (1.0 - p) / n + z2 / (4.0 * n * n)) / denom
    # the closed form gives exactly 0 (1) at p = 0 (1); keep it exact despite rounding
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return (low, high)


def wilson_array(successes: ArrayLike, n: ArrayLike, z: float = Z95) -> tuple[FloatArray, FloatArray]:
    """Vectorised :func:`wilson`: arrays of lower and upper bounds (``(0, 1)`` where ``n == 0``).

    >>> low, high = wilson_array([7, 0, 0], [10, 20, 0])
    >>> [round(float(x), 4) for x in low], [round(float(x), 4) for x in high]
    ([0.3968, 0.0, 0.0], [0.8922, 0.1611, 1.0])
    """
    s = np.asarray(successes, dtype=np.float64)
    m = np.asarray(n, dtype=np.float64)
    if np.any(m < 0) or np.any(s < 0) or np.any(s > m):
        raise ValueError("need 0 <= successes <= n for every element")
    empty = m == 0
    safe_n = np.where(empty, 1.0, m)
    p = s / safe_n
    z2 = z * z
    denom = 1.0 + z2 / safe_n
    centre = (p + z2 / (2.0 * safe_n)) / denom
    half = z * np.sqrt(p * (1.0 - p) / safe_n + z2 / (4.0 * safe_n * safe_n)) / denom
    low = np.where(empty | (s == 0), 0.0, np.maximum(0.0, centre - half))
    high = np.where(empty | (s == m), 1.0, np.minimum(1.0, centre + half))
    return low, high


def difference_interval(
    successes_1: ArrayLike, n_1: ArrayLike, successes_2: ArrayLike, n_2: ArrayLike, z: float = Z95
) -> tuple[FloatArray, FloatArray, FloatArray]:
    """Difference ``p1 - p2`` of two independent proportions with Newcombe's hybrid score interval.

    Newcombe (1998), method 10: built from the two Wilson intervals, it stays inside [-1, 1] and
    behaves well for small samples. Returns ``(difference, low, high)``; NaN where a sample is empty.

    >>> d, low, high = difference_interval(56, 70, 48, 80)
    >>> round(float(d), 4), round(float(low), 4), round(float(high), 4)
    (0.2, 0.0524, 0.3339)
    """
    s1, m1 = np.asarray(successes_1, dtype=np.float64), np.asarray(n_1, dtype=np.float64)
    s2, m2 = np.asarray(successes_2, dtype=np.float64), np.asarray(n_2, dtype=np.float64)
    l1, u1 = wilson_array(s1, m1, z)
    l2, u2 = wilson_array(s2, m2, z)
    empty = (m1 == 0) | (m2 == 0)
    p1 = s1 / np.where(m1 == 0, 1.0, m1)
    p2 = s2 / np.where(m2 == 0, 1.0, m2)
    d = p1 - p2
    low = d - np.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    high = d + np.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    nan = np.float64("nan")
    return np.where(empty, nan, d), np.where(empty, nan, low), np.where(empty, nan, high)


def shrink(wins: ArrayLike, n: ArrayLike, prior_mean: float, prior_strength: float) -> FloatArray:
    """Beta-binomial shrinkage: the posterior mean of a rate under a Beta prior.

    The prior is Beta(prior_mean * s, (1 - prior_mean) * s) with ``s = prior_strength`` pseudo-games,
    so the estimate is ``(wins + prior_mean * s) / (n + s)``: a card with few games is pulled
    toward the mean, a card with many keeps its own rate.

    >>> float(shrink(9, 10, 0.5, 10))
    0.7
    >>> [round(float(x), 3) for x in shrink([9, 900], [10, 1000], 0.5, 10)]
    [0.7, 0.896]
    """
    if prior_strength < 0 or not 0.0 <= prior_mean <= 1.0:
        raise ValueError("need prior_strength >= 0 and 0 <= prior_mean <= 1")
    w = np.asarray(wins, dtype=np.float64)
    m = np.asarray(n, dtype=np.float64)
    total = m + prior_strength
    safe = np.where(total == 0, 1.0, total)
    return np.where(total == 0, prior_mean, (w + prior_mean * prior_strength) / safe)
