"""Five Crowns (RULES.md §6): the built-in definition with its schedule of 11
rounds, each worked figure of §6.1 as a test, the wild rank's points round by
round, the end after the last round and the warnings of §6."""

from __future__ import annotations

import pytest

from scoring import Card, Hand, HandError, Rank, parse_cards, score_hands
from scoring.codes import BreakdownCode, WarningCode
from scoring.definition import End, write_definition
from scoring.house_rules import SHIPPED_RULES, rules_digest
from scoring.registry import builtin_definition, game_for

GAME = game_for("five_crowns")
OPTIONS = GAME.default_options()
PLAYERS = ["Ada", "Bo", "Cy", "Di"]


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text.split())


def score(number: int, went_out: str, left: dict[str, str]):
    hand = Hand(went_out, {p: cards(t) for p, t in left.items()})
    return GAME.score_hand(OPTIONS, PLAYERS, hand, number)


#: RULES.md §6.1, rounds 1–3 (a card of ★ is entered by its rank: a suit never
#: changes a card's value; the other suits may be given).
ROUND_1 = ("Ada", {"Bo": "3H 8C JS", "Cy": "JKR 5 9D"})  # Di went out on the last turn
ROUND_2 = ("Bo", {"Ada": "KD 6 8H 10S", "Di": "4H J 7C 9D"})  # Cy went out on the last turn
ROUND_3 = ("Cy", {"Ada": "5S KH 8 10C 3D", "Bo": "4C 4D", "Di": "JKR Q 9H 6C 3S"})
#: Rounds 4–11: one player goes out each round; the totals end at RULES.md
#: §6.1's Ada 212, Bo 198, Cy 198, Di 240.
LATER = (
    ("Ada", {"Bo": "6", "Cy": "10", "Di": "K"}),  # 6s wild
    ("Bo", {"Ada": "10 5", "Cy": "J J", "Di": "7"}),  # 7s wild
    ("Cy", {"Ada": "9 7", "Bo": "8 5", "Di": "9 9"}),  # 8s wild
    ("Di", {"Ada": "9", "Bo": "10 10 10", "Cy": "Q Q"}),  # 9s wild
    ("Ada", {"Bo": "K K", "Cy": "10 8", "Di": "J J"}),  # 10s wild
    ("Bo", {"Ada": "J 10", "Cy": "K Q 5", "Di": "J 5"}),  # Js wild
    ("Cy", {"Ada": "Q 5", "Bo": "Q 10", "Di": "8 7"}),  # Qs wild
    ("Di", {"Ada": "9 6", "Bo": "K", "Cy": "10 10"}),  # Ks wild
)
ROUNDS = (ROUND_1, ROUND_2, ROUND_3, *LATER)


def hands(rounds=ROUNDS) -> list[Hand]:
    return [Hand(out, {p: cards(t) for p, t in left.items()}) for out, left in rounds]


def test_the_definition_names_its_rule_book_and_says_the_rules_of_section_6():
    definition = builtin_definition("five_crowns")
    assert definition.source.title == "5 Crowns Game Rules"
    assert definition.source.url == "https://docslib.org/doc/7118591/5-crowns-game-rules"
    assert (definition.min_players, definition.max_players) == (2, 7)
    assert definition.decks == ((2, 2),) and definition.jokers_per_deck == 3
    assert len(definition.suits) == 5 and "STAR" in definition.suits
    points = {key.id: key.points for key in definition.keys}
    assert points == {
        **{str(n): n for n in range(3, 11)},
        **{"J": 11, "Q": 12, "K": 13, "JKR": 50},
    }
    assert definition.end is End.SCHEDULE and definition.schedule.wild_points == 20
    table = [(row.cards, row.wild) for row in definition.schedule.rounds]
    assert table == [
        (3, "3"),
        (4, "4"),
        (5, "5"),
        (6, "6"),
        (7, "7"),
        (8, "8"),
        (9, "9"),
        (10, "10"),
        (11, "J"),
        (12, "Q"),
        (13, "K"),
    ]
    assert GAME.rounds(OPTIONS) == 11 and GAME.target(OPTIONS) is None
    assert GAME.lowest_wins(OPTIONS) and not GAME.can_block(OPTIONS)


def test_the_definition_is_written_as_version_2_and_its_digest_is_shipped():
    definition = builtin_definition("five_crowns")
    assert write_definition(definition).startswith(
        '{\n  "format": "kortpoeng-game",\n  "version": 2,'
    )
    assert SHIPPED_RULES["five_crowns"][-1] == rules_digest(definition)


def test_round_1_a_wild_three_is_20_and_a_joker_50():
    result = score(1, *ROUND_1)
    assert result.points == {"Ada": 0, "Bo": 39, "Cy": 64, "Di": 0}
    # Bo's 3 is the round's wild: a line of its own, 1 × 20, beside the 19 of 8 and J
    assert [(i.code, i.points, i.count, i.value) for i in result.breakdown["Bo"]] == [
        (BreakdownCode.WILD, 20, 1, 20),
        (BreakdownCode.PENALTY, 19, 1, 19),
    ]
    assert [(i.code, i.points) for i in result.breakdown["Cy"]] == [(BreakdownCode.PENALTY, 64)]


def test_round_2_four_wild():
    result = score(2, *ROUND_2)
    assert result.points == {"Ada": 37, "Bo": 0, "Cy": 0, "Di": 47}


def test_round_3_a_five_is_20_and_a_three_is_3():
    result = score(3, *ROUND_3)
    assert result.points == {"Ada": 54, "Bo": 8, "Cy": 0, "Di": 80}


def test_the_totals_after_round_3():
    result = score_hands(GAME, OPTIONS, PLAYERS, hands((ROUND_1, ROUND_2, ROUND_3)))
    assert result.standings.totals == {"Ada": 91, "Bo": 47, "Cy": 64, "Di": 127}
    assert not result.standings.finished and result.standings.rounds_left == 8


def test_the_session_ends_after_round_11_bo_and_cy_share_the_win():
    result = score_hands(GAME, OPTIONS, PLAYERS, hands())
    table = result.standings
    assert table.totals == {"Ada": 212, "Bo": 198, "Cy": 198, "Di": 240}
    assert table.finished and table.finished_after == 11
    assert table.winners == ("Bo", "Cy")
    assert table.places == {"Ada": 3, "Bo": 1, "Cy": 1, "Di": 4}
    # no 12th round is offered: a hand after the last is refused
    with pytest.raises(HandError) as caught:
        score_hands(GAME, OPTIONS, PLAYERS, [*hands(), Hand("Ada", {"Bo": cards("K")})])
    assert (caught.value.code, caught.value.hand) == ("session_over", 12)


@pytest.mark.parametrize(
    ("number", "rank", "points"),
    [(1, Rank.THREE, 20), (3, Rank.THREE, 3), (3, Rank.FIVE, 20), (9, Rank.JACK, 20)],
)
def test_a_rank_is_worth_20_only_in_its_own_round(number, rank, points):
    assert GAME.card_points(OPTIONS, Card(rank), number) == points
    keys = {k.card: k.points for k in GAME.keypad(OPTIONS, number)}
    assert keys[Card(rank)] == points
    assert keys[Card(Rank.JOKER)] == 50  # the joker keeps its own points


def test_without_a_round_the_keys_are_the_cards_values():
    keys = {k.card: k.points for k in GAME.keypad(OPTIONS)}
    assert keys[Card(Rank.THREE)] == 3 and keys[Card(Rank.KING)] == 13
    assert GAME.round(OPTIONS, 0) is None and GAME.round(OPTIONS, 12) is None
    assert GAME.round(OPTIONS, 5).cards == 7 and GAME.round(OPTIONS, 5).wild == "7"


def test_an_ace_or_a_two_is_not_a_card_of_the_game():
    with pytest.raises(HandError) as caught:
        score(1, "Ada", {"Bo": "A"})
    assert caught.value.code == "card_not_in_game"
    with pytest.raises(HandError) as caught:
        score(1, "Ada", {"Bo": "2"})
    assert caught.value.code == "card_not_in_game"


def test_a_round_always_ends_with_someone_out():
    with pytest.raises(HandError) as caught:
        GAME.score_hand(OPTIONS, PLAYERS, Hand(None, {"Bo": cards("K")}), 1)
    assert caught.value.code == "cannot_block"


def test_warnings_ten_of_a_rank_six_jokers_and_the_cards_dealt():
    # ten kings in round 11 (13 cards) are two decks of five suits: no warning
    ten = score(11, "Ada", {"Bo": "K K K K K", "Cy": "K K K K K", "Di": "3"})
    assert [w.code for w in ten.warnings] == []
    eleven = score(11, "Ada", {"Bo": "K K K K K K", "Cy": "K K K K K", "Di": "3"})
    assert [(w.code, w.card, w.count, w.expected) for w in eleven.warnings] == [
        (WarningCode.RANK_COUNT, "K", 11, 10)
    ]
    jokers = score(11, "Ada", {"Bo": "JKR JKR JKR JKR", "Cy": "JKR JKR JKR", "Di": "3"})
    assert [(w.code, w.card, w.count, w.expected) for w in jokers.warnings] == [
        (WarningCode.RANK_COUNT, "JKR", 7, 6)
    ]
    # round 1 deals 3 cards: 4 left is more than were dealt
    dealt = score(1, "Ada", {"Bo": "K Q J 10", "Cy": "K", "Di": "3"})
    assert [(w.code, w.player, w.count, w.expected) for w in dealt.warnings] == [
        (WarningCode.ROUND_CARDS, "Bo", 4, 3)
    ]
