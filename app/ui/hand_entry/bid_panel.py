"""A bids game's hand on the hand screen (RULES.md §7 Plump; the model is
:class:`app.ui.state.bid_draft.BidDraft`): before play a row of bid buttons
per player in bidding order (the dealer last, the number the hook forbids
shown greyed), after play one "made" toggle per player, or each player's
tricks where the game scores a missed bid by them. Every tap gives the
draft its next state; every number shown is the model's or :mod:`scoring`'s.
"""

from __future__ import annotations

import flet as ft

from app.i18n import _, format_number
from app.ui.common import choice, tagged
from app.ui.controls import TOUCH
from app.ui.state import HandDraft
from app.ui.state.bid_draft import BidDraft, BidStep

__all__ = ["BidPanel"]


def _numbers(
    draft: HandDraft, bid: BidDraft, player: str, seat: int, *, tricks: bool
) -> ft.Control:
    """The buttons 0 … cards of ``player``'s bid (or tricks)."""
    chosen = bid.tricks.get(player) if tricks else bid.bids.get(player)
    offered = range(bid.cards + 1) if tricks else bid.offered(player)
    buttons: list[ft.Control] = []
    for n in range(bid.cards + 1):
        if n not in offered:  # the hook: shown, not offered
            buttons.append(
                tagged(
                    f"bid-{seat}-{n}-hooked",
                    ft.OutlinedButton(
                        format_number(n),
                        disabled=True,
                        height=TOUCH,
                        width=TOUCH,
                        tooltip=_("The hook: the bids may not add up to the cards dealt"),
                    ),
                    label=_("{n}, forbidden by the hook", n=format_number(n)),
                )
            )
            continue
        if tricks:

            def tap(_e: object, p: str = player, k: int = n) -> None:
                draft.set_bids(draft.bid.with_tricks(p, k) if draft.bid else bid)

        else:

            def tap(_e: object, p: str = player, k: int = n) -> None:
                draft.set_bids(draft.bid.with_bid(p, k) if draft.bid else bid)

        kind = "tricks" if tricks else "bid"
        buttons.append(
            choice(f"{kind}-{seat}-{n}", format_number(n), chosen == n, tap, width=TOUCH)
        )
    return ft.Row(buttons, wrap=True, spacing=4, run_spacing=4)


@ft.component
def BidPanel(draft: HandDraft) -> ft.Control:
    """The bids, then who made them (or the tricks), of ``draft``'s bids hand."""
    bid = draft.bid
    assert bid is not None
    step = bid.step
    rows: list[ft.Control] = []
    if step is BidStep.BIDS:
        rows.append(
            ft.Text(
                _("Bids before play: the dealer bids last."),
                color=ft.Colors.ON_SURFACE_VARIANT,
            )
        )
    for player in bid.order:
        seat = bid.players.index(player)
        name = player
        if player == bid.dealer:
            name = _("{player} (deals)", player=player)
        said = bid.bids.get(player)
        if step is BidStep.BIDS:
            rows.append(tagged(f"bidder-{seat}", ft.Text(name, weight=ft.FontWeight.W_600)))
            rows.append(_numbers(draft, bid, player, seat, tricks=False))
            continue
        # after play: each bid said, a tap on it takes it back to be bid again
        rows.append(
            tagged(
                f"bidder-{seat}",
                ft.TextButton(
                    _("{player}: bid {n}", player=name, n=format_number(said or 0)),
                    icon=ft.Icons.EDIT_OUTLINED,
                    on_click=lambda _e, p=player, n=said: draft.set_bids(
                        draft.bid.with_bid(p, n) if draft.bid and n is not None else bid
                    ),
                    height=TOUCH,
                ),
            )
        )
    if step is BidStep.MADE:
        rows.append(
            ft.Text(_("After play: tap each player who made the bid."), weight=ft.FontWeight.W_600)
        )
        rows.append(
            ft.Row(
                [
                    choice(
                        f"made-{seat}",
                        player,
                        player in bid.made,
                        lambda _e, p=player: draft.set_bids(
                            draft.bid.toggle_made(p) if draft.bid else bid
                        ),
                        icon=ft.Icons.CHECK if player in bid.made else None,
                    )
                    for seat, player in enumerate(bid.players)
                ],
                wrap=True,
                spacing=8,
                run_spacing=8,
            )
        )
    elif step is BidStep.TRICKS:
        rows.append(
            ft.Text(_("After play: the tricks each player took."), weight=ft.FontWeight.W_600)
        )
        shown = bid.tricks_shown()
        for seat, player in enumerate(bid.players):
            rows.append(ft.Text(player, weight=ft.FontWeight.W_500))
            if player in bid.tricks or player not in shown:
                rows.append(_numbers(draft, bid, player, seat, tricks=True))
            else:  # the rest of the cards: nothing to tap
                rows.append(
                    tagged(
                        f"tricks-{seat}-rest",
                        ft.Text(
                            _("= {n} (the rest)", n=format_number(shown[player])),
                            color=ft.Colors.ON_SURFACE_VARIANT,
                        ),
                    )
                )
    return ft.Column(rows, spacing=6)
