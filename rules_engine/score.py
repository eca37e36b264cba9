"""``python -m rules_engine.score``: the command's entry point; the code is ``rules_engine.cli.score``."""
from rules_engine.cli.score import main

if __name__ == "__main__":
    raise SystemExit(main())
