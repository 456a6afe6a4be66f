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
# # Deck tuning: change a few cards, see the curve, the odds and the results move
#
# A deck-tuning session in four steps, and a Free Realms question:
#
# 1. load a **starter deck** and look at its **curve** (copies per Res cost), its **type mix** and
#    its **draw odds** (exact, hypergeometric);
# 2. **change a few cards** and check the new list against the deck-building rules;
# 3. compare curve and odds of the two versions side by side;
# 4. play **both versions against the starter gauntlet** (every other starter deck of the ruleset)
#    with the simulator, and read each win rate with its sample size and 95% Wilson interval;
# 5. **Free Realms: what do average gems buy?** A family of decks that differ only in gems, each
#    against the fr starter gauntlet: average gems against simulated win rate;
# 6. **Eredan: one swap.** An Eredan starter deck and a variant with one card swapped, both
#    against the Eredan starter gauntlet.
#
# **Parameters.** The next cell holds the deck, the change and the sizes. `N_GAMES` is small so CI
# runs this notebook in well under a minute, which makes every interval wide (about ±0.12 at 60
# games): raise it to 1000 or more for a real decision (`papermill 02_deck_tuning.ipynb out.ipynb -p
# N_GAMES 2000 -p WORKERS 4`); results are reproducible from the seed whatever the number of workers.

# %% tags=["parameters"]
RULESET = "fw"
DECK = "Ashfang Raid"  # a starter deck of RULESET, by name
CUT = {"Abyssal Wisp": 4, "Veil of Shadows": 2}  # copies taken out
ADD = {"Ashfang Raider": 2, "Pillage": 2, "Supply Depot": 1, "Steel Mill": 1}  # copies put in
N_GAMES = 60  # games per matchup (each version against each gauntlet deck)
SEED = 7
BOTS = ("heuristic", "heuristic")  # bot of the tuned deck, bot of the gauntlet deck
WORKERS = 1  # worker processes for the simulator
SMALL_SAMPLE = 100  # matchups with fewer games are flagged as small samples
# section 5, Free Realms: a family of decks that differ only in gems
FR_DECK = "Wild Oath"  # an fr starter deck, by name
FR_STEPS = 4  # swaps towards more gems, and towards fewer
FR_GAMES = 100  # games per family deck against each other fr starter
# section 6, Eredan: a starter deck and one swap
ER_DECK = "Ashen Pact Raiders"  # an eredan starter deck, by name
ER_CUT = {"Evasion": 2}  # copies taken out
ER_ADD = {"Pact Greataxe": 2}  # copies put in
ER_GAMES = 200  # games per matchup (each version against each other eredan starter)

# %%
import pandas as pd
import plotly.express as px
import plotly.graph_objects as go
import plotly.io as pio
from plotly.subplots import make_subplots

from fwlab.catalog import load_catalog
from fwlab.decks import Deck, format_decklist, parse_decklist
from fwlab.decks.odds import deploy_odds, draw_odds
from fwlab.decks.starters import starter_decks
from fwlab.decks.stats import deck_stats
from fwlab.decks.validate import validate
from fwlab.sim import simulate
from fwlab.stats import difference_interval, wilson

# Charts: interactive in Jupyter (plotly's mimetype), and as HTML with plotly.js embedded once per
# notebook, so an exported page (`jupyter nbconvert --to html`) draws them offline.
pio.renderers.default = "plotly_mimetype+notebook"

# %% [markdown]
# ## 1. The starter deck
#
# A deck is a plain decklist (`COUNT Card Name` lines). Every card has a Res cost; in Fallen
# Worlds your own turns give 1, 2, 3, 1, 2, 3, … Res (plus 1 per Scenario in play), so the
# curve says how often you will have something to deploy.

# %%
catalog = load_catalog(RULESET)
starters = {d.name: d for d in starter_decks(RULESET)}
base = starters[DECK]
print(format_decklist(base))

# %%
base_stats = deck_stats(base, catalog)
print(f"{base.name}: {base_stats.cards} cards; types {base_stats.types}; {base_stats.mix_field} mix {base_stats.mix}")
fig = make_subplots(rows=1, cols=2, subplot_titles=["curve: copies per Res cost", "type mix"],
                    specs=[[{"type": "xy"}, {"type": "domain"}]])
fig.add_trace(go.Bar(x=list(base_stats.curve), y=list(base_stats.curve.values()), name="copies"), row=1, col=1)
fig.add_trace(go.Pie(labels=list(base_stats.types), values=list(base_stats.types.values()), hole=0.4), row=1, col=2)
fig.update_xaxes(title_text="Res cost", dtick=1, row=1, col=1)
fig.update_layout(title=base.name, height=360, width=900, showlegend=False)
fig.show()

# %% [markdown]
# **Draw odds.** You see 5 opening cards plus one per turn of yours, so by your turn *t* you have
# seen 5 + *t* cards; the chance that at least one of *c* copies is among them is hypergeometric.
# Below: a cheap creature (cost 1-2) to open with, any card with the Raider keyword, and the
# finisher Pillage. Then the exact chance of being able to deploy something on each turn
# (`deploy_odds`, an enumeration of the hand by cost).

# %%
GROUPS = {
    "a creature of cost 1-2": lambda c: c.type == "creature" and (c.cost or 0) <= 2,
    "a Raider card": lambda c: any(a.get("kw") == "raider" for a in c.abilities),
    "Pillage": lambda c: c.name == "Pillage",
}


def odds_table(deck: Deck, turns: int = 8) -> pd.DataFrame:
    rows = []
    for label, group in GROUPS.items():
        odds = draw_odds(deck, group=group, turns=turns, catalog=catalog, label=label)
        rows += [{"deck": deck.name, "what": f"{label} ({odds.copies} copies)", "group": label, "turn": t,
                  "P(at least one in hand)": p} for t, p in zip(odds.turn, odds.p_at_least_one)]
    return pd.DataFrame(rows)


base_odds = odds_table(base)
px.line(base_odds, x="turn", y="P(at least one in hand)", color="what", markers=True,
        title=f"{base.name}: chance of holding … by your turn t", range_y=[0, 1.02]).show()
pd.DataFrame(deploy_odds(base, 6, catalog=catalog).to_dict()).drop(columns="ruleset").set_index("turn")

# %% [markdown]
# ## 2. The change
#
# The idea: the Abyssal Wisps (Att 1, Dmg 1) and the 4-Res Veils of Shadows are the weakest raids
# per Res; trade them for two more Ashfang Raiders, two more Pillages and two more Scenarios for
# Res. The new list is checked against the deck-building rules (size, copies, Specials): any
# problem stops the notebook here.

# %%
def change(deck: Deck, cut: dict[str, int], add: dict[str, int]) -> Deck:
    """The deck with ``cut`` copies taken out and ``add`` copies put in, as a new decklist."""
    counts = deck.counts()
    for name, n in cut.items():
        if counts.get(name, 0) < n:
            raise ValueError(f"cannot cut {n} {name}: the deck has {counts.get(name, 0)}")
        counts[name] -= n
    for name, n in add.items():
        counts[name] = counts.get(name, 0) + n
    lines = [f"ruleset: {deck.ruleset}", f"name: {deck.name} (tuned)"]
    lines += [f"{n} {name}" for name, n in counts.items() if n > 0]
    return parse_decklist("\n".join(lines) + "\n", source="<tuned>")


tuned = change(base, CUT, ADD)
problems = validate(tuned, catalog)
for p in problems:
    print(p.rule, p.message)
assert not problems, "the tuned deck breaks a deck-building rule"
print(f"{tuned.name}: {tuned.size} cards, legal for {tuned.ruleset}")
diff = pd.DataFrame({"before": pd.Series(base.counts()), "after": pd.Series(tuned.counts())}).fillna(0).astype(int)
diff[diff["before"] != diff["after"]].assign(change=lambda t: t["after"] - t["before"])

# %% [markdown]
# ## 3. Curve and odds, before and after

# %%
tuned_stats = deck_stats(tuned, catalog)
curves = pd.concat([pd.DataFrame({"Res cost": list(s.curve), "copies": list(s.curve.values()), "deck": s.name})
                    for s in (base_stats, tuned_stats)])
types = pd.concat([pd.DataFrame({"type": list(s.types), "copies": list(s.types.values()), "deck": s.name})
                   for s in (base_stats, tuned_stats)])
fig = make_subplots(rows=1, cols=2, subplot_titles=["curve", "type mix"])
for name, colour in [(base.name, "#1f77b4"), (tuned.name, "#ff7f0e")]:
    c, t = curves[curves["deck"] == name], types[types["deck"] == name]
    fig.add_trace(go.Bar(x=c["Res cost"], y=c["copies"], name=name, marker_color=colour, legendgroup=name), row=1, col=1)
    fig.add_trace(go.Bar(x=t["type"], y=t["copies"], name=name, marker_color=colour, legendgroup=name,
                         showlegend=False), row=1, col=2)
fig.update_xaxes(dtick=1, title_text="Res cost", row=1, col=1)
fig.update_layout(barmode="group", height=360, width=1000, title="Before and after")
fig.show()

# %%
both_odds = pd.concat([base_odds, odds_table(tuned)])
px.line(both_odds, x="turn", y="P(at least one in hand)", color="deck", facet_col="group", markers=True,
        title="Draw odds before and after", range_y=[0, 1.02], height=380, width=1100).show()
deploy = pd.DataFrame({d.name: deploy_odds(d, 6, catalog=catalog).p_deploy for d in (base, tuned)},
                      index=pd.Index(range(1, 7), name="your turn"))
deploy.style.format("{:.3f}").set_caption("P(able to deploy something on that turn)")

# %% [markdown]
# ## 4. Against the starter gauntlet
#
# Each version plays `N_GAMES` games against every other starter deck of the ruleset, first seat
# alternating, with the same seed for both versions. A draw counts as half a win. Every win rate
# has its 95% Wilson interval; the change per opponent is a difference of two proportions with
# Newcombe's interval. Matchups under `SMALL_SAMPLE` games are flagged: read them as a direction,
# not as a verdict.

# %%
gauntlet = [d for name, d in starters.items() if name != DECK]
rows = []
for version in (base, tuned):
    for opponent in gauntlet:
        r = simulate(version, opponent, n=N_GAMES, seed=SEED, ruleset=RULESET, bots=BOTS, workers=WORKERS)
        low, high = r.ci95_a
        rows.append({"version": version.name, "opponent": opponent.name, "games": r.games, "wins": r.wins_a,
                     "draws": r.draws, "win_rate": r.win_rate_a, "low95": low, "high95": high,
                     "mean_turns": r.mean_turns, "small_sample": r.games < SMALL_SAMPLE})
results = pd.DataFrame(rows)
results.round(3)

# %%
fig = go.Figure()
for i, (name, part) in enumerate(results.groupby("version", sort=False)):
    fig.add_trace(go.Scatter(
        x=part["win_rate"], y=part["opponent"], mode="markers", name=f"{name}",
        marker={"size": 10, "symbol": ["circle-open" if s else "circle" for s in part["small_sample"]]},
        error_x={"type": "data", "symmetric": False, "array": part["high95"] - part["win_rate"],
                 "arrayminus": part["win_rate"] - part["low95"]},
        offsetgroup=str(i), orientation="h"))
fig.add_vline(x=0.5, line_dash="dot")
fig.update_layout(title=f"Win rate against each gauntlet deck ({N_GAMES} games each, 95% Wilson; "
                        "open marker = small sample)", xaxis_title="win rate (draw = half)",
                  xaxis_range=[0, 1], height=120 + 45 * len(gauntlet), width=1000, scattermode="group")
fig.show()

# %%
points = results.assign(points=results["wins"] + 0.5 * results["draws"])
pivot = points.pivot(index="opponent", columns="version", values="points")
games = points.pivot(index="opponent", columns="version", values="games")
d, low, high = difference_interval(pivot[tuned.name], games[tuned.name], pivot[base.name], games[base.name])
change_table = pd.DataFrame({"before": pivot[base.name] / games[base.name], "after": pivot[tuned.name] / games[tuned.name],
                             "change": d, "low95": low, "high95": high})
overall = []
for version in (base.name, tuned.name):
    total, n = float(pivot[version].sum()), int(games[version].sum())
    lo, hi = wilson(total, n)
    overall.append({"version": version, "games": n, "win_rate": total / n, "low95": lo, "high95": hi})
d_all, lo_all, hi_all = difference_interval(pivot[tuned.name].sum(), games[tuned.name].sum(),
                                            pivot[base.name].sum(), games[base.name].sum())
print(f"Whole gauntlet: change {float(d_all):+.3f} (95% {float(lo_all):+.3f} to {float(hi_all):+.3f}); "
      + ("the interval excludes 0." if lo_all > 0 or hi_all < 0 else "the interval includes 0: no clear effect at this N."))
pd.DataFrame(overall).round(3)

# %%
change_table.round(3)

# %% [markdown]
# ## 5. Free Realms: average gems against win rate
#
# The Free Realms deck builder shows a deck's **average gems** (the mean gem count over every card):
# each battle adds the gems of the card each side flips, so more gems should win more battles. Here
# is what that buys in whole games. Starting from the starter `FR_DECK`, each step swaps every copy
# of one card for a card of the **same type and cost** (a creature also of the same sphere, so its
# power-ups still match; Heroes and tricks stay) with more gems, or with fewer, keeping the deck
# legal (`validate`). The curve, the types and the style stay; at one cost the catalog trades gems
# against attack + defense (docs/catalogs/freerealms.md, "Gems and balance"), so a deck with more
# gems also has slightly smaller creatures: that trade is the question. Each deck plays `FR_GAMES`
# games against every other fr starter (seats alternating, one seed); the win rate (a draw half a
# win) has its 95% Wilson interval. At the CI size the intervals are about ±0.04 and the family
# spans only a few tenths of a gem: raise `FR_GAMES` to read a slope.

# %%
from fwlab.decks import DeckEntry
from fwlab.decks.stats import flip_deck

fr_catalog = load_catalog("fr")
fr_starters = {d.name: d for d in starter_decks("fr")}
fr_base = fr_starters[FR_DECK]


def n_gems(name: str) -> int:
    return len(fr_catalog[name].fields.get("gems", []))


def swap_group(card) -> tuple:
    """Cards that may replace each other: same type and cost; creatures also the same sphere."""
    f = card.fields
    return (card.type, f.get("cost", 0), f.get("sphere") if card.type == "creature" else None)


def swapped(deck: Deck, old: str, new: str, name: str) -> Deck:
    return Deck(deck.ruleset, name, tuple(DeckEntry(e.count, new if e.name == old else e.name) for e in deck.entries))


def gem_step(deck: Deck, direction: int, name: str) -> Deck | None:
    """The legal swap (all copies of one card) that moves the deck's gems most in ``direction``."""
    counts, best = deck.counts(), None
    for old, copies in sorted(counts.items()):
        card = fr_catalog[old]
        if card.type not in ("creature", "resource") or card.fields.get("hero"):
            continue
        for sub in fr_catalog:
            if sub.name in counts or sub.fields.get("hero") or swap_group(sub) != swap_group(card):
                continue
            gain = (n_gems(sub.name) - n_gems(old)) * direction * copies
            if gain > 0 and (best is None or gain > best[0]):
                candidate = swapped(deck, old, sub.name, name)
                if not validate(candidate, fr_catalog):
                    best = (gain, candidate)
    return None if best is None else best[1]


family = [fr_base]
for direction, word in ((1, "more"), (-1, "fewer")):
    deck = fr_base
    for k in range(1, FR_STEPS + 1):
        deck = gem_step(deck, direction, f"{FR_DECK} {word} gems {k}")
        if deck is None:
            break
        family.append(deck)
assert all(not validate(d, fr_catalog) for d in family)
changes = pd.DataFrame([
    {"deck": d.name, "average_gems": flip_deck(d, fr_catalog).average_gems,
     "swapped_in": ", ".join(f"{n} {c}" for c, n in d.counts().items() if fr_base.count(c) != n)}
    for d in family]).sort_values("average_gems", ignore_index=True)
changes.round(3)

# %%
fr_gauntlet = [d for name, d in fr_starters.items() if name != FR_DECK]
fr_rows = []
for deck in family:
    points = games_played = 0.0
    for opponent in fr_gauntlet:
        r = simulate(deck, opponent, n=FR_GAMES, seed=SEED, ruleset="fr", bots=BOTS, workers=WORKERS)
        points += r.wins_a + 0.5 * r.draws
        games_played += r.games
    low, high = wilson(points, games_played)
    fr_rows.append({"deck": deck.name, "average_gems": flip_deck(deck, fr_catalog).average_gems,
                    "games": int(games_played), "win_rate": points / games_played, "low95": low, "high95": high})
gem_results = pd.DataFrame(fr_rows).sort_values("average_gems", ignore_index=True)
gem_results.round(3)

# %%
fig = go.Figure(go.Scatter(
    x=gem_results["average_gems"], y=gem_results["win_rate"], mode="markers+lines", text=gem_results["deck"],
    error_y={"type": "data", "symmetric": False, "array": gem_results["high95"] - gem_results["win_rate"],
             "arrayminus": gem_results["win_rate"] - gem_results["low95"]},
    hovertemplate="%{text}<br>average gems %{x:.3f}<br>win rate %{y:.3f}<extra></extra>"))
fig.add_vline(x=flip_deck(fr_base, fr_catalog).average_gems, line_dash="dot", annotation_text=FR_DECK)
fig.add_hline(y=0.5, line_dash="dot")
fig.update_layout(title=f"Free Realms: average gems against win rate over the starter gauntlet "
                        f"({FR_GAMES} games per opponent, 95% Wilson)",
                  xaxis_title="average gems (deck builder)", yaxis_title="win rate (draw = half)", height=450,
                  width=900)
fig.show()

# %% [markdown]
# ## 6. Eredan: one swap against the starter gauntlet
#
# An Eredan deck is 3 characters and 20 cards, at most 3 copies of a name, all of the deck's guild
# or unaffiliated; there is no Res cost, so no curve. *Ashen Pact Raiders* (two Marauders and a
# Fighter, all Att 3-5 and Def 1) wins by hitting hard. The change trades its two *Evasion* (a
# Marauder's +2 Def for one fight) for two *Pact Greataxe* (an Ashen Pact weapon: +4 Att, −1 Def):
# more damage at the price of even less defence. Both versions play `ER_GAMES` games against every
# other Eredan starter deck with the same seed and bots, first seat alternating; the point is each
# win rate (a draw half a win) with its 95% Wilson interval, the last row the whole gauntlet.

# %%
er_catalog = load_catalog("eredan")
er_starters = {d.name: d for d in starter_decks("eredan")}
er_base = er_starters[ER_DECK]
er_tuned = change(er_base, ER_CUT, ER_ADD)
er_problems = validate(er_tuned, er_catalog)
assert not er_problems, [p.message for p in er_problems]
er_rows = []
for version in (er_base, er_tuned):
    points = played = 0.0
    for opponent in (d for name, d in er_starters.items() if name != ER_DECK):
        r = simulate(version, opponent, n=ER_GAMES, seed=SEED, ruleset="eredan", bots=BOTS, workers=WORKERS)
        low, high = r.ci95_a
        er_rows.append({"version": version.name, "opponent": opponent.name, "games": r.games,
                        "win_rate": r.win_rate_a, "low95": low, "high95": high, "mean_turns": r.mean_turns})
        points += r.wins_a + 0.5 * r.draws
        played += r.games
    low, high = wilson(points, played)
    er_rows.append({"version": version.name, "opponent": "whole gauntlet", "games": int(played),
                    "win_rate": points / played, "low95": low, "high95": high, "mean_turns": None})
er_results = pd.DataFrame(er_rows)
whole = er_results[er_results["opponent"] == "whole gauntlet"].set_index("version")
n_base, n_tuned = whole.loc[er_base.name, "games"], whole.loc[er_tuned.name, "games"]
d, lo, hi = difference_interval(whole.loc[er_tuned.name, "win_rate"] * n_tuned, n_tuned,
                                whole.loc[er_base.name, "win_rate"] * n_base, n_base)
print(f"Whole gauntlet: change {float(d):+.3f} (95% {float(lo):+.3f} to {float(hi):+.3f})")
er_results.pivot(index="opponent", columns="version", values="win_rate").round(3)

# %%
fig = go.Figure()
for i, (name, part) in enumerate(er_results.groupby("version", sort=False)):
    fig.add_trace(go.Scatter(
        x=part["win_rate"], y=part["opponent"], mode="markers", name=name, marker={"size": 10},
        error_x={"type": "data", "symmetric": False, "array": part["high95"] - part["win_rate"],
                 "arrayminus": part["win_rate"] - part["low95"]},
        offsetgroup=str(i), orientation="h"))
fig.add_vline(x=0.5, line_dash="dot")
fig.update_layout(title=f"Eredan: {ER_DECK} before and after the swap ({ER_GAMES} games per opponent, 95% Wilson)",
                  xaxis_title="win rate (draw = half)", xaxis_range=[0, 1], height=380, width=1000,
                  scattermode="group")
fig.show()
