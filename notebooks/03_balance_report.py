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
# # Balance report: which cards and decks stand out in the match logs
#
# The store (a DuckDB file) keeps every match, one row per card per seat (`card_events`) and the
# Capital of both seats after every turn (`turn_snapshots`). This notebook
#
# 1. opens the store **read-only** and pulls the match logs through DuckDB into **polars** and
#    **pandas**;
# 2. computes the **balance report** (`fwlab.reports.balance_report`): win rate of every card and
#    deck with its 95% Wilson interval, the first seat's edge, game length;
# 3. lists the **flagged outliers** (cards and decks whose interval excludes the mean);
# 4. draws the **matchup heatmap**;
# 5. does the same for the **Eredan ITCG** (`eredan`): its card table, and its **characters**
#    (how often each is chosen to fight, and how its side fares when it survives);
# 6. reads the **game health** of the matches (`fwlab.health`, the report's `health` section):
#    how games end and last and the first player's edge, each figure against its band
#    (docs/game-health.md), and plays a small starter field for the figures only a simulation gives.
#
# **Which store.** With `FWLAB_DB` set to an existing store (`make notebooks` does that) the
# notebook reads it. Without one it builds a small temporary store itself: the catalogs and
# starter decks of `data/`, then a simulated league of `LEAGUE_MATCHES` bot matches of `RULESET`
# and one of `ER_LEAGUE_MATCHES` Eredan matches (as `fwlab init` plays a league for every ruleset
# with an engine).
#
# **Parameters.** The sizes below are CI sizes (a small league, so most intervals are wide). Against a real store only `RULESET` and `MIN_GAMES` matter; for a bigger
# temporary league raise `LEAGUE_MATCHES` (e.g. 5000, a few minutes).

# %% tags=["parameters"]
import os

DB = os.environ.get("FWLAB_DB", "")  # a store to read; empty or missing: build a temporary one
RULESET = "fw"  # the report covers this ruleset
MIN_GAMES = 30  # cards/decks with fewer games are kept, marked small_sample, never flagged
LEAGUE_MATCHES = 300  # size of the temporary league (only without a store)
LEAGUE_PLAYERS = 8
LEAGUE_SEED = 2
LEAGUE_LOOKAHEAD = 0  # at most this many lookahead bots in the temporary league (most of a second a game)
REPORT_HTML = ""  # a file name to also write the report as one self-contained HTML page; empty: do not
ER_LEAGUE_MATCHES = 300  # the Eredan league of the temporary store (section 6); 0: none
ER_LEAGUE_PLAYERS = 8
ER_LEAGUE_SEED = 5  # with 8 players this seed deals all five Eredan starter decks
HEALTH_GAMES = 5  # games a pairing of the small starter field simulated in section 7 (0: none)
HEALTH_DECKS = 2  # the first this many starter decks of RULESET make that field (every deck: 0)

# %%
import shutil
import tempfile
from pathlib import Path

import duckdb
import plotly.express as px
import plotly.graph_objects as go
import plotly.io as pio
import polars as pl

from fwlab.reports import SEAT_MEAN, balance_report
from fwlab.reports.render import matchup_heatmap, win_rate_vs_play_rate
from fwlab.store import connect, open_source
from fwlab.store.build import build_from_data, load_sources
from fwlab.store.league import run_league
from fwlab.store.queries import store_summary

# Charts: interactive in Jupyter (plotly's mimetype), and as HTML with plotly.js embedded once per
# notebook, so an exported page (`jupyter nbconvert --to html`) draws them offline.
pio.renderers.default = "plotly_mimetype+notebook"

# %% [markdown]
# ## 1. The store
#
# `open_source` attaches the store read-only (the app and the notebooks never hold the write
# lock) and exposes its tables as views. `temporary_store` is the fallback: it writes a fresh store
# in a temporary folder with one short-lived read-write connection, exactly as `fwlab init` and
# `fwlab league` would (one league per ruleset), then closes it.

# %%
def temporary_store(leagues: list[tuple[str, int, int, int]], lookahead: int) -> Path:
    """A new store in a temporary folder: data/ catalogs and starter decks plus one simulated league
    per (ruleset, matches, players, seed) of ``leagues``."""
    path = Path(tempfile.mkdtemp(prefix="fwlab-nb-")) / "fwlab.duckdb"
    con = connect(path)
    try:
        build_from_data(con, load_sources())
        for ruleset, matches, players, seed in leagues:
            if matches > 0:
                run_league(con, ruleset=ruleset, players=players, matches=matches, seed=seed, progress=False,
                           max_lookahead=lookahead)
    finally:
        con.close()
    return path


def open_store(db: str) -> tuple[duckdb.DuckDBPyConnection, Path, bool]:
    """A read-only connection to the store ``db``, or to a new temporary one; and whether it is temporary."""
    if db and Path(db).exists():
        return open_source(db), Path(db), False
    if db:
        print(f"{db} does not exist: building a temporary store instead")
    leagues = [(RULESET, LEAGUE_MATCHES, LEAGUE_PLAYERS, LEAGUE_SEED)]
    if RULESET != "eredan":
        leagues.append(("eredan", ER_LEAGUE_MATCHES, ER_LEAGUE_PLAYERS, ER_LEAGUE_SEED))
    path = temporary_store(leagues, LEAGUE_LOOKAHEAD)
    return open_source(path), path, True


con, store_path, temporary = open_store(DB)
summary = store_summary(con)
print(f"store: {store_path}")
print(f"{summary['matches']} matches {summary['matches_by_ruleset']}, {summary['players']} players, "
      f"{summary['card_events']} card events, played {summary['first_match']} to {summary['last_match']}")

# %% [markdown]
# ## 2. Match logs into polars and pandas
#
# DuckDB hands a query's result to polars (`.pl()`) or pandas (`.df()`) without copying row by
# row. Parameters are always bound (`$ruleset`), never pasted into the SQL text. Each query runs
# on its own cursor (`con.cursor()`), so a half-read result elsewhere never blocks it.

# %%
matches = con.cursor().sql(
    "SELECT match_id, played_at, deck_a, deck_b, first, winner, end_reason, turns FROM matches "
    "WHERE ruleset = $ruleset ORDER BY played_at, match_id", params={"ruleset": RULESET}).pl()
print(matches.shape)
matches.head()

# %% [markdown]
# With polars: how games end and how long they last, per deck in seat A. A draw is half a win.

# %%
per_deck = (
    matches.group_by("deck_a")
    .agg(games=pl.len(),
         seat_a_wins=(pl.col("winner") == "a").sum() + 0.5 * (pl.col("winner") == "draw").sum(),
         mean_turns=pl.col("turns").mean(),
         capital_endings=(pl.col("end_reason") == "capital").sum())
    .with_columns(seat_a_win_rate=pl.col("seat_a_wins") / pl.col("games"))
    .sort("games", descending=True)
)
per_deck

# %% [markdown]
# With pandas: the Capital race. `turn_snapshots` has both seats' Capital after every turn; the
# median gap (seat A minus seat B) by turn, split by who won, shows when games are decided.

# %%
race = con.cursor().sql(
    """SELECT t.turn, t.capital_a - t.capital_b AS gap, m.winner
       FROM turn_snapshots t JOIN matches m USING (match_id)
       WHERE m.ruleset = $ruleset AND m.winner IN ('a', 'b') AND t.turn <= 60""", params={"ruleset": RULESET}).df()
gap = race.groupby(["winner", "turn"], as_index=False)["gap"].median()
gap["winner"] = gap["winner"].map({"a": "seat A won", "b": "seat B won"})
px.line(gap, x="turn", y="gap", color="winner", title="Median Capital gap (A − B) after each turn",
        labels={"gap": "Capital A − Capital B"}).show()

# %% [markdown]
# ## 3. The balance report
#
# For every card, "in deck" means the seat's deck held it; the card's **win rate** is the win
# rate of the seats whose deck held it, with a 95% Wilson interval. Every game gives out exactly
# one point between its two seats, so the mean seat win rate is exactly 0.5; `deck_stands_out`
# marks cards whose interval excludes 0.5. A card **stands out** (`stands_out`) on its own
# effect, the **improvement when drawn**: win rate when drawn minus win rate when never drawn,
# within the same decks (Newcombe's interval; it stands out when the interval excludes 0).
# Fewer than `MIN_GAMES` games: marked `small_sample`, never flagged.

# %%
report = balance_report(con, ruleset=RULESET, min_games=MIN_GAMES, shrink=True)
fp = report.first_player
print(f"{report.matches} {RULESET} matches, {report.draws} draws. First seat wins "
      f"{fp['win_rate']:.3f} (95% {fp['low']:.3f}-{fp['high']:.3f}, {fp['games']} games)"
      + (f": stands out {fp['stands_out']}" if fp["stands_out"] else ""))
for note in report.notes:
    print("-", note)

# %%
decks = report.decks.sort_values("win_rate")
fig = go.Figure(go.Scatter(
    x=decks["win_rate"], y=decks["deck"], mode="markers",
    marker={"size": 10, "color": decks["stands_out"].map({"above": "#1a9850", "below": "#d73027"}).fillna("#4575b4"),
            "symbol": ["circle-open" if s else "circle" for s in decks["small_sample"]]},
    error_x={"type": "data", "symmetric": False, "array": decks["high"] - decks["win_rate"],
             "arrayminus": decks["win_rate"] - decks["low"]},
    text=decks["games"].astype(str) + " games", hovertemplate="%{y}: %{x:.1%} (%{text})<extra></extra>"))
fig.add_vline(x=SEAT_MEAN, line_dash="dot")
fig.update_layout(title="Deck win rates (95% Wilson; green/red: stands out; open: small sample)",
                  xaxis_title="win rate", xaxis_tickformat=".0%", height=150 + 40 * len(decks))
fig.show()

# %%
win_rate_vs_play_rate(report).show()

# %%
card_columns = ["card", "games", "play_rate", "win_rate", "low", "high", "win_rate_shrunk", "drawn_win_rate",
                "never_drawn_win_rate", "improvement", "improvement_low", "improvement_high", "small_sample",
                "stands_out", "deck_stands_out"]
report.cards[card_columns].head(15).round(3)

# %% [markdown]
# ## 4. Flagged outliers
#
# Cards and decks whose interval excludes the mean, worst first. Read the two tests apart:
#
# * a card's **win rate** (`deck_stands_out`) is the win rate of the decks that hold it. In a
#   league of a few starter decks most cards sit in one deck only, so their rates are that deck's
#   rate, and a deck played by a weak bot looks weak: it says "this deck's seats win more/less",
#   not "this card is too strong" — which is why it does not flag the card;
# * the **improvement when drawn** (`stands_out`) compares games of the same decks with and
#   without the card in hand, so it is the card's own effect; with a small league its intervals
#   are wide and it flags few cards.
#
# The shrunk rate (beta-binomial toward 0.5 with `MIN_GAMES` pseudo-games) is the better point
# estimate to rank cards with few games.

# %%
flagged_cards = report.cards[report.cards["stands_out"].notna()].sort_values("win_rate")
flagged_decks = report.decks[report.decks["stands_out"].notna()].sort_values("win_rate")
print(f"{len(flagged_cards)} of {len(report.cards)} cards and {len(flagged_decks)} of {len(report.decks)} decks "
      f"stand out; {int(report.cards['small_sample'].sum())} cards have fewer than {MIN_GAMES} games")
flagged_cards[card_columns].round(3)

# %%
flagged_decks.round(3)

# %% [markdown]
# ## 5. Matchups
#
# Each cell: the row deck's win rate against the column deck over every game between them (both
# seats), with the number of games. Cells with few games are noisy; hover for the count.

# %%
matchup_heatmap(report).show()

# %%
small = report.matchups[report.matchups["small_sample"]]
print(f"{len(small)} of {len(report.matchups)} matchups have fewer than {MIN_GAMES} games")
report.matchups.sort_values("win_rate", ascending=False).head(10).round(3)

# %% [markdown]
# The same report as one self-contained HTML page (plotly inline, opens offline), if
# `REPORT_HTML` names a file (`fwlab report balance` writes it from the command line too).

# %%
if REPORT_HTML:
    print(f"wrote {report.to_html(REPORT_HTML)}")

# %% [markdown]
# ## 6. Eredan: cards and characters
#
# The same report for the Eredan matches of the store. Its card table reads as above (in Eredan
# "drawn" is a card reaching the hand; the characters are in it too, never drawn since they start
# in play); below, sorted by the improvement when drawn, the card's own effect. An Eredan side is three **characters** who stay in play
# from the start, so the report has a second table for them (`characters`): how often each was
# **chosen to fight** (picks per game, and its share of its side's picks: 1/3 when a side picks
# evenly), and its side's win rate in the games where it **survived** and where it **died**, each
# with a 95% Wilson interval.

# %%
er_report = balance_report(con, ruleset="eredan", min_games=MIN_GAMES, shrink=True)
print(f"{er_report.matches} eredan matches, {er_report.draws} draws; first seat wins "
      f"{er_report.first_player['win_rate']:.3f} over {er_report.first_player['games']} games; "
      f"{int(er_report.cards['stands_out'].notna().sum())} of {len(er_report.cards)} cards stand out")
er_report.cards.sort_values("improvement", ascending=False)[card_columns].head(15).round(3)

# %% [markdown]
# In the chart each point is a character: across, how many times a game its side chose it to fight;
# up, its side's win rate in the games it survived (bar: 95% interval; open marker: fewer than
# `MIN_GAMES` games). **Read the height, not the spread across: a fighter stays tapped until its
# living side-mates have fought too (ER-TAP-1), so a side shares its picks almost evenly
# (`pick_share` near 1/3) and picks per game mostly follow how long its games last, while the height
# says how its side fares while it stands.** In a bot league characters die in few games (the count
# is printed), so the "when it dies" rates in the table are wide or empty.

# %%
chars = er_report.characters
if chars.empty:
    print("no Eredan matches with character picks in this store")
else:
    print(f"{int(chars['died_games'].sum())} deaths in {int(chars['games'].sum())} character-games")
    fig = go.Figure(go.Scatter(
        x=chars["mean_picks"], y=chars["survived_win_rate"], mode="markers+text", text=chars["character"],
        textposition="top center",
        marker={"size": 10, "symbol": ["circle-open" if s else "circle" for s in chars["small_sample"]]},
        error_y={"type": "data", "symmetric": False, "array": chars["survived_high"] - chars["survived_win_rate"],
                 "arrayminus": chars["survived_win_rate"] - chars["survived_low"]},
        customdata=chars[["games", "pick_share", "survived_games"]].to_numpy(),
        hovertemplate="%{text}: %{x:.2f} picks a game (share %{customdata[1]:.1%}), %{customdata[0]} games<br>"
                      "win rate when it survives %{y:.1%} (%{customdata[2]} games)<extra></extra>"))
    fig.add_hline(y=SEAT_MEAN, line_dash="dot")
    fig.update_layout(title="Eredan characters: picks per game against win rate when it survives (95% Wilson)",
                      xaxis_title="picks per game (times chosen to fight)", yaxis_title="win rate when it survives",
                      yaxis_tickformat=".0%", height=520, width=1000)
    fig.show()
chars.round(3)

# %% [markdown]
# ## 7. Game health
#
# Does the game end the ways its text says, last about as long as it implies, and give the first
# player (or any seat) no more than its share? The balance report carries the **health section**
# of the stored matches (`report.health`, one per ruleset): every figure with its 95% interval,
# its **band** (from the source texts and RULINGS.md, docs/game-health.md) and a flag when it lies
# outside. `fwlab health --ruleset R --db STORE` prints the same.

# %%
from fwlab.health.charts import end_reasons_chart, length_chart, win_rates_chart  # noqa: E402

health = report.health[0] if report.health else None
if health is None or not health.groups:
    print(f"no {RULESET} matches to report on")
else:
    for g in health.groups:
        print(f"{g.seats} seats, {g.games} matches")
        for f in g.figures:
            if not f.figure.startswith(("pairing.", "turn_cap.")):
                band = f.band.text(g.seats) if f.band else "-"
                value = "-" if f.value is None else f"{f.value:.3f}"
                print(f"  {f.figure:<16} {value:>8}  band {band:<10} {f.flag or ''}")
    print("needs a simulation:", ", ".join(health.needs_simulation) or "nothing")
    g = health.groups[0]
    end_reasons_chart(g).show()
    length_chart(g).show()
    win_rates_chart(g, "position").show()

# %% [markdown]
# The figures the stored tables lack (Capital lost by raid, battles, ...) come from a simulation of
# the starter field: every pairing, mirrors included, decks changing seats, `HEALTH_GAMES` games
# each (CI size: the flags of so few games are mostly noise; `fwlab health --ruleset R -n 400`
# is the real measure).

# %%
from fwlab.decks.starters import starter_paths  # noqa: E402
from fwlab.health.run import simulate_health  # noqa: E402

if HEALTH_GAMES:
    stems = [p.stem for p in starter_paths(RULESET)][: HEALTH_DECKS or None]
    simulated = simulate_health(RULESET, n=HEALTH_GAMES, seed=1, decks=stems)
    print(f"{simulated.games} games in {simulated.seconds:.1f} s; outside their band:",
          ", ".join(f"{f['figure']} {f['flag']}" for f in simulated.flags()) or "none")
    own = [f for f in simulated.groups[0].figures if f.kind == "engine"]
    print("\n".join(f"  {f.figure:<16} {f.value if f.value is None else round(f.value, 3)}  ({f.doc})" for f in own))

# %%
con.close()
if temporary:
    shutil.rmtree(store_path.parent)  # the temporary store is not kept
