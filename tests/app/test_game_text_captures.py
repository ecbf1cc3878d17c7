"""Kasino's rules in words (RULES.md §5.1) as the rules screen and
``kortpoeng game show`` say them: what a pile scores, the ties, the
partnerships, the end; never the words of a game where cards are left in
hand (a new user found "Count the cards each player is left holding" and
"When nobody goes out" there)."""

from __future__ import annotations

import dataclasses

from app.game_text import rules_in_words
from app.i18n import use_language
from scoring import builtin_definition
from scoring.definition import Ties


def said(definition, lang: str) -> dict[str, str]:
    with use_language(lang):
        return dict(rules_in_words(definition))


def test_kasino_says_what_a_pile_scores_in_both_languages() -> None:
    kasino = builtin_definition("kasino")
    en = said(kasino, "en")
    assert en["What a pile scores"].splitlines() == [
        "The most cards: 3 points",
        "The most spades: 1 point",
        "A tie on a comparison scores nobody.",
        "10♦: 2 points",
        "2♠: 1 point",
        "Each ace: 1 point",
        "Each sweep: 1 point",
    ]
    assert "partnerships of 2" in en["Partnerships"]
    assert en["The end"].startswith("The session ends after the hand in which a total reaches 21")
    assert "Card values" not in en and "When nobody goes out" not in en
    nb = said(kasino, "nb")
    assert nb["Hva en bunke gir"].splitlines()[:2] == ["Flest kort: 3 poeng", "Flest spar: 1 poeng"]
    assert "Hvert ess: 1 poeng" in nb["Hva en bunke gir"]
    assert "Hver tabbe: 1 poeng" in nb["Hva en bunke gir"]


def test_a_variant_says_its_own_tie_rule() -> None:
    kasino = builtin_definition("kasino")
    each = dataclasses.replace(
        kasino, captures=dataclasses.replace(kasino.captures, ties=Ties.EACH)
    )
    assert "scores each of the tied players in full" in said(each, "en")["What a pile scores"]
