"""Game viewer: one game step by step (a simulated game by its seed and index, a position file, a game
record), its board drawn as card faces, each seat's hand (the whole truth or one seat's view), the
dice and cards dealt, each seat's figures, and why an action was refused; a link replays the game."""

import streamlit as st

from fwlab.ui import viewer_views

st.title("Game viewer")
viewer_views.page()
