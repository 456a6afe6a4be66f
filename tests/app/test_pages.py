"""Every page of the app runs without exceptions and reacts to its main inputs (streamlit AppTest)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import duckdb
import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

APP = str(Path(__file__).resolve().parents[2] / "app.py")

TIMEOUT = 120


def open_page(page: str | None = None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=TIMEOUT).run()
    if page:
        at.switch_page(f"fwlab/ui/pages/{page}.py").run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def ok(at: AppTest) -> AppTest:
    assert not at.exception, [e.value for e in at.exception]
    return at


def metric(at: AppTest, label: str) -> str:
    for m in at.metric:
        if m.label == label:
            return str(m.value)
    raise AssertionError(f"no metric {label!r}; have {[m.label for m in at.metric]}")


def texts(at: AppTest) -> str:
    return "\n".join(str(e.value) for kind in ("markdown", "caption", "success", "error", "info", "warning", "subheader")
                     for e in at.get(kind))


def frame_with(at: AppTest, column: str) -> pd.DataFrame:
    """The page's first dataframe that has ``column``."""
    for d in at.dataframe:
        if column in d.value.columns:
            return d.value
    raise AssertionError(f"no dataframe with a {column!r} column; have {[list(d.value.columns) for d in at.dataframe]}")


def plotly_spec(at: AppTest, key: str) -> dict[str, Any]:
    """The figure of the plotly chart with widget ``key``, as plotly JSON."""
    for c in at.get("plotly_chart"):
        if c.proto.id.endswith(f"-{key}"):
            return dict(json.loads(c.proto.spec))
    raise AssertionError(f"no plotly chart {key!r}")


def matches_in(db: Path) -> int:
    con = duckdb.connect(str(db), read_only=True)
    try:
        row = con.execute("SELECT count(*) FROM matches").fetchone()
        return int(row[0]) if row else 0
    finally:
        con.close()


# ---- Home and the store's state --------------------------------------------------------------------

def test_home_shows_what_the_store_holds(store: Path) -> None:
    at = open_page()
    assert at.title[0].value == "fwlab workbench"
    assert metric(at, "Matches") == str(matches_in(store))
    assert int(metric(at, "Cards")) > 300
    from fwlab.ui.nav import PAGES

    assert len(at.get("page_link")) == len(PAGES) - 1 == 10  # every page but Home itself (the Game viewer is the tenth)


def test_a_missing_store_is_a_clear_message_not_a_traceback(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FWLAB_DB", str(tmp_path / "nowhere.duckdb"))
    at = open_page()
    assert "does not exist; run `fwlab init`" in at.error[0].value
    assert "make run" in at.info[0].value
    for page in ("catalog", "elo", "balance", "match_logs"):
        at.switch_page(f"fwlab/ui/pages/{page}.py").run()
        assert not at.exception and "does not exist" in at.error[0].value


def test_a_store_locked_by_another_process_is_a_clear_message(app_store: Path, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    locked = tmp_path / "locked.duckdb"
    locked.write_bytes(app_store.read_bytes())
    monkeypatch.setenv("FWLAB_DB", str(locked))
    holder = subprocess.Popen([sys.executable, "-c", "import duckdb, sys, time; c = duckdb.connect(sys.argv[1]); "
                               "print('ready', flush=True); time.sleep(60)", str(locked)],
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "ready"
        at = open_page()
        assert "locked by another process" in at.error[0].value
        assert f"PID {holder.pid}" in at.error[0].value
    finally:
        holder.kill()
        holder.wait()


# ---- Card catalog ------------------------------------------------------------------------------------

def test_catalog_filters_by_family_search_and_type(store: Path) -> None:
    at = open_page("catalog")
    first = at.markdown[0].value
    assert "daemornia cards" in first
    at.text_input(key="catalog-daemornia-search").input("nominod").run()
    assert ok(at).markdown[0].value.startswith("**1** of")
    at.segmented_control(key="catalog-family").set_value("freerealms").run()
    assert "freerealms cards" in ok(at).markdown[0].value
    total = at.markdown[0].value
    at.multiselect(key="catalog-freerealms-types").select("creature").run()
    assert ok(at).markdown[0].value != total
    assert at.selectbox(key="catalog-card").value in at.dataframe[0].value["name"].tolist()


# ---- Deck builder --------------------------------------------------------------------------------------

def test_deck_builder_loads_a_starter_and_validates_live(store: Path) -> None:
    at = open_page("deck_builder")
    assert "The deck is empty" in texts(at)
    at.button(key="builder-load-starter").click().run()
    assert ok(at).success[0].value.startswith("Legal fw deck")
    size = int(at.subheader[0].value.split()[0])
    at.selectbox(key="builder-card-fw").select("Nominod").run()
    at.number_input(key="builder-copies").set_value(6).run()
    at.button(key="builder-add").click().run()
    ok(at)
    assert at.subheader[0].value == f"{size + 6} cards"
    assert "DECK-COPIES" in at.error[0].value and "Nominod" in at.error[0].value
    at.button(key="builder-remove").click().run()
    assert ok(at).success[0].value.startswith("Legal fw deck")
    assert len(at.get("plotly_chart")) >= 3          # curve, types, nature mix (+ draw odds)


def test_deck_builder_fr_shows_gems_and_draw_odds_for_a_group(store: Path) -> None:
    at = open_page("deck_builder")
    at.selectbox(key="builder-ruleset").select("fr").run()
    at.button(key="builder-load-starter").click().run()
    ok(at)
    assert float(metric(at, "Average gems")) > 0
    at.radio(key="odds-what").set_value("a group").run()
    odds = frame_with(ok(at), "turn")
    assert list(odds["turn"]) == list(range(1, 9))
    assert odds.iloc[:, 2].is_monotonic_increasing


def open_fr_starter(name: str | None = None) -> AppTest:
    at = open_page("deck_builder")
    at.selectbox(key="builder-ruleset").select("fr").run()
    if name:
        at.selectbox(key="builder-starter").select(name).run()
    at.button(key="builder-load-starter").click().run()
    return ok(at)


def test_deck_builder_fr_shows_the_exact_odds_the_gems_buy_by_gap(store: Path) -> None:
    from fwlab.decks.starters import starter_decks
    from fwlab.decks.stats import gem_gap_odds

    deck = next(d for d in starter_decks("fr") if d.name == "Buzzing Thicket")
    at = open_fr_starter("Buzzing Thicket")
    for against in ("mirror", "starters"):
        at.radio(key="gems-against").set_value(against).run()
        gaps = frame_with(ok(at), "gap")
        expected = gem_gap_odds(deck, against=against)
        assert gaps["gap"].tolist() == [r.gap for r in expected]
        assert gaps["P(win)"].tolist() == pytest.approx([r.p_win for r in expected], abs=1e-12)
        assert gaps["P(tie)"].tolist() == pytest.approx([r.p_tie for r in expected], abs=1e-12)
        even = next(r for r in expected if r.gap == 0)
        assert f"win **{even.p_win:.1%}**" in texts(at)
        bars = {t["name"]: t["y"] for t in plotly_spec(at, "gem-gaps-chart")["data"]}
        assert bars["win"] == pytest.approx(gaps["P(win)"].tolist())
        assert bars["lose"] == pytest.approx(gaps["P(lose)"].tolist())
    assert "a random card of the whole deck" in texts(at) and "starter decks, each as likely" in texts(at)
    assert at.get("download_button")                                           # the table's CSV


def test_deck_builder_simulated_check_runs_the_fr_engine(store: Path) -> None:
    """The fr engine exists, so the check is enabled and plays (the page for a ruleset without an
    engine: the test after this one)."""
    from fwlab.decks.starters import starter_paths
    from fwlab.rules.engines import engine_rulesets

    assert "fr" in engine_rulesets()
    at = open_fr_starter()
    check = at.button(key="builder-check")
    assert not check.disabled and "comes with the Free Realms engine" not in texts(at)
    assert not [m for m in at.metric if m.label == "Win rate against the starter gauntlet"]   # not run yet
    at.number_input(key="builder-check-games").set_value(2).run()
    at.button(key="builder-check").click().run()
    n = 2 * len(starter_paths("fr"))
    assert metric(ok(at), "Win rate against the starter gauntlet").endswith("%")
    assert f"n = {n})" in texts(at)
    assert len(frame_with(at, "opponent")) == len(starter_paths("fr"))


def test_deck_builder_simulated_check_waits_for_a_ruleset_without_an_engine(store: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """With fr's engine taken away (as before it existed), the check is disabled and says why."""
    from fwlab.rules.engines import engine_rulesets
    from fwlab.ui import deck_views

    monkeypatch.setattr(deck_views, "engine_rulesets", lambda: tuple(r for r in engine_rulesets() if r != "fr"))
    at = open_fr_starter()
    assert at.button(key="builder-check").disabled
    assert "comes with the Free Realms engine" in texts(at)
    assert not [m for m in at.metric if m.label == "Win rate against the starter gauntlet"]


def test_deck_builder_simulated_check_shows_the_gauntlet_once_an_engine_plays(store: Path,
                                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """What the page sends and how it reports the result, the gauntlet stubbed with known wins and
    draws (written before the fr engine existed, so it also pretends one; harmless now)."""
    from fwlab.decks.starters import starter_decks
    from fwlab.rules.engines import engine_rulesets
    from fwlab.ui import deck_views, sim_views

    calls: list[tuple[Any, ...]] = []

    def fake_gauntlet(deck: Any, opponents: dict[str, Any], ruleset: str, bots: tuple[str, str], n: int,
                      seed: int) -> dict[str, Any]:
        calls.append((deck.name, sorted(opponents), ruleset, bots, n, seed))
        rows = [{"opponent": o.name, "games": n, "wins": n - 1, "losses": 1, "draws": 0} for o in opponents.values()]
        rows[0].update(wins=n - 2, draws=1)
        return {"kind": "gauntlet", "deck_a": deck.name, "ruleset": ruleset, "rows": rows}

    monkeypatch.setattr(deck_views, "engine_rulesets", lambda: (*engine_rulesets(), "fr"))
    monkeypatch.setattr(deck_views, "engine_for", lambda r: SimpleNamespace(default_bot="heuristic"))
    monkeypatch.setattr(sim_views, "run_gauntlet", fake_gauntlet)
    at = open_fr_starter("Iron Verdict")
    assert not at.button(key="builder-check").disabled
    at.number_input(key="builder-check-games").set_value(10).run()
    at.button(key="builder-check").click().run()
    ok(at)
    starters = sorted(f"Starter: {d.name}" for d in starter_decks("fr"))
    assert calls == [("Iron Verdict", starters, "fr", ("heuristic", "heuristic"), 10, 1)]
    k = len(starters)
    points = k * 9 - 1 + 0.5                         # 9 wins from every opponent, one of them 8 wins and a draw
    assert metric(at, "Win rate against the starter gauntlet") == f"{points / (10 * k):.1%}"
    assert f"n = {10 * k})" in texts(at) and "95% CI" in texts(at)
    at.selectbox(key="builder-card-fr").select("Rivet Crab").run()
    at.button(key="builder-remove").click().run()                  # the deck changes: the result is stale
    assert "deck changed since the last simulated check" in texts(ok(at))


def test_deck_builder_eredan_shows_the_guild_and_who_may_play_each_card_with_reasons(store: Path) -> None:
    at = open_page("deck_builder")
    at.selectbox(key="builder-ruleset").select("eredan").run()
    at.selectbox(key="builder-starter").select("Ashen Pact Raiders").run()
    at.button(key="builder-load-starter").click().run()
    shown = texts(ok(at))
    assert "Deck guild**: Ashen Pact: Grask Bonecrusher, Vekra Nightclaw, Duskmaw the Stitcher are of it." in shown
    who = frame_with(at, "nobody can play it").set_index("card")
    # Shadowstep is a Marauder skill: Vekra may, the Fighter may not, with the engine's reason
    assert who.loc["Shadowstep", "Vekra Nightclaw"] == "✓"
    assert who.loc["Shadowstep", "Grask Bonecrusher"].startswith("✗ Shadowstep is for other classes")
    assert not who["nobody can play it"].any()
    # a spell no character of this deck can cast is flagged
    at.selectbox(key="builder-card-eredan").select("Soul Siphon").run()
    at.button(key="builder-add").click().run()
    assert "No character of this deck can play: Soul Siphon" in texts(ok(at))
    # a deck of Mercenaries only has no guild
    at.selectbox(key="builder-starter").select("Gorran's Workshop").run()
    at.button(key="builder-load-starter").click().run()
    assert "Deck guild**: no guild: Mercenaries only" in texts(ok(at))


def test_deck_builder_saves_uploads_and_downloads(writable_store: Path) -> None:
    at = open_page("deck_builder")
    at.button(key="builder-load-starter").click().run()
    at.text_input(key="builder-name").input("My Test Deck").run()
    at.button(key="builder-save").click().run()
    assert "fw/my-test-deck" in ok(at).success[-1].value
    con = duckdb.connect(str(writable_store), read_only=True)
    try:
        assert con.execute("SELECT source FROM decks WHERE deck_id = 'fw/my-test-deck'").fetchone() == ("saved",)
    finally:
        con.close()
    at.radio(key="builder-source").set_value("Saved deck").run()
    assert "fw/my-test-deck" in ok(at).selectbox(key="builder-stored").options[0] + "".join(
        at.selectbox(key="builder-stored").options)
    at.file_uploader(key="builder-upload").set_value(("bad.txt", b"ruleset: fw\n4 Nominodd\n", "text/plain")).run()
    assert "bad.txt:2" in ok(at).error[-1].value and "did you mean 'Nominod'" in at.error[-1].value
    at.file_uploader(key="builder-upload").set_value(("two.txt", b"ruleset: fw\nname: Two\n2 Nominod\n", "text/plain")).run()
    at.button(key="builder-load-upload").click().run()
    assert ok(at).subheader[0].value == "2 cards"


# ---- Calculators ----------------------------------------------------------------------------------------

def test_tohit_follows_att_def_ruleset_and_the_literal_two(store: Path) -> None:
    at = open_page("calculators")
    assert metric(at, "Att 3 against Def 4 needs") == "5+ on a D6"
    at.number_input(key="tohit-att").set_value(10).run()
    at.number_input(key="tohit-def").set_value(1).run()
    assert metric(ok(at), "Att 10 against Def 1 needs") == "2+ on a D6"
    at.radio(key="tohit-ruleset").set_value("bg").run()
    at.toggle(key="tohit-literal").set_value(True).run()
    assert metric(ok(at), "Att 10 against Def 1 needs") == "3+ on a D6"


def test_combat_planner_reacts_to_the_attacker(store: Path) -> None:
    at = open_page("calculators")
    before = metric(at, "P(attacker dies)")
    at.number_input(key="attacker-defense").set_value(9).run()
    after = metric(ok(at), "P(attacker dies)")
    assert float(after) < float(before)
    assert float(metric(at, "Raid damage (certain)")) >= 0


def test_battle_odds_eredan_and_conquest_react(store: Path) -> None:
    at = open_page("calculators")
    win = float(metric(at, "Attacker wins"))
    at.number_input(key="fr-attack").set_value(9).run()
    assert float(metric(ok(at), "Attacker wins")) > win
    characters = at.selectbox(key="er-a").options
    b = at.selectbox(key="er-b").value
    before = [str(m.value) for m in at.metric if str(m.label).startswith("Damage to")]
    at.selectbox(key="er-a").select(characters[-1]).run()
    damage = [m for m in ok(at).metric if str(m.label).startswith("Damage to")]
    assert [m.label for m in damage] == [f"Damage to {characters[-1]}", f"Damage to {b}"]
    # the first and the last character fare differently against the second (0, 2 and 1, 0 damage today)
    assert [str(m.value) for m in damage] != before

    def conquests(at: AppTest) -> int:
        """The Conquest calculator's count of (troop, field) conquests, shown exactly once."""
        found = [m.value for m in at.markdown if m.value.endswith("(troop, field) conquests possible now.")]
        assert len(found) == 1, found
        return int(found[0].split("**")[1])

    assert conquests(at) > 0 and len(frame_with(at, "troop")) == conquests(at)   # the default hand conquers
    for f in ("warrior", "craftsman", "mage"):
        at.number_input(key=f"cq-{f}").set_value(0).run()
    assert conquests(ok(at)) == 0 and frame_with(at, "troop").empty           # no followers: no conquest


def test_eredan_chains_chooser_and_allies(store: Path) -> None:
    at = open_page("calculators")
    at.selectbox(key="er-a").select("Zephrin the Unbound").run()
    at.selectbox(key="er-b").select("Aldric the Wanderer").run()
    at.selectbox(key="er-card-a").select("Stormlash II").run()
    at.selectbox(key="er-card-a2").select("Flame Dart").run()   # a pure Mage chains a second spell
    ok(at)
    assert metric(at, "Damage to Aldric the Wanderer") == str((5 - 1) + (4 - 1))
    assert "1. Zephrin the Unbound: Stormlash II; 2. Zephrin the Unbound: Flame Dart" in texts(at)
    at.selectbox(key="er-card-a").select("Ambush").run()        # no chain: the second card is refused
    assert "no chain is open" in ok(at).error[0].value
    at.selectbox(key="er-card-a").select("Stormlash II").run()
    at.selectbox(key="er-card-b").select("Amulet of Focus").run()
    at.radio(key="er-chooser").set_value("B").run()             # B's Spirit +1 first: 1 less from each spell
    assert metric(ok(at), "Damage to Aldric the Wanderer") == str((5 - 2) + (4 - 2))
    at.multiselect(key="er-allies-a").select("Old Gorran").run()
    at.selectbox(key="er-card-a").select("Scroll of Warding").run()   # no chain: clear the second card
    at.selectbox(key="er-card-a2").select("(no card)").run()
    at.selectbox(key="er-ally-a").select("Old Gorran").run()
    ok(at)
    assert "Scroll of Warding is played on Old Gorran" in texts(at)
    assert list(frame_with(at, "life_after")["name"]) == ["Zephrin the Unbound", "Old Gorran", "Aldric the Wanderer"]


# ---- Matchup simulator ---------------------------------------------------------------------------------

def test_simulator_runs_a_matchup_and_a_gauntlet(store: Path) -> None:
    at = open_page("simulator")
    at.number_input(key="sim-games").set_value(10).run()
    at.button(key="sim-run").click().run()
    ok(at)
    assert " vs " in at.subheader[0].value
    assert "n = 10" in texts(at)
    assert "Small sample" in at.warning[0].value
    cards = at.dataframe[0].value
    assert {"seat", "card", "win_rate_drawn", "drawn_ci95_low", "not_drawn_ci95_high", "small_sample"} <= set(cards.columns)
    assert len(cards) > 5 and cards["small_sample"].all()          # 10 games: every card is a small sample
    at.radio(key="sim-mode").set_value("One deck against the starter gauntlet").run()
    at.number_input(key="sim-games").set_value(2).run()
    at.button(key="sim-run").click().run()
    ok(at)
    assert "starter gauntlet" in at.subheader[0].value
    assert len(at.dataframe[0].value) == 7        # the seven fw starter decks


# ---- Elo history ---------------------------------------------------------------------------------------

def test_elo_switches_systems_and_axes(store: Path) -> None:
    at = open_page("elo")
    board = at.dataframe[0].value
    assert board["rating"].sum() == pytest.approx(1000 * len(board))      # fw: zero-sum from 1000
    assert any("Fallen Worlds matches only" in c.value for c in at.caption)  # which matches fw rates
    at.radio(key="elo-system").set_value("openskill").run()
    other = ok(at).dataframe[0].value
    assert any("every match of every ruleset" in c.value for c in at.caption)
    assert other["rating"].tolist() != board["rating"].tolist()
    at.radio(key="elo-axis").set_value("game number").run()
    ok(at)
    at.multiselect(key="elo-players-openskill-all").set_value([]).run()
    assert "Choose at least one player" in ok(at).info[0].value


def test_elo_rates_one_rulesets_matches_eredan_with_elo_and_openskill(store: Path) -> None:
    at = open_page("elo")
    every = at.dataframe[0].value
    at.radio(key="elo-system").set_value("elo").run()
    at.selectbox(key="elo-ruleset").select("eredan").run()
    board = ok(at).dataframe[0].value
    con = duckdb.connect(str(store), read_only=True)
    try:
        eredan_players = {r[0] for r in con.execute(
            "SELECT DISTINCT s.player FROM match_seats s JOIN matches m USING (match_id) "
            "WHERE m.ruleset = 'eredan' AND m.turns >= 4").fetchall()}
    finally:
        con.close()
    assert eredan_players and set(board["player"]) == eredan_players
    assert set(board["player"]) != set(every["player"])
    at.radio(key="elo-system").set_value("openskill").run()
    assert set(ok(at).dataframe[0].value["player"]) == eredan_players


def test_elo_writes_rating_history_to_the_store(writable_store: Path) -> None:
    at = open_page("elo")
    at.button(key="elo-write").click().run()
    assert ok(at).success[0].value.startswith("Written: fw")
    con = duckdb.connect(str(writable_store), read_only=True)
    try:
        systems = {r[0] for r in con.execute("SELECT DISTINCT system FROM rating_history").fetchall()}
    finally:
        con.close()
    assert systems == {"fw", "elo", "openskill"}


# ---- Balance report ------------------------------------------------------------------------------------

def test_balance_report_switches_ruleset_and_filters_cards(store: Path) -> None:
    at = open_page("balance")
    fw_cards = at.dataframe[0].value
    assert {"card", "games", "win_rate", "low", "high", "small_sample"} <= set(fw_cards.columns)
    assert (fw_cards["ruleset"] == "fw").all()
    at.text_input(key="bal-search").input("zzz-no-card").run()
    assert len(ok(at).dataframe[0].value) == 0
    at.text_input(key="bal-search").input("").run()
    at.selectbox(key="bal-ruleset").select("bg").run()
    assert (ok(at).dataframe[0].value["ruleset"] == "bg").all()
    assert len(at.get("plotly_chart")) >= 2


# ---- Match logs ----------------------------------------------------------------------------------------

def test_match_logs_browse_filters_by_ruleset(store: Path) -> None:
    at = open_page("match_logs")
    everything = len(at.dataframe[0].value)
    at.selectbox(key="logs-ruleset").select("bg").run()
    bg = ok(at).dataframe[0].value
    assert 0 < len(bg) < everything and (bg["ruleset"] == "bg").all()


def test_match_logs_import_refuses_bad_rows_and_imports_good_ones(writable_store: Path) -> None:
    before = matches_in(writable_store)
    at = open_page("match_logs")
    header = "match_id,played_at,ruleset,mode,player_a,player_b,first,winner,turns\n"
    bad = header + "x1,2026-05-01T10:00:00,fw,pvp,ann,bob,a,ann,9\n"
    at.file_uploader(key="logs-upload").set_value([("bad.csv", bad.encode(), "text/csv")]).run()
    at.button(key="logs-import").click().run()
    ok(at)
    assert "Import refused, the store is unchanged" in at.error[0].value
    problems = at.dataframe[0].value
    assert problems.iloc[0][["file", "row", "column"]].tolist() == ["bad.csv", 1, "winner"]
    assert at.code[0].value.startswith("bad.csv, row 1, column winner: must be one of a, b, draw")
    assert matches_in(writable_store) == before
    good = header + "x1,2026-05-01T10:00:00,fw,pvp,ann,bob,a,a,9\nx2,2026-05-02T10:00:00,fw,pvp,bob,ann,b,draw,7\n"
    at.file_uploader(key="logs-upload").set_value([("good.csv", good.encode(), "text/csv")]).run()
    at.button(key="logs-import").click().run()
    assert ok(at).success[0].value.startswith("Imported 2 matches")
    (bar,) = at.get("progress")                    # the import's stages, through to the end
    assert bar.proto.value == 100 and bar.proto.text == "Imported"
    assert matches_in(writable_store) == before + 2


def test_match_logs_league_runs_with_progress_and_pages_see_it(writable_store: Path) -> None:
    before = matches_in(writable_store)
    at = open_page("match_logs")
    at.number_input(key="league-matches").set_value(4).run()
    at.number_input(key="league-players").set_value(3).run()
    at.button(key="league-run").click().run()
    assert ok(at).success[0].value.startswith("fw league (seed 100): 3 players, 4 matches")
    (bar,) = at.get("progress")                    # the bar followed every match to the end
    assert bar.proto.value == 100 and bar.proto.text == "4 of 4 matches played"
    assert matches_in(writable_store) == before + 4
    at.switch_page("fwlab/ui/pages/home.py").run()
    assert metric(ok(at), "Matches") == str(before + 4)
    at.switch_page("fwlab/ui/pages/match_logs.py").run()
    at.button(key="league-run").click().run()
    assert "already in the store" in ok(at).error[0].value


def test_deck_builder_helper_fills_a_legal_deck_around_chosen_cards(store: Path) -> None:
    at = open_page("deck_builder")
    at.selectbox(key="builder-ruleset").select("bg").run()
    at.selectbox(key="builder-card-bg").select("Nominod").run()
    at.number_input(key="builder-copies").set_value(3).run()
    at.button(key="builder-add").click().run()
    assert ok(at).subheader[0].value == "3 cards" and "DECK-SIZE" in at.error[0].value
    at.button(key="builder-helper").click().run()
    ok(at)
    assert at.subheader[0].value == "40 cards"
    assert at.success[0].value.startswith("Legal bg deck (40 cards)")
    deck = at.dataframe[0].value
    assert int(deck.loc[deck["card"] == "Nominod", "count"].iloc[0]) >= 3


def test_a_store_error_in_the_middle_of_a_page_is_a_message(store: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from fwlab.store import StoreError
    from fwlab.ui import data

    def busy(db: str) -> None:
        raise StoreError(f"{db} is already open in this process with another mode (read-only vs read-write)")

    monkeypatch.setattr(data, "summary", busy)
    at = open_page()
    assert "cannot be read right now" in at.error[0].value and "another mode" in at.error[0].value
    monkeypatch.setattr(data, "summary", lambda db: (_ for _ in ()).throw(duckdb.ConnectionException("closed")))
    at.run()
    assert not at.exception and "The store changed while this page was reading it" in at.error[0].value


def test_combat_attacker_can_come_from_a_catalog_card(store: Path) -> None:
    from fwlab.catalog import load_catalog

    at = open_page("calculators")
    card = load_catalog("fw")["Nominod"]
    at.selectbox(key="attacker-card").select("Nominod").run()
    ok(at)
    assert at.number_input(key="attacker-att").value == card.fields["att"]
    assert at.number_input(key="attacker-hp").value == card.fields["hp"]
