"""Mahjong Planet rules engine: pure, deterministic Python (no Django). See ../shared/DESIGN.md §2.

The folder list is the architecture (docs/engine-api.md, "Modules"):

- ``core/``: what every rule family shares (tiles and notation, melds, shanten and waits,
  seeded randomness, actions, call options, errors);
- ``preset.py``: the presets of every family (``get_preset``);
- ``game.py``: the table, one state machine that every family drives through its preset
  and its hand rules (``Game``);
- ``riichi/``: the Riichi family, its scoring (readings, yaku, fu, payments) and its flow
  (``table.RiichiGame`` with claims, kans and win checks, the 136-tile wall, hand end,
  settlement, refusals, seat state, views);
- ``taiwanese/``: the Taiwanese family, being built (so far its tile set, wall, deal and
  initial flower passes);
- ``ai/``: the computer players; ``cli/``: the command-line tools, run as
  ``python -m rules_engine.score``, ``.simulate``, ``.replay``, ``.arena``, ``.bench`` and
  ``.ai.bench`` (the thin modules at those paths call ``cli``).
"""
