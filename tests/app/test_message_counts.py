"""Every count in every message goes through ``ngettext`` (issue 11, item 14):
each sentence the one describer makes is rendered with 1 and with 2 in both
languages, and no "1 cards" (or "2 card", "1 ganger") comes out; and no
message in the catalogs puts a number before a counted noun without a plural
form."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from app.i18n import use_language
from app.messages import (
    BREAKDOWN_CODES,
    ERROR_CODES,
    WARNING_CODES,
    describe_breakdown,
    describe_error,
    describe_warning,
)
from scoring import BreakdownItem, CodedError, ScoreWarning

POT = Path(__file__).resolve().parents[2] / "locales" / "messages.pot"

#: Every param a describer reads as a count or a limit.
COUNT_PARAMS = ("count", "maximum", "minimum", "limit", "matches", "position", "finished_after")

#: Nouns whose form follows the count. English singular → plural; Norwegian
#: (bokmål) only those whose plural differs (kort, tegn, poeng, byte do not).
NOUNS = {
    "en": {
        "card": "cards",
        "character": "characters",
        "entry": "entries",
        "byte": "bytes",
        "player": "players",
        "point": "points",
        "hand": "hands",
        "round": "rounds",
        "time": "times",
        "deck": "decks",
        "run": "runs",
        "pair": "pairs",
        "session": "sessions",
    },
    "nb": {
        "spiller": "spillere",
        "runde": "runder",
        "gang": "ganger",
        "kortstokk": "kortstokker",
        "oppføring": "oppføringer",
        "sekvens": "sekvenser",
        "parti": "partier",
    },
}


def wrong_forms(text: str, language: str, n: int) -> list[str]:
    """The places where ``text`` has "1 <plural>" or "2 <singular>"."""
    nouns = NOUNS[language]
    words = nouns.values() if n == 1 else nouns.keys()
    return re.findall(rf"\b{n}\s+(?:{'|'.join(words)})\b", text)


class Counted(CodedError):
    """An error of any ``code`` with every count param set to ``n``."""

    def __init__(self, code, n: int) -> None:
        super().__init__(str(code))
        self.code = code
        self.params = {key: n for key in COUNT_PARAMS} | {"cards": ["5H", "6H"], "value": "x"}
        self.hand = None
        self.player = "Kari"
        self.field = "left"
        self.card = "7H"


@pytest.mark.parametrize("language", ["en", "nb"])
@pytest.mark.parametrize("n", [1, 2])
def test_every_error_warning_and_breakdown_counts_in_both_languages(language, n) -> None:
    said: list[str] = []
    with use_language(language):
        for code in ERROR_CODES:
            said.append(describe_error(Counted(code, n)))
        for code in WARNING_CODES:
            said.append(
                describe_warning(ScoreWarning(code, card="7", player="Kari", count=n, expected=n))
            )
        for code in BREAKDOWN_CODES:
            item = BreakdownItem(code, n, count=n, value=n, player="Bo", players=("Bo", "Kari"))
            said.append(describe_breakdown(item))
    wrong = {
        text: wrong_forms(text, language, n) for text in said if wrong_forms(text, language, n)
    }
    assert not wrong, wrong


def test_the_reported_sentence_is_singular_now() -> None:
    warning = ScoreWarning("hand_size", player="Bjørn", count=1, expected=12)
    with use_language("en"):
        assert describe_warning(warning) == "Bjørn has 1 card in runs and hand, not 12"
    with use_language("nb"):
        text = describe_warning(ScoreWarning("rank_count", card="7", count=5, expected=4))
        assert "5 ganger" in text
        text = describe_warning(ScoreWarning("card_count", card="7H", count=1, expected=1))
        assert "1 gang," in text and "1 kortstokk " in text


def test_no_message_counts_without_a_plural_form() -> None:
    """A number placeholder right before a counted noun is only allowed in a
    message with a plural form (``ngettext``)."""
    with POT.open("rb") as handle:
        catalog = read_po(handle)
    nouns = "|".join([*NOUNS["en"], *NOUNS["en"].values()])
    bare = [
        message.id
        for message in catalog
        if message.id
        and not message.pluralizable
        # (a range such as "{low}–{high} players" is plural whatever the numbers)
        and re.search(rf"(?<!–)\{{\w+\}}\s+(?:{nouns})\b", message.id)
    ]
    assert not bare, bare
