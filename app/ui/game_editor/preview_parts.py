"""The game editor's live preview of a captured game and of a bids game
(in place of the preview hand of a game whose hands end in counted cards):
one example deal's piles and points, or what a made and a missed bid score,
as the game stands in the editor. The figures are
:mod:`app.ui.state.game_preview`'s (scored by :mod:`scoring`)."""

from __future__ import annotations

import flet as ft

from app.i18n import _, format_number, ngettext
from app.messages import card_label, describe_total, words
from app.ui.common import tagged
from app.ui.game_editor.form import _card
from app.ui.state.game_draft import GameDraft
from app.ui.state.game_preview import bids_preview, captures_preview, preview_seats
from scoring import GameDefinition, Pile, Suit, parse_card

__all__ = ["bids_preview_card", "captures_preview_card"]


def _title() -> ft.Control:
    return ft.Text(_("Try it"), theme_style=ft.TextThemeStyle.TITLE_SMALL, color=ft.Colors.PRIMARY)


def _waits() -> ft.Control:
    return _card(
        [
            _title(),
            ft.Text(
                _("The preview waits for the game to be complete."),
                size=14,
                color=ft.Colors.ON_SURFACE_VARIANT,
            ),
        ],
        "ge-preview",
    )


def pile_text(definition: GameDefinition, pile: Pile) -> str:
    """A pile in words: "29 cards, 8 ♠, 10♦ A♠ A♥, Sweep 2"."""
    parts = [ngettext("{n} card", "{n} cards", pile.cards)]
    parts += [f"{format_number(n)} {Suit(s).symbol}" for s, n in pile.suits.items()]
    if pile.named:
        parts.append(" ".join(card_label(parse_card(token)) for token in pile.named))
    names = {e.id: e.name for e in definition.captures.events} if definition.captures else {}
    parts += [f"{words(names[e])} {format_number(n)}" for e, n in pile.events.items() if e in names]
    return ", ".join(parts)


def captures_preview_card(draft: GameDraft) -> ft.Control:
    """One example deal of the captured game as it stands: each player's
    pile and what it scores."""
    problem = draft.problem()
    if problem is not None:
        return _waits()
    definition = draft.definition()
    seats = preview_seats(definition)
    everyone = tuple(_("Player {n}", n=format_number(n)) for n in range(1, seats + 1))
    preview = captures_preview(definition, everyone)
    players = everyone[:2]  # the piles: two players, or each team's first player
    said = (
        _("One deal of two players:")
        if seats == 2
        else _("One deal of two teams, each pile under the team's first player:")
    )
    controls: list[ft.Control] = [_title(), ft.Text(said, size=14)]
    names = {flag.id: flag.name for flag in definition.flags}
    for seat, player in enumerate(players):
        controls.append(
            tagged(
                f"ge-preview-pile-{seat}",
                ft.Text(
                    _(
                        "{player} captured: {pile}",
                        player=player,
                        pile=pile_text(definition, preview.piles[player]),
                    ),
                    size=14,
                ),
            )
        )
    score = preview.score
    if score is None:
        return _card([*controls, ft.Text(_("The preview waits for the game to be complete."))])
    for seat, player in enumerate(players):
        points = score.points[player]
        line = f"{player}: {format_number(points)}"
        items = score.breakdown.get(player, ())
        if items:
            line += " — " + describe_total(items, points, names)
        controls.append(
            tagged(f"ge-preview-points-{seat}", ft.Text(line, weight=ft.FontWeight.W_500))
        )
    return _card(controls, "ge-preview")


def bids_preview_card(draft: GameDraft) -> ft.Control:
    """What a made and a missed bid score in the bids game as it stands."""
    if draft.problem() is not None:
        return _waits()
    preview = bids_preview(draft.definition())
    controls: list[ft.Control] = [_title()]
    for bid, points in preview.made:
        controls.append(
            tagged(
                f"ge-preview-made-{bid}",
                ft.Text(
                    ngettext(
                        "A made bid of {bid} scores {n} point",
                        "A made bid of {bid} scores {n} points",
                        points,
                        bid=format_number(bid),
                    ),
                    size=14,
                ),
            )
        )
    for bid, tricks, points in preview.missed:
        controls.append(
            tagged(
                f"ge-preview-missed-{bid}",
                ft.Text(
                    ngettext(
                        "A missed bid of {bid} (tricks taken: {tricks}) scores {n} point",
                        "A missed bid of {bid} (tricks taken: {tricks}) scores {n} points",
                        points,
                        bid=format_number(bid),
                        tricks=format_number(tricks),
                    ),
                    size=14,
                ),
            )
        )
    return _card(controls, "ge-preview")
