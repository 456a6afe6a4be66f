"""The default Eredan bot: the pairing of each fight from the exact exchange, the card that helps that
fight most, and discards that keep the deck alive.

The bot reads the game state directly and imagines one fight at a time in a :class:`Fight`: the
two fighters' Att, Def and Spirit before the floor at 0 (printed, items, this fight's changes, turn
bonuses, Marauder bonus, as :meth:`Game.stat` counts them) and their Life; it plays a card into it
(:meth:`HeuristicBot.apply_card` mirrors the engine's card resolution) and settles the strikes
(:meth:`HeuristicBot.value`). A fight's value, for the seat that imagines it, is the score it gains
(Life removed from enemies plus Life restored to its own) minus the score the other side gains,
plus what a kill is worth (a dead character strikes and scores no more; the last one ends the
game), plus what lasts (an item's points over its bearer's fights still to come, counted where
they pass the enemies' Def or hold off their Att). On the last turn (a deck ran out) only the final
score counts.

* CHOOSE: every legal pair, valued by its exchange with this turn's bonuses and Marauder bonuses,
  plus the best card (or chain: the opener's gain and its best follow-up's, added) the chooser
  holds, plus ``search_weight`` times a search of the next ``horizon`` pairings (each chooser takes
  its best pair from what stays untapped, strikes only), minus ``opp_card`` times what the
  opponent's best card is expected to add (the best of a random hand drawn from its unseen cards,
  card by card). That last term only lowers a value, so it is worked out best pair first and not at
  all for pairs that can no longer win. A single legal pair is taken at once.
* PLAY: the card (and ally target) that raises the fight's value most beyond ``play_cost``, a chain
  opener valued with its best follow-up; pass when nothing helps (a heal waits for damage: the
  points it would restore to no one count against it).
* DISCARD: down to five by the least useful cards; while the deck is large, cards no living
  character can play go. Far enough ahead (``force_margin``) near the end of the deck the whole
  hand goes, so the next refill fails and the game ends on the score after one more turn; from
  ``stall_turn`` on (a stalled game) any lead does, and a tied side whose deck is not the shorter
  cycles one card a turn.

Nothing here clones the game, and nothing reads the opponent's hand: its unseen cards (hand and
deck together) are only counted by kind. The module is compiled with the engine (mypyc): plain typed
classes, no closures, per-character and per-card numbers kept in small native records (a list of
floats would box every number).
"""

from __future__ import annotations

from typing import Final

from mypy_extensions import i64

from ...rules.core import Action
from ...rules.eredan.cards import (
    ANY,
    ARMOUR,
    ATT,
    DEF,
    FIGHTER,
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
    OP_SPIRIT,
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
    WEAPON,
    CardDef,
    passes,
)
from ...rules.eredan.game import CHOOSE, DISCARD, NO_CHAIN, PLAY, Chooser, Game
from ...rules.eredan.state import HAND, Character, Seat

PASS: Final = Action("pass")
#: the win (or loss) that ends the game, in score points
WIN: Final = 60.0
_MAXC: Final = 256
_CHOOSE_ACTS: Final = [Action("choose", i // 3, i % 3) for i in range(9)]
#: play actions by card instance id and target (index c * 4 + target + 1), made once per process
_PLAY_ACTS: list[Action | None] = [None] * (_MAXC * 4)
_DISCARD_ACTS: list[Action | None] = [None] * _MAXC


def play_act(c: int, t: int) -> Action:
    """``play c`` (``t`` = -1) or ``play c t``."""
    if 0 <= c < _MAXC:
        i = c * 4 + t + 1
        x = _PLAY_ACTS[i]
        if x is None:
            x = Action("play", c, t)
            _PLAY_ACTS[i] = x
        return x
    return Action("play", c, t)


def discard_act(c: int) -> Action:
    if 0 <= c < _MAXC:
        x = _DISCARD_ACTS[c]
        if x is None:
            x = Action("discard", c)
            _DISCARD_ACTS[c] = x
        return x
    return Action("discard", c)


# ---------------------------------------------------------------------------------- rules mirrors
def printed(d: CardDef, st: int) -> int:
    return d.att if st == ATT else d.defense if st == DEF else d.spirit


def raw_stat(ch: Character, st: int, turn: int, fighting: bool, foe: Character | None) -> int:
    """``Game.stat`` before its floor at 0, for ``ch`` fighting ``foe`` on ``turn`` (or not fighting)."""
    d = ch.d
    v = printed(d, st) + ch.equip[st] + ch.fmod[st]
    if ch.allbonus:
        for b in d.bonuses:
            if b.stat == st:
                v += b.n
    elif fighting:
        for b in d.bonuses:
            if b.turn == turn and b.stat == st:
                v += b.n
    if fighting and st == ATT and d.mar_n and (d.classes & MARAUDER) and foe is not None:
        if foe.d.classes & d.mar_vs:
            v += d.mar_n
    return v


def _fighting_stats(x: Fight, ch: Character, foe: Character, turn: int, mine: bool) -> None:
    """``raw_stat`` of ``ch`` fighting ``foe`` on ``turn`` for Att, Def and Spirit at once, into
    ``x.ma``, ``x.md``, ``x.ms`` (``mine``) or ``x.fa``, ``x.fd``, ``x.fs``."""
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


def may_use(d: CardDef, cd: CardDef, guild: str) -> bool:
    """Whether character ``cd`` of a ``guild`` deck may ever play ``d`` (the engine's ``why_not_for``)."""
    if d.caste and cd.caste != d.caste:
        return False
    guem_ok = cd.guem and d.type == SPELL and d.element == cd.element and not d.guild and not d.caste
    if d.classes and not (cd.classes & d.classes) and not guem_ok:
        return False
    if d.type == SPELL and not (cd.classes & MAGE) and not guem_ok:
        return False
    if d.type == THEURGY and not (cd.classes & PRIEST):
        return False
    return not d.guild or d.guild == guild or (d.type == ITEM and cd.golem)


def slot_free(g: Game, d: CardDef, bearer: Character) -> bool:
    """ER-ITEM-2: a weapon or an armour fits ``bearer`` (the engine's ``_why_slot``)."""
    if d.kind == ARMOUR:
        for i in bearer.items:
            if g.defs[i].kind == ARMOUR:
                return False
    elif d.kind == WEAPON:
        n = 0
        w: CardDef | None = None
        for i in bearer.items:
            x = g.defs[i]
            if x.kind == WEAPON:
                n += 1
                w = x
        if n >= 2:
            return False
        if w is not None:
            if w.hands == 2 or d.hands == 2:
                return False
            if not (w.dual_wield or d.dual_wield):
                return False
    return True


def card_ok(g: Game, d: CardDef, me: Seat, ch: Character, target: int, restr: int, use: int = -1) -> bool:
    """Whether ``me`` may play ``d`` for fighter ``ch`` (ally ``target`` or -1); ``restr``: the
    chain restriction of a second card, or NO_CHAIN for a first card (mirrors ``Game._why_card``);
    ``use``: bit ``seat * 3 + index`` set for each character that may ever play ``d`` (``may_use``,
    worked out here when -1)."""
    if restr != NO_CHAIN and not passes(d, restr):
        return False
    if use < 0:
        if not may_use(d, ch.d, me.guild):
            return False
    elif not (use >> (me.idx * 3 + ch.idx)) & 1:
        return False
    bearer = ch
    if d.ally:
        if not 0 <= target < 3:
            return False
        bearer = me.chars[target]
        if bearer.dead:
            return False
        if d.guild and d.guild != me.guild and bearer is not ch:
            return False
    elif target != -1:
        return False
    if d.type == ITEM:
        return slot_free(g, d, bearer)
    return True


def chain_after(d: CardDef, cd: CardDef) -> int:
    """The chain a first card ``d`` played for ``cd`` opens (the engine's ``_chain_after``)."""
    res = NO_CHAIN
    if d.chain and not (d.type == SPELL and cd.guem):
        res = d.chain_with
    if cd.classes == FIGHTER and d.type == ITEM and d.kind == cd.item_chain:
        res = ANY
    if cd.classes == MAGE and not cd.guem and d.type == SPELL and not d.aoe:
        res = ANY
    return res


def mar_bonus(d: CardDef, foe: CardDef) -> int:
    """A Marauder's Att bonus against ``foe``'s classes (ER-BONUS-2)."""
    if d.mar_n and (d.classes & MARAUDER) and (foe.classes & d.mar_vs):
        return d.mar_n
    return 0


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
        # its Marauder bonus (ER-BONUS-2): ``mar_n`` Att against a foe of a class in ``mar_vs``
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


class Kind:
    """One kind of the opponent's unseen cards: ``n`` copies; ``t0..t2`` the target it would take
    for the opponent's character 0..2 (-1 none needed, -2 unplayable); ``g`` what it adds."""

    def __init__(self, d: CardDef) -> None:
        self.d = d
        self.n = 0
        self.t0 = -2
        self.t1 = -2
        self.t2 = -2
        self.g = 0.0
        self.relevant = False
        self.use = 0


class Memo:
    """The last :meth:`HeuristicBot.lasting_value` of one holder and stat in one decision
    (``stamp``): ``n`` points worth ``v``."""

    def __init__(self) -> None:
        self.stamp = -1
        self.n = 0
        self.v = 0.0


class PairValue:
    """A pair at a choice: ``v`` its value before the opponent's expected card."""

    def __init__(self, m: Character, f: Character) -> None:
        self.m = m
        self.f = f
        self.v = 0.0
        self.done = False


def _fight_relevant(d: CardDef) -> bool:
    """Whether ``d`` can change a fight (anything but drawing and retrieving)."""
    for e in d.effects:
        if e.op != OP_DRAW and e.op != OP_RETRIEVE:
            return True
    return False


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


class _Layout:
    """What a game's bots need per card instance, the same for every game between the same setups:
    its kind (index into ``kdefs``, one per distinct definition), the characters that may play it
    (``use``, a mask of seat * 3 + index bits) and each seat's deck size; ``defs``, ``chars`` and
    ``guilds`` what it was made from (a game matches it when they are the same objects). Read only
    once made."""

    def __init__(self, g: Game, size0: int) -> None:
        self.defs = list(g.defs)
        self.chars: list[CardDef] = []
        self.guilds: list[str] = []
        for s in g.seats:
            self.guilds.append(s.guild)
            for c in s.chars:
                self.chars.append(c.d)
        self.size0 = size0
        self.size1 = len(g.defs) - size0
        self.kdefs: list[CardDef] = []
        self.relevant: list[bool] = []
        self.kidx: list[int] = []
        self.use: list[int] = []
        #: card instance id -> its kind's record, shared by every bot of these setups (each leaves
        #: every record's count at 0 once its choice is made)
        self.kind_of: list[Kind] = []

    def fits(self, g: Game) -> bool:
        """Whether ``g`` has the same card instances, characters and guilds (as objects)."""
        defs = g.defs
        mine = self.defs
        if len(defs) != len(mine) or len(g.seats) != len(self.guilds):
            return False
        for i in range(len(defs)):
            if defs[i] is not mine[i]:
                return False
        k = 0
        for s in g.seats:
            if s.guild != self.guilds[s.idx]:
                return False
            for c in s.chars:
                if k >= len(self.chars) or c.d is not self.chars[k]:
                    return False
                k += 1
        return k == len(self.chars)


#: a few ids of a game's setups -> the layout last made for them (checked by :meth:`_Layout.fits`)
_LAYOUTS: dict[tuple[int, int, int, int], _Layout] = {}


def _layout(g: Game) -> _Layout:
    """The :class:`_Layout` of ``g`` (made once per pair of setups)."""
    owner = g.owner
    defs = g.defs
    n0 = 0
    ordered = True  # seat 0's cards first, as Game lays them out
    for i in range(len(owner)):
        if owner[i] == 0:
            n0 += 1
            if i > 0 and owner[i - 1] != 0:
                ordered = False
    key = (n0, len(defs), id(defs[0]) if defs else 0, id(defs[len(defs) - 1]) if defs else 0)
    if ordered:
        got = _LAYOUTS.get(key)
        if got is not None and got.fits(g):
            return got
    lay = _Layout(g, n0)
    index: dict[int, int] = {}
    last: CardDef | None = None
    mask = 0
    k = 0
    for i in range(len(defs)):
        d = defs[i]
        if d is not last or i == 0 or owner[i] != owner[i - 1]:
            last = d
            j = index.get(id(d), -1)
            if j < 0:
                j = len(lay.kdefs)
                index[id(d)] = j
                lay.kdefs.append(d)
                lay.relevant.append(_fight_relevant(d))
            k = j
            s = g.seats[owner[i]]
            mask = 0
            for c in s.chars:
                if may_use(d, c.d, s.guild):
                    mask |= 1 << (s.idx * 3 + c.idx)
        lay.kidx.append(k)
        lay.use.append(mask)
    recs: list[Kind] = []
    for j in range(len(lay.kdefs)):
        kd = Kind(lay.kdefs[j])
        kd.relevant = lay.relevant[j]
        recs.append(kd)
    lay.kind_of = [recs[j] for j in lay.kidx]
    if ordered:
        if len(_LAYOUTS) >= 512:
            _LAYOUTS.clear()
        _LAYOUTS[key] = lay
    return lay


class HeuristicBot(Chooser):
    name = "heuristic"

    def __init__(self, seed: int = 0, kill_base: float = 4.0, kill_rate: float = 0.8, play_cost: float = 0.1,
                 heal_waste: float = 0.25, lasting: float = 0.7, draw_value: float = 0.4, force_margin: int = 7,
                 safe_deck: int = 3, stall_turn: int = 30, cycle: float = 0.0, horizon: int = 1,
                 kill_search: float = 1.0, search_weight: float = 0.5, opp_card: float = 0.5) -> None:
        super().__init__()
        self.seed = seed
        self.kill_base = kill_base      # a kill is worth this plus kill_rate x what the victim would still do
        self.kill_rate = kill_rate
        self.play_cost = play_cost      # a card must gain this much to be played (it is gone, the deck shrinks)
        self.heal_waste = heal_waste    # per point of a heal that restores nothing
        self.lasting = lasting          # per point of a lasting stat, per future fight of its holder
        self.draw_value = draw_value    # per card drawn while the deck is large
        self.force_margin = force_margin  # score lead at which the bot ends the game by deck-out
        self.safe_deck = safe_deck      # no voluntary discard with fewer deck cards than this
        self.stall_turn = stall_turn    # from this turn on, a side ahead runs its deck out (a stalled game)
        self.cycle = cycle              # while the deck is large, cards held worth less than this go too
        self.horizon = horizon if horizon < 3 else 3  # pairings searched after this one at a choice (0..3)
        self.kill_search = kill_search  # share of a kill's worth counted inside that search
        self.search_weight = search_weight  # weight of that search against this fight
        self.opp_card = opp_card        # weight of the card the opponent is expected to add to a pairing
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
        self._pool: list[Kind] = []     # at a choice: the opponent's unseen kinds of cards
        self._pool_total = 0
        self._bc_c = -1
        self._bc_t = -1
        self._ml: i64 = 0
        self._fl: i64 = 0
        self._ents: list[Entry] = []    # at a choice: the cards one character may play first
        self._ne = 0
        # the last choice's first cards per own character (``_ents``/``_ne`` of each) and the game
        # and turn it was made on: the chooser's first card of that turn reads their gains
        self._ents3: list[list[Entry]] = [[], [], []]
        self._ne3 = [0, 0, 0]
        self._cc_game: Game | None = None
        self._cc_turn = -1
        self._pvals: list[PairValue] = []  # at a choice: each pair's value before the opponent's card
        self._scr: list[Fight] = []     # scratch fights: 0..1 for card levels, 2 the pair, 3 the opponent's view
        self._stamp = 0                 # decisions so far: the game does not change within one
        self._memo_on = False           # inside a decision (choose)
        self._memo = [Memo() for _ in range(18)]  # lasting_value per (seat * 3 + index) * 3 + stat

    # ------------------------------------------------------------------ entry point
    def choose(self, g: Game) -> Action:
        self._stamp += 1  # lasting values are remembered within this decision only
        self._memo_on = True
        a = self._decide(g)
        self._memo_on = False
        return a

    def _decide(self, g: Game) -> Action:
        self.act = None
        d = g.decision
        p = g.decider
        if d == DISCARD:
            return self._discard(g, p)
        self._prep(g, p)
        if d == PLAY:
            return self._play(g, p)
        if d == CHOOSE:
            return self._choose(g, p)
        return self._pass()

    # the action chosen, with its fields left for the engine (Chooser)
    def _pass(self) -> Action:
        self.act, self.act_k, self.act_x, self.act_y = PASS, "pass", -1, -1
        return PASS

    def _disc(self, c: int) -> Action:
        a = discard_act(c)
        self.act, self.act_k, self.act_x, self.act_y = a, "discard", c, -1
        return a

    def _playc(self, c: int, t: int) -> Action:
        a = play_act(c, t)
        self.act, self.act_k, self.act_x, self.act_y = a, "play", c, t
        return a

    def _pick(self, i: int) -> Action:
        a = _CHOOSE_ACTS[i]
        self.act, self.act_k, self.act_x, self.act_y = a, "choose", i // 3, i % 3
        return a

    def _new_game(self, g: Game) -> None:
        self._defs = g.defs
        lay = _layout(g)
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

    # ------------------------------------------------------------------ values
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
        ally = g.seats[p].chars[target] if target >= 0 else me
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
                if op == OP_DAMAGE:
                    if magic and x.ms > 0:
                        n -= x.ms
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
                    if magic and x.fs > 0:
                        n -= x.fs
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
        if op == OP_DAMAGE:
            if magic:
                sp: i64 = 0
                if t is x.f:
                    sp = x.fs
                elif t is x.m:
                    sp = x.ms
                else:
                    sp = g.stat(t, SPIRIT)
                n -= sp if sp > 0 else 0
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
            hi = 3 if d.ally else 0
            for t in range(lo, hi):
                if d.ally:
                    if not card_ok(g, d, me, ch, t, restr, use[c]):
                        continue
                elif d.type == ITEM and not slot_free(g, d, ch):  # all card_ok has left to check
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
        knows: ``slot_free`` cannot see an imagined item)."""
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
                hi = 3 if d.ally else 0
                for u in range(lo, hi):
                    if d.ally:
                        if not card_ok(g, d, me, y.m, u, restr, use[c]):
                            continue
                    elif d.type == ITEM and not slot_free(g, d, y.m):
                        continue
                    z.load(y)
                    self.apply_card(g, z, d, u)
                    v = self.value(g, z) - base - cost
                    if v > best:
                        best = v
            return best
        return self._best_card(g, y, vy, hand, restr, skip, 0)

    # ------------------------------------------------------------------ PLAY
    def _play(self, g: Game, p: int) -> Action:
        s = g.seats[p]
        if not s.hand:
            return self._pass()
        m = s.chars[g.f_char[p]]
        f = g.seats[1 - p].chars[g.f_char[1 - p]]
        x = self._scr[2]
        turn = g.turn
        x.p, x.m, x.f = p, m, f
        _fighting_stats(x, m, f, turn, True)
        _fighting_stats(x, f, m, turn, False)
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
        c = self._bc_c
        t = self._bc_t
        if c < 0:
            return self._pass()
        return self._playc(c, t)

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

    # ------------------------------------------------------------------ CHOOSE
    def _choose(self, g: Game, p: int) -> Action:
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
            return self._pick(only)
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
        return self._pick(best)

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
            hi = 3 if d.ally else 0
            if not d.ally:  # the may-use bit passed: card_ok has only the item's slot left to check
                if d.type != ITEM or slot_free(g, d, m):
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
                # card_ok for f (itself as the ally target): the may-use bit, then an item's slot
                if (kd.use >> (op.idx * 3 + f.idx)) & 1 and (d.type != ITEM or slot_free(g, d, f)):
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

    # ------------------------------------------------------------------ DISCARD
    def usable(self, g: Game, s: Seat, d: CardDef, use: int = -1) -> bool:
        """Whether a living character of ``s`` can still play ``d`` some day (class, guild, caste,
        and for a weapon or an armour a free slot); ``use``: the card instance's may-use bits
        (``_use``), worked out here when -1."""
        for c in s.chars:
            if c.dead:
                continue
            if use >= 0:
                if not (use >> (s.idx * 3 + c.idx)) & 1:
                    continue
            elif not may_use(d, c.d, s.guild):
                continue
            if d.type == ITEM and d.ally:  # a Craftsman's item: any living ally with the slot free
                for a in s.chars:
                    if not a.dead and slot_free(g, d, a):
                        return True
                return False
            if d.type != ITEM or slot_free(g, d, c):
                return True
        return False

    def keep_value(self, g: Game, s: Seat, d: CardDef) -> float:
        """A rough worth of holding ``d``: 0 when no living character of ``s`` can ever play it."""
        if not self.usable(g, s, d):
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

    def _discard(self, g: Game, p: int) -> Action:
        s = g.seats[p]
        hand = s.hand
        if not hand:
            return self._pass()
        if self._defs is not g.defs:  # this game's card numbers (_use), should it begin with a discard
            self._new_game(g)
        op = g.seats[1 - p]
        if len(hand) <= HAND:
            if s.decked or op.decked:
                return self._pass()
            lead = s.score - op.score
            # far enough ahead near the end of the deck (or in a stalled game): throw the hand, so
            # the next refill fails and the game ends on the score after one more turn
            if lead > 0 and ((len(s.deck) < HAND and lead >= self.force_margin) or g.turn >= self.stall_turn):
                return self._disc(hand[0])
            if g.turn >= self.stall_turn and lead == 0 and len(hand) == HAND and len(s.deck) >= len(op.deck):
                return self._disc(self._worst(g, s))  # a stalled tie: new cards, without running out first
            if len(s.deck) < self.safe_deck:
                return self._pass()
            living: i64 = 0  # may-use bits of this side's living characters
            for ch in s.chars:
                if not ch.dead:
                    living |= 1 << (s.idx * 3 + ch.idx)
            use = self._use
            defs = g.defs
            for c in hand:  # while the deck is large: what no living character can play goes
                d = defs[c]
                u: i64 = use[c]
                if d.type == ITEM:  # a weapon or an armour needs a free slot too
                    if not self.usable(g, s, d, use[c]):
                        return self._disc(c)
                elif not (u & living):  # usable() without items: a living character may play it
                    return self._disc(c)
            if self.cycle > 0.0:
                for c in hand:
                    if self.keep_value(g, s, g.defs[c]) < self.cycle:
                        return self._disc(c)
            return self._pass()
        return self._disc(self._worst(g, s))

    def _worst(self, g: Game, s: Seat) -> int:
        """The card of the hand least worth keeping."""
        worst = -1
        worst_v = 1e18
        for c in s.hand:
            v = self.keep_value(g, s, g.defs[c])
            if v < worst_v:
                worst_v, worst = v, c
        return worst
