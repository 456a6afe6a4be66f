"""Each engine's health hook reads what its figures say from a finished game (HEALTH-HOOK-1): the
figures agree with what the game's outcome, summary and record show by other means."""

from __future__ import annotations

import pytest

from fwlab.decks.starters import starter_decks
from fwlab.rules.engines import engine_for
from fwlab.sim.play import bot_seed, start_match


def games(ruleset: str, n: int, seats: int = 2, **options):  # type: ignore[no-untyped-def]
    """``n`` finished games of the starter decks in rotation (Conquest: ``seats`` players), with records."""
    eng = engine_for(ruleset)
    decks = starter_decks(ruleset) if ruleset != "conquest" else []
    for i in range(n):
        setups = [decks[i % len(decks)], decks[(i + 1) % len(decks)]] if decks else [None] * seats
        g = start_match(ruleset, setups, seed=100 + i, first=i % len(setups), log_cards=True, record=True, **options)
        eng.play_out(g, eng.game_bots(["heuristic"] * len(setups), [bot_seed(100 + i, s) for s in range(len(setups))]))
        yield g, dict(eng.health(g)), eng.summary(g)


@pytest.mark.parametrize("ruleset", ["fw", "bg"])
def test_HEALTH_HOOK_1_daemornia_capital_lost_by_cause_adds_up_to_the_capital_lost(ruleset):
    causes = ("lost_raid", "lost_scenario", "lost_effect", "lost_exp", "lost_deckout")
    totals = dict.fromkeys(causes, 0.0)
    for g, h, _ in games(ruleset, 12):
        start = g.cfg.capital
        lost = sum(start + g.capital_gained[s] - g.seats[s].capital for s in range(2))
        assert sum(h[c] for c in causes) == lost
        assert h["lost_deckout"] == sum(s.deckouts for s in g.seats)        # FW-DRAW-2: 1 a draw from nothing
        assert h["deck_ran_out"] == (1.0 if h["lost_deckout"] else 0.0)
        assert h["raid_share"] == pytest.approx(h["lost_raid"] / lost)
        if g.outcome.end_reason == "deck-out":
            assert h["lost_deckout"] > 0
        for c in causes:
            totals[c] += h[c]
    assert totals["lost_raid"] > totals["lost_effect"] > 0       # raids take most; drains and last gasps exist
    assert (totals["lost_exp"] > 0) == (ruleset == "bg")          # BG-EXP-1 is bg's rule only


def test_HEALTH_HOOK_1_daemornia_exp_loss_is_counted_only_under_its_rule():
    assert sum(h["lost_exp"] for _, h, _ in games("fw", 6, exp_loss=True)) > 0
    assert sum(h["lost_exp"] for _, h, _ in games("fw", 6)) == 0


def test_HEALTH_HOOK_1_free_realms_scores_by_how_add_up_and_battles_are_the_attacks():
    battles_total = rebuilt = hunted = hunt_scores = 0.0
    for g, h, _ in games("fr", 12):
        scored = g.seats[0].scored + g.seats[1].scored
        assert h["score_hunt"] + h["score_battle"] + h["score_powerup"] + h["score_effect"] == scored
        attacks = sum(1 for _, a in g.record.actions if a.kind == "attack")
        hunts = sum(1 for _, a in g.record.actions if a.kind == "hunt")
        assert h["battles"] == attacks and h["score_battle"] <= attacks
        assert h["score_hunt"] <= 2 * hunts       # FR-HUNT-1: a card a hunt, one more with a hunt collect text
        hunted += hunts
        hunt_scores += h["score_hunt"]
        assert h["battle_share"] == pytest.approx((h["score_battle"] + h["score_powerup"]) / scored)
        assert h["hand_at_end"] == (len(g.seats[0].hand) + len(g.seats[1].hand)) / 2
        battles_total += h["battles"]
        rebuilt += h["rebuilds"]
    assert battles_total > 0 and rebuilt > 0
    assert hunt_scores >= 0.95 * hunted        # a hunt scores unless the deck and discard pile are both empty


def test_HEALTH_HOOK_1_free_realms_hunt_and_battle_gaps_are_the_first_players_less_the_seconds():
    """hunt_gap / battle_gap: the first player's cards by hunts (won attacks) less the second's, each
    seat's part read against that seat's own hunt (attack) actions in the record: a hunt scores one card
    (two with a hunt collect text, none from an empty deck and discard pile), a won attack one
    (FR-HUNT-1, FR-SCORE-1). Counting the seats the other way round breaks the per-seat bounds."""
    hunted = [0, 0]
    cards = [0.0, 0.0]
    for g, h, _ in games("fr", 16):
        first = g.first
        parts = {}
        for name, total in (("hunt", h["score_hunt"]), ("battle", h["score_battle"])):
            gap = h[name + "_gap"]
            assert (total + gap) % 2 == 0 and abs(gap) <= total
            parts[name] = ((total + gap) / 2, (total - gap) / 2)   # (first player's, second's)
        for pos, seat in enumerate((first, 1 - first)):
            hunts = sum(1 for p, a in g.record.actions if p == seat and a.kind == "hunt")
            attacks = sum(1 for p, a in g.record.actions if p == seat and a.kind == "attack")
            assert parts["hunt"][pos] <= 2 * hunts and parts["battle"][pos] <= attacks
            hunted[pos] += hunts
            cards[pos] += parts["hunt"][pos]
    for pos in (0, 1):
        assert cards[pos] >= 0.95 * hunted[pos], (pos, cards, hunted)


def test_HEALTH_HOOK_1_eredan_kills_and_score_parts_are_the_card_log():
    for g, h, s in games("eredan", 10):
        chars = {c.d.name for seat in g.seats for c in seat.chars}
        killed = sum(1 for e in s.card_events if e["card"] in chars and e["killed_turn"] is not None)
        assert h["characters_killed"] == killed == sum(c.dead for seat in g.seats for c in seat.chars)
        assert h["score_damage"] == sum(e["damage_dealt"] for e in s.card_events)
        assert h["score_damage"] + h["score_healing"] == sum(s.scores)
        assert h["score_healing"] == sum(e["scored"] for e in s.card_events) - h["score_damage"]
        assert h["score_margin"] == abs(s.scores[0] - s.scores[1])
        assert h["side_wiped"] == float(g.outcome.end_reason == "dead")   # ER-END-1: a side's three dead ends it


@pytest.mark.parametrize("seats", [3, 5])
def test_HEALTH_HOOK_1_conquest_open_fields_are_the_board_minus_the_fields_taken(seats):
    from fwlab.rules.conquest.game import DIFFICULTIES, START_COINS

    for g, h, s in games("conquest", 6, seats):
        taken = [e["difficulty"] for e in s.board_events]
        assert h["open_fields"] == len(DIFFICULTIES) - len(taken)
        if h["open_fields"]:
            assert h["open_difficulty"] == pytest.approx((sum(DIFFICULTIES) - sum(taken)) / h["open_fields"])
            assert g.outcome.end_reason == "idle"
        else:
            assert "open_difficulty" not in h and g.outcome.end_reason == "all-taken"
        assert h["start_coin_share"] == pytest.approx(START_COINS * seats / sum(s.scores))
