"""``fwlab init``: building the store from data/, idempotently, and following catalog edits."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest

from fwlab.catalog import load_family
from fwlab.cli import main
from fwlab.decks.starters import starter_paths
from fwlab.rulesets import FAMILIES, RULESETS

NEW_CARD = """
[[card]]
name = "Test Wisp"
type = "creature"
nature = "Undead"
rarity = "common"
res = {res}
att = 1
def = 1
dmg = 1
hp = 1
exp = 0
text = "A card made up by the store tests."
"""


def _init(db: Path, data: Path | None = None, *extra: str) -> int:
    args = ["init", "--db", str(db), "--no-league", *extra]
    if data is not None:
        args += ["--data", str(data)]
    return main(args)


def test_init_loads_every_catalog_card_and_starter_deck(tmp_path: Path) -> None:
    db = tmp_path / "s.duckdb"
    assert _init(db) == 0
    con = duckdb.connect(str(db), read_only=True)
    for family in FAMILIES:
        n = con.execute("SELECT count(*) FROM cards WHERE family = ?", [family]).fetchone()
        assert n == (len(load_family(family)),)
    assert con.execute("SELECT count(*) FROM rulesets").fetchone() == (len(RULESETS),)
    expected = {f"{r}/{p.stem}" for r in RULESETS for p in starter_paths(r)}
    assert {r[0] for r in con.execute("SELECT deck_id FROM decks WHERE source = 'starter'").fetchall()} == expected
    # deck_cards agree with the stored decklist text, card for card
    size = con.execute("SELECT sum(count) FROM deck_cards WHERE deck_id = 'fw/iron-tide'").fetchone()
    assert size is not None and size[0] >= 40
    nominod = con.execute("SELECT cost, attack, defense, nature, dmg, hp, exp, details->>'$.name' FROM cards "
                          "WHERE family = 'daemornia' AND name = 'Nominod'").fetchone()
    card = load_family("daemornia")["Nominod"]
    assert nominod == (card.cost, card.attack, card.defense, card.get("nature"), card.get("dmg"), card.get("hp"),
                       card.get("exp"), "Nominod")


def test_running_init_twice_leaves_identical_rows(tmp_path: Path, fingerprint) -> None:
    db = tmp_path / "s.duckdb"
    assert _init(db) == 0
    first = fingerprint(db)
    assert _init(db) == 0
    assert fingerprint(db) == first
    assert first["cards"][0] > 0 and first["decks"][0] > 0


def test_an_edited_catalog_updates_and_a_removed_card_disappears(tmp_path: Path, data_copy: Path) -> None:
    db = tmp_path / "s.duckdb"
    extra = data_copy / "catalogs" / "daemornia" / "zz_test.toml"
    extra.write_text(NEW_CARD.format(res=2))
    assert _init(db, data_copy) == 0

    def cost() -> list[tuple[int]]:
        con = duckdb.connect(str(db), read_only=True)
        try:
            return con.execute("SELECT cost FROM cards WHERE name = 'Test Wisp'").fetchall()
        finally:
            con.close()

    assert cost() == [(2,)]
    extra.write_text(NEW_CARD.format(res=5))
    assert _init(db, data_copy) == 0
    assert cost() == [(5,)]
    extra.unlink()
    assert _init(db, data_copy) == 0
    assert cost() == []


def test_a_bad_catalog_fails_with_its_file_and_writes_nothing(tmp_path: Path, data_copy: Path, fingerprint,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "s.duckdb"
    assert _init(db, data_copy) == 0
    before = fingerprint(db)
    (data_copy / "catalogs" / "daemornia" / "zz_bad.toml").write_text(NEW_CARD.format(res='"three"'))
    assert _init(db, data_copy) == 2
    err = capsys.readouterr().err
    assert "zz_bad.toml" in err and "Test Wisp" in err and "'res'" in err
    assert fingerprint(db) == before


def test_a_removed_starter_deck_leaves_the_store_but_saved_decks_stay(tmp_path: Path, data_copy: Path) -> None:
    from fwlab.decks import parse_decklist
    from fwlab.store.queries import save_deck

    db = tmp_path / "s.duckdb"
    assert _init(db, data_copy) == 0
    saved = save_deck(db, parse_decklist("ruleset: fw\nname: Mine\n4 Nominod\n"))
    (data_copy / "decks" / "fw" / "iron-tide.txt").unlink()
    assert _init(db, data_copy) == 0
    con = duckdb.connect(str(db), read_only=True)
    ids = {r[0] for r in con.execute("SELECT deck_id FROM decks").fetchall()}
    assert "fw/iron-tide" not in ids and saved in ids
    assert con.execute("SELECT count(*) FROM deck_cards WHERE deck_id = 'fw/iron-tide'").fetchone() == (0,)


def test_init_plays_a_league_once_with_the_simulator(tmp_path: Path, fake_sim: object, fingerprint) -> None:
    db = tmp_path / "s.duckdb"
    assert main(["init", "--db", str(db), "--league-matches", "20"]) == 0
    first = fingerprint(db)
    con = duckdb.connect(str(db), read_only=True)
    by_rs = dict(con.execute("SELECT ruleset, count(*) FROM matches GROUP BY 1").fetchall())
    con.close()
    # the primary league, and a quarter-size one for every other ruleset with an engine and starter decks
    from fwlab.rules.engines import engine_rulesets

    others = {r: 5 for r in engine_rulesets() if r not in ("fw", "fw-epic")}
    assert by_rs == {"fw": 20, **others} and {"bg", "fr"} <= set(others)
    assert main(["init", "--db", str(db), "--league-matches", "20"]) == 0
    assert fingerprint(db) == first
