"""A definition whose parts cannot be played together says why
(``definition_conflict``, GAME_FORMAT.md "Errors"; issue 28): each reason in
its own sentence in both languages, naming the fields and the figures.
Before, every one read "… cannot be played together with the rest of the
game" / "… kan ikke spilles sammen med resten av spillet"."""

from __future__ import annotations

import json

import pytest

from app.i18n import use_language
from app.messages import describe_error
from scoring import GameDefinitionError, builtin_definition
from scoring.definition import read_definition, write_definition


def _doc(game: str, **changes) -> dict:
    data = json.loads(write_definition(builtin_definition(game)))
    data.update(changes)
    return data


def _plump_repeat_twice() -> dict:
    data = _doc("plump")
    data["schedule"]["rounds"][0]["repeat"] = "per_player"
    return data


def _phase_10_nobody_out() -> dict:
    data = _doc("phase_10", blocked="own")
    data["options"] = [
        {
            "id": "tricks",
            "kind": "switch",
            "name": {"nb": "Stikk", "en": "Tricks"},
            "set": {"went_out": "never", "blocked": "own"},
        }
    ]
    return data


def _refused(data: dict) -> GameDefinitionError:
    with pytest.raises(GameDefinitionError) as caught:
        read_definition(json.dumps(data))
    assert caught.value.code == "definition_conflict"
    return caught.value


CASES = {
    "schedule_cards": _doc("plump", players={"min": 2, "max": 6}),
    "teams_players": _doc("kasino", teams={"size": 3}),
    "no_hand_end": _doc("rummy", went_out="never", blocked="never"),
    "no_joker_key": _doc("rummy", jokers_per_deck=1),
    "schedule_end": _doc("five_crowns", end="target", target=100),
    "progress_end": _doc("phase_10", end="target", target=100),
    "dealt_schedule": _doc("five_crowns", cards_dealt=3),
    "repeat_twice": _plump_repeat_twice(),
    "nobody_goes_out": _phase_10_nobody_out(),
}


def test_six_plump_players_say_the_cards_dealt_and_in_play():
    error = _refused(CASES["schedule_cards"])
    with use_language("en"):
        assert describe_error(error) == (
            "Schedule › round 1 › cards dealt: 6 players (Players › most) × 10 cards = 60 "
            "cards, more than the decks in play hold (52)"
        )
    with use_language("nb"):
        assert describe_error(error) == (
            "Rundeplan › runde 1 › kort delt ut: 6 spillere (Spillere › flest) × 10 kort = 60 "
            "kort, flere enn kortstokkene i spill har (52)"
        )


def test_a_team_of_3_with_2_to_4_players_says_it_makes_no_two_teams():
    error = _refused(CASES["teams_players"])
    with use_language("en"):
        assert describe_error(error) == (
            "Partnerships › players per team: teams of 3 with 2–4 players (Players) never "
            "make two teams or more"
        )
    with use_language("nb"):
        assert describe_error(error) == (
            "Makkerpar › spillere per lag: lag på 3 med 2–4 spillere (Spillere) blir "
            "aldri to lag eller flere"
        )
    always = _refused(
        _doc("kasino", teams={"size": 2, "always": True}, players={"min": 3, "max": 4})
    )
    with use_language("en"):
        assert describe_error(always) == (
            "Partnerships › players per team: every session plays in teams of 2, but 3 players "
            "(Players) do not make two teams or more of 2"
        )


@pytest.mark.parametrize("reason", sorted(CASES))
@pytest.mark.parametrize("lang", ["en", "nb"])
def test_every_reason_has_a_sentence_of_its_own(reason: str, lang: str):
    error = _refused(CASES[reason])
    assert error.params["reason"] == reason
    with use_language(lang):
        said = describe_error(error)
    generic = {
        "en": "cannot be played together with the rest of the game",
        "nb": "kan ikke spilles sammen med resten av spillet",
    }[lang]
    assert generic not in said and "_" not in said, said
