"""``python -m rules_engine.replay``: the command's entry point; the code is ``rules_engine.cli.replay``."""
from rules_engine.cli.replay import main

if __name__ == "__main__":
    raise SystemExit(main())
