"""Four Suit Rummy (RULES.md §2): runs, wild aces, matching pairs, Examples 1 and 2."""

import pytest
from scoring_helpers import cards, hand, run

from scoring import HandError, Rank, ace_choices, resolve_run, score_hands
from scoring.four_suit_rummy import GAME, Options

AB = ["Anna", "Bjørn"]

EXAMPLE_1 = hand(
    "Anna",
    {"Bjørn": "7 8 K"},
    {
        "Anna": ["5H 6H 7H", "5S 6S 7S", "9D AD JD", ("AC QC KC", "J")],
        "Bjørn": ["8H 9H 10H", "8S AS 10S", "2D 3D 4D"],
    },
)
EXAMPLE_2 = hand(
    "Anna",
    {"Bjørn": "4 7 J"},
    {
        "Anna": ["5H 6H 7H", "5S 6S 7S", "9D AD JD", ("AC 10C JC", "9")],
        "Bjørn": ["8H 9H 10H", "8S AS 10S", "8D 9D 10D"],
    },
)


def test_example_1():
    score = GAME.score_hand(Options(), AB, EXAMPLE_1)
    assert score.points == {"Anna": 155, "Bjørn": 110}
    assert [(i.code, i.count, i.value, i.points) for i in score.breakdown["Anna"]] == [
        ("runs", 4, 20, 80),
        ("matching_pairs", 1, 50, 50),
        ("collected", 1, 25, 25),
    ]
    assert [(i.code, i.points) for i in score.breakdown["Bjørn"]] == [
        ("runs", 60),
        ("matching_pairs", 50),
    ]
    assert score.warnings == ()


def test_example_2_and_its_warning():
    score = GAME.score_hand(Options(), AB, EXAMPLE_2)
    assert score.points == {"Anna": 201, "Bjørn": 210}
    assert [(i.code, i.points) for i in score.breakdown["Anna"]] == [
        ("runs", 80),
        ("matching_pairs", 100),
        ("collected", 21),
    ]
    assert [(i.code, i.count, i.points) for i in score.breakdown["Bjørn"]] == [
        ("runs", 3, 60),
        ("matching_pairs", 3, 150),
    ]
    # the 9♦ is in both players' runs: a warning, never an error
    assert [(w.code, w.card, w.count) for w in score.warnings] == [("card_count", "9D", 2)]


def test_examples_as_a_session_total_356_320():
    result = score_hands(GAME, Options(), AB, [EXAMPLE_1, EXAMPLE_2])
    assert result.standings.totals == {"Anna": 356, "Bjørn": 320}
    assert result.standings.running == ({"Anna": 155, "Bjørn": 110}, {"Anna": 356, "Bjørn": 320})
    assert [w.hand for w in result.warnings] == [2]
    assert not result.standings.finished
    assert result.standings.gap_to_target == {"Anna": 644, "Bjørn": 680}


@pytest.mark.parametrize(
    ("text", "choices"),
    [
        ("7C AC 9C", "8"),
        ("6H 7H AH", "5 8"),
        ("QD KD AD", "J"),
        ("AS 2S 3S", "A 4"),
        ("AC 10C JC", "9 Q"),
        ("2H 9H AH", ""),
        ("AH 2H", ""),
    ],
)
def test_ace_choices(text, choices):
    assert " ".join(r.value for r in ace_choices(cards(text))) == choices


@pytest.mark.parametrize(
    ("text", "ace_as", "ranks"),
    [
        ("7C AC 9C", None, (7, 8, 9)),
        ("9D AD JD", None, (9, 10, 11)),
        ("QC KC AC", None, (11, 12, 13)),
        ("6H 7H AH", "5", (5, 6, 7)),
        ("6H 7H AH", "8", (6, 7, 8)),
        ("AS 2S 3S", "A", (1, 2, 3)),
        ("AS 2S 3S", "4", (2, 3, 4)),
        ("JH QH KH", None, (11, 12, 13)),
        ("3D 2D 4D", None, (2, 3, 4)),
        ("QC KC AC", "J", (11, 12, 13)),
    ],
)
def test_resolve_run(text, ace_as, ranks):
    assert resolve_run(run(text, ace_as)) == ranks


@pytest.mark.parametrize(
    ("text", "ace_as", "code"),
    [
        ("5H 6H", None, "run_size"),
        ("5H 6H 7H 8H", None, "run_size"),
        ("5H 6S 7H", None, "run_mixed_suits"),
        ("5 6 7", None, "run_needs_suits"),
        ("QH KH 2H", None, "not_a_run"),
        ("KH AH 2H", None, "not_a_run"),
        ("6H 7H AH", None, "ace_ambiguous"),
        ("AS 2S 3S", None, "ace_ambiguous"),
        ("6H 7H AH", "9", "ace_as_invalid"),
        ("5H 6H 7H", "8", "ace_as_without_ace"),
        ("5H 5H 6H", None, "not_a_run"),
        ("AH AH 3H", None, "not_a_run"),
    ],
)
def test_bad_runs(text, ace_as, code):
    with pytest.raises(HandError) as caught:
        resolve_run(run(text, ace_as))
    assert caught.value.code == code


def test_bad_run_names_the_player():
    bad = hand("Anna", {"Bjørn": "7"}, {"Anna": ["5H 6H 7H"], "Bjørn": ["6H 7H AH"]})
    with pytest.raises(HandError) as caught:
        GAME.score_hand(Options(), AB, bad)
    assert (caught.value.code, caught.value.player, caught.value.field) == (
        "ace_ambiguous",
        "Bjørn",
        "runs",
    )


@pytest.mark.parametrize(("n", "bonus"), [(2, 50), (3, 150), (4, 300)])
def test_matching_runs_count_pairs(n, bonus):
    suits = "HSDC"[:n]
    runs = [" ".join(f"{r}{s}" for r in (4, 5, 6)) for s in suits]
    score = GAME.score_hand(Options(), AB, hand(None, {}, {"Anna": runs}))
    assert score.points["Anna"] == 20 * n + bonus


def test_runs_match_only_within_one_player():
    score = GAME.score_hand(
        Options(), AB, hand(None, {}, {"Anna": ["4H 5H 6H"], "Bjørn": ["4S 5S 6S"]})
    )
    assert score.points == {"Anna": 20, "Bjørn": 20}


def test_blocked_subtracts_own_leftover_and_can_go_negative():
    blocked = hand(None, {"Anna": "A K 3", "Bjørn": "2"}, {"Anna": ["4H 5H 6H"]})
    score = GAME.score_hand(Options(), AB, blocked)
    assert score.points == {"Anna": 20 - 28, "Bjørn": -2}
    assert score.leftover == {"Anna": 28, "Bjørn": 2}


def test_went_out_but_holds_cards_is_an_error():
    with pytest.raises(HandError) as caught:
        GAME.score_hand(Options(), AB, hand("Anna", {"Anna": "K"}))
    assert (caught.value.code, caught.value.player) == ("went_out_holds_cards", "Anna")


def test_hand_size_warning():
    score = GAME.score_hand(Options(), AB, hand("Anna", {"Bjørn": "2 3"}, {"Anna": ["4H 5H 6H"]}))
    assert [(w.code, w.player, w.count, w.expected) for w in score.warnings] == [
        ("hand_size", "Anna", 3, 12),
        ("hand_size", "Bjørn", 2, 12),
    ]


def test_both_cross_the_target_in_one_hand():
    opts = Options(target=100)
    big = hand(
        None,
        {},
        {
            "Anna": ["4H 5H 6H", "4S 5S 6S", "4D 5D 6D"],
            "Bjørn": ["7H 8H 9H"] * 0 + ["7H 8H 9H", "7S 8S 9S", "7D 8D 9D", "7C 8C 9C"],
        },
    )
    result = score_hands(GAME, opts, AB, [big])
    assert result.standings.totals == {"Anna": 210, "Bjørn": 380}
    assert result.standings.finished and result.standings.winners == ("Bjørn",)


def test_equal_totals_share_the_win():
    opts = Options(target=50)
    same = hand(None, {}, {"Anna": ["4H 5H 6H", "4S 5S 6S"], "Bjørn": ["7H 8H 9H", "7S 8S 9S"]})
    result = score_hands(GAME, opts, AB, [same])
    assert result.standings.winners == ("Anna", "Bjørn")
    assert result.standings.places == {"Anna": 1, "Bjørn": 1}


def test_rank_enum_for_ace_as():
    assert run("6H 7H AH", "8").ace_as is Rank.EIGHT
