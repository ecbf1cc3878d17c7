# ruff: noqa: E501 - the rules are prose, one sentence a string
"""A short rules screen per game, reachable from the new-session screen and
from a session (``/rules/<game>``)."""

from __future__ import annotations

import flet as ft

from app.i18n import _
from app.messages import game_name
from app.ui.common import Screen, section_title, tagged

__all__ = ["RulesScreen", "rules_text"]


def rules_text(game_id: str) -> list[tuple[str, str]]:
    """The rules in short as (heading, text) pairs, translated."""
    if game_id == "swedish_rummy":
        return [
            (
                _("The game"),
                _(
                    "2–12 players, seven cards each (two decks from 7 players). Play a card of the same suit or rank as the top of the discard pile; an 8 can always be played and names a new suit."
                ),
            ),
            (
                _("Scoring"),
                _(
                    "Whoever goes out scores the value of every card left in the other hands: any 8 counts 50, K Q J 10 count 10, A counts 1, the rest face value. With an action-card variant on, that card counts 20."
                ),
            ),
            (
                _("Blocked"),
                _(
                    "When the stock is empty and nobody can play, the lowest hand collects the differences (or nobody scores, by option)."
                ),
            ),
            (
                _("The end"),
                _(
                    "The hand in which someone reaches the target ends the session; that player wins."
                ),
            ),
        ]
    if game_id == "four_suit_rummy":
        return [
            (
                _("The game"),
                _(
                    "2 players, 12 cards each. Lay down runs: three cards of one suit in a row, A low, no wrap past K. An ace is wild in its own suit; say what it stands for."
                ),
            ),
            (
                _("Scoring"),
                _(
                    "Each player scores 20 a run and 50 for each pair of their runs with the same three ranks. Whoever goes out adds the value of the other's cards (A 15, K Q J 10, the rest face value); in a blocked hand each subtracts their own."
                ),
            ),
            (
                _("The end"),
                _(
                    "When a total reaches the target (1000) the higher total wins; equal totals share the win."
                ),
            ),
        ]
    return [
        (
            _("The game"),
            _(
                "2–6 players (10 cards each for 2, 7 for 3–4, 6 for 5–6). Meld sets of 3–4 of a rank and runs of 3 or more in a suit; keep one card to discard when you go out."
            ),
        ),
        (
            _("Scoring"),
            _(
                "Penalty points: the player who goes out scores 0, the others the value of the cards they hold (A 1, J Q K 10, the rest face value). Lowest total after the rounds wins; equal totals share the win."
            ),
        ),
        (
            _("Winner collects"),
            _(
                "By option the player who goes out collects everyone's cards instead (doubled for going rummy) and the highest total at the target wins."
            ),
        ),
    ]


@ft.component
def RulesScreen() -> ft.Control:
    """``/rules/<game>``; the back arrow returns to where the user came from."""
    params = ft.use_route_params()
    game_id = params.get("game", "rummy")
    sid = params.get("sid")
    back = f"/session/{sid}" if sid else "/new"
    body: list[ft.Control] = []
    for heading, text in rules_text(game_id):
        body.append(section_title(heading))
        body.append(ft.Text(text, size=15))
    return Screen(
        _("Rules: {game}", game=game_name(game_id)),
        [tagged("rules-text", ft.Column(body, spacing=4))],
        back=back,
        screen_id="screen-rules",
    )
