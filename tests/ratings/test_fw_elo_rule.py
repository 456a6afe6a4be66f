"""The game's own Elo rule (RULINGS.md, Elo) held game by game through ``rate(..., system='fw')``."""

from __future__ import annotations

import doctest
import math
from fractions import Fraction

import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

import fwlab.ratings.fw_elo
import fwlab.ratings.run
import fwlab.stats
from fwlab.ratings import fw_gain, rate, trunc_div


def log(*games: tuple, start: str = "2024-01-01") -> pd.DataFrame:
    """Games as (player_a, player_b, winner, turns[, end_reason]) one hour apart, ids g01, g02, ..."""
    rows = []
    for i, g in enumerate(games):
        a, b, winner, turns, *rest = g
        rows.append(
            {
                "match_id": f"g{i + 1:02d}",
                "played_at": pd.Timestamp(start) + pd.Timedelta(hours=i),
                "ruleset": "fw",
                "player_a": a,
                "player_b": b,
                "winner": winner,
                "turns": turns,
                "end_reason": rest[0] if rest else "capital",
            }
        )
    return pd.DataFrame(rows)


def test_doctests_of_the_rating_modules_pass() -> None:
    for module in (fwlab.ratings.fw_elo, fwlab.ratings.run, fwlab.stats):
        result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS)
        assert result.failed == 0, module.__name__


def test_seed_example_lower_rated_winner_gains_12_higher_rated_loser_loses_12() -> None:
    assert fw_gain(1000, 1100) == 12
    assert fw_gain(1100, 1000) == 8


def test_seed_example_through_rate_from_1000_and_1100() -> None:
    start = {"lo": 1000, "hi": 1100}
    r = rate(log(("lo", "hi", "a", 6)), initial=start).ratings()
    assert (r["lo"], r["hi"]) == (1012, 1088)
    r = rate(log(("lo", "hi", "b", 6)), initial=start).ratings()
    assert (r["lo"], r["hi"]) == (992, 1108)


def test_rate_applies_the_clamps_and_truncation_with_distant_ratings() -> None:
    start = {"x": 1000, "y": 2000, "u": 1000, "v": 1075}
    r = rate(log(("x", "y", "a", 5)), initial=start).ratings()
    assert (r["x"], r["y"]) == (1020, 1980)  # 10 + 20 clamped to 20
    r = rate(log(("x", "y", "b", 5)), initial=start).ratings()
    assert (r["x"], r["y"]) == (995, 2005)  # 10 - 20 clamped to 5
    r = rate(log(("u", "v", "b", 5)), initial=start).ratings()
    assert (r["u"], r["v"]) == (991, 1084)  # 10 + trunc(-1.5) = 9
    r = rate(log(("u", "v", "a", 5)), initial=start).ratings()
    assert (r["u"], r["v"]) == (1011, 1064)  # 10 + trunc(1.5) = 11


def test_players_climbing_from_1000_gain_less_once_50_points_ahead() -> None:
    # beating fresh 1000 players: +10 until 50 ahead, then +9 (trunc(-50/50) = -1)
    games = [("hi", f"f{i}", "a", 10) for i in range(7)]
    hist = rate(log(*games)).history
    assert hist[hist["player"] == "hi"]["rating_after"].tolist() == [1010, 1020, 1030, 1040, 1050, 1059, 1068]


def test_gain_is_clamped_between_5_and_20() -> None:
    assert fw_gain(1000, 2000) == 20
    assert fw_gain(2000, 1000) == 5
    assert fw_gain(1000, 1499) == 19 and fw_gain(1000, 1500) == 20 and fw_gain(1000, 1550) == 20
    assert fw_gain(1249, 1000) == 6 and fw_gain(1250, 1000) == 5 and fw_gain(1300, 1000) == 5


def test_gain_truncates_toward_zero_for_negative_differences() -> None:
    # difference 75: the underdog gets 10 + trunc(1.5) = 11, the favourite 10 + trunc(-1.5) = 9 (not 8)
    assert fw_gain(1000, 1075) == 11
    assert fw_gain(1075, 1000) == 9
    assert fw_gain(1049, 1000) == 10 and fw_gain(1050, 1000) == 9
    assert trunc_div(-75, 50) == -1 and trunc_div(-100, 50) == -2 and trunc_div(49, 50) == 0


def test_rate_agrees_with_fw_gain_game_by_game_on_a_random_log() -> None:
    import numpy as np

    rng = np.random.default_rng(7)
    players = [f"p{i}" for i in range(6)]
    games = []
    for _ in range(400):
        a, b = rng.choice(players, 2, replace=False)
        games.append((str(a), str(b), str(rng.choice(["a", "b", "draw"], p=[0.6, 0.3, 0.1])), 8))
    run = rate(log(*games))
    h = run.history
    rating = dict.fromkeys(players, 1000)
    for i, (a, b, winner, _) in enumerate(games):
        rows = h[h["match_id"] == f"g{i + 1:02d}"]
        before = dict(zip(rows["player"], rows["rating_before"]))
        assert before == {a: rating[a], b: rating[b]}
        if winner != "draw":
            w, lo = (a, b) if winner == "a" else (b, a)
            g = fw_gain(rating[w], rating[lo])
            rating[w] += g
            rating[lo] -= g
        after = dict(zip(rows["player"], rows["rating_after"]))
        assert after == {a: rating[a], b: rating[b]}
    assert run.ratings() == {p: float(r) for p, r in rating.items()}


def test_three_turn_game_changes_nothing_four_turn_game_does() -> None:
    r = rate(log(("ann", "bob", "a", 3))).ratings()
    assert r == {"ann": 1000, "bob": 1000}
    r = rate(log(("ann", "bob", "a", 4))).ratings()
    assert r == {"ann": 1010, "bob": 990}


def test_three_turn_game_is_not_in_history_nor_counted_as_a_game() -> None:
    run = rate(log(("ann", "bob", "a", 3), ("ann", "bob", "b", 5)))
    assert run.history["match_id"].tolist() == ["g02", "g02"]
    assert run.history["game_no"].tolist() == [1, 1]
    board = run.leaderboard.set_index("player")
    assert board.loc["ann", "games"] == 1 and board.loc["ann", "losses"] == 1 and board.loc["ann", "wins"] == 0


def test_forfeit_after_four_turns_is_a_loss_for_the_forfeiter() -> None:
    # bob forfeits (timeout) on turn 6: the log says winner a
    r = rate(log(("ann", "bob", "a", 6, "timeout"))).ratings()
    assert r == {"ann": 1010, "bob": 990}
    r = rate(log(("ann", "bob", "b", 9, "forfeit"))).ratings()
    assert r == {"ann": 990, "bob": 1010}


def test_forfeit_before_four_turns_changes_nothing() -> None:
    r = rate(log(("ann", "bob", "a", 2, "forfeit"), ("ann", "bob", "b", 3, "timeout"))).ratings()
    assert r == {"ann": 1000, "bob": 1000}


def test_draw_changes_nothing_but_counts_as_a_rated_game() -> None:
    run = rate(log(("ann", "bob", "a", 8), ("ann", "bob", "draw", 30)))
    assert run.ratings() == {"ann": 1010, "bob": 990}
    last = run.history[run.history["match_id"] == "g02"]
    assert (last["rating_before"] == last["rating_after"]).all()
    board = run.leaderboard.set_index("player")
    assert board.loc["ann", "draws"] == 1 and board.loc["ann", "games"] == 2


def test_games_are_taken_in_played_at_then_match_id_order() -> None:
    # Given shuffled rows, the order must be: played_at first, match_id breaking ties.
    t0 = pd.Timestamp("2024-03-01 10:00")
    rows = pd.DataFrame(
        {
            "match_id": ["z9", "b2", "a1", "c3"],
            "played_at": [t0 + pd.Timedelta(minutes=1), t0, t0, t0 - pd.Timedelta(minutes=5)],
            "player_a": ["ann"] * 4,
            "player_b": ["bob"] * 4,
            "winner": ["a", "a", "b", "a"],
            "turns": [5] * 4,
        }
    )
    run = rate(rows)
    assert run.history["match_id"].tolist()[::2] == ["c3", "a1", "b2", "z9"]
    # c3: ann 1010; a1: bob wins, ann 1010 vs 990: gain 10 + trunc(20/50)=10 -> 1000/1000;
    # b2: ann 1010; z9: ann 1010 vs 990: gain 10 -> 1020/980
    assert run.history["rating_after"].tolist()[::2] == [1010, 1000, 1010, 1020]
    assert run.ratings() == {"ann": 1020, "bob": 980}


def test_order_matters_so_history_differs_when_played_at_changes() -> None:
    games = [("ann", "bob", "a", 5)] * 10 + [("bob", "ann", "a", 5)]
    forward = rate(log(*games)).ratings()
    reverse_times = log(*games)
    reverse_times["played_at"] = reverse_times["played_at"].iloc[::-1].to_numpy()
    assert rate(reverse_times).ratings() != forward


def test_game_numbers_count_each_players_rated_games() -> None:
    run = rate(log(("ann", "bob", "a", 5), ("ann", "cid", "a", 1), ("cid", "ann", "b", 5), ("bob", "cid", "a", 7)))
    got = list(zip(run.history["match_id"], run.history["player"], run.history["game_no"]))
    assert got == [
        ("g01", "ann", 1), ("g01", "bob", 1),
        ("g03", "cid", 1), ("g03", "ann", 2),
        ("g04", "bob", 2), ("g04", "cid", 2),
    ]  # fmt: skip


def test_bad_winner_names_the_match_and_field() -> None:
    with pytest.raises(ValueError, match=r"match 'g01': field winner is 'x'"):
        rate(log(("ann", "bob", "x", 5)))


def test_missing_column_is_named() -> None:
    with pytest.raises(ValueError, match="turns"):
        rate(log(("ann", "bob", "a", 5)).drop(columns=["turns"]))


def test_unknown_system_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown rating system"):
        rate(log(("ann", "bob", "a", 5)), system="glicko")


@given(winner=st.integers(-5000, 5000), loser=st.integers(-5000, 5000))
def test_gain_equals_the_ruling_formula_with_exact_fractions(winner: int, loser: int) -> None:
    exact = 10 + math.trunc(Fraction(loser - winner, 50))
    assert fw_gain(winner, loser) == min(20, max(5, exact))


@given(st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5), st.sampled_from(["a", "b", "draw"]),
                          st.integers(1, 12)), min_size=1, max_size=40))
def test_ratings_are_zero_sum_and_every_change_is_0_or_5_to_20(games: list[tuple[int, int, str, int]]) -> None:
    games = [(f"p{a}", f"p{b}", w, t) for a, b, w, t in games if a != b]
    if not games:
        return
    run = rate(log(*games))
    assert sum(run.ratings().values()) == 1000 * len(run.ratings())
    change = (run.history["rating_after"] - run.history["rating_before"]).abs()
    assert change.isin([0] + list(range(5, 21))).all()
    assert run.rated == sum(1 for g in games if g[3] >= 4)
