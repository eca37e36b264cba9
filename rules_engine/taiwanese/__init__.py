"""The Taiwanese 16-tile family (../shared/spec/taiwanese.md), being built.

So far: the 144-tile set (``tiles``: T-SETUP-2, T-SETUP-3) and the wall, the deal and the
initial flower replacement passes (``wall``: T-DEAL-1..3, T-WALL-1..5, T-FLOWER-2). The
table hand rules (a ``Game`` subclass registered in ``rules_engine.game.FAMILY_TABLES``),
the tai scoring and the presets come next; nothing here is offered to players yet.
"""
