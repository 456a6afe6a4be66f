"""A game of Fallen Worlds / Battlegrounds: turn flow, decisions, legal actions and ``apply``.

The game advances by itself through every phase that needs no decision (resources, healing,
draw, dice, resolution) and stops at the next decision: :meth:`Game.current_player` names who
decides and :meth:`Game.legal_actions` what they may do. Decisions:

========  =======================================================================================
DEPLOY    active player: ``deploy C [T]``, ``event C [T]``, ``effect S [T] [i]``, ``pass`` (to combat)
ATTACK    active player: ``attack U``, ``event``/``effect``, ``pass`` (declare no more attackers)
BLOCK     defender: ``block B A``, ``pass``
ASSIGN    active player, per attacker: ``strike A B``, ``raid A``, ``scenario A S``, ``aid A B``
TRICKS    combat window before the dice, active player then defender: ``event``/``effect``/``pass``
ANSWER    the other player after an event: ``event C [T]``, ``effect S [T] [i]``, ``pass``
DISCARD   fw end of turn over 7 cards: ``discard C``; bg with 8 cards: ``discard C`` or ``pass``
========  =======================================================================================

Rule IDs in comments refer to ``docs/rules.md``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..core import Action, GameRecord, IllegalAction, Outcome, TooFewDice
from ..lists import shuffle
from . import combat, effects
from .cards import ATTACHMENT, EVENT, OP_HEAL, SCENARIO, CardDef
from .config import RulesConfig, config_for
from .decisions import (  # noqa: F401  (re-exported for bots and tests)
    ANSWER,
    ASSIGN,
    ATTACK,
    BLOCK,
    DECISION_NAMES,
    DEFEND,
    DEPLOY,
    DISCARD,
    PASS,
    PHASE_OF,
    RESOLUTION,
    RESOURCE,
    TERMINAL,
    TRICKS,
)
from .state import LOST_CAUSES, LOST_DECKOUT, LOST_EFFECT, Seat, Unit


class Game:
    """The state of one game. Create with :func:`new_game`; drive with ``apply`` until ``is_terminal``."""

    def __init__(self, cfg: RulesConfig, decks: Sequence[Sequence[CardDef]] | None, seed: int, first: int = 0,
                 log_cards: bool = True, deck_names: Sequence[Sequence[str]] | None = None,
                 record: bool = True) -> None:
        self.cfg = cfg
        self.seed = seed
        self.num_seats = 2
        self.forced_dice: list[int] | None = None  # die results given in order (positions: --dice), else rolled
        if decks is None:  # an empty shell that clone() fills in
            return
        self.rng = random.Random(seed)
        na, nb = len(decks[0]), len(decks[1])
        self.defs: list[CardDef] = list(decks[0]) + list(decks[1])   # card instance id -> definition
        self.owner: list[int] = [0] * na + [1] * nb
        self.seats = [Seat(0, list(range(na)), cfg.capital), Seat(1, list(range(na, na + nb)), cfg.capital)]
        self.first = first
        self.active = first
        self.turn = 0
        self.decision = DEPLOY
        self.decider = first
        self.outcome: Outcome | None = None
        self.loss_reason = ["capital", "capital"]
        self.capital_gained = [0, 0]   # CORE-CAP-1: Capital rises only through gain_capital
        self.capital_lost = [0] * (2 * LOST_CAUSES)  # by seat and cause (state.LOST_*), for health figures
        self.log_cards = log_cards
        n = len(self.defs)
        self.drawn_turn: list[int] = [-1] * n if log_cards else []
        self.deployed_turn: list[int] = [-1] * n if log_cards else []
        self.killed_turn: list[int] = [-1] * n if log_cards else []
        self.damage_dealt: list[int] = [0] * n if log_cards else []
        self.capital_log: list[tuple[int, int, int]] = []
        self.units: dict[int, Unit] = {}       # iid -> unit in play (creatures and scenarios)
        self.unit_at: list[Unit | None] = [None] * n   # the same, as a list by iid (the hot path reads this)
        self.buffed: list[int] = []            # units given a temporary buff since the last Resolution
        # combat state
        self.attackers: list[int] = []
        self.blocks: dict[int, list[int]] = {}   # attacker -> blockers
        self.blocking: dict[int, list[int]] = {}  # blocker -> attackers
        self.assign: dict[int, tuple[str, int]] = {}
        self.strikeback: dict[int, int] = {}     # FW-SCEN-2: attacked Scenario -> the attacker it strikes
        self.tricks_passed = 0
        # events
        self.chain: list[tuple[int, int, int]] = []   # (player, event iid, target)
        self.resume = DEPLOY
        self.resume_decider = first
        names = deck_names if (record and deck_names) else ((), ())
        self.record = GameRecord(cfg.ruleset, seed, first, (tuple(names[0]), tuple(names[1])),
                                 options={"turn_cap": cfg.turn_cap, "literal_two": cfg.literal_two})
        self.recording = record
        for s in self.seats:  # FW-SETUP-2: decks shuffled
            shuffle(s.deck, self.rng)
        for s in self.seats:  # FW-SETUP-3: five cards each
            for _ in range(cfg.opening_hand):
                self._draw(s, opening=True)
        self._begin_turn()

    # ------------------------------------------------------------------ public API
    def current_player(self) -> int:
        """The seat (0 or 1) that must decide now, or -1 when the game is over."""
        return -1 if self.is_terminal() else self.decider

    def is_terminal(self) -> bool:
        # every check of the outcome goes through here: the outcome changes inside calls, and a
        # checker (or a compiler) must not assume it stays as an earlier test found it
        return self.outcome is not None

    @property
    def decision_name(self) -> str:
        return DECISION_NAMES[self.decision]

    def legal_actions(self) -> list[Action]:
        """Every action the current player may take now (empty when the game is over)."""
        if self.is_terminal():
            return []
        cands = self._candidates()
        return [a for a in cands if self.why_illegal(a) is None]

    def apply(self, action: Action | str) -> None:
        """Apply one action of the current player; an illegal one raises :class:`IllegalAction` with the reason."""
        if isinstance(action, str):
            action = Action.parse(action)
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalAction(f"{action} is not legal now ({self.decision_name}): {reason}")
        if self.recording:
            self.record.actions.append((self.decider, action))
        self._do(action)

    def clone(self, seed: int | None = None, rng: random.Random | None = None) -> Game:
        """An independent copy for search (no record, no card log); ``seed`` reseeds its dice, and
        ``rng`` instead makes it roll them from that generator (shared: the ``ismcts`` search gives its
        own, which saves seeding one per copy).

        Every attribute is copied by name (no ``__new__`` or ``__dict__`` tricks), so the class also
        works compiled (fwlab/native.py).
        """
        c = Game(self.cfg, None, self.seed)
        c.defs, c.owner, c.first = self.defs, self.owner, self.first
        c.active, c.turn, c.decision, c.decider = self.active, self.turn, self.decision, self.decider
        c.outcome, c.tricks_passed = self.outcome, self.tricks_passed
        c.resume, c.resume_decider = self.resume, self.resume_decider
        if rng is not None:
            c.rng = rng
        elif seed is not None:
            c.rng = random.Random(seed)
        else:
            c.rng = random.Random()
            c.rng.setstate(self.rng.getstate())
            if self.forced_dice is not None:
                c.forced_dice = list(self.forced_dice)
        units = {iid: u.copy() for iid, u in self.units.items()}
        c.units = units
        c.unit_at = [None] * len(self.unit_at)
        for iid, u in units.items():
            c.unit_at[iid] = u
        c.seats = [s.copy(units) for s in self.seats]
        c.attackers = list(self.attackers)
        c.blocks = {k: list(v) for k, v in self.blocks.items()}
        c.blocking = {k: list(v) for k, v in self.blocking.items()}
        c.assign = dict(self.assign)
        c.strikeback = dict(self.strikeback)
        c.chain = list(self.chain)
        c.buffed = list(self.buffed)
        c.loss_reason = list(self.loss_reason)
        c.capital_gained = list(self.capital_gained)
        c.capital_lost = list(self.capital_lost)
        c.capital_log = []
        c.log_cards = False
        c.drawn_turn, c.deployed_turn, c.killed_turn, c.damage_dealt = [], [], [], []
        c.recording = False
        c.record = GameRecord(self.cfg.ruleset, self.seed, self.record.first, self.record.setups)
        return c

    # ------------------------------------------------------------------ dice and cards
    def unit(self, iid: int) -> Unit | None:
        """The card in play with instance id ``iid``, or None (not in play, or no such id)."""
        if 0 <= iid < len(self.unit_at):
            return self.unit_at[iid]
        return None

    def place(self, u: Unit) -> None:
        """Put a unit in play (the only way: ``units`` and ``unit_at`` stay in step)."""
        self.units[u.iid] = u
        self.unit_at[u.iid] = u

    def unplace(self, iid: int) -> None:
        """Take a unit out of play."""
        del self.units[iid]
        self.unit_at[iid] = None

    def roll(self) -> int:
        """One D6 from the game's generator, or the next of :attr:`forced_dice` when dice were given
        (:class:`TooFewDice` when they have run out); every die is recorded."""
        fd = self.forced_dice
        if fd is not None:
            if not fd:
                raise TooFewDice("too few dice given: the game needs another die")
            r = fd.pop(0)
        else:
            r = int(self.rng.random() * 6) + 1
        if self.recording:
            self.record.dice.append(r)
        return r

    def cost(self, p: int, d: CardDef) -> int:
        """Res to deploy or play a card for player ``p`` after discounts (KW-DISCOUNT: never below 1)."""
        c = d.res
        disc = self.seats[p].discount[d.type]
        if disc and c > 0:
            return max(1, c - disc)
        return c

    def refresh_discounts(self, p: int) -> None:
        """Recompute player ``p``'s discounts from its cards in play (after anything enters or leaves)."""
        s = self.seats[p]
        tot = [0, 0, 0, 0]
        for u in s.units + s.scenarios:
            for i, v in enumerate(u.d.discount):
                tot[i] += v
            for _, a in u.attached:
                for i, v in enumerate(a.discount):
                    tot[i] += v
        s.discount = tot

    def _draw(self, s: Seat, opening: bool = False, draw_phase: bool = False) -> None:
        """Draw one card. FW-DRAW-2: an empty deck costs 1 Capital. BG-HAND-1: in the Draw phase, with 8
        in hand the drawn card is discarded (other draws keep it: BG-HAND-3)."""
        if not s.deck:
            s.deckouts += 1
            self._lose_capital(s.idx, 1, "deck-out", cause=LOST_DECKOUT)
            return
        iid = s.deck.pop()
        if self.log_cards and self.drawn_turn[iid] < 0:
            self.drawn_turn[iid] = 0 if opening else max(s.own_turns, 1)
        if draw_phase and self.cfg.bg_hand and len(s.hand) >= 8:
            s.graveyard.append(iid)
            return
        s.hand.append(iid)

    def _lose_capital(self, p: int, n: int, reason: str = "capital", check: bool = True,
                      cause: int = LOST_EFFECT) -> None:
        """Player ``p`` loses ``n`` Capital; ``reason`` becomes its end reason should it lose now
        (FW-END-2: the cause of the last Capital loss). ``check=False`` when the caller checks once
        the whole event or Resolution is done (both players at 0 through it: a draw). ``cause``
        (``state.LOST_*``) is counted in :attr:`capital_lost` only."""
        if n <= 0:
            return
        self.seats[p].capital -= n
        self.capital_lost[p * LOST_CAUSES + cause] += n
        self.loss_reason[p] = reason
        if check:
            self._check_end()

    def _check_end(self) -> None:
        """FW-END-1: a player at 0 or less Capital loses at once, whatever took it there; both at
        once (through the same event or Resolution) is a draw. Called whenever Capital changes."""
        if self.is_terminal():
            return
        a, b = self.seats[0].capital <= 0, self.seats[1].capital <= 0
        if a and b:
            self._finish(-1, "capital")
        elif a:
            self._finish(1, self.loss_reason[0])
        elif b:
            self._finish(0, self.loss_reason[1])

    def _finish(self, winner: int, reason: str) -> None:
        """The game ends: ``winner`` is the winning seat, or -1 for a draw."""
        places = (1, 1) if winner < 0 else ((1, 2) if winner == 0 else (2, 1))
        self.outcome = Outcome(places, reason, self.turn)
        if (self.log_cards or self.recording) and (not self.capital_log or self.capital_log[-1][0] != self.turn):
            self.capital_log.append((self.turn, self.seats[0].capital, self.seats[1].capital))
        self.decision = TERMINAL
        self.decider = -1

    # ------------------------------------------------------------------ turn flow
    def _begin_turn(self) -> None:
        cfg = self.cfg
        self.turn += 1
        if self.turn > cfg.turn_cap:  # SIM-CAP-1
            self.turn = cfg.turn_cap
            self._finish(-1, "turn-cap")
            return
        s = self.seats[self.active]
        s.own_turns += 1
        s.pool = 0  # FW-RES-3: the pool is emptied at the start of its owner's turn
        income, scen_income, allies = 0, 0, 0
        for u in s.units:  # FW-LOCK-2: all cards unlock in the Resource phase
            u.locked = False
            income += u.income
            allies += u.heal_allies
        for u in s.scenarios:
            u.locked = False
            scen_income += u.income
            allies += u.heal_allies
        if cfg.bg_resources:  # BG-RES-1: roll 2D6, add the higher die
            r1, r2 = self.roll(), self.roll()
            s.pool += r1 if r1 > r2 else r2
        else:  # FW-RES-1: the resource cycle
            s.pool += cfg.cycle[(s.own_turns - 1) % len(cfg.cycle)]
        s.pool += income  # KW-INCOME
        if not cfg.bg_resources:  # FW-RES-2: +1 per Scenario, plus Scenario income
            s.pool += cfg.scenario_res * len(s.scenarios) + scen_income
        # FW-HEAL-1 / BG-HEAL-1: healing (``allies``: heal_allies of every card in play)
        for u in s.units:
            if u.damage:
                u.damage = max(0, u.damage - 1 - u.heal_self - allies)
        for u in s.scenarios:
            if u.damage and (cfg.heal_scenarios or u.heal_self):
                u.damage = max(0, u.damage - (1 if cfg.heal_scenarios else 0) - u.heal_self)
        if cfg.bg_resources:  # BG-SCEN-1: the Scenarios phase
            s.pool += cfg.scenario_res * len(s.scenarios) + scen_income
        # FW-HEAL-2 / FW-EVENT-5: the healing step is a window for healing cards and events of the
        # resource phase; it is offered only when such a card can be used (FW-PASS-1)
        self.decision, self.decider = RESOURCE, self.active
        if not self._window_has_play(self.active):
            self._after_resource()

    def _after_resource(self) -> None:
        s = self.seats[self.active]
        if self.turn > 1 or self.cfg.first_player_draw:  # FW-DRAW-3: the first player may skip turn 1's draw
            self._draw(s, draw_phase=True)  # FW-DRAW-1
        if self.is_terminal():
            return
        self._to_deploy()

    def _to_deploy(self) -> None:
        """The Deploy decision, skipped to combat when passing is all the active player can do (FW-PASS-1)."""
        self.decision, self.decider = DEPLOY, self.active
        if not self._may_act_in_deploy():
            self._to_combat()

    def _may_act_in_deploy(self) -> bool:
        p = self.active
        s = self.seats[p]
        pool = s.pool
        defs = self.defs
        for iid in s.hand:
            d = defs[iid]
            if d.type == EVENT or self.cost(p, d) > pool:
                continue
            if d.type == ATTACHMENT:
                curse = d.subtype == "curse"
                if curse and not self.cfg.curses:
                    continue
                for u in (self.seats[1 - p].units if curse else s.units):
                    if effects.slot_clash(self.cfg, u, d) is None:
                        return True
            elif d.type != SCENARIO or not self.cfg.one_scenario or s.scenario_turn != self.turn:
                return True
        return self._has_instant(p)

    def _window_has_play(self, p: int) -> bool:
        """Whether player ``p`` has something in the current window (the healing step or the end of
        Resolution) that only this window allows: a healing card or effect, or an event of this phase."""
        s = self.seats[p]
        defs = self.defs
        bit = 1 << self.decision
        for iid in s.hand:
            d = defs[iid]
            if d.type == EVENT and (d.is_heal or d.phase_mask & bit) and self.cost(p, d) <= s.pool \
                    and effects.event_playable(self, p, iid) is None:
                return True
        if self.decision == RESOURCE:
            for u, src, effs in effects.controlled_effects(self, p):
                for i, e in enumerate(effs):
                    if e.op == OP_HEAL and effects.effect_reason(self, p, u, src, e, i) is None \
                            and effects.has_target(self, p, e.target):
                        return True
        return False

    def _end_turn(self) -> None:
        s = self.seats[self.active]
        if not self.cfg.bg_hand and len(s.hand) > self.cfg.hand_limit:  # FW-HAND-1
            self.decision, self.decider = DISCARD, self.active
            return
        if self.cfg.bg_hand and len(s.hand) >= 8:  # BG-HAND-2: over 8 discards down to 8; with 8 may discard one
            self.decision, self.decider = DISCARD, self.active
            return
        self._next_turn()

    def _next_turn(self) -> None:
        if self.log_cards or self.recording:
            self.capital_log.append((self.turn, self.seats[0].capital, self.seats[1].capital))
        self.active = 1 - self.active
        self._begin_turn()

    def _to_combat(self) -> None:
        self.attackers.clear()
        self.blocks.clear()
        self.blocking.clear()
        self.assign.clear()
        self.strikeback.clear()
        self.decision, self.decider = ATTACK, self.active
        if not self._may_act_in_attack():
            self._end_attacks()

    def _may_act_in_attack(self) -> bool:
        s = self.seats[self.active]
        t = self.turn
        attackers = self.attackers
        for u in s.units:
            if not u.locked and u.att > 0 and (u.deployed_turn < t or u.swift) and u.iid not in attackers:
                return True
        return self._has_instant(self.active)

    def _end_attacks(self) -> None:
        if not self.attackers:
            self._to_resolution()
            return
        self.decision, self.decider = BLOCK, 1 - self.active
        if not combat.can_block_any(self):
            self._to_assign()

    def _to_assign(self) -> None:
        self.decision, self.decider = ASSIGN, self.active
        combat.auto_assign(self)
        if combat.next_unassigned(self) is None:
            self._to_defend()

    def _to_defend(self) -> None:
        """FW-SCEN-2: a Scenario attacked by several creatures strikes back once, at the attacker its
        owner chooses (one attacker: no choice to make)."""
        combat.auto_strikeback(self)
        if combat.next_scenario_to_defend(self) is None:
            self._to_tricks()
            return
        self.decision, self.decider = DEFEND, 1 - self.active

    def _to_tricks(self) -> None:
        self.tricks_passed = 0
        self.decision, self.decider = TRICKS, self.active
        if not self._has_instant(self.active):
            self.tricks_passed = 1
            self.decider = 1 - self.active
            if not self._has_instant(self.decider):
                self._fight()

    def _fight(self) -> None:
        combat.roll_and_resolve(self)
        if not self.is_terminal():
            self._to_resolution()

    def _to_resolution(self) -> None:
        """After combat damage and deaths (and a Capital check): a window for events of the
        resolution phase when the active player holds one (FW-EVENT-5), then the end of Resolution."""
        self.decision, self.decider = RESOLUTION, self.active
        if not self._window_has_play(self.active):
            self._end_resolution()

    def _end_resolution(self) -> None:
        combat.resolve(self)
        if not self.is_terminal():
            self._end_turn()

    # ------------------------------------------------------------------ instants (events and effects)
    def _has_instant(self, p: int) -> bool:
        """Whether player ``p`` holds a playable event or a usable card effect now (cheap check)."""
        s = self.seats[p]
        pool = s.pool
        defs = self.defs
        for iid in s.hand:
            d = defs[iid]
            if d.type == EVENT and self.cost(p, d) <= pool and effects.event_playable(self, p, iid) is None:
                return True
        return effects.any_usable_effect(self, p)  # FW-PASS-1: a 0-cost effect opens a window too

    def _open_answer(self, player: int) -> None:
        """FW-EVENT-2: after an event the other player gets one chance to answer before it resolves."""
        self.resume, self.resume_decider = self.decision, self.decider
        other = 1 - player
        self.decision, self.decider = ANSWER, other
        if not self._has_instant(other):
            self._close_answer()

    def _close_answer(self) -> None:
        effects.resolve_chain(self)
        if self.is_terminal():
            return
        self.decision, self.decider = self.resume, self.resume_decider
        self._after_instant()

    def _after_instant(self) -> None:
        """Back at a decision after an event or effect: in the Attack decision, attackers may have died
        and nothing may be left to declare. (Elsewhere the same player simply decides again; a blocked
        attacker whose blockers died stays blocked and strikes nothing.)"""
        d = self.decision
        if d == ATTACK:
            self.attackers = [a for a in self.attackers if self.unit_at[a] is not None]
            if not self._may_act_in_attack():
                self._end_attacks()
        elif d == DEPLOY:
            if not self._may_act_in_deploy():
                self._to_combat()
        elif d == RESOURCE:
            if not self._window_has_play(self.active):
                self._after_resource()
        elif d == RESOLUTION:
            if not self._window_has_play(self.active):
                self._end_resolution()

    # ------------------------------------------------------------------ legality
    def _candidates(self) -> list[Action]:
        d, p = self.decision, self.decider
        s = self.seats[p]
        out: list[Action] = []
        if d in (DEPLOY, ATTACK, TRICKS, ANSWER, RESOURCE, RESOLUTION):
            for iid in s.hand:
                dd = self.defs[iid]
                if dd.type == EVENT:
                    for t in effects.target_choices(self, p, dd.choose):
                        out.append(Action("event", iid, t))
                elif d == DEPLOY:
                    if dd.type == ATTACHMENT:
                        for u in (self.seats[1 - p].units if dd.subtype == "curse" else s.units):
                            out.append(Action("deploy", iid, u.iid))
                    else:
                        out.append(Action("deploy", iid))
            for u, src, eff_list in effects.controlled_effects(self, p):
                for i, e in enumerate(eff_list):
                    for t in effects.target_choices(self, p, e.target if e.chosen else None, u):
                        out.append(Action("effect", src, t, i))
        if d == ATTACK:
            out += [Action("attack", u.iid) for u in s.units]
        elif d == BLOCK:
            for b in s.units:
                for a in self.attackers:
                    out.append(Action("block", b.iid, a))
        elif d == ASSIGN:
            who = combat.next_unassigned(self)
            if who is not None:
                if self.blocks.get(who):
                    out += [Action("strike", who, b) for b in self.blocks[who]]
                else:
                    out.append(Action("raid", who))
                    out += [Action("scenario", who, sc.iid) for sc in self.seats[1 - p].scenarios]
                    for other in self.attackers:
                        if other != who:
                            out += [Action("aid", who, b) for b in self.blocks.get(other, ())]
        elif d == DEFEND:
            sc = combat.next_scenario_to_defend(self)
            if sc is not None:
                out += [Action("strikeback", sc, a) for a in combat.attackers_of(self, sc)]
        elif d == DISCARD:
            out += [Action("discard", iid) for iid in s.hand]
        if d != ASSIGN and d != DEFEND and not (d == DISCARD and self._must_discard(s)):
            out.append(PASS)
        return out

    def _must_discard(self, s: Seat) -> bool:
        """FW-HAND-1: over 7 in fw; BG-HAND-2: over 8 in bg (with exactly 8, discarding one is optional)."""
        return len(s.hand) > self.cfg.hand_limit

    def why_illegal(self, a: Action) -> str | None:
        """Why an action is not legal now, or None when it is."""
        if self.is_terminal():
            return "the game is over"
        d, p, k = self.decision, self.decider, a.kind
        s = self.seats[p]
        if k == "pass":
            if d == ASSIGN:
                return "every attacker needs an objective"
            if d == DEFEND:
                return "the attacked Scenario strikes back at one of its attackers (FW-SCEN-2)"
            if d == DISCARD and self._must_discard(s):
                return f"you hold more than {self.cfg.hand_limit} cards and must discard"
            return None
        if k == "attack":
            if d != ATTACK:
                return "attackers are declared in the Combat phase"
            u = self.unit(a.a)
            if u is None or u.owner != p or not u.is_creature:
                return "only your creatures in play can attack"
            if a.a in self.attackers:
                return "already attacking"
            if u.locked:
                return "a locked creature cannot attack (FW-LOCK-1)"
            if u.att <= 0:
                return "a creature with Att 0 cannot attack (FW-HIT-3)"
            if u.deployed_turn == self.turn and not u.swift:
                return "deployed this turn: it cannot attack unless it is swift (FW-DEPLOY-3)"
            return None
        if k == "block" or k == "raid" or k == "strike" or k == "scenario" or k == "aid" or k == "strikeback":
            return combat.why_illegal(self, a)
        if k == "deploy":
            if d != DEPLOY:
                return "cards are deployed in your Deploy phase"
            return self._why_deploy_illegal(p, s, a.a, a.b)
        if k == "event":
            if d not in (DEPLOY, ATTACK, TRICKS, ANSWER, RESOURCE, RESOLUTION):
                return "events are played when you have priority (deploy, combat windows, answers)"
            return effects.why_event_illegal(self, p, a.a, a.b)
        if k == "effect":
            if d not in (DEPLOY, ATTACK, TRICKS, ANSWER, RESOURCE, RESOLUTION):
                return "card effects are used when you have priority"
            return effects.why_effect_illegal(self, p, a.a, a.b, a.c)
        if k == "discard":
            if d != DISCARD:
                return "you discard at the end of your turn"
            return None if a.a in s.hand else "that card is not in your hand"
        return f"unknown action kind {k!r}"

    def _why_deploy_illegal(self, p: int, s: Seat, iid: int, target: int) -> str | None:
        if iid not in s.hand:
            return "that card is not in your hand"
        dd = self.defs[iid]
        if dd.type == EVENT:
            return "events are played with 'event', not deployed"
        c = self.cost(p, dd)
        if c > s.pool:
            return f"it costs {c} Res and your pool has {s.pool} (FW-DEPLOY-1)"
        if dd.type == SCENARIO and self.cfg.one_scenario and s.scenario_turn == self.turn:
            return "only one Scenario can be deployed each turn (FW-DEPLOY-2)"
        if dd.type == ATTACHMENT:
            u = self.unit(target)
            if u is None or not u.is_creature:
                return "an attachment goes on a creature in play"
            if dd.subtype == "curse" and not self.cfg.curses:
                return "this ruleset has no Curses (curses switched off)"
            if dd.subtype == "curse":
                if u.owner == p:
                    return "a Curse goes on an opponent's creature (FW-ATTACH-2)"
            elif u.owner != p:
                return "this attachment goes on one of your creatures (FW-ATTACH-2)"
            clash = effects.slot_clash(self.cfg, u, dd)
            if clash:
                return clash
        elif target != -1:
            return "only attachments take a target"
        return None

    # ------------------------------------------------------------------ doing
    def _do(self, a: Action) -> None:
        k, p = a.kind, self.decider
        s = self.seats[p]
        d = self.decision
        if k == "pass":
            if d == DEPLOY:
                self._to_combat()
            elif d == ATTACK:
                self._end_attacks()
            elif d == BLOCK:
                self._to_assign()
            elif d == TRICKS:
                self.tricks_passed += 1
                if self.tricks_passed >= 2:
                    self._fight()
                else:
                    self.decider = 1 - self.active
                    if not self._has_instant(self.decider):
                        self._fight()
            elif d == ANSWER:
                self._close_answer()
            elif d == DISCARD:
                self._next_turn()
            elif d == RESOURCE:
                self._after_resource()
            elif d == RESOLUTION:
                self._end_resolution()
            return
        if k == "deploy":
            self._deploy(p, s, a.a, a.b)
        elif k == "event":
            effects.play_event(self, p, a.a, a.b)
        elif k == "effect":
            effects.use_effect(self, p, a.a, a.b, a.c)
        elif k == "attack":
            u = self.unit_at[a.a]
            assert u is not None
            self.attackers.append(u.iid)
            if not u.vigilant and self.cfg.locking:  # FW-LOCK-1: declaring an attacker locks it
                u.locked = True
            if not self._may_act_in_attack():
                self._end_attacks()
        elif k == "block":
            combat.do_block(self, a.a, a.b)
            if not combat.can_block_any(self):
                self._to_assign()
        elif k in ("strike", "raid", "scenario", "aid"):
            combat.do_assign(self, a)
            if combat.next_unassigned(self) is None:
                self._to_defend()
        elif k == "strikeback":
            self.strikeback[a.a] = a.b
            if combat.next_scenario_to_defend(self) is None:
                self._to_tricks()
        elif k == "discard":
            was_over = self._must_discard(s)
            s.hand.remove(a.a)
            s.graveyard.append(a.a)
            # fw: down to 7; bg: over 8 discards down to 8, with exactly 8 one optional discard
            if not self._must_discard(s) and (was_over or self.cfg.bg_hand):
                self._next_turn()

    def _deploy(self, p: int, s: Seat, iid: int, target: int) -> None:
        dd = self.defs[iid]
        s.pool -= self.cost(p, dd)
        s.hand.remove(iid)
        if self.log_cards and self.deployed_turn[iid] < 0:
            self.deployed_turn[iid] = s.own_turns
        if dd.type == ATTACHMENT:
            u = self.unit_at[target]
            assert u is not None
            u.attached.append((iid, dd))
            u.refresh()
            if dd.has_discount:
                self.refresh_discounts(u.owner)
            effects.check_deaths(self)  # a set Hp of 0 kills
            if not self.is_terminal() and not self._may_act_in_deploy():
                self._to_combat()
            return
        u = Unit(iid, dd, p, self.turn)
        self.place(u)
        if dd.type == SCENARIO:
            s.scenarios.append(u)
            s.scenario_turn = self.turn
        else:
            s.units.append(u)
        if dd.has_discount:
            self.refresh_discounts(p)
        if not self._may_act_in_deploy():  # FW-PASS-1: nothing left but to pass
            self._to_combat()

    # ------------------------------------------------------------------ facts for logs and tests
    def zone_count(self, p: int) -> int:
        """Cards of player ``p`` in every zone (hand, deck, play, attachments, graveyard, removed, chain)."""
        s = self.seats[p]
        n = len(s.deck) + len(s.hand) + len(s.graveyard) + len(s.removed)
        n += len(s.units) + len(s.scenarios)
        for u in self.units.values():
            n += sum(1 for iid, _ in u.attached if self.owner[iid] == p)
        n += sum(1 for (_, iid, _) in self.chain if self.owner[iid] == p)
        return n

    def card_events(self) -> list[dict[str, object]]:
        """Per distinct card name and seat: opening hand, first drawn/deployed/killed turn, damage dealt."""
        if not self.log_cards:
            return []
        agg: dict[tuple[int, str], dict[str, object]] = {}
        for iid, d in enumerate(self.defs):
            seat = self.owner[iid]
            key = (seat, d.name)
            row = agg.get(key)
            if row is None:
                row = agg[key] = {"seat": "ab"[seat], "card": d.name, "in_opening_hand": False,
                                  "drawn_turn": None, "deployed_turn": None, "killed_turn": None,
                                  "damage_dealt": 0}
            dt = self.drawn_turn[iid]
            if dt >= 0:
                if dt == 0:
                    row["in_opening_hand"] = True
                if row["drawn_turn"] is None or dt < row["drawn_turn"]:  # type: ignore[operator]
                    row["drawn_turn"] = dt
            for col, arr in (("deployed_turn", self.deployed_turn), ("killed_turn", self.killed_turn)):
                v = arr[iid]
                if v >= 0 and (row[col] is None or v < row[col]):  # type: ignore[operator]
                    row[col] = v
            row["damage_dealt"] = int(row["damage_dealt"]) + self.damage_dealt[iid]  # type: ignore[call-overload]
        return list(agg.values())

    def fingerprint(self) -> tuple[object, ...]:
        """A hashable summary of the whole state (used to check that replay rebuilds it exactly)."""
        seats = []
        for s in self.seats:
            seats.append((tuple(s.deck), tuple(s.hand), tuple(s.graveyard), tuple(s.removed), s.capital, s.pool,
                          tuple((u.iid, u.damage, u.locked, tuple(i for i, _ in u.attached)) for u in s.units),
                          tuple((u.iid, u.damage) for u in s.scenarios)))
        return (self.turn, self.active, self.decision, self.decider, self.outcome, tuple(seats))


def play_out(g: Game, bots: Sequence[Any]) -> None:
    """Let ``bots[seat].choose(g)`` decide until the game ends (the loop is compiled with the engine)."""
    while not g.is_terminal():
        g.apply(bots[g.decider].choose(g))


def new_game(ruleset: str, deck_a: Sequence[CardDef], deck_b: Sequence[CardDef], seed: int, first: int = 0,
             log_cards: bool = True, record: bool = True, deck_names: Sequence[Sequence[str]] | None = None,
             **overrides: object) -> Game:
    """Start a game of ``fw``, ``fw-epic`` or ``bg`` between two compiled decks."""
    cfg = config_for(ruleset, **overrides)
    names = deck_names or ([d.name for d in deck_a], [d.name for d in deck_b])
    g = Game(cfg, (deck_a, deck_b), seed, first, log_cards=log_cards, deck_names=names, record=record)
    if overrides:  # a record says under which rules it was played, so it replays under them
        g.record.options.update(overrides)
    return g


def _record_options(record: GameRecord) -> dict[str, Any]:
    """A record's rule options as ``new_game`` takes them (lists read back from JSON as tuples)."""
    out: dict[str, Any] = {}
    for k, v in record.options.items():
        if k != "position":
            out[k] = tuple(v) if isinstance(v, list) else v
    return out


def replay(record: GameRecord, catalog: object) -> Game:
    """Rebuild a game from its record: same setup and seed, then every recorded action in order."""
    from .cards import compile_deck

    if len(record.setups) != 2 or record.setups[0] is None or record.setups[1] is None:
        raise ValueError(f"a {record.ruleset} record needs two decks, not {len(record.setups)} setups")
    decks = [compile_deck(names, catalog) for names in record.setups if names is not None]
    g = new_game(record.ruleset, decks[0], decks[1], record.seed, first=record.first,
                 deck_names=(record.setups[0], record.setups[1]),
                 **_record_options(record))
    for player, action in record.actions:
        if g.current_player() != player:
            raise IllegalAction(f"replay diverged: record says player {player} acts, game says {g.current_player()}")
        g.apply(action)
    if g.record.dice != record.dice:
        raise IllegalAction("replay diverged: the dice differ from the record")
    return g
