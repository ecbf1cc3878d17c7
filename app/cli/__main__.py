"""``python -m app.cli``: the ``kortpoeng`` command line."""

import sys

from app.cli import main

sys.exit(main())
