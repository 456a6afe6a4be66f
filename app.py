"""fwlab Streamlit entry point (placeholder until the app issue)."""

import streamlit as st

from fwlab.catalog import load_catalog
from fwlab.rulesets import FAMILIES

st.set_page_config(page_title="fwlab", layout="wide")
st.title("fwlab")
for fam in FAMILIES:
    try:
        st.write(f"{fam}: {len(load_catalog(fam))} cards")
    except Exception as exc:  # noqa: BLE001
        st.write(f"{fam}: not loaded ({exc})")
