"""The pairing choice of the Eredan heuristic (:mod:`.heuristic`): which own character fights which enemy.

CHOOSE: every legal pair, valued by its exchange with this turn's bonuses and Marauder bonuses
(:mod:`.fight`), plus the best card (or chain: the opener's gain and its best follow-up's, added)
the chooser holds (:mod:`.cardplay`), plus ``search_weight`` times a search of the next
``horizon`` pairings (each chooser takes its best pair from what stays untapped, strikes only),
minus ``opp_card`` times what the opponent's best card is expected to add (the best of a random
hand drawn from its unseen cards, card by card). That last term only lowers a value, so it is
worked out best pair first and not at all for pairs that can no longer win. A single legal pair
is taken at once.

The opponent's hand is never read: its unseen cards (hand and deck together) are only counted by
kind (:class:`fwlab.bots.eredan.layout.Kind`).
"""

from __future__ import annotations

from typing import Final

from mypy_extensions import i64

from ...rules.eredan.cards import ARMOUR, ATT, DEF, ITEM, SPIRIT, WEAPON, passes
from ...rules.eredan.game import FITS, NO_CHAIN, Game, slot_check
from ...rules.eredan.state import Character, Seat
from .cardplay import CardPlay
from .fight import Fight
from .layout import Kind


class PairValue:
    """A pair at a choice: ``v`` its value before the opponent's expected card."""

    def __init__(self, m: Character, f: Character) -> None:
        self.m = m
        self.f = f
        self.v = 0.0
        self.done = False


def _binomials(n: int) -> list[list[float]]:
    out: list[list[float]] = []
    for i in range(n):
        row = [0.0] * n
        row[0] = 1.0
        for j in range(1, i + 1):
            row[j] = out[i - 1][j - 1] + out[i - 1][j]
        out.append(row)
    return out


#: C(n, k) for n, k < 64
_COMB: Final = _binomials(64)


def _untap(tapped: i64, dead: i64) -> i64:
    """ER-TAP-1 on bit masks (bit seat * 3 + index): a side whose living are all tapped untaps."""
    living: i64 = 7 & ~dead
    if living and (tapped & living) == living:
        tapped &= ~7
    living = 56 & ~dead
    if living and (tapped & living) == living:
        tapped &= ~56
    return tapped


class Pairing(CardPlay):
    """Card play, and the pairing choice with its search and the opponent's expected card."""

    def __init__(self, kill_base: float, kill_rate: float, play_cost: float, heal_waste: float, lasting: float,
                 draw_value: float, safe_deck: int, horizon: int, kill_search: float, search_weight: float,
                 opp_card: float) -> None:
        super().__init__(kill_base, kill_rate, play_cost, heal_waste, lasting, draw_value, safe_deck)
        self.horizon = horizon if horizon < 3 else 3  # pairings searched after this one at a choice (0..3)
        self.kill_search = kill_search  # share of a kill's worth counted inside that search
        self.search_weight = search_weight  # weight of that search against this fight
        self.opp_card = opp_card        # weight of the card the opponent is expected to add to a pairing
        self._pool: list[Kind] = []     # at a choice: the opponent's unseen kinds of cards
        self._pool_total = 0
        self._pvals: list[PairValue] = []  # at a choice: each pair's value before the opponent's card

    def _stats(self, g: Game) -> None:
        """At a choice: every character's raw Att/Def/Spirit fighting on this turn and the next three."""
        turn = g.turn
        for inf in self._info:
            c = inf.ch
            cd = c.d
            a = cd.att + c.equip[ATT] + c.fmod[ATT]
            d = cd.defense + c.equip[DEF] + c.fmod[DEF]
            inf.a0 = inf.a1 = inf.a2 = inf.a3 = a
            inf.d0 = inf.d1 = inf.d2 = inf.d3 = d
            inf.s0 = cd.spirit + c.equip[SPIRIT] + c.fmod[SPIRIT]
            for bn in cd.bonuses:
                off = bn.turn - turn
                if off < 0 or off > 3:
                    continue
                st = bn.stat
                n = bn.n
                if st == SPIRIT:
                    if off == 0:
                        inf.s0 += n
                elif off == 0:
                    if st == ATT:
                        inf.a0 += n
                    else:
                        inf.d0 += n
                elif off == 1:
                    if st == ATT:
                        inf.a1 += n
                    else:
                        inf.d1 += n
                elif off == 2:
                    if st == ATT:
                        inf.a2 += n
                    else:
                        inf.d2 += n
                elif st == ATT:
                    inf.a3 += n
                else:
                    inf.d3 += n

    def _pair(self, x: Fight, p: int, m: Character, f: Character) -> None:
        """``x`` := seat ``p``'s ``m`` fighting ``f`` this turn, before any card (at a choice)."""
        im = self._info[p * 3 + m.idx]
        jf = self._info[(1 - p) * 3 + f.idx]
        x.p, x.m, x.f = p, m, f
        x.ma = im.a0
        if im.mar_n and (jf.cls & im.mar_vs):
            x.ma += im.mar_n
        x.md = im.d0
        x.ms = im.s0
        x.fa = jf.a0
        if jf.mar_n and (im.cls & jf.mar_vs):
            x.fa += jf.mar_n
        x.fd = jf.d0
        x.fs = jf.s0
        x.ml, x.fl = m.life, f.life
        x.mno, x.fno = False, False
        x.dme, x.dop, x.extra = 0, 0, 0.0
        x.mk, x.fk = im.w, jf.w
        x.mlast = self._sides[p].nl == 1
        x.flast = self._sides[1 - p].nl == 1

    def _choose(self, g: Game, p: int) -> int:
        """CHOOSE: the pair to fight, as own index * 3 + enemy index (see the module's text)."""
        me, op = g.seats[p], g.seats[1 - p]
        pairs = 0
        only = 0
        for m in me.chars:
            if not m.dead and not m.tapped:
                for f in op.chars:
                    if not f.dead and not f.tapped:
                        pairs += 1
                        only = m.idx * 3 + f.idx
        self._cc_game = None  # the first cards' gains are kept only from a full choice
        if pairs <= 1:
            return only
        self._stats(g)
        best_v = -1e18
        best = 0
        x = self._scr[2]
        y = self._scr[1]
        deep = self.horizon > 0 and self.search_weight != 0.0 and not self._last
        tapped: i64 = 0
        dead: i64 = 0
        if deep:
            for inf in self._info:
                c = inf.ch
                k = c.owner * 3 + c.idx
                inf.lv = c.life
                if c.dead:
                    dead |= 1 << k
                elif c.tapped:
                    tapped |= 1 << k
        guess = self.opp_card > 0.0 and len(op.hand) > 0
        if guess:
            self._pool_of(g, op)
        cost = 0.0 if self._last else self.play_cost
        if not self._pvals:
            m0, f0 = me.chars[0], op.chars[0]
            self._pvals = [PairValue(m0, f0) for _ in range(9)]
        for pv in self._pvals:
            pv.done = False
        np = 0
        for m in me.chars:
            if m.dead or m.tapped:
                continue
            self._ents = self._ents3[m.idx]
            self._cards_for(g, me, m)
            ents = self._ents
            n = self._ne
            self._ne3[m.idx] = n
            for f in op.chars:
                if f.dead or f.tapped:
                    continue
                self._pair(x, p, m, f)
                base = self.value(g, x)
                # each card alone, then a chain opener with the best other card that fits its chain
                for i in range(n):
                    en = ents[i]
                    d = en.d
                    if d is not None:
                        y.load(x)
                        self.apply_card(g, y, d, en.t)
                        en.g = self.value(g, y) - base - cost
                        if deep:  # the fighters' Life after the strikes, as value() just found it
                            en.ml = self._ml
                            en.fl = self._fl
                        if f.idx == 0:
                            en.g0 = en.g
                        elif f.idx == 1:
                            en.g1 = en.g
                        else:
                            en.g2 = en.g
                gain = 0.0
                bi = -1
                for i in range(n):
                    en = ents[i]
                    v = en.g
                    first = en.d
                    if en.n != NO_CHAIN and first is not None:
                        fv = 0.0
                        for j in range(n):
                            e2 = ents[j]
                            d2 = e2.d
                            if e2.c == en.c or e2.g <= fv or d2 is None or not passes(d2, en.n):
                                continue
                            if first.type == ITEM and d2.type == ITEM and d2.kind == first.kind and \
                                    (d2.kind == WEAPON or d2.kind == ARMOUR):
                                continue
                            fv = e2.g
                        v += fv
                    if v > gain:
                        gain, bi = v, i
                v = base + gain
                if deep:
                    if bi >= 0:  # the fight after the best (first) card, as valued above
                        ml, fl = ents[bi].ml, ents[bi].fl
                    else:
                        self._left(x)
                        ml, fl = self._ml, self._fl
                    v += self.search_weight * self.after(p, m, f, ml, fl, tapped, dead)
                pv = self._pvals[np]
                pv.v, pv.m, pv.f = v, m, f
                np += 1
        # what the opponent's card is expected to add only lowers a pair's value: pairs are taken
        # best first, and those that cannot beat the best so far are not looked at any further
        while True:
            top: PairValue | None = None
            for i in range(np):
                pv = self._pvals[i]
                if not pv.done and (top is None or pv.v > top.v):
                    top = pv
            if top is None or top.v <= best_v:
                break
            top.done = True
            v = top.v
            if guess:
                v -= self.opp_card * self.opp_expect(g, p, top.m, top.f, len(op.hand), top.v, best_v)
            if v > best_v:
                best_v = v
                best = top.m.idx * 3 + top.f.idx
        if guess:  # the kinds' records are shared: every count goes back to 0
            for kd in self._pool:
                kd.n = 0
        self._cc_game = g
        self._cc_turn = g.turn
        return best

    def _pool_of(self, g: Game, op: Seat) -> None:
        """The opponent's unseen cards (its hand with its deck) by kind, each with the target it
        would take for each of the opponent's characters."""
        pool = self._pool
        pool.clear()  # its counts were put back to 0 at the end of the last choice
        kind_of = self._kind_of
        use = self._use
        for c in op.hand:
            kd = kind_of[c]
            if kd.n == 0:
                pool.append(kd)
                kd.use = use[c]
            kd.n += 1
        for c in op.deck:
            kd = kind_of[c]
            if kd.n == 0:
                pool.append(kd)
                kd.use = use[c]
            kd.n += 1
        self._pool_total = len(op.hand) + len(op.deck)
        for kd in pool:
            d = kd.d
            kd.t0 = kd.t1 = kd.t2 = -2
            if not kd.relevant:
                continue
            for f in op.chars:
                if f.dead or f.tapped:
                    continue
                t = -2
                # card_ok for f (itself as the ally target, alive: the rest of target_check
                # passes): the may-use bit, then an item's slot
                if (kd.use >> (op.idx * 3 + f.idx)) & 1 and (d.type != ITEM or slot_check(g.defs, d, f) == FITS):
                    t = f.idx if d.ally else -1
                if f.idx == 0:
                    kd.t0 = t
                elif f.idx == 1:
                    kd.t1 = t
                else:
                    kd.t2 = t

    def opp_expect(self, g: Game, p: int, m: Character, f: Character, h: int, v0: float, floor: float) -> float:
        """What the opponent's best card adds to ``f`` fighting ``m``, expected over the ``h`` cards
        it holds drawn from its unseen cards (the best of a random hand, card by card).

        The pair is worth ``v0`` before that card, and only matters if it ends above ``floor``: as
        soon as a lower bound of the expectation (one kind's gain times the chance a copy is held,
        or the expectation summed so far) sinks the pair below ``floor``, that bound is returned
        instead (the pair loses either way, so the choice is the same)."""
        q = 1 - p
        xo = self._scr[3]
        self._pair(xo, q, f, m)
        base = self.value(g, xo)
        y = self._scr[0]
        pool = self._pool
        fi = f.idx
        total = self._pool_total
        if h > total:
            h = total
        if h <= 0 or total >= len(_COMB):
            return 0.0
        denom = _COMB[total][h]
        oc = self.opp_card
        bounded = floor > -1e17
        lim = floor - 1e-9
        any_gain = False
        for kd in pool:
            t = kd.t0 if fi == 0 else kd.t1 if fi == 1 else kd.t2
            kd.g = 0.0
            if t > -2:
                y.load(xo)
                self.apply_card(g, y, kd.d, t)
                v = self.value(g, y) - base
                if v > 0.0:
                    kd.g = v
                    any_gain = True
                    if bounded:
                        # held with probability 1 - C(total - n, h) / C(total, h)
                        lb = v * (1.0 - _COMB[total - kd.n][h] / denom)
                        if v0 - oc * lb < lim:
                            for k2 in pool:
                                k2.g = 0.0
                            return lb
        if not any_gain:
            return 0.0
        # the best card of a random h-card hand: the instance ranked i (0 = best) is the best one
        # held with probability C(total - 1 - i, h - 1) / C(total, h)
        e = 0.0
        pos = 0
        while True:
            top: Kind | None = None
            for kd in pool:
                if kd.g > 0.0 and (top is None or kd.g > top.g):
                    top = kd
            if top is None:
                break
            gv = top.g
            top.g = 0.0
            for _k in range(top.n):
                e += gv * _COMB[total - 1 - pos][h - 1] / denom
                pos += 1
            if bounded and v0 - oc * e < lim:
                for k2 in pool:
                    k2.g = 0.0
                return e
        return e

    def after(self, p: int, m: Character, f: Character, ml: i64, fl: i64, tapped: i64, dead: i64) -> float:
        """The pairings of the next ``horizon`` fights after ``m`` fought ``f`` and kept Life ``ml``
        and ``fl`` (see ``_left``): each chooser takes its best pair for the strikes alone."""
        km: i64 = p * 3 + m.idx
        kf: i64 = (1 - p) * 3 + f.idx
        if ml <= 0:
            dead |= 1 << km
        if fl <= 0:
            dead |= 1 << kf
        if (dead & 7) == 7 or (dead & 56) == 56:
            return 0.0
        im = self._info[km]
        jf = self._info[kf]
        old_m, old_f = im.lv, jf.lv
        im.lv = ml if ml > 0 else 0
        jf.lv = fl if fl > 0 else 0
        tapped = _untap(tapped | (1 << km) | (1 << kf), dead)
        v = self._search(p, 1 - p, 1, self.horizon, tapped, dead)
        im.lv, jf.lv = old_m, old_f
        return v

    def _search(self, p: int, chooser: int, off: int, depth: int, tapped: i64, dead: i64) -> float:
        """Seat ``p``'s worth of the next ``depth`` fights from turn offset ``off`` (1..3),
        ``chooser`` choosing first (strikes only; kills at ``kill_search`` of their worth)."""
        mine = chooser == p
        best = -1e18 if mine else 1e18
        found = False
        busy: i64 = dead | tapped
        c0: i64 = chooser * 3
        c1: i64 = (1 - chooser) * 3
        ax: i64 = 0
        dx: i64 = 0
        ay: i64 = 0
        dy: i64 = 0
        for a in range(3):
            ka: i64 = c0 + a
            if busy >> ka & 1:
                continue
            for b in range(3):
                kb: i64 = c1 + b
                if busy >> kb & 1:
                    continue
                found = True
                kx: i64 = ka if mine else kb   # seat p's fighter
                ky: i64 = kb if mine else ka
                ix = self._info[kx]
                iy = self._info[ky]
                if off == 1:
                    ax, dx, ay, dy = ix.a1, ix.d1, iy.a1, iy.d1
                elif off == 2:
                    ax, dx, ay, dy = ix.a2, ix.d2, iy.a2, iy.d2
                else:
                    ax, dx, ay, dy = ix.a3, ix.d3, iy.a3, iy.d3
                if ix.mar_n and (iy.cls & ix.mar_vs):
                    ax += ix.mar_n
                if iy.mar_n and (ix.cls & iy.mar_vs):
                    ay += iy.mar_n
                if ax < 0:
                    ax = 0
                if ay < 0:
                    ay = 0
                if dx < 0:
                    dx = 0
                if dy < 0:
                    dy = 0
                to_y: i64 = 0
                if ax > dy:
                    to_y = ax - dy
                to_x: i64 = 0
                if ay > dx:
                    to_x = ay - dx
                lx: i64 = ix.lv
                ly: i64 = iy.lv
                hit_y: i64 = to_y if to_y < ly else ly
                hit_x: i64 = to_x if to_x < lx else lx
                v = float(hit_y - hit_x)
                d2: i64 = dead
                if hit_y >= ly:
                    d2 |= 1 << ky
                    v += self.kill_search * iy.w
                if hit_x >= lx:
                    d2 |= 1 << kx
                    v -= self.kill_search * ix.w
                if depth > 1 and (d2 & 7) != 7 and (d2 & 56) != 56:
                    ix.lv = lx - hit_x
                    iy.lv = ly - hit_y
                    t2 = _untap(tapped | (1 << ka) | (1 << kb), d2)
                    v += self._search(p, 1 - chooser, off + 1, depth - 1, t2, d2)
                    ix.lv = lx
                    iy.lv = ly
                if mine:
                    if v > best:
                        best = v
                elif v < best:
                    best = v
        return best if found else 0.0
