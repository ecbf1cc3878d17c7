"""A short rules screen per game, reachable from the new-session screen and
from a session (``/rules/<game>``)."""

from __future__ import annotations

import flet as ft

from app.game_words import GAME_RULES
from app.i18n import _
from app.messages import describe_options, game_name
from app.ui.common import Screen, section_title, tagged, use_app, use_session_view

__all__ = ["RulesScreen", "rules_text"]


def rules_text(game_id: str) -> list[tuple[str, str]]:
    """The rules in short as (heading, text) pairs, translated (none for a game
    without words of its own)."""
    return [(_(heading), _(text)) for heading, text in GAME_RULES.get(game_id, ())]


@ft.component
def SessionRules(session_id: int) -> ft.Control:
    """How session ``session_id`` is played: every option that differs from
    the game's default (RULES.md: a session shows how it was played)."""
    app = use_app()
    loaded = use_session_view(app, session_id)
    view = loaded.value
    if view is None:
        return ft.Container(height=0)
    lines = describe_options(view.game, view.options_dict)
    text = "\n".join(f"• {line}" for line in lines) if lines else _("The game's own rules.")
    return tagged(
        "session-rules",
        ft.Column(
            [section_title(_("This session")), ft.Text(text, size=15)],
            spacing=4,
        ),
    )


@ft.component
def RulesScreen() -> ft.Control:
    """``/rules/<game>``; the back arrow returns to where the user came from.
    From a session, how that session is played comes first."""
    params = ft.use_route_params()
    game_id = params.get("game", "")
    sid = params.get("sid")
    back = f"/session/{sid}" if sid else "/new"
    body: list[ft.Control] = []
    if sid and sid.isdigit():
        body.append(SessionRules(int(sid)))
    for heading, text in rules_text(game_id):
        body.append(section_title(heading))
        body.append(ft.Text(text, size=15))
    return Screen(
        _("Rules: {game}", game=game_name(game_id)),
        [tagged("rules-text", ft.Column(body, spacing=4))],
        back=back,
        screen_id="screen-rules",
    )
