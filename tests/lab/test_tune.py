"""The deck tuner: hill climbing on paired races, confirmed on fresh seeds."""

from __future__ import annotations

from pathlib import Path

import pytest

from fwlab.cli import main
from fwlab.decks import load_deck, validate
from fwlab.lab import tune
from fwlab.lab.tune import Swap, candidate_swaps

GAUNTLET = ["fw/iron-bastion", "fw/grave-tide", "fw/iron-tide"]


def test_the_tuner_improves_a_weakened_deck_confirmed_on_fresh_seeds(weak_deck: Path):
    res = tune(weak_deck, "fw", GAUNTLET, budget=9000, seed=1)
    assert res.swaps, res.stopped
    # the re-test plays seeds the selection never used, and the change holds there with confidence
    assert res.delta_ci95[0] > 0, (res.delta, res.delta_ci95)
    assert res.best_win_rate > res.start_win_rate
    assert res.games <= res.budget
    assert res.confirm_games == min(10 * res.steps[-1].games, res.confirm_games)
    best = load_deck(_write(weak_deck.parent / "best.txt", res.decklist))
    assert not validate(best)
    # the swaps lead from the start deck to the best one
    start = load_deck(weak_deck).counts()
    for s in res.swaps:
        start[s.out] -= 1
        start[s.into] = start.get(s.into, 0) + 1
    assert {k: v for k, v in start.items() if v} == best.counts()
    assert type(res).from_dict(res.to_dict()).to_dict() == res.to_dict()


def _write(p: Path, text: str) -> Path:
    p.write_text(text, encoding="utf-8")
    return p


def test_candidate_swaps_are_legal_keep_cards_and_stay_on_colour(weak_deck: Path):
    deck = load_deck(weak_deck)
    counts = deck.counts()
    swaps = candidate_swaps("fw", counts, frozenset({"D'Kara"}), frozenset())
    assert swaps and all(s.out != "D'Kara" for s, _ in swaps)
    assert Swap("Wailing Spectre", "Firebolt") in {s for s, _ in swaps}
    # at most 4 of a name: a card the deck has 4 of never comes in
    assert all(s.into != "Abyssal Wisp" for s, _ in swaps)


def test_tune_out_writes_a_decklist_that_deck_check_accepts(weak_deck: Path, tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]):
    out = tmp_path / "tuned.txt"
    assert main(["tune", str(weak_deck), "--gauntlet", *GAUNTLET[:2], "--budget", "2000", "--seed", "2",
                 "--out", str(out), "--no-store", "--json"]) == 0
    capsys.readouterr()
    assert out.read_text().startswith("ruleset: fw\n")
    assert main(["deck", "check", str(out)]) == 0
    assert "is legal" in capsys.readouterr().out


def test_should_stop_cancels_the_tuner_with_what_it_had_found(weak_deck: Path):
    from fwlab.lab import Cancelled

    seen: list[int] = []
    with pytest.raises(Cancelled) as exc:
        tune(weak_deck, "fw", GAUNTLET[:1], budget=5000, seed=1, progress=lambda d, t: seen.append(d),
             should_stop=lambda: len(seen) >= 3)
    assert exc.value.partial["decklist"].startswith("ruleset: fw\n") and exc.value.partial["games"] <= 5000
