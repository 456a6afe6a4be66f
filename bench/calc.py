"""Timings of the exact calculators and deck analytics (median of repeated runs, in ms).

Targets: to-hit table, a 1-vs-3 combat distribution and a deck's full statistics each < 20 ms; a
whole attack with 6 attackers < 200 ms. Run: ``.venv/bin/python bench/calc.py``.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

from fwlab.calc import Attack, Fighter, duel, fight, tohit_table, whole_attack
from fwlab.catalog import load_catalog
from fwlab.decks import deck_stats, deploy_odds, draw_odds, validate
from fwlab.decks.odds import _best_play
from fwlab.decks.starters import starter_decks


def timed(label: str, func: Callable[[], Any], target_ms: float | None, repeat: int = 30) -> None:
    func()  # warm caches (catalog load, imports)
    runs = []
    for _ in range(repeat):
        t = time.perf_counter()
        func()
        runs.append((time.perf_counter() - t) * 1000)
    med = statistics.median(runs)
    verdict = "" if target_ms is None else ("  ok" if med < target_ms else "  OVER TARGET")
    goal = f"(target < {target_ms:g} ms)" if target_ms else ""
    print(f"{label:<48} median {med:8.3f} ms  max {max(runs):8.3f} ms {goal}{verdict}")


def main() -> None:
    attacker = Fighter(4, 3, 2, 5, shield=1)
    blockers = [Fighter(3, 2, 2, 2), Fighter(5, 4, 3, 3), Fighter(2, 5, 1, 2)]
    attacks = [Attack(Fighter(3 + i % 3, 3, 2 + i % 2, 4, exp=1), tuple(Fighter(2 + j, 3, 2, 3, exp=2)
                                                                     for j in range(1 + i % 3)))
               for i in range(5)]
    attacks.append(Attack(Fighter(4, 2, 3, 3, siege=1), scenario=Fighter(0, 2, 0, 4, exp=2)))
    deck = starter_decks("fw")[0]
    fr_deck = starter_decks("fr")[0]
    load_catalog("fw")
    load_catalog("fr")

    def full_stats() -> None:
        deck_stats(deck)
        validate(deck)
        draw_odds(deck, group=lambda c: c.type == "creature" and (c.cost or 0) <= 2)

    timed("to-hit table (Att, Def 0..10)", tohit_table, 20)
    timed("combat distribution 1 vs 3", lambda: fight(attacker, blockers), 20)
    timed(f"deck full statistics ({deck.name}: stats+validate+odds)", full_stats, 20)
    timed(f"deck full statistics ({fr_deck.name}, fr)", lambda: (deck_stats(fr_deck), validate(fr_deck)), 20)
    timed("whole attack, 6 attackers (bg, 11 blockers)", lambda: whole_attack(attacks, ruleset="bg"), 200)
    timed("duel 20 rounds (5 Hp vs 4 Hp)", lambda: duel(attacker, blockers[1], horizon=20), None)
    def cold_deploy(d: Any) -> None:
        _best_play.cache_clear()
        deploy_odds(d, 6)

    timed(f"fw deploy odds, 6 turns ({deck.name}, cold cache)", lambda: cold_deploy(deck), None, repeat=5)
    epic = starter_decks("fw-epic")[0]
    timed(f"fw-epic deploy odds, 6 turns ({epic.name}, cold)", lambda: cold_deploy(epic), None, repeat=3)


if __name__ == "__main__":
    main()
