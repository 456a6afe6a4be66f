"""The compiled rules core (fwlab/native/: the hook, the builder, the CLI; the training games of a
profile-guided build in fwlab/sim/training.py): one build per engine, used only when built from that
engine's current sources, and it plays exactly the games the pure-Python engine plays."""

from __future__ import annotations

import ast
import fcntl
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import fwlab.native as native
from fwlab.native import builder, hook
from fwlab.rulesets import ENGINE_INFO, EngineInfo
from fwlab.sim import training

GAMES = """
import hashlib, json
import fwlab.native as nat
from fwlab.decks.starters import starter_decks
from fwlab.sim import play_game
h = hashlib.sha256()
for rs, n in (("fw", 60), ("bg", 20), ("fw-epic", 20)):
    ds = starter_decks(rs)
    for i in range(n):
        r = play_game(ds[i % len(ds)], ds[(i * 3 + 1) % len(ds)], rs, seed=i, first="ab"[i % 2],
                      log_cards=True, record=True)
        h.update(repr((r.winner, r.turns, r.end_reason, r.record.to_dict(), r.card_events, r.capital)).encode())
import fwlab.rules.daemornia.game as game
print(json.dumps({"native": nat.engine_compiled("daemornia"), "file": game.__file__, "digest": h.hexdigest()}))
"""


def _play(native_on: bool) -> dict[str, object]:
    env = dict(os.environ, FWLAB_NATIVE="1" if native_on else "0")
    out = subprocess.run([sys.executable, "-c", GAMES], env=env, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def _ensure_build() -> None:
    """The build of the current sources, made here if missing (as `make test` does); without a C
    compiler the comparison cannot run: skipped with mypyc's reason, or failed where it is required."""
    if (native.build_dir() / native.MANIFEST).exists():
        return
    try:
        native.build(quiet=True)
    except RuntimeError as exc:
        if os.environ.get("FWLAB_REQUIRE_NATIVE"):
            raise
        pytest.skip(f"SKIPPED LOUDLY: no compiled daemornia build and none can be made here: {exc}")


def test_SIM_NATIVE_1_compiled_and_pure_python_engines_play_identical_games():
    _ensure_build()
    pure, compiled = _play(False), _play(True)
    assert pure["native"] is False and str(pure["file"]).endswith(".py")
    # the comparison means something only if the second run really used the compiled modules
    assert compiled["native"] is True and not str(compiled["file"]).endswith(".py")
    # every action, every die, every card event and every Capital figure of 100 games
    assert compiled["digest"] == pure["digest"]


def test_SIM_NATIVE_1_the_build_for_the_current_sources_is_the_one_in_use():
    st = native.status()["engines"]["daemornia"]
    built = (native.build_dir("daemornia") / native.MANIFEST).exists()
    if os.environ.get("FWLAB_NATIVE") == "0":
        assert not st["native"]
    else:
        assert st["native"] == built, st["reason"]
    if os.environ.get("FWLAB_REQUIRE_NATIVE"):
        assert st["native"], f"the compiled rules core is required here but not in use: {st['reason']}"
        import fwlab.rules.daemornia.game as game

        assert not game.__file__.endswith(".py")


@pytest.fixture()
def package_copy(tmp_path, monkeypatch):
    """A copy of the package to edit, with a second (fake) compiled engine besides daemornia."""
    pkg = tmp_path / "fwlab"
    shutil.copytree(native.PACKAGE_DIR, pkg, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(hook, "PACKAGE_DIR", pkg)  # what the keys read and the builder copies
    monkeypatch.setitem(ENGINE_INFO, "fake", EngineInfo("fake", "fwlab.rules.keywords", ("rules/keywords.py",)))
    return pkg


def test_SIM_NATIVE_2_each_engine_is_keyed_on_exactly_its_own_sources(package_copy):
    pkg = package_copy
    d0, f0 = native.source_key("daemornia"), native.source_key("fake")
    assert d0 != f0 and d0 == native.source_key("daemornia")
    game = pkg / "rules" / "daemornia" / "game.py"
    game.write_text(game.read_text() + "\n# an edit\n")
    d1 = native.source_key("daemornia")
    assert d1 != d0 and native.source_key("fake") == f0          # editing one engine leaves the other
    bot = pkg / "bots" / "daemornia" / "lookahead.py"            # a bot that is not compiled
    bot.write_text(bot.read_text() + "\n# an edit\n")
    assert native.source_key("daemornia") == d1
    kw = pkg / "rules" / "keywords.py"
    kw.write_text(kw.read_text() + "\n# an edit\n")
    assert native.source_key("fake") != f0 and native.source_key("daemornia") == d1


def test_SIM_NATIVE_2_the_builder_and_the_module_list_are_part_of_every_key(package_copy, monkeypatch):
    d0, f0 = native.source_key("daemornia"), native.source_key("fake")
    info = ENGINE_INFO["daemornia"]
    monkeypatch.setitem(ENGINE_INFO, "daemornia", EngineInfo("daemornia", info.module, info.compiled[:-1]))
    assert native.source_key("daemornia") != d0
    monkeypatch.setitem(ENGINE_INFO, "daemornia", info)
    assert native.source_key("daemornia") == d0
    # the builder's files are the modules that make a build (and only those)
    assert hook.BUILDER_FILES == ("native/builder.py", "sim/training.py")
    assert [Path(m.__file__).relative_to(native.PACKAGE_DIR).as_posix() for m in (builder, training)] \
        == list(hook.BUILDER_FILES)
    keys = [(d0, f0)]
    for rel in hook.BUILDER_FILES:  # an edit to either changes every engine's key
        f = package_copy / rel
        f.write_text(f.read_text() + "\n# an edit to the builder\n")
        keys.append((native.source_key("daemornia"), native.source_key("fake")))
    assert len({d for d, _ in keys}) == len({f for _, f in keys}) == 3
    # the hook and the CLI make no build: editing them keeps every build
    for rel in ("native/hook.py", "native/cli.py", "native/__init__.py"):
        f = package_copy / rel
        f.write_text(f.read_text() + "\n# an edit\n")
    assert (native.source_key("daemornia"), native.source_key("fake")) == keys[-1]


def test_SIM_NATIVE_2_the_shared_modules_are_part_of_every_key(package_copy):
    # rules/lists.py (hook.VENDORED) may be compiled into any build: editing it changes every key
    assert hook.VENDORED == ("rules/lists.py",)
    keys = {e: native.source_key(e) for e in native.builds()}
    lists = package_copy / "rules" / "lists.py"
    lists.write_text(lists.read_text() + "\n# an edit\n")
    after = {e: native.source_key(e) for e in keys}
    assert all(after[e] != keys[e] for e in keys), (keys, after)


def _imported(source: str) -> set[str]:
    """Every module a source imports from (absolute names as written; relative ones with their dots)."""
    out = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            out.add("." * node.level + (node.module or ""))
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return out


def test_SIM_NATIVE_2_each_build_gets_a_private_copy_of_the_shared_modules(package_copy):
    """builder.vendor, on a build's copy of the package: each engine's modules import their own copy
    of rules/lists.py (rules/_lists_<engine>.py), compiled in the engine's group; nothing else changes."""
    pkg = package_copy
    before = {p: p.read_bytes() for p in pkg.rglob("*.py")}
    paths = {e: builder.vendor(pkg, e, m) for e, m in native.builds().items() if e != "fake"}
    assert paths == {e: [f"rules/_lists_{e}.py"] for e in ("daemornia", "freerealms", "eredan", "conquest")}
    assert builder.vendor(pkg, "fake", ENGINE_INFO["fake"].compiled) == []   # imports no shared module
    for (rel,) in paths.values():
        assert (pkg / rel).read_bytes() == before[pkg / "rules" / "lists.py"]
    changed = {p.relative_to(pkg).as_posix() for p, b in before.items() if p.read_bytes() != b}
    assert changed == ({f"rules/{e}/game.py" for e in paths}                 # the importers only: position.py etc. untouched
                       | {f"bots/{e}/search.py" for e in paths})
    for e in paths:
        game = pkg / "rules" / e / "game.py"
        old, new = before[game].decode(), game.read_text()
        assert "..lists" in _imported(old) and "..lists" not in _imported(new)
        assert f"fwlab.rules._lists_{e}" in _imported(new)
        assert len(new.splitlines()) == len(old.splitlines())                # line numbers kept
        rest = lambda src: [ln for ln in src.splitlines() if not ("lists" in ln and " import " in ln)]  # noqa: E731
        assert rest(new) == rest(old)


TOY = """from . import lists
from . import core, lists as L2
from fwlab.rules.lists import (
    has,
    remove as rm,
)
import fwlab.rules.lists as L3, json


def later():
    from .lists import shuffle
    return shuffle
"""


def test_SIM_NATIVE_2_every_import_form_of_a_shared_module_is_rewritten(package_copy, tmp_path):
    pkg = package_copy
    (pkg / "rules" / "toyuse.py").write_text(TOY)
    assert builder.vendor(pkg, "toy-1", ("rules/toyuse.py",)) == ["rules/_lists_toy_1.py"]
    new = (pkg / "rules" / "toyuse.py").read_text()
    assert len(new.splitlines()) == len(TOY.splitlines())
    assert not {".lists", "fwlab.rules.lists"} & _imported(new)
    check = ("import json, fwlab.rules.toyuse as t, fwlab.rules.core as core\n"
             "names = [m.__name__ for m in (t.lists, t.L2, t.L3)]\n"
             "fns = [f.__module__ for f in (t.has, t.rm, t.later())]\n"
             "print(json.dumps([names, fns, t.core is core, t.json is json, 'fwlab.rules.lists' in __import__('sys').modules]))")
    out = subprocess.run([sys.executable, "-c", check], cwd=tmp_path, capture_output=True, text=True, check=True,
                         env=dict(os.environ, PYTHONPATH=str(tmp_path), FWLAB_NATIVE="0"))
    names, fns, core_same, json_same, pure_loaded = json.loads(out.stdout.strip().splitlines()[-1])
    assert names == ["fwlab.rules._lists_toy_1"] * 3 and fns == ["fwlab.rules._lists_toy_1"] * 3
    assert core_same and json_same and not pure_loaded
    # a bare `import fwlab.rules.lists` is used by its dotted name: it cannot be pointed elsewhere
    (pkg / "rules" / "toybad.py").write_text("import fwlab.rules.lists\n")
    with pytest.raises(RuntimeError, match="cannot be compiled with a private copy"):
        builder.vendor(pkg, "toy", ("rules/toybad.py",))


def test_SIM_NATIVE_2_an_old_build_is_never_loaded_for_edited_sources(package_copy, tmp_path, monkeypatch):
    key = native.source_key("daemornia")
    monkeypatch.setenv("FWLAB_NATIVE_DIR", str(tmp_path / "cache"))
    stale = tmp_path / "cache" / f"daemornia-{key}"
    stale.mkdir(parents=True)
    (stale / native.MANIFEST).write_text(json.dumps({"key": key, "modules": {}}))
    game = package_copy / "rules" / "daemornia" / "game.py"
    game.write_text(game.read_text() + "\n# an edit\n")
    monkeypatch.delenv("FWLAB_NATIVE", raising=False)
    st = hook._enable_one("daemornia", ENGINE_INFO["daemornia"].compiled)
    assert st["native"] is False and "no compiled build" in st["reason"]


REFUSE = """
import json, os, sys
from pathlib import Path
import fwlab.native.hook as native
import fwlab.rules.daemornia.game  # the pure-Python engine is loaded in this process (FWLAB_NATIVE=0)
from fwlab.rulesets import ENGINE_INFO
os.environ["FWLAB_NATIVE"] = "1"
d = native.build_dir("daemornia")     # a complete-looking build for these sources
modules = {native._module_name(m): f"fwlab/{i}.so" for i, m in enumerate(ENGINE_INFO["daemornia"].compiled)}
(d / "fwlab").mkdir(parents=True)
for rel in modules.values():
    (d / rel).write_bytes(b"")
(d / native.MANIFEST).write_text(json.dumps({"key": "k", "modules": modules}))
meta_path = list(sys.meta_path)
st = native._enable_one("daemornia", ENGINE_INFO["daemornia"].compiled)
print(json.dumps({**st, "served": sorted(native._FINDER.files), "meta_path_same": sys.meta_path == meta_path}))
"""


def test_SIM_NATIVE_2_a_build_is_refused_once_the_python_modules_are_loaded(tmp_path):
    # a process that already imported the pure-Python engine must not mix in compiled modules
    env = dict(os.environ, FWLAB_NATIVE="0", FWLAB_NATIVE_DIR=str(tmp_path))
    out = subprocess.run([sys.executable, "-c", REFUSE], env=env, capture_output=True, text=True, check=True)
    st = json.loads(out.stdout.strip().splitlines()[-1])
    assert st["native"] is False and "already imported (fwlab.rules" in st["reason"]
    assert st["served"] == [] and st["meta_path_same"]


ALL_GAMES = """
import hashlib, json, sys
import fwlab.native as nat
from fwlab.decks.starters import starter_decks
from fwlab.rulesets import info, seat_range
from fwlab.sim import play_match
out = {}
for rs in sys.argv[1].split(","):
    r, h = info(rs), hashlib.sha256()
    seats = seat_range(rs)[0] if r.uses_decks else 4
    decks = starter_decks(rs) if r.uses_decks else []
    for bot in ("heuristic", "random", "ismcts:iters=4") if r.uses_decks else ("heuristic", "random"):
        for i in range(4 if bot != "ismcts:iters=4" else 1):
            setups = [decks[(i + k * 3) % len(decks)] for k in range(seats)] if decks else [None] * seats
            res = play_match(rs, setups, [bot] * seats, seed=i, first=i % seats, log_cards=True, record=True)
            h.update(json.dumps([res.record.to_dict(), list(res.places), res.card_events], default=str).encode())
    out[rs] = h.hexdigest()
import fwlab.rules.lists as lists
private = {n: m.__file__ for n, m in sys.modules.items() if n.startswith("fwlab.rules._lists_")}
print(json.dumps({"digests": out, "lists": lists.__file__, "private": private,
                  "native": {e: s["native"] for e, s in nat.status()["engines"].items()}}))
"""
RULESETS = {"daemornia": "fw,bg", "freerealms": "fr", "eredan": "eredan", "conquest": "conquest"}


def _all_games(env: dict[str, str], rulesets: str) -> dict[str, Any]:
    out = subprocess.run([sys.executable, "-c", ALL_GAMES, rulesets], env=env, capture_output=True, text=True,
                         check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


@pytest.mark.slow
def test_SIM_NATIVE_1_every_engine_alone_and_all_in_one_process_play_the_python_games(tmp_path):
    """Each compiled build holds its own copy of the list helpers and shuffle (rules/lists.py): each
    engine compiled alone (its build the only one in the cache) and all of them in one process (each
    build's copy its own module, served from that build) play the pure-Python games, the setup
    shuffles and the search bots' re-deals included; the pure-Python rules/lists.py stays Python."""
    missing = [e for e in RULESETS if not (native.build_dir(e) / native.MANIFEST).exists()]
    for engine in missing:  # as `make test`, which builds every engine first
        try:
            native.build(engine, quiet=True)
        except RuntimeError as exc:
            if os.environ.get("FWLAB_REQUIRE_NATIVE"):
                raise
            pytest.skip(f"SKIPPED LOUDLY: no compiled {engine} build and none can be made here: {exc}")
    every = ",".join(RULESETS.values())
    pure = _all_games(dict(os.environ, FWLAB_NATIVE="0"), every)
    assert not any(pure["native"].values()) and str(pure["lists"]).endswith(".py") and pure["private"] == {}
    together = _all_games(dict(os.environ, FWLAB_NATIVE="1"), every)
    assert all(together["native"][e] for e in RULESETS), together["native"]
    assert str(together["lists"]).endswith(".py")
    assert {n: Path(f).is_relative_to(native.build_dir(n.rpartition("_")[2])) for n, f in together["private"].items()} \
        == {f"fwlab.rules._lists_{e}": True for e in RULESETS}
    assert together["digests"] == pure["digests"]
    for engine, rulesets in RULESETS.items():
        alone = tmp_path / engine      # a cache holding this engine's build only
        alone.mkdir()
        (alone / native.build_dir(engine).name).symlink_to(native.build_dir(engine))
        r = _all_games(dict(os.environ, FWLAB_NATIVE="1", FWLAB_NATIVE_DIR=str(alone)), rulesets)
        assert [e for e, on in r["native"].items() if on] == [engine]
        assert list(r["private"]) == [f"fwlab.rules._lists_{engine}"]
        assert not str(r["private"][f"fwlab.rules._lists_{engine}"]).endswith(".py")
        assert r["digests"] == {rs: pure["digests"][rs] for rs in rulesets.split(",")}, engine


def test_SIM_NATIVE_2_builds_in_use_are_never_deleted_and_others_are(tmp_path):
    keep = tmp_path / "daemornia-new"
    held, free, partial = tmp_path / "daemornia-old1", tmp_path / "daemornia-old2", tmp_path / ".old-daemornia-x"
    other = tmp_path / "fake-old"
    for d in (keep, held, free, partial, other):
        d.mkdir()
        (d / native.INUSE).touch()
    with open(held / native.INUSE, "a") as fh:   # a running process holds this build
        fcntl.flock(fh, fcntl.LOCK_SH)
        deleted = builder._prune(tmp_path, "daemornia", keep=keep)
    assert set(deleted) == {free, partial}
    assert held.exists() and keep.exists() and other.exists()  # another engine's builds are its own


def test_SIM_NATIVE_3_cli_status_reports_per_engine(capsys):
    from fwlab.cli import main

    assert main(["native", "status"]) == 0
    st = json.loads(capsys.readouterr().out)
    assert set(st) == {"native", "engines"}
    assert set(st["engines"]["daemornia"]) == {"native", "dir", "reason", "key"}
    assert st["engines"]["daemornia"]["key"] == native.source_key("daemornia")


def test_SIM_NATIVE_3_optional_turns_any_build_failure_into_a_warning(monkeypatch, capsys):
    from fwlab.cli import main

    def broken(engine: str, force: bool = False, quiet: bool = False) -> Path:
        raise OSError("disk full")

    monkeypatch.setattr(builder, "build", broken)  # what `fwlab native build` calls
    assert main(["native", "build", "--optional"]) == 0
    assert "warning: disk full" in capsys.readouterr().err
    assert main(["native", "build"]) == 1
    assert "error: disk full" in capsys.readouterr().err


def test_SIM_NATIVE_3_a_simulation_on_the_pure_python_fallback_says_so_once(tmp_path):
    from fwlab.decks.starters import starter_paths

    a, b = starter_paths("fw")[:2]
    env = dict(os.environ, FWLAB_NATIVE="0")
    out = subprocess.run([sys.executable, "-m", "fwlab.cli", "simulate", str(a), str(b), "-n", "4", "--json"],
                         env=env, capture_output=True, text=True, check=True)
    assert out.stderr.count("runs as pure Python") == 1 and "FWLAB_NATIVE=0" in out.stderr
    assert json.loads(out.stdout)["games"] == 4


@pytest.mark.slow
def test_SIM_NATIVE_3_a_failed_build_is_a_clear_error(package_copy, tmp_path, monkeypatch):
    # a module mypyc cannot compile: the error carries mypyc's message and nothing is cached
    bad = package_copy / "rules" / "daemornia" / "decisions.py"
    bad.write_text(bad.read_text() + "\nBROKEN: int = 'not an int'\n")
    monkeypatch.setenv("FWLAB_NATIVE_DIR", str(tmp_path / "cache"))
    with pytest.raises(RuntimeError, match="mypyc could not build the daemornia engine"):
        native.build("daemornia", quiet=True)
    assert not native.build_dir("daemornia").exists()
    assert not [p for p in (tmp_path / "cache").iterdir() if p.name.startswith(".new")]


def test_SIM_NATIVE_4_training_plays_every_ruleset_of_the_engine_with_both_bots():
    _ensure_build()
    if not native.engine_compiled("daemornia"):
        pytest.skip("SKIPPED LOUDLY: the daemornia engine does not run compiled in this process")
    played = training.train("daemornia", seconds=0.2)
    # fw, fw-epic and bg, each with the default bot and the random one, at least 20 games a run
    assert set(played) == {(r, b) for r in ("fw", "fw-epic", "bg") for b in ("heuristic", "random")}
    assert min(played.values()) >= 20
    if native.engine_compiled("conquest"):  # a game without decks: its most seats
        assert set(training.train("conquest", seconds=0.1)) == {("conquest", "heuristic"), ("conquest", "random")}


def test_SIM_NATIVE_4_training_refuses_an_engine_running_as_python():
    # nothing would be learnt: the builder sees status 3 and makes a plain build
    env = dict(os.environ, FWLAB_NATIVE="0")
    out = subprocess.run([sys.executable, "-c", "from fwlab.sim.training import train; train('eredan', 0.1)"],
                         env=env, capture_output=True, text=True)
    assert out.returncode == 3, out.stderr


def test_SIM_NATIVE_4_profile_guided_builds_can_be_turned_off(tmp_path):
    assert builder._pgo_wanted({"FWLAB_NATIVE_PGO": "0"}) is False
    fake = tmp_path / "fakecc"  # a compiler that is not GCC: its profiles need other tools
    fake.write_text("#!/bin/sh\necho 'Debian clang version 16.0.6'\n")
    fake.chmod(0o755)
    assert builder._pgo_wanted({"CC": str(fake)}) is False
    assert builder._pgo_wanted({"CC": str(tmp_path / "missing-cc")}) is False
    gcc = shutil.which("gcc")
    if gcc:
        assert builder._pgo_wanted({"CC": gcc}) is True
