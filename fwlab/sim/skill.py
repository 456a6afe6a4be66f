"""Each deck's field win rate at several levels of bot skill (``fwlab simulate --skill-sweep``,
``fwlab report balance --skill``; issue 28 part 3).

A *level* is a bot spec both seats play (``heuristic``, ``ismcts:iters=200``). The field is every
pairing of the decks (the ruleset's starters by default; a mirror counts 0.5), each pairing played
by :func:`~fwlab.sim.runner.simulate_match` from its own seed (``SeedSequence(seed, spawn_key=(crc32
of each deck's id))``, as the balance lab seeds a pairing): game ``g`` of a pairing has the seed
``game_seed(pair seed, g)`` at every level, so the levels meet the same deals. A costly level plays
fewer games per pairing (the first ones of the same seeds; :func:`level_games`), and the output
says how many. A deck's gain is its win rate at the last level minus at the first; its interval
adds the two levels' variances (conservative: the shared seeds correlate the levels, which only
narrows the true interval). A deck that gains significantly is a *skill deck*, one that loses is
*easy to pilot*.
"""

from __future__ import annotations

import time
import zlib
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from ..decks import Deck
from ..rules.engines import engine_for, split_bot_list
from ..stats import Z95
from .runner import simulate_match

#: games per pairing at a level after the first, as a share of the first level's (at least MIN_GAMES):
#: a search level costs about a thousand times a heuristic one (fw at ismcts:iters=200: 2.8 s of CPU
#: a game, both seats searching), so a what-if's 200 games a pairing give 6 at the costly level, a
#: check of fw's 7 starters that takes about 8 minutes on 2 workers (docs/bots.md); ask for more
#: with --skill-games when the costly level's intervals must be narrow
COSTLY_SHARE = 0.03
MIN_GAMES = 6
#: fewer games per pairing than this at a level: the text flags its intervals as rough
SMALL = 30


def parse_levels(ruleset: str, text: str | Sequence[str]) -> list[str]:
    """The levels of ``--skill`` / ``--skill-sweep`` (``heuristic,ismcts:iters=200``: bot specs, a
    ``key=value`` piece continuing the spec before it), each checked against the ruleset's engine;
    at least two."""
    levels = split_bot_list(text) if isinstance(text, str) else list(text)
    if len(levels) < 2:
        raise ValueError(f"skill levels: give at least two bot specs, not {len(levels)} (e.g. "
                         "heuristic,ismcts:iters=200)")
    eng = engine_for(ruleset)
    for b in levels:
        eng.check_bot(b)
    return levels


def level_games(levels: Sequence[str], n: int, costly: int | None = None) -> list[int]:
    """Games per pairing at each level: ``n`` at the first, ``costly`` at the others (default
    ``max(MIN_GAMES, COSTLY_SHARE * n)``, never more than ``n``).

    >>> level_games(["heuristic", "ismcts"], 200)
    [200, 6]
    >>> level_games(["heuristic", "ismcts"], 1000)
    [1000, 30]
    >>> level_games(["heuristic", "lookahead", "ismcts"], 30, costly=12)
    [30, 12, 12]
    """
    if n < 1:
        raise ValueError("n must be at least 1")
    c = max(MIN_GAMES, int(round(COSTLY_SHARE * n))) if costly is None else costly
    if c < 1:
        raise ValueError("the games at a costly level must be at least 1")
    return [n] + [min(n, c)] * (len(levels) - 1)


def pair_seed(seed: int, a: str, b: str) -> int:
    """The seed of the pairing of decks ``a`` and ``b`` (ids), 63 bits (the balance lab's own rule)."""
    ss = np.random.SeedSequence(seed, spawn_key=(zlib.crc32(a.encode()), zlib.crc32(b.encode())))
    return int(ss.generate_state(1, np.uint64)[0] >> np.uint64(1))


@dataclass
class SkillDeck:
    """One deck's field win rate at each level, its gain from the first level to the last and what
    that makes it."""

    deck: str
    name: str
    win_rates: list[float]
    ci95: list[list[float]]
    gain: float
    gain_ci95: list[float]
    #: "skill deck" (gains significantly with skill), "easy to pilot" (loses significantly), or "neither"
    verdict: str

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class SkillField:
    """:func:`skill_field`'s result; ``to_dict()`` is the JSON of ``--skill-sweep`` / ``--skill``."""

    ruleset: str
    levels: list[str]
    games_per_pairing: list[int]
    seed: int
    decks: list[SkillDeck]
    seconds: float

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "field-skill", "ruleset": self.ruleset, "levels": self.levels,
                "games_per_pairing": self.games_per_pairing, "seed": self.seed,
                "decks": [d.to_dict() for d in self.decks], "seconds": self.seconds}


def _ci(centre: float, var: float) -> list[float]:
    half = Z95 * float(np.sqrt(max(var, 0.0)))
    return [centre - half, centre + half]


def skill_field(ruleset: str, levels: str | Sequence[str], decks: Sequence[tuple[str, Deck]] | None = None,
                n: int = 200, seed: int = 0, *, costly_games: int | None = None, workers: int | None = 1,
                executor: Executor | None = None, options: Mapping[str, Any] | None = None,
                progress: Any = None) -> SkillField:
    """Each deck's field win rate at each level (see the module docstring). ``decks``: ``(id, deck)``
    pairs (default: the ruleset's starter decks, ids ``ruleset/stem``)."""
    t0 = time.perf_counter()
    lv = parse_levels(ruleset, levels)
    counts = level_games(lv, n, costly_games)
    field = list(decks) if decks is not None else _starters(ruleset)
    if len(field) < 2:
        raise ValueError(f"a field needs at least 2 decks ({ruleset} has {len(field)})")
    k = len(field)
    mats = []
    for bot, m in zip(lv, counts):
        M = np.full((k, k), 0.5)
        V = np.zeros((k, k))
        for i in range(k):
            for j in range(i + 1, k):
                res = simulate_match([field[i][1], field[j][1]], ruleset, n=m,
                                     seed=pair_seed(seed, field[i][0], field[j][0]), bots=[bot, bot],
                                     workers=workers, executor=executor, options=options, progress=progress)
                half = res.draws / 2.0
                p = (res.wins[0] + half) / m
                ex2 = (res.wins[0] + half / 2.0) / m   # E[x^2] of a game's share x in {0, 0.5, 1}
                M[i, j], M[j, i] = p, 1.0 - p
                V[i, j] = V[j, i] = max(ex2 - p * p, 0.0) / (m - 1) if m > 1 else 0.0
        mats.append((M, V))
    w = np.full(k, 1.0 / k)
    rows = []
    for i, (did, deck) in enumerate(field):
        wr = [float(M[i] @ w) for M, _ in mats]
        vs = [float(V[i] @ (w * w)) for _, V in mats]
        cis = [_ci(x, v) for x, v in zip(wr, vs)]
        g = wr[-1] - wr[0]
        gci = _ci(g, vs[0] + vs[-1])
        verdict = "skill deck" if gci[0] > 0 else "easy to pilot" if gci[1] < 0 else "neither"
        rows.append(SkillDeck(did, deck.name, wr, cis, g, gci, verdict))
    return SkillField(ruleset, lv, counts, seed, rows, round(time.perf_counter() - t0, 3))


def _starters(ruleset: str) -> list[tuple[str, Deck]]:
    from ..decks.decklist import load_deck
    from ..decks.starters import starter_paths

    return [(f"{ruleset}/{p.stem}", load_deck(p)) for p in starter_paths(ruleset)]


def short_deck(deck: str) -> str:
    """A deck id without its ruleset (``fw/iron-tide`` -> ``iron-tide``)."""
    return deck.split("/", 1)[-1]


def skill_header(what: str, d: Mapping[str, Any]) -> list[str]:
    """The first lines of a skill table: ``what`` at each level with its games per pairing, and the
    caveats of fewer games at the costly levels and of small samples."""
    lv, gp = d["levels"], d["games_per_pairing"]
    lines = [f"{what} at {len(lv)} levels of skill, {d['ruleset']}, seed {d['seed']} ({d['seconds']:.1f} s): "
             + "; ".join(f"{b} {g} games per pairing" for b, g in zip(lv, gp))]
    if any(g < gp[0] for g in gp):
        lines.append("  (fewer games at the costly levels: their intervals are wider; every level plays the "
                     "first games of the same seeds)")
    if min(gp) < SMALL:
        lines.append(f"  (small samples: under {SMALL} games per pairing the intervals are rough)")
    return lines


def render_skill_field(d: Mapping[str, Any]) -> str:
    """The text of :func:`skill_field`: each deck's field win rate at each level, its gain and verdict."""
    lv = d["levels"]
    lines = skill_header("field win rate", d)
    head = "".join(f" {b[:21]:>21}" for b in lv)
    lines.append(f"  {'deck':<22}{head} {'gain':>7}  {'95% CI':<17} verdict")
    for r in d["decks"]:
        cells = "".join(f" {x:.3f} [{c[0]:.2f},{c[1]:.2f}]".rjust(22) for x, c in zip(r["win_rates"], r["ci95"]))
        lo, hi = r["gain_ci95"]
        lines.append(f"  {short_deck(r['deck']):<22}{cells} {r['gain']:>+7.3f}  [{lo:+.3f}, {hi:+.3f}] {r['verdict']}")
    return "\n".join(lines)
