"""The Taiwanese 16-tile family (../shared/spec/taiwanese.md).

Tiles (``tiles``: T-SETUP-2, -3), the wall and the deal (``wall``: T-DEAL, T-WALL), the tai
scoring (``shape``, ``scoring``, ``notation``: T-SCORE, T-TAI, T-PAY) and the table's hand rules
(``table.TaiwaneseGame``, registered in ``rules_engine.game.FAMILY_TABLES``, with ``flowers``,
``original_call``, ``claims``, ``kongs``, ``hand_end``, ``views``, ``ready``, ``seat``: T-FLOWER,
T-TURN, T-CALL, T-KONG, T-WIN, T-ORIG, T-END, T-MATCH). Presets: ``taiwanese``,
``taiwanese-east``, ``taiwanese-single-deal`` (not yet offered on the site).
"""
