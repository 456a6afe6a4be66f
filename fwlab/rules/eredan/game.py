"""A game of Eredan ITCG (ruleset ``eredan``): turn flow, decisions, legal actions and ``apply``.

The game runs by itself through everything that needs no decision (drawing, card effects, strikes,
death, tapping) and stops at the next decision: :meth:`Game.current_player` names who decides and
:meth:`Game.legal_actions` what they may do. Decisions:

========  ==========================================================================================
CHOOSE    the choosing player: ``choose A B`` (own character A = 0..2, enemy character B = 0..2,
          both untapped and alive)
PLAY      up to four steps: chooser's first card, the other player's first, then, for a player
          whose first card opened a Chain, their second card (chooser's before the other's):
          ``play C`` (card instance C from hand, for your character in the fight), ``play C T``
          for a card that acts on one ally (T = 0..2, one of your living characters) or a
          Craftsman item (T = 0..2, or 3..5 for the other side's living character T - 3), or
          ``pass``
DISCARD   chooser, then the other player: ``discard C`` (any number) or ``pass`` (only with at most
          five cards in hand)
========  ==========================================================================================

Rule IDs (docs/rules.md, "Eredan ITCG"; tests in tests/rules/test_er_rules.py and
tests/rules/test_er_chains.py): ER-CARD-1, ER-SETUP-1, ER-CHOOSE-1, ER-PLAY-1, ER-CHAIN-1..3,
ER-ORDER-1, ER-CLASS-1..3, ER-RACE-1..2, ER-CASTE-1, ER-ALLY-1, ER-FIGHT-1, ER-BONUS-1..2,
ER-DEATH-1, ER-TAP-1, ER-HAND-1, ER-SCORE-1, ER-END-1, ER-ITEM-1..2, ER-RETRIEVE-1, ER-RECORD-1.

Cards resolve when played, in the order they are played (chooser's first, other's first, chooser's
second, other's second), so the ruled resolution order is the order of play; a ``retrieve`` effect
waits until every card of the fight has resolved (it goes fifth); then the physical strikes.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from ..core import Action, GameRecord, IllegalAction, Outcome
from ..lists import has as _holds
from ..lists import remove as _take
from ..lists import shuffle
from .cards import (
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
    Eff,
    passes,
)
from .state import CHARACTERS, HAND, Character, Seat

# decisions (Final: a compiled core inlines them)
CHOOSE: Final = 0
PLAY: Final = 1
DISCARD: Final = 2
TERMINAL: Final = 3
DECISION_NAMES: Final = ("choose", "play", "discard", "terminal")

TURN_CAP: Final = 200
END_REASONS: Final = ("dead", "deck-out", "turn-cap")
#: the values of the rule option ``deck_out`` (ER-END-1): the ruling, then the other reading
DECK_OUT: Final = ("score", "loses")
PASS: Final = Action("pass")
MERCENARY: Final = "Mercenary"
#: no second card this fight (a chain restriction is ANY or a cards.FILTER_CODES value)
NO_CHAIN: Final = -2


#: (winner or -1, end reason, turn) -> the outcome (made once)
_OUTCOMES: dict[tuple[int, str, int], Outcome] = {}


class _Shape:
    """A setup (three characters and a deck, as compiled definitions) split once: its characters,
    its other cards in order, its guild and whether the characters are three different ones. A
    simulation starts thousands of games from the same setup lists (the engine's deck cache)."""

    def __init__(self, setup: Sequence[CardDef]) -> None:
        self.setup = setup  # held, so its id is not reused while this is remembered
        self.n = len(setup)
        self.chars: list[CardDef] = [d for d in setup if d.is_character]
        self.cards: list[CardDef] = [d for d in setup if not d.is_character]
        self.guild = deck_guild(self.chars)
        self.ok = len(self.chars) == CHARACTERS and len({d.name for d in self.chars}) == CHARACTERS


#: id(setup) -> its shape (checked by identity and length)
_SHAPES: dict[int, _Shape] = {}


def _shape(setup: Sequence[CardDef]) -> _Shape:
    sh = _SHAPES.get(id(setup))
    if sh is not None and sh.setup is setup and sh.n == len(setup):
        return sh
    sh = _Shape(setup)
    if len(_SHAPES) >= 256:
        _SHAPES.clear()
    _SHAPES[id(setup)] = sh
    return sh


class Game:
    """The state of one game. Create with :func:`new_game`; drive with ``apply`` until ``is_terminal``."""

    def __init__(self, setups: Sequence[Sequence[CardDef]] | None, seed: int,
                 deck_names: Sequence[Sequence[str]] | None = None, record: bool = True,
                 turn_cap: int = TURN_CAP, first: int = -1, log_cards: bool = False,
                 deck_out_loses: bool = False, zero_life_strikes: bool = True, score_overkill: bool = False) -> None:
        self.seed = seed
        self.num_seats = 2
        self.turn_cap = turn_cap
        # rule options (engine.py declares them; the defaults are the rulings)
        #: ER-END-1 ``deck_out = "loses"``: the player who ran out loses (both: by score)
        self.deck_out_loses = deck_out_loses
        #: ER-DEATH-1 ``zero_life_strikes``: a character at 0 Life still strikes in its fight
        self.zero_life_strikes = zero_life_strikes
        #: ER-SCORE-1 ``score_overkill``: damage beyond the Life left counts for the score too
        self.score_overkill = score_overkill
        self.rng = random.Random(seed)
        self.recording = record
        self.log_cards = log_cards
        self.turn = 0
        self.first = 0
        self.chooser = 0
        self.decision = CHOOSE
        self.decider = 0
        self.outcome: Outcome | None = None
        self.defs: list[CardDef] = []      # deck card instance id -> definition
        self.owner: list[int] = []
        self.seats: list[Seat] = []
        # the fight: valid from the choice until the end of the fight
        self.f_char = [-1, -1]             # each seat's character in the fight
        self.f_step = 0                    # 0 chooser's first, 1 other's first, 2 chooser's second, 3 other's second
        self.f_chain = [NO_CHAIN, NO_CHAIN]  # each seat's chain: NO_CHAIN, ANY or a restriction code
        self.f_nophys = [False, False]     # a pure Mage who cast a damaging spell does not strike
        self.f_cards: list[int] = []       # cards played this fight that go to the discard pile after it
        self.f_retrieve: list[tuple[int, int, int]] = []  # (seat, n, kind): retrievals, resolved fifth
        self.d_done = 0                    # how many players ended their Discard step this turn
        #: stat changes that equipped items gave: (item, seat, character index, stat, n); undone
        #: for every character when the item leaves play (ER-ITEM-1)
        self.item_mods: list[tuple[int, int, int, int, int]] = []
        # logs (log_cards): per deck card instance and per character (seat * 3 + index)
        self.drawn_turn: list[int] = []
        self.played_turn: list[int] = []
        self.card_dmg: list[int] = []
        self.card_score: list[int] = []
        self.ch_first = [-1] * 6
        self.ch_picked = [0] * 6
        self.ch_killed = [-1] * 6
        self.ch_dmg = [0] * 6
        self.ch_score = [0] * 6
        self.track: list[tuple[int, int, int]] = []
        self.track2: list[tuple[int, int, int]] = []
        if setups is None:  # an empty shell that clone() fills in
            self.record = GameRecord("eredan", seed, 0, ((), ()))
            return
        seats: list[Seat] = []
        for p in range(2):
            sh = _shape(setups[p])
            if not sh.ok:
                raise ValueError(f"seat {p}: a setup needs three different characters, got {[d.name for d in sh.chars]}")
            start = len(self.defs)
            self.defs.extend(sh.cards)
            self.owner.extend([p] * len(sh.cards))
            chars = sh.chars
            seats.append(Seat(p, [Character(0, chars[0], p), Character(1, chars[1], p), Character(2, chars[2], p)],
                              list(range(start, len(self.defs))), sh.guild))
        self.seats = seats
        n = len(self.defs) if log_cards else 0
        self.drawn_turn = [-1] * n
        self.played_turn = [-1] * n
        self.card_dmg = [0] * n
        self.card_score = [0] * n
        for s in self.seats:  # ER-SETUP-1: decks shuffled, five cards each
            shuffle(s.deck, self.rng)
            self._draw(s, HAND)
        # ER-SETUP-1: initiative drawn from the seed, unless the caller (a simulation rotating the
        # seats) says who begins
        self.first = self.rng.randrange(2) if first < 0 else first
        names = deck_names if (record and deck_names) else ((), ())
        self.record = GameRecord("eredan", seed, self.first, (tuple(names[0]), tuple(names[1])),
                                 options=self.rule_options())
        self.turn = 1
        self.chooser = self.first
        self.decider = self.first
        self.decision = CHOOSE

    def rule_options(self) -> dict[str, object]:
        """What the record keeps of the rules: ``turn_cap`` always, the other options when they
        differ from their defaults."""
        opts: dict[str, object] = {"turn_cap": self.turn_cap}
        if self.deck_out_loses:
            opts["deck_out"] = DECK_OUT[1]
        if not self.zero_life_strikes:
            opts["zero_life_strikes"] = False
        if self.score_overkill:
            opts["score_overkill"] = True
        return opts

    # ------------------------------------------------------------------ public API
    def current_player(self) -> int:
        """The seat (0 or 1) that must decide now, or -1 when the game is over."""
        return -1 if self.is_terminal() else self.decider

    def is_terminal(self) -> bool:
        return self.outcome is not None

    @property
    def decision_name(self) -> str:
        return DECISION_NAMES[self.decision]

    def fighter(self, seat: int) -> Character:
        """Seat ``seat``'s character in the current fight (during PLAY)."""
        return self.seats[seat].chars[self.f_char[seat]]

    def candidates(self) -> list[Action]:
        """Every action of the current decision's form (legal or not)."""
        if self.decision == CHOOSE:
            return [Action("choose", a, b) for a in range(CHARACTERS) for b in range(CHARACTERS)]
        out: list[Action] = []
        if self.decision == PLAY:
            for c in self.seats[self.decider].hand:
                d = self.defs[c]
                if d.ally:  # ER-CLASS-3: a Craftsman item also on the other side's characters (3..5)
                    for t in range(2 * CHARACTERS if d.anyone else CHARACTERS):
                        out.append(Action("play", c, t))
                else:
                    out.append(Action("play", c))
        else:
            for c in self.seats[self.decider].hand:
                out.append(Action("discard", c))
        out.append(PASS)
        return out

    def legal_actions(self) -> list[Action]:
        """Every action the current player may take now (empty when the game is over)."""
        if self.is_terminal():
            return []
        if self.decision == PLAY:  # the common case: copies of a card in hand share their legality
            me = self.seats[self.decider]
            out: list[Action] = []
            known: dict[str, list[int]] = {}
            for c in me.hand:
                d = self.defs[c]
                targets = known.get(d.name)
                if targets is None:
                    targets = []
                    if d.ally:
                        for t in range(2 * CHARACTERS if d.anyone else CHARACTERS):
                            if self._why_card(d, me, t) is None:
                                targets.append(t)
                    elif self._why_card(d, me, -1) is None:
                        targets.append(-1)
                    known[d.name] = targets
                for t in targets:
                    out.append(Action("play", c, t))
            out.append(PASS)
            return out
        return [a for a in self.candidates() if self.why_illegal(a) is None]

    def why_illegal(self, action: Action) -> str | None:
        """Why the current player may not take ``action`` now, or ``None`` when it is legal."""
        return self._why(action.kind, action.a, action.b)

    def _why(self, k: str, x: int, y: int) -> str | None:
        """:meth:`why_illegal` of the action ``k x y`` (its fields read once by the caller)."""
        if self.is_terminal():
            return "the game is over"
        me = self.seats[self.decider]
        if self.decision == CHOOSE:
            if k != "choose":
                return "the choosing player must choose two characters (choose A B)"
            if not (0 <= x < CHARACTERS and 0 <= y < CHARACTERS):
                return "characters are numbered 0..2"
            mine, theirs = me.chars[x], self.seats[1 - self.decider].chars[y]
            if mine.dead or theirs.dead:
                return f"{(mine if mine.dead else theirs).d.name} is dead"
            if mine.tapped or theirs.tapped:
                return f"{(mine if mine.tapped else theirs).d.name} is tapped"
            return None
        if self.decision == PLAY:
            if k == "pass":
                return None
            if k != "play":
                return "now each player plays one card (play C) or passes"
            if not _holds(me.hand, x):
                return f"card {x} is not in your hand"
            return self._why_card(self.defs[x], me, y)
        if k == "pass":
            return f"you hold {len(me.hand)} cards: discard down to {HAND} first" if len(me.hand) > HAND else None
        if k != "discard":
            return "now is the Discard step: discard C or pass"
        if not _holds(me.hand, x):
            return f"card {x} is not in your hand"
        return None

    def _why_card(self, d: CardDef, me: Seat, target: int) -> str | None:
        """Why ``d`` may not be played now for ``me``'s fighter (``target``: the chosen ally or -1)."""
        ch = me.chars[self.f_char[me.idx]]
        cd = ch.d
        if self.f_step >= 2:  # ER-CHAIN-1: a second card only within the chain's restriction
            r = self.f_chain[me.idx]
            if not passes(d, r):
                return f"{d.name} does not fit the chain (it is restricted to {_filter_name(r)})"
        reason = why_not_for(d, cd, me.guild)
        if reason is not None:
            return reason
        them = self.seats[1 - me.idx]
        why = target_check(self.defs, d, me, ch, target, them)
        return None if why == FITS else _misfit(self.defs, why, d, me, ch, target, them)

    def apply(self, action: Action | str) -> None:
        """Apply one action of the current player; an illegal one raises :class:`IllegalAction` with the reason."""
        if isinstance(action, str):
            action = Action.parse(action)
        k, x, y = action.kind, action.a, action.b
        reason = self._why(k, x, y)
        if reason is not None:
            raise IllegalAction(f"{action} is not legal now ({self.decision_name}): {reason}")
        self._do(action, k, x, y)

    def apply_fields(self, action: Action, k: str, x: int, y: int) -> None:
        """:meth:`apply` of ``action``, whose fields ``kind``, ``a``, ``b`` the caller gives as ``k x y``."""
        reason = self._why(k, x, y)
        if reason is not None:
            raise IllegalAction(f"{action} is not legal now ({self.decision_name}): {reason}")
        self._do(action, k, x, y)

    def apply_unchecked(self, action: Action) -> None:
        """Apply an action known to be legal (one of :meth:`legal_actions`; bots use this)."""
        self._do(action, action.kind, action.a, action.b)

    def _do(self, action: Action, k: str, x: int, y: int) -> None:
        """:meth:`apply_unchecked` of ``action`` = ``k x y`` (its fields read once by the caller)."""
        if self.recording:
            self.record.actions.append((self.decider, action))
        p = self.decider
        if self.decision == CHOOSE:
            # the fight's lists are reset in place (clone copies them)
            fc = self.f_char
            fc[p] = x
            fc[1 - p] = y
            self.f_step = 0
            fn = self.f_chain
            fn[0] = fn[1] = NO_CHAIN
            fp = self.f_nophys
            fp[0] = fp[1] = False
            self.f_cards.clear()
            self.f_retrieve.clear()
            if self.log_cards:
                for q in range(2):
                    kc = q * 3 + self.f_char[q]
                    self.ch_picked[kc] += 1
                    if self.ch_first[kc] < 0:
                        self.ch_first[kc] = self.turn
            self.decision = PLAY
        elif self.decision == PLAY:
            if k == "play":
                self._play(p, x, y)
            self._next_step()
        else:
            s = self.seats[p]
            if k == "discard":
                _take(s.hand, x)
                s.discard.append(x)
                return
            self.d_done += 1
            if self.d_done < 2:
                self.decider = 1 - p
            else:
                self._end_turn()

    def _next_step(self) -> None:
        """ER-ORDER-1: chooser's first, other's first, chooser's second, other's second; a second
        card only for a player whose first card opened a chain; then the fight resolves."""
        step = self.f_step + 1
        while step < 4:
            seat = self.chooser if step % 2 == 0 else 1 - self.chooser
            if step < 2 or self.f_chain[seat] != NO_CHAIN:
                self.f_step = step
                self.decider = seat
                return
            step += 1
        self._fight()

    def clone(self, seed: int | None = None) -> Game:
        """An independent copy for search (no record, no logs); ``seed`` reseeds its chance."""
        c = Game(None, self.seed, None, False, self.turn_cap, -1, False, self.deck_out_loses, self.zero_life_strikes,
                 self.score_overkill)
        if seed is not None:
            c.rng = random.Random(seed)
        else:
            c.rng.setstate(self.rng.getstate())
        c.defs, c.owner = self.defs, self.owner
        c.seats = [self.seats[0].copy(), self.seats[1].copy()]
        c.turn, c.first, c.chooser, c.decision, c.decider = self.turn, self.first, self.chooser, self.decision, self.decider
        c.outcome = self.outcome
        c.f_char, c.f_step, c.f_chain, c.f_nophys = list(self.f_char), self.f_step, list(self.f_chain), list(self.f_nophys)
        c.f_cards, c.f_retrieve, c.d_done = list(self.f_cards), list(self.f_retrieve), self.d_done
        c.item_mods = list(self.item_mods)
        c.record = GameRecord("eredan", self.seed, self.first, self.record.setups, options=dict(self.record.options))
        return c

    # ------------------------------------------------------------------ stats
    def stat(self, ch: Character, stat: int) -> int:
        """A character's current Att, Def or Spirit (never below 0): printed, items, this fight's
        changes, its turn bonuses when it is in the fight (all of them after an order-bonus
        activation) and, in the fight, its Marauder bonus (ER-BONUS-1, ER-BONUS-2)."""
        d = ch.d
        v = (d.att if stat == ATT else d.defense if stat == DEF else d.spirit) + ch.equip[stat] + ch.fmod[stat]
        fighting = self.decision == PLAY and self.f_char[ch.owner] == ch.idx
        if ch.allbonus:
            for b in d.bonuses:
                if b.stat == stat:
                    v += b.n
        elif fighting:
            for b in d.bonuses:
                if b.turn == self.turn and b.stat == stat:
                    v += b.n
        if fighting and stat == ATT and d.mar_n and (d.classes & MARAUDER):
            foe = self.seats[1 - ch.owner].chars[self.f_char[1 - ch.owner]]
            if foe.d.classes & d.mar_vs:
                v += d.mar_n
        return v if v > 0 else 0

    # ------------------------------------------------------------------ the fight
    def _fighters(self) -> tuple[Character, Character]:
        return self.seats[0].chars[self.f_char[0]], self.seats[1].chars[self.f_char[1]]

    def _play(self, p: int, cid: int, target: int) -> None:
        s = self.seats[p]
        d = self.defs[cid]
        _take(s.hand, cid)
        me = s.chars[self.f_char[p]]
        foe = self.seats[1 - p].chars[self.f_char[1 - p]]
        if self.log_cards and self.played_turn[cid] < 0:
            self.played_turn[cid] = self.turn
        if self.f_step < 2:  # the first card: does it open a chain? (ER-CHAIN-1..3)
            self.f_chain[p] = chain_after(d, me.d)
        ally = me
        if target >= CHARACTERS:  # ER-CLASS-3: a Craftsman item on a character of the other side
            ally = self.seats[1 - p].chars[target - CHARACTERS]
        elif target >= 0:
            ally = s.chars[target]
        lasting = d.type == ITEM and not d.consumable
        holder = ally if (d.ally and d.type == ITEM) else me  # a Craftsman item goes to the chosen character
        if lasting:
            holder.items.append(cid)
        else:
            self.f_cards.append(cid)
        if d.damaging and me.d.classes == MAGE:
            self.f_nophys[p] = True  # ER-CLASS-2: the spell replaces a pure Mage's strike
        magic = d.type == SPELL or d.type == THEURGY
        matched = False
        if d.has_bearer:  # ER-ITEM-1: bonuses by the character the card is played for
            for e in d.effects:
                if e.bearer and e.bearer != OTHER and e.bearer in me.d.tags:
                    matched = True
        for e in d.effects:
            if e.bearer:
                if e.bearer == OTHER:
                    if matched:
                        continue
                elif e.bearer not in me.d.tags:
                    continue
            if e.op == OP_DRAW:
                self._draw(s, e.n)
                continue
            if e.op == OP_RETRIEVE:  # ER-RETRIEVE-1: goes fifth
                self.f_retrieve.append((p, e.n, e.kind))
                continue
            tg = e.target
            if tg == T_SELF:
                self._affect(p, s, holder, e, magic, lasting, cid)
            elif tg == T_FOE:
                self._affect(p, s, foe, e, magic, lasting, cid)
            elif tg == T_ALLY:
                self._affect(p, s, ally, e, magic, lasting, cid)
            elif tg in (T_ALLIES, T_ENEMIES):  # the living ones (nobody dies before the fight ends)
                for t in (s if tg == T_ALLIES else self.seats[1 - p]).chars:
                    if not t.dead:
                        self._affect(p, s, t, e, magic, lasting, cid)

    def _affect(self, p: int, s: Seat, t: Character, e: Eff, magic: bool, lasting: bool, cid: int) -> None:
        """One effect of card ``cid`` played by seat ``p`` (``s``) on character ``t``."""
        if e.op == OP_DAMAGE:  # ER-FIGHT-1: a spell's or theurgy's against Spirit, any other card's against Def
            n = e.n - self.stat(t, SPIRIT if magic else DEF)
            self._hurt(p, t, n, cid)
        elif e.op == OP_HEAL:
            gain = min(e.n, t.d.life - t.life)
            t.life += gain
            if t.owner == p and gain > 0:
                s.score += gain
                if self.log_cards:
                    self.card_score[cid] += gain
        elif e.op == OP_BONUSES:
            t.allbonus = True
        else:
            st = ATT if e.op == OP_ATT else DEF if e.op == OP_DEF else SPIRIT
            if lasting:
                t.equip[st] += e.n
                self.item_mods.append((cid, t.owner, t.idx, st, e.n))
            else:
                t.fmod[st] += e.n

    def _unequip(self, item: int) -> None:
        """Undo every stat change item ``item`` gave while it was equipped (ER-ITEM-1)."""
        keep: list[tuple[int, int, int, int, int]] = []
        for m in self.item_mods:
            if m[0] == item:
                self.seats[m[1]].chars[m[2]].equip[m[3]] -= m[4]
            else:
                keep.append(m)
        self.item_mods = keep

    def _hurt(self, p: int, t: Character, n: int, src: int) -> None:
        """Seat ``p`` deals ``n`` damage to ``t`` (``src``: the card instance, or ``-1 - k`` for the
        strike of character ``k`` = seat * 3 + index): Life never below 0; the Life removed from an
        enemy counts for ``p``'s score (ER-SCORE-1)."""
        if n <= 0:
            return
        lost = n if n < t.life else t.life
        t.life -= lost
        gain = n if self.score_overkill else lost
        if t.owner != p and gain > 0:
            self.seats[p].score += gain
            if self.log_cards:
                if src >= 0:
                    self.card_dmg[src] += lost
                    self.card_score[src] += gain
                else:
                    self.ch_dmg[-1 - src] += lost
                    self.ch_score[-1 - src] += gain

    def _fight(self) -> None:
        for p, n, kind in self.f_retrieve:  # ER-RETRIEVE-1: after every card of the fight
            s = self.seats[p]
            got = 0
            i = len(s.discard) - 1
            while i >= 0 and got < n:
                back = s.discard[i]
                if passes(self.defs[back], kind):
                    s.discard.pop(i)
                    s.hand.append(back)
                    got += 1
                i -= 1
        fc = self.f_char
        a = self.seats[0].chars[fc[0]]
        b = self.seats[1].chars[fc[1]]
        # ER-FIGHT-1: simultaneous strikes, Att - Def both ways, by characters at 0 Life too
        to_b = 0 if self.f_nophys[0] else self.stat(a, ATT) - self.stat(b, DEF)
        to_a = 0 if self.f_nophys[1] else self.stat(b, ATT) - self.stat(a, DEF)
        if not self.zero_life_strikes:  # the option's reading: a character at 0 Life does not strike
            if a.life <= 0:
                to_b = 0
            if b.life <= 0:
                to_a = 0
        self._hurt(0, b, to_b, -1 - self.f_char[0])
        self._hurt(1, a, to_a, -1 - (3 + self.f_char[1]))
        # ER-DEATH-1: death at the end of the fight
        for s in self.seats:
            for c in s.chars:
                if not c.dead and c.life <= 0:
                    c.dead = True
                    if self.log_cards:
                        self.ch_killed[s.idx * 3 + c.idx] = self.turn
                    for i in c.items:
                        self.seats[self.owner[i]].discard.append(i)
                        self._unequip(i)
                    c.items = []
                fm = c.fmod
                fm[0] = fm[1] = fm[2] = 0
                c.allbonus = False
        for cid in self.f_cards:  # ER-ITEM-1: consumables and other played cards go to the discard pile
            self.seats[self.owner[cid]].discard.append(cid)
        self.f_cards.clear()
        self.f_retrieve.clear()
        # ER-TAP-1: the fighters are tapped; a side whose living characters are all tapped untaps
        a.tapped = True
        b.tapped = True
        gone0 = gone1 = True
        for s in self.seats:
            n_living = 0
            all_tapped = True
            for c in s.chars:
                if not c.dead:
                    n_living += 1
                    if not c.tapped:
                        all_tapped = False
            if n_living and all_tapped:
                for c in s.chars:
                    if not c.dead:
                        c.tapped = False
            if n_living:
                if s.idx == 0:
                    gone0 = False
                else:
                    gone1 = False
        fc[0] = fc[1] = -1
        if gone0 or gone1:  # ER-END-1
            self._log_turn()
            if gone0 and gone1:
                self._finish_by_score("dead", -1)
            else:
                self._end(1 if gone0 else 0, "dead")
            return
        self.decision = DISCARD
        self.decider = self.chooser
        self.d_done = 0

    # ------------------------------------------------------------------ turns and ends
    def _draw(self, s: Seat, n: int) -> bool:
        """Draw ``n`` cards; ``False`` when the deck ran out first."""
        for _ in range(n):
            if not s.deck:
                return False
            c = s.deck.pop()
            s.hand.append(c)
            if self.log_cards and self.drawn_turn[c] < 0:
                self.drawn_turn[c] = self.turn
        return True

    def _log_turn(self) -> None:
        if self.log_cards:
            lives = [0, 0]
            for s in self.seats:
                for c in s.chars:
                    lives[s.idx] += c.life
            self.track.append((self.turn, lives[0], lives[1]))
            self.track2.append((self.turn, self.seats[0].score, self.seats[1].score))

    def _end_turn(self) -> None:
        self._log_turn()
        d0, d1 = self.seats[0].decked, self.seats[1].decked
        if d0 or d1:  # ER-END-1: deck-out ends the game at the end of that turn
            if self.deck_out_loses and not (d0 and d1):  # the option's reading: who ran out loses
                self._end(1 if d0 else 0, "deck-out")
                return
            tie_winner = -1 if d0 and d1 else (1 if d0 else 0)
            self._finish_by_score("deck-out", tie_winner)
            return
        if self.turn >= self.turn_cap:
            self._end(-1, "turn-cap")
            return
        self.turn += 1
        self.chooser = 1 - self.chooser  # ER-CHOOSE-1
        for s in self.seats:  # ER-HAND-1: refill to five
            need = HAND - len(s.hand)
            if need > 0 and not self._draw(s, need):
                s.decked = True
        self.decision = CHOOSE
        self.decider = self.chooser

    def _finish_by_score(self, reason: str, tie_winner: int) -> None:
        a, b = self.seats[0].score, self.seats[1].score
        winner = 0 if a > b else 1 if b > a else tie_winner
        self._end(winner, reason)

    def _end(self, winner: int, reason: str) -> None:
        key = (winner, reason, self.turn)
        out = _OUTCOMES.get(key)
        if out is None:  # an Outcome is frozen: games that end alike share one
            out = Outcome.from_winner(None if winner < 0 else winner, 2, reason, self.turn)
            if len(_OUTCOMES) >= 4096:
                _OUTCOMES.clear()
            _OUTCOMES[key] = out
        self.outcome = out
        self.decision = TERMINAL
        self.decider = -1

    # ------------------------------------------------------------------ logs and views
    def card_events(self) -> list[dict[str, Any]]:
        """Per seat and distinct card name: for a deck card its opening hand, first drawn and played
        turns, Life it removed (``damage_dealt``) and score it earned (``scored``, damage plus
        healing); for a character the turn it was first chosen to fight (``deployed_turn``), how
        often it fought (``picked``), its death turn, the Life its strikes removed and their score."""
        if not self.log_cards:
            return []
        agg: dict[tuple[int, str], dict[str, Any]] = {}
        for iid, d in enumerate(self.defs):
            key = (self.owner[iid], d.name)
            row = agg.get(key)
            if row is None:
                row = agg[key] = {"seat": "ab"[key[0]], "card": d.name, "in_opening_hand": False,
                                  "drawn_turn": None, "deployed_turn": None, "killed_turn": None,
                                  "damage_dealt": 0, "scored": 0, "picked": None}
            dt = self.drawn_turn[iid]
            if dt >= 0:
                if dt == 0:
                    row["in_opening_hand"] = True
                if row["drawn_turn"] is None or dt < row["drawn_turn"]:
                    row["drawn_turn"] = dt
            v = self.played_turn[iid]
            if v >= 0 and (row["deployed_turn"] is None or v < row["deployed_turn"]):
                row["deployed_turn"] = v
            row["damage_dealt"] += self.card_dmg[iid]
            row["scored"] += self.card_score[iid]
        out = list(agg.values())
        for s in self.seats:
            for c in s.chars:
                k = s.idx * 3 + c.idx
                out.append({"seat": "ab"[s.idx], "card": c.d.name, "in_opening_hand": False, "drawn_turn": None,
                            "deployed_turn": self.ch_first[k] if self.ch_first[k] >= 0 else None,
                            "killed_turn": self.ch_killed[k] if self.ch_killed[k] >= 0 else None,
                            "damage_dealt": self.ch_dmg[k], "scored": self.ch_score[k],
                            "picked": self.ch_picked[k]})
        return out

    def fingerprint(self) -> tuple[object, ...]:
        """A hashable summary of the whole state (replay must rebuild it exactly)."""
        seats = []
        for s in self.seats:
            chars = tuple((c.life, c.tapped, c.dead, tuple(c.items), tuple(c.equip), tuple(c.fmod), c.allbonus)
                          for c in s.chars)
            seats.append((chars, tuple(s.deck), tuple(s.hand), tuple(s.discard), s.score, s.decked))
        return (self.turn, self.chooser, self.decision, self.decider, self.outcome, tuple(self.f_char), self.f_step,
                tuple(self.f_chain), tuple(self.f_nophys), tuple(self.f_cards), tuple(seats))

    def summary(self) -> dict[str, Any]:
        """A small view of the state (for tests and debugging)."""
        return {"turn": self.turn, "decision": self.decision_name, "decider": self.decider,
                "scores": [s.score for s in self.seats],
                "chars": [[repr(c) for c in s.chars] for s in self.seats],
                "hands": [len(s.hand) for s in self.seats], "decks": [len(s.deck) for s in self.seats]}


def why_not_for(d: CardDef, cd: CardDef, deck_guild: str) -> str | None:
    """Why character ``cd`` of a ``deck_guild`` deck may never play card ``d`` (caste, class, spell,
    theurgy and guild rules), or ``None`` when it may (slots, chains and targets aside)."""
    if d.caste and cd.caste != d.caste:  # ER-CASTE-1
        return f"{d.name} is for the {d.caste} caste, and {cd.name} is not of it"
    # ER-RACE-2: a Guemelite casts the spells of its element that no guild or caste restricts
    guem_ok = cd.guem and d.type == SPELL and d.element == cd.element and not d.guild and not d.caste
    if d.classes and not (cd.classes & d.classes) and not guem_ok:
        return f"{d.name} is for other classes than {cd.name}'s"
    if d.type == SPELL and not (cd.classes & MAGE) and not guem_ok:
        return f"{cd.name} is no Mage and cannot cast the spell {d.name}"
    if d.type == THEURGY and not (cd.classes & PRIEST):
        return f"{cd.name} is no Priest and cannot use the theurgy {d.name}"
    if d.guild and d.guild != deck_guild and not (d.type == ITEM and cd.golem):  # ER-RACE-1
        return f"{d.name} belongs to the {d.guild}, not to this deck's guild"
    return None


# what target_check and slot_check answer: FITS, or why a card its character may play (why_not_for)
# does not fit its target or its bearer's slots (numbers, so a bot asks without making a message)
FITS: Final = 0
NEEDS_ALLY: Final = 1     # an ally card without a target 0..2
ALLY_DEAD: Final = 2
GOLEM_ONLY: Final = 3     # another guild's card for an ally of the Golem who plays it
NO_ALLY: Final = 4        # a target for a card that takes none
ARMOUR_WORN: Final = 5
TWO_WEAPONS: Final = 6
TWO_HANDED: Final = 7     # a second weapon, and one of the two is two-handed
NO_DUAL_WIELD: Final = 8  # a second weapon, and neither has Dual Wield


def target_check(defs: list[CardDef], d: CardDef, me: Seat, ch: Character, target: int, them: Seat) -> int:
    """Whether ``me`` may play ``d`` for its character ``ch`` on ``target`` (an ally 0..2; for a
    Craftsman item also 3..5, the character ``target - 3`` of ``them``, the other side; or -1 for a
    card that takes none) as far as the target and the bearer's slots go (FITS), or why not (the
    class, caste and guild rules are :func:`why_not_for`'s, the chain's :meth:`Game._why_card`'s)."""
    bearer = ch
    if d.ally:  # ER-ALLY-1: one of your living characters, chosen when the card is played
        if 0 <= target < CHARACTERS:
            bearer = me.chars[target]
        elif d.anyone and CHARACTERS <= target < 2 * CHARACTERS:  # ER-CLASS-3: any character in play
            bearer = them.chars[target - CHARACTERS]
        else:
            return NEEDS_ALLY
        if bearer.dead:
            return ALLY_DEAD
        if d.guild and d.guild != me.guild and bearer is not ch:
            return GOLEM_ONLY
    elif target != -1:
        return NO_ALLY
    if d.type == ITEM:
        return slot_check(defs, d, bearer)
    return FITS


def slot_check(defs: list[CardDef], d: CardDef, bearer: Character) -> int:
    """ER-ITEM-2: one weapon (two one-handed ones when one has Dual Wield) and one armour: whether
    item ``d`` fits ``bearer`` beside the items it carries (FITS), or why not."""
    if d.kind == ARMOUR:
        for i in bearer.items:
            if defs[i].kind == ARMOUR:
                return ARMOUR_WORN
    elif d.kind == WEAPON:
        n = 0
        w: CardDef | None = None
        for i in bearer.items:
            x = defs[i]
            if x.kind == WEAPON:
                n += 1
                w = x
        if n >= 2:
            return TWO_WEAPONS
        if w is not None:
            if w.hands == 2 or d.hands == 2:
                return TWO_HANDED
            if not (w.dual_wield or d.dual_wield):
                return NO_DUAL_WIELD
    return FITS


def _misfit(defs: list[CardDef], why: int, d: CardDef, me: Seat, ch: Character, target: int, them: Seat) -> str:
    """The reason :meth:`Game._why_card` gives for a :func:`target_check` other than FITS."""
    if why == NEEDS_ALLY:
        if d.anyone:
            return (f"{d.name} needs a living character to carry it: play C T with T = 0..2 (yours) or 3..5 "
                    "(the other side's, ER-CLASS-3)")
        return f"{d.name} needs an ally: play C T with T = 0..2 (your characters)"
    if why == NO_ALLY:
        return f"{d.name} takes no ally (play C)"
    bearer = ch
    if d.ally:
        bearer = them.chars[target - CHARACTERS] if target >= CHARACTERS else me.chars[target]
    if why == ALLY_DEAD:
        return f"{bearer.d.name} is dead"
    if why == GOLEM_ONLY:
        return f"only the Golem {ch.d.name} may carry {d.name} of another guild"
    if why == TWO_WEAPONS:
        return f"{bearer.d.name} already wields two weapons"
    kind = ARMOUR if why == ARMOUR_WORN else WEAPON
    held = ""  # the first (for a weapon: the only) item of that kind it carries
    for i in bearer.items:
        if defs[i].kind == kind:
            held = defs[i].name
            break
    if why == ARMOUR_WORN:
        return f"{bearer.d.name} already wears {held}"
    if why == TWO_HANDED:
        return f"{bearer.d.name} already wields {held} (a two-handed weapon fills both hands)"
    return f"{bearer.d.name} already wields {held} (a second weapon needs Dual Wield)"


def chain_after(d: CardDef, cd: CardDef) -> int:
    """The chain a first card ``d`` played for ``cd`` opens: ANY, a restriction, or NO_CHAIN."""
    res = NO_CHAIN
    if d.chain:  # ER-CHAIN-1: a printed Chain, for whoever may play the card (Guemelites too)
        res = d.chain_with
    if cd.classes == FIGHTER and d.type == ITEM and d.kind == cd.item_chain:  # ER-CHAIN-2
        res = ANY
    if cd.classes == MAGE and not cd.guem and d.type == SPELL and not d.aoe:  # ER-CHAIN-3
        res = ANY
    return res


def deck_guild(chars: Sequence[CardDef]) -> str:
    """A deck's guild: that of its guild characters ("" when all are Mercenaries)."""
    guild = ""
    for d in chars:
        if d.guild != MERCENARY:
            guild = d.guild
    return guild


def _filter_name(code: int) -> str:
    from .cards import FILTER_CODES

    for k, v in FILTER_CODES.items():
        if v == code:
            return k
    return "any card"


class Chooser:
    """Base of the bots compiled with the engine: :func:`play_out` calls their ``choose`` as a
    compiled method, and ``choose`` leaves the action it returns in ``act`` and that action's kind
    and first two numbers in ``act_k``, ``act_x``, ``act_y`` (``act`` is ``None`` when it does not),
    so the action is checked and applied without reading its fields back from the (uncompiled)
    :class:`Action`."""

    def __init__(self) -> None:
        self.act: Action | None = None
        self.act_k = ""
        self.act_x = -1
        self.act_y = -1

    def choose(self, g: Game) -> Action:
        raise NotImplementedError


def play_out(g: Game, bots: Sequence[Any]) -> None:
    """Let ``bots[seat].choose(g)`` decide until the game ends (compiled with the engine)."""
    while not g.is_terminal():
        bot = bots[g.decider]
        if isinstance(bot, Chooser):
            a = bot.choose(g)
            act = bot.act
            if act is not None and act is a:
                g.apply_fields(act, bot.act_k, bot.act_x, bot.act_y)
            else:
                g.apply(a)
        else:
            g.apply(bot.choose(g))


def new_game(setup_a: Sequence[CardDef], setup_b: Sequence[CardDef], seed: int, record: bool = True,
             deck_names: Sequence[Sequence[str]] | None = None, turn_cap: int = TURN_CAP, first: int = -1,
             log_cards: bool = False, deck_out_loses: bool = False, zero_life_strikes: bool = True,
             score_overkill: bool = False) -> Game:
    """Start a game of ``eredan`` between two compiled setups (three characters and a deck each);
    ``first``: the seat that wins the initiative (default: drawn from the seed)."""
    names = deck_names or ([d.name for d in setup_a], [d.name for d in setup_b])
    return Game((setup_a, setup_b), seed, deck_names=names, record=record, turn_cap=turn_cap, first=first,
                log_cards=log_cards, deck_out_loses=deck_out_loses, zero_life_strikes=zero_life_strikes,
                score_overkill=score_overkill)


def replay(record: GameRecord, catalog: object) -> Game:
    """Rebuild a game from its record: same setups, seed and rule options, then every recorded
    action in order."""
    from .cards import compile_deck

    if len(record.setups) != 2 or record.setups[0] is None or record.setups[1] is None:
        raise ValueError(f"a {record.ruleset} record needs two setups, not {len(record.setups)}")
    g = new_game(compile_deck(record.setups[0], catalog), compile_deck(record.setups[1], catalog), record.seed,
                 deck_names=(record.setups[0], record.setups[1]),
                 turn_cap=int(record.options.get("turn_cap", TURN_CAP)), first=record.first,
                 deck_out_loses=record.options.get("deck_out", DECK_OUT[0]) == DECK_OUT[1],
                 zero_life_strikes=bool(record.options.get("zero_life_strikes", True)),
                 score_overkill=bool(record.options.get("score_overkill", False)))
    for player, action in record.actions:
        if g.current_player() != player:
            raise IllegalAction(f"replay diverged: record says player {player} acts, game says {g.current_player()}")
        g.apply(action)
    return g
