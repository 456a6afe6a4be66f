"""Card faces of Free Realms (``fr``): the engine's face hook.

As 001 describes a card: a creature has a name, traits, coin cost, attack, defense, game text and
gems; a trick a name, star cost, game text and gems; a resource a name, traits, game text and
gems. "Nearly every card has one to four gems along its bottom edge", each of a sphere's colour;
every card but a Hero has a sphere. The collector information ("1 U 132") is at the bottom.

>>> from fwlab.catalog import load_catalog
>>> spec = card_face("fr", load_catalog("fr")["Ember Imp"])
>>> spec.corner[0].text, [g.title for g in spec.gems], [(s.label, s.value) for s in spec.stats]
('1', ['chaos gem', 'chaos gem', 'chaos gem', 'chaos gem'], [('Attack', '2'), ('Defense', '1')])
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...catalog import Card
from ...catalog.faces import FaceSpec, Pip, Stat
from ..deckrules import plural

#: sphere -> (frame colour, gem colour, emblem text)
SPHERES = {"chaos": ("#c0392b", "#e8590c", "Ch"), "nature": ("#2b8a3e", "#40c057", "Na"),
           "machine": ("#5c6b7a", "#adb5bd", "Ma"), "order": ("#1c5fb0", "#4dabf7", "Or")}
HERO = "#8a6d1d"
RARITY = {"C": "Common", "U": "Uncommon", "R": "Rare", "E": "Exclusive", "P": "Promo", "S": "Starter"}


def _action(a: Mapping[str, Any]) -> str:
    do = str(a.get("do", ""))
    n = a.get("n")
    what = {"attack": f"+{n} attack", "defense": f"+{n} defense", "score": f"score {n}", "draw": f"draw {n}",
            "destroy": f"destroy a foe of cost {n} or less", "stun": "stun the foe", "end_battle": "end the battle",
            "move": "move"}.get(do, do.replace("_", " "))
    if a.get("trait"):
        what += f" ({a['trait']} only)"
    return what


def _cost(a: Mapping[str, Any]) -> str:
    paid = []
    if "coins" in a:
        paid.append(plural(a["coins"], "coin"))
    if "stars" in a:
        paid.append(plural(a["stars"], "star"))
    if a.get("zap"):
        paid.append("zap")
    if a.get("face_down"):
        paid.append("turn face down")
    if "discard" in a:
        paid.append(f"discard {a['discard']}")
    return ", ".join(paid)


def keywords(card: Card) -> tuple[str, ...]:
    """Power-ups (by the gem that triggers them), Collect, and the card's actions with their costs."""
    f = card.fields
    out = [f"Power-up {p.get('sphere')}: {_action(p)}" for p in f.get("powerups", [])]
    c = f.get("collect")
    if c:
        by = c.get("by")
        what = {"attack": f"+{by} attack", "defense": f"+{by} defense", "hunt": f"hunts score +{by}"}.get(
            str(c.get("do")), str(c.get("do")))
        out.append(f"Collect {c.get('n')}: {what}")
    r = f.get("rally")
    if r:
        gets = [f"+{r[k]} {k}" for k in ("attack", "defense") if r.get(k)]
        n = int(r.get("n", 1))
        out.append(f"Rally{f' ({n} behind)' if n > 1 else ''}: {', '.join(gets)}")
    for a in list(f.get("actions", [])) + (list(f.get("effects", [])) if card.type == "resource" else []):
        out.append(f"{_cost(a)}: {_action(a)}")
    return tuple(out)


def card_face(ruleset: str, card: Card) -> FaceSpec:
    """The face of a Free Realms card: frame and emblem of its sphere (a Hero's own gold), coin or
    star cost, traits, power-ups, attack and defense, gems along the bottom, collector number."""
    f = card.fields
    hero = bool(f.get("hero"))
    sphere = f.get("sphere")
    frame, _, short = SPHERES.get(str(sphere), (HERO, "#ffd43b", "He"))
    emblem = Pip("★" if hero else short, HERO if hero else frame, "Hero (no sphere)" if hero else f"sphere: {sphere}",
                 shape="shield")
    corner: tuple[Pip, ...] = ()
    if card.type == "creature":
        corner = (Pip(str(f["cost"]), "#f2b705", plural(f["cost"], "coin"), ink="#2b2100"),)
    elif card.type == "trick":
        corner = (Pip(str(f["cost"]), "#6741d9", plural(f["cost"], "star")),)
    traits = [t for t in f.get("traits", []) if not (hero and t == "Hero")]
    kind = "Hero creature" if hero else card.type.capitalize()
    type_line = kind + (f" — {' '.join(traits)}" if traits else "")
    stats: tuple[Stat, ...] = ()
    if card.type == "creature":
        stats = (Stat("Attack", str(f["attack"]), "#c92a2a"), Stat("Defense", str(f["defense"]), "#1864ab"))
    gems = tuple(Pip("", SPHERES.get(str(g), ("", "#ced4da", ""))[1], f"{g} gem", shape="diamond")
                 for g in f.get("gems", []))
    footer = f"{f['collector']} · {RARITY.get(card.rarity, card.rarity)}"
    notes = (("Gems", str(len(gems))),) + ((("Sphere", str(sphere)),) if sphere else ())
    return FaceSpec(name=card.name, type_line=type_line, frame=frame, panel="#f7f5ee", corner=corner,
                    emblem=emblem, keywords=keywords(card), text=card.text, flavour=str(f.get("lore", "")),
                    stats=stats, gems=gems, footer=footer, notes=notes)
