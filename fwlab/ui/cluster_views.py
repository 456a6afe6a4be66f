"""The sidebar's Dask cluster setting and the executor the app's long runs use with it.

Empty (the default, or ``$FWLAB_CLUSTER`` when set) keeps every run in the app's own process.
With a scheduler address, the simulator (and the balance lab and tuner) send their seeded batches
to that cluster through :class:`fwlab.cluster.ClusterExecutor`; the results are the same as a
local run. A run stopped from the page (a rerun or Stop) cancels the batches still queued there.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import streamlit as st

from ..cluster import ClusterError, ClusterExecutor, cluster_address, python_worker_note

KEY = "cluster-address"


def sidebar() -> None:
    """The sidebar's text box for the scheduler address (prefilled from ``$FWLAB_CLUSTER``)."""
    if KEY not in st.session_state:
        st.session_state[KEY] = cluster_address() or ""
    st.text_input("Dask cluster (optional)", key=KEY, placeholder="tcp://host:8786",
                  help="A Dask scheduler's address: simulations, what-ifs and tuning send their batches there "
                       "(same results as a local run). Empty: run here. Start one with `fwlab cluster local`.")


def address() -> str | None:
    """The scheduler chosen in the sidebar, or None to run in this process."""
    return cluster_address(str(st.session_state.get(KEY) or "")) if KEY in st.session_state else cluster_address()


@contextlib.contextmanager
def executor(engine: str | None) -> Iterator[ClusterExecutor | None]:
    """The cluster executor for a run (None without a cluster); afterwards, a caption naming the
    workers and the engine each ran. An unreachable scheduler raises ClusterError (a ValueError)."""
    addr = address()
    if addr is None:
        yield None
        return
    with st.spinner(f"Connecting to the Dask scheduler at {addr}…"):
        ex = ClusterExecutor(addr, engine)
    with ex:
        yield ex
    show_workers(ex.workers(), engine)


def show_workers(workers: list[dict[str, Any]], engine: str | None) -> None:
    if not workers:
        return
    parts = [f"`{w['address']}` ({w['engine']}, {w['batches']} batches)" for w in workers]
    st.caption("Ran on the Dask cluster: " + "; ".join(parts))
    for w in workers:
        note = python_worker_note(w, engine)
        if note:
            st.warning(note.removeprefix("fwlab: note: ").capitalize())


__all__ = ["ClusterError", "address", "executor", "show_workers", "sidebar"]
