"""The rules screen's model (``/rules/<game>``, ``/session/<id>/rules/<game>``),
in plain Python: the rules to show — a session's from the snapshot it is
played by, so the rules shown are the rules its scores follow — and how that
session is played, in words."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from app.i18n import _
from app.messages import describe_options

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

    from app.ui.state.views import SessionView
    from scoring import GameRules

__all__ = ["back_of", "load_rules", "session_text"]


def load_rules(game_id: str, session_id: int | None) -> Callable[[Engine], GameRules]:
    """The loader of the rules to show: session ``session_id``'s (the rules
    it is played by) when given, else the game ``game_id``'s as stored
    (built-in or custom). Raises the use cases' refusals
    (:class:`models.errors.SessionNotFound`, :class:`~models.errors.GameNotFound`)."""

    def load(engine: Engine) -> GameRules:
        from models import services

        if session_id is not None:  # the rules the session is played by
            return services.open_session(engine=engine, session_id=session_id).game_rules
        return services.find_game(engine=engine, game_id=game_id).rules

    return load


def session_text(view: SessionView) -> str:
    """How the session ``view`` is played, a bullet a line: every option
    that differs from the game's default (RULES.md: a session shows how it
    was played); "The game's own rules." when none does."""
    lines = describe_options(view.game_rules, view.options_dict)  # a copy of a game too
    return "\n".join(f"• {line}" for line in lines) if lines else _("The game's own rules.")


def back_of(session: str | None) -> str:
    """Where the rules screen's back arrow goes: the session it was opened
    from, else the new-session form."""
    return f"/session/{session}" if session else "/new"
