# ---
# jupyter:
#   jupytext:
#     cell_metadata_filter: tags,-all
#     formats: ipynb,py:percent
#     notebook_metadata_filter: kernelspec,jupytext
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#       jupytext_version: 1.19.6
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # The balance lab: nerf a card, watch the meta re-settle, let the simulator tune a deck
#
# A designer's session with `fwlab.lab` ([docs/balance-lab.md](../docs/balance-lab.md)):
#
# 1. play the **field** (every starter deck against every other, mirrors included) and find the
#    **dominant** deck, with the matchup matrix and the **equilibrium meta**;
# 2. **nerf** that deck's key cards (a change set, applied in memory) and re-play the same games:
#    each deck's change with its **paired** 95% interval, the matrices before and after, and how
#    the equilibrium meta re-settles;
# 3. **sweep** one stat of the nerfed card and see which value brings the deck nearest 50%;
# 4. **tune** a deliberately weakened deck: hill climbing over card swaps raced on paired seeds,
#    and the result re-tested on fresh seeds.
#
# **Parameters.** The next cell holds small sizes so CI runs this notebook in well under a minute;
# every interval is then wide. For real decisions use `N_GAMES = 500` or more (7 fw starters at 500
# games a pairing are 28,000 games, about 10 to 15 s on two workers) and a tuner budget of 50,000.

# %% tags=["parameters"]
RULESET = "fw"
N_GAMES = 40  # games per pairing, before and after (the same games)
SEED = 1
WORKERS = 1  # worker processes (results do not depend on it)
NERF_CARDS = 2  # how many of the dominant deck's own cards to nerf
NERF_STAT = "res"  # the field the nerf raises by one (the card's cost in Res)
SWEEP_GAMES = 20  # games per pairing and value in the sweep
TUNE_BUDGET = 4000  # games the tuner may play, re-test included
TUNE_GAUNTLET = ["fw/iron-bastion", "fw/grave-tide", "fw/iron-tide"]  # opponents of the tuned deck

# %%
import pandas as pd
import plotly.express as px
import plotly.graph_objects as go
import plotly.io as pio

from fwlab.catalog import load_catalog
from fwlab.lab import starter_field, sweep, tune, whatif

# Charts: interactive in Jupyter (plotly's mimetype), and as HTML with plotly.js embedded once per
# notebook, so an exported page (`jupyter nbconvert --to html`) draws them offline.
pio.renderers.default = "plotly_mimetype+notebook"

field = starter_field(RULESET)
catalog = load_catalog(RULESET)
[d.id for d in field]

# %% [markdown]
# ## 1. The field as it is
#
# An empty change set plays every pairing twice on the same games, so "before" and "after" are the
# same: this is the baseline. `M[i][j]` is deck *i*'s win rate against deck *j* (a draw counts
# half; seats take turns to play first), and a deck's **field win rate** is its mean over the whole
# field, its own mirror (0.5) included.

# %%
base = whatif(RULESET, {}, n=N_GAMES, seed=SEED, workers=WORKERS)
ids = base.deck_ids
short = [i.split("/", 1)[1] for i in ids]
baseline = pd.DataFrame([{"deck": r.deck, "field win rate": r.before, "low95": r.before_ci95[0],
                          "high95": r.before_ci95[1], "equilibrium share": base.equilibrium_before[r.deck]}
                         for r in base.decks]).sort_values("field win rate", ascending=False)
dominant = baseline.iloc[0]["deck"]
print(f"{base.games} games; the dominant deck is {dominant}")
baseline.round(3)

# %%
px.imshow(pd.DataFrame(base.matrix_before, index=short, columns=short), zmin=0.2, zmax=0.8,
          color_continuous_scale="RdBu", text_auto=".2f",
          title="Matchups as they are (row deck's win rate against the column deck)").show()

# %% [markdown]
# **The equilibrium meta** is the mix of decks that no deck beats: a symmetric zero-sum game with
# payoff `M - 0.5`, solved exactly as a linear program. A deck with share 0 is one the meta never
# needs. It is read from the *estimated* matrix, so at small sample sizes matchups near 0.5 can
# swing it.
#
# ## 2. Nerf the dominant deck's key cards
#
# The key cards: the dominant deck's own cards (no other starter plays them) with the most copies.
# The nerf raises their cost by one. A change set is plain data, `{card: {field: value}}`, with the
# catalog's field names; it is validated like the catalog and applied to a copy in memory.

# %%
dom_deck = next(d.deck for d in field if d.id == dominant)
others = {n for d in field if d.id != dominant for n in d.deck.counts()}
own = sorted(((c, n) for n, c in dom_deck.counts().items() if n not in others), reverse=True)
key_cards = [n for _, n in own[:NERF_CARDS]]
changes = {n: {NERF_STAT: catalog[n].fields[NERF_STAT] + 1} for n in key_cards}
changes

# %%
res = whatif(RULESET, changes, n=N_GAMES, seed=SEED, workers=WORKERS)
table = pd.DataFrame([{"deck": r.deck, "before": r.before, "after": r.after, "change": r.delta,
                       "low95": r.delta_ci95[0], "high95": r.delta_ci95[1],
                       "equilibrium before": res.equilibrium_before[r.deck],
                       "equilibrium after": res.equilibrium_after[r.deck]} for r in res.decks])
table.round(3)

# %% [markdown]
# **Reading the intervals.** Every game was played twice, before and after, with the same seed and
# the same first seat (*common random numbers*): the shuffles and dice are the same wherever the
# change does not alter them, so most games end alike. Each game gives a paired difference
# `d = after - before` (-1 to 1 in steps of 0.5); a pairing's change is the mean `d`, with
# variance `sd(d)^2 / n`, and a deck's change in field win rate averages the pairings, whose
# variances add (`/ K^2`, the pairings having their own seeds). The 95% interval is the normal one.
# It is much narrower than comparing two independent samples of the same size, because the `d`s
# are mostly 0. An interval that excludes 0 says the change moved that deck, at this sample size;
# an empty change set gives every deck exactly 0, interval [0, 0].

# %%
fig = go.Figure(go.Bar(x=table["change"], y=[d.split("/", 1)[1] for d in table["deck"]], orientation="h",
                       error_x={"type": "data", "symmetric": False, "array": table["high95"] - table["change"],
                                "arrayminus": table["change"] - table["low95"]}))
fig.add_vline(x=0, line_dash="dot")
fig.update_layout(title=f"Change in field win rate after the nerf (paired 95%, {N_GAMES} games a pairing)",
                  xaxis_title="after - before", height=380, width=900)
fig.show()

# %%
px.imshow(pd.DataFrame(res.matrix_delta, index=short, columns=short), zmin=-0.2, zmax=0.2,
          color_continuous_scale="RdBu", text_auto="+.2f",
          title="Change of each matchup (row deck's win rate against the column deck)").show()

# %%
eq = pd.DataFrame({"deck": short * 2, "share": [res.equilibrium_before[i] for i in ids]
                   + [res.equilibrium_after[i] for i in ids], "meta": ["before"] * len(ids) + ["after"] * len(ids)})
px.bar(eq, x="deck", y="share", color="meta", barmode="group", title="The equilibrium meta re-settles").show()

# %% [markdown]
# ## 3. Sweep one stat
#
# The same games at each value of the first key card's cost: each deck's field win rate along it,
# and the value that brings each deck nearest 50%.

# %%
card = key_cards[0]
now = catalog[card].fields[NERF_STAT]
sw = sweep(RULESET, f"{card}.{NERF_STAT}={max(0, now - 1)}..{now + 2}", n=SWEEP_GAMES, seed=SEED, workers=WORKERS)
rates = pd.DataFrame(sw.win_rates(), index=sw.values)
rates.index.name = f"{card}.{NERF_STAT}"
print("nearest 50%:", sw.nearest_50[dominant], f"for {dominant} (printed: {now})")
px.line(rates, markers=True, title=f"Field win rate along {card}.{NERF_STAT}").add_hline(y=0.5, line_dash="dot").show()

# %% [markdown]
# ## 4. Tune a weakened deck
#
# A copy of Ashfang Raid with its burn and best creatures swapped for off-colour bodies. The tuner
# samples single swaps (one copy out, one legal on-colour card in), races them against the current
# deck on the same games (a candidate stops once its upper bound falls below 0 or below the
# leader's lower bound; it is accepted once its lower bound clears 0 at a multiple-testing-corrected
# level), climbs from each accepted swap, and finally re-tests the best deck and the start on
# **fresh seeds** with ten times the games: the selection figures are optimistic (many candidates,
# many looks), the re-test's are not.

# %%
from fwlab.decks import load_deck
from fwlab.paths import PROJECT_ROOT

weak = load_deck(PROJECT_ROOT / "docs" / "examples" / "ashfang-weakened.txt")
tr = tune(weak, RULESET, TUNE_GAUNTLET, budget=TUNE_BUDGET, seed=SEED, workers=WORKERS)
print(f"{len(tr.swaps)} swap(s) in {tr.games} games ({tr.stopped}); re-test on {tr.confirm_games} fresh games a deck:")
print(f"  start {tr.start_win_rate:.3f} [{tr.start_ci95[0]:.3f}, {tr.start_ci95[1]:.3f}]  "
      f"best {tr.best_win_rate:.3f} [{tr.best_ci95[0]:.3f}, {tr.best_ci95[1]:.3f}]  "
      f"change {tr.delta:+.3f} [{tr.delta_ci95[0]:+.3f}, {tr.delta_ci95[1]:+.3f}]")
pd.DataFrame([s.to_dict() for s in tr.steps])

# %%
pd.Series(tr.counts_diff(), name="copies").to_frame()
