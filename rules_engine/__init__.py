"""Mahjong Planet rules engine: pure, deterministic Python (no Django).

Tiles and notation (``tiles``), melds (``meld``), shanten and waits
(``shanten``), Riichi hand evaluation and payments (``riichi``), presets,
the wall and the table state machine (``game``), per-seat views, replays and
the computer players (``ai``). See ../shared/DESIGN.md §2.
"""
