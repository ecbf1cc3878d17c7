"""End-to-end fixtures: Flet web apps in subprocesses, driven in headless Chromium.

Fixtures (all xdist-safe: free ports, per-worker temp dirs, one browser per worker):

``browser``
    Session-scoped Playwright ``Browser`` on Debian's ``chromium``, from
    the repository's root ``conftest.py`` (shared with tests/security).
``flet_app``
    Factory ``flet_app(app=HELLO_APP, *, lang=None, env=None, db=True)``
    (:class:`e2e_harness.AppFactory`) that starts a Flet web app (script path,
    ``"-m module"`` or a command list) on a free port and returns an
    :class:`e2e_harness.AppServer` (``.url``, ``.log()``, ``.env``). The app
    gets ``KORTPOENG_DB`` (a SQLAlchemy URL to a fresh SQLite file in the
    test's temp dir) and ``KORTPOENG_LANG`` when ``lang`` is given. Stopped
    after the test.
``shared_flet_app``
    The same factory, session-scoped: servers live until the worker ends, so
    many tests can reuse one (``shared_flet_app(HELLO_APP)`` twice returns the
    same server for the same arguments).
``open_page``
    Factory ``open_page(server_or_url, *, viewport=PHONE, path="/")`` that opens
    a new browser context (a fresh Flet session), waits for the first painted
    frame and switches semantics on. If the test fails, every page it opened is
    saved as ``artifacts/screenshots/FAILED-<test>-<n>.png``.

Helpers to import from ``e2e_harness``: ``tap``, ``type_into``, ``text_of``,
``wait_for_text``, ``screenshot``, ``by_id``, ``PHONE``, ``DESKTOP``.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import e2e_harness as h
import pytest

E2E_DIR = Path(__file__).resolve().parent
logger = logging.getLogger(__name__)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every test under tests/e2e with ``e2e`` (so ``-m "not e2e"`` skips them)."""
    for item in items:
        if E2E_DIR in item.path.resolve().parents:
            item.add_marker(pytest.mark.e2e)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[Any]):
    """Remember each phase's report on the item (``open_page`` reads it)."""
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"_kortpoeng_rep_{report.when}", report)


@pytest.fixture
def flet_app(tmp_path: Path) -> Iterator[h.AppFactory]:
    """Factory for Flet web apps that are stopped when the test ends."""
    factory = h.AppFactory(tmp_path, reuse=False)
    try:
        yield factory
    finally:
        factory.close()


@pytest.fixture(scope="session")
def shared_flet_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[h.AppFactory]:
    """Factory for Flet web apps shared by the tests of one worker (same args → same app)."""
    factory = h.AppFactory(tmp_path_factory.mktemp("shared-apps"), reuse=True)
    try:
        yield factory
    finally:
        factory.close()


@pytest.fixture
def open_page(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """Factory that opens an app in a fresh browser context, ready for selectors."""
    pages: list[Any] = []

    def _open(
        target: h.AppServer | str,
        *,
        viewport: Mapping[str, int] = h.PHONE,
        path: str = "/",
        timeout: float = 30.0,
        semantics: bool = True,
    ) -> Any:
        base = target.url if isinstance(target, h.AppServer) else target
        url = base.rstrip("/") + "/" + path.lstrip("/")
        page = h.open_app(browser, url, viewport=viewport, timeout=timeout, semantics=semantics)
        pages.append(page)
        return page

    yield _open

    report = getattr(request.node, "_kortpoeng_rep_call", None)
    failed = report is not None and report.failed
    name = re.sub(r"[^A-Za-z0-9._-]+", "_", request.node.nodeid.split("::", 1)[-1])
    for number, page in enumerate(pages, start=1):
        try:
            if failed and not page.is_closed():
                h.screenshot(page, f"FAILED-{name}-{number}", settle=1.0)
        except Exception as error:  # a screenshot must not hide the real failure
            logger.warning("could not save failure screenshot: %s", error)
        finally:
            page.context.close()
