"""Swedish Rummy and Rummy are their game definitions, which score exactly as
the coded games they replaced (RULES.md §1, §3; the coded scoring is kept as
the reference in coded_reference.py): every hand score (points, breakdown,
leftover, warnings), every refusal, the standings, and every worked figure of
the rule book."""

from __future__ import annotations

import pytest
from coded_reference import RUMMY as CODED_RUMMY
from coded_reference import SWEDISH_RUMMY as CODED_SWEDISH
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scoring_helpers import hand

from scoring import Card, Hand, ScoringError, game_for, score_hands, standings
from scoring.rules import MAX_POINTS

SEEDS = ("swedish_rummy", "rummy")
DATA = {game_id: game_for(game_id) for game_id in SEEDS}
CODED = {"swedish_rummy": CODED_SWEDISH, "rummy": CODED_RUMMY}
CARDS = Card.all()  # suited, suitless and the joker
NAMES = [
    "Anna",
    "Bjørn",
    "Cecilie",
    "Dag",
    "Eva",
    "Frode",
    "Gro",
    "Hans",
    "Ida",
    "Jon",
    "Kari",
    "Lars",
]


@st.composite
def option_dicts(draw, game_id):
    """Any options the game has, as a session file holds them (only some keys)."""
    if game_id == "swedish_rummy":
        space = {
            "target": st.integers(1, 400),
            "blocked_scoring": st.sampled_from(["lowest_collects", "no_score"]),
            **{
                name: st.booleans()
                for name in (
                    "skip_aces",
                    "draw_two",
                    "reverse_queens",
                    "reverse_jokers",
                    "one_card",
                    "ups_and_downs",
                    "reshuffle_discards",
                )
            },
        }
    else:
        space = {
            "scoring": st.sampled_from(["penalty", "winner_collects"]),
            "rounds": st.integers(1, 8),
            "target": st.integers(1, 300),
        }
    keys = draw(st.lists(st.sampled_from(sorted(space)), unique=True))
    return {key: draw(space[key]) for key in sorted(keys, key=list(space).index)}


def leftovers(jokers):
    cards = CARDS if jokers else [c for c in CARDS if c.rank.value != "JKR"]
    return st.one_of(
        st.lists(st.sampled_from(cards), max_size=9).map(tuple),
        st.integers(0, 120),
        st.sampled_from([MAX_POINTS, MAX_POINTS + 1, -1]),
    )


@st.composite
def sessions(draw):
    game_id = draw(st.sampled_from(SEEDS))
    options = draw(option_dicts(game_id))
    most = 12 if game_id == "swedish_rummy" else 6
    players = tuple(NAMES[: draw(st.integers(2, most))])
    # jokers mostly only where the options put them in the deck: a joker
    # elsewhere must be refused alike by both
    jokers = options.get("reverse_jokers", False) or draw(st.integers(0, 9)) == 0
    hands = []
    for _ in range(draw(st.integers(0, 8))):
        went_out = draw(st.none() | st.sampled_from(players))
        left = {
            player: draw(leftovers(jokers))
            for player in players
            if player != went_out and draw(st.integers(0, 4))
        }
        if went_out is not None and draw(st.integers(0, 15)) == 0:
            left[went_out] = draw(leftovers(jokers))  # refused: went out holding cards
        # rummy (the flag for who went out) now and then; Swedish Rummy has no such flag
        rummy = went_out is not None and draw(st.integers(0, 3 if game_id == "rummy" else 30)) == 0
        hands.append(Hand(went_out, left, flags={"rummy": went_out} if rummy else {}))
    return game_id, options, players, hands


def _outcome(game, options, players, hand):
    try:
        return game.score_hand(options, players, hand)
    except ScoringError as error:
        return (type(error), error.code, error.player, error.field, error.card, error.params)


def _standings(game, options, players, scores):
    try:
        return standings(game, options, players, scores)
    except ScoringError as error:
        return (error.code, error.hand, error.params)


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sessions())
def test_data_seed_games_score_exactly_as_the_coded_ones(session):
    game_id, option_dict, players, hands = session
    coded, data = CODED[game_id], DATA[game_id]
    coded_options = coded.options_from_dict(option_dict)
    data_options = data.options_from_dict(option_dict)
    assert data.options_to_dict(data_options) == coded.options_to_dict(coded_options)
    for rule in ("lowest_wins", "target", "rounds", "can_block", "uses_jokers", "card_values"):
        assert getattr(data, rule)(data_options) == getattr(coded, rule)(coded_options), rule
    assert data.decks(players) == coded.decks(players)
    assert data.presets(data_options, len(players)) == coded.presets(coded_options, len(players))
    assert data.keypad(data_options) == coded.keypad(coded_options)
    coded_scores, data_scores = [], []
    for entered in hands:
        expected = _outcome(coded, coded_options, players, entered)
        assert _outcome(data, data_options, players, entered) == expected
        if not isinstance(expected, tuple):
            coded_scores.append(expected)
            data_scores.append(_outcome(data, data_options, players, entered))
    assert _standings(data, data_options, players, data_scores) == _standings(
        coded, coded_options, players, coded_scores
    )


@pytest.mark.parametrize("game_id", SEEDS)
def test_the_same_game_and_options(game_id):
    coded, data = CODED[game_id], DATA[game_id]
    assert (data.id, data.min_players, data.max_players) == (
        coded.id,
        coded.min_players,
        coded.max_players,
    )
    coded_fields = [f.name for f in __import__("dataclasses").fields(coded.options_type)]
    data_fields = [f.name for f in __import__("dataclasses").fields(data.options_type)]
    assert data_fields == coded_fields
    assert coded.options_to_dict(coded.default_options()) == {}
    assert data.options_to_dict(data.default_options()) == {}


# -- RULES.md worked figures, on the data versions ---------------------------

SWEDISH = DATA["swedish_rummy"]
RUMMY = DATA["rummy"]


def test_swedish_reverse_queens_and_draw_two_q_8_2_is_90():
    options = SWEDISH.options_from_dict({"reverse_queens": True, "draw_two": True})
    score = SWEDISH.score_hand(options, ["Ola", "Kari"], hand("Ola", {"Kari": "Q 8 2"}))
    assert score.points == {"Ola": 90, "Kari": 0}


@pytest.mark.parametrize(
    ("option", "cards", "points"),
    [
        ("skip_aces", "A", 20),
        ("draw_two", "2", 20),
        ("reverse_queens", "Q", 20),
        ("reverse_jokers", "JKR", 20),
        ("reverse_jokers", "8", 50),  # the 8 is 50 whatever the variants
        ("one_card", "Q 8 2", 62),
        ("ups_and_downs", "Q 8 2", 62),
    ],
)
def test_swedish_action_cards_count_20(option, cards, points):
    options = SWEDISH.options_from_dict({option: True})
    score = SWEDISH.score_hand(options, ["Ola", "Kari"], hand("Ola", {"Kari": cards}))
    assert score.points["Ola"] == points


def test_swedish_blocked_12_20_35_lowest_scores_8_plus_23():
    players = ["Mormor", "Lise", "Jonas"]
    score = SWEDISH.score_hand(
        SWEDISH.default_options(),
        players,
        hand(None, {"Mormor": "10 2", "Lise": "K Q", "Jonas": 35}),
    )
    assert score.points == {"Mormor": 31, "Lise": 0, "Jonas": 0}
    assert [item.points for item in score.breakdown["Mormor"]] == [8, 23]


def test_swedish_blocked_no_score_and_reshuffle():
    players = ["Mormor", "Lise", "Jonas"]
    blocked = hand(None, {"Mormor": "2", "Lise": "K", "Jonas": "8"})
    no_score = SWEDISH.options_from_dict({"blocked_scoring": "no_score"})
    assert set(SWEDISH.score_hand(no_score, players, blocked).points.values()) == {0}
    reshuffle = SWEDISH.options_from_dict({"reshuffle_discards": True})
    with pytest.raises(ScoringError) as caught:
        SWEDISH.score_hand(reshuffle, players, blocked)
    assert caught.value.code == "cannot_block"


@pytest.mark.parametrize(("before", "won", "finished"), [(90, 10, True), (90, 9, False)])
def test_swedish_ends_when_a_total_reaches_the_target(before, won, finished):
    hands = [hand("Ola", {"Kari": before}), hand("Ola", {"Kari": won})]
    result = score_hands(SWEDISH, SWEDISH.default_options(), ["Ola", "Kari"], hands)
    assert result.standings.finished is finished


def test_swedish_two_decks_from_seven_players():
    assert (SWEDISH.decks(NAMES[:6]), SWEDISH.decks(NAMES[:7])) == (1, 2)


def test_rummy_penalty_k_7_a_is_18():
    score = RUMMY.score_hand(
        RUMMY.default_options(), ["Ola", "Kari"], hand("Ola", {"Kari": "K 7 A"})
    )
    assert score.points == {"Ola": 0, "Kari": 18}
    assert [(i.code, i.points) for i in score.breakdown["Kari"]] == [("penalty", 18)]


def test_rummy_winner_collects_doubles_for_rummy_and_blocked_scores_nothing():
    options = RUMMY.options_from_dict({"scoring": "winner_collects"})
    players = ["Ingrid", "Åse", "Per"]
    rummy = RUMMY.score_hand(
        options, players, hand("Per", {"Ingrid": "K", "Åse": "5 5"}, rummy=True)
    )
    assert rummy.points == {"Ingrid": 0, "Åse": 0, "Per": 40}
    assert [i.code for i in rummy.breakdown["Per"]] == ["collected", "collected", "flag_multiplied"]
    blocked = RUMMY.score_hand(options, players, hand(None, {"Ingrid": "K", "Åse": "5 5"}))
    assert set(blocked.points.values()) == {0}
    with pytest.raises(ScoringError) as caught:  # no rummy flag with penalty scoring
        RUMMY.score_hand(RUMMY.default_options(), players, hand("Per", {}, rummy=True))
    assert caught.value.code == "rummy_not_allowed"


def test_rummy_five_rounds_lowest_wins_shared():
    p4 = ["Ingrid", "Åse", "Øystein", "Per"]
    rounds = [
        hand("Ingrid", {"Åse": "5", "Øystein": "K", "Per": "2"}),
        hand("Åse", {"Ingrid": "5", "Øystein": "K", "Per": "2"}),
        hand("Per", {"Ingrid": "2", "Åse": "2", "Øystein": "A"}),
        hand("Øystein", {"Ingrid": "3", "Åse": "3", "Per": "9"}),
        hand("Per", {"Ingrid": "A", "Åse": "A"}),
    ]
    table = score_hands(RUMMY, RUMMY.default_options(), p4, rounds).standings
    assert table.totals == {"Ingrid": 11, "Åse": 11, "Øystein": 21, "Per": 13}
    assert table.places == {"Ingrid": 1, "Åse": 1, "Øystein": 4, "Per": 3}
    assert table.finished_after == 5 and table.winners == ("Ingrid", "Åse")


def test_rummy_two_players_winner_deals_next():
    ab = ["Ola", "Kari"]
    options = RUMMY.options_from_dict({"rounds": 9})
    dealers, hands = [], []
    for went_out in ["Kari", "Kari", None, "Ola"]:
        dealers.append(score_hands(RUMMY, options, ab, hands).standings.dealer)
        hands.append(hand(went_out, {}))
    dealers.append(score_hands(RUMMY, options, ab, hands).standings.dealer)
    assert dealers == ["Ola", "Kari", "Kari", "Ola", "Ola"]


def test_rummy_joker_is_not_in_play():
    with pytest.raises(ScoringError) as caught:
        RUMMY.score_hand(RUMMY.default_options(), ["Per", "Åse"], hand("Per", {"Åse": "JKR"}))
    assert (caught.value.code, caught.value.card) == ("joker_not_in_play", "JKR")
