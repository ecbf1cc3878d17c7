"""The new-session form's state: game, players in seat order, options and the
target (or rounds) preset. Every per-game fact (presets, options, player
counts) is asked of the game's rules in :mod:`scoring`. The games offered are
the built-in ones and the custom games the screen loaded
(:meth:`NewSessionDraft.set_custom_games`).

The same form sets up a rematch: :meth:`NewSessionDraft.prefill_rematch`
fills it from a finished session (its game, its players in the next seat
order, its target or rounds and variants), and :meth:`NewSessionDraft.start`
then starts that session's rematch, as the form says."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

import flet as ft

from app.fonts import check_drawable_name
from app.i18n import _, format_number
from app.messages import DraftCode, DraftError, game_name
from app.ui.state.flow import FlowState
from app.ui.state.typed_sum import read_sum
from scoring import (
    BUILTIN_GAME_IDS,
    CodedError,
    ErrorCode,
    GameRules,
    OptionError,
    OptionValue,
    Preset,
    check_name,
    game_for,
    player_key,
)

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

    from app.ui.state.ports import Ports
    from models.views import SessionView

__all__ = ["NewSessionDraft", "RematchOf", "ShowsSaved", "load_custom_games", "load_recent"]


class ShowsSaved(Protocol):
    """What :meth:`NewSessionDraft.start` tells of the session it started:
    the tab's :class:`~app.ui.state.app_state.AppState` (which holds the form,
    so the form names only this of it)."""

    def saved(self, view: SessionView) -> None:
        """Keep ``view`` to be shown at once by the session screen."""


@dataclass(frozen=True, slots=True)
class RematchOf:
    """The finished session a form was filled from: its number
    (``session_id``), its game's id (``game``) and the rules it was played by
    (``rules``: the session's snapshot of a game defined as data, which a
    rematch keeps even when the custom game has changed since)."""

    session_id: int
    game_id: str
    rules: GameRules


@ft.observable
@dataclass(eq=False)
class NewSessionDraft(FlowState):
    """The new-session form.

    Attributes:
        game_id: the game's id (a built-in game's or a custom game's).
        custom_games: the custom games offered after the built-in ones, by id
            (their rules), as last loaded.
        wanted: a game to choose as soon as it is offered (one just added).
        players: names in seat order (seat 0 deals first).
        name: the text in the "add player" field.
        options: options that differ from the defaults, except the target or
            rounds, which follow ``preset`` (or ``custom`` when it is ``"custom"``).
        preset: key of the chosen :class:`scoring.Preset`, or ``"custom"``.
        custom: the custom target or rounds as typed.
        error: the last refused input (``OptionError``), or ``None``.
        busy: Start is starting the session (:class:`~app.ui.state.flow.FlowState`).
        chosen: per game left for another, its ``(options, preset, custom)``,
            given back when it is chosen again.
        followed: the last switch of a variant moved ``preset`` to the one
            suggested with the variants now on (the form says so).
        picked: the players chose the target (or rounds) themselves (a tap
            on a preset, or "Other"): a variant switch never moves it.
        hinted: the last switch of a variant changed the suggested preset,
            and the players' own choice stayed (the form names the suggestion).
        rematch: the finished session the form was filled from
            (:meth:`prefill_rematch`), or ``None``.
        featured: a game chosen for the players from elsewhere (a shared
            game's link, a game just added): offered first in the picker, at
            the top of the form, until the form is reset; ``""`` for none.
    """

    game_id: str = field(default_factory=lambda: BUILTIN_GAME_IDS[0])  # the first offered
    custom_games: dict = field(default_factory=dict)
    wanted: str = ""
    players: tuple[str, ...] = ()
    name: str = ""
    options: dict[str, OptionValue] = field(default_factory=dict)
    preset: str = ""
    custom: str = ""
    error: Exception | None = None
    chosen: dict = field(default_factory=dict)
    followed: bool = False
    picked: bool = False
    hinted: bool = False
    rematch: RematchOf | None = None
    featured: str = ""

    def __post_init__(self) -> None:
        if not self.preset:
            self.preset = self._default_preset()

    def _default_preset(self) -> str:
        presets = self.presets()
        chosen = next((p for p in presets if p.suggested), presets[0])
        return chosen.key

    @property
    def rules(self) -> GameRules:
        """The chosen game's rules (the first built-in game's if it is gone)."""
        return self.games().get(self.game_id) or game_for(BUILTIN_GAME_IDS[0])

    def games(self) -> Mapping[str, GameRules]:
        """Every game offered, in order: the :attr:`featured` one, the
        built-in ones, then the custom ones; in a rematch, its game by the
        rules it was played by."""
        games = {**{g: game_for(g) for g in BUILTIN_GAME_IDS}, **self.custom_games}
        if self.rematch is not None:
            games[self.rematch.game_id] = self.rematch.rules
        featured = games.get(self.featured)
        if featured is not None:  # the game the players were sent here for, first
            games = {self.featured: featured, **games}
        return games

    @property
    def rematch_of(self) -> int | None:
        """The session whose rematch Start starts: the one the form was
        filled from while its game is chosen, else ``None`` (a new session)."""
        rematch = self.rematch
        return (
            rematch.session_id if rematch is not None and self.game_id == rematch.game_id else None
        )

    def set_custom_games(self, games: Mapping[str, GameRules]) -> None:
        """The custom games as just loaded. A chosen custom game that is gone
        (deleted on another phone) gives way to the first game; one that was
        changed keeps the options that still fit."""
        fresh = {k: v for k, v in games.items() if k not in BUILTIN_GAME_IDS}
        if self.wanted and (self.wanted in BUILTIN_GAME_IDS or self.wanted in fresh):
            self.custom_games = fresh
            wanted, self.wanted = self.wanted, ""
            self.select_game(wanted)
            self.featured = wanted
            return
        if fresh == self.custom_games:
            return
        before = self.custom_games.get(self.game_id)
        self.custom_games = fresh
        if self.rematch_of is not None:  # played by the rules it was played by
            return
        if self.game_id not in self.games():
            self.select_game(BUILTIN_GAME_IDS[0])
        elif before is not None and fresh.get(self.game_id) is not before:
            self.select_game(self.game_id, again=True)

    def choose_when_offered(self, game_id: str) -> None:
        """Choose ``game_id`` now if it is offered, else as soon as it is
        (a game just added, before the custom games are loaded again); it is
        then offered first (:attr:`featured`), where the form starts."""
        if game_id in self.games():
            self.select_game(game_id)
            self.featured = game_id
        else:
            self.wanted = game_id
            self.featured = ""

    def select_game(self, game_id: str, *, again: bool = False) -> None:
        """Choose a game. The chosen game again changes nothing (unless
        ``again``: its definition has just changed, and its options go back to
        the defaults); another game gets back the options chosen for it
        earlier in this form (its defaults the first time), and what was chosen
        for this one is kept for a switch back. Raises
        :class:`scoring.OptionError` (``game_unknown``) for a game not offered."""
        if game_id not in self.games():
            raise OptionError(
                ErrorCode.GAME_UNKNOWN, field="game", params={"value": str(game_id)[:40]}
            )
        if game_id == self.game_id and not again:
            return
        if again:
            self.chosen = {k: v for k, v in self.chosen.items() if k != game_id}
            options, preset, custom, picked = {}, "", "", False
        else:
            self.chosen = {
                **self.chosen,
                self.game_id: (dict(self.options), self.preset, self.custom, self.picked),
            }
            options, preset, custom, picked = self.chosen.get(game_id, ({}, "", "", False))
        self.game_id = game_id
        self.options = dict(options)
        self.custom = custom
        self.error = None
        self.followed = self.hinted = False
        self.picked = picked
        self.preset = preset or self._default_preset()
        if not any(p.key == self.preset for p in self.presets()) and self.preset != "custom":
            self.preset = self._default_preset()
            self.picked = False

    def type_name(self, text: str) -> None:
        """The name field now says ``text``: a message about what it said
        before (a duplicate, a name too long) goes."""
        self.name = text
        if self.error is not None:
            self.error = None

    def add_player(self, name: str | None = None) -> bool:
        """Add ``name`` (or the typed name) at the end; False (and ``error``) when
        it is empty, too long, a duplicate or the table is full."""
        try:
            checked = check_name(self.name if name is None else name)  # the one name rule
            check_drawable_name(checked)  # and one the app's fonts can draw
            if any(player_key(p) == player_key(checked) for p in self.players):
                raise OptionError(ErrorCode.PLAYER_DUPLICATE, player=checked)
            maximum = self.rules.max_players
            if len(self.players) >= maximum:
                raise OptionError(
                    ErrorCode.PLAYER_COUNT,
                    params={
                        "game": self.game_id,
                        "minimum": self.rules.min_players,
                        "maximum": maximum,
                        "count": len(self.players) + 1,
                    },
                )
        except OptionError as error:
            self.error = error
            return False
        self.players = (*self.players, checked)
        if name is None:
            self.name = ""
        self.error = None
        return True

    def remove_player(self, index: int) -> None:
        """Remove the player in seat ``index``."""
        self.players = self.players[:index] + self.players[index + 1 :]
        self.error = None

    def move_player(self, index: int, step: int) -> None:
        """Move the player in seat ``index`` by ``step`` seats (−1 up, +1 down)."""
        other = index + step
        if not (0 <= index < len(self.players) and 0 <= other < len(self.players)):
            return
        seats = list(self.players)
        seats[index], seats[other] = seats[other], seats[index]
        self.players = tuple(seats)

    def set_option(self, key: str, value: OptionValue) -> None:
        """Set a game option (a default value removes it from ``options``).

        A target (or rounds) the players have not chosen follows the preset
        the rules suggest with the options now (``followed`` says when it
        moved); one they chose stays (``hinted`` says when the suggestion
        changed), unless the game no longer offers it (the end changed from
        rounds to a target): then it moves to the suggestion, and says so.
        """
        default = getattr(self.rules.default_options(), key)
        options = dict(self.options)
        if value == default:
            options.pop(key, None)
        else:
            options[key] = value
        game = self.rules
        suggested_before = self._default_preset()
        self.options = options
        now = game.presets(game.options_from_dict(options), 1)
        offered = self.preset == "custom" or any(p.key == self.preset for p in now)
        self.followed = self.hinted = False
        if not (self.picked and offered):
            before, self.preset = self.preset, self._default_preset()
            self.followed = self.preset != before
            self.picked = False
        elif self._default_preset() != suggested_before:
            self.hinted = self._default_preset() != self.preset

    def suggestion(self) -> Preset:
        """The preset the rules suggest with the options now."""
        presets = self.presets()
        return next((p for p in presets if p.suggested), presets[0])

    def option(self, key: str) -> OptionValue:
        """The chosen game's option ``key`` as the form has it now (its
        default when unchanged)."""
        value: OptionValue = self.options.get(key, getattr(self.rules.default_options(), key))
        return value

    def toggle_option(self, key: str) -> None:
        """Turn the switch ``key`` over from its state now (a tap on its
        label: the model's state, not the one of the redraw the tap hit)."""
        self.set_option(key, not self.option(key))

    def choose_preset(self, key: str) -> None:
        """The players choose a target/rounds preset by key, or ``"custom"``:
        from now on a variant switch leaves it as it is."""
        self.preset = key
        self.picked = True
        self.followed = self.hinted = False
        self.error = None

    def presets(self) -> tuple[Preset, ...]:
        """The presets the game offers for the current players and options."""
        game = self.rules
        return game.presets(game.options_from_dict(self.options), len(self.players))

    def number_choosable(self) -> bool:
        """Whether the target (or the number of rounds) is chosen when a session
        starts; a game defined as data without such an option has its own."""
        option = self.presets()[0].option
        return option in {f.name for f in dataclasses.fields(self.rules.options_type)}

    def all_options(self) -> dict[str, OptionValue]:
        """The options to start with: ``options`` plus the target or rounds.

        Raises :class:`app.messages.DraftError` (``not_a_sum``) for a custom
        value that is not a whole number or a sum of whole numbers ("100+50"
        is 150); :class:`scoring.OptionError` (``option_range``) for one
        below 1.
        """
        options = dict(self.options)
        presets = self.presets()
        option = presets[0].option
        if not self.number_choosable():  # the game's own, fixed
            game = self.rules
            return game.options_to_dict(game.options_from_dict(options))
        if self.preset == "custom":
            text = self.custom.strip()
            total = read_sum(text)  # a number, or a sum typed as counted
            if total is None:
                raise DraftError(DraftCode.NOT_A_SUM, option=option, value=text)
            if total < 1:
                raise OptionError(
                    ErrorCode.OPTION_RANGE, field=option, params={"minimum": 1, "value": total}
                )
            options[option] = total
        else:
            chosen = next((p for p in presets if p.key == self.preset), presets[0])
            options[option] = chosen.value
        game = self.rules
        return game.options_to_dict(game.options_from_dict(options))

    def start_args(self) -> tuple[str, tuple[str, ...], dict[str, OptionValue]]:
        """``(game, players, options)`` for :func:`models.services.start_session`.

        Raises :class:`scoring.OptionError` (``player_count``, bad option,
        ``teams_uneven``: partnerships with players that make no teams).
        """
        options = self.all_options()
        self.rules.check_players(self.players)
        from scoring.captures import seating  # partnerships: the seats make the teams

        seating(self.rules, self.rules.options_from_dict(options), self.players)
        from app.player_names import check_seat_lookalikes

        check_seat_lookalikes(self.players)  # "Anna" and a Cyrillic "Аnna"
        return self.game_id, self.players, options

    def reset(self, players: Sequence[str] = ()) -> None:
        """Empty the form for a new session (keeping ``players`` if given and
        the game, unless it was a rematch's game that is no longer offered):
        the game's options back to their defaults, no rematch."""
        self.rematch = None
        if self.game_id not in self.games():
            self.game_id = BUILTIN_GAME_IDS[0]
        self.players = tuple(players)
        self.name = ""
        self.error = None
        self.chosen = {}
        self.options = {}
        self.custom = ""
        self.followed = self.hinted = self.picked = False
        self.preset = self._default_preset()
        self.featured = ""

    def forget_rematch(self) -> None:
        """A new session is asked for (not a rematch): a form filled for a
        rematch is emptied; any other form is kept as it is."""
        if self.rematch is not None:
            self.reset()

    def prefill_rematch(self, view: SessionView) -> None:
        """Fill the form for the rematch of the finished session ``view``:
        its game (by the rules it was played by), its players with the seats
        rotated by one (the second seat deals first, as before), and its
        options, the target (or rounds) included — chosen by the preset of
        that number when the game offers one (the suggested one first), else
        as "Other" with the number typed. A number other than the suggested
        one counts as the players' own choice (``picked``)."""
        rules = view.game_rules
        self.reset()
        self.rematch = RematchOf(view.id, view.game_id, rules)
        self.game_id = view.game_id
        self.players = (*view.players[1:], *view.players[:1])
        options = dict(view.options_dict)
        presets = rules.presets(view.options, len(self.players))
        option = presets[0].option
        number = options.pop(option, None)
        self.options = options
        if not self.number_choosable():
            self.preset = self._default_preset()
            return
        value = getattr(view.options, option)
        order = sorted(self.presets(), key=lambda p: not p.suggested)  # the suggested first
        match = next((p for p in order if p.value == value), None)
        if match is None:
            self.preset, self.custom = "custom", str(value)
        else:
            self.preset = match.key
        self.picked = number is not None and not (match is not None and match.suggested)

    async def start(self, ports: Ports, app: ShowsSaved | None = None) -> SessionView | None:
        """Start the session the form describes and return it: the rematch
        of :attr:`rematch_of` when the form was filled for one and its game is
        still chosen (:func:`models.services.rematch`, with the players and
        options as the form has them), else a new session
        (:func:`models.services.start_session`). The other tabs are told,
        the form is emptied and the session shown in place of the form
        (``ports.replace``; with the tab's ``app``, from the view returned,
        without loading it again). A second tap while it starts does nothing
        (``busy``; returns ``None``).

        Returns ``None``, with ``error`` set, when the form or the use case
        refuses it (a :class:`scoring.CodedError`: a player count, a bad
        option…); nothing is stored then.
        """
        from app.ui.state.flow import run_flow
        from models import services

        if self.busy:
            return None
        try:
            game, players, options = self.start_args()
        except CodedError as error:
            self.error = error
            return None
        rematch_of = self.rematch_of

        async def work() -> SessionView:
            if rematch_of is not None:
                return await ports.run(
                    services.rematch, session_id=rematch_of, players=players, options=options
                )
            return await ports.run(
                services.start_session, game_id=game, players=players, options=options
            )

        def opened(view: SessionView) -> str:
            self.reset()
            if app is not None:
                app.saved(view)  # shown at once by the session screen
            return f"/session/{view.id}"

        outcome = await run_flow(
            self, ports, work, refused=self._refused, tell=lambda view: view.id, replace=opened
        )
        return outcome.value if outcome is not None else None

    def _refused(self, _words: str, error: Exception) -> None:
        """A refusal of Start: shown under the form (``error``), nothing stored."""
        self.error = error

    def intro(self) -> str:
        """The rematch form's first line ("Swedish Rummy again, after session
        1: …"), or ``""`` when the form is not filled for a rematch."""
        rematch_of = self.rematch_of
        if rematch_of is None:
            return ""
        return _(
            "{game} again, after session {n}: the same players (the next one "
            "deals first) and the same options. Change any of them, or tap Start.",
            game=game_name(self.rules),
            n=format_number(rematch_of),
        )

    def title(self) -> str:
        """The form's title: "Rematch" or "New session"."""
        return _("Rematch") if self.rematch_of is not None else _("New session")

    def back(self) -> str:
        """Where the form's back arrow goes: the session a rematch is of, else the list."""
        rematch_of = self.rematch_of
        return f"/session/{rematch_of}" if rematch_of is not None else "/"


def load_recent(language: str) -> Callable[[Engine], tuple[str, ...]]:
    """The loader of the recent players offered under the name field: in
    the alphabetical order of ``language`` (Æ Ø Å after Z in Norwegian;
    :func:`models.services.recent_players`)."""
    from app.i18n import collation_key

    def load(engine: Engine) -> tuple[str, ...]:
        from models import services

        return tuple(services.recent_players(engine=engine, name_key=collation_key(language)))

    return load


def load_custom_games(engine: Engine) -> dict[str, GameRules]:
    """The custom games the form offers after the built-in ones, by id
    (:func:`models.services.list_games`; give them to
    :meth:`NewSessionDraft.set_custom_games`)."""
    from models import services

    return {g.game_id: g.rules for g in services.list_games(engine=engine) if not g.builtin}
