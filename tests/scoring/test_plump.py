"""Plump (RULES.md §7): the built-in bids game, each worked figure of §7.1 as
a test, the schedule as long as the players make it, the session's end and
winner, the errors and the warning of §7, and properties of the scoring."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import Hand, HandError, score_hands
from scoring.bids import hooked, made_points, missed_points
from scoring.codes import BreakdownCode, WarningCode
from scoring.definition import Bids, Made, MadeKind, Missed, MissedKind
from scoring.registry import game_for

GAME = game_for("plump")
OPTIONS = GAME.default_options()
SEATS = ["Kari", "Ola", "Per", "Liv"]  # Kari deals first, the deal passes left

#: RULES.md §7.1: deal 1 (10 cards, Kari deals) and deal 2 (9 cards, Ola deals).
DEAL_1 = {"Kari": 2, "Ola": 3, "Per": 2, "Liv": 4}
TRICKS_1 = {"Kari": 2, "Ola": 3, "Per": 2, "Liv": 3}
DEAL_2 = {"Kari": 4, "Ola": 1, "Per": 0, "Liv": 3}
TRICKS_2 = {"Kari": 5, "Ola": 1, "Per": 0, "Liv": 3}


def made(bids, tricks):
    return tuple(p for p in SEATS if bids[p] == tricks[p])


def score(number, bids, result, options=OPTIONS, seats=SEATS):
    hand = (
        Hand(None, bids=bids, made=result)
        if isinstance(result, tuple)
        else Hand(None, bids=bids, tricks=result)
    )
    return GAME.score_hand(options, seats, hand, number)


def error(number, bids, result=(), seats=SEATS, options=OPTIONS):
    with pytest.raises(HandError) as caught:
        score(number, bids, result, options, seats)
    return caught.value


# -- RULES.md §7.1 ----------------------------------------------------------------


def test_deal_1_three_made_bids_and_a_plump():
    result = score(1, DEAL_1, made(DEAL_1, TRICKS_1))
    assert result.points == {"Kari": 12, "Ola": 13, "Per": 12, "Liv": 0}
    assert result.breakdown["Ola"][0].code is BreakdownCode.BID_MADE
    assert result.breakdown["Liv"][0].code is BreakdownCode.BID_MISSED
    assert (result.breakdown["Liv"][0].value, result.breakdown["Liv"][0].points) == (4, 0)
    assert result.warnings == () and result.went_out is None


def test_deal_1_the_hook_forbids_kari_1():
    bids = {**DEAL_1, "Kari": 1}  # 1 + 3 + 2 + 4 = 10 cards
    caught = error(1, bids, ("Ola",))
    assert (caught.code, caught.player, caught.params) == (
        "bid_hook",
        "Kari",
        {"value": 1, "cards": 10},
    )


def test_deal_2_a_made_zero_scores_5_and_the_totals():
    result = score(2, DEAL_2, made(DEAL_2, TRICKS_2))
    assert result.points == {"Kari": 0, "Ola": 11, "Per": 5, "Liv": 13}
    assert error(2, {**DEAL_2, "Ola": 2}, ()).params == {"value": 2, "cards": 9}
    session = score_hands(
        GAME,
        OPTIONS,
        SEATS,
        [
            Hand(None, bids=DEAL_1, made=made(DEAL_1, TRICKS_1)),
            Hand(None, bids=DEAL_2, made=made(DEAL_2, TRICKS_2)),
        ],
    )
    assert session.standings.totals == {"Kari": 12, "Ola": 24, "Per": 17, "Liv": 13}
    assert session.standings.rounds_left == 20 and not session.standings.finished


def test_the_tricks_entered_score_the_same_as_the_made_bids():
    assert score(1, DEAL_1, TRICKS_1).points == {"Kari": 12, "Ola": 13, "Per": 12, "Liv": 0}
    result = score(2, DEAL_2, TRICKS_2)
    assert result.points == {"Kari": 0, "Ola": 11, "Per": 5, "Liv": 13}
    assert result.breakdown["Kari"][0].count == 5  # the tricks taken, for the line


def test_a_made_10_scores_110_and_with_ten_plus_20():
    bids = {"Kari": 1, "Ola": 10, "Per": 0, "Liv": 0}  # 11 bid in 10 cards: no hook
    assert score(1, bids, ("Ola",)).points["Ola"] == 110
    ten_plus = GAME.options_from_dict({"made_scoring": "ten_plus"})
    result = score(1, bids, ("Ola", "Per"), ten_plus)
    assert (result.points["Ola"], result.points["Per"]) == (20, 5)  # 0 still 5
    assert score(1, DEAL_1, ("Ola",), ten_plus).points["Ola"] == 13  # 10 + 3


def test_a_one_card_deal_where_the_others_bid_0_the_dealer_must_bid_0():
    # 4 players: deals 10 to 13 are the one-card deals; Ola deals deal 10
    assert GAME.round(OPTIONS, 10, 4).cards == 1
    others = {"Kari": 0, "Per": 0, "Liv": 0}
    caught = error(10, {**others, "Ola": 1}, ())
    assert (caught.code, caught.player, caught.params["value"]) == ("bid_hook", "Ola", 1)
    result = score(10, {**others, "Ola": 0}, {"Kari": 1, "Ola": 0, "Per": 0, "Liv": 0})
    assert result.points == {"Kari": 0, "Ola": 5, "Per": 5, "Liv": 5}  # at least one fails


@pytest.mark.parametrize("bid", range(9))
def test_in_8_cards_with_9_bid_before_the_dealer_the_dealer_may_bid_anything(bid):
    # deal 3 has 8 cards and Per deals: Liv, Kari and Ola bid 3, 4 and 2 first
    assert GAME.round(OPTIONS, 3, 4).cards == 8
    bids = {"Liv": 3, "Kari": 4, "Ola": 2, "Per": bid}
    assert score(3, bids, ()).points == dict.fromkeys(SEATS, 0)


def test_with_zero_bid_10_per_s_made_zero_in_deal_2_scores_10_and_his_total_22():
    ten = GAME.options_from_dict({"zero_bid": "ten"})
    hands = [
        Hand(None, bids=DEAL_1, made=made(DEAL_1, TRICKS_1)),
        Hand(None, bids=DEAL_2, made=made(DEAL_2, TRICKS_2)),
    ]
    session = score_hands(GAME, ten, SEATS, hands)
    assert session.hand_scores[1].points["Per"] == 10
    assert session.standings.totals["Per"] == 22


# -- the schedule and the session -------------------------------------------------


@pytest.mark.parametrize(("players", "deals"), [(2, 20), (3, 21), (4, 22), (5, 23)])
def test_the_session_lasts_one_one_card_deal_per_player(players, deals):
    assert GAME.rounds(OPTIONS, players) == deals
    cards = [GAME.round(OPTIONS, n, players).cards for n in range(1, deals + 1)]
    assert cards == [*range(10, 1, -1), *[1] * players, *range(2, 11)]
    assert GAME.round(OPTIONS, deals + 1, players) is None


def test_with_one_card_deals_once_the_session_lasts_19_deals():
    once = GAME.options_from_dict({"one_card_deals": "once"})
    for players in (2, 3, 4, 5):
        assert GAME.rounds(once, players) == 19
    assert GAME.round(once, 11, 4).cards == 2
    assert GAME.bind(once, SEATS).rounds == 19


def _whole_session() -> list[Hand]:
    """Deals 1 and 2 of §7.1, then 20 deals where everyone bids 0 and one
    player in turn (Liv, Kari, Ola, Per, …) makes it: 5 more each."""
    hands = [
        Hand(None, bids=DEAL_1, made=made(DEAL_1, TRICKS_1)),
        Hand(None, bids=DEAL_2, made=made(DEAL_2, TRICKS_2)),
    ]
    for number in range(3, 23):
        hands.append(Hand(None, bids=dict.fromkeys(SEATS, 0), made=(SEATS[number % 4],)))
    return hands


def test_the_session_ends_after_deal_22_and_the_highest_total_wins():
    result = score_hands(GAME, OPTIONS, SEATS, _whole_session())
    table = result.standings
    assert table.totals == {"Kari": 37, "Ola": 49, "Per": 42, "Liv": 38}
    assert table.finished and table.finished_after == 22
    assert table.winners == ("Ola",)
    assert table.places == {"Kari": 4, "Ola": 1, "Per": 2, "Liv": 3}
    with pytest.raises(HandError) as caught:
        score_hands(GAME, OPTIONS, SEATS, [*_whole_session(), _whole_session()[-1]])
    assert (caught.value.code, caught.value.hand) == ("session_over", 23)


def test_equal_totals_share_the_win():
    seats = ["Kari", "Ola"]
    once = GAME.options_from_dict({"one_card_deals": "once"})
    # 19 deals, everyone bids 0 and makes it: 5 each a deal, 95 each
    hands = [Hand(None, bids={"Kari": 0, "Ola": 0}, made=("Kari", "Ola"))] * 19
    table = score_hands(GAME, once, seats, hands).standings
    assert table.totals == {"Kari": 95, "Ola": 95}
    assert table.finished and table.winners == ("Kari", "Ola")


# -- errors and the warning (RULES.md §7) --------------------------------------------


@pytest.mark.parametrize("bid", [11, -1, "2", 2.0, True, None])
def test_a_bid_above_the_cards_dealt_or_not_a_whole_number_is_refused(bid):
    caught = error(1, {**DEAL_1, "Per": bid}, ("Ola",))
    assert (caught.code, caught.player, caught.params["cards"]) == ("bid_range", "Per", 10)


def test_a_bid_above_a_one_card_deal_is_refused_and_the_session_scores_nothing():
    hands = _whole_session()[:9]
    hands.append(Hand(None, bids={"Kari": 2, "Ola": 0, "Per": 0, "Liv": 0}, made=()))
    with pytest.raises(HandError) as caught:
        score_hands(GAME, OPTIONS, SEATS, hands)
    assert (caught.value.code, caught.value.hand, caught.value.params) == (
        "bid_range",
        10,
        {"value": 2, "cards": 1},
    )


def test_tricks_above_the_cards_dealt_are_refused():
    caught = error(2, DEAL_2, {**TRICKS_2, "Kari": 10})
    assert (caught.code, caught.player, caught.params) == (
        "tricks_range",
        "Kari",
        {"value": 10, "cards": 9},
    )


def test_tricks_that_do_not_add_up_to_the_cards_are_a_warning():
    result = score(1, DEAL_1, {**TRICKS_1, "Liv": 2})
    assert [(w.code, w.count, w.expected) for w in result.warnings] == [
        (WarningCode.TRICKS_TOTAL, 9, 10)
    ]
    assert WarningCode.TRICKS_TOTAL.asks


@pytest.mark.parametrize(
    ("hand", "code", "player"),
    [
        (Hand(None, bids={"Kari": 2, "Ola": 3, "Per": 2}, made=()), "bids_missing", "Liv"),
        (Hand(None, tricks=TRICKS_1), "bids_missing", "Kari"),
        (Hand(None, bids={**DEAL_1, "Eve": 1}, made=()), "unknown_player", "Eve"),
        (Hand(None, bids=DEAL_1), "tricks_missing", None),
        (Hand(None, bids=DEAL_1, made=("Eve",)), "unknown_player", "Eve"),
        (Hand(None, bids=DEAL_1, tricks={"Kari": 2}), "tricks_missing", "Ola"),
        (Hand("Kari", bids=DEAL_1, made=()), "went_out_not_allowed", "Kari"),
    ],
)
def test_a_hand_that_cannot_be_scored_is_refused(hand, code, player):
    with pytest.raises(HandError) as caught:
        GAME.score_hand(OPTIONS, SEATS, hand, 1)
    assert (caught.value.code, caught.value.player) == (code, player)


def test_a_missed_bid_scored_by_tricks_needs_the_tricks():
    wizard = Bids(Made(MadeKind.PLUS, 20, 10), Missed(MissedKind.PER_OFF, per_off=-10))
    assert made_points(wizard, 3) == 50 and made_points(wizard, 0) == 20
    assert missed_points(wizard, 3, 1) == -20 and missed_points(wizard, 0, 2) == -20
    per_trick = Bids(Made(MadeKind.PLUS, 10, 1), Missed(MissedKind.PER_TRICK, per_trick=1))
    assert missed_points(per_trick, 3, 5) == 5


# -- properties -------------------------------------------------------------------

_ONE_IN_FRONT = GAME.definition.bids


@settings(max_examples=200, deadline=None)
@given(
    number=st.integers(1, 22),
    data=st.data(),
)
def test_a_made_bid_scores_its_figure_and_a_missed_one_nothing(number, data):
    cards = GAME.round(OPTIONS, number, 4).cards
    dealer = SEATS[(number - 1) % 4]
    bids = {p: data.draw(st.integers(0, cards)) for p in SEATS if p != dealer}
    forbidden = hooked(_ONE_IN_FRONT, cards, sum(bids.values()))
    bids[dealer] = data.draw(st.integers(0, cards).filter(lambda b: b != forbidden))
    makers = tuple(data.draw(st.lists(st.sampled_from(SEATS), unique=True)))
    points = score(number, bids, makers).points
    for player in SEATS:
        if player in makers:
            bid = bids[player]
            assert points[player] == (5 if bid == 0 else 110 if bid == 10 else 10 + bid)
        else:
            assert points[player] == 0
    # the hook: the bids never add up to the cards dealt
    assert sum(bids.values()) != cards


@settings(max_examples=200, deadline=None)
@given(cards=st.integers(1, 10), others=st.integers(0, 30))
def test_the_hooked_bid_is_the_one_that_makes_the_total(cards, others):
    forbidden = hooked(_ONE_IN_FRONT, cards, others)
    if forbidden is None:
        assert others > cards
    else:
        assert 0 <= forbidden <= cards and others + forbidden == cards


@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_tricks_entered_make_exactly_the_bids_they_equal(data):
    cards = 10
    bids = {"Kari": data.draw(st.integers(0, cards))}
    bids |= {p: data.draw(st.integers(0, cards)) for p in SEATS[1:]}
    if hooked(_ONE_IN_FRONT, cards, sum(bids.values()) - bids["Kari"]) == bids["Kari"]:
        bids["Kari"] = (bids["Kari"] + 1) % (cards + 1)
    tricks = {p: data.draw(st.integers(0, cards)) for p in SEATS}
    by_tricks = score(1, bids, tricks).points
    by_made = score(1, bids, tuple(p for p in SEATS if tricks[p] == bids[p])).points
    assert by_tricks == by_made
