"""A game of Conquest of the Fallen Lands (ruleset ``conquest``): 3 to 5 players, one shared deck,
a board of hex fields. Turn flow, decisions, legal actions and ``apply``.

The game runs by itself through everything that needs no decision (dealing, the Draw step, Restore,
the end checks) and stops at the next decision: :meth:`Game.current_player` names who decides and
:meth:`Game.legal_actions` what they may do. A decision with nothing to choose is skipped: Hire when
the player has fewer than 5 coins, the mulligan unless the player may take it, Complete Tasks when
no card can be played (only ``end`` is left), Exchange with fewer than two cards in hand (or left
to choose).

=========  ==========================================================================================
FOLLOWERS  before the first turn, each player in round-1 order, twice: ``follower K`` (K = 0 warrior,
           1 craftsman, 2 mage) -- the two free followers (CQ-SETUP-2)
HIRE       start of a turn, with 5 coins or more: ``hire K`` (pay 5, take a follower of kind K) or
           ``nohire`` (CQ-HIRE-1)
MULLIGAN   the player's first turn, after hiring, when no troop in hand can conquer any field:
           ``mulligan`` (discard the hand, draw 8) or ``keep`` (CQ-MULLIGAN-1)
TASKS      Complete Tasks, any number in any order: ``conquer C F`` (troop C onto field F),
           ``fortify C F`` (fortification C onto your field F), ``magic C [x [y]]`` (magic card C;
           x, y its targets: a field per ``claim`` effect, then a follower kind per follower a
           ``refresh`` restores, in the card's effect order), ``end`` (to the Draw step)
EXCHANGE   after the Draw step, one exchange (CQ-DRAW-2): ``exchange C1 C2`` chooses two cards of the
           hand for it (again for more: an even number, nothing is discarded or drawn yet), ``done``
           makes it (the chosen cards discarded, one card drawn for every two) and ends the turn
           (Restore, and the next player's); ``done`` with none chosen exchanges nothing. With
           fewer than two cards left to choose the exchange is made at once
=========  ==========================================================================================

Seats are numbered clockwise around the table (a, b, c, ...): clockwise is seat + 1, counter-
clockwise seat - 1. Fields are numbered in :func:`fwlab.rules.hexgrid.board_fields` order; card
instance ids are positions in the shared deck (:func:`~fwlab.rules.conquest.cards.shared_deck`).
Every random event (the board layout, shuffles) comes from the ``random.Random(seed)`` the game is
created with. Rule IDs in comments refer to ``docs/rules.md`` (section "Conquest").

Rule options (declared in ``rule_options.py``): the board radius and difficulty multiset (CQ-BOARD-1),
``turn_order`` (CQ-ORDER-1: 003's reversed first round, or ``clockwise`` from the first player
every round), ``idle_end`` (CQ-END-2: ``every-player``, the game ends once every player has had a
turn since the last conquest or Claim; or ``turns-in-a-row``, after ``idle_turns`` idle turns in a
row, 0 meaning as many as there are players), ``finish_round`` (CQ-END-3: when the last field is
taken the game ends at the end of that round, so every seat has had as many turns; off by default,
CQ-END-1 ends it at once). ``record.options`` holds those that differ from the defaults.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from ..core import Action, GameRecord, IllegalAction, Outcome, places_from_scores
from ..hexgrid import adjacency, field_count
from ..lists import has as _has
from ..lists import remove as _remove
from ..lists import shuffle
from .cards import (
    FORTIFICATION,
    MAGIC,
    OP_BOOST,
    OP_CLAIM,
    OP_COINS,
    OP_DRAW,
    OP_REFRESH,
    OP_STEAL,
    TROOP,
    CardDef,
)
from .state import Seat

# decisions (Final: the compiled core inlines them)
FOLLOWERS: Final = 0
HIRE: Final = 1
MULLIGAN: Final = 2
TASKS: Final = 3
EXCHANGE: Final = 4
TERMINAL: Final = 5
DECISION_NAMES: Final = ("followers", "hire", "mulligan", "tasks", "exchange", "terminal")

START_COINS: Final = 25       # CQ-SETUP-1
HAND_SIZE: Final = 8          # CQ-SETUP-1, CQ-MULLIGAN-1
FREE_FOLLOWERS: Final = 2     # CQ-SETUP-2
HIRE_COST: Final = 5          # CQ-HIRE-1
RADIUS: Final = 2             # CQ-BOARD-1
#: CQ-BOARD-1: the difficulties of the 19 fields, laid out by the seed
DIFFICULTIES: Final = (1, 2, 3, 4, 4, 5, 5, 6, 6, 6, 7, 7, 8, 8, 9, 9, 10, 11, 12)
MAX_DIFFICULTY: Final = 12
END_REASONS: Final = ("all-taken", "idle")
#: CQ-ORDER-1: the turn orders (option ``turn_order``): 003's reversed first round, or clockwise throughout
REVERSE_FIRST: Final = "reverse-first-round"
CLOCKWISE: Final = "clockwise"
TURN_ORDERS: Final = (REVERSE_FIRST, CLOCKWISE)
#: CQ-END-2: the idle ends (option ``idle_end``): every player has had a turn since the last conquest
#: or Claim (the ruling), or as many turns in a row without one as there are players (``idle_turns``)
EVERY_PLAYER: Final = "every-player"
IN_A_ROW: Final = "turns-in-a-row"
IDLE_ENDS: Final = (EVERY_PLAYER, IN_A_ROW)
NO_CARD: Final = -1

END: Final = Action("end")
DONE: Final = Action("done")
NOHIRE: Final = Action("nohire")
KEEP: Final = Action("keep")
MULL: Final = Action("mulligan")
HIRES: Final = (Action("hire", 0), Action("hire", 1), Action("hire", 2))
PICKS: Final = (Action("follower", 0), Action("follower", 1), Action("follower", 2))

_ADJ: dict[int, list[list[int]]] = {}


def board_adjacency(radius: int) -> list[list[int]]:
    """Neighbour indexes of every field of a radius-``radius`` board (cached per radius)."""
    adj = _ADJ.get(radius)
    if adj is None:
        adj = adjacency(radius)
        _ADJ[radius] = adj
    return adj


class Game:
    """The state of one game. Create with :func:`new_game`; drive with ``apply`` until ``is_terminal``."""

    def __init__(self, defs: Sequence[CardDef] | None, seats: int, seed: int, first: int = 0,
                 log_cards: bool = True, record: bool = True, radius: int = RADIUS,
                 difficulties: Sequence[int] | None = None, turn_order: str = REVERSE_FIRST,
                 idle_end: str = EVERY_PLAYER, idle_turns: int = 0, finish_round: bool = False) -> None:
        self.seed = seed
        self.num_seats = seats
        self.first = first
        self.radius = radius
        self.log_cards = log_cards
        self.recording = record
        self.outcome: Outcome | None = None
        self.rng = random.Random(seed)
        self.turn_order = turn_order
        if turn_order == CLOCKWISE:   # option turn_order: clockwise from the first player every round
            self.order1: list[int] = [(first + i) % seats for i in range(seats)]
            self.order2: list[int] = list(self.order1)
        else:   # CQ-ORDER-1: round 1 counter-clockwise from the first player, then clockwise from the last
            self.order1 = [(first - i) % seats for i in range(seats)]
            self.order2 = [(first + 1 + i) % seats for i in range(seats)]
        self.idle_end = idle_end
        self.idle_turns = idle_turns
        #: CQ-END-2 (option idle_end): the game ends once every seat has had a turn since the last
        #: conquest or Claim, or (turns-in-a-row) after idle_limit idle turns in a row
        self.idle_every = idle_end != IN_A_ROW
        self.idle_limit = idle_turns if idle_turns > 0 else seats
        #: CQ-END-3 (option finish_round): every field taken ends the game at the end of the round
        self.finish_round = finish_round
        self.all_seats = (1 << seats) - 1
        self.round = 1
        self.pos = 0                 # index in the round's order
        self.active = first
        self.decider = first
        self.decision = FOLLOWERS
        self.turn = 0                # turns played (all players)
        self.picks = 0               # free followers taken by the decider (CQ-SETUP-2)
        self.boost = 0               # attack for the next troop this turn (magic ``boost``)
        self.steal = False           # opponents' support counts for the next conquest (``steal_support``)
        self.took = False            # a conquest or a Claim this turn (CQ-END-2)
        self.idle = 0                # turns in a row without conquest or Claim
        self.idle_seats = 0          # bit per seat: has had a turn since the last conquest or Claim
        self.exchanging: list[int] = []   # cards chosen for this turn's exchange (CQ-DRAW-2)
        self.taken = 0               # fields taken
        self.track: list[tuple[int, ...]] = []
        nf = field_count(radius)
        self.nf = nf
        self.adj: list[list[int]] = board_adjacency(radius)
        self.owner: list[int] = [-1] * nf        # seat that took the field, -1: untaken
        self.taken_turn: list[int] = [0] * nf    # the turn (all players) the field was taken, 0: untaken
        self.troop: list[int] = [NO_CARD] * nf   # troop card on the field
        self.fort: list[int] = [NO_CARD] * nf    # fortification card on the field
        self.fsup: list[int] = [0] * nf          # support of the field's troop and fortification
        #: per seat, per field: support of that seat's own troops and fortifications next to the field
        self.sup: list[list[int]] = [[0] * nf for _ in range(seats)]
        self.supall: list[int] = [0] * nf        # everybody's support next to the field
        self.seats: list[Seat] = [Seat(i, START_COINS) for i in range(seats)]
        if defs is None:  # an empty shell that clone() fills in
            self.defs: list[CardDef] = []
            self.diff: list[int] = [0] * nf
            self.deck: list[int] = []
            self.discard: list[int] = []
            self.name_of: list[int] = []
            self.names: list[str] = []
            self._init_logs(0)
            self.record = GameRecord("conquest", seed, first, (None,) * seats)
            return
        self.defs = list(defs)
        # card log: distinct card names of the deck, and each instance's name index
        names: list[str] = []
        index: dict[str, int] = {}
        name_of: list[int] = []
        for d in self.defs:
            k = index.get(d.name)
            if k is None:
                k = len(names)
                index[d.name] = k
                names.append(d.name)
            name_of.append(k)
        self.names = names
        self.name_of = name_of
        self._init_logs(seats * len(names) if log_cards else 0)
        diffs = list(DIFFICULTIES) if difficulties is None else [int(x) for x in difficulties]
        if len(diffs) != nf:
            raise ValueError(f"a board of radius {radius} has {nf} fields: it needs {nf} difficulties, "
                             f"not {len(diffs)}")
        for x in diffs:
            if not 1 <= x <= MAX_DIFFICULTY:
                raise ValueError(f"a field's difficulty is 1 to {MAX_DIFFICULTY}, not {x}")
        options: dict[str, Any] = {}   # the rule options that differ from the defaults
        if radius != RADIUS:
            options["board_radius"] = radius
        if difficulties is not None and diffs != list(DIFFICULTIES):
            options["difficulties"] = list(diffs)
        if turn_order != REVERSE_FIRST:
            options["turn_order"] = turn_order
        if idle_end != EVERY_PLAYER:
            options["idle_end"] = idle_end
        if idle_turns != 0:
            options["idle_turns"] = idle_turns
        if finish_round:
            options["finish_round"] = True
        self.record = GameRecord("conquest", seed, first, (None,) * seats, options=options)
        shuffle(diffs, self.rng)                    # CQ-BOARD-1: the board laid out by the seed
        self.diff = diffs
        self.deck = list(range(len(self.defs)))
        self.discard = []
        shuffle(self.deck, self.rng)                # CQ-SETUP-1: the shared deck shuffled
        for p in self.order1:                       # CQ-SETUP-1: 8 cards each, in round-1 order
            self._draw(p, HAND_SIZE)
        self.decider = self.order1[0]

    def _init_logs(self, n: int) -> None:
        self.ev_drawn: list[int] = [-1] * n      # per (seat, card name): first own turn drawn (0: opening hand)
        self.ev_played: list[int] = [-1] * n     # first own turn played
        self.ev_scored: list[int] = [0] * n      # coins it earned

    # ------------------------------------------------------------------ public API
    def current_player(self) -> int:
        """The seat that must decide now, or -1 when the game is over."""
        return -1 if self.outcome is not None else self.decider

    def is_terminal(self) -> bool:
        return self.outcome is not None

    @property
    def decision_name(self) -> str:
        return DECISION_NAMES[self.decision]

    @property
    def coins(self) -> list[int]:
        """Every seat's coins, in seat order."""
        return [s.coins for s in self.seats]

    def legal_actions(self) -> list[Action]:
        """Every action the current player may take now (empty when the game is over)."""
        if self.outcome is not None:
            return []
        out: list[Action] = []
        for a in self._candidates():
            if self._why(a.kind, a.a, a.b, a.c) is None:
                out.append(a)
        return out

    def why_illegal(self, a: Action) -> str | None:
        """Why an action is not legal now, or None when it is."""
        return self._why(a.kind, a.a, a.b, a.c)

    def apply(self, action: Action | str) -> None:
        """Apply one action of the current player; an illegal one raises :class:`IllegalAction` with the reason."""
        if isinstance(action, str):
            action = Action.parse(action)
        k, x, y, z = action.kind, action.a, action.b, action.c
        reason = self._why(k, x, y, z)
        if reason is not None:
            raise IllegalAction(f"{action} is not legal now ({DECISION_NAMES[self.decision]}): {reason}")
        if self.recording:
            self.record.actions.append((self.decider, action))
        self._do(k, x, y, z)

    def clone(self, seed: int | None = None) -> Game:
        """An independent copy for search (no record, no card log); ``seed`` reseeds its chance."""
        n = self.num_seats
        c = Game(None, n, self.seed, self.first, False, False, self.radius, None, self.turn_order, self.idle_end,
                 self.idle_turns, self.finish_round)
        c.defs, c.names, c.name_of, c.diff = self.defs, self.names, self.name_of, self.diff
        c.outcome = self.outcome
        if seed is not None:
            c.rng = random.Random(seed)
        else:
            c.rng.setstate(self.rng.getstate())
        c.round, c.pos, c.active, c.decider, c.decision = self.round, self.pos, self.active, self.decider, self.decision
        c.turn, c.picks, c.boost, c.steal, c.took = self.turn, self.picks, self.boost, self.steal, self.took
        c.idle, c.idle_seats, c.taken = self.idle, self.idle_seats, self.taken
        c.exchanging = list(self.exchanging)
        c.owner, c.troop, c.fort, c.fsup = list(self.owner), list(self.troop), list(self.fort), list(self.fsup)
        c.taken_turn = list(self.taken_turn)
        c.sup = [list(row) for row in self.sup]
        c.supall = list(self.supall)
        c.seats = [s.copy() for s in self.seats]
        c.deck, c.discard = list(self.deck), list(self.discard)
        return c

    def fingerprint(self) -> tuple[object, ...]:
        """A hashable summary of the whole state (replay must rebuild it exactly)."""
        seats = tuple((tuple(s.hand), s.coins, tuple(s.fol), tuple(s.exp), s.own_turns, s.fields) for s in self.seats)
        return (self.turn, self.round, self.pos, self.active, self.decider, self.decision, self.picks, self.outcome,
                self.boost, self.steal, self.took, self.idle, self.idle_seats, tuple(self.exchanging), self.taken,
                tuple(self.diff), tuple(self.owner),
                tuple(self.troop), tuple(self.fort), tuple(self.deck), tuple(self.discard), seats)

    # ------------------------------------------------------------------ cards
    def _take_top(self) -> int:
        """The top card of the shared deck, taken off it; an empty deck is first refilled by
        shuffling the discard pile (CQ-DECK-1); -1 when both are empty."""
        if not self.deck:
            if not self.discard:
                return NO_CARD
            self.deck = self.discard
            self.discard = []
            shuffle(self.deck, self.rng)            # CQ-DECK-1: the discards shuffled into the deck
        return self.deck.pop()

    def _draw(self, p: int, n: int) -> None:
        s = self.seats[p]
        for _ in range(n):
            iid = self._take_top()
            if iid < 0:
                return
            s.hand.append(iid)
            if self.log_cards:
                j = p * len(self.names) + self.name_of[iid]
                if self.ev_drawn[j] < 0:
                    self.ev_drawn[j] = s.own_turns

    def support_for(self, p: int, f: int) -> int:
        """CQ-CONQUER-1: the support seat ``p`` has for field ``f`` now: its own troops and
        fortifications on adjacent fields, and everybody's after a ``steal_support`` this turn."""
        if self.steal and p == self.active:
            return self.supall[f]
        return self.sup[p][f]

    def affordable(self, p: int, d: CardDef) -> bool:
        """Whether seat ``p``'s unexpended followers cover the card (CQ-FOLLOWERS-1: exactly its kinds)."""
        s = self.seats[p]
        fol, exp = s.fol, s.exp
        return (fol[0] - exp[0] >= d.need_w and fol[1] - exp[1] >= d.need_c and fol[2] - exp[2] >= d.need_m)

    def can_conquer(self, p: int, d: CardDef, f: int) -> bool:
        """Whether troop ``d`` of seat ``p`` is strong enough for untaken field ``f`` now (followers aside)."""
        return self.owner[f] < 0 and d.attack + self.boost + self.support_for(p, f) >= self.diff[f]

    # ------------------------------------------------------------------ turn flow
    def _begin_turn(self) -> None:
        """CQ-TURN-1: the active player's turn starts with Hire (skipped under 5 coins)."""
        self.turn += 1
        p = self.active
        s = self.seats[p]
        s.own_turns += 1
        self.boost = 0
        self.steal = False
        self.took = False
        self.exchanging = []
        self.decider = p
        if s.coins >= HIRE_COST:
            self.decision = HIRE
            return
        self._after_hire()

    def _after_hire(self) -> None:
        if self.seats[self.active].own_turns == 1 and self.may_mulligan(self.active):
            self.decision = MULLIGAN
            return
        self._to_tasks()

    def may_mulligan(self, p: int) -> bool:
        """CQ-MULLIGAN-1: no troop in hand can conquer any field with the followers held."""
        s = self.seats[p]
        defs = self.defs
        for iid in s.hand:
            d = defs[iid]
            if d.type == TROOP and self.affordable(p, d):
                for f in range(self.nf):
                    if self.owner[f] < 0 and d.attack + self.sup[p][f] >= self.diff[f]:
                        return False
        return True

    def _to_tasks(self) -> None:
        self.decision = TASKS
        if not self.has_task(self.active):
            self._end_tasks()

    def has_task(self, p: int) -> bool:
        """Whether seat ``p`` can play any card in Complete Tasks now (else only ``end`` is left)."""
        s = self.seats[p]
        defs = self.defs
        nf = self.nf
        for iid in s.hand:
            d = defs[iid]
            if not self.affordable(p, d):
                continue
            t = d.type
            if t == TROOP:
                for f in range(nf):
                    if self.can_conquer(p, d, f):
                        return True
            elif t == FORTIFICATION:
                for f in range(nf):
                    if self.owner[f] == p and self.troop[f] >= 0 and self.fort[f] < 0:
                        return True
            else:
                if d.claims == 0:
                    return True
                for f in range(nf):
                    if self.owner[f] < 0 and self.diff[f] <= d.claim_max:
                        return True
        return False

    def _end_tasks(self) -> None:
        """CQ-DRAW-1: draw 1 plus 1 per unexpended Mage, then the exchange (two cards in hand or more)."""
        p = self.active
        s = self.seats[p]
        self._draw(p, 1 + s.fol[2] - s.exp[2])
        if len(s.hand) >= 2:
            self.decision = EXCHANGE
            self.decider = p
            return
        self._end_turn()

    def _end_turn(self) -> None:
        """CQ-RESTORE-1: expended followers are restored; CQ-END-2: the idle end; the next turn."""
        p = self.active
        s = self.seats[p]
        s.exp[0] = s.exp[1] = s.exp[2] = 0
        self.boost = 0
        self.steal = False
        if self.took:
            self.idle = 0
            self.idle_seats = 0
        else:
            self.idle += 1
            self.idle_seats |= 1 << p
        n = self.num_seats
        self.pos += 1
        if self.pos >= n:
            if self.log_cards or self.recording:
                self.track.append((self.turn, *[x.coins for x in self.seats]))
            self.round += 1
            self.pos = 0
        if self.taken >= self.nf:   # CQ-END-3 (finish_round): every field taken, the round is played out
            if self.pos == 0:       # (nothing is left to take: the idle end no longer applies)
                self._finish("all-taken")
                return
        # CQ-END-2: every player has had a turn since the last conquest or Claim (the seat playing two
        # turns in a row at the change of rounds counts once); turns-in-a-row: idle_limit idle turns
        elif (self.idle_seats == self.all_seats) if self.idle_every else (self.idle >= self.idle_limit):
            self._finish("idle")
            return
        self.active = self.order1[self.pos] if self.round == 1 else self.order2[self.pos]
        self._begin_turn()

    def _finish(self, reason: str) -> None:
        """CQ-SCORE-1: most coins wins; equal coins share the place."""
        if self.outcome is not None:
            return
        coins = [s.coins for s in self.seats]
        self.outcome = Outcome(places_from_scores(coins), reason, self.turn)
        if (self.log_cards or self.recording) and (not self.track or self.track[-1][0] != self.turn):
            self.track.append((self.turn, *coins))
        self.decision = TERMINAL
        self.decider = -1

    def _took_field(self) -> None:
        """A conquest or a Claim: CQ-END-1 ends the game when every field is taken."""
        self.took = True
        self.taken += 1

    # ------------------------------------------------------------------ what can be done
    def _candidates(self) -> list[Action]:
        d, p = self.decision, self.decider
        s = self.seats[p]
        out: list[Action] = []
        if d == FOLLOWERS:
            return list(PICKS)
        if d == HIRE:
            return [NOHIRE, *HIRES]
        if d == MULLIGAN:
            return [KEEP, MULL]
        if d == EXCHANGE:   # every pair of cards not yet chosen, in either order (both name it: both are listed)
            h = s.hand
            chosen = self.exchanging
            for i in range(len(h)):
                if _has(chosen, h[i]):
                    continue
                for j in range(len(h)):
                    if j != i and not _has(chosen, h[j]):
                        out.append(Action("exchange", h[i], h[j]))
            out.append(DONE)
            return out
        if d == TASKS:
            nf = self.nf
            for iid in s.hand:
                dd = self.defs[iid]
                if dd.type == TROOP:
                    for f in range(nf):
                        out.append(Action("conquer", iid, f))
                elif dd.type == FORTIFICATION:
                    for f in range(nf):
                        out.append(Action("fortify", iid, f))
                else:
                    for t in self.magic_targets(p, dd):
                        out.append(Action("magic", iid, t[0], t[1]))
            out.append(END)
        return out

    def magic_targets(self, p: int, dd: CardDef) -> list[tuple[int, int]]:
        """Every target pair ``(x, y)`` (-1 where none) to try for magic card ``dd``: a field per
        claim, then follower kinds for a refresh (as many as it restores, at most the followers
        expended once the card is paid)."""
        s = self.seats[p]
        slots: list[int] = []   # 0: a field, 1: a follower kind
        expended = s.exp[0] + s.exp[1] + s.exp[2] + dd.cost
        for e in dd.effects:
            if e.op == OP_CLAIM:
                slots.append(0)
            elif e.op == OP_REFRESH:
                k = min(e.n, expended)
                expended -= k
                for _ in range(k):
                    slots.append(1)
        doms: list[list[int]] = []
        for sl in slots:
            doms.append(list(range(self.nf)) if sl == 0 else [0, 1, 2])
        out: list[tuple[int, int]] = []
        if not doms:
            out.append((-1, -1))
        elif len(doms) == 1:
            for x in doms[0]:
                out.append((x, -1))
        else:
            for x in doms[0]:
                for y in doms[1]:
                    out.append((x, y))
        return out

    def _why(self, k: str, x: int, y: int, z: int) -> str | None:
        """:meth:`why_illegal` of the action ``k x y z`` (its fields read once: the hot path)."""
        if self.outcome is not None:
            return "the game is over"
        d, p = self.decision, self.decider
        s = self.seats[p]
        if k == "conquer" or k == "fortify":
            if d != TASKS:
                return "troops and fortifications are played in Complete Tasks (CQ-TURN-1)"
            if z != -1:
                return "takes a card and a field"
            if not _has(s.hand, x):
                return "that card is not in your hand"
            dd = self.defs[x]
            if not 0 <= y < self.nf:
                return f"there is no field {y}: fields are 0..{self.nf - 1}"
            if k == "conquer":
                if dd.type != TROOP:
                    return "only a troop conquers a field (CQ-CONQUER-1)"
                if self.owner[y] >= 0:
                    return f"field {y} is already taken (CQ-CONQUER-2)"
                if not self.affordable(p, dd):
                    return f"{dd.name} needs {_fmt(dd.need)} unexpended and you have {_fmt(_free(s))} (CQ-FOLLOWERS-1)"
                sup = self.support_for(p, y)
                if dd.attack + self.boost + sup < self.diff[y]:
                    return (f"attack {dd.attack}{f' + boost {self.boost}' if self.boost else ''} + support {sup} "
                            f"is less than the difficulty {self.diff[y]} (CQ-CONQUER-1)")
                return None
            if dd.type != FORTIFICATION:
                return "only a fortification fortifies a field (CQ-FORTIFY-1)"
            if self.owner[y] != p or self.troop[y] < 0:
                return f"field {y} is not yours with your troop on it (CQ-FORTIFY-1)"
            if self.fort[y] >= 0:
                return f"field {y} already has a fortification: one per field (CQ-FORTIFY-1)"
            if not self.affordable(p, dd):
                return f"{dd.name} needs {_fmt(dd.need)} unexpended and you have {_fmt(_free(s))} (CQ-FOLLOWERS-1)"
            return None
        if k == "magic":
            if d != TASKS:
                return "magic is played only in your own Complete Tasks (CQ-MAGIC-1)"
            if not _has(s.hand, x):
                return "that card is not in your hand"
            dd = self.defs[x]
            if dd.type != MAGIC:
                return "that card is not a magic card"
            if not self.affordable(p, dd):
                return f"{dd.name} needs {_fmt(dd.need)} unexpended and you have {_fmt(_free(s))} (CQ-FOLLOWERS-1)"
            return self.why_targets(p, dd, y, z)
        if k == "end":
            if d != TASKS:
                return "end closes Complete Tasks"
            return None if x == -1 else "takes no number"
        if k == "exchange":
            if d != EXCHANGE:
                return "cards are exchanged after the Draw step (CQ-DRAW-2)"
            if z != -1 or y == -1:
                return "takes two cards: exchange C1 C2"
            if x == y:
                return "exchange two different cards"
            if not _has(s.hand, x) or not _has(s.hand, y):
                return "both cards must be in your hand (cards the exchange draws come after it, CQ-DRAW-2)"
            if _has(self.exchanging, x) or _has(self.exchanging, y):
                return (f"card {x if _has(self.exchanging, x) else y} is already chosen for this exchange "
                        "(one exchange a turn, CQ-DRAW-2)")
            return None
        if k == "done":
            if d != EXCHANGE:
                return "done closes the exchange"
            return None if x == -1 else "takes no number"
        if k == "hire" or k == "nohire":
            if d != HIRE:
                return "followers are hired at the start of your turn (CQ-HIRE-1)"
            if k == "nohire":
                return None if x == -1 else "takes no number"
            if not 0 <= x <= 2 or y != -1:
                return "hire K: K is 0 (warrior), 1 (craftsman) or 2 (mage)"
            return None if s.coins >= HIRE_COST else f"hiring costs {HIRE_COST} coins (CQ-HIRE-1)"
        if k == "follower":
            if d != FOLLOWERS:
                return "the two free followers are taken before the first turn (CQ-SETUP-2)"
            return None if 0 <= x <= 2 and y == -1 else "follower K: K is 0 (warrior), 1 (craftsman) or 2 (mage)"
        if k == "mulligan" or k == "keep":
            if d != MULLIGAN:
                return ("the mulligan is taken on your first turn only, before any task, when no troop in hand "
                        "can conquer a field (CQ-MULLIGAN-1)")
            return None if x == -1 else "takes no number"
        return f"unknown action kind {k!r}"

    def why_targets(self, p: int, dd: CardDef, y: int, z: int) -> str | None:
        """CQ-MAGIC-2: the targets of magic card ``dd`` in effect order: a field per claim, then a
        follower kind per follower a refresh restores (as many as are expended, up to its n)."""
        s = self.seats[p]
        targets = (y, z)
        ti = 0
        exp0 = s.exp[0] + dd.need_w
        exp1 = s.exp[1] + dd.need_c
        exp2 = s.exp[2] + dd.need_m
        claimed = -1
        for e in dd.effects:
            if e.op == OP_CLAIM:
                f = targets[ti] if ti < 2 else -1
                ti += 1
                if not 0 <= f < self.nf:
                    return f"{dd.name} claims a field: give the field (magic C F)"
                if self.owner[f] >= 0 or f == claimed:
                    return f"field {f} is already taken (CQ-MAGIC-3)"
                if self.diff[f] > e.n:
                    return f"{dd.name} claims a field of difficulty {e.n} or less; field {f} has {self.diff[f]} (CQ-MAGIC-3)"
                claimed = f
            elif e.op == OP_REFRESH:
                m = min(e.n, exp0 + exp1 + exp2)
                for _ in range(m):
                    kind = targets[ti] if ti < 2 else -1
                    ti += 1
                    if kind == 0 and exp0 > 0:
                        exp0 -= 1
                    elif kind == 1 and exp1 > 0:
                        exp1 -= 1
                    elif kind == 2 and exp2 > 0:
                        exp2 -= 1
                    elif not 0 <= kind <= 2:
                        return (f"{dd.name} restores {m} expended follower(s): give the kind of each "
                                f"(0 warrior, 1 craftsman, 2 mage)")
                    else:
                        return f"you have no expended {('warrior', 'craftsman', 'mage')[kind]} to restore"
        for i in range(ti, 2):
            if targets[i] != -1:
                return f"{dd.name} takes {ti} target(s)"
        return None

    # ------------------------------------------------------------------ doing
    def _pay(self, s: Seat, d: CardDef, iid: int) -> None:
        s.exp[0] += d.need_w
        s.exp[1] += d.need_c
        s.exp[2] += d.need_m
        _remove(s.hand, iid)
        if self.log_cards:
            j = s.idx * len(self.names) + self.name_of[iid]
            if self.ev_played[j] < 0:
                self.ev_played[j] = s.own_turns

    def _place(self, p: int, f: int, support: int) -> None:
        """Support ``support`` added to field ``f`` of seat ``p``: its neighbours count it (CQ-SUPPORT-1)."""
        self.fsup[f] += support
        if support:
            mine = self.sup[p]
            for g in self.adj[f]:
                mine[g] += support
                self.supall[g] += support

    def _score(self, p: int, iid: int, n: int) -> None:
        self.seats[p].coins += n
        if self.log_cards:
            self.ev_scored[p * len(self.names) + self.name_of[iid]] += n

    def _do(self, k: str, x: int, y: int, z: int) -> None:
        p = self.decider
        s = self.seats[p]
        if k == "conquer":
            d = self.defs[x]
            self._pay(s, d, x)
            self.troop[y] = x
            self.owner[y] = p
            self.taken_turn[y] = self.turn
            s.fields += 1
            self._place(p, y, d.support)
            self._score(p, x, self.diff[y])      # CQ-CONQUER-3: the reward is the difficulty
            self.boost = 0
            self.steal = False
            self._took_field()
            self._after_task()
            return
        if k == "fortify":
            d = self.defs[x]
            self._pay(s, d, x)
            self.fort[y] = x
            self._place(p, y, d.support)
            self._after_task()
            return
        if k == "magic":
            d = self.defs[x]
            self._pay(s, d, x)
            self.discard.append(x)
            self._magic(p, d, x, y, z)
            return
        if k == "end":
            self._end_tasks()
            return
        if k == "exchange":   # CQ-DRAW-2: two more cards chosen; made at once when no two are left to choose
            self.exchanging.append(x)
            self.exchanging.append(y)
            if len(s.hand) - len(self.exchanging) < 2:
                self._exchange(p)
                self._end_turn()
            return
        if k == "done":
            if self.exchanging:
                self._exchange(p)
            self._end_turn()
            return
        if k == "hire":
            s.coins -= HIRE_COST
            s.fol[x] += 1
            self._after_hire()
            return
        if k == "nohire":
            self._after_hire()
            return
        if k == "mulligan":   # CQ-MULLIGAN-1: discard the hand, draw 8
            if self.log_cards:
                base = p * len(self.names)
                for iid in s.hand:
                    if self.ev_drawn[base + self.name_of[iid]] == 0:
                        self.ev_drawn[base + self.name_of[iid]] = -1
            for iid in s.hand:
                self.discard.append(iid)
            s.hand = []
            turns = s.own_turns
            s.own_turns = 0        # the new hand is the opening hand of the card log
            self._draw(p, HAND_SIZE)
            s.own_turns = turns
            self._to_tasks()
            return
        if k == "keep":
            self._to_tasks()
            return
        if k == "follower":
            s.fol[x] += 1
            self.picks += 1
            if self.picks >= FREE_FOLLOWERS:
                self.picks = 0
                self.pos += 1
                if self.pos >= self.num_seats:
                    self.pos = 0
                    self.active = self.order1[0]
                    self._begin_turn()
                else:
                    self.decider = self.order1[self.pos]
            return

    def _exchange(self, p: int) -> None:
        """CQ-DRAW-2: the one exchange of the turn: every chosen card discarded (in the order chosen),
        then one card drawn for every two (a refill may reshuffle them in, CQ-DECK-1)."""
        s = self.seats[p]
        chosen = self.exchanging
        for iid in chosen:
            _remove(s.hand, iid)
            self.discard.append(iid)
        self.exchanging = []
        self._draw(p, len(chosen) // 2)

    def _magic(self, p: int, d: CardDef, x: int, y: int, z: int) -> None:
        """CQ-MAGIC-1/2: the effects of magic card ``x`` in order, with targets ``y``, ``z``."""
        s = self.seats[p]
        ti = 0
        for e in d.effects:
            op = e.op
            if op == OP_CLAIM:            # CQ-MAGIC-3: a field taken without a troop and without coins
                f = y if ti == 0 else z
                ti += 1
                self.owner[f] = p
                self.taken_turn[f] = self.turn
                s.fields += 1
                self._took_field()
            elif op == OP_BOOST:
                self.boost += e.n
            elif op == OP_STEAL:
                self.steal = True
            elif op == OP_DRAW:
                self._draw(p, e.n)
            elif op == OP_COINS:
                self._score(p, x, e.n)
            elif op == OP_REFRESH:
                m = min(e.n, s.exp[0] + s.exp[1] + s.exp[2])
                for _ in range(m):
                    kind = y if ti == 0 else z
                    ti += 1
                    s.exp[kind] -= 1
        self._after_task()

    def _after_task(self) -> None:
        if self.taken >= self.nf and not self.finish_round:   # CQ-END-1: every field is taken
            self._finish("all-taken")
            return
        if not self.has_task(self.active):
            self._end_tasks()

    # ------------------------------------------------------------------ facts for logs and tests
    def card_count(self) -> int:
        """Cards in the deck, the discard pile, every hand and on the board (CORE-CONSERVE-1)."""
        n = len(self.deck) + len(self.discard)
        for s in self.seats:
            n += len(s.hand)
        for f in range(self.nf):
            if self.troop[f] >= 0:
                n += 1
            if self.fort[f] >= 0:
                n += 1
        return n

    def card_events(self) -> list[dict[str, object]]:
        """Per seat and distinct card name: whether it was in the opening hand, the first own turn
        it was drawn and played, and the coins it earned (``scored``: a troop's rewards, a magic
        card's coins). ``killed_turn`` is always None and ``damage_dealt`` 0 (nothing dies here)."""
        if not self.log_cards:
            return []
        out: list[dict[str, object]] = []
        nn = len(self.names)
        for p in range(self.num_seats):
            for k in range(nn):
                j = p * nn + k
                dt = self.ev_drawn[j]
                pt = self.ev_played[j]
                out.append({"seat": "abcde"[p], "card": self.names[k], "in_opening_hand": dt == 0,
                            "drawn_turn": dt if dt >= 0 else None, "deployed_turn": pt if pt >= 0 else None,
                            "killed_turn": None, "damage_dealt": 0, "scored": self.ev_scored[j]})
        return out

    def field_events(self) -> list[dict[str, object]]:
        """One row per field taken, in the order taken (turn, then field index): ``field`` (its index
        in board order), ``difficulty``, ``seat`` (``a``..``e``), ``turn`` (the game's turn counter,
        all players, as in the outcome's turns) and ``how``: ``conquer`` (a troop) or ``claim``
        (magic, CQ-MAGIC-3)."""
        out: list[dict[str, object]] = []
        for f in range(self.nf):
            p = self.owner[f]
            if p >= 0:
                out.append({"field": f, "difficulty": self.diff[f], "seat": "abcde"[p], "turn": self.taken_turn[f],
                            "how": "conquer" if self.troop[f] >= 0 else "claim"})
        out.sort(key=_by_turn)
        return out


def _by_turn(row: dict[str, object]) -> tuple[int, int]:
    t, f = row["turn"], row["field"]
    assert isinstance(t, int) and isinstance(f, int)
    return (t, f)


def _fmt(need: Sequence[int]) -> str:
    parts = [f"{need[i]} {('warrior', 'craftsman', 'mage')[i]}" for i in range(3) if need[i]]
    return ", ".join(parts) if parts else "no followers"


def _free(s: Seat) -> tuple[int, int, int]:
    return (s.fol[0] - s.exp[0], s.fol[1] - s.exp[1], s.fol[2] - s.exp[2])


def play_out(g: Game, bots: Sequence[Any]) -> None:
    """Let ``bots[seat].choose(g)`` decide until the game ends (compiled with the engine)."""
    while g.outcome is None:
        g.apply(bots[g.decider].choose(g))


def new_game(defs: Sequence[CardDef], seats: int, seed: int, first: int = 0, log_cards: bool = True,
             record: bool = True, radius: int = RADIUS, difficulties: Sequence[int] | None = None,
             turn_order: str = REVERSE_FIRST, idle_end: str = EVERY_PLAYER, idle_turns: int = 0,
             finish_round: bool = False) -> Game:
    """Start a game of ``conquest`` for ``seats`` players over the shared deck ``defs``."""
    if not 3 <= seats <= 5:
        raise ValueError(f"conquest is a game for 3 to 5 seats, not {seats}")
    if not 0 <= first < seats:
        raise ValueError(f"first seat {first} is not one of the {seats} seats")
    if radius < 1:
        raise ValueError(f"the board radius is at least 1, not {radius}")
    if turn_order not in TURN_ORDERS:
        raise ValueError(f"turn_order is one of {', '.join(TURN_ORDERS)}, not {turn_order!r}")
    why = idle_problem(idle_end, idle_turns)
    if why is not None:
        raise ValueError(why)
    return Game(defs, seats, seed, first, log_cards, record, radius, difficulties, turn_order, idle_end, idle_turns,
                bool(finish_round))


def idle_problem(idle_end: str, idle_turns: int) -> str | None:
    """Why the options of the idle end (CQ-END-2) do not go together, or None."""
    if idle_end not in IDLE_ENDS:
        return f"idle_end is one of {', '.join(IDLE_ENDS)}, not {idle_end!r}"
    if idle_turns < 0:
        return f"idle_turns is 0 (as many idle turns in a row as players) or more, not {idle_turns}"
    if idle_turns and idle_end != IN_A_ROW:
        return (f"idle_turns={idle_turns} counts the idle turns in a row of idle_end={IN_A_ROW}; under "
                f"idle_end={idle_end} the game ends once every player has had a turn since the last conquest "
                f"or Claim")
    return None


def replay(record: GameRecord, catalog: object) -> Game:
    """Rebuild a game from its record: same seats, seed, first player and options, then every
    recorded action in order."""
    from .cards import shared_deck

    opts = record.options
    diffs = opts.get("difficulties")
    given: object = opts.get("idle_end", EVERY_PLAYER)
    idle_end = str(given)
    idle_turns = int(opts.get("idle_turns", 0))
    if isinstance(given, int):   # older records: idle_end was the count of idle turns in a row
        idle_end = IN_A_ROW
        idle_turns = given
    g = new_game(shared_deck(catalog), record.num_seats, record.seed, record.first,
                 radius=int(opts.get("board_radius", opts.get("radius", RADIUS))),   # "radius": older records
                 difficulties=None if diffs is None else [int(x) for x in diffs],
                 turn_order=str(opts.get("turn_order", REVERSE_FIRST)), idle_end=idle_end, idle_turns=idle_turns,
                 finish_round=bool(opts.get("finish_round", False)))
    for player, action in record.actions:
        if g.current_player() != player:
            raise IllegalAction(f"replay diverged: record says seat {player} acts, game says {g.current_player()}")
        g.apply(action)
    return g
