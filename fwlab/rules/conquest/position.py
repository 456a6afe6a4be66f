"""Positions as text for ``conquest`` (docs/positions.md, section "Conquest"): :func:`load_position`
sets a game up from a position's JSON, :func:`position_of` prints one back in the same shape and
:func:`render_position` draws it as a readable board.

Conquest has no dice: its chance is the board layout (which difficulty lies on which field) and the
order of the shared deck, and both are written in the position (``board``, ``deck`` top first); a
reshuffle of the discard pile later uses the generator seeded with ``seed``. So a position and a
list of actions are one game, always the same.

Cards are named by their catalog names. Instance ids (the numbers actions use) are places in the
shared deck (every catalog card ``copies`` times, in catalog order): a card written with an ``id``
keeps it, and a card without one takes the lowest free id of a copy of its name (a copy beyond the
catalog's count takes a new id after the shared deck). ``position_of`` prints every card with its
id, so its output loads again as the very same state.

The game is built as an empty shell of :class:`~fwlab.rules.conquest.game.Game` (so every attribute
the engine has exists), then the board, the hands, the piles and the turn are laid out, and
everything the rules fix is checked: only positions the engine could reach are accepted, anything
else is a :class:`~fwlab.rules.core.PositionError` naming the field as a path into the JSON.

Not compiled (it runs once per position, not per decision).
"""

from __future__ import annotations

import difflib
import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..core import GameRecord, PositionError
from ..hexgrid import board_fields
from ..lists import shuffle
from ..options import OptionError, check_options
from .cards import FOLLOWER_NAMES, FORTIFICATION, OP_CLAIM, TROOP, CardDef, compile_card, shared_deck
from .game import (
    CLOCKWISE,
    DECISION_NAMES,
    DIFFICULTIES,
    EVERY_PLAYER,
    EXCHANGE,
    FOLLOWERS,
    FREE_FOLLOWERS,
    HAND_SIZE,
    HIRE,
    HIRE_COST,
    IN_A_ROW,
    MULLIGAN,
    NO_CARD,
    RADIUS,
    REVERSE_FIRST,
    START_COINS,
    TASKS,
    Game,
    idle_problem,
)
from .rule_options import OPTIONS

__all__ = ["first_of", "load_position", "position_of", "render_position", "seat_of_turn"]

LABELS = "abcde"
MAX_ID = 10_000
# the keys each object may have: (read, printed only: derived values that must match when given)
Keys = tuple[frozenset[str], frozenset[str]]
TOP_KEYS: Keys = (frozenset({"ruleset", "turn", "active", "decision", "seats", "options", "seed", "filler",
                             "board", "deck", "deck_size", "discard", "boost", "steal", "exchanging"}),
                  frozenset({"legal_actions", "terminal", "outcome", "played", "first", "round", "idle",
                             "idle_seats"}))
SEAT_KEYS: Keys = (frozenset({"coins", "followers", "expended", "hand"}), frozenset({"turns", "fields"}))
FIELD_KEYS: Keys = (frozenset({"at", "difficulty", "owner", "turn", "troop", "fortification"}), frozenset({"field"}))
CARD_KEYS: Keys = (frozenset({"id", "card"}), frozenset())
FOLLOWER_KEYS: Keys = (frozenset(FOLLOWER_NAMES), frozenset())


# ---------------------------------------------------------------------- the turn order
def seat_of_turn(turn: int, seats: int, first: int, turn_order: str = REVERSE_FIRST) -> int:
    """The seat that plays turn ``turn`` (from 1) of a game of ``seats`` that ``first`` started
    (CQ-ORDER-1: round 1 counter-clockwise, later rounds clockwise from round 1's last player; or
    clockwise throughout)."""
    pos = (turn - 1) % seats
    if turn_order == CLOCKWISE:
        return (first + pos) % seats
    if turn <= seats:
        return (first - pos) % seats
    return (first + 1 + pos) % seats


def first_of(turn: int, active: int, seats: int, turn_order: str = REVERSE_FIRST) -> int:
    """The seat that played turn 1, given that ``active`` plays turn ``turn`` (turn 0: the free
    followers, when ``active`` is the first player)."""
    if turn == 0:
        return active
    pos = (turn - 1) % seats
    if turn_order == CLOCKWISE:
        return (active - pos) % seats
    if turn <= seats:
        return (active + pos) % seats
    return (active - 1 - pos) % seats


def _label(seat: int) -> str:
    return LABELS[seat] if 0 <= seat < len(LABELS) else str(seat)


# ---------------------------------------------------------------------- reading values
def _obj(path: str, raw: Any, keys: Keys) -> Mapping[str, Any]:
    if not isinstance(raw, Mapping):
        raise PositionError(path, f"must be an object, not {type(raw).__name__}")
    unknown = [k for k in raw if k not in keys[0] and k not in keys[1]]
    if unknown:
        raise PositionError(f"{path}.{unknown[0]}" if path else str(unknown[0]),
                            f"unknown field (known: {', '.join(sorted(keys[0] | keys[1]))})")
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


def _seat(path: str, raw: Any, seats: int) -> int:
    """A seat as its number from 0 or its label a, b, c, ..."""
    if isinstance(raw, str) and len(raw) == 1 and raw in LABELS[:seats]:
        return LABELS.index(raw)
    if isinstance(raw, str):
        raise PositionError(path, f"{raw!r} is not a seat of this game ({', '.join(LABELS[:seats])} or 0..{seats - 1})")
    return _int(path, raw, 0, seats - 1)


def _match(path: str, given: Any, value: Any, what: str) -> None:
    """A printed (derived) value given in a file must be the one worked out from the position."""
    if given != value:
        raise PositionError(path, f"is {given!r} but {what} is {value!r} (a derived value: leave it out or "
                                  "make it match)")


def _followers(path: str, raw: Any) -> list[int]:
    obj = _obj(path, raw, FOLLOWER_KEYS)
    return [_int(f"{path}.{k}", obj.get(k, 0), 0) for k in FOLLOWER_NAMES]


def _kinds(counts: Sequence[int]) -> dict[str, int]:
    return {k: counts[i] for i, k in enumerate(FOLLOWER_NAMES)}


def _fmt_kinds(counts: Sequence[int]) -> str:
    parts = [f"{counts[i]} {k}" for i, k in enumerate(FOLLOWER_NAMES) if counts[i]]
    return ", ".join(parts) if parts else "none"


class _Card:
    """One card instance read from the position: where it was written, its id (given or not yet)."""

    __slots__ = ("path", "id", "d")

    def __init__(self, path: str, iid: int | None, d: CardDef) -> None:
        self.path, self.id, self.d = path, iid, d

    @property
    def iid(self) -> int:
        assert self.id is not None
        return self.id


class _Loader:
    def __init__(self, catalog: Any) -> None:
        self.catalog = catalog
        self.base: list[CardDef] = shared_deck(catalog)   # ids 0.. are places in the shared deck
        self.cards: list[_Card] = []
        self.given: dict[int, str] = {}

    # ------------------------------------------------------------------ cards
    def card_def(self, path: str, name: Any) -> CardDef:
        if not isinstance(name, str):
            raise PositionError(path, f"a card is written by its catalog name, not {name!r}")
        if name not in self.catalog:
            near = difflib.get_close_matches(name, [c.name for c in self.catalog], n=1)
            hint = f" (did you mean {near[0]!r}?)" if near else ""
            raise PositionError(path, f"unknown card {name!r}: not in the conquest catalog{hint}")
        return compile_card(self.catalog[name])

    def card(self, path: str, raw: Any, types: tuple[int, ...] = (), what: str = "") -> _Card:
        """A card written as its name or as ``{"id": 3, "card": "Militia"}``."""
        obj: Mapping[str, Any] = {"card": raw} if isinstance(raw, str) else _obj(path, raw, CARD_KEYS)
        if "card" not in obj:
            raise PositionError(f"{path}.card", "is missing (the card's catalog name)")
        d = self.card_def(path if isinstance(raw, str) else f"{path}.card", obj["card"])
        if types and d.type not in types:
            raise PositionError(path if isinstance(raw, str) else f"{path}.card", f"{d.name} is not {what}")
        iid: int | None = None
        if "id" in obj:
            iid = _int(f"{path}.id", obj["id"], 0, MAX_ID)
            other = self.given.get(iid)
            if other is not None:
                raise PositionError(f"{path}.id", f"id {iid} is given twice (also at {other}): one card instance "
                                                  "cannot be in two places")
            if iid < len(self.base) and self.base[iid].name != d.name:
                raise PositionError(f"{path}.id", f"id {iid} is a {self.base[iid].name} of the shared deck (ids are "
                                                  f"places in it), not a {d.name}")
            self.given[iid] = path
        c = _Card(path, iid, d)
        self.cards.append(c)
        return c

    def names(self, path: str, raw: Any) -> list[_Card]:
        return [self.card(f"{path}[{i}]", r) for i, r in enumerate(_list(path, raw))]

    def allocate_ids(self) -> None:
        """Every card without an id takes the lowest free id of a copy of its name in the shared
        deck, or a new id after it when every copy is taken (more copies than the catalog has)."""
        used = set(self.given)
        free: dict[str, list[int]] = {}
        for i, d in enumerate(self.base):
            if i not in used:
                free.setdefault(d.name, []).append(i)
        nxt = max([len(self.base) - 1, *used]) + 1
        for c in self.cards:
            if c.id is not None:
                continue
            ids = free.get(c.d.name)
            if ids:
                c.id = ids.pop(0)
            else:
                c.id = nxt
                nxt += 1
            used.add(c.id)
        self.used = used

    # ------------------------------------------------------------------ the position
    def load(self, data: Any, dice: Sequence[int] | None) -> Game:
        if dice is not None:
            raise PositionError("dice", "conquest has no dice: its chance is the board layout and the order of the "
                                        "shared deck, both written in the position ('board', and 'deck' top first); a "
                                        "reshuffle of the discards uses the generator seeded with 'seed' (--seed)")
        top = _obj("", data, TOP_KEYS)
        if top.get("terminal") or top.get("outcome") is not None:
            raise PositionError("terminal", "the game is over: a finished game cannot be set up")
        if "terminal" in top:
            _bool("terminal", top["terminal"])
        for key in ("ruleset", "turn", "active", "decision", "seats"):
            if key not in top:
                raise PositionError(key, "is missing")
        if top["ruleset"] != "conquest":
            raise PositionError("ruleset", f"{top['ruleset']!r} is not played by this engine (conquest)")
        opts = self.options(top.get("options", {}))
        radius: int = opts.get("board_radius", RADIUS)
        order: str = opts.get("turn_order", REVERSE_FIRST)
        idle_end: str = opts.get("idle_end", EVERY_PLAYER)
        idle_turns: int = opts.get("idle_turns", 0)
        finish: bool = opts.get("finish_round", False)
        why = idle_problem(idle_end, idle_turns)
        if why is not None:
            raise PositionError("options.idle_turns", why)
        fields = board_fields(radius)
        nf = len(fields)
        diffs = list(opts.get("difficulties", DIFFICULTIES))
        if len(diffs) != nf:
            raise PositionError("options.difficulties", f"a board of radius {radius} has {nf} fields: it needs {nf} "
                                                        f"difficulties, not {len(diffs)}")
        seats_raw = _list("seats", top["seats"])
        n = len(seats_raw)
        if not 3 <= n <= 5:
            raise PositionError("seats", f"conquest is a game for 3 to 5 players; the position has {n}")
        limit = idle_turns if idle_turns > 0 else n
        turn = _int("turn", top["turn"], 0)
        active = _seat("active", top["active"], n)
        name = top["decision"]
        if name == "terminal":
            raise PositionError("decision", "the game is over: a finished game cannot be set up")
        if name not in DECISION_NAMES:
            raise PositionError("decision", f"unknown decision {name!r} (one of {', '.join(DECISION_NAMES[:-1])})")
        decision = DECISION_NAMES.index(str(name))
        if turn == 0 and decision != FOLLOWERS:
            raise PositionError("turn", "is 0, before the first turn: the decision then is followers (CQ-SETUP-2)")
        if turn > 0 and decision == FOLLOWERS:
            raise PositionError("decision", f"followers: the two free followers are taken before the first turn "
                                            f"(turn 0), not in turn {turn} (CQ-SETUP-2)")
        seed = _int("seed", top.get("seed", 0))
        first = first_of(turn, active, n, order)
        rnd = 1 if turn == 0 else (turn - 1) // n + 1
        if "first" in top:
            given = _seat("first", top["first"], n)
            if given != first:
                plays = seat_of_turn(turn, n, given, order) if turn else given
                raise PositionError("active", f"turn {turn} (round {rnd}) of a game that seat {_label(given)} started "
                                              f"(first) is seat {_label(plays)}'s, not seat {_label(active)}'s "
                                              f"(CQ-ORDER-1, turn_order {order})")
        if "round" in top:
            _match("round", top["round"], rnd, f"the round of turn {turn} with {n} players")
        own = [0] * n
        for t in range(1, turn + 1):
            own[seat_of_turn(t, n, first, order)] += 1
        rng = random.Random(seed)

        # read every card (ids are given out once all are known)
        seats: list[dict[str, Any]] = []
        for p, sraw in enumerate(seats_raw):
            path = f"seats[{p}]"
            s = _obj(path, sraw, SEAT_KEYS)
            fol = _followers(f"{path}.followers", s.get("followers", {}))
            exp = _followers(f"{path}.expended", s.get("expended", {}))
            seats.append({"coins": _int(f"{path}.coins", s.get("coins", START_COINS)), "fol": fol, "exp": exp,
                          "hand": self.names(f"{path}.hand", s.get("hand", [])), "raw": s})
        board = self.board(top.get("board"), fields, diffs, n, rng)
        discard = self.names("discard", top.get("discard", []))
        deck_list: list[_Card] | None = None
        filler_size = -1
        if "deck" in top:
            deck_list = self.names("deck", top["deck"])
            if "deck_size" in top and _int("deck_size", top["deck_size"], 0) != len(deck_list):
                raise PositionError("deck_size", f"is {top['deck_size']} but the deck lists {len(deck_list)} cards")
        elif "deck_size" in top and top.get("filler") is not None:
            filler_size = _int("deck_size", top["deck_size"], 0, MAX_ID)
            deck_list = [self.card("filler (for deck_size)", top["filler"]) for _ in range(filler_size)]
        self.allocate_ids()
        if deck_list is not None:
            deck_ids = [c.iid for c in deck_list]
        else:   # the rest of the shared deck, shuffled by the seed
            deck_ids = [i for i in range(len(self.base)) if i not in self.used]
            shuffle(deck_ids, rng)
            if "deck_size" in top and _int("deck_size", top["deck_size"], 0) != len(deck_ids):
                raise PositionError("deck_size", f"is {top['deck_size']} but {len(deck_ids)} cards of the shared deck "
                                                 "are left for it: list the deck (top first), leave deck_size out, or "
                                                 "name a 'filler' card (--filler)")

        g = self.build(n, seed, first, radius, order, idle_end, idle_turns, diffs, finish)
        # the turn
        g.turn = turn
        g.round = rnd
        g.active = active
        g.decision = decision
        g.pos = 0 if turn == 0 else (turn - 1) % n
        g.decider = active
        for p, z in enumerate(seats):
            st = g.seats[p]
            st.hand = [c.iid for c in z["hand"]]
            st.coins = z["coins"]
            st.fol = list(z["fol"])
            st.exp = list(z["exp"])
            st.own_turns = own[p]
        g.discard = [c.iid for c in discard]
        g.deck = list(reversed(deck_ids))      # the engine draws from the end of its list
        took, last = self.lay_out(g, board, turn, decision, n, first, order, own, active)
        self.check_seats(g, seats, turn, decision, active, own)
        if turn == 0:
            self.followers(g, seats, first, n, order)
            if any(g.owner[f] >= 0 for f in range(nf)):
                raise PositionError("board", "a field is taken before the first turn (turn 0)")
            if g.discard:
                raise PositionError("discard", "holds cards before the first turn: nothing is discarded before it")
        else:
            idle = turn - 1 - last
            since = f"since turn {last}" if last else "since the start of the game"
            # the seats that have had a whole turn since the last conquest or Claim (CQ-END-2)
            idle_seats = 0
            for u in range(last + 1, turn):
                idle_seats |= 1 << seat_of_turn(u, n, first, order)
            if finish and g.taken >= nf:
                pass   # CQ-END-3: every field taken, the round is played out; the idle end no longer applies
            elif idle_end == IN_A_ROW and idle >= limit:
                raise PositionError("board", f"no conquest or Claim {since}: the game ended after {limit} turns in a row "
                                             f"without one (CQ-END-2, idle_end {IN_A_ROW}); a finished game cannot be "
                                             "set up")
            elif idle_end != IN_A_ROW and idle_seats == g.all_seats:
                raise PositionError("board", f"every player has had a turn {since} without a conquest or a Claim: the "
                                             f"game ended (CQ-END-2); a finished game cannot be set up")
            g.idle = idle
            g.idle_seats = idle_seats
            g.took = took
        if g.taken >= nf and not finish:
            raise PositionError("board", "every field is taken: the game is over (CQ-END-1); a finished game cannot "
                                         "be set up (with options.finish_round the round is played out, CQ-END-3)")
        if g.taken >= nf:
            end = turn if g.took else max(g.taken_turn)   # the turn the last field was taken in
            end_round = (end - 1) // n + 1
            if end_round < rnd:
                raise PositionError("board", f"every field was taken by turn {end} (round {end_round}): with "
                                             f"finish_round the game ended at the end of round {end_round} (CQ-END-3); "
                                             "a finished game cannot be set up")
        if "idle" in top:
            _match("idle", top["idle"], g.idle, "the count of turns in a row without a conquest or a Claim")
        if "idle_seats" in top:
            _match("idle_seats", top["idle_seats"], _seat_list(g.idle_seats, n),
                   "the seats that have had a turn since the last conquest or Claim")
        if "exchanging" in top:
            g.exchanging = self.exchanging(top["exchanging"], g, seats[active]["hand"], decision)
        g.boost = _int("boost", top.get("boost", 0), 0)
        g.steal = _bool("steal", top.get("steal", False))
        if (g.boost or g.steal) and decision not in (TASKS, EXCHANGE):
            key = "boost" if g.boost else "steal"
            raise PositionError(key, f"a magic card's {key} lasts for the turn it is played in, from Complete Tasks "
                                     f"on; there is none in the {name} decision (CQ-MAGIC-1)")
        why = _why_not_asked(g)
        if why:
            raise PositionError("decision", f"{name}: {why}")
        # the per-card log starts afresh: the cards in hand count as drawn in their seat's turn so far
        if g.log_cards:
            nn = len(g.names)
            for p, st in enumerate(g.seats):
                for iid in st.hand:
                    j = p * nn + g.name_of[iid]
                    if g.ev_drawn[j] < 0:
                        g.ev_drawn[j] = st.own_turns
        g.rng = random.Random(seed)
        start = position_of(g, deck=True)
        if "legal_actions" in top:
            _match("legal_actions", top["legal_actions"], start["legal_actions"], "what the engine allows")
        g.record.options["position"] = start
        return g

    @staticmethod
    def exchanging(raw: Any, g: Game, hand: list[_Card], decision: int) -> list[int]:
        """The cards of the active seat's hand chosen so far for this turn's exchange (CQ-DRAW-2),
        each written as its name (the first copy in hand not yet chosen), its id, or
        ``{"id", "card"}``."""
        items = _list("exchanging", raw)
        if items and decision != EXCHANGE:
            raise PositionError("exchanging", f"cards are chosen for the exchange after the Draw step (decision "
                                              f"exchange), not in the {DECISION_NAMES[decision]} decision (CQ-DRAW-2)")
        out: list[int] = []
        who = f"seat {_label(g.active)}"
        for k, item in enumerate(items):
            path = f"exchanging[{k}]"
            iid: int | None = None
            name: str | None = None
            if isinstance(item, str):
                name = item
            elif isinstance(item, int) and not isinstance(item, bool):
                iid = item
            else:
                obj = _obj(path, item, CARD_KEYS)
                if "id" in obj:
                    iid = _int(f"{path}.id", obj["id"], 0, MAX_ID)
                if "card" in obj:
                    name = obj["card"]
                    if not isinstance(name, str):
                        raise PositionError(f"{path}.card", f"a card is written by its catalog name, not {name!r}")
                if iid is None and name is None:
                    raise PositionError(path, "give the card's id or name (a card of the active seat's hand)")
            pick = next((c for c in hand if (iid is None or c.iid == iid) and (name is None or c.d.name == name)
                         and c.iid not in out), None)
            if pick is None:
                what = f"id {iid}" if iid is not None else repr(name)
                twice = any((iid is None or c.iid == iid) and (name is None or c.d.name == name) for c in hand)
                raise PositionError(path, f"{what} is {'chosen twice' if twice else 'not in ' + who + chr(39) + 's hand'}"
                                          ": the exchange is of cards of the hand, each once (CQ-DRAW-2)")
            out.append(pick.iid)
        if len(out) % 2:
            raise PositionError("exchanging", f"{len(out)} cards: they are chosen two at a time (an even number, one "
                                              "card drawn for every two, CQ-DRAW-2)")
        return out

    @staticmethod
    def options(raw: Any) -> dict[str, Any]:
        if not isinstance(raw, Mapping):
            raise PositionError("options", f"must be an object, not {type(raw).__name__}")
        try:
            return check_options("conquest", OPTIONS, raw)
        except OptionError as exc:
            raise PositionError(f"options.{exc.name}", str(exc)) from None

    def board(self, raw: Any, fields: list[tuple[int, int]], diffs: list[int], n: int,
              rng: random.Random) -> list[dict[str, Any]]:
        """The board's fields in board order, each with its difficulty and what is on it."""
        nf = len(fields)
        if raw is None:   # laid out by the seed, as new_game lays it out, nothing taken
            laid = list(diffs)
            shuffle(laid, rng)
            return [{"difficulty": d, "owner": -1, "path": f"board[{i}]"} for i, d in enumerate(laid)]
        entries = _list("board", raw)
        index = {h: i for i, h in enumerate(fields)}
        out: list[dict[str, Any] | None] = [None] * nf
        for k, fraw in enumerate(entries):
            path = f"board[{k}]"
            f = _obj(path, fraw, FIELD_KEYS)
            if "at" in f:
                at = _list(f"{path}.at", f["at"])
                if len(at) != 2:
                    raise PositionError(f"{path}.at", "a field is written at its axial coordinates [q, r]")
                h = (_int(f"{path}.at[0]", at[0]), _int(f"{path}.at[1]", at[1]))
                if h not in index:
                    raise PositionError(f"{path}.at", f"{list(h)} is not a field of the hexagonal board of radius "
                                                      f"{_radius(nf)} (max(|q|, |r|, |q + r|) <= {_radius(nf)})")
                i = index[h]
            else:
                i = k
                if i >= nf:
                    raise PositionError(path, f"the board of radius {_radius(nf)} has {nf} fields, not more")
            if "field" in f:
                _match(f"{path}.field", f["field"], i, "its number in board order")
            prev = out[i]
            if prev is not None:
                raise PositionError(path, f"field {i} {list(fields[i])} is given twice (also {prev['path']}): a field "
                                          "lies once on the board, taken by one player at most (CQ-CONQUER-2)")
            if "difficulty" not in f:
                raise PositionError(f"{path}.difficulty", "is missing")
            e: dict[str, Any] = {"path": path, "difficulty": _int(f"{path}.difficulty", f["difficulty"], 1, 12),
                                 "owner": -1}
            if "owner" in f:
                e["owner"] = _seat(f"{path}.owner", f["owner"], n)
            if "turn" in f:
                if e["owner"] < 0:
                    raise PositionError(f"{path}.turn", "an untaken field has no turn it was taken in")
                e["turn"] = _int(f"{path}.turn", f["turn"], 1)
            if "troop" in f:
                e["troop"] = self.card(f"{path}.troop", f["troop"], (TROOP,), "a troop")
            if "fortification" in f:
                e["fort"] = self.card(f"{path}.fortification", f["fortification"], (FORTIFICATION,),
                                      "a fortification")
                if "troop" not in e:
                    raise PositionError(f"{path}.fortification", "a fortification stands on a field conquered with a "
                                                                 "troop (CQ-FORTIFY-1): give the troop")
            if ("troop" in e) and e["owner"] < 0:
                raise PositionError(f"{path}.troop", "a troop on a field makes it its player's: give the owner")
            out[i] = e
        missing = [i for i in range(nf) if out[i] is None]
        if missing:
            raise PositionError("board", f"the board of radius {_radius(nf)} has {nf} fields; missing: "
                                         + ", ".join(f"{i} {list(fields[i])}" for i in missing[:5])
                                         + (" ..." if len(missing) > 5 else ""))
        done = [e for e in out if e is not None]
        if sorted(e["difficulty"] for e in done) != sorted(diffs):
            raise PositionError("board", f"the difficulties {sorted(e['difficulty'] for e in done)} are not the "
                                         f"multiset {sorted(diffs)} of the rules (options.difficulties, CQ-BOARD-1)")
        return done

    def build(self, n: int, seed: int, first: int, radius: int, order: str, idle_end: str, idle_turns: int,
              diffs: list[int], finish: bool = False) -> Game:
        ncards = max([len(self.base) - 1, *self.used]) + 1
        defs: list[CardDef] = list(self.base) + [self.base[0]] * (ncards - len(self.base))
        for c in self.cards:
            defs[c.iid] = c.d
        # the empty shell clone() fills in: every attribute of the engine, no card dealt
        g = Game(None, n, seed, first, True, True, radius, None, order, idle_end, idle_turns, finish)
        g.defs = defs
        names: list[str] = []
        index: dict[str, int] = {}
        name_of: list[int] = []
        for d in defs:
            k = index.get(d.name)
            if k is None:
                k = index[d.name] = len(names)
                names.append(d.name)
            name_of.append(k)
        g.names, g.name_of = names, name_of
        g._init_logs(n * len(names))
        g.diff = [0] * g.nf
        options: dict[str, Any] = {}
        if radius != RADIUS:
            options["board_radius"] = radius
        if sorted(diffs) != sorted(DIFFICULTIES):
            options["difficulties"] = sorted(diffs)
        if order != REVERSE_FIRST:
            options["turn_order"] = order
        if idle_end != EVERY_PLAYER:
            options["idle_end"] = idle_end
        if idle_turns:
            options["idle_turns"] = idle_turns
        if finish:
            options["finish_round"] = True
        g.record = GameRecord("conquest", seed, first, (None,) * n, options=options)
        return g

    def lay_out(self, g: Game, board: list[dict[str, Any]], turn: int, decision: int, n: int, first: int,
                order: str, own: list[int], active: int) -> tuple[bool, int]:
        """The fields, their owners, troops and fortifications; (a field taken this turn, the last
        turn before this one in which a field was taken, 0 if none)."""
        claim_max = max((e.n for d in self.base for e in d.effects if e.op == OP_CLAIM), default=0)
        took = False
        last = 0
        for f, e in enumerate(board):
            g.diff[f] = e["difficulty"]
            p = e["owner"]
            if p < 0:
                continue
            path = e["path"]
            if own[p] == 0:
                raise PositionError(f"{path}.owner", f"seat {_label(p)} has not had a turn yet (turn {turn}): it "
                                                     "cannot have taken a field")
            if "turn" in e:
                t = e["turn"]
                if t > turn:
                    raise PositionError(f"{path}.turn", f"is {t}, after the current turn {turn}")
                who = seat_of_turn(t, n, first, order)
                if who != p:
                    raise PositionError(f"{path}.turn", f"turn {t} was seat {_label(who)}'s, not seat {_label(p)}'s: a "
                                                        "field is taken in its owner's turn (CQ-ORDER-1)")
                if t == turn and decision not in (TASKS, EXCHANGE):
                    raise PositionError(f"{path}.turn", f"a field is taken in Complete Tasks: none is taken yet in "
                                                        f"the {DECISION_NAMES[decision]} decision of turn {turn}")
            else:   # the owner's last turn before this one
                t = max(u for u in range(1, turn) if seat_of_turn(u, n, first, order) == p) \
                    if any(seat_of_turn(u, n, first, order) == p for u in range(1, turn)) else 0
                if t == 0:
                    raise PositionError(f"{path}.turn", f"seat {_label(p)} has had no turn before this one: write the "
                                                        f"turn it took the field in ({turn})")
            if t == turn:
                took = True
            else:
                last = max(last, t)
            g.owner[f] = p
            g.taken_turn[f] = t
            g.seats[p].fields += 1
            g.taken += 1
            troop: _Card | None = e.get("troop")
            if troop is None:
                if g.diff[f] > claim_max:
                    raise PositionError(path, f"field {f} is taken without a troop (a Claim), but no Claim of the catalog "
                                              f"takes a field of difficulty {g.diff[f]} (at most {claim_max}, CQ-MAGIC-3)")
                continue
            g.troop[f] = troop.iid
            g._place(p, f, troop.d.support)
            fort: _Card | None = e.get("fort")
            if fort is not None:
                g.fort[f] = fort.iid
                g._place(p, f, fort.d.support)
        return took, last

    @staticmethod
    def check_seats(g: Game, seats: list[dict[str, Any]], turn: int, decision: int, active: int,
                    own: list[int]) -> None:
        """What the rules fix about each seat: followers (2 free, one hire a turn at most, never
        lost), expended ones (only the active seat's, in Complete Tasks and after), coins (they
        change only by rewards, hires and magic coins), hands before a player's first task."""
        for p, z in enumerate(seats):
            path = f"seats[{p}]"
            s = g.seats[p]
            raw = z["raw"]
            if "turns" in raw:
                _match(f"{path}.turns", raw["turns"], own[p], f"the turns seat {_label(p)} has played up to turn {turn}")
            if "fields" in raw:
                _match(f"{path}.fields", raw["fields"], s.fields, f"the fields seat {_label(p)} holds on the board")
            for k in range(3):
                if s.exp[k] > s.fol[k]:
                    raise PositionError(f"{path}.expended.{FOLLOWER_NAMES[k]}",
                                        f"{s.exp[k]} expended but seat {_label(p)} has {s.fol[k]} {FOLLOWER_NAMES[k]}(s)")
            if any(s.exp) and (p != active or decision not in (TASKS, EXCHANGE)):
                why = ("followers are restored at the end of their player's turn (CQ-RESTORE-1)" if p != active else
                       f"followers are expended in Complete Tasks, not before (the {DECISION_NAMES[decision]} decision)")
                raise PositionError(f"{path}.expended", why)
            if s.coins < 0:
                raise PositionError(f"{path}.coins", f"is {s.coins}: more coins spent than held (coins never go below 0)")
            if turn == 0:
                if s.coins != START_COINS:
                    raise PositionError(f"{path}.coins", f"is {s.coins}: before the first turn every player holds the "
                                                         f"{START_COINS} coins of the setup (CQ-SETUP-1)")
                if len(s.hand) != HAND_SIZE:
                    raise PositionError(f"{path}.hand", f"{len(s.hand)} cards before the first turn: every player is dealt "
                                                        f"{HAND_SIZE} (CQ-SETUP-1)")
                continue
            total = sum(s.fol)
            if total < FREE_FOLLOWERS:
                raise PositionError(f"{path}.followers", f"{_fmt_kinds(s.fol)}: every player takes {FREE_FOLLOWERS} free "
                                                         "followers before the first turn and never loses one (CQ-SETUP-2)")
            hired = total - FREE_FOLLOWERS
            may = own[p] - (1 if p == active and decision == HIRE else 0)
            if hired > may:
                raise PositionError(f"{path}.followers", f"{total} followers after {own[p]} turn(s) of seat {_label(p)}"
                                                         f"{' (this one before its Hire)' if may < own[p] else ''}: "
                                                         f"{FREE_FOLLOWERS} free and at most one hired a turn (CQ-HIRE-1)")
            earned = sum(g.diff[f] for f in range(g.nf) if g.owner[f] == p and g.troop[f] != NO_CARD)
            least = START_COINS + earned - HIRE_COST * hired
            if s.coins < least:
                raise PositionError(f"{path}.coins", f"is {s.coins}, but seat {_label(p)} started with {START_COINS}, earned "
                                                     f"{earned} by its conquests and paid {HIRE_COST} for each of its "
                                                     f"{hired} hired follower(s): more coins spent than held (coins "
                                                     f"change only by rewards, hires and magic, CQ-COINS-1)")
            before_tasks = own[p] == 0 or (p == active and own[p] == 1 and decision in (HIRE, MULLIGAN))
            if before_tasks and len(s.hand) != HAND_SIZE:
                raise PositionError(f"{path}.hand", f"{len(s.hand)} cards, but seat {_label(p)} has not yet played a "
                                                    f"task: it holds the {HAND_SIZE} cards dealt (CQ-SETUP-1)")
            if own[p] == 0 and s.coins != START_COINS:
                raise PositionError(f"{path}.coins", f"is {s.coins}, but seat {_label(p)} has not had a turn yet: it holds "
                                                     f"the {START_COINS} of the setup (CQ-SETUP-1)")

    @staticmethod
    def followers(g: Game, seats: list[dict[str, Any]], first: int, n: int, order: str) -> None:
        """Before the first turn: who is taking the free followers, from the followers held."""
        round1 = [seat_of_turn(t, n, first, order) for t in range(1, n + 1)]
        pos = next((k for k, p in enumerate(round1) if sum(g.seats[p].fol) < FREE_FOLLOWERS), None)
        if pos is None:
            raise PositionError("decision", "followers: every player has taken the two free followers: the first turn "
                                            "has begun (CQ-SETUP-2)")
        for k, p in enumerate(round1):
            held = sum(g.seats[p].fol)
            want = FREE_FOLLOWERS if k < pos else 0 if k > pos else held
            if held != want:
                raise PositionError(f"seats[{p}].followers",
                                    f"{held} follower(s) before the first turn, but the free followers are taken in "
                                    f"turn order ({', '.join(_label(q) for q in round1)}) and seat "
                                    f"{_label(round1[pos])} is taking its own: seat {_label(p)} holds {want} (CQ-SETUP-2)")
        g.pos = pos
        g.decider = round1[pos]
        g.picks = sum(g.seats[g.decider].fol)


def _radius(nf: int) -> int:
    r = 0
    while 3 * r * (r + 1) + 1 < nf:
        r += 1
    return r


def _why_not_asked(g: Game) -> str | None:
    """Why the engine would not stop at the game's decision in this state (None when it would)."""
    d, p = g.decision, g.active
    s = g.seats[p]
    who = f"seat {_label(p)}"
    if d == HIRE and s.coins < HIRE_COST:
        return f"{who} has {s.coins} coins: hiring costs {HIRE_COST} and the engine skips the decision (CQ-HIRE-1)"
    if d == MULLIGAN:
        if s.own_turns != 1:
            return f"the mulligan is offered on a player's first turn only; this is {who}'s turn {s.own_turns} (CQ-MULLIGAN-1)"
        if not g.may_mulligan(p):
            return f"a troop in {who}'s hand can conquer a field with its followers: no mulligan (CQ-MULLIGAN-1)"
    if d == TASKS and not g.has_task(p):
        return f"{who} can play no card in Complete Tasks: the engine goes on to the Draw step by itself"
    if d == EXCHANGE and len(s.hand) < 2:
        return f"{who} holds {len(s.hand)} card(s): an exchange needs two, and the engine goes on (CQ-DRAW-2)"
    if d == EXCHANGE and len(s.hand) - len(g.exchanging) < 2:
        return (f"{who} has chosen {len(g.exchanging)} of its {len(s.hand)} cards for the exchange: with fewer than two "
                "left to choose the engine makes the exchange at once (CQ-DRAW-2)")
    return None


def _seat_list(mask: int, n: int) -> list[int]:
    """The seats of a bit mask (bit ``p``: seat ``p``), in seat order."""
    return [p for p in range(n) if mask >> p & 1]


def load_position(data: Mapping[str, Any], catalog: Any, *, dice: Sequence[int] | None = None) -> Game:
    """A game of ``conquest`` set up from a position (docs/positions.md) over ``catalog``. ``dice``
    must be None: Conquest has no dice (its chance is written in the position). A position that
    cannot be set up raises :class:`~fwlab.rules.core.PositionError` naming the field."""
    return _Loader(catalog).load(data, dice)


# ---------------------------------------------------------------------- printing
def _card(g: Game, iid: int) -> dict[str, Any]:
    return {"id": iid, "card": g.defs[iid].name}


def position_of(g: Game, *, deck: bool = False) -> dict[str, Any]:
    """The position of a game in the JSON shape of docs/positions.md (``deck=True``: the deck as
    cards, top first, instead of ``deck_size``)."""
    out: dict[str, Any] = {
        "ruleset": "conquest", "turn": g.turn, "active": g.active, "decision": g.decision_name,
        "legal_actions": [str(a) for a in g.legal_actions()], "terminal": g.is_terminal(),
        "outcome": None if g.outcome is None else {"places": list(g.outcome.places),
                                                   "end_reason": g.outcome.end_reason},
    }
    out["seats"] = [{"coins": s.coins, "followers": _kinds(s.fol), "expended": _kinds(s.exp),
                     "hand": [_card(g, i) for i in s.hand], "turns": s.own_turns, "fields": s.fields}
                    for s in g.seats]
    out["first"] = g.first
    out["round"] = g.round
    out["idle"] = g.idle
    out["idle_seats"] = _seat_list(g.idle_seats, g.num_seats)
    fields = board_fields(g.radius)
    board = []
    for f in range(g.nf):
        e: dict[str, Any] = {"field": f, "at": list(fields[f]), "difficulty": g.diff[f]}
        if g.owner[f] >= 0:
            e["owner"] = g.owner[f]
            e["turn"] = g.taken_turn[f]
            if g.troop[f] != NO_CARD:
                e["troop"] = _card(g, g.troop[f])
            if g.fort[f] != NO_CARD:
                e["fortification"] = _card(g, g.fort[f])
        board.append(e)
    out["board"] = board
    if deck:
        out["deck"] = [_card(g, i) for i in reversed(g.deck)]
    else:
        out["deck_size"] = len(g.deck)
    out["discard"] = [_card(g, i) for i in g.discard]
    if g.boost:
        out["boost"] = g.boost
    if g.steal:
        out["steal"] = True
    if g.exchanging:
        out["exchanging"] = [_card(g, i) for i in g.exchanging]
    if g.seed:
        out["seed"] = g.seed
    opts: dict[str, Any] = {}
    if g.radius != RADIUS:
        opts["board_radius"] = g.radius
    if sorted(g.diff) != sorted(DIFFICULTIES):
        opts["difficulties"] = sorted(g.diff)
    if g.turn_order != REVERSE_FIRST:
        opts["turn_order"] = g.turn_order
    if g.idle_end != EVERY_PLAYER:
        opts["idle_end"] = g.idle_end
    if g.idle_turns:
        opts["idle_turns"] = g.idle_turns
    if g.finish_round:
        opts["finish_round"] = True
    if opts:
        out["options"] = opts
    return out


# ---------------------------------------------------------------------- the text form
def render_position(pos: Mapping[str, Any], deciding: int) -> str:
    """A position dict (``position_of``) as a readable board: a header, the hex map (each field as
    ``number|difficulty`` and its owner: ``.`` untaken, ``a`` claimed, ``A`` conquered, ``*``
    fortified), the fields taken, each seat, the piles, then the legal actions or the outcome."""
    seats = pos["seats"]
    n = len(seats)
    terminal = pos.get("terminal")
    head = f"conquest · {n} players · turn {pos['turn']} (round {pos.get('round', '?')}) · seat " \
           f"{_label(pos['active'])} active · "
    head += f"decision: {pos['decision']} (seat {_label(deciding)} decides)" if not terminal else "game over"
    lines = [head]
    board = pos.get("board", [])
    if board:
        cells: dict[tuple[int, int], str] = {}
        radius = max(max(abs(e["at"][0]), abs(e["at"][1]), abs(e["at"][0] + e["at"][1])) for e in board)
        for e in board:
            o = e.get("owner", -1)
            mark = "." if o is None or o < 0 else _label(o).upper() if e.get("troop") else _label(o)
            cells[(e["at"][0], e["at"][1])] = f"{e['field']:>2}|{e['difficulty']:<2}{mark}{'*' if e.get('fortification') else ' '}"
        lines.append("board (field|difficulty, then . untaken, a claimed, A conquered, * fortified):")
        for r in range(-radius, radius + 1):
            row = [cells.get((q, r), "") for q in range(-radius, radius + 1) if (q, r) in cells]
            lines.append("  " + " " * (4 * abs(r)) + " ".join(row).rstrip())
        for e in board:
            o = e.get("owner", -1)
            if o is None or o < 0:
                continue
            what = (f"{e['troop']['card']} #{e['troop']['id']}" if e.get("troop") else "claimed")
            if e.get("fortification"):
                what += f" + {e['fortification']['card']} #{e['fortification']['id']}"
            lines.append(f"  field {e['field']} {e['at']} difficulty {e['difficulty']}: seat {_label(o)}, {what} "
                         f"(turn {e.get('turn', '?')})")
    for p, s in enumerate(seats):
        fol = s.get("followers", {})
        exp = s.get("expended", {})
        folt = ", ".join(f"{fol.get(k, 0)} {k}" for k in FOLLOWER_NAMES)
        expt = _fmt_kinds([exp.get(k, 0) for k in FOLLOWER_NAMES])
        lines.append(f"seat {_label(p)}{' (active)' if p == pos['active'] else ''}: {s['coins']} coins · followers "
                     f"{folt}" + (f" (expended: {expt})" if expt != "none" else "")
                     + f" · {s.get('turns', '?')} turn(s) · {s.get('fields', '?')} field(s)")
        hand = s.get("hand", [])
        lines.append("  hand: " + (", ".join(f"{c['card']} #{c['id']}" for c in hand) if hand else "(empty)"))
    deck = pos["deck_size"] if "deck_size" in pos else len(pos.get("deck", []))
    discard = pos.get("discard", [])
    lines.append(f"deck {deck} · discard {len(discard)}" + (f": {', '.join(c['card'] for c in discard)}"
                                                            if discard else ""))
    if pos.get("boost"):
        lines.append(f"this turn: boost +{pos['boost']} for the next troop")
    if pos.get("steal"):
        lines.append("this turn: opponents' support counts for the next conquest")
    if pos.get("exchanging"):
        lines.append("chosen for the exchange: " + ", ".join(f"{c['card']} #{c['id']}" for c in pos["exchanging"])
                     + " (done makes it)")
    if pos.get("idle"):
        idle_seats = pos.get("idle_seats")
        since = ("" if idle_seats is None else
                 f"; seat(s) {', '.join(_label(p) for p in idle_seats)} of {n} have had a turn since")
        lines.append(f"idle: {pos['idle']} turn(s) in a row without a conquest or a Claim{since} (CQ-END-2)")
    if pos.get("options"):
        lines.append("options: " + ", ".join(f"{k}={v}" for k, v in pos["options"].items()))
    out = pos.get("outcome")
    if terminal and out:
        first = [_label(i) for i, place in enumerate(out["places"]) if place == 1]
        who = f"seat {first[0]} wins" if len(first) == 1 else "seats " + ", ".join(first) + " share the win"
        lines.append(f"the game is over: {who} (end reason: {out['end_reason']})")
    else:
        acts = pos.get("legal_actions", [])
        lines.append(f"legal actions ({len(acts)}): " + "; ".join(acts))
    return "\n".join(lines)
