"""Kortpoeng on a server slow to run what a tap asks: every event handler
starts a moment after its event arrived, as on a busy machine. The browser
has already applied the tap to its control (a switch is on), and a redraw
asked for by an earlier tap's handler can come in between: no tap may be
lost that way."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

from flet.messaging.session import Session  # noqa: E402

from app import main as kortpoeng  # noqa: E402

#: Seconds each event waits before its handler runs.
HOLD = float(os.environ.get("KORTPOENG_TEST_HOLD", "0.4"))

_dispatch = Session.dispatch_event


async def _slow_dispatch(self: Session, control_id: int, event_name: str, event_data: Any) -> None:
    """Flet's own dispatch, :data:`HOLD` seconds late."""
    await asyncio.sleep(HOLD)
    await _dispatch(self, control_id, event_name, event_data)


Session.dispatch_event = _slow_dispatch  # type: ignore[method-assign]

if __name__ == "__main__":
    port = int(os.environ.get("FLET_SERVER_PORT") or kortpoeng.DEFAULT_PORT)
    raise SystemExit(kortpoeng.run_web(port=port))
