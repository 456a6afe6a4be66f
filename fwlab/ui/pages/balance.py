"""Balance report: card win rates with intervals and sample sizes, win rate against play rate, characters
(pick rates, win rates when they survive or die) where the game has them, card plays (games of more
than two seats: the win rate of the seats that played a card against those that held it) and
fields (difficulty against the turn taken) where the game has a board, matchups, first-player
advantage; downloads as HTML, CSV and JSON."""

import streamlit as st

from fwlab.ui import balance_views, data
from fwlab.ui.widgets import ruleset_label, table

st.title("Balance report")
db = data.require_store()

rulesets = data.match_rulesets(db)
if not rulesets:
    st.info("No matches in the store yet: import match logs or run a league on the Match logs page.")
    st.stop()
c1, c2, c3 = st.columns(3)
ruleset = c1.selectbox("Ruleset", rulesets, key="bal-ruleset", format_func=ruleset_label)
min_games = int(c2.number_input("Small sample below (games)", 0, 10_000, 30, key="bal-min-games"))
shrink = c3.toggle("Add shrunk win rates (toward 50%)", key="bal-shrink")

report = data.balance(db, ruleset, min_games, shrink)
st.caption(f"{report.matches} matches, {report.draws} draws. " + " ".join(report.notes))
balance_views.first_player(report)

st.subheader("Cards")
balance_views.card_table(balance_views.card_filters(report.cards), ruleset,
                         shared_deck=not len(report.decks) and bool(len(report.plays)))
balance_views.figures(report)

if len(report.characters):  # a game whose card events say which characters were picked to fight
    st.subheader("Characters")
    balance_views.character_table(report.characters, ruleset)

if len(report.plays):  # games of more than two seats (Conquest)
    st.subheader("Plays")
    balance_views.plays_table(report.plays, ruleset)

if len(report.fields):  # games with a board of fields (Conquest)
    st.subheader("Fields")
    balance_views.fields_view(report, ruleset)

st.subheader("Card figures (17lands style)")
balance_views.card_figures_view(db, ruleset, min_games)

if len(report.decks):  # games whose seats share one deck (Conquest) have no deck or matchup tables
    st.subheader("Decks")
    table(report.decks, f"balance-decks-{ruleset}.csv", key="bal-decks")
if len(report.matchups):
    st.subheader("Matchups")
    table(report.matchups, f"balance-matchups-{ruleset}.csv", key="bal-matchups")

balance_views.downloads(report, ruleset)
