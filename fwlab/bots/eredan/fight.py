"""Fight valuation for the Eredan heuristic (:mod:`.heuristic`): one fight imagined at a time.

A :class:`Fight` holds, for the seat that imagines it, the two fighters' Att, Def and Spirit before
the floor at 0 (printed, items, this fight's changes, turn bonuses, Marauder bonus, as
:meth:`Game.stat` counts them) and their Life. :meth:`FightModel.apply_card` plays a card into it
as the engine resolves one (``Game._play``: effects in order, Spirit against magic and Def against
any other card's damage (ER-FIGHT-1), heals never above the printed Life, a pure Mage's damaging
spell instead of its strike) and
:meth:`FightModel.value` settles the strikes. A fight's value is the score it gains (Life removed
from enemies plus Life restored to its own) minus the score the other side gains, plus what a kill
is worth (a dead character strikes and scores no more; the last one ends the game), plus what
lasts (an item's points over its bearer's fights still to come, counted where they pass the
enemies' Def or hold off their Att). On the last turn (a deck ran out) only the final score counts.

:class:`FightModel` is the base of the bot: the per-game card tables (:mod:`.layout`), the numbers
of a turn (:meth:`FightModel._prep`: the end in sight, what each character's death is worth) and
the valuation. Nothing here clones the game or changes it. Compiled with the engine (mypyc): plain
typed classes, the numbers on native ints and floats in small records (a list of floats would box
every number).
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Final

from mypy_extensions import i64

from ...rules.core import Action
from ...rules.eredan.cards import (
    ATT,
    DEF,
    ITEM,
    MAGE,
    MARAUDER,
    OP_ATT,
    OP_BONUSES,
    OP_DAMAGE,
    OP_DEF,
    OP_DRAW,
    OP_HEAL,
    OP_RETRIEVE,
    OTHER,
    PRIEST,
    SPELL,
    SPIRIT,
    T_ALLIES,
    T_ALLY,
    T_ENEMIES,
    T_FOE,
    T_SELF,
    THEURGY,
    CardDef,
    passes,
)
from ...rules.eredan.game import Chooser, Game
from ...rules.eredan.state import HAND, Character, Seat
from .layout import Kind, layout

#: the win (or loss) that ends the game, in score points
WIN: Final = 60.0


# ---------------------------------------------------------------------------------- records
class Fight:
    """One fight as seat ``p`` imagines it: its fighter ``m`` against the foe ``f``. ``ma..fs``: raw
    Att/Def/Spirit (before the floor at 0); ``ml``, ``fl``: Life; ``mno``/``fno``: no physical
    strike (a pure Mage's damaging spell); ``dme``/``dop``: score gained by ``p`` / the other side
    so far; ``extra``: everything else (kills of other characters, lasting items, draws, costs);
    ``mk``/``fk``: what the death of ``m`` / ``f`` is worth; ``mlast``/``flast``: the fighter is the
    last living character of its side."""

    def __init__(self, p: int, m: Character, f: Character) -> None:
        self.p = p
        self.m = m
        self.f = f
        self.ma: i64 = 0
        self.md: i64 = 0
        self.ms: i64 = 0
        self.fa: i64 = 0
        self.fd: i64 = 0
        self.fs: i64 = 0
        self.ml: i64 = m.life
        self.fl: i64 = f.life
        self.mno = False
        self.fno = False
        self.dme: i64 = 0
        self.dop: i64 = 0
        self.extra = 0.0
        self.mk = 0.0
        self.fk = 0.0
        self.mlast = False
        self.flast = False

    def load(self, o: Fight) -> None:
        """Become a copy of ``o`` (the bot reuses a few scratch fights instead of allocating)."""
        self.p, self.m, self.f = o.p, o.m, o.f
        self.ma, self.md, self.ms, self.fa, self.fd, self.fs = o.ma, o.md, o.ms, o.fa, o.fd, o.fs
        self.ml, self.fl, self.mno, self.fno = o.ml, o.fl, o.mno, o.fno
        self.dme, self.dop, self.extra = o.dme, o.dop, o.extra
        self.mk, self.fk, self.mlast, self.flast = o.mk, o.fk, o.mlast, o.flast


class Info:
    """Per character, per decision: ``w`` what its death costs its side; at a choice, its raw Att,
    Def (and Spirit) fighting on this turn + 0..3 without the Marauder bonus, and its Life in the
    pairing search (``lv``)."""

    def __init__(self, ch: Character) -> None:
        self.ch = ch
        self.w = 0.0
        self.a0: i64 = 0
        self.d0: i64 = 0
        self.s0: i64 = 0
        self.a1: i64 = 0
        self.d1: i64 = 0
        self.a2: i64 = 0
        self.d2: i64 = 0
        self.a3: i64 = 0
        self.d3: i64 = 0
        self.lv: i64 = 0
        # its Marauder bonus (ER-BONUS-1): ``mar_n`` Att against a foe of a class in ``mar_vs``
        # (0 when it has none), and its own classes
        d = ch.d
        self.mar_n: i64 = d.mar_n if d.classes & MARAUDER else 0
        self.mar_vs: i64 = d.mar_vs
        self.cls: i64 = d.classes


class Side:
    """Per seat, per decision: living characters, future fights of each, a lasting Spirit point's
    worth per fight (more when the other side casts), the average Def of its living."""

    def __init__(self) -> None:
        self.nl = 3
        self.ff = 0.0
        self.spi = 0.1
        self.avg_def = 0.0


class Memo:
    """The last :meth:`FightModel.lasting_value` of one holder and stat in one decision
    (``stamp``): ``n`` points worth ``v``."""

    def __init__(self) -> None:
        self.stamp = -1
        self.n = 0
        self.v = 0.0


def fighting_stats(x: Fight, ch: Character, foe: Character, turn: int, mine: bool) -> None:
    """:meth:`Game.stat` of ``ch`` fighting ``foe`` on ``turn`` before its floor at 0 (printed, items,
    this fight's changes, turn bonuses, Marauder bonus: ER-BONUS-1..2) for Att, Def and Spirit at
    once, into ``x.ma``, ``x.md``, ``x.ms`` (``mine``) or ``x.fa``, ``x.fd``, ``x.fs``. The engine
    reads one stat of the game as it is; a bot imagines fights that have not begun, so this one
    pass over the bonuses stays here (tests/rules/test_er_bots.py holds it to ``Game.stat``)."""
    d = ch.d
    eq = ch.equip
    fm = ch.fmod
    a: i64 = d.att + eq[ATT] + fm[ATT]
    df: i64 = d.defense + eq[DEF] + fm[DEF]
    sp: i64 = d.spirit + eq[SPIRIT] + fm[SPIRIT]
    every = ch.allbonus
    for b in d.bonuses:
        if every or b.turn == turn:
            st = b.stat
            if st == ATT:
                a += b.n
            elif st == DEF:
                df += b.n
            elif st == SPIRIT:
                sp += b.n
    if d.mar_n and (d.classes & MARAUDER) and (foe.d.classes & d.mar_vs):
        a += d.mar_n
    if mine:
        x.ma = a
        x.md = df
        x.ms = sp
    else:
        x.fa = a
        x.fd = df
        x.fs = sp


# ---------------------------------------------------------------------------------- the model
class FightModel(Chooser):
    """The fight valuation the bot's choices stand on, with its per-game and per-decision numbers."""

    def __init__(self, kill_base: float, kill_rate: float, heal_waste: float, lasting: float,
                 draw_value: float, safe_deck: int) -> None:
        super().__init__()
        self.kill_base = kill_base      # a kill is worth this plus kill_rate x what the victim would still do
        self.kill_rate = kill_rate
        self.heal_waste = heal_waste    # per point of a heal that restores nothing
        self.lasting = lasting          # per point of a lasting stat, per future fight of its holder
        self.draw_value = draw_value    # per card drawn while the deck is large
        self.safe_deck = safe_deck      # no voluntary discard with fewer deck cards than this
        # per game: each seat's deck size, the characters' records
        self._defs: list[CardDef] | None = None
        self._size0 = 20
        self._size1 = 20
        self._info: list[Info] = []     # seat * 3 + index
        self._sides = [Side(), Side()]
        self._kind_of: list[Kind] = []  # per game: card instance id -> its kind's record (the opponent's unseen cards)
        self._use: list[int] = []       # per game: card instance id -> the characters that may play it (card_ok)
        self._kidx: list[int] = []      # per game: card instance id -> its kind (one per distinct definition)
        self._kbits = True              # per game: every kind index is below 62 (kinds seen as bits of one i64)
        # per decision (see _prep): this turn is the last; rough turns left; the decider's lead
        self._last = False
        self._rem = 10.0
        self._lead = 0
        self._game: Game | None = None  # the game and turn of the numbers above
        self._turn = -1
        self._ml: i64 = 0               # the fighters' Life once the strikes are settled (value, _left)
        self._fl: i64 = 0
        self._scr: list[Fight] = []     # scratch fights: 0..1 for card levels, 2 the pair, 3 the opponent's view
        self._stamp = 0                 # decisions so far: the game does not change within one
        self._memo_on = False           # inside a decision (choose)
        self._memo = [Memo() for _ in range(18)]  # lasting_value per (seat * 3 + index) * 3 + stat

    @abstractmethod
    def _decide(self, g: Game) -> Action:
        """The answer to the decision at ``g`` of the bot made on this model (``HeuristicBot``).

        Abstract so that this class and the layers between it and the bot are no concrete
        :class:`Chooser`: with at most two concrete ones, compiled code tells a Chooser by its exact
        type (``play_out``'s check of every decision) instead of walking the bot's bases."""

    def _new_game(self, g: Game) -> None:
        self._defs = g.defs
        lay = layout(g)
        self._size0 = lay.size0
        self._size1 = lay.size1
        self._kind_of = lay.kind_of
        self._use = lay.use
        self._kidx = lay.kidx
        self._kbits = len(lay.kdefs) <= 62  # a hand's kinds fit one 64-bit mask

    def _prep(self, g: Game, p: int) -> None:
        """The numbers of a turn: the end in sight and what each character's death is worth
        (computed at the turn's first decision of this bot; the decider's lead at every one)."""
        self._lead = g.seats[p].score - g.seats[1 - p].score
        if self._game is g and self._turn == g.turn:
            return
        self._game = g
        self._turn = g.turn
        if self._defs is not g.defs:
            self._new_game(g)
        a, b = g.seats[0], g.seats[1]
        if not self._info or self._info[0].ch is not a.chars[0]:
            self._info = [Info(c) for c in a.chars] + [Info(c) for c in b.chars]
            m, f = a.chars[0], b.chars[0]
            self._scr = [Fight(0, m, f), Fight(0, m, f), Fight(0, m, f), Fight(0, m, f)]
        last = a.decked or b.decked
        self._last = last
        # turns left: each deck over its own rate of use so far (a prior of 1.2 cards a turn)
        turn = g.turn
        na: i64 = len(a.deck)
        nb: i64 = len(b.deck)
        ra = float(na) * (turn + 1.0) / (float(self._size0 - HAND - na) + 2.4)
        rb = float(nb) * (turn + 1.0) / (float(self._size1 - HAND - nb) + 2.4)
        rem = 1.0 + (ra if ra < rb else rb)
        self._rem = rem
        sa = self._sides[0]
        sb = self._sides[1]
        self._side_numbers(a, sa, sb, rem, last)
        self._side_numbers(b, sb, sa, rem, last)
        kb = self.kill_base
        kr = self.kill_rate
        for inf in self._info:
            c = inf.ch
            own = sa
            other = sb
            if c.owner != 0:
                own = sb
                other = sa
            if c.dead:
                inf.w = 0.0
            elif own.nl == 1:
                inf.w = WIN
            elif last:
                inf.w = 0.0
            else:
                cd = c.d
                att: i64 = cd.att + c.equip[ATT]
                hit = float(att) - other.avg_def
                if hit < 1.0:
                    hit = 1.0
                cls = cd.classes
                if cls & MAGE or cd.guem:
                    hit += 1.0
                if cls & PRIEST:
                    hit += 1.5
                inf.w = kb + kr * own.ff * hit

    def _side_numbers(self, s: Seat, sd: Side, other: Side, rem: float, last: bool) -> None:
        """:class:`Side` ``sd`` of seat ``s`` at a turn's start, and ``other``'s worth of Spirit."""
        n: i64 = 0
        caster = False
        tot: i64 = 0
        for c in s.chars:
            if not c.dead:
                n += 1
                cd = c.d
                if cd.classes & (MAGE | PRIEST) or cd.guem:
                    caster = True
                v: i64 = cd.defense + c.equip[DEF]
                if v > 0:
                    tot += v
        sd.nl = n
        ff = 0.0 if (n == 0 or last) else rem / float(n)
        sd.ff = ff if ff < 4.0 else 4.0
        sd.avg_def = float(tot) / float(n) if n else 0.0
        other.spi = 0.35 if caster else 0.1

    def lasting_value(self, g: Game, holder: Character, st: int, n: int) -> float:
        """What ``n`` points of ``st`` carried by ``holder`` are worth over its future fights: the
        points that would count against the living enemies (Att beyond their Def, Def below their
        Att), on average."""
        if self._last or n == 0:
            return 0.0
        mo = self._memo[(holder.owner * 3 + holder.idx) * 3 + st] if self._memo_on and 0 <= st < 3 else None
        if mo is not None and mo.stamp == self._stamp and mo.n == n:
            return mo.v
        v = self._lasting(g, holder, st, n)
        if mo is not None:
            mo.stamp, mo.n, mo.v = self._stamp, n, v
        return v

    def _lasting(self, g: Game, holder: Character, st: int, n: int) -> float:
        """:meth:`lasting_value`, worked out."""
        sd = self._sides[holder.owner]
        ff = sd.ff
        if st == SPIRIT:
            return self.lasting * sd.spi * ff * n
        d = holder.d
        if st == ATT and d.classes == MAGE:
            return self.lasting * 0.3 * ff * n
        mine: i64 = (d.att if st == ATT else d.defense) + holder.equip[st]
        ni: i64 = n
        tot: i64 = 0
        k: i64 = 0
        before: i64 = 0
        after: i64 = 0
        for e in g.seats[1 - holder.owner].chars:
            if e.dead:
                continue
            k += 1
            # Att: the foe's Def it must pass; Def: the foe's Att it holds off
            if st == ATT:
                before = mine - (e.d.defense + e.equip[DEF])
                after = before + ni
            else:
                before = e.d.att + e.equip[ATT] - mine
                after = before - ni
            if before < 0:
                before = 0
            if after < 0:
                after = 0
            if st == ATT:
                tot += after - before
            else:
                tot += before - after
        if k == 0:
            return 0.0
        return self.lasting * ff * (0.25 * n + 0.75 * float(tot) / float(k))

    def value(self, g: Game, f: Fight) -> float:
        """The fight's worth to seat ``f.p`` once the strikes are settled."""
        to_f: i64 = 0
        a: i64 = 0
        dd: i64 = 0
        if not f.mno:
            a = f.ma
            if a < 0:
                a = 0
            dd = f.fd
            if dd < 0:
                dd = 0
            if a > dd:
                to_f = a - dd
        to_m: i64 = 0
        if not f.fno:
            a = f.fa
            if a < 0:
                a = 0
            dd = f.md
            if dd < 0:
                dd = 0
            if a > dd:
                to_m = a - dd
        fl: i64 = f.fl
        ml: i64 = f.ml
        self._ml = ml - to_m  # what _left(f) would give: the choice reads them after valuing a card
        self._fl = fl - to_f
        lf: i64 = to_f
        if to_f >= fl:
            lf = fl if fl > 0 else 0
        lm: i64 = to_m
        if to_m >= ml:
            lm = ml if ml > 0 else 0
        dme: i64 = f.dme + lf
        dop: i64 = f.dop + lm
        fdead = fl - to_f <= 0
        mdead = ml - to_m <= 0
        if self._last:  # the game ends after this fight, on the score unless a side loses its last
            me, op = g.seats[f.p], g.seats[1 - f.p]
            diff = me.score + dme - op.score - dop
            v = float(dme - dop)
            if fdead and f.flast and not (mdead and f.mlast):
                return v + WIN
            if mdead and f.mlast and not (fdead and f.flast):
                return v - WIN
            if diff > 0:
                return v + WIN * 0.5
            if diff < 0:
                return v - WIN * 0.5
            if me.decked and not op.decked:
                return v - WIN * 0.25
            if op.decked and not me.decked:
                return v + WIN * 0.25
            return v
        v = float(dme - dop) + f.extra
        if fdead:
            v += f.fk
        if mdead:
            v -= f.mk
        if fdead and mdead and f.flast and f.mlast:  # both sides lose their last: the score decides
            me, op = g.seats[f.p], g.seats[1 - f.p]
            diff = me.score + dme - op.score - dop
            v += -f.fk + f.mk + (WIN if diff > 0 else -WIN if diff < 0 else 0.0)
        return v

    # ------------------------------------------------------------------ a card in the imagined fight
    def apply_card(self, g: Game, x: Fight, d: CardDef, target: int) -> None:
        """Play ``d`` (ally ``target`` or -1) into the imagined fight ``x`` as the engine resolves it."""
        if d.plain:
            self._apply_plain(g, x, d)
        else:
            self._apply_any(g, x, d, target)

    def _apply_any(self, g: Game, x: Fight, d: CardDef, target: int) -> None:
        """:meth:`apply_card` of any card, effect by effect (:meth:`_effect`)."""
        p = x.p
        me = x.m
        ally = me
        if target >= 3:  # ER-CLASS-3: a Craftsman item on the other side's character target - 3
            ally = g.seats[1 - p].chars[target - 3]
        elif target >= 0:
            ally = g.seats[p].chars[target]
        lasting = d.type == ITEM and not d.consumable
        holder = ally if (d.ally and d.type == ITEM) else me
        if d.damaging and me.d.classes == MAGE:
            x.mno = True
        magic = d.type == SPELL or d.type == THEURGY
        matched = False
        hb = d.has_bearer
        if hb:
            for e in d.effects:
                if e.bearer and e.bearer != OTHER and e.bearer in me.d.tags:
                    matched = True
        for e in d.effects:
            if hb and e.bearer:
                if e.bearer == OTHER:
                    if matched:
                        continue
                elif e.bearer not in me.d.tags:
                    continue
            op = e.op
            if op == OP_DRAW:
                x.extra += self.draw_gain(g, p, e.n)
                continue
            if op == OP_RETRIEVE:
                if not self._last:
                    for c in g.seats[p].discard:
                        if passes(g.defs[c], e.kind):
                            x.extra += 1.0
                            break
                continue
            tg = e.target
            if tg == T_SELF:
                self._effect(g, x, holder, op, e.n, magic, lasting)
            elif tg == T_FOE:
                self._effect(g, x, x.f, op, e.n, magic, lasting)
            elif tg == T_ALLY:
                self._effect(g, x, ally, op, e.n, magic, lasting)
            elif tg == T_ALLIES:
                for t in g.seats[p].chars:
                    if not t.dead:
                        self._effect(g, x, t, op, e.n, magic, lasting)
            elif tg == T_ENEMIES:
                for t in g.seats[1 - p].chars:
                    if not t.dead:
                        self._effect(g, x, t, op, e.n, magic, lasting)

    def _apply_plain(self, g: Game, x: Fight, d: CardDef) -> None:
        """:meth:`apply_card` of a plain card (``CardDef.plain``: every effect on the fighter or
        its foe): the arithmetic of :meth:`_effect` and :meth:`_stat`, in the same order, worked
        on ``x`` in place."""
        me = x.m
        if d.damaging and me.d.classes == MAGE:
            x.mno = True
        magic = d.type == SPELL or d.type == THEURGY
        lasting = d.type == ITEM and not d.consumable
        for e in d.effects:
            op = e.op
            n: i64 = e.n
            lost: i64 = 0
            gain: i64 = 0
            if e.target == T_SELF:  # the fighter itself (a plain card has no ally)
                if op == OP_DAMAGE:  # ER-FIGHT-1: against Spirit (a spell, a theurgy) or Def
                    if magic:
                        if x.ms > 0:
                            n -= x.ms
                    elif x.md > 0:
                        n -= x.md
                    if n > 0:
                        lost = n
                        if n >= x.ml:
                            lost = x.ml if x.ml > 0 else 0
                        x.ml -= lost
                        x.dop += lost
                elif op == OP_HEAL:
                    gain = me.d.life - x.ml
                    if gain > n:
                        gain = n
                    if gain < 0:
                        gain = 0
                    x.ml += gain
                    x.dme += gain
                    if not self._last:
                        x.extra -= self.heal_waste * float(n - gain)
                else:
                    if op == OP_ATT:
                        x.ma += n
                    elif op == OP_DEF:
                        x.md += n
                    else:
                        x.ms += n
                    if lasting:
                        x.extra += self.lasting_value(g, me, ATT if op == OP_ATT else DEF if op == OP_DEF else SPIRIT, n)
            else:  # the foe
                foe = x.f
                if op == OP_DAMAGE:
                    if magic:
                        if x.fs > 0:
                            n -= x.fs
                    elif x.fd > 0:
                        n -= x.fd
                    if n > 0:
                        lost = n
                        if n >= x.fl:
                            lost = x.fl if x.fl > 0 else 0
                        x.fl -= lost
                        x.dme += lost
                elif op == OP_HEAL:
                    gain = foe.d.life - x.fl
                    if gain > n:
                        gain = n
                    if gain < 0:
                        gain = 0
                    x.fl += gain
                    x.dop += gain
                    if not self._last:
                        x.extra -= -self.heal_waste * float(n - gain)
                else:
                    if op == OP_ATT:
                        x.fa += n
                    elif op == OP_DEF:
                        x.fd += n
                    else:
                        x.fs += n
                    if lasting:
                        x.extra += -self.lasting_value(g, foe, ATT if op == OP_ATT else DEF if op == OP_DEF else SPIRIT, n)

    def draw_gain(self, g: Game, p: int, n: int) -> float:
        """Drawing ``n``: choice while the deck is large; near its end it hastens the deck-out, good
        for the side ahead only."""
        if self._last:
            return 0.0
        if len(g.seats[p].deck) > self.safe_deck + 3:
            return self.draw_value * n
        return (0.3 if self._lead > 0 else -0.5) * n

    def _effect(self, g: Game, x: Fight, t: Character, op: int, n: i64, magic: bool, lasting: bool) -> None:
        mine = t.owner == x.p
        if op == OP_DAMAGE:  # ER-FIGHT-1: a spell's or theurgy's against Spirit, any other card's against Def
            red: i64 = 0
            if t is x.f:
                red = x.fs if magic else x.fd
            elif t is x.m:
                red = x.ms if magic else x.md
            else:
                red = g.stat(t, SPIRIT if magic else DEF)
            n -= red if red > 0 else 0
            if n <= 0:
                return
            lost: i64 = n
            if t is x.f:
                if n >= x.fl:
                    lost = x.fl if x.fl > 0 else 0
                x.fl -= lost
                x.dme += lost
            elif t is x.m:
                if n >= x.ml:
                    lost = x.ml if x.ml > 0 else 0
                x.ml -= lost
                x.dop += lost
            else:
                if n >= t.life:
                    lost = t.life
                if mine:
                    x.dop += lost
                else:
                    x.dme += lost
                if lost >= t.life and t.life > 0:
                    w = self._info[t.owner * 3 + t.idx].w
                    x.extra += -w if mine else w
        elif op == OP_HEAL:
            life: i64 = 0
            if t is x.m:
                life = x.ml
            elif t is x.f:
                life = x.fl
            else:
                life = t.life
            gain: i64 = t.d.life - life
            if gain > n:
                gain = n
            if gain < 0:
                gain = 0
            if t is x.m:
                x.ml += gain
            elif t is x.f:
                x.fl += gain
            if mine:
                x.dme += gain
            else:
                x.dop += gain
            if not self._last:
                x.extra -= self.heal_waste * float(n - gain) if mine else -self.heal_waste * float(n - gain)
        elif op == OP_BONUSES:
            if (t is x.m or t is x.f) and not t.allbonus:
                turn = g.turn
                for b in t.d.bonuses:
                    if b.turn != turn:
                        self._stat(g, x, t, b.stat, b.n, False)
        else:
            st = ATT if op == OP_ATT else DEF if op == OP_DEF else SPIRIT
            self._stat(g, x, t, st, n, lasting)

    def _stat(self, g: Game, x: Fight, t: Character, st: int, n: i64, lasting: bool) -> None:
        if t is x.m:
            if st == ATT:
                x.ma += n
            elif st == DEF:
                x.md += n
            else:
                x.ms += n
        elif t is x.f:
            if st == ATT:
                x.fa += n
            elif st == DEF:
                x.fd += n
            else:
                x.fs += n
        if lasting:
            w = self.lasting_value(g, t, st, n)
            x.extra += w if t.owner == x.p else -w

    def _left(self, y: Fight) -> None:
        """``_ml``, ``_fl``: the fighters' Life in ``y`` once its strikes are settled."""
        to_f: i64 = 0
        a: i64 = 0
        d: i64 = 0
        if not y.mno:
            a = y.ma
            if a < 0:
                a = 0
            d = y.fd
            if d < 0:
                d = 0
            if a > d:
                to_f = a - d
        to_m: i64 = 0
        if not y.fno:
            a = y.fa
            if a < 0:
                a = 0
            d = y.md
            if d < 0:
                d = 0
            if a > d:
                to_m = a - d
        self._ml = y.ml - to_m
        self._fl = y.fl - to_f
