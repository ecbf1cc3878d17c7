# ruff: noqa: E501 - the rules are prose, one sentence a string
"""The words the app has for the built-in games, keyed by the game's id
(marked for the catalogs with ``N_``, translated when shown): each one's name
(a game named by its id alone needs no definition read; a game defined as data
says the same name itself), and the coded Four Suit Rummy's description for
the game picker and its rules in short. A game defined as data says those
itself (GAME_FORMAT.md ``description``; :mod:`app.game_text`)."""

from __future__ import annotations

from collections.abc import Mapping

from app.i18n import N_

__all__ = ["GAME_DESCRIPTIONS", "GAME_NAMES", "GAME_RULES"]

#: Game id → name.
GAME_NAMES: Mapping[str, str] = {
    "swedish_rummy": N_("Swedish Rummy"),
    "four_suit_rummy": N_("Four Suit Rummy"),
    "rummy": N_("Rummy"),
}

#: Game id → two short lines for the game picker (the coded game: the others say theirs).
GAME_DESCRIPTIONS: Mapping[str, str] = {
    "four_suit_rummy": N_(
        "2 players. Lay down runs of three in one suit; aces are wild in their suit. Runs and matching runs score. First to 1000 wins."
    ),
}

#: Game id → the rules in short, as (heading, text) pairs (the coded game).
GAME_RULES: Mapping[str, tuple[tuple[str, str], ...]] = {
    "four_suit_rummy": (
        (
            N_("The game"),
            N_(
                "2 players, 12 cards each. Lay down runs: three cards of one suit in a row, A low, no wrap past K. An ace is wild in its own suit; say what it stands for."
            ),
        ),
        (
            N_("Scoring"),
            N_(
                "Each player scores 20 a run and 50 for each pair of their runs with the same three ranks. Whoever goes out adds the value of the other's cards (A 15, K Q J 10, the rest face value); in a blocked hand each subtracts their own."
            ),
        ),
        (
            N_("The end"),
            N_(
                "When a total reaches the target (1000 unless the session chose another) the higher total wins; equal totals share the win."
            ),
        ),
    ),
}
