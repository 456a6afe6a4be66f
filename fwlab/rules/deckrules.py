"""Deck rules as data: what a ruleset's decks must hold and how its hands fill, declared by its engine.

Each engine carries one :class:`DeckRules` per ruleset (``Engine.deck_rules``, read through
:func:`fwlab.rules.engines.deck_rules_for`). The deck tools above ``rules/`` (``fwlab.decks``:
validation, statistics, draw and deploy odds, the deck builder helper; the deck builder page)
read every number and per-game choice from it and hold no table of rulesets, so a new game's
decks are checked, counted and filled without an edit outside its own package. Each game's
record lives in ``fwlab/rules/<game>/deckrules.py``.

The fields are plain data where the rule is a table and a small callable where it is not (a
card's camp label, the helper's weights, a game's own deck check). Cards are
:class:`fwlab.catalog.Card` objects (``name``, ``type``, ``cost``, ``special``, ``fields``).

>>> rules = DeckRules(min_size=40, max_copies=4, opening_hand=6, draws_per_turn=2,
...                   draw_on_turn_one=(False, True))
>>> [rules.cards_seen(t, going_first=True) for t in (1, 2, 3)], rules.cards_seen(1, going_first=False)
([6, 8, 10], 8)
>>> print(size_problems("fr", 38, rules)[0].message)
The deck has 38 cards; a fr deck needs at least 40.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol

__all__ = ["DeckDraft", "DeckRules", "Problem", "SetupError", "article", "count_word", "deck_problems", "plural",
           "setup_error", "size_problems"]


@dataclass(frozen=True)
class Problem:
    """One broken deck-building rule: its id (``DECK-SIZE`` …), the card it concerns (None for the
    whole deck) and a plain sentence."""

    rule: str
    card: str | None
    message: str

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


class DeckDraft(Protocol):
    """A deck the deck builder helper (:func:`fwlab.decks.helper.fill_deck`) is filling, as a
    game's own :attr:`DeckRules.fill` sees it: ``counts`` (card name -> copies so far, the core
    first), ``core`` (the chosen cards, kept at their counts), ``cat`` (the catalog), ``rng``
    (seeded: the same seed gives the same deck), ``cards()`` (the catalog cards in ``counts``) and
    ``pick(pool, weight)`` (one card of ``pool`` drawn with ``weight(card)``, None when none can be)."""

    ruleset: str
    cat: Any
    rng: random.Random
    counts: Counter[str]
    core: dict[str, int]

    def cards(self) -> list[Any]: ...

    def pick(self, pool: list[Any], weight: Callable[[Any], float]) -> Any | None: ...


@dataclass(frozen=True)
class DeckRules:
    """The deck rules of one ruleset.

    **Whether it has decks.** ``player_decks``: each player builds a deck (False: the seats share
    one deck, as in Conquest; such a ruleset is not offered by the deck builder and
    ``no_decks`` is the DECK-RULESET problem a decklist of it gets).

    **Size and copies** (``fwlab.decks.validate``, rule ids DECK-*). ``min_size``/``max_size``:
    cards in the deck (None: no bound), characters not counted; ``max_copies``: copies of a name
    (None: no limit); ``max_special``: copies of a Special card (``card.special``; None: no such
    rule); ``max_unique``: copies of a card marked ``unique`` (None: no such rule);
    ``copies_key(card)``: the name copies count under (Eredan: an evolution's base, so its levels
    share the limits; None: the card's own name); ``characters``: how many different cards of
    ``character_types`` a deck holds besides its cards (Eredan 3; 0: none); ``check(cards,
    rules)``: the game's own rules (Eredan's guilds), given the deck's known cards as
    ``(card, copies)`` pairs, checked after the size and before the copies.

    **Hands** (``fwlab.decks.odds``). ``opening_hand`` cards, then ``draws_per_turn`` in each of
    your turns; ``draw_on_turn_one`` says whether you draw on your first turn (going first, going
    second) -- see :meth:`cards_seen`. ``resource_cycle``: the resources of your t-th turn,
    repeating (fw 1, 2, 3), which the exact deploy odds follow; empty when the ruleset has none,
    with ``no_cycle`` saying why (shown with the refusal).

    **Statistics** (``fwlab.decks.stats``, the catalog filters). ``curve_types``: the card types
    whose costs make the resource curve (None: every card with a cost; the cost is the catalog's
    ``card.cost``, which each family's schema names); ``mix_field``: the field saying which camp a
    card belongs to (nature / sphere / guild; None: no mix); ``mix_types``: the types counted in
    the mix and kept to the deck's camp by the helper (None: every type); ``mix_key(card)``: a
    card's label in the mix (None: ``str`` of its ``mix_field``); ``gem_field``: the list of gems
    a card flips, for the average gems and the gem histogram of ``0..max_gems`` (None: the game
    has no gems); ``profile_fields``: the stats profiled over the cards of ``fighter_types``.

    **The deck builder helper** (``fwlab.decks.helper``). ``quotas``: cards wanted per type, in
    the order the finished decklist lists them; ``curve``: a card's weight by its cost (what the
    ruleset's resources pay for; a cost not listed weighs half the lightest); ``camp_free(card)``:
    cards that fit every camp (Free Realms' Heroes); ``pick_weight(card, curve_weight)``: a card's
    weight given its curve weight (None: the curve weight); ``fill(draft, rules)``: the game's own
    filling where quotas do not describe it (Eredan: characters first, then cards of their guild).
    """

    player_decks: bool = True
    no_decks: str = ""
    # size and copies
    min_size: int | None = None
    max_size: int | None = None
    max_copies: int | None = None
    max_special: int | None = None
    max_unique: int | None = None
    copies_key: Callable[[Any], str] | None = None
    characters: int = 0
    character_types: tuple[str, ...] = ()
    check: Callable[[Sequence[tuple[Any, int]], DeckRules], list[Problem]] | None = None
    # hands
    opening_hand: int = 0
    draws_per_turn: int = 0
    draw_on_turn_one: tuple[bool, bool] = (True, True)
    resource_cycle: tuple[int, ...] = ()
    no_cycle: str = ""
    # statistics
    curve_types: tuple[str, ...] | None = None
    mix_field: str | None = None
    mix_types: tuple[str, ...] | None = None
    mix_key: Callable[[Any], str] | None = None
    gem_field: str | None = None
    max_gems: int = 0
    profile_fields: tuple[str, ...] = ()
    fighter_types: tuple[str, ...] = ()
    # the deck builder helper
    quotas: Mapping[str, int] = field(default_factory=dict)
    curve: Mapping[int, float] = field(default_factory=dict)
    camp_free: Callable[[Any], bool] | None = None
    pick_weight: Callable[[Any, float], float] | None = None
    fill: Callable[[DeckDraft, DeckRules], None] | None = None

    def __post_init__(self) -> None:
        if self.min_size is not None and self.max_size is not None and self.min_size > self.max_size:
            raise ValueError(f"deck rules: min_size {self.min_size} is above max_size {self.max_size}")
        if self.characters and not self.character_types:
            raise ValueError("deck rules: characters need character_types (the card types that are characters)")

    def cards_seen(self, turn: int, *, going_first: bool = True) -> int:
        """Cards drawn into your hand by your turn ``turn`` (1-based): the opening hand plus
        ``draws_per_turn`` in each of your turns, the first one only where ``draw_on_turn_one``
        says so (mulligans and card draw effects ignored; no deck-size cap)."""
        if turn < 1:
            raise ValueError(f"turn must be at least 1, got {turn}")
        draws = turn if self.draw_on_turn_one[0 if going_first else 1] else turn - 1
        return self.opening_hand + self.draws_per_turn * draws

    def is_character(self, card: Any) -> bool:
        return card.type in self.character_types

    def copies_name(self, card: Any) -> str:
        """The name a card's copies count under (:attr:`copies_key`)."""
        return card.name if self.copies_key is None else self.copies_key(card)

    def in_curve(self, card: Any) -> bool:
        """Whether the card's cost counts in the resource curve."""
        return card.cost is not None and (self.curve_types is None or card.type in self.curve_types)

    def in_mix(self, card: Any) -> bool:
        """Whether the card counts in the camp mix (and is kept to the deck's camp by the helper)."""
        return self.mix_field is not None and (self.mix_types is None or card.type in self.mix_types)

    def mix_label(self, card: Any) -> str:
        """The card's label in the mix (:attr:`mix_key`, else its :attr:`mix_field` as text)."""
        if self.mix_key is not None:
            return self.mix_key(card)
        return str(card.fields.get(self.mix_field))

    def curve_weight(self, cost: int | None) -> float:
        """The helper's weight of a cost (:attr:`curve`); 1 without a curve or a cost."""
        if cost is None or not self.curve:
            return 1.0
        return self.curve.get(cost, min(self.curve.values()) / 2)


def article(word: str) -> str:
    """``a deck`` / ``an eredan deck``.

    >>> article("eredan deck"), article("fw deck")
    ('an eredan deck', 'a fw deck')
    """
    return f"an {word}" if word[:1].lower() in "aeiou" else f"a {word}"


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def count_word(n: int) -> str:
    """A small count in words (``three``), larger ones in digits."""
    return _WORDS[n] if 0 <= n < len(_WORDS) else str(n)


def size_problems(ruleset: str, size: int, rules: DeckRules, what: str = "cards") -> list[Problem]:
    """The DECK-SIZE problem of a deck of ``size`` cards under ``rules`` (none when it fits)."""
    lo, hi = rules.min_size, rules.max_size
    if lo is not None and hi == lo and size != lo:
        return [Problem("DECK-SIZE", None, f"The deck has {plural(size, what[:-1])}; {article(ruleset)} deck needs "
                                           f"exactly {lo} {what}.")]
    if lo is not None and size < lo:
        return [Problem("DECK-SIZE", None, f"The deck has {plural(size, what[:-1])}; {article(ruleset)} deck needs "
                                           f"at least {lo}.")]
    if hi is not None and size > hi:
        return [Problem("DECK-SIZE", None, f"The deck has {plural(size, what[:-1])}; {article(ruleset)} deck allows "
                                           f"at most {hi}.")]
    return []


# ------------------------------------------------------------------------ the deck check itself
# Card-name level, so that the engines (through the registry's DeckCache) and the deck tools
# (fwlab.decks.validate, which adds the decklist and catalog handling) check a deck by one code.


def _resolve(counts: Mapping[str, int], cat: Any) -> tuple[dict[str, tuple[Any, int]], list[Problem]]:
    """Catalog card and count per name (``cat.lookup``: case and surrounding spaces ignored);
    unknown names become DECK-UNKNOWN problems."""
    found: dict[str, tuple[Any, int]] = {}
    problems: list[Problem] = []
    for name, count in counts.items():
        card = cat.lookup(name)
        if card is None:
            problems.append(Problem("DECK-UNKNOWN", name, f"{name} is not a card of the {cat.family} catalog."))
            continue
        prev = found.get(card.name, (card, 0))[1]
        found[card.name] = (card, prev + count)
    return found, problems


def _characters(ruleset: str, characters: list[tuple[Any, int]], rules: DeckRules) -> list[Problem]:
    problems: list[Problem] = []
    n_chars = sum(n for _, n in characters)
    if n_chars != rules.characters:
        problems.append(Problem("DECK-CHARACTERS", None, f"The deck has {plural(n_chars, 'character')}; "
                                                         f"{article(ruleset)} deck needs exactly {rules.characters}."))
    for c, n in characters:
        if n > 1:
            problems.append(Problem("DECK-CHARACTERS", c.name, f"{c.name} is listed {n} times; the "
                                                               f"{count_word(rules.characters)} characters must be "
                                                               "different characters."))
    return problems


def _copies(ruleset: str, cards: Iterable[tuple[Any, int]], rules: DeckRules) -> list[Problem]:
    """Copies of a name, Specials and unique cards; cards sharing a ``copies_key`` (evolutions)
    count together."""
    groups: dict[str, list[tuple[Any, int]]] = {}
    for c, n in cards:
        groups.setdefault(rules.copies_name(c), []).append((c, n))
    cap = rules.max_copies
    problems: list[Problem] = []
    for base, members in groups.items():
        total = sum(n for _, n in members)
        one = rules.max_unique
        uniques = [c for c, _ in members if c.fields.get("unique")] if one is not None else []
        if one is not None and len(members) > 1 and uniques and total > one:
            names = ", ".join(f"{n} {c.name}" for c, n in members)
            problems.append(Problem("DECK-EVOLUTION", base, f"Evolutions of {base} count as one card and "
                                    f"{uniques[0].name} is unique: the deck may hold {one} {uniques[0].name} or up to "
                                    f"{cap} of its other levels, not both (it has {names})."))
        elif one is not None and uniques and total > one:
            problems.append(Problem("DECK-UNIQUE", uniques[0].name, f"{uniques[0].name} is unique: at most {one} copy "
                                                                    f"allowed, the deck has {total}."))
        elif cap is not None and total > cap:
            if len(members) > 1:
                names = ", ".join(f"{n} {c.name}" for c, n in members)
                problems.append(Problem("DECK-EVOLUTION", base, f"Evolutions of {base} count as copies of one card: "
                                        f"{total} in all ({names}), but at most {cap} are allowed."))
            else:
                problems.append(Problem("DECK-COPIES", base, f"{base}: {total} copies, but {article(ruleset)} deck "
                                                             f"allows at most {cap} of a name."))
        if rules.max_special is not None:
            for c, n in members:
                if c.special and n > rules.max_special:
                    problems.append(Problem("DECK-SPECIAL", c.name, f"{c.name} is a Special card: at most "
                                                                    f"{rules.max_special} copy allowed, the deck has {n}."))
    return problems


def deck_problems(ruleset: str, counts: Mapping[str, int], catalog: Any, rules: DeckRules) -> list[Problem]:
    """Every deck-building rule a deck of ``ruleset`` breaks, given as ``counts`` (card name ->
    copies) over ``catalog`` (a :class:`fwlab.catalog.Catalog`): DECK-UNKNOWN, DECK-CHARACTERS,
    DECK-SIZE, the game's own ``check`` (Eredan: DECK-GUILD), then DECK-COPIES, DECK-SPECIAL,
    DECK-UNIQUE, DECK-EVOLUTION. An empty list: the deck is legal. A ruleset without player decks
    gives its DECK-RULESET problem. What :func:`fwlab.decks.validate.validate` reports of a
    decklist and what an engine refuses a setup for (:func:`setup_error`).
    """
    if not rules.player_decks:
        return [Problem("DECK-RULESET", None, rules.no_decks or f"{ruleset} has no player decks: there is nothing "
                                                                 "to validate.")]
    found, problems = _resolve(counts, catalog)
    characters = [(c, n) for c, n in found.values() if rules.is_character(c)]
    cards = [(c, n) for c, n in found.values() if not rules.is_character(c)]
    if rules.characters:
        problems += _characters(ruleset, characters, rules)
        problems += size_problems(ruleset, sum(n for _, n in cards), rules)   # the known cards
    else:
        problems += size_problems(ruleset, sum(counts.values()), rules)       # every listed card
    if rules.check is not None:
        problems += rules.check(list(found.values()), rules)
    problems += _copies(ruleset, cards, rules)
    return problems


class SetupError(ValueError):
    """A setup an engine refuses because it breaks the ruleset's deck rules (RULINGS "Every game,
    setups"): the ruleset, the seat (0-based; -1 for a deck not seated yet), the deck's name when the caller knows it, and the
    :class:`Problem` list. The message names the deck and every problem::

        seat a's deck is not a legal fw deck: The deck has 10 cards; a fw deck needs at least 40. [DECK-SIZE]
    """

    def __init__(self, ruleset: str, seat: int, problems: Sequence[Problem], deck: str | None = None) -> None:
        self.ruleset, self.seat, self.problems, self.deck = ruleset, seat, tuple(problems), deck
        label = "abcdefgh"[seat] if 0 <= seat < 8 else str(seat)
        if seat < 0:  # a deck checked before it is seated (a league's players)
            who = f"deck {deck!r}" if deck else "the deck"
        else:
            who = f"deck {deck!r} (seat {label})" if deck else f"seat {label}'s deck"
        why = " ".join(f"{p.message} [{p.rule}]" for p in self.problems)
        super().__init__(f"{who} is not a legal {ruleset} deck: {why}")

    def named(self, deck: str) -> SetupError:
        """The same refusal naming the deck (the simulator knows its decks' names, an engine only seats)."""
        return SetupError(self.ruleset, self.seat, self.problems, deck)

    def __reduce__(self) -> tuple[Any, ...]:  # crosses process and cluster boundaries intact
        return SetupError, (self.ruleset, self.seat, self.problems, self.deck)


def setup_error(ruleset: str, seat: int, names: Sequence[str], catalog: Any, rules: DeckRules,
                deck: str | None = None) -> SetupError | None:
    """The :class:`SetupError` of seat ``seat``'s deck (card names, one per copy) under ``rules``,
    or None when the deck is legal."""
    problems = deck_problems(ruleset, Counter(names), catalog, rules)
    return SetupError(ruleset, seat, problems, deck) if problems else None
