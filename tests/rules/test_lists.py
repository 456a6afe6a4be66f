"""The list helpers and the shuffle every engine shares (fwlab/rules/lists.py, issue 25): the
membership and removal the engines call on card-id lists, and the Fisher-Yates shuffle whose exact
draw of random numbers every engine's seeded games depend on (CORE-RNG-1; the per-engine shuffle
tests check it is uniform: tests/rules/test_*_shuffles.py)."""

from __future__ import annotations

import doctest
import random

import pytest

import fwlab.rules.lists as lists
from fwlab.rules.lists import has, remove, shuffle


def test_CORE_RNG_1_the_shuffle_draws_one_random_per_place_from_the_last_down():
    # the reference: the loop every engine's copy ran before they were merged (each seed's deal)
    for seed in range(50):
        for n in (0, 1, 2, 7, 40):
            cards = list(range(100, 100 + n))
            ref = list(cards)
            r = random.Random(seed)
            for i in range(n - 1, 0, -1):
                j = int(r.random() * (i + 1))
                ref[i], ref[j] = ref[j], ref[i]
            rng = random.Random(seed)
            shuffle(cards, rng)
            assert cards == ref
            # exactly n - 1 draws: the generator is where the reference left it
            assert rng.random() == r.random()


def test_CORE_RNG_1_has_and_remove_act_as_in_and_list_remove():
    cards = [4, 9, 4, 1]
    assert has(cards, 4) and has(cards, 1) and not has(cards, 5) and not has([], 0)
    remove(cards, 4)                     # the first one only
    assert cards == [9, 4, 1]
    remove(cards, 1)
    assert cards == [9, 4]
    with pytest.raises(ValueError, match="card 7 is not there"):
        remove(cards, 7)
    assert cards == [9, 4]


def test_the_module_examples_hold():
    assert doctest.testmod(lists).failed == 0
