"""Balance lab (issue 17): change some cards (in a table of the catalog, or an uploaded change set)
and the rule options (issue 27), re-play the whole field of decks before and after on the same
games, and read each deck's change with its paired interval, the matchup matrices, the equilibrium
meta and the health figures (first-player win rate, end-reason mix); sweep one card's field over a
range; reopen and compare past runs kept in the store."""

import streamlit as st

from fwlab.catalog import CatalogError
from fwlab.ui import data, lab_views, skill_views
from fwlab.ui.widgets import ruleset_label

st.title("Balance lab")
st.caption("What if this card cost one more, or the first player could not attack on turn 1? Change cards or "
           "rules, re-play every pairing of a field of decks before and after on the same seeds, and see who "
           "gains, who loses, how the equilibrium meta re-settles and how the games end. "
           "Runs are kept in the store. See `docs/balance-lab.md`.")

rulesets = lab_views.lab_rulesets()
c1, c2 = st.columns([2, 3])
ruleset = c1.selectbox("Ruleset", rulesets, key="lab-ruleset", format_func=ruleset_label)
mode = c2.segmented_control("Run", ["What-if", "Sweep", "Past runs"], default="What-if", key="lab-mode") or "What-if"
store_problem = data.store_problem()
db = None if store_problem else data.db_path()

if mode == "Past runs":
    lab_views.past_runs(db)
    st.stop()

with st.expander("Changes: edit the cards or upload a change set", expanded=True):
    card_changes = lab_views.change_editor(ruleset)
with st.expander("Rules: change the engine's rule options (played after the change only)"):
    rules = lab_views.rules_editor(ruleset, card_changes.base_rules if card_changes is not None else None)
changes = None if card_changes is None or rules is None else lab_views.with_rules(card_changes, rules)
if changes is not None:
    lab_views.show_change_set(changes, ruleset)

field = lab_views.field_picker(ruleset, db)
n1, n2, n3 = st.columns(3)
games = int(n1.number_input("Games per pairing", 2, 5000, 100, step=10, key="lab-games",
                            help="Each pairing plays this many games before the change and as many after."))
seed = int(n2.number_input("Seed", 0, 2**31 - 1, 1, key="lab-seed"))
with n3:
    workers = lab_views.workers_input("lab-workers")
spec = ""
if mode == "Sweep":
    spec = st.text_input("Sweep (CARD.FIELD=LO..HI or CARD.FIELD=V1,V2,...)", lab_views.default_sweep(ruleset),
                         key=f"lab-sweep-{ruleset}",
                         help="Played at each value, on top of the change set above.")
k = len(field)
pairs = k * (k + 1) // 2
st.caption(f"{k} decks: {pairs} pairings (mirrors included), {games} games each"
           + (" before and after" if mode == "What-if" else "")
           + (f" ({2 * pairs * games:,} games)." if mode == "What-if" else " on the base and at each value of the sweep."))

ready = changes is not None and k >= 2 and (mode == "What-if" or bool(spec.strip()))
if k < 2:
    st.info("Choose at least 2 decks for the field.")
label = "Run the what-if" if mode == "What-if" else "Run the sweep"
clicked = st.button(label, type="primary", key="lab-run", disabled=not ready)
lab_views.stopped_notice("lab")
kind = "whatif" if mode == "What-if" else "sweep"
if clicked and changes is not None:
    try:
        if kind == "whatif":
            run = lab_views.run_whatif(ruleset, changes, field, games, seed, workers)
        else:
            run = lab_views.run_sweep(ruleset, spec, changes, field, games, seed, workers)
    except (ValueError, CatalogError) as exc:     # includes ClusterError and a bad sweep
        st.error(f"The lab could not run: {exc}")
    else:
        if run is not None:
            st.session_state[lab_views.RESULT[kind]] = run

last = st.session_state.get(lab_views.RESULT[kind])
if last is not None and last["ruleset"] == ruleset:
    lab_views.show(last)

if mode == "What-if":
    with st.expander("Check against skill: the what-if at each level of bot skill"):
        st.caption("Replays this what-if with each level's bot in both seats, on the same seeds (the first level "
                   "with the games per pairing above, the others with fewer), and shows per deck the change at "
                   "each level and whether the levels agree on its sign and significance.")
        levels, costly = skill_views.levels_input("lab-skill")
        if st.button("Check against skill", key="lab-skill-run", disabled=not ready) and changes is not None:
            try:
                st.session_state[skill_views.SKILL_RESULT["whatif"]] = skill_views.run_skill_whatif(
                    ruleset, changes, field, levels, games, costly, seed, workers)
            except (ValueError, CatalogError) as exc:
                st.error(f"The skill check could not run: {exc}")
        skill = st.session_state.get(skill_views.SKILL_RESULT["whatif"])
        if skill is not None and skill["ruleset"] == ruleset:
            skill_views.show_skill(skill, "lab")
