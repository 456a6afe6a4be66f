"""The compiled rules core (fwlab/native.py): used only when built from the current sources, and it
plays exactly the games the pure-Python engine plays."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import fwlab.native as native

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
print(json.dumps({"native": nat.status()["native"], "digest": h.hexdigest()}))
"""


def _play(native_on: bool) -> dict[str, object]:
    env = dict(os.environ, FWLAB_NATIVE="1" if native_on else "0")
    out = subprocess.run([sys.executable, "-c", GAMES], env=env, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def test_SIM_NATIVE_1_compiled_and_pure_python_engines_play_identical_games():
    pure, compiled = _play(False), _play(True)
    assert pure["native"] is False
    assert compiled["native"] is (native.cache_root() / native.source_key() / native.MANIFEST).exists()
    # every action, every die, every card event and every Capital figure of 100 games
    assert compiled["digest"] == pure["digest"]


def test_SIM_NATIVE_1_the_build_for_the_current_sources_is_the_one_in_use():
    st = native.status()
    built = (native.cache_root() / native.source_key() / native.MANIFEST).exists()
    if os.environ.get("FWLAB_NATIVE") == "0":
        assert not st["native"]
    else:
        assert st["native"] == built, st["reason"]
    if os.environ.get("FWLAB_REQUIRE_NATIVE"):
        assert st["native"], f"the compiled rules core is required here but not in use: {st['reason']}"
        import fwlab.rules.daemornia.game as game

        assert not game.__file__.endswith(".py")


def test_SIM_NATIVE_2_an_edited_source_changes_the_key_so_an_old_build_is_never_loaded(tmp_path, monkeypatch):
    pkg = tmp_path / "fwlab"
    shutil.copytree(native.PACKAGE_DIR, pkg, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(native, "PACKAGE_DIR", pkg)
    key = native.source_key()
    assert key == native.source_key()
    game = pkg / "rules" / "daemornia" / "game.py"
    game.write_text(game.read_text() + "\n# an edit\n")
    assert native.source_key() != key
    # a build recorded under the old key is not found for the edited sources
    monkeypatch.setenv("FWLAB_NATIVE_DIR", str(tmp_path / "cache"))
    stale = tmp_path / "cache" / key
    stale.mkdir(parents=True)
    (stale / native.MANIFEST).write_text(json.dumps({"key": key, "modules": {}}))
    monkeypatch.setitem(native._state, "enabled", False)
    monkeypatch.delenv("FWLAB_NATIVE", raising=False)
    meta_path = list(sys.meta_path)
    assert native.enable() is False
    assert "no compiled build" in native._state["reason"]
    assert sys.meta_path == meta_path


def test_SIM_NATIVE_2_a_build_is_refused_once_the_python_modules_are_loaded(tmp_path, monkeypatch):
    # a process that already imported the pure-Python engine must not mix in compiled modules
    monkeypatch.setenv("FWLAB_NATIVE_DIR", str(tmp_path))
    monkeypatch.delenv("FWLAB_NATIVE", raising=False)
    key = native.source_key()
    d = tmp_path / key
    (d / "fwlab").mkdir(parents=True)
    fake = d / "fwlab" / "game.so"
    fake.write_bytes(b"")
    (d / native.MANIFEST).write_text(json.dumps({"key": key, "modules": {"fwlab.rules.daemornia.game": "fwlab/game.so"}}))
    monkeypatch.setitem(native._state, "enabled", False)
    import fwlab.rules.daemornia.game  # noqa: F401  (loaded in this process)

    meta_path = list(sys.meta_path)
    assert native.enable() is False
    assert "already imported" in native._state["reason"]
    assert sys.meta_path == meta_path


def test_SIM_NATIVE_3_cli_status_says_which_engine_runs(capsys):
    from fwlab.cli import main

    assert main(["native", "status"]) == 0
    st = json.loads(capsys.readouterr().out)
    assert set(st) == {"native", "dir", "reason", "key"}
    assert st["key"] == native.source_key()


@pytest.mark.slow
def test_SIM_NATIVE_3_a_failed_build_is_a_clear_error(tmp_path, monkeypatch):
    # a module mypyc cannot compile: the error carries mypyc's message and nothing is cached
    pkg = tmp_path / "fwlab"
    shutil.copytree(native.PACKAGE_DIR, pkg, ignore=shutil.ignore_patterns("__pycache__"))
    bad = pkg / "rules" / "daemornia" / "decisions.py"
    bad.write_text(bad.read_text() + "\nBROKEN: int = 'not an int'\n")
    monkeypatch.setattr(native, "PACKAGE_DIR", pkg)
    monkeypatch.setenv("FWLAB_NATIVE_DIR", str(tmp_path / "cache"))
    with pytest.raises(RuntimeError, match="mypyc could not build"):
        native.build(quiet=True)
    assert not (tmp_path / "cache" / native.source_key()).exists()
    assert Path(tmp_path / "cache").exists()
