"""The running-totals chart alone, for an end-to-end look at it in a browser.

Shows :func:`app.ui.chart_view.RunningTotalsChart` for a sample session
(``KORTPOENG_CHART_SAMPLE``: ``swedish_rummy`` (default), ``four_suit_rummy``
or ``rummy``) in ``KORTPOENG_LANG``. Run it alone with::

    python tests/e2e/apps/chart_demo.py [PORT]
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import flet as ft

ROOT = Path(__file__).resolve().parents[3]
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

from app.reports.chart import SAMPLES  # noqa: E402
from app.ui.chart_view import RunningTotalsChart  # noqa: E402
from app.web import serve  # noqa: E402
from scoring import read_session, score_session  # noqa: E402


@ft.component
def ChartDemo(result) -> ft.Control:
    """The chart, padded, as the session screen would place it."""
    return ft.SafeArea(content=ft.Container(RunningTotalsChart(result), padding=16))


def main(page: ft.Page) -> None:
    """Flet entry point: the chart of one sample session."""
    name = os.environ.get("KORTPOENG_CHART_SAMPLE", "swedish_rummy")
    doc = read_session((SAMPLES / f"{name}.json").read_text(encoding="utf-8"))
    result = score_session(doc)
    page.title = "Chart"
    page.render(ChartDemo, result)


if __name__ == "__main__":
    serve(main, port=int(sys.argv[1]) if len(sys.argv) > 1 else 0)
