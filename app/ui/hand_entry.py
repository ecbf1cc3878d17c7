"""Hand entry: who went out (or blocked), a card keypad per player with the
cards as removable chips and the live points, a plain number instead, the Four
Suit Rummy run builder, the live breakdown, errors inline, warnings to confirm.

Every number shown comes from :mod:`scoring` through :class:`app.ui.state.HandDraft`.
"""

from __future__ import annotations

import flet as ft

from app import storage
from app.i18n import _, format_number
from app.messages import (
    card_label,
    describe_total,
    describe_warning,
    rank_label,
    rank_name,
    suit_name,
)
from app.ui.common import (
    SUIT_FONT,
    TOUCH,
    Screen,
    announce,
    choice,
    describe_problem,
    go,
    load_view,
    tagged,
    use_app,
)
from app.ui.state import RANKS, SUIT_BY_LETTER, AppState, HandDraft, Preview
from models import services
from models.errors import StorageCode, WarningsNeedConfirmation
from models.views import SessionView
from scoring import Card, CodedError, ErrorCode, Rank, ScoringError, ace_choices

__all__ = ["EditHandScreen", "HandEntry", "NewHandScreen"]

KEY = 48


def _key(
    identifier: str,
    label: str,
    on_click,
    *,
    selected: bool = False,
    width: int = KEY,
    font: str | None = None,
    disabled: bool = False,
) -> ft.Control:
    """A 48 × 48 key of the card keypad."""
    kind = ft.FilledButton if selected else ft.FilledTonalButton
    return tagged(
        identifier,
        kind(
            # The label as a string styled by the button (no Text control: a
            # keypad has dozens of keys, all torn down when the hand is saved).
            content=label,
            on_click=on_click,
            width=width,
            height=KEY,
            disabled=disabled,
            style=ft.ButtonStyle(
                padding=ft.Padding.all(0),
                shape=ft.RoundedRectangleBorder(radius=10),
                text_style=ft.TextStyle(size=16, weight=ft.FontWeight.W_600, font_family=font),
            ),
        ),
        button=True,
    )


@ft.component
def CardKeypad(draft: HandDraft, player: str) -> ft.Control:
    """A – K (and Joker when in play): one tap adds one leftover card."""
    return ft.Row(
        [
            _key(
                f"key-{player}-{rank.value}",
                rank_label(rank),
                lambda _e, r=rank.value: draft.add_card(player, r),
                width=KEY if rank is not Rank.JOKER else 2 * KEY + 6,
            )
            for rank in draft.keypad()
        ],
        wrap=True,
        spacing=6,
        run_spacing=6,
    )


@ft.component
def CardChips(draft: HandDraft, player: str, seat: int) -> ft.Control:
    """The leftover cards as chips; tapping one removes it."""
    held = draft.cards.get(player, ())
    if not held:
        return ft.Text(
            _("No cards left (tap the keys below)"), size=13, color=ft.Colors.ON_SURFACE_VARIANT
        )
    return ft.Row(
        [
            tagged(
                f"chip-{seat}-{index}",
                ft.Chip(
                    label=ft.Text(card_label(Card(Rank(token)))),
                    on_delete=lambda _e, i=index: draft.remove_card(player, i),
                    delete_icon_tooltip=_("Remove {card}", card=rank_name(Rank(token))),
                ),
            )
            for index, token in enumerate(held)
        ],
        wrap=True,
        spacing=4,
        run_spacing=4,
    )


@ft.component
def RunBuilder(draft: HandDraft, seat: int) -> ft.Control:
    """Pick a suit, tap three ranks; asks what the ace stands for only when it
    is ambiguous (``scoring.ace_choices``)."""
    suit_row = ft.Row(
        [
            _key(
                f"suit-{letter}",
                suit.symbol,
                lambda _e, s=letter: draft.pick_suit(s),
                selected=draft.suit == letter,
                font=SUIT_FONT,
            )
            for letter, suit in SUIT_BY_LETTER.items()
        ],
        spacing=6,
    )
    controls: list[ft.Control] = []
    if draft.last_run is not None and draft.suit is None:
        # The run just tapped is stored (it shows as a chip above): say so, and
        # that the next one starts with its suit.
        controls.append(
            tagged(
                "run-added",
                ft.Text(
                    spans=[
                        ft.TextSpan(_("Run added:") + " "),
                        *_run_text(draft.last_run).spans,
                    ],
                    weight=ft.FontWeight.W_500,
                    font_family=SUIT_FONT,
                ),
            )
        )
        hint = _("Next run: pick its suit, or tap Done")
    else:
        hint = _("Suit, then three ranks")
    controls.append(ft.Text(hint, size=13, color=ft.Colors.ON_SURFACE_VARIANT))
    controls.append(suit_row)
    if draft.suit is not None:
        suit = SUIT_BY_LETTER[draft.suit]
        picked = " ".join(rank_label(Rank(r)) + suit.symbol for r in draft.ranks)
        controls.append(
            tagged(
                "run-picked",
                ft.Text(
                    _("{suit}: {cards}", suit=suit_name(suit), cards=picked or "…"),
                    weight=ft.FontWeight.W_500,
                    font_family=SUIT_FONT,
                ),
            )
        )
        if draft.ace_options:
            # Right under the picked cards and above the rank keys (which stay,
            # disabled): the question appears where the finger just was, and
            # nothing below it moves up out of view.
            controls.append(
                tagged(
                    "ace-question",
                    ft.Text(_("What does the ace stand for?"), weight=ft.FontWeight.W_600),
                )
            )
            controls.append(
                ft.Row(
                    [
                        choice(
                            f"ace-as-{token}",
                            rank_name(Rank(token)),
                            False,
                            lambda _e, t=token: draft.choose_ace(t),
                        )
                        for token in draft.ace_options
                    ],
                    spacing=8,
                    wrap=True,
                )
            )
        if draft.builder_error is not None:
            controls.append(
                tagged(
                    "run-error",
                    ft.Text(describe_problem(draft.builder_error), color=ft.Colors.ERROR),
                )
            )
        controls.append(
            ft.Row(
                [
                    _key(
                        f"run-rank-{rank.value}",
                        rank_label(rank),
                        lambda _e, r=rank.value: draft.pick_rank(r),
                        disabled=bool(draft.ace_options) or len(draft.ranks) >= 3,
                    )
                    for rank in RANKS
                ],
                wrap=True,
                spacing=6,
                run_spacing=6,
            )
        )
    elif draft.builder_error is not None:
        controls.append(
            tagged(
                "run-error", ft.Text(describe_problem(draft.builder_error), color=ft.Colors.ERROR)
            )
        )
    nothing = draft.last_run is None and not draft.ranks
    controls.append(
        ft.Row(
            [
                tagged(
                    "run-undo",
                    ft.TextButton(
                        _("Undo rank"),
                        on_click=lambda _e: draft.unpick_rank(),
                        height=TOUCH,
                        disabled=not draft.ranks,
                    ),
                ),
                tagged(
                    "run-done",
                    ft.TextButton(
                        _("Cancel") if nothing else _("Done"),
                        on_click=lambda _e: draft.finish_builder(),
                        height=TOUCH,
                    ),
                ),
            ],
            alignment=ft.MainAxisAlignment.END,
        )
    )
    return ft.Container(
        content=ft.Column(controls, spacing=6),
        padding=10,
        border_radius=10,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
    )


#: Hearts and diamonds are drawn red, as on the cards.
RED_SUIT = ft.Colors.RED_400


def _run_text(run) -> ft.Text:
    """A laid-down run as text, red where the suit is red, naming the rank the
    suit's ace stands for (asked, or the only one possible)."""
    spans = []
    for index, card in enumerate(run.cards):
        red = card.suit is not None and card.suit.value in "HD"
        spans.append(
            ft.TextSpan(
                (" " if index else "") + card_label(card),
                style=ft.TextStyle(color=RED_SUIT) if red else None,
            )
        )
    choices = ace_choices(run.cards)
    ace_as = run.ace_as or (choices[0] if len(choices) == 1 else None)
    if ace_as is not None and ace_as is not Rank.ACE:
        spans.append(ft.TextSpan(" " + _("(ace = {rank})", rank=rank_label(ace_as))))
    return ft.Text(spans=spans, font_family=SUIT_FONT)


@ft.component
def PlayerPanel(draft: HandDraft, seat: int, preview: Preview) -> ft.Control:
    """One player's part of the hand: runs (Four Suit Rummy), leftover cards or a
    plain number, and the live points with their breakdown."""
    player = draft.players[seat]
    went_out = draft.went_out == player
    score = preview.score
    left = score.leftover.get(player) if score is not None else draft.leftover_points(player)
    header = ft.Row(
        [
            ft.Text(
                player,
                size=17,
                weight=ft.FontWeight.W_600,
                expand=True,
                max_lines=1,
                overflow=ft.TextOverflow.ELLIPSIS,
            ),
            tagged(
                f"left-{seat}",
                ft.Text(
                    _("{points} in cards", points=format_number(left)) if left else "",
                    size=14,
                    color=ft.Colors.ON_SURFACE_VARIANT,
                ),
            ),
        ]
    )
    controls: list[ft.Control] = [header]
    if went_out:
        controls.append(ft.Text(_("Went out"), color=ft.Colors.TERTIARY, size=13))
    if draft.uses_runs:
        runs = draft.runs.get(player, ())
        controls.append(
            ft.Row(
                [
                    *[
                        tagged(
                            f"run-{seat}-{index}",
                            ft.Chip(
                                label=_run_text(run),
                                on_delete=lambda _e, i=index: draft.remove_run(player, i),
                                delete_icon_tooltip=_("Remove run"),
                            ),
                        )
                        for index, run in enumerate(runs)
                    ],
                    tagged(
                        f"run-add-{seat}",
                        ft.OutlinedButton(
                            _("Add run"),
                            icon=ft.Icons.ADD,
                            on_click=lambda _e: draft.open_builder(seat),
                            height=TOUCH,
                        ),
                        button=True,
                    ),
                ],
                wrap=True,
                spacing=6,
                run_spacing=6,
            )
        )
        if draft.builder == seat:
            controls.append(RunBuilder(draft, seat))
    if not went_out:
        plain = player in draft.plain
        controls.append(
            ft.Row(
                [
                    ft.Text(_("Cards left"), weight=ft.FontWeight.W_500, expand=True),
                    tagged(
                        f"plain-{seat}",
                        ft.TextButton(
                            _("Use cards") if plain else _("Type points"),
                            icon=ft.Icons.STYLE if plain else ft.Icons.DIALPAD,
                            on_click=lambda _e: draft.toggle_plain(player),
                            height=TOUCH,
                        ),
                        button=True,
                    ),
                ]
            )
        )
        if plain:

            def on_points(e: ft.Event) -> None:
                draft.set_plain(player, e.control.value or "")

            controls.append(
                tagged(
                    f"plain-value-{seat}",
                    ft.TextField(
                        value=draft.plain.get(player, ""),
                        label=_("Points counted by hand"),
                        keyboard_type=ft.KeyboardType.NUMBER,
                        on_change=on_points,
                        width=220,
                    ),
                    textfield=True,
                )
            )
        else:
            controls.append(CardChips(draft, player, seat))
            controls.append(CardKeypad(draft, player))
    return ft.Card(
        content=ft.Container(content=ft.Column(controls, spacing=8), padding=12),
        elevation=0,
        variant=ft.CardVariant.OUTLINED,
    )


@ft.component
def LiveScore(draft: HandDraft, preview: Preview) -> ft.Control:
    """This hand's points per player, live from :mod:`scoring`, with the breakdown."""
    score = preview.score
    rows: list[ft.Control] = []
    for seat, player in enumerate(draft.players):
        points = score.points[player] if score is not None else None
        items = score.breakdown.get(player, ()) if score is not None else ()
        rows.append(
            ft.Row(
                [
                    ft.Text(
                        player,
                        weight=ft.FontWeight.W_500,
                        width=110,
                        max_lines=1,
                        overflow=ft.TextOverflow.ELLIPSIS,
                    ),
                    ft.Container(
                        content=tagged(
                            f"breakdown-{seat}",
                            ft.Text(
                                describe_total(items, points) if items else "",
                                size=12,
                                color=ft.Colors.ON_SURFACE_VARIANT,
                            ),
                        ),
                        expand=True,
                    ),
                    tagged(
                        f"points-{seat}",
                        ft.Text(
                            format_number(points) if points is not None else "–",
                            size=18,
                            weight=ft.FontWeight.BOLD,
                            color=ft.Colors.PRIMARY,
                            text_align=ft.TextAlign.RIGHT,
                        ),
                    ),
                ],
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            )
        )
    return ft.Container(
        content=ft.Column(
            [ft.Text(_("Points this hand"), size=13, color=ft.Colors.ON_SURFACE_VARIANT), *rows],
            spacing=4,
        ),
        padding=12,
        border_radius=12,
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
    )


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
    preview = draft.preview()
    editing = draft.number is not None
    number = draft.number or len(view.hands) + 1
    back = f"/session/{view.id}"
    draft.follow_deletions(number)

    def leave(saved: SessionView) -> None:
        """The write is done: forget the draft, show the session it returned."""
        app.drop_draft(view.id, draft.number)
        app.saved(saved)
        announce(view.id)
        go(back)

    def forget_if_changed(error: Exception) -> None:
        """The hand changed on another phone: opening it again starts afresh."""
        if isinstance(error, CodedError) and error.code == StorageCode.HAND_CHANGED:
            app.drop_draft(view.id, draft.number)

    def save(confirm: bool) -> None:
        if not draft.check_saveable():
            draft.warnings = ()
            return
        try:
            hand = draft.hand()
            if editing:
                saved = services.edit_hand(
                    engine=storage.engine(),
                    session_id=view.id,
                    number=number,
                    hand=hand,
                    confirm_warnings=confirm,
                    expected=draft.original,
                )
            else:
                saved = services.record_hand(
                    engine=storage.engine(),
                    session_id=view.id,
                    hand=hand,
                    confirm_warnings=confirm,
                    number=number,
                )
        except WarningsNeedConfirmation as warning:
            draft.warnings = warning.warnings
            return
        except ScoringError as error:
            draft.save_error = error
            return
        except CodedError as error:  # storage errors with a code: show them, nothing saved
            forget_if_changed(error)
            draft.save_error = error
            return
        leave(saved)

    def delete(_e: ft.Event) -> None:
        page = ft.context.page
        try:
            deleted = services.delete_hand(
                engine=storage.engine(), session_id=view.id, number=number, expected=draft.original
            )
        except CodedError as error:
            forget_if_changed(error)
            draft.save_error = error
            return
        leave(deleted.view)
        stored = deleted.hand  # as it was stored, with its id: for the undo
        undone: list[bool] = []

        def undo(_e: ft.Event) -> None:
            if undone:  # one undo per deletion, however often the bar is tapped
                return
            undone.append(True)
            try:
                services.insert_hand(
                    engine=storage.engine(),
                    session_id=view.id,
                    number=number,
                    hand=stored.hand,
                    confirm_warnings=True,  # confirmed when it was first saved
                    hand_id=stored.hand_id,
                )
            except CodedError as error:  # a typed storage or scoring error: say it
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
                        # Swedish Rummy's own word; in the Rummy games the hand
                        # just stops with nobody out
                        _("Blocked") if view.game == "swedish_rummy" else _("Nobody went out"),
                        draft.blocked,
                        lambda _e: draft.set_blocked(),
                        icon=ft.Icons.BLOCK,
                    )
                ]
                if draft.can_block
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
    body += [
        ft.Text(_("Who went out?"), weight=ft.FontWeight.W_600),
        went_out_row,
    ]
    if draft.offers_rummy and draft.went_out is not None:
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
            if draft.uses_runs or name != draft.went_out
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
                            on_click=lambda _e: save(True),
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
                    on_click=lambda _e: save(False),
                    disabled=not preview.ready or overtaken,
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
    view = ft.use_memo(lambda: load_view(app, sid), [sid, app.revision])
    if isinstance(view, Exception):
        return Screen(_("Hand"), [ft.Text(describe_problem(view), color=ft.Colors.ERROR)], back="/")
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


@ft.component
def EditHandScreen() -> ft.Control:
    """``/session/<id>/hand/<n>``: change or delete hand ``n``."""
    app = use_app()
    params = ft.use_route_params()
    sid = int(params.get("sid", "0") or 0)
    number = int(params.get("number", "0") or 0)

    def load():
        view = load_view(app, sid)
        if isinstance(view, Exception):
            return view, None
        try:
            return view, services.get_hand(engine=storage.engine(), session_id=sid, number=number)
        except CodedError as problem:
            return problem, None

    view, detail = ft.use_memo(load, [sid, number, app.revision])
    if isinstance(view, Exception) or detail is None:
        return Screen(
            _("Hand"),
            [ft.Text(describe_problem(view), color=ft.Colors.ERROR)],
            back=f"/session/{sid}",
        )
    draft = app.draft_for(view, number, detail.hand)
    return HandEntry(view, draft)
