"""Killing a child process half-way, as a crash would: the store tests' SIGKILL helper."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
from collections.abc import Iterator
from typing import Any


@contextlib.contextmanager
def sigkill_after(proc: subprocess.Popen[Any]) -> Iterator[None]:
    """Run the block (which waits until ``proc`` is where it should die), then SIGKILL ``proc`` and
    check it died of it; the process never outlives the block, even when the block fails."""
    try:
        yield
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == -signal.SIGKILL
