"""The hand-entry screen: who went out (or blocked), a panel per player
(:mod:`.player_panel`), the live score, errors inline, warnings to confirm, and
save / delete / undo (:mod:`.actions`, run off the event loop).

Every number shown comes from :mod:`scoring` through :class:`app.ui.state.HandDraft`.
"""

from __future__ import annotations

import flet as ft

from app.i18n import _, format_number
from app.messages import blocked_label, describe_warning
from app.ui.common import (
    Screen,
    announce,
    choice,
    describe_problem,
    go,
    loading_screen,
    run_use_case,
    tagged,
    use_app,
    use_loaded,
    use_session_view,
)
from app.ui.hand_entry import actions as hand_actions
from app.ui.hand_entry.flags import HandFlags
from app.ui.hand_entry.player_panel import LiveScore, PlayerPanel
from app.ui.state import AppState, HandDraft
from models import services
from models.views import SessionView
from scoring import CodedError, ErrorCode

__all__ = ["EditHandScreen", "HandEntry", "NewHandScreen", "overtaken_notice"]


def overtaken_notice(app: AppState, view: SessionView, draft: HandDraft, number: int) -> ft.Control:
    """Another phone saved hand :attr:`HandDraft.opened_for` while this one was
    being entered: maybe the same hand. Discard this entry, or keep it as hand
    ``number``."""

    def discard(_e: ft.Event) -> None:
        app.drop_draft(view.id, None)
        go(f"/session/{view.id}")

    return tagged(
        "hand-overtaken",
        ft.Container(
            content=ft.Column(
                [
                    ft.Row(
                        [
                            ft.Icon(ft.Icons.PHONELINK_RING, color=ft.Colors.ON_TERTIARY_CONTAINER),
                            ft.Text(
                                _(
                                    "Hand {saved} was saved on another phone while you "
                                    "entered this one. If it was the same hand, discard "
                                    "this entry.",
                                    saved=format_number(draft.opened_for or number - 1),
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
                                "overtaken-discard",
                                ft.OutlinedButton(
                                    _("Discard"), icon=ft.Icons.DELETE_OUTLINE, on_click=discard
                                ),
                                button=True,
                            ),
                            tagged(
                                "overtaken-keep",
                                ft.FilledButton(
                                    _("Keep as hand {n}", n=format_number(number)),
                                    on_click=lambda _e: draft.keep_as(number),
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


@ft.component
def HandEntry(view: SessionView, draft: HandDraft) -> ft.Control:
    """The whole hand-entry screen for ``draft`` in session ``view``."""
    app = use_app()
    busy, set_busy = ft.use_state(False)
    preview = draft.preview()
    editing = draft.number is not None
    number = draft.number or len(view.hands) + 1
    back = f"/session/{view.id}"

    def follow() -> None:
        draft.follow_deletions(number)  # a hand deleted elsewhere: renumber, no question

    ft.use_effect(follow, [number])

    def leave(saved: SessionView) -> None:
        """The write is done: forget the draft, show the session it returned."""
        app.drop_draft(view.id, draft.number)
        app.saved(saved)
        announce(view.id)
        go(back)

    def refused(outcome: hand_actions.Refused) -> None:
        if outcome.stale:  # changed on another phone: opening it again starts afresh
            app.drop_draft(view.id, draft.number)
        draft.save_error = outcome.error

    async def save(confirm: bool) -> None:
        if busy:  # a second tap while the first is saving
            return
        if not draft.check_saveable():
            draft.warnings = ()
            return
        try:
            hand = draft.hand()
        except CodedError as error:
            draft.save_error = error
            return
        set_busy(True)
        try:
            outcome = await run_use_case(
                hand_actions.save,
                session_id=view.id,
                hand=hand,
                number=number,
                editing=editing,
                confirm=confirm,
                expected=draft.original,
            )
        finally:
            set_busy(False)
        if isinstance(outcome, hand_actions.NeedsConfirmation):
            draft.warnings = outcome.warnings
        elif isinstance(outcome, hand_actions.Refused):
            refused(outcome)
        else:
            leave(outcome.view)

    async def save_hand(_e: ft.Event) -> None:
        await save(False)

    async def save_anyway(_e: ft.Event) -> None:
        await save(True)

    async def delete(_e: ft.Event) -> None:
        page = ft.context.page
        if busy:
            return
        set_busy(True)
        try:
            outcome = await run_use_case(
                hand_actions.delete, session_id=view.id, number=number, expected=draft.original
            )
        finally:
            set_busy(False)
        if isinstance(outcome, hand_actions.Refused):
            refused(outcome)
            return
        leave(outcome.view)
        deleted = outcome.hand
        undone: list[bool] = []

        async def undo(_e: ft.Event) -> None:
            if undone:  # one undo per deletion, however often the bar is tapped
                return
            undone.append(True)
            result = await run_use_case(
                hand_actions.undo_delete, session_id=view.id, deleted=deleted
            )
            if isinstance(result, hand_actions.Refused):
                error = result.error
                text = (
                    _(
                        "Hand {n} cannot be put back: with it, the session would end "
                        "before the hands saved since",
                        n=format_number(number),
                    )
                    if error.code == ErrorCode.SESSION_OVER
                    else describe_problem(error)
                )
                page.show_dialog(ft.SnackBar(content=ft.Text(text)))
                return
            announce(view.id)
            app.changed()

        page.show_dialog(
            ft.SnackBar(
                content=tagged(
                    "hand-deleted",
                    ft.Text(_("Hand {n} deleted", n=format_number(number))),
                ),
                action=ft.SnackBarAction(label=_("Undo"), on_click=undo),
                duration=ft.Duration(seconds=8),
            )
        )

    went_out_row = ft.Row(
        [
            *[
                choice(
                    f"went-out-{seat}",
                    name,
                    draft.went_out == name,
                    lambda _e, n=name: draft.set_went_out(n),
                    icon=ft.Icons.CHECK if draft.went_out == name else None,
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
        spacing=8,
        run_spacing=8,
    )
    body: list[ft.Control] = []
    overtaken = draft.overtaken(number)
    if overtaken:
        body.append(overtaken_notice(app, view, draft, number))
    if draft.rules.can_go_out:  # a game of tricks: every hand ends with nobody out
        body += [ft.Text(_("Who went out?"), weight=ft.FontWeight.W_600), went_out_row]
    if draft.rules.offers_rummy and draft.went_out is not None:
        body.append(
            tagged(
                "rummy",
                ft.Switch(
                    label=_("Went rummy (all cards in one turn: doubled)"),
                    value=draft.rummy,
                    on_change=lambda e: draft.set_rummy(bool(e.control.value)),
                ),
            )
        )
    if draft.rules.flags:
        body.append(HandFlags(draft))
    if draft.went_out is None and not draft.blocked:
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
        panels = [PlayerPanel(draft, seat, preview, key=f"p{seat}") for seat in seats]
        if app.wide and len(panels) > 1:
            body.append(
                ft.ResponsiveRow(
                    [ft.Container(content=p, col={"xs": 12, "md": 6}) for p in panels],
                    spacing=12,
                    run_spacing=12,
                )
            )
        else:
            body.extend(panels)
    if draft.went_out is not None or draft.blocked:
        body.append(LiveScore(draft, preview))
    # A refused save (e.g. a run still being built) says why first; it goes
    # with the next change to the hand.
    problem = draft.save_error or preview.error
    bottom_parts: list[ft.Control] = []
    if problem is not None:
        # In the bar with the save button: in view however far the hand scrolls.
        bottom_parts.append(
            tagged(
                "hand-error",
                ft.Container(
                    content=ft.Row(
                        [
                            ft.Icon(ft.Icons.ERROR_OUTLINE, color=ft.Colors.ERROR),
                            ft.Text(describe_problem(problem), color=ft.Colors.ERROR, expand=True),
                        ]
                    ),
                    padding=ft.Padding.symmetric(horizontal=10, vertical=6),
                    border_radius=8,
                    bgcolor=ft.Colors.ERROR_CONTAINER,
                ),
            )
        )
    if draft.warnings:
        bottom_parts.append(
            tagged(
                "hand-warnings",
                ft.Column(
                    [
                        ft.Text(_("Please check:"), weight=ft.FontWeight.W_600),
                        *[ft.Text("• " + describe_warning(w), size=13) for w in draft.warnings],
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
                            on_click=save_anyway,
                            disabled=busy,
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
                            on_click=lambda _e: setattr(draft, "warnings", ()),
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
                    on_click=save_hand,
                    disabled=not preview.ready or overtaken or busy,
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
                    icon=ft.Icons.DELETE_OUTLINE, tooltip=_("Delete hand"), on_click=delete
                ),
                button=True,
            )
        )
    title = (
        _("Change hand {n}", n=format_number(number))
        if editing
        else _("Hand {n}", n=format_number(number))
    )
    return Screen(
        title,
        body,
        back=back,
        actions=actions,
        bottom=ft.Column(bottom_parts, spacing=6),
        screen_id="screen-hand",
    )


@ft.component
def NewHandScreen() -> ft.Control:
    """``/session/<id>/hand``: the next hand."""
    app = use_app()
    sid = int(ft.use_route_params().get("sid", "0") or 0)
    loaded = use_session_view(app, sid)
    if loaded.loading:
        return loading_screen(_("Hand"), back=f"/session/{sid}")
    view = loaded.value
    if view is None:
        return Screen(
            _("Hand"), [ft.Text(describe_problem(loaded.error), color=ft.Colors.ERROR)], back="/"
        )
    if view.finished:
        lines = [ft.Text(_("This session has ended."))]
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
    draft = app.draft_for(view, None)
    return HandEntry(view, draft)


def _session_and_hand(session_id: int, number: int):
    def load(engine):
        view = services.open_session(engine=engine, session_id=session_id)
        return view, services.get_hand(engine=engine, session_id=session_id, number=number)

    return load


@ft.component
def EditHandScreen() -> ft.Control:
    """``/session/<id>/hand/<n>``: change or delete hand ``n``."""
    app = use_app()
    params = ft.use_route_params()
    sid = int(params.get("sid", "0") or 0)
    number = int(params.get("number", "0") or 0)
    loaded = use_loaded(_session_and_hand(sid, number), [sid, number, app.revision])
    if loaded.loading:
        return loading_screen(_("Hand"), back=f"/session/{sid}")
    if loaded.value is None:
        return Screen(
            _("Hand"),
            [ft.Text(describe_problem(loaded.error), color=ft.Colors.ERROR)],
            back=f"/session/{sid}",
        )
    view, detail = loaded.value
    draft = app.draft_for(view, number, detail.hand)
    return HandEntry(view, draft)
