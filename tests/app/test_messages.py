"""app.messages: every scoring code has a translated sentence naming hand, player and card."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import scoring
import scoring.errors
from app import messages
from app.game_link import LinkCode
from app.i18n import use_language
from app.messages import (
    DraftCode,
    DraftError,
    card_label,
    card_name,
    describe_breakdown,
    describe_error,
    describe_total,
    describe_warning,
    game_name,
    option_name,
    option_value_name,
    rank_label,
    rank_name,
    suit_name,
)
from models.errors import StorageCode
from scoring import (
    BreakdownCode,
    BreakdownItem,
    ErrorCode,
    Expected,
    Hand,
    Rank,
    Run,
    ScoreWarning,
    ScoringError,
    Suit,
    WarningCode,
    game_for,
    parse_card,
    parse_cards,
)

SCORING_DIR = Path(scoring.__file__).resolve().parent
SOURCE = "\n".join(path.read_text(encoding="utf-8") for path in sorted(SCORING_DIR.glob("*.py")))


def _codes(pattern: str) -> set[str]:
    return set(re.findall(pattern, SOURCE))


# -- every code the scoring package can produce is covered ---------------------


def test_every_code_has_words_and_every_words_entry_has_a_code() -> None:
    """Both ways: each code (scoring's, storage's, hand entry's) has a sentence,
    and each sentence belongs to a code that exists (no dead entries)."""
    codes = set(ErrorCode) | set(StorageCode) | set(DraftCode) | set(LinkCode)
    assert set(messages.ERROR_CODES) == codes
    assert set(messages.WARNING_CODES) == set(WarningCode)
    assert set(messages.BREAKDOWN_CODES) == set(BreakdownCode)
    assert set(messages.EXPECTED_NAMES) == set(Expected)
    assert set(scoring.errors._TEMPLATES) == set(ErrorCode)


def test_scoring_raises_only_coded_enum_members() -> None:
    """No raise site names a code as bare text: each is an enum member, so a
    typo cannot reach a user as an unknown code."""
    bare = _codes(r'(?:Error|_fail|ScoreWarning|BreakdownItem)\(\s*"([a-z_]+)"')
    assert bare == set()
    assert _codes(r"ErrorCode\.([A-Z_]+)")  # the raise sites were found
    with pytest.raises(ValueError):
        scoring.HandError("brand_new_code")


# -- each error code, in both languages ----------------------------------------

PARAMS = {
    "position": 2,
    "readings": [
        {"card": "KD", "notation": "English"},
        {"card": "QC", "notation": "Norwegian"},
    ],
    "value": 7,
    "cards": ["5H", "6H", "8H"],
    "count": 2,
    "choices": ["A", "4"],
    "ace_as": "9",
    "finished_after": 3,
    "game": "rummy",
    "expected": Expected.WHOLE_NUMBER,
    "minimum": 2,
    "maximum": 6,
    "detail": "Expecting value",
}


def _error(code: str) -> ScoringError:
    return scoring.HandError(
        code, hand=4, player="Kari", field="target", card="XX", params=dict(PARAMS)
    )


@pytest.mark.parametrize("code", sorted(ErrorCode))
def test_error_sentence_names_hand_and_player(code: str) -> None:
    texts = {}
    for lang in ("en", "nb"):
        with use_language(lang):
            texts[lang] = text = describe_error(_error(code))
        assert "{" not in text and "}" not in text, text
        assert "4" in text, text
        assert "Kari" in text, text
        assert code not in text, text
    assert texts["en"] != texts["nb"], texts


def _storage_errors() -> list:
    from models import errors

    return [
        errors.SessionNotFound(session=42),
        errors.AmbiguousSession(session="3f0c", matches=2),
        errors.HandNotFound(session=42, hand=7),
        errors.HandChanged(session=42, hand=7),
        errors.NextHandChanged(session=42, hand=7, next=8),
        errors.PlayerNotFound(player=42),
        errors.NameTaken(name="Kari"),
        errors.DuplicateSession(id="3f0c9a52", session=42, in_trash=False),
        errors.DuplicateSession(id="3f0c9a52", session=42, in_trash=True),
        errors.ImportTooLarge(limit=5_000_000, size=9_000_000),
        errors.ImportInvalid(detail="not UTF-8 text (byte 3)"),
        errors.WarningsNeedConfirmation([]),
        errors.SessionNotInTrash(session=42),
        errors.HandNotInTrash(id="H345"),
        errors.HandSessionInTrash(session=42, hand=3, id="H345"),
        errors.HandSessionEnded(session=42, hand=3, id="H345"),
        errors.HandNotPlaceable(session=42, hand=3, id="H345"),
        DraftError(DraftCode.WENT_OUT_MISSING),
        DraftError(DraftCode.RUN_PENDING, ace=False),
        DraftError(DraftCode.RUN_UNFINISHED, ace=True),
    ]


@pytest.mark.parametrize("error", _storage_errors(), ids=lambda e: str(e.code))
def test_storage_and_entry_errors_in_both_languages(error) -> None:
    texts = {}
    for lang in ("en", "nb"):
        with use_language(lang):
            texts[lang] = text = describe_error(error)
        assert text and "{" not in text and "}" not in text, text
        assert str(error.code) not in text, text
    assert texts["en"] != texts["nb"], texts


@pytest.mark.parametrize("code", ["card_unknown", "card_ambiguous", "card_not_text"])
def test_card_errors_name_the_card(code: str) -> None:
    with use_language("nb"):
        assert "XX" in describe_error(_error(code))


def test_real_errors_from_scoring() -> None:
    game = game_for("swedish_rummy")
    players = ["Kari", "Ola"]
    with pytest.raises(ScoringError) as caught:
        game.score_hand(game.default_options(), players, Hand("Kari", {"Kari": parse_cards(["7"])}))
    with use_language("nb"):
        assert describe_error(caught.value) == "Kari gikk ut, men har fortsatt kort på hånden"
    with use_language("en"):
        assert describe_error(caught.value.at_hand(5)) == (
            "Hand 5: Kari went out but still holds cards"
        )

    with pytest.raises(ScoringError) as caught:
        parse_card("K D", 3)
    with use_language("nb"):
        text = describe_error(caught.value)
    assert "«K D»" in text and "ruter konge" in text and "kløver dame" in text

    with pytest.raises(ScoringError) as caught:
        game_for("four_suit_rummy").check_players(["Kari", "Ola", "Per"])
    with use_language("en"):
        assert describe_error(caught.value) == "Four Suit Rummy is for exactly 2 players, not 3"

    with pytest.raises(ScoringError) as caught:
        game.options_from_dict({"target": 0})
    with use_language("nb"):
        assert describe_error(caught.value) == ("Poengmål må være et helt tall på minst 1, ikke 0")


def test_ambiguous_ace_lists_the_choices() -> None:
    run = Run(parse_cards(["AC", "10C", "JC"]))
    with pytest.raises(ScoringError) as caught:
        scoring.resolve_run(run)
    err = caught.value
    err.hand, err.player = 1, "Anna"
    with use_language("nb"):
        assert describe_error(err) == (
            "Runde 1, Anna: Esset i E♣-10♣-Kn♣ kan stå for 9 eller dame: velg ett"
        )
    with use_language("en"):
        assert describe_error(err) == (
            "Hand 1, Anna: The ace in A♣-10♣-J♣ could stand for 9 or queen: choose one"
        )


def test_other_exceptions_never_show_their_own_text() -> None:
    """A library's (or a bug's) exception text never reaches a user."""
    for error in (ValueError("plain"), OSError("[SQL: INSERT INTO hand]"), KeyError("x")):
        for lang in ("en", "nb"):
            with use_language(lang):
                text = describe_error(error)
            assert "plain" not in text and "SQL" not in text and "x" not in text.split()


# -- warnings -------------------------------------------------------------------


def test_warnings() -> None:
    card = ScoreWarning("card_count", card="9D", count=2, expected=1, hand=1)
    rank = ScoreWarning("rank_count", card="K", count=5, expected=4, hand=2)
    size = ScoreWarning("hand_size", player="Bjørn", count=11, expected=12, hand=3)
    with use_language("en"):
        assert describe_warning(card) == (
            "Hand 1: 9 of diamonds entered 2 times, but only 1 deck is in play"
        )
        assert describe_warning(rank) == (
            "Hand 2: king entered 5 times, but the cards in play hold only 4"
        )
        assert describe_warning(size) == "Hand 3: Bjørn has 11 cards in runs and hand, not 12"
    with use_language("nb"):
        assert describe_warning(card) == (
            "Runde 1: ruter 9 er ført inn 2 ganger, men bare 1 kortstokk er i spill"
        )
        two = ScoreWarning("card_count", card="QS", count=3, expected=2)
        assert describe_warning(two) == (
            "spar dame er ført inn 3 ganger, men bare 2 kortstokker er i spill"
        )
        assert "Uvanlig" in describe_warning(ScoreWarning("brand_new"))  # type: ignore[arg-type]


@pytest.mark.parametrize("code", sorted(messages.WARNING_CODES))
def test_every_warning_in_both_languages(code: str) -> None:
    warning = ScoreWarning(code, card="7H", player="Kari", count=3, expected=1, hand=2)
    with use_language("en"):
        en = describe_warning(warning)
    with use_language("nb"):
        nb = describe_warning(warning)
    assert en != nb and "{" not in en + nb


# -- breakdowns -----------------------------------------------------------------


def test_four_suit_rummy_example_two_breakdown() -> None:
    """RULES.md §2, example 2: Anna 80 + 100 + 21 = 201, Bjørn 60 + 150 = 210."""
    game = game_for("four_suit_rummy")
    runs = {
        "Anna": (
            Run(parse_cards(["5H", "6H", "7H"])),
            Run(parse_cards(["5S", "6S", "7S"])),
            Run(parse_cards(["9D", "AD", "JD"])),
            Run(parse_cards(["AC", "10C", "JC"]), ace_as=Rank.NINE),
        ),
        "Bjørn": (
            Run(parse_cards(["8H", "9H", "10H"])),
            Run(parse_cards(["8S", "AS", "10S"])),
            Run(parse_cards(["8D", "9D", "10D"])),
        ),
    }
    hand = Hand("Anna", {"Bjørn": parse_cards(["4", "7", "J"])}, runs)
    score = game.score_hand(game.default_options(), ["Anna", "Bjørn"], hand)
    with use_language("en"):
        assert describe_total(score.breakdown["Anna"], score.points["Anna"]) == (
            "4 runs × 20 = 80; 2 matching pairs × 50 = 100; 21 from Bjørn's cards (total 201)"
        )
    with use_language("nb"):
        assert describe_total(score.breakdown["Bjørn"], score.points["Bjørn"]) == (
            "3 sekvenser × 20 = 60; 3 par like sekvenser × 50 = 150 (til sammen 210)"
        )
        assert [describe_warning(w) for w in score.warnings] == [
            "ruter 9 er ført inn 2 ganger, men bare 1 kortstokk er i spill"
        ]


@pytest.mark.parametrize(
    ("item", "en", "nb"),
    [
        (BreakdownItem("runs", 20, 1, 20), "1 run × 20 = 20", "1 sekvens × 20 = 20"),
        (
            BreakdownItem("matching_pairs", 300, 6, 50),
            "6 matching pairs × 50 = 300",
            "6 par like sekvenser × 50 = 300",
        ),
        (
            BreakdownItem("collected", 1250, value=1250, player="Ola"),
            "1,250 from Ola's cards",
            "1\u00a0250 fra kortene til Ola",
        ),
        (
            BreakdownItem("blocked_difference", 8, value=20, player="Ola"),
            "8 from Ola (20 − 12)",
            "8 fra Ola (20 − 12)",
        ),
        (
            BreakdownItem("own_leftover", -18, value=18),
            "-18 for own cards left",
            "-18 for egne kort igjen på hånden",
        ),
        (
            BreakdownItem("penalty", 18, value=18),
            "18 penalty points for cards left",
            "18 minuspoeng for kort igjen på hånden",
        ),
        (
            BreakdownItem("penalty", 1, value=1),
            "1 penalty point for cards left",
            "1 minuspoeng for kort igjen på hånden",
        ),
        (
            BreakdownItem("flag_multiplied", 25, count=2, value=25, flag="rummy"),
            "+25 for going rummy (doubled)",
            "+25 for rummy: alt lagt ut på én gang (dobbelt)",
        ),
    ],
)
def test_breakdown_lines(item: BreakdownItem, en: str, nb: str) -> None:
    with use_language("en"):
        assert describe_breakdown(item) == en
    with use_language("nb"):
        assert describe_breakdown(item) == nb


def test_empty_breakdown() -> None:
    with use_language("nb"):
        assert describe_total((), 0) == "Ingen poeng denne runden"


# -- cards, games, options ------------------------------------------------------


def test_ranks_and_suits_in_both_languages() -> None:
    with use_language("nb"):
        assert [rank_label(r) for r in (Rank.ACE, Rank.JACK, Rank.QUEEN, Rank.KING)] == [
            "E",
            "Kn",
            "D",
            "K",
        ]
        assert [rank_name(r) for r in (Rank.ACE, Rank.JACK, Rank.QUEEN, Rank.KING)] == [
            "ess",
            "knekt",
            "dame",
            "konge",
        ]
        assert rank_name(Rank.JOKER) == "joker"
        assert [suit_name(s) for s in Suit] == ["spar", "hjerter", "ruter", "kløver"]
        assert card_name(parse_card("AS")) == "spar ess"
        assert card_label(parse_card("JC")) == "Kn♣"
    with use_language("en"):
        assert [rank_label(r) for r in (Rank.ACE, Rank.JACK, Rank.QUEEN, Rank.KING)] == [
            "A",
            "J",
            "Q",
            "K",
        ]
        assert [suit_name(s) for s in Suit] == ["spades", "hearts", "diamonds", "clubs"]
        assert card_name(parse_card("AS")) == "ace of spades"
        assert card_label(parse_card("10D")) == "10♦"


def test_game_names() -> None:
    with use_language("nb"):
        assert [game_name(g) for g in ("swedish_rummy", "four_suit_rummy", "rummy")] == [
            "Vri åtter",
            "Firefarget rummy",
            "Rummy",
        ]
    with use_language("en"):
        assert game_name("swedish_rummy") == "Swedish Rummy"
        assert game_name("unknown_game") == "unknown_game"
    assert set(messages.GAME_NAMES) == set(RULE_BOOK_GAMES)
    # a game named by its id alone says the name its definition says
    for lang in ("nb", "en"):
        with use_language(lang):
            for game_id in RULE_BOOK_GAMES:
                assert game_name(game_id) == game_name(scoring.game_for(game_id)), game_id


#: The games of the rule book (RULES.md §1–3), whose options the catalogs name
#: (an error names an option without its game).
RULE_BOOK_GAMES = ("swedish_rummy", "four_suit_rummy", "rummy")


def test_every_option_of_every_game_has_a_label() -> None:
    import dataclasses

    for game in map(scoring.game_for, RULE_BOOK_GAMES):
        for option in dataclasses.fields(game.options_type):
            assert option.name in messages.OPTION_NAMES, (game.id, option.name)
            for choice in option.metadata.get("choices", ()):
                assert (option.name, choice) in messages.OPTION_VALUE_NAMES, choice
            # the game's definition names it as the catalogs do
            for lang in ("nb", "en"):
                with use_language(lang):
                    assert option_name(option.name, game) == option_name(option.name)
                    for choice in option.metadata.get("choices", ()):
                        assert option_value_name(option.name, choice, game) == (
                            option_value_name(option.name, choice)
                        )
    with use_language("nb"):
        assert option_name("target") == "Poengmål"
        assert option_value_name("target", 1000) == "1\u00a0000"
        assert option_value_name("blocked_scoring", "no_score") == "Ingen får poeng"


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "Key 1 › points must be a whole number from 0 to 1,000, not -1"),
        ("nb", "Tast 1 › poeng må være et heltall fra 0 til 1\u00a0000, ikke -1"),
    ],
)
def test_a_refused_game_definition_names_the_field(lang, expected):
    error = scoring.GameDefinitionError(
        "definition_range",
        field="keys[1].points",
        params={"minimum": 0, "maximum": 1000, "value": -1},
    )
    with use_language(lang):
        assert describe_error(error) == expected


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_the_app_names_a_hand_by_its_number_the_command_line_by_its_id(lang: str) -> None:
    """A trashed hand's id (``H23``) is what ``kortpoeng trash restore`` takes;
    on a screen it is noise: the app's words name the hand by its number and
    session only, the command line's keep the id."""
    from app.ui.common import describe_problem
    from models.errors import (
        DuplicateSession,
        HandNotInTrash,
        HandNotPlaceable,
        HandSessionEnded,
        HandSessionInTrash,
    )

    errors = [
        HandNotInTrash(id="H23"),
        HandSessionInTrash(session=5, hand=3, id="H23"),
        HandSessionEnded(session=5, hand=3, id="H23"),
        HandNotPlaceable(session=5, hand=3, id="H23"),
        DuplicateSession(session=5, id="4d800a8b"),
        DuplicateSession(session=5, id="4d800a8b", in_trash=True),
    ]
    with use_language(lang):
        for error in errors:
            app_words, cli_words = describe_problem(error), describe_error(error)
            assert "H23" not in app_words and "4d800a8b" not in app_words, app_words
            assert "()" not in app_words and "Something" not in app_words, app_words
            assert ("H23" in cli_words) or ("4d800a8b" in cli_words), cli_words
            if error.params.get("hand"):
                assert "3" in app_words and "5" in app_words, app_words
        words = describe_problem(HandSessionInTrash(session=5, hand=3, id="H23"))
    expected = {
        "en": "Hand 3 belongs to session 5, which is in the trash: restore the session first",
        "nb": "Runde 3 hører til parti 5, som ligger i papirkurven: legg tilbake partiet først",
    }
    assert words == expected[lang]


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_every_game_in_the_picker_says_how_many_can_play(lang: str) -> None:
    """Found on a new-user evening: the coded games' lines start with who can
    play ("2–12 players."), the games defined as data left it out."""
    from app.messages import game_description
    from scoring import BUILTIN_GAME_IDS

    word = {"en": "players.", "nb": "spillere."}[lang]
    with use_language(lang):
        for game in map(game_for, BUILTIN_GAME_IDS):
            line = game_description(game)
            expected = f"{game.min_players}–{game.max_players} {word}"
            if game.min_players == game.max_players:
                expected = f"{game.min_players} {word}"
            assert line.startswith(expected), (game.id, line)
