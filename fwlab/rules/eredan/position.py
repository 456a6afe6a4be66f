"""Positions as text for ``eredan`` (docs/positions.md, "Eredan"): :func:`load_position` sets a game
up from a position's JSON, :func:`position_of` prints one back in the same shape, and
:func:`render_position` draws it as a readable board for ``fwlab position show``.

A position names every card by its catalog name; instance ids (the numbers ``play C`` and
``discard C`` use) may be given, and the cards without one get the lowest free ids. Eredan rolls no
dice: its chance is the order of each deck (written top card first) and the initiative (who chose
on turn 1), both written in the position, so a position plus actions is one game exactly.

The game is built as :meth:`~fwlab.rules.eredan.game.Game.clone` builds one (the engine's empty
shell, then every zone laid out), and every part of it is checked to be one the engine could
reach: Life within the printed Life, a side never wholly tapped, items only where the engine would
have put them (class, guild and slot rules, ER-ITEM-2), one guild a side, a fight whose steps,
chains and cards fit the order of play (ER-ORDER-1, ER-CHAIN-1..3), hands of five at the choice
(ER-HAND-1), scores at least the Life the enemy has lost (ER-SCORE-1), and no finished game. A
position that is not is a :class:`~fwlab.rules.core.PositionError` naming the field.

Not compiled (it runs once per position, not per decision).
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping, Sequence
from typing import Any

from ..core import GameRecord, PositionError
from ..options import OptionError, check_options
from .cards import (
    ANY,
    ATT,
    DEF,
    FILTER_CODES,
    ITEM,
    MAGE,
    OP_ATT,
    OP_DAMAGE,
    OP_DEF,
    OP_RETRIEVE,
    OP_SPIRIT,
    OTHER,
    SPIRIT,
    T_ALLIES,
    T_ALLY,
    T_ENEMIES,
    T_FOE,
    T_SELF,
    CardDef,
    compile_card,
    passes,
)
from .game import (
    ARMOUR_WORN,
    CHOOSE,
    DECISION_NAMES,
    DECK_OUT,
    DISCARD,
    FITS,
    MERCENARY,
    NO_CHAIN,
    PLAY,
    TWO_HANDED,
    TWO_WEAPONS,
    Game,
    chain_after,
    deck_guild,
    slot_check,
    why_not_for,
)
from .rule_options import OPTIONS
from .state import CHARACTERS, HAND, Character, Seat

__all__ = ["SETTABLE", "load_position", "position_of", "render_position"]

#: The decisions a position may ask (every decision of the engine but the end).
SETTABLE: dict[str, int] = {"choose": CHOOSE, "play": PLAY, "discard": DISCARD}
STATS = (("att", ATT), ("def", DEF), ("spirit", SPIRIT))
STAT_OPS = {OP_ATT: ATT, OP_DEF: DEF, OP_SPIRIT: SPIRIT}
MAX_ID = 100_000
STEPS = ("the choosing player's first card", "the other player's first card", "the choosing player's second card",
         "the other player's second card")

# the keys each object may have: (read, printed only: checked when given)
Keys = tuple[frozenset[str], frozenset[str]]
NONE: frozenset[str] = frozenset()
TOP_KEYS: Keys = (frozenset({"ruleset", "turn", "active", "initiative", "decision", "seats", "fight", "discard_passed",
                             "seed", "options", "filler"}),
                  frozenset({"legal_actions", "terminal", "outcome", "played"}))
SEAT_KEYS: Keys = (frozenset({"score", "decked", "characters", "hand", "deck", "deck_size", "discard"}), NONE)
CHAR_KEYS: Keys = (frozenset({"card", "life", "tapped", "dead", "items", "buff", "order_bonuses"}),
                   frozenset({"max_life", "att", "def", "spirit"}))
ITEM_KEYS: Keys = (frozenset({"id", "card", "played_by"}), NONE)
PLAYED_BY_KEYS: Keys = (frozenset({"seat", "character"}), NONE)
CARD_KEYS: Keys = (frozenset({"id", "card"}), NONE)
FIGHT_KEYS: Keys = (frozenset({"step", "seats"}), NONE)
FIGHT_SEAT_KEYS: Keys = (frozenset({"character", "chain", "cards"}), frozenset({"no_strike"}))
BUFF_KEYS: Keys = (frozenset(k for k, _ in STATS), NONE)
CHAIN_NAMES: dict[str, int] = {"any": ANY, **FILTER_CODES}


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


def _seat(path: str, raw: Any) -> int:
    """A seat as 0/1 or its label a/b."""
    if isinstance(raw, str) and raw in ("a", "b"):
        return "ab".index(raw)
    return _int(path, raw, 0, 1)


def _label(p: int) -> str:
    return "ab"[p]


def _chain_name(code: int) -> str | None:
    if code == NO_CHAIN:
        return None
    for k, v in CHAIN_NAMES.items():
        if v == code:
            return k
    return str(code)


class _Card:
    """One card instance read from the position: where it was written, its id (given or not yet)."""

    __slots__ = ("path", "id", "d", "owner")

    def __init__(self, path: str, iid: int | None, d: CardDef, owner: int) -> None:
        self.path, self.id, self.d, self.owner = path, iid, d, owner

    @property
    def iid(self) -> int:
        assert self.id is not None
        return self.id


class _Char:
    """A character read from the position (its items are read with it)."""

    __slots__ = ("path", "d", "raw", "life", "dead", "tapped", "items", "buff", "allbonus")

    def __init__(self, path: str, d: CardDef, raw: Mapping[str, Any]) -> None:
        self.path, self.d, self.raw = path, d, raw
        self.life, self.dead, self.tapped, self.allbonus = d.life, False, False, False
        #: (item, (seat, index) of the character that played it, or None: the bearer)
        self.items: list[tuple[_Card, tuple[int, int] | None]] = []
        self.buff = [0, 0, 0]


# ---------------------------------------------------------------------- loading
class _Loader:
    def __init__(self, catalog: Any) -> None:
        self.cards_of: Mapping[str, Any] = catalog.cards if hasattr(catalog, "cards") else catalog
        self.cards: list[_Card] = []
        self.given: dict[int, str] = {}

    # ------------------------------------------------------------------ cards
    def card_def(self, path: str, name: Any) -> CardDef:
        if not isinstance(name, str):
            raise PositionError(path, f"a card is written by its catalog name, not {name!r}")
        card = self.cards_of.get(name)
        if card is None:
            near = difflib.get_close_matches(name, list(self.cards_of), n=1)
            hint = f" (did you mean {near[0]!r}?)" if near else ""
            raise PositionError(path, f"unknown card {name!r}: not in the eredan catalog{hint}")
        return compile_card(card)

    def card(self, path: str, raw: Any, owner: int, keys: Keys = CARD_KEYS) -> tuple[_Card, Mapping[str, Any]]:
        """A deck card written as its name or as an object with ``card`` (and ``id``, ...)."""
        obj: Mapping[str, Any] = {"card": raw} if isinstance(raw, str) else _obj(path, raw, keys)
        if "card" not in obj:
            raise PositionError(f"{path}.card", "is missing (the card's catalog name)")
        at = path if isinstance(raw, str) else f"{path}.card"
        d = self.card_def(at, obj["card"])
        if d.is_character:
            raise PositionError(at, f"{d.name} is a character: characters are written in 'characters', "
                                    "the deck holds the 20 other cards")
        iid: int | None = None
        if "id" in obj:
            iid = _int(f"{path}.id", obj["id"], 0, MAX_ID)
            other = self.given.get(iid)
            if other is not None:
                raise PositionError(f"{path}.id", f"id {iid} is given twice (also at {other}): one card instance "
                                                  "cannot be in two places")
            self.given[iid] = path
        c = _Card(path, iid, d, owner)
        self.cards.append(c)
        return c, obj

    def names(self, path: str, raw: Any, owner: int) -> list[_Card]:
        return [self.card(f"{path}[{i}]", r, owner)[0] for i, r in enumerate(_list(path, raw))]

    def allocate_ids(self) -> tuple[int, bool]:
        """Give every card without an id the lowest free one: (the number of ids, whether some are unused)."""
        free = (i for i in range(MAX_ID + len(self.cards) + 1) if i not in self.given)
        for c in self.cards:
            if c.id is None:
                c.id = next(free)
        n = 1 + max((c.iid for c in self.cards), default=-1)
        return n, n != len(self.cards)

    # ------------------------------------------------------------------ a seat
    def characters(self, path: str, raw: Any, p: int, decision: int) -> list[_Char]:
        rows = _list(path, raw)
        if len(rows) != CHARACTERS:
            raise PositionError(path, f"a side has {CHARACTERS} characters (ER-SETUP-1), not {len(rows)}")
        out: list[_Char] = []
        for i, r in enumerate(rows):
            at = f"{path}[{i}]"
            obj: Mapping[str, Any] = {"card": r} if isinstance(r, str) else _obj(at, r, CHAR_KEYS)
            if "card" not in obj:
                raise PositionError(f"{at}.card", "is missing (the character's catalog name)")
            cat_at = at if isinstance(r, str) else f"{at}.card"
            d = self.card_def(cat_at, obj["card"])
            if not d.is_character:
                raise PositionError(cat_at, f"{d.name} is not a character")
            if any(c.d.name == d.name for c in out):
                raise PositionError(cat_at, f"{d.name} is there twice: the three characters of a side are "
                                            "different cards (ER-SETUP-1)")
            c = _Char(at, d, obj)
            c.dead = _bool(f"{at}.dead", obj.get("dead", False))
            c.life = _int(f"{at}.life", obj.get("life", 0 if c.dead else d.life), 0, d.life)
            if c.dead and c.life:
                raise PositionError(f"{at}.life", f"{d.name} is dead: the dead stay at 0 Life (ER-DEATH-1)")
            if not c.dead and c.life == 0 and decision != PLAY:
                raise PositionError(f"{at}.life", f"{d.name} at 0 Life would have died at the end of the fight "
                                                  f"(ER-DEATH-1); only in a fight (decision play) can a living "
                                                  f"character be at 0")
            c.tapped = _bool(f"{at}.tapped", obj.get("tapped", False))
            for j, ir in enumerate(_list(f"{at}.items", obj.get("items", []))):
                ipath = f"{at}.items[{j}]"
                item, iobj = self.card(ipath, ir, p, ITEM_KEYS)
                by = _played_by(f"{ipath}.played_by", iobj["played_by"], p) if "played_by" in iobj else None
                if by is not None:
                    item.owner = by[0]  # a Craftsman item on an enemy is its player's card (ER-CLASS-3)
                c.items.append((item, by))
            if c.dead and c.items:
                raise PositionError(f"{at}.items", f"{d.name} is dead: the items of a dead character go to the "
                                                   "discard pile (ER-DEATH-1)")
            if "buff" in obj:
                b = _obj(f"{at}.buff", obj["buff"], BUFF_KEYS)
                for k, st in STATS:
                    if k in b:
                        c.buff[st] = _int(f"{at}.buff.{k}", b[k])
            c.allbonus = _bool(f"{at}.order_bonuses", obj.get("order_bonuses", False))
            if decision != PLAY and (any(c.buff) or c.allbonus):
                key = "buff" if any(c.buff) else "order_bonuses"
                raise PositionError(f"{at}.{key}", f"lasts for the fight only: there is none in the "
                                                   f"{DECISION_NAMES[decision]} decision")
            if c.dead and (any(c.buff) or c.allbonus):
                raise PositionError(f"{at}.buff" if any(c.buff) else f"{at}.order_bonuses",
                                    f"{d.name} is dead: cards act on living characters only")
            out.append(c)
        return out

    def deck(self, path: str, s: Mapping[str, Any], filler: Any, p: int) -> list[_Card]:
        if "deck" in s:
            cards = self.names(f"{path}.deck", s["deck"], p)
            if "deck_size" in s and _int(f"{path}.deck_size", s["deck_size"], 0) != len(cards):
                raise PositionError(f"{path}.deck_size", f"is {s['deck_size']} but the deck lists {len(cards)} cards")
            return cards
        size = _int(f"{path}.deck_size", s.get("deck_size", 0), 0, 1000)
        if size and filler is None:
            raise PositionError(f"{path}.deck_size", f"{size} cards but no 'deck': list the deck (top first), or "
                                                     "name a 'filler' card to fill it with (--filler)")
        return [self.card(f"filler (for {path}.deck_size)", filler, p)[0] for _ in range(size)]

    # ------------------------------------------------------------------ the position
    def load(self, data: Any, dice: Sequence[int] | None) -> Game:
        top = _obj("", data, TOP_KEYS)
        if dice is not None:
            raise PositionError("dice", "Eredan ITCG rolls no dice: its chance is the order of each deck (write "
                                        "'deck', top card first) and the initiative ('initiative'); "
                                        "play without --dice")
        if top.get("terminal") or top.get("outcome") is not None:
            raise PositionError("terminal", "the game is over: a finished game cannot be set up")
        for key in ("ruleset", "turn", "decision", "seats"):
            if key not in top:
                raise PositionError(key, "is missing")
        if top["ruleset"] != "eredan":
            raise PositionError("ruleset", f"{top['ruleset']!r} is not played by this engine (eredan)")
        opts = _rule_options(top.get("options", {}))
        turn = _int("turn", top["turn"], 1, int(opts["turn_cap"]))
        if "active" not in top and "initiative" not in top:
            raise PositionError("active", "is missing (the seat that chooses this turn; or give 'initiative')")
        # the choosing player alternates from the seat that won the initiative (ER-CHOOSE-1)
        if "active" in top:
            active = _seat("active", top["active"])
            first = active if turn % 2 == 1 else 1 - active
            if "initiative" in top and _seat("initiative", top["initiative"]) != first:
                raise PositionError("initiative", f"is seat {_label(_seat('initiative', top['initiative']))}, but "
                                                  f"seat {_label(active)} chooses on turn {turn}: the seat that "
                                                  f"won the initiative chooses on odd turns (ER-CHOOSE-1)")
        else:
            first = _seat("initiative", top["initiative"])
            active = first if turn % 2 == 1 else 1 - first
        name = top["decision"]
        if name == "terminal":
            raise PositionError("decision", "the game is over: a finished game cannot be set up")
        if name not in SETTABLE:
            raise PositionError("decision", f"unknown decision {name!r} (one of {', '.join(SETTABLE)})")
        decision = SETTABLE[str(name)]
        seed = _int("seed", top.get("seed", 0))
        seats_raw = _list("seats", top["seats"])
        if len(seats_raw) != 2:
            raise PositionError("seats", f"eredan is a game for 2 seats; the position has {len(seats_raw)}")
        filler = top.get("filler")

        zones: list[dict[str, Any]] = []
        for p, sraw in enumerate(seats_raw):
            path = f"seats[{p}]"
            s = _obj(path, sraw, SEAT_KEYS)
            if "characters" not in s:
                raise PositionError(f"{path}.characters", "is missing (the side's three characters)")
            chars = self.characters(f"{path}.characters", s["characters"], p, decision)
            guilds = sorted({c.d.guild for c in chars if c.d.guild != MERCENARY})
            if len(guilds) > 1:
                raise PositionError(f"{path}.characters", f"characters of {' and '.join(guilds)}: different guilds "
                                                          "cannot be combined in one deck (ER-DECK-3)")
            z: dict[str, Any] = {
                "chars": chars,
                "score": _int(f"{path}.score", s.get("score", 0), 0),
                "decked": _bool(f"{path}.decked", s.get("decked", False)),
                "hand": self.names(f"{path}.hand", s.get("hand", []), p),
                "discard": self.names(f"{path}.discard", s.get("discard", []), p),
            }
            z["deck"] = self.deck(path, s, filler, p)
            zones.append(z)
        fight = self.read_fight(top, decision, zones)
        n, holes = self.allocate_ids()
        opts_game = (int(opts["turn_cap"]), opts["deck_out"] == DECK_OUT[1], bool(opts["zero_life_strikes"]),
                     bool(opts["score_overkill"]))
        g = self.build(opts_game, turn, active, first, seed, zones, n, holes)
        self.check_sides(g, zones, decision, turn)
        self.set_decision(g, top, decision, fight, zones)
        self.check_printed(g, top, zones)
        g.record.options["position"] = position_of(g, deck=True)
        return g

    def read_fight(self, top: Mapping[str, Any], decision: int,
                   zones: list[dict[str, Any]]) -> dict[str, Any] | None:
        if "fight" not in top:
            if decision == PLAY:
                raise PositionError("fight", "is missing: the play decision is asked during a fight (the characters "
                                             "chosen, the step, each side's chain and cards)")
            return None
        if decision != PLAY:
            raise PositionError("fight", f"there is no fight in the {DECISION_NAMES[decision]} decision (it begins "
                                         "with 'choose' and is over by the Discard step)")
        f = _obj("fight", top["fight"], FIGHT_KEYS)
        step = _int("fight.step", f.get("step", 0), 0, 3)
        if "seats" not in f:
            raise PositionError("fight.seats", "is missing (each side's character in the fight)")
        rows = _list("fight.seats", f["seats"])
        if len(rows) != 2:
            raise PositionError("fight.seats", f"one entry per seat (2), not {len(rows)}")
        sides = []
        for p, r in enumerate(rows):
            at = f"fight.seats[{p}]"
            o = _obj(at, r, FIGHT_SEAT_KEYS)
            if "character" not in o:
                raise PositionError(f"{at}.character", "is missing (the index 0..2 of the side's character in the "
                                                       "fight)")
            idx = _int(f"{at}.character", o["character"], 0, CHARACTERS - 1)
            ch = zones[p]["chars"][idx]
            if ch.dead:
                raise PositionError(f"{at}.character", f"{ch.d.name} is dead and cannot fight")
            if ch.tapped:
                raise PositionError(f"{at}.character", f"{ch.d.name} is tapped: it could not have been chosen, and "
                                                       "the fighters are tapped only after the fight (ER-TAP-1)")
            raw_chain = o.get("chain")
            if raw_chain is None:
                chain = NO_CHAIN
            elif isinstance(raw_chain, str) and raw_chain in CHAIN_NAMES:
                chain = CHAIN_NAMES[raw_chain]
            else:
                raise PositionError(f"{at}.chain", f"{raw_chain!r} is no chain: null (none), or one of "
                                                   f"{', '.join(CHAIN_NAMES)}")
            cards = self.names(f"{at}.cards", o.get("cards", []), p)
            sides.append({"path": at, "idx": idx, "chain": chain, "cards": cards, "raw": o})
        return {"step": step, "sides": sides}

    def build(self, opts: tuple[int, bool, bool, bool], turn: int, active: int, first: int, seed: int,
              zones: list[dict[str, Any]], n: int, holes: bool) -> Game:
        turn_cap, deck_out_loses, zero_life_strikes, score_overkill = opts
        # the engine's empty shell (what clone() fills in): every attribute the engine has exists
        g = Game(None, seed, None, True, turn_cap, -1, False, deck_out_loses, zero_life_strikes, score_overkill)
        defs: list[CardDef | None] = [None] * n
        owner = [0] * n
        for c in self.cards:
            defs[c.iid] = c.d
            owner[c.iid] = c.owner
        hole = next((d for d in defs if d is not None), None)
        g.defs = [d if d is not None else hole for d in defs]  # type: ignore[misc]  # holes: ids in no zone
        g.owner = owner
        # per-card logs only when every id is a card (the match logs' statistics start afresh)
        g.log_cards = not holes
        m = n if g.log_cards else 0
        g.drawn_turn, g.played_turn, g.card_dmg, g.card_score = [-1] * m, [-1] * m, [0] * m, [0] * m
        names: list[list[str]] = [[], []]
        seats: list[Seat] = []
        for p, z in enumerate(zones):
            chars = [Character(i, c.d, p) for i, c in enumerate(z["chars"])]
            names[p] = [c.d.name for c in z["chars"]]
            s = Seat(p, chars, [c.iid for c in reversed(z["deck"])], deck_guild([c.d for c in z["chars"]]))
            s.hand = [c.iid for c in z["hand"]]
            s.discard = [c.iid for c in z["discard"]]
            s.score, s.decked = z["score"], z["decked"]
            for ch, src in zip(chars, z["chars"], strict=True):
                ch.life, ch.dead, ch.tapped = src.life, src.dead, src.tapped
                ch.fmod = list(src.buff)
                ch.allbonus = src.allbonus
            seats.append(s)
        for c in sorted(self.cards, key=lambda c: c.iid):
            names[c.owner].append(c.d.name)
        g.seats = seats
        g.turn, g.first, g.chooser, g.decider = turn, first, active, active
        g.decision = CHOOSE
        g.outcome = None
        g.record = GameRecord("eredan", seed, first, (tuple(names[0]), tuple(names[1])), options=g.rule_options())
        return g

    # ------------------------------------------------------------------ checks of each side
    def check_sides(self, g: Game, zones: list[dict[str, Any]], decision: int, turn: int) -> None:
        for p, z in enumerate(zones):
            path = f"seats[{p}]"
            s = g.seats[p]
            golem = any(c.d.golem for c in s.chars)
            # cards of another guild: only items, and only in a deck with a Golem (ER-RACE-1)
            # (an item played by the other side is its card, checked by lay_items)
            for c in [*z["hand"], *z["discard"], *z["deck"]] + [it for ch in z["chars"] for it, _ in ch.items
                                                                if it.owner == p]:
                if c.d.guild and c.d.guild != s.guild and not (c.d.type == ITEM and golem):
                    where = f"this side's guild ({s.guild})" if s.guild else "a side of Mercenaries only"
                    raise PositionError(c.path, f"{c.d.name} belongs to the {c.d.guild}, not to {where} "
                                                "(ER-DECK-3; items of another guild only with a Golem, ER-RACE-1)")
            living = [ch for ch in s.chars if not ch.dead]
            if not living:
                raise PositionError(f"{path}.characters", "all three are dead: the game is over (ER-END-1), and a "
                                                          "finished game cannot be set up")
            if all(ch.tapped for ch in living):
                raise PositionError(f"{path}.characters", "every living character of the side is tapped: they would "
                                                          "all have been untapped at the end of the fight (ER-TAP-1)")
            self.lay_items(g, z, p)
            if s.decked and s.deck:
                raise PositionError(f"{path}.decked", f"the deck still holds {len(s.deck)} cards: a side is decked "
                                                      "out when its deck cannot refill its hand (ER-END-1)")
            if s.decked and turn == 1:
                raise PositionError(f"{path}.decked", "on turn 1 nobody has refilled yet: a deck-out comes at the "
                                                      "start of a later turn (ER-END-1)")
            if decision == CHOOSE:
                n = len(s.hand)
                if n > HAND:
                    raise PositionError(f"{path}.hand", f"holds {n} cards: the Discard step keeps at most {HAND} "
                                                        "(ER-HAND-1)")
                if n < HAND and s.deck:
                    raise PositionError(f"{path}.hand", f"holds {n} cards while the deck has {len(s.deck)}: hands "
                                                        f"are refilled to {HAND} at the start of a turn (ER-HAND-1)")
                if n < HAND and turn > 1 and not s.decked:
                    raise PositionError(f"{path}.decked", f"the hand could not be refilled to {HAND} ({n} cards, the "
                                                          "deck empty): the side is decked out (ER-END-1); write "
                                                          "\"decked\": true")
            if turn == 1 and decision != DISCARD:  # before the first fight is over
                if any(ch.tapped or ch.dead for ch in s.chars):
                    raise PositionError(f"{path}.characters", "on turn 1 no fight is over yet: nobody is tapped or "
                                                              "dead")
                if s.discard:
                    raise PositionError(f"{path}.discard", "on turn 1 no card has reached the discard pile before "
                                                           "the end of the first fight")
                if decision == CHOOSE:
                    hurt = [ch for ch in s.chars if ch.life != ch.d.life or ch.items]
                    if hurt or s.score:
                        raise PositionError(f"{path}.score" if s.score and not hurt else f"{path}.characters",
                                            "turn 1 before the first choice is the start of the game: full Life, "
                                            "no items, no score")
        for p in range(2):  # ER-SCORE-1: a score counts every Life removed from enemy characters
            q = 1 - p
            lost = sum(ch.d.life - ch.life for ch in g.seats[q].chars)
            self_harm = any(e.op == OP_DAMAGE and e.target in (T_SELF, T_ALLY, T_ALLIES)
                            for c in self.cards if c.owner == q for e in c.d.effects)
            if g.seats[p].score < lost and not self_harm:
                raise PositionError(f"seats[{p}].score", f"is {g.seats[p].score}, but seat {_label(q)}'s characters "
                                                         f"have lost {lost} Life: every Life removed from an enemy "
                                                         "counts for the score (ER-SCORE-1)")

    def lay_items(self, g: Game, z: dict[str, Any], p: int) -> None:
        """Put each character's items on it, each checked as the engine checks a card played (class,
        guild, Golem, slot), and give the stat changes the engine would have given (ER-ITEM-1)."""
        s = g.seats[p]
        for ch, src in zip(s.chars, z["chars"], strict=True):
            for item, by in src.items:
                d = item.d
                if d.type != ITEM or d.consumable:
                    what = "a potion or scroll is discarded after its fight" if d.type == ITEM else "not an item"
                    raise PositionError(item.path, f"{d.name} cannot be carried ({what}, ER-ITEM-1)")
                if by is not None and not d.ally and by != (p, ch.idx):
                    raise PositionError(f"{item.path}.played_by", f"{d.name} goes on the character that plays it; "
                                                                  "only ally items (a Craftsman's) go on another")
                if by is not None and by[0] != p and not d.anyone:
                    raise PositionError(f"{item.path}.played_by", f"{d.name} is no Craftsman item: only those go on "
                                                                  "a character of the other side (ER-CLASS-3)")
                ps = g.seats[by[0]] if by is not None else s  # the side that played it
                player = ps.chars[by[1] if by is not None else ch.idx]
                at = f"{item.path}.played_by" if by is not None else item.path
                why = why_not_for(d, player.d, ps.guild)
                if why is not None:
                    raise PositionError(at, f"{why}: it could not have been played")
                if d.guild and d.guild != ps.guild and player is not ch:
                    raise PositionError(at, f"only the Golem {player.d.name} may carry {d.name} of another guild "
                                            "(ER-RACE-1)")
                slot = slot_check(g.defs, d, ch)
                if slot != FITS:
                    held = ", ".join(g.defs[i].name for i in ch.items)
                    raise PositionError(item.path, f"{d.name} does not fit beside {held} on {ch.d.name}: "
                                                   f"{_slot_reason(slot)} (ER-ITEM-2)")
                ch.items.append(item.iid)
                try:
                    mods = _item_mods(g, d, ch, player)
                except ValueError as exc:
                    raise PositionError(item.path, str(exc)) from None
                for seat, idx, st, n in mods:
                    g.seats[seat].chars[idx].equip[st] += n
                    g.item_mods.append((item.iid, seat, idx, st, n))

    # ------------------------------------------------------------------ the decision
    def set_decision(self, g: Game, top: Mapping[str, Any], decision: int, fight: dict[str, Any] | None,
                     zones: list[dict[str, Any]]) -> None:
        chooser, other = g.chooser, 1 - g.chooser
        passed = _int("discard_passed", top.get("discard_passed", 0), 0, 1)
        if passed and decision != DISCARD:
            raise PositionError("discard_passed", "counts the players done with the Discard step: only in the "
                                                  "discard decision")
        if decision == CHOOSE:
            g.decision, g.decider = CHOOSE, chooser
            return
        if decision == DISCARD:
            if passed and len(g.seats[chooser].hand) > HAND:
                raise PositionError("discard_passed", f"seat {_label(chooser)} holds {len(g.seats[chooser].hand)} "
                                                      f"cards and could not have passed (ER-HAND-1: at most {HAND})")
            g.decision, g.decider, g.d_done = DISCARD, (other if passed else chooser), passed
            return
        assert fight is not None
        step, sides = fight["step"], fight["sides"]
        g.f_char = [sides[0]["idx"], sides[1]["idx"]]
        g.f_step = step
        g.f_chain = [sides[0]["chain"], sides[1]["chain"]]
        g.decision = PLAY
        # what each seat has played so far (ER-ORDER-1): the chooser's first at step >= 1, the other's
        # first at step >= 2, the chooser's second (after its chain) at step 3
        done = {chooser: 0 if step == 0 else 1 + (step == 3 and g.f_chain[chooser] != NO_CHAIN),
                other: 1 if step >= 2 else 0}
        if step == 2 and g.f_chain[chooser] == NO_CHAIN:
            raise PositionError("fight.step", f"step 2 ({STEPS[2]}) comes only after a first card that opened a "
                                              f"chain: seat {_label(chooser)}'s chain is null (ER-CHAIN-1)")
        if step == 3 and g.f_chain[other] == NO_CHAIN:
            raise PositionError("fight.step", f"step 3 ({STEPS[3]}) comes only after a first card that opened a "
                                              f"chain: seat {_label(other)}'s chain is null (ER-CHAIN-1)")
        for p in (0, 1):
            side = sides[p]
            at = side["path"]
            fighter = g.seats[p].chars[side["idx"]]
            chain = side["chain"]
            cards: list[_Card] = side["cards"]
            if chain != NO_CHAIN and done[p] == 0:
                raise PositionError(f"{at}.chain", f"seat {_label(p)} has not played its first card yet (step "
                                                   f"{step}): no chain is open")
            if len(cards) > done[p]:
                raise PositionError(f"{at}.cards", f"seat {_label(p)} has played {done[p]} card(s) by step {step}, "
                                                   f"not {len(cards)}")
            for c in cards:
                if c.d.type == ITEM and not c.d.consumable:
                    raise PositionError(c.path, f"{c.d.name} stays on the character that carries it: write it in "
                                                "its 'items' (cards here go to the discard pile after the fight)")
                why = why_not_for(c.d, fighter.d, g.seats[p].guild)
                if why is not None:
                    raise PositionError(c.path, f"{why}: it could not have been played in this fight")
            self.check_chain(g, p, fighter, chain, cards, done[p], at)
            for c in cards:
                g.f_cards.append(c.iid)
            # ER-CLASS-2: a pure Mage's damaging spell replaced its strike
            g.f_nophys[p] = fighter.d.classes == MAGE and any(c.d.damaging for c in cards)
            if "no_strike" in side["raw"] and _bool(f"{at}.no_strike", side["raw"]["no_strike"]) != g.f_nophys[p]:
                raise PositionError(f"{at}.no_strike", f"is worked out, not set: {fighter.d.name} "
                                                       f"{'loses' if g.f_nophys[p] else 'keeps'} its strike "
                                                       "(ER-CLASS-2: a pure Mage that cast a damaging spell)")
            # ER-RETRIEVE-1: the retrievals of the cards played wait for the end of the fight
            for c in cards:
                for n, kind in _retrievals(c.d, fighter.d):
                    g.f_retrieve.append((p, n, kind))
        g.decider = chooser if step % 2 == 0 else other

    @staticmethod
    def check_chain(g: Game, p: int, fighter: Character, chain: int, cards: list[_Card], done: int, at: str) -> None:
        """Whether the chain written for seat ``p`` is the one its first card opened (ER-CHAIN-1..3)."""

        def opens(d: CardDef) -> bool:
            return chain_after(d, fighter.d) == chain

        if chain == NO_CHAIN:
            if cards and not opens(cards[0].d):
                name = _chain_name(chain_after(cards[0].d, fighter.d))
                raise PositionError(f"{at}.chain", f"{cards[0].d.name}, played first for {fighter.d.name}, opens a "
                                                   f"chain ({name}): write \"chain\": \"{name}\" (ER-CHAIN-1..3)")
            return
        # a lasting item played first (it is on a character now) may have opened the chain
        by_item = any(opens(g.defs[i]) for ch in g.seats[p].chars for i in ch.items)
        if len(cards) == 2:
            ok = opens(cards[0].d) and passes(cards[1].d, chain)
        elif len(cards) == 1:
            ok = opens(cards[0].d) or (done == 2 and by_item and passes(cards[0].d, chain))
        else:
            ok = by_item
        if not ok:
            raise PositionError(f"{at}.chain", f"chain {_chain_name(chain)!r} is not what seat {_label(p)}'s first "
                                               f"card opens for {fighter.d.name} (the cards played: "
                                               f"{', '.join(c.d.name for c in cards) or 'none'}; ER-CHAIN-1..3)")

    def check_printed(self, g: Game, top: Mapping[str, Any], zones: list[dict[str, Any]]) -> None:
        """Printed values given in the file must be the ones the engine works out."""
        for p, z in enumerate(zones):
            for ch, src in zip(g.seats[p].chars, z["chars"], strict=True):
                if "max_life" in src.raw and _int(f"{src.path}.max_life", src.raw["max_life"]) != ch.d.life:
                    raise PositionError(f"{src.path}.max_life", f"is {src.raw['max_life']}, but {ch.d.name}'s "
                                                                f"printed Life is {ch.d.life} (printed, not set)")
                for key, st in STATS:
                    if key in src.raw:
                        want = _int(f"{src.path}.{key}", src.raw[key])
                        have = g.stat(ch, st)
                        if ch.dead or want != have:
                            raise PositionError(f"{src.path}.{key}", f"is {want}, but {ch.d.name} has {key} "
                                                f"{'none (it is dead)' if ch.dead else have} now; att/def/spirit "
                                                "are worked out from the card, its items and the fight, not set "
                                                "(leave them out)")
        if "legal_actions" in top:
            given = top["legal_actions"]
            legal = [str(a) for a in g.legal_actions()]
            if given != legal:
                raise PositionError("legal_actions", f"are {'; '.join(legal)} in this position, not "
                                                     f"{given!r}: they are printed, not set (leave them out)")


def _slot_reason(why: int) -> str:
    """What a :func:`~fwlab.rules.eredan.game.slot_check` other than FITS means."""
    if why == ARMOUR_WORN:
        return "a character wears one armour"
    if why == TWO_WEAPONS:
        return "a character wields two weapons at most"
    if why == TWO_HANDED:
        return "a two-handed weapon fills both hands"
    return "a second one-handed weapon needs Dual Wield on one of the two"


def _played_by(path: str, raw: Any, p: int) -> tuple[int, int]:
    """An item's ``played_by``: the index of a character of its bearer's side (seat ``p``), or
    ``{"seat", "character"}`` for a character of either side (ER-CLASS-3: a Craftsman item on an enemy)."""
    if isinstance(raw, Mapping):
        o = _obj(path, raw, PLAYED_BY_KEYS)
        for key in ("seat", "character"):
            if key not in o:
                raise PositionError(f"{path}.{key}", "is missing (played_by names a seat and its character 0..2)")
        return _seat(f"{path}.seat", o["seat"]), _int(f"{path}.character", o["character"], 0, CHARACTERS - 1)
    return p, _int(path, raw, 0, CHARACTERS - 1)


def _rule_options(raw: Any) -> dict[str, Any]:
    declared = OPTIONS
    opts = _obj("options", raw, (frozenset(o.name for o in declared), NONE))
    try:
        checked = check_options("eredan", declared, dict(opts))
    except OptionError as exc:
        raise PositionError(f"options.{exc.name}", str(exc)) from None
    return {**{o.name: o.default for o in declared}, **checked}


def _bearer_ok(d: CardDef, me: CardDef) -> list[bool]:
    """Per effect of ``d`` played for ``me``: whether it applies (its bearer condition, ER-ITEM-1),
    as :meth:`Game._play` decides."""
    matched = any(e.bearer and e.bearer != OTHER and e.bearer in me.tags for e in d.effects)
    out = []
    for e in d.effects:
        if not e.bearer:
            out.append(True)
        elif e.bearer == OTHER:
            out.append(not matched)
        else:
            out.append(e.bearer in me.tags)
    return out


def _retrievals(d: CardDef, me: CardDef) -> list[tuple[int, int]]:
    return [(e.n, e.kind) for e, ok in zip(d.effects, _bearer_ok(d, me), strict=True) if ok and e.op == OP_RETRIEVE]


def _item_mods(g: Game, d: CardDef, holder: Character, player: Character) -> list[tuple[int, int, int, int]]:
    """The lasting stat changes (seat, character, stat, n) item ``d`` gave when ``player`` played it
    onto ``holder``, on the characters living now (those living now were living then)."""
    out: list[tuple[int, int, int, int]] = []
    p = player.owner  # allies and enemies are the player's (the bearer's unless ER-CLASS-3 put it on an enemy)
    for e, ok in zip(d.effects, _bearer_ok(d, player.d), strict=True):
        if not ok or e.op not in STAT_OPS:
            continue
        st = STAT_OPS[e.op]
        if e.target in (T_SELF, T_ALLY):
            targets = [holder]
        elif e.target in (T_ALLIES, T_ENEMIES):
            targets = [t for t in g.seats[p if e.target == T_ALLIES else 1 - p].chars if not t.dead]
        elif e.target == T_FOE:
            raise ValueError(f"{d.name} changes its bearer's foe for as long as it is carried: such an item "
                             "cannot be set up in a position yet")
        else:
            continue
        for t in targets:
            out.append((t.owner, t.idx, st, e.n))
    return out


def load_position(data: Mapping[str, Any], catalog: Any, *, dice: Sequence[int] | None = None) -> Game:
    """An ``eredan`` game set up from a position (docs/positions.md) over ``catalog``. Eredan has no
    dice: ``dice`` given is a :class:`~fwlab.rules.core.PositionError` saying what its chance is.
    A position that cannot be set up raises a :class:`~fwlab.rules.core.PositionError` naming the field."""
    return _Loader(catalog).load(data, dice)


# ---------------------------------------------------------------------- printing
def position_of(g: Game, *, deck: bool = False) -> dict[str, Any]:
    """The position of a game in the JSON shape of docs/positions.md (``deck=True``: each deck as its
    cards, top first, instead of ``deck_size``)."""
    defs = g.defs
    out: dict[str, Any] = {
        "ruleset": "eredan", "turn": g.turn, "active": g.chooser, "initiative": g.first, "decision": g.decision_name,
        "legal_actions": [str(a) for a in g.legal_actions()], "terminal": g.is_terminal(),
        "outcome": None if g.outcome is None else {"places": list(g.outcome.places),
                                                   "end_reason": g.outcome.end_reason},
    }
    seats = []
    for s in g.seats:
        seat: dict[str, Any] = {"score": s.score}
        if s.decked:
            seat["decked"] = True
        seat["characters"] = [_character(g, s, ch) for ch in s.chars]
        seat["hand"] = [{"id": i, "card": defs[i].name} for i in s.hand]
        if deck:
            seat["deck"] = [{"id": i, "card": defs[i].name} for i in reversed(s.deck)]
        else:
            seat["deck_size"] = len(s.deck)
        seat["discard"] = [{"id": i, "card": defs[i].name} for i in s.discard]
        seats.append(seat)
    out["seats"] = seats
    if g.decision == PLAY:
        sides = []
        for p in (0, 1):
            side: dict[str, Any] = {"character": g.f_char[p], "chain": _chain_name(g.f_chain[p]),
                                    "cards": [{"id": i, "card": defs[i].name} for i in g.f_cards if g.owner[i] == p]}
            if g.f_nophys[p]:
                side["no_strike"] = True
            sides.append(side)
        out["fight"] = {"step": g.f_step, "seats": sides}
    if g.decision == DISCARD and g.d_done:
        out["discard_passed"] = g.d_done
    values = {"turn_cap": g.turn_cap, "deck_out": DECK_OUT[1] if g.deck_out_loses else DECK_OUT[0],
              "zero_life_strikes": g.zero_life_strikes, "score_overkill": g.score_overkill}
    opts = {o.name: values[o.name] for o in OPTIONS if values[o.name] != o.default}
    if opts:
        out["options"] = opts
    return out


def _character(g: Game, s: Seat, ch: Character) -> dict[str, Any]:
    row: dict[str, Any] = {"card": ch.d.name, "life": ch.life, "max_life": ch.d.life, "tapped": ch.tapped,
                           "dead": ch.dead, "items": [_item(g, s, ch, i) for i in ch.items]}
    if not ch.dead:
        for key, st in STATS:
            row[key] = g.stat(ch, st)
    if any(ch.fmod):
        row["buff"] = {k: ch.fmod[st] for k, st in STATS if ch.fmod[st]}
    if ch.allbonus:
        row["order_bonuses"] = True
    return row


def _item(g: Game, s: Seat, holder: Character, iid: int) -> dict[str, Any]:
    """An item on ``holder``, with ``played_by`` when another character played it: the first of its
    owner's side that may play it whose bonuses (ER-ITEM-1) match the stat changes the item gave;
    for a Craftsman item on an enemy of its owner (ER-CLASS-3), always, as ``{"seat", "character"}``."""
    d = g.defs[iid]
    row: dict[str, Any] = {"id": iid, "card": d.name}
    if not d.ally:
        return row
    owner = g.seats[g.owner[iid]]
    away = owner is not s  # played by the other side
    given = sorted((m[1], m[2], m[3], m[4]) for m in g.item_mods
                   if m[0] == iid and not g.seats[m[1]].chars[m[2]].dead)
    could: list[Character] = []
    for cand in ([] if away else [holder]) + [c for c in owner.chars if c is not holder]:
        if why_not_for(d, cand.d, owner.guild) is not None or (d.guild and d.guild != owner.guild and cand is not holder):
            continue  # it could not have played the item
        could.append(cand)
    player: Character | None = could[0] if could else None
    for cand in could:
        try:
            if sorted(_item_mods(g, d, holder, cand)) == given:
                player = cand
                break
        except ValueError:
            break
    if player is not None and player is not holder:
        row["played_by"] = {"seat": _label(owner.idx), "character": player.idx} if away else player.idx
    return row


# ---------------------------------------------------------------------- the text form
def render_position(pos: Mapping[str, Any], deciding: int) -> str:
    """A position dict as a readable board: a header, each side (score, deck, discard pile, hand with
    ids, the three characters with Life, Att/Def/Spirit, tapped, items), the fight so far, then the
    legal actions or the outcome."""
    active = pos["active"]
    fight = pos.get("fight")
    fighters = {p: fs["character"] for p, fs in enumerate(fight["seats"])} if fight else {}
    head = (f"eredan · turn {pos['turn']} · seat {_label(active)} chooses (initiative: seat "
            f"{_label(pos.get('initiative', active if pos['turn'] % 2 else 1 - active))}) · ")
    head += (f"decision: {pos['decision']} (seat {_label(deciding)} decides)" if not pos["terminal"] else "game over")
    lines = [head]
    for p, s in enumerate(pos["seats"]):
        deck = s["deck_size"] if "deck_size" in s else len(s.get("deck", []))
        discard = [c["card"] for c in s.get("discard", [])]
        row = f"seat {_label(p)}{' (chooses)' if p == active else ''}: score {s['score']} · deck {deck}"
        if s.get("decked"):
            row += " (decked out)"
        row += f" · discard {len(discard)}" + (f": {', '.join(discard)}" if discard else "")
        lines.append(row)
        hand = s.get("hand", [])
        lines.append("  hand: " + (", ".join(f"{c['card']} #{c['id']}" for c in hand) if hand else "(empty)"))
        for i, ch in enumerate(s["characters"]):
            name = f"    [{i}] {ch['card']}"
            if ch.get("dead"):
                lines.append(f"{name}  dead")
                continue
            text = f"{name}  Life {ch['life']}" + (f"/{ch['max_life']}" if "max_life" in ch else "")
            if "att" in ch:
                text += f"  Att {ch['att']} Def {ch['def']} Spirit {ch['spirit']}"
            flags = []
            if fighters.get(p) == i:
                flags.append("fighting")
            if ch.get("tapped"):
                flags.append("tapped")
            if ch.get("buff"):
                flags.append("this fight " + " ".join(f"{k} {v:+d}" for k, v in ch["buff"].items()))
            if ch.get("order_bonuses"):
                flags.append("every turn bonus")
            if flags:
                text += "  " + ", ".join(flags)
            if ch.get("items"):
                text += "  with " + ", ".join(f"{it['card']} #{it['id']}" for it in ch["items"])
            lines.append(text)
    if fight:
        sides = fight["seats"]
        names = [pos["seats"][p]["characters"][sides[p]["character"]]["card"] for p in (0, 1)]
        step = fight.get("step", 0)
        lines.append(f"fight: {names[active]} (seat {_label(active)}) against {names[1 - active]} "
                     f"(seat {_label(1 - active)}); now {STEPS[step]}")
        for p in (active, 1 - active):
            fs = sides[p]
            cards = ", ".join(f"{c['card']} #{c['id']}" for c in fs.get("cards", [])) or "none"
            extra = f" · chain open: {fs['chain']}" if fs.get("chain") else ""
            if fs.get("no_strike"):
                extra += " · no strike (its damaging spell replaced it)"
            lines.append(f"  seat {_label(p)}: cards played (to the discard pile after the fight): {cards}{extra}")
    if pos.get("discard_passed"):
        lines.append(f"discard step: seat {_label(active)} has passed")
    if pos.get("options"):
        lines.append("rules changed: " + ", ".join(f"{k}={v}" for k, v in pos["options"].items()))
    out = pos.get("outcome")
    if pos["terminal"] and out:
        first = [_label(i) for i, place in enumerate(out["places"]) if place == 1]
        who = f"seat {first[0]} wins" if len(first) == 1 else "a draw"
        lines.append(f"the game is over: {who} (end reason: {out['end_reason']})")
    else:
        acts = pos.get("legal_actions", [])
        lines.append(f"legal actions ({len(acts)}): " + "; ".join(acts))
    return "\n".join(lines)

