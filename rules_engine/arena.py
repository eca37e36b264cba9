"""``python -m rules_engine.arena``: the command's entry point; the code is ``rules_engine.cli.arena``."""
from rules_engine.cli.arena import main

if __name__ == "__main__":
    raise SystemExit(main())
