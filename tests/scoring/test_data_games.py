"""The built-in games defined as data, each against a worked example from the
rule book its definition names (GAME_FORMAT.md, registry)."""

from __future__ import annotations

import pytest
from scoring_helpers import DEFINED, cards, hand

from scoring import Face, Hand, HandError, OptionError, score_hands
from scoring.registry import BUILTIN_GAME_IDS, builtin_definition, game_for
from scoring.standings import standings

CRAZY = game_for("crazy_eights")
HEARTS = game_for("hearts")
COLOURS = game_for("colour_cards")
P4 = ["Anna", "Bjørn", "Cecilie", "Dag"]


def test_registry_lists_the_built_in_games_in_the_pickers_order():
    assert list(BUILTIN_GAME_IDS) == [
        "swedish_rummy",
        "rummy",
        "four_suit_rummy",
        "crazy_eights",
        "hearts",
        "colour_cards",
        "five_crowns",
        "kasino",
        "plump",
        "phase_10",
    ]
    assert game_for("four_suit_rummy").uses_runs
    # every game but the coded Four Suit Rummy is its definition
    assert [g for g in BUILTIN_GAME_IDS if game_for(g).definition is None] == ["four_suit_rummy"]
    for game_id in DEFINED:
        assert game_for(game_id).definition == builtin_definition(game_id)
    assert builtin_definition("four_suit_rummy") is None
    with pytest.raises(OptionError) as caught:
        game_for("poker")
    assert (caught.value.code, caught.value.field) == ("game_unknown", "game")
    with pytest.raises(OptionError):
        builtin_definition("../../etc/passwd")


@pytest.mark.parametrize("game_id", ["crazy_eights", "hearts", "colour_cards"])
def test_each_data_game_names_its_rule_book(game_id):
    source = builtin_definition(game_id).source
    assert source is not None and source.publisher and source.url.startswith("https://")


def test_the_same_definition_gives_the_same_game_object():
    # asked twice in a row (the cache holds the last 128 definitions: one made
    # at import time may have been pushed out by other tests' definitions)
    first = game_for("hearts", builtin_definition("hearts"))
    assert game_for("hearts", builtin_definition("hearts")) is first
    assert game_for("hearts") is game_for("hearts")
    assert first.id == HEARTS.id and first.definition == HEARTS.definition


# -- Crazy Eights (Bicycle): eights 50, K Q J 10 10, aces 1, others face value --


def test_crazy_eights_winner_collects_bicycle_values():
    # Bicycle: the first with no cards collects from each other player the
    # value of their cards: each eight 50, each K, Q, J or 10 10, each ace 1,
    # other cards face value.
    score = CRAZY.score_hand(
        CRAZY.default_options(), P4, hand("Anna", {"Bjørn": "8 K 3", "Cecilie": "A 10", "Dag": "7"})
    )
    assert score.points == {"Anna": 50 + 10 + 3 + 1 + 10 + 7, "Bjørn": 0, "Cecilie": 0, "Dag": 0}
    assert [(i.player, i.points) for i in score.breakdown["Anna"]] == [
        ("Bjørn", 63),
        ("Cecilie", 11),
        ("Dag", 7),
    ]


def test_crazy_eights_blocked_lowest_collects_the_differences():
    # Hoyle: in a blocked game the lowest count collects the differences
    score = CRAZY.score_hand(
        CRAZY.default_options(), P4[:3], hand(None, {"Anna": "2", "Bjørn": "8", "Cecilie": "K 5"})
    )
    assert score.points == {"Anna": 48 + 13, "Bjørn": 0, "Cecilie": 0}


def test_crazy_eights_game_is_100_points_and_two_decks_from_six():
    result = score_hands(CRAZY, CRAZY.default_options(), P4, [hand("Anna", {"Bjørn": "8 8"})])
    assert result.standings.finished and result.standings.winners == ("Anna",)
    assert (CRAZY.decks([*P4, "Eva"]), CRAZY.decks([*P4, "Eva", "Frode"])) == (1, 2)
    assert not CRAZY.uses_jokers(CRAZY.default_options())


# -- Hearts (Bicycle): each heart 1, Q♠ 13; the moon; first to 100, lowest wins --


def test_hearts_each_heart_1_and_the_queen_of_spades_13():
    taken = {
        "Anna": "QS 2H 3H 4H",  # 13 + 3
        "Bjørn": "5H 6H 7H 8H 9H KS AS",  # spades other than the queen count 0
        "Cecilie": "10H JH",
        "Dag": "QH KH AH 2C",
    }
    score = HEARTS.score_hand(HEARTS.default_options(), P4, hand(None, taken))
    assert score.points == {"Anna": 16, "Bjørn": 5, "Cecilie": 2, "Dag": 3}
    assert sum(score.points.values()) == 26  # Bicycle: every hand's points add up to 26
    assert [(i.code, i.points) for i in score.breakdown["Anna"]] == [("penalty_taken", 16)]


def test_hearts_shooting_the_moon_gives_everyone_else_26():
    # Bicycle: a player who takes all thirteen hearts and the queen of spades
    # scores zero, and each opponent scores 26.
    every_heart = " ".join(
        f"{rank}H" for rank in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    )
    moon = Hand(None, {"Cecilie": cards(f"QS {every_heart}")}, flags={"moon": "Cecilie"})
    score = HEARTS.score_hand(HEARTS.default_options(), P4, moon)
    assert score.leftover["Cecilie"] == 26
    assert score.points == {"Anna": 26, "Bjørn": 26, "Cecilie": 0, "Dag": 26}
    assert score.breakdown["Anna"][0].code == "flag_to_others"
    assert score.breakdown["Anna"][0].flag == "moon"
    assert score.breakdown["Anna"][0].player == "Cecilie"
    assert score.breakdown["Cecilie"] == ()


def test_hearts_ends_at_100_and_the_lowest_total_wins():
    hands = [Hand(None, {"Anna": 26}, flags={"moon": "Anna"})] * 3 + [
        hand(None, {"Anna": "QS", "Bjørn": "2H", "Dag": 12})
    ]
    table = score_hands(HEARTS, HEARTS.default_options(), P4, hands).standings
    assert table.totals == {"Anna": 13, "Bjørn": 79, "Cecilie": 78, "Dag": 90}
    assert not table.finished
    more = score_hands(HEARTS, HEARTS.default_options(), P4, [*hands, hand(None, {"Dag": 10})])
    assert more.standings.finished and more.standings.winners == ("Anna",)
    assert more.standings.lowest_wins


@pytest.mark.parametrize(
    ("entered", "code"),
    [
        (hand("Anna", {"Bjørn": "2H"}), "went_out_not_allowed"),  # nobody goes out
        (hand(None, {"Bjørn": "Q"}), "card_needs_suit"),  # which queen?
        (hand(None, {"Bjørn": "JKR"}), "joker_not_in_play"),
        (Hand(None, {"Bjørn": (Face("wild"),)}), "card_not_in_game"),
        (Hand(None, {"Bjørn": 3}, flags={"rummy": "Bjørn"}), "flag_unknown"),
        (Hand(None, {"Bjørn": 3}, flags={"moon": "Zed"}), "unknown_player"),
    ],
)
def test_hearts_refuses(entered, code):
    with pytest.raises(HandError) as caught:
        HEARTS.score_hand(HEARTS.default_options(), P4, entered)
    assert caught.value.code == code


def test_hearts_suitless_ranks_that_count_nothing_are_fine():
    score = HEARTS.score_hand(
        HEARTS.default_options(), P4, hand(None, {"Anna": "2H", "Bjørn": "KS"})
    )
    assert score.points["Anna"] == 1 and score.points["Bjørn"] == 0


# -- Colour Cards: the published scoring of the commercial colour-card game --


def colour_hand(went_out, **held):
    return Hand(went_out, {p: COLOURS.parse_leftover(tokens.split()) for p, tokens in held.items()})


def test_colour_cards_published_example_72():
    # The rules' example: the opponent holds a Wild Draw Four (50), a 2 and a
    # Skip (20) when you play your last card: you earn 72.
    score = COLOURS.score_hand(
        COLOURS.default_options(),
        ["Anna", "Bjørn"],
        colour_hand("Anna", Bjørn="wild_draw_four two skip"),
    )
    assert score.points == {"Anna": 72, "Bjørn": 0}


def test_colour_cards_values_and_first_to_500():
    options = COLOURS.default_options()
    players = ["Anna", "Bjørn", "Cecilie"]
    big = colour_hand("Anna", Bjørn="wild wild wild wild draw_two reverse", Cecilie="nine zero")
    score = COLOURS.score_hand(options, players, big)
    assert score.points["Anna"] == 4 * 50 + 20 + 20 + 9
    assert [(w.code, w.card, w.count, w.expected) for w in score.warnings] == []
    five_wilds = colour_hand("Anna", Bjørn="wild wild wild wild wild", Cecilie="nine")
    warned = COLOURS.score_hand(options, players, five_wilds).warnings
    assert [(w.code, w.card, w.count, w.expected) for w in warned] == [("rank_count", "wild", 5, 4)]
    table = score_hands(COLOURS, options, players, [big, big]).standings
    assert table.totals["Anna"] == 498 and not table.finished
    assert COLOURS.target(options) == 500 and COLOURS.rounds(options) is None


def test_colour_cards_parse_faces_and_refuse_playing_cards():
    assert COLOURS.parse_leftover(["Draw_Two", " wild "]) == (Face("draw_two"), Face("wild"))
    with pytest.raises(HandError) as caught:
        COLOURS.score_hand(COLOURS.default_options(), ["A", "B"], colour_hand("A", B="skip 7H"))
    error = caught.value
    assert (error.code, error.player, error.card, error.params["position"]) == (
        "card_not_in_game",
        "B",
        "7H",
        2,
    )
    with pytest.raises(HandError) as caught:  # the stock is reshuffled: never blocked
        COLOURS.score_hand(COLOURS.default_options(), ["A", "B"], colour_hand(None, B="skip"))
    assert caught.value.code == "cannot_block"


# -- the shapes every game shares ------------------------------------------


@pytest.mark.parametrize("game_id", DEFINED)
def test_options_round_trip_through_the_session_file_shape(game_id):
    game = game_for(game_id)
    options = game.default_options()
    assert game.options_from_dict(game.options_to_dict(options)) == options
    with pytest.raises(OptionError) as caught:
        game.options_from_dict({"no_such_option": True})
    assert caught.value.code == "option_unknown"
    with pytest.raises(OptionError) as caught:
        game.options_from_dict({"target": 0})
    # a game without a target to choose (Five Crowns: its schedule's 11 rounds) has no such option
    chosen = {o.id for o in game.definition.options}
    assert caught.value.code == ("option_range" if "target" in chosen else "option_unknown")


@pytest.mark.parametrize("game_id", ["rummy", "four_suit_rummy"])
def test_games_refuse_hand_flags_they_do_not_have(game_id):
    game = game_for(game_id)
    with pytest.raises(HandError) as caught:
        game.score_hand(game.default_options(), ["A", "B"], Hand("A", {}, flags={"moon": "B"}))
    assert caught.value.code == "flag_unknown"


def test_either_end_stops_at_whichever_comes_first():
    from scoring.definition import definition_from_dict

    doc = {
        "format": "kortpoeng-game",
        "version": 1,
        "id": "either",
        "name": {"nb": "Enten", "en": "Either"},
        "players": {"min": 2, "max": 4},
        "keys": [{"rank": "K", "points": 10}],
        "went_out": "own",
        "blocked": "own",
        "winner": "lowest",
        "end": "either",
        "target": 30,
        "rounds": 3,
    }
    definition = definition_from_dict(doc)
    game = game_for(definition.id, definition)
    options = game.default_options()
    two = [hand("A", {"B": "K K"})] * 2
    assert standings(
        game, options, ["A", "B"], [game.score_hand(options, ["A", "B"], h) for h in two]
    ).finished
    one = [hand("A", {"B": "K"})] * 3
    table = standings(
        game, options, ["A", "B"], [game.score_hand(options, ["A", "B"], h) for h in one]
    )
    assert table.finished_after == 3 and table.totals["B"] == 30
    early = standings(
        game, options, ["A", "B"], [game.score_hand(options, ["A", "B"], h) for h in one[:2]]
    )
    assert not early.finished and early.rounds_left == 1
