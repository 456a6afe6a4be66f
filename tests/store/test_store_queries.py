"""Named queries: parameters (quotes included), decks saved and loaded, summaries."""

from __future__ import annotations

from pathlib import Path

import pytest

from fwlab.cli import main
from fwlab.decks import parse_decklist
from fwlab.store import StoreError, connect, import_files
from fwlab.store.migrations import LATEST
from fwlab.store.queries import list_decks, load_deck_text, recent_matches, save_deck, store_summary

HEADER = "match_id,played_at,ruleset,mode,player_a,player_b,deck_a,deck_b,first,winner,end_reason,turns,source\n"


@pytest.fixture
def with_matches(store: Path, tmp_path: Path) -> Path:
    f = tmp_path / "m.csv"
    f.write_text(HEADER
                 + "q1,2026-01-01T10:00:00,fw,pvp,\"O'Brien; DROP TABLE matches --\",Vex,,,a,a,capital,9,\n"
                 + "q2,2026-01-02T10:00:00,fw,pvp,Vex,Ada,,,b,b,capital,7,\n"
                 + "q3,2026-01-03T10:00:00,bg,pvp,Ada,\"O'Brien; DROP TABLE matches --\",,,a,draw,turn-cap,200,\n")
    con = connect(store)
    import_files(con, [f])
    con.close()
    return store


def test_recent_matches_filters_by_player_and_ruleset_even_with_quotes_in_names(with_matches: Path) -> None:
    con = connect(with_matches, read_only=True)
    name = "O'Brien; DROP TABLE matches --"
    assert list(recent_matches(con, player=name)["match_id"]) == ["q3", "q1"]
    assert list(recent_matches(con, ruleset="fw")["match_id"]) == ["q2", "q1"]
    assert list(recent_matches(con, ruleset="fw", player="Ada")["match_id"]) == ["q2"]
    assert list(recent_matches(con, limit=1)["match_id"]) == ["q3"]
    assert recent_matches(con, player="nobody").empty
    assert store_summary(con)["matches"] == 3


def test_store_summary_counts_cards_per_family_and_the_date_range(with_matches: Path) -> None:
    con = connect(with_matches, read_only=True)
    s = store_summary(con)
    assert set(s["cards"]) == {"daemornia", "freerealms", "eredan", "conquest"}
    assert s["matches_by_ruleset"] == {"bg": 1, "fw": 2}
    assert (s["first_match"].day, s["last_match"].day) == (1, 3)
    assert s["players"] == 3
    assert s["field_events"] == 0          # no Conquest match in this store


def test_store_summary_counts_conquest_field_events(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from fwlab.cli import main

    db = tmp_path / "s.duckdb"
    assert main(["init", "--db", str(db), "--league-matches", "8"]) == 0
    out = capsys.readouterr().out
    con = connect(db, read_only=True)
    try:
        n = con.execute("SELECT count(*) FROM field_events").fetchone()[0]
        assert store_summary(con)["field_events"] == n > 0
    finally:
        con.close()
    assert f"field events: {n}," in out


def test_a_saved_deck_round_trips_and_never_replaces_a_starter(store: Path) -> None:
    deck = parse_decklist("ruleset: fw\nname: Bob's \"Best\" Deck\n4 Nominod\n2 Steel Mill\n")
    deck_id = save_deck(store, deck)
    assert deck_id == "fw/bob-s-best-deck"
    con = connect(store, read_only=True)
    assert parse_decklist(load_deck_text(con, deck_id)).counts() == {"Nominod": 4, "Steel Mill": 2}
    decks = list_decks(con, ruleset="fw")
    row = decks[decks["deck_id"] == deck_id].iloc[0]
    assert (row["name"], row["source"], row["size"]) == ('Bob\'s "Best" Deck', "saved", 6)
    assert set(list_decks(con, ruleset="bg")["ruleset"]) == {"bg"}
    con.close()
    # saving again updates in place; a clash with a starter id gets its own id
    save_deck(store, parse_decklist("ruleset: fw\nname: Bob's \"Best\" Deck\n3 Nominod\n"))
    clash = save_deck(store, parse_decklist("ruleset: fw\nname: Iron Tide\n4 Nominod\n"))
    assert clash == "fw/iron-tide-saved"
    con = connect(store, read_only=True)
    assert con.execute("SELECT sum(count) FROM deck_cards WHERE deck_id = ?", [deck_id]).fetchone() == (3,)
    assert con.execute("SELECT source FROM decks WHERE deck_id = 'fw/iron-tide'").fetchone() == ("starter",)
    with pytest.raises(StoreError, match="no deck 'fw/nope'"):
        load_deck_text(con, "fw/nope")


def test_db_info_and_export_commands(with_matches: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["db", "info", "--db", str(with_matches)]) == 0
    out = capsys.readouterr().out
    assert f"schema version {LATEST}" in out and "matches: 3 (bg 1, fw 2)" in out
    assert main(["export", "--out", str(tmp_path / "x"), "--db", str(with_matches)]) == 0
    assert "3 matches" in capsys.readouterr().out
    assert main(["export", "--out", str(tmp_path / "x"), "--db", str(with_matches)]) == 1
    assert "not empty" in capsys.readouterr().err
    assert main(["export", "--out", str(tmp_path / "y"), "--partition-by", "player", "--db", str(with_matches)]) == 1
    assert "cannot partition by player" in capsys.readouterr().err
    assert main(["db", "info", "--db", str(tmp_path / "missing.duckdb")]) == 1
    assert "run `fwlab init`" in capsys.readouterr().err
