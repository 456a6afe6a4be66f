"""Card faces (issue 30 part 1, docs/card-faces.md): every card of every shipped catalog renders to
valid SVG that shows its name, its cost and its printed figures, in the frame its game's text
describes; a game without a face hook gets the generic face; unknown cards are clear errors.

The figures are read back from the drawn SVG (its ``stat`` boxes, its orb) and compared with the
catalog's own fields, not with the face spec, so a face that drops or mislabels a figure fails.
"""

from __future__ import annotations

import base64
import re
import xml.etree.ElementTree as ET

import pytest

from fwlab.catalog import Card, CatalogError, load_catalog
from fwlab.catalog.faces import (
    THUMB_BELOW,
    FaceSpec,
    Pip,
    Stat,
    esc,
    faces_grid_html,
    generic_face,
    render_svg,
    svg_img,
    text_width,
    wrap,
)
from fwlab.rules.faces import card_face, face_svg, find_card

NS = "{http://www.w3.org/2000/svg}"
RULESETS = ("fw", "fw-epic", "bg", "fr", "eredan", "conquest")
WIDTHS = (120, 250, 400)


def _texts(el: ET.Element) -> str:
    """Every text node of an element, words joined by single spaces (tspans are separate lines)."""
    return " ".join(" ".join(el.itertext()).split())


def _visible(root: ET.Element) -> str:
    """The text drawn on the face (``<text>`` elements only, not tooltips)."""
    return " ".join(_texts(t) for t in root.iter(f"{NS}text"))


def _stats(root: ET.Element) -> dict[str, str]:
    """The stats bar as drawn: label -> value."""
    out = {}
    for g in root.iter(f"{NS}g"):
        if g.get("class") == "stat":
            texts = [_texts(t) for t in g.iter(f"{NS}text")]
            out[texts[0]] = texts[1]
    return out


def _expected_stats(ruleset: str, card: Card) -> dict[str, str]:
    """What each game's text says its cards print, from the catalog fields."""
    f = card.fields
    if card.family == "daemornia" and card.type in ("creature", "scenario"):
        out = {"Att": f["att"], "Def": f["def"], "Dmg": f["dmg"], "Hp": f["hp"]}
        return {**out, "Exp": f["exp"]} if ruleset == "bg" else out
    if card.family == "daemornia" and card.type == "attachment":
        mods = {k.capitalize(): f[k] for k in ("att", "def", "dmg", "hp") if k in f}
        return {**mods, "Exp": f"+{f['exp']}"} if ruleset == "bg" and f.get("exp") else mods   # added Exp
    if card.family == "freerealms" and card.type == "creature":
        return {"Attack": f["attack"], "Defense": f["defense"]}
    if card.family == "eredan" and card.type == "character":
        return {"Life": f["life"], "Att": f["att"], "Def": f["def"], "Spirit": f["spirit"]}
    if card.family == "conquest" and card.type == "troop":
        return {"Attack": f["attack"], "Support": f["support"]}
    if card.family == "conquest" and card.type == "fortification":
        return {"Support": f["support"]}
    return {}


def _expected_cost(card: Card) -> list[str]:
    """The texts of the cost tokens at the top left."""
    f = card.fields
    if card.family == "daemornia":
        return [str(f["res"])]
    if card.family == "freerealms":
        return [str(f["cost"])] if card.type in ("creature", "trick") else []
    if card.family == "conquest":
        letters = {"warrior": "W", "craftsman": "C", "mage": "M"}
        return [f"{n}{letters[k]}" if n > 1 else letters[k] for k, n in f["followers"].items() if n]
    return []


def _all_cards() -> list[tuple[str, str]]:
    return [(r, c.name) for r in RULESETS for c in load_catalog(r)]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_FACE_1_every_card_of_every_catalog_renders_valid_svg_with_its_name_cost_and_stats(ruleset: str) -> None:
    cat = load_catalog(ruleset)
    assert len(cat) > 50
    for card in cat:
        for width in WIDTHS:
            svg = face_svg(ruleset, card, width)
            root = ET.fromstring(svg)                      # well-formed XML
            assert root.tag == f"{NS}svg", card.name
            assert root.get("width") == str(width) and root.get("viewBox") == "0 0 250 350"
            assert root.get("data-card") == card.name
            shown = _visible(root)
            assert card.name in shown, f"{ruleset} {card.name} at {width}px: name not drawn ({shown[:80]})"
            stats = _stats(root)
            want = {k: str(v) for k, v in _expected_stats(ruleset, card).items()}
            assert stats == want, f"{ruleset} {card.name} at {width}px"
            for token in _expected_cost(card):
                assert re.search(rf">{re.escape(token)}</text>", svg), f"{ruleset} {card.name}: cost {token}"
            assert "href" not in svg and "<image" not in svg and "@font-face" not in svg and "url(http" not in svg


@pytest.mark.parametrize("ruleset", RULESETS)
def test_FACE_2_a_full_size_face_shows_the_rules_text_wrapped_and_the_keywords(ruleset: str) -> None:
    for card in load_catalog(ruleset):
        spec = card_face(ruleset, card)
        root = ET.fromstring(render_svg(spec, 300))
        by_class = {t.get("class"): t for t in root.iter(f"{NS}text") if t.get("class")}
        if card.text:
            rules = by_class["rules"]
            lines = [_texts(s) for s in rules]
            words = " ".join(lines)
            first_words = " ".join(card.text.split()[:4])
            assert words.startswith(first_words), (card.name, words[:60])
            if len(card.text) > 60:
                assert len(lines) > 1, f"{card.name}: a long text is wrapped"
            for line in lines:      # every line fits the text box (250 units, 10 of padding each side)
                assert text_width(line, float(rules.get("font-size", 0))) <= 250 - 38, (card.name, line)
        if spec.keywords:
            assert _texts(by_class["keywords"]).startswith(spec.keywords[0].split()[0])


def test_FACE_2_a_thumbnail_keeps_name_cost_type_and_stats_large_and_the_text_in_its_tooltip() -> None:
    card = load_catalog("fw")["Shieldbearer"]
    thumb = ET.fromstring(face_svg("fw", card, 120))
    full = ET.fromstring(face_svg("fw", card, THUMB_BELOW))
    name_size = {float(t.get("font-size", 0)) for t in thumb.iter(f"{NS}text") if t.get("class") == "name"}
    assert min(name_size) >= 20                  # ~10 px high at 120 px wide
    assert not [t for t in thumb.iter(f"{NS}text") if t.get("class") == "rules"]   # keywords shown instead
    assert card.text in " ".join(thumb.find(f"{NS}title").itertext())              # hover: the whole card
    assert [t for t in full.iter(f"{NS}text") if t.get("class") == "rules"]


#: frames as the texts describe them (000: red creatures, blue events, brown scenarios, grey
#: attachments, gold Specials; 001: each sphere its colour, Heroes none; 004: the guild's)
FRAMES = [("fw", "Shieldbearer", "#b3261e"), ("fw", "Firebolt", "#1f5fa8"), ("fw", "Steel Mill", "#7a4a1f"),
          ("fw", "Flame Brand", "#7d8288"), ("fw", "Marcko Volans", "#c9a227"),
          ("fr", "Ember Imp", "#c0392b"), ("fr", "Captain Vessa Redsail", "#8a6d1d"),
          ("eredan", "Corvan Emberguard", "#c4441a")]


@pytest.mark.parametrize(("ruleset", "name", "colour"), FRAMES)
def test_FACE_3_frames_take_the_colour_the_game_text_gives_the_card(ruleset: str, name: str, colour: str) -> None:
    root = ET.fromstring(face_svg(ruleset, name, 250))
    frame = next(root.iter(f"{NS}rect"))
    assert frame.get("fill") == colour


def test_FACE_3_each_game_draws_its_own_anatomy() -> None:
    fw = card_face("fw", "D'Kara")
    assert fw.corner[0].color == "#111111" and fw.emblem is not None and fw.emblem.title == "nature: Daemon"
    assert "Swift" in fw.keywords and any(k.startswith("Raider 2") for k in fw.keywords)
    bg = card_face("bg", "Flame Brand")
    assert "spell slot" in bg.type_line and "slot" not in card_face("fw", "Flame Brand").type_line
    fr = card_face("fr", "Captain Vessa Redsail")
    assert [g.title for g in fr.gems] == ["chaos gem", "order gem"] and fr.footer.startswith("1 R 85")
    assert fr.emblem is not None and fr.emblem.title == "Hero (no sphere)"
    # a Free Realms cost says its unit, singular for 1 (creatures cost coins, tricks stars)
    assert card_face("fr", "Thorn Wall").corner[0].title == "1 star"
    assert card_face("fr", "Bark Skin").corner[0].title == "2 stars"
    assert card_face("fr", "Burrowing Vole").corner[0].title == "2 coins"
    er = card_face("eredan", "Ember Lance III")
    assert "Unique" in er.keywords and "Evolution 3 of Ember Lance" in er.keywords
    cq = card_face("conquest", "Knights of the Realm")
    assert [p.title for p in cq.corner] == ["3 Warriors", "1 Mage"]


def test_FACE_4_a_game_without_a_face_hook_gets_the_generic_face_from_its_fields() -> None:
    card = Card(family="toy", name='<Evil & "Co">', type="fighter", subtype=None, rarity="rare", cost=3,
                attack=4, defense=2, text="Strikes twice & <laughs>.",
                fields={"name": '<Evil & "Co">', "type": "fighter", "cost": 3, "power": 4, "guard": 2,
                        "keywords": ["swift", "sturdy"], "rarity": "rare", "text": "Strikes twice & <laughs>."})
    spec = generic_face(card)
    assert [(s.label, s.value) for s in spec.stats] == [("Power", "4"), ("Guard", "2")]
    assert spec.corner[0].text == "3" and spec.keywords == ("Swift", "Sturdy")
    svg = render_svg(spec, 250)
    root = ET.fromstring(svg)                    # the text is escaped: still valid XML
    assert '<Evil & "Co">' in _visible(root) and "Strikes twice & <laughs>." in _visible(root)
    assert "<laughs>" not in svg


def test_FACE_5_an_unknown_card_is_an_error_naming_the_closest_cards() -> None:
    with pytest.raises(CatalogError, match="did you mean Ashfang Raider"):
        find_card("fw", "Ashfang Raidr")
    with pytest.raises(CatalogError, match="no such card in the conquest catalog"):
        face_svg("conquest", "Zzyzx Quux")
    assert find_card("fr", "  ember imp ").name == "Ember Imp"
    with pytest.raises(ValueError, match="unknown ruleset|ruleset"):
        face_svg("no-such-game", "Nominod")


def test_FACE_6_text_is_escaped_wrapped_and_measured() -> None:
    assert esc("a<b>&'\"\x07") == "a&lt;b&gt;&amp;&#39;&quot;"
    lines = wrap("a" * 80, 10, 100)
    assert all(text_width(line, 10) <= 100 for line in lines) and "".join(lines).replace("-", "") == "a" * 80
    assert text_width("W", 10) > text_width("i", 10) and text_width("ab", 10, bold=True) > text_width("ab", 10)


def test_FACE_7_faces_go_into_html_as_inline_svg_or_as_images_that_decode_to_the_face() -> None:
    svg = face_svg("eredan", "Corvan Emberguard", 120)
    img = svg_img(svg, "Corvan Emberguard")
    data = re.search(r'src="data:image/svg\+xml;base64,([^"]+)"', img)
    assert data and base64.b64decode(data.group(1)).decode() == svg
    assert 'alt="Corvan Emberguard"' in img and 'width="120" height="168"' in img
    grid = faces_grid_html([(svg, "Corvan: 55% <best>")], 120)
    assert grid.count("<figure>") == 1 and "55% &lt;best&gt;" in grid


def test_FACE_8_spec_round_trips_to_json_data() -> None:
    spec = FaceSpec(name="X", type_line="T", frame="#123456", corner=(Pip("1", "#000", "one"),),
                    stats=(Stat("Att", "2"),), keywords=("K",))
    d = spec.to_dict()
    assert d["corner"] == [{"text": "1", "title": "one", "color": "#000"}] and d["stats"] == [{"label": "Att", "value": "2"}]
    with pytest.raises(ValueError, match="at least 16 pixels"):
        render_svg(spec, 8)
