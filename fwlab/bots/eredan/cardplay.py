"""Card play for the Eredan heuristic (:mod:`.heuristic`): which card (or chain) helps a fight most.

* PLAY: the card (and ally target) that raises the fight's value (:mod:`.fight`) most beyond
  ``play_cost``, a chain opener valued with its best follow-up; pass when nothing helps (a heal
  waits for damage: the points it would restore to no one count against it). The chooser's first
  card reads the gains its pairing choice just worked out for the pair (:meth:`CardPlay._first_card`).
* At a choice, :meth:`CardPlay._cards_for` lists the cards a character may play first (one per
  kind and ally target), which the pairing (:mod:`.pairing`) values against each enemy.

Who may play what is the engine's rule, never copied here: the may-use bits of :mod:`.layout`
(from ``why_not_for``), ``passes`` for a chain's restriction, ``target_check`` and
``slot_check`` for an ally and an item's slot, ``chain_after`` for the chain a first card opens.
"""

from __future__ import annotations

from mypy_extensions import i64

from ...rules.eredan.cards import ARMOUR, ITEM, WEAPON, CardDef, passes
from ...rules.eredan.game import FITS, NO_CHAIN, Game, chain_after, slot_check, target_check, why_not_for
from ...rules.eredan.state import Character, Seat
from .fight import Fight, FightModel, fighting_stats


def card_ok(g: Game, d: CardDef, me: Seat, ch: Character, target: int, restr: int, use: int = -1) -> bool:
    """Whether ``me`` may play ``d`` for fighter ``ch`` (ally ``target``: 0..2, 3..5 an enemy for a
    Craftsman item, or -1), by the engine's own
    checks in the order ``Game._why_card`` makes them: the chain (``restr``: a second card's
    restriction, ER-CHAIN-1, or NO_CHAIN for a first card), who may ever play it (``use``: the
    card's may-use bits of :mod:`.layout`, or -1 to ask :func:`why_not_for`), then the target and
    the bearer's slots (:func:`target_check`)."""
    if restr != NO_CHAIN and not passes(d, restr):
        return False
    if use < 0:
        if why_not_for(d, ch.d, me.guild) is not None:
            return False
    elif not (use >> (me.idx * 3 + ch.idx)) & 1:
        return False
    return target_check(g.defs, d, me, ch, target, g.seats[1 - me.idx]) == FITS


class Entry:
    """A card a character may play first at a choice: instance ``c`` (kind ``d``), ally target
    ``t``, the chain it opens ``n``, and ``g`` what it adds to the pairing at hand."""

    def __init__(self) -> None:
        self.c = -1
        self.d: CardDef | None = None
        self.t = -1
        self.n = NO_CHAIN
        self.g = 0.0
        self.ml: i64 = 0  # the fighters' Life after this card and the strikes (for the pairing search)
        self.fl: i64 = 0
        self.second = False  # a second copy of a chain opener (a follow-up only, never a first card)
        # ``g`` against the opponent's character 0, 1, 2 (kept for the chooser's first card)
        self.g0 = 0.0
        self.g1 = 0.0
        self.g2 = 0.0


class CardPlay(FightModel):
    """The fight valuation, and the best card of a fight (PLAY) and the first cards of a choice."""

    def __init__(self, kill_base: float, kill_rate: float, play_cost: float, heal_waste: float, lasting: float,
                 draw_value: float, safe_deck: int) -> None:
        super().__init__(kill_base, kill_rate, heal_waste, lasting, draw_value, safe_deck)
        self.play_cost = play_cost      # a card must gain this much to be played (it is gone, the deck shrinks)
        self._bc_c = -1                 # the best card (-1 none) and its target, as best_card leaves them
        self._bc_t = -1
        self._ents: list[Entry] = []    # at a choice: the cards one character may play first
        self._ne = 0
        # the last choice's first cards per own character (``_ents``/``_ne`` of each) and the game
        # and turn it was made on: the chooser's first card of that turn reads their gains
        self._ents3: list[list[Entry]] = [[], [], []]
        self._ne3 = [0, 0, 0]
        self._cc_game: Game | None = None
        self._cc_turn = -1

    # ------------------------------------------------------------------ the best card (or chain) of a fight
    def best_card(self, g: Game, x: Fight, hand: list[int], restr: int, skip: int, level: int) -> float:
        """The card of ``hand`` (not instance ``skip``) that raises ``x``'s value most beyond its
        cost: ``(gain, card, target)``, card -1 when none gains anything. ``restr``: the chain
        restriction (NO_CHAIN for a first card, which is valued with its best follow-up when it
        opens a chain); ``level`` (1 or 0) picks the scratch fight, 0 values no follow-up. The card
        and target are left in ``_bc_c`` and ``_bc_t``."""
        return self._best_card(g, x, self.value(g, x), hand, restr, skip, level)

    def _best_card(self, g: Game, x: Fight, base: float, hand: list[int], restr: int, skip: int,
                   level: int) -> float:
        """:meth:`best_card` of ``x``, whose value is ``base``."""
        me = g.seats[x.p]
        ch = x.m
        best_v = 0.0
        best_c = -1
        best_t = -1
        cost = 0.0 if self._last else self.play_cost
        y = self._scr[level]
        use = self._use
        defs = g.defs
        bit = me.idx * 3 + ch.idx
        kidx = self._kidx
        kbits = self._kbits
        seen: i64 = 0  # one card of each kind: the kinds valued already (when they fit a mask)
        for k in range(len(hand)):
            c = hand[k]
            if c == skip or not (use[c] >> bit) & 1:  # card_ok fails for every target
                continue
            d = defs[c]
            if restr != NO_CHAIN and not passes(d, restr):  # so does it outside the chain
                continue
            if kbits:
                ki: i64 = kidx[c]
                kb: i64 = 1 << ki
                if seen & kb:
                    continue
                seen |= kb
            else:
                dup = False  # an earlier card of the hand, of the same kind, was valued already
                for j in range(k):
                    c2 = hand[j]
                    if c2 != skip and defs[c2] is d:
                        dup = True
                        break
                if dup:
                    continue
            lo = 0 if d.ally else -1
            # a Craftsman item may go on an enemy, 3..5 (ER-CLASS-3): tried when it can cost its bearer
            # something (CardDef.bearer_loss); one that only raises its bearer never helps there
            hi = (6 if d.anyone and d.bearer_loss else 3) if d.ally else 0
            for t in range(lo, hi):
                if d.ally:
                    if not card_ok(g, d, me, ch, t, restr, use[c]):
                        continue
                elif d.type == ITEM and slot_check(defs, d, ch) != FITS:  # all card_ok has left to check
                    continue
                y.load(x)
                self.apply_card(g, y, d, t)
                vy = self.value(g, y)
                v = vy - base - cost
                if level > 0 and restr == NO_CHAIN:
                    nxt = chain_after(d, ch.d)
                    if nxt != NO_CHAIN:
                        fv = self._follow(g, y, vy, hand, nxt, c, d)
                        if fv > 0.0:
                            v += fv
                if v > best_v:
                    best_v, best_c, best_t = v, c, t
        self._bc_c = best_c
        self._bc_t = best_t
        return best_v

    def _follow(self, g: Game, y: Fight, vy: float, hand: list[int], restr: int, skip: int, first: CardDef) -> float:
        """The best second card after ``first`` (``y``: the fight after it, ``vy`` its value); a second weapon or
        armour after a first one does not count (the bearer's slot is taken, as far as the bot
        knows: ``slot_check`` cannot see an imagined item)."""
        if first.type == ITEM and not first.consumable and (first.kind == WEAPON or first.kind == ARMOUR):
            best = 0.0
            base = vy
            me = g.seats[y.p]
            z = self._scr[0]
            cost = 0.0 if self._last else self.play_cost
            use = self._use
            bit = me.idx * 3 + y.m.idx
            for c in hand:
                if c == skip:
                    continue
                d = g.defs[c]
                if d.type == ITEM and d.kind == first.kind:
                    continue
                if not (use[c] >> bit) & 1 or (restr != NO_CHAIN and not passes(d, restr)):
                    continue  # card_ok fails for every target
                lo = 0 if d.ally else -1
                hi = (6 if d.anyone and d.bearer_loss else 3) if d.ally else 0
                for u in range(lo, hi):
                    if d.ally:
                        if not card_ok(g, d, me, y.m, u, restr, use[c]):
                            continue
                    elif d.type == ITEM and slot_check(g.defs, d, y.m) != FITS:
                        continue
                    z.load(y)
                    self.apply_card(g, z, d, u)
                    v = self.value(g, z) - base - cost
                    if v > best:
                        best = v
            return best
        return self._best_card(g, y, vy, hand, restr, skip, 0)

    # ------------------------------------------------------------------ PLAY
    def _play(self, g: Game, p: int) -> int:
        """PLAY: the card of the hand (its ally target left in ``_bc_t``) that raises the fight's
        value most beyond ``play_cost``, a chain opener valued with its best follow-up; -1: pass."""
        s = g.seats[p]
        if not s.hand:
            return -1
        m = s.chars[g.f_char[p]]
        f = g.seats[1 - p].chars[g.f_char[1 - p]]
        x = self._scr[2]
        turn = g.turn
        x.p, x.m, x.f = p, m, f
        fighting_stats(x, m, f, turn, True)
        fighting_stats(x, f, m, turn, False)
        x.ml, x.fl = m.life, f.life
        x.mno = g.f_nophys[p]
        x.fno = g.f_nophys[1 - p]
        x.dme, x.dop, x.extra = 0, 0, 0.0
        x.mk = self._info[p * 3 + m.idx].w
        x.fk = self._info[(1 - p) * 3 + f.idx].w
        x.mlast = self._sides[p].nl == 1
        x.flast = self._sides[1 - p].nl == 1
        if g.f_step == 0 and p == g.chooser and self._cc_game is g and self._cc_turn == g.turn:
            self._first_card(g, x, s.hand, m, f)  # the choice valued these cards for this pair
        else:
            restr = g.f_chain[p] if g.f_step >= 2 else NO_CHAIN
            self.best_card(g, x, s.hand, restr, -1, 1)
        return self._bc_c

    def _first_card(self, g: Game, x: Fight, hand: list[int], m: Character, f: Character) -> None:
        """:meth:`best_card` of the chooser's first card, from the gains the choice just worked out for
        this pair (``Entry.g0..g2``: the same fight, card and sum): only a chain opener's best
        follow-up is valued here. The cards come in the hand's order, as ``best_card`` takes them."""
        ents = self._ents3[m.idx]
        n = self._ne3[m.idx]
        best_v = 0.0
        best_c = -1
        best_t = -1
        y = self._scr[1]
        fi = f.idx
        for i in range(n):
            en = ents[i]
            d = en.d
            if en.second or d is None:
                continue
            v = en.g0 if fi == 0 else en.g1 if fi == 1 else en.g2
            if en.n != NO_CHAIN:
                y.load(x)
                self.apply_card(g, y, d, en.t)
                fv = self._follow(g, y, self.value(g, y), hand, en.n, en.c, d)
                if fv > 0.0:
                    v += fv
            if v > best_v:
                best_v, best_c, best_t = v, en.c, en.t
        self._bc_c = best_c
        self._bc_t = best_t

    def _cards_for(self, g: Game, me: Seat, m: Character) -> None:
        """``_ents[:_ne]``: the cards of the hand ``m`` may play first (one per kind and ally
        target, and a second copy of a chain opener, which may follow it)."""
        ents = self._ents
        n = 0
        use = self._use
        hand = me.hand
        defs = g.defs
        bit = me.idx * 3 + m.idx
        kidx = self._kidx
        kbits = self._kbits
        seen: i64 = 0  # the kinds met so far (when they fit a mask)
        for k in range(len(hand)):
            c = hand[k]
            if not (use[c] >> bit) & 1:  # card_ok fails for every target (and so for its first copy)
                continue
            d = defs[c]
            dup = False  # an earlier card of the hand is of the same kind
            if kbits:
                ki: i64 = kidx[c]
                kb: i64 = 1 << ki
                dup = (seen & kb) != 0
                seen |= kb
            else:
                for j in range(k):
                    if defs[hand[j]] is d:
                        dup = True
                        break
            opens = chain_after(d, m.d)
            if dup:
                if opens != NO_CHAIN:
                    for i in range(n):
                        if ents[i].d is d:
                            n = self._entry(n, c, d, ents[i].t, NO_CHAIN)
                            ents[n - 1].second = True
                            break
                continue
            lo = 0 if d.ally else -1
            hi = (6 if d.anyone and d.bearer_loss else 3) if d.ally else 0  # 3..5: on an enemy (ER-CLASS-3)
            if not d.ally:  # the may-use bit passed: card_ok has only the item's slot left to check
                if d.type != ITEM or slot_check(defs, d, m) == FITS:
                    n = self._entry(n, c, d, -1, opens)
                continue
            for t in range(lo, hi):
                if card_ok(g, d, me, m, t, NO_CHAIN, use[c]):
                    n = self._entry(n, c, d, t, opens)
        self._ne = n

    def _entry(self, n: int, c: int, d: CardDef, t: int, opens: int) -> int:
        if n == len(self._ents):
            self._ents.append(Entry())
        en = self._ents[n]
        en.c, en.d, en.t, en.n, en.g = c, d, t, opens, 0.0
        en.second = False
        return n + 1
