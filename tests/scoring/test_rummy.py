"""Rummy with home penalty scoring and Bicycle's winner-collects (RULES.md §3),
played by its shipped definition."""

import pytest
from scoring_helpers import hand

from scoring import HandError, game_for, hand_from_dict, hand_to_dict, score_hands

GAME = game_for("rummy")


def Options(**options):
    """Rummy's options, those not given at their defaults."""
    return GAME.options_from_dict(options)


P4 = ["Ingrid", "Åse", "Øystein", "Per"]


def test_penalty_worked_figure_k_7_a_is_18():
    score = GAME.score_hand(Options(), ["Ola", "Kari"], hand("Ola", {"Kari": "K 7 A"}))
    assert score.points == {"Ola": 0, "Kari": 18}
    assert [(i.code, i.points) for i in score.breakdown["Kari"]] == [("penalty", 18)]


@pytest.mark.parametrize(
    ("options", "went_out", "left", "rummy", "points"),
    [
        (
            {},
            "Ingrid",
            {"Åse": "Q J", "Øystein": "2 3", "Per": 7},
            False,
            {"Ingrid": 0, "Åse": 20, "Øystein": 5, "Per": 7},
        ),
        # nobody out: everyone scores their leftover
        (
            {},
            None,
            {"Ingrid": "A", "Åse": "K", "Øystein": "10 10", "Per": "9"},
            False,
            {"Ingrid": 1, "Åse": 10, "Øystein": 20, "Per": 9},
        ),
        (
            {"scoring": "winner_collects"},
            "Per",
            {"Ingrid": "K", "Åse": "5 5"},
            False,
            {"Ingrid": 0, "Åse": 0, "Øystein": 0, "Per": 20},
        ),
        # going rummy doubles the amount
        (
            {"scoring": "winner_collects"},
            "Per",
            {"Ingrid": "K", "Åse": "5 5"},
            True,
            {"Ingrid": 0, "Åse": 0, "Øystein": 0, "Per": 40},
        ),
        # blocked hands score nothing with winner_collects
        (
            {"scoring": "winner_collects"},
            None,
            {"Ingrid": "K", "Åse": "5 5"},
            False,
            dict.fromkeys(P4, 0),
        ),
    ],
)
def test_scoring_table(options, went_out, left, rummy, points):
    score = GAME.score_hand(GAME.options_from_dict(options), P4, hand(went_out, left, rummy=rummy))
    assert score.points == points
    for player in P4:
        assert sum(i.points for i in score.breakdown[player]) == points[player]


@pytest.mark.parametrize(
    ("options", "went_out", "code"),
    [({}, "Per", "rummy_not_allowed"), ({"scoring": "winner_collects"}, None, "rummy_not_allowed")],
)
def test_rummy_flag_only_when_it_means_something(options, went_out, code):
    # as a session file says it: "rummy": true, the flag for who went out
    with pytest.raises(HandError) as caught:
        entered = hand_from_dict({"went_out": went_out, "rummy": True}, P4, GAME)
        GAME.score_hand(GAME.options_from_dict(options), P4, entered)
    assert caught.value.code == code


def test_ace_is_low_only_value_1_and_no_jokers():
    assert GAME.card_values(Options())[__import__("scoring").Rank.ACE] == 1
    with pytest.raises(HandError) as caught:
        GAME.score_hand(Options(), P4, hand("Per", {"Åse": "JKR"}))
    assert caught.value.code == "joker_not_in_play"


def test_five_rounds_lowest_wins_with_a_shared_win():
    rounds = [
        hand("Ingrid", {"Åse": "5", "Øystein": "K", "Per": "2"}),
        hand("Åse", {"Ingrid": "5", "Øystein": "K", "Per": "2"}),
        hand("Per", {"Ingrid": "2", "Åse": "2", "Øystein": "A"}),
        hand("Øystein", {"Ingrid": "3", "Åse": "3", "Per": "9"}),
    ]
    partial = score_hands(GAME, Options(), P4, rounds)
    assert partial.standings.rounds_left == 1 and not partial.standings.finished
    result = score_hands(GAME, Options(), P4, [*rounds, hand("Per", {"Ingrid": "A", "Åse": "A"})])
    table = result.standings
    assert table.totals == {"Ingrid": 11, "Åse": 11, "Øystein": 21, "Per": 13}
    assert table.places == {"Ingrid": 1, "Åse": 1, "Øystein": 4, "Per": 3}
    assert table.finished and table.finished_after == 5 and table.rounds_left == 0
    assert table.winners == ("Ingrid", "Åse")
    assert table.lowest_wins


def test_winner_collects_plays_to_target_highest_wins():
    opts = Options(scoring="winner_collects", target=50)
    result = score_hands(
        GAME, opts, P4, [hand("Per", {"Ingrid": "K K K", "Åse": "Q Q"}, rummy=True)]
    )
    assert result.standings.totals["Per"] == 100
    assert result.standings.finished and result.standings.winners == ("Per",)
    assert result.standings.rounds is None and result.standings.target == 50


def test_two_players_winner_deals_next():
    ab = ["Ola", "Kari"]
    dealers = []
    hands = []
    for went_out in ["Kari", "Kari", None, "Ola"]:
        dealers.append(score_hands(GAME, Options(rounds=9), ab, hands).standings.dealer)
        hands.append(hand(went_out, {}))
    dealers.append(score_hands(GAME, Options(rounds=9), ab, hands).standings.dealer)
    # first dealer Ola; Kari wins → Kari deals, again; blocked → deal passes; Ola wins → Ola
    assert dealers == ["Ola", "Kari", "Kari", "Ola", "Ola"]


def test_deal_passes_left_with_more_players():
    hands = [hand("Per", {})] * 5
    dealers = [
        score_hands(GAME, Options(rounds=9), P4, hands[:n]).standings.dealer for n in range(6)
    ]
    assert dealers == ["Ingrid", "Åse", "Øystein", "Per", "Ingrid", "Åse"]


def test_nothing_entered_is_a_warning():
    assert [w.code for w in GAME.score_hand(Options(), P4, hand("Per", {})).warnings] == [
        "no_cards"
    ]
    forgot = GAME.score_hand(Options(), P4, hand("Per", {"Åse": "2", "Ingrid": "K"})).warnings
    assert [(w.code, w.player) for w in forgot] == [("no_cards", "Øystein")]
    full = hand("Per", {"Åse": "2", "Ingrid": "K", "Øystein": "3"})
    assert GAME.score_hand(Options(), P4, full).warnings == ()


def test_rummy_is_a_hand_flag_a_session_file_says_as_rummy_true():
    # SESSION_FORMAT.md: "rummy": true is the flag rummy for the player who went out
    read = hand_from_dict({"went_out": "Per", "left": {"Åse": ["K"]}, "rummy": True}, P4, GAME)
    assert read.flags == {"rummy": "Per"}
    assert hand_to_dict(read) == {"went_out": "Per", "left": {"Åse": ["K"]}, "rummy": True}
    score = GAME.score_hand(Options(scoring="winner_collects"), P4, read)
    assert score.points["Per"] == 20  # K = 10, doubled
    # the same flag given as flags is the same hand, written the same way
    flagged = hand_from_dict({"went_out": "Per", "flags": {"rummy": "per"}}, P4, GAME)
    assert flagged.flags == {"rummy": "Per"}
    assert hand_to_dict(flagged) == {"went_out": "Per", "left": {}, "rummy": True}
