"""The card tables of the Eredan heuristic (:mod:`.heuristic`), made once per pair of setups and
shared by every game between them: per card instance its kind (one per distinct definition) and
the characters that may ever play it, as bits ``seat * 3 + index`` worked out by the engine's own
rule (:func:`fwlab.rules.eredan.game.why_not_for`), so no bot decision asks it again; and per kind
the record the pairing choice counts the opponent's unseen cards in (:class:`Kind`).
"""

from __future__ import annotations

from ...rules.eredan.cards import OP_DRAW, OP_RETRIEVE, CardDef
from ...rules.eredan.game import Game, why_not_for


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


def fight_relevant(d: CardDef) -> bool:
    """Whether ``d`` can change a fight (anything but drawing and retrieving)."""
    for e in d.effects:
        if e.op != OP_DRAW and e.op != OP_RETRIEVE:
            return True
    return False


class Layout:
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


#: a few ids of a game's setups -> the layout last made for them (checked by :meth:`Layout.fits`)
_LAYOUTS: dict[tuple[int, int, int, int], Layout] = {}


def layout(g: Game) -> Layout:
    """The :class:`Layout` of ``g`` (made once per pair of setups)."""
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
    lay = Layout(g, n0)
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
                lay.relevant.append(fight_relevant(d))
            k = j
            s = g.seats[owner[i]]
            mask = 0
            for c in s.chars:
                if why_not_for(d, c.d, s.guild) is None:  # the engine's rule
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
