"""Card notation: canonical, Unicode, English and Norwegian tokens (SESSION_FORMAT.md)."""

import pytest

from scoring import Card, CardParseError, Rank, Suit, parse_card, parse_cards, parse_rank


@pytest.mark.parametrize(
    ("token", "expected"),
    [
        ("7H", "7H"),
        ("10S", "10S"),
        ("K", "K"),
        ("JKR", "JKR"),
        ("7♥", "7H"),
        ("10♠", "10S"),
        ("q♦", "QD"),
        ("k♣️", "KC"),  # emoji variation selector
        ("kd", "KD"),  # canonical in lower case: king of diamonds
        ("KD", "KD"),
        ("as", "AS"),
        ("TC", "10C"),
        ("t", "10"),
        ("ace", "A"),
        ("king of", None),
        ("queen hearts", "QH"),
        ("E", "A"),
        ("ess", "A"),
        ("spar ess", "AS"),
        ("D", "Q"),
        ("dame", "Q"),
        ("hjerter dame", "QH"),
        ("dame hjerter", "QH"),
        ("Kn", "J"),
        ("knekt", "J"),
        ("KnH", "JH"),
        ("kløver knekt", "JC"),
        ("konge", "K"),
        ("ruter 10", "10D"),
        ("DK", "QC"),  # dame kløver: D is no English rank
        ("KK", "KC"),
        ("joker", "JKR"),
        ("  8  ", "8"),
    ],
)
def test_tokens(token, expected):
    if expected is None:
        with pytest.raises(CardParseError):
            parse_card(token)
    else:
        assert str(parse_card(token)) == expected


@pytest.mark.parametrize("token", ["K D", "k d", "K  D"])
def test_ambiguous_token_is_refused_with_both_readings(token):
    with pytest.raises(CardParseError) as caught:
        parse_card(token, position=3)
    error = caught.value
    assert error.code == "card_ambiguous"
    assert error.card == token.strip()
    assert error.params["position"] == 3
    assert error.params["readings"] == [
        {"card": "KD", "notation": "English"},
        {"card": "QC", "notation": "Norwegian"},
    ]


@pytest.mark.parametrize(
    ("token", "code"),
    [
        ("", "card_empty"),
        ("   ", "card_empty"),
        ("1", "card_unknown"),
        ("H", "card_unknown"),
        ("11H", "card_unknown"),
        ("7X", "card_unknown"),
        ("JKRH", "card_unknown"),
    ],
)
def test_bad_tokens(token, code):
    with pytest.raises(CardParseError) as caught:
        parse_card(token)
    assert caught.value.code == code


def test_non_text_token():
    with pytest.raises(CardParseError) as caught:
        parse_card(7)  # type: ignore[arg-type]
    assert caught.value.code == "card_not_text"


def test_parse_cards_names_the_position():
    with pytest.raises(CardParseError) as caught:
        parse_cards(["K", "7", "Z9", "A"])
    assert caught.value.card == "Z9"
    assert caught.value.params["position"] == 3
    assert "Z9" in str(caught.value)


def test_card_forms():
    card = Card(Rank.SEVEN, Suit.HEARTS)
    assert (str(card), card.symbol()) == ("7H", "7♥")
    assert str(Card(Rank.KING)) == "K"
    assert len(Card.all()) == 52 + 13 + 1
    with pytest.raises(ValueError):
        Card(Rank.JOKER, Suit.SPADES)


def test_parse_rank():
    assert parse_rank("J") is Rank.JACK
    assert parse_rank("9") is Rank.NINE
    with pytest.raises(CardParseError):
        parse_rank("9H")
