"""Standings: ranks with shared places, gaps, end of session (RULES.md §4)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st
from scoring_helpers import hand, played

from scoring import HandError, game_for, place_totals, score_hands, standings_from_columns
from scoring.standings import PerHand


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
    game = game_for("swedish_rummy")
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
    game = game_for("swedish_rummy")
    with pytest.raises(HandError) as caught:
        score_hands(
            game,
            game.default_options(),
            ["A", "B"],
            [hand("A", {"B": "8 8 8"}), hand("B", {"A": "2"})],
        )
    assert (caught.value.code, caught.value.hand) == ("session_over", 2)


def test_errors_carry_the_hand_number():
    game = game_for("rummy")
    with pytest.raises(HandError) as caught:
        score_hands(
            game, game.default_options(), ["A", "B"], [hand("A", {"B": "2"}), hand("Z", {})]
        )
    assert (caught.value.code, caught.value.hand, caught.value.player) == ("unknown_player", 2, "Z")
    assert str(caught.value).startswith("hand 2")


# -- the column fold against the plain loop ------------------------------------------


def _plain_fold(game, options, players, rows, went_out):
    """The fold as a plain loop over the hands (how standings were folded
    before the column fold): the reference."""
    totals = dict.fromkeys(players, 0)
    running, finished_after = [], None
    target, rounds = game.target(options), game.rounds(options)
    for number, row in enumerate(rows, 1):
        if finished_after is not None:
            raise HandError("session_over", hand=number, params={"finished_after": finished_after})
        totals = {p: totals[p] + points for p, points in zip(players, row, strict=True)}
        running.append(totals)
        if (rounds is not None and number >= rounds) or (
            target is not None and max(totals.values()) >= target
        ):
            finished_after = number
    places = place_totals(totals, lowest_wins=game.lowest_wins(options))
    leaders = tuple(p for p in players if places[p] == 1)
    return {
        "hand_points": [dict(zip(players, row, strict=True)) for row in rows],
        "running": running,
        "totals": totals,
        "places": places,
        "leaders": leaders,
        "finished_after": finished_after,
        "winners": leaders if finished_after is not None else (),
        "dealer": game.next_dealer(players, went_out),
    }


GAME_OPTIONS = st.sampled_from(
    [
        ("swedish_rummy", "target"),
        ("four_suit_rummy", "target"),
        ("rummy", "rounds"),
        ("rummy", "winner_collects"),
        ("either", "either"),
    ]
)


def _either_game(target, rounds):
    """A data-defined game that ends at a target or after some rounds,
    whichever comes first (GAME_FORMAT.md ``"end": "either"``)."""
    from scoring.definition import definition_from_dict

    return played(
        definition_from_dict(
            {
                "format": "kortpoeng-game",
                "version": 1,
                "id": "either",
                "name": {"nb": "Enten", "en": "Either"},
                "players": {"min": 2, "max": 6},
                "keys": [{"rank": "K", "points": 10}],
                "went_out": "own",
                "blocked": "own",
                "winner": "lowest",
                "end": "either",
                "target": target,
                "rounds": rounds,
            }
        )
    )


@st.composite
def folds(draw):
    """Small targets and points, so that a total often lands on the target."""
    game_id, kind = draw(GAME_OPTIONS)
    if kind == "either":
        game = _either_game(draw(st.integers(1, 30)), draw(st.integers(1, 8)))
        count = draw(st.integers(2, 6))
        players = tuple(f"P{i}" for i in range(count))
        hands = draw(st.integers(0, 12))
        rows = [
            draw(st.lists(st.integers(-5, 12), min_size=count, max_size=count))
            for _ in range(hands)
        ]
        went_out = [draw(st.none() | st.sampled_from(players)) for _ in range(hands)]
        return game, game.default_options(), players, rows, went_out
    game = game_for(game_id)
    if kind == "rounds":
        options = {"rounds": draw(st.integers(1, 8))}
    else:
        options = {"target": draw(st.integers(1, 30))}
        if kind == "winner_collects":
            options["scoring"] = "winner_collects"
    count = 2 if game_id == "four_suit_rummy" else draw(st.integers(2, 6))
    players = tuple(f"P{i}" for i in range(count))
    hands = draw(st.integers(0, 12))
    rows = [
        draw(st.lists(st.integers(-5, 12), min_size=count, max_size=count)) for _ in range(hands)
    ]
    went_out = [draw(st.none() | st.sampled_from(players)) for _ in range(hands)]
    return game, game.options_from_dict(options), players, rows, went_out


@given(folds())
def test_the_column_fold_is_the_plain_fold(fold):
    game, options, players, rows, went_out = fold
    columns = [[row[seat] for row in rows] for seat in range(len(players))]
    try:
        expected = _plain_fold(game, options, players, rows, went_out)
    except HandError as error:
        with pytest.raises(HandError) as caught:
            standings_from_columns(game, options, players, columns, went_out)
        assert (caught.value.code, caught.value.hand, caught.value.params) == (
            error.code,
            error.hand,
            error.params,
        )
        return
    table = standings_from_columns(game, options, players, columns, went_out)
    assert isinstance(table.running, PerHand) and isinstance(table.hand_points, PerHand)
    assert list(table.hand_points) == expected["hand_points"]
    assert table.running == expected["running"]  # a PerHand compares as a sequence
    assert list(table.running[-3:]) == expected["running"][-3:]
    for field in ("totals", "places", "leaders", "finished_after", "winners", "dealer"):
        assert getattr(table, field) == expected[field], field
    assert table.finished == (expected["finished_after"] is not None)


def test_per_hand_reads_like_a_tuple_of_dicts():
    made = []

    def row(index):
        made.append(index)
        return [index, -index]

    table = PerHand(("a", "b"), 3, row)
    assert made == [] and len(table) == 3
    assert table[-1] == {"a": 2, "b": -2} and table[2] is table[-1] and made == [2]
    assert table == ({"a": 0, "b": 0}, {"a": 1, "b": -1}, {"a": 2, "b": -2})
    assert table[1:] == ({"a": 1, "b": -1}, {"a": 2, "b": -2})
    assert table != ({"a": 0, "b": 0},)
    with pytest.raises(IndexError):
        table[3]
