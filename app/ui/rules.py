"""A short rules screen per game, reachable from the new-session screen and
from a session (``/rules/<game>``, ``/session/<id>/rules/<game>``).

A coded game has rules written for it (:data:`app.game_words.GAME_RULES`); a
game defined as data is described from its definition (:mod:`app.game_text`)
— a session's page from the snapshot it is played by, so the rules shown are
the rules its scores follow.
"""

from __future__ import annotations

import flet as ft

from app.game_text import rules_text
from app.i18n import _
from app.messages import game_name
from app.ui.common import (
    Screen,
    describe_problem,
    loading_screen,
    section_title,
    tagged,
    use_app,
    use_loaded,
    use_session_view,
)
from app.ui.state.rules_screen import back_of, load_rules, session_text

__all__ = ["RulesScreen", "rules_text"]


@ft.component
def SessionRules(session_id: int) -> ft.Control:
    """How session ``session_id`` is played: every option that differs from
    the game's default (RULES.md: a session shows how it was played)."""
    app = use_app()
    loaded = use_session_view(app, session_id)
    view = loaded.value
    if view is None:
        return ft.Container(height=0)
    text = session_text(view)
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
    session_id = int(sid) if sid and sid.isdigit() else None
    back = back_of(sid)
    loaded = use_loaded(load_rules(game_id, session_id), [game_id, session_id])
    if loaded.loading:
        return loading_screen(_("Rules"), back=back)
    if loaded.value is None:
        return Screen(
            _("Rules"),
            [ft.Text(describe_problem(loaded.error), color=ft.Colors.ERROR)],
            back=back,
            screen_id="screen-rules",
        )
    game = loaded.value
    body: list[ft.Control] = []
    if session_id is not None:
        body.append(SessionRules(session_id))
    for heading, text in rules_text(game):
        body.append(section_title(heading))
        body.append(ft.Text(text, size=15))
    return Screen(
        _("Rules: {game}", game=game_name(game)),
        [tagged("rules-text", ft.Column(body, spacing=4))],
        back=back,
        screen_id="screen-rules",
    )
