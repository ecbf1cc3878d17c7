"""Plump through the screen models (RULES.md §7; issue 28, bids and tricks):
the new-session form, the hand screen's two steps — the bids in bidding
order with the dealer's hooked bid not offered, then one tap per made bid —
with RULES.md §7.2's taps counted, the hand kept between the steps ("Continue
hand N"), a session of 22 deals played to its end, a change recomputing, a
refusal in one line with nothing saved, and the session's exports (text,
CSV, PDF, picture) and statistics, in English and Norwegian."""

from __future__ import annotations

import json

import pytest
from hand_taps import HandTaps
from screen_table import Table, tap

from app.i18n import set_language, use_language
from app.messages import describe_breakdown
from app.reports.exports import FORMATS, export_file
from app.ui.state import NewSessionDraft
from app.ui.state.bid_draft import BidDraft, BidStep
from app.ui.state.hand_screen import HandScreen, points_shown
from app.ui.state.session_screen import next_hand_label, progress_text, winner_text
from models import services
from scoring import BUILTIN_GAME_IDS, BreakdownItem, Hand, builtin_definition, game_for
from scoring.definition import read_definition, write_definition

SEATS = ["Kari", "Ola", "Per", "Liv"]  # Kari deals first, the deal passes left

#: RULES.md §7.1: deal 1 (10 cards, Kari deals), deal 2 (9 cards, Ola deals):
#: the bids, and who made them.
DEAL_1 = ({"Kari": 2, "Ola": 3, "Per": 2, "Liv": 4}, ("Kari", "Ola", "Per"))
DEAL_2 = ({"Kari": 4, "Ola": 1, "Per": 0, "Liv": 3}, ("Ola", "Per", "Liv"))


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def start(table: Table, options=None) -> int:
    draft = NewSessionDraft()
    draft.select_game("plump")
    for name in SEATS:
        draft.add_player(name)
    for key, value in (options or {}).items():
        draft.set_option(key, value)
    game, players, chosen = draft.start_args()
    assert game == "plump" and chosen == (options or {})
    view = table.call(services.start_session, game_id=game, players=list(players), options=chosen)
    return view.id


def play(taps: HandTaps, sid: int, bids, made) -> HandScreen:
    """One deal as the taps enter it: the bids in bidding order, who made it, save."""
    screen = taps.enter_hand(sid)
    for player in screen.draft.bid.order:
        taps.bid(screen, player, bids[player])
    for player in made:
        taps.made(screen, player)
    assert taps.save(screen), screen.problem(screen.preview())
    return screen


def later(number: int):
    """Deal ``number`` (3–22): everyone bids 0, one player in turn makes it."""
    return dict.fromkeys(SEATS, 0), (SEATS[number % 4],)


def test_the_new_session_form_offers_plump_with_its_options():
    draft = NewSessionDraft()
    assert "plump" in draft.games() and "plump" in BUILTIN_GAME_IDS
    draft.select_game("plump")
    for name in SEATS:
        draft.add_player(name)
    assert not draft.number_choosable()
    assert [(p.option, p.value) for p in draft.presets()] == [("rounds", 22)]
    assert draft.option("made_scoring") == "one_in_front"
    draft.set_option("one_card_deals", "once")
    assert draft.start_args()[2] == {"one_card_deals": "once"}


def test_deal_1_takes_9_taps_and_the_hook_is_not_offered(db) -> None:
    table = Table()
    sid = start(table)
    taps = HandTaps(table.new_hand)
    screen = taps.enter_hand(sid)
    assert screen.round_line == "Round 1 of 22 · 10 cards"
    bid = screen.draft.bid
    assert (bid.dealer, bid.order, bid.step) == ("Kari", ("Ola", "Per", "Liv", "Kari"), "bids")
    assert bid.offered("Ola") == tuple(range(11))
    assert not screen.preview().ready and screen.problem(screen.preview()) is None
    for player in ("Ola", "Per", "Liv"):
        taps.bid(screen, player, DEAL_1[0][player])
    # the dealer last: 1 would make 3 + 2 + 4 + 1 = 10, not offered
    assert screen.draft.bid.hooked == 1
    assert screen.draft.bid.offered("Kari") == (0, 2, 3, 4, 5, 6, 7, 8, 9, 10)
    taps.bid(screen, "Kari", 2)
    assert screen.draft.bid.step is BidStep.MADE
    # nobody made it yet: everyone's points 0 on show
    assert [points_shown(screen.preview(), p) for p in SEATS] == ["0"] * 4
    for player in DEAL_1[1]:
        taps.made(screen, player)
    assert [points_shown(screen.preview(), p) for p in SEATS] == ["12", "13", "12", "0"]
    assert taps.save(screen)
    assert taps.count == 9  # RULES.md §7.2: 4 + 3, with Enter hand and Save hand
    view = table.session(sid)
    assert dict(view.standings.totals) == {"Kari": 12, "Ola": 13, "Per": 12, "Liv": 0}


def test_the_bids_wait_on_the_phone_for_continue_hand(db) -> None:
    """After the bids the screen is left for the play; the session says
    *Continue hand 1* and the bids are there when it is tapped (one more tap)."""
    table = Table()
    sid = start(table)
    taps = HandTaps(table.new_hand)
    screen = taps.enter_hand(sid)
    for player in screen.draft.bid.order:
        taps.bid(screen, player, DEAL_1[0][player])
    screen.leave()
    view = table.session(sid)
    assert next_hand_label(table.app, view) == "Continue hand 1"
    again = taps.enter_hand(sid)
    assert again.draft.bid.bids == DEAL_1[0] and again.draft.bid.step is BidStep.MADE
    for player in DEAL_1[1]:
        taps.made(again, player)
    assert taps.save(again) and taps.count == 10
    assert len(table.session(sid).hands) == 1


def test_two_deals_of_rules_7_1_and_their_totals_in_both_languages(db) -> None:
    table = Table()
    sid = start(table)
    taps = HandTaps(table.new_hand)
    play(taps, sid, *DEAL_1)
    screen = taps.enter_hand(sid)
    assert screen.round_line == "Round 2 of 22 · 9 cards"
    assert screen.draft.bid.order == ("Per", "Liv", "Kari", "Ola")
    for player in ("Per", "Liv", "Kari"):
        taps.bid(screen, player, DEAL_2[0][player])
    assert 2 not in screen.draft.bid.offered("Ola")  # 0 + 3 + 4 + 2 = 9
    taps.bid(screen, "Ola", 1)
    for player in DEAL_2[1]:
        taps.made(screen, player)
    assert [points_shown(screen.preview(), p) for p in SEATS] == ["0", "11", "5", "13"]
    assert taps.save(screen)
    view = table.session(sid)
    assert dict(view.standings.totals) == {"Kari": 12, "Ola": 24, "Per": 17, "Liv": 13}
    assert progress_text(view).startswith("Round 3 of 22")
    with use_language("nb"):
        assert describe_breakdown(BreakdownItem("bid_made", 11, count=1, value=1)) == (
            "Bud 1 klart: 11"
        )
        assert describe_breakdown(BreakdownItem("bid_missed", 0, value=4)) == "Bud 4 bommet: 0"


def test_a_bid_the_hook_forbids_after_a_change_is_refused_in_one_line(db) -> None:
    """A bid changed after the dealer's makes the dealer's hooked: the save is
    refused, said in one line, and nothing is stored."""
    table = Table()
    sid = start(table)
    taps = HandTaps(table.new_hand)
    screen = taps.enter_hand(sid)
    for player in screen.draft.bid.order:
        taps.bid(screen, player, DEAL_1[0][player])
    taps.bid(screen, "Liv", 5)  # 3 + 2 + 5 + 2 = 12: fine
    taps.bid(screen, "Liv", 3)  # 3 + 2 + 3 + 2 = 10: Kari's 2 is hooked now
    problem = screen.problem(screen.preview())
    assert problem is not None and problem.code == "bid_hook"
    assert screen.problem_text(problem) == (
        "Kari: the dealer may not bid 2: the bids would add up to the 10 cards dealt (the hook)"
    )
    with use_language("nb"):
        assert "\n" not in screen.problem_text(problem)
    assert not screen.can_save(screen.preview())
    assert not tap(screen.save)
    assert len(table.session(sid).hands) == 0


def test_a_session_of_22_deals_is_played_to_its_end_and_a_change_recomputes(db) -> None:
    table = Table()
    sid = start(table)
    taps = HandTaps(table.new_hand)
    play(taps, sid, *DEAL_1)
    play(taps, sid, *DEAL_2)
    for number in range(3, 23):
        if number in (10, 13):  # one-card deals: the others bid 0, the dealer must too
            screen = table.new_hand(sid)
            assert screen.round_line == f"Round {number} of 22 · 1 card"
            bid = screen.draft.bid
            for player in bid.order[:-1]:
                bid = bid.with_bid(player, 0)
            assert bid.offered(bid.dealer) == (0,)
            table.app.drop_draft(sid, None)
        play(taps, sid, *later(number))
    view = table.session(sid)
    assert view.finished and len(view.hands) == 22
    assert dict(view.standings.totals) == {"Kari": 37, "Ola": 49, "Per": 42, "Liv": 38}
    assert view.standings.winners == ("Ola",)
    assert progress_text(view) == "Finished after 22 hands"
    assert "Ola" in winner_text(view)
    # hand 1 changed: Liv made her 4 after all
    screen = table.change_hand(sid, 1)
    assert screen.draft.bid.bids == DEAL_1[0] and screen.draft.bid.made == set(DEAL_1[1])
    screen.draft.set_bids(screen.draft.bid.toggle_made("Liv"))
    assert points_shown(screen.preview(), "Liv") == "14"
    assert tap(screen.save)
    changed = table.session(sid)
    assert dict(changed.standings.totals)["Liv"] == 52 and changed.standings.winners == ("Liv",)


def test_the_exports_and_the_statistics_of_a_finished_session(db) -> None:
    from app import storage

    table = Table()
    sid = start(table, {"one_card_deals": "once"})
    taps = HandTaps(table.new_hand)
    play(taps, sid, *DEAL_1)
    play(taps, sid, *DEAL_2)
    for number in range(3, 20):
        play(taps, sid, *later(number))
    view = table.session(sid)
    assert view.finished and len(view.hands) == 19
    totals = dict(view.standings.totals)
    for fmt in FORMATS:
        for lang in ("en", "nb"):
            made = export_file(engine=storage.engine(), session_id=sid, fmt=fmt, lang=lang)
            assert made.filename.startswith("kortpoeng-plump-") and made.data
            if fmt in ("txt", "csv"):
                text = made.data.decode("utf-8-sig")
                assert all(str(total) in text for total in totals.values())
    stats = table.call(services.game_statistics, game_id="plump")
    (game,) = stats
    assert game.game_id == "plump" and game.sessions == 1 and not game.lowest_wins
    winner = next(p for p in game.players if p.wins)
    assert winner.player == max(totals, key=totals.get) and winner.hands == 19


def test_a_bid_draft_fills_in_the_last_tricks_where_the_game_asks_them():
    """A Wizard-like variant (a missed bid −10 a trick off) asks each
    player's tricks; the last player's are the rest."""
    from scoring.definition import Bids, Made, MadeKind, Missed, MissedKind

    rules = Bids(Made(MadeKind.PLUS, 20, 10), Missed(MissedKind.PER_OFF, per_off=-10))
    draft = BidDraft(tuple(SEATS), "Kari", 3, rules)
    for player, bid in (("Ola", 1), ("Per", 0), ("Liv", 1), ("Kari", 0)):
        draft = draft.with_bid(player, bid)
    assert draft.step is BidStep.TRICKS and draft.hooked is None  # no hook
    draft = draft.with_tricks("Ola", 1).with_tricks("Per", 1).with_tricks("Liv", 1)
    assert draft.tricks_shown() == {"Kari": 0, "Ola": 1, "Per": 1, "Liv": 1}
    hand = draft.hand()
    assert hand.tricks == {"Kari": 0, "Ola": 1, "Per": 1, "Liv": 1} and hand.made is None
    data = json.loads(write_definition(builtin_definition("plump")))
    data.update(id="wizardish", options=[])
    data["bids"] = {
        "made": {"kind": "plus", "base": 20, "per_bid": 10},
        "missed": {"kind": "per_off", "per_off": -10},
    }
    game = game_for("wizardish", read_definition(json.dumps(data)))
    scored = game.score_hand(game.default_options(), SEATS, hand, 8)  # deal 8: 3 cards
    assert scored.points == {"Kari": 20, "Ola": 30, "Per": -10, "Liv": 30}


def test_the_rules_screen_says_the_bids_the_scoring_and_the_deals():
    from app.game_text import rules_text

    with use_language("en"):
        text = dict(rules_text("plump"))
        assert "Card values" not in text and "When someone goes out" not in text
        assert "the dealer last" in text["Bids"] and "The hook" in text["Bids"]
        assert text["Scoring"].startswith("A made bid (tricks taken = bid) scores a 1 written")
        assert "A made bid of 0 scores 5 points. A missed bid scores nothing." in text["Scoring"]
        lines = text["Rounds"].splitlines()
        assert lines[1] == "10 cards" and lines[10] == "1 card · dealt once per player"
        assert len(lines) == 20
    with use_language("nb"):
        text = dict(rules_text("plump"))
        assert "Bud" in text and "kroken" in text["Bud"].lower()


def test_the_editor_keeps_the_bids_it_cannot_edit_yet():
    """A copy of Plump in the game editor: its hand, bids, schedule and the
    options' bids and schedule_repeat carried as they are (nothing lost), a
    version 2 bids game without keys."""
    from app.ui.state.game_draft import GameDraft

    plump = builtin_definition("plump")
    assert GameDraft.editing(plump, None).definition() == plump
    copy = GameDraft.copy_of(plump, names=("Familieplump", "Family Plump"), game_id="fplump")
    assert copy.problem() is None
    made = copy.definition()
    assert (made.id, made.bids, made.schedule, made.options) == (
        "fplump",
        plump.bids,
        plump.schedule,
        plump.options,
    )
    assert "keys" not in json.loads(write_definition(made))


def test_bids_kept_as_the_next_hand_follow_that_deal(db) -> None:
    """Another phone saved hand 1 while this one took the bids: kept as hand
    2, the entry is dealt as deal 2 (9 cards, Ola deals, bidding from Per),
    the bids tapped kept; the hook then judges them by deal 2."""
    table, other = Table(), Table()
    sid = start(table)
    screen = table.new_hand(sid)
    for player in screen.draft.bid.order:
        screen.draft.set_bids(screen.draft.bid.with_bid(player, DEAL_1[0][player]))
    play(HandTaps(other.new_hand), sid, *DEAL_1)  # the other phone saves hand 1 first
    screen.show(table.session(sid))
    assert screen.overtaken
    screen.keep_as_next()
    bid = screen.draft.bid
    assert (bid.cards, bid.dealer, bid.order[0]) == (9, "Ola", "Per")
    assert bid.bids == DEAL_1[0]
    assert screen.round_line == "Round 2 of 22 · 9 cards"
    # Liv's 4 is fine in 9 cards, the bids add up to 11: nothing hooked
    screen.draft.set_bids(bid.toggle_made("Ola"))
    assert points_shown(screen.preview(), "Ola") == "13"
    assert tap(screen.save)
    assert [dict(h.points) for h in table.session(sid).hands][1]["Ola"] == 13


def test_a_family_makes_a_plump_variant_in_the_editor():
    """A copy of Plump whose made zero bid scores 10 and whose bids score
    Wizard's way (20 + 10 a trick bid, −10 a trick off): each typed in the
    editor's bids part; a number out of range is refused naming its input."""
    from app.ui.common import TypedTexts
    from app.ui.game_editor.form import _Form
    from app.ui.game_editor.parts import _scoring_part
    from app.ui.state.game_draft import GameDraft, form_path
    from scoring.definition import Made, MadeKind, Missed, MissedKind

    draft = GameDraft.copy_of(
        builtin_definition("plump"), names=("Familieplump", "Family Plump"), game_id="fplump"
    )
    draft.set(("bids", "zero"), "10")
    assert draft.definition().bids.zero == 10
    draft.set(("bids", "made", "kind"), "plus")
    draft.set(("bids", "made", "base"), "20")
    draft.set(("bids", "made", "per_bid"), "10")
    draft.set(("bids", "missed", "kind"), "per_off")
    draft.set(("bids", "missed", "per_off"), "10")
    problem = draft.problem()
    assert (problem.code, problem.field) == ("definition_range", "bids.missed.per_off")
    assert form_path(problem.field, draft.form) == ("bids", "missed", "per_off")
    draft.set(("bids", "missed", "per_off"), "-10")
    made = draft.definition()
    assert (made.bids.made, made.bids.missed, made.bids.hook) == (
        Made(MadeKind.PLUS, 20, 10),
        Missed(MissedKind.PER_OFF, per_off=-10),
        True,
    )
    game = game_for(made.id, made)
    bids = {"Kari": 2, "Ola": 0, "Per": 1, "Liv": 1}  # deal 8: 3 cards, Liv deals
    hand = Hand(None, bids=bids, tricks={"Kari": 2, "Ola": 1, "Per": 0, "Liv": 0})
    points = game.score_hand(game.default_options(), SEATS, hand, 8).points
    assert points == {"Kari": 40, "Ola": -10, "Per": -10, "Liv": -10}
    # shared by link as any custom game: the same rules come back
    from app.game_link import decode_game, encode_game

    assert decode_game(encode_game(made)) == made
    with use_language("nb"):
        assert _scoring_part(_Form(draft, TypedTexts()))


def test_a_deleted_deal_moves_the_later_ones_up_and_its_undo_puts_it_back(db) -> None:
    """Deal 1 deleted: deal 2's bids are scored as deal 1 (10 cards, Kari
    deals: her 4 is not hooked); the undo puts deal 1 back and the totals of
    RULES.md §7.1 with it."""
    table = Table()
    sid = start(table)
    taps = HandTaps(table.new_hand)
    play(taps, sid, *DEAL_1)
    play(taps, sid, *DEAL_2)
    screen = table.change_hand(sid, 1)
    assert tap(screen.delete)
    assert table.app.notice.text == "Hand 1 deleted"  # no wild rank to speak of
    view = table.session(sid)
    assert len(view.hands) == 1
    assert dict(view.standings.totals) == {"Kari": 0, "Ola": 11, "Per": 5, "Liv": 13}
    assert table.undo() == ""
    back = table.session(sid)
    assert dict(back.standings.totals) == {"Kari": 12, "Ola": 24, "Per": 17, "Liv": 13}
