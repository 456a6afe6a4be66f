"""The calculators page's Eredan section: the card lists hold only what the chosen character may
play (the engine's rule, ER-CLASS-1/ER-CASTE-1/ER-RACE-1 as ``why_not_for`` gives it, read through
the registry), and an illegal pairing is refused with the engine's reason and no figure."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

from fwlab.catalog import load_catalog
from fwlab.rules.engines import deck_notes

ROOT = Path(__file__).resolve().parents[2]


def _ok(at: AppTest) -> AppTest:
    assert not at.exception, [e.value for e in at.exception]
    return at


def _page() -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120).run()
    at.switch_page("fwlab/ui/pages/calculators.py").run()
    return _ok(at)


def _damage(at: AppTest) -> list[str]:
    return [str(m.value) for m in at.metric if str(m.label).startswith("Damage to")]


def test_card_lists_hold_what_the_character_may_play(store: Path) -> None:
    at = _page()
    at.selectbox(key="er-a").select("Aldric the Wanderer").run()
    offered = set(_ok(at).selectbox(key="er-card-a").options) - {"(no card)"}
    cat = load_catalog("eredan")
    cards = [c.name for c in cat if c.type != "character"]
    notes = deck_notes("eredan", ["Aldric the Wanderer", *cards], cat)
    assert notes is not None
    allowed = {r["card"] for r in notes["cards"] if r["by"]["Aldric the Wanderer"] is None}
    assert offered == allowed and 0 < len(offered) < len(cards)
    assert "Arcane Missile" not in offered            # a spell: Aldric is no Mage (ER-CLASS-1)
    assert set(at.selectbox(key="er-card-a2").options) - {"(no card)"} == allowed
    # allies make the deck's guild (ER-DECK-1): with an Ember Court ally, its guild cards are offered
    at.multiselect(key="er-allies-a").select("Corvan Emberguard").run()
    assert set(_ok(at).selectbox(key="er-card-a").options) > offered
    # a Mage is offered the spell
    at.selectbox(key="er-a").select("Zephrin the Unbound").run()
    assert "Arcane Missile" in _ok(at).selectbox(key="er-card-a").options


def test_an_illegal_pairing_is_refused_with_the_reason_and_no_figure(store: Path) -> None:
    at = _page()
    at.selectbox(key="er-a").select("Zephrin the Unbound").run()
    at.selectbox(key="er-card-a").select("Arcane Missile").run()
    assert _damage(_ok(at)) and not at.error
    # switching to a character who may not cast it takes the card off, with a warning naming why
    at.selectbox(key="er-a").select("Aldric the Wanderer").run()
    assert at.selectbox(key="er-card-a").value == "(no card)"
    assert any("Arcane Missile" in w.value and "no Mage" in w.value for w in _ok(at).warning)
    assert _damage(at)                                 # the fight without the card is computed
    # offered every card, the illegal play is refused by an error, and nothing is computed
    at.toggle(key="er-every").set_value(True).run()
    at.selectbox(key="er-card-a").select("Arcane Missile").run()
    errors = [e.value for e in _ok(at).error]
    assert errors and "Aldric the Wanderer is no Mage and cannot cast the spell Arcane Missile" in errors[0]
    assert not _damage(at) and not any("computed anyway" in c.value for c in at.caption)
