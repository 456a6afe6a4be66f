"""Shared test set-up: ``tests/support`` (the toy engines used only by tests) is importable."""

from __future__ import annotations

import sys
from pathlib import Path

SUPPORT = Path(__file__).parent / "support"
if str(SUPPORT) not in sys.path:
    sys.path.insert(0, str(SUPPORT))

# Hypothesis' per-example deadline (200 ms) measures the machine, not the code: on a loaded 2-core
# CI machine a pandas call can take half a second once. Properties are judged on results only.
from hypothesis import settings  # noqa: E402

settings.register_profile("fwlab", deadline=None)
settings.load_profile("fwlab")


import signal  # noqa: E402
import subprocess  # noqa: E402
import tempfile  # noqa: E402

import pytest  # noqa: E402


@pytest.fixture
def engineless():  # type: ignore[no-untyped-def]
    """The id of a ruleset registered without a rules engine (3 to 5 seats, no decks) for one test,
    removed afterwards: every built-in ruleset now has an engine."""
    from fwlab.rulesets import FAMILY, REGISTRY, TITLES, Ruleset, register

    rid = "noengine"
    register(Ruleset(rid, None, "A game without an engine (test)", (3, 5), uses_decks=False))
    try:
        yield rid
    finally:
        REGISTRY.pop(rid, None)
        TITLES.pop(rid, None)
        FAMILY.pop(rid, None)

@pytest.fixture(scope="session")
def cluster():  # type: ignore[no-untyped-def]
    """A real local Dask cluster, ``fwlab cluster local --workers 2`` (issue 18), started on first use:
    yields the scheduler address; stopped (SIGTERM) afterwards."""
    pytest.importorskip("distributed")
    log = tempfile.TemporaryFile(mode="w+")  # noqa: SIM115 - a file, not a pipe: Dask's logging never blocks on it
    proc = subprocess.Popen([str(Path(sys.executable).parent / "fwlab"), "cluster", "local", "--workers", "2"],
                            stdout=subprocess.PIPE, stderr=log, text=True)
    assert proc.stdout is not None
    address = proc.stdout.readline().strip()
    if not address.startswith("tcp://"):
        log.seek(0)
        raise AssertionError(f"fwlab cluster local did not start: {log.read()[-2000:]}")
    try:
        yield address
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            raise
        finally:
            log.close()
