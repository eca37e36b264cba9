"""``python -m rules_engine.ai.bench``: the command's entry point; the code is ``rules_engine.cli.ai_bench``."""
from rules_engine.cli.ai_bench import main

if __name__ == "__main__":
    raise SystemExit(main())
