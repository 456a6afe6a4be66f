"""Conquest's field events (the balance report's fields: difficulty against how early it is taken):
one row per field taken in a real simulated game, checked against the board and against the game
replayed action by action (the turn each field changed hands)."""

from __future__ import annotations

from collections import Counter

import pytest

from fwlab.rules.conquest.game import DIFFICULTIES
from fwlab.rules.engines import engine_for
from fwlab.sim import play_match


def _played(n: int, seed: int, bots: list[str]):
    eng = engine_for("conquest")
    g = eng.new_game("conquest", [None] * n, seed, seed % n, record=True)
    eng.play_out(g, [eng.make_bot(b, seed * 10 + s) for s, b in enumerate(bots)])
    return eng, g


@pytest.mark.parametrize(("n", "seed", "bots"), [(3, 1, ["heuristic", "random", "heuristic"]),
                                                 (4, 7, ["heuristic"] * 4),
                                                 (5, 11, ["random", "heuristic", "random", "heuristic", "random"])])
def test_field_events_of_a_simulated_game_match_the_board_and_the_replay(n: int, seed: int, bots: list[str]) -> None:
    eng, g = _played(n, seed, bots)
    events = eng.summary(g).board_events
    assert events, "a game takes fields"
    fields = [e["field"] for e in events]
    assert len(fields) == len(set(fields))                      # each field at most once
    assert all(0 <= f < g.nf for f in fields)
    assert all(1 <= e["turn"] <= g.outcome.turns for e in events)  # within the game
    assert [(e["turn"], e["field"]) for e in events] == sorted((e["turn"], e["field"]) for e in events)
    taken = Counter(e["difficulty"] for e in events)
    assert not taken - Counter(DIFFICULTIES)                    # a sub-multiset of the ruled board
    if g.outcome.end_reason == "all-taken":
        assert taken == Counter(DIFFICULTIES) and len(events) == g.nf
    for e in events:
        f = e["field"]
        assert e["difficulty"] == g.diff[f] and e["seat"] == "abcde"[g.owner[f]]
        assert e["how"] == ("conquer" if g.troop[f] >= 0 else "claim")
    per_seat = Counter(e["seat"] for e in events)
    assert [per_seat["abcde"[p]] for p in range(n)] == [s.fields for s in g.seats]
    assert sum(g.diff[f] for f in range(g.nf) if g.owner[f] >= 0) == sum(e["difficulty"] for e in events)

    # replayed action by action: the turn (and the way) each field was taken, as the events say
    r = eng.new_game("conquest", [None] * n, seed, seed % n, record=False)
    seen: dict[int, tuple[int, str, str]] = {}
    for _player, action in g.record.actions:
        before = list(r.owner)
        r.apply(action)
        for f in range(r.nf):
            if before[f] < 0 <= r.owner[f]:
                seen[f] = (r.turn, "abcde"[r.owner[f]], "conquer" if action.kind == "conquer" else "claim")
    assert seen == {e["field"]: (e["turn"], e["seat"], e["how"]) for e in events}


def test_a_claim_is_logged_as_a_claim() -> None:
    """Across a few random games (which play magic freely) both ways of taking a field appear."""
    hows: Counter[str] = Counter()
    for seed in range(12):
        hows.update(e["how"] for e in play_match("conquest", [None] * 4, ["random"] * 4, seed=seed).board_events)
    assert hows["conquer"] > 0 and hows["claim"] > 0 and set(hows) == {"conquer", "claim"}


def test_the_game_result_carries_the_field_events_and_other_games_have_none() -> None:
    r = play_match("conquest", [None] * 4, seed=5)
    assert r.board_events and {tuple(sorted(e)) for e in r.board_events} == {
        ("difficulty", "field", "how", "seat", "turn")}
    assert play_match("conquest", [None] * 4, seed=5, log_cards=False).board_events == []
    from fwlab.decks.starters import starter_decks

    a, b = starter_decks("fw")[:2]
    assert play_match("fw", [a, b], seed=1).board_events == []
