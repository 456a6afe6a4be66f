"""Simulated leagues: named bot players with starter decks play a season of matches into the store.

Every match is played by :func:`fwlab.sim.play_game` with ``log_cards=True``; the whole season is
written at the end in one transaction (players, matches with mode ``bot`` and source ``league``,
card events, turn snapshots), so an interrupted league leaves the store as it was. A league is
reproducible from (store decks, ruleset, players, matches, seed, start, days).

>>> names = player_names(4, seed=7)
>>> len(set(names)), names == player_names(4, seed=7)
(4, True)
"""

from __future__ import annotations

import importlib
import random
import sys
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import duckdb
import numpy as np
import pyarrow as pa

from ..decks import Deck, parse_decklist
from .schema import CARD_EVENT_COLUMNS, MATCH_COLUMNS, TURN_COLUMNS, StoreError
from .summary import refresh_card_summary

#: Bot levels, and how often a league player gets each (lookahead is slow: few players get it).
BOT_WEIGHTS: dict[str, float] = {"random": 0.2, "heuristic": 0.7, "lookahead": 0.1}
MAX_LOOKAHEAD_SHARE = 0.125

_EPITHETS = ("Ashen", "Iron", "Grim", "Pale", "Red", "Silent", "Hollow", "Storm", "Bitter", "Gilded",
             "Rusty", "Wandering", "Sly", "Brazen", "Quiet", "Feral", "Frost", "Ember", "Crooked", "Lucky")
_TITLES = ("Warden", "Raider", "Nominod", "Oracle", "Tinker", "Marauder", "Seer", "Duelist", "Reaver",
           "Pilgrim", "Smith", "Hexer", "Captain", "Scout", "Baron", "Warlock", "Squire", "Outrider",
           "Gambler", "Herald")

PlayGame = Callable[..., Any]


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
    deck_id: str
    deck: Deck
    bot: str


def league_players(n: int, seed: int, decks: dict[str, Deck], taken: frozenset[str] = frozenset(),
                   max_lookahead: int | None = None) -> list[LeaguePlayer]:
    """Players with a starter deck each and a bot level (mostly heuristic, lookahead for few).

    ``max_lookahead`` caps the slow lookahead players (default: one in eight, none below four players).
    """
    if n < 2:
        raise ValueError("a league needs at least 2 players")
    if not decks:
        raise ValueError("no starter decks to give the players")
    rng = random.Random(seed * 7919 + 1)
    deck_ids = sorted(decks)
    if max_lookahead is None:
        max_lookahead = max(1, int(n * MAX_LOOKAHEAD_SHARE)) if n >= 4 else 0
    levels, weights = list(BOT_WEIGHTS), list(BOT_WEIGHTS.values())
    players: list[LeaguePlayer] = []
    lookaheads = 0
    for name in player_names(n, seed, taken):
        bot = rng.choices(levels, weights)[0]
        if bot == "lookahead":
            if lookaheads >= max_lookahead:
                bot = "heuristic"
            else:
                lookaheads += 1
        deck_id = rng.choice(deck_ids)
        players.append(LeaguePlayer(name, deck_id, decks[deck_id], bot))
    return players


def starter_decks_in_store(con: duckdb.DuckDBPyConnection, ruleset: str) -> dict[str, Deck]:
    """The ruleset's starter decks as the store holds them (so match deck ids exist in ``decks``)."""
    rows = con.execute("SELECT deck_id, decklist FROM decks WHERE ruleset = ? AND source = 'starter' ORDER BY deck_id",
                       [ruleset]).fetchall()
    return {deck_id: parse_decklist(text, deck_id) for deck_id, text in rows}


def _play_game() -> PlayGame:
    """The real simulator, imported late so the store works without it (ImportError when missing)."""
    sim = importlib.import_module("fwlab.sim")
    play_game = getattr(sim, "play_game", None)
    if play_game is None:
        raise ImportError("fwlab.sim.play_game is not available yet")
    return play_game  # type: ignore[no-any-return]


def sim_available() -> bool:
    """Whether :func:`fwlab.sim.play_game` exists yet."""
    try:
        _play_game()
    except ImportError:
        return False
    return True


def _progress(total: int, desc: str, show: bool | None) -> Any:
    from tqdm import tqdm

    enabled = sys.stderr.isatty() if show is None else show
    return tqdm(total=total, desc=desc, unit="match", file=sys.stderr, disable=not enabled)


def match_prefix(ruleset: str, seed: int) -> str:
    """The match-id prefix of a league: one per (ruleset, seed), so leagues never clash.

    >>> match_prefix("fw", 1) + "000001"
    'L-fw-s1-000001'
    """
    return f"L-{ruleset}-s{seed}-"


def run_league(con: duckdb.DuckDBPyConnection, *, ruleset: str = "fw", players: int = 8, matches: int = 200,
               seed: int = 1, start: datetime = datetime(2026, 1, 1), days: int = 90,
               play: PlayGame | None = None, progress: bool | None = None,
               max_lookahead: int | None = None) -> dict[str, int]:
    """Play a league and write it to the store in one transaction; return counts written.

    ``max_lookahead`` caps how many players use the slow lookahead bot (see :func:`league_players`).
    """
    if matches < 1:
        raise ValueError("a league needs at least 1 match")
    if days < 1:
        raise ValueError("a season lasts at least 1 day")
    prefix = match_prefix(ruleset, seed)
    clash = con.execute("SELECT count(*) FROM matches WHERE starts_with(match_id, ?)", [prefix]).fetchone()
    if clash and clash[0]:
        raise StoreError(f"a {ruleset} league with seed {seed} is already in the store ({clash[0]} matches "
                         f"{prefix}…); use another --seed")
    decks = starter_decks_in_store(con, ruleset)
    if not decks:
        raise StoreError(f"no starter decks for {ruleset} in the store; run `fwlab init` (data/decks/{ruleset}/)")
    taken = frozenset(r[0] for r in con.execute("SELECT player FROM players").fetchall())
    roster = league_players(players, seed * 1_000_003 + zlib.crc32(ruleset.encode()), decks, taken, max_lookahead)
    play_game = play or _play_game()

    rng = np.random.default_rng(np.random.SeedSequence([seed, 0x1EA9]))
    game_seeds = np.random.SeedSequence([seed, 0x5EED]).generate_state(matches, dtype=np.uint32)
    offsets = np.sort(rng.integers(0, days * 86400, size=matches))
    m_cols: dict[str, list[Any]] = {c: [] for c in MATCH_COLUMNS}
    e_cols: dict[str, list[Any]] = {c: [] for c in CARD_EVENT_COLUMNS}
    t_cols: dict[str, list[Any]] = {c: [] for c in TURN_COLUMNS}
    bar = _progress(matches, f"{ruleset} league", progress)
    try:
        for i in range(matches):
            ia, ib = rng.choice(len(roster), size=2, replace=False)
            pa_, pb_ = roster[int(ia)], roster[int(ib)]
            first = "a" if rng.random() < 0.5 else "b"
            r = play_game(pa_.deck, pb_.deck, ruleset=ruleset, bot_a=pa_.bot, bot_b=pb_.bot,
                          seed=int(game_seeds[i]), first=first, log_cards=True)
            match_id = f"{prefix}{i + 1:06d}"
            row = {"match_id": match_id, "played_at": start + timedelta(seconds=int(offsets[i])),
                   "ruleset": ruleset, "mode": "bot", "player_a": pa_.name, "player_b": pb_.name,
                   "deck_a": pa_.deck_id, "deck_b": pb_.deck_id, "first": r.first, "winner": r.winner,
                   "end_reason": r.end_reason, "turns": int(r.turns), "source": "league"}
            for c in MATCH_COLUMNS:
                m_cols[c].append(row[c])
            for ev in r.card_events:
                e_cols["match_id"].append(match_id)
                for c in list(CARD_EVENT_COLUMNS)[1:]:
                    e_cols[c].append(ev.get(c))
            for turn, cap_a, cap_b in r.capital:
                for c, v in zip(TURN_COLUMNS, (match_id, turn, cap_a, cap_b)):
                    t_cols[c].append(v)
            bar.update(1)
    finally:
        bar.close()
    tables = {
        "matches": _arrow(m_cols, MATCH_COLUMNS),
        "card_events": _arrow(e_cols, CARD_EVENT_COLUMNS),
        "turn_snapshots": _arrow(t_cols, TURN_COLUMNS),
    }
    con.execute("BEGIN TRANSACTION")
    try:
        con.executemany("INSERT INTO players VALUES (?, 'bot', ?, ?)",
                        [[p.name, p.bot, p.deck_id] for p in roster])
        for name, table in tables.items():
            con.register("_league_rows", table)
            try:
                con.execute(f"INSERT INTO {name} BY NAME SELECT * FROM _league_rows")
            finally:
                con.unregister("_league_rows")
        refresh_card_summary(con)
        con.execute("COMMIT")
    except BaseException:
        con.execute("ROLLBACK")
        raise
    return {"players": len(roster), "matches": matches, "card_events": len(e_cols["match_id"]),
            "turn_snapshots": len(t_cols["match_id"])}


_ARROW_TYPES = {"VARCHAR": pa.string(), "INTEGER": pa.int32(), "BOOLEAN": pa.bool_(), "TIMESTAMP": pa.timestamp("us")}


def _arrow(cols: dict[str, list[Any]], types: dict[str, str]) -> pa.Table:
    return pa.table({c: pa.array(cols[c], type=_ARROW_TYPES[types[c]]) for c in types})
