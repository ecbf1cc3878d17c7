"""The hand-entry screen: who went out (or blocked), a panel per player
(:mod:`.player_panel`), the live score, errors inline, warnings to confirm, and
save / delete / undo — drawn from the screen's model,
:class:`app.ui.state.hand_screen.HandScreen`, whose methods every tap calls.

Every number shown comes from :mod:`scoring` through :class:`app.ui.state.HandDraft`.
What the buttons do (nothing recorded that nobody meant, issue 11) is the
model's, and tested there without a browser (tests/app/test_hand_screen.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import flet as ft

from app.i18n import _
from app.messages import blocked_label
from app.ui.common import (
    Screen,
    choice,
    describe_problem,
    loading_screen,
    tagged,
    use_app,
    use_loaded,
    use_session_view,
    watching,
)
from app.ui.hand_entry.bid_panel import BidPanel
from app.ui.hand_entry.capture_panel import CapturePanel
from app.ui.hand_entry.flags import HandFlags
from app.ui.hand_entry.player_panel import LiveScore, PlayerPanel
from app.ui.loading import page_ports
from app.ui.phone import on_its_side, use_keep_awake
from app.ui.state import AppState, HandDraft
from app.ui.state.hand_screen import HandScreen, session_and_hand

__all__ = ["EditHandScreen", "HandEntry", "NewHandScreen", "overtaken_notice"]

#: The body's side padding on the hand screen: room for seven 48-pixel keys
#: a row on a 390-pixel phone.
PADDING = 8


def overtaken_notice(screen: HandScreen) -> ft.Control:
    """Another phone saved the hand this one was begun as (:attr:`HandScreen.overtaken`):
    maybe the same hand. Discard this entry, or keep it as the next hand."""
    return tagged(
        "hand-overtaken",
        ft.Container(
            content=ft.Column(
                [
                    ft.Row(
                        [
                            ft.Icon(ft.Icons.PHONELINK_RING, color=ft.Colors.ON_TERTIARY_CONTAINER),
                            ft.Text(
                                screen.overtaken_text,
                                color=ft.Colors.ON_TERTIARY_CONTAINER,
                                expand=True,
                            ),
                        ],
                        vertical_alignment=ft.CrossAxisAlignment.START,
                    ),
                    ft.Row(
                        [
                            tagged(
                                "overtaken-discard",
                                ft.OutlinedButton(
                                    _("Discard"),
                                    icon=ft.Icons.DELETE_OUTLINE,
                                    on_click=screen.discard_overtaken,
                                    height=48,
                                ),
                                button=True,
                            ),
                            tagged(
                                "overtaken-keep",
                                ft.FilledButton(
                                    screen.keep_as_label,
                                    on_click=screen.keep_as_next,
                                    height=48,
                                ),
                                button=True,
                            ),
                        ],
                        wrap=True,
                        spacing=8,
                        run_spacing=8,
                    ),
                ],
                spacing=8,
            ),
            padding=12,
            border_radius=12,
            bgcolor=ft.Colors.TERTIARY_CONTAINER,
        ),
    )


def left_notice(screen: HandScreen) -> ft.Control:
    """This hand was changed at an earlier opening and left unsaved
    (:attr:`HandScreen.left`): the stored hand is shown; the change can be
    taken up again or thrown away."""
    return tagged(
        "edit-unsaved",
        ft.Container(
            content=ft.Column(
                [
                    ft.Row(
                        [
                            ft.Icon(ft.Icons.EDIT_NOTE, color=ft.Colors.ON_TERTIARY_CONTAINER),
                            ft.Text(
                                _(
                                    "Unsaved changes: this hand was changed and left "
                                    "without saving. Shown here is the hand as saved."
                                ),
                                color=ft.Colors.ON_TERTIARY_CONTAINER,
                                expand=True,
                            ),
                        ],
                        vertical_alignment=ft.CrossAxisAlignment.START,
                    ),
                    ft.Row(
                        [
                            tagged(
                                "edit-discard",
                                ft.OutlinedButton(
                                    _("Discard the changes"),
                                    icon=ft.Icons.DELETE_OUTLINE,
                                    on_click=screen.forget_left,
                                    height=48,
                                ),
                                button=True,
                            ),
                            tagged(
                                "edit-restore",
                                ft.FilledButton(
                                    _("Restore the changes"),
                                    icon=ft.Icons.RESTORE,
                                    on_click=screen.restore_left,
                                    height=48,
                                ),
                                button=True,
                            ),
                        ],
                        wrap=True,
                        spacing=8,
                        run_spacing=8,
                    ),
                ],
                spacing=8,
            ),
            padding=12,
            border_radius=12,
            bgcolor=ft.Colors.TERTIARY_CONTAINER,
        ),
    )


def leave_dialog(app: AppState, screen: HandScreen) -> ft.AlertDialog:
    """The question :attr:`HandScreen.leaving` puts: discard the changes, or
    keep editing."""
    return ft.AlertDialog(
        modal=True,
        title=ft.Text(screen.leave_question),
        content=tagged("discard-dialog", ft.Text(_("The hand stays as it was saved."))),
        actions=[
            tagged(
                "discard-keep",
                ft.TextButton(_("Keep editing"), on_click=screen.keep_editing, height=48),
                button=True,
            ),
            watching(  # it leaves: a double tap on it is known on the screen it shows
                app.memory.presses,
                tagged(
                    "discard-confirm",
                    ft.FilledButton(
                        _("Discard"),
                        icon=ft.Icons.DELETE_OUTLINE,
                        on_click=screen.discard,
                        height=48,
                    ),
                    button=True,
                ),
            ),
        ],
    )


def use_hand_screen(app: AppState, session_id: int, number: int | None) -> HandScreen:
    """The model of the hand screen on show (hand ``number`` of session
    ``session_id``, ``None`` for the next hand): made when the screen opens
    (and for another hand), kept while it is shown; the calling component
    draws again whenever the model changes."""

    def made() -> HandScreen:
        return HandScreen(app, page_ports(), session_id, number)

    kept, set_screen = ft.use_state(cast("Callable[[], Any]", made))
    screen = cast("HandScreen", kept)
    if (screen.session_id, screen.number) != (session_id, number):
        screen = made()
        set_screen(cast("Any", screen))
    return screen


@ft.component
def HandEntry(screen: HandScreen, draft: HandDraft) -> ft.Control:
    """The whole hand-entry screen of ``screen`` (its :attr:`~HandScreen.draft`
    is ``draft``, passed so that every change of it draws the screen again)."""
    app = use_app()
    view = screen.view
    assert view is not None
    preview = draft.preview()
    editing = screen.editing
    number = screen.hand_number

    ft.use_effect(screen.follow_deletions, [number])
    ft.use_dialog(leave_dialog(app, screen) if screen.leaving else None)

    went_out_row = ft.Row(
        [
            *[
                choice(
                    f"went-out-{seat}",
                    name,
                    draft.went_out == name,
                    lambda _e, n=name: draft.set_went_out(n),
                    # the same width whether chosen or not: nothing below moves
                    icon=(
                        ft.Icons.RADIO_BUTTON_CHECKED
                        if draft.went_out == name
                        else ft.Icons.RADIO_BUTTON_UNCHECKED
                    ),
                )
                for seat, name in enumerate(view.players)
            ],
            *(
                [
                    choice(
                        "blocked",
                        # the game's own word: Swedish Rummy's hands are blocked;
                        # in the Rummy games a hand just stops with nobody out
                        blocked_label(draft.rules.blocked_term),
                        draft.blocked,
                        lambda _e: draft.set_blocked(),
                        icon=ft.Icons.BLOCK,
                    )
                ]
                if draft.rules.can_block
                else []
            ),
        ],
        wrap=True,
        spacing=6,
        run_spacing=6,
    )
    body: list[ft.Control] = []
    beside: list[ft.Control] = []
    if screen.round_line:  # a game with a schedule: the round's cards and wild rank
        body.append(tagged("hand-round", ft.Text(screen.round_line, weight=ft.FontWeight.W_600)))
    if screen.overtaken:
        body.append(overtaken_notice(screen))
    if screen.left is not None:
        body.append(left_notice(screen))
    if draft.rules.can_go_out:  # a game of tricks: every hand ends with nobody out
        body += [ft.Text(_("Who went out?"), weight=ft.FontWeight.W_600), went_out_row]
    if draft.rules.flags:  # Rummy's "went out in one turn" among them
        body.append(HandFlags(draft))
    if draft.bid is not None:  # a bids game (Plump): bids, then who made them
        body.append(BidPanel(draft))
    elif draft.went_out is None and not draft.blocked:
        body.append(
            ft.Text(
                _("Tap who went out, then each card the others are left holding."),
                color=ft.Colors.ON_SURFACE_VARIANT,
            )
        )
    else:
        seats = [
            seat
            for seat, name in enumerate(view.players)
            if draft.rules.uses_runs or name != draft.went_out
        ]
        if draft.capture is not None:  # piles (RULES.md §5): a row a player or partnership
            seats = list(range(len(draft.capture.facts.players)))
        panel = CapturePanel if draft.capture is not None else PlayerPanel
        panels = [panel(draft, seat, preview, key=f"p{seat}") for seat in seats]  # type: ignore[call-arg]  # ft.component takes key=
        page = ft.context.page
        if on_its_side(page.width, page.height):
            beside = panels  # a phone on its side: beside who went out, from the top
        elif app.wide and len(panels) > 1:
            body.append(
                ft.ResponsiveRow(
                    [ft.Container(content=p, col={"xs": 12, "md": 6}) for p in panels],
                    spacing=8,
                    run_spacing=8,
                )
            )
        else:
            body.extend(panels)
    if (draft.went_out is not None or draft.blocked) and (draft.bid is None or preview.ready):
        body.append(LiveScore(draft, preview))
    if beside:
        # Landscape: the chips and keys of the player being entered in view
        # at once, not under who went out.
        body = [
            ft.Row(
                [
                    ft.Column(body, spacing=8, expand=2),
                    tagged("hand-players", ft.Column(beside, spacing=8), expand=3),
                ],
                spacing=12,
                vertical_alignment=ft.CrossAxisAlignment.START,
            )
        ]
    # A refused save (e.g. a run still being built) says why first; it goes
    # with the next change to the hand.
    problem = screen.problem(preview)
    bottom_parts: list[ft.Control] = []
    if problem is not None:
        # In the bar with the save button: in view however far the hand scrolls.
        bottom_parts.append(
            tagged(
                "hand-error",
                ft.Container(
                    content=ft.Row(
                        [
                            ft.Icon(ft.Icons.ERROR_OUTLINE, color=ft.Colors.ON_ERROR_CONTAINER),
                            ft.Text(
                                screen.problem_text(problem),
                                color=ft.Colors.ON_ERROR_CONTAINER,
                                expand=True,
                            ),
                        ]
                    ),
                    padding=ft.Padding.symmetric(horizontal=10, vertical=6),
                    border_radius=8,
                    bgcolor=ft.Colors.ERROR_CONTAINER,
                ),
                live_region=True,
            )
        )
        offer = screen.drop_offer(problem)
        if offer is not None:
            # The change ends the session after this hand: the way forward,
            # nothing lost until it is chosen (and undone from the sheet).
            bottom_parts.append(
                tagged(
                    "session-over-fix",
                    ft.OutlinedButton(
                        offer,
                        icon=ft.Icons.CONTENT_CUT,
                        on_click=screen.save_dropping_later,
                        disabled=screen.busy,
                        height=48,
                        width=float("inf"),
                    ),
                    button=True,
                )
            )
    if draft.warnings:
        bottom_parts.append(
            tagged(
                "hand-warnings",
                ft.Column(
                    [
                        ft.Text(_("Please check:"), weight=ft.FontWeight.W_600),
                        *[ft.Text("• " + line) for line in screen.warning_lines],
                    ],
                    spacing=2,
                ),
            )
        )
        bottom_parts.append(
            ft.Row(
                [
                    tagged(
                        "confirm-warnings",
                        ft.FilledButton(
                            _("Save anyway"),
                            icon=ft.Icons.CHECK,
                            on_click=screen.save_anyway,
                            disabled=screen.busy,
                            height=52,
                            expand=True,
                        ),
                        button=True,
                        expand=True,
                    ),
                    tagged(
                        "warnings-back",
                        ft.OutlinedButton(
                            _("Fix it"),
                            on_click=screen.fix_it,
                            height=52,
                        ),
                        button=True,
                    ),
                ]
            )
        )
    else:
        bottom_parts.append(
            tagged(
                "hand-save",
                ft.FilledButton(
                    _("Save hand"),
                    icon=ft.Icons.SAVE,
                    on_click=screen.save,
                    disabled=not screen.can_save(preview),
                    height=52,
                    width=float("inf"),
                ),
                button=True,
            )
        )
    actions = []
    if editing:
        actions.append(
            tagged(
                "hand-delete",
                ft.IconButton(
                    icon=ft.Icons.DELETE_OUTLINE,
                    tooltip=_("Delete hand"),
                    on_click=screen.delete,
                ),
                button=True,
                label=_("Delete hand"),
            )
        )
    return Screen(
        screen.title,
        body,
        back=screen.back_route,
        on_back=screen.leave,
        actions=actions,
        bottom=ft.Column(bottom_parts, spacing=6),
        screen_id="screen-hand",
        padding=PADDING,
    )


@ft.component
def NewHandScreen() -> ft.Control:
    """``/session/<id>/hand``: the next hand (the screen kept awake)."""
    app = use_app()
    use_keep_awake()
    sid = int(ft.use_route_params().get("sid", "0") or 0)
    screen = use_hand_screen(app, sid, None)
    loaded = use_session_view(app, sid)
    if loaded.loading:
        return loading_screen(_("Hand"), back=f"/session/{sid}")
    view = loaded.value
    if view is None:
        return Screen(
            _("Hand"), [ft.Text(describe_problem(loaded.error), color=ft.Colors.ERROR)], back="/"
        )
    if view.finished:
        lines: list[ft.Control] = [ft.Text(_("This session has ended."))]
        if app.has_draft(view.id, view.players):  # begun here, ended elsewhere
            lines.append(
                tagged(
                    "ended-elsewhere",
                    ft.Text(
                        _(
                            "A hand saved on another phone ended it while you entered "
                            "this one, which was not saved."
                        ),
                        color=ft.Colors.ON_SURFACE_VARIANT,
                    ),
                )
            )
        return Screen(_("Hand"), lines, back=f"/session/{sid}")
    return HandEntry(screen, screen.show(view))


@ft.component
def EditHandScreen() -> ft.Control:
    """``/session/<id>/hand/<n>``: change or delete hand ``n``. Each opening
    shows the hand as stored; changes left unsaved at an earlier opening are
    offered (restore or discard), never carried in silently
    (:meth:`HandScreen.show`). The screen is kept awake."""
    app = use_app()
    use_keep_awake()
    params = ft.use_route_params()
    sid = int(params.get("sid", "0") or 0)
    number = int(params.get("number", "0") or 0)
    screen = use_hand_screen(app, sid, number)
    loaded = use_loaded(session_and_hand(sid, number), [sid, number, app.revision])
    if loaded.loading:
        return loading_screen(_("Hand"), back=f"/session/{sid}")
    if loaded.value is None:
        return Screen(
            _("Hand"),
            [ft.Text(describe_problem(loaded.error), color=ft.Colors.ERROR)],
            back=f"/session/{sid}",
        )
    view, detail = loaded.value
    return HandEntry(screen, screen.show(view, detail.hand))
