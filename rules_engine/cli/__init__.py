"""The command-line tools, one module each: ``score``, ``simulate``, ``replay``, ``arena``,
``bench`` and ``ai_bench``. People run them by their short names (``python -m
rules_engine.score`` …, ``python -m rules_engine.ai.bench``): thin modules at those
paths call ``main()`` here.
"""
