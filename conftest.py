"""Fixtures shared by every test folder (here at the root, not in tests/: a
conftest there would put tests/ first on ``sys.path``, where tests/scoring and
tests/models would shadow the real packages).

``browser``
    Session-scoped Playwright ``Browser`` on Debian's ``chromium`` (one per
    xdist worker, shared by tests/e2e and tests/security: Playwright's sync
    API allows one instance per thread). Skips the test when Chromium or
    Playwright is missing, except with ``CI=true`` where that is a failure.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

E2E_DIR = Path(__file__).resolve().parent / "tests" / "e2e"
if str(E2E_DIR) not in sys.path:
    sys.path.insert(0, str(E2E_DIR))

import e2e_harness as h  # noqa: E402


def _missing(reason: str) -> None:
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"{reason} (CI=true: end-to-end tests must run)", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """One headless Chromium per test session (per xdist worker)."""
    if not h.playwright_available():
        _missing("playwright is not installed")
    if h.chromium_path() is None:
        _missing("chromium is not installed (apt-get install -y chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = h.launch_browser(playwright)
        try:
            yield browser
        finally:
            browser.close()
