"""Every refusal of a hand's field in a session file (SESSION_FORMAT.md,
versions 1 to 3) is a plain sentence in the user's language: it names the
hand, the player and the field in words ("Hand 1, Kari: named card 1 must be
…"), never the file's path ("hands[1].captured.Kari.named[1]"), and a
Norwegian one has no English words and quotes with «»."""

from __future__ import annotations

import copy
import json
import re
from typing import Any

import pytest

from app.i18n import use_language
from app.messages import describe_error
from scoring import CodedError, read_session, score_session

# A good file of each kind of hand: (version, game, players, hand).
_RUMMY = (1, "rummy", ["Kari", "Ola"], {"went_out": "Kari", "left": {"Ola": ["7H", "KS"]}})
_FOUR_SUIT = (
    1,
    "four_suit_rummy",
    ["Kari", "Ola"],
    {
        "went_out": "Kari",
        "runs": {"Kari": [{"cards": ["5H", "6H", "7H"]}]},
        "left": {"Ola": ["7S"]},
    },
)
_HEARTS = (2, "hearts", ["Kari", "Ola", "Per"], {"went_out": None, "flags": {"moon": "Kari"}})
_KASINO = (
    3,
    "kasino",
    ["Kari", "Ola"],
    {
        "went_out": None,
        "captured": {
            "Kari": {"cards": 29, "S": 8, "named": ["10D"], "sweep": 0},
            "Ola": {"cards": 23, "S": 5, "named": [], "sweep": 0},
        },
    },
)
_PLUMP = (
    3,
    "plump",
    ["Kari", "Ola", "Per"],
    {"went_out": None, "bids": {"Kari": 2, "Ola": 3, "Per": 2}, "made": ["Ola"]},
)
_PLUMP_TRICKS = (
    3,
    "plump",
    ["Kari", "Ola", "Per"],
    {"went_out": None, "bids": {"Kari": 2, "Ola": 3, "Per": 2}, "tricks": {"Kari": 2}},
)
_PHASE_10 = (3, "phase_10", ["Kari", "Ola"], {"went_out": "Kari", "completed": ["Kari"]})
_FIVE_CROWNS = (3, "five_crowns", ["Kari", "Ola", "Per"], {"went_out": "Kari", "also_out": []})


def _set(hand: dict[str, Any], where: str, value: Any) -> None:
    """Put ``value`` at ``where`` (``captured.Kari.named``; ``-`` deletes)."""
    *parents, last = where.split("/")
    for part in parents:
        hand = hand[int(part)] if isinstance(hand, list) else hand[part]
    if value == "-":
        del hand[last]
    elif isinstance(hand, list):
        hand[int(last)] = value
    else:
        hand[last] = value


# Every hand field with a bad value: (good file, where, bad value).
CASES = [
    (_RUMMY, "went_out", 5),
    (_RUMMY, "went_out", "-"),
    (_RUMMY, "left", "Ola"),
    (_RUMMY, "left/Ola", True),
    (_RUMMY, "left/Ola", [5]),
    (_RUMMY, "left", {"Ola": ["7H"], "ola": ["KS"]}),  # one player twice
    (_RUMMY, "rummy", "yes"),
    (_RUMMY, "note", 5),
    (_RUMMY, "played_at", "yesterday"),
    (_FOUR_SUIT, "runs", []),
    (_FOUR_SUIT, "runs/Kari", "5H"),
    (_FOUR_SUIT, "runs/Kari/0", 5),
    (_FOUR_SUIT, "runs/Kari/0/cards", "-"),
    (_FOUR_SUIT, "runs/Kari/0/cards", "5H"),
    (_FOUR_SUIT, "runs/Kari/0/ace_as", 5),
    (_HEARTS, "flags", ["moon"]),
    (_HEARTS, "flags", {"": "Kari"}),
    (_KASINO, "captured", "Kari"),
    (_KASINO, "captured/Kari", []),
    (_KASINO, "captured/Kari/cards", "29"),
    (_KASINO, "captured/Kari/cards", 10**30),
    (_KASINO, "captured/Kari/cards", -3),
    (_KASINO, "captured/Kari/S", 2.5),
    (_KASINO, "captured/Kari/S", 14),
    (_KASINO, "captured/Kari/named", "10D"),
    (_KASINO, "captured/Kari/named", ["ZZ"]),
    (_KASINO, "captured/Kari/named", ["10"]),
    (_KASINO, "captured/Kari/sweep", "many"),
    (_PLUMP, "bids", [2, 3, 2]),
    (_PLUMP, "bids/Kari", "2"),
    (_PLUMP, "bids", {"Kari": 2, "KARI": 3, "Per": 2}),
    (_PLUMP_TRICKS, "tricks/Kari", True),
    (_PLUMP, "made", "Ola"),
    (_PLUMP_TRICKS, "made", ["Ola"]),  # made and tricks both: one says the other
    (_PHASE_10, "completed", "Kari"),
    (_FIVE_CROWNS, "also_out", "Ola"),
]

# The file's own words: none may appear in a sentence (in English either).
_FILE_TOKENS = re.compile(
    r"hands|went_out|also_out|played_at|ace_as|\.named|captured\.|bids\.|tricks\.|\.Kari|Kari\."
)
# English words a Norwegian sentence about these fields would show if a path
# or an English phrase leaked into it.
_ENGLISH = ("must", "not", "missing", "list", "cards", "whole", "went", "captured", "named")
_ENGLISH += ("bid", "tricks", "made", "completed", "flag", "left", "sweep", "SPACE", "Hand")
_ENGLISH_WORD = re.compile(r"\b(?:" + "|".join(_ENGLISH) + r")\b")


def _refusal(case: tuple[Any, str, Any], lang: str) -> str:
    (version, game, players, hand), where, value = case
    bad = copy.deepcopy(hand)
    _set(bad, where, value)
    text = json.dumps(
        {
            "format": "kortpoeng-session",
            "version": version,
            "game": game,
            "players": players,
            "hands": [bad],
        }
    )
    with pytest.raises(CodedError) as refused:
        score_session(read_session(text))  # a count's range is scoring's to check
    with use_language(lang):
        return describe_error(refused.value)


@pytest.mark.parametrize("case", CASES, ids=[f"{c[0][1]}:{c[1]}={c[2]!r}"[:60] for c in CASES])
def test_a_bad_hand_field_is_said_in_words(case: tuple[Any, str, Any]) -> None:
    for lang, hand_word in (("en", "Hand 1"), ("nb", "Runde 1")):
        said = _refusal(case, lang)
        assert said.startswith(hand_word), said
        assert not re.search(r"\[\d+\]", said), said
        assert not _FILE_TOKENS.search(said), said
        if lang == "nb":
            assert not _ENGLISH_WORD.search(said), said
            assert "“" not in said and "”" not in said, said


def test_the_findings_are_said_as_sentences() -> None:
    """The new user's file (try30, items 2 and 10): a card not a card, a
    count out of range, a word for a number, who went out missing."""
    named = (_KASINO, "captured/Kari/named", ["ZZ"])
    assert _refusal(named, "nb") == (
        "Runde 1, Kari: navngitt kort 1 må være et kort med farge (10♦, A♠), ikke «ZZ»"
    )
    assert _refusal(named, "en") == (
        "Hand 1, Kari: named card 1 must be a card with its suit (10♦, A♠), not “ZZ”"
    )
    huge = (_KASINO, "captured/Kari/cards", 10**30)
    assert _refusal(huge, "nb") == (
        "Runde 1, Kari: 1000000000000000000000000000000 kort er ikke et antall fra 0 til 52"
    )
    sweep = (_KASINO, "captured/Kari/sweep", "many")
    assert _refusal(sweep, "nb") == "Runde 1, Kari: tabber må være et helt tall, ikke «many»"
    assert _refusal((_RUMMY, "went_out", "-"), "nb") == "Runde 1: hvem som gikk ut mangler"
    assert _refusal((_RUMMY, "left/Ola", True), "en") == (
        "Hand 1, Ola: cards left in hand must be a list of cards or a whole number, not true"
    )
    assert _refusal((_PLUMP_TRICKS, "made", ["Ola"]), "nb") == (
        "Runde 1: klare bud og stikk tatt sier det samme: oppgi bare ett av dem"
    )
    assert _refusal((_PLUMP, "bids/Kari", "2"), "nb") == (
        "Runde 1, Kari: bud må være et helt tall, ikke «2»"
    )


def test_an_invisible_character_is_named_by_its_code_point_only() -> None:
    text = json.dumps(
        {
            "format": "kortpoeng-session",
            "version": 1,
            "game": "rummy",
            "players": ["O\u200bla", "Kari"],
            "hands": [],
        }
    )
    with pytest.raises(CodedError) as refused:
        read_session(text)
    with use_language("nb"):
        said = describe_error(refused.value)
    assert said == (
        "Navnet «O\u200bla» har et usynlig tegn (U+200B): "
        "ta det bort, ellers ligner navnet et annet"
    )
