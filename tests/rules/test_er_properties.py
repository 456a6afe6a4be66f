"""Eredan properties over random legal setups and seeds (hypothesis), with random legal play: cards
conserved across zones, Life within 0..printed Life, the dead stay dead at 0, scores never fall,
every legal action accepted and ``legal_actions`` exactly the candidates ``why_illegal`` admits,
every game ends within the turn cap, replay reproduces the fingerprint, a clone is an exact and
independent copy (CORE-CONSERVE-1, CORE-LEGAL-1, CORE-END-1, CORE-REPLAY-1 for ``eredan``; ER-SETUP-1,
ER-DEATH-1, ER-SCORE-1, ER-END-1, ER-RECORD-1)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fwlab.catalog import load_catalog
from fwlab.decks import Deck, DeckEntry, validate
from fwlab.decks.starters import starter_decks
from fwlab.rules.core import Action
from fwlab.rules.eredan.cards import compile_card, compile_deck
from fwlab.rules.eredan.game import DISCARD, Game, new_game, replay, why_not_for

CAT = load_catalog("eredan")
MERCENARY = "Mercenary"
CHARS = sorted((c for c in CAT.cards.values() if c.type == "character"), key=lambda c: c.name)
GUILDS = sorted({str(c.fields["guild"]) for c in CHARS} - {MERCENARY})
OTHER_CARDS = sorted((c for c in CAT.cards.values() if c.type != "character"), key=lambda c: c.name)
STARTERS = [list(d.cards()) for d in starter_decks("eredan")]


def base(card: Any) -> str:
    evo = card.fields.get("evolution")
    return str(evo["base"]) if evo else card.name


def random_setup(rng: random.Random) -> list[str]:
    """Three different characters of one guild and Mercenaries (or Mercenaries only) and 20 cards
    legal for that deck (its guild's, unaffiliated, other guilds' items beside a Golem), mostly
    cards one of the three may play; checked with fwlab.decks."""
    guild = rng.choice([*GUILDS, None])
    pool = [c for c in CHARS if c.fields["guild"] in (guild, MERCENARY)]
    chars = rng.sample(pool, 3)
    own = {str(c.fields["guild"]) for c in chars} - {MERCENARY}
    deck_guild = own.pop() if own else ""
    golem = any(c.fields.get("race") == "Golem" for c in chars)
    legal = [c for c in OTHER_CARDS
             if not c.fields.get("guild") or c.fields.get("guild") == deck_guild or (golem and c.type == "item")]
    defs = [compile_card(c) for c in chars]
    usable = [c for c in legal if any(why_not_for(compile_card(c), d, deck_guild) is None for d in defs)]
    counts: dict[str, int] = {}   # per base name
    unique: set[str] = set()      # bases holding a unique card
    cards: list[str] = []
    while len(cards) < 20:
        c = rng.choice(usable if usable and rng.random() < 0.85 else legal)
        b = base(c)
        if b in unique or counts.get(b, 0) >= 3 or (c.fields.get("unique") and counts.get(b, 0)):
            continue
        counts[b] = counts.get(b, 0) + 1
        if c.fields.get("unique"):
            unique.add(b)
        cards.append(c.name)
    names = [c.name for c in chars] + cards
    deck = Deck("eredan", "random", tuple(DeckEntry(1, n) for n in names))
    problems = validate(deck, CAT)
    assert not problems, [p.message for p in problems]
    return names


@st.composite
def setups(draw):  # type: ignore[no-untyped-def]
    """A starter deck or a random legal setup."""
    if draw(st.booleans()):
        return list(draw(st.sampled_from(STARTERS)))
    return random_setup(random.Random(draw(st.integers(0, 2**32 - 1))))


def zones(g: Game) -> list[int]:
    """Every deck card instance where it is: deck, hand, discard pile, on a character, or played this fight."""
    out: list[int] = list(g.f_cards)
    for s in g.seats:
        out += s.deck + s.hand + s.discard
        for c in s.chars:
            out += c.items
    return out


def chooser_of(rng: random.Random) -> Callable[[Game, list[Action]], Action]:
    """Random legal play; in the Discard step a player passes four times in five when it may."""
    def choose(g: Game, legal: list[Action]) -> Action:
        if g.decision == DISCARD and Action("pass") in legal and rng.random() < 0.8:
            return Action("pass")
        return rng.choice(legal)
    return choose


def play_checked(g: Game, rng: random.Random) -> list[Action]:
    """Play ``g`` to its end with random legal actions, checking the invariants after every action;
    the actions applied, in order."""
    n = len(g.defs)
    assert sorted(zones(g)) == list(range(n))
    choose = chooser_of(rng)
    steps = 0
    done: list[Action] = []
    while not g.is_terminal():
        legal = g.legal_actions()
        assert legal, g.summary()
        for a in legal:                                                     # CORE-LEGAL-1
            assert g.why_illegal(a) is None, (a, g.why_illegal(a))
        assert set(legal) == {a for a in g.candidates() if g.why_illegal(a) is None}
        assert len(set(legal)) == len(legal)
        a = choose(g, legal)
        scores = [s.score for s in g.seats]
        dead = [c.dead for s in g.seats for c in s.chars]
        g.apply(a)
        done.append(a)
        assert sorted(zones(g)) == list(range(n))                           # CORE-CONSERVE-1
        for s, before in zip(g.seats, scores, strict=True):                 # ER-SCORE-1: scores never fall
            assert s.score >= before
        for c, was in zip((c for s in g.seats for c in s.chars), dead, strict=True):
            assert 0 <= c.life <= c.d.life, c                               # Life within 0..printed
            assert c.dead or not was                                        # ER-DEATH-1: the dead stay dead
            assert not c.dead or c.life == 0
        steps += 1
        assert steps < 20000                                                # CORE-END-1
    assert g.outcome is not None and g.outcome.turns <= g.turn_cap and g.turn <= g.turn_cap
    assert g.current_player() == -1 and g.legal_actions() == []
    if g.outcome.end_reason == "dead":                                      # ER-END-1
        gone = [not s.living() for s in g.seats]
        assert any(gone)
        if not all(gone):
            assert g.outcome.winner == "ab"[gone.index(False)]
    return done


SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(a=setups(), b=setups(), seed=st.integers(0, 2**31), first=st.sampled_from([-1, 0, 1]))
def test_CORE_CONSERVE_1_CORE_LEGAL_1_CORE_END_1_eredan_random_legal_play_on_random_legal_setups(a, b, seed, first):
    """ER-SETUP-1, ER-DEATH-1, ER-SCORE-1, ER-END-1: the invariants hold after every action."""
    g = new_game(compile_deck(a, CAT), compile_deck(b, CAT), seed, first=first)
    assert [len(s.hand) for s in g.seats] == [5, 5] and [len(s.deck) for s in g.seats] == [15, 15]
    play_checked(g, random.Random(seed))


@SETTINGS
@given(a=setups(), b=setups(), seed=st.integers(0, 2**31), turn_cap=st.sampled_from([200, 3, 8]))
def test_CORE_REPLAY_1_ER_RECORD_1_eredan_replay_reproduces_the_final_fingerprint(a, b, seed, turn_cap):
    """ER-END-1 too: a short turn cap ends games as draws (``turn-cap``), and the record keeps the cap."""
    g = new_game(compile_deck(a, CAT), compile_deck(b, CAT), seed, turn_cap=turn_cap)
    play_checked(g, random.Random(seed + 1))
    assert g.outcome is not None
    if g.outcome.end_reason == "turn-cap":
        assert g.outcome.winner == "draw" and g.outcome.turns == turn_cap
    r = replay(g.record, CAT)
    assert r.fingerprint() == g.fingerprint() and r.turn_cap == turn_cap
    assert r.record.actions == g.record.actions and r.record.first == g.record.first


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(a=setups(), b=setups(), seed=st.integers(0, 2**31), stop=st.integers(0, 400))
def test_ER_RECORD_1_a_clone_is_an_exact_and_independent_copy(a, b, seed, stop):
    g = new_game(compile_deck(a, CAT), compile_deck(b, CAT), seed)
    choose = chooser_of(random.Random(seed))
    for _ in range(stop):
        if g.is_terminal():
            break
        g.apply(choose(g, g.legal_actions()))
    c = g.clone()
    at_clone = g.fingerprint()
    assert c.fingerprint() == at_clone
    actions = play_checked(c, random.Random(seed + 7))  # the clone plays on to its end
    assert g.fingerprint() == at_clone  # and the original did not move
    for x in actions:  # the original, given the clone's actions, ends exactly as the clone did
        g.apply(x)
    assert g.fingerprint() == c.fingerprint() and g.is_terminal()
