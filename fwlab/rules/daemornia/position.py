"""Positions as text for ``fw``, ``fw-epic`` and ``bg`` (docs/positions.md): :func:`load_position`
sets a game up from a position's JSON, :func:`position_of` prints one back in the same shape.

A position names every card by its catalog name; instance ids (the numbers actions use) may be
given, and the cards without one get the lowest free ids. The game is built through
:class:`~fwlab.rules.daemornia.game.Game`'s own constructor (so every attribute the engine has
exists), then its zones, the combat so far and an event waiting for its answer are laid out, and
the decision given is checked to be one the engine would ask in that state: a position is one the
engine could reach, or a clear :class:`~fwlab.rules.core.PositionError` naming the field.

Not compiled (it runs once per position, not per decision).
"""

from __future__ import annotations

import dataclasses
import difflib
import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..core import Action, GameRecord, PositionError
from . import combat, effects
from .cards import ATTACHMENT, CREATURE, EVENT, SCENARIO, CardDef
from .config import CONFIGS, RulesConfig, config_for
from .decisions import (
    ANSWER,
    ASSIGN,
    ATTACK,
    BLOCK,
    DECISION_NAMES,
    DEFEND,
    DEPLOY,
    DISCARD,
    RESOLUTION,
    RESOURCE,
    TRICKS,
)
from .game import Game
from .state import Seat, Unit

__all__ = ["SETTABLE", "load_position", "position_of"]

#: The decisions a position may ask (the engine's other decisions cannot be set up yet).
SETTABLE: dict[str, int] = {"resource": RESOURCE, "deploy": DEPLOY, "attack": ATTACK, "block": BLOCK,
                            "assign": ASSIGN, "defend": DEFEND, "tricks": TRICKS, "answer": ANSWER,
                            "resolution": RESOLUTION, "discard": DISCARD}
#: An event waiting for its answer was played in one of these decisions.
DURING = ("resource", "deploy", "attack", "tricks", "resolution")
#: The decisions of a combat (``combat`` may be written only for them).
COMBAT = (ATTACK, BLOCK, ASSIGN, DEFEND, TRICKS)
OBJECTIVES = ("strike", "raid", "scenario", "aid")
MAX_ID = 100_000

# the keys each object may have: (read, printed only and ignored when read)
Keys = tuple[frozenset[str], frozenset[str]]
NONE: frozenset[str] = frozenset()
TOP_KEYS: Keys = (frozenset({"ruleset", "turn", "active", "decision", "seats", "combat", "answering", "seed",
                             "options", "filler"}),
                  frozenset({"legal_actions", "terminal", "outcome", "played"}))
SEAT_KEYS: Keys = (frozenset({"capital", "pool", "hand", "deck", "deck_size", "graveyard", "removed", "in_play"}), NONE)
IN_PLAY_KEYS: Keys = (frozenset({"id", "card", "damage", "locked", "attachments", "deployed_this_turn", "buff",
                                 "used_effects", "att", "def", "dmg", "hp"}), NONE)
ATTACHMENT_KEYS: Keys = (frozenset({"id", "card", "used_effects"}), NONE)
CARD_KEYS: Keys = (frozenset({"id", "card"}), NONE)
COMBAT_KEYS: Keys = (frozenset({"attackers", "blocks", "objectives", "strikebacks", "tricks_passed"}), NONE)
ANSWERING_KEYS: Keys = (frozenset({"seat", "card", "id", "target", "during"}), NONE)
STATS = (("att", "att"), ("def", "dfn"), ("dmg", "dmg"), ("hp", "max_hp"))
BUFFS = ("att", "def", "dmg")


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


class _Card:
    """One card instance read from the position: where it was written, its id (given or not yet)."""

    __slots__ = ("path", "id", "d", "owner")

    def __init__(self, path: str, iid: int | None, d: CardDef, owner: int) -> None:
        self.path, self.id, self.d, self.owner = path, iid, d, owner

    @property
    def iid(self) -> int:
        assert self.id is not None
        return self.id


class _InPlay:
    __slots__ = ("card", "raw", "path", "attachments")

    def __init__(self, card: _Card, raw: Mapping[str, Any], path: str, attachments: list[tuple[_Card, Any]]) -> None:
        self.card, self.raw, self.path, self.attachments = card, raw, path, attachments


class _Loader:
    def __init__(self, catalog: Any) -> None:
        self.catalog = catalog
        self.family = getattr(catalog, "family", "daemornia")
        self.compiled: dict[str, CardDef] = {}
        self.cards: list[_Card] = []
        self.given: dict[int, str] = {}

    # ------------------------------------------------------------------ cards
    def card_def(self, path: str, name: Any) -> CardDef:
        if not isinstance(name, str):
            raise PositionError(path, f"a card is written by its catalog name, not {name!r}")
        d = self.compiled.get(name)
        if d is None:
            if name not in self.catalog:
                near = difflib.get_close_matches(name, [c.name for c in self.catalog], n=1)
                hint = f" (did you mean {near[0]!r}?)" if near else ""
                raise PositionError(path, f"unknown card {name!r}: not in the {self.family} catalog{hint}")
            # compiled per position, not through compile_card's cache: two catalogs may share a name
            d = self.compiled[name] = CardDef(self.catalog[name])
        return d

    def card(self, path: str, raw: Any, owner: int, keys: Keys = CARD_KEYS,
             types: tuple[int, ...] = (), what: str = "") -> tuple[_Card, Mapping[str, Any]]:
        """A card written as its name or as an object with ``card`` (and ``id``, ...)."""
        obj: Mapping[str, Any] = {"card": raw} if isinstance(raw, str) else _obj(path, raw, keys)
        if "card" not in obj:
            raise PositionError(f"{path}.card", "is missing (the card's catalog name)")
        d = self.card_def(f"{path}.card" if not isinstance(raw, str) else path, obj["card"])
        if types and d.type not in types:
            raise PositionError(f"{path}.card", f"{d.name} is not {what}")
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

    # ------------------------------------------------------------------ the position
    def load(self, data: Any, dice: Sequence[int] | None) -> Game:
        top = _obj("", data, TOP_KEYS)
        if top.get("terminal") or top.get("outcome") is not None:
            raise PositionError("terminal", "the game is over: a finished game cannot be set up")
        for key in ("ruleset", "turn", "active", "decision", "seats"):
            if key not in top:
                raise PositionError(key, "is missing")
        ruleset = top["ruleset"]
        if ruleset not in CONFIGS:
            raise PositionError("ruleset", f"{ruleset!r} is not played by this engine (fw, fw-epic, bg)")
        cfg = _config(str(ruleset), top.get("options", {}))
        turn = _int("turn", top["turn"], 1, cfg.turn_cap)
        active = _seat("active", top["active"])
        name = top["decision"]
        if name == "terminal":
            raise PositionError("decision", "the game is over: a finished game cannot be set up")
        if name not in SETTABLE:
            if name in DECISION_NAMES:
                raise PositionError("decision", f"a position cannot ask the {name!r} decision yet "
                                                f"(settable: {', '.join(SETTABLE)})")
            raise PositionError("decision", f"unknown decision {name!r} (one of {', '.join(SETTABLE)})")
        decision = SETTABLE[str(name)]
        seed = _int("seed", top.get("seed", 0))
        seats_raw = _list("seats", top["seats"])
        if len(seats_raw) != 2:
            raise PositionError("seats", f"{ruleset} is a game for 2 seats; the position has {len(seats_raw)}")
        filler = top.get("filler")

        # read every card (ids are given out once all are known)
        zones: list[dict[str, Any]] = []
        for p, sraw in enumerate(seats_raw):
            path = f"seats[{p}]"
            s = _obj(path, sraw, SEAT_KEYS)
            z: dict[str, Any] = {
                "capital": _int(f"{path}.capital", s.get("capital", cfg.capital)),
                "pool": _int(f"{path}.pool", s.get("pool", 0), 0),
            }
            if z["capital"] <= 0:
                raise PositionError(f"{path}.capital", f"is {z['capital']}: a seat at 0 Capital or less has lost "
                                                       "(FW-END-1); a position is a game still going on")
            # read in this order, so cards without an id are numbered hand, play, graveyard, deck
            z["hand"] = self.names(f"{path}.hand", s.get("hand", []), p)
            z["in_play"] = self.in_play(f"{path}.in_play", s.get("in_play", []), p, cfg)
            z["graveyard"] = self.names(f"{path}.graveyard", s.get("graveyard", []), p)
            z["removed"] = self.names(f"{path}.removed", s.get("removed", []), p)
            z["deck"] = self.deck(path, s, filler, p)
            zones.append(z)
        answering: Mapping[str, Any] | None = None
        ev: _Card | None = None
        if "answering" in top:
            answering = _obj("answering", top["answering"], ANSWERING_KEYS)
            if "seat" not in answering:
                raise PositionError("answering.seat", "is missing (who played the event)")
            ap = _seat("answering.seat", answering["seat"])
            ev, _ = self.card("answering", answering, ap, ANSWERING_KEYS, (EVENT,), "an event")
        n = self.allocate_ids()

        g = self.build(cfg, ruleset, turn, active, seed, zones, n)
        self.lay_out(g, zones)
        self.set_decision(g, top, decision, answering, ev)
        if dice is not None:
            g.forced_dice = [_int(f"dice[{i}]", r, 1, 6) for i, r in enumerate(dice)]
        start = position_of(g, deck=True)
        g.record.options["position"] = start
        return g

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

    def in_play(self, path: str, raw: Any, p: int, cfg: RulesConfig) -> list[_InPlay]:
        out: list[_InPlay] = []
        for i, r in enumerate(_list(path, raw)):
            at = f"{path}[{i}]"
            c, obj = self.card(at, r, p, IN_PLAY_KEYS, (CREATURE, SCENARIO), "a creature or a Scenario")
            atts: list[tuple[_Card, Any]] = []
            for j, ar in enumerate(_list(f"{at}.attachments", obj.get("attachments", []))):
                apath = f"{at}.attachments[{j}]"
                ac, aobj = self.card(apath, ar, p, ATTACHMENT_KEYS, (ATTACHMENT,), "an attachment")
                if c.d.type != CREATURE:
                    raise PositionError(apath, "attachments go on creatures, not on Scenarios (FW-ATTACH-1)")
                if ac.d.subtype == "curse" and cfg.curses:
                    ac.owner = 1 - p  # FW-ATTACH-2: a Curse is its caster's card, on an enemy creature
                atts.append((ac, aobj))
            out.append(_InPlay(c, obj, at, atts))
        return out

    def build(self, cfg: RulesConfig, ruleset: str, turn: int, active: int, seed: int,
              zones: list[dict[str, Any]], n: int) -> Game:
        first = active if turn % 2 == 1 else 1 - active   # the seat that played turn 1
        names: list[list[str]] = [[], []]
        defs: list[CardDef | None] = [None] * n
        owner = [0] * n
        for c in sorted(self.cards, key=lambda c: c.iid):
            defs[c.iid] = c.d
            owner[c.iid] = c.owner
            names[c.owner].append(c.d.name)
        hole = next(d for d in defs if d is not None) if self.cards else None
        # the constructor sets every attribute the engine has; with two empty decks and a turn cap of 0
        # it plays no turn at all, and everything is then laid out anew
        g = Game(dataclasses.replace(cfg, turn_cap=0), ([], []), seed, first, log_cards=True, deck_names=names,
                 record=True)
        g.cfg = cfg
        g.defs = [d if d is not None else hole for d in defs]  # type: ignore[misc]  # holes: ids in no zone
        g.owner = owner
        g.drawn_turn, g.deployed_turn, g.killed_turn, g.damage_dealt = [-1] * n, [-1] * n, [-1] * n, [0] * n
        g.units, g.unit_at, g.buffed = {}, [None] * n, []
        g.rng = random.Random(seed)
        g.first, g.active, g.turn = first, active, turn
        g.outcome = None
        g.loss_reason, g.capital_gained, g.capital_log = ["capital", "capital"], [0, 0], []
        g.attackers, g.blocks, g.blocking, g.assign, g.tricks_passed = [], {}, {}, {}, 0
        g.chain, g.resume, g.resume_decider = [], DEPLOY, active
        g.record = GameRecord(ruleset, seed, first, (tuple(names[0]), tuple(names[1])),
                              options={"turn_cap": cfg.turn_cap, "literal_two": cfg.literal_two})
        seats = []
        for p, z in enumerate(zones):
            s = Seat(p, [c.iid for c in reversed(z["deck"])], z["capital"])   # deck[-1] is the top card
            s.hand = [c.iid for c in z["hand"]]
            s.graveyard = [c.iid for c in z["graveyard"]]
            s.removed = [c.iid for c in z["removed"]]
            s.pool = z["pool"]
            s.own_turns = (turn + 1) // 2 if p == active else turn // 2
            seats.append(s)
        g.seats = seats
        return g

    def lay_out(self, g: Game, zones: list[dict[str, Any]]) -> None:
        cfg, turn = g.cfg, g.turn
        for p, z in enumerate(zones):
            s = g.seats[p]
            for ip in z["in_play"]:
                c, raw, at = ip.card, ip.raw, ip.path
                new = _bool(f"{at}.deployed_this_turn", raw.get("deployed_this_turn", False))
                if new and p != g.active:
                    raise PositionError(f"{at}.deployed_this_turn", "only the active seat deploys this turn")
                u = Unit(c.iid, c.d, p, turn if new else 0)
                for ac, _ in ip.attachments:
                    clash = effects.slot_clash(cfg, u, ac.d)
                    if clash:
                        raise PositionError(ac.path, clash)
                    u.attached.append((ac.iid, ac.d))
                if "buff" in raw:
                    b = _obj(f"{at}.buff", raw["buff"], (frozenset(BUFFS), NONE))
                    for k, v in b.items():
                        u.buff[BUFFS.index(k)] = _int(f"{at}.buff.{k}", v)
                    if any(u.buff):
                        g.buffed.append(u.iid)
                u.refresh()
                for key, attr in STATS:
                    if key in raw:
                        want, have = _int(f"{at}.{key}", raw[key]), getattr(u, attr)
                        if want != have:
                            raise PositionError(f"{at}.{key}", f"is {want}, but {c.d.name} has {key} {have} after "
                                                "its attachments and buffs; att/def/dmg/hp are worked out, not set "
                                                "(leave them out, or change the card, its attachments or 'buff')")
                u.damage = _int(f"{at}.damage", raw.get("damage", 0), 0)
                if u.damage >= u.max_hp:
                    raise PositionError(f"{at}.damage" if u.damage else at,
                                        f"{c.d.name} has Hp {u.max_hp} after its modifiers and {u.damage} damage: "
                                        "it would be dead (FW-RESOLVE-3)")
                u.locked = _bool(f"{at}.locked", raw.get("locked", False))
                self.used_effects(g, u, c.iid, c.d, raw, at)
                for ac, aobj in ip.attachments:
                    self.used_effects(g, u, ac.iid, ac.d, aobj, ac.path)
                g.place(u)
                if u.is_scenario:
                    s.scenarios.append(u)
                    if new:
                        if s.scenario_turn == turn and cfg.one_scenario:
                            raise PositionError(f"{at}.deployed_this_turn", "only one Scenario can be deployed "
                                                                            "each turn (FW-DEPLOY-2)")
                        s.scenario_turn = turn
                else:
                    s.units.append(u)
        g.refresh_discounts(0)
        g.refresh_discounts(1)

    @staticmethod
    def used_effects(g: Game, u: Unit, src: int, d: CardDef, raw: Mapping[str, Any], at: str) -> None:
        for k, idx in enumerate(_list(f"{at}.used_effects", raw.get("used_effects", []))):
            i = _int(f"{at}.used_effects[{k}]", idx, 0)
            if i >= len(d.effects):
                raise PositionError(f"{at}.used_effects[{k}]", f"{d.name} has {len(d.effects)} card effect(s), "
                                                                f"numbered from 0")
            u.used_turn[src * 16 + i] = g.turn  # FW-EFFECT-2: used this turn

    # ------------------------------------------------------------------ the decision
    def set_decision(self, g: Game, top: Mapping[str, Any], decision: int, answering: Mapping[str, Any] | None,
                     event: _Card | None) -> None:
        active, defender = g.active, 1 - g.active
        name = DECISION_NAMES[decision]
        phase = decision
        if decision == ANSWER:
            if answering is None or event is None:
                raise PositionError("answering", "is missing: an answer decision needs the event waiting for it")
            during = answering.get("during", "deploy")
            if during not in DURING:
                raise PositionError("answering.during", f"must be one of {', '.join(DURING)}, not {during!r}")
            phase = SETTABLE[during]
        elif answering is not None:
            raise PositionError("answering", f"an event waits for an answer only in the answer decision, not {name}")
        raw = top.get("combat")
        c = _obj("combat", raw, COMBAT_KEYS) if raw is not None else {}
        if phase not in COMBAT and any(c.get(k) for k in COMBAT_KEYS[0]):
            over = " (it is over: its temporary buffs are written per card, 'buff')" if phase == RESOLUTION else ""
            raise PositionError("combat", f"there is no combat in the {DECISION_NAMES[phase]} decision{over}")
        self.attackers(g, c, phase)
        self.blocks(g, c, phase)
        self.objectives(g, c, phase)
        self.strikebacks(g, c, phase)
        tp = _int("combat.tricks_passed", c.get("tricks_passed", 0), 0, 1)
        if tp and phase != TRICKS:
            raise PositionError("combat.tricks_passed", "counts passes in the tricks window only")
        g.tricks_passed = tp if phase == TRICKS else 0
        # the decision, and whether the engine would ask it
        deciders = {RESOURCE: active, DEPLOY: active, ATTACK: active, BLOCK: defender, ASSIGN: active,
                    DEFEND: defender, TRICKS: active if tp == 0 else defender, RESOLUTION: active, DISCARD: active}
        g.decision, g.decider = phase, deciders[phase]
        if decision == ANSWER:
            assert answering is not None and event is not None
            self.set_answering(g, answering, event, phase)
        why_not = _why_not_asked(g)
        if why_not:
            raise PositionError("decision", f"{name}: {why_not}")

    @staticmethod
    def attackers(g: Game, c: Mapping[str, Any], phase: int) -> None:
        for i, a in enumerate(_list("combat.attackers", c.get("attackers", []))):
            at = f"combat.attackers[{i}]"
            u = g.unit(_int(at, a))
            if u is None or u.owner != g.active or not u.is_creature:
                raise PositionError(at, f"{a} is not a creature of the active seat in play")
            if u.iid in g.attackers:
                raise PositionError(at, f"{a} is declared twice")
            if u.att <= 0:
                raise PositionError(at, f"{u.d.name} has Att 0 and cannot attack (FW-HIT-3)")
            if u.deployed_turn == g.turn and not u.swift:
                raise PositionError(at, f"{u.d.name} was deployed this turn and is not swift (FW-DEPLOY-3)")
            if not u.locked and not u.vigilant and g.cfg.locking:
                raise PositionError(at, f"{u.d.name} attacks but is not locked: declaring an attacker locks it "
                                        "unless it is vigilant (FW-LOCK-1); write \"locked\": true")
            g.attackers.append(u.iid)
        if phase in (BLOCK, ASSIGN, DEFEND, TRICKS) and not g.attackers:
            raise PositionError("combat.attackers", f"the {DECISION_NAMES[phase]} decision needs attackers")

    @staticmethod
    def blocks(g: Game, c: Mapping[str, Any], phase: int) -> None:
        blocks = _list("combat.blocks", c.get("blocks", []))
        if blocks and phase == ATTACK:
            raise PositionError("combat.blocks", "blockers are declared after the attackers (decision block)")
        g.decision, g.decider = BLOCK, 1 - g.active
        for i, pair in enumerate(blocks):
            at = f"combat.blocks[{i}]"
            if not isinstance(pair, list) or len(pair) != 2:
                raise PositionError(at, "a block is written [blocker id, attacker id]")
            act = Action("block", _int(f"{at}[0]", pair[0]), _int(f"{at}[1]", pair[1]))
            reason = combat.why_illegal(g, act)
            if reason:
                raise PositionError(at, f"{act}: {reason}")
            combat.do_block(g, act.a, act.b)

    @staticmethod
    def objectives(g: Game, c: Mapping[str, Any], phase: int) -> None:
        objectives = _list("combat.objectives", c.get("objectives", []))
        if objectives and phase in (ATTACK, BLOCK):
            raise PositionError("combat.objectives", "objectives are chosen after the blocks (decision assign)")
        if phase not in (ASSIGN, DEFEND, TRICKS):
            return
        g.decision, g.decider = ASSIGN, g.active
        combat.auto_assign(g)  # what the engine does on entering the assign decision
        for i, text in enumerate(objectives):
            at = f"combat.objectives[{i}]"
            if not isinstance(text, str):
                raise PositionError(at, "an objective is written as its action, e.g. \"raid 12\"")
            try:
                act = Action.parse(text)
            except ValueError as exc:
                raise PositionError(at, str(exc)) from None
            if act.kind not in OBJECTIVES:
                raise PositionError(at, f"{text!r} is not an objective ({', '.join(OBJECTIVES)})")
            if act.a in g.assign and g.assign[act.a] == (act.kind, act.b):
                continue  # the engine took it by itself (its only possible objective)
            reason = combat.why_illegal(g, act)
            if reason:
                raise PositionError(at, f"{text}: {reason}")
            combat.do_assign(g, act)
        left = combat.next_unassigned(g)
        if phase != ASSIGN and left is not None:
            raise PositionError("combat.objectives", f"attacker {left} has no objective yet (decision assign)")

    @staticmethod
    def strikebacks(g: Game, c: Mapping[str, Any], phase: int) -> None:
        pairs = _list("combat.strikebacks", c.get("strikebacks", []))
        if pairs and phase not in (DEFEND, TRICKS):
            raise PositionError("combat.strikebacks", "a Scenario's strike back is chosen after the objectives "
                                                      "(decision defend)")
        if phase not in (DEFEND, TRICKS):
            return
        g.decision, g.decider = DEFEND, 1 - g.active
        combat.auto_strikeback(g)  # what the engine does on entering the defend decision (FW-SCEN-2)
        for i, pair in enumerate(pairs):
            at = f"combat.strikebacks[{i}]"
            if not isinstance(pair, list) or len(pair) != 2:
                raise PositionError(at, "a strike back is written [Scenario id, attacker id]")
            act = Action("strikeback", _int(f"{at}[0]", pair[0]), _int(f"{at}[1]", pair[1]))
            if g.strikeback.get(act.a) == act.b:
                continue  # attacked by one creature: the engine took it by itself
            reason = combat.why_illegal(g, act)
            if reason:
                raise PositionError(at, f"{act}: {reason}")
            g.strikeback[act.a] = act.b
        left = combat.next_scenario_to_defend(g)
        if phase == TRICKS and left is not None:
            raise PositionError("combat.strikebacks", f"Scenario {left} has not chosen whom it strikes back at "
                                                      "(decision defend)")

    @staticmethod
    def set_answering(g: Game, answering: Mapping[str, Any], event: _Card, during: int) -> None:
        seat = event.owner
        if seat != g.decider:
            who = "the active seat" if during != TRICKS else f"seat {'ab'[g.decider]} (tricks_passed)"
            raise PositionError("answering.seat", f"in the {DECISION_NAMES[during]} decision only {who} plays events")
        target = _int("answering.target", answering.get("target", -1), -1)
        reason = effects.event_playable(g, seat, event.iid)
        if reason is None and not effects.target_ok(g, seat, event.d.choose, target):
            reason = f"the target must be a {event.d.choose}" if event.d.choose else "this event takes no target"
        if reason:
            raise PositionError("answering", f"{event.d.name} could not have been played: {reason}")
        g.chain = [(seat, event.iid, target)]
        g.resume, g.resume_decider = during, seat
        g.decision, g.decider = ANSWER, 1 - seat


def _why_not_asked(g: Game) -> str | None:
    """Why the engine would not stop at the game's decision in this state (None when it would).

    A deploy decision is always accepted: it is where a turn is naturally set up, and when passing is
    all the active seat can do, ``pass`` goes on to combat as the engine would have by itself."""
    d, p = g.decision, g.decider
    who = f"seat {'ab'[p]}"
    if d in (RESOURCE, RESOLUTION) and not g._window_has_play(p):
        return (f"{who} has no healing card or effect, nor event of the {DECISION_NAMES[d]} phase, to play: "
                "the engine does not stop here (FW-PASS-1)")
    if d == ATTACK and not g._may_act_in_attack():
        return f"{who} has no creature that may attack and nothing to play: the engine goes on to blocks"
    if d == BLOCK and not combat.can_block_any(g):
        return f"{who} has no creature that can block these attackers: the engine does not ask"
    if d == ASSIGN and combat.next_unassigned(g) is None:
        return "every attacker has its objective (some have only one): the engine goes on"
    if d == DEFEND and combat.next_scenario_to_defend(g) is None:
        return "no Scenario attacked by several creatures is left to choose its strike back: the engine goes on"
    if d in (TRICKS, ANSWER) and not g._has_instant(p):
        return f"{who} has no event or card effect it can play: the engine does not ask"
    if d == DISCARD:
        n = len(g.seats[p].hand)
        if g.cfg.bg_hand and n < 8:
            return f"{who} holds {n} cards: a bg discard is offered with 8 or more (BG-HAND-2)"
        if not g.cfg.bg_hand and n <= g.cfg.hand_limit:
            return f"{who} holds {n} cards: the discard comes with more than {g.cfg.hand_limit} (FW-HAND-1)"
    return None


def _config(ruleset: str, raw: Any) -> RulesConfig:
    opts = _obj("options", raw, (frozenset(f.name for f in dataclasses.fields(RulesConfig)) - {"ruleset"}, NONE))
    base = config_for(ruleset)
    checked: dict[str, object] = {}
    for k, v in opts.items():
        cur = getattr(base, k)
        if isinstance(cur, bool):
            checked[k] = _bool(f"options.{k}", v)
        elif isinstance(cur, int):
            checked[k] = _int(f"options.{k}", v, 0)
        elif isinstance(cur, tuple):
            checked[k] = tuple(_int(f"options.{k}[{i}]", x, 0) for i, x in enumerate(_list(f"options.{k}", v)))
        else:
            raise PositionError(f"options.{k}", "cannot be set in a position")
    if checked.get("turn_cap", 1) == 0:
        raise PositionError("options.turn_cap", "must be at least 1")
    return config_for(ruleset, **checked)


def load_position(data: Mapping[str, Any], catalog: Any, *, dice: Sequence[int] | None = None) -> Game:
    """A game set up from a position (docs/positions.md) over ``catalog``; ``dice`` are the die
    results to use in order (then :class:`~fwlab.rules.core.TooFewDice`), or None to roll them with
    the position's ``seed``. A position that cannot be set up raises
    :class:`~fwlab.rules.core.PositionError` naming the field."""
    return _Loader(catalog).load(data, dice)


# ---------------------------------------------------------------------- printing
def position_of(g: Game, *, deck: bool = False) -> dict[str, Any]:
    """The position of a game in the JSON shape of docs/positions.md (``deck=True``: the deck as
    card names, top first, instead of ``deck_size``)."""
    defs = g.defs
    out: dict[str, Any] = {
        "ruleset": g.cfg.ruleset, "turn": g.turn, "active": g.active, "decision": g.decision_name,
        "legal_actions": [str(a) for a in g.legal_actions()], "terminal": g.is_terminal(),
        "outcome": None if g.outcome is None else {"places": list(g.outcome.places),
                                                   "end_reason": g.outcome.end_reason},
    }
    seats = []
    for s in g.seats:
        seat: dict[str, Any] = {"capital": s.capital, "pool": s.pool,
                                "hand": [{"id": i, "card": defs[i].name} for i in s.hand]}
        if deck:
            seat["deck"] = [defs[i].name for i in reversed(s.deck)]
        else:
            seat["deck_size"] = len(s.deck)
        seat["graveyard"] = [defs[i].name for i in s.graveyard]
        seat["in_play"] = [_unit(g, u) for u in s.units + s.scenarios]
        if s.removed:
            seat["removed"] = [defs[i].name for i in s.removed]
        seats.append(seat)
    out["seats"] = seats
    phase = g.resume if g.decision == ANSWER else g.decision
    if g.attackers and phase in COMBAT:  # (at resolution the combat is over: only buffs remain)
        c: dict[str, Any] = {"attackers": list(g.attackers),
                             "blocks": [[b, a] for a in g.attackers for b in g.blocks.get(a, ())],
                             "objectives": [str(Action(g.assign[a][0], a, g.assign[a][1]))
                                            for a in g.attackers if a in g.assign]}
        if g.strikeback:
            c["strikebacks"] = [[sc, a] for sc, a in g.strikeback.items()]
        if phase == TRICKS and g.tricks_passed:
            c["tricks_passed"] = g.tricks_passed
        out["combat"] = c
    if g.chain:
        p, iid, target = g.chain[0]
        ans: dict[str, Any] = {"seat": p, "id": iid, "card": defs[iid].name}
        if target != -1:
            ans["target"] = target
        ans["during"] = DECISION_NAMES[g.resume]
        out["answering"] = ans
    base = config_for(g.cfg.ruleset)
    opts = {f.name: getattr(g.cfg, f.name) for f in dataclasses.fields(g.cfg)
            if getattr(g.cfg, f.name) != getattr(base, f.name)}
    if opts:
        out["options"] = {k: list(v) if isinstance(v, tuple) else v for k, v in opts.items()}
    return out


def _unit(g: Game, u: Unit) -> dict[str, Any]:
    row: dict[str, Any] = {"id": u.iid, "card": u.d.name, "att": u.att, "def": u.dfn, "dmg": u.dmg, "hp": u.max_hp,
                           "damage": u.damage, "locked": u.locked, "attachments": []}
    for aid, a in u.attached:
        att: dict[str, Any] = {"id": aid, "card": a.name}
        used = _used(g, u, aid, a)
        if used:
            att["used_effects"] = used
        row["attachments"].append(att)
    if u.deployed_turn == g.turn:
        row["deployed_this_turn"] = True
    if any(u.buff):
        row["buff"] = {k: v for k, v in zip(BUFFS, u.buff) if v}
    used = _used(g, u, u.iid, u.d)
    if used:
        row["used_effects"] = used
    return row


def _used(g: Game, u: Unit, src: int, d: CardDef) -> list[int]:
    return [i for i in range(len(d.effects)) if u.used_turn.get(src * 16 + i) == g.turn]
