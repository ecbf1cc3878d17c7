"""Plain-text and Markdown session summaries, readable pasted into a chat.

Both show the game, date, players, rules, the result (winner or leader), the
standings with places, the hand-by-hand table (hand points and running totals)
and any hand notes. Plain text aligns its columns for a monospace font by
*display width* (:mod:`wcwidth`: combining marks count 0, emoji and East Asian
wide characters 2), so names with æøå in any Unicode normal form, emoji or
Arabic and Hebrew letters line up. Markdown uses pipe tables (padded so the raw
text lines up too) and escapes Markdown punctuation in names and notes.

Every name is a bidi isolate (FSI … PDI, :func:`app.reports.summary.isolate`),
so that ``1.  سارة  75`` stays in that order in any chat app instead of showing
the points before the name.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from app.safe_text import display_width

from .summary import Summary, isolate

__all__ = ["display_width", "markdown_escape", "render_markdown", "render_text"]

_GAP = "  "


def _pad(text: str, width: int, right: bool) -> str:
    space = " " * max(0, width - display_width(text))
    return space + text if right else text + space


def _columns(rows: Sequence[Sequence[str]], right: Sequence[bool]) -> list[str]:
    widths = [max(display_width(row[i]) for row in rows) for i in range(len(right))]
    return [
        _GAP.join(_pad(cell, widths[i], right[i]) for i, cell in enumerate(row)).rstrip()
        for row in rows
    ]


def _text_hand_table(summary: Summary) -> list[str]:
    """Two header lines (player names over their points/total columns), then a
    line per hand; last, left-aligned, who went out of each hand (or the
    game's word for a blocked hand) when the game has going out."""
    sub = (summary.points_label, summary.sum_label)
    out = [summary.out_label] if summary.out_label else []
    cells: list[list[str]] = [[summary.hand_label, *sub * len(summary.player_names), *out]]
    cells += [
        [number, *(v for pair in row for v in pair), *([went] if out else [])]
        for (number, row), went in zip(summary.hands, summary.hands_out, strict=True)
    ]
    right = [True] * (1 + 2 * len(summary.player_names)) + [False] * len(out)
    widths = [max(display_width(row[i]) for row in cells) for i in range(len(cells[0]))]
    # A player's pair of columns is at least as wide as the name above it.
    for seat, name in enumerate(summary.player_names):
        left, right_column = 1 + 2 * seat, 2 + 2 * seat
        short = display_width(name) - (widths[left] + len(_GAP) + widths[right_column])
        if short > 0:
            widths[left] += short
    names = [_pad("", widths[0], False)]
    for seat, name in enumerate(summary.player_names):
        pair = widths[1 + 2 * seat] + len(_GAP) + widths[2 + 2 * seat]
        names.append(_pad(isolate(name), pair, True))
    lines = [_GAP.join(names).rstrip()]
    for row in cells:
        lines.append(
            _GAP.join(_pad(cell, widths[i], right[i]) for i, cell in enumerate(row)).rstrip()
        )
    return lines


def render_text(summary: Summary) -> str:
    """The summary as plain text (``\\n`` line ends, a final newline)."""
    lines = [summary.title]
    if summary.date:
        lines.append(summary.date)
    lines += [summary.players, summary.rules]
    if summary.options:
        lines.append(summary.options)
    lines += ["", summary.result, "", summary.standings_title]
    if summary.phase_label:  # a progress game: the phase before the total (RULES.md §8)
        lines += _columns(
            [
                (line.place_text, isolate(line.player), line.phase_text, line.total_text)
                for line in summary.standings
            ],
            (True, False, False, True),
        )
    else:
        lines += _columns(
            [
                (line.place_text, isolate(line.player), line.total_text)
                for line in summary.standings
            ],
            (True, False, True),
        )
    if summary.hands:
        lines += ["", summary.hands_title, *_text_hand_table(summary)]
    if summary.notes:
        lines += ["", summary.notes_title, *(f"- {note}" for note in summary.notes)]
    return "\n".join(lines) + "\n"


_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>|#~!&])")


def markdown_escape(text: str) -> str:
    r"""``text`` with Markdown punctuation backslash-escaped.

    >>> markdown_escape("Kari_2 | *Per*")
    'Kari\\_2 \\| \\*Per\\*'
    """
    return _MD_SPECIAL.sub(r"\\\1", text)


def _md_table(rows: Sequence[Sequence[str]], right: Sequence[bool]) -> list[str]:
    widths = [max(3, *(display_width(row[i]) for row in rows)) for i in range(len(right))]
    rule = [
        ("-" * (w - 1) + ":") if r else (":" + "-" * (w - 1))
        for w, r in zip(widths, right, strict=True)
    ]

    def line(cells: Sequence[str]) -> str:
        return "| " + " | ".join(cells) + " |"

    out = [line([_pad(cell, widths[i], right[i]) for i, cell in enumerate(rows[0])])]
    out.append(line(rule))
    out += [line([_pad(c, widths[i], right[i]) for i, c in enumerate(row)]) for row in rows[1:]]
    return out


def render_markdown(summary: Summary) -> str:
    """The summary as Markdown (CommonMark with a GFM pipe table)."""
    esc = markdown_escape
    lines = [f"# {esc(summary.title)}", ""]
    head = [esc(summary.date)] if summary.date else []
    head += [esc(summary.players), esc(summary.rules)]
    if summary.options:
        head.append(esc(summary.options))
    lines += [line + "  " for line in head[:-1]] + [head[-1], ""]
    lines += [f"**{esc(summary.result)}**", "", f"## {esc(summary.standings_title)}", ""]
    phase = [summary.phase_label] if summary.phase_label else []
    lines += _md_table(
        [
            (summary.place_label, summary.player_label, *phase, summary.total_label),
            *(
                (
                    s.place_text,
                    isolate(esc(s.player)),
                    *([s.phase_text] if phase else []),
                    s.total_text,
                )
                for s in summary.standings
            ),
        ],
        (True, False, *([False] * len(phase)), True),
    )
    if summary.hands:
        header = [summary.hand_label]
        for points, total in zip(summary.points_columns, summary.total_columns, strict=True):
            header += [esc(points), esc(total)]
        out = [esc(summary.out_label)] if summary.out_label else []
        rows = [
            [*header, *out],
            *(
                [number, *(v for pair in row for v in pair), *([esc(went)] if out else [])]
                for (number, row), went in zip(summary.hands, summary.hands_out, strict=True)
            ),
        ]
        right = [True] * len(header) + [False] * len(out)
        lines += ["", f"## {esc(summary.hands_title)}", "", *_md_table(rows, right)]
    if summary.notes:
        lines += ["", f"## {esc(summary.notes_title)}", "", *(f"- {esc(n)}" for n in summary.notes)]
    return "\n".join(lines) + "\n"
