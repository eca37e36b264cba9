"""``python -m rules_engine.export``: the command's entry point; the code is ``rules_engine.cli.export``."""
from rules_engine.cli.export import main

if __name__ == "__main__":
    raise SystemExit(main())
