"""The running-totals chart renders in a real browser, with its legend and target."""

from __future__ import annotations

from pathlib import Path

import e2e_harness as h

CHART_APP = Path(__file__).resolve().parent / "apps" / "chart_demo.py"


def test_chart_shows_title_legend_and_target(flet_app, open_page):
    """At phone size in Norwegian and desktop size in English."""
    for lang, viewport, title, target in (
        ("nb", h.PHONE, "Poengutvikling", "Mål: 150"),
        ("en", h.DESKTOP, "Running totals", "Target: 150"),
    ):
        server = flet_app(CHART_APP, lang=lang)
        page = open_page(server, viewport=viewport)
        h.wait_for_text(page, title)
        h.wait_for_text(page, target)
        for name in ("Mormor", "Lise", "Jonas"):
            h.wait_for_text(page, name)
        chart = h.by_id(page, "score-chart")
        chart.first.wait_for(state="attached")
        label = chart.first.get_attribute("aria-label") or chart.first.inner_text()
        assert "Lise 222" in label
        shot = h.screenshot(page, f"chart-{lang}-{'phone' if viewport is h.PHONE else 'desktop'}")
        assert shot.stat().st_size > 10_000
