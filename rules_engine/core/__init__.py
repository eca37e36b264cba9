"""What every rule family shares: tiles and notation (``tiles``), melds (``meld``),
shanten and waits (``shanten``, ``waits``, ``hand_shape`` and their suit tables),
the seeded wall (``wall``), actions (``actions``), call options (``calls``) and the
table's errors (``errors``). Nothing here knows a family's scoring or flow rules.
"""
