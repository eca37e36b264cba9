"""Generate the project's own SVG tile set (DESIGN §7) into ``static/tiles/``.

Pure Python, no fonts needed: Chinese characters (numerals, 萬, winds, 發, 中) are
drawn as stroke polylines on a 100 x 100 grid, so the tiles look the same in
every browser even without CJK fonts (which is why Unicode mahjong glyphs are not
used). Each file is ``<svg role="img" aria-label="...">`` with a ``<title>``.

Files (names follow the notation of docs/engine-api.md): ``1m``..``9m``, ``0m``
(red five), ``1p``..``9p``, ``0p``, ``1s``..``9s``, ``0s``, ``1z``..``7z``
(East South West North White Green Red), ``f1``..``f4`` (flowers),
``s1``..``s4`` (seasons) and ``back``. The tile face is 60 x 80 user units.

Usage: ``python tools/make_tiles.py [out_dir]`` (default ``static/tiles``).
"""
from __future__ import annotations

import sys
from pathlib import Path

W, H = 60, 80
INK = "#1d1d1b"
RED = "#cc1f2b"
GREEN = "#13805a"
BLUE = "#1f4fa8"
FACE = "#fbf7ea"
EDGE = "#8c8372"
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"

Stroke = list[tuple[float, float]]

# Stroke glyphs on a 100 x 100 grid (y down). Simplified but recognisable forms.
GLYPHS: dict[str, list[Stroke]] = {
    "一": [[(8, 50), (92, 50)]],
    "二": [[(22, 30), (78, 30)], [(8, 74), (92, 74)]],
    "三": [[(20, 16), (80, 16)], [(28, 50), (72, 50)], [(8, 86), (92, 86)]],
    "四": [[(12, 16), (12, 90)], [(12, 16), (88, 16), (88, 90)], [(12, 86), (88, 86)],
           [(40, 16), (38, 46), (26, 62)], [(62, 16), (62, 56), (76, 60)]],
    "五": [[(16, 12), (84, 12)], [(46, 12), (36, 86)], [(24, 46), (72, 46), (68, 86)], [(6, 88), (94, 88)]],
    "六": [[(44, 4), (54, 18)], [(8, 34), (92, 34)], [(36, 54), (14, 90)], [(64, 54), (88, 88)]],
    "七": [[(6, 48), (94, 34)], [(40, 6), (40, 78), (48, 88), (90, 88), (93, 72)]],
    "八": [[(40, 18), (34, 56), (8, 90)], [(60, 18), (66, 56), (92, 90)]],
    "九": [[(6, 34), (62, 34), (62, 80), (70, 90), (92, 90), (94, 74)], [(40, 8), (38, 52), (12, 92)]],
    "萬": [[(6, 14), (94, 14)], [(32, 3), (32, 25)], [(68, 3), (68, 25)],
           [(26, 31), (26, 53)], [(26, 31), (74, 31), (74, 53)], [(26, 42), (74, 42)], [(26, 53), (74, 53)],
           [(14, 62), (14, 97)], [(14, 62), (86, 62), (86, 91), (77, 97)], [(50, 55), (50, 86)],
           [(32, 86), (68, 86)], [(36, 74), (64, 74)]],
    "東": [[(8, 18), (92, 18)], [(50, 3), (50, 97)], [(22, 30), (22, 64)], [(22, 30), (78, 30), (78, 64)],
           [(22, 47), (78, 47)], [(22, 64), (78, 64)], [(46, 66), (8, 92)], [(54, 66), (92, 92)]],
    "南": [[(8, 16), (92, 16)], [(50, 3), (50, 28)], [(14, 30), (14, 97)], [(14, 30), (86, 30), (86, 91), (77, 97)],
           [(34, 40), (42, 50)], [(66, 40), (58, 50)], [(28, 58), (72, 58)], [(26, 75), (74, 75)], [(50, 58), (50, 97)]],
    "西": [[(6, 12), (94, 12)], [(14, 32), (14, 94)], [(14, 32), (86, 32), (86, 94)], [(14, 90), (86, 90)],
           [(40, 12), (40, 50), (26, 68)], [(60, 12), (60, 62), (72, 68)]],
    "北": [[(36, 6), (36, 94)], [(8, 40), (36, 40)], [(6, 84), (36, 68)],
           [(64, 6), (64, 82), (72, 92), (92, 92), (94, 78)], [(64, 48), (92, 32)]],
    "發": [[(22, 4), (38, 18), (10, 34)], [(22, 20), (42, 36)], [(62, 4), (78, 6), (62, 20)],
           [(56, 16), (90, 34)], [(80, 10), (88, 18)],
           [(10, 44), (40, 44), (38, 58), (14, 58), (12, 74), (40, 74), (38, 92), (28, 96)],
           [(60, 42), (60, 54), (56, 62)], [(60, 42), (78, 42), (78, 56), (90, 58)],
           [(52, 68), (88, 68), (58, 96)], [(62, 74), (94, 96)]],
    "中": [[(14, 30), (14, 68)], [(14, 30), (86, 30), (86, 68)], [(14, 66), (86, 66)], [(50, 3), (50, 97)]],
}

NUMERALS = "一二三四五六七八九"
SUITS = {"m": "characters", "p": "circles", "s": "bamboo"}
WINDS = [("東", "E", "East wind"), ("南", "S", "South wind"), ("西", "W", "West wind"), ("北", "N", "North wind")]
FLOWERS = ["plum", "orchid", "chrysanthemum", "bamboo"]
SEASONS = ["spring", "summer", "autumn", "winter"]


def glyph(char: str, x: float, y: float, w: float, h: float, color: str, width: float = 10.0) -> str:
    """SVG ``<g>`` drawing glyph ``char`` scaled into the box (x, y, w, h) in tile units.

    ``width`` is the stroke width in glyph-grid units (the grid is 100 x 100).
    Raises ``KeyError`` for a character without a stroke definition.
    """
    sx, sy = w / 100, h / 100
    paths = []
    for stroke in GLYPHS[char]:
        pts = " ".join(f"{x + px * sx:.1f},{y + py * sy:.1f}" for px, py in stroke)
        paths.append(f'<polyline points="{pts}"/>')
    sw = width * (sx + sy) / 2
    return (f'<g fill="none" stroke="{color}" stroke-width="{sw:.2f}" stroke-linecap="round" '
            f'stroke-linejoin="round">{"".join(paths)}</g>')


def corner(text: str, color: str = INK) -> str:
    """Small index in the top-left corner (Arabic numeral or wind letter) for quick reading."""
    return (f'<text x="5" y="14" font-family="{FONT}" font-size="12" font-weight="bold" '
            f'fill="{color}">{text}</text>')


def tile_svg(label: str, body: str, face: bool = True) -> str:
    """Complete SVG document for one tile with accessible name ``label``."""
    bg = (f'<rect x="1.5" y="1.5" width="57" height="77" rx="6" fill="{FACE}" stroke="{EDGE}" stroke-width="2"/>'
          if face else "")
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" height="{H}" '
            f'role="img" aria-label="{label}"><title>{label}</title>{bg}{body}</svg>\n')


def man(n: int, red: bool) -> str:
    """Characters tile: numeral above 萬 (numeral red too on the red five)."""
    num_color = RED if red else INK
    return (corner(str(n), RED if red else INK) + glyph(NUMERALS[n - 1], 12, 8, 38, 30, num_color, 11)
            + glyph("萬", 10, 40, 40, 34, RED, 8))


PIN_LAYOUT: dict[int, list[tuple[float, float, float, str]]] = {
    1: [(30, 42, 19, "ornate")],
    2: [(30, 24, 11, GREEN), (30, 58, 11, BLUE)],
    3: [(15, 17, 9, BLUE), (30, 40, 9, RED), (45, 63, 9, GREEN)],
    4: [(18, 24, 10, BLUE), (42, 24, 10, GREEN), (18, 56, 10, GREEN), (42, 56, 10, BLUE)],
    5: [(16, 18, 9, BLUE), (44, 18, 9, GREEN), (30, 40, 9, RED), (16, 62, 9, GREEN), (44, 62, 9, BLUE)],
    6: [(18, 15, 8.5, GREEN), (42, 15, 8.5, GREEN), (18, 42, 8.5, RED), (42, 42, 8.5, RED),
        (18, 64, 8.5, RED), (42, 64, 8.5, RED)],
    7: [(13, 13, 7, GREEN), (30, 21, 7, GREEN), (47, 29, 7, GREEN), (18, 48, 8, RED), (42, 48, 8, RED),
        (18, 66, 8, RED), (42, 66, 8, RED)],
    8: [(18, y, 7.5, BLUE) for y in (13, 31, 49, 67)] + [(42, y, 7.5, BLUE) for y in (13, 31, 49, 67)],
    9: [(x, y, 7.5, c) for y, c in ((16, BLUE), (40, RED), (64, GREEN)) for x in (14, 30, 46)],
}


def pin_circle(cx: float, cy: float, r: float, color: str) -> str:
    """One circle (pip): coloured ring, light inner ring, coloured centre dot."""
    if color == "ornate":
        return (f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="{GREEN}"/>'
                f'<circle cx="{cx}" cy="{cy}" r="{r * 0.78:.1f}" fill="{FACE}"/>'
                f'<circle cx="{cx}" cy="{cy}" r="{r * 0.62:.1f}" fill="{BLUE}"/>'
                f'<circle cx="{cx}" cy="{cy}" r="{r * 0.42:.1f}" fill="{FACE}"/>'
                f'<circle cx="{cx}" cy="{cy}" r="{r * 0.26:.1f}" fill="{RED}"/>')
    return (f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="{color}"/>'
            f'<circle cx="{cx}" cy="{cy}" r="{r * 0.62:.1f}" fill="{FACE}"/>'
            f'<circle cx="{cx}" cy="{cy}" r="{r * 0.3:.1f}" fill="{color}"/>')


def pin(n: int, red: bool) -> str:
    """Circles tile; every pip red on the red five."""
    return "".join(pin_circle(cx, cy, r, RED if red else c) for cx, cy, r, c in PIN_LAYOUT[n])


def stick(cx: float, cy: float, h: float, color: str, w: float = 8) -> str:
    """One bamboo stick centred at (cx, cy), ``h`` tall, with node bands."""
    x, y = cx - w / 2, cy - h / 2
    return (f'<rect x="{x:.1f}" y="{y:.1f}" width="{w}" height="{h}" rx="{w / 2:.1f}" fill="{color}"/>'
            f'<line x1="{x + 1:.1f}" y1="{cy:.1f}" x2="{x + w - 1:.1f}" y2="{cy:.1f}" stroke="{FACE}" stroke-width="1.6"/>'
            f'<line x1="{cx:.1f}" y1="{y + 3:.1f}" x2="{cx:.1f}" y2="{y + h - 3:.1f}" stroke="{FACE}" '
            f'stroke-width="1" opacity="0.7"/>')


SOU_LAYOUT: dict[int, list[tuple[float, float, float, str]]] = {
    2: [(30, 22, 26, GREEN), (30, 58, 26, BLUE)],
    3: [(30, 22, 26, GREEN), (18, 58, 26, GREEN), (42, 58, 26, GREEN)],
    4: [(18, 22, 26, GREEN), (42, 22, 26, BLUE), (18, 58, 26, BLUE), (42, 58, 26, GREEN)],
    5: [(15, 22, 26, GREEN), (45, 22, 26, BLUE), (30, 40, 26, RED), (15, 58, 26, BLUE), (45, 58, 26, GREEN)],
    6: [(x, y, 26, GREEN) for y in (22, 58) for x in (14, 30, 46)],
    7: [(30, 14, 18, RED)] + [(x, y, 20, GREEN) for y in (40, 64) for x in (14, 30, 46)],
    8: [(x, y, 26, GREEN) for y in (22, 58) for x in (10.5, 23.5, 36.5, 49.5)],
    9: [(x, y, 19, RED if x == 30 else GREEN) for y in (16, 40, 64) for x in (14, 30, 46)],
}


def bird(color_body: str, color_accent: str) -> str:
    """The 1 of bamboo: a stylised bird (body, wing, head, beak, tail)."""
    return (f'<path d="M14 62 C10 44 22 30 34 30 C42 30 46 36 44 44 C42 56 30 62 14 62 Z" fill="{color_body}"/>'
            f'<path d="M20 52 C24 42 32 40 38 44 C34 50 28 54 20 52 Z" fill="{FACE}" opacity="0.8"/>'
            f'<circle cx="42" cy="24" r="8" fill="{color_body}"/>'
            f'<circle cx="44" cy="22" r="2" fill="{FACE}"/>'
            f'<path d="M49 22 L56 25 L49 28 Z" fill="{color_accent}"/>'
            f'<path d="M16 60 L6 74 L14 70 L12 76 L22 64 Z" fill="{color_accent}"/>'
            f'<path d="M28 62 L26 72 M34 60 L34 71" stroke="{color_accent}" stroke-width="2" stroke-linecap="round"/>')


def sou(n: int, red: bool) -> str:
    """Bamboo tile; every stick red on the red five; 1s is a bird."""
    if n == 1:
        return bird(GREEN, RED)
    return "".join(stick(cx, cy, h, RED if red else c, 6 if n == 8 else 8) for cx, cy, h, c in SOU_LAYOUT[n])


def flower_icon(kind: str, idx: int) -> str:
    """Flowers (f1..f4) and seasons (s1..s4): a simple emblem and the number."""
    colors = {"f": ["#c2185b", "#7b1fa2", "#e0a800", GREEN], "s": [GREEN, "#e65100", "#a0522d", BLUE]}
    c = colors[kind][idx - 1]
    petals = "".join(
        f'<ellipse cx="30" cy="30" rx="6" ry="13" fill="{c}" transform="rotate({a} 30 44) translate(0 1)"/>'
        for a in range(0, 360, 72))
    centre = f'<circle cx="30" cy="44" r="5" fill="{FACE}" stroke="{c}" stroke-width="2"/>'
    mark = "F" if kind == "f" else "S"
    return (corner(f"{mark}{idx}", c) + petals + centre
            + f'<text x="30" y="74" text-anchor="middle" font-family="{FONT}" font-size="11" '
              f'font-weight="bold" fill="{c}">{idx}</text>')


def back() -> str:
    """Tile back: coloured face with an inner frame."""
    return ('<rect x="1.5" y="1.5" width="57" height="77" rx="6" fill="#1f6f8b" stroke="#0f3d4c" stroke-width="2"/>'
            '<rect x="8" y="8" width="44" height="64" rx="4" fill="none" stroke="#9fd3e3" stroke-width="2"/>'
            '<path d="M30 22 L42 40 L30 58 L18 40 Z" fill="none" stroke="#9fd3e3" stroke-width="2"/>')


def all_tiles() -> dict[str, str]:
    """Map file stem -> SVG text for the whole set (34 kinds, 3 red fives, 8 bonus tiles, back)."""
    out: dict[str, str] = {}
    for letter, suit_name in SUITS.items():
        for n in range(0, 10):
            red = n == 0
            value = 5 if red else n
            label = f"{value} of {suit_name}" + (" (red)" if red else "")
            body = {"m": man, "p": pin, "s": sou}[letter](value, red)
            out[f"{n}{letter}"] = tile_svg(label, body)
    for i, (char, letter, name) in enumerate(WINDS, start=1):
        out[f"{i}z"] = tile_svg(name, corner(letter) + glyph(char, 8, 14, 44, 56, INK, 10))
    out["5z"] = tile_svg("White dragon", f'<rect x="9" y="9" width="42" height="62" rx="3" fill="none" '
                         f'stroke="{BLUE}" stroke-width="3"/><rect x="14" y="14" width="32" height="52" rx="2" '
                         f'fill="none" stroke="{BLUE}" stroke-width="1.5"/>')
    out["6z"] = tile_svg("Green dragon", glyph("發", 7, 12, 46, 56, GREEN, 9))
    out["7z"] = tile_svg("Red dragon", glyph("中", 8, 12, 44, 58, RED, 11))
    for i, name in enumerate(FLOWERS, start=1):
        out[f"f{i}"] = tile_svg(f"Flower {i} ({name})", flower_icon("f", i))
    for i, name in enumerate(SEASONS, start=1):
        out[f"s{i}"] = tile_svg(f"Season {i} ({name})", flower_icon("s", i))
    out["back"] = tile_svg("Tile back", back(), face=False)
    return out


def main(argv: list[str]) -> int:
    """Write every tile into ``argv[0]`` (default ``static/tiles``); prints the count."""
    out_dir = Path(argv[0]) if argv else Path(__file__).resolve().parent.parent / "static" / "tiles"
    out_dir.mkdir(parents=True, exist_ok=True)
    tiles = all_tiles()
    for stem, svg in tiles.items():
        (out_dir / f"{stem}.svg").write_text(svg, encoding="utf-8")
    print(f"wrote {len(tiles)} tiles to {out_dir}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
