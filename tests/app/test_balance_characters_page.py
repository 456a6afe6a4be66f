"""The balance page shows a characters table for a game whose card events say which characters
were picked to fight (Eredan, from the league `fwlab init` plays), and none for the others."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parents[2]


def _balance() -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120).run()
    at.switch_page("fwlab/ui/pages/balance.py").run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_balance_page_has_characters_for_eredan_only(store: Path) -> None:
    at = _balance()
    assert "Characters" not in [s.value for s in at.subheader]  # fw: no picks
    assert "eredan" in [o.split(" — ")[0] for o in at.selectbox(key="bal-ruleset").options]
    at.selectbox(key="bal-ruleset").select("eredan").run()
    assert not at.exception, [e.value for e in at.exception]
    assert "Characters" in [s.value for s in at.subheader]
    chars = next(d.value for d in at.dataframe if "character" in d.value.columns)
    assert {"games", "mean_picks", "pick_share", "survived_win_rate", "survived_low", "survived_high",
            "died_win_rate", "small_sample"} <= set(chars.columns)
    assert (chars["ruleset"] == "eredan").all() and len(chars) >= 3 and (chars["games"] > 0).all()
    assert chars["pick_share"].between(0, 1).all() and (chars["mean_picks"] >= 0).all()
