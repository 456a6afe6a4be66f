"""The rating loops: the game's own Elo rule, standard logistic Elo, and OpenSkill (Plackett-Luce).

Ratings are sequential, so each system is one tight loop over plain Python lists of player
indices (faster than indexing numpy arrays element by element); everything around the loop is
vectorised. Each loop returns the rating change of every seat-row and every player's final rating.

``fw`` and ``elo`` rate two-seat games (:data:`TWO_SEAT`): their loops walk (seat 1, seat 2,
outcome) triples. ``openskill`` rates any number of seats from their places.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from .fw_elo import FW_BASE, FW_MAX_GAIN, FW_MIN_GAIN, FW_START, FW_STEP
from .games import A_WON, B_WON, DRAW, RatedGames

#: Standard logistic Elo settings.
ELO_START = 1000.0
ELO_K = 32.0
ELO_SCALE = 400.0

SYSTEMS = ("fw", "elo", "openskill")
#: The systems that rate two-seat games only.
TWO_SEAT = ("fw", "elo")
#: The rulesets whose matches the game's own Elo rule rates: it is Fallen Worlds Online's rule
#: (seed 000, "Elo Ranking"), so Fallen Worlds and its epic variant. Battlegrounds (002) states no
#: rating rule, Free Realms and the others neither: ``elo`` and ``openskill`` rate them.
FW_RULESETS: tuple[str, ...] = ("fw", "fw-epic")
#: system -> the rulesets it rates, for the systems that do not rate every ruleset (read from a
#: log's ``ruleset`` column; a log without one is rated whole).
RULESETS_OF: dict[str, tuple[str, ...]] = {"fw": FW_RULESETS}


@dataclass(frozen=True)
class Trace:
    """The rating change of each seat-row of the rated games, and every player's final rating.

    Ratings before/after each game follow from the changes (see :func:`fwlab.ratings.run.rate`).
    """

    change: npt.NDArray[np.float64]
    final: npt.NDArray[np.float64]


def _zero_sum_pairs(change_a: list[int] | list[float]) -> npt.NDArray[np.float64]:
    """Seat-row changes of two-seat games from seat 1's change (seat 2 gets the opposite)."""
    a = np.asarray(change_a, dtype=np.float64)
    change = np.empty(2 * len(a), dtype=np.float64)
    change[0::2] = a
    change[1::2] = -a
    return change


def fw_loop(games: RatedGames, start: list[float] | None = None) -> Trace:
    """The game's rule (see :mod:`fwlab.ratings.fw_elo`), in exact integer arithmetic.

    ``start``: each player's rating before the first game (default 1000 for everyone)."""
    rating = [int(r) for r in start] if start is not None else [FW_START] * len(games.players)
    seat_a, seat_b, outcome = games.pairs()
    changes: list[int] = []
    record = changes.append
    base, step, lo, hi = FW_BASE, FW_STEP, FW_MIN_GAIN, FW_MAX_GAIN
    for ia, ib, o in zip(seat_a.tolist(), seat_b.tolist(), outcome.tolist()):
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
    return Trace(_zero_sum_pairs(changes), np.asarray(rating, dtype=np.float64))


def elo_loop(games: RatedGames, start: list[float] | None = None, k: float = ELO_K) -> Trace:
    """Standard logistic Elo: expected score 1 / (1 + 10^((Rb - Ra)/400)), K = 32, a draw scores 0.5."""
    rating = [float(r) for r in start] if start is not None else [ELO_START] * len(games.players)
    seat_a, seat_b, outcome = games.pairs()
    changes: list[float] = []
    record = changes.append
    score_a = ((outcome.astype(np.float64) + 1.0) / 2.0).tolist()  # 1, 0.5, 0
    per_point = math.log(10.0) / ELO_SCALE  # 10^(d/400) = e^(d * ln10/400)
    exp = math.exp
    for ia, ib, s in zip(seat_a.tolist(), seat_b.tolist(), score_a):
        ra = rating[ia]
        rb = rating[ib]
        delta = k * (s - 1.0 / (1.0 + exp((rb - ra) * per_point)))
        rating[ia] = ra + delta
        rating[ib] = rb - delta
        record(delta)
    return Trace(_zero_sum_pairs(changes), np.asarray(rating, dtype=np.float64))


def openskill_loop(games: RatedGames, start: list[float] | None = None) -> Trace:
    """OpenSkill's Plackett-Luce model (library defaults: mu 25, sigma 25/3), reported as the
    ordinal mu - 3*sigma, the conservative skill estimate OpenSkill ranks by (0 for a new player).

    Any number of seats: each game is ``model.rate([[r1], [r2], ...], ranks=places)`` (one-player
    teams; tied places share a rank). About 30 microseconds a two-seat game: use
    ``rate(..., limit=N)`` on large logs."""
    from openskill.models import PlackettLuce

    if start is not None:
        raise ValueError("openskill ratings cannot start from given values (mu and sigma are needed)")
    model = PlackettLuce()
    rating = [model.rating() for _ in games.players]
    rate = model.rate
    if len(games.player) == 2 * len(games):  # two seats each: the pair loop, a little faster
        seat_a, seat_b, outcome = games.pairs()
        change_a: list[float] = []
        change_b: list[float] = []
        ranks_for: dict[int, list[float]] = {A_WON: [1.0, 2.0], B_WON: [2.0, 1.0], DRAW: [1.0, 1.0]}
        for ia, ib, o in zip(seat_a.tolist(), seat_b.tolist(), outcome.tolist()):
            ra = rating[ia]
            rb = rating[ib]
            [[na], [nb]] = rate([[ra], [rb]], ranks=ranks_for[o])
            rating[ia] = na
            rating[ib] = nb
            change_a.append(na.ordinal() - ra.ordinal())
            change_b.append(nb.ordinal() - rb.ordinal())
        pair_change = np.empty(2 * len(change_a), dtype=np.float64)
        pair_change[0::2] = change_a
        pair_change[1::2] = change_b
        return Trace(pair_change, np.asarray([r.ordinal() for r in rating], dtype=np.float64))
    seat_player = games.player.tolist()
    ranks = games.place.astype(np.float64).tolist()
    offsets = games.offsets.tolist()
    change = [0.0] * len(seat_player)
    for lo, hi in zip(offsets[:-1], offsets[1:]):
        who = seat_player[lo:hi]
        before = [rating[i] for i in who]
        after = rate([[r] for r in before], ranks=ranks[lo:hi])
        for row, i, old, [new] in zip(range(lo, hi), who, before, after):
            rating[i] = new
            change[row] = new.ordinal() - old.ordinal()
    final = np.asarray([r.ordinal() for r in rating], dtype=np.float64)
    return Trace(np.asarray(change, dtype=np.float64), final)


LOOPS: dict[str, Callable[[RatedGames, list[float] | None], Trace]] = {"fw": fw_loop, "elo": elo_loop, "openskill": openskill_loop}

#: The rating a player who never played a rated game shows in each system.
START = {"fw": float(FW_START), "elo": ELO_START, "openskill": 0.0}
