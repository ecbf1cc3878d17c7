"""The game editor's parts for a bids game (GAME_FORMAT.md ``hand: bids``;
RULES.md §7 Plump): in place of who scores, how bids score — the hook, what
a made bid scores (a 1 in front of it, or a base plus points a trick bid),
a made zero bid, what a missed bid scores; in place of the keypad, a line
saying nothing is counted. Bound to the form's ``bids``
(:mod:`app.ui.state.game_draft_bids`)."""

from __future__ import annotations

import flet as ft

from app.i18n import _
from app.ui.game_editor.form import _Form, _label

__all__ = ["bids_cards_part", "bids_scoring_part"]


def _made_words() -> list[tuple[str, str]]:
    return [
        ("one_in_front", _("A 1 written in front of the bid (5 → 15, 10 → 110)")),
        ("plus", _("Base points plus points a trick bid")),
    ]


def _missed_words() -> list[tuple[str, str]]:
    return [
        ("zero", _("Nothing")),
        ("per_trick", _("Points a trick taken")),
        ("per_off", _("Points a trick over or under the bid (below 0)")),
    ]


def bids_scoring_part(f: _Form) -> list[ft.Control]:
    """How bids score, each part bound to the form's ``bids``."""
    bids = f.draft.form["bids"]
    out: list[ft.Control] = [
        f.switch(
            ("bids", "hook"),
            _("The hook: the dealer may not make the bids add up to the cards dealt"),
        ),
        _label(_("A made bid scores")),
        f.choices(("bids", "made", "kind"), _made_words()),
    ]
    if bids["made"]["kind"] == "plus":
        out.append(
            ft.Row(
                [
                    f.text(("bids", "made", "base"), _("Base points"), number=True, expand=True),
                    f.text(
                        ("bids", "made", "per_bid"),
                        _("Points a trick bid"),
                        number=True,
                        expand=True,
                    ),
                ],
                spacing=8,
            )
        )
    out.append(
        f.text(
            ("bids", "zero"),
            _("Points for a made zero bid"),
            number=True,
            helper=_("Empty: as the made bid's own figure for 0."),
        )
    )
    out += [
        _label(_("A missed bid scores")),
        f.choices(("bids", "missed", "kind"), _missed_words()),
    ]
    kind = bids["missed"]["kind"]
    if kind != "zero":
        label = _("Points a trick taken") if kind == "per_trick" else _("Points a trick off")
        out.append(f.text(("bids", "missed", kind), label, number=True))
    return out


def bids_cards_part() -> list[ft.Control]:
    """A bids game has no keypad: nothing is counted."""
    return [
        ft.Text(
            _("Nothing is counted in this game: the players bid tricks and say who made the bid."),
            color=ft.Colors.ON_SURFACE_VARIANT,
        )
    ]
