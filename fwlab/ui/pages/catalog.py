"""Card catalog: search and filter one game's cards, and read a card's details."""

import json

import streamlit as st

from fwlab.rulesets import known_families
from fwlab.ui import data
from fwlab.ui.catalog_view import camp_column, filter_widgets
from fwlab.ui.widgets import table

st.title("Card catalog")
db = data.require_store()

families = known_families()
family = st.segmented_control("Catalog", families, default=families[0], key="catalog-family") or families[0]
cards = data.cards(db, family)
shown = filter_widgets(cards, family, key=f"catalog-{family}").apply(cards, camp_column(family))

st.write(f"**{len(shown)}** of {len(cards)} {family} cards")
columns = [c for c in shown.columns if c != "family" and shown[c].notna().any()]
table(shown[columns], f"{family}-cards.csv", key="catalog")

st.subheader("Card details")
if len(shown):
    name = st.selectbox("Card", shown["name"].tolist(), key="catalog-card")
    card = shown[shown["name"] == name].iloc[0]
    st.markdown(f"### {name}\n*{card['type']}*" + (f" — {card['text']}" if card["text"] else ""))
    details = data.card_details(db, family, name)
    st.json(json.loads(details) if details else {}, expanded=True)
else:
    st.info("No card matches these filters.")
