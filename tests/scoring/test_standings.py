"""Standings: ranks with shared places, gaps, end of session (RULES.md §4)."""

import pytest
from scoring_helpers import hand

from scoring import HandError, get_game, place_totals, score_hands


@pytest.mark.parametrize(
    ("totals", "lowest", "ranks"),
    [
        ({"a": 10, "b": 10, "c": 5}, False, {"a": 1, "b": 1, "c": 3}),
        ({"a": 10, "b": 10, "c": 5}, True, {"a": 2, "b": 2, "c": 1}),
        ({"a": 1, "b": 2, "c": 3, "d": 3}, True, {"a": 1, "b": 2, "c": 3, "d": 3}),
        ({"a": 0, "b": 0}, False, {"a": 1, "b": 1}),
        ({"a": -5, "b": 3}, False, {"a": 2, "b": 1}),
    ],
)
def test_place_totals(totals, lowest, ranks):
    assert place_totals(totals, lowest_wins=lowest) == ranks


def test_swedish_standings_fields():
    game = get_game("swedish_rummy")
    opts = game.options_from_dict({"target": 150})
    players = ["A", "B", "C"]
    result = score_hands(game, opts, players, [hand("B", {"A": "8 8"}), hand("C", {"A": "K"})])
    table = result.standings
    assert table.hand_points == ({"A": 0, "B": 100, "C": 0}, {"A": 0, "B": 0, "C": 10})
    assert table.running == ({"A": 0, "B": 100, "C": 0}, {"A": 0, "B": 100, "C": 10})
    assert table.totals == {"A": 0, "B": 100, "C": 10}
    assert table.leaders == ("B",)
    assert table.gap_to_leader == {"A": 100, "B": 0, "C": 90}
    assert table.gap_to_target == {"A": 150, "B": 50, "C": 140}
    assert table.dealer == "C"  # hand 3 is dealt by the third seat
    assert (table.finished, table.winners, table.rounds_left) == (False, (), None)


def test_no_hand_after_the_end():
    game = get_game("swedish_rummy")
    with pytest.raises(HandError) as caught:
        score_hands(
            game,
            game.default_options(),
            ["A", "B"],
            [hand("A", {"B": "8 8 8"}), hand("B", {"A": "2"})],
        )
    assert (caught.value.code, caught.value.hand) == ("session_over", 2)


def test_errors_carry_the_hand_number():
    game = get_game("rummy")
    with pytest.raises(HandError) as caught:
        score_hands(
            game, game.default_options(), ["A", "B"], [hand("A", {"B": "2"}), hand("Z", {})]
        )
    assert (caught.value.code, caught.value.hand, caught.value.player) == ("unknown_player", 2, "Z")
    assert str(caught.value).startswith("hand 2")
