"""What replays a stored match: the pieces of a simulated league match's game, read from the store.

A league match (:func:`fwlab.store.league.run_league`) is the game :func:`fwlab.sim.play_match`
plays from the ruleset, one setup per seat (the seat's deck, ``match_seats.deck``, as the store's
``decks.decklist`` writes it) in seat order, each seat's bot (``players.bot``), the game's seed
(``matches.seed``), the first seat (``matches.first``) and the rule options (``matches.rules``).
:func:`stored_game` reads them; :func:`fwlab.sim.replay.replay_match` plays the game again from them.
This module knows no game and imports no simulator (the store comes after the simulator).

Imported match logs carry no game record (``matches.seed`` is NULL): :class:`NotReplayable`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import duckdb

from ..decks import Deck, parse_decklist
from ..rulesets import SEAT_LABELS, info

__all__ = ["NotReplayable", "StoredGame", "replayable_matches", "stored_game"]


class NotReplayable(ValueError):
    """A match the store cannot replay (unknown, imported, or its deck or player is gone); the message says why."""


@dataclass(frozen=True)
class StoredGame:
    """A stored match's game: everything :func:`fwlab.sim.replay.replay_match` needs, and its stored result."""

    match_id: str
    ruleset: str
    setups: list[Deck | None]     #: one per seat, in seat order (None: a game without decks)
    deck_ids: list[str | None]
    players: list[str]
    bots: list[str]
    seed: int
    first: int                    #: the seat that played first (0 = a)
    options: dict[str, Any]       #: the rule options (``matches.rules``), lists as tuples
    winner: str                   #: as stored: a seat label or ``draw``
    end_reason: str
    turns: int

    @property
    def recorded(self) -> dict[str, Any]:
        """The stored result, as :func:`fwlab.sim.replay_cli.story` compares it with the replay's."""
        return {"winner": self.winner, "end_reason": self.end_reason, "turns": self.turns}

    @property
    def source(self) -> dict[str, Any]:
        """The replay's ``source``: the store's match and its stored result."""
        return {"kind": "store", "match_id": self.match_id, "players": list(self.players),
                "decks": list(self.deck_ids), "recorded": self.recorded}


NO_RECORD = "imported match logs carry no game record; only simulated league matches can be replayed"


def stored_game(con: duckdb.DuckDBPyConnection, match_id: str) -> StoredGame:
    """The game of the stored match ``match_id``; :class:`NotReplayable` for an unknown match, a match
    without a seed (imported), or one whose seat's player or deck is no longer in the store."""
    cols = {r[0] for r in con.execute("DESCRIBE matches").fetchall()}
    if "seed" not in cols:  # a read-only store older than the seed (migration 10): nothing was kept
        seed_sql = "NULL"
    else:
        seed_sql = "seed"
    row = con.execute(f"SELECT ruleset, {seed_sql}, first, rules, winner, end_reason, turns, source FROM matches "
                      "WHERE match_id = ?", [match_id]).fetchone()
    if row is None:
        raise NotReplayable(f"no match {match_id!r} in the store")
    ruleset, seed, first, rules, winner, end_reason, turns, source = row
    if seed is None:
        raise NotReplayable(f"match {match_id} (source {source}) has no game record: {NO_RECORD}")
    seats = con.execute("""SELECT s.seat, s.player, s.deck, p.bot, d.decklist, d.deck_id IS NOT NULL
        FROM match_seats s LEFT JOIN players p ON p.player = s.player LEFT JOIN decks d ON d.deck_id = s.deck
        WHERE s.match_id = ? ORDER BY s.seat""", [match_id]).fetchall()
    if not seats:
        raise NotReplayable(f"match {match_id} has no seats in the store")
    uses_decks = info(ruleset).uses_decks
    setups: list[Deck | None] = []
    for seat, player, deck_id, bot, decklist, has_deck in seats:
        label = SEAT_LABELS[int(seat) - 1]
        if bot is None:
            raise NotReplayable(f"match {match_id}: seat {label}'s player {player!r} has no bot in the store")
        if not uses_decks:
            setups.append(None)
        elif not has_deck or decklist is None:
            raise NotReplayable(f"match {match_id}: seat {label}'s deck {deck_id!r} is no longer in the store")
        else:
            setups.append(parse_decklist(decklist, deck_id))
    options: dict[str, Any] = {}
    if rules:
        options = {k: tuple(v) if isinstance(v, list) else v for k, v in json.loads(rules).items()}
    first_seat = SEAT_LABELS.index(first) if first in SEAT_LABELS else 0
    return StoredGame(match_id, ruleset, setups, [s[2] for s in seats], [s[1] for s in seats], [s[3] for s in seats],
                      int(seed), first_seat, options, str(winner), str(end_reason), int(turns))


def replayable_matches(con: duckdb.DuckDBPyConnection, ruleset: str | None = None,
                       limit: int = 200) -> list[dict[str, Any]]:
    """The most recent matches the store can replay (those with a seed), newest first, of ``ruleset``
    (None: every ruleset): match id, played at, ruleset, players (seat order), winner, end reason, turns."""
    cols = {r[0] for r in con.execute("DESCRIBE matches").fetchall()}
    if "seed" not in cols:
        return []
    where = "m.seed IS NOT NULL" + (" AND m.ruleset = ?" if ruleset else "")
    params: list[Any] = [ruleset] if ruleset else []
    rows = con.execute(f"""SELECT m.match_id, m.played_at, m.ruleset, m.winner, m.end_reason, m.turns,
            (SELECT string_agg(s.player, ' vs ' ORDER BY s.seat) FROM match_seats s WHERE s.match_id = m.match_id)
        FROM matches m WHERE {where} ORDER BY m.played_at DESC, m.match_id DESC LIMIT {int(limit)}""",
                       params).fetchall()
    return [{"match_id": r[0], "played_at": r[1], "ruleset": r[2], "players": r[6], "winner": r[3],
             "end_reason": r[4], "turns": r[5]} for r in rows]
