"""Scripted hands shared by the export tests (issue 13; imported as ``export_scenarios``)."""
from __future__ import annotations

from rules_engine.game import Game
from rules_engine.riichi.scenario import act, pass_all, scenario, tsumogiri

# East (seat 0, dealer), South (1), West (2), North (3). South chis 3m with 4m and the red 5m, West
# declares riichi with a tsumogiri of 2z (tanki on 9m, red 5p in hand), North makes an ankan of 1s
# (kan dora: indicator 2m), South pons East's 7z and discards 9m: West wins by ron.
SHOWCASE_HANDS = ["138m189p29s13456z", "409m127p79s23477z", "234m406p345s678s9m", "258m369p111s5566z"]


def showcase() -> Game:
    """The hand above, ended: riichi 1, dora 1 (3m, by the kan indicator 2m), aka 1 (0p), ura 1
    (4p, by the ura indicator 3p); 40 fu 4 han = mangan 8,000 from South, + West's own deposit."""
    g = scenario(hands=SHOWCASE_HANDS, draws="9m2z1s7z", indicators="8p2m", ura="3p7m", replacements="8s")
    act(g, 0, "discard", "3m"); act(g, 1, "chi", "3m", tiles="40m"); pass_all(g)
    act(g, 1, "discard", "9s"); pass_all(g)
    act(g, 2, "riichi", "2z"); pass_all(g)
    act(g, 3, "ankan", tiles="1111s")
    act(g, 3, "discard", "8s"); pass_all(g)
    act(g, 0, "discard", "7z"); act(g, 1, "pon", "7z"); pass_all(g)
    act(g, 1, "discard", "9m"); act(g, 2, "ron", "9m"); pass_all(g)
    assert g.phase == "hand_over"
    return g


def daiminkan() -> Game:
    """South (seat 1) calls an open kan of East's 5z, discards 9p; play goes on to South's turn."""
    g = scenario(hands=["123456789m1234z", "555z3s19p19s2p8p7z6z4p", "234m345p678p45s88s"], draws="5z",
                 indicators="1z2z", replacements="9m")
    act(g, 0, "discard", "5z"); act(g, 1, "daiminkan", "5z"); pass_all(g)
    act(g, 1, "discard", "9p"); pass_all(g)
    return g


def kakan_robbed() -> Game:
    """South pons East's 3s, later adds the fourth 3s; West robs it (chankan)."""
    g = scenario(hands=["123456789m1234z", "33s9p19m19s234z6z7z8p", "234m345p678p45s88s"],
                 draws=["3s", "1p1p1p", "3s"], indicators="1z2z")
    act(g, 0, "discard", "3s"); act(g, 2, "pass"); act(g, 1, "pon", "3s"); pass_all(g)
    act(g, 1, "discard", "9p"); pass_all(g)
    for _ in range(3):
        tsumogiri(g)
    act(g, 1, "shouminkan", "3s")
    act(g, 2, "ron", "3s")
    return g
