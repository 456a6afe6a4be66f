"""The rating loops: the game's own Elo rule, standard logistic Elo, and OpenSkill (Plackett-Luce).

Ratings are sequential, so each system is one tight loop over plain Python lists of player
indices (faster than indexing numpy arrays element by element); everything around the loop is
vectorised. Each loop returns the ratings before and after every game for seat A and seat B.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from .fw_elo import FW_BASE, FW_MAX_GAIN, FW_MIN_GAIN, FW_START, FW_STEP
from .games import A_WON, B_WON, RatedGames

#: Standard logistic Elo settings.
ELO_START = 1000.0
ELO_K = 32.0
ELO_SCALE = 400.0

SYSTEMS = ("fw", "elo", "openskill")


@dataclass(frozen=True)
class Trace:
    """Each rated game's rating change for seat A and seat B, and every player's final rating.

    Ratings before/after each game follow from the changes (see :func:`fwlab.ratings.run.rate`).
    """

    change_a: npt.NDArray[np.float64]
    change_b: npt.NDArray[np.float64]
    final: npt.NDArray[np.float64]


def fw_loop(games: RatedGames, start: list[float] | None = None) -> Trace:
    """The game's rule (see :mod:`fwlab.ratings.fw_elo`), in exact integer arithmetic.

    ``start``: each player's rating before the first game (default 1000 for everyone)."""
    rating = [int(r) for r in start] if start is not None else [FW_START] * len(games.players)
    changes: list[int] = []
    record = changes.append
    base, step, lo, hi = FW_BASE, FW_STEP, FW_MIN_GAIN, FW_MAX_GAIN
    for ia, ib, o in zip(games.a.tolist(), games.b.tolist(), games.outcome.tolist()):
        if o == A_WON:
            ra = rating[ia]
            rb = rating[ib]
            # loser minus winner; int() of the quotient truncates toward zero (exact for |diff| < 2**53)
            g = base + int((rb - ra) / step)
            g = lo if g < lo else hi if g > hi else g
            rating[ia] = ra + g
            rating[ib] = rb - g
            record(g)
        elif o == B_WON:
            ra = rating[ia]
            rb = rating[ib]
            g = base + int((ra - rb) / step)
            g = lo if g < lo else hi if g > hi else g
            rating[ia] = ra - g
            rating[ib] = rb + g
            record(-g)
        else:  # a draw changes nothing
            record(0)
    change_a = np.asarray(changes, dtype=np.float64)
    return Trace(change_a, -change_a, np.asarray(rating, dtype=np.float64))


def elo_loop(games: RatedGames, start: list[float] | None = None, k: float = ELO_K) -> Trace:
    """Standard logistic Elo: expected score 1 / (1 + 10^((Rb - Ra)/400)), K = 32, a draw scores 0.5."""
    rating = [float(r) for r in start] if start is not None else [ELO_START] * len(games.players)
    changes: list[float] = []
    record = changes.append
    score_a = ((games.outcome.astype(np.float64) + 1.0) / 2.0).tolist()  # 1, 0.5, 0
    per_point = math.log(10.0) / ELO_SCALE  # 10^(d/400) = e^(d * ln10/400)
    exp = math.exp
    for ia, ib, s in zip(games.a.tolist(), games.b.tolist(), score_a):
        ra = rating[ia]
        rb = rating[ib]
        delta = k * (s - 1.0 / (1.0 + exp((rb - ra) * per_point)))
        rating[ia] = ra + delta
        rating[ib] = rb - delta
        record(delta)
    change_a = np.asarray(changes, dtype=np.float64)
    return Trace(change_a, -change_a, np.asarray(rating, dtype=np.float64))


def openskill_loop(games: RatedGames, start: list[float] | None = None) -> Trace:
    """OpenSkill's Plackett-Luce model (library defaults: mu 25, sigma 25/3), reported as the
    ordinal mu - 3*sigma, the conservative skill estimate OpenSkill ranks by (0 for a new player).
    About 30 microseconds a game: use ``rate(..., limit=N)`` on large logs."""
    from openskill.models import PlackettLuce

    if start is not None:
        raise ValueError("openskill ratings cannot start from given values (mu and sigma are needed)")
    model = PlackettLuce()
    rating = [model.rating() for _ in games.players]
    change_a: list[float] = []
    change_b: list[float] = []
    ranks_for: dict[int, list[float]] = {A_WON: [1.0, 2.0], B_WON: [2.0, 1.0], 0: [1.0, 1.0]}
    rate = model.rate
    for ia, ib, o in zip(games.a.tolist(), games.b.tolist(), games.outcome.tolist()):
        ra = rating[ia]
        rb = rating[ib]
        [[na], [nb]] = rate([[ra], [rb]], ranks=ranks_for[o])
        rating[ia] = na
        rating[ib] = nb
        change_a.append(na.ordinal() - ra.ordinal())
        change_b.append(nb.ordinal() - rb.ordinal())
    final = np.asarray([r.ordinal() for r in rating], dtype=np.float64)
    return Trace(np.asarray(change_a, dtype=np.float64), np.asarray(change_b, dtype=np.float64), final)


LOOPS: dict[str, Callable[[RatedGames, list[float] | None], Trace]] = {"fw": fw_loop, "elo": elo_loop, "openskill": openskill_loop}

#: The rating a player who never played a rated game shows in each system.
START = {"fw": float(FW_START), "elo": ELO_START, "openskill": 0.0}
