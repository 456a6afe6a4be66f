"""A first start in minutes (issue 29 item 4): the compiled core is built plainly unless a
profile-guided build is asked for, which then replaces a plain one (NATIVE-START-1); builds say
what they build, what to expect from the last build here, a line while they run and what each
took (NATIVE-START-2); the speed figures are the measured ones, quoted the same everywhere
(NATIVE-START-3)."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest

from fwlab.native import builder, cli, hook

ROOT = Path(__file__).resolve().parents[1]


def _fake_build(root: Path, engine: str, pgo: bool, seconds: float = 12.5) -> Path:
    """A build folder of ``engine`` for the current sources, as the builder leaves it (no compiling)."""
    dest = root / f"{engine}-{hook.source_key(engine)}"
    dest.mkdir(parents=True)
    (dest / hook.MANIFEST).write_text(json.dumps({"engine": engine, "key": hook.source_key(engine),
                                                  "modules": {}, "pgo": pgo, "seconds": seconds}))
    return dest


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("FWLAB_NATIVE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("FWLAB_NATIVE_PGO", raising=False)
    return tmp_path / "cache"


def test_NATIVE_START_1_plain_by_default_and_a_pgo_build_replaces_a_plain_one_only_when_asked(cache: Path) -> None:
    assert builder.needs_build("eredan")                        # nothing built yet
    _fake_build(cache, "eredan", pgo=False)
    assert not builder.needs_build("eredan")                    # a plain build is enough by default
    assert builder.needs_build("eredan", pgo=True)              # asked for PGO: the plain one is replaced
    assert builder.needs_build("eredan", force=True)
    _fake_build(cache, "conquest", pgo=True)
    assert not builder.needs_build("conquest") and not builder.needs_build("conquest", pgo=True)


def test_NATIVE_START_1_profile_guided_only_when_asked_and_possible() -> None:
    gcc = {"CC": "gcc"}
    if not builder._pgo_wanted(gcc):
        pytest.skip("no GCC here: no profile-guided build is possible")
    assert builder.pgo_requested(gcc) is False                              # the default: plain
    assert builder.pgo_requested(gcc, asked=True) is True                   # --pgo
    assert builder.pgo_requested({**gcc, "FWLAB_NATIVE_PGO": "1"}) is True  # the environment
    assert builder.pgo_requested({**gcc, "FWLAB_NATIVE_PGO": "0"}, asked=True) is False


def test_NATIVE_START_2_build_times_are_kept_per_engine_and_kind(cache: Path) -> None:
    assert builder.last_build_times() == {}
    builder._record_time(cache, "eredan", "plain", 21.44)
    builder._record_time(cache, "eredan", "pgo", 95.0)
    builder._record_time(cache, "fw-like", "plain", 3.0)
    builder._record_time(cache, "eredan", "plain", 19.96)      # the last one counts
    assert builder.last_build_times() == {"eredan": {"plain": 20.0, "pgo": 95.0}, "fw-like": {"plain": 3.0}}
    assert cli.expectation(["eredan"], "pgo", builder.last_build_times()) == \
        "last profile-guided build here: eredan 1.6 min"


def test_NATIVE_START_2_the_build_says_what_it_builds_what_to_expect_and_keeps_talking(
        cache: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from fwlab.cli import main

    calls: list[tuple[str, bool]] = []

    def slow_build(engine: str, force: bool = False, quiet: bool = False, pgo: bool = False) -> Path:
        dest = cache / f"{engine}-{hook.source_key(engine)}"
        if not builder.needs_build(engine, force=force, pgo=pgo):   # as the builder: nothing to do
            return dest
        calls.append((engine, pgo))
        time.sleep(0.35)
        return _fake_build(cache, engine, pgo=pgo, seconds=0.4)

    monkeypatch.setattr(builder, "build", slow_build)
    monkeypatch.setattr(cli, "HEARTBEAT", 0.1)
    assert main(["native", "build", "--engine", "eredan", "--engine", "conquest", "--jobs", "2"]) == 0
    out = capsys.readouterr().out
    assert calls and all(pgo is False for _e, pgo in calls)          # plain unless asked
    assert (f"compiling the rules core of eredan, conquest (plain mypyc build, 2 at a time; no plain build here "
            f"yet; measured: {cli.MEASURED['plain_build']} per engine)") in out
    assert re.search(r"still compiling (eredan|conquest)", out)
    assert re.search(r"compiled eredan engine ready \(0 modules, plain, key \w+, built in 0.4 s\)", out)
    # built: a second run has nothing to do and says what is there
    assert main(["native", "build", "--engine", "eredan"]) == 0
    again = capsys.readouterr().out
    assert "compiling" not in again and "already built; it took 0.4 s" in again


def test_NATIVE_START_2_the_sidebar_line_names_the_kind_of_build(monkeypatch: pytest.MonkeyPatch,
                                                                 tmp_path: Path) -> None:
    plain, guided = _fake_build(tmp_path / "a", "eredan", pgo=False), _fake_build(tmp_path / "b", "conquest", pgo=True)
    monkeypatch.setattr(hook, "_state", {"eredan": {"native": True, "dir": str(plain)},
                                         "conquest": {"native": True, "dir": str(guided)},
                                         "freerealms": {"native": False, "dir": None}})
    assert hook.build_kind("eredan") == "plain" and hook.build_kind("conquest") == "profile-guided"
    line = hook.describe()
    assert "compiled (plain): eredan" in line and "compiled (profile-guided): conquest" in line
    assert re.search(r"pure Python: [a-z, ]*freerealms", line)


def test_NATIVE_START_3_the_speed_figures_are_the_measured_ones_everywhere() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    native_doc = hook.__doc__ or ""
    import fwlab.native as pkg

    for text, where in ((readme, "README.md"), (makefile, "Makefile"), (pkg.__doc__ or "", "fwlab/native")):
        flat = " ".join(text.split())
        assert f"{cli.MEASURED['plain_speedup']} the games/s of pure Python" in flat, where
        assert cli.MEASURED["plain_build"] in flat and cli.MEASURED["pgo_build"] in flat, where
        assert "0.99-1.33x plain" in flat, where
    stale = re.compile(r"3-4x|about 8x|8x faster|a minute or two|about a minute")
    for path in [ROOT / "README.md", ROOT / "Makefile", *sorted((ROOT / "fwlab" / "native").glob("*.py"))]:
        assert not stale.search(path.read_text(encoding="utf-8")), path
    assert not stale.search(native_doc)
