"""``ismcts``: Information Set Monte Carlo Tree Search, one search bot for every engine.

Single-observer ISMCTS (Cowling, Powley & Whitehouse, IEEE TCIAIG 2012; OpenSpiel's ``ismcts.py``):
one tree over the deciding seat's information set. Each iteration

1. samples a determinization of the root: a clone of the game (its chance reseeded from the bot's
   generator) in which the engine's :class:`~fwlab.rules.engines.SearchHooks` re-deal everything the
   seat cannot see (the opponents' hands and deck orders, its own deck order, face-down cards);
2. descends the tree from the root using only the actions legal in that determinization: a node's
   children are its actions, and among the available ones the child with the best UCB value
   ``mean + c * sqrt(ln(availability) / visits)`` is followed, where availability counts the
   iterations in which the child could be taken (not the parent's visits: the actions available
   vary between determinizations);
3. expands an untried action where the node may have another child (progressive widening: at
   most ``1 + widen * sqrt(visits)`` children, or every action with ``widen=0``; always when none
   of its children is legal here): the rollout bot's own choice at that node first (``prior=true``),
   else one at random. The rollout bot's choice also keeps a bonus ``bias / (visits + 1)`` in the
   UCB value (progressive bias), so a small budget leans on the heuristic and a large one outgrows
   it;
4. values the leaf for every seat: with ``leaf=rollout`` the engine's rollout bot (its heuristic)
   plays on to ``horizon`` turns after the root (``horizon=0``: to the end) and the engine's
   evaluation scores the state; ``leaf=eval`` scores it at once. A finished game is scored from
   its outcome's places (``reward=returns``: +1 per seat placed behind, -1 per seat ahead,
   averaged, so a 2-seat win is +1 and a draw 0; ``reward=win``: +1 for a sole win, the share of a
   shared one, else -1);
5. backs each seat's value up the path: a node keeps the value of the seat that chose its action.

The move played is the root's most visited child (ties: the rollout bot's move, then the better mean). Every edge is an action
value, so the tree needs nothing of an engine but the game API and its hooks, and a game with any
number of seats (Conquest) searches the same way, each seat maximising its own value.

Budgets per decision: ``iters`` iterations (reproducible: the same seed, position and iterations
give the same move, whatever the worker count or machine), or ``ms`` milliseconds of wall time
instead (not reproducible: the iterations done depend on the machine's speed and load). A decision
with one legal action costs nothing (no clone, no iteration). The bot never reads what its seat
cannot see: every iteration starts from a fresh determinization, and the game's own generator is
never touched (a copy rolls its chance from the bot's generator, ``SearchHooks.clone``, or gets
its own seed from it).

Where the time goes (``bench/ismcts.py``; docs/bots.md): the engine's compiled code plays the
rollouts (``SearchHooks.rollout``), copies the state with its dice drawn from the bot's generator
(``SearchHooks.clone``, no generator seeded per copy) and re-deals the hidden cards with a generator
inside the compiled code; the tree itself (this module, plain Python) costs a few microseconds per
decision it descends.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping
from typing import Any, Final

from ..rules.botspec import BotParam
from ..rules.core import Action
from ..rules.engines import Engine, SearchHooks, engine_for

#: iterations per decision by default: a fw game at this budget takes a few seconds compiled
DEFAULT_ITERS: Final = 200
LEAVES: Final = ("rollout", "eval")
REWARDS: Final = ("returns", "win")

#: The parameters of a spec (``ismcts:iters=400,c=0.7``), checked by the registry.
PARAMS: tuple[BotParam, ...] = (
    BotParam("iters", "int", DEFAULT_ITERS,
             "iterations per decision (reproducible from the seed; Free Realms' and Conquest's default 400)", min=1, max=1_000_000),
    BotParam("ms", "float", 0.0, "wall-time budget per decision in milliseconds, replacing iters when above 0 "
                                 "(not reproducible: it depends on the machine's speed and load)", min=0),
    BotParam("c", "float", 0.7, "UCB exploration constant (values lie in [-1, 1])", min=0),
    BotParam("leaf", "str", "rollout", "a leaf's value: rollout (the engine's heuristic plays on to the horizon, "
                                       "then the evaluation) or eval (the evaluation at once)", choices=LEAVES),
    BotParam("horizon", "int", 4, "turns after the decision a rollout plays before it is evaluated "
                                  "(0: to the end of the game; Conquest's default)", min=0),
    BotParam("prior", "bool", True, "expand the rollout bot's own move first at every node"),
    BotParam("bias", "float", 0.5, "progressive bias: the rollout bot's move gets bias / (visits + 1) in UCB "
                                   "(0: none; needs prior)", min=0),
    BotParam("widen", "float", 1.0, "progressive widening: a node has at most 1 + widen * sqrt(visits) children "
                                    "(0: every action at once)", min=0),
    BotParam("depth", "int", 0, "the tree's depth in decisions at most (0: unlimited); below it the rollout "
                                "plays", min=0),
    BotParam("reward", "str", "returns", "a finished game's value per seat from its places: returns (the mean "
                                         "of +1 ahead / -1 behind each other seat) or win (+1 a win, else -1)",
             choices=REWARDS),
)


class Node:
    """One node of the tree: the action that led to it (its key: the action itself, or the
    engine's ``SearchHooks.keys`` name for the actions alike), the seat that chose it, and that
    seat's summed value over the ``visits`` iterations through it; ``avail`` counts the iterations
    in which its action was legal when its parent was reached."""

    __slots__ = ("action", "player", "children", "visits", "avail", "total", "hint", "hinted")

    def __init__(self, action: Any, player: int) -> None:
        self.action = action
        self.player = player
        self.children: dict[Any, Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        #: the rollout bot's move here (in the first determinization that asked), once ``hinted``
        self.hint: Any = None
        self.hinted = False


def outcome_values(places: tuple[int, ...], reward: str) -> list[float]:
    """Each seat's value of a finished game from its places (1 = best; tied seats share a place).

    >>> outcome_values((1, 2), "returns"), outcome_values((1, 1), "returns")
    ([1.0, -1.0], [0.0, 0.0])
    >>> outcome_values((2, 1, 3, 4), "returns")
    [0.3333333333333333, 1.0, -0.3333333333333333, -1.0]
    >>> outcome_values((2, 1, 3, 4), "win"), outcome_values((1, 1, 3), "win")
    ([-1.0, 1.0, -1.0, -1.0], [0.0, 0.0, -1.0])
    """
    n = len(places)
    out: list[float] = []
    if reward == "win":
        firsts = 0
        for q in places:
            if q == 1:
                firsts += 1
        for p in places:
            out.append(2.0 / firsts - 1.0 if p == 1 else -1.0)
        return out
    for i in range(n):
        v = 0
        for j in range(n):
            if j != i:
                v += (places[j] > places[i]) - (places[j] < places[i])
        out.append(v / (n - 1) if n > 1 else 0.0)
    return out


class IsmctsBot:
    """SO-ISMCTS over the engine's search hooks; see the module docstring. Make it through the
    registry (``make_bot("fw", "ismcts:iters=400")``): the engine is found from the first game it
    is handed. ``iterations`` counts the iterations of the last decision, ``total_iterations``
    and ``searched`` those of all decisions and how many decisions needed a search."""

    name = "ismcts"
    PARAMS = PARAMS
    #: the registry's make_bot passes the engine (its SearchHooks.defaults apply at once)
    TAKES_ENGINE = True

    def __init__(self, seed: int = 0, engine: Engine | None = None, **params: Any) -> None:
        known = {p.name: p for p in PARAMS}
        for k, v in params.items():
            if k not in known:
                raise ValueError(f"ismcts has no parameter {k!r}; known: {', '.join(known)}")
            if k == "leaf" and v not in LEAVES or k == "reward" and v not in REWARDS:
                raise ValueError(f"ismcts {k} must be one of {', '.join(known[k].choices or ())}, not {v!r}")
        self.seed = seed
        self.rng = random.Random(seed)
        #: the parameters given (a spec's); the others take the engine's defaults, then PARAMS'
        self.given: dict[str, Any] = dict(params)
        self._engine = engine
        self._hooks: SearchHooks | None = None
        self._bots: list[Any] = []
        self.iterations = 0
        self.total_iterations = 0
        self.searched = 0
        self.decisions = 0
        #: the root of the last search's tree (None before any search)
        self.tree: Node | None = None
        self._configure({} if engine is None or engine.search is None else engine.search_hooks().defaults)

    def _configure(self, engine_defaults: Mapping[str, Any]) -> None:
        values = {p.name: p.default for p in PARAMS}
        values.update(engine_defaults)
        values.update(self.given)
        self.iters = int(values["iters"])
        self.ms = float(values["ms"])
        self.c = float(values["c"])
        self.leaf = str(values["leaf"])
        self.horizon = int(values["horizon"])
        self.prior = bool(values["prior"])
        self.reward = str(values["reward"])
        self.bias = float(values["bias"]) if self.prior else 0.0
        self.widen = float(values["widen"])
        self.depth = int(values["depth"])

    def settings(self) -> dict[str, Any]:
        """Every parameter as this bot plays it (after the engine's defaults, once it has seen a game)."""
        return {p.name: getattr(self, p.name) for p in PARAMS}

    # ------------------------------------------------------------------ set-up
    def _setup(self, g: Any) -> SearchHooks:
        hooks = self._hooks
        if hooks is None:
            eng = self._engine
            if eng is None:
                eng = self._engine = engine_for(g.record.ruleset)
            hooks = self._hooks = eng.search_hooks()
            self._configure(hooks.defaults)
        n = g.num_seats
        if len(self._bots) != n:
            assert self._engine is not None
            # the rollout bots are deterministic (SearchHooks.rollout_bot): their seed plays no part
            self._bots = [self._engine.make_bot(hooks.rollout_bot, 0) for _ in range(n)]
        return hooks

    # ------------------------------------------------------------------ the decision
    def choose(self, g: Any) -> Action:
        self.decisions += 1
        legal: list[Action] = g.legal_actions()
        if len(legal) == 1:   # nothing to decide: no search
            self.iterations = 0
            return legal[0]
        hooks = self._setup(g)
        me: int = g.current_player()
        root = Node(None, -1)
        stop_turn = hooks.clock(g) + self.horizon if self.horizon > 0 else -1
        budget = self.iters
        deadline = time.perf_counter() + self.ms / 1000.0 if self.ms > 0 else 0.0
        done = 0
        while True:
            self._iterate(g, me, root, hooks, stop_turn)
            done += 1
            if deadline > 0.0:
                if time.perf_counter() >= deadline:
                    break
            elif done >= budget:
                break
        self.iterations = done
        self.total_iterations += done
        self.searched += 1
        self.tree = root
        return self._final(root, legal, legal if hooks.keys is None else hooks.keys(g, legal))

    def _final(self, root: Node, legal: list[Action], keys: list[Any]) -> Action:
        """The most visited child; a tie goes to the rollout bot's move (the root's hint), then to
        the better mean. ``keys``: the tree's key of each legal action of the real game."""
        best: Action = legal[0]
        best_key = (-1, False, -2.0)
        hint = root.hint
        for a, k in zip(legal, keys, strict=True):
            ch = root.children.get(k)
            if ch is None:
                continue
            key = (ch.visits, k == hint, ch.total / ch.visits if ch.visits else -2.0)
            if key > best_key:
                best, best_key = a, key
        return best

    def _iterate(self, g: Any, me: int, root: Node, hooks: SearchHooks, stop_turn: int) -> None:
        rng = self.rng
        d = g.clone(seed=rng.getrandbits(32)) if hooks.clone is None else hooks.clone(g, rng)
        hooks.determinize(d, me, rng)
        apply = hooks.apply
        bots = self._bots
        prior = self.prior
        path: list[Node] = [root]
        node = root
        c = self.c
        bias = self.bias
        widen = self.widen
        depth = self.depth
        log = math.log
        sqrt = math.sqrt
        keyer = hooks.keys
        expanded = False
        while not d.is_terminal():
            if depth > 0 and len(path) > depth:   # the tree's floor: the rollout plays on from here
                expanded = True
                break
            legal: list[Action] = d.legal_actions()
            player: int = d.current_player()
            # the tree's key of each action (SearchHooks.keys): actions alike share one child, and
            # ``here`` maps a key to this determinization's action for it
            # (None without keys: each action is its own key, no map built on this hot path)
            here: dict[Any, Action] | None = None
            keys: list[Any] = legal
            if keyer is not None:
                keys = keyer(d, legal)
                here = {}
                for a, k in zip(legal, keys):
                    if k not in here:
                        here[k] = a
            if prior and not node.hinted and len(legal) > 1:
                h = bots[player].choose(d)
                node.hint = h if keyer is None else keys[legal.index(h)]
                node.hinted = True
            children = node.children
            untried: list[Any] = []
            available: list[Node] = []
            for k in (legal if here is None else here):
                ch = children.get(k)
                if ch is None:
                    untried.append(k)
                else:
                    available.append(ch)
            hint = node.hint
            if untried and (not available or widen <= 0.0 or len(children) < 1.0 + widen * sqrt(node.visits)):
                pick = hint if hint is not None and hint in untried else untried[int(rng.random() * len(untried))]
                child = Node(pick, player)
                children[pick] = child
                for ch in available:
                    ch.avail += 1
                child.avail = 1
                act = pick if here is None else here[pick]
                if apply is None:
                    d.apply(act)
                else:
                    apply(d, act)
                path.append(child)
                expanded = True
                break
            best = available[0]
            best_u = -1e300
            for ch in available:
                av = ch.avail + 1
                ch.avail = av
                v = ch.visits
                u = ch.total / v + c * sqrt(log(av) / v)
                if bias > 0.0 and ch.action == hint:
                    u += bias / (v + 1)
                if u > best_u:
                    best_u = u
                    best = ch
            action = best.action if here is None else here[best.action]
            if apply is None:
                d.apply(action)
            else:
                apply(d, action)
            path.append(best)
            node = best
        values = self._leaf(d, hooks, stop_turn, expanded)
        for n in path:
            n.visits += 1
            if n.player >= 0:
                n.total += values[n.player]

    def _leaf(self, d: Any, hooks: SearchHooks, stop_turn: int, expanded: bool) -> list[float]:
        if expanded and self.leaf == "rollout":
            bots = self._bots
            if hooks.rollout is not None:   # the engine's compiled loop
                hooks.rollout(d, bots, stop_turn)
            apply = hooks.apply
            clock = hooks.clock
            while not d.is_terminal() and (stop_turn < 0 or clock(d) < stop_turn):
                a = bots[d.current_player()].choose(d)
                if apply is None:
                    d.apply(a)
                else:
                    apply(d, a)
        out = d.outcome
        if out is not None:
            return outcome_values(out.places, self.reward)
        return list(hooks.evaluate(d))
