"""Where the ``ismcts`` bot's time goes, per ruleset: the cost of its parts and of a decision.

    .venv/bin/python bench/ismcts.py [--rulesets fw,fr,...] [--games 2] [--states 300] [--seats 4]
                                     [--spec 'ismcts:iters=1000']

For each ruleset it first plays heuristic games and keeps ``--states`` of their decision states
(every decision with more than one legal action), then times on those states, in CPU time per
call: a ``clone(seed)`` (the game with its chance reseeded), a clone as the search makes it (the
engine's ``SearchHooks.clone`` where it has one: its dice from the search's generator), a
``determinize`` (the engine's hook, on a clone), ``legal_actions``, one ``apply`` (the search's:
unchecked where the engine allows it), a rollout bot's decision (the heuristic), the engine's
``evaluate``, and a rollout to the bot's horizon from the state (the engine's compiled loop,
``SearchHooks.rollout``). Then it plays
``--games`` games of the spec against the heuristic and prints the search's figures: iterations
per second, milliseconds per searched decision (and per decision of any kind), searched decisions
per game and seconds per game. Says whether the engine ran compiled (``fwlab native status``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from fwlab import native
from fwlab.bots.ismcts import IsmctsBot
from fwlab.decks.starters import starter_decks
from fwlab.rules.engines import engine_for
from fwlab.sim.play import bot_seed, start_match


def _setups(ruleset: str, seats: int, k: int) -> list[Any]:
    if engine_for(ruleset).name == "conquest":
        return [None] * seats
    decks = starter_decks(ruleset)
    return [decks[k % len(decks)], decks[(k + 1) % len(decks)]]


def sample_states(ruleset: str, count: int, seats: int) -> list[Any]:
    """Decision states (more than one legal action) from heuristic games, copied as they were."""
    eng = engine_for(ruleset)
    out: list[Any] = []
    k = 0
    while len(out) < count:
        g = start_match(ruleset, _setups(ruleset, seats, k), seed=1000 + k, first=k % seats, log_cards=False,
                        record=False)
        bots = [eng.make_bot("heuristic", 0) for _ in range(seats)]
        while not g.is_terminal():
            if len(g.legal_actions()) > 1 and len(out) < count:
                out.append(g.clone())
            g.apply(bots[g.current_player()].choose(g))
        k += 1
    return out


def per_call(fn: Any, states: list[Any], reps: int = 1) -> float:
    """CPU microseconds per call of ``fn(state)`` over the states (process time: on a shared machine
    the wall clock counts the other processes' turns too)."""
    t0 = time.process_time()
    for _ in range(reps):
        for s in states:
            fn(s)
    return (time.process_time() - t0) / (reps * len(states)) * 1e6


def parts(ruleset: str, states: list[Any], horizon: int) -> dict[str, float]:
    eng = engine_for(ruleset)
    hooks = eng.search_hooks()
    rng = random.Random(7)
    clones = [s.clone(seed=1) for s in states]
    heur = [eng.make_bot(hooks.rollout_bot, 0) for _ in range(5)]

    def determinize(s: Any) -> None:
        hooks.determinize(s, s.current_player(), rng)

    def clone(s: Any) -> Any:   # as the search copies a state (SearchHooks.clone)
        return s.clone(seed=rng.getrandbits(32)) if hooks.clone is None else hooks.clone(s, rng)

    def apply_first(s: Any) -> None:
        c = clone(s)
        a = c.legal_actions()[0]
        if hooks.apply is None:
            c.apply(a)
        else:
            hooks.apply(c, a)

    def rollout(s: Any) -> None:   # as the search rolls out (SearchHooks.rollout)
        c = clone(s)
        stop = hooks.clock(c) + horizon if horizon > 0 else -1
        if hooks.rollout is not None:
            hooks.rollout(c, heur, stop)
        while not c.is_terminal() and (stop < 0 or hooks.clock(c) < stop):
            c.apply(heur[c.current_player()].choose(c))
        hooks.evaluate(c)

    out = {
        "clone(seed)": per_call(lambda s: s.clone(seed=5), states, 3),
        "clone (search)": per_call(clone, states, 3),
        "determinize": per_call(determinize, clones, 3),
        "legal_actions": per_call(lambda s: s.legal_actions(), states, 3),
        "clone+apply": per_call(apply_first, states, 2),
        "heuristic decision": per_call(lambda s: heur[s.current_player()].choose(s), states, 3),
        "evaluate": per_call(hooks.evaluate, states, 3),
        f"rollout to horizon {horizon}": per_call(rollout, states, 1),
    }
    out["apply (minus clone)"] = out.pop("clone+apply") - out["clone (search)"]
    return out


def games(ruleset: str, spec: str, n: int, seats: int) -> dict[str, float]:
    """``n`` games of ``spec`` (seat 0) against the heuristic: the search's figures in CPU time
    (process time) and, beside them, wall time (which counts other processes' turns on a busy machine)."""
    eng = engine_for(ruleset)
    searched = iters = decisions = 0
    search_cpu = search_wall = total_cpu = total_wall = 0.0
    for k in range(n):
        first = k % seats
        g = start_match(ruleset, _setups(ruleset, seats, k), seed=500 + k, first=first, log_cards=False,
                        record=False)
        bots: list[Any] = [eng.make_bot(spec, bot_seed(500 + k, 0))]
        bots += [eng.make_bot("heuristic", 0) for _ in range(seats - 1)]
        c_game, w_game = time.process_time(), time.perf_counter()
        while not g.is_terminal():
            p = g.current_player()
            if p == 0:
                b = bots[0]
                assert isinstance(b, IsmctsBot)
                c0, w0 = time.process_time(), time.perf_counter()
                a = b.choose(g)
                dc, dw = time.process_time() - c0, time.perf_counter() - w0
                decisions += 1
                if b.iterations:
                    searched += 1
                    iters += b.iterations
                    search_cpu += dc
                    search_wall += dw
            else:
                a = bots[p].choose(g)
            g.apply(a)
        total_cpu += time.process_time() - c_game
        total_wall += time.perf_counter() - w_game
    return {"games": n, "decisions/game": decisions / n, "searched/game": searched / n,
            "iterations/s (CPU)": iters / search_cpu if search_cpu else 0.0,
            "us/iteration (CPU)": search_cpu / iters * 1e6 if iters else 0.0,
            "ms/searched decision (CPU)": search_cpu / searched * 1e3 if searched else 0.0,
            "ms/searched decision (wall)": search_wall / searched * 1e3 if searched else 0.0,
            "ms/decision (CPU)": search_cpu / decisions * 1e3 if decisions else 0.0,
            "s/game (CPU)": total_cpu / n, "s/game (wall)": total_wall / n}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rulesets", default="fw,fw-epic,bg,fr,eredan,conquest")
    ap.add_argument("--spec", default="ismcts:iters=1000", help="the bot spec timed in games")
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--states", type=int, default=300)
    ap.add_argument("--seats", type=int, default=4, help="seats of a Conquest game")
    args = ap.parse_args()
    for r in args.rulesets.split(","):
        eng = engine_for(r)
        seats = args.seats if eng.name == "conquest" else 2
        compiled = "compiled" if native.engine_compiled(eng.name) else "pure Python"
        bot = eng.make_bot(args.spec, 0)
        horizon = int(bot.settings()["horizon"]) if hasattr(bot, "settings") else 4
        states = sample_states(r, args.states, seats)
        print(f"{r} ({compiled}; {len(states)} decision states, {seats} seats)")
        for k, v in parts(r, states, horizon).items():
            print(f"  {k:<24} {v:9.1f} us")
        if args.games > 0:
            for k, v in games(r, args.spec, args.games, seats).items():
                print(f"  {args.spec} {k:<28} {v:10.2f}" if isinstance(v, float) else f"  {args.spec} {k:<28} {v}")
        print(f"  (median over states of legal actions: {statistics.median(len(s.legal_actions()) for s in states)})")


if __name__ == "__main__":
    main()
