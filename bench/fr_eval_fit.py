"""Fit a Free Realms search evaluation: a logistic regression of seat a's win on the features of
every turn start of heuristic-vs-heuristic games over random pairings of the starter field (draws
left out), by Newton's method. Prints the weights, the fit's log loss and the log loss of the
score-led evaluation ``fwlab/bots/freerealms/search.py::evaluate`` ships (read as (x + 1) / 2).

    .venv/bin/python bench/fr_eval_fit.py 3000      # N games; about 3 minutes compiled

Weights in the order: score lead (cards), board lead (creature value / 60), inventory lead
(cards / 10), hand lead (cards / 5), race to the goal (1 / (goal - scored + 1), a's less b's), seat
to move (+1 a, -1 b), bias. docs/bots.md records what the fit did to the search (it made it weaker,
so it was not kept).
"""

from __future__ import annotations

import random
import sys

import numpy as np

from fwlab.bots.freerealms.heuristic import creature_value
from fwlab.decks.starters import starter_decks
from fwlab.rules.engines import engine_for


def features(g) -> list[float]:  # type: ignore[no-untyped-def]
    a, b = g.seats
    ba = sum(creature_value(c.d) for c in a.spaces if c is not None)
    bb = sum(creature_value(c.d) for c in b.spaces if c is not None)
    goal = g.goal
    return [a.scored - b.scored, (ba - bb) / 60.0, (len(a.inventory) - len(b.inventory)) / 10.0,
            (len(a.hand) - len(b.hand)) / 5.0, 1.0 / (goal - a.scored + 1) - 1.0 / (goal - b.scored + 1),
            1.0 if g.current_player() == 0 else -1.0]


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    eng = engine_for("fr")
    decks = starter_decks("fr")
    names = [[e.name for e in d.entries for _ in range(e.count)] for d in decks]
    xs: list[list[float]] = []
    ys: list[float] = []
    rng = random.Random(5)
    for k in range(n):
        i, j = rng.randrange(len(decks)), rng.randrange(len(decks))
        g = eng.new_game("fr", [names[i], names[j]], 7000 + k, k % 2, log_cards=False, record=False)
        bots = eng.game_bots(["heuristic", "heuristic"], [k * 2 + 1, k * 2 + 2])
        last = -1
        rows = []
        while not g.is_terminal():
            if g.turn != last:
                last = g.turn
                rows.append(features(g))
            g.apply(bots[g.current_player()].choose(g))
        r = g.outcome.returns()
        if r[0] == 0:
            continue
        xs.extend(rows)
        ys.extend([1.0 if r[0] > 0 else 0.0] * len(rows))
    x = np.array(xs)
    y = np.array(ys)
    xb = np.hstack([x, np.ones((len(x), 1))])
    w = np.zeros(xb.shape[1])
    for _ in range(30):
        p = 1 / (1 + np.exp(-xb @ w))
        hess = (xb * (p * (1 - p))[:, None]).T @ xb + 1e-6 * np.eye(len(w))
        w += np.linalg.solve(hess, xb.T @ (y - p))
    p = 1 / (1 + np.exp(-xb @ w))
    fit = -np.mean(y * np.log(p + 1e-12) + (1 - y) * np.log(1 - p + 1e-12))
    shipped = (np.clip(x[:, 0] / 8 + x[:, 1] + x[:, 2] / 4, -0.95, 0.95) + 1) / 2
    base = -np.mean(y * np.log(shipped) + (1 - y) * np.log(1 - shipped))
    print(f"{len(x)} turn starts of {n} games; weights {np.round(w, 3).tolist()}")
    print(f"log loss: fit {fit:.4f}, shipped evaluation {base:.4f}")


if __name__ == "__main__":
    main()
