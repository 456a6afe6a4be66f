"""The lab's commands and the runs they keep in the store."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fwlab.cli import main
from fwlab.lab import list_runs, load_run
from fwlab.lab.whatif import WhatIfResult
from fwlab.store import connect


@pytest.fixture
def store(tmp_path: Path) -> Path:
    db = tmp_path / "s.duckdb"
    connect(db).close()
    return db


def test_whatif_json_is_kept_in_the_store_and_reopened(tmp_path: Path, store: Path,
                                                       capsys: pytest.CaptureFixture[str]):
    ch = tmp_path / "c.toml"
    ch.write_text('["Ashfang Raider"]\natt = 2\n', encoding="utf-8")
    meta = tmp_path / "meta.csv"
    meta.write_text("deck,share\nfw/ashfang-raid,0.5\niron-tide,0.5\n", encoding="utf-8")
    args = ["whatif", "--ruleset", "fw", "--changes", str(ch), "--decks", "fw/ashfang-raid", "fw/iron-tide",
            "--meta", str(meta), "-n", "6", "--seed", "1", "--db", str(store), "--json"]
    assert main(args) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["changes"] == {"Ashfang Raider": {"att": 2}} and d["games"] == 2 * 6 * 3
    runs = list_runs(store)
    assert [(r.run_id, r.kind, r.ruleset) for r in runs] == [(d["run_id"], "whatif", "fw")]
    back = load_run(store, d["run_id"])
    assert back.params["n"] == 6 and isinstance(back.result_object(), WhatIfResult)
    assert back.result_object().decks[0].deck == "fw/ashfang-raid"
    assert main(["lab", "runs", "--db", str(store)]) == 0
    assert d["run_id"] in capsys.readouterr().out
    assert main(["lab", "show", d["run_id"], "--db", str(store)]) == 0
    assert "paired 95% CI" in capsys.readouterr().out


def test_no_store_and_a_missing_store_keep_nothing(tmp_path: Path, store: Path, capsys: pytest.CaptureFixture[str]):
    base = ["whatif", "--ruleset", "fw", "--sweep", "Firebolt.res=1..2", "--decks", "fw/ashfang-raid",
            "fw/iron-tide", "-n", "4"]
    assert main([*base, "--db", str(store), "--no-store"]) == 0
    assert main([*base, "--db", str(tmp_path / "none.duckdb")]) == 0
    out = capsys.readouterr().out
    assert "nearest 50%" in out and not (tmp_path / "none.duckdb").exists()
    assert list_runs(store) == []


def test_a_bad_change_set_is_a_message_naming_card_and_field(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    ch = tmp_path / "bad.toml"
    ch.write_text('["Ashfang Raider"]\natt = -2\n', encoding="utf-8")
    assert main(["whatif", "--ruleset", "fw", "--changes", str(ch), "-n", "2", "--no-store"]) == 2
    err = capsys.readouterr().err
    assert "card 'Ashfang Raider', field 'att'" in err and "bad.toml" in err
