"""What-if: the whole field of decks re-played after a change to some cards, on the same games.

Every pairing of the field (each deck against each, mirrors included) plays ``n`` games twice, on
the ruleset's catalog and on the changed one, with the same seeds and the same first seats (common
random numbers: the same shuffles and dice where the change does not alter them). Per deck:

* **field win rate** ``W_i = mean_j M[i][j]`` over every deck of the field (the mirror counts
  0.5), before and after, and the change ``W_i' - W_i``;
* its **paired 95% interval**: each game played before and after is one paired difference
  ``d = after - before`` of deck i's win share; a pairing's mean difference has variance
  ``s_d^2 / n`` (``s_d`` the sample standard deviation of its ``d``), the pairings are independent
  (their own seeds), so ``Var(W_i' - W_i) = sum_j Var(dM[i][j]) / K^2`` and the interval is the
  normal one, ``delta +- 1.96 sqrt(Var)``. Playing the same games makes ``s_d`` far smaller than
  two independent samples would (most games end alike), and an empty change set gives ``d = 0``
  for every game: deltas of exactly 0 with interval [0, 0];
* the same against a **meta** (shares of decks: weights ``w_j`` instead of ``1/K``);
* the matchup **matrix** before and after, and the **equilibrium meta** of each
  (:mod:`fwlab.lab.equilibrium`).

A change may be to the **rules** as well as the cards: a change set's ``[rules]`` (the engine's
rule options, ``fwlab engines --options``) are played on the "after" side only, its
``[base_rules]`` on both sides (so "before" is the ruleset's own rules unless ``[base_rules]``
says otherwise), on the same seeds and seats. Beside the win rates the result has the **health
figures** of both sides (:mod:`fwlab.lab.health`): the first player's win share, draws, mean
turns and the end-reason mix, each with its paired interval.

A **sweep** plays one field at several values of one card's field (all on the same games) and
reports each deck's field win rate along it and the value that brings it nearest 50%; the change
set's rules (``[base_rules]`` then ``[rules]``) are played by the base and every value alike.
"""

from __future__ import annotations

import csv
import time
import zlib
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import asdict, dataclass
from dataclasses import field as dc_field
from pathlib import Path
from typing import Any

import numpy as np

from ..catalog import CatalogError, load_catalog
from ..catalog.overrides import normalize_overrides
from ..decks import Deck
from ..rules.engines import engine_for
from ..sim.runner import BATCH
from ..stats import Z95
from .batch import Job, Progress, ShouldStop, run_game_jobs, run_jobs
from .changes import (
    Changes,
    ChangeSet,
    LabDeck,
    Sweep,
    check_lab_ruleset,
    check_rules,
    json_rules,
    merge_changes,
    parse_sweep,
    resolve_deck,
    starter_field,
)
from .equilibrium import equilibrium
from .health import PairGames, health_deltas

DeckRef = str | Path | Deck | LabDeck


def pair_seed(seed: int, a: str, b: str) -> int:
    """The seed of the pairing of decks ``a`` and ``b`` (by id): its own games, whatever else is in
    the field (``SeedSequence(seed, spawn_key=(crc32(a), crc32(b)))``, 63 bits)."""
    ss = np.random.SeedSequence(seed, spawn_key=(zlib.crc32(a.encode()), zlib.crc32(b.encode())))
    return int(ss.generate_state(1, np.uint64)[0] >> np.uint64(1))


def pairings(k: int) -> list[tuple[int, int]]:
    """Every pairing of ``k`` decks, mirrors included: ``k (k + 1) / 2`` of them (7 decks: 28)."""
    return [(i, j) for i in range(k) for j in range(i, k)]


def field_jobs(ruleset: str, decks: Sequence[LabDeck], variants: Sequence[Changes | None], n: int, seed: int,
               bots: Sequence[str], batch_size: int = BATCH,
               options: Sequence[Mapping[str, Any] | None] | None = None, first: int = 0,
               ) -> tuple[list[Job], list[tuple[int, int, int]]]:
    """The jobs that play every pairing ``n`` times under every variant (games ``first``..``n - 1``
    of each pairing), and for each job its (pairing index, first game index, count). ``options``:
    per variant, the rule options it plays under (checked; default: the ruleset's own rules for
    every variant); they travel in each job."""
    opts = [dict(o or {}) for o in (options if options is not None else [None] * len(variants))]
    if len(opts) != len(variants):
        raise ValueError(f"{len(variants)} variants but {len(opts)} sets of rule options")
    jobs: list[Job] = []
    where: list[tuple[int, int, int]] = []
    names = [d.names for d in decks]
    for p, (i, j) in enumerate(pairings(len(decks))):
        n_batches = (n - first + batch_size - 1) // batch_size
        pseed = pair_seed(seed, decks[i].id, decks[j].id)  # game g of the pairing: game_seed(pseed, g)
        for b in range(n_batches):
            start, count = first + b * batch_size, min(batch_size, n - first - b * batch_size)
            jobs.append((ruleset, tuple(bots), pseed, start, count,
                         tuple((names[i], names[j], ov or None, o or None) for ov, o in zip(variants, opts))))
            where.append((p, start, count))
    return jobs, where


def check_field(ruleset: str, decks: Sequence[LabDeck], variants: Sequence[Changes | None]) -> None:
    """Every deck of the field is legal under every changed catalog, as the engine will check it in
    each worker (RULINGS "Every game, setups"): a change to a card (making it Special or unique,
    moving it to another guild) can make a deck illegal, and that is refused here, naming the deck,
    the problem and the change, before any game is played. The field under the ruleset's own
    catalog is checked by :func:`_field`."""
    from ..catalog.overrides import catalog_with_overrides, overrides_key
    from ..rules.deckrules import SetupError
    from ..rules.engines import check_setup

    for ov in variants:
        if not ov:
            continue
        cat = catalog_with_overrides(ruleset, ov)
        for d in decks:
            try:
                check_setup(ruleset, -1, d.names, cat, d.id)
            except SetupError as exc:
                raise ValueError(f"{exc} (with the card changes {overrides_key(ov)}: a change may not make a deck "
                                 "of the field illegal)") from None


def play_field(ruleset: str, decks: Sequence[LabDeck], variants: Sequence[Changes | None], n: int, seed: int,
               bots: Sequence[str], *, workers: int | None = 1, executor: Executor | None = None,
               progress: Progress | None = None, should_stop: ShouldStop | None = None,
               batch_size: int = BATCH, options: Sequence[Mapping[str, Any] | None] | None = None,
               ) -> list[list[np.ndarray]]:
    """Seat A's win share in each game of each pairing, per variant: ``out[variant][pairing]`` is an
    array of ``n`` values in {0, 0.5, 1} (game order). ``options``: per variant, its rule options."""
    check_field(ruleset, decks, variants)
    jobs, where = field_jobs(ruleset, decks, variants, n, seed, bots, batch_size, options)
    results = run_jobs(jobs, workers=workers, executor=executor, progress=progress, should_stop=should_stop)
    n_pairs = len(pairings(len(decks)))
    raw = [[np.zeros(n, dtype=np.uint8) for _ in range(n_pairs)] for _ in variants]
    for (p, start, count), res in zip(where, results):
        for v, block in enumerate(res):
            raw[v][p][start:start + count] = np.frombuffer(block, dtype=np.uint8)
    return [[a.astype(np.float64) / 2.0 for a in per] for per in raw]


def play_field_games(ruleset: str, decks: Sequence[LabDeck], variants: Sequence[Changes | None], n: int, seed: int,
                     bots: Sequence[str], *, workers: int | None = 1, executor: Executor | None = None,
                     progress: Progress | None = None, should_stop: ShouldStop | None = None,
                     batch_size: int = BATCH, options: Sequence[Mapping[str, Any] | None] | None = None,
                     first: int = 0) -> list[list[PairGames]]:
    """:func:`play_field`'s games (the same ones) with each game's end reason and turns too:
    ``out[variant][pairing]`` is a :class:`~fwlab.lab.health.PairGames` of games ``first``..``n - 1``."""
    check_field(ruleset, decks, variants)
    jobs, where = field_jobs(ruleset, decks, variants, n, seed, bots, batch_size, options, first)
    results = run_game_jobs(jobs, workers=workers, executor=executor, progress=progress, should_stop=should_stop)
    n_pairs = len(pairings(len(decks)))
    m = n - first
    shares = [[np.zeros(m, dtype=np.uint8) for _ in range(n_pairs)] for _ in variants]
    reasons = [[np.zeros(m, dtype=np.uint8) for _ in range(n_pairs)] for _ in variants]
    turns = [[np.zeros(m, dtype=np.uint16) for _ in range(n_pairs)] for _ in variants]
    for (p, start, count), res in zip(where, results):
        at = start - first
        for v, (sh, rs, ts) in enumerate(res):
            shares[v][p][at:at + count] = np.frombuffer(sh, dtype=np.uint8)
            reasons[v][p][at:at + count] = np.frombuffer(rs, dtype=np.uint8)
            turns[v][p][at:at + count] = np.frombuffer(ts, dtype="<u2")
    return [[PairGames(shares[v][p].astype(np.float64) / 2.0, reasons[v][p], turns[v][p].astype(np.int64))
             for p in range(n_pairs)] for v in range(len(variants))]


# ------------------------------------------------------------------------------------- analysis
@dataclass
class FieldStats:
    """Matrices of one variant against the base: win rates, per-cell variance of the mean, the
    paired change and its variance."""

    matrix: np.ndarray
    var: np.ndarray
    delta: np.ndarray
    delta_var: np.ndarray


def field_stats(k: int, base: Sequence[np.ndarray], other: Sequence[np.ndarray]) -> FieldStats:
    """Matrices of ``other`` (seat-A shares per pairing) and its paired change from ``base``."""
    M = np.full((k, k), 0.5)
    V = np.zeros((k, k))
    D = np.zeros((k, k))
    DV = np.zeros((k, k))
    for p, (i, j) in enumerate(pairings(k)):
        if i == j:
            continue  # a mirror is 0.5 each way, before and after
        x, x0 = other[p], base[p]
        n = len(x)
        d = x - x0
        M[i, j], M[j, i] = x.mean(), 1.0 - x.mean()
        V[i, j] = V[j, i] = x.var(ddof=1) / n if n > 1 else 0.0
        D[i, j], D[j, i] = d.mean(), 0.0 - d.mean()   # 0.0 - x: no -0.0 (printed "-0.00") for no change
        DV[i, j] = DV[j, i] = d.var(ddof=1) / n if n > 1 else 0.0
    return FieldStats(M, V, D, DV)


def _ci(centre: float, var: float) -> list[float]:
    half = Z95 * float(np.sqrt(max(var, 0.0)))
    return [centre - half, centre + half]


@dataclass
class DeckChange:
    """One deck's win rate against the field (or a meta) before and after, with intervals."""

    deck: str
    name: str
    before: float
    after: float
    delta: float
    delta_ci95: list[float]
    before_ci95: list[float]
    after_ci95: list[float]

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def deck_changes(ids: Sequence[str], names: Sequence[str], before: FieldStats, after: FieldStats,
                 weights: np.ndarray | None = None) -> list[DeckChange]:
    k = len(ids)
    w = np.full(k, 1.0 / k) if weights is None else weights
    rows = []
    for i in range(k):
        b = float(before.matrix[i] @ w)
        a = float(after.matrix[i] @ w)
        d = float(after.delta[i] @ w)
        rows.append(DeckChange(ids[i], names[i], b, a, d, _ci(d, float(after.delta_var[i] @ (w * w))),
                               _ci(b, float(before.var[i] @ (w * w))), _ci(a, float(after.var[i] @ (w * w)))))
    return rows


def _matrix(m: np.ndarray) -> list[list[float]]:
    return [[float(x) for x in row] for row in m]


def _shares(ids: Sequence[str], m: np.ndarray) -> dict[str, float]:
    return dict(zip(ids, equilibrium(m).shares))


@dataclass
class WhatIfResult:
    """The result of :func:`whatif`; ``to_dict()`` is the ``fwlab whatif --json`` object and
    :meth:`from_dict` reads it back (reopening a stored run)."""

    ruleset: str
    changes: Changes
    decks: list[DeckChange]
    matrix_before: list[list[float]]
    matrix_after: list[list[float]]
    matrix_delta: list[list[float]]
    matrix_delta_ci95: list[list[list[float]]]
    equilibrium_before: dict[str, float]
    equilibrium_after: dict[str, float]
    games: int
    games_per_pairing: int
    seed: int
    bots: list[str]
    deck_names: dict[str, str]
    meta: dict[str, float] | None = None
    meta_decks: list[DeckChange] | None = None
    seconds: float = 0.0
    batch_size: int = BATCH
    #: the rule options of the "after" side ([rules]) and of both sides ([base_rules]), as JSON values
    rules: dict[str, Any] = dc_field(default_factory=dict)
    base_rules: dict[str, Any] = dc_field(default_factory=dict)
    #: the health figures before and after (:func:`fwlab.lab.health.health_deltas`); None in runs
    #: stored before rule variants
    health: dict[str, Any] | None = None

    @property
    def deck_ids(self) -> list[str]:
        return [d.deck for d in self.decks]

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["decks"] = [r.to_dict() for r in self.decks]
        d["meta_decks"] = None if self.meta_decks is None else [r.to_dict() for r in self.meta_decks]
        d["deck_ids"] = self.deck_ids
        return d

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> WhatIfResult:
        keys = {f for f in cls.__dataclass_fields__}
        kw = {k: v for k, v in d.items() if k in keys}
        kw["decks"] = [DeckChange(**r) for r in d["decks"]]
        kw["meta_decks"] = None if d.get("meta_decks") is None else [DeckChange(**r) for r in d["meta_decks"]]
        return cls(**kw)


def _field(ruleset: str, decks: Sequence[DeckRef] | None, db: str | Path | None) -> list[LabDeck]:
    check_lab_ruleset(ruleset)
    lab = starter_field(ruleset) if not decks else [resolve_deck(d, ruleset, db) for d in decks]
    if len(lab) < 2:
        raise ValueError("a field needs at least 2 decks")
    ids = [d.id for d in lab]
    dup = sorted({i for i in ids if ids.count(i) > 1})
    if dup:
        raise ValueError(f"deck {dup[0]!r} is in the field twice")
    from ..decks.validate import validate

    for d in lab:
        probe = d.deck if d.deck.ruleset == ruleset else Deck(ruleset, d.deck.name, d.deck.entries, d.deck.source)
        problems = validate(probe)
        if problems:
            raise CatalogError(f"the deck is not legal under {ruleset}: {problems[0].message}", file=d.id)
    return lab


def _bots(ruleset: str, bots: Sequence[str] | None) -> list[str]:
    eng = engine_for(ruleset)
    out = list(bots) if bots else [eng.default_bot, eng.default_bot]
    if len(out) != 2:
        raise ValueError(f"give 2 bots (seat A, seat B), not {len(out)}")
    for b in out:
        eng.check_bot(b)  # a name or a spec (ismcts:iters=400): a ValueError naming the bad bot or key
    return out


def meta_weights(ids: Sequence[str], meta: Mapping[str, float]) -> np.ndarray:
    """Normalised weights over the field from ``{deck id: share}`` (a deck id may be given by its
    file stem alone); decks of the field it does not name weigh 0."""
    w = np.zeros(len(ids))
    for key, share in meta.items():
        hits = [i for i, d in enumerate(ids) if d == key or d.split("/", 1)[-1] == key]
        if not hits:
            raise ValueError(f"meta deck {key!r} is not in the field ({', '.join(ids)})")
        if not share >= 0:
            raise ValueError(f"meta share of {key!r} must be >= 0, got {share}")
        w[hits[0]] += float(share)
    if w.sum() <= 0:
        raise ValueError("the meta shares add up to 0")
    return w / w.sum()


def read_meta(path: str | Path) -> dict[str, float]:
    """A meta CSV: a header ``deck,share`` and one row per deck (shares need not add up to 1)."""
    out: dict[str, float] = {}
    with open(path, newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    for no, row in enumerate(rows, start=2):
        if "deck" not in row or "share" not in row:
            raise CatalogError("a meta file has the columns deck,share", file=str(path))
        try:
            out[row["deck"].strip()] = float(row["share"])
        except (TypeError, ValueError):
            raise CatalogError(f"share must be a number, got {row['share']!r}", file=str(path), line=no,
                               field="share") from None
    return out


def split_changes(ruleset: str, changes: Changes | ChangeSet | None, rules: Mapping[str, Any] | None = None,
                  base_rules: Mapping[str, Any] | None = None) -> tuple[Changes, dict[str, Any], dict[str, Any]]:
    """``(card changes, rules, base rules)`` of a change set (a :class:`ChangeSet` or card changes
    alone) with ``rules`` / ``base_rules`` on top of its own, all checked (a bad option is a
    :class:`~fwlab.catalog.CatalogError` naming ``rules.NAME``)."""
    cs = changes if isinstance(changes, ChangeSet) else ChangeSet(dict(changes or {}))
    r = check_rules(ruleset, {**cs.rules, **(rules or {})}, "the change set", "rules")
    b = check_rules(ruleset, {**cs.base_rules, **(base_rules or {})}, "the change set", "base_rules")
    return normalize_overrides(load_catalog(ruleset), cs.cards), r, b


def whatif(ruleset: str, changes: Changes | ChangeSet | None, decks: Sequence[DeckRef] | None = None, n: int = 500,
           seed: int = 0, *, meta: Mapping[str, float] | None = None, bots: Sequence[str] | None = None,
           workers: int | None = 1, executor: Executor | None = None, progress: Progress | None = None,
           should_stop: ShouldStop | None = None, batch_size: int = BATCH,
           db: str | Path | None = None, rules: Mapping[str, Any] | None = None,
           base_rules: Mapping[str, Any] | None = None) -> WhatIfResult:
    """Play the field before and after ``changes`` (``{card: {field: value}}``, or a
    :class:`~fwlab.lab.changes.ChangeSet` with its ``[rules]`` and ``[base_rules]``; checked) on the
    same games; see the module docstring. ``rules``: rule options of the "after" side (on top of the
    change set's), ``base_rules``: of both sides. ``decks``: paths, starter ids, store ids (with ``db``),
    :class:`~fwlab.decks.Deck` or :class:`LabDeck` objects (default: the starter decks).
    ``progress(done, total)`` counts games; ``should_stop()`` is asked between batches and stops
    the run with :class:`~fwlab.lab.batch.Cancelled`. Results depend on ``(seed, n)`` only, never
    on the batch size or the workers (game ``g`` of a pairing has seed ``game_seed(pair seed, g)``)."""
    t0 = time.perf_counter()
    if n < 1:
        raise ValueError("n must be at least 1")
    lab = _field(ruleset, decks, db)
    bot_names = _bots(ruleset, bots)
    ch, rule_ch, base_rule = split_changes(ruleset, changes, rules, base_rules)
    ids = [d.id for d in lab]
    w = meta_weights(ids, meta) if meta else None
    games = play_field_games(ruleset, lab, [None, ch], n, seed, bot_names, workers=workers, executor=executor,
                             progress=progress, should_stop=should_stop, batch_size=batch_size,
                             options=[base_rule, {**base_rule, **rule_ch}])
    return _whatif_result(ruleset, lab, games, ch, rule_ch, base_rule, n, seed, bot_names, w, batch_size, t0)


def _whatif_result(ruleset: str, lab: Sequence[LabDeck], games: list[list[PairGames]], ch: Changes,
                   rule_ch: Mapping[str, Any], base_rule: Mapping[str, Any], n: int, seed: int,
                   bot_names: list[str], w: np.ndarray | None, batch_size: int, t0: float) -> WhatIfResult:
    """The what-if's figures from its games (``games[variant][pairing]``, ``n`` per pairing)."""
    ids = [d.id for d in lab]
    base, after = ([g.shares for g in per] for per in games)
    k = len(lab)
    sb = field_stats(k, base, base)
    sa = field_stats(k, base, after)
    names = [d.deck.name for d in lab]
    dci = [[_ci(float(sa.delta[i, j]), float(sa.delta_var[i, j])) for j in range(k)] for i in range(k)]
    return WhatIfResult(
        ruleset=ruleset, changes=ch, decks=deck_changes(ids, names, sb, sa),
        matrix_before=_matrix(sb.matrix), matrix_after=_matrix(sa.matrix), matrix_delta=_matrix(sa.delta),
        matrix_delta_ci95=dci, equilibrium_before=_shares(ids, sb.matrix), equilibrium_after=_shares(ids, sa.matrix),
        games=2 * n * len(pairings(k)), games_per_pairing=n, seed=seed, bots=bot_names,
        deck_names=dict(zip(ids, names)), meta=None if w is None else dict(zip(ids, (float(x) for x in w))),
        meta_decks=None if w is None else deck_changes(ids, names, sb, sa, w),
        seconds=round(time.perf_counter() - t0, 3), batch_size=batch_size, rules=json_rules(rule_ch),
        base_rules=json_rules(base_rule), health=health_deltas(games[0], games[1], engine_for(ruleset).end_reasons))


def whatif_half_width(res: WhatIfResult) -> float:
    """The widest half width of the decks' paired 95% intervals of the change (the what-if's
    headline figures: each deck's field win rate after minus before)."""
    return max((d.delta_ci95[1] - d.delta_ci95[0]) / 2.0 for d in res.decks)


def whatif_until(ruleset: str, changes: Changes | ChangeSet | None, half_width: float,
                 max_games: int | None = None, decks: Sequence[DeckRef] | None = None, seed: int = 0, *,
                 step: int = 100, meta: Mapping[str, float] | None = None, bots: Sequence[str] | None = None,
                 workers: int | None = 1, executor: Executor | None = None, progress: Progress | None = None,
                 should_stop: ShouldStop | None = None, batch_size: int = BATCH,
                 db: str | Path | None = None, rules: Mapping[str, Any] | None = None,
                 base_rules: Mapping[str, Any] | None = None) -> tuple[WhatIfResult, dict[str, Any]]:
    """:func:`whatif` that plays ``step`` more games of every pairing at a time (games in their fixed
    order) until every deck's paired 95% interval of the change is at most ``±half_width``, or
    ``max_games`` games a pairing (default Karsten's 4/L², :func:`fwlab.sim.runner.karsten_games`).
    Game ``g`` of a pairing is the same game whatever the step, so the result is exactly
    ``whatif(..., n=<games a pairing it took>)``. Returns the result and the stopping figures."""
    from ..sim.runner import karsten_games

    t0 = time.perf_counter()
    cap = karsten_games(half_width) if max_games is None else int(max_games)
    if cap < 1 or step < 1:
        raise ValueError("--max-games and the step must be at least 1")
    lab = _field(ruleset, decks, db)
    bot_names = _bots(ruleset, bots)
    ch, rule_ch, base_rule = split_changes(ruleset, changes, rules, base_rules)
    w = meta_weights([d.id for d in lab], meta) if meta else None
    options = [base_rule, {**base_rule, **rule_ch}]
    games: list[list[PairGames]] | None = None
    n = 0
    while True:
        upto = min(cap, max(n + step, min(cap, UNTIL_MIN_GAMES)))

        def part_progress(done: int, _total: int, before: int = n) -> None:
            if progress:
                progress(2 * len(pairings(len(lab))) * before + done, 2 * len(pairings(len(lab))) * cap)

        part = play_field_games(ruleset, lab, [None, ch], upto, seed, bot_names, workers=workers,
                                executor=executor, progress=part_progress, should_stop=should_stop,
                                batch_size=batch_size, options=options, first=n)
        games = part if games is None else [
            [PairGames(np.concatenate([a.shares, b.shares]), np.concatenate([a.reasons, b.reasons]),
                       np.concatenate([a.turns, b.turns])) for a, b in zip(old, new)] for old, new in zip(games, part)]
        n = upto
        res = _whatif_result(ruleset, lab, games, ch, rule_ch, base_rule, n, seed, bot_names, w, batch_size, t0)
        half = whatif_half_width(res)
        if n >= cap or half <= half_width:
            return res, {"until_ci": half_width, "max_games": cap, "games": n, "half_width": half,
                         "reached": half <= half_width, "karsten_games": karsten_games(half_width)}


#: The fewest games a pairing a what-if that stops on its interval plays.
UNTIL_MIN_GAMES = 100

# ---------------------------------------------------------------------------------------- sweep
@dataclass
class SweepPoint:
    """The field at one value of the swept field."""

    value: Any
    decks: list[DeckChange]
    equilibrium: dict[str, float]
    matrix: list[list[float]]

    def to_dict(self) -> dict[str, Any]:
        return {"value": self.value, "decks": [r.to_dict() for r in self.decks], "equilibrium": self.equilibrium,
                "matrix": self.matrix}


@dataclass
class SweepResult:
    """The result of :func:`sweep`: per value, each deck's field win rate (``before`` is the catalog
    as it is, plus ``changes`` when given; ``after`` at that value) and the value nearest 50% per deck."""

    ruleset: str
    card: str
    field: str
    values: list[Any]
    changes: Changes
    points: list[SweepPoint]
    nearest_50: dict[str, Any]
    matrix_before: list[list[float]]
    equilibrium_before: dict[str, float]
    games: int
    games_per_pairing: int
    seed: int
    bots: list[str]
    deck_names: dict[str, str]
    seconds: float = 0.0
    batch_size: int = BATCH
    #: the rule options every variant of the sweep plays (the change set's [base_rules] then [rules])
    rules: dict[str, Any] = dc_field(default_factory=dict)

    def win_rates(self) -> dict[str, list[float]]:
        """Deck id -> its field win rate at each value (the line chart)."""
        out: dict[str, list[float]] = {d: [] for d in self.deck_names}
        for p in self.points:
            for r in p.decks:
                out[r.deck].append(r.after)
        return out

    def to_dict(self) -> dict[str, Any]:
        d = {k: getattr(self, k) for k in self.__dataclass_fields__ if k != "points"}
        d["points"] = [p.to_dict() for p in self.points]
        d["win_rates"] = self.win_rates()
        return d

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> SweepResult:
        kw = {k: v for k, v in d.items() if k in cls.__dataclass_fields__}
        kw["points"] = [SweepPoint(p["value"], [DeckChange(**r) for r in p["decks"]], p["equilibrium"], p["matrix"])
                        for p in d["points"]]
        return cls(**kw)


def sweep(ruleset: str, spec: Sweep | str, decks: Sequence[DeckRef] | None = None, n: int = 500, seed: int = 0, *,
          changes: Changes | ChangeSet | None = None, bots: Sequence[str] | None = None, workers: int | None = 1,
          executor: Executor | None = None, progress: Progress | None = None,
          should_stop: ShouldStop | None = None, batch_size: int = BATCH,
          db: str | Path | None = None, rules: Mapping[str, Any] | None = None) -> SweepResult:
    """Play the field at each value of one card's field (``"Card.field=1..5"`` or a :class:`Sweep`),
    on top of ``changes``, all on the same games as the base (the catalog plus ``changes``). The
    rule options of a :class:`~fwlab.lab.changes.ChangeSet` (``[base_rules]`` then ``[rules]``) and
    ``rules`` on top are played by the base and every value alike."""
    t0 = time.perf_counter()
    sw = parse_sweep(spec, ruleset) if isinstance(spec, str) else spec
    lab = _field(ruleset, decks, db)
    bot_names = _bots(ruleset, bots)
    cat = load_catalog(ruleset)
    ch, rule_ch, base_rule = split_changes(ruleset, changes, rules)
    played = {**base_rule, **rule_ch}
    variants: list[Changes | None] = [ch or None]
    for v in sw.values:
        variants.append(normalize_overrides(cat, merge_changes(ch, sw.changes(v))))
    out = play_field(ruleset, lab, variants, n, seed, bot_names, workers=workers, executor=executor,
                     progress=progress, should_stop=should_stop, batch_size=batch_size,
                     options=[played] * len(variants))
    k = len(lab)
    ids = [d.id for d in lab]
    names = [d.deck.name for d in lab]
    sb = field_stats(k, out[0], out[0])
    points = []
    for v, res in zip(sw.values, out[1:]):
        sa = field_stats(k, out[0], res)
        points.append(SweepPoint(v, deck_changes(ids, names, sb, sa), _shares(ids, sa.matrix), _matrix(sa.matrix)))
    nearest = {}
    for i, d in enumerate(ids):
        best = min(range(len(points)), key=lambda p: (abs(points[p].decks[i].after - 0.5), p))
        nearest[d] = sw.values[best]
    return SweepResult(ruleset, sw.card, sw.field, list(sw.values), ch, points, nearest, _matrix(sb.matrix),
                       _shares(ids, sb.matrix), n * len(pairings(k)) * len(variants), n, seed, bot_names,
                       dict(zip(ids, names)), round(time.perf_counter() - t0, 3), batch_size, json_rules(played))


__all__ = ["DeckChange", "SweepPoint", "SweepResult", "WhatIfResult", "check_field", "field_stats", "meta_weights",
           "pair_seed", "pairings", "play_field", "play_field_games", "read_meta", "split_changes", "sweep", "whatif"]
