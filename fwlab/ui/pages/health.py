"""Game health: how a ruleset's games end, how long they last, and whether a seat or the first player
wins beyond its share, each figure against its band (docs/game-health.md): from a simulation of the
starter field (every pairing, seats swapped) or from the store's matches; charts of the end-reason
mix, the length histogram and the win rates with their intervals over the band."""

import streamlit as st

from fwlab.rules.engines import engine_rulesets
from fwlab.rulesets import info
from fwlab.ui import data, health_views
from fwlab.ui.widgets import ruleset_label

st.title("Game health")
c1, c2 = st.columns(2)
ruleset = c1.selectbox("Ruleset", engine_rulesets(), key="health-ruleset", format_func=ruleset_label)
source = c2.radio("From", ("A simulation of the starter field", "The store's matches"), horizontal=True,
                  key="health-source")

if source.startswith("A simulation"):
    rules = info(ruleset)
    n1, n2, n3 = st.columns(3)
    games = int(n1.number_input("Games per pairing", 1, 2000, 20, step=10, key="health-games"))
    seed = int(n2.number_input("Seed", 0, 2**31 - 1, 0, key="health-seed"))
    players = None
    if not rules.uses_decks:
        lo, hi = rules.seats
        players = [int(p) for p in n3.multiselect("Players", list(range(lo, hi + 1)), default=[min(max(lo, 4), hi)],
                                                  key="health-players")]
    st.caption("Every pairing of the starter decks, mirrors included; decks change seats and the first seat "
               "alternates. The same inputs always give the same report.")
    if st.button("Play the field", type="primary", key="health-run", disabled=players == []):
        try:
            st.session_state[health_views.RESULT] = health_views.run_simulation(ruleset, games, seed, players)
        except ValueError as exc:
            st.error(f"The health report could not run: {exc}")
    result = st.session_state.get(health_views.RESULT)
    if result is not None and result.ruleset == ruleset:
        health_views.show(result)
else:
    db = data.require_store()
    if ruleset not in data.match_rulesets(db):
        st.info(f"No {ruleset} matches in the store yet: import match logs or run a league on the Match logs page.")
        st.stop()
    health_views.show(data.stored_health(db, ruleset))
