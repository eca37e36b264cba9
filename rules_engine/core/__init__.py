"""What every rule family shares: tiles and notation (``tiles``), melds (``meld``),
shanten and waits (``shanten``, ``waits``, ``hand_shape`` and their suit tables),
seeded randomness for walls (``seed``), actions (``actions``), call options (``calls``), the
table's errors (``errors``) and the view-leak check both families' invariants run
(``view_checks``). No family's scoring or hand flow lives here; the few Riichi-only
helpers kept beside the shared ones say so (red fives and ``dora_from_indicator`` in ``tiles``,
``kuikae_forbidden`` in ``calls``).
"""
