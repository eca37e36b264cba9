"""``python -m rules_engine.simulate``: the command's entry point; the code is ``rules_engine.cli.simulate``."""
from rules_engine.cli.simulate import main

if __name__ == "__main__":
    raise SystemExit(main())
