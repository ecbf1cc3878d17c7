"""A variant that moves the target says so (issue 11, the new-user evening):
with Swedish Rummy's action cards the rule book suggests 100 × players, and an
untouched target follows it; the form says so under the presets, in words,
rather than change it silently. Screenshots: ``new-session-followed-*``."""

from __future__ import annotations

import e2e_harness as h
import pytest
from kortpoeng_flows import APP, settle, wait_for, wait_gone

pytestmark = pytest.mark.e2e

SAYS = {
    "nb": "Poengmål er nå 100 × spillere",
    "en": "Target score is now 100 × players",
}


@pytest.mark.parametrize("lang", ["nb", "en"])
def test_a_variant_that_moves_the_target_says_so(flet_app, open_page, lang):
    page = open_page(flet_app(APP, lang=lang), path="/new")
    wait_for(page, "option-draw_two")
    assert h.by_id(page, "preset-followed").count() == 0
    h.tap(page, "option-draw_two")
    wait_for(page, "preset-followed")
    h.wait_for_text(page, SAYS[lang])
    settle(page, 0.5)
    h.screenshot(page, f"new-session-followed-{lang}-phone")
    h.tap(page, "preset-100")  # the players' own choice: the note goes
    wait_gone(page, "preset-followed")
