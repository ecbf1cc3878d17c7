"""Kortpoeng with a double tap's time drawn out to a minute, so that a screen
a tap brings keeps its cover over that tap's spot for as long as a test needs
(on a busy machine the screen can arrive after the real 0.3 s, with no cover
at all): what happens to a cover that is up is then tested every time."""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

from app import main as kortpoeng  # noqa: E402
from app.ui.state import double_tap  # noqa: E402

double_tap.DOUBLE_TAP_TIMEOUT = 60.0

if __name__ == "__main__":
    port = int(os.environ.get("FLET_SERVER_PORT") or kortpoeng.DEFAULT_PORT)
    raise SystemExit(kortpoeng.run_web(port=port))
