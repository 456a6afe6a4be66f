"""Match logs: upload CSV/Parquet/JSON Lines files, checked and imported all-or-nothing; browse and filter
recent matches; play a simulated league into the store with progress."""

import streamlit as st

from fwlab.ui import data, log_views

st.title("Match logs")
db = data.require_store()

st.subheader("Import match logs")
st.caption("Files of matches, card events or per-turn capital (see docs/match-logs.md), recognised by their "
           "columns. Every row is checked first; any problem leaves the store unchanged.")
uploads = st.file_uploader("Match-log files", type=log_views.UPLOAD_TYPES, accept_multiple_files=True,
                           key="logs-upload")
source = st.text_input("Source recorded for matches without one", "import", key="logs-source")
if st.button("Check and import", disabled=not uploads, key="logs-import"):
    log_views.import_uploads(uploads or [], source)

st.subheader("Recent matches")
log_views.browse(db)

st.subheader("Run a simulated league")
log_views.league_form()
