"""A game of Eredan ITCG (ruleset ``eredan``): turn flow, decisions, legal actions and ``apply``.

The game runs by itself through everything that needs no decision (drawing, card effects, strikes,
death, tapping) and stops at the next decision: :meth:`Game.current_player` names who decides and
:meth:`Game.legal_actions` what they may do. Decisions:

========  ==========================================================================================
CHOOSE    the choosing player: ``choose A B`` (own character A = 0..2, enemy character B = 0..2,
          both untapped and alive)
PLAY      chooser, then the other player: ``play C`` (card instance C from hand, for your character
          in the fight) or ``pass``
DISCARD   chooser, then the other player: ``discard C`` (any number) or ``pass`` (only with at most
          five cards in hand)
========  ==========================================================================================

Rule IDs in test names (tests/rules/test_er_rules.py; not yet in docs/rules.md): ER-CARD-1 (a field
the engine does not execute is a load error), ER-SETUP-1 (three characters a side, five
cards each, initiative drawn from the seed), ER-CHOOSE-1 (the choosing player alternates and picks
an untapped living character of each side), ER-PLAY-1 (one card each, chooser first; class, spell,
theurgy, guild and item-slot restrictions), ER-FIGHT-1 (cards resolve before the simultaneous
physical strikes, max(0, Att - Def) both ways; spell and theurgy damage reduced by Spirit; a pure
Mage casting a damaging spell does not strike), ER-BONUS-1 (turn bonuses, Marauder bonus),
ER-DEATH-1 (death at the end of the fight only), ER-TAP-1 (tapping and untapping), ER-HAND-1
(refill to five, Discard step, hand limit five), ER-SCORE-1 (Life removed plus Life restored, no
overkill, no overheal), ER-END-1 (all enemy characters dead; deck-out; turn cap), ER-ITEM-1
(equipped items and consumables), ER-RECORD-1 (record, replay, clone).

State of the work (issue 14, first session)
-------------------------------------------
Done: cards compiled with load errors for what is not executed (see :mod:`.cards`); setup; the
choosing player alternating; choosing; one card each (no Chain); card effects (damage, heal,
att/def/spirit, draw on self/foe/allies/enemies); items (one weapon, one armour, equipped stats
last, consumables discarded after the fight); class restrictions (spells need a Mage, theurgies a
Priest, ``classes`` on a card); guild restriction (items of another guild only on Golems); turn
bonuses; Marauder bonus; pure-Mage spell rule; physical strikes; death; tapping; Discard step and
hand limit; score; the ends (``dead``, ``deck-out``, and fwlab's own ``turn-cap``: a game still
running after :data:`TURN_CAP` turns is a draw, as in ``fr``); legal actions with reasons; apply;
clone; record and replay. The engine is NOT registered (fwlab/rulesets.py leaves ``eredan``
without an engine).

Next:

1. Chains: ``chain``/``chain_with`` on cards (a second card, order chooser's first, other's
   first, chooser's second, other's second, then cards that retrieve from the discard pile); the
   pure Fighter's ``item_chain``; the pure Mage's chain on non-AoE spells (not for multi-classes,
   never for a Guemelite).
2. Classes: multi-class details beyond the above; Craftsman items on any living character.
3. Races: Guemelite (spells of its type), the Golem item rule for guild-less items (bonus by
   class/guild/caste).
4. Castes (``caste`` field), Dual Wield, ``target = "ally"`` (a target chosen when played: an
   extra action argument).
5. Registration in fwlab/rules/engines.py (an ``engine.py`` like freerealms'), docs/rules.md
   ER-… sections (only with tests naming them), bots, a speed pass (mypyc, fwlab/native.py).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from ..core import Action, GameRecord, IllegalAction, Outcome
from .cards import (
    ARMOUR,
    ATT,
    DEF,
    ITEM,
    MAGE,
    MARAUDER,
    OP_ATT,
    OP_DAMAGE,
    OP_DEF,
    OP_DRAW,
    OP_HEAL,
    PRIEST,
    SPELL,
    SPIRIT,
    T_ALLIES,
    T_ENEMIES,
    T_FOE,
    T_SELF,
    THEURGY,
    WEAPON,
    CardDef,
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
PASS: Final = Action("pass")
MERCENARY: Final = "Mercenary"


class Game:
    """The state of one game. Create with :func:`new_game`; drive with ``apply`` until ``is_terminal``."""

    def __init__(self, setups: Sequence[Sequence[CardDef]] | None, seed: int,
                 deck_names: Sequence[Sequence[str]] | None = None, record: bool = True,
                 turn_cap: int = TURN_CAP) -> None:
        self.seed = seed
        self.num_seats = 2
        self.turn_cap = turn_cap
        self.rng = random.Random(seed)
        self.recording = record
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
        self.f_played = 0                  # how many PLAY decisions were taken this fight
        self.f_nophys = [False, False]     # a pure Mage who cast a damaging spell does not strike
        self.f_cards: list[int] = []       # cards played this fight that go to the discard pile after it
        self.d_done = 0                    # how many players ended their Discard step this turn
        if setups is None:  # an empty shell that clone() fills in
            self.record = GameRecord("eredan", seed, 0, ((), ()))
            return
        seats: list[Seat] = []
        for p in range(2):
            chars = [d for d in setups[p] if d.is_character]
            if len(chars) != CHARACTERS or len({d.name for d in chars}) != CHARACTERS:
                raise ValueError(f"seat {p}: a setup needs three different characters, got {[d.name for d in chars]}")
            start = len(self.defs)
            for d in setups[p]:
                if not d.is_character:
                    self.defs.append(d)
                    self.owner.append(p)
            guild = ""
            for d in chars:
                if d.guild != MERCENARY:
                    guild = d.guild
            seats.append(Seat(p, [Character(i, d, p) for i, d in enumerate(chars)],
                              list(range(start, len(self.defs))), guild))
        self.seats = seats
        for s in self.seats:  # ER-SETUP-1: decks shuffled, five cards each
            self.rng.shuffle(s.deck)
            self._draw(s, HAND)
        self.first = self.rng.randrange(2)  # ER-SETUP-1: initiative drawn from the seed
        names = deck_names if (record and deck_names) else ((), ())
        self.record = GameRecord("eredan", seed, self.first, (tuple(names[0]), tuple(names[1])),
                                 options={"turn_cap": turn_cap})
        self.turn = 1
        self.chooser = self.first
        self.decider = self.first
        self.decision = CHOOSE

    # ------------------------------------------------------------------ public API
    def current_player(self) -> int:
        """The seat (0 or 1) that must decide now, or -1 when the game is over."""
        return -1 if self.is_terminal() else self.decider

    def is_terminal(self) -> bool:
        return self.outcome is not None

    @property
    def decision_name(self) -> str:
        return DECISION_NAMES[self.decision]

    def candidates(self) -> list[Action]:
        """Every action of the current decision's form (legal or not)."""
        if self.decision == CHOOSE:
            return [Action("choose", a, b) for a in range(CHARACTERS) for b in range(CHARACTERS)]
        kind = "play" if self.decision == PLAY else "discard"
        out = [Action(kind, c) for c in self.seats[self.decider].hand]
        out.append(PASS)
        return out

    def legal_actions(self) -> list[Action]:
        """Every action the current player may take now (empty when the game is over)."""
        if self.is_terminal():
            return []
        return [a for a in self.candidates() if self.why_illegal(a) is None]

    def why_illegal(self, action: Action) -> str | None:
        """Why the current player may not take ``action`` now, or ``None`` when it is legal."""
        if self.is_terminal():
            return "the game is over"
        k, x, y = action.kind, action.a, action.b
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
            if x not in me.hand:
                return f"card {x} is not in your hand"
            return self._why_card(self.defs[x], me)
        if k == "pass":
            return f"you hold {len(me.hand)} cards: discard down to {HAND} first" if len(me.hand) > HAND else None
        if k != "discard":
            return "now is the Discard step: discard C or pass"
        if x not in me.hand:
            return f"card {x} is not in your hand"
        return None

    def _why_card(self, d: CardDef, me: Seat) -> str | None:
        ch = me.chars[self.f_char[me.idx]]
        if d.classes and not (ch.d.classes & d.classes):
            return f"{d.name} is for other classes than {ch.d.name}'s"
        if d.type == SPELL and not (ch.d.classes & MAGE):
            return f"{ch.d.name} is no Mage and cannot cast the spell {d.name}"
        if d.type == THEURGY and not (ch.d.classes & PRIEST):
            return f"{ch.d.name} is no Priest and cannot use the theurgy {d.name}"
        if d.guild and d.guild != me.guild and not (d.type == ITEM and ch.d.race == "Golem"):
            return f"{d.name} belongs to the {d.guild}, not to this deck's guild"
        if d.type == ITEM and (d.kind == WEAPON or d.kind == ARMOUR):  # one weapon and one armour (ER-PLAY-1)
            for i in ch.items:
                if self.defs[i].kind == d.kind:
                    return f"{ch.d.name} already carries {self.defs[i].name}"
        return None

    def apply(self, action: Action | str) -> None:
        """Apply one action of the current player; an illegal one raises :class:`IllegalAction` with the reason."""
        if isinstance(action, str):
            action = Action.parse(action)
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalAction(f"{action} is not legal now ({self.decision_name}): {reason}")
        if self.recording:
            self.record.actions.append((self.decider, action))
        p = self.decider
        if self.decision == CHOOSE:
            self.f_char = [0, 0]
            self.f_char[p] = action.a
            self.f_char[1 - p] = action.b
            self.f_played = 0
            self.f_nophys = [False, False]
            self.f_cards = []
            self.decision = PLAY
        elif self.decision == PLAY:
            if action.kind == "play":
                self._play(p, action.a)
            self.f_played += 1
            if self.f_played < 2:
                self.decider = 1 - p
            else:
                self._fight()
        else:
            s = self.seats[p]
            if action.kind == "discard":
                s.hand.remove(action.a)
                s.discard.append(action.a)
                return
            self.d_done += 1
            if self.d_done < 2:
                self.decider = 1 - p
            else:
                self._end_turn()

    def clone(self, seed: int | None = None) -> Game:
        """An independent copy for search (no record); ``seed`` reseeds its chance."""
        c = Game(None, self.seed, None, False, self.turn_cap)
        if seed is not None:
            c.rng = random.Random(seed)
        else:
            c.rng.setstate(self.rng.getstate())
        c.defs, c.owner = self.defs, self.owner
        c.seats = [self.seats[0].copy(), self.seats[1].copy()]
        c.turn, c.first, c.chooser, c.decision, c.decider = self.turn, self.first, self.chooser, self.decision, self.decider
        c.outcome = self.outcome
        c.f_char, c.f_played, c.f_nophys = list(self.f_char), self.f_played, list(self.f_nophys)
        c.f_cards, c.d_done = list(self.f_cards), self.d_done
        c.record = GameRecord("eredan", self.seed, self.first, self.record.setups, options=dict(self.record.options))
        return c

    # ------------------------------------------------------------------ stats
    def stat(self, ch: Character, stat: int) -> int:
        """A character's current Att, Def or Spirit (never below 0): printed, items, this fight's
        changes, and, for a character in the fight, its turn bonuses and Marauder bonus (ER-BONUS-1)."""
        d = ch.d
        v = (d.att if stat == ATT else d.defense if stat == DEF else d.spirit) + ch.equip[stat] + ch.fmod[stat]
        if self.decision == PLAY and self.f_char[ch.owner] == ch.idx:
            for b in d.bonuses:
                if b.turn == self.turn and b.stat == stat:
                    v += b.n
            if stat == ATT and d.mar_n and (d.classes & MARAUDER):
                foe = self.seats[1 - ch.owner].chars[self.f_char[1 - ch.owner]]
                if foe.d.classes & d.mar_vs:
                    v += d.mar_n
        return v if v > 0 else 0

    # ------------------------------------------------------------------ the fight
    def _fighters(self) -> tuple[Character, Character]:
        return self.seats[0].chars[self.f_char[0]], self.seats[1].chars[self.f_char[1]]

    def _play(self, p: int, cid: int) -> None:
        s = self.seats[p]
        d = self.defs[cid]
        s.hand.remove(cid)
        me = s.chars[self.f_char[p]]
        foe = self.seats[1 - p].chars[self.f_char[1 - p]]
        lasting = d.type == ITEM and not d.consumable
        if lasting:
            me.items.append(cid)
        else:
            self.f_cards.append(cid)
        if d.damaging and me.d.classes == MAGE:
            self.f_nophys[p] = True  # ER-FIGHT-1: the spell replaces its strike
        magic = d.type == SPELL or d.type == THEURGY
        for e in d.effects:
            if e.op == OP_DRAW:
                self._draw(s, e.n)
                continue
            targets: list[Character]
            if e.target == T_SELF:
                targets = [me]
            elif e.target == T_FOE:
                targets = [foe]
            elif e.target == T_ALLIES:
                targets = s.living()
            elif e.target == T_ENEMIES:
                targets = self.seats[1 - p].living()
            else:
                targets = []
            for t in targets:
                if e.op == OP_DAMAGE:
                    n = e.n - self.stat(t, SPIRIT) if magic else e.n
                    self._hurt(p, t, n)
                elif e.op == OP_HEAL:
                    gain = min(e.n, t.d.life - t.life)
                    t.life += gain
                    if t.owner == p:
                        s.score += gain
                else:
                    st = ATT if e.op == OP_ATT else DEF if e.op == OP_DEF else SPIRIT
                    if lasting:
                        t.equip[st] += e.n
                    else:
                        t.fmod[st] += e.n

    def _hurt(self, p: int, t: Character, n: int) -> None:
        """Seat ``p`` deals ``n`` damage to ``t``: Life never below 0; the Life removed from an
        enemy counts for ``p``'s score (ER-SCORE-1)."""
        if n <= 0:
            return
        lost = n if n < t.life else t.life
        t.life -= lost
        if t.owner != p:
            self.seats[p].score += lost

    def _fight(self) -> None:
        a, b = self._fighters()
        # ER-FIGHT-1: simultaneous strikes, Att - Def both ways, by characters at 0 Life too
        to_b = 0 if self.f_nophys[0] else self.stat(a, ATT) - self.stat(b, DEF)
        to_a = 0 if self.f_nophys[1] else self.stat(b, ATT) - self.stat(a, DEF)
        self._hurt(0, b, to_b)
        self._hurt(1, a, to_a)
        # ER-DEATH-1: death at the end of the fight
        for s in self.seats:
            for c in s.chars:
                if not c.dead and c.life <= 0:
                    c.dead = True
                    for i in c.items:
                        self.seats[self.owner[i]].discard.append(i)
                    c.items = []
                c.fmod = [0, 0, 0]
        for cid in self.f_cards:  # ER-ITEM-1: consumables and other played cards go to the discard pile
            self.seats[self.owner[cid]].discard.append(cid)
        self.f_cards = []
        # ER-TAP-1: the fighters are tapped; a side whose living characters are all tapped untaps
        a.tapped = True
        b.tapped = True
        for s in self.seats:
            living = s.living()
            if living and all(c.tapped for c in living):
                for c in living:
                    c.tapped = False
        self.f_char = [-1, -1]
        gone = [not self.seats[0].living(), not self.seats[1].living()]
        if gone[0] or gone[1]:  # ER-END-1
            if gone[0] and gone[1]:
                self._finish_by_score("dead", -1)
            else:
                self._end(1 if gone[0] else 0, "dead")
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
            s.hand.append(s.deck.pop())
        return True

    def _end_turn(self) -> None:
        decked = [self.seats[0].decked, self.seats[1].decked]
        if decked[0] or decked[1]:  # ER-END-1: deck-out ends the game at the end of that turn
            tie_winner = -1 if decked[0] and decked[1] else (1 if decked[0] else 0)
            self._finish_by_score("deck-out", tie_winner)
            return
        if self.turn >= self.turn_cap:
            self.outcome = Outcome.from_winner(None, 2, "turn-cap", self.turn)
            self.decision = TERMINAL
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
        self.outcome = Outcome.from_winner(None if winner < 0 else winner, 2, reason, self.turn)
        self.decision = TERMINAL
        self.decider = -1

    def summary(self) -> dict[str, Any]:
        """A small view of the state (for tests and debugging)."""
        return {"turn": self.turn, "decision": self.decision_name, "decider": self.decider,
                "scores": [s.score for s in self.seats],
                "chars": [[repr(c) for c in s.chars] for s in self.seats],
                "hands": [len(s.hand) for s in self.seats], "decks": [len(s.deck) for s in self.seats]}


def new_game(setup_a: Sequence[CardDef], setup_b: Sequence[CardDef], seed: int, record: bool = True,
             deck_names: Sequence[Sequence[str]] | None = None, turn_cap: int = TURN_CAP) -> Game:
    """Start a game of ``eredan`` between two compiled setups (three characters and a deck each)."""
    names = deck_names or ([d.name for d in setup_a], [d.name for d in setup_b])
    return Game((setup_a, setup_b), seed, deck_names=names, record=record, turn_cap=turn_cap)


def replay(record: GameRecord, catalog: object) -> Game:
    """Rebuild a game from its record: same setups and seed, then every recorded action in order."""
    from .cards import compile_deck

    if len(record.setups) != 2 or record.setups[0] is None or record.setups[1] is None:
        raise ValueError(f"a {record.ruleset} record needs two setups, not {len(record.setups)}")
    g = new_game(compile_deck(record.setups[0], catalog), compile_deck(record.setups[1], catalog), record.seed,
                 deck_names=(record.setups[0], record.setups[1]),
                 turn_cap=int(record.options.get("turn_cap", TURN_CAP)))
    for player, action in record.actions:
        if g.current_player() != player:
            raise IllegalAction(f"replay diverged: record says player {player} acts, game says {g.current_player()}")
        g.apply(action)
    return g
