"""Flows through the real Kortpoeng UI, shared by the end-to-end tests.

Every step taps a control by its stable semantics identifier (the same in both
languages) and counts the taps, so the entry-economy test can assert on them.
"""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
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


@contextlib.contextmanager
def tall(page: Any, height: int = h.TALL["height"]) -> Iterator[None]:
    """Make the page this tall for a while (same width), so that a long form
    needs no scrolling: a tap on a node Playwright has to scroll into view
    can land where the Flutter view had not yet followed the scroll."""
    size = page.viewport_size
    page.set_viewport_size({"width": size["width"], "height": max(height, size["height"])})
    try:
        settle(page, 0.3)
        yield
    finally:
        page.set_viewport_size(size)
        settle(page, 0.3)


def new_session(
    page: Any,
    game: str,
    players: Sequence[str],
    *,
    preset: str | None = None,
    switches: Iterable[str] = (),
    options: Iterable[str] = (),
) -> None:
    """From the sessions screen: fill in the new-session form (made tall
    enough to need no scrolling) and start."""
    h.tap(page, "nav-new-session")
    wait_for(page, "screen-new-session")
    settle(page)
    with tall(page):
        reveal(page, f"game-{game}")
        h.tap(page, f"game-{game}")
        for name in players:
            add_player(page, name, players.index(name))
        for key in (*options, *switches):
            reveal(page, f"option-{key}")
            h.tap(page, f"option-{key}")
        if preset:
            reveal(page, f"preset-{preset}")
            h.tap(page, f"preset-{preset}")
        h.tap(page, "start-session")
        wait_for(page, "screen-session")
    settle(page)


def add_player(page: Any, name: str, seat: int, attempts: int = 3) -> None:
    """On the new-session form: type ``name`` and add it, to ``seat``. A field
    just focused can drop the first keys on a busy machine (the name is then
    empty and Add does nothing): typed again, as a person would."""
    for attempt in range(attempts):
        reveal(page, "player-name")
        h.type_into(page, "player-name", name)
        reveal(page, "player-add")
        h.tap(page, "player-add")
        try:
            wait_for(page, f"seat-{seat}", timeout=h.WAIT / 3 if attempt < attempts - 1 else h.WAIT)
            return
        except Exception:  # playwright's TimeoutError: type again
            if attempt == attempts - 1 or h.by_id(page, f"seat-{seat}").count():
                raise


def type_until(
    page: Any, identifier: str, text: str, shows: str, expected: str, attempts: int = 3
) -> None:
    """Type ``text`` into the field ``identifier`` until the node ``shows``
    says ``expected``: a field that has just appeared (and takes the focus
    itself) can drop the first keys typed on a busy machine, as a person
    would see and type again."""
    for attempt in range(attempts):
        h.type_into(page, identifier, text)
        try:
            wait_text(
                page, shows, expected, timeout=h.WAIT / 6 if attempt < attempts - 1 else h.WAIT
            )
            return
        except AssertionError:
            if attempt == attempts - 1:
                raise


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
    (rank tokens) or plain numbers; saves unless ``save`` is false. A player
    who did not go out and is not in ``left`` held nothing: the app asks about
    that (RULES.md §4), and the save is confirmed."""
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
        if any(p != went_out and p not in left for p in players):
            wait_for(page, "hand-warnings")
            taps.tap("confirm-warnings")
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


#: The box of the node with the identifier IDENT: ``[x, y, width, height]``
#: (``null`` while there is none).
BOX_JS = """() => {
  const node = document.querySelector('[flt-semantics-identifier="IDENT"]');
  if (!node) return null;
  const r = node.getBoundingClientRect();
  return [r.x, r.y, r.width, r.height];
}"""


def reveal(page: Any, identifier: str, *, tries: int = 40) -> None:
    """Scroll the screen (the mouse wheel over it) until the node
    ``identifier`` is well inside the window: a click on a node out of view
    makes Playwright scroll the page's nodes, not Flutter's list, and lands on
    whatever Flutter drew there (the new-session screen lists six games and
    more: its player field is below the fold on a phone)."""
    height = (page.viewport_size or {"height": 844})["height"]
    bottom = height - 150
    before = None
    for _ in range(tries):
        node = h.by_id(page, identifier)
        box = node.first.bounding_box() if node.count() else None
        if box is not None and box["y"] > 60 and box["y"] + min(box["height"], 48) < bottom:
            # in view, once the scroll has come to rest: on a busy machine the
            # list is still gliding after the wheel, and a click on the box read
            # mid-glide lands on the card before (Crazy Eights for Family Eights)
            rest = h.settled(page, BOX_JS.replace("IDENT", identifier))
            if rest is not None and rest[1] > 60 and rest[1] + min(rest[3], 48) < bottom:
                return
            continue
        if (
            box is not None
            and box == before
            and box["y"] >= 0
            and box["y"] + box["height"] <= height
        ):
            return  # in view and the wheel does not move it: pinned (a bottom bar)
        before = box
        down = box is None or box["y"] >= 60
        page.mouse.move(195, bottom // 2)
        page.mouse.wheel(0, 300 if down else -300)
        page.wait_for_timeout(250)
    wait_for(page, identifier)


def settle(page: Any, seconds: float = 0.15) -> None:
    """Let Flutter lay the new frame out before the next tap (a tap on a node
    that is still moving lands where it was)."""
    page.wait_for_timeout(seconds * 1000)


# -- taps as a finger makes them, and what a screen has -----------------------------


def on_screen(page: Any, identifier: str) -> bool:
    """Whether a node with ``identifier`` is on screen now."""
    return h.by_id(page, identifier).count() > 0


def double_tap(page: Any, identifier: str, gap_ms: int = 120) -> tuple[float, float]:
    """Two taps at the centre of ``identifier`` ``gap_ms`` apart, as a finger
    makes them (:func:`e2e_harness.fingers`: the second lands wherever the
    screen is by then); returns the spot."""
    box = h.by_id(page, identifier).first.bounding_box()
    assert box is not None, identifier
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    with h.fingers(page):
        page.mouse.click(x, y)
        page.wait_for_timeout(gap_ms)
        page.mouse.click(x, y)
    return x, y


#: Taps again, as a finger at ``[x, y]``, the moment the session screen
#: arrives after the next tap's lift; ``window.__second`` then says how many
#: milliseconds after that lift it came and whether an arrival guard was up.
#: It keeps no time of its own: the caller waits (as long as any other wait).
TAP_ON_ARRIVAL_JS = """([x, y]) => {
  window.__second = undefined;
  let lifted = null;
  addEventListener("pointerup", (e) => { if (lifted === null) lifted = e.timeStamp; },
                   {capture: true, once: true});
  const node = (id) => document.querySelector(`[flt-semantics-identifier="${id}"]`);
  const tap = () => {
    const target = document.elementFromPoint(x, y);
    const at = {bubbles: true, cancelable: true, composed: true, clientX: x, clientY: y,
                pointerId: 1, pointerType: "mouse", isPrimary: true, button: 0};
    target.dispatchEvent(new PointerEvent("pointerdown", {...at, buttons: 1}));
    target.dispatchEvent(new PointerEvent("pointerup", {...at, buttons: 0}));
  };
  const watch = new MutationObserver(() => {
    if (lifted !== null && node("screen-session")) {
      watch.disconnect();
      const seen = {after: performance.now() - lifted, guarded: !!node("arrival-guard")};
      tap();
      window.__second = seen;
    }
  });
  watch.observe(document.body, {subtree: true, childList: true});
}"""


def wait_any(page: Any, identifiers: Sequence[str], timeout: float = h.WAIT) -> str:
    """Wait until one of ``identifiers`` is on screen; return the first found
    (a later event's result, whichever screen it came on)."""
    page.wait_for_function(
        """(ids) => ids.some(
             (id) => document.querySelector(`[flt-semantics-identifier="${id}"]`))""",
        arg=list(identifiers),
        timeout=timeout * 1000,
    )
    return next(i for i in identifiers if on_screen(page, i))


#: Every node's box whose identifier starts with a prefix:
#: ``{identifier: [x, y, width, height]}`` (rounded).
BOXES_JS = """(prefix) => Object.fromEntries(
  Array.from(document.querySelectorAll(`[flt-semantics-identifier^="${prefix}"]`)).map((e) => {
    const r = e.getBoundingClientRect();
    return [e.getAttribute("flt-semantics-identifier"),
            [Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)]];
  }))"""


def boxes(page: Any, prefix: str) -> dict[str, list[int]]:
    """The boxes of the nodes whose identifier starts with ``prefix``, once
    the layout has stopped moving."""
    return h.settled(page, f"({BOXES_JS})({prefix!r})")
