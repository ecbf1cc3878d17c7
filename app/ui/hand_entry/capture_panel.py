"""One player's captured pile on the hand screen (RULES.md §5 Kasino; the
taps of §5.3): the card count on a number pad, one tap on 0–13 for each
compared suit, the named cards as chips, a "+" per event. The last player's
row is derived and shown grey ("= 23"); a tap on it makes its values
entered. Every tap goes through :class:`app.ui.state.capture_draft.CaptureDraft`
(the screen's model, tested in plain Python); the points come from
:mod:`scoring` (the live score below the rows)."""

from __future__ import annotations

import flet as ft

from app.i18n import _, format_number, ngettext
from app.messages import card_label, words
from app.ui.common import TOUCH, choice, tagged
from app.ui.hand_entry.keypad import GAP
from app.ui.hand_entry.player_panel import NAME_WIDTH
from app.ui.state import HandDraft, Preview
from app.ui.state.hand_screen import points_shown
from scoring import Suit, parse_card

__all__ = ["CapturePanel"]

#: A suit's symbol by its letter (the fifth suit, STAR, has no cards to count).
_SYMBOLS = {suit.value: suit.symbol for suit in Suit}


def _shown(value: int | None, derived: bool) -> str:
    """A count as a row shows it: "= 23" when derived, "–" when not entered."""
    if value is None:
        return "–"
    return f"= {format_number(value)}" if derived else format_number(value)


def _cards_text(cards: int | None, derived: bool) -> str:
    """The card count as its button says it: "29 cards", "= 23 cards" when
    derived (grey), "Cards" before anything is entered."""
    if cards is None:
        return _("Cards")
    said = ngettext("{n} card", "{n} cards", cards)
    return f"= {said}" if derived else said


@ft.component
def CapturePanel(draft: HandDraft, seat: int, preview: Preview) -> ft.Control:
    """Row ``seat``'s pile (a player's, or a partnership's): counts, named
    cards and events."""
    capture = draft.capture
    assert capture is not None
    facts = capture.facts
    player = facts.players[seat]
    definition = draft.rules.game.definition
    names = (
        {e.id: words(e.name) for e in definition.captures.events}
        if definition is not None and definition.captures is not None
        else {}
    )

    def tap(method: str, *args: object) -> None:
        # the piles as they are at the tap (two taps before a redraw both count)
        current = draft.capture
        assert current is not None
        draft.set_capture(getattr(current, method)(*args))

    cards, derived = capture.shown_cards(player)
    grey = ft.Colors.ON_SURFACE_VARIANT
    count = tagged(
        f"pile-cards-{seat}",
        ft.TextButton(
            _cards_text(cards, derived),
            on_click=lambda _e: tap("enter_derived", player),
            style=ft.ButtonStyle(color=grey if derived else ft.Colors.ON_SURFACE),
            height=TOUCH,
        ),
        button=True,
    )
    header = ft.Row(
        [
            ft.Container(
                content=ft.Text(
                    facts.label(seat), size=16, weight=ft.FontWeight.W_600, max_lines=2
                ),
                width=NAME_WIDTH,
            ),
            count,
            ft.Container(expand=True),
            tagged(
                f"pile-points-{seat}",
                ft.Text(points_shown(preview, player), size=18, weight=ft.FontWeight.BOLD),
            ),
        ],
        spacing=GAP,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )
    controls: list[ft.Control] = [header]
    # the number pad of the card count: a tap a digit, ⌫ takes one back
    controls.append(
        ft.Row(
            [
                *[
                    tagged(
                        f"pile-digit-{seat}-{digit}",
                        ft.OutlinedButton(
                            str(digit),
                            on_click=lambda _e, d=digit: tap("digit", player, d),
                            height=TOUCH,
                            width=TOUCH,
                        ),
                        button=True,
                    )
                    for digit in range(10)
                ],
                tagged(
                    f"pile-erase-{seat}",
                    ft.IconButton(
                        icon=ft.Icons.BACKSPACE_OUTLINED,
                        tooltip=_("Erase a digit"),
                        on_click=lambda _e: tap("erase", player),
                    ),
                    button=True,
                    label=_("Erase a digit"),
                ),
            ],
            wrap=True,
            spacing=4,
            run_spacing=4,
        )
    )
    for suit in facts.suits:
        value, suit_derived = capture.shown_suit(player, suit)
        symbol = _SYMBOLS.get(suit, suit)
        controls.append(
            ft.Text(
                f"{symbol} {_shown(value, suit_derived)}",
                color=grey if suit_derived else None,
                weight=ft.FontWeight.W_500,
            )
        )
        controls.append(
            ft.Row(
                [
                    choice(
                        f"pile-suit-{seat}-{suit}-{n}",
                        str(n),
                        value == n and not suit_derived,
                        lambda _e, s=suit, k=n: tap("set_suit", player, s, k),
                        width=TOUCH,
                    )
                    for n in range(facts.suit_cards + 1)
                ],
                wrap=True,
                spacing=4,
                run_spacing=4,
            )
        )
    mine = capture.named_of(player)
    controls.append(
        ft.Row(
            [
                choice(
                    f"pile-chip-{seat}-{token}",
                    card_label(parse_card(token)),
                    # a chip that follows (the last row's, nobody else has it) is
                    # ticked but not filled: grey like the row's other derived values
                    capture.placed.get(token) == player,
                    lambda _e, t=token: tap("place", player, t),
                    icon=ft.Icons.CHECK if token in mine else None,
                )
                for token in facts.chips
            ],
            wrap=True,
            spacing=6,
            run_spacing=6,
        )
    )
    events: list[ft.Control] = []
    for event, _most in facts.events:
        made = capture.event_count(player, event)
        name = names.get(event, event)
        events.append(
            tagged(
                f"pile-event-{seat}-{event}",
                ft.OutlinedButton(
                    f"+ {name}",
                    on_click=lambda _e, e=event: tap("add_event", player, e),
                    height=TOUCH,
                ),
                button=True,
            )
        )
        if made:
            events.append(
                tagged(
                    f"pile-event-count-{seat}-{event}",
                    ft.TextButton(
                        f"×{format_number(made)}",
                        on_click=lambda _e, e=event: tap("remove_event", player, e),
                        height=TOUCH,
                    ),
                    button=True,
                    label=_("Take one off"),
                )
            )
    if events:
        controls.append(ft.Row(events, wrap=True, spacing=6, run_spacing=6))
    return ft.Container(
        content=ft.Column(controls, spacing=GAP),
        padding=ft.Padding.symmetric(horizontal=6, vertical=6),
        border_radius=12,
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
    )
