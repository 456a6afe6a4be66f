"""Fit the Free Realms search evaluation (``fwlab/bots/freerealms/search.py::evaluate``): a logistic
regression of seat a's win on the features of every turn start of heuristic-vs-heuristic games over
random pairings of the starter field (draws left out), by Newton's method; prints the weights, the
fit's log loss and the log loss of the score-led evaluation it replaced (read as (x + 1) / 2).

    .venv/bin/python bench/fr_eval_fit.py 3000      # about 3 minutes compiled; N games

Feature order of the printed weights: score lead (cards), board lead (creature value / 60),
inventory lead (cards / 10), hand lead (cards / 5), race to the goal (1 / (goal - scored + 1), a's
less b's), seat to move (+1 a, -1 b), bias.
"""
import sys, random, math
import numpy as np
from fwlab.rules.engines import engine_for
from fwlab.decks.starters import starter_decks
from fwlab.bots.freerealms.heuristic import creature_value

N = int(sys.argv[1]) if len(sys.argv) > 1 else 400
eng = engine_for("fr")
decks = starter_decks("fr")
names = [[e.name for e in d.entries for _ in range(e.count)] for d in decks]

def feats(g):
    a, b = g.seats
    ba = sum(creature_value(c.d) for c in a.spaces if c is not None)
    bb = sum(creature_value(c.d) for c in b.spaces if c is not None)
    goal = g.goal
    return [a.scored - b.scored, (ba - bb) / 60.0, (len(a.inventory) - len(b.inventory)) / 10.0,
            (len(a.hand) - len(b.hand)) / 5.0,
            1.0 / (goal - a.scored + 1) - 1.0 / (goal - b.scored + 1),
            1.0 if g.current_player() == 0 else -1.0]

X, Y = [], []
rng = random.Random(5)
for k in range(N):
    i, j = rng.randrange(len(decks)), rng.randrange(len(decks))
    g = eng.new_game("fr", [names[i], names[j]], 7000 + k, k % 2, log_cards=False, record=False)
    bots = eng.game_bots(["heuristic", "heuristic"], [k * 2 + 1, k * 2 + 2])
    last = -1
    rows = []
    while not g.is_terminal():
        if g.turn != last:
            last = g.turn
            rows.append(feats(g))
        g.apply(bots[g.current_player()].choose(g))
    r = g.outcome.returns()
    if r[0] == 0:
        continue
    y = 1.0 if r[0] > 0 else 0.0
    for f in rows:
        X.append(f); Y.append(y)
X = np.array(X); Y = np.array(Y)
Xb = np.hstack([X, np.ones((len(X), 1))])
w = np.zeros(Xb.shape[1])
for _ in range(30):
    p = 1 / (1 + np.exp(-Xb @ w))
    g_ = Xb.T @ (Y - p)
    H = (Xb * (p * (1 - p))[:, None]).T @ Xb + 1e-6 * np.eye(len(w))
    w += np.linalg.solve(H, g_)
p = 1 / (1 + np.exp(-Xb @ w))
ll = np.mean(Y * np.log(p + 1e-12) + (1 - Y) * np.log(1 - p + 1e-12))
# the current eval's log loss as a baseline: value x in [-.95,.95] -> p = (x+1)/2
x = np.clip(X[:, 0] / 8 + X[:, 1] + X[:, 2] / 4, -0.95, 0.95); pc = (x + 1) / 2
print("current eval logloss", round(-np.mean(Y*np.log(pc)+(1-Y)*np.log(1-pc)), 4))
print("states", len(X), "w", np.round(w, 3), "logloss", round(-ll, 4))
