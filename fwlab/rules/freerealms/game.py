"""A game of the Free Realms TCG (ruleset ``fr``): turn flow, decisions, legal actions and ``apply``.

The game runs by itself through everything that needs no decision (the Ready phase, coins, stars,
flips, power-ups, the end of a battle) and stops at the next decision: :meth:`Game.current_player`
names who decides and :meth:`Game.legal_actions` what they may do. A decision whose only legal
action is ``pass`` is skipped (FR-PASS-1). Decisions:

=========  ==========================================================================================
MULLIGAN   before turn 1, first player then second: ``mulligan`` (shuffle the hand back, draw 6) or ``keep``
INVENTORY  Set Phase: ``resource C`` (a resource face up), ``facedown C`` (any card face down), ``pass``
SET        Set Phase, coins to spend: ``play C S`` (a creature to space S = 0..2, chasing any creature
           there), ``coin R i`` (coin action i of R, a resource in the inventory or a creature in play;
           ``coin U i S`` for a creature's ``move`` to its empty space S), ``pass`` (to the Go Phase)
GO         Go Phase: ``hunt U``, ``attack U``, ``pass`` (end the turn)
TRICKS     a battle, attacker first, alternating: ``trick C``, ``star R i`` (star action i of R, a
           resource or a creature in play), ``pass``; two passes in a row and the cards are flipped
DISCARD    an action with a discard cost is being paid (FR-COST-1): ``discard C`` (a card of the hand),
           once per card the cost asks; then the action's effect happens and its phase goes on
=========  ==========================================================================================

The rule options (fwlab/rules/freerealms/options.py) are constructor arguments; the record keeps
those that differ from the defaults (:meth:`Game.options`). Positions as text are
fwlab/rules/freerealms/position.py (not compiled). Rule IDs in comments refer to ``docs/rules.md``
(section "Free Realms").
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from ..core import Action, GameRecord, IllegalAction, Outcome
from ..lists import has as _has
from ..lists import remove as _remove
from ..lists import shuffle
from .cards import (
    COLLECT_ATTACK,
    COLLECT_DEFENSE,
    COLLECT_HUNT,
    CREATURE,
    OP_ATTACK,
    OP_DEFENSE,
    OP_DESTROY,
    OP_DRAW,
    OP_END_BATTLE,
    OP_MOVE,
    OP_SCORE,
    OP_STUN,
    RESOURCE,
    TRICK,
    CardDef,
    Eff,
    ResAction,
)
from .state import (
    COLUMNS,
    T_BATTLE,
    T_BATTLE_FIRST,
    T_BATTLES,
    T_EFFECT,
    T_HUNT,
    T_HUNT_FIRST,
    T_POWERUP,
    T_REBUILDS,
    TALLIES,
    Creature,
    Seat,
)

# decisions (Final: the compiled core inlines them)
MULLIGAN: Final = 0
INVENTORY: Final = 1
SET: Final = 2
GO: Final = 3
TRICKS: Final = 4
TERMINAL: Final = 5
DISCARD: Final = 6
DECISION_NAMES: Final = ("mulligan", "inventory", "set", "go", "tricks", "terminal", "discard")

OPENING_HAND: Final = 6     # FR-SETUP-2
READY_DRAW: Final = 2       # FR-READY-1
GOAL: Final = 12            # FR-WIN-1 (option score_to_win)
TURN_CAP: Final = 200       # FR-CAP-1 (option turn_cap)
#: option hero_names_block (FR-HERO-1): whose Hero of a name blocks playing another of that name
HERO_BLOCKS: Final = ("own", "both")

# battle results
NO_RESULT: Final = -3       # still running
NO_WINNER: Final = -2       # "end this battle"
TIE: Final = -1             # both destroyed

PASS: Final = Action("pass")
KEEP: Final = Action("keep")
MULL: Final = Action("mulligan")
END_REASONS: Final = ("score", "turn-cap")


class Game:
    """The state of one game. Create with :func:`new_game`; drive with ``apply`` until ``is_terminal``."""

    def __init__(self, decks: Sequence[Sequence[CardDef]] | None, seed: int, first: int = 0,
                 log_cards: bool = True, deck_names: Sequence[Sequence[str]] | None = None,
                 record: bool = True, turn_cap: int = TURN_CAP, mulligans: bool = True,
                 first_player_may_go_turn_1: bool = True, score_to_win: int = GOAL,
                 face_down_counts: bool = True, hero_names_block: str = "own") -> None:
        self.seed = seed
        self.num_seats = 2
        self.turn_cap = turn_cap
        self.tally = [0] * TALLIES  # battles, rebuilds and scores by how (state.T_*), for health figures
        # rule options (declared in fwlab/rules/freerealms/options.py; the defaults are the rulings)
        self.mulligans = mulligans                   # FR-SETUP-3
        self.go_turn_1 = first_player_may_go_turn_1  # FR-GO-1: the first player's creatures act on turn 1
        self.goal = score_to_win                     # FR-WIN-1
        self.face_down_counts = face_down_counts     # FR-COIN-1 / FR-STAR-1: face-down cards give coins and stars
        if hero_names_block not in HERO_BLOCKS:
            raise ValueError(f"hero_names_block must be one of {', '.join(HERO_BLOCKS)}, not {hero_names_block!r}")
        self.hero_both = hero_names_block == "both"  # FR-HERO-1: the opponent's Hero blocks the name too
        self.first = first
        self.active = first
        self.turn = 0
        self.decision = MULLIGAN
        self.decider = first
        self.outcome: Outcome | None = None
        self.log_cards = log_cards
        self.recording = record
        self.mulligans_left = 2 if mulligans else 0
        # the battle (FR-BATTLE-*): valid while decision == TRICKS or while it resolves
        self.b_att: Creature | None = None
        self.b_def: Creature | None = None
        self.b_bonus = [0, 0]          # + attack for the attacker's creature, + defense for the defender's
        self.b_stun = [False, False]   # seat p's effects stun p's foe when the battle ends
        self.b_cards: list[int] = []   # tricks played and cards flipped, discarded at the end
        self.b_gems = [0, 0]
        self.b_passes = 0
        self.b_result = NO_RESULT
        # an action whose discard cost is being paid (decision DISCARD, FR-COST-1): the card it is printed
        # on, its index, the space of a move (-1: none), the cards still to discard, the decision it came from
        self.pay_card = -1
        self.pay_action = -1
        self.pay_space = -1
        self.pay_left = 0
        self.pay_from = SET
        self.track: list[tuple[int, int, int]] = []
        if decks is None:  # an empty shell that clone() fills in
            self.rng = random.Random(seed)
            self.defs: list[CardDef] = []
            self.owner: list[int] = []
            self.seats: list[Seat] = []
            self.face_down: list[bool] = []
            self.inv_zapped: list[bool] = []
            self.decks: list[Sequence[CardDef]] = [(), ()]
            self._init_logs(0)
            self.record = GameRecord("fr", seed, first, ((), ()))
            return
        self.rng = random.Random(seed)
        #: the two decks as given (the same objects for every game of a simulation: bots key caches on them)
        self.decks = [decks[0], decks[1]]
        na, nb = len(decks[0]), len(decks[1])
        self.defs = list(decks[0]) + list(decks[1])   # card instance id -> definition
        self.owner = [0] * na + [1] * nb
        n = na + nb
        self.seats = [Seat(0, list(range(na))), Seat(1, list(range(na, n)))]
        self.face_down = [False] * n
        self.inv_zapped = [False] * n
        self._init_logs(n if log_cards else 0)
        names = deck_names if (record and deck_names) else ((), ())
        self.record = GameRecord("fr", seed, first, (tuple(names[0]), tuple(names[1])),
                                 options=self.options())
        for s in self.seats:
            shuffle(s.deck, self.rng)  # FR-SETUP-1: decks shuffled
        for s in self.seats:  # FR-SETUP-2: six cards each
            self._draw(s.idx, OPENING_HAND, True)
        self.decision = MULLIGAN
        self.decider = first
        if self.mulligans_left == 0:
            self._begin_turn()

    def options(self) -> dict[str, Any]:
        """The rule options of this game as a record keeps them: ``turn_cap`` always, the others when
        they differ from their defaults (so ``replay`` plays under the same rules)."""
        out: dict[str, Any] = {"turn_cap": self.turn_cap}
        if not self.mulligans:
            out["mulligans"] = False
        if not self.go_turn_1:
            out["first_player_may_go_turn_1"] = False
        if self.goal != GOAL:
            out["score_to_win"] = self.goal
        if not self.face_down_counts:
            out["face_down_counts"] = False
        if self.hero_both:
            out["hero_names_block"] = "both"
        return out

    def _init_logs(self, n: int) -> None:
        self.drawn_turn: list[int] = [-1] * n
        self.played_turn: list[int] = [-1] * n
        self.killed_turn: list[int] = [-1] * n
        self.scored_by: list[int] = [0] * n
        self.flipped: list[int] = [0] * n
        self.fired: list[int] = [0] * n

    # ------------------------------------------------------------------ public API
    def current_player(self) -> int:
        """The seat (0 or 1) that must decide now, or -1 when the game is over."""
        return -1 if self.is_terminal() else self.decider

    def is_terminal(self) -> bool:
        return self.outcome is not None

    @property
    def decision_name(self) -> str:
        return DECISION_NAMES[self.decision]

    def legal_actions(self) -> list[Action]:
        """Every action the current player may take now (empty when the game is over)."""
        if self.is_terminal():
            return []
        out: list[Action] = []
        for a in self._candidates():
            if self.why_illegal(a) is None:
                out.append(a)
        return out

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
        c = Game(None, self.seed, self.first, False, None, False, self.turn_cap, self.mulligans, self.go_turn_1,
                 self.goal, self.face_down_counts, HERO_BLOCKS[1] if self.hero_both else HERO_BLOCKS[0])
        c.defs, c.owner, c.decks = self.defs, self.owner, self.decks
        c.active, c.turn, c.decision, c.decider = self.active, self.turn, self.decision, self.decider
        c.outcome, c.mulligans_left = self.outcome, self.mulligans_left
        c.tally = list(self.tally)
        if seed is not None:
            c.rng = random.Random(seed)
        else:
            c.rng.setstate(self.rng.getstate())
        c.seats = [self.seats[0].copy(), self.seats[1].copy()]
        c.face_down = list(self.face_down)
        c.inv_zapped = list(self.inv_zapped)
        c.b_att = self._find(c, self.b_att)
        c.b_def = self._find(c, self.b_def)
        c.b_bonus = list(self.b_bonus)
        c.b_stun = list(self.b_stun)
        c.b_cards = list(self.b_cards)
        c.b_gems = list(self.b_gems)
        c.b_passes, c.b_result = self.b_passes, self.b_result
        c.pay_card, c.pay_action, c.pay_space = self.pay_card, self.pay_action, self.pay_space
        c.pay_left, c.pay_from = self.pay_left, self.pay_from
        return c

    @staticmethod
    def _find(c: Game, cr: Creature | None) -> Creature | None:
        if cr is None:
            return None
        return c.seats[cr.owner].spaces[cr.col]

    # ------------------------------------------------------------------ cards
    def _rebuild(self, p: int) -> None:
        """FR-DECK-1: ``p``'s discard pile, as it is now, shuffled into a new deck (``p``'s deck is empty)."""
        s = self.seats[p]
        s.deck = s.discard
        s.discard = []
        self.tally[T_REBUILDS] += 1
        shuffle(s.deck, self.rng)  # FR-DECK-1: the rebuilt deck is shuffled

    def _take_top(self, p: int) -> int:
        """The top card of ``p``'s deck, taken off it; -1 when the deck and the discard pile are both
        empty (FR-DECK-2). FR-DECK-1: the moment the deck runs out (this card was its last) the discard
        pile as it is then becomes the new deck; a deck that ran out while the discard pile was empty too
        stays empty until a card is next needed, and is rebuilt then."""
        s = self.seats[p]
        if not s.deck:
            if not s.discard:
                return -1
            self._rebuild(p)
        iid = s.deck.pop()
        if not s.deck and s.discard:  # FR-DECK-1: rebuilt at once, not when a card is next needed
            self._rebuild(p)
        return iid

    def _draw(self, p: int, n: int, opening: bool = False) -> None:
        s = self.seats[p]
        for _ in range(n):
            iid = self._take_top(p)
            if iid < 0:
                return
            s.hand.append(iid)
            if self.log_cards and self.drawn_turn[iid] < 0:
                self.drawn_turn[iid] = 0 if opening else max(s.own_turns, 1)

    def _score(self, p: int, col: int, n: int, by: int, how: int) -> None:
        """``p`` scores ``n`` cards to column ``col``'s pile, face down from the top of the deck
        (FR-SCORE-1); ``by`` is the creature's iid (for the card log), ``how`` what scored them
        (``state.T_*``, counted in :attr:`tally`). The game is won at once at 12 (FR-WIN-1)."""
        s = self.seats[p]
        pile = s.piles[col]
        for _ in range(n):
            iid = self._take_top(p)
            if iid < 0:
                return
            pile.append(iid)
            s.scored += 1
            self.tally[how] += 1
            if p == self.first:   # the first player's share, for the health report
                if how == T_HUNT:
                    self.tally[T_HUNT_FIRST] += 1
                elif how == T_BATTLE:
                    self.tally[T_BATTLE_FIRST] += 1
            if self.log_cards and by >= 0:
                self.scored_by[by] += 1
            if s.scored >= self.goal:
                self._finish(p, "score")
                return

    def _remove(self, c: Creature, destroyed: bool) -> None:
        """Take a creature from play to its owner's discard pile: destroyed (FR-DESTROY-1) or chased
        (FR-CHASE-1). Its score pile stays with the column (FR-SCORE-2)."""
        s = self.seats[c.owner]
        s.spaces[c.col] = None
        s.discard.append(c.iid)
        if destroyed and self.log_cards and self.killed_turn[c.iid] < 0:
            self.killed_turn[c.iid] = max(self.seats[c.owner].own_turns, 1)

    def collect_on(self, c: Creature) -> bool:
        """FR-COLLECT-1: whether the creature has its collect text (its column's pile holds at least n)."""
        n = c.d.collect_n
        return n > 0 and len(self.seats[c.owner].piles[c.col]) >= n

    def rally_on(self, c: Creature) -> bool:
        """FR-RALLY-1: whether the creature has its rally text (its owner has scored fewer cards than the
        opponent by at least its n, counted over every score pile, now)."""
        return self.seats[1 - c.owner].scored - self.seats[c.owner].scored >= c.d.rally_n

    def attack_of(self, c: Creature) -> int:
        """Attack with collect and rally text, without battle bonuses."""
        d = c.d
        a = d.attack
        if d.collect_op == COLLECT_ATTACK and self.collect_on(c):
            a += d.collect_by
        if d.rally_att and self.rally_on(c):
            a += d.rally_att
        return a

    def defense_of(self, c: Creature) -> int:
        """Defense with collect and rally text, without battle bonuses."""
        d = c.d
        v = d.defense
        if d.collect_op == COLLECT_DEFENSE and self.collect_on(c):
            v += d.collect_by
        if d.rally_def and self.rally_on(c):
            v += d.rally_def
        return v

    def foe_of(self, c: Creature) -> Creature | None:
        """FR-FOE-1: the opponent's creature in the same column."""
        return self.seats[1 - c.owner].spaces[c.col]

    def _finish(self, winner: int, reason: str) -> None:
        """The game ends: ``winner`` is the winning seat, or -1 for a draw."""
        if self.is_terminal():
            return
        places = (1, 1) if winner < 0 else ((1, 2) if winner == 0 else (2, 1))
        self.outcome = Outcome(places, reason, self.turn)
        if (self.log_cards or self.recording) and (not self.track or self.track[-1][0] != self.turn):
            self.track.append((self.turn, self.seats[0].scored, self.seats[1].scored))
        self.decision = TERMINAL
        self.decider = -1

    # ------------------------------------------------------------------ turn flow
    def _begin_turn(self) -> None:
        """Start the active player's turn; turns in which nobody has a decision pass by themselves
        (FR-PASS-1), in a loop, until a decision or the end of the game."""
        while self._start_turn():
            if self.log_cards or self.recording:
                self.track.append((self.turn, self.seats[0].scored, self.seats[1].scored))
            self.active = 1 - self.active

    def _start_turn(self) -> bool:
        """The Ready phase and the first decision of the turn; True when the turn has no decision at all."""
        self.turn += 1
        if self.turn > self.turn_cap:  # FR-CAP-1
            self.turn = self.turn_cap
            self._finish(-1, "turn-cap")
            return False
        p = self.active
        s = self.seats[p]
        s.own_turns += 1
        # FR-READY-1: draw two (the first player skips it on turn 1)
        if self.turn > 1:
            self._draw(p, READY_DRAW)
        # FR-READY-2: ready the zapped cards, then zap the stunned ones
        for iid in s.inventory:
            self.inv_zapped[iid] = False
        for c in s.spaces:
            if c is not None:
                c.zapped = False
        for c in s.spaces:
            if c is not None and c.stunned:
                c.stunned = False
                c.zapped = True
        self.decider = p
        if s.hand:
            self.decision = INVENTORY
            return False
        s.coins = self.income(p)  # FR-COIN-1
        if self._has_set_play(p):
            self.decision = SET
            return False
        s.coins = 0
        if self._has_go_play(p):
            self.decision = GO
            return False
        return True

    def _to_set(self) -> None:
        """FR-COIN-1: one coin per inventory card, face up or down."""
        p = self.active
        s = self.seats[p]
        s.coins = self.income(p)
        self.decision = SET
        if not self._has_set_play(p):
            self._to_go()

    def _to_go(self) -> None:
        s = self.seats[self.active]
        s.coins = 0  # FR-COIN-1: unspent coins are lost
        self.decision = GO
        self.decider = self.active
        if not self._has_go_play(self.active):
            self._end_turn()

    def _end_turn(self) -> None:
        if self.log_cards or self.recording:
            self.track.append((self.turn, self.seats[0].scored, self.seats[1].scored))
        self.active = 1 - self.active
        self._begin_turn()

    # ------------------------------------------------------------------ what can be done
    def _has_set_play(self, p: int) -> bool:
        s = self.seats[p]
        coins = s.coins
        defs = self.defs
        for iid in s.hand:
            d = defs[iid]
            if d.type == CREATURE and d.cost <= coins and not (d.hero and self.hero_in_play(p, d.name)):
                return True
        for iid in s.inventory:
            d = defs[iid]
            if d.coin_actions and not self.face_down[iid]:
                for a in d.actions:
                    if (not a.in_battle and a.coins <= coins and not (a.zap and self.inv_zapped[iid])
                            and a.discard <= len(s.hand)):
                        return True
        for c in s.spaces:
            if c is not None and c.d.coin_actions:
                for a in c.d.actions:
                    if not a.in_battle and self._creature_can_pay(s, c, a, coins, 0):
                        if a.eff.op != OP_MOVE or self._empty_space(s) >= 0:
                            return True
        return False

    def _creature_can_pay(self, s: Seat, c: Creature, a: ResAction, coins: int, stars: int) -> bool:
        """FR-ACTION-1 / FR-COST-1: whether ``s`` can pay every cost of creature ``c``'s action ``a`` (coins
        in the Set Phase, stars in a battle: the other is 0 then)."""
        if a.coins > coins or a.stars > stars or a.discard > len(s.hand):
            return False
        return not (a.zap and (c.zapped or c.stunned))

    @staticmethod
    def _empty_space(s: Seat) -> int:
        """The first of ``s``'s empty spaces, -1 when there is none (FR-MOVE-1)."""
        for col in range(COLUMNS):
            if s.spaces[col] is None:
                return col
        return -1

    def hero_in_play(self, p: int, name: str) -> bool:
        """FR-HERO-1: whether a Hero named ``name`` in play keeps ``p`` from playing another: one of
        ``p``'s own (and, with the option ``hero_names_block="both"``, one of the opponent's)."""
        for c in self.seats[p].spaces:
            if c is not None and c.d.hero and c.d.name == name:
                return True
        if self.hero_both:
            for c in self.seats[1 - p].spaces:
                if c is not None and c.d.hero and c.d.name == name:
                    return True
        return False

    def income(self, p: int) -> int:
        """FR-COIN-1 / FR-STAR-1: the coins (Set phase) or stars (each battle) ``p``'s inventory gives:
        one per card, face up or down; with the option ``face_down_counts=False`` face-up resources only."""
        s = self.seats[p]
        if self.face_down_counts:
            return len(s.inventory)
        n = 0
        for iid in s.inventory:
            if not self.face_down[iid]:
                n += 1
        return n

    def _has_go_play(self, p: int) -> bool:
        if self.turn == 1 and not self.go_turn_1:
            return False  # FR-GO-1 with the option off: nothing may hunt or attack on turn 1
        for c in self.seats[p].spaces:
            if c is not None and not c.zapped and not c.stunned:
                return True  # a ready creature can always hunt or attack (FR-GO-1)
        return False

    def _has_battle_play(self, p: int) -> bool:
        s = self.seats[p]
        stars = s.stars
        defs = self.defs
        for iid in s.hand:
            d = defs[iid]
            if d.type == TRICK and d.cost <= stars:
                return True
        for iid in s.inventory:
            d = defs[iid]
            if d.battle_actions and not self.face_down[iid]:
                for a in d.actions:
                    if (a.in_battle and a.stars <= stars and not (a.zap and self.inv_zapped[iid])
                            and a.discard <= len(s.hand)):
                        return True
        for c in s.spaces:  # FR-STAR-2: a creature's star action, in the battle or not
            if c is not None and c.d.battle_actions:
                for a in c.d.actions:
                    if a.in_battle and self._creature_can_pay(s, c, a, 0, stars):
                        return True
        return False

    def _candidates(self) -> list[Action]:
        d, p = self.decision, self.decider
        s = self.seats[p]
        out: list[Action] = []
        if d == MULLIGAN:
            return [KEEP, MULL]
        if d == DISCARD:  # FR-COST-1: no pass, the cost is being paid
            for iid in s.hand:
                out.append(Action("discard", iid))
            return out
        if d == INVENTORY:
            for iid in s.hand:
                if self.defs[iid].type == RESOURCE:
                    out.append(Action("resource", iid))
                out.append(Action("facedown", iid))
        elif d == SET:
            for iid in s.hand:
                if self.defs[iid].type == CREATURE:
                    for col in range(COLUMNS):
                        out.append(Action("play", iid, col))
            for iid in s.inventory:
                acts = self.defs[iid].actions
                for i in range(len(acts)):
                    if not acts[i].in_battle:
                        out.append(Action("coin", iid, i))
            for c in s.spaces:
                if c is not None and c.d.coin_actions:
                    acts = c.d.actions
                    for i in range(len(acts)):
                        if acts[i].in_battle:
                            continue
                        if acts[i].eff.op == OP_MOVE:  # FR-MOVE-1: one action per empty space
                            for col in range(COLUMNS):
                                out.append(Action("coin", c.iid, i, col))
                        else:
                            out.append(Action("coin", c.iid, i))
        elif d == GO:
            for c in s.spaces:
                if c is not None:
                    out.append(Action("hunt", c.iid))
                    out.append(Action("attack", c.iid))
        elif d == TRICKS:
            for iid in s.hand:
                if self.defs[iid].type == TRICK:
                    out.append(Action("trick", iid))
            for iid in s.inventory:
                acts = self.defs[iid].actions
                for i in range(len(acts)):
                    if acts[i].in_battle:
                        out.append(Action("star", iid, i))
            for c in s.spaces:
                if c is not None and c.d.battle_actions:
                    acts = c.d.actions
                    for i in range(len(acts)):
                        if acts[i].in_battle:
                            out.append(Action("star", c.iid, i))
        out.append(PASS)
        return out

    def creature(self, p: int, iid: int) -> Creature | None:
        """Player ``p``'s creature in play with instance id ``iid``, or None."""
        for c in self.seats[p].spaces:
            if c is not None and c.iid == iid:
                return c
        return None

    def why_illegal(self, a: Action) -> str | None:
        """Why an action is not legal now, or None when it is."""
        return self._why(a.kind, a.a, a.b, a.c)

    def _why(self, k: str, x: int, y: int, z: int = -1) -> str | None:
        """:meth:`why_illegal` of the action ``k x y`` (its fields read once: the hot path)."""
        if self.is_terminal():
            return "the game is over"
        d, p = self.decision, self.decider
        s = self.seats[p]
        if d == DISCARD:
            if k != "discard":
                return (f"an action's cost is being paid: discard {self.pay_left} more card(s) from your hand "
                        "first (FR-COST-1)")
            return None if _has(s.hand, x) else "that card is not in your hand"
        if k == "discard":
            return "cards are discarded from the hand to pay an action's cost (FR-COST-1)"
        if k == "pass":
            return "mulligan or keep" if d == MULLIGAN else None
        if k == "keep" or k == "mulligan":
            return None if d == MULLIGAN else "the mulligan is taken before the first turn (FR-SETUP-3)"
        if k == "resource" or k == "facedown":
            if d != INVENTORY:
                return "a card goes to the inventory once, at the start of your Set Phase (FR-INV-1)"
            if not _has(s.hand, x):
                return "that card is not in your hand"
            if k == "resource" and self.defs[x].type != RESOURCE:
                return "only a resource is played face up to the inventory; play it face down (FR-INV-1)"
            return None if y == -1 else "takes one card"
        if k == "play":
            if d != SET:
                return "creatures are played in your Set Phase (FR-SET-1)"
            if not _has(s.hand, x):
                return "that card is not in your hand"
            dd = self.defs[x]
            if dd.type != CREATURE:
                return "only creatures are played to a space"
            if not 0 <= y < COLUMNS:
                return f"a space is one of the three columns 0..{COLUMNS - 1} (FR-SPACE-1)"
            if dd.cost > s.coins:
                return f"it costs {dd.cost} coins and you have {s.coins} (FR-SET-1)"
            if dd.hero and self.hero_in_play(p, dd.name):
                return f"you already have a Hero named {dd.name} in play (FR-HERO-1)"
            return None
        if k == "coin" or k == "star":
            if k == "coin" and d != SET:
                return "coin actions are used in your Set Phase (FR-COIN-2)"
            if k == "star" and d != TRICKS:
                return "star actions are used during a battle (FR-STAR-2)"
            cr = self.creature(p, x)
            if cr is None:
                if not _has(s.inventory, x):
                    return "that card is neither in your inventory nor your creature in play"
                if self.face_down[x]:
                    return "a face-down card is no longer a resource: its actions cannot be used (FR-INV-2)"
            acts = self.defs[x].actions
            if not 0 <= y < len(acts):
                return "that card has no such action"
            act = acts[y]
            if act.discard > len(s.hand):
                return (f"it costs discarding {act.discard} card(s) and you hold {len(s.hand)} (FR-COST-1)")
            if act.eff.op == OP_MOVE:
                if not 0 <= z < COLUMNS:
                    return f"a move names the space it moves to: one of 0..{COLUMNS - 1} (FR-MOVE-1)"
                if s.spaces[z] is not None:
                    return "a creature moves only to one of your empty spaces (FR-MOVE-1)"
            elif z != -1:
                return "only a move names a space"
            if k == "coin":
                if act.in_battle:
                    return "that action is used during a battle (FR-STAR-2)"
                if act.coins > s.coins:
                    return f"it costs {act.coins} coins and you have {s.coins}"
            else:
                if not act.in_battle:
                    return "that is a coin action of the Set Phase (FR-COIN-2)"
                if act.stars > s.stars:
                    return f"it costs {act.stars} stars and you have {s.stars} (FR-STAR-1)"
            if act.zap and (self.inv_zapped[x] if cr is None else (cr.zapped or cr.stunned)):
                return "only a ready card can be zapped (FR-ZAP-1)"
            return None
        if k == "hunt" or k == "attack":
            if d != GO:
                return "creatures hunt and attack in your Go Phase (FR-GO-1)"
            c = self.creature(p, x)
            if c is None:
                return "that is not your creature in play"
            if c.stunned:
                return "a stunned creature can neither hunt nor attack (FR-STUN-1)"
            if c.zapped:
                return "only a ready creature can be zapped to hunt or attack (FR-ZAP-1)"
            if self.turn == 1 and not self.go_turn_1:
                return ("on turn 1 the first player's creatures may not hunt or attack "
                        "(option first_player_may_go_turn_1 is off, FR-GO-1)")
            foe = self.foe_of(c)
            if k == "hunt":
                if foe is not None and not foe.stunned:
                    return "it has a foe that is not stunned: it can attack, not hunt (FR-HUNT-1)"
                return None
            if foe is None:
                return "it has no foe to attack (FR-BATTLE-1)"
            if foe.stunned:
                return "a stunned creature cannot be attacked (FR-STUN-1)"
            return None
        if k == "trick":
            if d != TRICKS:
                return "tricks are played during a battle (FR-TRICK-1)"
            if not _has(s.hand, x):
                return "that card is not in your hand"
            dd = self.defs[x]
            if dd.type != TRICK:
                return "that card is not a trick"
            if dd.cost > s.stars:
                return f"it costs {dd.cost} stars and you have {s.stars} (FR-STAR-1)"
            return None
        return f"unknown action kind {k!r}"

    # ------------------------------------------------------------------ doing
    def _do(self, k: str, x: int, y: int, z: int = -1) -> None:
        p = self.decider
        s = self.seats[p]
        d = self.decision
        if k == "pass":
            if d == INVENTORY:
                self._to_set()
            elif d == SET:
                self._to_go()
            elif d == GO:
                self._end_turn()
            elif d == TRICKS:
                self.b_passes += 1
                self._next_trick_turn()
            return
        if k == "keep" or k == "mulligan":
            if k == "mulligan":  # FR-SETUP-3: shuffle the hand back and draw six
                for iid in s.hand:
                    s.deck.append(iid)
                    if self.log_cards:
                        self.drawn_turn[iid] = -1
                s.hand = []
                shuffle(s.deck, self.rng)  # FR-SETUP-3: the hand shuffled back into the deck
                self._draw(p, OPENING_HAND, True)
            self.mulligans_left -= 1
            if self.mulligans_left > 0:
                self.decider = 1 - p
            else:
                self._begin_turn()
            return
        if k == "resource" or k == "facedown":
            _remove(s.hand, x)
            s.inventory.append(x)
            self.face_down[x] = k == "facedown"
            self.inv_zapped[x] = False
            if k == "resource" and self.log_cards and self.played_turn[x] < 0:
                self.played_turn[x] = s.own_turns
            self._to_set()
            return
        if k == "play":
            dd = self.defs[x]
            s.coins -= dd.cost
            _remove(s.hand, x)
            old = s.spaces[y]
            if old is not None:  # FR-CHASE-1
                self._remove(old, False)
            s.spaces[y] = Creature(x, dd, p, y, self.turn)
            if self.log_cards and self.played_turn[x] < 0:
                self.played_turn[x] = s.own_turns
            if not self._has_set_play(p):
                self._to_go()
            return
        if k == "coin":
            self._use_action(p, x, y, z)
            if not self.is_terminal() and self.decision == SET and not self._has_set_play(p):
                self._to_go()
            return
        if k == "discard":  # FR-COST-1: one card of an action's discard cost
            _remove(s.hand, x)
            s.discard.append(x)
            self.pay_left -= 1
            if self.pay_left > 0:
                return
            back = self.pay_from
            iid, i, col = self.pay_card, self.pay_action, self.pay_space
            self.pay_card = self.pay_action = self.pay_space = -1
            self.decision = back
            self._resolve(p, iid, i, col)
            if self.is_terminal():
                return
            if back == SET:
                if self.decision == SET and not self._has_set_play(p):
                    self._to_go()
            elif self.decision == TRICKS:
                self._after_battle_play()
            return
        if k == "hunt":
            c = self.creature(p, x)
            assert c is not None
            c.zapped = True
            n = 1
            if c.d.collect_op == COLLECT_HUNT and self.collect_on(c):  # FR-COLLECT-1
                n += c.d.collect_by
            self._score(p, c.col, n, c.iid, T_HUNT)  # FR-HUNT-1
            if not self.is_terminal() and not self._has_go_play(p):
                self._end_turn()
            return
        if k == "attack":
            c = self.creature(p, x)
            assert c is not None
            self._start_battle(c)
            return
        if k == "trick":
            dd = self.defs[x]
            s.stars -= dd.cost
            _remove(s.hand, x)
            self.b_cards.append(x)
            if self.log_cards and self.played_turn[x] < 0:
                self.played_turn[x] = max(s.own_turns, 1)
            for e in dd.effects:  # FR-TRICK-2: in printed order
                self._effect(p, e)
                if self.is_terminal():
                    return
            self._after_battle_play()
            return
        if k == "star":
            self._use_action(p, x, y, z)
            if not self.is_terminal() and self.decision == TRICKS:
                self._after_battle_play()
            return

    def _use_action(self, p: int, iid: int, i: int, col: int) -> None:
        """FR-COIN-2 / FR-STAR-2 / FR-ACTION-1: pay every cost of the action of a resource or a creature
        in play (FR-COST-1: a discard cost is a decision of its own, DISCARD), then its effect."""
        s = self.seats[p]
        act = self.defs[iid].actions[i]
        s.coins -= act.coins
        s.stars -= act.stars
        if act.zap:
            cr = self.creature(p, iid)
            if cr is not None:
                cr.zapped = True
            else:
                self.inv_zapped[iid] = True
        if act.face_down:
            self.face_down[iid] = True
        if act.discard > 0:
            self.pay_card, self.pay_action, self.pay_space = iid, i, col
            self.pay_left = act.discard
            self.pay_from = self.decision
            self.decision = DISCARD
            return
        self._resolve(p, iid, i, col)

    def _resolve(self, p: int, iid: int, i: int, col: int) -> None:
        """The effect of an action whose costs are paid."""
        act = self.defs[iid].actions[i]
        if act.eff.op == OP_MOVE:  # FR-MOVE-1: this creature to one of p's empty spaces
            s = self.seats[p]
            cr = self.creature(p, iid)
            if cr is not None and 0 <= col < COLUMNS and s.spaces[col] is None:
                s.spaces[cr.col] = None
                cr.col = col
                s.spaces[col] = cr
            return
        self._effect(p, act.eff)

    # ------------------------------------------------------------------ battles
    def _start_battle(self, c: Creature) -> None:
        """FR-BATTLE-1: zap the attacker; each player gets a star per inventory card (FR-STAR-1)."""
        c.zapped = True
        foe = self.foe_of(c)
        assert foe is not None
        self.tally[T_BATTLES] += 1
        self.b_att, self.b_def = c, foe
        self.b_bonus[0] = self.b_bonus[1] = 0
        self.b_stun[0] = self.b_stun[1] = False
        self.b_gems[0] = self.b_gems[1] = 0
        self.b_cards = []
        self.b_result = NO_RESULT
        for s in self.seats:
            s.stars = self.income(s.idx)
        self.b_passes = 0
        self.decision = TRICKS
        self.decider = c.owner
        if not self._has_battle_play(c.owner):  # FR-PASS-1: an automatic pass
            self.b_passes = 1
            self._next_trick_turn()

    def _after_battle_play(self) -> None:
        if self.b_result != NO_RESULT:  # a creature was removed or the battle was ended
            self._end_battle()
            return
        self.b_passes = 0
        self._next_trick_turn()

    def _next_trick_turn(self) -> None:
        """FR-TRICK-1: tricks alternate until both players pass in a row."""
        while True:
            if self.b_passes >= 2:
                self._flips()
                return
            self.decider = 1 - self.decider
            if self._has_battle_play(self.decider):
                return
            self.b_passes += 1  # FR-PASS-1

    def _effect(self, p: int, e: Eff) -> None:
        """One effect of a trick or a resource action used by ``p`` (FR-EFFECT-1)."""
        op = e.op
        if op == OP_DRAW:
            self._draw(p, e.n)
            return
        mine = self.b_att if (self.b_att is not None and self.b_att.owner == p) else self.b_def
        if mine is None:
            return
        if e.trait and e.trait not in mine.d.traits:  # FR-TRAIT-1
            return
        if op == OP_SCORE:
            self._score(p, mine.col, e.n, mine.iid, T_EFFECT)
        elif op == OP_STUN:
            self.b_stun[p] = True
        elif self.b_result != NO_RESULT:
            return  # the battle is already over: bonuses and removals no longer apply
        elif op == OP_ATTACK:
            if mine is self.b_att:
                self.b_bonus[p] += e.n
        elif op == OP_DEFENSE:
            if mine is self.b_def:
                self.b_bonus[p] += e.n
        elif op == OP_DESTROY:
            foe = self.b_def if mine is self.b_att else self.b_att
            if foe is not None and foe.d.cost <= e.n:  # FR-DESTROY-2: the remaining creature wins
                self._remove(foe, True)
                if foe is self.b_att:
                    self.b_att = None
                else:
                    self.b_def = None
                self.b_result = p
        elif op == OP_END_BATTLE:
            self.b_result = NO_WINNER  # FR-END-BATTLE-1

    def _flip(self, p: int, c: Creature) -> None:
        """FR-FLIP-1: flip the top card; every matching power-up fires in printed order (FR-POWERUP-1),
        then its gems count (an empty deck and discard pile: 0 gems, nothing fires, FR-DECK-2)."""
        iid = self._take_top(p)
        if iid < 0:
            return
        self.b_cards.append(iid)
        fd = self.defs[iid]
        if self.log_cards:
            self.flipped[iid] += 1
        m = fd.match
        if m:
            for pu in c.d.powerups:
                if pu.sphere & m:
                    if self.log_cards:
                        self.fired[c.iid] += 1
                    op = pu.op
                    if op == OP_ATTACK:
                        if c is self.b_att:
                            self.b_bonus[p] += pu.n
                    elif op == OP_DEFENSE:
                        if c is self.b_def:
                            self.b_bonus[p] += pu.n
                    elif op == OP_SCORE:
                        self._score(p, c.col, pu.n, c.iid, T_POWERUP)
                        if self.is_terminal():
                            return
                    elif op == OP_DRAW:
                        self._draw(p, pu.n)
                    elif op == OP_STUN:
                        self.b_stun[p] = True
        self.b_gems[p] = fd.gems

    def _flips(self) -> None:
        """FR-BATTLE-2: the attacker flips, then the defender; the higher total wins, a tie destroys both."""
        att, dfn = self.b_att, self.b_def
        assert att is not None and dfn is not None
        pa, pd = att.owner, dfn.owner
        self._flip(pa, att)
        if self.is_terminal():
            return
        self._flip(pd, dfn)
        if self.is_terminal():
            return
        ta = self.attack_of(att) + self.b_bonus[pa] + self.b_gems[pa]
        td = self.defense_of(dfn) + self.b_bonus[pd] + self.b_gems[pd]
        self.b_result = pa if ta > td else (pd if td > ta else TIE)
        self._end_battle()

    def _end_battle(self) -> None:
        """FR-BATTLE-3: the loser is destroyed (a tie: both), an attacker that won scores a card, then
        the tricks and flipped cards are discarded (RULINGS round three: score first, so a winner whose
        deck is empty never scores the battle's own cards), then pending stuns land (FR-STUN-2)."""
        att, dfn, r = self.b_att, self.b_def, self.b_result
        pa = self.active
        if r == TIE:
            if att is not None:
                self._remove(att, True)
            if dfn is not None:
                self._remove(dfn, True)
            att = dfn = None
        elif r == pa:
            if dfn is not None:
                self._remove(dfn, True)
                dfn = None
        elif r == 1 - pa:
            if att is not None:
                self._remove(att, True)
                att = None
        won = r == pa and att is not None
        if won and att is not None:  # FR-SCORE-1: the attacker that wins scores a card, first (FR-BATTLE-3)
            self._score(pa, att.col, 1, att.iid, T_BATTLE)
            if self.is_terminal():
                return
        self._discard_battle_cards()  # FR-BATTLE-3: then the tricks and the flipped cards are discarded
        if self.b_stun[pa] and dfn is not None:
            dfn.stunned = True
        if self.b_stun[1 - pa] and att is not None:
            att.stunned = True
        self.b_att = self.b_def = None
        self.b_result = NO_RESULT
        self.seats[0].stars = self.seats[1].stars = 0  # FR-STAR-1: unspent stars are lost
        self.decision = GO
        self.decider = pa
        if not self._has_go_play(pa):
            self._end_turn()

    def _discard_battle_cards(self) -> None:
        """FR-TRICK-2 / FR-FLIP-1: the battle's tricks and flipped cards go to their owners' discard piles."""
        for iid in self.b_cards:
            self.seats[self.owner[iid]].discard.append(iid)
        self.b_cards = []

    # ------------------------------------------------------------------ facts for logs and tests
    def zone_count(self, p: int) -> int:
        """Cards of player ``p`` in every zone (deck, hand, discard, inventory, spaces, piles, battle)."""
        s = self.seats[p]
        n = len(s.deck) + len(s.hand) + len(s.discard) + len(s.inventory)
        n += len(s.creatures()) + len(s.piles[0]) + len(s.piles[1]) + len(s.piles[2])
        for iid in self.b_cards:
            if self.owner[iid] == p:
                n += 1
        return n

    def card_events(self) -> list[dict[str, object]]:
        """Per distinct card name and seat: opening hand, first drawn/played/destroyed turn, cards its
        creatures scored (``damage_dealt`` and ``scored``), times flipped and power-ups fired."""
        if not self.log_cards:
            return []
        agg: dict[tuple[int, str], dict[str, Any]] = {}
        for iid, d in enumerate(self.defs):
            seat = self.owner[iid]
            key = (seat, d.name)
            row = agg.get(key)
            if row is None:
                row = agg[key] = {"seat": "ab"[seat], "card": d.name, "in_opening_hand": False,
                                  "drawn_turn": None, "deployed_turn": None, "killed_turn": None,
                                  "damage_dealt": 0, "scored": 0, "flipped": 0, "powerup_fired": 0}
            dt = self.drawn_turn[iid]
            if dt >= 0:
                if dt == 0:
                    row["in_opening_hand"] = True
                if row["drawn_turn"] is None or dt < row["drawn_turn"]:
                    row["drawn_turn"] = dt
            v = self.played_turn[iid]
            if v >= 0 and (row["deployed_turn"] is None or v < row["deployed_turn"]):
                row["deployed_turn"] = v
            v = self.killed_turn[iid]
            if v >= 0 and (row["killed_turn"] is None or v < row["killed_turn"]):
                row["killed_turn"] = v
            row["damage_dealt"] += self.scored_by[iid]
            row["scored"] += self.scored_by[iid]
            row["flipped"] += self.flipped[iid]
            row["powerup_fired"] += self.fired[iid]
        return list(agg.values())

    def fingerprint(self) -> tuple[object, ...]:
        """A hashable summary of the whole state (replay must rebuild it exactly)."""
        seats = []
        for s in self.seats:
            seats.append((tuple(s.deck), tuple(s.hand), tuple(s.discard),
                          tuple((i, self.face_down[i], self.inv_zapped[i]) for i in s.inventory),
                          tuple((c.iid, c.zapped, c.stunned) if c is not None else None for c in s.spaces),
                          tuple(tuple(p) for p in s.piles), s.scored, s.coins, s.stars))
        return (self.turn, self.active, self.decision, self.decider, self.outcome, tuple(self.b_cards),
                (self.pay_card, self.pay_action, self.pay_space, self.pay_left, self.pay_from), tuple(seats))


def play_out(g: Game, bots: Sequence[Any]) -> None:
    """Let ``bots[seat].choose(g)`` decide until the game ends (compiled with the engine)."""
    while not g.is_terminal():
        g.apply(bots[g.decider].choose(g))


def new_game(deck_a: Sequence[CardDef], deck_b: Sequence[CardDef], seed: int, first: int = 0,
             log_cards: bool = True, record: bool = True, deck_names: Sequence[Sequence[str]] | None = None,
             turn_cap: int = TURN_CAP, mulligans: bool = True, first_player_may_go_turn_1: bool = True,
             score_to_win: int = GOAL, face_down_counts: bool = True, hero_names_block: str = "own") -> Game:
    """Start a game of ``fr`` between two compiled decks, under the rule options given (the
    defaults are the rulings; fwlab/rules/freerealms/options.py declares them)."""
    names = deck_names or ([d.name for d in deck_a], [d.name for d in deck_b])
    return Game((deck_a, deck_b), seed, first, log_cards=log_cards, deck_names=names, record=record,
                turn_cap=turn_cap, mulligans=mulligans, first_player_may_go_turn_1=first_player_may_go_turn_1,
                score_to_win=score_to_win, face_down_counts=face_down_counts, hero_names_block=hero_names_block)


def replay(record: GameRecord, catalog: object) -> Game:
    """Rebuild a game from its record: same setup and seed, then every recorded action in order."""
    from .cards import compile_deck

    if len(record.setups) != 2 or record.setups[0] is None or record.setups[1] is None:
        raise ValueError(f"a {record.ruleset} record needs two decks, not {len(record.setups)} setups")
    da = compile_deck(record.setups[0], catalog)
    db = compile_deck(record.setups[1], catalog)
    o = record.options
    g = new_game(da, db, record.seed, first=record.first, deck_names=(record.setups[0], record.setups[1]),
                 turn_cap=int(o.get("turn_cap", TURN_CAP)), mulligans=bool(o.get("mulligans", True)),
                 first_player_may_go_turn_1=bool(o.get("first_player_may_go_turn_1", True)),
                 score_to_win=int(o.get("score_to_win", GOAL)), face_down_counts=bool(o.get("face_down_counts", True)),
                 hero_names_block=str(o.get("hero_names_block", "own")))
    for player, action in record.actions:
        if g.current_player() != player:
            raise IllegalAction(f"replay diverged: record says player {player} acts, game says {g.current_player()}")
        g.apply(action)
    return g
