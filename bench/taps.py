"""Taps for a typical hand of each game (issue 28: the entry of a typical hand
at the physical minimum of taps). Each hand RULES.md counts is entered on
the hand screen's plain-Python screen models (no browser), on a throwaway
SQLite file in a temporary folder, with the taps counted as a finger makes
them (``bench/hand_taps.py``, which the tests share): *Enter hand*, the
entry's own taps, *Save hand*. Each line says the taps measured, the figure
RULES.md gives (read from docs/RULES.md, its bold figure "with *Enter hand*
and *Save hand*" or "in all") and "ok", or "over" when the measured taps are
more:

    taps: kasino example 1: 11 taps (RULES.md §5.3: 11, ok)

The hands: Kasino §5.3 examples 1, 2 (three players) and 4 (partnerships),
Five Crowns §6.2 rounds 1 and 3 (round 2 entered between them, not
printed), Plump §7.2 deal 1, Phase 10 §8.2 example 1. Swedish Rummy and the
other rummy games have no taps figure in RULES.md and are not entered.

Exits 1 when a hand cannot be entered as RULES.md says (a bid not offered,
a save refused or asking a question, points other than RULES.md's) or a
figure is missing from RULES.md; "over" alone does not fail. The taps do
not depend on the machine: ``--quick`` (``bench/common.py``) runs the same.
"""

from __future__ import annotations

import re
import sys
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from common import quick_mode, verdict  # noqa: E402
from hand_taps import HandTaps, PileTaps, bids_of  # noqa: E402

from app import storage  # noqa: E402
from app.i18n import set_language  # noqa: E402
from app.ui.state import AppState, NewSessionDraft  # noqa: E402
from app.ui.state.hand_screen import HandScreen  # noqa: E402
from app.ui.state.ports import Ports  # noqa: E402
from models import services  # noqa: E402

RULES = ROOT / "docs" / "RULES.md"


class NotEntered(Exception):
    """A hand could not be entered as RULES.md enters it."""


class Desk:
    """The hand screen's ways out on ``url`` (a fresh SQLite file): its use
    cases run on that database, as the app runs them."""

    def __init__(self, url: str) -> None:
        self.engine = storage.use_database(url)
        self.app = AppState()

        async def run(use_case: Callable[..., Any], **arguments: Any) -> Any:
            return use_case(engine=self.engine, **arguments)

        self.ports = Ports(run, lambda route: None, lambda route: None, lambda sid: None)

    def start(self, game: str, players: Sequence[str], **options: Any) -> int:
        """A new session of ``game`` as the new-session form starts it; its id."""
        draft = NewSessionDraft()
        draft.select_game(game)
        for name in players:
            draft.add_player(name)
        for key, value in options.items():
            draft.set_option(key, value)
        game_id, seated, chosen = draft.start_args()
        view = services.start_session(
            engine=self.engine, game_id=game_id, players=list(seated), options=chosen
        )
        return view.id

    def open_hand(self, session_id: int) -> HandScreen:
        """The next hand's screen, shown (what *Enter hand n* opens)."""
        screen = HandScreen(self.app, self.ports, session_id, None)
        screen.show(services.open_session(engine=self.engine, session_id=session_id))
        return screen

    def totals(self, session_id: int) -> dict[str, int]:
        """The session's totals as stored now."""
        view = services.open_session(engine=self.engine, session_id=session_id)
        return dict(view.standings.totals)


def saved(taps: HandTaps, screen: HandScreen) -> None:
    """*Save hand*, which must save without a question (raises NotEntered)."""
    if not taps.save(screen):
        problem = screen.problem(screen.preview())
        raise NotEntered(f"not saved: {problem or screen.warning_lines}")


def expect(desk: Desk, session_id: int, totals: Mapping[str, int]) -> None:
    """The totals after the hand are RULES.md's (raises NotEntered)."""
    got = desk.totals(session_id)
    if got != dict(totals):
        raise NotEntered(f"totals {got}, RULES.md says {dict(totals)}")


def _one_pile(
    desk: Desk,
    players: Sequence[str],
    pile: tuple[str, int, Sequence[str]],
    sweeps: Mapping[str, int],
    totals: Mapping[str, int],
    *,
    partners: bool = False,
) -> int:
    """A deal where the first row's counts and named cards are entered (the
    other row follows): ``pile`` is its cards, spades and chips, ``sweeps``
    per row; the taps made."""
    sid = desk.start("kasino", list(players), partners=partners)
    taps = HandTaps(desk.open_hand)
    screen = taps.enter_hand(sid)
    piles = PileTaps(screen)
    first = players[0]
    cards, spades, chips = pile
    piles.number(first, cards)
    piles.set_suit(first, "S", spades)
    for chip in chips:
        piles.place(first, chip)
    for player, count in sweeps.items():
        for _ in range(count):
            piles.add_event(player, "sweep")
    saved(taps, screen)
    expect(desk, sid, totals)
    return taps.count + piles.count


def kasino_example_1(desk: Desk) -> int:
    """§5.3 example 1: Kari's 29 cards, 8 spades, 10♦ A♠ A♥, 2 sweeps; Ola's sweep."""
    return _one_pile(
        desk,
        ["Kari", "Ola"],
        ("29", 8, ("10D", "AS", "AH")),
        {"Kari": 2, "Ola": 1},
        {"Kari": 10, "Ola": 4},
    )


def kasino_example_2(desk: Desk) -> int:
    """§5.3 example 2: three players, Kari and Ola 20 cards and 5 spades each."""
    sid = desk.start("kasino", ["Kari", "Ola", "Per"])
    taps = HandTaps(desk.open_hand)
    screen = taps.enter_hand(sid)
    piles = PileTaps(screen)
    for player in ("Kari", "Ola"):
        piles.number(player, "20")
        piles.set_suit(player, "S", 5)
    for player, chip in (("Kari", "10D"), ("Kari", "AS"), ("Ola", "AH"), ("Ola", "AD")):
        piles.place(player, chip)
    piles.add_event("Per", "sweep")
    saved(taps, screen)
    expect(desk, sid, {"Kari": 3, "Ola": 2, "Per": 3})
    return taps.count + piles.count


def kasino_partnerships(desk: Desk) -> int:
    """§5.3 example 4: Kari and Per against Ola and Liv, a row a pair."""
    return _one_pile(
        desk,
        ["Kari", "Ola", "Per", "Liv"],
        ("30", 9, ("10D", "2S", "AS")),
        {"Kari": 1, "Ola": 2},
        {"Kari": 9, "Ola": 5, "Per": 9, "Liv": 5},
        partners=True,
    )


#: RULES.md §6.1 rounds 1–3: who went out, the cards left (ranks); a
#: player in neither went out on the last turn ("Went out too").
FIVE_CROWNS = ["Ada", "Bo", "Cy", "Di"]
ROUNDS: Sequence[tuple[str, Mapping[str, Sequence[str]]]] = (
    ("Ada", {"Bo": ["3", "8", "J"], "Cy": ["JKR", "5", "9"]}),
    ("Bo", {"Ada": ["K", "6", "8", "10"], "Di": ["4", "J", "7", "9"]}),
    (
        "Cy",
        {"Ada": ["5", "K", "8", "10", "3"], "Bo": ["4", "4"], "Di": ["JKR", "Q", "9", "6", "3"]},
    ),
)


def five_crowns_rounds(desk: Desk) -> list[int]:
    """§6.2: the taps of rounds 1, 2 and 3, each round alone."""
    sid = desk.start("five_crowns", FIVE_CROWNS)
    counts = []
    for went_out, left in ROUNDS:
        taps = HandTaps(desk.open_hand)
        screen = taps.enter_hand(sid)
        taps.went_out(screen, went_out)
        for player in FIVE_CROWNS:
            if player != went_out and player not in left:
                taps.also_out(screen, player)
        for player, faces in left.items():
            taps.cards(screen, player, faces)
        saved(taps, screen)
        counts.append(taps.count)
    expect(desk, sid, {"Ada": 91, "Bo": 47, "Cy": 64, "Di": 127})
    return counts


def plump_deal_1(desk: Desk) -> int:
    """§7.2 deal 1: bids Ola 3, Per 2, Liv 4, Kari (dealer) 2; Kari, Ola, Per made."""
    sid = desk.start("plump", ["Kari", "Ola", "Per", "Liv"])
    bids = {"Kari": 2, "Ola": 3, "Per": 2, "Liv": 4}
    taps = HandTaps(desk.open_hand)
    screen = taps.enter_hand(sid)
    try:
        for player in bids_of(screen).order:
            taps.bid(screen, player, bids[player])
    except (LookupError, ValueError) as error:
        raise NotEntered(str(error)) from error
    for player in ("Kari", "Ola", "Per"):
        taps.made(screen, player)
    saved(taps, screen)
    expect(desk, sid, {"Kari": 12, "Ola": 13, "Per": 12, "Liv": 0})
    return taps.count


def phase_10_hand_1(desk: Desk) -> int:
    """§8.2 example 1: Ada out, Bo completed and holds 3 cards, Cy 10."""
    sid = desk.start("phase_10", ["Ada", "Bo", "Cy"])
    taps = HandTaps(desk.open_hand)
    screen = taps.enter_hand(sid)
    taps.went_out(screen, "Ada")
    taps.completed(screen, "Bo")
    taps.cards(screen, "Bo", ["low", "high", "wild"])
    taps.cards(screen, "Cy", ["low"] * 6 + ["high", "high", "skip", "wild"])
    saved(taps, screen)
    expect(desk, sid, {"Ada": 0, "Bo": 40, "Cy": 90})
    return taps.count


@dataclass(frozen=True)
class Typical:
    """One printed hand: its label, RULES.md's section and the words that
    start the sentence giving its figure, and how its taps are measured."""

    label: str
    section: str
    anchor: str
    measure: Callable[[Desk], int]


def _round(number: int) -> Callable[[Desk], int]:
    return lambda desk: five_crowns_rounds(desk)[number - 1]


HANDS = (
    Typical("kasino example 1", "5.3", "Example 1:", kasino_example_1),
    Typical("kasino example 2, three players", "5.3", "Example 2", kasino_example_2),
    Typical("kasino partnerships (example 4)", "5.3", "Example 4", kasino_partnerships),
    Typical("five crowns round 1", "6.2", "Round 1:", _round(1)),
    Typical("five crowns round 3", "6.2", "Round 3 above", _round(3)),
    Typical("plump deal 1", "7.2", "Deal 1 above", plump_deal_1),
    Typical("phase 10 example 1", "8.2", "Example 1:", phase_10_hand_1),
)


def rules_figure(section: str, anchor: str, text: str | None = None) -> int:
    """The taps RULES.md gives with *Enter hand* and *Save hand*: in §``section``,
    the first bold figure after ``anchor`` followed by "with *Enter hand*" or
    "in all". Raises NotEntered when there is none.

    >>> rules_figure("9.9", "Ex:", "### 9.9 Taps\\nEx: 1 + 2 = **3 taps**, **5** in\\nall.")
    5
    """
    text = RULES.read_text(encoding="utf-8") if text is None else text
    heading = re.search(rf"^### {re.escape(section)} .*$", text, re.MULTILINE)
    if heading is None:
        raise NotEntered(f"RULES.md has no §{section}")
    body = text[heading.end() :].split("\n#", 1)[0]
    body = " ".join(body.split())
    at = body.find(anchor)
    found = (
        re.search(r"\*\*(\d+)\*\* (?:with \*Enter hand\*|in all)", body[at:]) if at >= 0 else None
    )
    if found is None:
        raise NotEntered(f"RULES.md §{section}: no figure after {anchor!r}")
    return int(found[1])


def main(argv: list[str] | None = None) -> int:
    """Enter each typical hand, print its line; 1 when one could not be entered."""
    quick_mode(argv)  # the same hands either way: taps are not timed
    set_language("en")
    failed = []
    with tempfile.TemporaryDirectory(prefix="kortpoeng-taps-") as tmp:
        for number, hand in enumerate(HANDS):
            desk = Desk(f"sqlite:///{Path(tmp) / f'taps{number}.sqlite3'}")
            try:
                figure = rules_figure(hand.section, hand.anchor)
                count = hand.measure(desk)
            except Exception as error:  # any failure of a flow is reported
                failed.append(hand.label)
                print(f"taps: {hand.label}: cannot be entered: {error!r}", file=sys.stderr)
                continue
            finally:
                desk.engine.dispose()
            print(
                f"taps: {hand.label}: {count} taps"
                f" (RULES.md §{hand.section}: {figure}, {verdict(count, figure)})",
                flush=True,
            )
        storage.use_database("sqlite://")
    if failed:
        print(f"taps: not entered: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
