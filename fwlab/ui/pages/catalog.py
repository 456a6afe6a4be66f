"""Card catalog: search and filter one game's cards, see them as a table or as their faces, and read
a card's details as its face beside its fields."""

import streamlit as st

from fwlab.rulesets import known_families
from fwlab.ui import data
from fwlab.ui.catalog_view import camp_column, card_face_details, faces_grid, family_rulesets, filter_widgets
from fwlab.ui.widgets import table

st.title("Card catalog")
db = data.require_store()

families = known_families()
family = st.segmented_control("Catalog", families, default=families[0], key="catalog-family") or families[0]
cards = data.cards(db, family)
shown = filter_widgets(cards, family, key=f"catalog-{family}").apply(cards, camp_column(family))

st.write(f"**{len(shown)}** of {len(cards)} {family} cards")
rulesets = family_rulesets(family)
ruleset = rulesets[0] if rulesets else None
if len(rulesets) > 1:  # one family, several rulesets (daemornia: bg's faces add Exp and slots)
    ruleset = st.segmented_control("Faces as in", rulesets, default=rulesets[0],
                                   key=f"catalog-faces-ruleset-{family}") or rulesets[0]
table_tab, faces_tab = st.tabs(["Table", "Faces"])
with table_tab:
    columns = [c for c in shown.columns if c != "family" and shown[c].notna().any()]
    table(shown[columns], f"{family}-cards.csv", key="catalog")
with faces_tab:
    if ruleset is None:
        st.info(f"No ruleset plays the {family} cards, so they have no faces.")
    elif len(shown):
        faces_grid(ruleset, shown["name"].tolist(), key=f"catalog-faces-{family}")
    else:
        st.info("No card matches these filters.")

st.subheader("Card details")
if len(shown):
    name = st.selectbox("Card", shown["name"].tolist(), key="catalog-card")
    if ruleset is None:
        card = shown[shown["name"] == name].iloc[0]
        st.markdown(f"### {name}\n*{card['type']}*" + (f" — {card['text']}" if card["text"] else ""))
    else:
        card_face_details(ruleset, name, key="catalog-card")
else:
    st.info("No card matches these filters.")
