"""The five parts of the game editor a phone shows one at a time: the game,
its cards, who scores, the end, the options (GAME_FORMAT.md)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from app.i18n import _, format_number
from app.messages import (
    rank_label,
    words,
)
from app.ui.common import (
    TypedTexts,
    section_title,
    tagged,
    use_app,
    use_created,
)
from app.ui.game_editor.bids_part import bids_scoring_part
from app.ui.game_editor.choices import (
    _blocked_terms,
    _blocked_words,
    _counted_words,
    _dealer_words,
    _end_words,
    _flag_effect_words,
    _flag_player_words,
    _option_kind_words,
    _went_out_words,
    _winner_words,
)
from app.ui.game_editor.form import (
    _RANKS,
    _SUIT_LETTERS,
    CARD_MENU_WIDTH,
    _card,
    _Form,
    _jokers_field,
    _label,
)
from app.ui.game_editor.schedule_part import end_extras, schedule_ends, schedule_preview
from app.ui.state.game_draft import GameDraft, Path
from scoring import Rank

# -- the parts ----------------------------------------------------------------


def _game_part(f: _Form) -> list[ft.Control]:
    form = f.draft.form
    out: list[ft.Control] = [
        *f.words(("name",), _("Name")),
        *f.words(("description",), _("Description"), multiline=True),
        *(
            [
                tagged(
                    "ge-description-outdated",
                    ft.Text(
                        _(
                            "This is the copied game's description, and the rules "
                            "have changed since: check that it says your rules."
                        ),
                        size=14,
                        color=ft.Colors.TERTIARY,
                    ),
                )
            ]
            if f.draft.description_outdated()
            else []
        ),
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
        *_cards_dealt_field(f),
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


def _cards_dealt_field(f: _Form) -> list[ft.Control]:
    """The cards dealt each hand (GAME_FORMAT.md ``cards_dealt``, Phase 10's
    10: more left in hand is a warning); not for a game whose schedule says
    each round's, unless it holds a fault to put right."""
    if f.draft.form["end"] == "schedule" and not f.fault(("cards_dealt",)):
        return []
    return [
        f.text(
            ("cards_dealt",),
            _("Cards dealt each hand"),
            number=True,
            helper=_("More left in hand is a warning; empty: the game does not say"),
        )
    ]


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
            *(  # nobody goes out in a captured game: a flag is for any one player
                []
                if "captures" in f.draft.form
                else [_label(_("For whom")), f.choices((*path, "player"), _flag_player_words())]
            ),
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
    if "bids" in f.draft.form:  # a bids game (Plump): how bids score, not who goes out
        return bids_scoring_part(f)
    flags = f.draft.form["flags"]
    out: list[ft.Control] = [
        _label(_("When someone goes out")),
        f.choices(("went_out",), _went_out_words()),
        *(  # others may go out on their last turn (Five Crowns): not where nobody goes out
            [
                f.switch(
                    ("also_out",),
                    _(
                        "Then every other player has one more turn, and whoever goes out "
                        "on it scores nothing too"
                    ),
                ),
            ]
            if f.draft.form["went_out"] != "never" or f.draft.form.get("also_out")
            else []
        ),
        _label(_("When nobody goes out")),
        f.choices(("blocked",), _blocked_words()),
        _label(_("Such a hand is called")),
        f.choices(("blocked_term",), _blocked_terms()),
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
        f.choices(("end",), [*_end_words(), *schedule_ends()]),
        *end_extras(f),  # a schedule of rounds, the phases
        ft.Row(numbers, spacing=8),
        *(  # a bids game's deal always passes to the left
            []
            if "bids" in f.draft.form
            else [_label(_("Who deals next")), f.choices(("next_dealer",), _dealer_words())]
        ),
        *schedule_preview(f.draft),  # the rounds or phases as the table will see them
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
