# ruff: noqa: E501 - the rules are prose, one sentence a string
"""The words the app has for each built-in game: its name, a short description
for the game picker, and its rules in short — data keyed by the game's id
(marked for the catalogs with ``N_``, translated when shown)."""

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

#: Game id → two short lines for the game picker.
GAME_DESCRIPTIONS: Mapping[str, str] = {
    "swedish_rummy": N_(
        "2–12 players. Get rid of your cards like Crazy Eights; whoever goes out collects the others' cards. First to the target wins."
    ),
    "four_suit_rummy": N_(
        "2 players. Lay down runs of three in one suit; aces are wild in their suit. Runs and matching runs score. First to 1000 wins."
    ),
    "rummy": N_(
        "2–6 players. Meld sets and runs, go out first. The cards you are left holding count against you; lowest total wins."
    ),
}

#: Game id → the rules in short, as (heading, text) pairs.
GAME_RULES: Mapping[str, tuple[tuple[str, str], ...]] = {
    "swedish_rummy": (
        (
            N_("The game"),
            N_(
                "2–12 players, seven cards each (two decks from 7 players). Play a card of the same suit or rank as the top of the discard pile; an 8 can always be played and names a new suit."
            ),
        ),
        (
            N_("Scoring"),
            N_(
                "Whoever goes out scores the value of every card left in the other hands: any 8 counts 50, K Q J 10 count 10, A counts 1, the rest face value. With an action-card variant on, that card counts 20."
            ),
        ),
        (
            N_("Blocked"),
            N_(
                "When the stock is empty and nobody can play, the lowest hand collects the differences (or nobody scores, by option)."
            ),
        ),
        (
            N_("The end"),
            N_("The hand in which someone reaches the target ends the session; that player wins."),
        ),
    ),
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
    "rummy": (
        (
            N_("The game"),
            N_(
                "2–6 players (10 cards each for 2, 7 for 3–4, 6 for 5–6). Meld sets of 3–4 of a rank and runs of 3 or more in a suit; keep one card to discard when you go out."
            ),
        ),
        (
            N_("Scoring"),
            N_(
                "Penalty points: the player who goes out scores 0, the others the value of the cards they hold (A 1, J Q K 10, the rest face value). Lowest total after the rounds wins; equal totals share the win."
            ),
        ),
        (
            N_("Winner collects"),
            N_(
                "By option the player who goes out collects everyone's cards instead (doubled for going rummy) and the highest total at the target wins."
            ),
        ),
    ),
}
