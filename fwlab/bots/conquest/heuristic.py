"""The default Conquest bot: which fields to take and when, hiring when a follower opens a
conquest, magic where it pays, fortifying toward open fields, and exchanging dead cards.

Each decision is one greedy step over the game state (the game checks every action):

* **Free followers** (before the first turn): the pair whose best first turn is richest: the
  greedy conquests of the hand over the empty board, with the best hire on top counting half, and a
  little for each mage (a mage left unexpended draws a card).
* **Hire**: the kind that most increases this turn's greedy conquests (or the conquest it
  reaches with help), when that gain pays for the
  hire (``hire_gain``, 5 coins: hiring for smaller gains measurably loses); without one, a kind the
  hand asks for while the bot has fewer than ``follower_target`` followers, ``invest_coins`` coins
  and fewer than ``invest_share`` of the fields are taken.
* **Mulligan**: when offered (no troop can conquer), unless a troop would conquer with one more
  follower.
* **Complete Tasks**, in this order: the best conquest (a field's value is its reward, plus a bonus
  for a field an opponent's support makes easy for them -- taking it blocks them -- and for the
  support the troop will give to open neighbours), chosen as the first step of the best two-conquest
  plan of the turn (a troop whose support lets the next one take a richer field goes first), first
  playing a boost or Turncoats card when that reaches a richer field; failing that, a conquest
  reached only with help (:func:`reach`: fortifications onto its own fields next to the target
  and boost / steal-support magic, together if need be), its helpers first; then a refresh card that
  opens a conquest; coin magic; a Claim on a field an opponent is poised to take; a fortification
  on the own field with the most open neighbours; draw magic that nets cards (or sees more while
  warriors and craftsmen are still free); else ``end``, keeping the mages for the Draw step.
  The parameters' defaults were tuned by playing a variant alone against three copies of the
  defaults, every seat equally often; ``bench/conquest_bots.py`` measures the ladder.
* **Exchange** (one a turn, CQ-DRAW-2): its dead cards (a Claim with nothing left to claim, a troop
  too weak for every open field or needing three or more followers the bot lacks), chosen at once
  before anything is drawn: all of them, or all but the last when they are odd, named two by two
  (``exchange C1 C2``), then ``done`` makes the exchange.
"""

from __future__ import annotations

from typing import Final

from ...rules.conquest.cards import FORTIFICATION, MAGIC, TROOP, CardDef
from ...rules.conquest.game import (
    DONE,
    END,
    EXCHANGE,
    FOLLOWERS,
    HIRE,
    HIRES,
    KEEP,
    MULL,
    MULLIGAN,
    NOHIRE,
    PICKS,
    TASKS,
    Game,
)
from ...rules.core import Action

NONE: Final = -1


class Plan:
    """The best single conquest found: troop card, field and its value (``iid`` -1: none)."""

    __slots__ = ("iid", "field", "value")

    def __init__(self) -> None:
        self.iid = NONE
        self.field = NONE
        self.value = 0.0


def threat(g: Game, p: int, f: int) -> int:
    """The largest support any opponent of ``p`` has next to field ``f``."""
    best = 0
    for o in range(g.num_seats):
        if o != p:
            v = g.sup[o][f]
            if v > best:
                best = v
    return best


def open_neighbours(g: Game, f: int) -> int:
    """Untaken fields next to ``f``."""
    n = 0
    for h in g.adj[f]:
        if g.owner[h] < 0:
            n += 1
    return n


def best_conquest(g: Game, p: int, fw: int, fc: int, fm: int, boost: int, steal: bool, block: float,
                  growth: float, skip: int = NONE, skip_iid: int = NONE, near: int = NONE, near_sup: int = 0,
                  out: list[Plan] | None = None) -> Plan:
    """The most valuable (troop, field) seat ``p`` can conquer with ``fw``/``fc``/``fm`` free
    followers, a pending ``boost`` and ``steal`` (opponents' support counts). For a plan's second
    step: ``skip`` a field and ``skip_iid`` a troop already used, and ``near_sup`` more support next
    to field ``near``. ``out`` collects every feasible conquest."""
    best = Plan()
    adj_near: list[int] = g.adj[near] if near >= 0 else []
    defs = g.defs
    diff = g.diff
    owner = g.owner
    mine = g.sup[p]
    allsup = g.supall
    nf = g.nf
    for iid in g.seats[p].hand:
        d = defs[iid]
        if d.type != TROOP or d.need_w > fw or d.need_c > fc or d.need_m > fm:
            continue
        att = d.attack + boost
        if iid == skip_iid:
            continue
        for f in range(nf):
            if owner[f] >= 0 or f == skip:
                continue
            df = diff[f]
            sup = allsup[f] if steal else mine[f]
            if near_sup and _has(adj_near, f):
                sup += near_sup
            if att + sup < df:
                continue
            v = float(df)
            if block > 0.0:
                t = threat(g, p, f)
                if t > 0:
                    v += block * min(t, df)
            if growth > 0.0 and d.support > 0:
                v += growth * d.support * open_neighbours(g, f)
            v -= 0.01 * d.cost + 0.001 * (att + sup - df)
            if out is not None:
                pl = Plan()
                pl.iid, pl.field, pl.value = iid, f, v
                out.append(pl)
            if v > best.value:
                best.iid = iid
                best.field = f
                best.value = v
    return best


def _plan_value(pl: Plan) -> float:
    return pl.value


class Reach:
    """The best conquest a turn reaches only with help (``iid`` -1: none): troop ``iid`` onto
    ``field``, first playing the fortifications ``forts`` (each onto its field of ``fort_fields``,
    own fields next to ``field``) and the boost / steal-support magic ``magic``; ``value`` the
    conquest's value less what the helping cards cost."""

    __slots__ = ("iid", "field", "value", "forts", "fort_fields", "magic")

    def __init__(self) -> None:
        self.iid = NONE
        self.field = NONE
        self.value = 0.0
        self.forts: list[int] = []
        self.fort_fields: list[int] = []
        self.magic: list[int] = []


def _helper_value(d: CardDef) -> int:
    return d.support if d.type == FORTIFICATION else d.boost + (3 if d.steal else 0)


def reach(g: Game, p: int, fw: int, fc: int, fm: int, block: float, growth: float, card_cost: float,
          max_helpers: int = 6) -> Reach:
    """The most valuable conquest seat ``p`` makes this turn with ``fw``/``fc``/``fm`` free followers
    when boost and steal-support magic and fortifications (onto its own troop fields next to the
    target, CQ-FORTIFY-1) are played first, all of them together if need be (CQ-MAGIC-1: boosts add
    up). Each helping card used costs ``card_cost`` (a fortification half of it: it stays and
    supports later conquests). Only the ``max_helpers`` strongest helpers of the hand are tried,
    every subset of them."""
    best = Reach()
    s = g.seats[p]
    defs = g.defs
    helpers: list[int] = []
    troops: list[int] = []
    for iid in s.hand:
        d = defs[iid]
        if d.type == TROOP:
            if d.need_w <= fw and d.need_c <= fc and d.need_m <= fm:
                troops.append(iid)
        elif d.need_w <= fw and d.need_c <= fc and d.need_m <= fm:
            if d.type == FORTIFICATION or (d.type == MAGIC and (d.boost > 0 or d.steal) and d.claims == 0
                                           and d.refresh == 0):
                helpers.append(iid)
    if not troops or not helpers:
        return best
    helpers.sort(key=lambda i: -_helper_value(defs[i]))
    if len(helpers) > max_helpers:
        helpers = helpers[:max_helpers]
    nh = len(helpers)
    # every subset of the helpers: followers, boost, steal, fortifications and their support, cost
    masks: list[int] = []
    m_w: list[int] = []
    m_c: list[int] = []
    m_m: list[int] = []
    m_boost: list[int] = []
    m_steal: list[bool] = []
    m_nfort: list[int] = []
    m_fsup: list[int] = []
    m_cost: list[float] = []
    for mask in range(1, 1 << nh):
        w = c = m = boost = nfort = fsup = 0
        steal = False
        cost = 0.0
        for j in range(nh):
            if mask >> j & 1:
                d = defs[helpers[j]]
                w += d.need_w
                c += d.need_c
                m += d.need_m
                if d.type == FORTIFICATION:
                    nfort += 1
                    fsup += d.support
                    cost += 0.5 * card_cost
                else:
                    boost += d.boost
                    steal = steal or d.steal
                    cost += card_cost
        if w > fw or c > fc or m > fm:
            continue
        masks.append(mask)
        m_w.append(w)
        m_c.append(c)
        m_m.append(m)
        m_boost.append(boost)
        m_steal.append(steal)
        m_nfort.append(nfort)
        m_fsup.append(fsup)
        m_cost.append(cost)
    if not masks:
        return best
    # cheapest first: the first subset that reaches a field is the best for it
    order = sorted(range(len(masks)), key=lambda j: m_cost[j])
    most = 0                        # the most attack and support any subset adds
    any_steal = g.steal
    for j in range(len(masks)):
        if m_boost[j] + m_fsup[j] > most:
            most = m_boost[j] + m_fsup[j]
        if m_steal[j]:
            any_steal = True
    nf = g.nf
    owner = g.owner
    diff = g.diff
    mine = g.sup[p]
    allsup = g.supall
    # own troop fields without a fortification next to each field (where its helpers may go)
    slots: list[int] = [0] * nf
    for f in range(nf):
        if owner[f] == p and g.troop[f] >= 0 and g.fort[f] < 0:
            for h in g.adj[f]:
                slots[h] += 1
    best_j = NONE
    for iid in troops:
        d = defs[iid]
        rw = fw - d.need_w
        rc = fc - d.need_c
        rm = fm - d.need_m
        att = d.attack + g.boost
        for f in range(nf):
            if owner[f] >= 0:
                continue
            df = diff[f]
            own = allsup[f] if g.steal else mine[f]
            if att + own >= df:
                continue            # no help needed: best_conquest's
            if att + most + (allsup[f] if any_steal else mine[f]) < df:
                continue            # out of reach whatever is played
            v0 = float(df)
            if block > 0.0:
                t = threat(g, p, f)
                if t > 0:
                    v0 += block * min(t, df)
            if growth > 0.0 and d.support > 0:
                v0 += growth * d.support * open_neighbours(g, f)
            v0 -= 0.01 * d.cost
            if v0 <= best.value:
                continue
            for j in order:
                if m_w[j] > rw or m_c[j] > rc or m_m[j] > rm or m_nfort[j] > slots[f]:
                    continue
                sup = allsup[f] if (g.steal or m_steal[j]) else mine[f]
                if att + m_boost[j] + sup + m_fsup[j] < df:
                    continue
                v = v0 - m_cost[j]
                if v > best.value:
                    best.value = v
                    best.iid = iid
                    best.field = f
                    best_j = j
                break
    if best_j < 0:
        return best
    mask = masks[best_j]
    used: list[int] = []
    for j in range(nh):
        if mask >> j & 1:
            iid = helpers[j]
            if defs[iid].type == FORTIFICATION:
                best.forts.append(iid)
            else:
                best.magic.append(iid)
    # each fortification onto an own troop field next to the target (most open neighbours first)
    for _ in best.forts:
        bf = NONE
        bn = -1
        for h in g.adj[best.field]:
            if owner[h] == p and g.troop[h] >= 0 and g.fort[h] < 0 and not _has(used, h):
                n = open_neighbours(g, h)
                if n > bn:
                    bn = n
                    bf = h
        used.append(bf)
        best.fort_fields.append(bf)
    return best


def fields_by_difficulty(g: Game) -> list[int]:
    """The fields, hardest first (the board's difficulties never change)."""
    order = list(range(g.nf))
    order.sort(key=g.diff.__getitem__, reverse=True)
    return order


def greedy_total(g: Game, p: int, fw: int, fc: int, fm: int, order: list[int], limit: int = 3) -> int:
    """Coins of the greedy conquests (richest first, no magic) seat ``p``'s hand makes with these
    free followers this turn, up to ``limit`` conquests (fields taken along the way are not reused);
    ``order``: :func:`fields_by_difficulty`."""
    total = 0
    used: list[int] = []
    taken: list[int] = []
    defs = g.defs
    diff = g.diff
    owner = g.owner
    mine = g.sup[p]
    hand = g.seats[p].hand
    for _ in range(limit):
        bi = NONE
        bf = NONE
        bd = 0
        for iid in hand:
            d = defs[iid]
            if d.type != TROOP or d.need_w > fw or d.need_c > fc or d.need_m > fm or _has(used, iid):
                continue
            att = d.attack
            for f in order:
                df = diff[f]
                if df <= bd:
                    break
                if owner[f] >= 0 or att + mine[f] < df or _has(taken, f):
                    continue
                bi, bf, bd = iid, f, df
                break
        if bi < 0:
            break
        d = defs[bi]
        fw -= d.need_w
        fc -= d.need_c
        fm -= d.need_m
        used.append(bi)
        taken.append(bf)
        total += bd
    return total


def _has(xs: list[int], x: int) -> bool:
    for y in xs:
        if y == x:
            return True
    return False


def _memo_total(g: Game, p: int, w: int, c: int, m: int, order: list[int], memo: dict[int, int]) -> int:
    key = w * 64 + c * 8 + m
    v = memo.get(key)
    if v is None:
        v = greedy_total(g, p, w, c, m, order)
        memo[key] = v
    return v


class HeuristicBot:
    name = "heuristic"

    def __init__(self, seed: int = 0, block: float = 0.3, growth: float = 0.4, follower_target: int = 5,
                 claim_min: int = 4, boost_gain: float = 1.5, mage_value: float = 0.6, hire_gain: float = 5.0,
                 invest_coins: int = 15, invest_share: float = 0.5, plan2: bool = True, plan_width: int = 8,
                 reach: bool = True, card_cost: float = 1.0, reach_gain: float = 0.5) -> None:
        self.seed = seed
        self.block = block                       # value of a field an opponent is poised to take, per support
        self.growth = growth                     # value of a troop's support per open neighbour
        self.follower_target = follower_target   # hire toward this many followers without an immediate gain
        self.claim_min = claim_min               # claim only fields at least this difficult
        self.boost_gain = boost_gain             # a boost card is played when it gains this much
        self.mage_value = mage_value             # worth of a mage in the opening picks (a card a turn)
        self.invest_coins = invest_coins         # coins needed to hire without an immediate gain
        self.invest_share = invest_share         # ... while fewer than this share of the fields is taken
        self.hire_gain = hire_gain               # hire for this turn's conquests when they gain this much
        self.plan2 = plan2                       # plan two conquests ahead within the turn
        self.plan_width = plan_width             # ... from this many first steps
        self.reach = reach                       # combine fortifications and boosts toward a field (:func:`reach`)
        self.card_cost = card_cost               # ... each helping card counting this much against it
        self.reach_gain = reach_gain             # ... when it gains this much over the plain conquest
        self._order_of: list[int] | None = None  # the board whose fields_by_difficulty is cached
        self._fields: list[int] = []
        self._memo_hand: list[int] | None = None     # the hand whose opening values are memoized
        self._memo: dict[int, int] = {}

    def choose(self, g: Game) -> Action:
        d = g.decision
        p = g.decider
        if d == TASKS:
            return self._task(g, p)
        if d == EXCHANGE:
            return self._exchange(g, p)
        if d == HIRE:
            return self._hire(g, p)
        if d == FOLLOWERS:
            return self._pick(g, p)
        if d == MULLIGAN:
            return self._mulligan(g, p)
        return g.legal_actions()[0]

    # ------------------------------------------------------------------ before and at the start of a turn
    def _pick(self, g: Game, p: int) -> Action:
        """The free follower whose best completion (and best hire on top) gives the richest opening."""
        s = g.seats[p]
        order = self._order(g)
        if self._memo_hand is not s.hand:   # the two picks of one seat share the hand and the board
            self._memo_hand = s.hand
            self._memo = {}
        memo = self._memo
        best_k = 0
        best_v = -1.0
        for k in range(3):
            s.fol[k] += 1
            v = 0.0
            if s.fol[0] + s.fol[1] + s.fol[2] >= 2:
                v = self._opening_value(g, p, s.fol[0], s.fol[1], s.fol[2], order, memo)
            else:
                for k2 in range(3):
                    s.fol[k2] += 1
                    v2 = self._opening_value(g, p, s.fol[0], s.fol[1], s.fol[2], order, memo)
                    s.fol[k2] -= 1
                    if v2 > v:
                        v = v2
            s.fol[k] -= 1
            if v > best_v:
                best_v = v
                best_k = k
        return PICKS[best_k]

    def _order(self, g: Game) -> list[int]:
        if self._order_of is not g.diff:
            self._order_of = g.diff
            self._fields = fields_by_difficulty(g)
        return self._fields

    def _opening_value(self, g: Game, p: int, w: int, c: int, m: int, order: list[int],
                       memo: dict[int, int]) -> float:
        base = _memo_total(g, p, w, c, m, order, memo)
        hire = 0
        for k in range(3):
            v = _memo_total(g, p, w + (k == 0), c + (k == 1), m + (k == 2), order, memo)
            if v > hire:
                hire = v
        return base + 0.5 * hire + self.mage_value * m

    def _hire(self, g: Game, p: int) -> Action:
        s = g.seats[p]
        fol, exp = s.fol, s.exp
        fw, fc, fm = fol[0] - exp[0], fol[1] - exp[1], fol[2] - exp[2]
        order = self._order(g)
        now = float(greedy_total(g, p, fw, fc, fm, order))
        if self.reach:
            now = max(now, reach(g, p, fw, fc, fm, 0.0, 0.0, self.card_cost).value)
        best_k = NONE
        best_gain = 0.0
        for k in range(3):
            w, c, m = fw + (k == 0), fc + (k == 1), fm + (k == 2)
            v = float(greedy_total(g, p, w, c, m, order))
            if self.reach:
                v = max(v, reach(g, p, w, c, m, 0.0, 0.0, self.card_cost).value)
            v -= now
            if v > best_gain:
                best_gain = v
                best_k = k
        if best_k >= 0 and best_gain >= self.hire_gain:
            return HIRES[best_k]
        total = fol[0] + fol[1] + fol[2]
        if total < self.follower_target and s.coins >= self.invest_coins and g.taken < self.invest_share * g.nf:
            return HIRES[self._wanted_kind(g, p)]
        return NOHIRE

    def _wanted_kind(self, g: Game, p: int) -> int:
        """The follower kind the hand's cards ask for most beyond those held."""
        s = g.seats[p]
        want = [0, 0, 0]
        for iid in s.hand:
            d = g.defs[iid]
            want[0] += max(0, d.need_w - s.fol[0])
            want[1] += max(0, d.need_c - s.fol[1])
            want[2] += max(0, d.need_m - s.fol[2])
        k = 0
        if want[1] > want[k]:
            k = 1
        if want[2] > want[k]:
            k = 2
        return k

    def _mulligan(self, g: Game, p: int) -> Action:
        s = g.seats[p]
        fol = s.fol
        for k in range(3):
            if greedy_total(g, p, fol[0] + (k == 0), fol[1] + (k == 1), fol[2] + (k == 2), self._order(g), 1) > 0:
                return KEEP
        return MULL

    # ------------------------------------------------------------------ Complete Tasks
    def _task(self, g: Game, p: int) -> Action:
        s = g.seats[p]
        fol, exp = s.fol, s.exp
        fw, fc, fm = fol[0] - exp[0], fol[1] - exp[1], fol[2] - exp[2]
        defs = g.defs
        plain = self._plan(g, p, fw, fc, fm)
        # a boost / Turncoats card first when it reaches a richer field
        best_magic = NONE
        best_mv = plain.value + self.boost_gain
        for iid in s.hand:
            d = defs[iid]
            if d.type != MAGIC or (d.boost == 0 and not d.steal) or d.claims or d.refresh:
                continue
            if d.need_w > fw or d.need_c > fc or d.need_m > fm:
                continue
            pl = best_conquest(g, p, fw - d.need_w, fc - d.need_c, fm - d.need_m, g.boost + d.boost,
                               g.steal or d.steal, self.block, self.growth)
            if pl.iid >= 0 and pl.value > best_mv:
                best_mv = pl.value
                best_magic = iid
        if best_magic >= 0:
            return Action("magic", best_magic)
        if self.reach:   # fortifications and boosts together, toward a field none of them reaches alone
            r = reach(g, p, fw, fc, fm, self.block, self.growth, self.card_cost)
            if r.iid >= 0 and r.value > plain.value + self.reach_gain:
                if r.forts:
                    return Action("fortify", r.forts[0], r.fort_fields[0])
                if r.magic:
                    return Action("magic", r.magic[0])
        if plain.iid >= 0:
            return Action("conquer", plain.iid, plain.field)
        # a refresh card that opens a conquest
        for iid in s.hand:
            d = defs[iid]
            if d.type != MAGIC or d.refresh == 0 or d.claims or d.need_w > fw or d.need_c > fc or d.need_m > fm:
                continue
            bx = NONE
            by = NONE
            bv = 2.0
            for t in g.magic_targets(p, d):
                w = fw - d.need_w + (t[0] == 0) + (t[1] == 0)
                c = fc - d.need_c + (t[0] == 1) + (t[1] == 1)
                m = fm - d.need_m + (t[0] == 2) + (t[1] == 2)
                if g.why_targets(p, d, t[0], t[1]) is not None:
                    continue
                pl = best_conquest(g, p, w, c, m, g.boost, g.steal, self.block, self.growth)
                if pl.iid >= 0 and pl.value > bv:
                    bv = pl.value
                    bx, by = t[0], t[1]
            if bx >= 0:
                return Action("magic", iid, bx, by)
        # coin magic, then claims, fortifications and draws
        claim_iid = NONE
        claim_f = NONE
        claim_v = 0.0
        fort_iid = NONE
        fort_f = NONE
        fort_v = 0.0
        for iid in s.hand:
            d = defs[iid]
            if d.need_w > fw or d.need_c > fc or d.need_m > fm:
                continue
            if d.type == MAGIC:
                if d.claims:
                    f, v = self._claim_target(g, p, d)
                    if f >= 0 and v > claim_v:
                        claim_iid, claim_f, claim_v = iid, f, v
                    continue
                if d.refresh or d.boost or d.steal:
                    continue
                if d.coins > 0:
                    return Action("magic", iid)
                if d.draw > d.need_m or (d.draw > 0 and (fw > 0 or fc > 0)):
                    return Action("magic", iid)
            elif d.type == FORTIFICATION:
                f, v = self._fort_target(g, p)
                if f >= 0 and v > fort_v:
                    fort_iid, fort_f, fort_v = iid, f, v + 0.1 * d.support
        if claim_iid >= 0:
            return Action("magic", claim_iid, claim_f)
        if fort_iid >= 0:
            return Action("fortify", fort_iid, fort_f)
        return END

    def _plan(self, g: Game, p: int, fw: int, fc: int, fm: int) -> Plan:
        """The conquest to make now: the best first step of a two-conquest plan (its value is the
        first step's), so that a first troop whose support lets a second one take a richer field,
        or that leaves the right followers, comes first."""
        if not self.plan2:
            return best_conquest(g, p, fw, fc, fm, g.boost, g.steal, self.block, self.growth)
        cands: list[Plan] = []
        first = best_conquest(g, p, fw, fc, fm, g.boost, g.steal, self.block, self.growth, out=cands)
        if len(cands) <= 1:
            return first
        cands.sort(key=_plan_value, reverse=True)
        best = first
        best_total = -1.0
        defs = g.defs
        for c in cands[:self.plan_width]:
            d = defs[c.iid]
            nxt = best_conquest(g, p, fw - d.need_w, fc - d.need_c, fm - d.need_m, 0, False, self.block,
                                self.growth, c.field, c.iid, c.field, d.support)
            total = c.value + (nxt.value if nxt.iid >= 0 else 0.0)
            if total > best_total + 1e-9:
                best_total = total
                best = c
        return best

    def _claim_target(self, g: Game, p: int, d: CardDef) -> tuple[int, float]:
        """The field a Claim card should take (-1: none worth it) and its value. Prospector's Luck
        (claim and coins) takes any field it can; a pure Claim only a field of ``claim_min`` or more
        (or its own maximum) that an opponent has support next to."""
        best = NONE
        bv = 0.0
        pure = d.coins == 0 and d.draw == 0
        for f in range(g.nf):
            if g.owner[f] >= 0:
                continue
            df = g.diff[f]
            if df > d.claim_max:
                continue
            t = threat(g, p, f)
            if pure and (t == 0 or df < min(self.claim_min, d.claim_max)):
                continue
            v = df + 0.5 * t + 0.1
            if v > bv:
                bv = v
                best = f
        return best, bv

    def _fort_target(self, g: Game, p: int) -> tuple[int, float]:
        """Own troop field without a fortification with the most open neighbours (their difficulty
        as a tie-break)."""
        best = NONE
        bv = 0.0
        for f in range(g.nf):
            if g.owner[f] != p or g.troop[f] < 0 or g.fort[f] >= 0:
                continue
            v = 0.0
            for h in g.adj[f]:
                if g.owner[h] < 0:
                    v += 1.0 + 0.05 * g.diff[h]
            if v > bv:
                bv = v
                best = f
        return best, bv

    # ------------------------------------------------------------------ Exchange
    def _exchange(self, g: Game, p: int) -> Action:
        """The next two of the dead cards not yet chosen (a card is dead or not whatever else is
        chosen, so the pairs named one after the other are the set chosen at once), else ``done``."""
        s = g.seats[p]
        chosen = g.exchanging
        first = NONE
        low = 99
        for f in range(g.nf):
            if g.owner[f] < 0 and g.diff[f] < low:
                low = g.diff[f]
        top_sup = 0
        mine = g.sup[p]
        for f in range(g.nf):
            if g.owner[f] < 0 and mine[f] > top_sup:
                top_sup = mine[f]
        for iid in s.hand:
            if _has(chosen, iid):
                continue
            d = g.defs[iid]
            dead = False
            if d.type == TROOP:
                short = max(0, d.need_w - s.fol[0]) + max(0, d.need_c - s.fol[1]) + max(0, d.need_m - s.fol[2])
                dead = d.attack + top_sup + 3 < low or short >= 3
            elif d.type == MAGIC and d.claims and d.coins == 0 and d.draw == 0:
                dead = True
                for f in range(g.nf):
                    if g.owner[f] < 0 and g.diff[f] <= d.claim_max:
                        dead = False
                        break
            if dead:
                if first < 0:
                    first = iid
                else:
                    return Action("exchange", first, iid)
        return DONE


__all__ = ["HeuristicBot", "Plan", "best_conquest", "fields_by_difficulty", "greedy_total", "threat"]
