"""The default Eredan bot: the pairing of each fight from the exact exchange, the card that helps that
fight most, and discards that keep the deck alive.

The bot reads the game state directly and imagines one fight at a time. Its parts, one job each,
stacked in this order (each module's text says how its job is done):

* :mod:`.layout`: the card tables of a pair of setups (card kinds, who may play each card, by the
  engine's rule), made once and shared by every game between them;
* :mod:`.fight`: the fight valuation (:class:`~.fight.FightModel`: an imagined fight, a card played
  into it as the engine resolves one, the strikes settled, what a kill and a lasting item are worth);
* :mod:`.cardplay`: card play (PLAY: the card or chain that raises the fight's value most);
* :mod:`.pairing`: the pairing choice (CHOOSE: every legal pair with its best card, a search of the
  next pairings and the opponent's expected card);
* :mod:`.discard`: the discards (DISCARD: the least useful cards; a deck-out only when ending pays by the valuation);
* here, :class:`HeuristicBot`: its parameters, and each decision's answer as an action.

The rules it must respect (who may play a card, an ally target, an item's slot, the chain a first
card opens) are the engine's own functions, called, not copied. Nothing here clones the game, and
nothing reads the opponent's hand: its unseen cards (hand and deck together) are only counted by
kind. The modules are compiled with the engine (mypyc): plain typed classes, no closures.
"""

from __future__ import annotations

from typing import Final

from ...rules.core import Action
from ...rules.eredan.game import CHOOSE, DISCARD, PLAY, Game
from .discard import choose_discard
from .pairing import Pairing

PASS: Final = Action("pass")
_MAXC: Final = 256
_CHOOSE_ACTS: Final = [Action("choose", i // 3, i % 3) for i in range(9)]
#: the targets a play may name: -1 (none), 0..2 the player's characters, 3..5 the other side's (a
#: Craftsman item on an enemy, ER-CLASS-3)
_TARGETS: Final = 7
#: play actions by card instance id and target (index c * _TARGETS + target + 1), made once per
#: process and shared by every game and bot in it, so each (card, target) needs a slot of its own
_PLAY_ACTS: list[Action | None] = [None] * (_MAXC * _TARGETS)
_DISCARD_ACTS: list[Action | None] = [None] * _MAXC


def play_act(c: int, t: int) -> Action:
    """``play c`` (``t`` = -1) or ``play c t``."""
    if 0 <= c < _MAXC and -1 <= t < _TARGETS - 1:
        i = c * _TARGETS + t + 1
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


class HeuristicBot(Pairing):
    name = "heuristic"

    def __init__(self, seed: int = 0, kill_base: float = 4.0, kill_rate: float = 0.8, play_cost: float = 0.1,
                 heal_waste: float = 0.25, lasting: float = 0.7, draw_value: float = 0.4, fight_sd: float = 2.5,
                 safe_deck: int = 3, stall_turn: int = 30, cycle: float = 0.0, horizon: int = 1,
                 kill_search: float = 1.0, search_weight: float = 0.5, opp_card: float = 0.5) -> None:
        super().__init__(kill_base, kill_rate, play_cost, heal_waste, lasting, draw_value, safe_deck, horizon,
                         kill_search, search_weight, opp_card)
        self.seed = seed
        self.fight_sd = fight_sd        # a fight's spread of score points (sd 2.5 measured: bench/eredan_deckout.py)
        self.stall_turn = stall_turn    # from this turn on, a side ahead runs its deck out (a stalled game)
        self.cycle = cycle              # while the deck is large, cards held worth less than this go too

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
            if self._defs is not g.defs:  # this game's card tables (_use), should it begin with a discard
                self._new_game(g)
            c = choose_discard(g, p, self._use, self.fight_sd, self.safe_deck, self.stall_turn, self.cycle)
            return self._pass() if c < 0 else self._disc(c)
        self._prep(g, p)
        if d == PLAY:
            c = self._play(g, p)
            return self._pass() if c < 0 else self._playc(c, self._bc_t)
        if d == CHOOSE:
            return self._pick(self._choose(g, p))
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
