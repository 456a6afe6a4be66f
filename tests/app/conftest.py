"""A small store for the app tests: built once per session with `fwlab init` and a short league."""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "app.py")


def build_store(path: Path, league_matches: int = 20) -> Path:
    """`fwlab init` into ``path`` with a league of ``league_matches`` fw matches (bg plays a quarter)."""
    subprocess.run([sys.executable, "-m", "fwlab.cli", "init", "--db", str(path), "--league-matches",
                    str(league_matches)], check=True, cwd=ROOT, capture_output=True, text=True)
    return path


@pytest.fixture(scope="session")
def app_store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_store(tmp_path_factory.mktemp("app-store") / "fwlab.duckdb")


@pytest.fixture
def store(app_store: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The shared read-only test store as FWLAB_DB (tests that write use ``writable_store``)."""
    monkeypatch.setenv("FWLAB_DB", str(app_store))
    return app_store


@pytest.fixture
def writable_store(app_store: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A private copy of the test store as FWLAB_DB, for tests that save, import or play leagues."""
    copy = tmp_path / "fwlab.duckdb"
    shutil.copy(app_store, copy)
    monkeypatch.setenv("FWLAB_DB", str(copy))
    yield copy


@pytest.fixture(autouse=True)
def _fresh_caches() -> Iterator[None]:
    """Every test starts with no cached results (the caches are global to the process)."""
    import streamlit as st

    st.cache_data.clear()
    yield
    st.cache_data.clear()
    st.cache_resource.clear()


