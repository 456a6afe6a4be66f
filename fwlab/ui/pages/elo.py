"""Elo history: choose a rating system, the matches of one ruleset or all, and players; rating lines over time (by date or game number)
and the leaderboard."""

import streamlit as st

from fwlab.ratings import SYSTEMS
from fwlab.ui import data, elo_views
from fwlab.ui.widgets import ruleset_label

st.title("Elo history")
db = data.require_store()

c1, c2, c3 = st.columns(3)
system = c1.radio("Rating system", SYSTEMS, key="elo-system", format_func=elo_views.SYSTEM_LABELS.get)
ruleset = c2.selectbox("Matches of", (None, *data.match_rulesets(db)), key="elo-ruleset",
                       format_func=lambda r: "every ruleset" if r is None else ruleset_label(r))
by = c3.radio("x-axis", ("date", "game number"), horizontal=True, key="elo-axis")

history, board, rated, left_out = data.rating_run(db, system, ruleset)
if board.empty:
    if left_out["other_rulesets"] or left_out["multi_seat"]:
        st.info(f"{elo_views.SYSTEM_SCOPE[system]} The store has no such match: choose another rating system.")
    else:
        st.info("No matches in the store yet: import match logs or run a league on the Match logs page.")
    st.stop()
st.caption(elo_views.scope_caption(system, rated, len(board), left_out))

players = elo_views.player_picker(board, system, ruleset)
elo_views.rating_lines(history, players, by, system)

st.subheader("Leaderboard")
elo_views.leaderboard(board, system)
elo_views.write_section(db)
