"""What a refused session file's value is said as (a new user's findings):
a pile's count of −1 is "no count", not "not a whole number"; a text "29"
is said quoted, so it is not read as the number 29; a true bid is "true" as
the file spells it, never Python's "True"."""

from __future__ import annotations

import json

import pytest

from app.i18n import use_language
from app.messages import describe_error
from scoring import CodedError, read_session, score_session


def kasino(cards) -> str:
    return json.dumps(
        {
            "format": "kortpoeng-session",
            "version": 3,
            "game": "kasino",
            "players": ["Kari", "Ola"],
            "hands": [
                {
                    "went_out": None,
                    "captured": {
                        "Kari": {"cards": cards, "S": 8, "named": ["10D"], "sweep": 0},
                        "Ola": {"cards": 23, "S": 5, "named": [], "sweep": 0},
                    },
                }
            ],
        }
    )


def plump(bid) -> str:
    return json.dumps(
        {
            "format": "kortpoeng-session",
            "version": 3,
            "game": "plump",
            "players": ["Kari", "Ola", "Per"],
            "hands": [
                {"went_out": None, "bids": {"Kari": bid, "Ola": 3, "Per": 2}, "made": ["Ola"]}
            ],
        }
    )


def said(text: str, lang: str = "en") -> str:
    with pytest.raises(CodedError) as refused:
        score_session(read_session(text))  # a count's range is scoring's to check
    with use_language(lang):
        return describe_error(refused.value)


def test_a_negative_count_is_no_count() -> None:
    assert said(kasino(-1)) == "Hand 1, Kari: -1 cards is not a count from 0 to 52"
    assert said(kasino(-1), "nb") == "Runde 1, Kari: -1 kort er ikke et antall fra 0 til 52"
    # a count too large for any deck is said with the deck's range, not "0 or more"
    assert said(kasino(10**30)) == (
        "Hand 1, Kari: 1000000000000000000000000000000 cards is not a count from 0 to 52"
    )
    assert said(kasino(1.5)).endswith("must be a whole number, not 1.5")


def test_text_is_quoted_and_true_is_spelled_as_the_file_spells_it() -> None:
    assert said(kasino("29")).endswith("must be a whole number, not “29”")
    assert said(plump("3")) == "Hand 1, Kari: bid must be a whole number, not “3”"
    assert said(plump("3"), "nb") == "Runde 1, Kari: bud må være et helt tall, ikke «3»"
    assert said(plump(True)) == "Hand 1, Kari: bid must be a whole number, not true"


def test_cards_left_in_a_plump_hand_are_named_as_such() -> None:
    """A Plump hand with ``left`` said "Hand 1: : “left” is not a sum of
    whole numbers" (a double colon, and the wrong reason)."""
    from scoring import Hand, game_for, parse_cards
    from scoring.codes import ErrorCode

    game = game_for("plump")
    rules = game.bind(game.default_options(), ("Kari", "Ola", "Per"))
    hand = Hand(
        None,
        {"Kari": parse_cards(["K"])},
        bids={"Kari": 2, "Ola": 3, "Per": 2},
        made=("Ola",),
    )
    with pytest.raises(CodedError) as refused:
        rules.score_hand(hand)
    assert refused.value.code is ErrorCode.LEFT_NOT_ALLOWED
    with use_language("en"):
        assert describe_error(refused.value.at_hand(1)) == (
            "Hand 1: This game counts no cards left in hand: a hand has the bids and who made them"
        )
