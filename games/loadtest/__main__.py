"""``python -m games.loadtest`` (see ``games.loadtest.run``)."""
import sys

from .run import main

sys.exit(main())
