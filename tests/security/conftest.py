"""Fixtures for the security tests: the real server (see ``server_harness``),
hostile pages on another port, and the end-to-end harness's browser
(tests/e2e: one Chromium per worker, failure screenshots)."""

from __future__ import annotations

import importlib.util
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


def _load_e2e_conftest() -> Any:
    spec = importlib.util.spec_from_file_location("kortpoeng_e2e_fixtures", E2E / "conftest.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_e2e = _load_e2e_conftest()
# The browser (one per worker) and the failure screenshots of tests/e2e.
browser = _e2e.browser
open_page = _e2e.open_page
pytest_runtest_makereport = _e2e.pytest_runtest_makereport


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


@pytest.fixture
def hostile() -> Iterator[HostilePages]:
    """A web server for hostile pages on another port (another origin)."""
    pages = HostilePages()
    yield pages
    pages.close()
