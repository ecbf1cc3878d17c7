"""Kortpoeng with every screen's timed arrival-guard lift held back, as when
that redraw is lost on its way (an effect dropped while the socket was
closed, a busy server): the screens must take taps all the same."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

from app import main as kortpoeng  # noqa: E402
from app.ui import frame  # noqa: E402  (the arrival guard: app.ui.frame)


async def _never(_life: object, _redraw: Callable[[], None]) -> None:
    """The timed lift that never comes."""


frame._timed_lift = _never

if __name__ == "__main__":
    port = int(os.environ.get("FLET_SERVER_PORT") or kortpoeng.DEFAULT_PORT)
    raise SystemExit(kortpoeng.run_web(port=port))
