"""Kasino (RULES.md §5): the built-in definition with its captured piles,
each worked figure of §5.2 as a test (the standings through the session too:
totals, end, winners), the options (ties, last capture, target), the
Swedish variant of §5.4, the errors and warnings of §5, and properties of
any deal."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import Hand, HandError, Pile, score_hands
from scoring.codes import BreakdownCode, WarningCode
from scoring.definition import End, HandKind, Ties, read_definition, write_definition
from scoring.house_rules import SHIPPED_RULES, rules_digest
from scoring.registry import builtin_definition, game_for

GAME = game_for("kasino")
OPTIONS = GAME.default_options()
EACH = GAME.options_from_dict({"ties": "each"})


def pile(cards: int, spades: int, named: str = "", sweeps: int = 0) -> Pile:
    return Pile(cards, {"S": spades}, tuple(named.split()), {"sweep": sweeps} if sweeps else {})


def deal(**piles: Pile) -> Hand:
    return Hand(None, captured=piles)


def score(hand: Hand, players=("Kari", "Ola"), options=OPTIONS):
    return GAME.score_hand(options, list(players), hand)


#: RULES.md §5.2, example 1: a typical two-player deal, no ties.
EXAMPLE_1 = deal(Kari=pile(29, 8, "10D AS AH", 2), Ola=pile(23, 5, "2S AD AC", 1))
#: Example 2 (three players, ties in most cards and most spades), and a first
#: deal that gives the totals before it: Kari 9, Ola 5, Per 4.
FIRST_OF_3 = deal(
    Kari=pile(25, 7, "10D AS AH", 1), Ola=pile(15, 4, "2S AD AC", 2), Per=pile(12, 2, "", 4)
)
EXAMPLE_2 = deal(Kari=pile(20, 5, "10D AS"), Ola=pile(20, 5, "AH AD"), Per=pile(12, 3, "2S AC", 1))
THREE = ("Kari", "Ola", "Per")
#: Example 3 (the end of a session to 21) and two deals before it that give
#: Kari 19, Ola 18.
BEFORE_3 = (EXAMPLE_1, deal(Kari=pile(20, 5, "", 9), Ola=pile(32, 8, "10D 2S AS AH AD AC", 3)))
EXAMPLE_3 = deal(Kari=pile(26, 7, "2S AS AH"), Ola=pile(26, 6, "10D AD AC", 1))


def test_the_definition_names_its_rule_book_and_says_the_table_of_section_5_1():
    definition = builtin_definition("kasino")
    assert definition.source.title == "Casino"
    assert definition.source.publisher == "Encyclopædia Britannica"
    assert definition.source.url == (
        "http://media-2.web.britannica.com/eb-diffs/988/97988-14533-20626.html"
    )
    assert definition.hand is HandKind.CAPTURED and definition.keys == ()
    assert (definition.min_players, definition.max_players) == (2, 4)
    captures = definition.captures
    assert [(c.id, c.of, c.points) for c in captures.most] == [
        ("most_cards", "cards", 3),
        ("most_spades", "S", 1),
    ]
    assert [(n.card, n.rank, n.points) for n in captures.named] == [
        ("10D", None, 2),
        ("2S", None, 1),
        (None, "A", 1),
    ]
    assert [(e.id, e.points, e.name.nb) for e in captures.events] == [("sweep", 1, "Tabbe")]
    assert captures.ties is Ties.NOBODY
    assert definition.end is End.TARGET and GAME.target(OPTIONS) == 21
    assert not GAME.lowest_wins(OPTIONS) and not GAME.can_go_out(OPTIONS)
    assert [p.value for p in GAME.presets(OPTIONS, 2)] == [11, 16, 21]
    assert [p.value for p in GAME.presets(OPTIONS, 2) if p.suggested] == [21]


def test_the_definition_is_written_as_version_2_and_its_digest_is_shipped():
    definition = builtin_definition("kasino")
    text = write_definition(definition)
    assert json.loads(text)["version"] == 2 and json.loads(text)["hand"] == "captured"
    assert "keys" not in json.loads(text) and "went_out" not in json.loads(text)
    assert read_definition(text) == definition
    assert SHIPPED_RULES["kasino"][-1] == rules_digest(definition)


def test_example_1_a_typical_two_player_deal():
    result = score(EXAMPLE_1)
    assert result.points == {"Kari": 10, "Ola": 4}
    assert [(i.code, i.item, i.points) for i in result.breakdown["Kari"]] == [
        (BreakdownCode.MOST, "cards", 3),
        (BreakdownCode.MOST, "S", 1),
        (BreakdownCode.NAMED, "10D", 2),
        (BreakdownCode.NAMED, "AS", 1),
        (BreakdownCode.NAMED, "AH", 1),
        (BreakdownCode.EVENT, "sweep", 2),
    ]
    assert [(i.code, i.item, i.points, i.count) for i in result.breakdown["Ola"]] == [
        (BreakdownCode.NAMED, "2S", 1, 1),
        (BreakdownCode.NAMED, "AD", 1, 1),
        (BreakdownCode.NAMED, "AC", 1, 1),
        (BreakdownCode.EVENT, "sweep", 1, 1),
    ]
    # the base points add up to 11 (8 + 3), the 3 sweeps come on top
    assert sum(result.points.values()) == 11 + 3
    assert result.warnings == () and result.notes == ()
    table = score_hands(GAME, OPTIONS, ["Kari", "Ola"], [EXAMPLE_1]).standings
    assert table.totals == {"Kari": 10, "Ola": 4} and not table.finished


def test_example_2_ties_score_nobody_by_default():
    result = score(EXAMPLE_2, THREE)
    assert result.points == {"Kari": 3, "Ola": 2, "Per": 3}
    # each tie is a note on the whole hand, naming the tied players and the count
    assert [(n.code, n.item, n.value, n.players) for n in result.notes] == [
        (BreakdownCode.MOST, "cards", 20, ("Kari", "Ola")),
        (BreakdownCode.MOST, "S", 5, ("Kari", "Ola")),
    ]
    table = score_hands(GAME, OPTIONS, list(THREE), [FIRST_OF_3, EXAMPLE_2]).standings
    assert score(FIRST_OF_3, THREE).points == {"Kari": 9, "Ola": 5, "Per": 4}
    assert table.totals == {"Kari": 12, "Ola": 7, "Per": 7}


def test_example_2_ties_score_each_with_the_option():
    result = score(EXAMPLE_2, THREE, EACH)
    assert result.points == {"Kari": 7, "Ola": 6, "Per": 3}
    assert [(i.item, i.points, i.players) for i in result.breakdown["Ola"]][:2] == [
        ("cards", 3, ("Kari", "Ola")),
        ("S", 1, ("Kari", "Ola")),
    ]
    assert result.notes == ()
    table = score_hands(GAME, EACH, list(THREE), [FIRST_OF_3, EXAMPLE_2]).standings
    assert table.totals == {"Kari": 16, "Ola": 11, "Per": 7}


def test_example_3_both_reach_21_equal_and_share_the_win():
    assert score_hands(GAME, OPTIONS, ["Kari", "Ola"], list(BEFORE_3)).standings.totals == {
        "Kari": 19,
        "Ola": 18,
    }
    result = score(EXAMPLE_3)
    assert result.points == {"Kari": 4, "Ola": 5}
    assert [(n.item, n.players) for n in result.notes] == [("cards", ("Kari", "Ola"))]
    table = score_hands(GAME, OPTIONS, ["Kari", "Ola"], [*BEFORE_3, EXAMPLE_3]).standings
    assert table.totals == {"Kari": 23, "Ola": 23}
    assert table.finished and table.finished_after == 3
    assert table.winners == ("Kari", "Ola")
    assert table.places == {"Kari": 1, "Ola": 1}
    with pytest.raises(HandError) as caught:
        score_hands(GAME, OPTIONS, ["Kari", "Ola"], [*BEFORE_3, EXAMPLE_3, EXAMPLE_1])
    assert (caught.value.code, caught.value.hand) == ("session_over", 4)


def test_a_target_of_11_ends_the_session_after_the_first_deal_that_reaches_it():
    options = GAME.options_from_dict({"target": 11})
    table = score_hands(GAME, options, ["Kari", "Ola"], [EXAMPLE_1, EXAMPLE_1]).standings
    assert table.totals == {"Kari": 20, "Ola": 8}
    assert table.finished and table.finished_after == 2 and table.winners == ("Kari",)


def test_the_last_capture_is_a_point_only_with_its_option():
    hand = Hand(None, captured=EXAMPLE_1.captured, flags={"last_capture": "Ola"})
    with pytest.raises(HandError) as caught:
        score(hand)
    assert caught.value.code == "flag_unknown"
    options = GAME.options_from_dict({"last_capture": True})
    result = score(hand, options=options)
    assert result.points == {"Kari": 10, "Ola": 5}
    assert (result.breakdown["Ola"][-1].code, result.breakdown["Ola"][-1].flag) == (
        BreakdownCode.FLAG_BONUS,
        "last_capture",
    )


def test_the_swedish_variant_of_section_5_4_made_as_data():
    data = json.loads(write_definition(builtin_definition("kasino")))
    data["id"] = "swedish_kasino"
    data["captures"]["most"] = [
        {"id": "most_cards", "of": "cards", "points": 1},
        {"id": "most_spades", "of": "S", "points": 2},
    ]
    data["flags"][0]["in_play"] = True
    data["target"] = 16
    data["options"] = []
    game = game_for("swedish_kasino", read_definition(json.dumps(data)))
    options = game.default_options()
    hand = Hand(None, captured=EXAMPLE_1.captured, flags={"last_capture": "Ola"})
    result = game.score_hand(options, ["Kari", "Ola"], hand)
    # Kari: 1 + 2 + 2 + 1 + 1 + 2 sweeps; Ola: 1 + 1 + 1 + 1 sweep + 1 last capture
    assert result.points == {"Kari": 9, "Ola": 5}
    assert game.target(options) == 16


def test_an_option_may_give_a_comparison_or_a_named_rank_other_points():
    data = json.loads(write_definition(builtin_definition("kasino")))
    data["options"].append(
        {
            "id": "swedish",
            "kind": "switch",
            "name": {"nb": "Svensk", "en": "Swedish"},
            "set": {"points": {"most_cards": 1, "most_spades": 2, "A": 2}},
        }
    )
    game = game_for("kasino", read_definition(json.dumps(data)))
    options = game.options_from_dict({"swedish": True})
    result = game.score_hand(options, ["Kari", "Ola"], EXAMPLE_1)
    # Kari: 1 + 2 + 10♦ 2 + two aces 4 + 2 sweeps; Ola: 2♠ 1 + two aces 4 + 1 sweep
    assert result.points == {"Kari": 11, "Ola": 6}


@pytest.mark.parametrize(
    ("piles", "player", "what"),
    [
        ({"Kari": pile(53, 8)}, "Kari", "cards"),
        ({"Kari": pile(-1, 0)}, "Kari", "cards"),
        ({"Ola": pile(20, 14)}, "Ola", "S"),
        ({"Ola": pile(5, 6)}, "Ola", "S"),  # more spades than cards
        ({"Kari": pile(20, 5, "", 27)}, "Kari", "sweep"),
        ({"Kari": Pile(True, {"S": 1})}, "Kari", "cards"),  # not a whole number
    ],
)
def test_a_count_out_of_range_is_an_error_naming_the_player(piles, player, what):
    with pytest.raises(HandError) as caught:
        score(deal(**piles))
    assert (caught.value.code, caught.value.player, caught.value.params["what"]) == (
        "count_range",
        player,
        what,
    )


@pytest.mark.parametrize(
    ("hand", "code"),
    [
        (deal(Per=pile(20, 5)), "unknown_player"),
        (deal(Kari=Pile(20, {"H": 5})), "pile_unknown"),  # hearts are not compared
        (deal(Kari=pile(20, 5, "KD")), "pile_unknown"),  # not a named card
        (deal(Kari=Pile(20, {}, (), {"tabbe": 1})), "pile_unknown"),
        (Hand("Kari", captured={"Kari": pile(20, 5)}), "went_out_not_allowed"),
        (Hand(None, {"Kari": 5}), "pile_unknown"),
    ],
)
def test_what_the_rules_cannot_score_is_refused(hand, code):
    with pytest.raises(HandError) as caught:
        score(hand)
    assert caught.value.code == code


def test_warnings_counts_that_do_not_add_up_and_named_cards_astray():
    hand = deal(Kari=pile(29, 1, "10D AS AH 2S", 2), Ola=pile(20, 5, "2S AD", 1))
    result = score(hand)
    assert [(w.code, w.card, w.player, w.count, w.expected) for w in result.warnings] == [
        (WarningCode.CAPTURE_TOTAL, "cards", None, 49, 52),
        (WarningCode.CAPTURE_TOTAL, "S", None, 6, 13),
        (WarningCode.NAMED_CARD_COUNT, "2S", None, 2, 1),  # in two piles
        (WarningCode.NAMED_CARD_COUNT, "AC", None, 0, 1),  # in none
        (WarningCode.NAMED_SUIT_COUNT, "S", "Kari", 1, 2),  # A♠ and 2♠, 1 spade
    ]
    assert all(w.code.asks for w in result.warnings)
    # a deal scored whole: every warning of RULES.md §5 is still scorable
    assert result.points == {"Kari": 3 + 2 + 1 + 1 + 1 + 2, "Ola": 1 + 1 + 1 + 1}


def test_a_player_without_a_pile_captured_nothing():
    result = score(deal(Kari=pile(52, 13, "10D 2S AS AH AD AC", 3)), ("Kari", "Ola", "Per"))
    assert result.points == {"Kari": 3 + 1 + 2 + 1 + 4 + 3, "Ola": 0, "Per": 0}
    assert result.warnings == ()


def test_nobody_scores_a_comparison_nobody_captured_any_of():
    result = score(deal(Kari=pile(52, 0), Ola=pile(0, 0)))
    assert [i.item for i in result.breakdown["Kari"]] == ["cards"]
    assert result.notes == ()


_DEAL = st.integers(0, 52).flatmap(
    lambda kari: st.tuples(
        st.just(kari),
        st.integers(max(0, 13 - (52 - kari)), min(13, kari)),
        st.lists(st.booleans(), min_size=6, max_size=6),
        st.integers(0, 26),
        st.integers(0, 26),
    )
)
_CHIPS = ("10D", "2S", "AS", "AH", "AD", "AC")


def _two(kari: int, spades: int, mine: list[bool], sweeps_k: int, sweeps_o: int) -> Hand:
    return deal(
        Kari=Pile(
            kari,
            {"S": spades},
            tuple(c for c, m in zip(_CHIPS, mine, strict=True) if m),
            {"sweep": sweeps_k},
        ),
        Ola=Pile(
            52 - kari,
            {"S": 13 - spades},
            tuple(c for c, m in zip(_CHIPS, mine, strict=True) if not m),
            {"sweep": sweeps_o},
        ),
    )


@settings(max_examples=200, deadline=None)
@given(_DEAL)
def test_any_whole_two_player_deal_gives_11_less_ties_plus_the_sweeps(values):
    kari, spades, mine, sweeps_k, sweeps_o = values
    result = score(_two(kari, spades, mine, sweeps_k, sweeps_o))
    tied = 3 * (kari == 26)  # 13 spades cannot tie between two
    assert sum(result.points.values()) == 11 - tied + sweeps_k + sweeps_o
    # whole counts and every named card once: only a spade count below the
    # pile's named spades (a drawing this strategy allows) can warn
    assert {w.code for w in result.warnings} <= {WarningCode.NAMED_SUIT_COUNT}
    # each player's points are the sum of their lines
    for player, items in result.breakdown.items():
        assert sum(i.points for i in items) == result.points[player]
    # with ties: each, a tie gives both the 3
    each = score(_two(kari, spades, mine, sweeps_k, sweeps_o), options=EACH)
    assert sum(each.points.values()) == 11 + tied + sweeps_k + sweeps_o


@settings(max_examples=100, deadline=None)
@given(_DEAL)
def test_swapping_the_players_swaps_the_points(values):
    kari, spades, mine, sweeps_k, sweeps_o = values
    hand = _two(kari, spades, mine, sweeps_k, sweeps_o)
    swapped = deal(Kari=hand.captured["Ola"], Ola=hand.captured["Kari"])
    assert score(hand).points == {
        "Kari": score(swapped).points["Ola"],
        "Ola": score(swapped).points["Kari"],
    }


# -- partnerships (RULES.md §5, example 4; GAME_FORMAT.md ``teams``) -----------

PARTNERS = GAME.options_from_dict({"partners": True})
#: Seats 1 and 3 against 2 and 4: Kari and Per against Ola and Liv.
FOUR = ["Kari", "Ola", "Per", "Liv"]
#: Example 4: a pile a partnership, under its first player.
EXAMPLE_4 = deal(Kari=pile(30, 9, "10D 2S AS", 1), Ola=pile(22, 4, "AH AD AC", 2))


def test_example_4_partnerships_score_one_pile_a_pair_and_share_the_total():
    from scoring.captures import seating

    assert seating(GAME, PARTNERS, FOUR) == (("Kari", "Per"), ("Ola", "Liv"))
    result = score(EXAMPLE_4, FOUR, PARTNERS)
    assert result.points == {"Kari": 9, "Ola": 5, "Per": 9, "Liv": 5}
    assert result.breakdown["Per"] == result.breakdown["Kari"]
    assert [(i.code, i.item, i.points) for i in result.breakdown["Ola"]] == [
        (BreakdownCode.NAMED, "AH", 1),
        (BreakdownCode.NAMED, "AD", 1),
        (BreakdownCode.NAMED, "AC", 1),
        (BreakdownCode.EVENT, "sweep", 2),
    ]
    assert result.warnings == ()
    # the standings are the pairs': both partners of the pair to 21 share the win
    table = score_hands(GAME, PARTNERS, FOUR, [EXAMPLE_4, EXAMPLE_4, EXAMPLE_4]).standings
    assert table.totals == {"Kari": 27, "Ola": 15, "Per": 27, "Liv": 15}
    assert table.finished and table.winners == ("Kari", "Per")


def test_partnerships_refuse_a_pile_under_the_second_partner_and_uneven_seats():
    from scoring import OptionError
    from scoring.captures import seating

    with pytest.raises(HandError) as caught:
        score(deal(Per=pile(30, 9)), FOUR, PARTNERS)
    assert (caught.value.code, caught.value.player) == ("teams_player", "Per")
    with pytest.raises(OptionError) as uneven:
        seating(GAME, PARTNERS, ["Kari", "Ola", "Per"])
    assert uneven.value.code == "teams_uneven"
    with pytest.raises(OptionError):
        seating(GAME, PARTNERS, ["Kari", "Ola"])  # one team is no game
    # without the option, every player is a team of one
    assert seating(GAME, OPTIONS, ["Kari", "Ola", "Per"]) == (("Kari",), ("Ola",), ("Per",))


def test_the_last_capture_of_a_partner_counts_for_the_pair():
    options = GAME.options_from_dict({"partners": True, "last_capture": True})
    hand = Hand(None, captured=EXAMPLE_4.captured, flags={"last_capture": "Liv"})
    assert score(hand, FOUR, options).points == {"Kari": 9, "Ola": 6, "Per": 9, "Liv": 6}
