"""Positions as text for Free Realms (``fr``, docs/positions.md, section "Free Realms"):
:func:`load_position` sets a game up from a position's JSON, :func:`position_of` prints one back in
the same shape and :func:`render_position` draws it as a readable board.

A position names every card by its catalog name; instance ids (the numbers actions use: ``play 3 0``,
``hunt 7``, ``coin 5 0``) may be given, and the cards without one get the lowest free ids. The game is
an empty :class:`~fwlab.rules.freerealms.game.Game` shell (the one ``clone`` fills in) whose zones,
battle and decision are then laid out; the position is checked to be one the engine could reach
(scores under the goal, one inventory card per turn, stuns and zaps that the turn order can make,
a decision the engine would stop at), or a :class:`~fwlab.rules.core.PositionError` names the field.

Free Realms has no dice: its chance is the order of the decks (written top card first: the draws,
the gem flips and the scored cards come from there) and the shuffle of a deck rebuilt from the
discard pile, made by the game's generator seeded with the position's ``seed``.

Not compiled (it runs once per position, not per decision).
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Mapping, Sequence
from typing import Any

from ..core import GameRecord, Outcome, PositionError
from ..options import OptionError, check_options
from .cards import CREATURE, OP_MOVE, RESOURCE, TRICK, CardDef, compile_card
from .game import (
    DECISION_NAMES,
    DISCARD,
    GO,
    INVENTORY,
    MULLIGAN,
    NO_RESULT,
    OPENING_HAND,
    SET,
    TERMINAL,
    TRICKS,
    Game,
)
from .options import DEFAULTS, OPTIONS
from .state import COLUMNS, Creature, Seat

__all__ = ["CHANCE", "load_position", "position_of", "render_position"]

#: what stands for dice in Free Realms (the error of ``--dice``)
CHANCE = ("fr has no dice: its chance is the order of the decks, written top card first (the draws, the gem "
          "flips and the scored cards come from there), and the shuffle of a deck rebuilt from the discard pile, "
          "made by the generator seeded with the position's 'seed' (or --seed)")
MAX_ID = 100_000

# the keys each object may have: (read, printed only: checked when given)
Keys = tuple[frozenset[str], frozenset[str]]
NONE: frozenset[str] = frozenset()
TOP_KEYS: Keys = (frozenset({"ruleset", "turn", "active", "decision", "deciding", "seats", "battle", "seed",
                             "options", "filler", "paying"}),
                  frozenset({"legal_actions", "terminal", "outcome", "played"}))
SEAT_KEYS: Keys = (frozenset({"hand", "deck", "deck_size", "discard", "inventory", "spaces", "piles", "coins",
                              "stars"}), frozenset({"scored"}))
CARD_KEYS: Keys = (frozenset({"id", "card"}), NONE)
INVENTORY_KEYS: Keys = (frozenset({"id", "card", "face_down", "zapped"}), NONE)
SPACE_KEYS: Keys = (frozenset({"id", "card", "zapped", "stunned"}), frozenset({"attack", "defense"}))
BATTLE_KEYS: Keys = (frozenset({"attacker", "passed", "cards", "attack_bonus", "defense_bonus", "stun_defender",
                                "stun_attacker"}), frozenset({"defender"}))
BATTLE_CARD_KEYS: Keys = (frozenset({"seat", "id", "card"}), NONE)
OUTCOME_KEYS: Keys = (frozenset({"places", "end_reason"}), NONE)
PAYING_KEYS: Keys = (frozenset({"card", "action", "space", "left"}), NONE)
PLAYED_KEYS: Keys = (frozenset({"actions", "dice"}), NONE)
#: the decisions a position may ask, by the engine's own names (docs/rules.md, "Free Realms")
DECISIONS: dict[str, int] = {name: i for i, name in enumerate(DECISION_NAMES)}


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


class _Card:
    """One card instance read from the position: where it was written, its id (given or not yet)."""

    __slots__ = ("path", "id", "d", "owner")

    def __init__(self, path: str, iid: int | None, d: CardDef, owner: int) -> None:
        self.path, self.id, self.d, self.owner = path, iid, d, owner

    @property
    def iid(self) -> int:
        assert self.id is not None
        return self.id


class _Zones:
    """One seat as read: its cards per zone, with the flags of inventory cards and creatures."""

    def __init__(self) -> None:
        self.hand: list[_Card] = []
        self.inventory: list[tuple[_Card, bool, bool]] = []          # card, face down, zapped
        self.spaces: list[tuple[_Card, Mapping[str, Any]] | None] = [None] * COLUMNS
        self.piles: list[list[_Card]] = [[] for _ in range(COLUMNS)]
        self.discard: list[_Card] = []
        self.deck: list[_Card] = []                                   # top first
        self.raw: Mapping[str, Any] = {}

    def total(self) -> int:
        return (len(self.hand) + len(self.inventory) + sum(1 for x in self.spaces if x is not None)
                + sum(len(p) for p in self.piles) + len(self.discard) + len(self.deck))


class _Loader:
    def __init__(self, catalog: Any) -> None:
        self.catalog = catalog
        self.family = getattr(catalog, "family", "freerealms")
        self.cards: list[_Card] = []
        self.given: dict[int, str] = {}

    # ------------------------------------------------------------------ cards
    def card_def(self, path: str, name: Any) -> CardDef:
        if not isinstance(name, str):
            raise PositionError(path, f"a card is written by its catalog name, not {name!r}")
        if name not in self.catalog:
            near = difflib.get_close_matches(name, [c.name for c in self.catalog], n=1)
            hint = f" (did you mean {near[0]!r}?)" if near else ""
            raise PositionError(path, f"unknown card {name!r}: not in the {self.family} catalog{hint}")
        return compile_card(self.catalog[name])  # cached per catalog card object (FR-CARD-1 checks it)

    def card(self, path: str, raw: Any, owner: int, keys: Keys = CARD_KEYS) -> tuple[_Card, Mapping[str, Any]]:
        """A card written as its name or as an object with ``card`` (and ``id``, ...)."""
        obj: Mapping[str, Any] = {"card": raw} if isinstance(raw, str) else _obj(path, raw, keys)
        if "card" not in obj:
            raise PositionError(f"{path}.card", "is missing (the card's catalog name)")
        d = self.card_def(path if isinstance(raw, str) else f"{path}.card", obj["card"])
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

    def allocate_ids(self) -> int:
        """Give every card without an id the lowest free one; the number of ids used."""
        free = (i for i in range(MAX_ID + len(self.cards) + 1) if i not in self.given)
        for c in self.cards:
            if c.id is None:
                c.id = next(free)
        return 1 + max((c.iid for c in self.cards), default=-1)

    # ------------------------------------------------------------------ a seat
    def seat(self, p: int, raw: Any, filler: Any) -> _Zones:
        path = f"seats[{p}]"
        s = _obj(path, raw, SEAT_KEYS)
        z = _Zones()
        z.raw = s
        # read in this order, so cards without an id are numbered hand, inventory, spaces, piles, discard, deck
        z.hand = self.names(f"{path}.hand", s.get("hand", []), p)
        for i, r in enumerate(_list(f"{path}.inventory", s.get("inventory", []))):
            at = f"{path}.inventory[{i}]"
            c, obj = self.card(at, r, p, INVENTORY_KEYS)
            down = _bool(f"{at}.face_down", obj.get("face_down", False))
            zapped = _bool(f"{at}.zapped", obj.get("zapped", False))
            if not down and c.d.type != RESOURCE:
                raise PositionError(at, f"{c.d.name} is not a resource: only a resource goes to the inventory face "
                                        "up, any other card face down (FR-INV-1); write \"face_down\": true")
            z.inventory.append((c, down, zapped))
        spaces = _list(f"{path}.spaces", s.get("spaces", [None] * COLUMNS))
        if len(spaces) != COLUMNS:
            raise PositionError(f"{path}.spaces", f"a seat has {COLUMNS} spaces, one per column (FR-SPACE-1), "
                                                  f"not {len(spaces)}; write null for an empty one")
        for col, r in enumerate(spaces):
            if r is None or r == "":
                continue
            at = f"{path}.spaces[{col}]"
            c, obj = self.card(at, r, p, SPACE_KEYS)
            if c.d.type != CREATURE:
                raise PositionError(at, f"{c.d.name} is not a creature: only creatures are played to a space")
            z.spaces[col] = (c, obj)
        piles = _list(f"{path}.piles", s.get("piles", [[]] * COLUMNS))
        if len(piles) != COLUMNS:
            raise PositionError(f"{path}.piles", f"a seat has {COLUMNS} score piles, one per column (FR-SCORE-2), "
                                                 f"not {len(piles)}")
        z.piles = [self.names(f"{path}.piles[{col}]", r, p) for col, r in enumerate(piles)]
        z.discard = self.names(f"{path}.discard", s.get("discard", []), p)
        if "deck" in s:
            z.deck = self.names(f"{path}.deck", s["deck"], p)
            if "deck_size" in s and _int(f"{path}.deck_size", s["deck_size"], 0) != len(z.deck):
                raise PositionError(f"{path}.deck_size", f"is {s['deck_size']} but the deck lists {len(z.deck)} cards")
        else:
            size = _int(f"{path}.deck_size", s.get("deck_size", 0), 0, MAX_ID // 10)
            if size and filler is None:
                raise PositionError(f"{path}.deck_size", f"{size} cards but no 'deck': list the deck (top first), or "
                                                         "name a 'filler' card to fill it with (--filler)")
            z.deck = [self.card(f"filler (for {path}.deck_size)", filler, p)[0] for _ in range(size)]
        return z

    # ------------------------------------------------------------------ the position
    def load(self, data: Any, dice: Sequence[int] | None) -> Game:
        if dice is not None:
            raise PositionError("dice", CHANCE + "; leave --dice out")
        top = _obj("", data, TOP_KEYS)
        for key in ("ruleset", "turn", "active", "decision", "seats"):
            if key not in top:
                raise PositionError(key, "is missing")
        if top["ruleset"] != "fr":
            raise PositionError("ruleset", f"{top['ruleset']!r} is not played by this engine (fr)")
        opts = _options(top.get("options", {}))
        name = top["decision"]
        if name not in DECISIONS:
            raise PositionError("decision", f"unknown decision {name!r} (one of {', '.join(DECISION_NAMES)})")
        decision = DECISIONS[str(name)]
        turn_cap = int(opts["turn_cap"])
        turn = _int("turn", top["turn"], 0, turn_cap)
        if (turn == 0) != (decision == MULLIGAN):
            raise PositionError("turn", "turn 0 is the mulligan, before the first turn; every other decision comes "
                                        "from turn 1 on" if turn == 0 else
                                        f"is {turn}: the mulligan decision is taken before turn 1 (write turn 0)")
        active = _seat("active", top["active"])
        seed = _int("seed", top.get("seed", 0))
        seats_raw = _list("seats", top["seats"])
        if len(seats_raw) != 2:
            raise PositionError("seats", f"fr is a game for 2 seats; the position has {len(seats_raw)}")
        filler = top.get("filler")
        zones = [self.seat(p, r, filler) for p, r in enumerate(seats_raw)]
        bcards: list[_Card] = []
        braw: Mapping[str, Any] = {}
        if "battle" in top:
            braw = _obj("battle", top["battle"], BATTLE_KEYS)
            for i, r in enumerate(_list("battle.cards", braw.get("cards", []))):
                at = f"battle.cards[{i}]"
                obj = _obj(at, r, BATTLE_CARD_KEYS)
                if "seat" not in obj:
                    raise PositionError(f"{at}.seat", "is missing (whose card it is)")
                bcards.append(self.card(at, obj, _seat(f"{at}.seat", obj["seat"]), BATTLE_CARD_KEYS)[0])
        n = self.allocate_ids()
        # the seat that played turn 1: turns alternate from it; a game that ended at the turn cap has
        # already passed the turn on to the seat that would have played the next one
        capped = decision == TERMINAL and all(sum(len(pl) for pl in z.piles) < int(opts["score_to_win"])
                                              for z in zones)
        first = active if (turn % 2 == 1 or turn == 0) != capped else 1 - active
        # the discard decision pays an action's cost in the Set phase or in a battle (FR-COST-1): the seats
        # are checked as in that phase
        phase = decision
        if decision == DISCARD:
            phase = TRICKS if "battle" in top else SET
        elif "paying" in top:
            raise PositionError("paying", f"only the discard decision pays an action's cost, not {name!r} "
                                          "(leave it out)")

        g = self.build(opts, turn, active, first, phase, seed, zones, bcards, n)
        self.check_seats(g, zones, opts)
        self.set_decision(g, top, decision, braw, bcards)
        self.check_printed(g, top, zones)
        g.record.options["position"] = position_of(g, deck=True)
        return g

    def build(self, opts: Mapping[str, Any], turn: int, active: int, first: int, decision: int, seed: int,
              zones: list[_Zones], bcards: list[_Card], n: int) -> Game:
        defs: list[CardDef | None] = [None] * n
        owner = [0] * n
        for c in self.cards:
            defs[c.iid] = c.d
            owner[c.iid] = c.owner
        ids = sorted(self.cards, key=lambda c: c.iid)
        names = ([c.d.name for c in ids if c.owner == 0], [c.d.name for c in ids if c.owner == 1])
        # ids in no zone (holes left by ids given in the file) repeat the lowest id's card and owner: they
        # are in no zone, never move, and add nothing to that card's row of the card log
        hole = ids[0].d if ids else None
        for i in range(n):
            if defs[i] is None:
                owner[i] = ids[0].owner
        g = Game(None, seed, first, True, None, True, int(opts["turn_cap"]), bool(opts["mulligans"]),
                 bool(opts["first_player_may_go_turn_1"]), int(opts["score_to_win"]),
                 bool(opts["face_down_counts"]), str(opts["hero_names_block"]))
        g.defs = [d if d is not None else hole for d in defs]  # type: ignore[misc]
        g.owner = owner
        g.decks = [[c.d for c in ids if c.owner == 0], [c.d for c in ids if c.owner == 1]]
        g.face_down = [False] * n
        g.inv_zapped = [False] * n
        g._init_logs(n)
        g.turn, g.active, g.first = turn, active, first
        g.decision = decision
        g.mulligans_left = 0
        g.outcome = None
        g.track = []
        g.record = GameRecord("fr", seed, first, (tuple(names[0]), tuple(names[1])), options=g.options())
        seats: list[Seat] = []
        for p, z in enumerate(zones):
            s = Seat(p, [c.iid for c in reversed(z.deck)])   # deck[-1] is the top card
            s.hand = [c.iid for c in z.hand]
            for c, down, zapped in z.inventory:
                s.inventory.append(c.iid)
                g.face_down[c.iid] = down
                g.inv_zapped[c.iid] = zapped
            for col, sp in enumerate(z.spaces):
                if sp is not None:
                    c, obj = sp
                    cr = Creature(c.iid, c.d, p, col, max(turn - 1, 0))
                    cr.zapped = _bool(f"{c.path}.zapped", obj.get("zapped", False))
                    cr.stunned = _bool(f"{c.path}.stunned", obj.get("stunned", False))
                    s.spaces[col] = cr
            s.piles = [[c.iid for c in pile] for pile in z.piles]
            s.scored = sum(len(pile) for pile in s.piles)
            s.discard = [c.iid for c in z.discard]
            s.own_turns = (turn + 1) // 2 if p == first else turn // 2
            seats.append(s)
        g.seats = seats
        g.b_cards = [c.iid for c in bcards]
        return g

    # ------------------------------------------------------------------ what the turn order allows
    @staticmethod
    def check_seats(g: Game, zones: list[_Zones], opts: Mapping[str, Any]) -> None:
        terminal = g.decision == TERMINAL
        goal = g.goal
        for p, z in enumerate(zones):
            path = f"seats[{p}]"
            s = g.seats[p]
            who = f"seat {_label(p)}"
            if s.scored > goal or (s.scored == goal and not terminal):
                over = "over" if s.scored > goal else "at"
                raise PositionError(f"{path}.piles", f"{who}'s score piles hold {s.scored} cards, {over} the "
                                                     f"{goal} that win the game at once (FR-WIN-1)"
                                    + ("" if s.scored > goal else ": the game is over (decision \"terminal\")"))
            if s.own_turns == 0:
                # before its first turn a seat holds its opening hand and its deck, nothing else
                for zone in ("inventory", "discard"):
                    if getattr(s, zone):
                        raise PositionError(f"{path}.{zone}", f"{who} has not had a turn yet: its {zone} is empty")
                if s.creatures():
                    raise PositionError(f"{path}.spaces", f"{who} has not had a turn yet: it has no creature in play")
                if s.scored:
                    raise PositionError(f"{path}.piles", f"{who} has not had a turn yet: it has scored nothing")
                want = min(OPENING_HAND, z.total())
                if len(s.hand) != want:
                    raise PositionError(f"{path}.hand", f"{who} has not had a turn yet: it holds its opening hand of "
                                                        f"{want} cards (FR-SETUP-2), not {len(s.hand)}")
            played = s.own_turns - (1 if g.decision == INVENTORY and p == g.active else 0)
            if len(s.inventory) > played:
                raise PositionError(f"{path}.inventory",
                                    f"{len(s.inventory)} cards, but {who} has played {played} Set phase(s) by turn "
                                    f"{g.turn} and plays at most one card to its inventory in each (FR-INV-1)")
            names: set[str] = set()
            for col, c in enumerate(s.spaces):
                if c is None:
                    continue
                at = f"{path}.spaces[{col}]"
                if c.d.hero:
                    if c.d.name in names:
                        raise PositionError(at, f"a second Hero named {c.d.name} in play: {who} cannot have played "
                                                "it (FR-HERO-1)")
                    names.add(c.d.name)
                    if g.hero_both:
                        other = g.seats[1 - p]
                        if p == 1 and any(o is not None and o.d.hero and o.d.name == c.d.name for o in other.spaces):
                            raise PositionError(at, f"a Hero named {c.d.name} is in play on both sides, which the "
                                                    "option hero_names_block=\"both\" forbids (FR-HERO-1)")
                if p == g.active and c.stunned:
                    if g.decision in (INVENTORY, SET):
                        raise PositionError(f"{at}.stunned", f"{c.d.name} of the active seat: its stun ended in its "
                                                             "Ready phase, where it became zapped (FR-READY-2); write "
                                                             "\"zapped\": true instead")
                    if not c.zapped:
                        raise PositionError(f"{at}.stunned", f"{c.d.name} of the active seat: on its own turn a "
                                                             "creature is stunned only when a battle it attacked in "
                                                             "ends, and attacking zapped it (FR-STUN-2); write "
                                                             "\"zapped\": true too")
            if p == g.active and g.decision == INVENTORY:
                for i, (ic, _, zapped) in enumerate(z.inventory):
                    if zapped:
                        raise PositionError(f"{path}.inventory[{i}].zapped",
                                            f"{ic.d.name}: the active seat's zapped cards were readied in its Ready "
                                            "phase, and nothing is used before the inventory decision (FR-READY-2)")
            # coins in the active seat's Set phase, stars in a battle (FR-COIN-1, FR-STAR-1)
            default_coins = g.income(p) if g.decision == SET and p == g.active else 0
            s.coins = _int(f"{path}.coins", z.raw.get("coins", default_coins), 0)
            if s.coins and not (g.decision == SET and p == g.active):
                raise PositionError(f"{path}.coins", "coins exist only in the active seat's Set phase (decision "
                                                     "\"set\"); unspent coins are lost when it ends (FR-COIN-1)")
            if s.coins > len(s.inventory):
                raise PositionError(f"{path}.coins", f"{s.coins} coins from {len(s.inventory)} inventory cards: one "
                                                     "coin per card (FR-COIN-1)")
            default_stars = g.income(p) if g.decision == TRICKS else 0
            s.stars = _int(f"{path}.stars", z.raw.get("stars", default_stars), 0)
            if s.stars and g.decision not in (TRICKS, TERMINAL):
                raise PositionError(f"{path}.stars", "stars exist only during a battle (decision \"tricks\"); unspent "
                                                     "stars are lost when it ends (FR-STAR-1)")
            if s.stars > len(s.inventory):
                raise PositionError(f"{path}.stars", f"{s.stars} stars from {len(s.inventory)} inventory cards: one "
                                                     "star per card at the start of a battle (FR-STAR-1)")

    # ------------------------------------------------------------------ the decision
    def set_decision(self, g: Game, top: Mapping[str, Any], decision: int, braw: Mapping[str, Any],
                     bcards: list[_Card]) -> None:
        active = g.active
        name = DECISION_NAMES[decision]
        phase = g.decision   # SET or TRICKS for a discard decision, else the decision itself (see load)
        raw = top.get("deciding")
        deciding = active if raw is None else _seat("deciding", raw)
        if decision == TERMINAL:
            if raw is not None:
                raise PositionError("deciding", "nobody decides in a finished game: leave it out (or null)")
            self.set_outcome(g)
            if braw and set(braw) - {"cards"}:
                raise PositionError("battle", "a finished game has no battle going on: only the cards of the battle "
                                              "it ended in ('cards', not yet discarded) may be written")
            g.decision, g.decider = TERMINAL, -1
            return
        if decision == MULLIGAN:
            if not g.mulligans:
                raise PositionError("decision", "mulligan: the option mulligans is off: the game starts at turn 1 "
                                                "without a mulligan decision (FR-SETUP-3)")
            # the first player decides first, then the second (FR-SETUP-3)
            g.mulligans_left = 2 if deciding == active else 1
        elif deciding != active and phase != TRICKS:
            raise PositionError("deciding", f"in the {name} decision the active seat ({_label(active)}) decides, "
                                            f"not seat {_label(deciding)}")
        g.decider = deciding
        if phase == TRICKS:
            self.battle(g, braw, bcards)
        elif braw:
            raise PositionError("battle", f"there is no battle in the {name} decision (only in \"tricks\")")
        if decision == DISCARD:
            if "paying" not in top:
                raise PositionError("paying", "is missing: the discard decision pays the cost of an action (the "
                                              "card, the action's index and the cards left to discard)")
            self.paying(g, top["paying"], phase)
            return
        why_not = _why_not_asked(g)
        if why_not:
            raise PositionError("decision", f"{name}: {why_not}")

    @staticmethod
    def paying(g: Game, raw: Any, phase: int) -> None:
        """The action whose discard cost the deciding seat is paying (FR-COST-1): its other costs are paid."""
        obj = _obj("paying", raw, PAYING_KEYS)
        for key in ("card", "action", "left"):
            if key not in obj:
                raise PositionError(f"paying.{key}", "is missing")
        p = g.decider
        s = g.seats[p]
        iid = _int("paying.card", obj["card"], 0)
        cr = g.creature(p, iid)
        if cr is None and iid not in s.inventory:
            raise PositionError("paying.card", f"{iid} is neither an inventory card nor a creature in play of seat "
                                               f"{_label(p)}, which decides and pays")
        d = g.defs[iid]
        if not d.actions:
            raise PositionError("paying.card", f"{d.name} has no action")
        i = _int("paying.action", obj["action"], 0, len(d.actions) - 1)
        a = d.actions[i]
        if a.discard == 0:
            raise PositionError("paying.action", f"action {i} of {d.name} has no discard cost (FR-COST-1)")
        if a.in_battle != (phase == TRICKS):
            raise PositionError("paying.action", f"action {i} of {d.name} is " + (
                "a star action: it is paid during a battle (write the 'battle')" if a.in_battle else
                "a coin action: it is paid in the Set phase, with no battle going on"))
        left = _int("paying.left", obj["left"], 1, a.discard)
        if len(s.hand) < left:
            raise PositionError("paying.left", f"{left} card(s) still to discard, but seat {_label(p)} holds "
                                               f"{len(s.hand)}: the cost was checked when the action was used")
        if cr is None:
            if g.face_down[iid] != a.face_down:
                raise PositionError("paying.card", f"{d.name} is face " + ("up, but the action's cost turned it face "
                                                                           "down" if a.face_down else
                                                                           "down: its actions cannot be used (FR-INV-2)"))
        if a.zap and not (cr.zapped if cr is not None else g.inv_zapped[iid]):
            raise PositionError("paying.card", f"{d.name} was zapped to pay the action's cost: write \"zapped\": true")
        col = -1
        if a.eff.op == OP_MOVE:
            if "space" not in obj:
                raise PositionError("paying.space", "is missing: the empty space the creature moves to (FR-MOVE-1)")
            col = _int("paying.space", obj["space"], 0, COLUMNS - 1)
            there = s.spaces[col]
            if there is not None:
                raise PositionError("paying.space", f"space {col} holds {there.d.name}: a creature moves only to "
                                                    "an empty space of its owner (FR-MOVE-1)")
        elif "space" in obj:
            raise PositionError("paying.space", "only a move names a space (leave it out)")
        g.pay_card, g.pay_action, g.pay_space, g.pay_left, g.pay_from = iid, i, col, left, phase
        g.decision = DISCARD

    @staticmethod
    def set_outcome(g: Game) -> None:
        winners = [p for p in (0, 1) if g.seats[p].scored >= g.goal]
        if winners:
            g.outcome = Outcome((1, 2) if winners[0] == 0 else (2, 1), "score", g.turn)
            return
        if g.turn == g.turn_cap:
            # the game ended as turn cap + 1 was about to start: 'active' is the seat that would have played it
            g.outcome = Outcome((1, 1), "turn-cap", g.turn)
            return
        raise PositionError("decision", f"terminal: nobody has {g.goal} scored cards (FR-WIN-1) and turn {g.turn} is "
                                        f"before the turn cap {g.turn_cap} (FR-CAP-1): the game is not over")

    @staticmethod
    def battle(g: Game, braw: Mapping[str, Any], bcards: list[_Card]) -> None:
        if "attacker" not in braw:
            raise PositionError("battle.attacker", "is missing: the tricks decision is a battle (the attacking "
                                                   "creature's id)")
        aid = _int("battle.attacker", braw["attacker"])
        att = g.creature(g.active, aid)
        if att is None:
            raise PositionError("battle.attacker", f"{aid} is not a creature of the active seat in play")
        if not att.zapped:
            raise PositionError("battle.attacker", f"{att.d.name} attacks, so it is zapped (FR-BATTLE-1); write "
                                                   "\"zapped\": true on it")
        if att.stunned:
            raise PositionError("battle.attacker", f"{att.d.name} is stunned: a stunned creature cannot attack "
                                                   "(FR-STUN-1)")
        dfn = g.foe_of(att)
        if dfn is None:
            raise PositionError("battle.attacker", f"{att.d.name} has no foe in its column to attack (FR-BATTLE-1)")
        if dfn.stunned:
            raise PositionError("battle.attacker", f"its foe {dfn.d.name} is stunned and cannot be attacked "
                                                   "(FR-STUN-1)")
        if "defender" in braw and _int("battle.defender", braw["defender"]) != dfn.iid:
            raise PositionError("battle.defender", f"is {braw['defender']}, but the attacker's foe is {dfn.iid} "
                                                   f"({dfn.d.name}); it is worked out from the columns (leave it out)")
        for c in bcards:
            if c.d.type != TRICK:
                raise PositionError(c.path, f"{c.d.name} is not a trick: until both players pass only tricks are "
                                            "played to a battle; cards are flipped after (FR-TRICK-1)")
        pa, pd = att.owner, dfn.owner
        g.b_att, g.b_def = att, dfn
        g.b_bonus = [0, 0]
        g.b_bonus[pa] = _int("battle.attack_bonus", braw.get("attack_bonus", 0))
        g.b_bonus[pd] = _int("battle.defense_bonus", braw.get("defense_bonus", 0))
        g.b_stun = [False, False]
        g.b_stun[pa] = _bool("battle.stun_defender", braw.get("stun_defender", False))
        g.b_stun[pd] = _bool("battle.stun_attacker", braw.get("stun_attacker", False))
        g.b_gems = [0, 0]
        g.b_passes = _int("battle.passed", braw.get("passed", 0), 0, 1)
        g.b_result = NO_RESULT

    @staticmethod
    def check_printed(g: Game, top: Mapping[str, Any], zones: list[_Zones]) -> None:
        """Printed-only values may be left out; when given they must be the game's."""
        for p, z in enumerate(zones):
            path = f"seats[{p}]"
            if "scored" in z.raw and _int(f"{path}.scored", z.raw["scored"]) != g.seats[p].scored:
                raise PositionError(f"{path}.scored", f"is {z.raw['scored']}, but the score piles hold "
                                                      f"{g.seats[p].scored} cards (it is counted, not set)")
            for col, sp in enumerate(z.spaces):
                if sp is None:
                    continue
                c, obj = sp
                cr = g.seats[p].spaces[col]
                assert cr is not None
                for key, have in (("attack", g.attack_of(cr)), ("defense", g.defense_of(cr))):
                    if key in obj and _int(f"{c.path}.{key}", obj[key]) != have:
                        raise PositionError(f"{c.path}.{key}", f"is {obj[key]}, but {c.d.name} has {key} {have} with "
                                                               "its collect and rally text (FR-COLLECT-1, FR-RALLY-1); it is worked out, "
                                                               "not set (leave it out)")
        if "legal_actions" in top:
            want = _list("legal_actions", top["legal_actions"])
            legal = [str(a) for a in g.legal_actions()]
            if want != legal:
                raise PositionError("legal_actions", f"the file lists {want}, but the position's legal actions are "
                                                     f"{legal} (printed, not read: leave it out)")
        if "terminal" in top and _bool("terminal", top["terminal"]) != g.is_terminal():
            raise PositionError("terminal", f"is {top['terminal']}, but the decision is {g.decision_name!r}")
        if top.get("outcome") is not None:
            o = _obj("outcome", top["outcome"], OUTCOME_KEYS)
            have_o = _outcome(g)
            if have_o is None or dict(o) != have_o:
                raise PositionError("outcome", f"is {dict(o)}, but the position's outcome is {have_o}")
        elif "outcome" in top and g.is_terminal():
            raise PositionError("outcome", f"is null, but the game is over: {_outcome(g)}")
        if "played" in top:
            played = _obj("played", top["played"], PLAYED_KEYS)
            _list("played.actions", played.get("actions", []))
            if _list("played.dice", played.get("dice", [])):
                raise PositionError("played.dice", "fr has no dice: no die is ever rolled")


def _why_not_asked(g: Game) -> str | None:
    """Why the engine would not stop at the game's decision in this state (None when it would)."""
    d, p = g.decision, g.decider
    s = g.seats[p]
    who = f"seat {_label(p)}"
    if d == INVENTORY and not s.hand:
        return (f"{who} has an empty hand, so nothing can go to its inventory: the engine goes on to the Set phase "
                "(FR-PASS-1)")
    if d == SET and not g._has_set_play(p):
        return (f"{who} has no creature it can pay for ({s.coins} coins) and no coin action to use: the engine goes "
                "on to the Go phase (FR-PASS-1)")
    if d == GO and not g._has_go_play(p):
        if g.turn == 1 and not g.go_turn_1:
            return ("on turn 1 the first player's creatures may not hunt or attack (option first_player_may_go_turn_1 "
                    "is off, FR-GO-1): the engine ends the turn")
        return f"{who} has no ready creature that is not stunned: the engine ends the turn (FR-PASS-1)"
    if d == TRICKS and not g._has_battle_play(p):
        return (f"{who} has no trick or star action it can pay ({s.stars} stars): its pass is automatic "
                "(FR-PASS-1); write the other seat as 'deciding', or the battle after the flips")
    return None


def _options(raw: Any) -> dict[str, Any]:
    """The position's rule options over the defaults (fwlab engines --options lists them)."""
    if not isinstance(raw, Mapping):
        raise PositionError("options", f"must be an object of rule options, not {type(raw).__name__}")
    try:
        checked = check_options("fr", OPTIONS, dict(raw))
    except OptionError as exc:
        raise PositionError(f"options.{exc.name}", str(exc)) from None
    return {**DEFAULTS, **checked}


def load_position(data: Mapping[str, Any], catalog: Any, *, dice: Sequence[int] | None = None) -> Game:
    """A game set up from a position (docs/positions.md, "Free Realms") over ``catalog``. ``dice``
    must be None: fr has no dice (its chance is the order of the decks and the seeded shuffles).
    A position that cannot be set up raises :class:`~fwlab.rules.core.PositionError` naming the field."""
    return _Loader(catalog).load(data, dice)


# ---------------------------------------------------------------------- printing
def _outcome(g: Game) -> dict[str, Any] | None:
    if g.outcome is None:
        return None
    return {"places": list(g.outcome.places), "end_reason": g.outcome.end_reason}


def position_of(g: Game, *, deck: bool = False) -> dict[str, Any]:
    """The position of a game in the JSON shape of docs/positions.md ("Free Realms"); ``deck=True``:
    each deck as card names, top first (so the position loads again as the same state), instead of
    ``deck_size``."""
    defs = g.defs
    terminal = g.is_terminal()
    out: dict[str, Any] = {
        "ruleset": "fr", "turn": g.turn, "active": g.active, "decision": g.decision_name,
        "deciding": None if terminal else g.decider,
        "legal_actions": [str(a) for a in g.legal_actions()], "terminal": terminal, "outcome": _outcome(g),
    }
    seats = []
    for s in g.seats:
        seat: dict[str, Any] = {"hand": [{"id": i, "card": defs[i].name} for i in s.hand]}
        if deck:
            seat["deck"] = [defs[i].name for i in reversed(s.deck)]
        else:
            seat["deck_size"] = len(s.deck)
        seat["discard"] = [defs[i].name for i in s.discard]
        seat["inventory"] = [{"id": i, "card": defs[i].name, "face_down": g.face_down[i], "zapped": g.inv_zapped[i]}
                             for i in s.inventory]
        seat["spaces"] = [None if c is None else
                          {"id": c.iid, "card": c.d.name, "zapped": c.zapped, "stunned": c.stunned,
                           "attack": g.attack_of(c), "defense": g.defense_of(c)} for c in s.spaces]
        seat["piles"] = [[defs[i].name for i in pile] for pile in s.piles]
        seat["scored"] = s.scored
        seat["coins"] = s.coins
        seat["stars"] = s.stars
        seats.append(seat)
    out["seats"] = seats
    cards = [{"seat": g.owner[i], "id": i, "card": defs[i].name} for i in g.b_cards]
    att, dfn = g.b_att, g.b_def
    if g.decision == DISCARD:
        out["paying"] = {"card": g.pay_card, "action": g.pay_action, "left": g.pay_left}
        if g.pay_space >= 0:
            out["paying"]["space"] = g.pay_space
    in_battle = g.decision == TRICKS or (g.decision == DISCARD and g.pay_from == TRICKS)
    if in_battle and att is not None and dfn is not None:
        pa, pd = att.owner, dfn.owner
        out["battle"] = {"attacker": att.iid, "defender": dfn.iid, "passed": g.b_passes, "cards": cards,
                         "attack_bonus": g.b_bonus[pa], "defense_bonus": g.b_bonus[pd],
                         "stun_defender": g.b_stun[pa], "stun_attacker": g.b_stun[pd]}
    elif terminal and cards:
        out["battle"] = {"cards": cards}   # the battle the game ended in: its cards were not discarded
    opts = {k: v for k, v in g.options().items() if DEFAULTS[k] != v}
    if opts:
        out["options"] = opts
    return out


def render_position(pos: Mapping[str, Any], deciding: int) -> str:
    """A position dict (:func:`position_of`) as a readable board: a header, each seat (score, deck,
    discard pile, hand, inventory, the three spaces with their score piles), the battle, then the legal
    actions or the outcome."""
    names: dict[int, str] = {}
    for s in pos["seats"]:
        for c in s.get("hand", []) + s.get("inventory", []):
            names[c["id"]] = c["card"]
        for c in s.get("spaces", []):
            if c:
                names[c["id"]] = c["card"]
    battle = pos.get("battle") or {}
    for c in battle.get("cards", []):
        names[c["id"]] = c["card"]

    def card(i: int) -> str:
        return f"{names.get(i, '?')} #{i}"

    lines = [f"fr · turn {pos['turn']} · seat {_label(pos['active'])} active · "
             + (f"decision: {pos['decision']} (seat {_label(deciding)} decides)" if not pos["terminal"]
                else "game over")]
    for p, s in enumerate(pos["seats"]):
        deck = s["deck_size"] if "deck_size" in s else len(s.get("deck", []))
        discard = s.get("discard", [])
        head = (f"seat {_label(p)}{' (active)' if p == pos['active'] else ''}: scored {s['scored']} · "
                f"deck {deck} · discard {len(discard)}" + (f": {', '.join(discard)}" if discard else ""))
        if s.get("coins"):
            head += f" · coins {s['coins']}"
        if s.get("stars"):
            head += f" · stars {s['stars']}"
        lines.append(head)
        hand = s.get("hand", [])
        lines.append("  hand: " + (", ".join(card(c["id"]) for c in hand) if hand else "(empty)"))
        inv = s.get("inventory", [])
        lines.append("  inventory: " + (", ".join(
            card(c["id"]) + "".join(f" ({f.replace('_', ' ')})" for f in ("face_down", "zapped") if c.get(f))
            for c in inv) if inv else "(empty)"))
        for col, c in enumerate(s.get("spaces", [])):
            pile = s["piles"][col]
            row = f"  column {col}: "
            if c:
                row += f"{card(c['id'])}  {c['attack']}/{c['defense']}"
                flags = [f for f in ("zapped", "stunned") if c.get(f)]
                if flags:
                    row += "  " + ", ".join(flags)
            else:
                row += "(empty)"
            lines.append(row + f"  · pile {len(pile)}")
    if battle.get("attacker") is not None:
        a, d = battle["attacker"], battle["defender"]
        row = f"battle: {card(a)} attacks {card(d)}"
        bonus = [f"attack {battle['attack_bonus']:+d}" if battle.get("attack_bonus") else "",
                 f"defense {battle['defense_bonus']:+d}" if battle.get("defense_bonus") else "",
                 "the defender will be stunned" if battle.get("stun_defender") else "",
                 "the attacker will be stunned" if battle.get("stun_attacker") else ""]
        if any(bonus):
            row += " · " + ", ".join(b for b in bonus if b)
        lines.append(row)
        if battle.get("cards"):
            lines.append("  played: " + ", ".join(f"{card(c['id'])} (seat {_label(c['seat'])})"
                                                  for c in battle["cards"]))
        if battle.get("passed"):
            lines.append(f"  seat {_label(1 - deciding)} has passed: one more pass and the cards are flipped")
    elif battle.get("cards"):
        lines.append("battle cards not yet discarded: " + ", ".join(card(c["id"]) for c in battle["cards"]))
    paying = pos.get("paying")
    if paying:
        lines.append(f"paying: action {paying['action']} of {card(paying['card'])}"
                     + (f" (a move to space {paying['space']})" if "space" in paying else "")
                     + f", {paying['left']} card(s) still to discard from the hand")
    if pos.get("options"):
        lines.append("rules changed: " + ", ".join(f"{k}={json.dumps(v)}" for k, v in pos["options"].items()))
    out = pos.get("outcome")
    if pos["terminal"] and out:
        first = [_label(i) for i, place in enumerate(out["places"]) if place == 1]
        who = f"seat {first[0]} wins" if len(first) == 1 else "a draw"
        lines.append(f"the game is over: {who} (end reason: {out['end_reason']})")
    else:
        acts = pos.get("legal_actions", [])
        lines.append(f"legal actions ({len(acts)}): " + "; ".join(acts))
    return "\n".join(lines)
