"""The discards of the Eredan heuristic (:mod:`.heuristic`): what goes at the Discard step.

DISCARD: down to five by the least useful cards; while the deck is large, cards no living
character can play go. Far enough ahead (``force_margin``) near the end of the deck the whole hand
goes, so the next refill fails and the game ends on the score after one more turn; from
``stall_turn`` on (a stalled game) any lead does, and a tied side whose deck is not the shorter
cycles one card a turn.

Who may play a card is read from its may-use bits (:mod:`.layout`, the engine's ``why_not_for``)
and whether an item fits from the engine's ``slot_check``. Plain functions of the game: a
discard needs no imagined fight.
"""

from __future__ import annotations

from mypy_extensions import i64

from ...rules.eredan.cards import (
    ITEM,
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
from ...rules.eredan.state import HAND, Seat


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


def choose_discard(g: Game, p: int, use: list[int], force_margin: int, safe_deck: int, stall_turn: int,
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
        # far enough ahead near the end of the deck (or in a stalled game): throw the hand, so
        # the next refill fails and the game ends on the score after one more turn
        if lead > 0 and ((len(s.deck) < HAND and lead >= force_margin) or g.turn >= stall_turn):
            return hand[0]
        if g.turn >= stall_turn and lead == 0 and len(hand) == HAND and len(s.deck) >= len(op.deck):
            return worst(g, s, use)  # a stalled tie: new cards, without running out first
        if len(s.deck) < safe_deck:
            return -1
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
