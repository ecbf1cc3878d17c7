"""The words of the game format's choices in the editor's menus (translated
when shown, never at import)."""

from __future__ import annotations

from app.i18n import _, pgettext
from app.messages import blocked_label

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


def _blocked_terms() -> list[tuple[str, str]]:
    """What a game may call a hand nobody went out of (GAME_FORMAT.md
    ``blocked_term``), in the words the app shows for it."""
    return [(term, blocked_label(term)) for term in ("blocked", "nobody_out")]


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
