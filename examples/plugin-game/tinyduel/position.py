"""Tiny Duel positions as text (README.md, "Positions"): :func:`load_position` sets a game up
from a position's JSON, :func:`position_of` prints one back in the same shape, and
:func:`render_position` draws it as a board for ``fwlab position show``.

A position names every card by its catalog name; instance ids (the numbers actions use) may be
given, and the cards without one get the lowest free ids (hand, line, discard, then deck). Only
positions the rules could reach are set up: anything else is a
:class:`~fwlab.rules.core.PositionError` naming the field (``seats[1].line[0].damage``).

>>> pos = {"ruleset": "tinyduel", "turn": 3, "active": "a", "decision": "main",
...        "seats": [{"life": 9, "hand": ["Spark Bolt"], "deck": ["Moss Hound"]},
...                  {"life": 2, "line": [{"card": "Reed Guard"}]}]}
>>> from fwlab.catalog import load_catalog
>>> g = load_position(pos, load_catalog("tinyduel"))
>>> [str(a) for a in g.legal_actions()]
['cast 0', 'cast 0 2', 'end']
>>> g.apply("cast 0"); g.outcome.winner, g.outcome.end_reason
('a', 'life')
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping, Sequence
from typing import Any

from fwlab.rules.core import GameRecord, PositionError
from fwlab.rules.options import non_default

from .cards import FIGHTER, CardDef
from .game import (
    DECK_SIZE,
    HAND_SIZE,
    LINE_SIZE,
    MAX_COPIES,
    MAX_SPARKS,
    OPTIONS,
    START_LIFE,
    TURN_CAP,
    Fighter,
    Game,
    Seat,
)

__all__ = ["load_position", "position_of", "render_position"]

MAX_ID = 9_999
MAX_LIFE = 99

TOP_READ = frozenset({"ruleset", "turn", "active", "decision", "sparks", "seats", "seed", "options", "filler"})
TOP_PRINTED = frozenset({"legal_actions", "terminal", "outcome", "played"})
SEAT_READ = frozenset({"life", "hand", "deck", "deck_size", "discard", "line"})
LINE_READ = frozenset({"id", "card", "damage", "fresh", "struck", "power", "guard"})
CARD_READ = frozenset({"id", "card"})
OPTION_NAMES = frozenset(o.name for o in OPTIONS)


# ---------------------------------------------------------------------- reading values
def _obj(path: str, raw: Any, keys: frozenset[str], printed: frozenset[str] = frozenset()) -> Mapping[str, Any]:
    if not isinstance(raw, Mapping):
        raise PositionError(path, f"must be an object, not {type(raw).__name__}")
    for k in raw:
        if k not in keys and k not in printed:
            raise PositionError(f"{path}.{k}" if path else str(k), f"unknown field (known: {', '.join(sorted(keys | printed))})")
    return raw


def _int(path: str, raw: Any, lo: int | None = None, hi: int | None = None) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise PositionError(path, f"must be a whole number, not {raw!r}")
    if lo is not None and raw < lo:
        raise PositionError(path, f"must be at least {lo}, not {raw}")
    if hi is not None and raw > hi:
        raise PositionError(path, f"must be at most {hi}, not {raw}")
    return raw


def _bool(path: str, raw: Any) -> bool:
    if not isinstance(raw, bool):
        raise PositionError(path, f"must be true or false, not {raw!r}")
    return raw


def _list(path: str, raw: Any) -> list[Any]:
    if not isinstance(raw, list):
        raise PositionError(path, f"must be a list, not {type(raw).__name__}")
    return raw


def _seat(path: str, raw: Any) -> int:
    if isinstance(raw, str) and raw in ("a", "b"):
        return "ab".index(raw)
    return _int(path, raw, 0, 1)


class _Card:
    __slots__ = ("path", "id", "d", "seat", "filler")

    def __init__(self, path: str, iid: int | None, d: CardDef, seat: int, filler: bool) -> None:
        self.path, self.id, self.d, self.seat, self.filler = path, iid, d, seat, filler


class _Loader:
    def __init__(self, catalog: Any) -> None:
        self.catalog = catalog
        self.defs: dict[str, CardDef] = {}
        self.cards: list[_Card] = []
        self.given: dict[int, str] = {}

    def card(self, path: str, raw: Any, seat: int, keys: frozenset[str] = CARD_READ,
             filler: bool = False) -> tuple[_Card, Mapping[str, Any]]:
        obj: Mapping[str, Any] = {"card": raw} if isinstance(raw, str) else _obj(path, raw, keys)
        where = path if isinstance(raw, str) else f"{path}.card"
        name = obj.get("card")
        if not isinstance(name, str):
            raise PositionError(where, "is missing (the card's catalog name)" if name is None
                                else f"a card is written by its catalog name, not {name!r}")
        d = self.defs.get(name)
        if d is None:
            if name not in self.catalog:
                near = difflib.get_close_matches(name, [c.name for c in self.catalog], n=1)
                hint = f" (did you mean {near[0]!r}?)" if near else ""
                raise PositionError(where, f"unknown card {name!r}: not in the {self.catalog.family} catalog{hint}")
            d = self.defs[name] = CardDef(self.catalog[name])
        iid: int | None = None
        if "id" in obj:
            iid = _int(f"{path}.id", obj["id"], 0, MAX_ID)
            if iid in self.given:
                raise PositionError(f"{path}.id", f"id {iid} is given twice (also at {self.given[iid]})")
            self.given[iid] = path
        c = _Card(path, iid, d, seat, filler)
        self.cards.append(c)
        return c, obj

    def names(self, path: str, raw: Any, seat: int) -> list[_Card]:
        return [self.card(f"{path}[{i}]", r, seat)[0] for i, r in enumerate(_list(path, raw))]

    def load(self, data: Any, dice: Sequence[int] | None) -> Game:
        top = _obj("", data, TOP_READ, TOP_PRINTED)
        if top.get("terminal") or top.get("outcome") is not None:
            raise PositionError("terminal", "the game is over: a finished game cannot be set up")
        for key in ("ruleset", "turn", "active", "seats"):
            if key not in top:
                raise PositionError(key, "is missing")
        if top["ruleset"] != "tinyduel":
            raise PositionError("ruleset", f"{top['ruleset']!r} is not played by the tinyduel engine")
        if dice:
            raise PositionError("dice", "Tiny Duel has no dice: its only chance is the shuffle at the start, and "
                                        "a position lists each deck in order (top card first)")
        decision = top.get("decision", "main")
        if decision != "main":
            raise PositionError("decision", f"Tiny Duel asks one decision, main, not {decision!r}")
        opts = _obj("options", top.get("options", {}), OPTION_NAMES)
        hand_size = _int("options.hand_size", opts.get("hand_size", HAND_SIZE), 1, 8)
        turn = _int("turn", top["turn"], 1, TURN_CAP)
        active = _seat("active", top["active"])
        seed = _int("seed", top.get("seed", 0))
        seats_raw = _list("seats", top["seats"])
        if len(seats_raw) != 2:
            raise PositionError("seats", f"Tiny Duel is a game for 2 seats; the position has {len(seats_raw)}")
        filler = top.get("filler")
        zones: list[dict[str, Any]] = []
        for p, sraw in enumerate(seats_raw):
            at = f"seats[{p}]"
            raw = _obj(at, sraw, SEAT_READ)
            life = _int(f"{at}.life", raw.get("life", START_LIFE), None, MAX_LIFE)
            if life <= 0:
                raise PositionError(f"{at}.life", f"is {life}: a seat at 0 Life or less has lost (TD-END-1); a "
                                                  "position is a game still going on")
            z: dict[str, Any] = {"life": life, "hand": self.names(f"{at}.hand", raw.get("hand", []), p)}
            line = []
            for i, r in enumerate(_list(f"{at}.line", raw.get("line", []))):
                c, obj = self.card(f"{at}.line[{i}]", r, p, LINE_READ)
                line.append((c, obj))
            z["line"] = line
            z["discard"] = self.names(f"{at}.discard", raw.get("discard", []), p)
            z["deck"] = self.deck(at, raw, filler, p)
            zones.append(z)
        self.check_cards(len(seats_raw))
        # ids: the given ones, then the lowest free ones in reading order
        free = (i for i in range(MAX_ID + len(self.cards) + 2) if i not in self.given)
        for c in self.cards:
            if c.id is None:
                c.id = next(free)
        n = 1 + max((c.id for c in self.cards if c.id is not None), default=-1)
        hole = next(iter(self.defs.values()), None)
        defs: list[CardDef] = []
        owner = [-1] * n
        by_id: dict[int, _Card] = {c.id: c for c in self.cards if c.id is not None}
        for i in range(n):
            at_i = by_id.get(i)
            if at_i is not None:
                defs.append(at_i.d)
                owner[i] = at_i.seat
            else:
                assert hole is not None
                defs.append(hole)   # an id in no zone: never reached
        first = active if turn % 2 == 1 else 1 - active
        names: tuple[list[str], list[str]] = ([], [])
        for i in range(n):
            if owner[i] >= 0:
                names[owner[i]].append(defs[i].name)
        rec = GameRecord("tinyduel", seed, first, (tuple(names[0]), tuple(names[1])))
        if hand_size != HAND_SIZE:
            rec.options["hand_size"] = hand_size
        g = Game(defs, owner, seed, first, rec, hand_size=hand_size)
        g.turn, g.active = turn, active
        for p, z in enumerate(zones):
            s = Seat([_id(c) for c in z["deck"]], z["life"])
            s.hand = [_id(c) for c in z["hand"]]
            s.discard = [_id(c) for c in z["discard"]]
            s.own_turns = (turn + 1) // 2 if p == active else turn // 2
            if len(z["line"]) > LINE_SIZE:
                raise PositionError(f"seats[{p}].line", f"holds {len(z['line'])} fighters; at most {LINE_SIZE} "
                                                        "(TD-LINE-1)")
            for c, obj in z["line"]:
                s.line.append(self.fighter(c, obj, p == active))
            g.seats[p] = s
        top_sparks = min(g.seats[active].own_turns, MAX_SPARKS)
        g.sparks = _int("sparks", top.get("sparks", top_sparks), 0, top_sparks)
        rec.options["position"] = position_of(g, deck=True)
        return g

    def deck(self, at: str, s: Mapping[str, Any], filler: Any, p: int) -> list[_Card]:
        if "deck" in s:
            cards = self.names(f"{at}.deck", s["deck"], p)
            if "deck_size" in s and _int(f"{at}.deck_size", s["deck_size"], 0) != len(cards):
                raise PositionError(f"{at}.deck_size", f"is {s['deck_size']} but the deck lists {len(cards)} cards")
            return cards
        size = _int(f"{at}.deck_size", s.get("deck_size", 0), 0, DECK_SIZE)
        if size and filler is None:
            raise PositionError(f"{at}.deck_size", f"{size} cards but no 'deck': list the deck (top first), or name "
                                                   "a 'filler' card to fill it with (--filler)")
        return [self.card(f"filler (for {at}.deck_size)", filler, p, filler=True)[0] for _ in range(size)]

    def check_cards(self, seats: int) -> None:
        """TD-DECK-1 in a position: a seat holds at most 20 cards in all, and at most 3 copies of a
        name among the cards written out (filler cards stand in for cards that do not matter)."""
        for p in range(seats):
            mine = [c for c in self.cards if c.seat == p]
            if len(mine) > DECK_SIZE:
                raise PositionError(f"seats[{p}]", f"holds {len(mine)} cards in all; a deck has {DECK_SIZE} "
                                                   "(TD-DECK-1)")
            seen: dict[str, int] = {}
            for c in mine:
                if c.filler:
                    continue
                seen[c.d.name] = seen.get(c.d.name, 0) + 1
                if seen[c.d.name] > MAX_COPIES:
                    raise PositionError(c.path, f"a {MAX_COPIES + 1}th {c.d.name}: a deck holds at most {MAX_COPIES} "
                                                "copies of a name (TD-DECK-1)")

    @staticmethod
    def fighter(c: _Card, obj: Mapping[str, Any], active: bool) -> Fighter:
        at, d = c.path, c.d
        if d.kind != FIGHTER:
            raise PositionError(f"{at}.card", f"{d.name} is a spell: only fighters stand in a line")
        for key, have in (("power", d.power), ("guard", d.guard)):
            if key in obj and _int(f"{at}.{key}", obj[key]) != have:
                raise PositionError(f"{at}.{key}", f"is {obj[key]}, but {d.name} has {key} {have}; it is printed "
                                                   "from the card, not set (leave it out)")
        f = Fighter(_id(c), d, fresh=_bool(f"{at}.fresh", obj.get("fresh", False)))
        f.struck = _bool(f"{at}.struck", obj.get("struck", False))
        f.damage = _int(f"{at}.damage", obj.get("damage", 0), 0)
        if f.damage >= d.guard:
            raise PositionError(f"{at}.damage", f"{d.name} has guard {d.guard}: with {f.damage} damage it would "
                                                "be destroyed (TD-DAMAGE-1)")
        if not active and (f.fresh or f.struck):
            key = "fresh" if f.fresh else "struck"
            raise PositionError(f"{at}.{key}", "only the active seat's fighters come in or strike this turn")
        return f


def _id(c: _Card) -> int:
    assert c.id is not None
    return c.id


def load_position(data: Mapping[str, Any], catalog: Any, *, dice: Sequence[int] | None = None) -> Game:
    """A game set up from a position over ``catalog``; a position that cannot be set up (or any
    ``dice``: the game has none) raises :class:`~fwlab.rules.core.PositionError` naming the field."""
    return _Loader(catalog).load(data, dice)


# ---------------------------------------------------------------------- printing
def position_of(g: Game, *, deck: bool = False) -> dict[str, Any]:
    """The position of a game (``deck=True``: each deck as card names, top first, instead of its size)."""
    names = [d.name for d in g.defs]
    out: dict[str, Any] = {
        "ruleset": g.record.ruleset, "turn": g.turn, "active": g.active, "decision": g.decision_name,
        "legal_actions": [str(a) for a in g.legal_actions()], "terminal": g.is_terminal(),
        "outcome": None if g.outcome is None else {"places": list(g.outcome.places),
                                                   "end_reason": g.outcome.end_reason},
        "sparks": g.sparks,
    }
    seats = []
    for s in g.seats:
        seat: dict[str, Any] = {"life": s.life, "hand": [{"id": i, "card": names[i]} for i in s.hand]}
        if deck:
            seat["deck"] = [names[i] for i in s.deck]
        else:
            seat["deck_size"] = len(s.deck)
        seat["discard"] = [names[i] for i in s.discard]
        seat["line"] = [{"id": f.iid, "card": f.d.name, "power": f.d.power, "guard": f.d.guard,
                         "damage": f.damage, "fresh": f.fresh, "struck": f.struck} for f in s.line]
        seats.append(seat)
    out["seats"] = seats
    opts = non_default(OPTIONS, {"hand_size": g.hand_size})
    if opts:
        out["options"] = opts
    return out


def render_position(pos: Mapping[str, Any], deciding: int) -> str:
    """A position dict as a readable board (``fwlab position show`` without ``--json``)."""
    lines = [f"tinyduel · turn {pos['turn']} · seat {'ab'[pos['active']]} active · "
             + (f"{pos.get('sparks', 0)} sparks left (seat {'ab'[deciding]} decides)" if not pos["terminal"]
                else "game over")]
    for p, s in enumerate(pos["seats"]):
        deck = s["deck_size"] if "deck_size" in s else len(s.get("deck", []))
        lines.append(f"seat {'ab'[p]}{' (active)' if p == pos['active'] else ''}: Life {s['life']} · deck {deck} · "
                     f"discard {len(s.get('discard', []))}")
        hand = s.get("hand", [])
        lines.append("  hand: " + (", ".join(f"{c['card']} #{c['id']}" for c in hand) if hand else "(empty)"))
        row = []
        for f in s.get("line", []):
            flags = [k for k in ("fresh", "struck") if f.get(k)]
            row.append(f"{f['card']} #{f['id']} {f['power']}/{f['guard'] - f['damage']}"
                       + (f" ({', '.join(flags)})" if flags else ""))
        lines.append("  line: " + ("; ".join(row) if row else "(empty)"))
    out = pos.get("outcome")
    if pos["terminal"] and out:
        first = [i for i, place in enumerate(out["places"]) if place == 1]
        who = f"seat {'ab'[first[0]]} wins" if len(first) == 1 else "a draw"
        lines.append(f"the game is over: {who} (end reason: {out['end_reason']})")
    else:
        acts = pos.get("legal_actions", [])
        lines.append(f"legal actions ({len(acts)}): " + "; ".join(acts))
    return "\n".join(lines)
