"""The new-session screen: game (with a short description), players (add,
reorder, recent), options with presets, start."""

from __future__ import annotations

import flet as ft

from app.i18n import _, format_number, get_language, ngettext
from app.messages import (
    game_description,
    game_name,
    option_name,
    option_value_name,
    player_range,
)
from app.ui.common import (
    TOUCH,
    Screen,
    TypedTexts,
    choice,
    describe_problem,
    go,
    number_field,
    section_title,
    switched,
    tagged,
    use_app,
    use_created,
    use_loaded,
)
from app.ui.line_field import LineField
from app.ui.loading import page_ports
from app.ui.state import NewSessionDraft
from app.ui.state.new_session import load_custom_games, load_recent
from scoring import GameRules, Preset

__all__ = ["SWITCH_PADDING", "NewSessionScreen"]

#: Room around a switch so that it is a 48-pixel touch target on every platform.
SWITCH_PADDING = ft.Padding.symmetric(horizontal=4, vertical=8)


def preset_label(preset: Preset) -> str:
    """``100``, ``50 × players (150)``, ``5 rounds``."""
    if preset.option == "rounds":
        return ngettext("{n} round", "{n} rounds", preset.value)
    if preset.per_player:
        return _(
            "{per} × players ({value})",
            per=format_number(preset.per_player),
            value=format_number(preset.value),
        )
    return format_number(preset.value)


def followed_text(draft: NewSessionDraft) -> str:
    """The note under the presets when a variant switch moved the target (or
    rounds) to the one the rules suggest with the variants on: never silently."""
    presets = draft.presets()
    chosen = next((p for p in presets if p.key == draft.preset), presets[0])
    return _(
        "{option} is now {value}, as suggested with the variants chosen. Tap another to change it.",
        option=option_name(presets[0].option, draft.rules),
        value=preset_label(chosen),
    )


def suggested_text(draft: NewSessionDraft) -> str:
    """The note when a variant switch changed the suggestion and the players'
    own choice stayed: the suggestion named."""
    return _(
        "With the variants chosen, the rules suggest {value}. Your choice stays.",
        value=preset_label(draft.suggestion()),
    )


@ft.component
def GamePicker(draft: NewSessionDraft) -> ft.Control:
    """One card per game (the built-in ones, then the custom games); the
    chosen one is highlighted."""
    cards: list[ft.Control] = []
    for game_id, rules in draft.games().items():  # the registry's order, then custom
        selected = draft.game_id == game_id
        cards.append(
            tagged(
                f"game-{game_id}",
                ft.Container(
                    content=ft.Row(
                        [
                            ft.Icon(
                                ft.Icons.RADIO_BUTTON_CHECKED
                                if selected
                                else ft.Icons.RADIO_BUTTON_UNCHECKED,
                                color=ft.Colors.PRIMARY,
                            ),
                            ft.Column(
                                [
                                    ft.Text(game_name(rules), weight=ft.FontWeight.W_600, size=16),
                                    ft.Text(
                                        game_description(rules),
                                        size=14,
                                        color=ft.Colors.ON_SURFACE_VARIANT,
                                    ),
                                ],
                                spacing=2,
                                expand=True,
                            ),
                            tagged(
                                f"rules-{game_id}",
                                ft.IconButton(
                                    icon=ft.Icons.MENU_BOOK_OUTLINED,
                                    tooltip=_("Rules"),
                                    on_click=lambda _e, g=game_id: go(f"/rules/{g}"),
                                ),
                            ),
                        ],
                        vertical_alignment=ft.CrossAxisAlignment.START,
                    ),
                    padding=ft.Padding.only(left=12, top=10, bottom=10, right=4),
                    border_radius=12,
                    border=ft.Border.all(
                        2 if selected else 1,
                        ft.Colors.PRIMARY if selected else ft.Colors.OUTLINE_VARIANT,
                    ),
                    bgcolor=ft.Colors.PRIMARY_CONTAINER if selected else None,
                    on_click=lambda _e, g=game_id: draft.select_game(g),
                    ink=True,
                ),
                button=True,
                selected=selected,
            )
        )
    cards.append(
        ft.Row(
            [
                tagged(
                    "nav-games",
                    ft.TextButton(
                        _("Make your own game"),
                        icon=ft.Icons.EDIT_NOTE,
                        on_click=lambda _e: go("/games"),
                        height=TOUCH,
                    ),
                    button=True,
                )
            ],
            alignment=ft.MainAxisAlignment.END,
        )
    )
    return ft.Column(cards, spacing=8)


@ft.component
def PlayerList(draft: NewSessionDraft, recent: tuple[str, ...]) -> ft.Control:
    """The seats in order, the name field and the recent players."""
    rows: list[ft.Control] = []
    last = len(draft.players) - 1
    for index, name in enumerate(draft.players):
        rows.append(
            tagged(
                f"seat-{index}",
                ft.Container(
                    content=ft.Row(
                        [
                            ft.Container(
                                content=ft.CircleAvatar(content=ft.Text(str(index + 1)), radius=16),
                                padding=ft.Padding.only(right=12),
                            ),
                            ft.Text(
                                name,
                                expand=True,
                                size=16,
                                max_lines=1,
                                overflow=ft.TextOverflow.ELLIPSIS,
                            ),
                            tagged(
                                f"player-up-{index}",
                                ft.IconButton(
                                    icon=ft.Icons.ARROW_UPWARD,
                                    tooltip=_("Move up"),
                                    disabled=index == 0,
                                    on_click=lambda _e, i=index: draft.move_player(i, -1),
                                ),
                            ),
                            tagged(
                                f"player-down-{index}",
                                ft.IconButton(
                                    icon=ft.Icons.ARROW_DOWNWARD,
                                    tooltip=_("Move down"),
                                    disabled=index == last,
                                    on_click=lambda _e, i=index: draft.move_player(i, 1),
                                ),
                            ),
                            tagged(
                                f"player-remove-{index}",
                                ft.IconButton(
                                    icon=ft.Icons.CLOSE,
                                    tooltip=_("Remove"),
                                    on_click=lambda _e, i=index: draft.remove_player(i),
                                ),
                            ),
                        ],
                        spacing=0,
                    ),
                    padding=ft.Padding.only(left=8),
                    border_radius=8,
                    bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
                ),
            )
        )

    name_row = ft.Row(
        [
            tagged(
                "player-name",
                # Enter ends a name and the next is typed at once: one name a
                # line, the field never rewritten under the fingers
                LineField(
                    "player-name",
                    draft.name,
                    draft.type_name,
                    draft.add_player,
                    # no length limit: a name too long is refused with the
                    # rule's own words, never cut short without a word
                    {"label": _("Player's name"), "counter": "", "dense": False},
                ),
                textfield=True,
            ),
            tagged(
                "player-add",
                ft.FilledTonalButton(
                    _("Add"),
                    icon=ft.Icons.PERSON_ADD_ALT,
                    on_click=lambda _e: draft.add_player(),
                    height=TOUCH,
                ),
                button=True,
            ),
        ],
        vertical_alignment=ft.CrossAxisAlignment.START,
    )
    # the text field must expand inside its semantics wrapper
    name_row.controls[0].expand = True
    rows.append(name_row)
    others = [
        name for name in recent if name.casefold() not in {p.casefold() for p in draft.players}
    ]
    if others:
        rows.append(ft.Text(_("Recent players"), color=ft.Colors.ON_SURFACE_VARIANT))
        rows.append(
            ft.Row(
                [
                    tagged(
                        f"recent-{name}",
                        ft.Chip(
                            label=ft.Text(name),
                            leading=ft.Icon(ft.Icons.PERSON_OUTLINE, size=18),
                            on_click=lambda _e, n=name: draft.add_player(n),
                            height=TOUCH,
                        ),
                        button=True,
                    )
                    for name in others[:10]
                ],
                wrap=True,
                spacing=6,
                run_spacing=6,
            )
        )
    return ft.Column(rows, spacing=8)


@ft.component
def OptionsForm(draft: NewSessionDraft) -> ft.Control:
    """Target or rounds presets, and the game's variants."""
    texts = use_created(TypedTexts)
    presets = draft.presets()
    option = presets[0].option
    game = draft.rules
    if not draft.number_choosable():  # the game's own target (or rounds): shown, not chosen
        fixed: list[ft.Control] = []
        if presets[0].value is not None:  # no number ends Phase 10: its last phase does
            fixed.append(
                tagged(
                    "preset-fixed",
                    ft.Text(
                        f"{option_name(option, game)}: {preset_label(presets[0])}",
                        weight=ft.FontWeight.W_500,
                    ),
                )
            )
        return ft.Column([*fixed, *_option_controls(draft, game)], spacing=8)
    controls: list[ft.Control] = [
        ft.Text(option_name(option, game), weight=ft.FontWeight.W_500),
        ft.Row(
            [
                *[
                    choice(
                        f"preset-{p.key}",
                        preset_label(p),
                        draft.preset == p.key,
                        lambda _e, k=p.key: draft.choose_preset(k),
                    )
                    for p in presets
                ],
                choice(
                    "preset-custom",
                    _("Other"),
                    draft.preset == "custom",
                    lambda _e: draft.choose_preset("custom"),
                ),
            ],
            wrap=True,
            spacing=8,
            run_spacing=8,
        ),
    ]
    if draft.followed:  # a variant switch moved the choice: never silently
        controls.append(
            tagged(
                "preset-followed",
                ft.Text(followed_text(draft), size=14, color=ft.Colors.ON_SURFACE_VARIANT),
            )
        )
    elif draft.hinted:  # the players' own choice stays: the suggestion is named
        controls.append(
            tagged(
                "preset-suggested",
                ft.Text(suggested_text(draft), size=14, color=ft.Colors.ON_SURFACE_VARIANT),
            )
        )
    if draft.preset == "custom":

        def on_custom(text: str) -> None:
            draft.custom = text

        controls.append(
            number_field(texts, "custom-value", draft.custom, option_name(option, game), on_custom)
        )
    controls += _option_controls(draft, game)
    return ft.Column(controls, spacing=8)


def _alike(game: GameRules, key: str) -> bool:
    """The choice option ``key`` of a game defined as data whose choices all
    give the same (:func:`app.messages.choice_words.choices_all_alike`)."""
    from app.messages.choice_words import choices_all_alike

    definition = game.definition
    option = next((o for o in definition.options if o.id == key), None) if definition else None
    return definition is not None and option is not None and choices_all_alike(definition, option)


def _option_controls(draft: NewSessionDraft, game: GameRules) -> list[ft.Control]:
    """The game's choices, then its switches."""
    controls: list[ft.Control] = []
    defaults = game.default_options()
    for field in game.option_fields():  # the game's choices, then its switches
        key = field.name
        current = draft.options.get(key, getattr(defaults, key))
        if "choices" in field.metadata:
            if _alike(game, key):  # choosing would change nothing: not offered
                continue
            controls.append(ft.Text(option_name(key, game), weight=ft.FontWeight.W_500))
            controls.append(
                ft.Column(
                    [
                        choice(
                            f"option-{key}-{value}",
                            option_value_name(key, value, game),
                            current == value,
                            lambda _e, k=key, v=value: draft.set_option(k, v),
                            width=float("inf"),
                        )
                        for value in field.metadata["choices"]
                    ],
                    spacing=6,
                )
            )
            continue
        value = bool(current)
        controls.append(
            ft.Row(
                [
                    tagged(
                        f"option-{key}",
                        ft.Switch(
                            value=value,
                            on_change=lambda e, k=key: draft.set_option(
                                k, switched(e, bool(draft.option(k)))
                            ),
                            padding=SWITCH_PADDING,
                        ),
                        toggled=value,
                        label=option_name(key, game),
                    ),
                    # The label wraps on a phone (a Switch's own label would be cut
                    # off) and, like it, toggles the switch when tapped.
                    ft.Container(
                        content=ft.Text(option_name(key, game)),
                        expand=True,
                        on_click=lambda _e, k=key: draft.toggle_option(k),
                        # one line of text, and 48 pixels to tap
                        padding=ft.Padding.symmetric(vertical=14),
                        alignment=ft.Alignment.CENTER_LEFT,
                    ),
                ],
                spacing=8,
            )
        )
    return controls


@ft.component
def NewSessionScreen() -> ft.Control:
    """``/new``: the form for this tab's :class:`NewSessionDraft`."""
    app = use_app()
    language = get_language()
    # alphabetical in the language on screen (Æ Ø Å after Z in Norwegian)
    recent = use_loaded(load_recent(language), [app.revision, language])
    games = use_loaded(load_custom_games, [app.revision])
    draft = app.new_session

    def offer_custom_games() -> None:
        if games.value is not None:
            draft.set_custom_games(games.value)

    ft.use_effect(offer_custom_games, [games.value])
    return NewSessionForm(draft, recent.value or ())


@ft.component
def NewSessionForm(draft: NewSessionDraft, recent: tuple[str, ...]) -> ft.Control:
    """The form; "Start" opens the new session."""
    app = use_app()

    async def start(_e: ft.Event) -> None:
        await draft.start(page_ports(), app)

    game = draft.rules
    count_hint = player_range(game.min_players, game.max_players)
    rematch_of = draft.rematch_of
    intro: list[ft.Control] = []
    if rematch_of is not None:
        intro.append(tagged("rematch-intro", ft.Text(draft.intro())))
    game_part: list[ft.Control] = [section_title(_("Game")), GamePicker(draft)]
    players_part: list[ft.Control] = [
        section_title(_("Players") + f" · {count_hint}"),
        ft.Text(_("The first player deals first."), color=ft.Colors.ON_SURFACE_VARIANT),
        PlayerList(draft, recent),
    ]
    options_part: list[ft.Control] = [section_title(_("Options")), OptionsForm(draft)]
    # A rematch is the same game again: what a family changes (the target,
    # the variants, the seats) comes first, the game last.
    parts = (
        (options_part, players_part, game_part)
        if rematch_of is not None
        else (game_part, players_part, options_part)
    )
    body: list[ft.Control] = [*intro, *(control for part in parts for control in part)]
    bottom = ft.Column(
        [
            *(
                [
                    tagged(
                        "form-error", ft.Text(describe_problem(draft.error), color=ft.Colors.ERROR)
                    )
                ]
                if draft.error
                else []
            ),
            tagged(
                "start-session",
                ft.FilledButton(
                    _("Start"),
                    icon=ft.Icons.PLAY_ARROW,
                    on_click=start,
                    disabled=draft.busy,
                    height=52,
                    width=float("inf"),
                ),
                button=True,
            ),
        ],
        spacing=6,
    )
    return Screen(
        draft.title(),
        body,
        back=draft.back(),
        bottom=bottom,
        screen_id="screen-new-session",
    )
