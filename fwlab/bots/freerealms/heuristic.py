"""The default Free Realms bot: an inventory and coin curve, column choice, hunt or attack from the
exact battle odds of the gems, and tricks where they swing a battle.

Battle odds are those of :func:`fwlab.calc.gems.battle_odds` with a flip a uniformly random card of
the cards actually left to flip: the deck, or when it is empty the discard pile that becomes it
(FR-DECK-1), or nothing (0 gems, FR-DECK-2); attack/defense power-ups add to the total. They are
computed on the engine's own card definitions, with a flipped Hero matching every sphere
(FR-POWERUP-2), and cached per flip source, creature and role: the bot is on the hot path.
``tests/rules/test_fr_bots.py`` holds the two to the same numbers.

A **starved** bot (its deck and discard pile hold fewer cards than it still needs to score, plus a
margin: :data:`STARVED_MARGIN`) feeds its deck instead of hoarding: it plays any trick that does not
hurt its battle (a played trick goes to the discard pile, the next deck), chases its weakest creature
with one from its hand, attacks boldly and puts no more cards face down (FR-DECK-1, FR-DECK-2).

It reads the game state directly and returns one action; the game still checks every action.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ...rules.core import Action
from ...rules.freerealms.cards import (
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
from ...rules.freerealms.game import DISCARD, GO, INVENTORY, MULLIGAN, SET, TRICKS, Game
from ...rules.freerealms.state import T_REBUILDS, Creature

PASS: Final = Action("pass")
KEEP: Final = Action("keep")
MULL: Final = Action("mulligan")
MAX_BONUS: Final = 24
RESOURCE_A: Final = 0
FACEDOWN_A: Final = 1
PLAY_A: Final = 2
COIN_A: Final = 3
HUNT_A: Final = 4
ATTACK_A: Final = 5
TRICK_A: Final = 6
STAR_A: Final = 7
DISCARD_A: Final = 8
_KINDS: Final = ("resource", "facedown", "play", "coin", "hunt", "attack", "trick", "star", "discard")
#: what a card discarded to pay a cost is worth, in the battle value of :meth:`HeuristicBot._gain`
DISCARD_COST: Final = 0.15
#: the least a move must gain (in the column values of :meth:`HeuristicBot._set`) to be made
MOVE_MARGIN: Final = 2.0
#: a hand this big draws no more with coin actions: the cards are left in the deck to be scored (a bot
#: that draws its whole deck into its hand can no longer hunt or win a battle's score, FR-DECK-2)
HAND_ENOUGH: Final = 10
#: starved: deck + discard pile < the cards still to score + this margin (see the module docstring)
STARVED_MARGIN: Final = 6
#: the least gain (battle value, see :meth:`HeuristicBot._gain`) a starved bot, or one holding
#: :data:`HAND_ENOUGH` cards, plays a trick for: a card played feeds the deck, one hoarded does nothing
CYCLE_THRESHOLD: Final = -0.2
#: the actions this bot has returned, by kind and numbers: made once per process (an Action is a
#: value, and making one from this build costs more than finding it); index (code * 512 + a) * 8 + b + 1
_ACT_A: Final = 512
_ACTS: list[Action | None] = [None] * (9 * _ACT_A * 8)


def act(code: int, a: int, b: int = -1) -> Action:
    """The action ``_KINDS[code] a [b]`` (``a`` a card id, ``b`` a space or an action index)."""
    if 0 <= a < _ACT_A and -1 <= b < 7:
        i = (code * _ACT_A + a) * 8 + b + 1
        x = _ACTS[i]
        if x is None:
            x = Action(_KINDS[code], a, b)
            _ACTS[i] = x
        return x
    return Action(_KINDS[code], a, b)


def gem_profile(deck: Sequence[CardDef]) -> tuple[tuple[int, int, int], ...]:
    """A deck as the flip sees it: ``(gems, match mask, copies)`` per kind of card, sorted."""
    counts: dict[int, int] = {}
    for d in deck:
        key = d.gems * 16 + d.match
        counts[key] = counts.get(key, 0) + 1
    out: list[tuple[int, int, int]] = []
    for key in sorted(counts):
        out.append((key // 16, key % 16, counts[key]))
    return tuple(out)


def source_profile(defs: Sequence[CardDef], cards: list[int]) -> tuple[tuple[int, int, int], ...]:
    """:func:`gem_profile` of card instance ids (the cards left to flip)."""
    counts: dict[int, int] = {}
    for iid in cards:
        d = defs[iid]
        key = d.gems * 16 + d.match
        counts[key] = counts.get(key, 0) + 1
    out: list[tuple[int, int, int]] = []
    for key in sorted(counts):
        out.append((key // 16, key % 16, counts[key]))
    return tuple(out)


#: profile -> a number of its own (for memo keys); numbers are never reused
_PROF_IDS: dict[tuple[tuple[int, int, int], ...], int] = {}
_NEXT_PID: list[int] = [1]


def profile_id(prof: tuple[tuple[int, int, int], ...]) -> int:
    pid = _PROF_IDS.get(prof)
    if pid is None:
        if len(_PROF_IDS) > 100_000:
            _PROF_IDS.clear()
        pid = _NEXT_PID[0]
        _NEXT_PID[0] = pid + 1
        _PROF_IDS[prof] = pid
    return pid


def flip_hist(profile: tuple[tuple[int, int, int], ...], c: CardDef, attacking: bool) -> list[float]:
    """P(the flip adds k to ``c``'s total), k = 0.., when its owner flips a uniformly random card of
    the cards it has left to flip (``profile``, see :func:`gem_profile`): the card's gems plus the matching attack
    (attacking) or defense power-ups. The list ends at the largest k that can happen."""
    hist = [0.0] * MAX_BONUS
    n = 0
    top = 0
    want = OP_ATTACK if attacking else OP_DEFENSE
    for gems, m, copies in profile:
        k = gems
        if m:
            for pu in c.powerups:
                if pu.op == want and pu.sphere & m:
                    k += pu.n
        if k >= MAX_BONUS:
            k = MAX_BONUS - 1
        if k > top:
            top = k
        hist[k] += copies
        n += copies
    if n == 0:
        return [1.0]
    out = hist[:top + 1]
    for k in range(top + 1):
        out[k] /= n
    return out


#: profile -> creature uid * 2 + attacking -> (histogram, cumulative): shared by every bot and game of a
#: process (a simulation plays the same decks thousands of times)
_HISTS: dict[tuple[tuple[int, int, int], ...], dict[int, tuple[list[float], list[float]]]] = {}


def cumulative(h: list[float]) -> list[float]:
    """``cum[k]`` = P(X <= k) of a histogram."""
    out: list[float] = []
    t = 0.0
    for x in h:
        t += x
        out.append(t)
    return out


def odds(diff: int, ha: list[float], hd: list[float], cd: list[float]) -> tuple[float, float]:
    """(P(win), P(tie)) of the attacker when its base total exceeds the defender's by ``diff``;
    ``ha``/``hd`` are the flip histograms, ``cd`` the defender's cumulative one."""
    win = 0.0
    tie = 0.0
    nd = len(hd)
    for i in range(len(ha)):
        pa = ha[i]
        if pa == 0.0:
            continue
        x = diff + i          # the attacker wins when the defender's flip adds less than x
        if x > nd:
            win += pa
        elif x > 0:
            win += pa * cd[x - 1]
            if x < nd:
                tie += pa * hd[x]
        elif x == 0:
            tie += pa * hd[0]
    return win, tie


#: (pid of the attacker's flip source, pid of the defender's, key) -> (P(win), P(tie)), shared by
#: every bot of a process (a simulation meets the same sources again and again); bounded
_ODDS: dict[tuple[int, int, int], tuple[float, float]] = {}
#: the same for the fight values of :meth:`HeuristicBot._fight`
_FIGHTS: dict[tuple[int, int, int], float] = {}
MEMO_MAX: Final = 200_000


def creature_value(d: CardDef) -> float:
    """A creature's worth in play, in rough stat points (computed once per card: ``CardDef.worth``)."""
    return d.worth


class HeuristicBot:
    name = "heuristic"

    def __init__(self, seed: int = 0, aggression: float = 0.0, trick_threshold: float = 0.12,
                 inventory_target: int = 5, chase_margin: int = 4) -> None:
        self.seed = seed
        self.aggression = aggression          # attack when the expected gain (in cards) > -aggression
        self.trick_threshold = trick_threshold
        self.inventory_target = inventory_target
        self.chase_margin = chase_margin
        # per seat, the cards left to flip (FR-DECK-1: the deck, else the discard pile that becomes it) as last
        # seen: the list, its length and the game's rebuild and mulligan stamp; its profile, the profile's
        # number and its histogram cache (creature uid * 2 + attacking -> (histogram, cumulative))
        self._src: list[list[int] | None] = [None, None]
        self._src_len = [-1, -1]
        self._src_stamp = [-1, -1]
        self._profiles: list[tuple[tuple[int, int, int], ...]] = [(), ()]
        self._pid = [0, 0]
        self._cache: list[dict[int, tuple[list[float], list[float]]]] = [{}, {}]

    # ------------------------------------------------------------------ odds
    def flip_source(self, g: Game, p: int) -> None:
        """Point seat ``p``'s odds at the cards it has left to flip now: its deck, or its discard pile when
        the deck is empty (the pile becomes the deck the moment a card is needed, FR-DECK-1), or nothing
        (a flip of 0 gems, FR-DECK-2). The profile is recomputed only when those cards may have changed:
        another list, another length, a rebuild or a mulligan since (a list only shrinks from the top
        between rebuilds, and a discard pile only grows)."""
        s = g.seats[p]
        src = s.deck if s.deck else s.discard
        stamp = g.tally[T_REBUILDS] * 4 + g.mulligans_left
        if src is self._src[p] and len(src) == self._src_len[p] and stamp == self._src_stamp[p]:
            return
        prof = source_profile(g.defs, src)
        self._src[p] = src
        self._src_len[p] = len(src)
        self._src_stamp[p] = stamp
        self._profiles[p] = prof
        self._pid[p] = profile_id(prof)
        cache = _HISTS.get(prof)
        if cache is None:
            if len(_HISTS) > 20_000:
                _HISTS.clear()
            cache = {}
            _HISTS[prof] = cache
        self._cache[p] = cache

    def _hists(self, p: int, d: CardDef, attacking: bool) -> tuple[list[float], list[float]]:
        cache = self._cache[p]
        key = (d.uid << 1) | (1 if attacking else 0)
        hit = cache.get(key)
        if hit is None:
            h = flip_hist(self._profiles[p], d, attacking)
            hit = (h, cumulative(h))
            cache[key] = hit
        return hit

    def odds_of(self, g: Game, pa: int, da: CardDef, att: int, dd: CardDef, dfn: int) -> tuple[float, float]:
        """(P(win), P(tie)) of seat ``pa``'s creature ``da`` attacking with total ``att`` before its flip
        the creature ``dd`` defending with ``dfn``, each flipping from the cards it has left to flip."""
        self.flip_source(g, pa)
        self.flip_source(g, 1 - pa)
        # the creatures' numbers in the low bits: they vary most (a dict probes by the low bits first)
        key = ((((att - dfn + 256) & 511) << 24 | dd.uid) << 24 | da.uid) << 1 | pa
        mkey = (self._pid[pa], self._pid[1 - pa], key)
        hit = _ODDS.get(mkey)
        if hit is None:
            ha = self._hists(pa, da, True)[0]
            hd, cd = self._hists(1 - pa, dd, False)
            hit = odds(att - dfn, ha, hd, cd)
            if len(_ODDS) > MEMO_MAX:
                _ODDS.clear()
            _ODDS[mkey] = hit
        return hit

    def battle(self, g: Game, att: Creature, dfn: Creature, att_bonus: int, def_bonus: int) -> tuple[float, float]:
        """(P(attacker wins), P(tie)) with the bonuses so far."""
        return self.odds_of(g, att.owner, att.d, g.attack_of(att) + att_bonus, dfn.d, g.defense_of(dfn) + def_bonus)

    def starved(self, g: Game, p: int) -> bool:
        """Whether seat ``p``'s deck and discard pile, the only cards it can still score (FR-SCORE-1,
        FR-DECK-1), hold fewer than it needs to win plus :data:`STARVED_MARGIN`: then a card played
        (a trick, a chased creature, a discarded cost) is worth more than one kept in hand."""
        s = g.seats[p]
        return len(s.deck) + len(s.discard) < g.goal - s.scored + STARVED_MARGIN

    # ------------------------------------------------------------------ decisions
    def choose(self, g: Game) -> Action:
        d = g.decision
        if d == GO:
            return self._go(g)
        if d == TRICKS:
            return self._tricks(g)
        if d == SET:
            return self._set(g)
        if d == INVENTORY:
            return self._inventory(g)
        if d == DISCARD:
            return act(DISCARD_A, self._least_useful(g, g.decider))
        if d == MULLIGAN:
            return self._mulligan(g)
        return PASS

    def _card_value(self, g: Game, dd: CardDef, inv: int) -> float:
        """How much a card in hand is worth keeping (the card the bot plays face down or discards is the
        one worth least): a creature by its stats, less when it is far above the inventory, a Hero more."""
        if dd.type == CREATURE:
            v = creature_value(dd) - 2.0 * max(0, dd.cost - inv - 2)
            if dd.hero:
                v += 4.0
            return v
        return 5.0 + 2.0 * len(dd.effects)

    def _least_useful(self, g: Game, p: int) -> int:
        """The card of ``p``'s hand worth least (FR-COST-1: the one it discards to pay a cost)."""
        s = g.seats[p]
        inv = len(s.inventory)
        worst = s.hand[0]
        worst_v = 1e9
        for iid in s.hand:
            v = self._card_value(g, g.defs[iid], inv)
            if g.defs[iid].type == RESOURCE:
                v = 3.0 + float(len(g.defs[iid].actions))   # a resource in hand: worth an inventory card
            if v < worst_v:
                worst, worst_v = iid, v
        return worst

    def _mulligan(self, g: Game) -> Action:
        s = g.seats[g.decider]
        cheap = 0
        res = 0
        for iid in s.hand:
            dd = g.defs[iid]
            if dd.type == CREATURE and dd.cost <= 2:
                cheap += 1
            elif dd.type == RESOURCE:
                res += 1
        return MULL if cheap == 0 or (res == 0 and cheap < 2) else KEEP

    def _inventory(self, g: Game) -> Action:
        p = g.decider
        s = g.seats[p]
        best_res = -1
        best_res_v = -1.0
        for iid in s.hand:
            dd = g.defs[iid]
            if dd.type == RESOURCE:
                v = float(len(dd.actions))
                if v > best_res_v:
                    best_res, best_res_v = iid, v
        inv = len(s.inventory)
        if inv >= 4 and self.starved(g, p):
            return PASS  # an inventory card never returns to the deck: keep it to play or discard
        if best_res >= 0:
            return act(RESOURCE_A, best_res)
        if inv >= self.inventory_target or len(s.hand) < 2:
            return PASS
        # no resource: the least useful card goes face down (an expensive creature far above the curve,
        # else the weakest card)
        worst = -1
        worst_v = 1e9
        for iid in s.hand:
            v = self._card_value(g, g.defs[iid], inv)
            if v < worst_v:
                worst, worst_v = iid, v
        return act(FACEDOWN_A, worst)

    def _fight(self, g: Game, p: int, dd: CardDef, foe: Creature) -> float:
        """How a creature ``dd`` of seat ``p`` would fare against ``foe``: attacking and defending."""
        fa, fd = g.attack_of(foe), g.defense_of(foe)
        self.flip_source(g, p)
        self.flip_source(g, 1 - p)
        key = (((((((fa & 127) << 7) | (fd & 127)) << 24 | foe.d.uid) << 24) | dd.uid) << 1) | p
        mkey = (self._pid[p], self._pid[1 - p], key)
        v = _FIGHTS.get(mkey)
        if v is None:
            w, t = self.odds_of(g, p, dd, dd.attack, foe.d, fd)
            w2, t2 = self.odds_of(g, 1 - p, foe.d, fa, dd, dd.defense)
            v = 3.0 * (w - (1.0 - w - t)) + 2.0 * ((1.0 - w2 - t2) - w2)
            if len(_FIGHTS) > MEMO_MAX:
                _FIGHTS.clear()
            _FIGHTS[mkey] = v
        return v

    def _set(self, g: Game) -> Action:
        p = g.decider
        s = g.seats[p]
        opp = g.seats[1 - p]
        coins = s.coins
        # the columns, once: the value of my creature there (-1: empty), the foe (None: hunting), the pile
        mine_v = [-1.0, -1.0, -1.0]
        foes: list[Creature | None] = [None, None, None]
        piles = [0, 0, 0]
        for col in range(3):
            mine = s.spaces[col]
            if mine is not None:
                mine_v[col] = creature_value(mine.d)
            foe = opp.spaces[col]
            if foe is not None and not foe.stunned:
                foes[col] = foe
            piles[col] = len(s.piles[col])
        best_iid = -1
        best_col = -1
        best_v = 0.0
        seen: list[CardDef] = []
        margin = self.chase_margin
        starved = self.starved(g, p)
        chase_bonus = 0.0
        if len(s.deck) + len(s.discard) < 4:  # nothing left to score: any chase feeds the deck
            margin, chase_bonus = -1000, 2.0
        elif starved:  # a chased creature goes to the discard pile, the next deck: chase even for less
            margin, chase_bonus = -1, 2.0
        elif len(s.hand) >= HAND_ENOUGH:
            margin = min(margin, 1)
        for iid in s.hand:
            dd = g.defs[iid]
            if dd.type != CREATURE or dd.cost > coins:
                continue
            dup = False
            for x in seen:
                if x is dd:
                    dup = True
                    break
            if dup:
                continue
            seen.append(dd)
            if dd.hero and g.hero_in_play(p, dd.name):
                continue
            base = creature_value(dd)
            for col in range(3):
                v = base
                mv = mine_v[col]
                if mv >= 0.0:
                    if base - mv < margin:
                        continue
                    v = base - mv - 2.0 + chase_bonus
                pile = piles[col]
                foe = foes[col]
                if foe is None:
                    v += 4.0
                    if dd.collect_op == COLLECT_HUNT:
                        v += 1.5 * pile
                else:
                    v += self._fight(g, p, dd, foe)
                v += 0.3 * pile
                if v > best_v:
                    best_v = v
                    best_iid = iid
                    best_col = col
        if best_iid >= 0:
            return act(PLAY_A, best_iid, best_col)
        # spare coins: a creature's move (FR-MOVE-1) away from a foe it fares badly against, to a column
        # where it hunts
        moved = self._move(g, p, coins, foes)
        if moved is not None:
            return moved
        # then coin actions that draw (more cards than a discard cost takes)
        hand = len(s.hand)
        if hand >= HAND_ENOUGH or starved:
            return PASS  # a draw takes from the deck what a score would need
        for iid in s.inventory:
            dd = g.defs[iid]
            if dd.coin_actions and not g.face_down[iid]:
                acts = dd.actions
                for i in range(len(acts)):
                    a = acts[i]
                    if (not a.in_battle and a.coins <= coins and not (a.zap and g.inv_zapped[iid])
                            and _worth_drawing(a, hand)):
                        return act(COIN_A, iid, i)
        for c in s.spaces:
            if c is not None and c.d.coin_actions:
                acts = c.d.actions
                for i in range(len(acts)):
                    a = acts[i]
                    if (not a.in_battle and a.eff.op == OP_DRAW and a.coins <= coins
                            and not (a.zap and (c.zapped or c.stunned)) and _worth_drawing(a, hand)):
                        return act(COIN_A, c.iid, i)
        return PASS

    def _move(self, g: Game, p: int, coins: int, foes: list[Creature | None]) -> Action | None:
        """A creature's move action worth using now, if any: a ready creature facing a foe it fares badly
        against (its fight value below hunting's by :data:`MOVE_MARGIN`) to an empty space with no foe
        that is not stunned, where it hunts this turn."""
        s = g.seats[p]
        free = -1
        for col in range(3):
            if s.spaces[col] is None and foes[col] is None:
                free = col
                break
        if free < 0:
            return None
        hand = len(s.hand)
        for c in s.spaces:
            if c is None or not c.d.coin_actions or c.zapped or c.stunned:
                continue
            foe = foes[c.col]
            if foe is None:
                continue
            acts = c.d.actions
            for i in range(len(acts)):
                a = acts[i]
                if a.in_battle or a.eff.op != OP_MOVE or a.coins > coins or a.zap or a.discard >= hand:
                    continue
                if 4.0 - self._fight(g, p, c.d, foe) - a.discard * 2.0 >= MOVE_MARGIN:
                    return Action("coin", c.iid, i, free)
        return None

    def _go(self, g: Game) -> Action:
        p = g.decider
        s = g.seats[p]
        opp = g.seats[1 - p]
        best: Creature | None = None
        best_v = -1e9
        for c in s.spaces:
            if c is None or c.zapped or c.stunned:
                continue
            foe = opp.spaces[c.col]
            if foe is None or foe.stunned:
                return act(HUNT_A, c.iid)
            w, t = self.battle(g, c, foe, 0, 0)
            lose = 1.0 - w - t
            mine, theirs = creature_value(c.d) / 8.0, creature_value(foe.d) / 8.0
            # a win scores a card and destroys the foe; a loss costs this creature; a tie both
            v = w * (1.0 + theirs) - lose * mine - t * (mine - theirs)
            v += 0.05 * (len(s.inventory) - len(opp.inventory))   # the stars each side will have
            if v > best_v:
                best_v, best = v, c
        bold = self.aggression
        if len(s.deck) + len(s.discard) < 4:
            bold = 1e9   # nothing left to score: a battle is the only way cards reach the discard pile again
        elif g.turn > 60:
            bold += 1.5  # a long stand-off: attack
        elif self.starved(g, p):
            bold += 0.5  # a battle sends its flips, tricks and losers to the discard piles
        if best is not None and best_v > -bold:
            return act(ATTACK_A, best.iid)
        return PASS

    def _tricks(self, g: Game) -> Action:
        p = g.decider
        s = g.seats[p]
        att, dfn = g.b_att, g.b_def
        if att is None or dfn is None:
            return PASS
        attacking = att.owner == p
        ab = g.b_bonus[att.owner]
        db = g.b_bonus[dfn.owner]
        w, t = self.battle(g, att, dfn, ab, db)
        cur = (w - (1.0 - w - t)) if attacking else ((1.0 - w - t) - w)
        foe = dfn if attacking else att
        best: Action | None = None
        best_gain = self.trick_threshold
        starved = self.starved(g, p)
        hand = len(s.hand)
        if starved or hand >= HAND_ENOUGH:
            best_gain = CYCLE_THRESHOLD  # a trick played feeds the deck; one hoarded does nothing
        discard_cost = -0.05 if starved else DISCARD_COST
        for iid in s.hand:
            dd = g.defs[iid]
            if dd.type != TRICK or dd.cost > s.stars:
                continue
            gain = (self._gain(g, dd.effects, attacking, att, dfn, ab, db, foe, cur, starved) - 0.04 * dd.cost
                    + (0.15 if starved else 0.0))
            if gain > best_gain:
                best_gain, best = gain, act(TRICK_A, iid)
        for iid in s.inventory:
            dd = g.defs[iid]
            if not dd.battle_actions or g.face_down[iid]:
                continue
            acts = dd.actions
            for i in range(len(acts)):
                a = acts[i]
                if not a.in_battle or a.stars > s.stars or (a.zap and g.inv_zapped[iid]) or a.discard > hand:
                    continue
                gain = (self._gain(g, (a.eff,), attacking, att, dfn, ab, db, foe, cur, starved)
                        - (0.1 if a.face_down else 0.0) - discard_cost * a.discard)
                if gain > best_gain:
                    best_gain, best = gain, act(STAR_A, iid, i)
        # FR-STAR-2: star actions of the bot's creatures, the battling one or another (zapping one that could
        # still hunt or attack this turn costs that)
        for c in s.spaces:
            if c is None or not c.d.battle_actions:
                continue
            acts = c.d.actions
            for i in range(len(acts)):
                a = acts[i]
                if not a.in_battle or a.stars > s.stars or a.discard > hand or (a.zap and (c.zapped or c.stunned)):
                    continue
                gain = (self._gain(g, (a.eff,), attacking, att, dfn, ab, db, foe, cur, starved)
                        - discard_cost * a.discard - (0.3 if a.zap and g.active == p else 0.0))
                if gain > best_gain:
                    best_gain, best = gain, act(STAR_A, c.iid, i)
        return best if best is not None else PASS

    def _gain(self, g: Game, effs: tuple[Eff, ...], attacking: bool, att: Creature, dfn: Creature, ab: int,
              db: int, foe: Creature, cur: float, starved: bool = False) -> float:
        """How much a card's effects raise this side's battle value (win - lose, in [-1, 1]); a starved
        side (:meth:`starved`) counts a draw against it (it takes from the deck what a score needs)."""
        mine = att if attacking else dfn
        plus = 0
        gain = 0.0
        for e in effs:
            if e.trait and e.trait not in mine.d.traits:
                continue
            op = e.op
            if op == OP_ATTACK and attacking or op == OP_DEFENSE and not attacking:
                plus += e.n
            elif op == OP_DESTROY:
                if foe.d.cost <= e.n:
                    return 2.0 - cur + 0.5
            elif op == OP_END_BATTLE:
                gain += -cur
            elif op == OP_SCORE:
                gain += 0.6 * e.n
            elif op == OP_DRAW:
                gain += -0.15 * e.n if starved else 0.08 * e.n
            elif op == OP_STUN:
                gain += 0.15
        if plus:
            if attacking:
                w, t = self.battle(g, att, dfn, ab + plus, db)
                gain += (w - (1.0 - w - t)) - cur
            else:
                w, t = self.battle(g, att, dfn, ab, db + plus)
                gain += ((1.0 - w - t) - w) - cur
        return gain


def _worth_drawing(a: ResAction, hand: int) -> bool:
    """Whether a coin action that draws is worth its discard cost: it draws more cards than it discards,
    and the bot holds the cards to discard."""
    if a.eff.op != OP_DRAW:
        return False
    return a.discard == 0 or (a.eff.n > a.discard and hand >= a.discard)
