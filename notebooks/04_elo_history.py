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
# # Elo history: the game's own rule against standard Elo and OpenSkill
#
# Fallen Worlds Online ranks players by its own Elo rule: everyone starts at 1000; the winner
# gains G and the loser loses G, with **G = clamp(10 + trunc((R_loser − R_winner) / 50), 5, 20)**
# (one point more or less per full 50 points of difference). Only games that reached **four
# turns** count, and a draw changes nothing. fwlab compares it with two other systems over the
# same games:
#
# * **elo**: standard logistic Elo, expected score 1 / (1 + 10^((R_b − R_a)/400)), K = 32;
# * **openskill**: the Plackett-Luce model of the OpenSkill library, shown as its conservative
#   ordinal μ − 3σ (0 for a new player).
#
# In a simulated league we know who is strong: every player is a bot of a known level, `random`
# (weak), `heuristic` or `lookahead` (strong). So we can ask **how many games each system needs to
# rank the strong bots above the weak ones**. Decks and dice still make single games a lottery, so
# bot level is the truth only on average (and, in a store's league where each player keeps one
# deck, the deck's strength is mixed into it).
#
# **Which league.** With `FWLAB_DB` set to an existing store the notebook rates the store's
# matches of `RULESET`; without one it simulates a small league of known bots itself (no store
# needed). `RULESET` may be any ruleset with an engine; the game's own rule is Fallen Worlds
# Online's, so it rates only `fw` and `fw-epic` matches, and for another ruleset the notebook
# compares Elo and OpenSkill alone. Section 5 rates an Eredan league (`eredan`) the same way.
#
# **Parameters.** CI sizes: `LEAGUE_MATCHES` matches between the `ROSTER` bots, random and
# heuristic only, because the lookahead bot takes most of a second a game. For the full picture
# add it and play more: `papermill 04_elo_history.ipynb out.ipynb -p LEAGUE_MATCHES 3000 -p ROSTER
# '{"random": 3, "heuristic": 4, "lookahead": 1}'` (roughly a quarter of the games involve the
# lookahead bot, so count on ten minutes or more).

# %% tags=["parameters"]
import os

DB = os.environ.get("FWLAB_DB", "")  # a store to rate; empty or missing: simulate a league here
RULESET = "fw"  # any ruleset with an engine; the game's own Elo rule rates only fw and fw-epic
ROSTER = {"random": 4, "heuristic": 4}  # bots of the simulated league by level; add "lookahead": 1 for the full run
LEAGUE_MATCHES = 400  # matches of the simulated league (only without a store)
LEAGUE_SEED = 6
OPENSKILL_LIMIT = None  # rate only the first N games with openskill (about 30 µs a game); None: all
ER_LEAGUE_MATCHES = 400  # section 5: the Eredan league of the same ROSTER (only without a store)
ER_LEAGUE_SEED = 7

# %%
from datetime import datetime, timedelta
from pathlib import Path

import numpy as np
import pandas as pd
import plotly.express as px
import plotly.graph_objects as go
import plotly.io as pio
from scipy.stats import spearmanr

from fwlab.decks.starters import starter_decks
from fwlab.ratings import FW_RULESETS, SYSTEMS, rate
from fwlab.ratings.systems import START
from fwlab.sim import play_game
from fwlab.store import open_source

# Charts: interactive in Jupyter (plotly's mimetype), and as HTML with plotly.js embedded once per
# notebook, so an exported page (`jupyter nbconvert --to html`) draws them offline.
pio.renderers.default = "plotly_mimetype+notebook"

# %% [markdown]
# The league: with a store, its matches of `RULESET` and its players' bot levels (human players
# have no level and are left out of the comparison with the truth). Without one, `simulate_league`
# plays a league here: the `ROSTER` bots meet in random pairs, first seat at random, and **each
# seat gets a random starter deck every match**, so that over many games a player's results
# depend on its bot and not on one lucky deck (with one deck per player, the deck's strength would
# blur the truth). Every game is seeded from `LEAGUE_SEED`.

# %%
def simulate_league(ruleset: str, roster: dict[str, int], matches: int,
                    seed: int) -> tuple[pd.DataFrame, pd.DataFrame]:
    """A match log (the store's ``matches`` columns rating needs) and the players with their bot level."""
    rng = np.random.default_rng(np.random.SeedSequence([seed, 1]))
    decks = starter_decks(ruleset)
    people = [(f"{bot} {i + 1}", bot) for bot, n in roster.items() for i in range(n)]
    game_seeds = np.random.SeedSequence([seed, 2]).generate_state(matches, dtype=np.uint32)
    start = datetime(2026, 1, 1)
    rows = []
    for i in range(matches):
        ia, ib = rng.choice(len(people), size=2, replace=False)
        (pa, bot_a), (pb, bot_b) = people[int(ia)], people[int(ib)]
        first = "a" if rng.random() < 0.5 else "b"
        deck_a, deck_b = (decks[int(k)] for k in rng.integers(0, len(decks), size=2))
        r = play_game(deck_a, deck_b, ruleset=ruleset, bot_a=bot_a, bot_b=bot_b, seed=int(game_seeds[i]),
                      first=first, log_cards=False)
        rows.append({"match_id": f"nb-{i + 1:05d}", "ruleset": ruleset, "played_at": start + timedelta(hours=i),
                     "player_a": pa, "player_b": pb, "deck_a": deck_a.name, "deck_b": deck_b.name,
                     "winner": r.winner, "turns": r.turns})
    roster_table = pd.DataFrame({"player": [p for p, _ in people], "kind": "bot", "bot": [b for _, b in people],
                                 "deck_id": "(a random starter each match)"})
    return pd.DataFrame(rows), roster_table


def league(ruleset: str, matches: int, seed: int) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The store's matches of ``ruleset`` and its players, or a league simulated here (without a store,
    or when it has no match of ``ruleset``)."""
    if DB and Path(DB).exists():
        con = open_source(DB)
        log = con.execute(
            "SELECT match_id, ruleset, played_at, player_a, player_b, winner, turns FROM matches WHERE ruleset = ? "
            "ORDER BY played_at NULLS LAST, match_id", [ruleset]).df()
        people = con.execute("SELECT player, kind, bot, deck_id FROM players").df()
        con.close()
        if len(log):
            print(f"store {DB}: {len(log)} {ruleset} matches")
            return log, people
        print(f"store {DB} has no {ruleset} match: simulating a league instead")
    elif DB:
        print(f"{DB} does not exist: simulating a league instead")
    log, people = simulate_league(ruleset, ROSTER, matches, seed)
    print(f"simulated league: {len(log)} {ruleset} matches, {len(people)} bots")
    return log, people


def systems_for(ruleset: str) -> tuple[str, ...]:
    """The rating systems that rate ``ruleset``: the game's own rule (``fw``) only Fallen Worlds."""
    return tuple(s for s in SYSTEMS if s != "fw" or ruleset in FW_RULESETS)


matches, players = league(RULESET, LEAGUE_MATCHES, LEAGUE_SEED)
systems = systems_for(RULESET)
players[players["player"].isin(set(matches["player_a"]) | set(matches["player_b"]))].sort_values("bot")

# %% [markdown]
# ## 1. Three systems over the same games
#
# `fwlab.ratings.rate` rates a match log in order of play; games under four turns are skipped by
# all three systems alike (outside Fallen Worlds, by the two that rate it).

# %%
runs = {s: rate(matches, s, limit=OPENSKILL_LIMIT if s == "openskill" else None) for s in systems}
for s, run in runs.items():
    assert len(run.history) == 2 * run.rated
    print(f"{s:10s} {run.rated} rated games of {len(matches)}")
LEVEL = {"random": 0, "heuristic": 1, "lookahead": 2}
bot_of = dict(zip(players["player"], players["bot"]))
boards = []
for s, run in runs.items():
    b = run.leaderboard.assign(system=s, bot=lambda t: t["player"].map(bot_of))
    b["rank"] = np.arange(1, len(b) + 1)
    boards.append(b)
boards = pd.concat(boards)
boards.pivot(index="player", columns="system", values="rank").join(
    players.set_index("player")[["bot", "deck_id"]]).sort_values(systems[0])

# %% [markdown]
# ## 2. Ratings over time
#
# Each line is a player's rating after each of its rated games, coloured by bot level. The scales
# differ (the game's rule moves 5-20 points a game, Elo up to 32, OpenSkill's ordinal starts at 0
# and climbs as σ shrinks), so each system has its own panel.

# %%
history = pd.concat([run.history.astype({"system": str}) for run in runs.values()], ignore_index=True)
history["bot"] = history["player"].map(bot_of).fillna("human")
fig = px.line(history, x="played_at", y="rating_after", color="bot", line_group="player", facet_row="system",
              hover_name="player", hover_data={"game_no": True}, height=900,
              color_discrete_map={"random": "#d62728", "heuristic": "#1f77b4", "lookahead": "#2ca02c"},
              title="Ratings after each rated game")
fig.update_yaxes(matches=None)
fig.for_each_annotation(lambda a: a.update(text=a.text.split("=")[-1]))
fig.show()

# %% [markdown]
# ## 3. How quickly each system separates strong from weak
#
# After every rated game of the league we take every player's current rating (the start value
# until their first game) and compare it with the truth, the bot level, in two ways:
#
# * **pairwise order**: of all pairs (strong bot, random bot), the share where the strong one is
#   rated higher (ties count half); 0.5 is a coin toss, 1.0 a perfect split;
# * **Spearman rank correlation** between rating and bot level (random < heuristic < lookahead).
#   Bots of one level tie in the truth, so even a perfect split stays below 1 (with four random and
#   four heuristic bots the best possible value is about 0.87).

# %%
def agreement_curves(runs: dict, bot_of: dict[str, str]) -> tuple[pd.DataFrame, int, int]:
    """Pairwise order and Spearman correlation with the bot level after every rated game, per system;
    and the numbers of strong and of random bots."""
    history = pd.concat([run.history for run in runs.values()], ignore_index=True)
    rated_order = {m: i + 1 for i, m in enumerate(dict.fromkeys(history["match_id"]))}
    known = [p for p in sorted(set(history["player"])) if bot_of.get(p) in LEVEL]
    level = np.array([LEVEL[bot_of[p]] for p in known])
    strong, weak = level > 0, level == 0

    def ratings_after_each_game(run_history: pd.DataFrame, system: str) -> pd.DataFrame:
        """Rows: league games 1..n (in order); columns: players; values: rating after that game."""
        h = run_history.assign(game=run_history["match_id"].map(rated_order))
        wide = h.pivot_table(index="game", columns="player", values="rating_after", aggfunc="last")
        wide = wide.reindex(index=range(1, len(rated_order) + 1), columns=known)
        return wide.ffill().fillna(START[system])

    def pairwise_order(r: np.ndarray) -> float:
        if not strong.any() or not weak.any():
            return float("nan")
        diff = r[strong][:, None] - r[weak][None, :]
        return float(((diff > 0) + 0.5 * (diff == 0)).mean())

    rows = []
    for s, run in runs.items():
        wide = ratings_after_each_game(run.history, s).to_numpy()
        for game, r in enumerate(wide, start=1):
            rho = spearmanr(r, level).statistic if len(set(r)) > 1 and len(set(level)) > 1 else float("nan")
            rows.append({"system": s, "game": game, "pairwise order": pairwise_order(r), "spearman": rho})
    return pd.DataFrame(rows), int(strong.sum()), int(weak.sum())


curves, n_strong, n_weak = agreement_curves(runs, bot_of)
print(f"{n_strong} strong bots (heuristic/lookahead), {n_weak} random bots")

# %%
fig = px.line(curves.melt(["system", "game"], var_name="measure", value_name="value"), x="game", y="value",
              color="system", facet_col="measure", title="Agreement with the true bot level, game by game",
              labels={"game": "rated league games played"}, height=420, width=1100)
fig.add_hline(y=0.5, line_dash="dot", col=1)
fig.show()

# %% [markdown]
# A single number per system: the first game after which the pairwise order stays at or above a
# threshold for the rest of the league (never, in a league too small to get there).

# %%
def settles(curve: pd.Series, threshold: float) -> int | None:
    ok = (curve >= threshold).to_numpy()
    if not ok[-1]:
        return None
    bad = np.flatnonzero(~ok)
    return int(bad[-1]) + 2 if len(bad) else 1


def agreement_summary(curves: pd.DataFrame) -> pd.DataFrame:
    rows = []
    for s, part in curves.groupby("system", sort=False):
        c = part.set_index("game")["pairwise order"]
        rows.append({"system": s, "final pairwise order": c.iloc[-1], "final spearman": part["spearman"].iloc[-1],
                     **{f"settles >= {t}": settles(c, t) for t in (0.75, 0.9)}})
    return pd.DataFrame(rows).set_index("system")


agreement_summary(curves).round(3)

# %% [markdown]
# ## 4. The game's rule, zoomed in
#
# The game's rule is zero-sum and bounded: a win is worth 5 to 20 points. From a gap of 250 points
# the favourite's win gains only the minimum 5, and from 500 the underdog's win the maximum 20,
# whereas logistic Elo keeps shrinking the favourite's gain toward 0. Their final spreads:

# %%
spread = boards.groupby("system")["rating"].agg(["min", "max", "std"])
spread["range"] = spread["max"] - spread["min"]
spread.round(1)

# %%
fig = go.Figure()
for s in [s for s in ("fw", "elo") if s in runs]:
    b = boards[boards["system"] == s]
    fig.add_trace(go.Box(y=b["rating"] - START[s], x=b["bot"], name=s, boxpoints="all"))
fig.update_layout(boxmode="group", title="Final rating minus the start, by bot level",
                  yaxis_title="rating − start", height=420)
fig.show()

# %% [markdown]
# ## 5. Eredan: Elo and OpenSkill
#
# The game's own rule belongs to Fallen Worlds Online, so it rates only `fw` and `fw-epic`
# matches: given an Eredan log (which says its ruleset), `rate(..., "fw")` leaves every game
# unrated. Standard Elo and OpenSkill rate any two-seat game, so here they rate an Eredan league
# of the same `ROSTER` (from the store, or simulated here with `ER_LEAGUE_MATCHES` matches): the
# same questions, each player's rating over time and how soon strong bots rank above weak ones.
# An Eredan game between random and heuristic bots lasts about a dozen turns and takes about a
# millisecond to simulate; the Eredan lookahead bot takes seconds a game, so it stays out of CI.

# %%
er_matches, er_players = league("eredan", ER_LEAGUE_MATCHES, ER_LEAGUE_SEED)
print(f"the game's own rule rates {rate(er_matches, 'fw').rated} of {len(er_matches)} Eredan games")
er_runs = {s: rate(er_matches, s, limit=OPENSKILL_LIMIT if s == "openskill" else None)
           for s in systems_for("eredan")}
er_bot_of = dict(zip(er_players["player"], er_players["bot"]))
er_history = pd.concat([run.history.astype({"system": str}) for run in er_runs.values()], ignore_index=True)
er_history["bot"] = er_history["player"].map(er_bot_of).fillna("human")
fig = px.line(er_history, x="played_at", y="rating_after", color="bot", line_group="player", facet_row="system",
              hover_name="player", height=600,
              color_discrete_map={"random": "#d62728", "heuristic": "#1f77b4", "lookahead": "#2ca02c"},
              title="Eredan: ratings after each rated game")
fig.update_yaxes(matches=None)
fig.for_each_annotation(lambda a: a.update(text=a.text.split("=")[-1]))
fig.show()

# %%
er_curves, er_strong, er_weak = agreement_curves(er_runs, er_bot_of)
print(f"{er_strong} strong bots (heuristic/lookahead), {er_weak} random bots")
agreement_summary(er_curves).round(3)
