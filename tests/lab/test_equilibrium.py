"""The equilibrium meta against hand-solved games."""

from __future__ import annotations

import numpy as np
import pytest

from fwlab.lab.equilibrium import equilibrium


def test_uneven_rock_paper_scissors_matches_the_hand_solution():
    # A = M - 0.5 = [[0, a, -b], [-a, 0, c], [b, -c, 0]] has the mix (c, b, a) / (a + b + c):
    # rock beats scissors by b = 0.3, paper beats rock by a = 0.1, scissors beat paper by c = 0.2
    a, b, c = 0.1, 0.3, 0.2
    M = [[0.5, 0.5 - a, 0.5 + b], [0.5 + a, 0.5, 0.5 - c], [0.5 - b, 0.5 + c, 0.5]]
    eq = equilibrium(M)
    assert eq.shares == pytest.approx([c / 0.6, b / 0.6, a / 0.6], abs=1e-9)
    assert eq.value == pytest.approx(0.0, abs=1e-9)
    # against the mix every deck scores exactly 0.5 (all are in its support)
    assert eq.payoffs == pytest.approx([0.5, 0.5, 0.5], abs=1e-9)


def test_a_deck_that_beats_every_other_is_the_whole_meta():
    M = np.array([[0.5, 0.6, 0.7], [0.4, 0.5, 0.9], [0.3, 0.1, 0.5]])
    assert equilibrium(M).shares == pytest.approx([1.0, 0.0, 0.0], abs=1e-9)


def test_a_dominated_deck_leaves_the_rock_paper_scissors_mix():
    # a fourth deck that loses to all three gets no share; the other three keep the RPS mix
    M = np.array([[0.5, 0.4, 0.8, 0.6], [0.6, 0.5, 0.3, 0.6], [0.2, 0.7, 0.5, 0.6], [0.4, 0.4, 0.4, 0.5]])
    assert equilibrium(M).shares == pytest.approx([1 / 3, 1 / 2, 1 / 6, 0.0], abs=1e-9)


def test_a_matrix_that_is_not_square_is_refused():
    with pytest.raises(ValueError, match="square"):
        equilibrium([[0.5, 0.4]])
