"""The game editor's part for a captured game's partnerships (GAME_FORMAT.md
``teams``; RULES.md §5 Kasino, example 4): a switch for partnerships at
all, the players a partnership (a number: a team of one is refused, the
field named under it), a switch for every session in partnerships. Bound
to the form's ``teams`` (:mod:`app.ui.state.game_draft_teams`)."""

from __future__ import annotations

import flet as ft

from app.i18n import _
from app.ui.common import section_title
from app.ui.game_editor.form import _Form

__all__ = ["teams_part"]


def teams_part(f: _Form) -> list[ft.Control]:
    """Partnerships, each input bound to the form's ``teams`` (nothing for a
    game without the part)."""
    teams = f.draft.form.get("teams")
    if teams is None:
        return []
    out: list[ft.Control] = [
        section_title(_("Partnerships")),
        f.switch(("teams", "on"), _("Players may play in partnerships")),
    ]
    if teams["on"]:
        out += [
            f.text(
                ("teams", "size"),
                _("Players a team"),
                number=True,
                width=220,
                helper=_("The partners sit opposite each other; their captures are one pile."),
            ),
            f.switch(
                ("teams", "always"),
                _("Always in partnerships (off: an option switches them on)"),
            ),
        ]
    return out
