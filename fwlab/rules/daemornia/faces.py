"""Card faces of the Daemornia games (``fw``, ``fw-epic``, ``bg``): the engine's face hook.

As 000 describes the card layout: red-bordered creatures with their nature's logo at the top
right, blue events, brown scenarios, grey attachments, gold Specials; the Res cost on a black orb
at the top left; Att, Def, Dmg and Hp along the bottom. Battlegrounds (002) adds the Exp a
creature loses on death and an attachment's slot, so a ``bg`` face shows both.

>>> from fwlab.catalog import load_catalog
>>> spec = card_face("fw", load_catalog("fw")["Shieldbearer"])
>>> spec.frame, spec.corner[0].text, [s.label for s in spec.stats], spec.keywords
('#b3261e', '2', ['Att', 'Def', 'Dmg', 'Hp'], ('Guardian 2',))
>>> [s.label for s in card_face("bg", load_catalog("bg")["Shieldbearer"]).stats]
['Att', 'Def', 'Dmg', 'Hp', 'Exp']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...catalog import Card
from ...catalog.faces import FaceSpec, Pip, Stat

#: border colours by card type (000: "Red Border", "Blue Border", "Brown Border", "Gray Border")
FRAMES = {"creature": "#b3261e", "event": "#1f5fa8", "scenario": "#7a4a1f", "attachment": "#7d8288"}
#: the gold border of a Special
SPECIAL = "#c9a227"
PANELS = {"creature": "#fbf0ec", "event": "#eef3fb", "scenario": "#f6efe6", "attachment": "#f1f2f3"}
#: a creature's nature logo (top right): short text and colour
NATURES = {"Human": ("Hu", "#b07a3c"), "Daemon": ("Da", "#7b1f1f"), "Beast": ("Be", "#4e7d2a"),
           "Machine": ("Ma", "#52606b"), "Undead": ("Un", "#5e4b7a")}
STAT_COLORS = {"Att": "#b3261e", "Def": "#1f5fa8", "Dmg": "#d9480f", "Hp": "#2b8a3e", "Exp": "#7048e8"}

_KW_NAMES = {"last_gasp": "Last Gasp"}
_TARGETS = {"own_creature": "your creature", "enemy_creature": "enemy creature", "any_creature": "any creature",
            "enemy_scenario": "enemy Scenario", "own_scenario": "your Scenario", "all_creatures": "all creatures",
            "enemy_creatures": "enemy creatures", "own_creatures": "your creatures", "self": "itself",
            "opponent": "opponent", "you": "you", "event": "an event"}


def keyword(ab: Mapping[str, Any]) -> str:
    """One ability as its keyword line: ``Guardian 2``, ``Discount 1 creature``, ``Effect (1 Res, lock):
    damage 1 enemy creature``.

    >>> keyword({"kw": "effect", "cost": 1, "do": "damage", "n": 1, "target": "enemy_creature", "lock": True})
    'Effect (1 Res, lock): damage 1 enemy creature'
    """
    kw = str(ab.get("kw", ""))
    name = _KW_NAMES.get(kw, kw.replace("_", " ").capitalize())
    if kw == "effect":
        paid = [f"{ab.get('cost', 0)} Res"] + [p for p in ("lock", "sacrifice") if ab.get(p)]
        what = str(ab.get("do", "")).replace("_", " ")
        if "stat" in ab:
            what += f" {ab['stat']}"
        if "n" in ab:
            what += f" {'+' if ab.get('do') == 'buff' and int(ab['n']) > 0 else ''}{ab['n']}"
        target = ab.get("target")
        if target:
            what += f" {_TARGETS.get(str(target), str(target))}"
        return f"Effect ({', '.join(paid)}): {what}"
    parts = [name]
    if "n" in ab:
        parts.append(str(ab["n"]))
    if kw == "discount" and "type" in ab:
        parts.append(str(ab["type"]))
    if kw == "heal" and ab.get("target") == "allies":
        parts.append("allies")
    return " ".join(parts)


def card_face(ruleset: str, card: Card) -> FaceSpec:
    """The face of a Daemornia card in ``ruleset`` (``bg`` also shows Exp and the attachment's slot)."""
    f = card.fields
    bg = ruleset == "bg"
    frame = SPECIAL if card.special else FRAMES.get(card.type, "#7d8288")
    corner = (Pip(str(f["res"]), "#111111", f"{f['res']} Res to deploy"),)
    emblem = None
    if card.type == "creature":
        short, colour = NATURES.get(str(f.get("nature")), (str(f.get("nature", "?"))[:2], "#555555"))
        emblem = Pip(short, colour, f"nature: {f.get('nature')}", shape="shield")
    kind = card.type.capitalize()
    if card.type == "creature":
        type_line = f"Creature — {f.get('nature')}"
    elif card.type == "event":
        phases = f.get("phases") or []
        type_line = f"Event — {str(card.subtype).capitalize()}" + (f" ({', '.join(phases)})" if phases else "")
    elif card.type == "attachment":
        type_line = f"Attachment — {str(card.subtype).capitalize()}" + (f" · {f.get('slot')} slot" if bg else "")
    else:
        type_line = kind
    if card.special:
        type_line = "Special " + type_line
    stats: list[Stat] = []
    if card.type in ("creature", "scenario"):
        stats = [Stat(k, str(f[k.lower()]), STAT_COLORS[k]) for k in ("Att", "Def", "Dmg", "Hp")]
        if bg:
            stats.append(Stat("Exp", str(f.get("exp", 0)), STAT_COLORS["Exp"]))
    elif card.type == "attachment":
        stats = [Stat(k, str(f[k.lower()]), STAT_COLORS[k]) for k in ("Att", "Def", "Dmg", "Hp") if k.lower() in f]
        if bg and f.get("exp"):
            stats.append(Stat("Exp", f"+{f['exp']}", STAT_COLORS["Exp"]))
    keywords = tuple(keyword(ab) for ab in card.abilities)
    footer = card.rarity + (" · at most one in a deck" if card.special else "")
    notes: list[tuple[str, str]] = [("Res", str(f["res"]))]
    if card.type == "scenario":
        notes.append(("Resources", "+1 Res in your Resource phase"))
    return FaceSpec(name=card.name, type_line=type_line, frame=frame, panel=PANELS.get(card.type, "#f8f4ea"),
                    corner=corner, emblem=emblem, keywords=keywords, text=card.text,
                    flavour=str(f.get("flavour", "")), stats=tuple(stats), footer=footer, notes=tuple(notes))
