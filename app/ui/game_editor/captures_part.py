"""The game editor's parts for a captured game (GAME_FORMAT.md ``hand:
captured``, ``captures``; RULES.md §5 Kasino, §5.4 the variants a family
makes): in place of the keypad, what a pile scores — each comparison (most
cards, most of a suit) and its points, what a tie gives, each named card
(10♦, 2♠) or named rank (each ace) and its points, each event counted per
hand (sweeps) and its points; in place of who goes out, the hand flags
(the last capture). Bound to the form's ``captures``
(:mod:`app.ui.state.game_draft_captures`)."""

from __future__ import annotations

import flet as ft

from app.i18n import _, format_number
from app.messages import card_label, rank_label, suit_name
from app.ui.common import section_title
from app.ui.game_editor.form import CARD_MENU_WIDTH, _card, _Form, _label
from app.ui.game_editor.parts import _flag_card
from app.ui.game_editor.teams_part import teams_part
from app.ui.state.game_draft import Path
from app.ui.state.game_draft_captures import deck_suits
from scoring import Card, Rank, Suit

__all__ = ["captures_cards_part", "captures_scoring_part"]

_RANKS = tuple(rank for rank in Rank if rank is not Rank.JOKER)
#: Width of a comparison's menu: "The most ♦ diamonds" whole, the points
#: beside it on a phone.
_COMPARED_WIDTH = 250


def _suit_words(letter: str) -> str:
    suit = Suit(letter)
    return f"{suit.symbol} {suit_name(suit)}"


def _compared_words(f: _Form) -> list[tuple[str, str]]:
    """What a comparison may compare: the cards, or each suit of the deck."""
    return [("cards", _("The most cards"))] + [
        (letter, _("The most {suit}", suit=_suit_words(letter)))
        for letter in deck_suits(f.draft.form)
    ]


def _ties_words() -> list[tuple[str, str]]:
    return [
        ("nobody", _("Nobody scores it")),
        ("each", _("Each of the tied players scores it in full")),
    ]


def _comparison_row(f: _Form, index: int, count: int) -> ft.Control:
    path: Path = ("captures", "most", index)
    return f.with_tools(
        [
            f.dropdown((*path, "of"), _("Who has"), _compared_words(f), width=_COMPARED_WIDTH),
            f.text((*path, "points"), _("Points"), number=True, expand=True),
        ],
        [f.row_tools(("captures", "most"), index, count)],
    )


def _card_words(f: _Form) -> list[tuple[str, str]]:
    """Every card of the deck a named card may be (A♠ A♥ … K♣, by rank)."""
    suits = deck_suits(f.draft.form)
    return [
        (f"{rank.value}{letter}", card_label(Card(rank, Suit(letter))))
        for rank in _RANKS
        for letter in suits
    ]


def _named_row(f: _Form, index: int, count: int) -> ft.Control:
    path: Path = ("captures", "named", index)
    row = f.draft.get(path)
    if row["kind"] == "card":
        menu = f.dropdown((*path, "card"), _("Card"), _card_words(f), width=CARD_MENU_WIDTH)
    else:
        ranks = [(r.value, rank_label(r)) for r in _RANKS]
        menu = f.dropdown((*path, "rank"), _("Each card of"), ranks, width=CARD_MENU_WIDTH)
    points = f.text((*path, "points"), _("Points"), number=True, expand=True)
    return f.with_tools([menu, points], [f.row_tools(("captures", "named"), index, count)])


def _event_card(f: _Form, index: int, count: int) -> ft.Control:
    path: Path = ("captures", "events", index)
    return _card(
        [
            ft.Row(
                [
                    ft.Text(
                        _("Event {n}", n=format_number(index + 1)),
                        weight=ft.FontWeight.W_600,
                        expand=True,
                    ),
                    f.row_tools(("captures", "events"), index, count),
                ]
            ),
            *f.words((*path, "name"), _("Name")),
            ft.Row(
                [
                    f.text((*path, "points"), _("Points each"), number=True, expand=True),
                    f.text((*path, "most"), _("Most in a hand"), number=True, expand=True),
                ],
                spacing=8,
            ),
        ],
        f"ge-event-{index}",
    )


def captures_cards_part(f: _Form) -> list[ft.Control]:
    """What a pile of captured cards scores, each part bound to the form's
    ``captures``."""
    captures = f.draft.form["captures"]
    most, named, events = captures["most"], captures["named"], captures["events"]
    out: list[ft.Control] = [
        ft.Text(
            _(
                "Nobody goes out: when every card is played, each player counts the "
                "pile of cards they captured."
            ),
            size=14,
            color=ft.Colors.ON_SURFACE_VARIANT,
        ),
        section_title(_("Comparisons")),
        *(_comparison_row(f, i, len(most)) for i in range(len(most))),
        f.add_button(("captures", "most"), _("Add a comparison")),
        _label(_("A tie on a comparison")),
        f.choices(("captures", "ties"), _ties_words()),
        section_title(_("Named cards")),
        ft.Text(
            _("A card worth points to whoever captured it, or each card of a rank (each ace)."),
            size=14,
            color=ft.Colors.ON_SURFACE_VARIANT,
        ),
        *(_named_row(f, i, len(named)) for i in range(len(named))),
        ft.Row(
            [
                f.add_button(("captures", "named"), _("Name a card"), "card"),
                f.add_button(
                    ("captures", "named"), _("Each card of a rank"), "rank", ft.Icons.STYLE
                ),
            ],
            wrap=True,
            spacing=8,
            run_spacing=8,
        ),
        section_title(_("Events counted per hand")),
        ft.Text(
            _("Something counted per player in a hand, such as a sweep."),
            size=14,
            color=ft.Colors.ON_SURFACE_VARIANT,
        ),
        *(_event_card(f, i, len(events)) for i in range(len(events))),
        f.add_button(("captures", "events"), _("Add an event")),
    ]
    return out


def captures_scoring_part(f: _Form) -> list[ft.Control]:
    """A captured game's partnerships and hand flags (nobody goes out: a
    flag is for any one player, as the last capture)."""
    flags = f.draft.form["flags"]
    return [
        *teams_part(f),
        section_title(_("Hand flags")),
        ft.Text(
            _("Something the players say happened in a hand, such as “the last capture”."),
            size=14,
            color=ft.Colors.ON_SURFACE_VARIANT,
        ),
        *(_flag_card(f, i, len(flags)) for i in range(len(flags))),
        f.add_button(("flags",), _("Add a flag")),
    ]
