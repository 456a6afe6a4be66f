"""Matchup simulator: two decks (or one against the starter gauntlet), ruleset, bots, games and seed;
a progress bar while the bots play; win rate with its interval, first-player effect, game lengths,
end reasons and per-card impact; downloads of the results."""

import streamlit as st

from fwlab.sim.play import ENGINES
from fwlab.ui import data, deck_state, sim_views
from fwlab.ui.widgets import ruleset_label

st.title("Matchup simulator")

c1, c2 = st.columns(2)
ruleset = c1.selectbox("Ruleset", ENGINES, key="sim-ruleset", format_func=ruleset_label)
mode = c2.radio("Play", ("Two decks", "One deck against the starter gauntlet"), horizontal=True, key="sim-mode")
decks = deck_state.available_decks(ruleset, None if data.store_problem() else data.db_path())
labels = list(decks)

d1, d2 = st.columns(2)
deck_a = d1.selectbox("Deck A", labels, key="sim-deck-a")
bot_a = d1.selectbox("Bot A", sim_views.BOTS, key="sim-bot-a")
if mode == "Two decks":
    deck_b = d2.selectbox("Deck B", labels, index=min(1, len(labels) - 1), key="sim-deck-b")
bot_b = d2.selectbox("Bot B (the opponents)", sim_views.BOTS, key="sim-bot-b")

n1, n2 = st.columns(2)
games = int(n1.number_input("Games" + (" per opponent" if mode != "Two decks" else ""), 1, 5000, 100, step=10,
                            key="sim-games"))
seed = int(n2.number_input("Seed", 0, 2**31 - 1, 1, key="sim-seed"))
st.caption("The same decks, bots, ruleset, seed and number of games always give the same result.")

if st.button("Run the simulation", type="primary", key="sim-run", disabled=not labels):
    try:
        if mode == "Two decks":
            st.session_state[sim_views.RESULT] = sim_views.run_matchup(
                decks[deck_a], decks[deck_b], ruleset, (bot_a, bot_b), games, seed)
        else:
            opponents = {k: v for k, v in decks.items() if k.startswith("Starter: ")}
            st.session_state[sim_views.RESULT] = sim_views.run_gauntlet(
                decks[deck_a], opponents, ruleset, (bot_a, bot_b), games, seed)
    except ValueError as exc:      # includes CatalogError: a deck the engine cannot play
        st.error(f"The simulation could not run: {exc}")

if sim_views.RESULT in st.session_state:
    sim_views.show(st.session_state[sim_views.RESULT])
