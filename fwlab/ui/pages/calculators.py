"""Calculators: the to-hit chart, a combat planner (one fight and a whole attack), Free Realms battle odds,
Eredan damage and the Conquest field check — every figure exact."""

import streamlit as st

from fwlab.calc.gems import RULESET as BATTLE_RULESET
from fwlab.ui import calc_views, data, deck_state

st.title("Calculators")
tohit, combat, battle, eredan, conquest = st.tabs(
    ["To-hit chart", "Combat planner", "Free Realms battle odds", "Eredan damage", "Conquest field check"])
with tohit:
    calc_views.tohit_section()
with combat:
    calc_views.combat_section()
with battle:
    calc_views.battle_section(deck_state.available_decks(BATTLE_RULESET, None if data.store_problem() else data.db_path()))
with eredan:
    calc_views.eredan_section()
with conquest:
    calc_views.conquest_section()
