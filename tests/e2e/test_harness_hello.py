"""The harness itself: start the hello app, tap its button, read the screen."""

from __future__ import annotations

import e2e_harness as h
import pytest

pytestmark = pytest.mark.e2e


def test_tap_increments_counter(flet_app, open_page) -> None:
    server = flet_app(h.HELLO_APP)
    page = open_page(server)
    h.wait_for_text(page, "Count: 0")

    h.tap(page, "hello-increment")
    h.wait_for_text(page, "Count: 1")
    h.tap(page, "hello-increment")
    h.wait_for_text(page, "Count: 2")

    assert h.text_of(page, "hello-count") == "Count: 2"
    shot = h.screenshot(page, "harness-hello-phone")
    assert shot.is_file() and shot.stat().st_size > 0


def test_each_tab_is_its_own_session(shared_flet_app, open_page) -> None:
    server = shared_flet_app(h.HELLO_APP)
    first = open_page(server, viewport=h.DESKTOP)
    h.tap(first, "hello-increment")
    h.wait_for_text(first, "Count: 1")

    second = open_page(server)
    h.wait_for_text(second, "Count: 0")
    assert h.text_of(second, "hello-count") == "Count: 0"
    assert h.text_of(first, "hello-count") == "Count: 1"
    h.screenshot(first, "harness-hello-desktop")


def test_app_gets_database_and_language(flet_app) -> None:
    server = flet_app(h.HELLO_APP, lang="nb", env={"EXTRA": "1"})
    assert server.env["KORTPOENG_LANG"] == "nb"
    assert server.env["KORTPOENG_DB"].startswith("sqlite:///")
    assert server.env["EXTRA"] == "1"
    assert h.http_ok(server.url)


def test_failed_start_reports_output(tmp_path) -> None:
    broken = tmp_path / "broken.py"
    broken.write_text("raise SystemExit('no app here')\n", encoding="utf-8")
    with pytest.raises(h.HarnessError, match="no app here"):
        h.start_app(broken, log_dir=tmp_path, timeout=10, attempts=1)
