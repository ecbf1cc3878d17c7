"""Swedish Rummy (RULES.md §1), played by its shipped definition: card values,
action cards, blocked hands, target."""

import dataclasses

import pytest
from scoring_helpers import cards, hand

from scoring import Hand, HandError, game_for, score_hands

GAME = game_for("swedish_rummy")
P3 = ["Mormor", "Lise", "Jonas"]


def Options(**options):
    """Swedish Rummy's options, those not given at their defaults."""
    return GAME.options_from_dict(options)


@pytest.mark.parametrize(
    ("options", "left", "points"),
    [
        # plain values: 8 = 50, K Q J 10 = 10, A = 1, others face value
        ({}, "8", 50),
        ({}, "K Q J 10", 40),
        ({}, "A 2 3 4 5 6 7 9", 1 + 2 + 3 + 4 + 5 + 6 + 7 + 9),
        # each action-card variant makes its card count 20
        ({"skip_aces": True}, "A A", 40),
        ({"draw_two": True}, "2", 20),
        ({"reverse_queens": True}, "Q K", 30),
        ({"reverse_jokers": True}, "JKR", 20),
        # the 8 is 50 whatever the variants
        (
            {"skip_aces": True, "draw_two": True, "reverse_queens": True, "reverse_jokers": True},
            "8",
            50,
        ),
        # RULES.md worked figure: reverse queens + draw two, Q 8 2 → 90
        ({"reverse_queens": True, "draw_two": True}, "Q 8 2", 90),
        # recorded-only variants change nothing
        ({"one_card": True, "ups_and_downs": True, "reshuffle_discards": True}, "Q 8 2", 62),
        # a plain number counted by hand
        ({}, 37, 37),
    ],
)
def test_went_out_collects_leftover(options, left, points):
    opts = GAME.options_from_dict(options)
    score = GAME.score_hand(opts, ["Ola", "Kari"], hand("Ola", {"Kari": left}))
    assert score.points == {"Ola": points, "Kari": 0}
    assert sum(item.points for item in score.breakdown["Ola"]) == points


def test_went_out_sums_every_other_hand():
    score = GAME.score_hand(Options(), P3, hand("Lise", {"Mormor": "Q 8 2", "Jonas": "5 K"}))
    assert score.points == {"Mormor": 0, "Lise": 77, "Jonas": 0}
    assert [(i.player, i.points) for i in score.breakdown["Lise"]] == [
        ("Mormor", 62),
        ("Jonas", 15),
    ]


def test_blocked_lowest_collects_worked_figure():
    # RULES.md §1: hands of 12, 20 and 35 → the player on 12 scores 8 + 23 = 31
    score = GAME.score_hand(
        Options(), P3, hand(None, {"Mormor": "10 2", "Lise": "K Q", "Jonas": 35})
    )
    assert score.points == {"Mormor": 31, "Lise": 0, "Jonas": 0}
    assert [i.points for i in score.breakdown["Mormor"]] == [8, 23]


@pytest.mark.parametrize(
    ("options", "left", "points"),
    [
        (
            {},
            {"Mormor": "K", "Lise": "10", "Jonas": "8"},
            {"Mormor": 0, "Lise": 0, "Jonas": 0},
        ),  # shared lowest
        (
            {"blocked_scoring": "no_score"},
            {"Mormor": "2", "Lise": "K", "Jonas": "8"},
            {"Mormor": 0, "Lise": 0, "Jonas": 0},
        ),
        (
            {},
            {"Mormor": "2", "Lise": "K"},
            {"Mormor": 0, "Lise": 0, "Jonas": 12},
        ),  # Jonas held nothing
    ],
)
def test_blocked_variants(options, left, points):
    score = GAME.score_hand(GAME.options_from_dict(options), P3, hand(None, left))
    assert score.points == points


def test_reshuffle_makes_blocking_impossible():
    opts = Options(reshuffle_discards=True)
    assert not GAME.can_block(opts)
    with pytest.raises(HandError) as caught:
        GAME.score_hand(opts, P3, hand(None, {"Lise": "K"}))
    assert caught.value.code == "cannot_block"


def test_joker_without_reverse_jokers_is_an_error():
    with pytest.raises(HandError) as caught:
        GAME.score_hand(Options(), P3, hand("Lise", {"Jonas": "5 JKR"}))
    assert (caught.value.code, caught.value.player, caught.value.card) == (
        "joker_not_in_play",
        "Jonas",
        "JKR",
    )


def conservation(warnings):
    """The card-conservation warnings (these hands leave some players empty)."""
    return [w for w in warnings if w.code != "no_cards"]


def test_two_decks_from_seven_players():
    six = [f"P{i}" for i in range(6)]
    seven = [*six, "P6"]
    assert (GAME.decks(six), GAME.decks(seven)) == (1, 2)
    five_kings = hand("P0", {"P1": "K K K", "P2": "K K"})
    warned = conservation(GAME.score_hand(Options(), six, five_kings).warnings)
    assert [(w.code, w.card, w.count, w.expected) for w in warned] == [("rank_count", "K", 5, 4)]
    assert conservation(GAME.score_hand(Options(), seven, five_kings).warnings) == []
    same_card = hand("P0", {"P1": "KH KH", "P2": "KH"})
    warned = conservation(GAME.score_hand(Options(), seven, same_card).warnings)
    assert [w.code for w in warned] == ["card_count"]


def test_jokers_per_deck():
    opts = Options(reverse_jokers=True)
    assert (
        GAME.score_hand(opts, P3, hand("Lise", {"Jonas": "JKR JKR", "Mormor": "2"})).warnings == ()
    )
    warned = GAME.score_hand(
        opts, P3, hand("Lise", {"Jonas": "JKR JKR JKR", "Mormor": "2"})
    ).warnings
    assert [(w.code, w.expected) for w in warned] == [("rank_count", 2)]


@pytest.mark.parametrize(
    ("totals_before", "won", "finished"),
    [(90, 10, True), (90, 9, False), (0, 100, True), (0, 99, False)],
)
def test_end_exactly_at_target(totals_before, won, finished):
    game = game_for("swedish_rummy")
    hands = [hand("Ola", {"Kari": totals_before}), hand("Ola", {"Kari": won})]
    result = score_hands(game, Options(), ["Ola", "Kari"], hands)
    assert result.standings.totals["Ola"] == totals_before + won
    assert result.standings.finished is finished
    assert result.standings.winners == (("Ola",) if finished else ())


def test_presets_and_option_validation():
    assert Options().target == 100
    assert dataclasses.replace(Options(), target=150).target == 150
    # an action card on (not a recorded-only variant) suggests 100 × players
    suggested = {
        name: [p.key for p in GAME.presets(Options(**{name: True}), 3) if p.suggested]
        for name in ("draw_two", "one_card")
    }
    assert suggested == {"draw_two": ["100n"], "one_card": ["100"]}
    assert GAME.options_to_dict(Options(target=300, skip_aces=True)) == {
        "target": 300,
        "skip_aces": True,
    }


@pytest.mark.parametrize(
    ("went_out", "left", "named"),
    [
        ("Lise", {}, [None]),  # saved before any card was tapped in: one warning
        (None, {}, [None]),
        ("Lise", {"Mormor": (), "Jonas": ()}, [None]),
        # Mormor forgotten: she held something, or she would have gone out
        ("Lise", {"Jonas": cards("5")}, ["Mormor"]),
        (None, {"Jonas": cards("5")}, ["Mormor", "Lise"]),  # blocked: everyone holds cards
        ("Lise", {"Mormor": 0, "Jonas": cards("5")}, []),  # a number is the player's own count
        ("Lise", {"Mormor": cards("2"), "Jonas": cards("5")}, []),
    ],
)
def test_nothing_entered_is_a_warning(went_out, left, named):
    warnings = GAME.score_hand(Options(), P3, Hand(went_out, left)).warnings
    assert [w.player for w in warnings if w.code == "no_cards"] == named


@pytest.mark.parametrize("game_id", ["swedish_rummy", "rummy", "four_suit_rummy"])
def test_typed_points_are_flagged_as_unchecked(game_id):
    """RULES.md §4: a leftover entered as a plain number cannot be checked, and
    scoring says so (a ``plain_number`` warning naming the player), for every
    game and for a data-defined game alike; cards give no such warning."""
    from coded_reference import RUMMY, SWEDISH_RUMMY

    games = [game_for(game_id)]
    if game_id != "four_suit_rummy":  # and the coded game it replaced
        games.append({"swedish_rummy": SWEDISH_RUMMY, "rummy": RUMMY}[game_id])
    players = ["Ola", "Kari"]
    for game in games:
        options = game.default_options()
        typed = game.score_hand(options, players, Hand("Ola", {"Kari": 12}))
        flagged = [(w.code, w.player) for w in typed.warnings if w.code == "plain_number"]
        assert flagged == [("plain_number", "Kari")], game
        counted = game.score_hand(options, players, Hand("Ola", {"Kari": cards("K 2")}))
        assert not [w for w in counted.warnings if w.code == "plain_number"], game


@pytest.mark.parametrize(
    ("left", "tied", "value"),
    [
        ({"Anna": cards("5"), "Bo": cards("5"), "Cato": cards("9")}, ("Anna", "Bo"), 5),
        ({"Anna": cards("5"), "Bo": cards("3 2"), "Cato": 5}, ("Anna", "Bo", "Cato"), 5),
        ({}, ("Anna", "Bo", "Cato"), 0),
    ],
)
def test_a_blocked_tie_for_lowest_says_why_nobody_scores(left, tied, value):
    """RULES.md §1: "If two or more share the lowest value, nobody scores" —
    and the score says so: a ``blocked_tie`` note naming the tied players and
    their value, the same from the stored hand's leftover and points."""
    players = ["Anna", "Bo", "Cato"]
    score = GAME.score_hand(Options(), players, Hand(None, left))
    assert set(score.points.values()) == {0}
    assert [(n.code, n.players, n.value, n.points) for n in score.notes] == [
        ("blocked_tie", tied, value, 0)
    ]
    rules = GAME.bind(Options(), players)
    assert rules.hand_notes(None, score.leftover, score.points) == score.notes
    two = ["Anna", "Bo"]
    single = GAME.score_hand(Options(), two, Hand(None, {"Anna": cards("2"), "Bo": 5}))
    assert single.notes == () and single.points == {"Anna": 3, "Bo": 0}


def test_a_blocked_hand_scored_as_nothing_says_so():
    players = ["Anna", "Bo"]
    no_score = GAME.score_hand(
        Options(blocked_scoring="no_score"), players, Hand(None, {"Anna": cards("5")})
    )
    assert [n.code for n in no_score.notes] == ["blocked_no_score"]
    out = GAME.score_hand(Options(), players, Hand("Anna", {"Bo": cards("5")}))
    assert out.notes == ()
