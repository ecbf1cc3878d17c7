"""The session screen: standings (players × hands with running totals), leader
and dealer, progress to the target or rounds left, the winner, rematch; tap a
hand to edit or delete it."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

import flet as ft

from app.i18n import _, format_number, join_names, ngettext
from app.messages import blocked_label, describe_note, describe_options, game_name
from app.ui.common import (
    NoticeBar,
    Screen,
    describe_problem,
    go,
    icon_action,
    loading_screen,
    tagged,
    use_app,
    use_session_view,
)
from app.ui.export_menu import ExportButton
from app.ui.phone import use_keep_awake
from app.ui.state import MAX_CONTENT
from models.views import HandLine, SessionView
from scoring import SessionResult

__all__ = ["SessionScreen", "StandingsTable", "progress_text", "winner_text"]

#: Hands shown before "show all" (the newest ones).
RECENT_HANDS = 12
#: Width of the hand-number column when the players' columns scroll, in
#: logical pixels (the hand number alone is the row's tap target there).
NAME_WIDTH = 48
#: Width of the hand-number column when every player's column fits (the whole
#: row is the tap target): room for a three-digit hand number and "Σ".
NUMBER_WIDTH = 36
#: The session screen's side padding: five players' columns fit a 390-pixel phone.
PADDING = 12
#: The narrowest a player's column gets: room for a name of about seven
#: letters a line and a four-digit total (more players scroll sideways: five
#: fit a 390-pixel phone).
CELL_MIN = 62
#: The widest a player's column gets when the columns scroll (a longer name
#: ends in "…"; names are at most 40 characters).
CELL_MAX = 140
#: Space between columns, in logical pixels.
CELL_GAP = 0
#: Up to this many players share a phone's width even when their names do
#: not fit whole (a long name ends in "…", whole in its tooltip and to a
#: screen reader): no sideways swipe for the tables families play at. More
#: players scroll sideways with every name whole.
FIT_PLAYERS = 6
#: The narrowest a player's column gets when up to :data:`FIT_PLAYERS` share
#: the width: six fit a 390-pixel phone (a four-digit total, a name's first
#: letters).
CELL_NARROW = 52
#: Width of the hand-number column then: room for a two-digit hand number and "Σ".
NARROW_NUMBER_WIDTH = 28
#: Heights of the rows when the players' columns scroll (the fixed hand
#: numbers beside them line up with them).
HEADER_HEIGHT = 48
ROW_HEIGHT = 52
TOTAL_HEIGHT = 56

#: Height of the running-totals chart, in logical pixels.
CHART_HEIGHT = 240
#: Seconds the chart waits after the standings are shown.
CHART_DELAY = 0.05


def signed(points: int) -> str:
    """``+18``, ``0``, ``-7``: a hand's points, with the minus sign of the
    totals beside them (two kinds of minus in one row read as two signs)."""
    return ("+" if points > 0 else "") + format_number(points)


def winner_text(view: SessionView) -> str:
    """ "Kari wins with 120 points" / "Kari and Ola share the win"."""
    table = view.standings
    winners = table.winners
    if len(winners) == 1:
        return _(
            "{player} wins with {points}",
            player=winners[0],
            points=ngettext("{n} point", "{n} points", table.totals[winners[0]]),
        )
    return _(
        "{players} share the win with {points}",
        players=join_names(winners),
        points=ngettext("{n} point", "{n} points", table.totals[winners[0]]),
    )


def progress_text(view: SessionView, *, target_said: bool = False) -> str:
    """How far the session is from its end: rounds left or the leader's gap to
    the target. With ``target_said`` (the line of options just below says the
    target) the target is not said again: the leader's gap alone, or nothing
    before the first hand."""
    table = view.standings
    if table.finished:
        return ngettext("Finished after {n} hand", "Finished after {n} hands", len(view.hands))
    if table.rounds_left is not None:
        return ngettext("{n} round left", "{n} rounds left", table.rounds_left)
    if table.target is not None and table.gap_to_target is not None:
        leader = table.leaders[0] if table.leaders and view.hands else None
        points = format_number(max(table.gap_to_target[leader], 0)) if leader else ""
        if target_said:
            if leader is None:
                return ""
            return _("{player} needs {points} more", player=leader, points=points)
        if leader is None:
            return ngettext("First to {n} point", "First to {n} points", table.target)
        return _(
            "Target {target}: {player} needs {points} more",
            target=format_number(table.target),
            player=leader,
            points=points,
        )
    return ""


def target_in_options(view: SessionView, played: Sequence[str]) -> bool:
    """Whether the line of options (``played``, from ``describe_options``)
    says the target: it does when the session's target is not the game's
    default (a default is not listed there)."""
    table = view.standings
    return bool(played) and "target" in view.options_dict and table.target is not None


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


def name_width(name: str) -> float:
    """About how wide ``name`` is in the sheet's header (14-pixel semi-bold
    text), in logical pixels: a little more than the widest letters need."""
    return 9.0 * len(name) + 8


def two_line_width(name: str) -> float:
    """About how wide ``name`` is when it may break over two lines between
    its words (the wider line of the best break), in logical pixels.

    >>> two_line_width("Bestemor Ingrid"), two_line_width("Bjørnar")
    (80.0, 71.0)
    """
    words = name.split()
    lines = [
        max(name_width(" ".join(words[:i])), name_width(" ".join(words[i:])))
        for i in range(1, len(words))
    ]
    return min([name_width(name), *lines])


def name_lines(name: str) -> list[str]:
    """``name`` in at most two lines, broken between words where the wider
    line is narrowest (:func:`two_line_width`).

    >>> name_lines("Bestemor Ingrid"), name_lines("Anne Lise Berg"), name_lines("Øystein")
    (['Bestemor', 'Ingrid'], ['Anne', 'Lise Berg'], ['Øystein'])
    """
    words = name.split()
    if len(words) < 2:
        return [name]
    breaks = range(1, len(words))
    best = min(
        breaks,
        key=lambda i: max(name_width(" ".join(words[:i])), name_width(" ".join(words[i:]))),
    )
    return [" ".join(words[:best]), " ".join(words[best:])]


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


def sheet_widths(names: Sequence[str], width: float) -> tuple[float | None, bool]:
    """The width of a player's column and whether the columns scroll sideways:
    they share the room right of the hand numbers (``width`` is the whole
    sheet's, in logical pixels) while each
    name fits whole on at most two lines (broken between words) and each
    column gets at least :data:`CELL_MIN`; with more players than that fits
    (up to 12 in Swedish Rummy) every column gets the longest name's width on
    one line (at most :data:`CELL_MAX`) and they scroll, the hand numbers
    staying in place.

    >>> sheet_widths(["Anna", "Bo", "Cato", "Dag", "Eli"], 366)
    (None, False)
    >>> sheet_widths(["Bestemor Ingrid", "Onkel Bjørnar", "Kari Nordmann", "Ola Nordmann"], 366)
    (None, False)
    >>> sheet_widths(["Bjørn", "Bjørnar"] + ["Kari"] * 10, 366)
    (71.0, True)

    Up to :data:`FIT_PLAYERS` share the width all the same, in columns at
    least :data:`CELL_NARROW` wide (:func:`crowded`):

    >>> sheet_widths(["Bestemor Ingrid", "Onkel Bjørnar", "Kari", "Ola", "Åse", "Øystein"], 366)
    (None, False)
    """
    shared = max([CELL_MIN, *(two_line_width(n) for n in names)])
    if len(names) * (shared + CELL_GAP) <= width - NUMBER_WIDTH - CELL_GAP or crowded(names, width):
        return None, False
    need = min(max([CELL_MIN, *(name_width(n) for n in names)]), CELL_MAX)
    return need, True


def crowded(names: Sequence[str], width: float) -> bool:
    """Whether the players' columns share the sheet's ``width`` (logical
    pixels) although some name does not fit whole on two lines: up to
    :data:`FIT_PLAYERS` players whose columns would otherwise scroll
    sideways, where each still gets :data:`CELL_NARROW` beside a narrow
    hand-number column. Their names may end in "…".

    >>> crowded(["Anna", "Bo", "Cato", "Dag", "Eli"], 366)
    False
    >>> crowded(["Bestemor Ingrid", "Onkel Bjørnar", "Kari", "Ola", "Åse", "Øystein"], 366)
    True
    >>> crowded(["Kari"] * 7, 366)
    False
    """
    shared = max([CELL_MIN, *(two_line_width(n) for n in names)])
    if len(names) * (shared + CELL_GAP) <= width - NUMBER_WIDTH - CELL_GAP:
        return False
    room = width - NARROW_NUMBER_WIDTH - CELL_GAP
    return len(names) <= FIT_PLAYERS and len(names) * (CELL_NARROW + CELL_GAP) <= room


@ft.component
def StandingsTable(view: SessionView, show_all: bool, on_hand) -> ft.Control:
    """Players as columns, hands as rows (points and running total), totals at
    the bottom; the leader's total is highlighted, the dealer of the next hand
    marked. ``on_hand(number)`` is called when a hand's row is tapped. Up to
    six players share a phone's width (:func:`crowded`: a long name ends in
    "…"); with more players than fit the screen, the players' columns scroll
    sideways beside the fixed hand numbers (names and totals stay whole)."""
    app = use_app()
    table = view.standings
    players = view.players
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
                            _("deals") if (name == table.dealer and not finished) else " ",
                            color=ft.Colors.TERTIARY,
                            max_lines=1,
                            overflow=ft.TextOverflow.ELLIPSIS,
                        ),
                    ],
                    spacing=0,
                    horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                )
            )
            for seat, name in enumerate(players)
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
                    ],
                    spacing=0,
                    horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                ),
                highlight=name in leaders,
            )
            for seat, name in enumerate(players)
        ]

    hands = view.hands if show_all else view.hands[-RECENT_HANDS:]
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
                                    hand_cell(line, seat, name, None)
                                    for seat, name in enumerate(players)
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
                        [hand_cell(line, seat, name, width) for seat, name in enumerate(players)],
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


def blocked_word(view: SessionView) -> str | None:
    """The game's word for a blocked hand ("Blocked", "Nobody went out"), or
    ``None`` in a game where nobody goes out (a game of tricks: every hand
    ends with nobody out, none is blocked)."""
    rules = view.rules
    return blocked_label(rules.blocked_term) if rules.can_go_out else None


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
    game's word for it, is not ``None``)."""
    number = ft.Text(format_number(line.number), color=ft.Colors.ON_SURFACE_VARIANT)
    if blocked is None or line.went_out is not None:
        return ft.Container(number, width=width)
    return ft.Container(
        ft.Column([number, blocked_icon(blocked)], spacing=0, tight=True),
        width=width,
    )


def hand_notes(view: SessionView, show_all: bool) -> list[ft.Control]:
    """Why nobody scored a hand on show (a blocked tie…), one line per hand,
    from :mod:`scoring` (``SessionRules.hand_notes``)."""
    rules = view.rules
    hands = view.hands if show_all else view.hands[-RECENT_HANDS:]
    lines: list[ft.Control] = []
    for line in hands:
        notes = rules.hand_notes(line.went_out, line.leftover, line.points)
        if notes:
            lines.append(
                tagged(
                    f"hand-note-{line.number}",
                    ft.Row(
                        [
                            ft.Icon(ft.Icons.INFO_OUTLINE, color=ft.Colors.ON_SURFACE_VARIANT),
                            ft.Text(
                                "\n".join(describe_note(n, line.number) for n in notes),
                                color=ft.Colors.ON_SURFACE_VARIANT,
                                expand=True,
                            ),
                        ],
                        vertical_alignment=ft.CrossAxisAlignment.START,
                    ),
                )
            )
    return lines


def sheet_legend(view: SessionView, show_all: bool) -> ft.Control:
    """What the sheet's signs mean: the star (went out), and the blocked sign
    in the game's own word when a hand on show was blocked; then how to change
    a hand."""
    hands = view.hands if show_all else view.hands[-RECENT_HANDS:]
    went_out = ft.Row(
        [
            ft.Icon(ft.Icons.STAR, size=14, color=ft.Colors.TERTIARY),
            ft.Text(
                _("went out. Tap a hand to change or delete it."),
                color=ft.Colors.ON_SURFACE_VARIANT,
                expand=True,
            ),
        ]
        if view.rules.can_go_out
        # a game of tricks: nobody goes out, no star to explain
        else [
            ft.Text(
                _("Tap a hand to change or delete it."),
                color=ft.Colors.ON_SURFACE_VARIANT,
                expand=True,
            )
        ],
        spacing=4,
    )
    lines: list[ft.Control] = []
    word = blocked_word(view) if any(line.went_out is None for line in hands) else None
    if word is not None:
        lines.append(
            ft.Row(
                [
                    ft.Icon(ft.Icons.BLOCK, size=16, color=ft.Colors.ON_SURFACE_VARIANT),
                    ft.Text(
                        word,
                        color=ft.Colors.ON_SURFACE_VARIANT,
                        expand=True,
                    ),
                ],
                spacing=4,
            )
        )
    return tagged("sheet-legend", ft.Column([*lines, went_out], spacing=4))


def session_result(view: SessionView) -> SessionResult:
    """The :class:`scoring.SessionResult` the chart needs, from the read model
    (only the standings are drawn; no rescoring)."""
    return SessionResult(hand_scores=(), standings=view.standings, warnings=())


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
    show_all, set_show_all = ft.use_state(False)

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

    def rematch(_e: ft.Event) -> None:
        # the new-session form, filled for the rematch: one tap on Start
        # starts it as before, and anything can be changed first
        app.new_session.prefill_rematch(view)
        go("/new")

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
    # how this session is played: every option not the game's default
    played = describe_options(view.game, view.options_dict)
    said = target_in_options(view, played)
    heading: list[ft.Control] = []
    progress = progress_text(view, target_said=said)
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
        body.append(StandingsTable(view, show_all, lambda n: go(f"/session/{sid}/hand/{n}")))
        hidden = len(view.hands) - RECENT_HANDS
        if hidden > 0 and not show_all:
            body.append(
                tagged(
                    "show-all-hands",
                    ft.TextButton(
                        ngettext("Show {n} earlier hand", "Show {n} earlier hands", hidden),
                        on_click=lambda _e: set_show_all(True),
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
                _("Rematch"), icon=ft.Icons.REPLAY, on_click=rematch, height=52, width=float("inf")
            ),
            button=True,
        )
    else:
        bottom = tagged(
            "new-hand",
            ft.FilledButton(
                (
                    _("Continue hand {n}", n=format_number(len(view.hands) + 1))
                    if app.has_draft(view.id, view.players)
                    else _("Enter hand {n}", n=format_number(len(view.hands) + 1))
                ),
                icon=ft.Icons.ADD,
                on_click=lambda _e: go(f"/session/{sid}/hand"),
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
                lambda _e: go(f"/session/{sid}/rules/{view.game}"),
            ),
            ExportButton(view),
        ],
        bottom=bottom,
        screen_id="screen-session",
        padding=PADDING,
    )
