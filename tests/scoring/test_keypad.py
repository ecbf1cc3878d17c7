"""The keypad every game gives the hand screen (GameRules.keypad): keys that
are ranks, cards of one suit where the suit counts, or a game's own faces,
each with its points — and what else the screen asks of a game (flags, going
out, what is counted, one card's worth)."""

from __future__ import annotations

import pytest

from scoring import BUILTIN_GAME_IDS, Card, Face, PadKey, Rank, Suit, game_for, parse_card
from scoring.definition import FlagPlayer


def _keys(game_id: str, **options) -> list[tuple[str, int]]:
    game = game_for(game_id)
    return [(str(k.card), k.points) for k in game.keypad(game.options_from_dict(options))]


def test_the_rummy_games_keep_their_rank_keys_with_points():
    """RULES.md §1 and §3: Swedish Rummy's 8 counts 50, the court cards 10,
    the ace 1; the joker is a key only with jokers in play (20)."""
    assert _keys("swedish_rummy") == [
        ("A", 1), ("2", 2), ("3", 3), ("4", 4), ("5", 5), ("6", 6), ("7", 7),
        ("8", 50), ("9", 9), ("10", 10), ("J", 10), ("Q", 10), ("K", 10),
    ]  # fmt: skip
    assert _keys("swedish_rummy", reverse_jokers=True)[-1] == ("JKR", 20)
    assert _keys("swedish_rummy", skip_aces=True)[0] == ("A", 20)
    assert _keys("four_suit_rummy")[0] == ("A", 15)


def test_hearts_offers_the_hearts_and_the_queen_of_spades():
    """Bicycle's Hearts: a heart 1, the queen of spades 13, other cards 0 (no
    key needed for them)."""
    keys = _keys("hearts")
    assert len(keys) == 14
    assert ("QS", 13) in keys and ("QH", 1) in keys and ("AH", 1) in keys
    assert all(card.endswith(("H", "S")) for card, _ in keys)


def test_colour_cards_offers_its_own_faces_with_their_names():
    """Mattel: number cards face value, action cards 20, wild cards 50."""
    game = game_for("colour_cards")
    keys = game.keypad(game.default_options())
    named = {str(k.card): (k.points, k.name.en) for k in keys}
    assert named["draw_two"] == (20, "Draw Two")
    assert named["wild"] == (50, "Wild")
    assert named["nine"] == (9, "9")
    assert all(isinstance(k.card, Face) for k in keys)


def test_a_suited_rank_with_points_offers_every_suit():
    """A queen of spades 13 where other queens are worth 10: all four queens
    are keys (the other suits at 10), since each needs its suit."""
    import dataclasses

    from scoring import builtin_definition

    base = builtin_definition("crazy_eights")
    keys = tuple(
        dataclasses.replace(k, suits=((Suit.SPADES, 13),)) if k.id == "Q" else k for k in base.keys
    )
    game = game_for("queens", dataclasses.replace(base, id="queens", keys=keys))
    pad = [(str(k.card), k.points) for k in game.keypad(game.default_options())]
    assert [p for p in pad if p[0].startswith("Q")] == [
        ("QS", 13),
        ("QH", 10),
        ("QD", 10),
        ("QC", 10),
    ]


@pytest.mark.parametrize("game_id", BUILTIN_GAME_IDS)
def test_every_key_is_a_card_the_game_scores_at_its_points(game_id):
    game = game_for(game_id)
    options = game.default_options()
    for key in game.keypad(options):
        assert isinstance(key, PadKey)
        assert game.card_points(options, key.card) == key.points


def test_one_cards_worth():
    hearts = game_for("hearts")
    options = hearts.default_options()
    assert hearts.card_points(options, parse_card("QS")) == 13
    assert hearts.card_points(options, parse_card("Q")) is None  # needs its suit
    assert hearts.card_points(options, Face("wild")) is None
    rummy = game_for("rummy")
    assert rummy.card_points(rummy.default_options(), Card(Rank.KING, Suit.HEARTS)) == 10
    assert rummy.card_points(rummy.default_options(), Face("wild")) is None


def test_flags_going_out_and_what_is_counted():
    hearts = game_for("hearts").bind(game_for("hearts").default_options(), ["A", "B", "C"])
    assert [f.id for f in hearts.flags] == ["moon"] and hearts.flags[0].player is FlagPlayer.ANY
    assert not hearts.can_go_out and hearts.counted == "tricks"
    rummy = game_for("rummy").bind(game_for("rummy").default_options(), ["A", "B"])
    assert rummy.flags == () and rummy.can_go_out and rummy.counted == "leftover"
    colour = game_for("colour_cards")
    assert colour.parse_leftover(["Wild", "7H"]) == (Face("wild"), parse_card("7H"))
