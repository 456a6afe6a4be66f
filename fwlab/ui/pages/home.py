"""Home: what the store holds, and a link to every page."""

import pandas as pd
import streamlit as st

from fwlab.ui import data
from fwlab.ui.nav import PAGES
from fwlab.ui.widgets import bar, chart, ruleset_label, table

st.title("fwlab workbench")
st.caption("Card analytics for Fallen Worlds Online, Battlegrounds, Free Realms, Eredan and Conquest.")

for p in PAGES[1:]:
    st.page_link(p.path, label=f"**{p.title}** — {p.about}", icon=p.icon)

st.header("The store")
db = data.require_store()
s = data.summary(db)
c1, c2, c3, c4 = st.columns(4)
c1.metric("Cards", sum(s["cards"].values()))
c2.metric("Decks", s["decks"])
c3.metric("Matches", s["matches"])
c4.metric("Players", s["players"])
if s["first_match"] is not None:
    st.write(f"Matches played from **{s['first_match']:%Y-%m-%d}** to **{s['last_match']:%Y-%m-%d}**; "
             f"{s['card_events']:,} card events, {s['turn_snapshots']:,} turn snapshots"
             + (f", {s['field_events']:,} field events." if s["field_events"] else "."))
else:
    st.info("No matches yet: import match logs or run a league on the Match logs page.")

left, right = st.columns(2)
with left:
    st.subheader("Catalogs")
    table(pd.DataFrame({"family": list(s["cards"]), "cards": list(s["cards"].values())}), "catalogs.csv",
          key="home-catalogs")
    st.subheader("Decks")
    st.caption(", ".join(f"{n} {source}" for source, n in s["decks_by_source"].items()))
    table(data.decks(db), "decks.csv", key="home-decks")
with right:
    if s["matches_by_ruleset"]:
        chart(bar({ruleset_label(k): v for k, v in s["matches_by_ruleset"].items()}, "ruleset", "matches",
                  "Matches per ruleset"), key="home-matches")
