"""Phase 10 (RULES.md §8): the built-in progress game, each worked figure
of §8.1 as a test (through the session too: totals, end, places, winner),
the errors and warnings of §8, and properties of the standings."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import Hand, HandError, score_hands, standings
from scoring.codes import BreakdownCode, WarningCode
from scoring.hands import HandScore
from scoring.progress import stage_places
from scoring.registry import game_for

GAME = game_for("phase_10")
OPTIONS = GAME.default_options()
SEATS = ["Ada", "Bo", "Cy"]


def cards(*classes):
    """Leftover cards by class: ``low`` (1–9), ``high`` (10–12), ``skip``, ``wild``."""
    return GAME.parse_leftover(classes)


#: RULES.md §8.1 example 1: Ada goes out, Bo holds 7, 11, Wild; Cy 1, 4, 4,
#: 6, 8, 9, 10, 12, Skip, Wild.
HAND_1 = Hand(
    "Ada",
    {
        "Bo": cards("low", "high", "wild"),
        "Cy": cards(*["low"] * 6, "high", "high", "skip", "wild"),
    },
    completed=("Ada", "Bo"),
)
#: Example 2's last hand: Ada completes phase 10 holding 3, 12; Bo goes out;
#: Cy on phase 8 holds 1, 2, 3, 5, 7, 8, 9, 9, 10, 11.
LAST = Hand(
    "Bo",
    {"Ada": cards("low", "high"), "Cy": cards(*["low"] * 8, "high", "high")},
    completed=("Ada", "Bo"),
)


def score(hand, seats=SEATS, number=1):
    return GAME.score_hand(OPTIONS, seats, hand, number)


def error(hand, seats=SEATS):
    with pytest.raises(HandError) as caught:
        score(hand, seats)
    return caught.value


# -- RULES.md §8.1 ----------------------------------------------------------------


def test_example_1_hand_1():
    result = score(HAND_1)
    assert result.points == {"Ada": 0, "Bo": 40, "Cy": 90}
    assert result.completed == ("Ada", "Bo")
    assert result.breakdown["Cy"][0].code is BreakdownCode.PENALTY
    assert result.warnings == ()


def test_example_1_next_hand_ada_and_bo_on_phase_2_cy_on_phase_1_again():
    table = score_hands(GAME, OPTIONS, SEATS, [HAND_1]).standings
    assert table.stages == {"Ada": 1, "Bo": 1, "Cy": 0}
    assert table.totals == {"Ada": 0, "Bo": 40, "Cy": 90}
    assert not table.finished and table.winners == ()


def _before_the_last_hand():
    """Hands bringing Ada to phase 10 with 145, Bo to phase 10 with 170 and
    Cy to phase 8 with 95 (example 2's "before it"): nine hands."""
    hands = []
    for number in range(9):
        done = ("Ada", "Bo") + (("Cy",) if number < 7 else ())
        left = {"Ada": 0, "Bo": 0, "Cy": 0}
        if number == 0:
            left = {"Ada": 145, "Bo": 170, "Cy": 95}
        out = "Cy" if number == 0 else "Ada"
        left[out] = 0
        if number == 0:
            left = {"Ada": 145, "Bo": 170, "Cy": 0}
        elif number == 1:
            left = {"Ada": 0, "Bo": 0, "Cy": 95}
            done = ("Ada", "Bo", "Cy")
        hands.append(Hand(out, {p: v for p, v in left.items() if v}, completed=done))
    return hands


def test_example_2_two_complete_phase_10_the_lower_total_of_the_two_wins():
    before = _before_the_last_hand()
    start = score_hands(GAME, OPTIONS, SEATS, before).standings
    assert start.totals == {"Ada": 145, "Bo": 170, "Cy": 95}
    assert start.stages == {"Ada": 9, "Bo": 9, "Cy": 7}  # on phases 10, 10, 8
    last = score(LAST, number=10)
    assert last.points == {"Ada": 15, "Bo": 0, "Cy": 60}
    table = score_hands(GAME, OPTIONS, SEATS, [*before, LAST]).standings
    assert table.totals == {"Ada": 160, "Bo": 170, "Cy": 155}
    assert table.finished and table.finished_after == 10
    assert table.winners == ("Ada",)
    assert table.places == {"Ada": 1, "Bo": 2, "Cy": 3}


def test_example_2_had_bo_alone_completed_phase_10_bo_wins_with_170():
    alone = Hand(LAST.went_out, LAST.left, completed=("Bo",))
    table = score_hands(GAME, OPTIONS, SEATS, [*_before_the_last_hand(), alone]).standings
    assert table.winners == ("Bo",) and table.totals["Bo"] == 170
    assert table.places == {"Bo": 1, "Ada": 2, "Cy": 3}


def test_equal_lowest_totals_among_those_who_completed_share_the_win():
    scores = [
        HandScore({"Ada": 0, "Bo": 0, "Cy": 0}, {}, {}, went_out="Ada", completed=("Ada", "Bo"))
    ]
    table = _short(scores, stages=1)
    assert table.finished_after == 1 and table.winners == ("Ada", "Bo")
    assert table.places == {"Ada": 1, "Bo": 1, "Cy": 3}


def test_a_hand_after_the_last_phase_is_refused_as_session_over():
    hands = [*_before_the_last_hand(), LAST, Hand("Cy", {}, completed=("Cy",))]
    with pytest.raises(HandError) as caught:
        score_hands(GAME, OPTIONS, SEATS, hands)
    assert (caught.value.code, caught.value.hand) == ("session_over", 11)


def test_places_go_by_phases_then_total_the_sheet_rule():
    assert stage_places(
        {"Ada": 50, "Bo": 20, "Cy": 20, "Di": 10},
        {"Ada": 3, "Bo": 2, "Cy": 2, "Di": 1},
        lowest_wins=True,
    ) == {"Ada": 1, "Bo": 2, "Cy": 2, "Di": 4}


# -- the errors and warnings of §8 ------------------------------------------------------


def test_going_out_without_completing_the_phase_is_an_error():
    caught = error(Hand("Ada", {"Bo": 10}, completed=("Bo",)))
    assert (caught.code, caught.player, caught.field) == (
        "went_out_without_stage",
        "Ada",
        "completed",
    )
    caught = error(Hand("Ada", {"Bo": 10}))  # nothing ticked
    assert caught.code == "went_out_without_stage"


@pytest.mark.parametrize("completed", [("Ada", "Zed"), ("Ada", "Ada")])
def test_an_unknown_or_twice_named_player_in_completed_is_an_error(completed):
    caught = error(Hand("Ada", {}, completed=completed))
    assert (caught.code, caught.field) == ("unknown_player", "completed")


def test_a_hand_cannot_end_with_nobody_out():
    assert error(Hand(None, {"Ada": 5}, completed=())).code == "cannot_block"


def test_completed_is_returned_in_seat_order():
    assert score(Hand("Cy", {}, completed=("Cy", "Ada"))).completed == ("Ada", "Cy")


def test_more_of_a_card_class_than_the_deck_holds_is_a_warning():
    held = {"Bo": cards(*["skip"] * 5), "Cy": cards("wild")}
    result = score(Hand("Ada", held, completed=("Ada",)))
    assert result.points == {"Ada": 0, "Bo": 75, "Cy": 25}
    assert [w.code for w in result.warnings] == [WarningCode.RANK_COUNT]


def test_more_than_the_10_cards_dealt_left_in_hand_is_a_warning():
    """RULES.md §8 *Warnings*: more than 10 cards left in a hand (10 are
    dealt). Cy with 11: a ``dealt_cards`` warning naming Cy, 11 and 10
    (none before: nothing said the deal); 10 cards, or 11 typed as points,
    are none."""
    eleven = cards(*["low"] * 7, "high", "high", "skip", "wild")
    result = score(Hand("Ada", {"Bo": cards("low"), "Cy": eleven}, completed=("Ada",)))
    assert result.points["Cy"] == 7 * 5 + 2 * 10 + 15 + 25
    assert [(w.code, w.player, w.count, w.expected) for w in result.warnings] == [
        (WarningCode.DEALT_CARDS, "Cy", 11, 10)
    ]
    assert WarningCode.DEALT_CARDS.asks
    assert score(HAND_1).warnings == ()
    typed = score(Hand("Ada", {"Bo": cards("low"), "Cy": 95}, completed=("Ada",)))
    assert WarningCode.DEALT_CARDS not in [w.code for w in typed.warnings]


# -- properties --------------------------------------------------------------------------


def _short(scores, stages):
    class Short:  # the game, with fewer stages
        def __getattr__(self, name):
            return getattr(GAME, name)

        def stages(self, options):
            return stages

    return standings(Short(), OPTIONS, SEATS, scores)


hands_st = st.lists(
    st.tuples(
        st.sampled_from(SEATS),
        st.lists(st.integers(0, 100), min_size=3, max_size=3),
        st.lists(st.booleans(), min_size=3, max_size=3),
    ),
    max_size=25,
)


@settings(max_examples=150, deadline=None)
@given(hands_st)
def test_the_session_ends_once_and_its_winners_completed_the_last_phase(rows):
    scores = []
    for out, points, ticks in rows:
        done = tuple(p for p, t in zip(SEATS, ticks, strict=True) if t or p == out)
        pts = dict(zip(SEATS, points, strict=True))
        pts[out] = 0
        scores.append(HandScore(pts, {}, {}, went_out=out, completed=done))
    stages = 4
    counts = {p: 0 for p in SEATS}
    end = None
    for number, s in enumerate(scores, 1):
        for p in s.completed:
            counts[p] += 1
        if end is None and max(counts.values()) >= stages:
            end = number
    if end is not None and end < len(scores):
        with pytest.raises(HandError):
            _short(scores, stages)
        scores = scores[:end]
    table = _short(scores, stages)
    assert table.finished == (end is not None)
    assert sum(table.stages.values()) == sum(len(s.completed) for s in scores)
    if table.finished:
        done_last = [p for p in SEATS if table.stages[p] == stages]
        best = min(table.totals[p] for p in done_last)
        assert set(table.winners) == {p for p in done_last if table.totals[p] == best}
        assert all(table.places[p] == 1 for p in table.winners)
    else:
        assert table.winners == ()
    for a in SEATS:
        for b in SEATS:
            if table.stages[a] > table.stages[b]:
                assert table.places[a] < table.places[b]
