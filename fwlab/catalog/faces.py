"""Card faces: a card drawn as SVG from plain data (docs/card-faces.md).

A game says what its card looks like as a :class:`FaceSpec` (frame colour, cost orb, emblem, type
line, keywords, rules text, stats, gems), written by its engine's face hook
(``fwlab/rules/<game>/faces.py``) or, for a game without one, by :func:`generic_face` from the
card's own fields. :func:`render_svg` draws any spec, so every game's faces share one renderer.

The SVG is self-contained: no image, no font file (a system font stack), every text escaped.
Below :data:`THUMB_BELOW` pixels wide the face is drawn for a thumbnail (name, cost, type,
keywords and stats large; the rules text only in the tooltip); from there up, in full.

>>> spec = FaceSpec(name="Imp & Co", type_line="Creature", frame="#b3261e",
...                 corner=(Pip("2", "#111", "Res 2"),), stats=(Stat("Att", "3"),))
>>> svg = render_svg(spec, width=240)
>>> svg.startswith("<svg") and "Imp &amp; Co" in svg and 'width="240"' in svg
True
"""

from __future__ import annotations

import base64
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from .model import Card

#: The drawing's own units: every face is a 250 x 350 card (5:7) scaled to the width asked for.
VIEW_W: Final[int] = 250
VIEW_H: Final[int] = 350
#: Where the inner panel ends: the frame's bottom strip below it holds the footer.
PANEL_BOTTOM: Final[int] = 328
#: Faces narrower than this (in pixels) use the thumbnail layout.
THUMB_BELOW: Final[int] = 170
#: System fonts only: nothing is downloaded.
FONT: Final[str] = ("system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, "
                    "'DejaVu Sans', 'Liberation Sans', sans-serif")


@dataclass(frozen=True)
class Pip:
    """A small round token: a cost orb, an emblem, a gem. ``text`` is drawn inside (a number or a
    letter or two), ``title`` names it in full (tooltip and the text view)."""

    text: str
    color: str
    title: str = ""
    ink: str = "#ffffff"
    #: ``circle``, ``diamond`` (a gem) or ``shield`` (a guild or nature logo)
    shape: str = "circle"


@dataclass(frozen=True)
class Stat:
    """One printed figure of the stats bar: ``label`` (Att, Def, Hp, Life...) and its ``value``."""

    label: str
    value: str
    color: str = "#333333"


@dataclass(frozen=True)
class FaceSpec:
    """What a card face shows, as data (no SVG): what an engine's face hook returns.

    ``frame``: the border colour (Fallen Worlds: red creatures, blue events...); ``corner``: the cost
    orbs at the top left (one Res orb, a coin or star cost, Conquest's followers); ``emblem``: the logo
    at the top right (nature, sphere, guild); ``type_line``: the card's type as printed;
    ``keywords``: its keyword abilities, bold above ``text`` (the rules text) and ``flavour``;
    ``stats``: the figures along the bottom; ``gems``: tokens along the bottom edge (Free Realms);
    ``footer``: rarity, collector number, copies.
    """

    name: str
    type_line: str
    frame: str
    panel: str = "#f8f4ea"
    corner: tuple[Pip, ...] = ()
    emblem: Pip | None = None
    keywords: tuple[str, ...] = ()
    text: str = ""
    flavour: str = ""
    stats: tuple[Stat, ...] = ()
    gems: tuple[Pip, ...] = ()
    footer: str = ""
    #: extra facts for the text view and the tooltip only (label, value)
    notes: tuple[tuple[str, str], ...] = field(default=())

    def to_dict(self) -> dict[str, Any]:
        """The spec as plain JSON-ready data (``fwlab card show --json``)."""
        def pip(p: Pip) -> dict[str, str]:
            return {"text": p.text, "title": p.title, "color": p.color}

        return {"name": self.name, "type_line": self.type_line, "frame": self.frame,
                "corner": [pip(p) for p in self.corner], "emblem": pip(self.emblem) if self.emblem else None,
                "keywords": list(self.keywords), "text": self.text, "flavour": self.flavour,
                "stats": [{"label": s.label, "value": s.value} for s in self.stats],
                "gems": [pip(p) for p in self.gems], "footer": self.footer,
                "notes": [list(n) for n in self.notes]}


# ---- text measure and escaping --------------------------------------------------------------------

_INVALID_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
#: Advance widths (em) of DejaVu Sans, the widest of the usual system sans-serif fonts (measured in
#: Chromium): text measured with them fits in Segoe UI, Roboto, Helvetica or Arial as well.
_WIDTHS: Final[dict[str, float]] = {
    **dict.fromkeys("0123456789$#{}", 0.64), **dict.fromkeys("+<=>^~≤", 0.84), " ": 0.32, "!": 0.4, '"': 0.46,
    "%": 0.95, "&": 0.78, "'": 0.27, "(": 0.39, ")": 0.39, "[": 0.39, "]": 0.39, "*": 0.5, "_": 0.5, "`": 0.5,
    ",": 0.32, ".": 0.32, "·": 0.32, "-": 0.36, "/": 0.34, ":": 0.34, ";": 0.34, "\\": 0.34, "|": 0.34, "?": 0.53,
    "@": 1.0, "—": 1.0, "…": 1.0, "–": 0.5, "★": 0.9,
    "A": 0.71, "B": 0.69, "C": 0.7, "D": 0.77, "E": 0.63, "F": 0.58, "G": 0.77, "H": 0.75, "I": 0.3, "J": 0.3,
    "K": 0.66, "L": 0.56, "M": 0.86, "N": 0.75, "O": 0.79, "P": 0.6, "Q": 0.79, "R": 0.69, "S": 0.63, "T": 0.6,
    "U": 0.73, "V": 0.68, "W": 0.99, "X": 0.69, "Y": 0.61, "Z": 0.69,
    "a": 0.61, "b": 0.63, "c": 0.55, "d": 0.63, "e": 0.62, "f": 0.35, "g": 0.63, "h": 0.63, "i": 0.28, "j": 0.28,
    "k": 0.58, "l": 0.28, "m": 0.97, "n": 0.63, "o": 0.61, "p": 0.63, "q": 0.63, "r": 0.4, "s": 0.52, "t": 0.39,
    "u": 0.63, "v": 0.59, "w": 0.82, "x": 0.59, "y": 0.59, "z": 0.52,
}
#: how much wider bold is (DejaVu Sans Bold against Book)
_BOLD: Final[float] = 1.14


def esc(text: object) -> str:
    """Text made safe for an SVG text node or a quoted attribute.

    >>> esc('<b a="1">&\\x01')
    '&lt;b a=&quot;1&quot;&gt;&amp;'
    """
    s = _INVALID_XML.sub("", str(text))
    return (s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#39;"))


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The drawn width of ``text`` at font ``size`` in DejaVu Sans (the widest usual system font, so
    the text fits in the others too).

    >>> round(text_width("Nominod", 10), 1), round(text_width("Nominod", 10, bold=True), 1)
    (44.8, 51.1)
    """
    units = sum(_WIDTHS.get(ch, 0.64) for ch in text)
    return units * size * (_BOLD if bold else 1.0)


def wrap(text: str, size: float, width: float, bold: bool = False) -> list[str]:
    """``text`` broken into lines no wider than ``width`` at ``size`` (words kept whole when they fit).

    >>> wrap("Guardian 2 (may block up to 2 attackers).", 10, 120)
    ['Guardian 2 (may block', 'up to 2 attackers).']
    """
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split():
            while text_width(word, size, bold) > width and len(word) > 1:   # a word wider than a line
                cut = len(word)
                while cut > 1 and text_width(word[:cut] + "-", size, bold) > width:
                    cut -= 1
                if line:
                    lines.append(line)
                    line = ""
                lines.append(word[:cut] + "-")
                word = word[cut:]
            trial = f"{line} {word}" if line else word
            if text_width(trial, size, bold) <= width:
                line = trial
            else:
                lines.append(line)
                line = word
        if line:
            lines.append(line)
    return lines


def fit_size(text: str, width: float, largest: float, smallest: float, bold: bool = False) -> float:
    """The largest font size (down to ``smallest``) at which ``text`` fits on one line of ``width``."""
    size = largest
    while size > smallest and text_width(text, size, bold) > width:
        size -= 0.5
    return size


def _clip(line: str, size: float, width: float, bold: bool = False) -> str:
    """One line cut with an ellipsis to fit ``width``."""
    if text_width(line, size, bold) <= width:
        return line
    while line and text_width(line + "…", size, bold) > width:
        line = line[:-1]
    return line.rstrip() + "…"


# ---- drawing --------------------------------------------------------------------------------------

def _shade(color: str, factor: float) -> str:
    """``color`` (#rrggbb) mixed toward white (factor > 0) or black (factor < 0)."""
    c = color.lstrip("#")
    if len(c) != 6:
        return color
    r, g, b = (int(c[i:i + 2], 16) for i in (0, 2, 4))
    if factor >= 0:
        r, g, b = (int(v + (255 - v) * factor) for v in (r, g, b))
    else:
        r, g, b = (int(v * (1 + factor)) for v in (r, g, b))
    return f"#{r:02x}{g:02x}{b:02x}"


def _pip(p: Pip, cx: float, cy: float, r: float, size: float) -> str:
    title = f"<title>{esc(p.title)}</title>" if p.title else ""
    if p.shape == "diamond":
        pts = f"{cx},{cy - r} {cx + r},{cy} {cx},{cy + r} {cx - r},{cy}"
        body = f'<polygon points="{pts}" fill="{esc(p.color)}" stroke="#222" stroke-width="1.2"/>'
    elif p.shape == "shield":
        d = (f"M{cx - r},{cy - r * 0.85} L{cx + r},{cy - r * 0.85} L{cx + r},{cy + r * 0.1} "
             f"Q{cx + r},{cy + r * 0.75} {cx},{cy + r * 1.05} Q{cx - r},{cy + r * 0.75} {cx - r},{cy + r * 0.1} Z")
        body = f'<path d="{d}" fill="{esc(p.color)}" stroke="#222" stroke-width="1.2"/>'
    else:
        body = f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="{esc(p.color)}" stroke="#222" stroke-width="1.2"/>'
    label = ""
    if p.text:
        s = fit_size(p.text, r * 1.75, size, 6, bold=True)
        label = (f'<text x="{cx}" y="{cy + s * 0.36:.1f}" font-size="{s}" font-weight="700" text-anchor="middle" '
                 f'fill="{esc(p.ink)}">{esc(p.text)}</text>')
    return f"<g>{title}{body}{label}</g>"


def _lines(lines: Sequence[str], x: float, y: float, size: float, *, anchor: str = "start",
           weight: str = "400", style: str = "normal", fill: str = "#1d1d1d", leading: float = 1.18,
           cls: str = "") -> str:
    if not lines:
        return ""
    attrs = f' class="{cls}"' if cls else ""
    spans = "".join(f'<tspan x="{x}" dy="{0 if i == 0 else round(size * leading, 1)}">{esc(t)}</tspan>'
                    for i, t in enumerate(lines))
    return (f'<text{attrs} x="{x}" y="{y:.1f}" font-size="{size}" font-weight="{weight}" font-style="{style}" '
            f'text-anchor="{anchor}" fill="{fill}">{spans}</text>')


def _monogram(name: str) -> str:
    words = [w for w in re.split(r"[\s\-]+", name) if w and w[0].isalnum()]
    return "".join(w[0].upper() for w in words[:2]) or "?"


def _stats_bar(stats: Sequence[Stat], x0: float, x1: float, y: float, h: float, value_size: float,
               label_size: float) -> str:
    if not stats:
        return ""
    gap = 4.0
    n = len(stats)
    w = min(58.0, (x1 - x0 - gap * (n - 1)) / n)
    start = x1 - (w * n + gap * (n - 1))       # right-aligned, like printed stat boxes
    out = []
    for i, s in enumerate(stats):
        bx = start + i * (w + gap)
        vs = fit_size(s.value, w - 4, value_size, 8, bold=True)
        ls = fit_size(s.label, w - 4, label_size, 5)
        out.append(
            f'<g class="stat"><title>{esc(s.label)} {esc(s.value)}</title>'
            f'<rect x="{bx:.1f}" y="{y}" width="{w:.1f}" height="{h}" rx="5" fill="#ffffff" '
            f'stroke="{esc(s.color)}" stroke-width="2"/>'
            f'<text x="{bx + w / 2:.1f}" y="{y + ls + 1.5:.1f}" font-size="{ls}" text-anchor="middle" '
            f'fill="{esc(s.color)}" font-weight="600">{esc(s.label)}</text>'
            f'<text x="{bx + w / 2:.1f}" y="{y + h - 4:.1f}" font-size="{vs}" font-weight="800" '
            f'text-anchor="middle" fill="#111">{esc(s.value)}</text></g>')
    return "".join(out)


def _tooltip(spec: FaceSpec) -> str:
    parts = [spec.name, spec.type_line]
    parts += [" · ".join(f"{s.label} {s.value}" for s in spec.stats)] if spec.stats else []
    parts += [" · ".join(spec.keywords)] if spec.keywords else []
    parts += [spec.text] if spec.text else []
    parts += [spec.footer] if spec.footer else []
    return "\n".join(p for p in parts if p)


def render_svg(spec: FaceSpec, width: int = 250) -> str:
    """The face as one ``<svg>`` element ``width`` pixels wide (height 7/5 of it): the thumbnail
    layout below :data:`THUMB_BELOW` pixels, the full one from there up."""
    if width < 16:
        raise ValueError(f"a card face is at least 16 pixels wide, not {width}")
    height = round(width * VIEW_H / VIEW_W)
    thumb = width < THUMB_BELOW
    body = _thumb(spec) if thumb else _full(spec)
    label = esc(f"{spec.name} ({spec.type_line})")
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {VIEW_W} {VIEW_H}" role="img" aria-label="{label}" class="card-face" '
            f'data-card="{esc(spec.name)}" font-family="{esc(FONT)}">'
            f"<title>{esc(_tooltip(spec))}</title>{_frame(spec)}{body}</svg>")


def _frame(spec: FaceSpec) -> str:
    dark = _shade(spec.frame, -0.35)
    return (f'<rect x="1" y="1" width="{VIEW_W - 2}" height="{VIEW_H - 2}" rx="14" fill="{esc(spec.frame)}" '
            f'stroke="{esc(dark)}" stroke-width="2"/>'
            f'<rect x="8" y="8" width="{VIEW_W - 16}" height="{PANEL_BOTTOM - 8}" rx="8" fill="{esc(spec.panel)}"/>')


def _header(spec: FaceSpec, y: float, h: float, orb_r: float, orb_size: float) -> tuple[str, float, float]:
    """The cost orbs (left) and emblem (right) of a header band; returns (svg, name x0, name x1)."""
    out = [f'<rect x="8" y="{y}" width="{VIEW_W - 16}" height="{h}" rx="8" fill="{esc(_shade(spec.frame, 0.55))}"/>']
    x = 12.0
    cy = y + h / 2
    r = orb_r if len(spec.corner) <= 1 else min(orb_r, (h - 6) / 2, 60 / len(spec.corner))
    for p in spec.corner:
        out.append(_pip(p, x + r, cy, r, orb_size if len(spec.corner) <= 1 else orb_size * r / orb_r))
        x += 2 * r + 3
    x1 = VIEW_W - 12.0
    if spec.emblem is not None:
        er = min(orb_r * 0.8, h / 2 - 3)
        out.append(_pip(spec.emblem, x1 - er, cy, er, orb_size * 0.62))
        x1 -= 2 * er + 4
    return "".join(out), x + 2, x1


def _art(spec: FaceSpec, y: float, h: float, size: float) -> str:
    light, mid = _shade(spec.frame, 0.75), _shade(spec.frame, 0.35)
    gid = "g" + re.sub(r"[^0-9a-zA-Z]", "", spec.frame)
    return (f'<defs><linearGradient id="{gid}" x1="0" y1="0" x2="1" y2="1">'
            f'<stop offset="0" stop-color="{esc(light)}"/><stop offset="1" stop-color="{esc(mid)}"/>'
            f"</linearGradient></defs>"
            f'<rect x="14" y="{y}" width="{VIEW_W - 28}" height="{h}" rx="6" fill="url(#{gid})"/>'
            f'<text x="{VIEW_W / 2}" y="{y + h / 2 + size * 0.35:.1f}" font-size="{size}" font-weight="800" '
            f'text-anchor="middle" fill="#ffffff" fill-opacity="0.55">{esc(_monogram(spec.name))}</text>')


def _gems(gems: Sequence[Pip], x0: float, cy: float, r: float) -> tuple[str, float]:
    out, x = [], x0
    for g in gems:
        out.append(_pip(g, x + r, cy, r, r))
        x += 2 * r + 3
    return "".join(out), x


def _full(spec: FaceSpec) -> str:
    out: list[str] = []
    head, nx0, nx1 = _header(spec, 12, 40, 17, 19)
    out.append(head)
    size = fit_size(spec.name, nx1 - nx0, 18, 10, bold=True)
    out.append(_lines([_clip(spec.name, size, nx1 - nx0, True)], nx0, 32 + size * 0.36, size, weight="700",
                      cls="name"))
    out.append(_art(spec, 56, 70, 44))
    tsize = fit_size(spec.type_line, VIEW_W - 36, 11.5, 7, bold=True)
    out.append(f'<rect x="12" y="130" width="{VIEW_W - 24}" height="19" rx="4" fill="#ffffff" '
               f'stroke="{esc(spec.frame)}" stroke-width="1.5"/>')
    out.append(_lines([_clip(spec.type_line, tsize, VIEW_W - 36, True)], 18, 143.5, tsize, weight="600",
                      cls="type"))
    bottom = 290.0 if (spec.stats or spec.gems) else PANEL_BOTTOM - 4.0
    out.append(_text_box(spec, 154, bottom, 14, VIEW_W - 14))
    if spec.stats or spec.gems:
        gem_svg, gx = _gems(spec.gems, 14, 310, 8.5)
        out.append(gem_svg)
        out.append(_stats_bar(spec.stats, gx + 2 if spec.gems else 14, VIEW_W - 14, 293, 32, 18, 8.5))
    if spec.footer:
        out.append(_lines([_clip(spec.footer, 9, VIEW_W - 30)], VIEW_W / 2, VIEW_H - 7.5, 9, anchor="middle",
                          fill="#ffffff", weight="600", cls="footer"))
    return "".join(out)


def _text_box(spec: FaceSpec, top: float, bottom: float, x0: float, x1: float) -> str:
    """Keywords (bold), rules text and flavour (italic) wrapped into the box, at the largest size
    that fits (the flavour goes first when nothing fits; the last line then ends with an ellipsis)."""
    width = x1 - x0 - 10
    kw = " · ".join(spec.keywords)
    box = f'<rect x="{x0}" y="{top}" width="{x1 - x0}" height="{bottom - top - 2}" rx="5" fill="#ffffff" fill-opacity="0.8"/>'
    room = bottom - top - 10
    for flavour in ((spec.flavour, "") if spec.flavour else ("",)):
        for size10 in range(125, 69, -5):
            size = size10 / 10
            k = wrap(kw, size, width, bold=True) if kw else []
            t = wrap(spec.text, size, width) if spec.text else []
            f = wrap(flavour, size, width) if flavour else []
            n = len(k) + len(t) + len(f)
            gaps = (0.4 if k and t else 0) + (0.4 if f and (k or t) else 0)
            if (n + gaps) * size * 1.18 <= room:
                return box + _stack(k, t, f, x0 + 5, top + 4 + size, size)
    size = 7.0
    k = wrap(kw, size, width, bold=True) if kw else []
    t = wrap(spec.text, size, width) if spec.text else []
    most = max(1, int(room / (size * 1.18)))
    k, t = k[:most], t[: max(0, most - len(k))]
    if t:
        t[-1] = _clip(t[-1] + "…", size, width)
    return box + _stack(k, t, [], x0 + 5, top + 4 + size, size)


def _stack(k: list[str], t: list[str], f: list[str], x: float, y: float, size: float) -> str:
    out = []
    lead = size * 1.18
    if k:
        out.append(_lines(k, x, y, size, weight="700", cls="keywords"))
        y += lead * (len(k) + 0.4)
    if t:
        out.append(_lines(t, x, y, size, cls="rules"))
        y += lead * (len(t) + 0.4)
    if f:
        out.append(_lines(f, x, y, size, style="italic", fill="#555555", cls="flavour"))
    return "".join(out)


def _thumb(spec: FaceSpec) -> str:
    """Large type for a ~120-pixel face: orb and emblem, the name on up to two lines, the type line,
    the keywords (two lines at most) and the stats; the rules text stays in the tooltip."""
    out: list[str] = []
    head, _, _ = _header(spec, 12, 56, 25, 28)
    out.append(head)
    width = VIEW_W - 28
    longest = max(spec.name.split(), key=lambda w: text_width(w, 27, True), default="")
    size = fit_size(longest, width, 27, 16, bold=True)     # no word of the name is broken
    lines = wrap(spec.name, size, width, bold=True)
    while len(lines) > 2 and size > 18:
        size -= 1
        lines = wrap(spec.name, size, width, bold=True)
    if len(lines) > 2:
        lines = [lines[0], _clip(" ".join(lines[1:]), size, width, True)]
    y = 96.0 if len(lines) > 1 else 108.0
    out.append(_lines(lines, VIEW_W / 2, y, size, anchor="middle", weight="800", leading=1.05, cls="name"))
    tsize = fit_size(spec.type_line, width, 19, 12, bold=True)
    out.append(_lines([_clip(spec.type_line, tsize, width, True)], VIEW_W / 2, 170, tsize, anchor="middle",
                      weight="600", fill=_shade(spec.frame, -0.3), cls="type"))
    if spec.keywords:
        kw = wrap(" · ".join(spec.keywords), 19, width, bold=True)
        if len(kw) > 2:
            kw = [kw[0], _clip(" ".join(kw[1:]), 19, width, True)]
        out.append(f'<rect x="14" y="182" width="{VIEW_W - 28}" height="{16 + 22 * len(kw)}" rx="6" '
                   f'fill="#ffffff" fill-opacity="0.85"/>')
        out.append(_lines(kw, VIEW_W / 2, 204, 19, anchor="middle", weight="700", leading=1.15, cls="keywords"))
    elif spec.text:
        t = wrap(spec.text, 17, width)
        if len(t) > 3:
            t = t[:2] + [_clip(" ".join(t[2:]), 17, width)]
        out.append(_lines(t, VIEW_W / 2, 204, 17, anchor="middle", leading=1.15, cls="rules"))
    if spec.stats:
        out.append(_stats_bar(spec.stats, 12, VIEW_W - 12, 274, 52, 30, 13))
    if spec.gems:
        r = 12.0 if not spec.stats else 9.0
        y = PANEL_BOTTOM - 4 - r if not spec.stats else 260.0
        gem_svg, _ = _gems(spec.gems, 14, y, r)
        out.append(gem_svg)
    return "".join(out)


# ---- a face for any card --------------------------------------------------------------------------

_PALETTE: Final[tuple[str, ...]] = ("#b3261e", "#1f5fa8", "#2b8a3e", "#7a4a1f", "#6741d9", "#c2255c",
                                     "#0b7285", "#5f6b73")


def type_color(card_type: str) -> str:
    """A stable frame colour for a card type the game gave no colour to (the same type, the same
    colour, in every process)."""
    return _PALETTE[sum(card_type.encode()) % len(_PALETTE)]


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, list | tuple):
        return ", ".join(_value(x) for x in v)
    if isinstance(v, dict):
        return ", ".join(f"{k} {_value(x)}" for k, x in v.items())
    return str(v)


def generic_face(card: Card) -> FaceSpec:
    """The face of a card of a game that draws none of its own: its frame coloured by type, its cost
    (the schema's cost field) in the orb, its attack and defense fields as stats, its keyword-like
    list fields as keywords and its text. A new game gets faces with nothing to write.
    """
    corner = () if card.cost is None else (Pip(str(card.cost), "#111111", f"cost {card.cost}"),)
    stats = []
    if card.attack is not None:
        stats.append(Stat(_label(card, "attack"), str(card.attack), "#b3261e"))
    if card.defense is not None:
        stats.append(Stat(_label(card, "defense"), str(card.defense), "#1f5fa8"))
    keywords: list[str] = []
    for key in ("keywords", "abilities", "traits"):
        v = card.fields.get(key)
        if isinstance(v, list) and v and all(isinstance(x, str) for x in v):
            keywords += [x.replace("_", " ").capitalize() for x in v]
    shown = {"name", "type", "rarity", "text", "subtype", "keywords", "abilities", "traits"}
    notes = tuple((k, _value(v)) for k, v in card.fields.items()
                  if k not in shown and not isinstance(v, list | dict) and v not in ("", None))
    type_line = card.type.capitalize() + (f" — {card.subtype}" if card.subtype else "")
    return FaceSpec(name=card.name, type_line=type_line, frame=type_color(card.type), corner=corner,
                    keywords=tuple(keywords), text=card.text, stats=tuple(stats), footer=card.rarity,
                    notes=notes)


def _label(card: Card, which: str) -> str:
    """The catalog's own name of the attack or defense field (``power``, ``guard``), capitalised."""
    value = card.attack if which == "attack" else card.defense
    for key, v in card.fields.items():
        if v == value and key not in ("cost", "res") and isinstance(v, int) and not isinstance(v, bool):
            if which == "attack" and key in ("att", "attack", "power", "strength"):
                return key.capitalize()
            if which == "defense" and key in ("def", "defense", "guard", "toughness", "hp", "health"):
                return key.capitalize()
    return "Att" if which == "attack" else "Def"


# ---- a page of faces ------------------------------------------------------------------------------

GRID_STYLE: Final[str] = (".face-grid{display:flex;flex-wrap:wrap;gap:10px;align-items:flex-start}"
                          ".face-grid figure{margin:0;text-align:center;font:12px " + FONT.replace("'", "")
                          + ";color:#333}"
                          ".face-grid figcaption{max-width:var(--w);margin-top:2px;line-height:1.25}")


def svg_img(svg: str, alt: str, title: str = "") -> str:
    """A face as an ``<img>`` with the SVG in a ``data:`` URI: for HTML that is sanitised of inline
    SVG (Streamlit's ``st.html``), with ``alt`` (the card's name) for screen readers and tests."""
    m = re.search(r'width="(\d+)" height="(\d+)"', svg)
    size = f' width="{m.group(1)}" height="{m.group(2)}"' if m else ""
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    tip = f' title="{esc(title)}"' if title else ""
    return f'<img class="card-face" alt="{esc(alt)}"{tip}{size} src="data:image/svg+xml;base64,{data}"/>'


def faces_grid_html(items: Iterable[tuple[str, str]], width: int, *, style: bool = True) -> str:
    """A wrapping grid of faces: ``items`` are (face, caption) pairs, the face an ``<svg>`` or an
    ``<img>`` (:func:`svg_img`), the caption plain text (escaped here; empty for none); ``width``
    the faces' width in pixels."""
    figures = []
    for face, caption in items:
        cap = f"<figcaption>{esc(caption)}</figcaption>" if caption else ""
        figures.append(f"<figure>{face}{cap}</figure>")
    head = f"<style>{GRID_STYLE}</style>" if style else ""
    return f'{head}<div class="face-grid" style="--w:{width}px">{"".join(figures)}</div>'
