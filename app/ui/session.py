"""The session screen: standings (players × hands with running totals), leader
and dealer, progress to the target or rounds left, the winner, rematch; tap a
hand to edit or delete it."""

from __future__ import annotations

import asyncio

import flet as ft

from app.i18n import _, format_number, ngettext
from app.messages import game_name
from app.ui.common import (
    NoticeBar,
    Screen,
    describe_problem,
    icon_action,
    loading_screen,
    tagged,
    use_app,
    use_created,
    use_session_view,
)
from app.ui.export_menu import ExportButton
from app.ui.loading import page_ports
from app.ui.phone import use_keep_awake
from app.ui.state import MAX_CONTENT
from app.ui.state import session_screen as words
from app.ui.state.progress_draft import stage_label
from app.ui.state.session_screen import (
    CELL_GAP,
    NARROW_NUMBER_WIDTH,
    NUMBER_WIDTH,
    blocked_word,
    crowded,
    name_lines,
    progress_text,
    sheet_widths,
    shown_hands,
    signed,
    winner_text,
)
from app.ui.state.teams_view import deals_text, sides
from app.ui.state.views import HandLine, SessionView
from scoring import SessionResult

__all__ = ["SessionScreen", "StandingsTable", "progress_text", "winner_text"]

#: Width of the hand-number column when the players' columns scroll, in
#: logical pixels (the hand number alone is the row's tap target there).
NAME_WIDTH = 48
#: The session screen's side padding: five players' columns fit a 390-pixel phone.
PADDING = 12
#: Heights of the rows when the players' columns scroll (the fixed hand
#: numbers beside them line up with them).
HEADER_HEIGHT = 48
ROW_HEIGHT = 52
TOTAL_HEIGHT = 56

#: Height of the running-totals chart, in logical pixels.
CHART_HEIGHT = 240
#: Seconds the chart waits after the standings are shown.
CHART_DELAY = 0.05


def hand_cell(line, seat: int, name: str, width: float | None) -> ft.Control:
    """One player's cell of a hand's row: the running total over the hand's
    points (a star when the player went out). Kept to a few controls: a long
    session's table is rebuilt on every save."""
    points: ft.Control = ft.Text(
        signed(line.points[name]), color=ft.Colors.ON_SURFACE_VARIANT, size=14
    )
    if line.went_out == name:
        points = ft.Row(
            [points, ft.Icon(ft.Icons.STAR, size=14, color=ft.Colors.TERTIARY)],
            spacing=2,
            alignment=ft.MainAxisAlignment.CENTER,
            tight=True,
        )
    return ft.Container(
        content=ft.Column(
            [
                tagged(
                    f"running-{line.number}-{seat}",
                    ft.Text(
                        format_number(line.running[name]),
                        size=16,
                        weight=ft.FontWeight.W_500,
                        no_wrap=True,
                    ),
                ),
                points,
            ],
            spacing=0,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        ),
        width=width,
        expand=width is None,
        alignment=ft.Alignment.CENTER,
    )


def crowded_name(name: str) -> ft.Control:
    """A name in a column too narrow for it (:func:`crowded`): its two lines
    (:func:`name_lines`) each on its own, a line too long ending in "…"
    (never a word cut in two, read as another name), the whole name in a
    tooltip."""
    return ft.Column(
        [
            ft.Text(
                line,
                weight=ft.FontWeight.W_600,
                max_lines=1,
                overflow=ft.TextOverflow.ELLIPSIS,
                text_align=ft.TextAlign.CENTER,
                tooltip=name,
            )
            for line in name_lines(name)
        ],
        spacing=0,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
    )


@ft.component
def StandingsTable(view: SessionView, show_all: bool, on_hand) -> ft.Control:
    """Players as columns, hands as rows (points and running total), totals at
    the bottom; the leader's total is highlighted, the dealer of the next hand
    marked. ``on_hand(number)`` is called when a hand's row is tapped. Up to
    six players share a phone's width (:func:`crowded`: a long name ends in
    "…"); with more players than fit the screen, the players' columns scroll
    sideways beside the fixed hand numbers (names and totals stay whole)."""
    app = use_app()
    shown = sides(view)  # a column a player, or a team (RULES.md §5 partnerships)
    table = shown.standings
    players = shown.names
    leaders = set(table.leaders) if view.hands else set()
    finished = table.finished
    room = min(app.width, MAX_CONTENT) - 2 * PADDING
    width, scrolls = sheet_widths(players, room)
    tight = crowded(players, room)  # up to six share a phone: names may end in "…"
    number_width = NAME_WIDTH if scrolls else NARROW_NUMBER_WIDTH if tight else NUMBER_WIDTH

    def cell(content: ft.Control, *, highlight: bool = False) -> ft.Control:
        return ft.Container(
            content=content,
            width=width,
            expand=width is None,
            alignment=ft.Alignment.CENTER,
            padding=ft.Padding.symmetric(vertical=4, horizontal=1 if tight else 2),
            bgcolor=ft.Colors.SECONDARY_CONTAINER if highlight else None,
            border_radius=6,
        )

    def names_row() -> list[ft.Control]:
        return [
            cell(
                ft.Column(
                    [
                        tagged(
                            f"name-{seat}",
                            # two lines where the columns share the screen
                            # ("Bestemor / Ingrid"): a long name reads whole
                            ft.Text(
                                name,
                                weight=ft.FontWeight.W_600,
                                max_lines=1 if scrolls else 2,
                                overflow=ft.TextOverflow.ELLIPSIS,
                                text_align=ft.TextAlign.CENTER,
                            )
                            if not tight
                            else crowded_name(name),
                            **({"label": name, "exclude_semantics": True} if tight else {}),
                        ),
                        ft.Text(
                            deals_text(shown, side, finished),
                            color=ft.Colors.TERTIARY,
                            max_lines=1,
                            overflow=ft.TextOverflow.ELLIPSIS,
                        ),
                    ],
                    spacing=0,
                    horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                )
            )
            for seat, side in enumerate(shown.sides)
            for name in (side.name,)
        ]

    def totals_row() -> list[ft.Control]:
        return [
            cell(
                ft.Column(
                    [
                        tagged(
                            f"total-{seat}",
                            ft.Text(
                                format_number(table.totals[name]),
                                size=20,
                                weight=ft.FontWeight.BOLD,
                                no_wrap=True,
                            ),
                        ),
                        ft.Text(
                            _("#{rank}", rank=table.places[name]) if view.hands else " ",
                            color=ft.Colors.ON_SURFACE_VARIANT,
                        ),
                        *(  # a progress game: the player's phase (RULES.md §8)
                            [
                                tagged(
                                    f"phase-{seat}",
                                    ft.Text(
                                        label, color=ft.Colors.ON_SURFACE_VARIANT, no_wrap=True
                                    ),
                                )
                            ]
                            if (label := stage_label(view, side.key)) is not None
                            else []
                        ),
                    ],
                    spacing=0,
                    horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                ),
                highlight=name in leaders,
            )
            for seat, side in enumerate(shown.sides)
            for name in (side.name,)
        ]

    hands = shown_hands(view, show_all)
    blocked = blocked_word(view)
    number_text = lambda line: number_cell(line, number_width, blocked)  # noqa: E731
    # "Σ" (said "Total"): one sign fits the narrow column at any text size
    total_label = ft.Container(
        ft.Semantics(
            label=_("Total"),
            content=ft.Text("Σ", size=20, weight=ft.FontWeight.W_600, tooltip=_("Total")),
        ),
        width=number_width,
    )
    hash_label = ft.Container(ft.Text("#", color=ft.Colors.ON_SURFACE_VARIANT), width=number_width)
    if not scrolls:
        rows: list[ft.Control] = [
            # names bottom-aligned: the "deals" line is level under one- and two-line names
            ft.Row(
                [hash_label, *names_row()],
                spacing=CELL_GAP,
                vertical_alignment=ft.CrossAxisAlignment.END,
            ),
            ft.Divider(height=1),
        ]
        for line in hands:
            rows.append(
                tagged(
                    f"hand-row-{line.number}",
                    ft.Container(
                        content=ft.Row(
                            [
                                number_text(line),
                                *[
                                    hand_cell(line, seat, side.key, None)
                                    for seat, side in enumerate(shown.sides)
                                ],
                            ],
                            spacing=CELL_GAP,
                        ),
                        on_click=lambda _e, n=line.number: on_hand(n),
                        ink=True,
                        border_radius=6,
                        padding=ft.Padding.symmetric(vertical=6),
                    ),
                    button=True,
                    label=_("Hand {n}", n=format_number(line.number)),
                )
            )
        rows.append(ft.Divider(height=1))
        rows.append(ft.Row([total_label, *totals_row()], spacing=CELL_GAP))
        return ft.Column(rows, spacing=2)
    # Too many players for the screen: the hand numbers stay, the players scroll.
    left: list[ft.Control] = [
        ft.Container(hash_label, height=HEADER_HEIGHT, alignment=ft.Alignment.CENTER_LEFT)
    ]
    right: list[ft.Control] = [ft.Row(names_row(), spacing=CELL_GAP, height=HEADER_HEIGHT)]
    for line in hands:
        open_it = lambda _e, n=line.number: on_hand(n)  # noqa: E731
        left.append(
            tagged(
                f"hand-row-{line.number}",
                ft.Container(
                    content=number_text(line),
                    on_click=open_it,
                    ink=True,
                    height=ROW_HEIGHT,
                    alignment=ft.Alignment.CENTER_LEFT,
                    border_radius=6,
                ),
                button=True,
                label=_("Hand {n}", n=format_number(line.number)),
            )
        )
        right.append(
            tagged(
                f"hand-cells-{line.number}",
                ft.Container(
                    content=ft.Row(
                        [
                            hand_cell(line, seat, side.key, width)
                            for seat, side in enumerate(shown.sides)
                        ],
                        spacing=CELL_GAP,
                    ),
                    on_click=open_it,
                    ink=True,
                    height=ROW_HEIGHT,
                    border_radius=6,
                ),
                button=True,
                label=_("Hand {n}", n=format_number(line.number)),
            )
        )
    left.append(ft.Container(total_label, height=TOTAL_HEIGHT, alignment=ft.Alignment.CENTER_LEFT))
    right.append(ft.Row(totals_row(), spacing=CELL_GAP, height=TOTAL_HEIGHT))
    # Said above the table: nothing else shows that more players lie beyond
    # the right edge.
    hint = tagged(
        "sheet-scroll-hint",
        ft.Row(
            [
                ft.Icon(ft.Icons.SWIPE, color=ft.Colors.ON_SURFACE_VARIANT),
                ft.Text(
                    ngettext(
                        "Swipe the table sideways to see all {n} player",
                        "Swipe the table sideways to see all {n} players",
                        len(players),
                    ),
                    color=ft.Colors.ON_SURFACE_VARIANT,
                    expand=True,
                ),
            ],
        ),
    )
    return ft.Column(
        [
            hint,
            ft.Row(
                [
                    ft.Column(left, spacing=2, width=NAME_WIDTH),
                    # keyed by the session: another session (a rematch)
                    # gets a new scroll position, at the start
                    ft.Row(
                        [ft.Column(right, spacing=2)],
                        scroll=ft.ScrollMode.AUTO,
                        expand=True,
                        key=f"sheet-scroll-{view.id}",
                    ),
                ],
                spacing=CELL_GAP,
                vertical_alignment=ft.CrossAxisAlignment.START,
            ),
        ],
        spacing=4,
    )


def blocked_icon(word: str) -> ft.Control:
    """The mark of a blocked hand: the hand entry's "blocked" sign, named
    ``word`` (:func:`blocked_word`) for a screen reader and in a tooltip."""
    return ft.Semantics(
        label=word,
        content=ft.Icon(ft.Icons.BLOCK, size=16, color=ft.Colors.ON_SURFACE_VARIANT, tooltip=word),
    )


def number_cell(line: HandLine, width: float, blocked: str | None) -> ft.Control:
    """The hand number of a row of the sheet, with the blocked sign under it
    when nobody went out in a game where somebody can (``blocked``, the
    game's word for it, is not ``None``: :func:`~app.ui.state.session_screen.blocked_word`)."""
    number = ft.Text(format_number(line.number), color=ft.Colors.ON_SURFACE_VARIANT)
    if blocked is None or line.went_out is not None:
        return ft.Container(number, width=width)
    return ft.Container(
        ft.Column([number, blocked_icon(blocked)], spacing=0, tight=True),
        width=width,
    )


def hand_notes(view: SessionView, show_all: bool) -> list[ft.Control]:
    """Why nobody scored a hand on show (a blocked tie…), one line per hand
    (:func:`app.ui.state.session_screen.hand_notes`)."""
    return [
        tagged(
            f"hand-note-{number}",
            ft.Row(
                [
                    ft.Icon(ft.Icons.INFO_OUTLINE, color=ft.Colors.ON_SURFACE_VARIANT),
                    ft.Text(text, color=ft.Colors.ON_SURFACE_VARIANT, expand=True),
                ],
                vertical_alignment=ft.CrossAxisAlignment.START,
            ),
        )
        for number, text in words.hand_notes(view, show_all)
    ]


def sheet_legend(view: SessionView, show_all: bool) -> ft.Control:
    """What the sheet's signs mean: the star (went out), and the blocked sign
    in the game's own word when a hand on show was blocked; then how to change
    a hand (:func:`app.ui.state.session_screen.legend`)."""
    word, line = words.legend(view, show_all)
    text = ft.Text(line, color=ft.Colors.ON_SURFACE_VARIANT, expand=True)
    went_out = ft.Row(
        [ft.Icon(ft.Icons.STAR, size=14, color=ft.Colors.TERTIARY), text]
        if view.rules.can_go_out
        else [text],  # a game of tricks: nobody goes out, no star to explain
        spacing=4,
    )
    lines: list[ft.Control] = []
    if word is not None:
        lines.append(
            ft.Row(
                [
                    ft.Icon(ft.Icons.BLOCK, size=16, color=ft.Colors.ON_SURFACE_VARIANT),
                    ft.Text(word, color=ft.Colors.ON_SURFACE_VARIANT, expand=True),
                ],
                spacing=4,
            )
        )
    return tagged("sheet-legend", ft.Column([*lines, went_out], spacing=4))


def session_result(view: SessionView) -> SessionResult:
    """The :class:`scoring.SessionResult` the chart needs, from the read model
    (only the standings are drawn, a line a team in a session played in
    teams; no rescoring)."""
    return SessionResult(hand_scores=(), standings=sides(view).standings, warnings=())


@ft.component
def DeferredChart(view: SessionView) -> ft.Control:
    """The running-totals chart, drawn in a second update after the standings
    (a long session's chart would otherwise delay the new totals). Its own
    component, so revealing it re-renders only the chart, not the whole screen."""
    shown, show = ft.use_state(False)

    async def reveal() -> None:
        await asyncio.sleep(CHART_DELAY)
        show(True)

    ft.use_effect(reveal, [view.id])
    if not shown:
        return ft.Container(height=CHART_HEIGHT)
    # imported here: the chart library takes a while to load, after the first frame
    from app.ui.chart_view import RunningTotalsChart

    return RunningTotalsChart(session_result(view), height=CHART_HEIGHT)


@ft.component
def SessionScreen() -> ft.Control:
    """One session's standings, opened from the services by route id. The
    phone's screen stays awake while it is shown (and its hand entry)."""
    app = use_app()
    use_keep_awake()
    params = ft.use_route_params()
    sid = int(params.get("sid", "0") or 0)
    model = use_created(lambda: words.SessionScreen(app=app, ports=page_ports()))
    show_all = model.show_all

    loaded = use_session_view(app, sid)
    if loaded.loading:
        return loading_screen(_("Session"))
    view = loaded.value
    if view is None:
        return Screen(
            _("Session"),
            [ft.Text(describe_problem(loaded.error), color=ft.Colors.ERROR)],
            back="/",
        )

    table = view.standings
    body: list[ft.Control] = [NoticeBar(app, view.id)]
    if table.finished:
        body.append(
            tagged(
                "winner-banner",
                ft.Container(
                    content=ft.Row(
                        [
                            ft.Icon(
                                ft.Icons.EMOJI_EVENTS,
                                color=ft.Colors.ON_TERTIARY_CONTAINER,
                                size=36,
                            ),
                            ft.Text(
                                winner_text(view),
                                size=18,
                                weight=ft.FontWeight.BOLD,
                                color=ft.Colors.ON_TERTIARY_CONTAINER,
                                expand=True,
                            ),
                        ]
                    ),
                    bgcolor=ft.Colors.TERTIARY_CONTAINER,
                    padding=16,
                    border_radius=12,
                ),
            )
        )
    # how far it is from its end, and how it is played (every option not the
    # game's default): the target said once
    progress, played = words.heading(view)
    heading: list[ft.Control] = []
    if progress:
        heading.append(ft.Text(progress, color=ft.Colors.ON_SURFACE_VARIANT))
    if played:
        heading.append(
            tagged(
                "session-options",
                ft.Text(" · ".join(played), color=ft.Colors.ON_SURFACE_VARIANT),
            )
        )
    # one block: where the options say the target, the progress line does not
    body.append(tagged("progress", ft.Column(heading, spacing=8)))
    if view.hands:
        body.append(StandingsTable(view, show_all, lambda n: model.open_hand(view, n)))
        earlier = words.earlier_label(view, show_all)
        if earlier:
            body.append(
                tagged(
                    "show-all-hands",
                    ft.TextButton(
                        earlier,
                        on_click=lambda _e: model.show_earlier(),
                        height=48,
                    ),
                    button=True,
                )
            )
        body.extend(hand_notes(view, show_all))
        body.append(sheet_legend(view, show_all))
    else:
        body.append(StandingsTable(view, show_all, lambda n: None))
        body.append(
            ft.Text(
                _("{player} deals the first hand.", player=table.dealer),
                color=ft.Colors.ON_SURFACE_VARIANT,
            )
        )
    if view.hands:
        chart = DeferredChart(view)
        if app.wide:
            body = [
                ft.Row(
                    [
                        ft.Column(body, expand=3, spacing=8),
                        ft.Container(content=chart, expand=2, padding=ft.Padding.only(left=16)),
                    ],
                    vertical_alignment=ft.CrossAxisAlignment.START,
                )
            ]
        else:
            body.append(ft.Container(content=chart, padding=ft.Padding.only(top=16)))
    if table.finished:
        bottom = tagged(
            "rematch",
            ft.FilledButton(
                _("Rematch"),
                icon=ft.Icons.REPLAY,
                on_click=lambda _e: model.rematch(view),
                height=52,
                width=float("inf"),
            ),
            button=True,
        )
    else:
        bottom = tagged(
            "new-hand",
            ft.FilledButton(
                words.next_hand_label(app, view),
                icon=ft.Icons.ADD,
                on_click=lambda _e: model.next_hand(view),
                height=52,
                width=float("inf"),
            ),
            button=True,
        )
    return Screen(
        game_name(view.game_rules),
        body,
        back="/",
        actions=[
            icon_action(
                "nav-rules",
                ft.Icons.MENU_BOOK_OUTLINED,
                _("Rules"),
                lambda _e: model.rules(view),
            ),
            ExportButton(view),
        ],
        bottom=bottom,
        screen_id="screen-session",
        padding=PADDING,
    )
