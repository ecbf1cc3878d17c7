"""The game editor's inputs: :class:`_Form` (what every input of one render
shares: the draft, its first fault, the typed texts) and the small pieces the
parts are made of (a card, a label, the jokers field), with the layout's
constants."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import flet as ft

from app.i18n import _
from app.messages import (
    describe_definition_warning,
    describe_error,
)
from app.ui.common import (
    TOUCH,
    TypedTexts,
    choice,
    chosen,
    sum_suffix,
    switched,
    tagged,
    text_field,
)
from app.ui.state.game_draft import GameDraft, Path
from scoring import Rank, Suit

#: The page width (logical pixels) from which a row of the editor keeps its
#: tools on its own line: below it (a phone) the tools go under the inputs.
ONE_LINE = 600
_SUIT_LETTERS = (("S", Suit.SPADES), ("H", Suit.HEARTS), ("D", Suit.DIAMONDS), ("C", Suit.CLUBS))
_RANKS = (*(r for r in Rank if r is not Rank.JOKER), Rank.JOKER)
#: Width of a key's card menu: its longest entry ("Joker") whole beside the arrow.
CARD_MENU_WIDTH = 124


def _ident(path: Sequence[str | int]) -> str:
    return "ge-" + "-".join(str(p) for p in path)


# -- inputs ---------------------------------------------------------------------


class _Form:
    """What every input of one render shares: the draft, its first fault, and
    the component's memory of what its text fields typed (:class:`TypedTexts`)."""

    def __init__(self, draft: GameDraft, texts: TypedTexts, *, width: float = 390) -> None:
        self.draft = draft
        self.texts = texts
        #: a phone's width: a row's tools go on a line of their own (:meth:`with_tools`)
        self.narrow = width < ONE_LINE
        self.error, self.error_path = draft.problem_at()
        self.error_text = describe_error(self.error) if self.error is not None else ""
        self.warnings = draft.warnings()

    def warned(self, path: Path) -> list[ft.Control]:
        """The warnings about the row at ``path`` (a flag, an option), each a
        line in words (:func:`app.messages.describe_definition_warning`)."""
        found = [w for w, where in self.warnings if where == path]
        if not found:
            return []
        definition = self.draft.definition()
        return [
            tagged(
                f"{_ident(path)}-warning",
                ft.Row(
                    [
                        ft.Icon(ft.Icons.WARNING_AMBER, color=ft.Colors.TERTIARY),
                        ft.Text(
                            describe_definition_warning(w, definition),
                            expand=True,
                            color=ft.Colors.ON_SURFACE,
                        ),
                    ],
                    vertical_alignment=ft.CrossAxisAlignment.START,
                ),
            )
            for w in found
        ]

    def fault(self, path: Path) -> str | None:
        """The error text for the input at ``path``, if the fault is its."""
        return self.error_text if self.error is not None and self.error_path == path else None

    def text(
        self,
        path: Path,
        label: str,
        *,
        number: bool = False,
        width: float | None = None,
        expand: bool | int | None = None,
        multiline: bool = False,
        hint: str | None = None,
        helper: str | None = None,
    ) -> ft.Control:
        """A text field bound to ``path`` (a number is typed as text, maybe as
        a sum, shown at the field's end as it will be saved: "= 15"; on a
        phone it brings up the digit pad with + and -, as
        :func:`app.ui.common.number_field`); ``helper``: a line under it
        saying what it needs."""
        draft = self.draft
        typed = str(draft.get(path))

        field = text_field(
            self.texts,
            _ident(path),
            typed,
            lambda text: draft.set(path, text),
            label=label,
            hint_text=hint,
            keyboard_type=ft.KeyboardType.PHONE if number else ft.KeyboardType.TEXT,
            suffix=sum_suffix(typed) if number else None,
            error=self.fault(path),
            error_max_lines=3,
            helper=helper,
            helper_max_lines=3,
            width=width,
            expand=expand,
            multiline=multiline,
            min_lines=1,
            max_lines=4 if multiline else 1,
            dense=True,
        )
        wrapped = tagged(_ident(path), field, textfield=True, expand=expand)
        if width is None and expand is None:  # the whole width of the screen
            field.expand = True
            return ft.Row([tagged(_ident(path), field, textfield=True, expand=True)])
        return wrapped

    def words(self, path: Path, label: str, *, multiline: bool = False) -> list[ft.Control]:
        """A text in both languages: two fields, Norwegian then English."""
        return [
            self.text((*path, "nb"), _("{field} (Norwegian)", field=label), multiline=multiline),
            self.text((*path, "en"), _("{field} (English)", field=label), multiline=multiline),
        ]

    def choices(
        self, path: Path, items: Sequence[tuple[str, str]], *, full: bool = True
    ) -> ft.Control:
        """One button per value of a choice of the format."""
        draft = self.draft
        current = draft.get(path)
        buttons = [
            choice(
                f"{_ident(path)}-{value}",
                label,
                current == value,
                lambda _e, v=value: draft.set(path, v),
                width=float("inf") if full else None,
            )
            for value, label in items
        ]
        fault = self.fault(path)
        column: list[ft.Control] = [
            ft.Column(buttons, spacing=6) if full else ft.Row(buttons, wrap=True, spacing=6)
        ]
        if fault:
            column.append(ft.Text(fault, color=ft.Colors.ERROR, size=14))
        return ft.Column(column, spacing=4)

    def switch(self, path: Path, label: str) -> ft.Control:
        """A switch bound to a true/false field; its label wraps."""
        draft = self.draft
        value = bool(draft.get(path))
        return ft.Row(
            [
                tagged(
                    _ident(path),
                    ft.Switch(
                        value=value,
                        on_change=lambda e: draft.set(path, switched(e, bool(draft.get(path)))),
                    ),
                    toggled=value,
                ),
                ft.Container(
                    content=ft.Text(label),
                    expand=True,
                    on_click=lambda _e: draft.set(path, not draft.get(path)),
                    padding=ft.Padding.symmetric(vertical=4),
                ),
            ],
            spacing=8,
        )

    def dropdown(
        self,
        path: Path,
        label: str,
        items: Sequence[tuple[str, str]],
        *,
        width: float | None = None,
    ) -> ft.Control:
        """A drop-down choice (for long lists: a rank, a key, an effect)."""
        draft = self.draft

        def picked(e: ft.Event) -> None:
            draft.set(path, chosen(e))

        menu = ft.Dropdown(
            value=str(draft.get(path)),
            label=label,
            options=[ft.DropdownOption(key=value, text=text) for value, text in items],
            on_select=picked,
            error_text=self.fault(path),
            width=width,
            dense=True,
            enable_filter=False,
            editable=False,
        )
        if width is None:  # the whole width of the screen
            menu.expand = True
            return ft.Row([tagged(_ident(path), menu, expand=True)])
        return tagged(_ident(path), menu)

    def row_tools(self, path: Path, index: int, count: int) -> ft.Control:
        """Up, down and remove for row ``index`` of the list at ``path``."""
        draft = self.draft
        base = "-".join(str(p) for p in (*path, index))
        return ft.Row(
            [
                tagged(
                    f"ge-up-{base}",
                    ft.IconButton(
                        icon=ft.Icons.ARROW_UPWARD,
                        tooltip=_("Move up"),
                        disabled=index == 0,
                        on_click=lambda _e: draft.move(path, index, -1),
                    ),
                ),
                tagged(
                    f"ge-down-{base}",
                    ft.IconButton(
                        icon=ft.Icons.ARROW_DOWNWARD,
                        tooltip=_("Move down"),
                        disabled=index == count - 1,
                        on_click=lambda _e: draft.move(path, index, 1),
                    ),
                ),
                tagged(
                    f"ge-remove-{base}",
                    ft.IconButton(
                        icon=ft.Icons.DELETE_OUTLINE,
                        tooltip=_("Remove"),
                        on_click=lambda _e: draft.remove(path, index),
                    ),
                ),
            ],
            spacing=0,
        )

    def with_tools(
        self,
        fields: list[ft.Control],
        tools: list[ft.Control],
        under: Sequence[ft.Control] = (),
    ) -> ft.Control:
        """A row of inputs and its tools (points by suit, up, down, remove):
        on one line where there is room, else the inputs on their own line
        and the tools under them at the right, so that no label is squeezed
        into broken words at a phone's width. ``under``: more of the row's
        inputs (a key's points by suit), under its first line and above
        its tools, so the tools close the row they belong to."""
        if not self.narrow:
            return ft.Column(
                [
                    ft.Row(
                        [*fields, *tools], spacing=4, vertical_alignment=ft.CrossAxisAlignment.START
                    ),
                    *under,
                ],
                spacing=4,
            )
        return ft.Column(
            [
                ft.Row(fields, spacing=8, vertical_alignment=ft.CrossAxisAlignment.START),
                *under,
                ft.Row(tools, spacing=0, alignment=ft.MainAxisAlignment.END),
            ],
            spacing=4 if under else 0,
        )

    def add_button(
        self, path: Path, label: str, kind: str = "", icon: Any = ft.Icons.ADD
    ) -> ft.Control:
        """A button adding a row to the list at ``path``."""
        draft = self.draft
        suffix = f"-{kind}" if kind else ""
        return tagged(
            f"ge-add-{'-'.join(str(p) for p in path)}{suffix}",
            ft.OutlinedButton(
                label, icon=icon, on_click=lambda _e: draft.add(path, kind), height=TOUCH
            ),
            button=True,
        )


def _jokers_field(f: _Form, path: Path, label: str) -> ft.Control:
    """The number of jokers a deck holds, saying under it that jokers need a
    Joker key (without one the game cannot be saved)."""
    return f.text(
        path,
        label,
        number=True,
        helper=_(
            "Jokers count only with a Joker key among the cards: “Add a card” and choose Joker."
        ),
    )


def _card(controls: list[ft.Control], identifier: str | None = None) -> ft.Control:
    card = ft.Container(
        content=ft.Column(controls, spacing=8),
        padding=12,
        border_radius=12,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
    )
    return tagged(identifier, card) if identifier else card


def _label(text: str) -> ft.Control:
    return ft.Text(text, weight=ft.FontWeight.W_500)
