"""The games screens' models, in plain Python: the list of games with its
delete (``/games``), a game shared as a link, its QR code or a file
(``/games/share/<game>``), and a shared game read and added
(``/games/import``, ``/game/import/<payload>``).

Adding the same game twice adds nothing; a different game with the same id
asks: keep both (the new one under a new id and a numbered name) or replace
the stored one. Sessions already played keep their rules either way. The
use cases are :mod:`app.ui.state.game_actions`'s (the game-name checks
included), run through the screen's ports.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import flet as ft

from app.i18n import _
from app.messages import game_name
from app.ui.state import game_actions
from app.ui.state.flow import FlowState, run_flow
from scoring import CodedError, write_definition

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

    from app.ui.state.app_state import AppState
    from app.ui.state.ports import Ports
    from app.ui.state.views import GameEntry, ImportedGame, OnConflict

__all__ = [
    "NOTICE",
    "AddGame",
    "GamesScreen",
    "load_game",
    "load_games",
    "outcome_text",
    "share_file",
]

#: Semantics id of what the games screens say in their bar.
NOTICE = "games-notice"

#: Where the custom games' change is told (``Ports.tell``): 0, every screen
#: showing games reloads (see :func:`app.ui.context.announce_games`).
GAMES = 0


def load_games(engine: Engine) -> tuple[GameEntry, ...]:
    """Every game: the built-in ones and the custom ones
    (:func:`models.services.list_games`)."""
    from models import services

    return tuple(services.list_games(engine=engine))


def load_game(game_id: str) -> Callable[[Engine], GameEntry]:
    """The loader of game ``game_id`` as stored (built-in or custom;
    :func:`models.services.find_game`, which refuses an unknown id)."""

    def load(engine: Engine) -> GameEntry:
        from models import services

        return services.find_game(engine=engine, game_id=game_id)

    return load


def share_file(entry: GameEntry) -> tuple[str, bytes]:
    """The file a game is shared as: ``<id>.kortpoeng-game.json`` and its
    text as stored (the definition written out for a built-in game)."""
    definition = entry.definition
    if definition is None:
        raise ValueError(f"{entry.game_id} has no definition to share")
    data = (entry.text or write_definition(definition)).encode("utf-8")
    return f"{definition.id}.kortpoeng-game.json", data


def outcome_text(result: ImportedGame) -> str:
    """What adding a shared game did, in words ("Family Eights was added")."""
    name = game_name(result.entry.definition or result.entry.game_id)
    if result.outcome == "unchanged":
        return _("{game} is already here: nothing was added", game=name)
    if result.outcome == "kept_both":
        return _("Added as {game}, next to the game of the same id", game=name)
    if result.outcome == "replaced":
        return _("{game} was replaced; sessions played before keep their rules", game=name)
    return _("{game} was added", game=name)


def _games_changed(app: AppState | None, ports: Ports) -> None:
    ports.tell(GAMES)
    if app is not None:
        app.changed()


@ft.observable
@dataclass(eq=False)
class GamesScreen(FlowState):
    """The list of games (``/games``) and the share screen of one tab.

    Attributes:
        app: the tab's state (the list reloads after a delete).
        ports: the use cases, the navigation and the other tabs.
        confirming: the game whose "Delete this game?" is on show (``""``: none).
    """

    app: AppState | None = None
    ports: Ports | None = None
    confirming: str = ""

    def say(self, text: str, *, problem: bool = False, identifier: str = NOTICE) -> None:
        """Say ``text`` in the bar at the foot of the screen (:data:`NOTICE`)."""
        super().say(text, problem=problem, identifier=identifier)

    def ask_delete(self, game_id: str) -> None:
        """*Delete* on a custom game: ask first (in its row)."""
        self.confirming = game_id

    def cancel_delete(self) -> None:
        """*Cancel*: keep the game."""
        self.confirming = ""

    async def delete(self, entry: GameEntry) -> bool:
        """Delete the custom game ``entry`` (asked first: :meth:`ask_delete`).
        Sessions played with it keep their rules. Refused, in words, when it
        was changed on another phone since the list was loaded (its stored
        text is no longer ``entry.text``). Returns whether it was deleted."""
        ports = self._ports()
        self.confirming = ""

        async def work() -> None:
            refused = await ports.run(
                game_actions.delete, game_id=entry.game_id, expected=entry.text
            )
            if isinstance(refused, game_actions.Refused):
                raise refused.error

        outcome = await run_flow(self, ports, work, done=lambda _none: _("Game deleted"))
        if outcome is None:
            return False
        _games_changed(self.app, ports)
        return True

    def copied(self) -> None:
        """The game's link was copied (by the client, inside the tap)."""
        self.say(_("Copied to the clipboard"))

    def saved(self, name: str) -> None:
        """The game's file ``name`` was handed to the device to save."""
        self.say(_("Saved {file}", file=name))

    def _ports(self) -> Ports:
        if self.ports is None:  # pragma: no cover - always given by the screen
            raise RuntimeError("GamesScreen without ports")
        return self.ports


@ft.observable
@dataclass(eq=False)
class AddGame(FlowState):
    """A shared game being read and added (``/games/import`` and a link's
    ``/game/import/<payload>``).

    Attributes:
        app: the tab's state.
        ports: the use cases, the navigation and the other tabs.
        read: the game read (not yet stored), or ``None``.
        problem: why what was given is no game (a coded error), or ``None``.
        added: what adding it did (:class:`~models.views.ImportedGame`), or ``None``.
        refusal: why adding it was refused (a coded error: another game
            with its id, a lookalike name…; anything else was a fault, said
            plainly), or ``None``.
    """

    app: AppState | None = None
    ports: Ports | None = None
    read: game_actions.Loaded | None = None
    problem: CodedError | None = None
    added: ImportedGame | None = None
    refusal: Exception | None = None

    def _take(self, outcome: game_actions.Loaded | game_actions.Refused) -> None:
        self.added = None
        self.refusal = None
        if isinstance(outcome, game_actions.Refused):
            self.read, self.problem = None, outcome.error
        else:
            self.read, self.problem = outcome, None

    def read_link(self, payload: str) -> None:
        """The game a link's payload carries (``/game/import/<payload>``)."""
        self._take(game_actions.load_link(payload))

    def read_text(self, text: str) -> None:
        """*Read it*: the game in pasted text (a link, or the game file's text)."""
        self._take(game_actions.read_pasted(text))

    def read_file(self, data: bytes) -> None:
        """*Open a file*: the game in the file's bytes (UTF-8, a byte order
        mark allowed; anything else is no game)."""
        try:
            decoded = bytes(data).decode("utf-8-sig")
        except UnicodeDecodeError:
            decoded = "\ufffd"
        self.read_text(decoded)

    @property
    def conflict(self) -> bool:
        """Whether adding was refused for another game with the same id (the
        screen offers *Keep both*, and *Replace mine* for a custom one)."""
        from models.errors import StorageCode

        refusal = self.refusal
        return isinstance(refusal, CodedError) and refusal.code == StorageCode.GAME_CONFLICT

    @property
    def conflict_builtin(self) -> bool:
        """Whether the game of the same id is a built-in one (it cannot be replaced)."""
        refusal = self.refusal
        return (
            isinstance(refusal, CodedError)
            and self.conflict
            and bool((refusal.params or {}).get("builtin"))
        )

    async def add(self, on_conflict: OnConflict = "ask") -> ImportedGame | None:
        """Add the game read (``on_conflict``: ``ask``, ``keep_both`` or
        ``replace``, see :func:`models.services.import_game`). A game added
        (or replaced) is told to the other tabs; the result says what
        happened (:func:`outcome_text`). A refusal is kept in ``refusal``
        and nothing is stored."""
        ports = self._ports()
        read = self.read
        if read is None:
            return None

        async def work() -> ImportedGame:
            result = await ports.run(
                game_actions.import_text, data=read.text, on_conflict=on_conflict
            )
            if isinstance(result, game_actions.Refused):
                raise result.error
            return result

        def refused(_words: str, error: Exception) -> None:
            self.added = None
            self.refusal = error

        outcome = await run_flow(self, ports, work, refused=refused)
        if outcome is None:
            return None
        self.refusal = None
        self.added = outcome.value
        if outcome.value.outcome != "unchanged":
            _games_changed(self.app, ports)
        return outcome.value

    def start(self, game_id: str) -> None:
        """*Start a session of it*: the new-session form with the game chosen
        (and offered first)."""
        if self.app is not None:
            self.app.new_session.choose_when_offered(game_id)
        self._ports().go("/new")

    def _ports(self) -> Ports:
        if self.ports is None:  # pragma: no cover - always given by the screen
            raise RuntimeError("AddGame without ports")
        return self.ports
