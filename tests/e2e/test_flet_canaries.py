"""The canaries of the Flet work-arounds whose fault only a browser shows
(the others are plain Python: tests/app/test_flet_fixes.py). When one fails,
Flet fixed the fault: delete the work-around it names."""

from __future__ import annotations

import e2e_harness as h
import pytest

pytestmark = pytest.mark.e2e

CANARIES = h.APPS_DIR / "flet_canaries.py"


def test_canary_semantics_key(flet_app, open_page) -> None:
    """A semantics node patched with a new identifier (and nothing else)
    keeps its old one in the page; keyed by its identifier (the
    work-around), it shows the new. The page has drawn the patch: the keyed
    node, drawn in the same frame, is there."""
    page = open_page(flet_app(CANARIES, db=False))
    h.wait_for_text(page, "Count 0")
    h.by_id(page, "plain-0").first.wait_for(state="attached")
    h.tap(page, "canary-next")
    h.wait_for_text(page, "Count 1")
    h.by_id(page, "keyed-1").first.wait_for(state="attached")  # the work-around works
    assert h.by_id(page, "keyed-0").count() == 0
    kept_old = h.by_id(page, "plain-0").count() == 1 and h.by_id(page, "plain-1").count() == 0
    assert kept_old, (
        "The installed Flet's web client updates a patched node's identifier: delete the "
        "work-around app.ui.flet_fixes.semantics_key (and its use in app.ui.controls.tagged)"
    )
