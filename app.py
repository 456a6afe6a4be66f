"""fwlab workbench: Streamlit router over the pages in fwlab/ui/pages, with the shared sidebar."""

import streamlit as st

from fwlab import native
from fwlab.ui import cluster_views, data
from fwlab.ui.nav import PAGES

st.set_page_config(page_title="fwlab", page_icon=":material/playing_cards:", layout="wide")
data.warm_up()
page = st.navigation([st.Page(p.path, title=p.title, icon=p.icon, default=i == 0) for i, p in enumerate(PAGES)])

with st.sidebar:
    st.caption(f"Store: `{data.db_path()}`")
    if st.button("Reload store", help="Close the read-only connection and re-read everything "
                 "(after `fwlab import`/`fwlab league` from a terminal)", key="reload-store"):
        data.reload_store()
    st.caption(f"Rules core: {native.describe()}", help="Compiled (plain): `make run`'s build. "
               "Compiled (profile-guided): `make native-pgo` (a restart of the app picks it up). "
               "Pure Python: no build for these sources (`fwlab native status` says why).")
    cluster_views.sidebar()

try:
    page.run()
except data.STORE_ERRORS as exc:   # the store changed under the page (another session wrote): say so
    data.show_store_error(exc)
