"""View state without a browser: drafts become scoring hands, the live score
comes from scoring, presets follow the rules, the app state remembers drafts."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from app.messages import DraftError
from app.ui.state import AppState, HandDraft, NewSessionDraft, effective_language
from scoring import Hand, OptionError, Rank, game_for, parse_card


def draft(game: str, players: tuple[str, ...], **options) -> HandDraft:
    rules = game_for(game)
    return HandDraft(rules=rules.bind(rules.options_from_dict(options), players))


def target_presets(game_id: str, players: int, options: dict):
    game = game_for(game_id)
    return game.presets(game.options_from_dict(options), players)


def test_swedish_keypad_entry_scores_live() -> None:
    d = draft("swedish_rummy", ("Anna", "Bo", "Cato"), draw_two=True, reverse_queens=True)
    assert not d.preview().ready
    d.set_went_out("Anna")
    for rank in ("Q", "8", "2"):
        d.add_card("Bo", parse_card(rank))
    score = d.preview().score
    assert score is not None and score.points == {"Anna": 90, "Bo": 0, "Cato": 0}
    assert d.leftover_points("Bo") == 90
    d.remove_card("Bo", 0)
    assert d.preview().score.points["Anna"] == 70


def test_going_out_keeps_that_players_cards_out_of_the_hand_and_back_on_switching() -> None:
    """Issue 11, fault 8: tapping another player as the one who went out never
    throws entered cards away; they are left out of the hand while that
    player went out, and back when the choice is switched back."""
    d = draft("rummy", ("Kari", "Ola", "Per"))
    d.add_card("Kari", parse_card("K"))
    d.toggle_plain("Per")
    d.set_plain("Per", "7")
    d.set_went_out("Kari")
    d.toggle_plain("Ola")
    d.set_plain("Ola", "18")
    assert d.hand().left == {"Ola": 18, "Per": 7}
    assert d.preview().score.points == {"Kari": 0, "Ola": 18, "Per": 7}
    d.set_went_out("Per")
    assert d.hand().left == {"Kari": (parse_card("K"),), "Ola": 18}
    d.set_went_out("Ola")
    d.set_blocked()
    assert d.hand().left == {"Kari": (parse_card("K"),), "Ola": 18, "Per": 7}


def test_switching_to_typed_points_and_back_keeps_the_cards_and_the_number() -> None:
    """Issue 11, fault 8 (the whole family): "Type points" threw the cards
    entered away; they now wait (outside the hand) and come back, as does the
    typed number."""
    d = draft("rummy", ("Kari", "Ola"))
    d.set_went_out("Kari")
    d.add_card("Ola", parse_card("K"))
    d.add_card("Ola", parse_card("5"))
    d.toggle_plain("Ola")
    d.set_plain("Ola", "7")
    assert d.hand().left == {"Ola": 7}
    d.toggle_plain("Ola")
    assert d.hand().left == {"Ola": (parse_card("K"), parse_card("5"))}
    d.toggle_plain("Ola")
    assert d.plain == {"Ola": "7"}
    assert d.hand().left == {"Ola": 7}


def test_an_edit_left_unsaved_is_never_carried_into_the_next_opening() -> None:
    """Issue 11, fault 1: each opening of a stored hand shows it as stored; the
    unsaved change of an earlier opening is kept aside, to restore or discard."""
    View = rummy_view(5, hands=2)
    app = AppState()
    stored = Hand("Ola", {"Kari": (parse_card("5"), parse_card("K"))})
    first = app.open_edit(View, 1, stored)
    first.add_card("Kari", parse_card("2"))
    first.set_went_out("Kari")
    assert first.edited
    second = app.open_edit(View, 1, stored)  # left without saving, opened again
    assert second is not first and second.unchanged() and second.hand() == stored
    assert app.left_edit(5, 1) is first
    app.restore_edit(5, 1)
    assert app.draft_for(View, 1, stored) is first and app.left_edit(5, 1) is None
    third = app.open_edit(View, 1, stored)
    app.forget_left_edit(5, 1)
    assert app.left_edit(5, 1) is None and not third.edited
    # an edit switched back to what was stored is no change
    third.set_went_out("Kari")
    third.set_went_out("Ola")
    assert not third.edited
    assert app.open_edit(View, 1, stored) is not third and app.left_edit(5, 1) is None


def test_the_chosen_game_again_changes_nothing_and_a_game_keeps_its_options() -> None:
    """Issue 11, fault 3."""
    form = NewSessionDraft()
    form.set_option("draw_two", True)
    form.set_option("blocked_scoring", "no_score")
    form.choose_preset("custom")
    form.custom = "250"
    form.select_game("swedish_rummy")
    assert form.options == {"draw_two": True, "blocked_scoring": "no_score"}
    assert (form.preset, form.custom) == ("custom", "250")
    form.select_game("rummy")
    assert form.options == {} and form.preset == "r5"
    form.set_option("scoring", "winner_collects")
    form.select_game("swedish_rummy")
    assert form.options == {"draw_two": True, "blocked_scoring": "no_score"}
    assert form.all_options()["target"] == 250
    form.select_game("rummy")
    assert form.options == {"scoring": "winner_collects"} and form.preset == "100"
    form.reset()
    assert form.game_id == "rummy" and form.options == {} and form.chosen == {}


def test_plain_number_that_is_not_a_number_is_an_error_not_a_score() -> None:
    d = draft("rummy", ("Kari", "Ola"))
    d.set_went_out("Kari")
    d.toggle_plain("Ola")
    d.set_plain("Ola", "12x")
    preview = d.preview()
    assert preview.score is None and preview.error.code == "bad_points"


def test_blocked_needs_the_option_and_hand_needs_someone_out() -> None:
    d = draft("swedish_rummy", ("A", "B"), reshuffle_discards=True)
    assert not d.rules.can_block
    with pytest.raises(DraftError) as caught:  # refused by the screen, before scoring
        d.hand()
    assert caught.value.code == "went_out_missing"


def test_run_builder_asks_for_an_ambiguous_ace_only() -> None:
    d = draft("four_suit_rummy", ("Anna", "Bjørn"))
    d.set_went_out("Anna")
    d.open_builder(0)
    d.pick_suit("D")
    for rank in ("9", "A", "J"):
        d.pick_rank(rank)
    assert d.ace_options == () and len(d.runs["Anna"]) == 1
    d.pick_suit("C")
    for rank in ("A", "10", "J"):
        d.pick_rank(rank)
    assert d.ace_options == (Rank.NINE, Rank.QUEEN)
    d.choose_ace("9")
    assert d.runs["Anna"][1].ace_as is Rank.NINE


def test_run_builder_refuses_a_non_run() -> None:
    d = draft("four_suit_rummy", ("Anna", "Bjørn"))
    d.open_builder(1)
    d.pick_suit("H")
    for rank in ("2", "5", "9"):
        d.pick_rank(rank)
    assert d.builder_error is not None and d.builder_error.code == "not_a_run"
    assert "Bjørn" not in d.runs


def test_example_1_by_draft() -> None:
    d = draft("four_suit_rummy", ("A", "B"))
    d.set_went_out("A")
    runs = {
        0: [("H", "567"), ("S", "567"), ("D", "9AJ"), ("C", "AQK")],
        1: [("H", "89T"), ("S", "8AT"), ("D", "234")],
    }
    for seat, items in runs.items():
        d.open_builder(seat)
        for suit, ranks in items:
            d.pick_suit(suit)
            for r in ranks:
                d.pick_rank("10" if r == "T" else r)
    for rank in ("7", "8", "K"):
        d.add_card("B", parse_card(rank))
    assert d.preview().score.points == {"A": 155, "B": 110}


def test_target_presets_follow_players_and_action_cards() -> None:
    assert [p.value for p in target_presets("swedish_rummy", 4, {})] == [100, 200, 400]
    suggested = [
        p.key for p in target_presets("swedish_rummy", 4, {"draw_two": True}) if p.suggested
    ]
    assert suggested == ["100n"]
    assert [p.option for p in target_presets("rummy", 2, {"scoring": "winner_collects"})] == [
        "target",
        "target",
    ]
    assert [p.value for p in target_presets("four_suit_rummy", 2, {})] == [500, 1000, 1500]


def test_new_session_form() -> None:
    form = NewSessionDraft()
    form.name = "Anna"
    assert form.add_player()
    assert form.name == ""
    assert not form.add_player("anna")
    assert form.error.code == "player_duplicate"
    form.add_player("Bo")
    form.move_player(1, -1)
    assert form.players == ("Bo", "Anna")
    form.set_option("draw_two", True)
    assert form.preset == "100n"
    assert form.start_args() == ("swedish_rummy", ("Bo", "Anna"), {"target": 200, "draw_two": True})
    form.choose_preset("custom")
    form.custom = "0"
    with pytest.raises(OptionError):
        form.start_args()
    form.select_game("rummy")
    assert form.options == {} and form.preset == "r5"
    assert form.start_args()[2] == {}


def test_a_variant_that_moves_the_target_says_so() -> None:
    """The rule book suggests 100 × players with action cards: an untouched
    target follows, and the form says it did (never silently); a target the
    players chose stays."""
    form = NewSessionDraft()
    assert form.preset == "100" and not form.followed
    form.set_option("draw_two", True)
    assert form.preset == "100n" and form.followed
    form.set_option("skip_aces", True)  # already the suggestion: nothing moved
    assert form.preset == "100n" and not form.followed
    form.choose_preset("50n")
    form.set_option("skip_aces", False)
    form.set_option("draw_two", False)
    assert form.preset == "50n" and not form.followed
    form.reset()
    assert not form.followed


def test_four_suit_rummy_needs_exactly_two_players() -> None:
    form = NewSessionDraft()
    form.select_game("four_suit_rummy")
    form.add_player("A")
    with pytest.raises(OptionError):
        form.start_args()
    form.add_player("B")
    assert not form.add_player("C")
    assert form.error.code == "player_count"


def test_effective_language() -> None:
    assert effective_language("en") == "en"
    assert effective_language("system", {"LANG": "nb_NO.UTF-8"}) == "nb"
    assert effective_language("system", {"LANG": "sv_SE.UTF-8"}) == "en"


def rummy_view(session_id: int, hands: int = 0) -> SimpleNamespace:
    """What the drafts read of a :class:`SessionView`: a Rummy session of Kari
    and Ola with ``hands`` hands."""
    game = game_for("rummy")
    return SimpleNamespace(
        id=session_id,
        game_id="rummy",
        options=game.default_options(),
        players=("Kari", "Ola"),
        rules=game.bind(game.default_options(), ("Kari", "Ola")),
        hands=tuple(f"hand {n}" for n in range(1, hands + 1)),
        definition=None,  # no phases to play (a Phase 10 view has its definition)
    )


def test_app_state_keeps_drafts_per_hand() -> None:
    View = rummy_view(7)

    app = AppState()
    first = app.draft_for(View, None)
    assert app.draft_for(View, None) is first
    app.drop_draft(7, None)
    assert app.draft_for(View, None) is not first
    before = app.revision
    app.changed()
    assert app.revision == before + 1


def test_an_untouched_new_hand_made_from_an_older_view_is_the_next_hand() -> None:
    """A hand screen drawn once more after its hand was saved (a reload on
    its way out) made the next draft from the view it had: the next hand
    then said hand 1 had been saved on another phone (CI of 4430686)."""
    app = AppState()
    old = app.draft_for(rummy_view(7, hands=0), None)  # the dying screen, hand 1's view
    assert old.opened_for == 1
    after = app.draft_for(rummy_view(7, hands=1), None)  # the next hand's screen
    assert after.opened_for == 2
    after.set_went_out("Kari")
    assert not after.overtaken(2)
    # begun, it is kept: another phone's hand meanwhile is asked about
    assert app.draft_for(rummy_view(7, hands=2), None) is after and after.overtaken(3)


def _ace_pending() -> HandDraft:
    d = draft("four_suit_rummy", ("Anna", "Bjørn"))
    d.set_went_out("Anna")
    d.open_builder(0)
    d.pick_suit("C")
    for rank in ("A", "10", "J"):
        d.pick_rank(rank)
    assert d.ace_options == (Rank.NINE, Rank.QUEEN) and d.run_pending
    return d


def test_done_never_drops_a_run_that_is_being_built() -> None:
    d = _ace_pending()
    assert not d.finish_builder()
    assert d.builder == 0 and d.ranks == (Rank.ACE, Rank.TEN, Rank.JACK)
    assert d.builder_error.code == "run_unfinished" and d.builder_error.params["ace"]
    d.choose_ace("Q")
    assert d.finish_builder() and d.builder is None
    assert d.runs["Anna"][0].ace_as is Rank.QUEEN
    # two ranks of three: also kept
    d.open_builder(1)
    d.pick_suit("H")
    d.pick_rank("5")
    d.pick_rank("6")
    assert not d.finish_builder() and d.ranks == (Rank.FIVE, Rank.SIX)


def test_save_refuses_while_a_run_is_being_built() -> None:
    d = _ace_pending()
    assert not d.check_saveable()
    assert d.save_error.code == "run_pending"
    d.choose_ace("9")  # the run is finished: the refusal goes
    assert d.save_error is None and d.check_saveable()
    d.pick_suit("S")
    d.pick_rank("5")
    assert not d.check_saveable()
    d.unpick_rank()  # nothing pending any more
    assert d.save_error is None and d.check_saveable()


def test_run_builder_says_when_the_next_run_starts() -> None:
    d = draft("four_suit_rummy", ("Anna", "Bjørn"))
    d.open_builder(0)
    assert not d.ranks and d.last_run is None  # "Undo rank" off, "Done" is "Cancel"
    d.pick_suit("H")
    for rank in ("5", "6", "7"):
        d.pick_rank(rank)
    assert len(d.runs["Anna"]) == 1 and d.last_run == d.runs["Anna"][0]
    assert d.suit is None and d.ranks == () and not d.run_pending
    d.pick_rank("8")  # no suit yet: nothing happens
    assert d.ranks == ()
    assert d.finish_builder() and d.last_run is None


def test_empty_and_bad_typed_points_are_described() -> None:
    from app.i18n import set_language
    from app.ui.common import describe_problem

    set_language("en")
    d = draft("rummy", ("Kari", "Ola"))
    d.set_went_out("Kari")
    d.toggle_plain("Ola")
    assert describe_problem(d.preview().error) == "Type the points for Ola"
    d.set_plain("Ola", "12x")
    assert describe_problem(d.preview().error) == "Ola: “12x” is not a sum of whole numbers"


def test_presets_never_count_zero_players() -> None:
    form = NewSessionDraft()
    assert [p.value for p in form.presets()] == [100, 100, 200]
    form.add_player("Anna")
    form.add_player("Bo")
    form.add_player("Cato")
    assert [p.value for p in form.presets()] == [100, 150, 300]


def test_session_button_continues_a_started_draft() -> None:
    View = rummy_view(3)

    app = AppState()
    assert not app.has_draft(3, View.players)
    d = app.draft_for(View, None)
    assert not app.has_draft(3, View.players)  # opened, nothing entered
    d.set_went_out("Ola")
    assert app.has_draft(3, View.players)
    assert not app.has_draft(3, ("Kari", "Ola", "Per"))
    app.drop_draft(3, None)
    assert not app.has_draft(3, View.players)


def test_device_settings_override_the_server_default() -> None:
    from app.settings import Settings
    from app.ui.preferences import merge

    app = AppState(settings=Settings("en", "dark"))
    assert not app.device_ready
    app.device_settings(merge(app.settings, {"language": "nb", "theme": None}))
    assert app.device_ready and app.settings == Settings("nb", "dark")
    assert merge(Settings(), {"language": "de", "theme": "light"}) == Settings("system", "light")


def test_a_new_hand_overtaken_by_another_phone_says_so() -> None:
    """Begun as hand 3; another phone saves hand 3: this one would now be hand
    4, and asks whether it is another hand (untouched drafts just move on)."""

    View = rummy_view(5, hands=2)

    app = AppState()
    draft = app.draft_for(View, None)
    assert draft.opened_for == 3
    assert not draft.overtaken(4)  # nothing entered yet: it simply becomes hand 4
    draft.set_went_out("Kari")
    assert not draft.overtaken(3) and draft.overtaken(4)
    draft.keep_as(4)
    assert not draft.overtaken(4) and draft.overtaken(5)
    assert not draft.overtaken(3)  # a hand deleted elsewhere: it simply becomes hand 3
    draft.follow_deletions(3)
    assert draft.opened_for == 3 and draft.overtaken(4)
    editing = HandDraft.from_hand(View, 2, Hand("Ola", {"Kari": 5}))
    editing.set_went_out("Kari")
    assert not editing.overtaken(9) and editing.original == Hand("Ola", {"Kari": 5})


def test_an_untouched_edit_follows_the_stored_hand() -> None:
    """Reopening a hand that another phone changed shows the stored hand; an
    edit in progress is kept (saving it is then refused by the services)."""

    View = rummy_view(6, hands=2)

    app = AppState()
    before, after = Hand("Ola", {"Kari": 5}), Hand("Kari", {"Ola": 9})
    first = app.draft_for(View, 2, before)
    assert first.unchanged()
    again = app.draft_for(View, 2, after)  # changed elsewhere, untouched here
    assert again is not first and again.original == after and again.went_out == "Kari"
    again.add_card("Ola", parse_card("K"))
    assert not again.unchanged()
    assert app.draft_for(View, 2, before) is again  # the edit in progress is kept
