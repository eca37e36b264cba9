"""``python -m rules_engine.bench``: the command's entry point; the code is ``rules_engine.cli.bench``."""
from rules_engine.cli.bench import main

if __name__ == "__main__":
    raise SystemExit(main())
