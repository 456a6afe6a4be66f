"""Deck builder: start from a starter, saved, pasted or empty deck, or open a share link; add cards
by selecting rows of the filtered catalog beside the deck (or copies of one card by name), or with
the + / − on each card of the visual deck (faces grouped by type, counts as badges); see validation,
the deck table (each ruleset's own columns), curve, type mix, gems (for Free Realms with what they
buy: battle odds by gap and a simulated check), for Eredan the characters, the deck's guild and who
may play each card with the reason, and draw odds; copy the decklist and the share link (the URL
carries the deck), save, download and upload it; compare it with another deck (count diff, curves
and gems overlaid, head to head); test it against the field (and, paired, its saved version); tune
it (the balance lab's tuner, its diff accepted card by card); fill a deck with the helper. Switching
ruleset sets the deck aside (switching back brings it back); an illegal deck is not simulated, and
the page says why."""

import streamlit as st

from fwlab.catalog import CatalogError
from fwlab.decks import format_decklist
from fwlab.decks.stats import deck_stats
from fwlab.decks.validate import validate
from fwlab.ui import (
    data,
    deck_compare_views,
    deck_face_views,
    deck_lab_views,
    deck_share_views,
    deck_state,
    deck_views,
)
from fwlab.ui.widgets import bar, chart, ruleset_label, table

st.title("Deck builder")

deck_state.restore()
deck_share_views.load_link()
ruleset = st.selectbox("Ruleset", deck_state.buildable(), key=deck_state.RULESET, format_func=ruleset_label,
                       on_change=deck_state.switch_ruleset,
                       help="Each ruleset keeps its own deck: switching sets this one aside, switching back brings it back.")
deck_state.adopt(ruleset)
deck_share_views.link_note()
deck_views.aside_notice(ruleset)
cat = deck_state.catalog(ruleset)
store_problem = data.store_problem()
db = None if store_problem else data.db_path()

with st.expander("Start from a starter deck, a saved deck or an empty deck", expanded=not deck_state.counts()):
    deck_views.start_from(ruleset, db)
with st.expander("Paste a decklist"):
    deck_share_views.paste_section(ruleset)

st.text_input("Deck name", key=deck_state.NAME)
deck_views.card_picker(ruleset, cat)
deck = deck_state.current(ruleset)
# the address bar follows the deck, written early in the run: every change of the deck is made by a
# callback, before it (and sent from the end of this long page the URL reached the browser a run late)
deck_share_views.write_link(ruleset, deck)

left, right = st.columns([3, 2])
with left:
    st.subheader(f"{deck.size} cards")
    problems = validate(deck, cat) if deck.size else []
    if not deck.size:
        st.info("The deck is empty: start from a deck above, paste one, or add cards from the catalog.")
    elif not problems:
        st.success(f"Legal {ruleset} deck ({deck.size} cards).", icon=":material/check_circle:")
    else:
        st.error("Not legal yet:\n" + "\n".join(f"- **{p.rule}**: {p.message}" for p in problems))
    faces_tab, table_tab = st.tabs(["Faces", "Table"])
    with faces_tab:
        if deck.size:
            deck_face_views.deck_faces(deck, cat)
    with table_tab:
        frame = deck_views.deck_frame(deck, cat)
        table(frame, f"{ruleset}-deck.csv", key="builder-deck", placeholder="–",
              column_config=deck_views.deck_table_config(frame))
with right:
    st.markdown("**Catalog**: select cards, then add them")
    deck_views.catalog_table(ruleset, cat)

if deck.size and deck_views.has_characters(ruleset):
    st.subheader("Characters and who plays what")
    deck_views.character_section(deck, cat)

if deck.size:
    stats = deck_stats(deck, cat)
    c1, c2, c3 = st.columns(3)
    with c1:
        note = deck_views.curve_note(deck, cat)
        if note:
            st.caption(note)
        else:
            chart(bar(deck_views.full_curve(stats.curve), "cost", "cards", "Resource curve"), key="builder-curve")
    with c2:
        chart(bar(stats.types, "type", "cards", "Card types"), key="builder-types")
    with c3:
        if stats.mix_field:
            chart(bar(stats.mix, stats.mix_field, "cards", f"{stats.mix_field.capitalize()} mix"), key="builder-mix")
    if stats.average_gems is not None and stats.gem_histogram is not None:
        g1, g2 = st.columns([1, 3])
        g1.metric("Average gems", f"{stats.average_gems:.2f}")
        with g2:
            chart(bar(stats.gem_histogram, "gems on the card", "cards", "Gem histogram"), key="builder-gems")
        st.subheader("What the gems buy")
        deck_views.gem_odds_section(deck, cat)
        deck_views.simulated_check(deck)
    st.subheader("Draw odds")
    deck_views.draw_odds_section(deck, cat)

st.subheader("Share, copy, save")
if deck.size:
    deck_share_views.copy_section(deck)
s1, s2, s3 = st.columns(3)
with s1:
    if store_problem:
        st.info(f"Saving needs the store: {store_problem}")
    elif st.button("Save to the store", disabled=not deck.size, key="builder-save"):
        deck_views.save(deck)
with s2:
    st.download_button("Download decklist", format_decklist(deck) if deck.size else "", disabled=not deck.size,
                       file_name=f"{deck.name or 'deck'}.txt", mime="text/plain", key="builder-download")
with s3:
    upload = st.file_uploader("Upload a decklist (.txt)", type=["txt"], key="builder-upload")
    if upload is not None:
        try:
            uploaded = deck_state.from_text(upload.getvalue().decode("utf-8"), upload.name, ruleset)
        except (CatalogError, UnicodeDecodeError) as exc:
            st.error(f"Cannot read {upload.name}: {exc}")
        else:
            st.button(f"Load {uploaded.name} ({uploaded.ruleset}, {uploaded.size} cards)", key="builder-load-upload",
                      on_click=deck_state.set_deck, args=(uploaded,))

st.subheader("Compare with another deck")
deck_compare_views.compare_section(deck, cat, db)

st.subheader("Test against the field")
deck_lab_views.field_test_section(deck, db)

st.subheader("Tune this deck")
deck_lab_views.tune_section(deck, cat)

st.subheader("Deck builder helper")
deck_views.helper_section(deck, cat)

# last: the + / − echo, whose run number tells a browser that the whole page is drawn
deck_face_views.echo(deck)
