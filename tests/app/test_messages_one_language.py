"""Every message in one language (issue 28): a game definition's field paths
in the active language's words, enum values and a file's tokens quoted as
tokens (never read as words of the sentence), a refused value shown as a
number or by its kind, and each reported mixed sentence fixed:
"Kort tatt inn › hendelse 1 › most", "zero_bid må være five eller ten",
"27 sweep", "ikke a huge number", "Schedule › Number of rounds"."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from app.i18n import use_language
from app.messages import ERROR_CODES, describe_error
from app.messages.fields import definition_field
from scoring import (
    BUILTIN_GAME_IDS,
    CodedError,
    GameDefinitionError,
    Hand,
    HandError,
    OptionError,
    Pile,
    builtin_definition,
    game_for,
)
from scoring.definition import read_definition, write_definition


def _paths(value: Any, path: str = "") -> Iterator[str]:
    """Every path in a decoded definition (GAME_FORMAT.md "Errors": lists
    count from 1), each list's own path too."""
    if isinstance(value, dict):
        for key, item in value.items():
            inner = f"{path}.{key}" if path else key
            yield inner
            yield from _paths(item, inner)
    elif isinstance(value, list):
        for i, item in enumerate(value, 1):
            inner = f"{path}[{i}]"
            yield inner
            yield from _paths(item, inner)


def _all_paths() -> list[str]:
    found: dict[str, None] = {}
    for game in sorted(BUILTIN_GAME_IDS):
        definition = builtin_definition(game)
        if definition is None:
            continue
        found |= dict.fromkeys(_paths(json.loads(write_definition(definition))))
    return [p for p in found if not p.endswith(("]", ".nb", ".en")) or p.endswith("]")]


#: Segments that are a definition's own ids (an option's points and flags
#: name keys, comparisons and flags by their ids): shown as written.
_OWN_IDS = re.compile(r"\.set\.(?:points|flags)\.[^.]+$")
#: Words that are the same in both languages.
_SAME = {"Id", "id", "Format", "bonus", "Joker"}


def _segments(path: str) -> list[str]:
    return path.split(".")


@pytest.mark.parametrize("path", _all_paths())
def test_every_field_path_of_the_built_in_games_is_in_words_in_both_languages(path: str):
    with use_language("en"):
        english = definition_field(path).split(" › ")
    with use_language("nb"):
        norwegian = definition_field(path).split(" › ")
    segments = _segments(path)
    assert len(english) == len(segments) == len(norwegian), (english, norwegian)
    own = bool(_OWN_IDS.search(path))
    for index, (segment, en, nb) in enumerate(zip(segments, english, norwegian, strict=True)):
        if own and index == len(segments) - 1:
            continue  # an id the definition gave
        name = segment.split("[")[0]
        if name in ("S", "H", "D", "C") and "suits" in segments[index - 1]:
            continue  # a suit by its letter: its name (tested with the suits)
        assert "_" not in en and "_" not in nb, (path, en, nb)
        assert nb != name or nb in _SAME, (path, nb)
        assert nb != en or nb in _SAME or en.isdigit(), (path, en, nb)


#: English words that give away an English sentence (not Norwegian words too).
_ENGLISH = re.compile(
    r"\b(?:the|must|not|is|are|and|or|of|cannot|with|from|only|but|when|this|game|"
    r"card|cards|player|players|round|rounds|hand|a|an|huge|number|most|sweep|"
    r"five|ten|list|object)\b"
)
#: A token quoted as a file's token in Norwegian quotation marks.
_QUOTED = re.compile(r"«[^»]*»")


def _not_english(text: str) -> list[str]:
    return _ENGLISH.findall(_QUOTED.sub("", text))


def test_the_reported_field_paths_say_their_words():
    with use_language("nb"):
        assert definition_field("captures.events[1].most") == (
            "Kort tatt inn › hendelse 1 › største antall"
        )
        assert definition_field("schedule.rounds") == "Rundeplan › runder"
        assert definition_field("options[2].choices") == "Valg 2 › valg"
    with use_language("en"):
        assert definition_field("captures.events[1].most") == (
            "Captured cards › event 1 › largest count"
        )
        assert definition_field("schedule.rounds") == "Schedule › rounds"
        assert definition_field("keys") == "Keys"


def _refused(data: dict) -> GameDefinitionError:
    with pytest.raises(GameDefinitionError) as caught:
        read_definition(json.dumps(data))
    return caught.value


def _doc(game: str) -> dict:
    return json.loads(write_definition(builtin_definition(game)))


def test_a_huge_number_is_a_number_in_both_languages():
    error = _refused({**_doc("rummy"), "target": 10**30})
    with use_language("nb"):
        said = describe_error(error)
    assert said.endswith("ikke 1000000000000000000000000000000"), said
    assert not _not_english(said), said


def test_a_list_where_a_number_belongs_is_named_by_its_kind():
    error = _refused({**_doc("rummy"), "target": [1]})
    with use_language("nb"):
        said = describe_error(error)
    assert "en liste" in said and not _not_english(said), said


def test_an_enum_value_is_quoted_as_the_file_s_token():
    error = _refused({**_doc("rummy"), "went_out": "sometimes"})
    with use_language("nb"):
        said = describe_error(error)
    assert said == (
        "Når noen går ut må være en av «collects», «own» eller «never», ikke «sometimes»"
    ), said
    with use_language("en"):
        assert describe_error(error) == (
            "When someone goes out must be one of “collects”, “own” or “never”, not “sometimes”"
        )


def test_too_many_rounds_name_the_schedule_s_rounds():
    data = _doc("five_crowns")
    data["schedule"]["rounds"] = data["schedule"]["rounds"] * 10
    error = _refused(data)
    with use_language("en"):
        assert describe_error(error) == "Schedule › rounds may have at most 100 entries"
    with use_language("nb"):
        said = describe_error(error)
    assert said.startswith("Rundeplan › runder "), said
    assert not _not_english(said), said


def test_plump_s_zero_bid_option_is_named_in_the_game_s_words():
    """A session file's Plump option ``zero_bid: seven``: the option and its
    choices by their names, the refused value quoted (before: "zero_bid må
    være five eller ten, ikke seven")."""
    game = game_for("plump")
    with pytest.raises(OptionError) as caught:
        game.options_from_dict({"zero_bid": "seven"})
    with use_language("nb"):
        said = describe_error(caught.value)
    assert "zero_bid" not in said and "five" not in said and "ten" not in said, said
    assert said.endswith("ikke «seven»") or said.endswith("ikke “seven”"), said
    with use_language("en"):
        english = describe_error(caught.value)
    assert "zero_bid" not in english and english != said, english


def test_a_sweep_count_out_of_range_is_named_by_the_game():
    """Kasino, 27 sweeps (at most 26): the event by its name (before: "27
    sweep er ikke et antall")."""
    game = game_for("kasino")
    players = ("Kari", "Ola")
    hand = Hand(None, captured={"Kari": Pile(cards=30, events={"sweep": 27}), "Ola": Pile(22)})
    with pytest.raises(HandError) as caught:
        game.score_hand(game.default_options(), players, hand, 1)
    with use_language("nb"):
        said = describe_error(caught.value)
    assert said == "Kari: Tabbe: 27 er ikke et antall fra 0 til 26", said
    with use_language("en"):
        assert describe_error(caught.value) == "Kari: Sweep: 27 is not a count from 0 to 26"


class _Sample(CodedError):
    """An error of any ``code`` with a definition's field and word-like values."""

    def __init__(self, code: Any) -> None:
        super().__init__(str(code))
        self.code = code
        self.params = {
            "value": "sometimes",
            "choices": ["collects", "own", "never"],
            "expected": "whole_number",
            "maximum": 2,
            "minimum": 2,
            "count": 2,
            "what": "sweep",
            "reason": "unknown",
        }
        self.hand = None
        self.player = "Kari"
        self.field = "captures.events[1].most"
        self.card = "7H"


def test_no_definition_message_leaks_an_english_word_in_norwegian():
    """Every game definition error's sentence in Norwegian, with a field path
    and word-like values: no English word outside a quoted token."""
    leaks = {}
    with use_language("nb"):
        for code in sorted(ERROR_CODES):
            if not str(code).startswith("definition_"):
                continue
            said = describe_error(_Sample(code))
            if _not_english(said):
                leaks[str(code)] = said
    assert not leaks, leaks
