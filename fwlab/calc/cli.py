"""``fwlab tohit``, ``fwlab combat`` and ``fwlab battle-odds``: the exact calculators on the command line."""

from __future__ import annotations

import argparse
import json
from typing import Any

from .combat import fight
from .duel import duel
from .fighter import Fighter
from .gems import RULESET as GEM_RULESET
from .gems import FlipDeck, PowerUp, battle_odds
from .tohit import DICE_RULESETS, format_chart, need_to_hit, p_hit, tohit_table


def _dump(obj: Any) -> None:
    print(json.dumps(obj, indent=2))


def _tohit(args: argparse.Namespace) -> int:
    literal = bool(args.literal_two)
    if args.table:
        if args.json:
            _dump(tohit_table(10, literal_two=literal))
        else:
            print(format_chart(args.ruleset, literal_two=literal))
        return 0
    if args.att is None or args.defense is None:
        raise ValueError("give --att and --def, or --table")
    need = need_to_hit(args.att, args.defense, literal_two=literal)
    p = p_hit(args.att, args.defense, literal_two=literal)
    if args.json:
        _dump({"att": args.att, "def": args.defense, "need": need, "p_hit": p, "ruleset": args.ruleset,
               "literal_two": literal})
    elif need is None:
        print(f"Att {args.att} never strikes (a card with Att 0 cannot attack): p_hit = 0")
    else:
        print(f"Att {args.att} against Def {args.defense} needs {need}+ on a D6: p_hit = {7 - need}/6 = {p:.4f}")
    return 0


def _combat(args: argparse.Namespace) -> int:
    attacker = Fighter.parse(args.attacker, name="attacker")
    blockers = [Fighter.parse(b, name=f"blocker {i + 1}") for i, b in enumerate(args.blocker)]
    if not blockers:
        raise ValueError("give at least one --blocker \"att,def,dmg,hp\"")
    literal = bool(args.literal_two)
    res = fight(attacker, blockers, target=args.target, literal_two=literal)
    out: dict[str, Any] = res.to_dict()
    if args.duel:
        if len(blockers) != 1:
            raise ValueError("--duel repeats a one-on-one fight: give exactly one --blocker")
        out["duel"] = duel(attacker, blockers[0], horizon=args.duel, literal_two=literal).to_dict()
    if args.json:
        _dump(out)
        return 0
    print(f"Attacker strikes blocker {res.target + 1 if res.target is not None else '-'}")
    print(f"P(attacker dies) = {res.p_attacker_dies:.4f}")
    for i, p in enumerate(res.p_blocker_dies):
        print(f"P(blocker {i + 1} dies) = {p:.4f}")
    dist = ", ".join(f"{k}: {float(p):.4f}" for k, p in enumerate(res.attacker_damage) if p > 0)
    print(f"Damage the attacker takes: {dist}")
    if args.duel:
        d = out["duel"]
        print(f"Duel over {args.duel} rounds (both heal 1 between rounds): attacker dies {sum(d['attacker_death']):.4f}, "
              f"blocker dies {sum(d['blocker_death']):.4f}, both alive {d['p_undecided']:.4f}")
    return 0


def _flip_deck(path: str) -> FlipDeck:
    from ..catalog import load_catalog
    from ..decks.decklist import load_deck

    deck = load_deck(path)
    if deck.ruleset != GEM_RULESET:
        raise ValueError(f"{path}: battle odds use Free Realms gem flips; this deck is for {deck.ruleset!r}")
    cat = load_catalog(GEM_RULESET)
    return FlipDeck.from_cards((cat[name], n) for name, n in deck.counts().items())


def _creature(name: str | None, stat: str) -> tuple[int | None, list[PowerUp]]:
    """A Free Realms creature's attack or defense and its power-ups, from the catalog."""
    if name is None:
        return None, []
    from ..catalog import load_catalog

    cat = load_catalog(GEM_RULESET)
    card = cat.lookup(name)
    if card is None or card.type != "creature":
        raise ValueError(f"{name!r} is not a creature of the Free Realms catalog")
    pus = [PowerUp(str(p["sphere"]), str(p["do"]), int(p.get("n", 0))) for p in card.fields.get("powerups", [])]
    return int(card.fields[stat]), pus


def _battle_odds(args: argparse.Namespace) -> int:
    attack, pus_a = _creature(args.attacker_card, "attack")
    defense, pus_b = _creature(args.defender_card, "defense")
    attack = args.attack if args.attack is not None else attack
    defense = args.defense if args.defense is not None else defense
    if attack is None or defense is None:
        raise ValueError("give --attack (or --attacker-card) and --defense (or --defender-card)")
    args.attack, args.defense = attack, defense
    odds = battle_odds(attack, defense, _flip_deck(args.deck_a), _flip_deck(args.deck_b),
                       attacker_powerups=pus_a + [PowerUp.parse(p) for p in args.powerup_a],
                       defender_powerups=pus_b + [PowerUp.parse(p) for p in args.powerup_b])
    if args.json:
        _dump(odds.to_dict())
        return 0
    print(f"Attack {args.attack} vs defense {args.defense}: win {odds.p_win:.4f}, tie {odds.p_tie:.4f}, "
          f"lose {odds.p_lose:.4f}")
    print("Attacker's flip triggers: " + ", ".join(f"{s} {p:.3f}" for s, p in odds.attacker_triggers.items()))
    print("Defender's flip triggers: " + ", ".join(f"{s} {p:.3f}" for s, p in odds.defender_triggers.items()))
    print("(a flip is a uniformly random card of the whole deck)")
    return 0


def register(sub: Any) -> None:
    p = sub.add_parser("tohit", help="D6 to-hit roll (fw/bg): one pair or the whole chart",
                       description="Needed roll = clamp(4 + Def - Att, 2, 6); a 1 always misses, a 6 always hits.")
    p.add_argument("--att", type=int)
    p.add_argument("--def", dest="defense", type=int)
    p.add_argument("--table", action="store_true", help="every Att and Def 0..10")
    p.add_argument("--ruleset", choices=DICE_RULESETS, default="fw")
    p.add_argument("--literal-two", action="store_true",
                   help="Battlegrounds' literal text: a roll of 2 always misses")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_tohit)

    c = sub.add_parser("combat", help="exact outcome of one attacker against its blockers",
                       description='Creatures are "att,def,dmg,hp" with optional extras shield=N, taken=N, exp=N.')
    c.add_argument("--attacker", required=True, help='"att,def,dmg,hp[,shield=N,taken=N]"')
    c.add_argument("--blocker", action="append", default=[], help="repeat for each blocker")
    c.add_argument("--target", type=int, default=None,
                   help="index (0-based) of the blocker the attacker strikes; default the likeliest kill")
    c.add_argument("--duel", type=int, default=0, metavar="ROUNDS",
                   help="also repeat the one-on-one fight for up to ROUNDS rounds with healing")
    c.add_argument("--literal-two", action="store_true")
    c.add_argument("--json", action="store_true")
    c.set_defaults(func=_combat)

    b = sub.add_parser("battle-odds", help="Free Realms battle: P(win/tie/lose) from both decks' gem flips")
    b.add_argument("--attack", type=int, help="the attacking creature's attack")
    b.add_argument("--defense", type=int, help="the defending creature's defense")
    b.add_argument("--attacker-card", help="take attack and power-ups from this catalog creature")
    b.add_argument("--defender-card", help="take defense and power-ups from this catalog creature")
    b.add_argument("--deck-a", required=True, help="the attacker's decklist (ruleset fr)")
    b.add_argument("--deck-b", required=True, help="the defender's decklist (ruleset fr)")
    b.add_argument("--powerup-a", action="append", default=[], metavar="SPHERE:attack:N",
                   help="an attacker power-up, e.g. nature:attack:2 (repeatable)")
    b.add_argument("--powerup-b", action="append", default=[], metavar="SPHERE:defense:N",
                   help="a defender power-up, e.g. order:defense:1 (repeatable)")
    b.add_argument("--json", action="store_true")
    b.set_defaults(func=_battle_odds)
