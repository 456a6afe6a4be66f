"""fwlab workbench: Streamlit router over the pages in fwlab/ui/pages, with the shared sidebar."""

import streamlit as st

from fwlab import native
from fwlab.ui import cluster_views, data
from fwlab.ui.nav import PAGES

st.set_page_config(page_title="fwlab", page_icon=":material/playing_cards:", layout="wide")
data.warm_up()
page = st.navigation([st.Page(p.path, title=p.title, icon=p.icon, default=i == 0) for i, p in enumerate(PAGES)])

data.refresh()   # a new copy of the store when it changed (an import, a league, a lab run from a terminal)
with st.sidebar:
    st.button("Reload store", help="Read the store again now. The app reads a copy of the store, taken again "
              "whenever the store changes, so `fwlab import`, `fwlab league` and lab runs in a terminal can write "
              "while the app is open; their data shows on the next click anywhere, or with this button.",
              key="reload-store", on_click=data.reload_store)
    st.caption(f"Store: `{data.db_path()}`, {data.store_line()}")
    st.caption(f"Rules core: {native.describe()}", help="Compiled (plain): `make run`'s build. "
               "Compiled (profile-guided): `make native-pgo` (a restart of the app picks it up). "
               "Pure Python: no build for these sources (`fwlab native status` says why).")
    cluster_views.sidebar()

try:
    page.run()
except data.STORE_ERRORS as exc:   # the store changed under the page (another session wrote): say so
    data.show_store_error(exc)
