"""Card faces of Eredan ITCG (``eredan``): the engine's face hook.

004's cards: a character has its guild (or Mercenary), its class or two, its race and its Life,
Att, Def and Spirit, with turn bonuses ("Turn 1: Attack +1"); the deck's cards (items, spells,
theurgies, skills, actions) show their guild, the classes or caste they are reserved for, Unique,
Chain and evolution levels. The frame takes the guild's colour.

>>> from fwlab.catalog import load_catalog
>>> spec = card_face("eredan", load_catalog("eredan")["Corvan Emberguard"])
>>> spec.emblem.title, [s.label for s in spec.stats]
('guild: Ember Court', ['Life', 'Att', 'Def', 'Spirit'])
>>> spec.keywords
('Turn 1: Att +1', 'Chains after a weapon')
"""

from __future__ import annotations

from ...catalog import Card
from ...catalog.faces import FaceSpec, Pip, Stat

#: guild -> (frame colour, emblem text)
GUILDS = {"Ember Court": ("#c4441a", "EC"), "Tidewardens": ("#1b6ea8", "TW"), "Ashen Pact": ("#4a4f57", "AP"),
          "Mercenary": ("#8b6a45", "Me")}
UNAFFILIATED = ("#6d7f63", "U")
CLASSES = {"Fighter": ("Fi", "#a61e4d"), "Mage": ("Ma", "#5f3dc4"), "Marauder": ("Mr", "#2f9e44"),
           "Priest": ("Pr", "#e0a800"), "Craftsman": ("Cr", "#8d5524")}
STAT_COLORS = {"Life": "#c92a2a", "Att": "#e8590c", "Def": "#1864ab", "Spirit": "#7048e8"}
_STAT = {"att": "Att", "def": "Def", "spirit": "Spirit"}


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def _effect(e: dict[str, object] | object) -> str:
    if not isinstance(e, dict):
        return str(e)
    do, n, target = str(e.get("do")), e.get("n"), e.get("target")
    who = {"self": "", "foe": "foe ", "ally": "ally ", "allies": "allies ", "enemies": "enemies "}.get(str(target), "")
    if do == "damage":
        s = f"{n} damage to {who.strip() or 'self'}"
    elif do == "heal":
        s = f"heal {who}{n}".replace("  ", " ")
    elif do in _STAT:
        s = f"{who}{_STAT[do]} {_signed(int(str(n)))}"
    elif do == "draw":
        s = f"draw {n}"
    elif do == "bonuses":
        s = f"{who}turn bonuses now"
    elif do == "retrieve":
        s = f"retrieve {n}" + (f" {e['kind']}" if e.get("kind") else "")
    else:
        s = do
    if e.get("bearer"):
        s += f" ({'otherwise' if e['bearer'] == 'other' else 'if ' + str(e['bearer'])})"
    return s.strip()


def card_face(ruleset: str, card: Card) -> FaceSpec:
    """The face of an Eredan card: guild frame and emblem, class tokens at the top left, the
    character's Life/Att/Def/Spirit, turn bonuses and the card's keywords."""
    f = card.fields
    guild = f.get("guild")
    frame, short = GUILDS.get(str(guild), UNAFFILIATED)
    emblem = Pip(short, frame, f"guild: {guild}" if guild else "unaffiliated (any guild's deck)", shape="shield")
    classes = list(f.get("classes", []))
    corner = tuple(Pip(CLASSES[c][0], CLASSES[c][1], c if card.type == "character" else f"{c}s only")
                   for c in classes if c in CLASSES)
    kw: list[str] = []
    stats: tuple[Stat, ...] = ()
    if card.type == "character":
        race = str(f.get("race")) + (f" ({f['element']})" if f.get("element") else "")
        type_line = f"Character — {' / '.join(classes)} · {race}"
        stats = tuple(Stat(k, str(f[k.lower()]), STAT_COLORS[k]) for k in ("Life", "Att", "Def", "Spirit"))
        kw += [f"Turn {b['turn']}: {_STAT.get(str(b['stat']), b['stat'])} {_signed(int(b['n']))}"
               for b in f.get("bonuses", [])]
        mb = f.get("marauder_bonus")
        if mb:
            kw.append(f"Att +{mb.get('n')} vs {mb.get('vs')}")
        if f.get("item_chain"):
            kw.append(f"Chains after a {f['item_chain']}")
        if f.get("caste"):
            kw.append(f"Caste: {f['caste']}")
        footer = f"{guild} · {card.rarity}"
    else:
        sub = card.type.capitalize()
        if card.type == "item":
            sub += f" — {str(f.get('kind')).capitalize()}"
            if f.get("kind") in ("potion", "scroll"):
                kw.append("Consumable")
        if card.type == "spell" and f.get("element"):
            sub += f" — {f['element']}"
        type_line = sub + (f" · {guild}" if guild else "")
        if f.get("unique"):
            kw.append("Unique")
        evo = f.get("evolution")
        if evo:
            kw.append(f"Evolution {evo.get('level')} of {evo.get('base')}")
        if f.get("chain"):
            kw.append("Chain" + (f" ({f['chain_with']})" if f.get("chain_with") else ""))
        if f.get("aoe"):
            kw.append("Area")
        if f.get("dual_wield"):
            kw.append("Dual Wield")
        if f.get("hands") == 2:
            kw.append("Two-handed")
        if f.get("caste"):
            kw.append(f"{f['caste']} caste")
        effects = [_effect(e) for e in f.get("effects", [])]
        if effects:
            kw.append("; ".join(effects))
        footer = (str(guild) if guild else "Unaffiliated") + f" · {card.rarity}"
    return FaceSpec(name=card.name, type_line=type_line, frame=frame, panel="#f6f3ee", corner=corner,
                    emblem=emblem, keywords=tuple(kw), text=card.text, stats=stats, footer=footer)
