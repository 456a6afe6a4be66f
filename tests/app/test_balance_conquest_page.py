"""The balance page shows the card plays and the fields (difficulty against the turn taken, with a
chart) for Conquest, from the league `fwlab init` plays, and neither for a two-seat game."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parents[2]


def test_balance_page_has_plays_and_fields_for_conquest_only(store: Path) -> None:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120).run()
    at.switch_page("fwlab/ui/pages/balance.py").run()
    assert not at.exception, [e.value for e in at.exception]
    heads = [s.value for s in at.subheader]
    assert "Plays" not in heads and "Fields" not in heads  # fw: two seats, no board
    assert "conquest" in [o.split(" — ")[0] for o in at.selectbox(key="bal-ruleset").options]
    at.selectbox(key="bal-ruleset").select("conquest").run()
    assert not at.exception, [e.value for e in at.exception]
    heads = [s.value for s in at.subheader]
    assert "Plays" in heads and "Fields" in heads
    plays = next(d.value for d in at.dataframe if "held_win_rate" in d.value.columns)
    assert {"card", "plays", "played_win_rate", "played_low", "played_high", "expected", "held_games",
            "difference"} <= set(plays.columns)
    assert (plays["ruleset"] == "conquest").all() and len(plays) > 5 and (plays["plays"] >= 0).all()
    assert plays["played_win_rate"].dropna().between(0, 1).all()
    fields = next(d.value for d in at.dataframe if "mean_turn" in d.value.columns)
    assert set(fields["difficulty"]) <= set(range(1, 13)) and len(fields) >= 5
    assert (fields["taken"] > 0).all() and (fields["turn_low"].dropna() <= fields["mean_turn"][fields["turn_low"].notna()]).all()
    assert fields["claimed_share"].between(0, 1).all()
    charts = [c for c in at.get("plotly_chart")]
    assert any("Field difficulty vs the turn" in c.proto.spec for c in charts)


def test_WORDS_1_the_first_player_figure_is_a_statement_against_the_fair_share_1_over_n(store: Path) -> None:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120).run()
    at.switch_page("fwlab/ui/pages/balance.py").run()
    at.selectbox(key="bal-ruleset").select("conquest").run()
    assert not at.exception, [e.value for e in at.exception]
    first = next(m for m in at.metric if m.label == "First player wins")
    assert not first.proto.delta  # no metric arrow on a figure that is not a change
    captions = " ".join(c.value for c in at.caption)
    assert "fair share" in captions and "50.0%" not in captions  # 1/n of a 3-5 seat game, not 50%


def test_WORDS_1_the_to_hit_chance_is_no_change_arrow(store: Path) -> None:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120).run()
    at.switch_page("fwlab/ui/pages/calculators.py").run()
    needs = next(m for m in at.metric if m.label.startswith("Att 3 against Def 4"))
    assert not needs.proto.delta
    assert any("p = 1/3" in c.value for c in at.caption)
