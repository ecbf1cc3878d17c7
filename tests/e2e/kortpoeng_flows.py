"""Flows through the real Kortpoeng UI, shared by the end-to-end tests.

Every step taps a control by its stable semantics identifier (the same in both
languages) and counts the taps, so the entry-economy test can assert on them.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import e2e_harness as h

APP = "-m app.main"


class Taps:
    """Counts taps made through :meth:`tap`."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.count = 0

    def tap(self, identifier: str) -> None:
        h.tap(self.page, identifier)
        self.count += 1


def wait_text(
    page: Any, identifier: str, expected: str | re.Pattern[str], timeout: float = h.WAIT
) -> str:
    """Wait until the node ``identifier`` says ``expected`` (exact or regex); return it."""
    deadline = time.monotonic() + timeout
    text = ""
    while time.monotonic() < deadline:
        if h.by_id(page, identifier).count():
            text = h.text_of(page, identifier)
            if (isinstance(expected, str) and text == expected) or (
                not isinstance(expected, str) and expected.search(text)
            ):
                return text
        time.sleep(0.05)
    raise AssertionError(f"{identifier!r} says {text!r}, expected {expected!r}")


def wait_says(page: Any, identifier: str, fragment: str, timeout: float = h.WAIT) -> None:
    """Wait until the node ``identifier``, or a node inside it, says something
    containing ``fragment`` (a control's text can sit on an inner node)."""
    page.wait_for_function(
        """([id, fragment]) => {
          const node = document.querySelector(`[flt-semantics-identifier="${id}"]`);
          if (!node) return false;
          const said = [node, ...node.querySelectorAll("*")].map(
            (n) => (n.getAttribute("aria-label") || "") + " " + (n.textContent || ""));
          return said.some((text) => text.includes(fragment));
        }""",
        arg=[identifier, fragment],
        timeout=timeout * 1000,
    )


def wait_for(page: Any, identifier: str, timeout: float = h.WAIT) -> None:
    """Wait until a node with ``identifier`` is on screen."""
    h.by_id(page, identifier).first.wait_for(state="attached", timeout=timeout * 1000)


def wait_gone(page: Any, identifier: str, timeout: float = h.WAIT) -> None:
    """Wait until no node with ``identifier`` is on screen."""
    h.by_id(page, identifier).first.wait_for(state="detached", timeout=timeout * 1000)


def totals(page: Any, seats: int) -> list[str]:
    """The totals row of the standings, seat by seat."""
    return [h.text_of(page, f"total-{seat}") for seat in range(seats)]


def new_session(
    page: Any,
    game: str,
    players: Sequence[str],
    *,
    preset: str | None = None,
    switches: Iterable[str] = (),
    options: Iterable[str] = (),
) -> None:
    """From the sessions screen: fill in the new-session form and start."""
    h.tap(page, "nav-new-session")
    wait_for(page, "screen-new-session")
    settle(page)
    h.tap(page, f"game-{game}")
    for name in players:
        h.type_into(page, "player-name", name)
        h.tap(page, "player-add")
        wait_for(page, f"seat-{players.index(name)}")
    for key in options:
        h.tap(page, f"option-{key}")
    for key in switches:
        h.tap(page, f"option-{key}")
    if preset:
        h.tap(page, f"preset-{preset}")
    h.tap(page, "start-session")
    wait_for(page, "screen-session")
    settle(page)


def open_hand(page: Any, identifier: str = "new-hand") -> None:
    """Tap ``new-hand`` (or a hand row) and wait for the hand screen to settle."""
    h.tap(page, identifier)
    wait_for(page, "screen-hand")
    settle(page, 0.3)


def enter_hand(
    taps: Taps,
    players: Sequence[str],
    went_out: str | None,
    left: Mapping[str, Sequence[str] | int] = {},
    *,
    save: bool = True,
) -> None:
    """From the session screen: a new hand with who went out and leftover cards
    (rank tokens) or plain numbers; saves unless ``save`` is false."""
    page = taps.page
    taps.tap("new-hand")
    wait_for(page, "screen-hand")
    settle(page)
    taps.tap("blocked" if went_out is None else f"went-out-{players.index(went_out)}")
    for player, held in left.items():
        seat = players.index(player)
        if isinstance(held, int):
            taps.tap(f"plain-{seat}")
            wait_for(page, f"plain-value-{seat}")
            h.type_into(page, f"plain-value-{seat}", str(held))
        else:
            for rank in held:
                taps.tap(f"key-{player}-{rank}")
            wait_for(page, f"chip-{seat}-{len(held) - 1}")
    if save:
        settle(page)
        taps.tap("hand-save")
        wait_for(page, "screen-session")
        settle(page)


def add_run(
    page: Any, seat: int, suit: str, ranks: Sequence[str], ace_as: str | None = None
) -> None:
    """Four Suit Rummy: open the run builder for ``seat``, pick the suit and three ranks."""
    before = 0
    while h.by_id(page, f"run-{seat}-{before}").count():
        before += 1
    h.tap(page, f"run-add-{seat}")
    h.tap(page, f"suit-{suit}")
    for rank in ranks:
        h.tap(page, f"run-rank-{rank}")
    if ace_as is not None:
        h.tap(page, f"ace-as-{ace_as}")
    wait_for(page, f"run-{seat}-{before}")
    settle(page)
    h.tap(page, "run-done")
    wait_gone(page, "run-done")
    settle(page)


def settle(page: Any, seconds: float = 0.15) -> None:
    """Let Flutter lay the new frame out before the next tap (a tap on a node
    that is still moving lands where it was)."""
    page.wait_for_timeout(seconds * 1000)
