"""The text export shown as a chat app shows it (issue 12, fault 3): each line a
paragraph whose direction comes from its first strong letter
(``unicode-bidi: plaintext``), in Chromium's real bidi layout.

The standings line ``1.  سارة  75`` used to become an Arabic paragraph with the
points drawn left of the name. With every name a bidi isolate (FSI … PDI) each
line keeps its order: the place, then the name, then the points, left to right.
"""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

from app.reports import render_export
from scoring import read_session

GOLDEN = Path(__file__).resolve().parents[1] / "app" / "golden"
FAMILY = read_session((GOLDEN / "family.json").read_text(encoding="utf-8"))

_BOXES = """
(needles) => {
  const pre = document.querySelector('pre');
  const walker = document.createTreeWalker(pre, NodeFilter.SHOW_TEXT);
  const node = walker.nextNode();
  const text = node.data;
  const lines = text.split('\\n');
  const out = [];
  let offset = 0;
  for (const line of lines) {
    const found = {};
    for (const [key, needle] of Object.entries(needles)) {
      const at = line.indexOf(needle);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, offset + at);
      range.setEnd(node, offset + at + needle.length);
      const r = range.getBoundingClientRect();
      found[key] = {left: r.left, right: r.right, top: r.top};
    }
    out.push(found);
    offset += line.length + 1;
  }
  return out;
}
"""


def boxes(browser: Any, text: str, needles: dict[str, str]) -> list[dict[str, dict]]:
    """Per line of ``text`` shown in a ``<pre>`` (each line its own bidi
    paragraph), the on-screen box of each needle found on that line."""
    page = browser.new_page(viewport={"width": 2400, "height": 1600})
    try:
        page.set_content(
            "<!doctype html><meta charset=utf-8>"
            "<pre style='unicode-bidi: plaintext; font: 16px monospace'>"
            f"{html.escape(text)}</pre>"
        )
        return page.evaluate(_BOXES, needles)
    finally:
        page.close()


def standings_line(lines: list[dict[str, dict]], *keys: str) -> dict[str, dict]:
    found = [line for line in lines if all(k in line for k in keys)]
    assert found, f"no line with {keys}"
    return found[0]


def test_text_export_keeps_each_lines_order_in_chromiums_bidi_layout(browser: Any) -> None:
    """In both languages: the standings line of an Arabic and a Hebrew name
    keeps place, name, points left to right, and the Markdown players line
    keeps the seat order; the fault itself (no isolates: the points drawn
    left of the name) is seen, so the check is known to see it."""
    for lang in ("en", "nb"):
        text = render_export(FAMILY, "txt", lang).decode("utf-8")
        for name, place, total in (("سارة", "4.", "26"), ("יוסי", "3.", "27")):
            assert f"{place}  \u2068{name}\u2069" in text
            lines = boxes(browser, text, {"place": place, "name": name, "total": f"  {total}"})
            line = standings_line(lines, "place", "name", "total")
            assert line["place"]["right"] <= line["name"]["left"], (lang, line)
            assert line["name"]["right"] <= line["total"]["left"], (lang, line)

        markdown = render_export(FAMILY, "md", lang).decode("utf-8")
        needles = {f"p{seat}": name for seat, name in enumerate(FAMILY.players[:4])}
        line = standings_line(boxes(browser, markdown, needles), *needles)
        lefts = [line[f"p{seat}"]["left"] for seat in range(4)]
        assert lefts == sorted(lefts), json.dumps(line)

    # the fault itself
    text = render_export(FAMILY, "txt", "en").decode("utf-8")
    raw = text.replace("\u2068", "").replace("\u2069", "")
    lines = boxes(browser, raw, {"name": "سارة", "total": "  26"})
    line = standings_line(lines, "name", "total")
    assert line["total"]["right"] <= line["name"]["left"], line  # points left of the name
