"""Card faces of Conquest of the Fallen Lands (``conquest``): the engine's face hook.

003's deck holds Troop, Fortification and Magic cards; each card shows the followers it expends
("playing a Halberdiers card requires you to expend 2 Warriors and 1 Craftsman"), a troop its
Attack and Support, a fortification its Support, a magic card its effect. One token per follower
kind stands at the top left, lettered W, C, M (``3W``: three Warriors); the footer says how many copies the shared deck holds.

>>> from fwlab.catalog import load_catalog
>>> spec = card_face("conquest", load_catalog("conquest")["Archers"])
>>> [p.title for p in spec.corner], [(s.label, s.value) for s in spec.stats], spec.footer
(['1 Warrior', '1 Craftsman'], [('Attack', '4'), ('Support', '1')], '3 copies in the deck')
>>> [p.text for p in card_face("conquest", load_catalog("conquest")["Knights of the Realm"]).corner]
['3W', 'M']
"""

from __future__ import annotations

from ...catalog import Card
from ...catalog.faces import FaceSpec, Pip, Stat

#: what a card of each type does, from 003, for a card that prints no text of its own
RULES = {"troop": "Conquer an unconquered field whose difficulty is at most this Attack plus the Support of "
                  "your troops and fortifications on adjacent fields. It stays there for the game.",
         "fortification": "Fortify one of your conquered fields (one fortification a field): its Support "
                          "adds to your conquests of the adjacent fields."}
FRAMES = {"troop": "#9c2f2f", "fortification": "#6b5b45", "magic": "#5f3dc4"}
#: follower -> (letter, colour), in the order of the game's follower list
FOLLOWERS = {"warrior": ("W", "#c92a2a"), "craftsman": ("C", "#d9822b"), "mage": ("M", "#1c7ed6")}


def _effect(e: dict[str, object]) -> str:
    do = str(e.get("do"))
    n = e.get("n")
    return {"claim": f"Claim a field of difficulty ≤ {e.get('max')}", "boost": f"Boost +{n} attack",
            "draw": f"Draw {n}", "coins": f"Take {n} coins", "steal_support": "Steal support",
            "refresh": f"Refresh {n} followers"}.get(do, do.replace("_", " "))


def card_face(ruleset: str, card: Card) -> FaceSpec:
    """The face of a Conquest card: follower tokens, Attack and Support, the magic's effects."""
    f = card.fields
    followers = f.get("followers", {})
    corner = tuple(Pip(f"{n}{letter}" if n > 1 else letter, colour, f"{n} {kind.capitalize()}{'s' if n > 1 else ''}")
                   for kind, (letter, colour) in FOLLOWERS.items() if (n := int(followers.get(kind, 0))))
    stats: tuple[Stat, ...] = ()
    if card.type == "troop":
        stats = (Stat("Attack", str(f["attack"]), "#c92a2a"), Stat("Support", str(f["support"]), "#2b8a3e"))
    elif card.type == "fortification":
        stats = (Stat("Support", str(f["support"]), "#2b8a3e"),)
    keywords = tuple(_effect(e) for e in f.get("effects", []))
    cost = ", ".join(f"{n} {k}{'s' if n != 1 else ''}" for k, n in followers.items() if n)
    copies = int(f.get("copies", 1))
    text = card.text or RULES.get(card.type, "")
    return FaceSpec(name=card.name, type_line=f"{card.type.capitalize()} · expends {cost}",
                    frame=FRAMES.get(card.type, "#555555"), panel="#f4f1e8", corner=corner,
                    keywords=keywords, text=text, stats=stats,
                    footer=f"{copies} cop{'ies' if copies != 1 else 'y'} in the deck",
                    notes=(("Followers", cost),))
