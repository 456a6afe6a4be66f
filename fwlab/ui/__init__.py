"""Streamlit pages and the one place for st.cache_* (imported only by the app)."""
