"""The project's own SVG tile set (DESIGN §7): complete, labelled for screen readers, and the
committed files are exactly what ``tools/make_tiles.py`` generates."""
from __future__ import annotations

import importlib.util
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TILES = ROOT / "static" / "tiles"
SVG = "{http://www.w3.org/2000/svg}"


def _generator():
    spec = importlib.util.spec_from_file_location("make_tiles", ROOT / "tools" / "make_tiles.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


EXPECTED = ([f"{n}{s}" for s in "mps" for n in range(10)] + [f"{n}z" for n in range(1, 8)]
            + [f"f{i}" for i in range(1, 5)] + [f"s{i}" for i in range(1, 5)] + ["back"])


def test_set_is_complete_34_kinds_red_fives_flowers_seasons_back():
    names = sorted(p.stem for p in TILES.glob("*.svg"))
    assert names == sorted(EXPECTED)
    assert len(names) == 27 + 3 + 7 + 8 + 1


def test_committed_files_match_the_generator():
    generated = _generator().all_tiles()
    assert sorted(generated) == sorted(EXPECTED)
    for stem, text in generated.items():
        assert (TILES / f"{stem}.svg").read_text(encoding="utf-8") == text, f"{stem}.svg is stale: run tools/make_tiles.py"


@pytest.mark.parametrize("stem", EXPECTED)
def test_each_tile_is_an_accessible_svg(stem):
    root = ET.parse(TILES / f"{stem}.svg").getroot()
    assert root.tag == f"{SVG}svg"
    assert root.get("role") == "img" and root.get("viewBox") == "0 0 60 80"
    label = root.get("aria-label")
    title = root.find(f"{SVG}title")
    assert label and title is not None and title.text == label


def test_labels_are_distinct_and_red_fives_marked():
    labels = {}
    for stem in EXPECTED:
        labels[stem] = ET.parse(TILES / f"{stem}.svg").getroot().get("aria-label")
    assert len(set(labels.values())) == len(labels)
    assert labels["0p"] == "5 of circles (red)" and labels["5p"] == "5 of circles"
    assert labels["1z"] == "East wind" and labels["7z"] == "Red dragon"


def test_glyph_strokes_stay_on_their_grid():
    gen = _generator()
    for char, strokes in gen.GLYPHS.items():
        for stroke in strokes:
            assert len(stroke) >= 2, char
            assert all(0 <= x <= 100 and 0 <= y <= 100 for x, y in stroke), char
    with pytest.raises(KeyError):
        gen.glyph("X", 0, 0, 10, 10, "#000")
