"""The hand codec (``models.services.codec``): a hand row ↔ scoring.Hand in one
place. What it stores is the session file's notation of the hand; a stored
hand reads back as it was entered, and saving it unchanged stores the very
same row."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import text
from storage_helpers import FSR_EXAMPLE_1

from models.services import edit_hand, get_hand, record_hand, start_session
from models.services.codec import entry_of, hand_of
from scoring import Card, Hand, Rank, Run, Suit, check_hand, game_for, hand_to_dict

PLAYERS = ("Åse", "Bo", "Cato")
CARDS = Card.all()


def _reference_entry(hand: Hand, players) -> dict:
    """The entry as the session file writes the hand (scoring.hand_to_dict),
    names replaced by seats."""
    data = hand_to_dict(hand)
    seat = {p: str(i) for i, p in enumerate(players)}
    entry = {"left": {seat[k]: v for k, v in data["left"].items()}}
    if data.get("runs"):
        entry["runs"] = {seat[k]: v for k, v in data["runs"].items()}
    flags = dict(data.get("flags", {}))
    if data.get("rummy"):  # the file's form of the flag rummy of who went out
        flags["rummy"] = data["went_out"]
    if flags:
        entry["flags"] = {flag: seat[player] for flag, player in flags.items()}
    return entry


leftovers = st.one_of(st.integers(0, 500), st.lists(st.sampled_from(CARDS), max_size=6).map(tuple))
run_cards = st.lists(st.sampled_from(CARDS), min_size=3, max_size=3).map(tuple)
runs = st.builds(Run, run_cards, st.none() | st.sampled_from([r for r in Rank if r.order]))


@st.composite
def hands(draw):
    out = draw(st.none() | st.sampled_from(PLAYERS))
    left = draw(st.dictionaries(st.sampled_from(PLAYERS), leftovers, max_size=3))
    laid = draw(st.dictionaries(st.sampled_from(PLAYERS), st.lists(runs, max_size=3).map(tuple)))
    return Hand(
        out,
        left,
        laid,
        draw(st.none() | st.text(st.characters(categories=("L", "N", "P", "Zs")), max_size=10)),
        draw(st.none() | st.just("2026-11-30T20:00:00+01:00")),
        # the hand flags, rummy among them (once a column of its own)
        draw(
            st.dictionaries(
                st.sampled_from(["rummy", "moon"]), st.sampled_from(PLAYERS), max_size=2
            )
        ),
    )


@given(hands())
def test_the_entry_is_the_session_files_notation_and_reads_back(entered):
    hand = check_hand(entered, PLAYERS, 1)
    entry = entry_of(hand, PLAYERS)
    assert entry == _reference_entry(hand, PLAYERS)
    assert json.loads(json.dumps(entry)) == entry
    back = hand_of(
        entry,
        went_out_seat=None if hand.went_out is None else PLAYERS.index(hand.went_out),
        note=hand.note,
        played_at=hand.played_at,
        players=PLAYERS,
        game=game_for("four_suit_rummy"),
        number=1,
    )
    assert back == hand


def _entry(db, session_id: int, number: int) -> str:
    return db.exec(  # type: ignore[call-overload]
        text("SELECT entry FROM hand WHERE session_id = :s AND number = :n").bindparams(
            s=session_id, n=number
        )
    ).one()[0]


SUITED = {
    "swedish_rummy": Hand(
        "Åse", {"Bo": (Card(Rank.SEVEN, Suit.HEARTS), Card(Rank.KING, Suit.SPADES)), "Cato": 12}
    ),
    "rummy": Hand("Bo", {"Åse": (Card(Rank.QUEEN, Suit.DIAMONDS), Card(Rank.ACE))}),
    "four_suit_rummy": FSR_EXAMPLE_1,
}


@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(sorted(SUITED)))
def test_a_stored_hand_saved_unchanged_is_stored_byte_for_byte(engine, db, game):
    """Load → edit → save unchanged keeps every card as entered (suits too),
    for all three games."""
    players = ["Anna", "Bjørn"] if game == "four_suit_rummy" else list(PLAYERS)
    view = start_session(engine=engine, game_id=game, players=players)
    record_hand(engine=engine, session_id=view.id, hand=SUITED[game], confirm_warnings=True)
    before = _entry(db, view.id, 1)
    db.rollback()
    detail = get_hand(engine=engine, session_id=view.id, number=1)
    edit_hand(
        engine=engine,
        session_id=view.id,
        number=1,
        hand=detail.hand,
        expected=detail.hand,
        confirm_warnings=True,
    )
    assert _entry(db, view.id, 1) == before
    db.rollback()
    assert get_hand(engine=engine, session_id=view.id, number=1).hand == detail.hand
