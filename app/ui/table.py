"""The table screen (``/table`` and ``/table/<session>``, issue 29): the
session being played (or the last one, or the one named) for a TV, a tablet
or the laptop's own screen, in landscape — the standings in big type, the
last hand, who deals next, the distance to the target or the rounds left, the
winner when it has ended and a small join QR code for a phone that arrives
late. No controls: it follows every save (the app reloads the screen on
show after a write anywhere, :meth:`app.ui.state.app_state.AppState.changed`).

What it says and how big it draws each part: :mod:`app.ui.state.table_screen`.
"""

from __future__ import annotations

import flet as ft

from app import use_cases
from app.i18n import _
from app.messages import game_name
from app.server.door import current_door
from app.server.qr import qr_png
from app.ui.common import describe_problem, tagged, use_app
from app.ui.loading import use_loaded
from app.ui.phone import use_keep_awake
from app.ui.state.table_screen import TableBoard, TableLine, TableSizes, board, table_sizes
from app.ui.state.views import SessionView

__all__ = ["TableScreen"]


def _join_link() -> str:
    """The join link a late phone scans: the best of this computer's
    addresses (:meth:`app.server.door.JoinDoor.addresses`); ``""`` where
    there is no join code (served to this computer only) or no address a
    phone can reach."""
    door = current_door()
    if door is None or not door.required:
        return ""
    addresses = door.addresses()
    return door.link(addresses[0]) if addresses else ""


def _join_code(link: str, sizes: TableSizes) -> ft.Control:
    """The small join QR code with a line saying what it is for."""
    return ft.Column(
        [
            tagged(
                "table-qr",
                ft.Container(
                    content=ft.Image(src=qr_png(link), width=sizes.qr, height=sizes.qr),
                    bgcolor=ft.Colors.WHITE,
                    border_radius=8,
                    padding=6 * sizes.scale,
                ),
                label=_("QR code of the join link"),
                image=True,
            ),
            ft.Text(
                _("Scan to join from a phone"),
                size=sizes.small * 0.8,
                color=ft.Colors.ON_SURFACE_VARIANT,
                text_align=ft.TextAlign.CENTER,
            ),
        ],
        spacing=6 * sizes.scale,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
    )


def _cell(text: str, size: float, width: float | None, **style: object) -> ft.Control:
    """One cell of the standings: ``text`` right-aligned in ``width`` (the
    name's cell expands)."""
    return ft.Container(
        content=ft.Text(text, size=size, no_wrap=True, **style),  # type: ignore[arg-type]
        width=width,
        expand=width is None,
        alignment=ft.Alignment.CENTER_RIGHT if width is not None else ft.Alignment.CENTER_LEFT,
    )


def _line(line: TableLine, shown: TableBoard, sizes: TableSizes) -> ft.Control:
    """One player's line: place, name (and *deals*), the last hand's points
    (a star for who went out), the distance to the target, the total."""
    small = sizes.small
    name: list[ft.Control] = [
        ft.Text(
            line.player,
            size=sizes.name,
            weight=ft.FontWeight.W_600,
            max_lines=1,
            overflow=ft.TextOverflow.ELLIPSIS,
        )
    ]
    if line.deals:
        name.append(
            tagged(
                f"table-deals-{line.seat}",
                ft.Text(_("deals"), size=small * 0.9, color=ft.Colors.TERTIARY),
            )
        )
    if line.winner:
        name.insert(0, ft.Icon(ft.Icons.EMOJI_EVENTS, size=sizes.name, color=ft.Colors.TERTIARY))
    last: ft.Control = ft.Text(line.last, size=small, color=ft.Colors.ON_SURFACE_VARIANT)
    if line.went_out:
        last = ft.Row(
            [last, ft.Icon(ft.Icons.STAR, size=small, color=ft.Colors.TERTIARY)],
            spacing=2,
            tight=True,
        )
    cells: list[ft.Control] = [
        _cell(f"{line.place}.", small, small * 2.4, color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Container(
            content=ft.Row(name, spacing=12 * sizes.scale, tight=True),
            expand=True,
            padding=ft.Padding.only(left=16 * sizes.scale),
        ),
    ]
    if shown.last_heading:
        cells.append(
            tagged(
                f"table-last-{line.seat}",
                ft.Container(content=last, width=small * 5, alignment=ft.Alignment.CENTER_RIGHT),
            )
        )
    if shown.target_heading:
        cells.append(
            tagged(
                f"table-to-target-{line.seat}",
                _cell(line.to_target, small, small * 6, color=ft.Colors.ON_SURFACE_VARIANT),
            )
        )
    cells.append(
        tagged(
            f"table-total-{line.seat}",
            _cell(line.total, sizes.total, sizes.total * 3.4, weight=ft.FontWeight.BOLD),
        )
    )
    return tagged(
        f"table-line-{line.seat}",
        ft.Container(
            content=ft.Row(cells, vertical_alignment=ft.CrossAxisAlignment.CENTER),
            height=sizes.row,
            padding=ft.Padding.symmetric(horizontal=12 * sizes.scale),
            bgcolor=(
                ft.Colors.TERTIARY_CONTAINER
                if line.winner
                else ft.Colors.SECONDARY_CONTAINER
                if line.leader
                else None
            ),
            border_radius=10 * sizes.scale,
        ),
    )


def _headings(shown: TableBoard, sizes: TableSizes) -> ft.Control:
    """The standings' column headings (the last hand, the distance to the
    target, the total)."""
    small = sizes.small
    style = {"color": ft.Colors.ON_SURFACE_VARIANT, "weight": ft.FontWeight.W_500}
    cells: list[ft.Control] = [ft.Container(width=small * 2.4), ft.Container(expand=True)]
    if shown.last_heading:
        cells.append(_cell(shown.last_heading, small * 0.8, small * 5, **style))
    if shown.target_heading:
        cells.append(_cell(shown.target_heading, small * 0.8, small * 6, **style))
    cells.append(_cell(_("Total"), small * 0.8, sizes.total * 3.4, **style))
    return ft.Container(
        content=ft.Row(cells),
        height=small * 1.6,
        padding=ft.Padding.symmetric(horizontal=12 * sizes.scale),
    )


def _side(shown: TableBoard, link: str, sizes: TableSizes) -> ft.Control:
    """The side panel: the winner or who deals next, then the join code."""
    parts: list[ft.Control] = []
    if shown.winner:
        parts.append(
            tagged(
                "table-winner",
                ft.Container(
                    content=ft.Column(
                        [
                            ft.Icon(
                                ft.Icons.EMOJI_EVENTS,
                                size=sizes.total,
                                color=ft.Colors.ON_TERTIARY_CONTAINER,
                            ),
                            ft.Text(
                                shown.winner,
                                size=sizes.name * 0.8,
                                weight=ft.FontWeight.BOLD,
                                color=ft.Colors.ON_TERTIARY_CONTAINER,
                                text_align=ft.TextAlign.CENTER,
                            ),
                        ],
                        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                        spacing=8 * sizes.scale,
                    ),
                    bgcolor=ft.Colors.TERTIARY_CONTAINER,
                    border_radius=16 * sizes.scale,
                    padding=16 * sizes.scale,
                ),
            )
        )
    if shown.dealer:
        parts.append(
            tagged(
                "table-dealer",
                ft.Row(
                    [
                        ft.Icon(ft.Icons.STYLE, size=sizes.name * 0.8, color=ft.Colors.TERTIARY),
                        ft.Text(
                            shown.dealer,
                            size=sizes.name * 0.7,
                            weight=ft.FontWeight.W_600,
                            expand=True,
                        ),
                    ],
                    spacing=10 * sizes.scale,
                ),
            )
        )
    parts.append(ft.Container(expand=True))
    if link:
        parts.append(_join_code(link, sizes))
    return ft.Container(
        content=ft.Column(parts, spacing=16 * sizes.scale),
        width=sizes.side,
        padding=ft.Padding.only(left=24 * sizes.scale),
    )


def _title(text: str, progress: str, sizes: TableSizes) -> list[ft.Control]:
    """The game's name (the screen's heading) and the progress line."""
    return [
        tagged(
            "screen-table",
            ft.Text(
                text,
                size=sizes.title,
                weight=ft.FontWeight.W_600,
                max_lines=1,
                overflow=ft.TextOverflow.ELLIPSIS,
            ),
            header=True,
        ),
        tagged(
            "table-progress",
            ft.Text(
                progress or " ",
                size=sizes.title * 0.8,
                color=ft.Colors.ON_SURFACE_VARIANT,
                max_lines=1,
                overflow=ft.TextOverflow.ELLIPSIS,
            ),
        ),
    ]


def _frame(content: ft.Control, sizes: TableSizes) -> ft.Control:
    """The whole screen, edge to edge, in the theme's surface colour."""
    return ft.SafeArea(
        content=ft.Container(
            content=content,
            padding=sizes.padding,
            bgcolor=ft.Colors.SURFACE,
            expand=True,
        ),
        expand=True,
    )


def _standings(view: SessionView, link: str, sizes: TableSizes) -> ft.Control:
    """A session on the table screen: title, standings, side panel."""
    shown = board(view)
    return ft.Column(
        [
            *_title(game_name(view.game_rules), shown.progress, sizes),
            ft.Row(
                [
                    ft.Column(
                        [
                            _headings(shown, sizes),
                            *(_line(line, shown, sizes) for line in shown.lines),
                        ],
                        spacing=0,
                        expand=True,
                    ),
                    _side(shown, link, sizes),
                ],
                vertical_alignment=ft.CrossAxisAlignment.STRETCH,
                expand=True,
            ),
        ],
        spacing=0,
        expand=True,
    )


def _message(text: str, link: str, sizes: TableSizes, *, problem: bool = False) -> ft.Control:
    """No session to show (none yet, or the one named is not there): why,
    and the join code."""
    parts: list[ft.Control] = [
        tagged(
            "screen-table",
            ft.Text(_("Kortpoeng"), size=sizes.title * 1.4, weight=ft.FontWeight.W_600),
            header=True,
        ),
        tagged(
            "table-message",
            ft.Text(
                text,
                size=sizes.name * 0.7,
                color=ft.Colors.ERROR if problem else ft.Colors.ON_SURFACE_VARIANT,
                text_align=ft.TextAlign.CENTER,
            ),
        ),
    ]
    if link:
        parts.append(_join_code(link, sizes))
    return ft.Container(  # in the middle of the screen, not at its left edge
        content=ft.Column(
            parts,
            spacing=24 * sizes.scale,
            alignment=ft.MainAxisAlignment.CENTER,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            tight=True,
        ),
        alignment=ft.Alignment.CENTER,
        expand=True,
    )


@ft.component
def TableScreen() -> ft.Control:
    """``/table`` (the session written to last) and ``/table/<session>`` (its
    short number or UUID): the table's standings, drawn to the screen's size
    and kept awake; shown again after every save."""
    app = use_app()
    use_keep_awake()
    ref = ft.use_route_params().get("sid") or None
    height, set_height = ft.use_state(app.memory.height)

    def listen() -> None:
        app.memory.on_height = set_height

    def stop() -> None:
        if app.memory.on_height is set_height:
            app.memory.on_height = None

    ft.use_effect(listen, [], cleanup=stop)
    link = ft.use_memo(_join_link, [])
    loaded = use_loaded(use_cases.open_table(ref), [ref, app.revision])
    view = loaded.value
    sizes = table_sizes(app.width, height, len(view.players) if view is not None else 4)
    if loaded.loading:
        content: ft.Control = ft.Container(content=ft.ProgressRing(), alignment=ft.Alignment.CENTER)
    elif view is not None:
        content = _standings(view, link, sizes)
    elif loaded.error is not None:
        content = _message(describe_problem(loaded.error), link, sizes, problem=True)
    else:
        content = _message(
            _("No session yet. Start one on a phone: it shows here as soon as it starts."),
            link,
            sizes,
        )
    return _frame(content, sizes)
