"""The game editor's live preview of a captured game and of a bids game
(issue 28: every kind "expressible in the in-app editor with its live
preview"): the plain-Python model (app.ui.state.game_preview) with RULES.md's
figures — Kasino's example deal is §5.2's example 1 (10 and 4), the Swedish
table of §5.4 gives 9 and 4, Plump's made bids 5, 13 and 110 and a missed
one 0 — following each change typed in the editor; then the preview cards
drawn in both languages."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import flet as ft
import pytest

from app.i18n import use_language
from app.ui.game_editor.preview_parts import bids_preview_card, captures_preview_card
from app.ui.state.game_draft import GameDraft
from app.ui.state.game_preview import bids_preview, captures_preview, preview_seats
from scoring import Pile, builtin_definition

PAIR = ("Kari", "Ola")


def _copy(game_id: str) -> GameDraft:
    return GameDraft.copy_of(builtin_definition(game_id), names=("Kopi", "Copy"), game_id="copy")


def _texts(control: Any) -> Iterator[str]:
    if isinstance(control, ft.Text) and control.value:
        yield str(control.value)
    for name in ("content", "controls"):
        inner = getattr(control, name, None)
        for child in inner if isinstance(inner, list) else [inner]:
            if isinstance(child, ft.Control):
                yield from _texts(child)


def test_kasinos_example_deal_is_example_1_of_section_5_2():
    preview = captures_preview(builtin_definition("kasino"), PAIR)
    assert preview.piles == {
        "Kari": Pile(29, {"S": 8}, ("10D", "AS", "AH"), {"sweep": 2}),
        "Ola": Pile(23, {"S": 5}, ("2S", "AD", "AC"), {"sweep": 1}),
    }
    assert preview.score.points == {"Kari": 10, "Ola": 4}


def test_the_preview_follows_the_captures_typed():
    draft = _copy("kasino")
    draft.set(("captures", "most", 0, "points"), "1")  # the Swedish table (§5.4)
    draft.set(("captures", "most", 1, "points"), "2")
    assert captures_preview(draft.definition(), PAIR).score.points == {"Kari": 9, "Ola": 4}
    draft.add(("captures", "most"))  # most hearts, 1: 8 against 5
    assert captures_preview(draft.definition(), PAIR).score.points == {"Kari": 10, "Ola": 4}
    draft.set(("captures", "ties"), "each")
    draft.set(("captures", "named", 0, "card"), "KD")  # K♦ named instead of 10♦
    preview = captures_preview(draft.definition(), PAIR)
    assert preview.piles["Kari"].named[0] == "KD"
    assert preview.score.points == {"Kari": 10, "Ola": 4}


def test_a_game_always_in_teams_deals_the_example_to_two_teams():
    draft = _copy("kasino")
    draft.set(("teams", "always"), True)
    draft.set(("players", "min"), "4")
    definition = draft.definition()
    assert preview_seats(definition) == 4
    preview = captures_preview(definition, ("Kari", "Ola", "Per", "Liv"))
    # Kari & Per against Ola & Liv: each partner scores the team's points
    assert preview.score.points == {"Kari": 10, "Ola": 4, "Per": 10, "Liv": 4}


def test_plumps_made_and_missed_bids():
    preview = bids_preview(builtin_definition("plump"))
    assert (preview.cards, preview.made, preview.missed) == (
        10,
        ((0, 5), (3, 13), (10, 110)),
        ((3, 1, 0),),
    )


def test_the_bids_preview_follows_the_bids_typed():
    draft = _copy("plump")
    draft.set(("bids", "zero"), "10")
    assert bids_preview(draft.definition()).made[0] == (0, 10)
    # Wizard's way: 20 + 10 a trick bid, −10 a trick off (zero as the kind says)
    draft.set(("bids", "zero"), "")
    draft.set(("bids", "made", "kind"), "plus")
    draft.set(("bids", "made", "base"), "20")
    draft.set(("bids", "made", "per_bid"), "10")
    draft.set(("bids", "missed", "kind"), "per_off")
    draft.set(("bids", "missed", "per_off"), "-10")
    preview = bids_preview(draft.definition())
    assert preview.made == ((0, 20), (3, 50), (10, 120))
    assert preview.missed == ((3, 1, -20),)


@pytest.mark.parametrize(
    ("language", "pile", "points"),
    [
        (
            "en",
            "Player 1 captured: 29 cards, 8 ♠, 10♦ A♠ A♥, Sweep 2",
            "Player 2: 4 — +1 for 2 of spades;",
        ),
        (
            "nb",
            "Spiller 1 tok inn: 29 kort, 8 ♠, 10♦ E♠ E♥, Tabbe 2",
            "Spiller 2: 4 — +1 for spar 2;",
        ),
    ],
)
def test_the_captures_preview_card_in_both_languages(language, pile, points):
    with use_language(language):
        said = list(_texts(captures_preview_card(_copy("kasino"))))
    assert pile in said
    assert any(line.startswith(points) for line in said), said


@pytest.mark.parametrize(
    ("language", "lines"),
    [
        (
            "en",
            [
                "A made bid of 0 scores 5 points",
                "A made bid of 10 scores 110 points",
                "A missed bid of 3 (tricks taken: 1) scores 0 points",
            ],
        ),
        (
            "nb",
            [
                "Et klart bud på 0 gir 5 poeng",
                "Et klart bud på 10 gir 110 poeng",
                "Et bommet bud på 3 (stikk tatt: 1) gir 0 poeng",
            ],
        ),
    ],
)
def test_the_bids_preview_card_in_both_languages(language, lines):
    with use_language(language):
        said = list(_texts(bids_preview_card(_copy("plump"))))
    for line in lines:
        assert line in said


def test_a_game_not_complete_waits():
    draft = _copy("kasino")
    draft.set(("captures", "most", 0, "points"), "x")
    with use_language("en"):
        said = list(_texts(captures_preview_card(draft)))
    assert "The preview waits for the game to be complete." in said
