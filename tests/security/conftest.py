"""Fixtures for the security tests: the real server (see ``server_harness``)
and hostile pages on another port. The browser comes from the root conftest.py
(one Chromium per worker, shared with tests/e2e); the end-to-end harness's
helpers (``e2e_harness``, ``kortpoeng_flows``) are imported from tests/e2e."""

from __future__ import annotations

import signal
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
E2E = ROOT / "tests" / "e2e"
if str(E2E) not in sys.path:
    sys.path.insert(0, str(E2E))

from server_harness import HostilePages, Server, start_server  # noqa: E402


@pytest.fixture
def servers(tmp_path: Path) -> Iterator[Any]:
    """Factory ``servers(host="127.0.0.1", folder=None)`` of running servers,
    all stopped after the test."""
    started: list[Server] = []

    def _start(host: str = "127.0.0.1", folder: Path | None = None, **kwargs: Any) -> Server:
        server = start_server(folder or tmp_path / f"srv{len(started)}", host=host, **kwargs)
        started.append(server)
        return server

    yield _start
    for server in started:
        server.stop(signal.SIGKILL)


@pytest.fixture(scope="module")
def seeded_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """``seeded_server(host)``: one running server per host for the tests of a
    module (per xdist worker) that only read or are refused, with one session
    of Ingrid and Åse; ``(server, session_id)``. A test that changes what the
    server holds starts its own (``servers``)."""
    from server_harness import seed_session

    started: dict[str, tuple[Server, int]] = {}

    def _start(host: str = "127.0.0.1") -> tuple[Server, int]:
        if host not in started:
            folder = tmp_path_factory.mktemp("shared-srv")
            session_id = seed_session(folder / "kortpoeng.sqlite3", players=("Ingrid", "Åse"))
            started[host] = (start_server(folder, host=host), session_id)
        return started[host]

    yield _start
    for server, _session_id in started.values():
        server.stop(signal.SIGKILL)


@pytest.fixture
def hostile() -> Iterator[HostilePages]:
    """A web server for hostile pages on another port (another origin)."""
    pages = HostilePages()
    yield pages
    pages.close()
