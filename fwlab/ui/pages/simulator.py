"""Matchup simulator: one deck per seat (or one deck against the starter gauntlet), or N players of a
game whose seats share a deck; ruleset, seats and bots come from the engine registry. A progress bar
while the bots play; win rates with their intervals, the first-player (turn-order) effect, game
lengths, end reasons and per-card impact; downloads of the results."""

import streamlit as st

from fwlab.rules.engines import bots_for, default_bot, engine_rulesets
from fwlab.rulesets import SEAT_LABELS, info
from fwlab.ui import data, deck_state, sim_views, skill_views
from fwlab.ui.viewer_views import show_me_a_game
from fwlab.ui.widgets import ruleset_label

st.title("Matchup simulator")

c1, c2 = st.columns(2)
ruleset = c1.selectbox("Ruleset", engine_rulesets(), key="sim-ruleset", format_func=ruleset_label)
rules = info(ruleset)
lo, hi = rules.seats
seats = lo if lo == hi else int(c2.number_input("Seats (players)", lo, hi, lo, key="sim-seats"))
bots = bots_for(ruleset)
bot_index = bots.index(default_bot(ruleset))
two_decks = rules.uses_decks and seats == 2
mode = "Seats"
if two_decks:
    mode = c2.radio("Play", ("Two decks", "One deck against the starter gauntlet"), horizontal=True, key="sim-mode")
decks = deck_state.available_decks(ruleset, None if data.store_problem() else data.db_path()) if rules.uses_decks else {}
labels = list(decks)

chosen_decks: list[str] = []
chosen_bots: list[str] = []
if two_decks:
    d1, d2 = st.columns(2)
    chosen_decks.append(d1.selectbox("Deck A", labels, key="sim-deck-a"))
    chosen_bots.append(d1.selectbox("Bot A", bots, index=bot_index, key="sim-bot-a"))
    if mode == "Two decks":
        chosen_decks.append(d2.selectbox("Deck B", labels, index=min(1, len(labels) - 1), key="sim-deck-b"))
    chosen_bots.append(d2.selectbox("Bot B (the opponents)", bots, index=bot_index, key="sim-bot-b"))
else:
    cols = st.columns(seats)
    for s in range(seats):
        label = SEAT_LABELS[s]
        if rules.uses_decks:
            chosen_decks.append(cols[s].selectbox(f"Deck {label.upper()}", labels, index=min(s, len(labels) - 1),
                                                  key=f"sim-deck-{label}"))
        chosen_bots.append(cols[s].selectbox(f"Bot {label.upper()}", bots, index=bot_index, key=f"sim-bot-{label}"))

n1, n2 = st.columns(2)
games = int(n1.number_input("Games" + (" per opponent" if mode.startswith("One deck") else ""), 1, 5000, 100,
                            step=10, key="sim-games"))
seed = int(n2.number_input("Seed", 0, 2**31 - 1, 1, key="sim-seed"))
until = sim_views.until_input("sim", "Games" + (" per opponent" if mode.startswith("One deck") else ""))
st.caption("The same decks, bots, ruleset, seed and number of games always give the same result. "
           "Seats take turns to play first.")

if st.button("Run the simulation", type="primary", key="sim-run", disabled=rules.uses_decks and not labels):
    try:
        if mode == "Two decks":
            st.session_state[sim_views.RESULT] = sim_views.run_matchup(
                decks[chosen_decks[0]], decks[chosen_decks[1]], ruleset, (chosen_bots[0], chosen_bots[1]), games, seed, until)
        elif mode.startswith("One deck"):
            opponents = {k: v for k, v in decks.items() if k.startswith("Starter: ")}
            st.session_state[sim_views.RESULT] = sim_views.run_gauntlet(
                decks[chosen_decks[0]], opponents, ruleset, (chosen_bots[0], chosen_bots[1]), games, seed, until)
        else:
            setups = [decks[d] for d in chosen_decks] if rules.uses_decks else [None] * seats
            st.session_state[sim_views.RESULT] = sim_views.run_seats(setups, ruleset, chosen_bots, games, seed, until)
    except ValueError as exc:      # includes CatalogError: a deck the engine cannot play
        st.error(f"The simulation could not run: {exc}")

if sim_views.RESULT in st.session_state:
    sim_views.show(st.session_state[sim_views.RESULT])

if sim_views.RESULT in st.session_state:   # "show me a game": one of these games in the game viewer
    show_me_a_game(st.session_state[sim_views.RESULT], decks)

if rules.uses_decks:
    with st.expander("Skill sweep: each starter's field win rate at each level of bot skill"):
        st.caption("Every pairing of the starter decks played with each level's bot in both seats, on the same "
                   "seeds; a deck that gains with skill is a skill deck, one that loses is easy to pilot.")
        levels, costly = skill_views.levels_input("sim-skill")
        if st.button("Run the skill sweep", key="sim-skill-run"):
            try:
                st.session_state[skill_views.SKILL_RESULT["field"]] = skill_views.run_skill_field(
                    ruleset, levels, games, costly, seed)
            except ValueError as exc:
                st.error(f"The skill sweep could not run: {exc}")
        skill = st.session_state.get(skill_views.SKILL_RESULT["field"])
        if skill is not None and skill["ruleset"] == ruleset:
            skill_views.show_skill(skill, "sim")
