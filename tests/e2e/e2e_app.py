"""What the real-browser tests share: finding Debian's chromium and Playwright (or skipping, unless
``FWLAB_REQUIRE_BROWSER=1``), building a store, serving ``app.py`` on a free port until it answers
``/_stcore/health``, and a chromium page. No browser is downloaded: ``$FWLAB_CHROMIUM`` (default
``/usr/bin/chromium``)."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("FWLAB_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]


def need_browser() -> None:
    """Skip (or fail, with ``FWLAB_REQUIRE_BROWSER=1``) without chromium or the playwright package."""
    problem = None
    if not Path(CHROMIUM).exists():
        problem = f"no chromium at {CHROMIUM} (set FWLAB_CHROMIUM)"
    else:
        try:
            import playwright.sync_api  # noqa: F401
        except ImportError:
            problem = "the playwright package is not installed"
    if problem:
        if os.environ.get("FWLAB_REQUIRE_BROWSER") == "1":
            pytest.fail(f"FWLAB_REQUIRE_BROWSER=1 but {problem}")
        pytest.skip(problem)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def build_store(tmp: Path, league_matches: int = 20) -> Path:
    """``fwlab init`` of a store in ``tmp`` with a small league."""
    db = tmp / "fwlab.duckdb"
    subprocess.run([sys.executable, "-m", "fwlab.cli", "init", "--db", str(db), "--league-matches", str(league_matches)],
                   check=True, cwd=ROOT, capture_output=True)
    return db


@contextlib.contextmanager
def serve(db: Path, tmp: Path, timeout: float = 60) -> Iterator[str]:
    """``streamlit run app.py`` on the store ``db`` (its log in ``tmp``), yielding the base URL once healthy."""
    port = free_port()
    log = (tmp / "streamlit.log").open("w")
    proc = subprocess.Popen([sys.executable, "-m", "streamlit", "run", "app.py", "--server.headless", "true",
                             "--server.port", str(port), "--server.address", "127.0.0.1",
                             "--browser.gatherUsageStats", "false"],
                            cwd=ROOT, env={**os.environ, "FWLAB_DB": str(db)}, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                with urllib.request.urlopen(f"{base}/_stcore/health", timeout=2) as r:
                    if r.read().strip() == b"ok":
                        break
            except OSError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                raise AssertionError("streamlit did not become healthy:\n" + (tmp / "streamlit.log").read_text())
            time.sleep(0.3)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


@contextlib.contextmanager
def browser_page(accept_downloads: bool = False) -> Iterator[Page]:
    """A chromium page (1400 x 1000), Playwright's expect waiting up to 60 s (a loaded CI machine runs 2-3x slower)."""
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=60_000)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        pg = browser.new_page(viewport={"width": 1400, "height": 1000}, accept_downloads=accept_downloads)
        pg.set_default_timeout(60_000)
        yield pg
        browser.close()
