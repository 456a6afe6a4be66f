"""The deck rules of ``eredan`` (text 004 "Creating Decks and Guilds", RULINGS "Eredan"), as the deck
tools read them (:class:`fwlab.rules.deckrules.DeckRules`; the rule IDs are in docs/decklists.md).

* ER-DECK-1/2: three different characters and exactly 20 other cards.
* ER-DECK-3/4 (:func:`check_guilds`, the record's ``check``): one guild plus Mercenaries. Golems
  may carry items of another guild, so a deck with a Golem character (``race = "Golem"``, of any
  guild or a Mercenary) may hold items of any guild; every other card of another guild, and such an
  item in a deck without a Golem, is a DECK-GUILD problem. That an off-guild item is *played* only
  on a Golem is a rule of play for the engine: a decklist does not say which character an item
  goes on. A card reserved for some classes is not checked against the characters either.
* ER-DECK-5: at most 3 of a name, a unique card at most once, the evolutions of a card (I, II, III)
  counted together under its base name.
* Hands refill to the engine's five (ER-HAND-1); the odds model the cards seen by your turn t as
  ``5 + 2(t - 1)`` (two cards played and replaced per turn), going first or second.
* Statistics: every card's guild (unaffiliated cards as Mercenary); Att/Def/Spirit/Life of the
  characters. The helper (:func:`fill`): characters of one guild first, then its cards.

Not compiled: plain data beside the engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..deckrules import DeckDraft, DeckRules, Problem, article
from .state import HAND

MERCENARY = "Mercenary"
#: The race whose characters may carry items of another guild (ER-DECK-4).
GOLEM = "Golem"


def evolution_base(card: Any) -> str:
    """The name a card's copies count under: an evolution's base name, else its own (ER-DECK-5)."""
    evo = card.fields.get("evolution")
    return str(evo["base"]) if evo else str(card.name)


def _guild(card: Any) -> str:
    return str(card.fields.get("guild") or MERCENARY)


def check_guilds(cards: Sequence[tuple[Any, int]], rules: DeckRules) -> list[Problem]:
    """ER-DECK-3/4: DECK-GUILD problems of a deck's known ``(card, copies)``."""
    problems: list[Problem] = []
    characters = [(c, n) for c, n in cards if rules.is_character(c)]
    others = [(c, n) for c, n in cards if not rules.is_character(c)]
    guilds = sorted({c.fields.get("guild") for c, _ in characters} - {MERCENARY, None})
    if len(guilds) > 1:
        for c, _ in characters:
            if c.fields.get("guild") in guilds[1:]:
                problems.append(Problem("DECK-GUILD", c.name, f"{c.name} belongs to {c.fields['guild']}, but the "
                                                              f"deck already has {guilds[0]} characters; guilds "
                                                              "cannot be combined (Mercenaries can)."))
    deck_guild = guilds[0] if guilds else None
    golem = any(c.fields.get("race") == GOLEM for c, _ in characters)
    for c, _ in others:
        g = c.fields.get("guild")
        if golem and c.type == "item":
            continue  # ER-DECK-4: a Golem may carry another guild's items (played only on a Golem)
        if g and g != MERCENARY and g != deck_guild:
            whose = article(f"{deck_guild} deck") if deck_guild else "a deck of Mercenaries only"
            problems.append(Problem("DECK-GUILD", c.name, f"{c.name} is {article(g)} card and cannot be put in {whose}."))
    return problems


def fill(b: DeckDraft, rules: DeckRules) -> None:
    """The helper's Eredan deck: the core's guild (a Golem's off-guild items do not decide it, ER-DECK-4)
    or one drawn at random, characters of it and Mercenaries up to three, then its cards and
    unaffiliated ones the characters' classes may use, within the copy, unique and evolution limits."""
    golem = any(rules.is_character(c) and c.fields.get("race") == GOLEM for c in b.cards())
    guilds = {g for c in b.cards()
              if (g := c.fields.get("guild")) and g != MERCENARY and not (golem and c.type == "item")}
    if len(guilds) > 1:
        raise ValueError(f"the core mixes guilds ({', '.join(sorted(guilds))}); {article(b.ruleset)} deck has one guild")
    characters = [c for c in b.cat if rules.is_character(c)]
    if guilds:
        guild = next(iter(guilds))
    else:
        guild = b.rng.choice(sorted({str(c.fields["guild"]) for c in characters} - {MERCENARY}))
    chars_now = [c for c in b.cards() if rules.is_character(c)]
    pool = [c for c in characters if c.fields.get("guild") in (guild, MERCENARY) and c.name not in b.counts]
    while len(chars_now) < rules.characters:
        pick = b.pick(sorted(pool, key=lambda c: c.name), lambda c: 3.0 if c.fields.get("guild") == guild else 1.0)
        if pick is None:
            raise ValueError(f"the catalog has too few {guild} and Mercenary characters to fill the deck")
        b.counts[pick.name] = 1
        chars_now.append(pick)
        pool.remove(pick)
    classes = {k for c in chars_now for k in c.fields.get("classes", [])}
    key = rules.copies_name
    cap = rules.max_copies or 0

    def group_total(k: str) -> int:
        return sum(n for name, n in b.counts.items() if not rules.is_character(b.cat[name]) and key(b.cat[name]) == k)

    def group_unique(k: str) -> bool:
        return any(b.cat[n].fields.get("unique") for n in b.counts if key(b.cat[n]) == k)

    def room(c: Any) -> int:
        k = key(c)
        total = group_total(k)
        if c.fields.get("unique"):
            return 1 if total == 0 else 0
        if group_unique(k):
            return 0
        return max(0, cap - total)

    cards = [c for c in b.cat if not rules.is_character(c) and c.name not in b.core
             and c.fields.get("guild") in (None, guild)
             and (not c.fields.get("classes") or classes & set(c.fields["classes"]))]
    cards.sort(key=lambda c: c.name)
    size = rules.min_size or 0
    want = size - sum(n for name, n in b.counts.items() if not rules.is_character(b.cat[name]))
    while want > 0:
        open_pool = [c for c in cards if room(c) > 0]
        pick = b.pick(open_pool, lambda c: 2.0 if c.fields.get("guild") == guild else 1.0)
        if pick is None:
            raise ValueError(f"the catalog has too few {guild} and unaffiliated cards to fill {size}")
        n = min(room(pick), want, 2)
        b.counts[pick.name] += n
        want -= n


DECK_RULES = {
    "eredan": DeckRules(
        min_size=20, max_size=20, max_copies=3, max_unique=1, copies_key=evolution_base,
        characters=3, character_types=("character",), check=check_guilds,
        opening_hand=HAND, draws_per_turn=2, draw_on_turn_one=(False, False),
        mix_field="guild", mix_key=_guild,
        profile_fields=("att", "def", "spirit", "life"), fighter_types=("character",),
        fill=fill,
    ),
}
