"""Hypothesis properties of the scoring package."""

from __future__ import annotations

import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import (
    Card,
    CardParseError,
    Hand,
    Rank,
    Run,
    Suit,
    ace_choices,
    game_for,
    parse_card,
    read_session,
    resolve_run,
    score_hands,
    write_session,
)
from scoring.session_file import SessionDoc

NAMES = st.lists(
    st.text(alphabet="abcdeføæåABCØ ", min_size=1, max_size=8).map(str.strip).filter(bool),
    min_size=2,
    max_size=6,
    unique_by=str.casefold,
)
PLAIN = [c for c in Card.all(with_joker=False)]


@st.composite
def runs(draw):
    """A valid Four Suit Rummy run, sometimes with its suit's ace standing in."""
    suit = draw(st.sampled_from("SHDC"))
    low = draw(st.integers(1, 11))
    ranks = [Rank.from_order(n) for n in range(low, low + 3)]
    ace_at = draw(st.none() | st.integers(0, 2))
    stands_for = Rank.ACE if Rank.ACE in ranks else None
    if ace_at is not None and stands_for is None:
        stands_for = ranks[ace_at]
        ranks[ace_at] = Rank.ACE
    cards = tuple(Card(rank, Suit(suit)) for rank in draw(st.permutations(ranks)))
    ace_as = stands_for
    if stands_for is not None and len(ace_choices(cards)) == 1 and draw(st.booleans()):
        ace_as = None  # unambiguous: may be left out
    return Run(cards, ace_as)


@st.composite
def four_suit_sessions(draw):
    players = tuple(draw(NAMES.map(lambda names: names[:2]).filter(lambda n: len(n) == 2)))
    game = game_for("four_suit_rummy")
    options = dataclasses.replace(game.default_options(), target=draw(st.integers(100, 3000)))
    hands = []
    for _ in range(draw(st.integers(0, 4))):
        went_out = draw(st.none() | st.sampled_from(players))
        laid = {p: tuple(draw(st.lists(runs(), min_size=1, max_size=4))) for p in players}
        left = {  # an empty list is the same as none: the reader keeps none
            p: draw(
                st.integers(0, 60)
                | st.lists(st.sampled_from(PLAIN), min_size=1, max_size=6).map(tuple)
            )
            for p in players
            if p != went_out
        }
        hands.append(Hand(went_out, left, laid))
    return SessionDoc(game.id, options, players, tuple(hands))


@st.composite
def sessions(draw, game_id=None):
    game_id = game_id or draw(st.sampled_from(["swedish_rummy", "rummy", "four_suit_rummy"]))
    if game_id == "four_suit_rummy":
        return draw(four_suit_sessions())
    game = game_for(game_id)
    players = tuple(draw(NAMES))
    options = game.default_options()
    if game_id == "swedish_rummy":
        options = dataclasses.replace(
            options,
            target=draw(st.integers(50, 2000)),
            skip_aces=draw(st.booleans()),
            draw_two=draw(st.booleans()),
            reverse_queens=draw(st.booleans()),
            blocked_scoring=draw(st.sampled_from(["lowest_collects", "no_score"])),
        )
    else:
        options = dataclasses.replace(
            options,
            scoring=draw(st.sampled_from(["penalty", "winner_collects"])),
            rounds=draw(st.integers(1, 10)),
            target=draw(st.integers(100, 1000)),
        )
    hands = []
    for _ in range(draw(st.integers(0, 6))):
        went_out = draw(st.none() | st.sampled_from(players))
        left = {}
        for player in players:
            if player == went_out or draw(st.booleans()):
                continue
            left[player] = draw(  # an empty list is the same as none: the reader keeps none
                st.integers(0, 80)
                | st.lists(st.sampled_from(PLAIN), min_size=1, max_size=7).map(tuple)
            )
        rummy = game_id == "rummy" and options.scoring == "winner_collects" and went_out is not None
        flags = {"rummy": went_out} if rummy and draw(st.booleans()) else {}
        hands.append(Hand(went_out, left, {}, flags=flags))
    return SessionDoc(game_id, options, players, tuple(hands))


def _score(doc):
    try:
        return score_hands(doc.rules, doc.options, doc.players, doc.hands)
    except Exception as error:  # only "session over" may stop a generated session
        assert getattr(error, "code", None) == "session_over"
        return None


@given(sessions())
def test_totals_are_the_sum_of_hand_points(doc):
    result = _score(doc)
    if result is None:
        return
    table = result.standings
    for player in doc.players:
        assert table.totals[player] == sum(points[player] for points in table.hand_points)
        for score in result.hand_scores:
            assert sum(item.points for item in score.breakdown[player]) == score.points[player]


@given(sessions(), st.randoms())
def test_order_of_left_does_not_matter(doc, rnd):
    shuffled = []
    for hand in doc.hands:
        items = list(hand.left.items())
        rnd.shuffle(items)
        shuffled.append(dataclasses.replace(hand, left=dict(items)))
    first, second = _score(doc), _score(dataclasses.replace(doc, hands=tuple(shuffled)))
    if first is None:
        assert second is None
        return
    assert first.standings == second.standings
    assert sorted(map(repr, first.warnings)) == sorted(map(repr, second.warnings))


@given(st.sampled_from(Card.all()))
def test_card_text_round_trips(card):
    assert parse_card(str(card)) == card
    assert parse_card(card.symbol()) == card
    assert parse_card(str(card).lower()) == card


@settings(max_examples=500)
@given(st.text(max_size=30))
def test_parser_raises_only_its_own_error(text):
    try:
        card = parse_card(text)
    except CardParseError as error:
        assert error.code.startswith("card_")
    else:
        assert isinstance(card, Card)


@given(sessions())
def test_write_then_read_gives_the_same_session(doc):
    assert read_session(write_session(doc)) == doc


@given(runs())
def test_a_valid_run_resolves_to_three_consecutive_ranks(run):
    low, mid, high = resolve_run(run)
    assert (mid, high) == (low + 1, low + 2) and 1 <= low <= 11
    fixed = {card.rank.order for card in run.cards if card.rank is not Rank.ACE}
    assert fixed <= {low, mid, high}
