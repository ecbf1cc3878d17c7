"""Checks of the UI's source that need no browser: no text under 14 pixels
(issue 11, item 11), the chart's hand numbers clear of its points (item 15),
and the page's history script in step with Flet's own page (item 6)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import flet_web

from app.ui import chart_view, common

ROOT = Path(__file__).resolve().parents[2]
UI = ROOT / "app" / "ui"
#: Text styles of Material 3 smaller than 14 pixels.
SMALL_STYLES = {"BODY_SMALL", "LABEL_SMALL", "LABEL_MEDIUM"}


def small_text_in(path: Path) -> list[str]:
    """``size=<n>`` with n < 14 on a text (``Text``, ``TextStyle``, ``TextSpan``
    or a button's text style) and Material's small text styles."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = getattr(node.func, "attr", getattr(node.func, "id", ""))
            if name not in {"Text", "TextStyle", "TextSpan"}:
                continue
            for keyword in node.keywords:
                value = keyword.value
                if (
                    keyword.arg == "size"
                    and isinstance(value, ast.Constant)
                    and isinstance(value.value, int | float)
                    and value.value < 14
                ):
                    found.append(f"{path.name}:{node.lineno} {name}(size={value.value})")
        if isinstance(node, ast.Attribute) and node.attr in SMALL_STYLES:
            found.append(f"{path.name}:{node.lineno} {node.attr}")
    return found


def test_no_text_under_14_pixels_anywhere_in_the_ui() -> None:
    small = [hit for path in sorted(UI.rglob("*.py")) for hit in small_text_in(path)]
    assert not small, small


def test_the_check_finds_small_text(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "import flet as ft\nft.Text('x', size=12)\nft.TextThemeStyle.BODY_SMALL\n",
        encoding="utf-8",
    )
    assert small_text_in(sample) == ["sample.py:2 Text(size=12)", "sample.py:3 BODY_SMALL"]


def test_the_charts_hand_numbers_sit_below_its_points() -> None:
    """The hand numbers under the chart had the points of the bottom line
    drawn over them: they now start below a point's radius (4) and stroke."""
    from app.reports.chart import chart_series
    from scoring import Hand, game_for, parse_cards, score_hands

    game = game_for("rummy")
    options = game.default_options()
    result = score_hands(game, options, ["A", "B"], [Hand("A", {"B": parse_cards(["K"])})])
    chart = chart_view.build_line_chart(chart_series(result), hand_label="Hand")
    labels = chart.bottom_axis.labels
    assert labels and all(label.label.padding.top >= 6 for label in labels)
    assert chart.bottom_axis.label_size >= 20 + 6
    assert all(label.label.content.size >= 14 for label in labels)


def test_the_history_script_is_flets_page_plus_ours() -> None:
    """``assets/index.html`` is Flet's ``index.html`` (the web client of the
    installed flet-web) with two blocks added (the fallback fonts' path, the
    history script): a Flet upgrade that changes its page shows here first."""
    ours = (ROOT / "assets" / "index.html").read_text(encoding="utf-8")
    flets = (Path(flet_web.__file__).parent / "web" / "index.html").read_text(encoding="utf-8")
    block = re.search(
        r"  <!-- kortpoeng:history -->.*?<!-- /kortpoeng:history -->\n\n", ours, re.DOTALL
    )
    fonts = re.search(
        r"  <!-- kortpoeng:fonts -->.*?<!-- /kortpoeng:fonts -->\n\n", ours, re.DOTALL
    )
    assert block is not None and fonts is not None
    assert ours.replace(block.group(0), "").replace(fonts.group(0), "") == flets
    script = block.group(0)
    assert f'"{common.BACK_MARK}"' in script and f'"{common.REPLACE_MARK}"' in script
