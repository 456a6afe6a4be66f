"""Issue 30 parts 4-6 on the pages (AppTest): the simulator stops on its interval and says how, the
gauntlet names both sides' bots, the balance page's 17lands card figures with their filters, the
Conquest balance page without empty deck tables and with its plays chart, and the Elo page's top 5
after changing "Matches of"."""

from __future__ import annotations

import json
from pathlib import Path

from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parents[2]


def _open(page: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=180).run()
    at.switch_page(f"fwlab/ui/pages/{page}.py").run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _ok(at: AppTest) -> AppTest:
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_SIM_UNTIL_1_the_simulator_page_stops_on_the_interval_and_says_how(store: Path) -> None:
    at = _open("simulator")
    at.selectbox(key="sim-bot-b").select("random").run()     # lopsided: known well before the cap
    at.toggle(key="sim-until").set_value(True).run()
    at.number_input(key="sim-until-ci").set_value(0.05).run()
    assert any("4/L²" in c.value and "400 games" in c.value for c in _ok(at).caption)
    at.button(key="sim-run").click().run()
    done = [s.value for s in _ok(at).success if s.value.startswith("Stopped after")]
    assert done and "within the ±0.05 asked" in done[0]
    games = int(done[0].split("**")[1])
    assert 100 <= games < 400 and games % 50 == 0
    assert f"n = {games}" in " ".join(c.value for c in at.caption)


def test_the_gauntlet_names_the_bots_of_both_sides(store: Path) -> None:
    at = _open("simulator")
    at.radio(key="sim-mode").set_value("One deck against the starter gauntlet").run()
    at.selectbox(key="sim-bot-b").select("random").run()
    at.number_input(key="sim-games").set_value(2).run()
    at.button(key="sim-run").click().run()
    head = _ok(at).subheader[0].value
    assert "(heuristic bot)" in head and "(random bots)" in head
    assert any("different bots" in c.value for c in at.caption)
    rows = at.dataframe[0].value
    assert set(rows["bot_a"]) == {"heuristic"} and set(rows["bot_b"]) == {"random"}


def test_the_balance_page_shows_17lands_card_figures_filtered_by_dates_and_player(store: Path) -> None:
    at = _open("balance")
    assert "Card figures (17lands style)" in [s.value for s in at.subheader]
    figs = next(d.value for d in at.dataframe if "iwd" in d.value.columns)
    assert {"oh_wr", "oh_games", "gd_wr", "gd_games", "gnd_wr", "gnd_games", "iwd", "iwd_low", "iwd_high"} <= set(figs)
    everyone = int(figs["games"].sum())
    player = at.selectbox(key="bal-fig-player-fw").options[1]
    at.selectbox(key="bal-fig-player-fw").select(player).run()
    one = next(d.value for d in _ok(at).dataframe if "iwd" in d.value.columns)
    assert 0 < int(one["games"].sum()) < everyone
    first, _last = at.date_input(key="bal-fig-dates-fw").value
    at.date_input(key="bal-fig-dates-fw").set_value((first, first)).run()
    _ok(at)
    day = [d.value for d in at.dataframe if "iwd" in d.value.columns]
    assert not day or int(day[0]["games"].sum()) <= int(one["games"].sum())
    charts = [json.loads(c.proto.spec)["layout"]["title"]["text"] for c in at.get("plotly_chart")]
    assert any(t.startswith("Cards: improvement when drawn") for t in charts)


def test_the_conquest_balance_page_has_a_plays_chart_and_no_empty_deck_tables(store: Path) -> None:
    at = _open("balance")
    at.selectbox(key="bal-ruleset").select("conquest").run()
    heads = [s.value for s in _ok(at).subheader]
    assert "Decks" not in heads and "Matchups" not in heads and "Plays" in heads
    charts = [json.loads(c.proto.spec)["layout"]["title"]["text"] for c in at.get("plotly_chart")]
    assert any(t.startswith("Card plays:") for t in charts)
    assert not any(t.startswith("Cards: improvement") or t.startswith("Decks with the card") for t in charts)
    cards = next(d.value for d in at.dataframe if "improvement" in d.value.columns and "card" in d.value.columns)
    assert "win_rate" not in cards.columns and "play_rate" not in cards.columns   # the same for every card
    captions = " ".join(c.value for c in at.caption)
    assert "fair share" in captions and "50.0%" not in captions


def test_the_elo_page_reapplies_the_top_5_after_changing_matches_of(store: Path) -> None:
    at = _open("elo")
    at.radio(key="elo-system").set_value("openskill").run()
    at.multiselect(key="elo-players-openskill-all").set_value([]).run()
    at.selectbox(key="elo-ruleset").select("conquest").run()
    picker = _ok(at).multiselect(key="elo-players-openskill-conquest")
    board = at.dataframe[0].value
    assert picker.value == board["player"].head(5).tolist() and len(picker.value) == min(5, len(board))
    assert not [i for i in at.info if "Choose at least one player" in i.value]   # the chart is drawn
