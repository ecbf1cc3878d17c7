"""The game editor: a custom game made from scratch or from a copy of another
game, or a stored custom game changed (``/games/new``, ``/games/new/<game>``,
``/games/edit/<game>``).

Every field of a game definition (GAME_FORMAT.md) is edited here, in five
parts a phone shows one at a time (the game, its cards, who scores, the end,
the options), with a live preview hand under each: tap the game's keys and
see what those cards would score. The state is a
:class:`app.ui.state.GameDraft`; the first fault of the form is shown under
its input and, in words naming the field, above the save button, which saves
only a game that :mod:`scoring` reads.

Semantics identifiers: ``ge-section-<part>``, ``ge-`` + the form path joined
by ``-`` for each input (``ge-name-en``, ``ge-keys-2-points``), ``ge-add-…``
and ``ge-remove-…``/``ge-up-…``/``ge-down-…`` for rows, ``ge-preview-key-<card>``,
``ge-preview-worth``, ``ge-problem``, ``ge-save``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import flet as ft

from app.i18n import _, format_number, pgettext
from app.messages import (
    card_label,
    card_name,
    describe_definition_warning,
    describe_error,
    describe_total,
    game_name,
    key_label,
    rank_label,
    words,
)
from app.ui import game_actions
from app.ui.common import (
    TOUCH,
    Screen,
    TypedTexts,
    announce_games,
    choice,
    chosen,
    describe_problem,
    go,
    loading_screen,
    run_use_case,
    section_title,
    sum_suffix,
    switched,
    tagged,
    text_field,
    use_app,
    use_created,
    use_loaded,
)
from app.ui.hand_entry.keypad import card_chip, chip_strip
from app.ui.state.game_draft import GameDraft, Path
from models import services
from scoring import Rank, Suit, data_game

__all__ = ["EditGameScreen", "GameEditor", "NewGameScreen"]

#: The page width (logical pixels) from which a row of the editor keeps its
#: tools on its own line: below it (a phone) the tools go under the inputs.
ONE_LINE = 600
_SUIT_LETTERS = (("S", Suit.SPADES), ("H", Suit.HEARTS), ("D", Suit.DIAMONDS), ("C", Suit.CLUBS))
_RANKS = (*(r for r in Rank if r is not Rank.JOKER), Rank.JOKER)
#: Width of a key's card menu: its longest entry ("Joker") whole beside the arrow.
CARD_MENU_WIDTH = 124


def _ident(path: Sequence[str | int]) -> str:
    return "ge-" + "-".join(str(p) for p in path)


# -- the words of the format's choices (translated when shown) -----------------


def _section_names() -> list[tuple[str, str]]:
    return [
        ("game", pgettext("editor part", "Game")),
        ("cards", pgettext("editor part", "Cards")),
        ("scoring", pgettext("editor part", "Scoring")),
        ("end", pgettext("editor part", "End")),
        ("options", pgettext("editor part", "Options")),
    ]


def _went_out_words() -> list[tuple[str, str]]:
    return [
        ("collects", _("Whoever goes out collects the others' cards")),
        ("own", _("The others score their own cards")),
        ("never", _("Nobody goes out (a game of tricks)")),
    ]


def _blocked_words() -> list[tuple[str, str]]:
    return [
        ("lowest_collects", _("The lowest hand collects the differences")),
        ("no_score", _("Nobody scores")),
        ("own", _("Everyone scores their own cards")),
        ("never", _("A hand cannot end with nobody out")),
    ]


def _winner_words() -> list[tuple[str, str]]:
    return [("highest", _("Highest total wins")), ("lowest", _("Lowest total wins"))]


def _end_words() -> list[tuple[str, str]]:
    return [
        ("target", _("First to the target score")),
        ("rounds", _("After a number of rounds")),
        ("either", _("Whichever comes first")),
    ]


def _counted_words() -> list[tuple[str, str]]:
    return [
        ("leftover", _("Cards left in hand")),
        ("tricks", _("Cards taken in tricks")),
    ]


def _dealer_words() -> list[tuple[str, str]]:
    return [
        ("left", _("The deal passes to the left")),
        ("winner_of_two", _("With two players, whoever went out deals")),
    ]


def _flag_player_words() -> list[tuple[str, str]]:
    return [("went_out", _("The player who went out")), ("any", _("Any one player"))]


def _flag_effect_words() -> list[tuple[str, str]]:
    return [
        ("multiply", _("Multiplies their points")),
        ("others_multiply", _("Multiplies everyone else's points")),
        ("bonus", _("Gives them a bonus")),
        ("others_score", _("Everyone else scores")),
    ]


def _option_kind_words() -> dict[str, str]:
    return {
        "switch": _("Switch (on or off)"),
        "choice": _("Choice"),
        "number": _("Target or rounds"),
    }


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


# -- the parts ----------------------------------------------------------------


def _game_part(f: _Form) -> list[ft.Control]:
    form = f.draft.form
    out: list[ft.Control] = [
        *f.words(("name",), _("Name")),
        *f.words(("description",), _("Description"), multiline=True),
        f.text(
            ("id",),
            _("Id (letters a–z, digits and _)"),
            hint=_("Made from the English name"),
        ),
        section_title(_("Players")),
        ft.Row(
            [
                f.text(("players", "min"), _("Fewest"), number=True, expand=True),
                f.text(("players", "max"), _("Most"), number=True, expand=True),
            ],
            spacing=8,
        ),
        section_title(_("Decks")),
        ft.Text(
            _("One deck unless you say otherwise: from how many players how many decks."),
            size=14,
            color=ft.Colors.ON_SURFACE_VARIANT,
        ),
    ]
    rows = form["decks"]
    for index in range(len(rows)):
        out.append(
            f.with_tools(
                [
                    f.text(
                        ("decks", index, "from_players"),
                        _("From players"),
                        number=True,
                        expand=True,
                    ),
                    f.text(("decks", index, "decks"), _("Decks"), number=True, expand=True),
                ],
                [f.row_tools(("decks",), index, len(rows))],
            )
        )
    out.append(f.add_button(("decks",), _("Add a row")))
    out += [
        section_title(_("Rule book")),
        f.text(("source", "title"), _("Title")),
        f.text(("source", "publisher"), _("Publisher")),
        f.text(("source", "url"), _("Web address (https://…)")),
    ]
    return out


def _key_card(
    f: _Form, index: int, count: int, open_suits: set[int], toggle: Callable
) -> ft.Control:
    key = f.draft.form["keys"][index]
    path: Path = ("keys", index)
    if key["kind"] == "face":
        controls: list[ft.Control] = [
            ft.Row(
                [
                    ft.Text(
                        _("Own card {n}", n=format_number(index + 1)),
                        weight=ft.FontWeight.W_600,
                        expand=True,
                    ),
                    f.row_tools(("keys",), index, count),
                ]
            ),
            *f.words((*path, "name"), _("Name on the key")),
            *(
                [
                    f.text((*path, "face"), _("Id")),
                    ft.Row(
                        [
                            f.text((*path, "points"), _("Points"), number=True, expand=1),
                            f.text((*path, "per_deck"), _("Per deck"), number=True, expand=1),
                        ],
                        spacing=8,
                    ),
                ]
                if f.narrow
                else [
                    ft.Row(
                        [
                            f.text((*path, "face"), _("Id"), expand=2),
                            f.text((*path, "points"), _("Points"), number=True, expand=1),
                            f.text((*path, "per_deck"), _("Per deck"), number=True, expand=1),
                        ],
                        spacing=8,
                    )
                ]
            ),
        ]
        return _card(controls, f"ge-key-{index}")
    by_suit = index in open_suits or any(str(v).strip() for v in key["suits"].values())
    tools: list[ft.Control] = []
    if key["rank"] != Rank.JOKER.value:
        tools.append(
            tagged(
                f"ge-suits-{index}",
                ft.IconButton(
                    icon=ft.Icons.TUNE,
                    tooltip=_("Points by suit"),
                    selected=by_suit,
                    on_click=lambda _e: toggle(index),
                ),
            )
        )
    suits: list[ft.Control] = []
    if by_suit and key["rank"] != Rank.JOKER.value:
        suits.append(
            ft.Text(
                _("Other points for some suits (empty: the points above)"),
                size=14,
                color=ft.Colors.ON_SURFACE_VARIANT,
            )
        )
        suits.append(
            ft.Row(
                [
                    f.text((*path, "suits", letter), suit.symbol, number=True, expand=True)
                    for letter, suit in _SUIT_LETTERS
                ],
                spacing=4,
            )
        )
    controls = [
        f.with_tools(
            [
                f.dropdown(
                    (*path, "rank"),
                    _("Card"),
                    [(r.value, rank_label(r)) for r in _RANKS],
                    width=CARD_MENU_WIDTH,
                ),
                f.text((*path, "points"), _("Points"), number=True, expand=True),
            ],
            [*tools, f.row_tools(("keys",), index, count)],
            suits,
        )
    ]
    return tagged(
        f"ge-key-{index}",
        ft.Container(content=ft.Column(controls, spacing=4), padding=ft.Padding.only(bottom=4)),
    )


@ft.component
def _CardsPart(draft: GameDraft) -> ft.Control:
    f = _Form(draft, use_created(TypedTexts), width=use_app().width)
    open_suits, set_open_suits = ft.use_state(frozenset[int]())

    def toggle(index: int) -> None:
        set_open_suits(open_suits ^ {index})

    form = draft.form
    out: list[ft.Control] = [
        _label(_("What is counted at the end of a hand")),
        f.choices(("counted",), _counted_words()),
        _jokers_field(f, ("jokers_per_deck",), _("Jokers per deck (0: none)")),
        section_title(_("Keys and their points")),
        ft.Text(
            _(
                "A key per card of the game. A card that is not a key is not a card of this "
                "game. Own cards are the game's own faces (“Draw Two”, “Wild”)."
            ),
            size=14,
            color=ft.Colors.ON_SURFACE_VARIANT,
        ),
    ]
    keys = form["keys"]
    out += [_key_card(f, i, len(keys), set(open_suits), toggle) for i in range(len(keys))]
    out.append(
        ft.Row(
            [
                f.add_button(("keys",), _("Add a card"), "rank"),
                f.add_button(("keys",), _("Add an own card"), "face", ft.Icons.STYLE),
            ],
            wrap=True,
            spacing=8,
            run_spacing=8,
        )
    )
    return ft.Column(out, spacing=8)


def _flag_card(f: _Form, index: int, count: int) -> ft.Control:
    path: Path = ("flags", index)
    return _card(
        [
            ft.Row(
                [
                    ft.Text(
                        _("Flag {n}", n=format_number(index + 1)),
                        weight=ft.FontWeight.W_600,
                        expand=True,
                    ),
                    f.row_tools(("flags",), index, count),
                ]
            ),
            *f.words((*path, "name"), _("Name")),
            f.text((*path, "id"), _("Id")),
            _label(_("For whom")),
            f.choices((*path, "player"), _flag_player_words()),
            _label(_("What it does")),
            f.choices((*path, "effect"), _flag_effect_words()),
            f.text(
                (*path, "amount"), _("How much (times, bonus or points)"), number=True, width=260
            ),
            f.switch(
                (*path, "in_play"), _("In play from the start (off: only an option brings it in)")
            ),
            *f.warned(path),
        ],
        f"ge-flag-{index}",
    )


def _scoring_part(f: _Form) -> list[ft.Control]:
    flags = f.draft.form["flags"]
    out: list[ft.Control] = [
        _label(_("When someone goes out")),
        f.choices(("went_out",), _went_out_words()),
        _label(_("When nobody goes out")),
        f.choices(("blocked",), _blocked_words()),
        section_title(_("Hand flags")),
        ft.Text(
            _("Something the players say happened in a hand, such as “went out in one go”."),
            size=14,
            color=ft.Colors.ON_SURFACE_VARIANT,
        ),
    ]
    out += [_flag_card(f, i, len(flags)) for i in range(len(flags))]
    out.append(f.add_button(("flags",), _("Add a flag")))
    return out


def _end_part(f: _Form) -> list[ft.Control]:
    numbers = [
        f.text((name,), label, number=True, expand=True)
        for name, label in (("target", _("Target score")), ("rounds", _("Number of rounds")))
        if name in f.draft.numbers_used() or f.fault((name,))
    ]
    return [
        _label(_("Who wins")),
        f.choices(("winner",), _winner_words()),
        _label(_("When the session ends")),
        f.choices(("end",), _end_words()),
        ft.Row(numbers, spacing=8),
        _label(_("Who deals next")),
        f.choices(("next_dealer",), _dealer_words()),
    ]


def _key_ids(form: dict[str, Any]) -> list[tuple[str, str]]:
    out = []
    for key in form["keys"]:
        if key["kind"] == "face":
            label = key["name"].get("en") or key["face"]
            out.append((key["face"], label or "?"))
        else:
            out.append((key["rank"], rank_label(Rank(key["rank"])) if key["rank"] else "?"))
    return [(k, v) for k, v in out if k]


def _effect_editor(f: _Form, path: Path) -> list[ft.Control]:
    """An option's (or a choice's) effect: each rule it changes."""
    form = f.draft.form
    unchanged = ("", _("(as the game says)"))
    out: list[ft.Control] = [
        ft.Text(_("What it changes"), size=14, color=ft.Colors.ON_SURFACE_VARIANT),
        f.dropdown(
            (*path, "went_out"), _("When someone goes out"), [unchanged, *_went_out_words()]
        ),
        f.dropdown((*path, "blocked"), _("When nobody goes out"), [unchanged, *_blocked_words()]),
        f.dropdown((*path, "winner"), _("Who wins"), [unchanged, *_winner_words()]),
        f.dropdown((*path, "end"), _("When the session ends"), [unchanged, *_end_words()]),
        _jokers_field(f, (*path, "jokers_per_deck"), _("Jokers per deck")),
    ]
    points = f.draft.get((*path, "points"))
    keys = _key_ids(form)
    for index in range(len(points)):
        out.append(
            f.with_tools(
                [
                    f.dropdown(
                        (*path, "points", index, "key"), _("Card"), keys, width=CARD_MENU_WIDTH
                    ),
                    f.text(
                        (*path, "points", index, "points"), _("Points"), number=True, expand=True
                    ),
                ],
                [f.row_tools((*path, "points"), index, len(points))],
            )
        )
    if keys:
        out.append(f.add_button((*path, "points"), _("Other points for a card")))
    flags = f.draft.get((*path, "flags"))
    flag_ids = [(fl["id"], words_of(fl["name"]) or fl["id"]) for fl in form["flags"] if fl["id"]]
    for index in range(len(flags)):
        out.append(
            f.with_tools(
                [
                    f.dropdown((*path, "flags", index, "flag"), _("Flag"), flag_ids, width=160),
                    ft.Container(
                        f.switch((*path, "flags", index, "on"), _("In play")), expand=True
                    ),
                ],
                [f.row_tools((*path, "flags"), index, len(flags))],
            )
        )
    if flag_ids:
        out.append(f.add_button((*path, "flags"), _("Bring a flag in or out")))
    return out


def words_of(name: dict[str, str]) -> str:
    """A form's two-language text in the language on screen (as typed)."""
    from scoring.definition import Words

    return words(Words(name.get("nb", ""), name.get("en", "")))


def _option_card(f: _Form, index: int, count: int) -> ft.Control:
    path: Path = ("options", index)
    option = f.draft.form["options"][index]
    kind = option["kind"]
    controls: list[ft.Control] = [
        ft.Row(
            [
                ft.Text(
                    f"{format_number(index + 1)}. {_option_kind_words().get(kind, kind)}",
                    weight=ft.FontWeight.W_600,
                    expand=True,
                ),
                f.row_tools(("options",), index, count),
            ]
        ),
        *f.warned(path),
        *f.words((*path, "name"), _("Name")),
        *f.words((*path, "description"), _("Description")),
    ]
    if kind == "number":
        controls.append(
            f.choices(
                (*path, "id"),
                [("target", _("Target score")), ("rounds", _("Number of rounds"))],
                full=False,
            )
        )
        presets = option["presets"]
        controls.append(_label(_("Suggestions")))
        for j in range(len(presets)):
            where: Path = (*path, "presets", j)
            controls.append(
                _card(
                    [
                        ft.Row(
                            [
                                f.text((*where, "number"), _("Number"), number=True, expand=True),
                                f.row_tools((*path, "presets"), j, len(presets)),
                            ]
                        ),
                        f.choices(
                            (*where, "kind"),
                            [("value", _("As it is")), ("per_player", _("Times the players"))],
                            full=False,
                        ),
                        f.switch((*where, "suggested"), _("Suggested")),
                        f.text(
                            (*where, "suggested_with"),
                            _("Suggested instead with switches"),
                            hint=_("The switches' ids, with commas"),
                        ),
                    ]
                )
            )
        controls.append(f.add_button((*path, "presets"), _("Add a suggestion")))
        return _card(controls, f"ge-option-{index}")
    controls.append(f.text((*path, "id"), _("Id")))
    if kind == "switch":
        controls.append(f.switch((*path, "default"), _("On at the start")))
        controls += _effect_editor(f, (*path, "set"))
    else:
        choices = option["choices"]
        for j in range(len(choices)):
            where = (*path, "choices", j)
            first = _(" (the default)") if j == 0 else ""
            controls.append(
                _card(
                    [
                        ft.Row(
                            [
                                ft.Text(
                                    _("Choice {n}", n=format_number(j + 1)) + first,
                                    weight=ft.FontWeight.W_500,
                                    expand=True,
                                ),
                                f.row_tools((*path, "choices"), j, len(choices)),
                            ]
                        ),
                        *f.words((*where, "name"), _("Name")),
                        f.text((*where, "id"), _("Id")),
                        *_effect_editor(f, (*where, "set")),
                    ]
                )
            )
        controls.append(f.add_button((*path, "choices"), _("Add a choice")))
    return _card(controls, f"ge-option-{index}")


def _options_part(f: _Form) -> list[ft.Control]:
    options = f.draft.form["options"]
    out: list[ft.Control] = [
        ft.Text(
            _("What the players choose when a session starts: switches, choices, the target."),
            size=14,
            color=ft.Colors.ON_SURFACE_VARIANT,
        )
    ]
    out += [_option_card(f, i, len(options)) for i in range(len(options))]
    out.append(
        ft.Row(
            [
                f.add_button(("options",), _("Add a switch"), "switch"),
                f.add_button(("options",), _("Add a choice"), "choice"),
                f.add_button(("options",), _("Add target or rounds"), "number"),
            ],
            wrap=True,
            spacing=8,
            run_spacing=8,
        )
    )
    return out


# -- the live preview -------------------------------------------------------------


@ft.component
def PreviewHand(draft: GameDraft) -> ft.Control:
    """A hand to try the game on: tap keys; see what the cards would score."""
    players = (_("Player 1"), _("Player 2"), _("Player 3"))
    preview = draft.preview(players)
    controls: list[ft.Control] = [
        ft.Text(_("Try it"), theme_style=ft.TextThemeStyle.TITLE_SMALL, color=ft.Colors.PRIMARY)
    ]
    if preview.error is not None:
        controls.append(
            ft.Text(
                _("The preview waits for the game to be complete."),
                size=14,
                color=ft.Colors.ON_SURFACE_VARIANT,
            )
        )
        return _card(controls, "ge-preview")
    definition = draft.definition()
    game = data_game(definition)
    rules = game.bind(game.default_options(), players)
    faces = {str(k.card): k.name for k in rules.keypad if k.name is not None}
    score = preview.score
    assert score is not None
    held = (
        _("{player} took these cards:", player=players[1])
        if rules.counted == "tricks"
        else _("{player} is left holding:", player=players[1])
    )
    controls.append(ft.Text(held, size=14))
    # a strip of fixed height: the keys under it never move under the finger
    controls.append(
        ft.Row(
            [
                chip_strip(
                    [
                        card_chip(
                            f"ge-preview-chip-{i}",
                            card_label(c, faces),
                            card_name(c, faces),
                            lambda _e, n=i: draft.remove_preview_card(n),
                        )
                        for i, c in enumerate(draft.preview_cards)
                        if rules.card_points(c) is not None
                    ],
                    _("No cards taken (tap the keys below)")
                    if rules.counted == "tricks"
                    else _("No cards left (tap the keys below)"),
                ),
            ]
        )
    )
    controls.append(
        ft.Row(
            [
                tagged(
                    f"ge-preview-key-{k.card}",
                    ft.FilledTonalButton(
                        content=key_label(k.card, k.name),
                        on_click=lambda _e, c=k.card: draft.add_preview_card(c),
                        height=TOUCH,
                        style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=10)),
                    ),
                    button=True,
                )
                for k in rules.keypad
            ],
            wrap=True,
            spacing=6,
            run_spacing=6,
        )
    )
    controls.append(
        tagged(
            "ge-preview-worth",
            ft.Text(
                _("These cards would score {points}", points=format_number(preview.worth or 0)),
                weight=ft.FontWeight.W_600,
            ),
        )
    )
    names = {flag.id: flag.name for flag in rules.flags}
    for seat, player in enumerate(players):
        items = score.breakdown.get(player, ())
        line = f"{player}: {format_number(score.points[player])}"
        if seat == 0 and rules.can_go_out:
            line += " · " + _("went out")
        if items:
            line += " — " + describe_total(items, score.points[player], names)
        controls.append(tagged(f"ge-preview-points-{seat}", ft.Text(line, size=14)))
    return _card(controls, "ge-preview")


# -- the editor ----------------------------------------------------------------------


def _tab(name: str, label: str, draft: GameDraft) -> ft.Control:
    """One part of the editor to show (filled: the part on show)."""
    selected = draft.section == name
    kind = ft.FilledButton if selected else ft.OutlinedButton
    return tagged(
        f"ge-section-{name}",
        kind(
            label,
            on_click=lambda _e: draft.show(name),
            height=TOUCH,
            style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=9)),
        ),
        button=True,
        selected=selected,
    )


@ft.component
def GameEditor(draft: GameDraft, key_name: str) -> ft.Control:
    """The editor for ``draft`` (kept by the tab under ``key_name``)."""
    app = use_app()
    busy, set_busy = ft.use_state(False)
    f = _Form(draft, use_created(TypedTexts), width=app.width)

    async def save(_e: ft.Event) -> None:
        if busy:
            return
        try:
            definition = draft.definition()
        except Exception as error:  # a GameDefinitionError: shown already
            draft.save_error = error
            return
        set_busy(True)
        try:
            outcome = await run_use_case(
                game_actions.save,
                definition=definition,
                replaces=draft.original_id,
                expected=draft.original_text,
            )
        finally:
            set_busy(False)
        if isinstance(outcome, game_actions.Refused):
            draft.save_error = outcome.error
            return
        app.memory.games.pop(key_name, None)
        announce_games()
        app.changed()
        go("/games")

    tabs = ft.Row(
        [_tab(name, label, draft) for name, label in _section_names()],
        wrap=True,
        spacing=4,
        run_spacing=4,
    )
    if draft.section == "cards":
        part: list[ft.Control] = [_CardsPart(draft)]
    elif draft.section == "scoring":
        part = _scoring_part(f)
    elif draft.section == "end":
        part = _end_part(f)
    elif draft.section == "options":
        part = _options_part(f)
    else:
        part = _game_part(f)
    body: list[ft.Control] = [tabs, *part, PreviewHand(draft)]
    problem = draft.save_error or f.error
    bottom: list[ft.Control] = []
    if problem is not None:
        bottom.append(
            tagged(
                "ge-problem",
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
    bottom.append(
        tagged(
            "ge-save",
            ft.FilledButton(
                _("Save the game"),
                icon=ft.Icons.SAVE,
                on_click=save,
                disabled=busy or f.error is not None,
                height=52,
                width=float("inf"),
            ),
            button=True,
        )
    )
    title = (
        _("Change {game}", game=words_of(draft.form["name"]) or _("the game"))
        if draft.original_id
        else _("New game")
    )
    return Screen(
        title,
        body,
        back="/games",
        bottom=ft.Column(bottom, spacing=6),
        screen_id="screen-game-editor",
    )


def _copy_names(game: Any) -> tuple[str, str]:
    """The names of a copy: "Hjerter (kopi)", "Hearts (copy)"."""
    from app.i18n import use_language

    names = []
    for language in ("nb", "en"):
        with use_language(language):
            names.append(_("{game} (copy)", game=game_name(game)))
    return names[0], names[1]


def _new_draft(source: Any | None, free_id: str | None) -> GameDraft:
    if source is None or source.definition is None:
        return GameDraft.new()
    from app.ui.state.game_draft import slug

    names = _copy_names(source.definition)
    return GameDraft.copy_of(source.definition, names=names, game_id=free_id or slug(names[1]))


def _load_source(source_id: str | None):
    def load(engine):
        if not source_id:
            return None, None
        entry = services.find_game(engine=engine, game_id=source_id)
        from app.ui.state.game_draft import slug

        base = slug(_copy_names(entry.definition)[1]) if entry.definition else None
        return entry, services.free_game_id(engine=engine, base=base) if base else None

    return load


@ft.component
def NewGameScreen() -> ft.Control:
    """``/games/new`` (from scratch) and ``/games/new/<game>`` (a copy)."""
    app = use_app()
    source_id = ft.use_route_params().get("source")
    key_name = f"copy:{source_id}" if source_id else "new"
    draft = app.memory.games.get(key_name)
    loaded = use_loaded(_load_source(source_id), [source_id, draft is None])
    if draft is None:
        if loaded.loading:
            return loading_screen(_("New game"), back="/games")
        if loaded.error is not None:
            return Screen(
                _("New game"),
                [ft.Text(describe_problem(loaded.error), color=ft.Colors.ERROR)],
                back="/games",
            )
        entry, free_id = loaded.value or (None, None)
        draft = _new_draft(entry, free_id)
        app.memory.games[key_name] = draft
    return GameEditor(draft, key_name)


@ft.component
def EditGameScreen() -> ft.Control:
    """``/games/edit/<game>``: change a custom game."""
    app = use_app()
    game_id = ft.use_route_params().get("game", "")
    key_name = f"edit:{game_id}"
    draft = app.memory.games.get(key_name)
    loaded = use_loaded(
        lambda engine: services.find_game(engine=engine, game_id=game_id), [game_id, draft is None]
    )
    if draft is None:
        if loaded.loading:
            return loading_screen(_("Change game"), back="/games")
        entry = loaded.value
        if entry is None or entry.builtin or entry.definition is None:
            problem = (
                describe_problem(loaded.error)
                if loaded.error is not None
                else _("A built-in game cannot be changed: make a copy of it")
            )
            return Screen(
                _("Change game"), [ft.Text(problem, color=ft.Colors.ERROR)], back="/games"
            )
        draft = GameDraft.editing(entry.definition, entry.text)
        app.memory.games[key_name] = draft
    return GameEditor(draft, key_name)
