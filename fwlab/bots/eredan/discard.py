"""The discards of the Eredan heuristic (:mod:`.heuristic`): what goes at the Discard step.

DISCARD: down to five by the least useful cards; while the deck is large, cards no living
character can play go (never one that would make the next refill fail). Ahead near the end of the deck (fewer than five cards left, so a refill can
fail), the bot ends the game by deck-out only when its own valuation says ending pays
(:func:`deck_out_values`): the lead after the one fight still to come (the next chooser's best
pairing, strikes only) against the lead after the fights a game played on would still hold (the
exchange of the living characters, each chooser taking its best pair in turn), each worth its score
points plus the win's worth (``WIN``) times its chance over a normal spread of ``fight_sd`` a
fight. Then it discards only the least useful cards that make the refill fail and keeps the rest
for that last fight. From ``stall_turn`` on (a stalled game) any lead throws the hand, and a tied
side whose deck is not the shorter cycles one card a turn.

Who may play a card is read from its may-use bits (:mod:`.layout`, the engine's ``why_not_for``)
and whether an item fits from the engine's ``slot_check``. Plain functions of the game: a
discard needs no imagined fight.
"""

from __future__ import annotations

import math
from typing import Final

from mypy_extensions import i64

from ...rules.eredan.cards import (
    ATT,
    DEF,
    ITEM,
    MARAUDER,
    OP_BONUSES,
    OP_DAMAGE,
    OP_DRAW,
    OP_HEAL,
    OP_RETRIEVE,
    OP_SPIRIT,
    T_ALLIES,
    T_ENEMIES,
    T_FOE,
    CardDef,
)
from ...rules.eredan.game import FITS, Game, slot_check
from ...rules.eredan.state import HAND, Character, Seat
from .fight import WIN

#: cards a side uses a turn (played and discarded) when the bots play on: how fast a deck runs
#: out (the starter field measured 1.1 to 1.2)
CARDS_A_TURN: Final = 1.2


def usable(g: Game, s: Seat, d: CardDef, use: int) -> bool:
    """Whether a living character of ``s`` can still play ``d`` some day: one whose may-use bit
    (``use``: the card instance's bits ``seat * 3 + index``) is set and, for a weapon or an armour,
    that has the slot free (a Craftsman's item: any living ally with the slot free)."""
    for c in s.chars:
        if c.dead:
            continue
        if not (use >> (s.idx * 3 + c.idx)) & 1:
            continue
        if d.type == ITEM and d.ally:  # a Craftsman's item: any living ally with the slot free
            for a in s.chars:
                if not a.dead and slot_check(g.defs, d, a) == FITS:
                    return True
            return False
        if d.type != ITEM or slot_check(g.defs, d, c) == FITS:
            return True
    return False


def keep_value(g: Game, s: Seat, d: CardDef, use: int) -> float:
    """A rough worth of holding ``d`` (may-use bits ``use``): 0 when no living character of ``s``
    can ever play it."""
    if not usable(g, s, d, use):
        return 0.0
    v = 0.5
    lasting = d.type == ITEM and not d.consumable
    for e in d.effects:
        n = e.n
        wide = 2.0 if (e.target == T_ALLIES or e.target == T_ENEMIES) else 1.0
        if e.op == OP_DAMAGE:
            v += n * wide
        elif e.op == OP_HEAL:
            v += 0.6 * n * wide
        elif e.op == OP_DRAW:
            v += 0.3 * n
        elif e.op == OP_RETRIEVE or e.op == OP_BONUSES:
            v += 1.0
        else:
            k = 0.4 if e.op == OP_SPIRIT else 1.0
            v += k * (n if e.target != T_FOE else -n) * wide * (2.0 if lasting else 1.0)
    if d.chain:
        v += 0.5
    return v


def worst(g: Game, s: Seat, use: list[int]) -> int:
    """The card of the hand least worth keeping (``use``: the may-use bits per card instance)."""
    out = -1
    worst_v = 1e18
    for c in s.hand:
        v = keep_value(g, s, g.defs[c], use[c])
        if v < worst_v:
            worst_v, out = v, c
    return out


def _stat(c: Character, st: int, turn: int) -> i64:
    """``c``'s Att or Def as printed, with its items and, when ``turn`` >= 0, that turn's bonuses."""
    d = c.d
    v: i64 = (d.att if st == ATT else d.defense) + c.equip[st]
    if turn >= 0:
        for b in d.bonuses:
            if b.turn == turn and b.stat == st:
                v += b.n
    return v


def fight_net(m: Character, f: Character, turn: int) -> i64:
    """The score ``m``'s side gains over ``f``'s when they fight on ``turn`` (-1: no turn bonus), by the
    strikes alone (ER-FIGHT-1: Att - Def both ways, with the Marauder bonus, each no more than the
    Life left): what the deck-out valuation reads a fight by."""
    am = _stat(m, ATT, turn)
    af = _stat(f, ATT, turn)
    if m.d.mar_n and (m.d.classes & MARAUDER) and (f.d.classes & m.d.mar_vs):
        am += m.d.mar_n
    if f.d.mar_n and (f.d.classes & MARAUDER) and (m.d.classes & f.d.mar_vs):
        af += f.d.mar_n
    to_f: i64 = am - _stat(f, DEF, turn)
    to_m: i64 = af - _stat(m, DEF, turn)
    to_f = 0 if to_f < 0 else f.life if to_f > f.life else to_f
    to_m = 0 if to_m < 0 else m.life if to_m > m.life else to_m
    return to_f - to_m


def _worth(mean: float, sd: float) -> float:
    """A final lead of ``mean`` points spread by ``sd``: the points plus the win's worth (``WIN``,
    as the last fight's valuation counts it, half for a win and half against for a loss) times the
    chance of the win less that of the loss."""
    return mean + WIN * 0.5 * math.erf(mean / (sd * math.sqrt(2.0)))


def deck_out_values(g: Game, p: int, fight_sd: float) -> tuple[float, float]:
    """Seat ``p``'s worth, in the bot's score points, of ending the game by deck-out (the refill after
    this turn fails, one more fight is fought) and of playing on. Ending: the lead after the next
    chooser's best pairing of the untapped characters (strikes only, :func:`fight_net`, that turn's
    bonuses), spread ``fight_sd``. Playing on: the lead plus, over the turns the decks still hold
    (``CARDS_A_TURN`` a side), the exchange a fight of the living characters gives when each chooser
    takes its best pair in turn, spread ``fight_sd`` a fight."""
    s = g.seats[p]
    op = g.seats[1 - p]
    lead = float(s.score - op.score)
    nxt = 1 - g.chooser  # the chooser of the next turn (ER-CHOOSE-1), the last one if the refill fails
    turn = g.turn + 1
    have = False
    last = 0.0
    best: i64 = 0
    worst_: i64 = 0
    seen = False
    for m in s.chars:
        if m.dead:
            continue
        for f in op.chars:
            if f.dead:
                continue
            v = fight_net(m, f, -1)
            if not seen or v > best:
                best = v
            if not seen or v < worst_:
                worst_ = v
            seen = True
            if m.tapped or f.tapped:
                continue
            w = float(fight_net(m, f, turn))
            if not have or (w > last if nxt == p else w < last):
                last = w
            have = True
    v_end = _worth(lead + last, fight_sd)
    left = len(s.deck) if len(s.deck) < len(op.deck) else len(op.deck)
    fights = 1.0 + float(left) / CARDS_A_TURN
    drift = 0.5 * float(best + worst_)
    v_on = _worth(lead + drift * fights, fight_sd * math.sqrt(fights))
    return v_end, v_on


def choose_discard(g: Game, p: int, use: list[int], fight_sd: float, safe_deck: int, stall_turn: int,
                   cycle: float) -> int:
    """Seat ``p``'s discard: the card to discard, or -1 to pass (see the module's text); ``use``:
    the may-use bits per card instance of this game (:class:`fwlab.bots.eredan.layout.Layout`)."""
    s = g.seats[p]
    hand = s.hand
    if not hand:
        return -1
    op = g.seats[1 - p]
    if len(hand) <= HAND:
        if s.decked or op.decked:
            return -1
        lead = s.score - op.score
        if lead > 0 and g.turn >= stall_turn:  # a stalled game: the side ahead throws its hand
            return hand[0]
        # ahead near the end of the deck: end the game by deck-out when that is worth more than
        # playing on (deck_out_values); the refill fails once hand and deck hold fewer than five,
        # so only the least useful cards go and the rest are kept for the last fight
        if lead > 0 and len(s.deck) < HAND and len(hand) + len(s.deck) >= HAND:
            v_end, v_on = deck_out_values(g, p, fight_sd)
            if v_end > v_on:
                return worst(g, s, use)
        if g.turn >= stall_turn and lead == 0 and len(hand) == HAND and len(s.deck) >= len(op.deck):
            return worst(g, s, use)  # a stalled tie: new cards, without running out first
        if len(s.deck) < safe_deck or len(hand) - 1 + len(s.deck) < HAND:
            return -1  # a voluntary discard never makes the refill fail (that is the deck-out's call above)
        living: i64 = 0  # may-use bits of this side's living characters
        for ch in s.chars:
            if not ch.dead:
                living |= 1 << (s.idx * 3 + ch.idx)
        defs = g.defs
        for c in hand:  # while the deck is large: what no living character can play goes
            d = defs[c]
            u: i64 = use[c]
            if d.type == ITEM:  # a weapon or an armour needs a free slot too
                if not usable(g, s, d, use[c]):
                    return c
            elif not (u & living):  # usable() without items: a living character may play it
                return c
        if cycle > 0.0:
            for c in hand:
                if keep_value(g, s, g.defs[c], use[c]) < cycle:
                    return c
        return -1
    return worst(g, s, use)
