"""The rated bot ladder: a round robin of bots (``fwlab bots ladder``) rated two ways, with intervals.

The games come from :mod:`fwlab.sim.ladder` (a seeded round robin over the starter field, seats
swapped). From their places this module computes

- **OpenSkill** (Plackett-Luce, library defaults): every game rated in a seeded shuffled order
  (sequential ratings depend on the order; a schedule's order would favour whoever it lists last),
  each bot reported as ``mu``, ``sigma``, the ordinal ``mu - 3 sigma`` and the interval
  ``mu +- 1.96 sigma``;
- **logistic Elo** fitted at once to every game (Bradley-Terry maximum likelihood on the Elo scale,
  400 points = 10:1 odds; a game of N seats counts as its N (N-1) / 2 pairwise results, a tie as a
  half win each), anchored so that the bots' mean is 1000, with a 95% bootstrap interval (the games
  resampled with replacement, seeded); one virtual draw between each pair of bots keeps a bot that
  won every game finite;
- the **head-to-head matrix**: each bot's score against each other (two seats: wins plus half the
  draws; N seats: its win share when alone against the other's ``N - 1``, fair ``1 / N``), with its
  Wilson interval and number of games;
- each bot's **cost**: milliseconds per decision, seconds per game, decisions per game and, for a
  search bot, iterations per game.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..stats import wilson

ELO_MEAN = 1000.0
ELO_SCALE = 400.0 / math.log(10.0)   # Elo points per unit of log-odds
BOOTSTRAP = 200


def pairwise_scores(places: Sequence[Sequence[int]], bots: Sequence[Sequence[int]], k: int) -> np.ndarray:
    """``S[g, i, j]``: in game ``g``, bot ``i``'s points against bot ``j`` over every pair of seats (1
    placed ahead, 0.5 tied); summed over games, ``S[i, j] + S[j, i]`` is the number of meetings."""
    s = np.zeros((len(places), k, k))
    for g, (pl, bs) in enumerate(zip(places, bots)):
        n = len(pl)
        for x in range(n):
            for y in range(x + 1, n):
                a, b = bs[x], bs[y]
                if a == b:
                    continue
                if pl[x] < pl[y]:
                    s[g, a, b] += 1.0
                elif pl[x] > pl[y]:
                    s[g, b, a] += 1.0
                else:
                    s[g, a, b] += 0.5
                    s[g, b, a] += 0.5
    return s


def bradley_terry(scores: np.ndarray, prior: float = 0.5, iterations: int = 500) -> np.ndarray:
    """Elo ratings (mean :data:`ELO_MEAN`) fitted to pairwise points ``scores`` by the MM algorithm
    (Hunter 2004); ``prior`` points each way between every pair (a virtual draw) keep them finite.

    >>> r = bradley_terry(np.array([[0.0, 75.0], [25.0, 0.0]]), prior=0.0)
    >>> round(float(r[0] - r[1]))   # 3:1 odds are 191 Elo points
    191
    """
    k = scores.shape[0]
    s = scores + prior * (1.0 - np.eye(k))
    games = s + s.T
    wins = s.sum(axis=1)
    gamma = np.ones(k)
    for _ in range(iterations):
        denom = (games / (gamma[:, None] + gamma[None, :])).sum(axis=1)
        new = np.where(denom > 0, wins / np.where(denom > 0, denom, 1.0), gamma)
        new = np.maximum(new, 1e-12)
        new /= math.exp(np.log(new).mean())
        if np.max(np.abs(np.log(new) - np.log(gamma))) < 1e-10:
            gamma = new
            break
        gamma = new
    r = np.log(gamma) * ELO_SCALE
    return r - r.mean() + ELO_MEAN  # type: ignore[no-any-return]


def openskill_ratings(places: Sequence[Sequence[int]], bots: Sequence[Sequence[int]], k: int,
                      seed: int) -> list[tuple[float, float]]:
    """Each bot's OpenSkill (mu, sigma) after rating every game once, in an order shuffled by ``seed``."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    rating = [model.rating() for _ in range(k)]
    order = list(range(len(places)))
    random.Random(seed).shuffle(order)
    for gi in order:
        bs, pl = bots[gi], places[gi]
        # several seats of one bot in a game: each is its own player, rated from that bot's rating,
        # and the bot keeps the mean of their new ratings
        teams = [[model.rating(mu=rating[b].mu, sigma=rating[b].sigma)] for b in bs]
        after = model.rate(teams, ranks=[float(p) for p in pl])
        new: dict[int, list[Any]] = {}
        for b, [r] in zip(bs, after):
            new.setdefault(b, []).append(r)
        for b, rs in new.items():
            mu = sum(r.mu for r in rs) / len(rs)
            sigma = sum(r.sigma for r in rs) / len(rs)
            rating[b] = model.rating(mu=mu, sigma=sigma)
    return [(r.mu, r.sigma) for r in rating]


@dataclass
class Ladder:
    """A played ladder: its settings, the games and their results (see the module docstring)."""

    ruleset: str
    bots: list[str]
    seed: int
    seats: int
    games_per_pair: int
    decks: list[str]
    places: list[list[int]]
    seat_bots: list[list[int]]
    pairs: list[tuple[int, int]]
    results: list[dict[str, Any]]
    seconds: float = 0.0
    workers: list[dict[str, Any]] | None = None
    options: dict[str, Any] = field(default_factory=dict)

    # ------------------------------------------------------------------ figures
    def matrix(self) -> list[list[dict[str, Any] | None]]:
        """``M[i][j]``: bot ``i`` against bot ``j`` (None on the diagonal): its score, games and interval."""
        k = len(self.bots)
        pts = [[0.0] * k for _ in range(k)]
        cnt = [[0] * k for _ in range(k)]
        for (a, b), pl, bs in zip(self.pairs, self.places, self.seat_bots):
            if self.seats == 2:
                sa = bs.index(a)
                share = 1.0 if pl[sa] < pl[1 - sa] else 0.5 if pl[sa] == pl[1 - sa] else 0.0
                pts[a][b] += share
                pts[b][a] += 1.0 - share
                cnt[a][b] += 1
                cnt[b][a] += 1
            else:   # a alone against b's: a's win share
                sa = bs.index(a)
                firsts = sum(1 for p in pl if p == 1)
                pts[a][b] += 1.0 / firsts if pl[sa] == 1 else 0.0
                cnt[a][b] += 1
        out: list[list[dict[str, Any] | None]] = []
        for i in range(k):
            row: list[dict[str, Any] | None] = []
            for j in range(k):
                if i == j or not cnt[i][j]:
                    row.append(None)
                    continue
                lo, hi = wilson(pts[i][j], cnt[i][j])
                row.append({"score": pts[i][j] / cnt[i][j], "games": cnt[i][j], "ci95": [lo, hi]})
            out.append(row)
        return out

    def elo(self, bootstrap: int = BOOTSTRAP) -> list[dict[str, float | list[float]]]:
        k = len(self.bots)
        per_game = pairwise_scores(self.places, self.seat_bots, k)
        base = bradley_terry(per_game.sum(axis=0))
        rng = np.random.default_rng(np.random.SeedSequence([self.seed, 0xE10]))
        n = len(self.places)
        draws = np.empty((bootstrap, k))
        for t in range(bootstrap):   # the games resampled with replacement: each game's weight
            weight = np.bincount(rng.integers(0, n, size=n), minlength=n).astype(np.float64)
            draws[t] = bradley_terry(np.tensordot(weight, per_game, axes=1))
        lo, hi = np.percentile(draws, [2.5, 97.5], axis=0)
        return [{"rating": float(base[i]), "ci95": [float(lo[i]), float(hi[i])]} for i in range(k)]

    def openskill(self) -> list[dict[str, float | list[float]]]:
        out: list[dict[str, float | list[float]]] = []
        for mu, sigma in openskill_ratings(self.places, self.seat_bots, len(self.bots), self.seed):
            out.append({"mu": mu, "sigma": sigma, "ordinal": mu - 3 * sigma,
                        "ci95": [mu - 1.96 * sigma, mu + 1.96 * sigma]})
        return out

    def costs(self) -> list[dict[str, float]]:
        k = len(self.bots)
        dec = [0] * k
        sec = [0.0] * k
        its = [0] * k
        seat_games = [0] * k
        for res, bs in zip(self.results, self.seat_bots):
            for s, b in enumerate(bs):
                dec[b] += res["decisions"][s]
                sec[b] += res["seconds"][s]
                its[b] += res["iterations"][s]
                seat_games[b] += 1
        out = []
        for b in range(k):
            g = max(seat_games[b], 1)
            out.append({"ms_per_decision": 1000.0 * sec[b] / dec[b] if dec[b] else 0.0,
                        "s_per_game": sec[b] / g, "decisions_per_game": dec[b] / g,
                        "iterations_per_game": its[b] / g, "seat_games": float(seat_games[b])})
        return out

    def to_dict(self) -> dict[str, Any]:
        """The ladder as JSON (``fwlab bots ladder --json``; docs/bots.md lists the fields)."""
        elo, skill, cost = self.elo(), self.openskill(), self.costs()
        rows = []
        for i, b in enumerate(self.bots):
            rows.append({"bot": b, "elo": elo[i], "openskill": skill[i], "cost": cost[i]})
        order = sorted(range(len(self.bots)), key=lambda i: -float(elo[i]["rating"]))  # type: ignore[arg-type]
        mat = self.matrix()
        return {
            "ruleset": self.ruleset, "seed": self.seed, "seats": self.seats, "bots": list(self.bots),
            "games": len(self.places), "games_per_pair": self.games_per_pair, "decks": list(self.decks),
            "format": "round robin, seats swapped" if self.seats == 2 else
                      f"one bot against {self.seats - 1} of another, in every seat",
            "fair_score": 0.5 if self.seats == 2 else 1.0 / self.seats,
            "ratings": [rows[i] for i in order],
            "matrix": {self.bots[i]: {self.bots[j]: mat[i][j] for j in range(len(self.bots)) if mat[i][j]}
                       for i in range(len(self.bots))},
            "seconds": round(self.seconds, 3), "options": dict(self.options),
            **({"workers": self.workers} if self.workers is not None else {}),
        }


def run_ladder(ruleset: str, bots: Sequence[str], n: int, seed: int, *, seats: int | None = None,
               workers: int | None = 1, executor: Executor | None = None, options: dict[str, Any] | None = None,
               progress: Callable[[int, int], None] | None = None, batch_size: int | None = None) -> Ladder:
    """Play and rate a ladder of ``bots`` (specs) under ``ruleset``: ``n`` games per pairing (rounded
    up to whole blocks, :func:`fwlab.sim.ladder.games_per_pair`), from ``seed``."""
    import time

    from ..sim.ladder import LADDER_BATCH, games_per_pair, play_ladder

    t0 = time.perf_counter()
    games, results, decks, k = play_ladder(ruleset, bots, n, seed, seats=seats, workers=workers,
                                           executor=executor, options=options, progress=progress,
                                           batch_size=batch_size or LADDER_BATCH)
    return Ladder(ruleset, list(bots), seed, k, games_per_pair(n, k), [d.name for d in decks],
                  [r["places"] for r in results], [list(g.bots) for g in games], [g.pair for g in games],
                  results, time.perf_counter() - t0, options=dict(options or {}))


def render(d: dict[str, Any]) -> str:
    """The ladder's JSON (:meth:`Ladder.to_dict`) as text: the ratings table, the matrix, the costs."""
    lines = [f"{d['ruleset']} bot ladder, seed {d['seed']}: {d['games']} games ({d['games_per_pair']} per pairing, "
             f"{d['format']}; {len(d['decks'])} starter decks), {d['seconds']:.0f} s"]
    lines.append(f"  {'bot':<28} {'Elo [95%]':>20} {'OpenSkill mu+-1.96s':>24} {'ms/dec':>8} {'s/game':>7}")
    for r in d["ratings"]:
        e, s, c = r["elo"], r["openskill"], r["cost"]
        lines.append(f"  {r['bot']:<28} {e['rating']:6.0f} [{e['ci95'][0]:5.0f},{e['ci95'][1]:5.0f}]"
                     f" {s['mu']:8.2f} [{s['ci95'][0]:6.2f},{s['ci95'][1]:6.2f}]"
                     f" {c['ms_per_decision']:8.2f} {c['s_per_game']:7.2f}")
    fair = d["fair_score"]
    lines.append(f"  head to head: row's score against column (fair {fair:.2f})")
    names = d["bots"]
    width = max(10, max(len(b) for b in names) + 1)
    lines.append("  " + " " * width + "".join(f"{b[:width - 1]:>{width}}" for b in names))
    for a in names:
        cells = []
        for b in names:
            m = d["matrix"][a].get(b)
            cells.append(f"{'-':>{width}}" if m is None else f"{m['score']:>{width}.3f}")
        lines.append(f"  {a[:width - 1]:<{width}}" + "".join(cells))
    return "\n".join(lines)
