"""The hand-entry screen: who went out (or blocked), a panel per player
(:mod:`.player_panel`), the live score, errors inline, warnings to confirm, and
save / delete / undo (:mod:`.actions`, run off the event loop).

Every number shown comes from :mod:`scoring` through :class:`app.ui.state.HandDraft`.
Nothing is recorded that nobody meant (issue 11): an edit left unsaved is
asked about, never carried into the next opening; a saved entry leaves the
browser's history; a correction that would end the session earlier says how
to go on, and nothing is lost until the user chooses.
"""

from __future__ import annotations

from typing import cast

import flet as ft

from app.i18n import _, format_number, ngettext
from app.messages import blocked_label, describe_warning
from app.ui.common import (
    Screen,
    announce,
    choice,
    describe_problem,
    go_back,
    loading_screen,
    run_use_case,
    switched,
    tagged,
    use_app,
    use_loaded,
    use_session_view,
    watching,
)
from app.ui.hand_entry import actions as hand_actions
from app.ui.hand_entry.flags import HandFlags
from app.ui.hand_entry.player_panel import LiveScore, PlayerPanel
from app.ui.phone import on_its_side, use_keep_awake
from app.ui.state import AppState, HandDraft
from models import services
from models.errors import StorageCode
from models.views import SessionView
from scoring import CodedError, ErrorCode, WarningCode

__all__ = ["EditHandScreen", "HandEntry", "NewHandScreen", "overtaken_notice"]

#: The body's side padding on the hand screen: room for seven 48-pixel keys
#: a row on a 390-pixel phone.
PADDING = 8


def overtaken_notice(app: AppState, view: SessionView, draft: HandDraft, number: int) -> ft.Control:
    """Another phone saved hand :attr:`HandDraft.opened_for` while this one was
    being entered: maybe the same hand. Discard this entry, or keep it as hand
    ``number``."""

    def discard(_e: ft.Event) -> None:
        app.drop_draft(view.id, None)
        go_back(f"/session/{view.id}")

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
                                    _("Discard"),
                                    icon=ft.Icons.DELETE_OUTLINE,
                                    on_click=discard,
                                    height=48,
                                ),
                                button=True,
                            ),
                            tagged(
                                "overtaken-keep",
                                ft.FilledButton(
                                    _("Keep as hand {n}", n=format_number(number)),
                                    on_click=lambda _e: draft.keep_as(number),
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


def left_notice(on_restore, on_discard) -> ft.Control:
    """This hand was changed at an earlier opening and left unsaved: the
    stored hand is shown; the change can be taken up again or thrown away."""
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
                                    on_click=on_discard,
                                    height=48,
                                ),
                                button=True,
                            ),
                            tagged(
                                "edit-restore",
                                ft.FilledButton(
                                    _("Restore the changes"),
                                    icon=ft.Icons.RESTORE,
                                    on_click=on_restore,
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


def _hands(first: int, last: int) -> str:
    """ "hand 4" or "hands 4–6"."""
    if first == last:
        return _("Delete hand {n} and save", n=format_number(first))
    return _(
        "Delete hands {first}–{last} and save",
        first=format_number(first),
        last=format_number(last),
    )


@ft.component
def HandEntry(
    view: SessionView,
    draft: HandDraft,
    *,
    left_behind: bool = False,
    on_restore=None,
    on_forget=None,
) -> ft.Control:
    """The whole hand-entry screen for ``draft`` in session ``view``.
    ``left_behind``: an edit of this hand was left unsaved at an earlier
    opening (``on_restore`` takes it up again, ``on_forget`` throws it away)."""
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
        """The write is done: forget the draft, show the session it returned
        (the entry screen leaves the browser's history)."""
        app.drop_draft(view.id, draft.number)
        app.saved(saved)
        announce(view.id)
        go_back(back)

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
            # (typed points are said beside their field: only what asks is asked)
            draft.warnings = tuple(w for w in outcome.warnings if WarningCode(w.code).asks)
        elif isinstance(outcome, hand_actions.Refused):
            refused(outcome)
        else:
            app.clear_notice()
            leave(outcome.view)

    async def save_hand(_e: ft.Event) -> None:
        await save(False)

    async def save_anyway(_e: ft.Event) -> None:
        await save(True)

    async def save_dropping_later(_e: ft.Event) -> None:
        """The change ends the session after this hand: delete the hands after
        it and save, with an undo."""
        if busy or draft.original is None:
            return
        try:
            hand = draft.hand()
        except CodedError as error:
            draft.save_error = error
            return
        set_busy(True)
        try:
            outcome = await run_use_case(
                hand_actions.save_dropping_later,
                session_id=view.id,
                number=number,
                hand=hand,
                expected=draft.original,
                seen=len(view.hands),
            )
        finally:
            set_busy(False)
        if isinstance(outcome, hand_actions.Refused):
            refused(outcome)
            return
        first, last = number + 1, number + len(outcome.dropped)

        async def undo() -> str:
            result = await run_use_case(
                hand_actions.undo_dropping_later, session_id=view.id, dropped=outcome
            )
            if isinstance(result, hand_actions.Refused):
                return describe_problem(result.error)
            announce(view.id)
            app.changed()
            return ""

        app.notify(
            "hands-dropped",
            ngettext(
                "Hand {changed} changed; {n} later hand deleted",
                "Hand {changed} changed; {n} later hands deleted",
                last - first + 1,
                changed=format_number(number),
            ),
            session_id=view.id,
            undo=undo,
        )
        leave(outcome.view)

    async def delete(_e: ft.Event) -> None:
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
        deleted = outcome.hand

        async def undo() -> str:
            result = await run_use_case(
                hand_actions.undo_delete, session_id=view.id, deleted=deleted
            )
            if isinstance(result, hand_actions.Refused):
                error = result.error
                if error.code == ErrorCode.SESSION_OVER:
                    return _(
                        "Hand {n} cannot be put back: with it, the session would end "
                        "before the hands saved since",
                        n=format_number(number),
                    )
                return describe_problem(error)
            announce(view.id)
            app.changed()
            return ""

        app.notify(
            "hand-deleted",
            _("Hand {n} deleted", n=format_number(number)),
            session_id=view.id,
            undo=undo,
        )
        leave(outcome.view)

    def ask_before_leaving() -> None:
        """← on an edit: unsaved changes are never carried into the next
        opening, so leaving with some asks first."""
        page = ft.context.page
        stale = getattr(draft.save_error, "code", None) == StorageCode.HAND_CHANGED
        if not (editing and draft.edited) or stale:  # (a stale change cannot be saved)
            if editing:
                app.drop_draft(view.id, draft.number)
            go_back(back)
            return

        def keep(_e: ft.Event) -> None:
            page.pop_dialog()

        def discard(_e: ft.Event) -> None:
            page.pop_dialog()
            app.drop_draft(view.id, draft.number)
            go_back(back)

        page.show_dialog(
            ft.AlertDialog(
                modal=True,
                title=ft.Text(_("Discard the changes to hand {n}?", n=format_number(number))),
                content=tagged(
                    "discard-dialog",
                    ft.Text(_("The hand stays as it was saved.")),
                ),
                actions=[
                    tagged(
                        "discard-keep",
                        ft.TextButton(_("Keep editing"), on_click=keep, height=48),
                        button=True,
                    ),
                    watching(  # it leaves: a double tap on it is known on the screen it shows
                        app.memory.presses,
                        tagged(
                            "discard-confirm",
                            ft.FilledButton(
                                _("Discard"),
                                icon=ft.Icons.DELETE_OUTLINE,
                                on_click=discard,
                                height=48,
                            ),
                            button=True,
                        ),
                    ),
                ],
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
    overtaken = draft.overtaken(number)
    if overtaken:
        body.append(overtaken_notice(app, view, draft, number))
    if left_behind:
        body.append(left_notice(on_restore, on_forget))
    if draft.rules.can_go_out:  # a game of tricks: every hand ends with nobody out
        body += [ft.Text(_("Who went out?"), weight=ft.FontWeight.W_600), went_out_row]
    if draft.rules.offers_rummy and draft.went_out is not None:
        body.append(
            tagged(
                "rummy",
                ft.Switch(
                    label=_("Went rummy (all cards in one turn: doubled)"),
                    value=draft.rummy,
                    on_change=lambda e: draft.set_rummy(switched(e, draft.rummy)),
                    padding=ft.Padding.symmetric(horizontal=4, vertical=8),
                ),
                toggled=draft.rummy,
                label=_("Went rummy (all cards in one turn: doubled)"),
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
        panels = [PlayerPanel(draft, seat, preview, key=f"p{seat}") for seat in seats]  # type: ignore[call-arg]  # ft.component takes key=
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
    if draft.went_out is not None or draft.blocked:
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
                            ft.Icon(ft.Icons.ERROR_OUTLINE, color=ft.Colors.ON_ERROR_CONTAINER),
                            ft.Text(
                                describe_problem(problem),
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
        over = getattr(problem, "code", None) == ErrorCode.SESSION_OVER
        ended = (getattr(problem, "params", None) or {}).get("finished_after")
        if over and editing and ended == number and len(view.hands) > number:
            # The change ends the session after this hand: the way forward,
            # nothing lost until it is chosen (and undone from the sheet).
            bottom_parts.append(
                tagged(
                    "session-over-fix",
                    ft.OutlinedButton(
                        _hands(number + 1, len(view.hands)),
                        icon=ft.Icons.CONTENT_CUT,
                        on_click=save_dropping_later,
                        disabled=busy,
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
                        *[ft.Text("• " + describe_warning(w)) for w in draft.warnings],
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
                label=_("Delete hand"),
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
        on_back=ask_before_leaving,
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
    draft = app.draft_for(view, None)
    return HandEntry(view, draft)


def _session_and_hand(session_id: int, number: int):
    def load(engine):
        view = services.open_session(engine=engine, session_id=session_id)
        return view, services.get_hand(engine=engine, session_id=session_id, number=number)

    return load


@ft.component
def EditHandScreen() -> ft.Control:
    """``/session/<id>/hand/<n>``: change or delete hand ``n``. Each opening
    shows the hand as stored; changes left unsaved at an earlier opening are
    offered (restore or discard), never carried in silently. The screen is
    kept awake."""
    app = use_app()
    use_keep_awake()
    params = ft.use_route_params()
    sid = int(params.get("sid", "0") or 0)
    number = int(params.get("number", "0") or 0)
    opened = ft.use_ref(cast("tuple[int, int] | None", None))
    version, set_version = ft.use_state(0)
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
    if opened.current != (sid, number):  # this opening: the stored hand
        opened.current = (sid, number)
        draft = app.open_edit(view, number, detail.hand)
    else:
        draft = app.draft_for(view, number, detail.hand)

    def restore(_e: ft.Event) -> None:
        app.restore_edit(sid, number)
        set_version(version + 1)

    def forget(_e: ft.Event) -> None:
        app.forget_left_edit(sid, number)
        set_version(version + 1)

    return HandEntry(
        view,
        draft,
        left_behind=app.left_edit(sid, number) is not None,
        on_restore=restore,
        on_forget=forget,
    )
