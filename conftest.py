"""What every test folder shares (here at the root, not in tests/: a conftest
there would put tests/ first on ``sys.path``, where tests/scoring and
tests/models would shadow the real packages).

Hypothesis never depends on wall-clock speed: the suite runs on busy two-core
machines, so no example may fail for being slow — deadlines are off and the
health check that times generation is suppressed. Under ``CI=true`` the
examples are also derandomized (the same examples on every run), so a
submission never fails on a new random draw.

``browser``
    Session-scoped Playwright ``Browser`` on Debian's ``chromium`` (one per
    xdist worker, shared by tests/e2e and tests/security: Playwright's sync
    API allows one instance per thread). Skips the test when Chromium or
    Playwright is missing, except with ``CI=true`` where that is a failure.

``pg_cluster``
    Session-scoped throw-away PostgreSQL server (``tests/models/pg_cluster.py``,
    one per xdist worker). Missing PostgreSQL programs fail the test; only
    ``KORTPOENG_SKIP_PG=1`` (never with ``CI=true``) makes that a skip.

``pg_url``
    A fresh database on ``pg_cluster``, migrated to the newest schema, as a
    SQLAlchemy URL; dropped after the test.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "kortpoeng",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)
settings.register_profile(
    "kortpoeng-ci",
    parent=settings.get_profile("kortpoeng"),
    derandomize=True,
)
settings.load_profile("kortpoeng-ci" if os.environ.get("CI") == "true" else "kortpoeng")

E2E_DIR = Path(__file__).resolve().parent / "tests" / "e2e"
if str(E2E_DIR) not in sys.path:
    sys.path.insert(0, str(E2E_DIR))

MODELS_TESTS_DIR = Path(__file__).resolve().parent / "tests" / "models"
if str(MODELS_TESTS_DIR) not in sys.path:
    sys.path.append(str(MODELS_TESTS_DIR))

import e2e_harness as h  # noqa: E402
import pg_cluster as pgc  # noqa: E402


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


#: Fixtures that drive Playwright: a test using one runs in its loop.
_PLAYWRIGHT_FIXTURES = frozenset({"browser", "open_page"})


@pytest.fixture(autouse=True)
def _event_loop_of_its_own(request: pytest.FixtureRequest) -> Iterator[None]:
    """A test that drives no browser may run coroutines with ``asyncio.run``
    whatever ran before it in its worker
    (:func:`e2e_harness.event_loop_of_its_own`)."""
    if _PLAYWRIGHT_FIXTURES & set(request.fixturenames):
        yield
        return
    with h.event_loop_of_its_own():
        yield


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Any]:
    """One throw-away PostgreSQL server per test session (per xdist worker)."""
    try:
        cluster = pgc.Cluster()
    except pgc.Unavailable as why:
        ci = os.environ.get("CI", "").lower() == "true"
        if os.environ.get(pgc.SKIP_ENV) == "1" and not ci:
            pytest.skip(str(why))
        pytest.fail(f"{why} (the PostgreSQL tests must run)", pytrace=False)
    try:
        cluster.make_template()
        yield cluster
    finally:
        cluster.remove()


@pytest.fixture
def pg_url(pg_cluster: Any) -> Iterator[str]:
    """A fresh, migrated database on the test session's PostgreSQL server."""
    name = pg_cluster.fresh_database()
    yield pg_cluster.url(name)
    pg_cluster.drop(name)


_SLOW_FIXTURES = frozenset(
    {
        "browser",
        "flet_app",
        "open_page",
        "shared_flet_app",
        "pg_cluster",
        "servers",
        "seeded_server",
    }
)

#: The longest tests of the suite (a minute or more each on a quiet two-core
#: machine), by file: the storage state machines and every benchmark in quick
#: mode. They start first of all.
_LONGEST = ("tests/models/test_storage_stateful.py", "tests/bench/test_bench_quick.py")


def _start_rank(item: pytest.Item) -> int:
    """0 for the longest tests, 1 for a test that drives a browser, a server
    process or a database server, 2 for the rest."""
    if item.nodeid.startswith(_LONGEST):
        return 0
    return 1 if _SLOW_FIXTURES & set(getattr(item, "fixturenames", ())) else 2


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The longest tests first, then those that drive a browser, a server or a
    database server, then the rest (a stable sort, the same in every xdist
    worker). ``--dist worksteal`` gives each worker a contiguous share and
    lets an idle one take the later half of another's queue: a long test
    started last would keep one worker busy long after the other ran out of
    work, while short tests at the end even the two out."""
    items.sort(key=_start_rank)
