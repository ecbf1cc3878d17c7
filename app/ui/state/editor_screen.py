"""The game editor's screen model (``/games/new``, ``/games/new/<game>``,
``/games/edit/<game>``), in plain Python: the draft it opens with (a new
game, a copy named "Hearts (copy)" under a free id, or a stored custom game
to change) and its save — only a game :mod:`scoring` reads, whose name is no
other game's lookalike, and a change only of the game as it was read (not
changed on another phone meanwhile). The form itself is
:class:`app.ui.state.game_draft.GameDraft`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import flet as ft

from app.i18n import _
from app.messages import game_name
from app.ui.state import game_actions
from app.ui.state.flow import FlowState, run_flow
from app.ui.state.game_draft import GameDraft, slug
from scoring import GameDefinitionError

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

    from app.ui.state.app_state import AppState
    from app.ui.state.ports import Ports
    from app.ui.state.views import GameEntry

__all__ = [
    "EditorScreen",
    "copy_names",
    "editing_draft",
    "load_edited",
    "load_source",
    "new_draft",
]

#: Where the custom games' change is told (``Ports.tell``): every screen
#: showing games reloads.
GAMES = 0


def copy_names(game: Any) -> tuple[str, str]:
    """The names of a copy of ``game`` (a definition or an id), Norwegian
    and English: "Hjerter (kopi)", "Hearts (copy)"."""
    from app.i18n import use_language

    names = []
    for language in ("nb", "en"):
        with use_language(language):
            names.append(_("{game} (copy)", game=game_name(game)))
    return names[0], names[1]


def new_draft(source: GameEntry | None, free_id: str | None) -> GameDraft:
    """The draft of a new game: from scratch, or (``source``, a game with a
    definition) a copy of it named :func:`copy_names` under ``free_id``."""
    if source is None or source.definition is None:
        return GameDraft.new()
    names = copy_names(source.definition)
    return GameDraft.copy_of(source.definition, names=names, game_id=free_id or slug(names[1]))


def load_source(
    source_id: str | None,
) -> Callable[[Engine], tuple[GameEntry | None, str | None]]:
    """The loader of the game a new one copies (``None``: from scratch) and
    a free id for the copy (its English copy name's slug, numbered when taken)."""

    def load(engine: Engine) -> tuple[GameEntry | None, str | None]:
        from models import services

        if not source_id:
            return None, None
        entry = services.find_game(engine=engine, game_id=source_id)
        base = slug(copy_names(entry.definition)[1]) if entry.definition else None
        return entry, services.free_game_id(engine=engine, base=base) if base else None

    return load


def load_edited(game_id: str) -> Callable[[Engine], GameEntry]:
    """The loader of the stored game ``game_id`` to change."""

    def load(engine: Engine) -> GameEntry:
        from models import services

        return services.find_game(engine=engine, game_id=game_id)

    return load


def editing_draft(entry: GameEntry) -> GameDraft | str:
    """The draft that changes the stored custom game ``entry``, or why it
    cannot be changed (a built-in game: make a copy of it)."""
    if entry.builtin or entry.definition is None:
        return _("A built-in game cannot be changed: make a copy of it")
    return GameDraft.editing(entry.definition, entry.text)


@ft.observable
@dataclass(eq=False)
class EditorScreen(FlowState):
    """The editor of one tab, for the draft it keeps under ``key_name``
    (``new``, ``copy:<id>``, ``edit:<id>``; see ``AppState.memory.games``).

    Attributes:
        app: the tab's state (its drafts; the screens reload after a save).
        ports: the use cases, the navigation and the other tabs.
        key_name: what the draft is for.
    """

    app: AppState | None = None
    ports: Ports | None = None
    key_name: str = "new"

    async def save(self, draft: GameDraft) -> bool:
        """*Save the game*: the draft as a checked definition, stored as a new
        custom game or as the change of the one it edits
        (:func:`app.ui.state.game_actions.save`). Saved, the draft is
        forgotten, the other tabs are told and the list of games shown. A
        fault of the form (shown under its input already) or a refusal (a
        lookalike name, the game changed on another phone…) is kept in
        ``draft.save_error``, said above the button, and nothing is stored.
        Returns whether it was saved."""
        if self.ports is None or self.busy:
            return False
        ports = self.ports
        try:
            definition = draft.definition()
        except GameDefinitionError as error:  # shown under its input already
            draft.save_error = error
            return False

        async def work() -> game_actions.Saved:
            outcome = await ports.run(
                game_actions.save,
                definition=definition,
                replaces=draft.original_id,
                expected=draft.original_text,
            )
            if isinstance(outcome, game_actions.Refused):
                raise outcome.error
            return outcome

        def refused(_words: str, error: Exception) -> None:
            draft.save_error = error

        def saved(_outcome: game_actions.Saved) -> str:
            if self.app is not None:
                self.app.memory.games.pop(self.key_name, None)
                self.app.changed()
            return "/games"

        outcome = await run_flow(
            self, ports, work, refused=refused, tell=lambda _outcome: GAMES, go=saved
        )
        return outcome is not None
