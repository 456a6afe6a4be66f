"""The deck tuner: hill climbing over single card swaps, candidates raced on paired seeds.

Like Tyrant Unleashed Optimizer's ``climb``: from the current deck, a step samples candidate decks
one swap away (one copy out, one card in; the deck validator must accept the result; ``keep``
cards never go out; the card coming in is on the deck's colours: a card whose ``nature``,
``sphere`` or ``guild`` the deck already has, or one without such a field, weighted towards cards
the deck or a starter deck already plays). The current deck and every live candidate then play
the gauntlet in rounds on the **same games** (seed, opponent and first seat; the new card in the
place of the old one, see :func:`swapped`): each game gives a paired difference
``d = candidate - current`` of the win share. After each round, per candidate,
``mean(d) +- z * sd(d) / sqrt(n)``:

* a candidate whose upper bound (``z = Z_DROP``) is below 0, or below the best live candidate's
  lower bound, stops (weak candidates stop early);
* a candidate whose lower bound is above 0 at the Bonferroni-corrected level for the step's
  candidates (``z = Phi^-1(1 - 0.05 / m)``), after at least ``MIN_GAMES`` games, is accepted (the
  one with the highest lower bound) and becomes the current deck;
* a candidate that reaches the cap without either stops.

When every candidate of a sample has stopped, a fresh sample of untried swaps is raced; the climb
ends when the budget (less the fifth kept for the re-test) is spent, or no untried swap is left.
The best deck and the starting deck are then re-tested on **fresh seeds** (never used to select),
with ten times the games the best deck was accepted on (within what is left of the budget): their
gauntlet win rates with intervals and the paired change are what the tuner reports.
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from scipy.stats import norm

from ..catalog import load_catalog
from ..decks import Deck, format_decklist
from ..decks.decklist import DeckEntry
from ..decks.validate import validate
from ..stats import Z95
from .batch import Cancelled, Job, Progress, ShouldStop, run_jobs
from .changes import LabDeck, check_lab_ruleset, resolve_deck, starter_field
from .whatif import DeckRef, _bots

#: games per gauntlet deck per racing round (half with each seat first)
ROUND = 8
#: z of the drop rule (upper bound below 0 or below the leader's lower bound)
Z_DROP = 1.5
#: no candidate is accepted on fewer games than this
MIN_GAMES = 300
#: fields that give a card its colour: a card coming in shares one with the deck (or has none)
FACTION_FIELDS = ("nature", "sphere", "guild")


@dataclass(frozen=True)
class Swap:
    out: str
    into: str

    def to_dict(self) -> dict[str, str]:
        return {"out": self.out, "in": self.into}


@dataclass
class TuneStep:
    """One accepted swap: the selection games it was accepted on, its mean paired change then (on
    selection seeds, so optimistic), candidates raced in the step, seconds since the start."""

    swap: Swap
    games: int
    delta: float
    lower: float
    candidates: int
    seconds: float

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["swap"] = self.swap.to_dict()
        return d


@dataclass
class TuneResult:
    """What :func:`tune` found; ``to_dict()`` is ``fwlab tune --json``; :meth:`from_dict` reads it back."""

    ruleset: str
    deck: str
    gauntlet: list[str]
    start_win_rate: float
    start_ci95: list[float]
    best_win_rate: float
    best_ci95: list[float]
    delta: float
    delta_ci95: list[float]
    swaps: list[Swap]
    decklist: str
    steps: list[TuneStep]
    games: int
    confirm_games: int
    budget: int
    seed: int
    bots: list[str]
    seconds: float
    per_opponent: dict[str, list[float]] = field(default_factory=dict)
    stopped: str = ""

    @property
    def first_improvement_seconds(self) -> float | None:
        return self.steps[0].seconds if self.steps else None

    def counts_diff(self) -> dict[str, int]:
        """Card -> change in copies from the starting deck (the deck builder's diff)."""
        out: dict[str, int] = {}
        for s in self.swaps:
            out[s.out] = out.get(s.out, 0) - 1
            out[s.into] = out.get(s.into, 0) + 1
        return {k: v for k, v in sorted(out.items()) if v}

    def to_dict(self) -> dict[str, Any]:
        d = {k: getattr(self, k) for k in self.__dataclass_fields__}
        d["swaps"] = [s.to_dict() for s in self.swaps]
        d["steps"] = [s.to_dict() for s in self.steps]
        d["first_improvement_seconds"] = self.first_improvement_seconds
        d["counts_diff"] = self.counts_diff()
        return d

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> TuneResult:
        kw = {k: v for k, v in d.items() if k in cls.__dataclass_fields__}
        kw["swaps"] = [Swap(s["out"], s["in"]) for s in d["swaps"]]
        kw["steps"] = [TuneStep(Swap(s["swap"]["out"], s["swap"]["in"]), s["games"], s["delta"], s["lower"],
                                s["candidates"], s["seconds"]) for s in d["steps"]]
        return cls(**kw)


def _seed(*key: int) -> int:
    ss = np.random.SeedSequence(key[0], spawn_key=tuple(key[1:]))
    return int(ss.generate_state(1, np.uint64)[0] >> np.uint64(1))


def swapped(names: Sequence[str], swap: Swap) -> tuple[str, ...]:
    """The deck with its last copy of ``swap.out`` replaced by ``swap.into`` *in place*: the engine
    shuffles the deck by position, so on the same seed the new card lies exactly where the old one
    did and every other card where it was (the closest pairing of the two decks' games)."""
    i = len(names) - 1 - list(reversed(names)).index(swap.out)
    return (*names[:i], swap.into, *names[i + 1:])


def _counts(names: Sequence[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for n in names:
        out[n] = out.get(n, 0) + 1
    return out


def _legal(ruleset: str, counts: Mapping[str, int]) -> bool:
    d = Deck(ruleset, "candidate", tuple(DeckEntry(c, n) for n, c in counts.items() if c > 0))
    return not validate(d)


def candidate_swaps(ruleset: str, counts: Mapping[str, int], keep: frozenset[str],
                    starters: frozenset[str]) -> list[tuple[Swap, float]]:
    """Every legal single swap from ``counts`` with its sampling weight (see the module docstring)."""
    cat = load_catalog(ruleset)
    colours = {str(cat[n].fields[f]) for n in counts for f in FACTION_FIELDS if f in cat[n].fields}
    ins = []
    for card in cat:
        vals = [str(card.fields[f]) for f in FACTION_FIELDS if f in card.fields]
        if vals and not set(vals) & colours:
            continue
        w = 3.0 if card.name in counts else (2.0 if card.name in starters else 1.0)
        ins.append((card.name, w))
    out = []
    for o in counts:
        if o in keep or counts[o] <= 0:
            continue
        for name, w in ins:
            if name == o:
                continue
            c = dict(counts)
            c[o] -= 1
            c[name] = c.get(name, 0) + 1
            if _legal(ruleset, c):
                out.append((Swap(o, name), w))
    return out


def _race_jobs(ruleset: str, bots: Sequence[str], decks: Sequence[tuple[str, ...]], gauntlet: Sequence[LabDeck],
               root: int, key: tuple[int, ...], per_opponent: int) -> list[Job]:
    jobs = []
    for g, opp in enumerate(gauntlet):
        names = opp.names
        jobs.append((ruleset, tuple(bots), _seed(root, *key, g), 0, per_opponent,
                     tuple((d, names, None) for d in decks)))
    return jobs


def _shares(results: Sequence[Sequence[bytes]], k: int) -> list[np.ndarray]:
    """Per deck variant, its win shares over all jobs of a round (opponent after opponent)."""
    return [np.concatenate([np.frombuffer(r[v], dtype=np.uint8) for r in results]).astype(np.float64) / 2.0
            for v in range(k)]


def tune(deck: DeckRef, ruleset: str, gauntlet: Sequence[DeckRef] | None = None, budget: int = 50_000,
         seed: int = 0, *, keep: Sequence[str] = (), bots: Sequence[str] | None = None, candidates: int = 16,
         workers: int | None = 1, executor: Executor | None = None, progress: Progress | None = None,
         should_stop: ShouldStop | None = None, db: str | Path | None = None) -> TuneResult:
    """Search legal decks near ``deck`` by single swaps against ``gauntlet`` (default: the ruleset's
    starter decks) within ``budget`` games; see the module docstring. ``progress(done, budget)``
    counts games; ``should_stop()`` is asked between batches and stops the run with
    :class:`~fwlab.lab.batch.Cancelled`, whose ``partial`` holds the swaps and decklist found so far
    (not re-tested)."""
    t0 = time.perf_counter()
    check_lab_ruleset(ruleset)
    start = resolve_deck(deck, ruleset, db)
    problems = validate(Deck(ruleset, start.deck.name, start.deck.entries, start.deck.source))
    if problems:
        raise ValueError(f"the deck to tune is not legal under {ruleset}: {problems[0].message}")
    gl = starter_field(ruleset) if not gauntlet else [resolve_deck(g, ruleset, db) for g in gauntlet]
    from ..rules.engines import check_setup

    for opp in gl:  # the engine refuses an illegal setup (RULINGS "Every game, setups"): say which deck, now
        check_setup(ruleset, -1, opp.names, None, opp.id)
    bot_names = _bots(ruleset, bots)
    cat = load_catalog(ruleset)
    keep_set = set()
    for k in keep:
        card = cat.lookup(k)
        if card is None:
            raise ValueError(f"--keep {k!r} is not a card of the {cat.family} catalog")
        keep_set.add(card.name)
    if budget < 4 * ROUND * len(gl):
        raise ValueError(f"a budget of {budget} games is too small for a gauntlet of {len(gl)} decks")
    starters = frozenset(n for d in starter_field(ruleset) for n in d.deck.counts())
    rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(3,)))
    sel_root = _seed(seed, 1)
    confirm_root = _seed(seed, 2)

    cur = tuple(start.deck.cards())
    counts = _counts(cur)
    reserve = budget // 5
    climb_budget = budget - reserve
    cap = max(MIN_GAMES * 2, min(4000, climb_budget // 4))
    used = 0
    swaps: list[Swap] = []
    steps: list[TuneStep] = []
    tried: set[Swap] = set()
    accepted_games = ROUND * len(gl) * 4
    stopped = ""
    step = 0
    rounds = 0

    def stop_now() -> bool:
        return should_stop is not None and should_stop()

    while not stopped:
        pool = [(s, w) for s, w in candidate_swaps(ruleset, counts, frozenset(keep_set), starters) if s not in tried]
        if not pool:
            stopped = "no untried swap left"
            break
        m = min(candidates, len(pool))
        weights = np.array([w for _, w in pool])
        pick = rng.choice(len(pool), size=m, replace=False, p=weights / weights.sum())
        cands = [pool[i][0] for i in sorted(pick)]
        tried.update(cands)
        cand_names = [swapped(cur, s) for s in cands]
        z_acc = float(norm.ppf(1 - 0.05 / m))
        alive = list(range(m))
        sums = np.zeros(m)
        sq = np.zeros(m)
        n = np.zeros(m)
        winner = None
        while alive:
            per_round = ROUND * len(gl) * (1 + len(alive))
            if used + per_round > climb_budget:
                stopped = "budget spent"
                break
            decks = [cur] + [cand_names[i] for i in alive]
            try:
                if stop_now():
                    raise Cancelled("stopped")
                res = run_jobs(_race_jobs(ruleset, bot_names, decks, gl, sel_root, (step, rounds), ROUND),
                               workers=workers, executor=executor, done_before=used, total=budget,
                               progress=progress, should_stop=should_stop)
            except Cancelled:
                best = Deck(ruleset, start.deck.name, tuple(DeckEntry(c, n) for n, c in counts.items()))
                raise Cancelled("stopped", {"swaps": [s.to_dict() for s in swaps],
                                            "decklist": format_decklist(best), "games": used}) from None
            rounds += 1
            used += per_round
            shares = _shares(res, len(decks))
            for slot, i in enumerate(alive):
                d = shares[slot + 1] - shares[0]
                sums[i] += d.sum()
                sq[i] += (d * d).sum()
                n[i] += len(d)
            mean = sums / np.maximum(n, 1)
            var = np.maximum(sq / np.maximum(n, 1) - mean * mean, 0.0) * n / np.maximum(n - 1, 1)
            se = np.sqrt(var / np.maximum(n, 1))
            ok = [i for i in alive if n[i] >= MIN_GAMES and mean[i] - z_acc * se[i] > 0]
            if ok:
                winner = max(ok, key=lambda i: (mean[i] - z_acc * se[i], -i))
                break
            lead = max(mean[i] - Z_DROP * se[i] for i in alive)
            alive = [i for i in alive
                     if not (n[i] >= 2 * ROUND * len(gl) and (mean[i] + Z_DROP * se[i] < max(0.0, lead)))
                     and n[i] < cap]
        if winner is not None:
            s = cands[winner]
            cur = cand_names[winner]
            counts = _counts(cur)
            swaps.append(s)
            accepted_games = int(n[winner])
            steps.append(TuneStep(s, int(n[winner]), float(mean[winner]), float(mean[winner] - z_acc * se[winner]),
                                  m, round(time.perf_counter() - t0, 3)))
            tried = set()
        step += 1

    # the re-test: start and best on fresh seeds, paired; ten times the games the best was accepted on
    left = budget - used
    per_deck = min(10 * accepted_games, left // 2 if swaps else left)
    per_opp = max(2, (per_deck // len(gl)) // 2 * 2)
    best_names = cur
    start_names = tuple(start.deck.cards())
    variants = [start_names, best_names] if swaps else [start_names]
    chunks = []
    remaining = per_opp
    idx = 0
    while remaining > 0:
        cnt = min(250, remaining)
        chunks.append((idx, per_opp - remaining, cnt))
        remaining -= cnt
        idx += 1
    jobs = []
    for g, opp in enumerate(gl):
        for _chunk, begin, cnt in chunks:
            # game k against opponent g: game_seed(_seed(confirm_root, g), k), whatever the chunks
            jobs.append((ruleset, tuple(bot_names), _seed(confirm_root, g), begin, cnt,
                         tuple((d, opp.names, None) for d in variants)))
    res = run_jobs(jobs, workers=workers, executor=executor, done_before=used,
                   total=max(budget, used + per_opp * len(gl) * len(variants)), progress=progress,
                   should_stop=should_stop)
    used += per_opp * len(gl) * len(variants)
    per_g: dict[str, list[np.ndarray]] = {}
    for job_i, r in enumerate(res):
        g = job_i // len(chunks)
        per_g.setdefault(gl[g].id, [np.zeros(0)] * len(variants))
        per_g[gl[g].id] = [np.concatenate([per_g[gl[g].id][v], np.frombuffer(r[v], np.uint8) / 2.0])
                           for v in range(len(variants))]
    xs = [np.concatenate([per_g[o.id][v] for o in gl]) for v in range(len(variants))]
    s_rate, s_ci = _mean_ci(xs[0], len(gl))
    b_rate, b_ci = _mean_ci(xs[-1], len(gl))
    diff = xs[-1] - xs[0]
    d_rate, d_ci = _mean_ci(diff, len(gl)) if swaps else (0.0, [0.0, 0.0])
    name = start.deck.name if not swaps else f"{start.deck.name} (tuned)"
    best_deck = Deck(ruleset, name, tuple(DeckEntry(c, n) for n, c in counts.items()),
                     meta={k: v for k, v in start.deck.meta.items()})
    return TuneResult(
        ruleset=ruleset, deck=start.id, gauntlet=[g.id for g in gl], start_win_rate=s_rate, start_ci95=s_ci,
        best_win_rate=b_rate, best_ci95=b_ci, delta=d_rate, delta_ci95=d_ci, swaps=swaps,
        decklist=format_decklist(best_deck), steps=steps, games=used, confirm_games=per_opp * len(gl),
        budget=budget, seed=seed, bots=bot_names, seconds=round(time.perf_counter() - t0, 3),
        per_opponent={o: [float(per_g[o][0].mean()), float(per_g[o][-1].mean())] for o in per_g},
        stopped=stopped)


def _mean_ci(x: np.ndarray, strata: int) -> tuple[float, list[float]]:
    """Mean of per-game values with a normal 95% interval (the gauntlet's decks get equal games, so
    the plain mean is the gauntlet win rate)."""
    m = float(x.mean())
    se = float(x.std(ddof=1) / math.sqrt(len(x))) if len(x) > 1 else 0.0
    return m, [m - Z95 * se, m + Z95 * se]
