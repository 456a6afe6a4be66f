"""The default bot: deploys by value within the resource curve, attacks and blocks by expected value
from the exact to-hit odds, chooses raids or Scenario attacks, and plays events where they pay.

It reads the game state directly (no copies, no legal-action enumeration) and returns one action;
the game still checks every action it applies. Where a rule option changes what may be played (a
Curse with ``curses`` off, a second Scenario with ``one_scenario`` off, a pass at the end of the turn
under another hand rule), the bot asks the engine (``Game.why_illegal``) instead of copying the rule.
"""

from __future__ import annotations

from typing import Final

from ...rules.core import Action
from ...rules.daemornia.cards import (
    ATTACHMENT,
    CREATURE,
    EVENT,
    MASS_ENEMY,
    MASS_NONE,
    MASS_OWN,
    OP_BUFF,
    OP_COUNTER,
    OP_DAMAGE,
    OP_DESTROY,
    OP_DISCARD,
    OP_DRAIN,
    OP_DRAW,
    OP_GAIN_CAPITAL,
    OP_GAIN_RES,
    OP_HEAL,
    OP_LOCK,
    OP_SACRIFICE,
    OP_UNLOCK,
    SCENARIO,
    CardDef,
    Eff,
)
from ...rules.daemornia.combat import attackers_of, next_scenario_to_defend, next_unassigned
from ...rules.daemornia.effects import (
    controlled_effects,
    effect_reason,
    event_playable,
    slot_clash,
    target_ok,
)
from ...rules.daemornia.game import (
    ANSWER,
    ASSIGN,
    ATTACK,
    BLOCK,
    DEFEND,
    DEPLOY,
    DISCARD,
    PASS,
    RESOLUTION,
    RESOURCE,
    TRICKS,
    Game,
)
from ...rules.daemornia.state import Seat, Unit

P_HIT: Final = [0.0] + [(7 - n) / 6 for n in range(1, 7)]  # by needed roll
#: what an effect must be worth before the bot uses it (the search for one at this bar is cached)
EFFECT_BAR: Final = 0.5


def p_hit(att: int, dfn: int) -> float:
    """Chance one strike hits (FW-HIT-1/2): the exact D6 odds."""
    if att <= 0:
        return 0.0
    n = 4 + dfn - att
    return P_HIT[2 if n < 2 else 6 if n > 6 else n]


def unit_value(u: Unit) -> float:
    """What a card in play is worth to its owner, in rough 'stat points'."""
    v = u.att + u.dfn + 2 * u.dmg + (u.max_hp - u.damage) + u.raider + u.shield * 2 + u.income * 3
    if u.elusive:
        v += 3
    if u.is_scenario:
        v += 4
    return v + u.exp_total


def card_value(d: CardDef) -> float:
    if d.type == CREATURE:
        v = d.att + d.dfn + 2 * d.dmg + d.hp + d.raider + d.shield * 2 + d.income * 3
        return v + (3 if d.elusive else 0) + (2 if d.swift else 0)
    if d.type == SCENARIO:
        return 6 + d.income * 3 + d.hp
    if d.type == ATTACHMENT:
        return 2 + sum(m.value for m in d.mods if not m.is_set) + d.raider + d.shield * 2
    return 2 + d.res


def kill_prob(striker: Unit, target: Unit, bonus: int = 0) -> float:
    """Chance one strike kills: it must hit (:func:`p_hit`, inlined) and deal the target's Hp."""
    dmg = striker.dmg + bonus - target.shield
    if dmg <= 0 or dmg < target.max_hp - target.damage:
        return 0.0
    att = striker.att
    if att <= 0:
        return 0.0
    n = 4 + target.dfn - att
    return (7 - (2 if n < 2 else 6 if n > 6 else n)) / 6  # = P_HIT[...], without a list read


def _exp_ends(g: Game, u: Unit) -> float:
    """100 when ``u`` leaving play (killed or destroyed) ends the game: its Exp takes its owner's
    last Capital (BG-EXP-1, rule option ``exp_loss``), else 0. Found by search (docs/bots.md, "What
    search exposes"): without it the heuristic valued such a kill as a card's worth and passed it."""
    if g.cfg.exp_loss and u.exp_total >= g.seats[u.owner].capital:
        return 100.0
    return 0.0


def _exp_kill_in_reach(g: Game, p: int) -> bool:
    """A card of ``p``'s opponent whose loss ends the game (:func:`_exp_ends`) is in play: then an
    effect that kills it is looked for before any deploy."""
    if not g.cfg.exp_loss:
        return False
    opp = g.seats[1 - p]
    for cards in (opp.units, opp.scenarios):
        for u in cards:
            if _exp_ends(g, u):
                return True
    return False


class _Seen:
    """A snapshot of the few numbers a search's answer depends on (turn, decision, pool, hand size,
    cards in play, attackers), compared field by field: no tuple is built on the hot path."""

    def __init__(self) -> None:
        self.turn = -1
        self.decision = -1
        self.pool = -1
        self.hand = -1
        self.units = -1
        self.attackers = -1

    def same(self, g: Game, me: Seat) -> bool:
        return (self.turn == g.turn and self.decision == g.decision and self.pool == me.pool
                and self.hand == len(me.hand) and self.units == len(g.units) and self.attackers == len(g.attackers))

    def mark(self, g: Game, me: Seat) -> None:
        self.turn, self.decision, self.pool = g.turn, g.decision, me.pool
        self.hand, self.units, self.attackers = len(me.hand), len(g.units), len(g.attackers)


class HeuristicBot:
    """Greedy expected-value play. ``aggression`` shifts how readily it attacks (-1 cautious … +1 bold)."""

    name = "heuristic"

    def __init__(self, seed: int = 0, aggression: float = 0.0, event_threshold: float = 0.5,
                 scenario_first: bool = True) -> None:
        self.seed = seed   # the heuristic is deterministic: it needs no generator of its own
        self.aggression = aggression
        self.event_threshold = event_threshold   # how much an event must be worth before it is played
        self.scenario_first = scenario_first     # deploy a Scenario before creatures (economy first)
        # this turn's attack and block plans (game turn they were made for, and what is left of them)
        self._plan_game: Game | None = None   # the game the plans below were made in
        self._attack_turn = -1
        self._attack_plan: list[int] = []
        self._block_turn = -1
        self._block_plan: list[tuple[int, int]] = []
        # the state (turn, decision, pool, hand, cards in play, attackers) at which the last search
        # for an event / an effect found nothing: unchanged, the answer is the same
        self._no_event = _Seen()
        self._no_event_threshold = -1.0
        self._no_effect = _Seen()

    # -------------------------------------------------------------- entry point
    def choose(self, g: Game) -> Action:
        if self._plan_game is not g:  # a bot may be handed a new game: nothing remembered carries over
            self._plan_game, self._attack_turn, self._block_turn = g, -1, -1
            self._no_event, self._no_effect = _Seen(), _Seen()
        d = g.decision
        if d == DEPLOY:
            return self._deploy(g)
        if d == ATTACK:
            return self._attack(g)
        if d == BLOCK:
            return self._block(g)
        if d == ASSIGN:
            return self._assign(g)
        if d == TRICKS:
            return self._tricks(g)
        if d == ANSWER:
            return self._answer(g)
        if d == DISCARD:
            return self._discard(g)
        if d in (RESOURCE, RESOLUTION):
            return self._tricks(g)
        if d == DEFEND:
            return self._defend(g)
        return PASS

    # -------------------------------------------------------------- helpers
    def _cap_weight(self, g: Game, p: int) -> float:
        """How much one point of p's Capital is worth now (more as it runs low)."""
        cap = g.seats[p].capital
        return 1.0 + 6.0 / max(cap, 1)

    def _event_score(self, g: Game, p: int, iid: int) -> tuple[float, int]:
        """Worth of playing event ``iid`` now and its best target (score <= 0: don't)."""
        d = g.defs[iid]
        effs = d.event_effects
        ch = d.choose
        if ch is None:
            s = 0.0
            for e in effs:
                s += self._effect_worth(g, p, e, None)
            return (s if s > 0.0 else 0.0) - 1.5 * d.res, -1
        me, opp = g.seats[p], g.seats[1 - p]
        if ch == "enemy_creature":
            cands = opp.units
        elif ch == "own_creature":
            cands = me.units
        elif ch == "any_creature":
            cands = opp.units + me.units
        elif ch == "enemy_scenario":
            cands = opp.scenarios
        else:
            cands = me.scenarios
        best_t, best = -1, 0.0
        for tu in cands:
            s = 0.0
            for e in effs:
                s += self._effect_worth(g, p, e, tu)
            if s > best:
                best, best_t = s, tu.iid
        return best - 1.5 * d.res, best_t

    def _effect_worth(self, g: Game, p: int, e: Eff, tu: Unit | None, mass_ok: bool = True) -> float:
        """What effect ``e`` played by ``p`` is worth, on target ``tu`` (mass effects: on all they hit,
        unless ``mass_ok`` is false: then only on ``tu``)."""
        op, n = e.op, e.n
        if op == OP_DRAIN:
            return n * (self._cap_weight(g, 1 - p) + 0.5) + (100.0 if g.seats[1 - p].capital <= n else 0.0)
        if op == OP_GAIN_CAPITAL:
            return n * self._cap_weight(g, p) * 0.8
        if op == OP_DRAW:
            return n * (3.0 if len(g.seats[p].hand) <= 4 else 0.8)
        if op == OP_DISCARD:
            return min(n, len(g.seats[1 - p].hand)) * 1.5
        if op == OP_GAIN_RES:
            return 0.0
        mass = e.mass
        if mass != MASS_NONE and mass_ok:
            tot = 0.0
            if mass != MASS_OWN:
                for u in g.seats[1 - p].units:
                    tot += self._unit_worth(g, p, op, n, u)
            if mass != MASS_ENEMY:
                for u in g.seats[p].units:
                    tot += self._unit_worth(g, p, op, n, u)
            return tot
        if tu is None:
            return 0.0
        return self._unit_worth(g, p, op, n, tu)

    def _unit_worth(self, g: Game, p: int, op: int, n: int, tu: Unit) -> float:
        sign = 1.0 if tu.owner != p else -1.0
        if op == OP_DAMAGE:
            if n >= tu.hp:
                return sign * (unit_value(tu) * 1.3 + _exp_ends(g, tu))
            return sign * n * 0.6
        if op == OP_DESTROY:
            return sign * (unit_value(tu) * 1.3 + _exp_ends(g, tu))
        if op == OP_LOCK:
            return sign * (unit_value(tu) * 0.4 if not tu.locked and g.active == p else 0.0)
        if op == OP_HEAL:
            return -sign * min(n, tu.damage) * 1.2 if tu.damage else 0.0
        if op == OP_BUFF:
            # buffs pay in a fight: only score them when a combat is under way
            if not g.attackers:
                return 0.0
            return -sign * abs(n) * 1.5 if (n > 0) == (tu.owner == p) else 0.0
        if op == OP_UNLOCK:
            return 2.0 if tu.owner == p and tu.locked else 0.0
        if op == OP_SACRIFICE:  # our own card, gone for good (the rest of the event must pay for it)
            return -unit_value(tu) * 1.3 if tu.owner == p else 0.0
        return 0.0  # return, counter, and the player-level actions handled above

    def _best_event(self, g: Game, p: int, threshold: float = 0.5) -> Action | None:
        me = g.seats[p]
        defs = g.defs
        limit = me.pool + me.discount[EVENT]
        for i in me.hand:
            d = defs[i]
            if d.type == EVENT and d.res <= limit:
                break
        else:
            return None
        if self._no_event.same(g, me) and self._no_event_threshold == threshold:
            return None  # nothing changed since the last look found no event worth playing
        best: tuple[float, Action] | None = None
        for iid in me.hand:
            d = g.defs[iid]
            if d.type != EVENT or g.cost(p, d) > me.pool:
                continue
            if d.is_counter or d.has_return:
                continue  # kept for answers
            if event_playable(g, p, iid) is not None:
                continue
            score, t = self._event_score(g, p, iid)
            if score > threshold and (best is None or score > best[0]):
                if d.choose is None or t >= 0:
                    best = (score, Action("event", iid, t))
        if best is None:
            self._no_event.mark(g, me)
            self._no_event_threshold = threshold
            return None
        return best[1]

    def _best_effect(self, g: Game, p: int, min_score: float = EFFECT_BAR) -> Action | None:
        """The effect worth most (more than ``min_score``) of those ``p`` may use now, or None."""
        me = g.seats[p]
        sources = controlled_effects(g, p)  # our cards' effects, and those of Curses we attached
        if not sources:
            return None
        cached = min_score == EFFECT_BAR   # only the usual bar's answer is remembered
        if cached and self._no_effect.same(g, me):
            return None
        best_s, best_src, best_t, best_i = min_score, -1, -1, -1
        opp = g.seats[1 - p]
        for u, src, effs in sources:
            for i in range(len(effs)):
                e = effs[i]
                if e.op == OP_COUNTER or e.sacrifice or effect_reason(g, p, u, src, e, i) is not None:
                    continue  # counters are kept for answers; sacrifices are not worth a card here
                cost = 1.2 * e.cost + (unit_value(u) * 0.3 if e.lock else 0.0)
                tk = e.target
                if tk == "self":
                    cands = [u]
                elif tk == "enemy_creature" or tk == "any_creature":
                    cands = opp.units
                elif tk == "own_creature":
                    cands = me.units
                elif tk == "enemy_scenario":
                    cands = opp.scenarios
                elif tk == "own_scenario":
                    cands = me.scenarios
                else:  # no card to pick: the effect hits the player, or every creature it names
                    s = self._effect_worth(g, p, e, None) - cost
                    if s > best_s and target_ok(g, p, None, -1):
                        best_s, best_src, best_t, best_i = s, src, -1, i
                    continue
                kind = tk if e.chosen else None
                for tu in cands:
                    s = self._effect_worth(g, p, e, tu, False) - cost
                    t = tu.iid if kind is not None else -1
                    if s > best_s and target_ok(g, p, kind, t):
                        best_s, best_src, best_t, best_i = s, src, t, i
        if best_src < 0:
            if cached:
                self._no_effect.mark(g, me)
            return None
        return Action("effect", best_src, best_t, best_i)

    # -------------------------------------------------------------- deploy
    def _deploy(self, g: Game) -> Action:
        p = g.decider
        me = g.seats[p]
        act = self._best_event(g, p, self.event_threshold)
        if act is not None:
            return act
        if _exp_kill_in_reach(g, p):  # an effect that ends the game comes before any deploy
            act = self._best_effect(g, p, min_score=50.0)
            if act is not None:
                return act
        defs = g.defs
        pool = me.pool
        refused: list[int] = []  # cards the engine refused to deploy now (a rule option changed it)
        while True:
            best_score, best_card, best_target = 0.0, -1, -1
            for iid in me.hand:
                d = defs[iid]
                if d.type == EVENT:
                    continue
                c = g.cost(p, d)
                if c > pool or (refused and iid in refused):
                    continue
                t = -1
                if d.type == SCENARIO:
                    score = 100.0 + d.income if self.scenario_first else 10.0 * c + 3  # economy pays every turn
                elif d.type == CREATURE:
                    score = 10.0 * c + card_value(d) * 0.5
                else:
                    at = self._attach_target(g, p, d)
                    if at is None:
                        continue
                    t = at
                    score = 10.0 * c + card_value(d) * 0.3 - 5
                if best_card < 0 or score > best_score:
                    best_score, best_card, best_target = score, iid, t
            if best_card < 0:
                break
            # the engine has the last word (one Scenario a turn unless one_scenario is off, no Curses
            # with curses off, ...): a card it refuses is left out and the next best is looked for
            act = Action("deploy", best_card, best_target)
            if g.why_illegal(act) is None:
                return act
            refused.append(best_card)
        act = self._best_effect(g, p)
        return act if act is not None else PASS

    def _attach_target(self, g: Game, p: int, d: CardDef) -> int | None:
        """The most valuable creature attachment ``d`` fits on (the engine's slot rules), on the side
        it goes to; whether it may be deployed at all is the engine's to say (:meth:`_deploy`)."""
        curse = d.subtype == "curse"
        units = g.seats[1 - p].units if curse else g.seats[p].units
        best, best_t = -1e9, None
        for u in units:
            if slot_clash(g.cfg, u, d):
                continue
            v = unit_value(u)
            if v > best:
                best, best_t = v, u.iid
        return best_t

    # -------------------------------------------------------------- combat
    def _attack(self, g: Game) -> Action:
        p = g.decider
        if self._attack_turn != g.turn:
            act = self._best_event(g, p, threshold=1.0)
            if act is not None:
                return act
            self._attack_plan = self._plan_attacks(g, p)
            self._attack_turn = g.turn
        plan = self._attack_plan
        while plan:
            iid = plan.pop(0)
            # the plan's attackers passed every rule when it was made; only a card played since (an
            # event and its answer) could have removed or locked one
            u = g.unit_at[iid]
            if (u is not None and u.owner == p and not u.locked and u.att > 0
                    and (u.deployed_turn < g.turn or u.swift) and iid not in g.attackers):
                return Action("attack", iid)
        return PASS

    def _plan_attacks(self, g: Game, p: int) -> list[int]:
        """Attackers worth sending, best first.

        Each is scored as a mix of its raid (if the defence runs out of blockers) and its worst
        block (the blocker that trades best against it), weighted by how many blockers the
        opponent has for the attackers available; long games make the bot bolder.
        """
        me, opp = g.seats[p], g.seats[1 - p]
        blockers = [b for b in opp.units if not b.locked]
        threat = 0
        for u in opp.units:
            threat += u.dmg + u.raider
        keep_home = threat >= me.capital and len(me.units) <= len(opp.units) and self.aggression < 0.5
        cands = [u for u in me.units
                 if not u.locked and u.att > 0 and (u.deployed_turn < g.turn or u.swift)
                 and not (keep_home and not u.vigilant and u.dmg > 0)]
        if not cands:
            return []
        q = len(blockers) / len(cands)
        if q > 1.0:
            q = 1.0
        late = (g.turn - 30) / 15
        bold = self.aggression + (late if late > 0.0 else 0.0)
        scored: list[tuple[float, int]] = []
        vbs = [unit_value(b) for b in blockers]
        cw = self._cap_weight(g, 1 - p)
        for u in cands:
            score = self._attack_score(u, blockers, vbs, cw, q)
            if score > -bold * 3:
                scored.append((-score, u.iid))
        if len(scored) > 1:
            scored.sort()
        return [iid for _, iid in scored]

    def _attack_score(self, a: Unit, blockers: list[Unit], vbs: list[float], cw: float, q: float = 1.0) -> float:
        """Attacker ``a``'s worth: its raid (``cw``: the defender's Capital weight) against the best
        trade a blocker offers, mixed by ``q``, the share of attackers the defence can block."""
        raid = (a.dmg + a.raider) * cw
        if a.elusive or not blockers:
            return raid + 1.0
        worst = raid
        va = unit_value(a)
        for j in range(len(blockers)):
            b = blockers[j]
            gain = kill_prob(a, b) * vbs[j] - kill_prob(b, a) * va
            if gain < worst:
                worst = gain
        return (1.0 - q) * raid + q * worst + (2.0 if a.vigilant else 0.0)

    def _block(self, g: Game) -> Action:
        if self._block_turn != g.turn:
            self._block_plan = self._plan_blocks(g, g.decider)
            self._block_turn = g.turn
        plan = self._block_plan
        while plan:
            b, a = plan.pop(0)
            # as with attacks: a planned block is legal unless a card played since changed the board
            # (or, in a search, the plan was made for a game whose blocks had already begun)
            bu = g.unit_at[b]
            if (bu is not None and bu.owner == g.decider and not bu.locked and g.unit_at[a] is not None
                    and a in g.attackers):
                taken = g.blocking.get(b)
                if taken is None or (a not in taken and len(taken) < bu.guardian):
                    return Action("block", b, a)
        return PASS

    def _plan_blocks(self, g: Game, p: int) -> list[tuple[int, int]]:
        """Greedy: the best (blocker, attacker) pair by expected value, again and again.

        The pair values are computed once: a first blocker is worth the raid it prevents plus the
        trade; a further blocker on the same attacker only its share of the kill.
        """
        me = g.seats[p]
        cw = self._cap_weight(g, p)
        blockers = [b for b in me.units if not b.locked]
        if not blockers:
            return []
        attackers: list[Unit] = []
        for a in g.attackers:
            au = g.unit_at[a]
            if au is not None and not au.elusive:
                attackers.append(au)
        nb = len(blockers)
        vbs = [unit_value(b) for b in blockers]
        # pair k = attacker index * nb + blocker index (the order ties are broken in)
        first: list[float] = []
        extra: list[float] = []
        top_first: list[float] = []   # per attacker: the best its row offers (rows that cannot win are skipped)
        top_extra: list[float] = []
        for au in attackers:
            va = unit_value(au)
            prevented = (au.dmg + au.raider) * cw
            tf, te = -1e18, -1e18
            for j in range(nb):
                b = blockers[j]
                kb, ka = kill_prob(b, au), kill_prob(au, b)
                vb = vbs[j]
                f = prevented + kb * va - ka * vb
                x = kb * va * 0.6 - ka * vb * 0.3
                first.append(f)
                extra.append(x)
                if f > tf:
                    tf = f
                if x > te:
                    te = x
            top_first.append(tf)
            top_extra.append(te)
        free = [b.guardian for b in blockers]
        blocked = [False] * len(attackers)
        taken = [False] * len(first)
        plan: list[tuple[int, int]] = []
        threshold = 0.5 + 2.0 * self.aggression  # bold bots keep creatures for attacking
        na = len(attackers)
        while True:
            best_gain, best = threshold, -1
            for ai in range(na):
                if blocked[ai]:
                    if top_extra[ai] <= best_gain:
                        continue
                    gains = extra
                else:
                    if top_first[ai] <= best_gain:
                        continue
                    gains = first
                row = ai * nb
                for j in range(nb):
                    if free[j] <= 0:
                        continue
                    k = row + j
                    gain = gains[k]
                    if gain > best_gain and not taken[k]:
                        best_gain, best = gain, k
            if best < 0:
                break
            taken[best] = True
            free[best % nb] -= 1
            blocked[best // nb] = True
            plan.append((blockers[best % nb].iid, attackers[best // nb].iid))
        return plan

    def _assign(self, g: Game) -> Action:
        p = g.decider
        a = next_unassigned(g)
        assert a is not None
        au = g.units[a]
        bl = g.blocks.get(a)
        if bl:
            best = max(bl, key=lambda b: (kill_prob(au, g.units[b]) * unit_value(g.units[b]), -b))
            return Action("strike", a, best)
        raid = (au.dmg + au.raider) * self._cap_weight(g, 1 - p)
        best_act, best_v = Action("raid", a), raid
        for sc in g.seats[1 - p].scenarios:
            v = kill_prob(au, sc, au.siege) * (unit_value(sc) + 3) + p_hit(au.att, sc.dfn) * 0.5
            v -= kill_prob(sc, au) * unit_value(au)
            if v > best_v:
                best_act, best_v = Action("scenario", a, sc.iid), v
        for other in g.attackers:
            if other == a:
                continue
            for b in g.blocks.get(other) or []:
                bu = g.unit_at[b]
                if bu is None:
                    continue
                v = kill_prob(au, bu) * unit_value(bu) * 0.7
                if v > best_v:
                    best_act, best_v = Action("aid", a, b), v
        return best_act

    def _defend(self, g: Game) -> Action:
        """FW-SCEN-2: the attacked Scenario strikes back at the attacker it most likely kills, by value."""
        sc = next_scenario_to_defend(g)
        assert sc is not None
        su = g.units[sc]
        best = max(attackers_of(g, sc), key=lambda a: (kill_prob(su, g.units[a]) * unit_value(g.units[a]), -a))
        return Action("strikeback", sc, best)

    def _tricks(self, g: Game) -> Action:
        p = g.decider
        act = self._best_event(g, p, threshold=1.0)
        if act is not None:
            return act
        act = self._best_effect(g, p)
        return act if act is not None else PASS

    def _answer(self, g: Game) -> Action:
        p = g.decider
        me = g.seats[p]
        if not g.chain:
            return PASS
        opp_p, ev, target = g.chain[0]
        d = g.defs[ev]
        harm = 0.0
        tu = g.units.get(target) if target >= 0 else None
        for e in d.event_effects:
            harm += self._effect_worth(g, opp_p, e, tu)
        if harm < 3:
            return PASS
        for iid in me.hand:
            dd = g.defs[iid]
            if dd.type != EVENT or g.cost(p, dd) > me.pool or event_playable(g, p, iid) is not None:
                continue
            act = None
            if any(e.do == "counter" for e in dd.event_effects):
                act = Action("event", iid, -1)
            elif any(e.do == "return" for e in dd.event_effects) and tu is not None and tu.owner == p and tu.is_creature:
                act = Action("event", iid, tu.iid)
            if act is not None and g.why_illegal(act) is None:
                return act
        return PASS

    def _discard(self, g: Game) -> Action:
        p = g.decider
        me = g.seats[p]
        if g.cfg.bg_hand and len(me.hand) < 8 and g.why_illegal(PASS) is None:
            return PASS  # bg: below 8 nothing need go (unless the hand limit is set lower)
        worst = min(me.hand, key=lambda i: (card_value(g.defs[i]) - abs(g.defs[i].res - 2), i))
        return Action("discard", worst)
