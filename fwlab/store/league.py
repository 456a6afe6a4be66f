"""Simulated leagues: named bot players (with a starter deck each, for games with decks) play a season
of matches into the store.

Every match is played by :func:`fwlab.sim.play_match` with ``log_cards=True``, between as many
players as the ruleset seats (a number from its seat range, drawn per match); the whole season is
written at the end in one transaction (players, matches with mode ``bot`` and source ``league``,
their seats, card events, turn snapshots: the engine's per-turn track in ``capital_*``, its second
figure, if any, in ``score_*``; the fields taken in a game with a board), so an interrupted league leaves the store as it was. A
league is reproducible from (store decks, ruleset, players, matches, seed, start, days), and each of
its matches from its row: ``matches.seed`` is the game's seed (:func:`fwlab.store.stored_game.stored_game`).

>>> names = player_names(4, seed=7)
>>> len(set(names)), names == player_names(4, seed=7)
(4, True)
"""

from __future__ import annotations

import contextlib
import json
import random
import sys
import zlib
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import duckdb
import numpy as np
import pyarrow as pa

from ..decks import Deck, parse_decklist
from ..rulesets import SEAT_LABELS, info
from .progress import failure_message
from .schema import (
    CARD_EVENT_COLUMNS,
    FIELD_EVENT_COLUMNS,
    MATCH_COLUMNS,
    SEAT_COLUMNS,
    TURN_COLUMNS,
    StoreError,
)
from .summary import add_to_card_summary, refresh_card_summary, summary_takes_additions

#: Bot levels, and how often a league player gets each (lookahead is slow: few players get it).
#: An engine's other bots share :data:`OTHER_BOTS_WEIGHT` evenly.
BOT_WEIGHTS: dict[str, float] = {"random": 0.2, "heuristic": 0.7, "lookahead": 0.1}
OTHER_BOTS_WEIGHT = 0.7
MAX_LOOKAHEAD_SHARE = 0.125

_EPITHETS = ("Ashen", "Iron", "Grim", "Pale", "Red", "Silent", "Hollow", "Storm", "Bitter", "Gilded",
             "Rusty", "Wandering", "Sly", "Brazen", "Quiet", "Feral", "Frost", "Ember", "Crooked", "Lucky")
_TITLES = ("Warden", "Raider", "Nominod", "Oracle", "Tinker", "Marauder", "Seer", "Duelist", "Reaver",
           "Pilgrim", "Smith", "Hexer", "Captain", "Scout", "Baron", "Warlock", "Squire", "Outrider",
           "Gambler", "Herald")

PlayMatch = Callable[..., Any]

#: the ``matches`` columns a league writes: the match-log ones and the game's seed (``matches.seed``,
#: the store's own: with the seats' decks and bots, ``first`` and ``rules`` it replays the game)
LEAGUE_MATCH_COLUMNS: dict[str, str] = {**MATCH_COLUMNS, "seed": "BIGINT"}


def player_names(n: int, seed: int, taken: frozenset[str] = frozenset()) -> list[str]:
    """``n`` distinct fun names, fixed by the seed; a name already ``taken`` gets a roman suffix."""
    rng = random.Random(seed)
    pool = [f"{e} {t}" for e in _EPITHETS for t in _TITLES]
    rng.shuffle(pool)
    names: list[str] = []
    suffixes = ("", " II", " III", " IV", " V", " VI", " VII", " VIII", " IX", " X")
    for i in range(n):
        base = pool[i % len(pool)]
        lap = i // len(pool)
        for k in range(lap, len(suffixes) + lap + 1000):
            candidate = base + (suffixes[k] if k < len(suffixes) else f" {k + 1}")
            if candidate not in taken and candidate not in names:
                names.append(candidate)
                break
    return names


@dataclass(frozen=True)
class LeaguePlayer:
    name: str
    deck_id: str | None   #: None in a game without decks
    deck: Deck | None
    bot: str


def bot_weights(bots: Sequence[str]) -> dict[str, float]:
    """How often a league player gets each of an engine's bots: :data:`BOT_WEIGHTS` for the names
    it has, the others sharing :data:`OTHER_BOTS_WEIGHT`.

    >>> bot_weights(("random", "heuristic", "lookahead"))
    {'random': 0.2, 'heuristic': 0.7, 'lookahead': 0.1}
    >>> bot_weights(("random", "roller", "cautious"))
    {'random': 0.2, 'roller': 0.35, 'cautious': 0.35}
    """
    others = [b for b in bots if b not in BOT_WEIGHTS]
    return {b: BOT_WEIGHTS[b] if b in BOT_WEIGHTS else OTHER_BOTS_WEIGHT / len(others) for b in bots}


def league_players(n: int, seed: int, decks: dict[str, Deck] | None, taken: frozenset[str] = frozenset(),
                   max_lookahead: int | None = None, bots: Sequence[str] = tuple(BOT_WEIGHTS)) -> list[LeaguePlayer]:
    """Players with a starter deck each (``decks=None``: a game without decks) and a bot level from
    ``bots`` (the engine's bot names; mostly heuristic, lookahead for few).

    ``max_lookahead`` caps the slow lookahead players (default: one in eight, none below four players).
    """
    if n < 2:
        raise ValueError("a league needs at least 2 players")
    if decks is not None and not decks:
        raise ValueError("no starter decks to give the players")
    rng = random.Random(seed * 7919 + 1)
    deck_ids = sorted(decks) if decks is not None else []
    if max_lookahead is None:
        max_lookahead = max(1, int(n * MAX_LOOKAHEAD_SHARE)) if n >= 4 else 0
    weighted = bot_weights(bots)
    levels, weights = list(weighted), list(weighted.values())
    fallback = "heuristic" if "heuristic" in weighted else bots[0]
    players: list[LeaguePlayer] = []
    lookaheads = 0
    for name in player_names(n, seed, taken):
        bot = rng.choices(levels, weights)[0]
        if bot == "lookahead":
            if lookaheads >= max_lookahead:
                bot = fallback
            else:
                lookaheads += 1
        if decks is None:
            players.append(LeaguePlayer(name, None, None, bot))
        else:
            deck_id = rng.choice(deck_ids)
            players.append(LeaguePlayer(name, deck_id, decks[deck_id], bot))
    return players


def starter_decks_in_store(con: duckdb.DuckDBPyConnection, ruleset: str) -> dict[str, Deck]:
    """The ruleset's starter decks as the store holds them (so match deck ids exist in ``decks``)."""
    rows = con.execute("SELECT deck_id, decklist FROM decks WHERE ruleset = ? AND source = 'starter' ORDER BY deck_id",
                       [ruleset]).fetchall()
    return {deck_id: parse_decklist(text, deck_id) for deck_id, text in rows}


def _play_match() -> PlayMatch:
    """The simulator's :func:`fwlab.sim.play_match`, imported when a league is played."""
    from ..sim import play_match

    return play_match


def _progress(total: int, desc: str, show: bool | None) -> Any:
    from tqdm import tqdm

    enabled = sys.stderr.isatty() if show is None else show
    return tqdm(total=total, desc=desc, unit="match", file=sys.stderr, disable=not enabled)


#: matches per batch when a league is played through an executor
LEAGUE_BATCH = 25


def _play_all(ruleset: str, seatings: Sequence[tuple[list[Any], int]], seeds: Any, play_match: PlayMatch,
              executor: Executor | None, bar: Any, options: dict[str, Any]) -> Iterator[Any]:
    """Each match's result in match order: played here one by one, or in batches on ``executor``."""
    if executor is None:
        for i, (seated, first) in enumerate(seatings):
            yield play_match(ruleset, [p.deck for p in seated], [p.bot for p in seated], seed=int(seeds[i]),
                             first=first, log_cards=True, **options)
            bar.update(1)
        return
    from ..sim.play import _names, play_matches

    futures = []
    for lo in range(0, len(seatings), LEAGUE_BATCH):
        games = [([_names(p.deck) for p in seated], [p.bot for p in seated], int(seeds[i]), first)
                 for i, (seated, first) in enumerate(seatings[lo:lo + LEAGUE_BATCH], start=lo)]
        futures.append(executor.submit(play_matches, ruleset, games, True, options or None))
    try:
        for f in futures:
            batch = f.result()
            yield from batch
            bar.update(len(batch))
    finally:
        for f in futures:
            f.cancel()


def match_prefix(ruleset: str, seed: int) -> str:
    """The match-id prefix of a league: one per (ruleset, seed), so leagues never clash.

    >>> match_prefix("fw", 1) + "000001"
    'L-fw-s1-000001'
    """
    return f"L-{ruleset}-s{seed}-"


def run_league(con: duckdb.DuckDBPyConnection, *, ruleset: str = "fw", players: int = 8, matches: int = 200,
               seed: int = 1, start: datetime = datetime(2026, 1, 1), days: int = 90,
               play: PlayMatch | None = None, progress: bool | None = None,
               max_lookahead: int | None = None, executor: Executor | None = None,
               options: dict[str, Any] | None = None) -> dict[str, int]:
    """Play a league and write it to the store in one transaction; return counts written.

    Each match seats k distinct players, k drawn (seeded) from the ruleset's seat range (at most
    ``players``). ``play`` stands in for :func:`fwlab.sim.play_match` (tests); ``max_lookahead``
    caps how many players use the slow lookahead bot (see :func:`league_players`). A ruleset
    without a rules engine is a ``ValueError`` naming the ones that have one.

    ``executor`` (a process pool, or :class:`fwlab.cluster.ClusterExecutor` for a Dask cluster)
    plays the matches in batches of :data:`LEAGUE_BATCH`, each carrying its seeds and card names;
    the seating is drawn first, so the league is the same match for match whoever plays it, and
    only this process writes to the store. ``options`` (``{name: value or text}``) are rule options
    of the ruleset (checked here) every match is played under; each match row keeps them
    (``matches.rules``, docs/match-logs.md).
    """
    from ..rules.engines import SEARCH_BOTS, bots_for, check_rule_options

    # ValueError for an unknown ruleset or one without an engine; the search bots (ismcts: seconds a
    # game) are no league level of their own, like lookahead beyond max_lookahead
    bots = tuple(b for b in bots_for(ruleset) if b not in SEARCH_BOTS)
    opts = check_rule_options(ruleset, options)
    rules = info(ruleset)
    lo, hi = rules.seats
    if matches < 1:
        raise ValueError("a league needs at least 1 match")
    if days < 1:
        raise ValueError("a season lasts at least 1 day")
    if players < max(lo, 2):
        raise ValueError(f"a {ruleset} league needs at least {max(lo, 2)} players (a match seats {lo} to {hi})")
    hi = min(hi, players)
    prefix = match_prefix(ruleset, seed)
    clash = con.execute("SELECT count(*) FROM matches WHERE starts_with(match_id, ?)", [prefix]).fetchone()
    if clash and clash[0]:
        raise StoreError(f"a {ruleset} league with seed {seed} is already in the store ({clash[0]} matches "
                         f"{prefix}…); use another --seed")
    decks: dict[str, Deck] | None = None
    if rules.uses_decks:
        decks = starter_decks_in_store(con, ruleset)
        if not decks:
            raise StoreError(f"no starter decks for {ruleset} in the store; run `fwlab init` (data/decks/{ruleset}/)")
        from ..rules.engines import check_setup

        for deck_id, d in decks.items():  # RULINGS "Every game, setups": refused here, naming it, before a match
            check_setup(ruleset, -1, tuple(d.cards()), None, deck_id)
    taken = frozenset(r[0] for r in con.execute("SELECT player FROM players").fetchall())
    roster = league_players(players, seed * 1_000_003 + zlib.crc32(ruleset.encode()), decks, taken, max_lookahead,
                            bots)
    play_match = play or _play_match()

    rng = np.random.default_rng(np.random.SeedSequence([seed, 0x1EA9]))
    game_seeds = np.random.SeedSequence([seed, 0x5EED]).generate_state(matches, dtype=np.uint32)
    offsets = np.sort(rng.integers(0, days * 86400, size=matches))
    m_cols: dict[str, list[Any]] = {c: [] for c in LEAGUE_MATCH_COLUMNS}
    s_cols: dict[str, list[Any]] = {c: [] for c in SEAT_COLUMNS}
    e_cols: dict[str, list[Any]] = {c: [] for c in CARD_EVENT_COLUMNS}
    t_cols: dict[str, list[Any]] = {c: [] for c in TURN_COLUMNS}
    f_cols: dict[str, list[Any]] = {c: [] for c in FIELD_EVENT_COLUMNS}
    seatings: list[tuple[list[Any], int]] = []
    for _ in range(matches):  # the seating of every match first (the games draw nothing from rng)
        k = lo if lo == hi else int(rng.integers(lo, hi + 1))
        seated = [roster[int(j)] for j in rng.choice(len(roster), size=k, replace=False)]
        seatings.append((seated, int(rng.random() * k)))
    # The rows are moved every LEAGUE_CHUNK matches from Python lists into TEMP tables (which DuckDB
    # spills past the memory limit), so a league of a million matches never holds 40M card events
    # as Python objects; the store itself is written in one transaction at the end.
    staged = {"matches": (m_cols, LEAGUE_MATCH_COLUMNS), "match_seats": (s_cols, SEAT_COLUMNS),
              "card_events": (e_cols, CARD_EVENT_COLUMNS), "turn_snapshots": (t_cols, TURN_COLUMNS),
              "field_events": (f_cols, FIELD_EVENT_COLUMNS)}
    written = dict.fromkeys(staged, 0)
    for name, (_cols, types) in staged.items():
        con.execute(f"CREATE OR REPLACE TEMP TABLE _fwlab_league_{name} AS SELECT {', '.join(types)} FROM {name} "
                    "LIMIT 0")

    def flush() -> None:
        for name, (cols, types) in staged.items():
            if cols["match_id"]:
                con.register("_league_rows", _arrow(cols, types))
                try:
                    con.execute(f"INSERT INTO _fwlab_league_{name} BY NAME SELECT * FROM _league_rows")
                finally:
                    con.unregister("_league_rows")
                written[name] += len(cols["match_id"])
                for values in cols.values():
                    values.clear()

    try:
        return _play_and_write(con, ruleset, matches, seatings, game_seeds, play_match, executor, progress, prefix,
                               start, offsets, staged, flush, written, roster, opts)
    finally:
        for name in staged:
            with contextlib.suppress(duckdb.Error):
                con.execute(f"DROP TABLE IF EXISTS _fwlab_league_{name}")


#: matches played between two moves of their rows into the league's TEMP tables
LEAGUE_CHUNK = 20_000


def _play_and_write(con: duckdb.DuckDBPyConnection, ruleset: str, matches: int, seatings: list[tuple[list[Any], int]],
                    game_seeds: Any, play_match: PlayMatch, executor: Executor | None, progress: bool | None,
                    prefix: str, start: datetime, offsets: Any, staged: dict[str, Any], flush: Callable[[], None],
                    written: dict[str, int], roster: list[Any], options: dict[str, Any]) -> dict[str, int]:
    m_cols, s_cols, e_cols, t_cols, f_cols = (staged[n][0] for n in ("matches", "match_seats", "card_events",
                                                                      "turn_snapshots", "field_events"))
    rules = json.dumps(_jsonable(options), sort_keys=True) if options else None
    bar = _progress(matches, f"{ruleset} league", progress)
    try:
        for i, r in enumerate(_play_all(ruleset, seatings, game_seeds, play_match, executor, bar, options)):
            seated, first = seatings[i]
            k = len(seated)
            match_id = f"{prefix}{i + 1:06d}"
            row = {"match_id": match_id, "played_at": start + timedelta(seconds=int(offsets[i])),
                   "ruleset": ruleset, "mode": "bot", "player_a": seated[0].name,
                   "player_b": seated[1].name if k > 1 else None, "deck_a": seated[0].deck_id,
                   "deck_b": seated[1].deck_id if k > 1 else None, "first": r.first, "winner": r.winner,
                   "end_reason": r.end_reason, "turns": int(r.turns), "source": "league", "seats": k,
                   "rules": rules, "seed": int(game_seeds[i])}
            for c in LEAGUE_MATCH_COLUMNS:
                m_cols[c].append(row[c])
            scores = r.scores
            for seat, (p, place) in enumerate(zip(seated, r.places, strict=True)):
                values = (match_id, seat + 1, p.name, p.deck_id, int(place),
                          None if scores is None else int(scores[seat]))
                for c, v in zip(SEAT_COLUMNS, values):
                    s_cols[c].append(v)
            for ev in r.card_events:
                e_cols["match_id"].append(match_id)
                for c in list(CARD_EVENT_COLUMNS)[1:]:
                    e_cols[c].append(ev.get(c))
            for ev in getattr(r, "board_events", ()):  # the fields taken (games with a board)
                f_cols["match_id"].append(match_id)
                for c in list(FIELD_EVENT_COLUMNS)[1:]:
                    f_cols[c].append(ev.get(c))
            for snapshot in _turn_rows(match_id, r.capital, r.track2):  # the engine's per-turn figures
                for c, v in zip(TURN_COLUMNS, snapshot, strict=True):
                    t_cols[c].append(v)
            if (i + 1) % LEAGUE_CHUNK == 0:
                flush()
        flush()
    finally:
        bar.close()
    # a current summary (or an empty store's) gets the league's counts added, not the store recounted
    add_summary = summary_takes_additions(con)
    con.execute("BEGIN TRANSACTION")
    try:
        con.executemany("INSERT INTO players VALUES (?, 'bot', ?, ?)",
                        [[p.name, p.bot, p.deck_id] for p in roster])
        for name in staged:
            con.execute(f"INSERT INTO {name} BY NAME SELECT * FROM _fwlab_league_{name}")
        if add_summary:
            add_to_card_summary(con, "_fwlab_league_card_events")
        else:
            refresh_card_summary(con)
        con.execute("COMMIT")
    except BaseException as exc:
        with contextlib.suppress(duckdb.Error):  # after a fatal error DuckDB already dropped it
            con.execute("ROLLBACK")
        message = failure_message(exc, con, doing="the league")  # out of memory, disk full...
        if message is not None:
            raise StoreError(message) from exc
        raise
    return {"players": len(roster), "matches": matches, **{n: written[n] for n in staged if n != "matches"}}


def _jsonable(options: dict[str, Any]) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, tuple) else v for k, v in options.items()}


def _turn_rows(match_id: str, track: Sequence[tuple[int, ...]],
               track2: Sequence[tuple[int, ...]]) -> list[tuple[Any, ...]]:
    """The ``turn_snapshots`` rows of one match (in :data:`TURN_COLUMNS` order): the engine's per-turn
    track in ``capital_*`` and its second figure, if any, in ``score_*``; one value per seat, NULL for
    the seats the match does not have (and for a figure the engine did not log on that turn).

    >>> _turn_rows("m", [(1, 20, 19)], [(1, 0, 1)])
    [('m', 1, 20, 19, None, None, None, 0, 1, None, None, None)]
    """
    pad = (None,) * len(SEAT_LABELS)
    second = {t: tuple(values) for t, *values in track2}
    rows = []
    for turn, *values in track:
        two = second.pop(turn, ())
        rows.append((match_id, turn, *values, *pad[len(values):], *two, *pad[len(two):]))
    for turn, two in sorted(second.items()):  # turns only the second figure has
        rows.append((match_id, turn, *pad, *two, *pad[len(two):]))
    return rows


_ARROW_TYPES = {"VARCHAR": pa.string(), "INTEGER": pa.int32(), "BIGINT": pa.int64(), "BOOLEAN": pa.bool_(), "TIMESTAMP": pa.timestamp("us")}


def _arrow(cols: dict[str, list[Any]], types: dict[str, str]) -> pa.Table:
    return pa.table({c: pa.array(cols[c], type=_ARROW_TYPES[types[c]]) for c in types})
