"""The keyword-ability vocabulary of the Daemornia catalog (rulesets ``fw``, ``fw-epic``, ``bg``).

Abilities are data: each is a table with a ``kw`` name and parameters. The engine executes every
keyword listed here; the catalog loader rejects any keyword or parameter that is not listed, so a
card can never carry an ability the engine would silently ignore. ``docs/catalogs.md`` documents
each keyword for card writers; ``docs/rules.md`` gives the rule IDs the engine follows.
"""

from __future__ import annotations

from typing import Final

#: Targets an ``effect`` or an event may name.
TARGETS: Final = frozenset({"self", "own_creature", "enemy_creature", "any_creature", "enemy_scenario",
                            "own_scenario", "opponent", "you", "all_creatures", "enemy_creatures",
                            "own_creatures", "event"})

#: What an activated effect or an event does (the ``do`` parameter) -> parameters it needs.
ACTIONS: Final[dict[str, frozenset[str]]] = {
    "damage": frozenset({"n"}),          # deal n damage to the target(s)
    "heal": frozenset({"n"}),            # heal n Hp, never above printed Hp
    "buff": frozenset({"stat", "n"}),    # +n (or -n) to att/def/dmg until the end of Resolution
    "draw": frozenset({"n"}),            # the controller draws n cards
    "drain": frozenset({"n"}),           # the opponent loses n Capital
    "gain_capital": frozenset({"n"}),    # the controller gains n Capital (the only way Capital rises)
    "gain_res": frozenset({"n"}),        # add n Res to the controller's pool now
    "lock": frozenset(),                 # lock the target creature
    "unlock": frozenset(),               # unlock the target creature
    "destroy": frozenset(),              # the target is Destroyed: removed from the game
    "return": frozenset(),               # return the target (own creature) to its owner's hand
    "discard": frozenset({"n"}),         # the opponent discards n cards at random
    "counter": frozenset(),              # cancel the event this one answers
    "sacrifice": frozenset(),            # put the target (own creature, or self) into its owner's graveyard:
                                         # not a kill (no last gasp, no Exp loss)
}

#: Stats a ``buff`` may change.
BUFF_STATS: Final = frozenset({"att", "def", "dmg"})

#: keyword -> (required parameters, optional parameters)
KEYWORDS: Final[dict[str, tuple[frozenset[str], frozenset[str]]]] = {
    # static abilities of a creature (or granted to the creature an attachment is on)
    "swift": (frozenset(), frozenset()),              # may attack the turn it is deployed
    "guardian": (frozenset({"n"}), frozenset()),      # may block up to n attackers
    "heal": (frozenset({"n"}), frozenset({"target"})),  # heals n extra Hp in the Healing phase (target self|allies)
    "raider": (frozenset({"n"}), frozenset()),        # +n Dmg when raiding
    "siege": (frozenset({"n"}), frozenset()),         # +n Dmg when striking a Scenario
    "elusive": (frozenset(), frozenset()),            # cannot be blocked
    "vigilant": (frozenset(), frozenset()),           # declaring it as an attacker does not lock it
    "shield": (frozenset({"n"}), frozenset()),        # each hit on it deals n less damage (not below 0)
    "income": (frozenset({"n"}), frozenset()),        # +n Res in its controller's Resource phase
    "discount": (frozenset({"n", "type"}), frozenset()),  # its controller's cards of a type cost n less (min 1)
    "last_gasp": (frozenset({"n"}), frozenset()),     # when it is killed, the opponent loses n Capital
    # activated: a card effect paid with Res, once per turn, in any phase of either player's turn
    "effect": (frozenset({"cost", "do", "target"}), frozenset({"n", "stat", "lock", "sacrifice"})),
}

#: Parameters that are integers (all others are text or bool).
INT_PARAMS: Final = frozenset({"n", "cost"})
BOOL_PARAMS: Final = frozenset({"lock", "sacrifice"})
#: Card types a ``discount`` may name.
DISCOUNT_TYPES: Final = frozenset({"creature", "event", "scenario", "attachment"})
HEAL_TARGETS: Final = frozenset({"self", "allies"})
