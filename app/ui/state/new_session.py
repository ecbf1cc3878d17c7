"""The new-session form's state: game, players in seat order, options and the
target (or rounds) preset. Every per-game fact (presets, options, player
counts) is asked of the game's rules in :mod:`scoring`. The games offered are
the built-in ones and the custom games the screen loaded
(:meth:`NewSessionDraft.set_custom_games`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import flet as ft

from scoring import (
    ErrorCode,
    GameRules,
    OptionError,
    Preset,
    builtin_games,
    check_name,
    player_key,
)

__all__ = ["NewSessionDraft"]


@ft.observable
@dataclass
class NewSessionDraft:
    """The new-session form.

    Attributes:
        game: game id (a built-in game's or a custom game's).
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
        chosen: per game left for another, its ``(options, preset, custom)``,
            given back when it is chosen again.
        followed: the last switch of a variant moved ``preset`` to the one
            suggested with the variants now on (the form says so).
    """

    game: str = field(default_factory=lambda: next(iter(builtin_games())))  # the first offered
    custom_games: dict = field(default_factory=dict)
    wanted: str = ""
    players: tuple[str, ...] = ()
    name: str = ""
    options: dict = field(default_factory=dict)
    preset: str = ""
    custom: str = ""
    error: Exception | None = None
    chosen: dict = field(default_factory=dict)
    followed: bool = False

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
        return self.games().get(self.game) or next(iter(builtin_games().values()))

    def games(self) -> Mapping[str, GameRules]:
        """Every game offered, in order: the built-in ones, then the custom ones."""
        return {**builtin_games(), **self.custom_games}

    def set_custom_games(self, games: Mapping[str, GameRules]) -> None:
        """The custom games as just loaded. A chosen custom game that is gone
        (deleted on another phone) gives way to the first game; one that was
        changed keeps the options that still fit."""
        fresh = {k: v for k, v in games.items() if k not in builtin_games()}
        if self.wanted and self.wanted in {**builtin_games(), **fresh}:
            self.custom_games = fresh
            wanted, self.wanted = self.wanted, ""
            self.select_game(wanted)
            return
        if fresh == self.custom_games:
            return
        before = self.custom_games.get(self.game)
        self.custom_games = fresh
        if self.game not in self.games():
            self.select_game(next(iter(builtin_games())))
        elif before is not None and fresh.get(self.game) is not before:
            self.select_game(self.game, again=True)

    def choose_when_offered(self, game_id: str) -> None:
        """Choose ``game_id`` now if it is offered, else as soon as it is
        (a game just added, before the custom games are loaded again)."""
        if game_id in self.games():
            self.select_game(game_id)
        else:
            self.wanted = game_id

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
        if game_id == self.game and not again:
            return
        if again:
            self.chosen = {k: v for k, v in self.chosen.items() if k != game_id}
            options, preset, custom = {}, "", ""
        else:
            self.chosen = {
                **self.chosen,
                self.game: (dict(self.options), self.preset, self.custom),
            }
            options, preset, custom = self.chosen.get(game_id, ({}, "", ""))
        self.game = game_id
        self.options = dict(options)
        self.custom = custom
        self.error = None
        self.followed = False
        self.preset = preset or self._default_preset()
        if not any(p.key == self.preset for p in self.presets()) and self.preset != "custom":
            self.preset = self._default_preset()

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
            if any(player_key(p) == player_key(checked) for p in self.players):
                raise OptionError(ErrorCode.PLAYER_DUPLICATE, player=checked)
            maximum = self.rules.max_players
            if len(self.players) >= maximum:
                raise OptionError(
                    ErrorCode.PLAYER_COUNT,
                    params={
                        "game": self.game,
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

    def set_option(self, key: str, value: Any) -> None:
        """Set a game option (a default value removes it from ``options``)."""
        default = getattr(self.rules.default_options(), key)
        options = dict(self.options)
        if value == default:
            options.pop(key, None)
        else:
            options[key] = value
        game = self.rules
        previous = self.presets()
        was_suggested = any(p.key == self.preset and p.suggested for p in previous)
        self.options = options
        now = game.presets(game.options_from_dict(options), 1)
        if was_suggested or not any(p.key == self.preset for p in now):
            before, self.preset = self.preset, self._default_preset()
            self.followed = self.preset != before
        else:
            self.followed = False

    def option(self, key: str) -> Any:
        """The chosen game's option ``key`` as the form has it now (its
        default when unchanged)."""
        return self.options.get(key, getattr(self.rules.default_options(), key))

    def toggle_option(self, key: str) -> None:
        """Turn the switch ``key`` over from its state now (a tap on its
        label: the model's state, not the one of the redraw the tap hit)."""
        self.set_option(key, not self.option(key))

    def choose_preset(self, key: str) -> None:
        """Choose a target/rounds preset by key, or ``"custom"``."""
        self.preset = key
        self.followed = False
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

    def all_options(self) -> dict[str, Any]:
        """The options to start with: ``options`` plus the target or rounds.

        Raises :class:`scoring.OptionError` for a custom value that is not a
        whole number of at least 1.
        """
        options = dict(self.options)
        presets = self.presets()
        option = presets[0].option
        if not self.number_choosable():  # the game's own, fixed
            game = self.rules
            return game.options_to_dict(game.options_from_dict(options))
        if self.preset == "custom":
            text = self.custom.strip()
            if not text.isdigit() or int(text) < 1:
                raise OptionError(
                    ErrorCode.OPTION_RANGE, field=option, params={"minimum": 1, "value": text}
                )
            options[option] = int(text)
        else:
            chosen = next((p for p in presets if p.key == self.preset), presets[0])
            options[option] = chosen.value
        game = self.rules
        return game.options_to_dict(game.options_from_dict(options))

    def start_args(self) -> tuple[str, tuple[str, ...], dict[str, Any]]:
        """``(game, players, options)`` for :func:`models.services.start_session`.

        Raises :class:`scoring.OptionError` (``player_count``, bad option).
        """
        options = self.all_options()
        self.rules.check_players(self.players)
        return self.game, self.players, options

    def reset(self, players: Sequence[str] = ()) -> None:
        """Empty the form for a new session (keeping ``players`` if given and
        the game): the game's options back to their defaults."""
        self.players = tuple(players)
        self.name = ""
        self.error = None
        self.chosen = {}
        self.options = {}
        self.custom = ""
        self.followed = False
        self.preset = self._default_preset()
