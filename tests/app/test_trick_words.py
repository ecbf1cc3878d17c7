"""Hearts and every game of tricks say "taken", in the game's own word
(a definition's ``counted``), never "left" or "in cards" (issue 25, item 13):
the hand entry's points line, the score's explanation, the warning for a hand
with nothing entered, the session sheet's legend, the rules and the exports."""

from __future__ import annotations

import re
from types import SimpleNamespace

import flet as ft
import pytest

from app.game_text import rules_text
from app.i18n import use_language
from app.messages import describe_total, describe_warning
from app.reports.exports import to_csv, to_markdown, to_text
from app.reports.summary import build_summary
from app.ui.hand_entry.player_panel import held_text
from app.ui.session import sheet_legend
from scoring import (
    Hand,
    ScoreWarning,
    WarningCode,
    game_for,
    parse_cards,
    read_session,
    score_session,
)

PLAYERS = ("Ingrid", "Åse", "Per")
#: Words of a game that counts the cards left in hand.
LEFT = {
    "en": re.compile(r"\b(left|in cards|holds?|holding|leftover)\b", re.IGNORECASE),
    "nb": re.compile(r"\b(igjen|på hånden|i kort|på hånda|sitter med|holder)\b", re.IGNORECASE),
}
TAKEN = {"en": "taken", "nb": "stikk"}


def hearts_session():
    return read_session(
        {
            "format": "kortpoeng-session",
            "version": 2,
            "game": "hearts",
            "options": {},
            "players": list(PLAYERS),
            "started_at": "2026-02-12T18:00:00+01:00",
            "hands": [
                {"went_out": None, "left": {"Ingrid": ["QS", "2H"], "Åse": ["5H"], "Per": []}},
                {"went_out": None, "left": {}, "flags": {"moon": "Per"}},
            ],
        }
    )


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_the_hand_entry_says_taken_in_a_game_of_tricks(lang):
    with use_language(lang):
        taken, held = held_text("tricks", 14), held_text("leftover", 18)
    assert TAKEN[lang] in taken and not LEFT[lang].search(taken), taken
    assert held != taken.replace("14", "18")
    assert (held_text("tricks", 0) if lang == "en" else "") in ("0 taken", "")


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_hearts_explains_each_players_points_as_cards_taken(lang):
    hearts = game_for("hearts")
    hand = Hand(None, {"Ingrid": parse_cards(["QS", "2H"]), "Åse": parse_cards(["5H"])})
    score = hearts.score_hand(hearts.default_options(), list(PLAYERS), hand)
    with use_language(lang):
        line = describe_total(score.breakdown["Ingrid"], score.points["Ingrid"])
        nothing = describe_warning(ScoreWarning(WarningCode.NO_CARDS))
    assert TAKEN[lang] in line or "tatt" in line, line
    assert not LEFT[lang].search(line), line
    assert not LEFT[lang].search(nothing), nothing
    if lang == "en":
        assert line == "14 penalty points for cards taken (total 14)"
        assert nothing == "No cards or points were entered for this hand"


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_the_sheet_of_a_game_of_tricks_explains_no_star(lang):
    tricks = SimpleNamespace(hands=(), rules=SimpleNamespace(can_go_out=False))
    rummy = SimpleNamespace(hands=(), rules=SimpleNamespace(can_go_out=True))

    def texts(view) -> list[str]:
        with use_language(lang):
            legend = sheet_legend(view, True)
        found, stack = [], [legend]
        while stack:
            control = stack.pop()
            if isinstance(control, ft.Text):
                found.append(control.value)
            if isinstance(control, ft.Icon):
                found.append(f"icon:{getattr(control.icon, 'name', control.icon)}")
            for name in ("content", "controls"):
                inner = getattr(control, name, None)
                stack += inner if isinstance(inner, list) else [inner] if inner else []
        return found

    assert any("STAR" in t for t in texts(rummy))
    assert not any("STAR" in t for t in texts(tricks))
    with use_language(lang):
        went_out = "went out" if lang == "en" else "gikk ut"
    assert not any(went_out in t for t in texts(tricks)), texts(tricks)


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_the_rules_and_every_text_export_of_hearts_never_say_left(lang):
    doc = hearts_session()
    result = score_session(doc)
    with use_language(lang):
        rules = "\n".join(text for _heading, text in rules_text(game_for("hearts")))
        summary = build_summary(doc, result)
    exports = [to_text(doc, lang=lang), to_markdown(doc, lang=lang), to_csv(doc, lang=lang)]
    for text in (rules, *exports, *summary.notes, summary.rules, summary.options or ""):
        assert not LEFT[lang].search(text), text
    assert "26" in exports[0]  # the moon: the others 26 each
