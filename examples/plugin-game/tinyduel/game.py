"""The rules of Tiny Duel (README.md, "The rules"): one :class:`Game` per match, two seats.

A game follows fwlab's :class:`~fwlab.rules.core.GameState` protocol: ``current_player()``,
``legal_actions()``, ``apply(action)`` (an :class:`~fwlab.rules.core.IllegalAction` with the
reason when the rules forbid it), ``is_terminal()``, ``outcome``, ``record`` and ``clone()``.
The only chance is the shuffle of each deck at the start, from the game's seeded generator, so
``(decks, seed, first, actions)`` rebuild a game exactly.

Actions (all asked of the active seat, in the one decision ``main``):

* ``play ID``: a fighter from hand into your line (TD-PLAY-1);
* ``cast ID`` / ``cast ID TARGET``: a spell from hand; a bolt without a target hits the enemy
  seat, with one the enemy fighter ``TARGET`` (TD-CAST-1);
* ``strike ID TARGET`` / ``strike ID``: your fighter ``ID`` strikes an enemy fighter, or the enemy
  seat when the enemy line is empty (TD-STRIKE-1, TD-STRIKE-2);
* ``end``: end the turn (TD-TURN-2).

>>> from fwlab.catalog import load_catalog
>>> from .cards import compile_deck
>>> cat = load_catalog("tinyduel")
>>> deck = compile_deck(["Ember Fox"] * 10 + ["Spark Bolt"] * 10, cat)
>>> g = new_game(deck, deck, seed=1)
>>> g.turn, g.active, g.sparks, len(g.seats[0].hand), len(g.seats[1].hand)
(1, 0, 1, 4, 4)
>>> str(g.legal_actions()[-1])
'end'
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from fwlab.rules.core import Action, GameRecord, IllegalAction, Outcome
from fwlab.rules.options import RuleOption

from .cards import FIGHTER, CardDef

START_LIFE = 12        #: TD-LIFE-1
SECOND_SEAT_LIFE = 3   #: TD-SETUP-2: the seat playing second starts with this much more Life
HAND_SIZE = 4          #: TD-SETUP-1: the default of the rule option ``hand_size``
MAX_SPARKS = 5         #: TD-SPARK-1
LINE_SIZE = 3          #: TD-LINE-1
TURN_CAP = 30          #: TD-END-2
DECK_SIZE, MAX_COPIES = 20, 3   #: TD-DECK-1
END_REASONS = ("life", "turn-cap")
END = Action("end")

#: The rule options of ``tinyduel`` (``fwlab engines --options``; ``--rule hand_size=6``)
OPTIONS: tuple[RuleOption, ...] = (
    RuleOption("hand_size", "int", HAND_SIZE, "cards each seat draws before the first turn", "TD-SETUP-1",
               min=1, max=8),
)


class Fighter:
    """A fighter in a line: its card instance, damage taken this turn, whether it came in this
    turn (``fresh``) and whether it has struck this turn."""

    __slots__ = ("iid", "d", "damage", "fresh", "struck")

    def __init__(self, iid: int, d: CardDef, fresh: bool = True) -> None:
        self.iid, self.d = iid, d
        self.damage = 0
        self.fresh = fresh
        self.struck = False

    @property
    def ready(self) -> bool:
        """It may strike now (TD-STRIKE-1)."""
        return not self.struck and (not self.fresh or self.d.swift)

    def copy(self) -> Fighter:
        f = Fighter(self.iid, self.d, self.fresh)
        f.damage, f.struck = self.damage, self.struck
        return f


class Seat:
    __slots__ = ("life", "deck", "hand", "discard", "line", "own_turns")

    def __init__(self, deck: list[int], life: int = START_LIFE) -> None:
        self.life = life
        self.deck = deck           #: card instance ids, top card first
        self.hand: list[int] = []
        self.discard: list[int] = []
        self.line: list[Fighter] = []
        self.own_turns = 0         #: turns this seat has begun (this one included)

    def copy(self) -> Seat:
        s = Seat(list(self.deck), self.life)
        s.hand, s.discard = list(self.hand), list(self.discard)
        s.line = [f.copy() for f in self.line]
        s.own_turns = self.own_turns
        return s


class Game:
    """One game of Tiny Duel. ``defs[iid]`` is the card of instance ``iid``, ``owner[iid]`` its seat."""

    num_seats = 2

    def __init__(self, defs: Sequence[CardDef], owner: Sequence[int], seed: int, first: int,
                 record: GameRecord, *, log_cards: bool = True, recording: bool = True,
                 hand_size: int = HAND_SIZE) -> None:
        self.defs = list(defs)
        self.owner = list(owner)
        self.rng = random.Random(seed)
        self.first = first
        self.hand_size = hand_size
        self.log_cards = log_cards
        self.recording = recording
        self.record = record
        self.seats = [Seat([]), Seat([])]
        self.turn = 0
        self.active = first
        self.sparks = 0
        self.outcome: Outcome | None = None
        #: (turn, Life of seat a, Life of seat b) at the end of each turn
        self.track: list[tuple[int, ...]] = []
        n = len(self.defs)
        self.drawn_turn = [-1] * n
        self.played_turn = [-1] * n
        self.killed_turn = [-1] * n
        self.damage_dealt = [0] * n
        self.seat_damage = [0] * n

    # ------------------------------------------------------------------ set-up
    def deal(self) -> None:
        """TD-SETUP-1: shuffle each deck, draw ``hand_size`` cards each (TD-SETUP-2: the seat
        playing second starts with more Life), then begin turn 1."""
        for p in (0, 1):
            deck = [i for i in range(len(self.defs)) if self.owner[i] == p]
            self.rng.shuffle(deck)
            self.seats[p].deck = deck
        for p in (0, 1):
            for _ in range(self.hand_size):
                self.draw(p)
        self.seats[1 - self.first].life += SECOND_SEAT_LIFE
        self.begin_turn(self.first)

    # ------------------------------------------------------------------ the protocol
    def current_player(self) -> int:
        return -1 if self.outcome is not None else self.active

    def is_terminal(self) -> bool:
        return self.outcome is not None

    @property
    def decision_name(self) -> str:
        return "terminal" if self.outcome is not None else "main"

    def legal_actions(self) -> list[Action]:
        if self.outcome is not None:
            return []
        me, foe = self.seats[self.active], self.seats[1 - self.active]
        acts: list[Action] = []
        for iid in me.hand:
            d = self.defs[iid]
            if d.cost > self.sparks:
                continue
            if d.kind == FIGHTER:
                if len(me.line) < LINE_SIZE:
                    acts.append(Action("play", iid))
            elif d.effect == "bolt":
                acts.append(Action("cast", iid))
                acts += [Action("cast", iid, f.iid) for f in foe.line]
            else:
                acts.append(Action("cast", iid))
        for f in me.line:
            if f.ready:
                if foe.line:
                    acts += [Action("strike", f.iid, t.iid) for t in foe.line]
                else:
                    acts.append(Action("strike", f.iid))
        acts.append(END)
        return acts

    def why_illegal(self, a: Action) -> str | None:
        """Why ``a`` is not legal now (None when it is)."""
        if self.outcome is not None:
            return "the game is over"
        me, foe = self.seats[self.active], self.seats[1 - self.active]
        if a.kind == "end":
            return None if a.a == -1 else "end takes no argument"
        if a.kind in ("play", "cast"):
            if a.a not in me.hand:
                return f"card {a.a} is not in seat {'ab'[self.active]}'s hand"
            d = self.defs[a.a]
            if d.cost > self.sparks:
                return f"{d.name} costs {d.cost} sparks; {self.sparks} left this turn (TD-SPARK-1)"
            if a.kind == "play":
                if d.kind != FIGHTER:
                    return f"{d.name} is a spell: cast it"
                if len(me.line) >= LINE_SIZE:
                    return f"the line holds {LINE_SIZE} fighters at most (TD-LINE-1)"
                return None if a.b == -1 else "play takes only the card"
            if d.kind == FIGHTER:
                return f"{d.name} is a fighter: play it"
            if a.b != -1 and (d.effect != "bolt" or _fighter(foe, a.b) is None):
                return (f"{a.b} is not an enemy fighter in line" if d.effect == "bolt"
                        else f"{d.name} ({d.effect}) takes no target")
            return None
        if a.kind == "strike":
            f = _fighter(me, a.a)
            if f is None:
                return f"{a.a} is not a fighter in seat {'ab'[self.active]}'s line"
            if f.struck:
                return f"{f.d.name} has struck this turn already (TD-STRIKE-1)"
            if f.fresh and not f.d.swift:
                return f"{f.d.name} came in this turn and is not swift (TD-STRIKE-1)"
            if a.b == -1:
                return "the enemy line is not empty: strike a fighter first (TD-STRIKE-2)" if foe.line else None
            return None if _fighter(foe, a.b) is not None else f"{a.b} is not an enemy fighter in line"
        return f"unknown action {a.kind!r} (play, cast, strike, end)"

    def apply(self, action: Action | str) -> None:
        a = Action.parse(action) if isinstance(action, str) else action
        reason = self.why_illegal(a)
        if reason is not None:
            raise IllegalAction(f"{a} is not legal: {reason}")
        if self.recording:
            self.record.actions.append((self.active, a))
        p = self.active
        me, foe = self.seats[p], self.seats[1 - p]
        if a.kind == "end":
            self.end_turn()
            return
        if a.kind == "strike":
            f = _fighter(me, a.a)
            assert f is not None
            f.struck = True
            target = _fighter(foe, a.b) if a.b != -1 else None
            if target is None:
                self.hit_seat(1 - p, f.d.power, f.iid)
            else:  # TD-STRIKE-3: both deal their power at once
                self.hit_fighter(1 - p, target, f.d.power, f.iid)
                self.hit_fighter(p, f, target.d.power, target.iid)
            self.check_life()
            return
        d = self.defs[a.a]
        me.hand.remove(a.a)
        self.sparks -= d.cost
        if self.played_turn[a.a] < 0:
            self.played_turn[a.a] = self.turn
        if a.kind == "play":
            me.line.append(Fighter(a.a, d))
            return
        me.discard.append(a.a)
        if d.effect == "bolt":
            target = _fighter(foe, a.b) if a.b != -1 else None
            if target is None:
                self.hit_seat(1 - p, d.amount, a.a)
            else:
                self.hit_fighter(1 - p, target, d.amount, a.a)
        elif d.effect == "mend":
            me.life += d.amount
        else:
            for _ in range(d.amount):
                self.draw(p)
        self.check_life()

    # ------------------------------------------------------------------ the rules
    def draw(self, p: int) -> None:
        """TD-DRAW-1/2: the top card to hand, or 1 Life lost when the deck is empty."""
        s = self.seats[p]
        if s.deck:
            iid = s.deck.pop(0)
            s.hand.append(iid)
            if self.drawn_turn[iid] < 0:
                self.drawn_turn[iid] = self.turn
        else:
            s.life -= 1

    def hit_seat(self, p: int, amount: int, source: int) -> None:
        self.seats[p].life -= amount
        self.damage_dealt[source] += amount
        self.seat_damage[source] += amount

    def hit_fighter(self, p: int, f: Fighter, amount: int, source: int) -> None:
        """TD-DAMAGE-1: a sturdy fighter takes 1 less; damage at its guard or more destroys it."""
        dealt = max(0, amount - 1) if f.d.sturdy else amount
        f.damage += dealt
        self.damage_dealt[source] += dealt
        if f.damage >= f.d.guard:
            s = self.seats[p]
            s.line.remove(f)
            s.discard.append(f.iid)
            if self.killed_turn[f.iid] < 0:
                self.killed_turn[f.iid] = self.turn

    def begin_turn(self, p: int) -> None:
        """TD-TURN-1, TD-DRAW-1, TD-SPARK-1: the next turn begins for seat ``p``."""
        self.turn += 1
        self.active = p
        s = self.seats[p]
        s.own_turns += 1
        if self.turn > 1:   # the first seat does not draw on turn 1
            self.draw(p)
        self.sparks = min(s.own_turns, MAX_SPARKS)
        self.check_life()

    def end_turn(self) -> None:
        """TD-DAMAGE-2: fighters heal; TD-END-2: the turn cap; then the other seat's turn."""
        for s in self.seats:
            for f in s.line:
                f.damage, f.fresh, f.struck = 0, False, False
        self.track.append((self.turn, self.seats[0].life, self.seats[1].life))
        if self.turn >= TURN_CAP:
            a, b = self.seats[0].life, self.seats[1].life
            winner = None if a == b else (0 if a > b else 1)
            self.outcome = Outcome.from_winner(winner, 2, "turn-cap", self.turn)
            return
        self.begin_turn(1 - self.active)

    def check_life(self) -> None:
        """TD-END-1: a seat at 0 Life or less has lost (both at once: a draw)."""
        if self.outcome is not None:
            return
        down = [p for p in (0, 1) if self.seats[p].life <= 0]
        if down:
            winner = None if len(down) == 2 else 1 - down[0]
            self.outcome = Outcome.from_winner(winner, 2, "life", self.turn)
            self.track.append((self.turn, self.seats[0].life, self.seats[1].life))

    # ------------------------------------------------------------------ copies and logs
    def clone(self, seed: int | None = None) -> Game:
        """An independent copy (its record is a copy too); ``seed`` reseeds its generator."""
        rec = GameRecord(self.record.ruleset, self.record.seed, self.record.first, self.record.setups,
                         list(self.record.actions), list(self.record.dice), dict(self.record.options))
        g = Game.__new__(Game)
        g.defs, g.owner = self.defs, self.owner
        g.rng = random.Random()
        if seed is None:
            g.rng.setstate(self.rng.getstate())
        else:
            g.rng.seed(seed)
        g.first, g.hand_size, g.log_cards, g.recording = self.first, self.hand_size, self.log_cards, self.recording
        g.record = rec
        g.seats = [s.copy() for s in self.seats]
        g.turn, g.active, g.sparks, g.outcome = self.turn, self.active, self.sparks, self.outcome
        g.track = list(self.track)
        g.drawn_turn, g.played_turn, g.killed_turn = list(self.drawn_turn), list(self.played_turn), list(self.killed_turn)
        g.damage_dealt, g.seat_damage = list(self.damage_dealt), list(self.seat_damage)
        return g

    def card_events(self) -> list[dict[str, Any]]:
        """Per seat and card name: in the opening hand, first drawn / played / destroyed turn,
        damage dealt (to fighters and seats) and damage dealt to the enemy seat (``scored``)."""
        rows: dict[tuple[int, str], dict[str, Any]] = {}
        for iid, d in enumerate(self.defs):
            seat = self.owner[iid]
            row = rows.get((seat, d.name))
            if row is None:
                row = rows[(seat, d.name)] = {"seat": "ab"[seat], "card": d.name, "in_opening_hand": False,
                                              "drawn_turn": None, "deployed_turn": None, "killed_turn": None,
                                              "damage_dealt": 0, "scored": 0}
            for key, turns in (("drawn_turn", self.drawn_turn), ("deployed_turn", self.played_turn),
                               ("killed_turn", self.killed_turn)):
                t = turns[iid]
                if t >= 0 and (row[key] is None or t < row[key]):
                    row[key] = t
            if self.drawn_turn[iid] == 0:
                row["in_opening_hand"] = True
            row["damage_dealt"] += self.damage_dealt[iid]
            row["scored"] += self.seat_damage[iid]
        return list(rows.values())


def _fighter(s: Seat, iid: int) -> Fighter | None:
    for f in s.line:
        if f.iid == iid:
            return f
    return None


def new_game(deck_a: Sequence[CardDef], deck_b: Sequence[CardDef], seed: int, first: int = 0, *,
             ruleset: str = "tinyduel", deck_names: Sequence[Sequence[str]] | None = None,
             log_cards: bool = True, record: bool = True, hand_size: int = HAND_SIZE) -> Game:
    """A new game between two compiled decks; seat ``first`` plays turn 1. Instance ids: seat a's
    cards first (in deck order), then seat b's."""
    names = deck_names or ([d.name for d in deck_a], [d.name for d in deck_b])
    rec = GameRecord(ruleset, seed, first, (tuple(names[0]), tuple(names[1])))
    if hand_size != HAND_SIZE:
        rec.options["hand_size"] = hand_size
    g = Game([*deck_a, *deck_b], [0] * len(deck_a) + [1] * len(deck_b), seed, first, rec,
             log_cards=log_cards, recording=record, hand_size=hand_size)
    g.deal()
    return g


def play_out(g: Game, bots: Sequence[Any]) -> None:
    """Let ``bots[seat].choose(g)`` decide until the game ends."""
    while g.outcome is None:
        g.apply(bots[g.active].choose(g))
