"""Reading a game definition: every field of a document checked strictly
(each refusal a :class:`~scoring.errors.GameDefinitionError` with a stable
``code`` and the ``field`` path), the checks across fields, and the warnings
about a definition that reads but cannot do what it seems to say."""

from __future__ import annotations

import json
import keyword
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from dataclasses import field as _field
from typing import Any, TypeVar

from .. import strict_json
from ..cards import Rank, Suit, parse_card
from ..codes import DefinitionWarningCode, ErrorCode, Expected
from ..errors import CardParseError, GameDefinitionError
from ..limits import MAX_OPTION
from ..strict_json import JsonFault, StrictJsonError
from .captures import capture_point_ids, check_captures, read_captures, read_teams
from .reader import READER as _R
from .reader import fail as _fail
from .reader import shown as _shown
from .reader import type_error as _type
from .reading_bids import BIDS_EFFECT_FIELDS, read_bids_effect
from .reading_v2 import V2_FIELDS, check_v2, hand_fields, read_v2
from .shapes import (
    FORMAT,
    LIMITS,
    VERSIONS,
    Blocked,
    BlockedTerm,
    Choice,
    Counted,
    Effect,
    End,
    Flag,
    FlagEffect,
    FlagPlayer,
    GameDefinition,
    HandKind,
    Key,
    NextDealer,
    Option,
    OptionKind,
    Preset,
    Source,
    Ties,
    WentOut,
    Winner,
)

_T = TypeVar("_T")
_TOP_REQUIRED = (
    "format",
    "version",
    "id",
    "name",
    "players",
    "keys",
    "went_out",
    "blocked",
    "winner",
    "end",
)
_TOP_OPTIONAL = (
    "description",
    "source",
    "decks",
    "counted",
    "target",
    "rounds",
    "jokers_per_deck",
    "blocked_term",
    "next_dealer",
    "flags",
    "options",
)
_EFFECT_FIELDS = (
    "went_out",
    "blocked",
    "winner",
    "end",
    "jokers_per_deck",
    "points",
    "flags",
    "ties",
    "teams",
)
_NUMBER_OPTIONS = ("target", "rounds")
_SUITS = {suit.value: suit for suit in Suit}
_RANKS = {rank.value: rank for rank in Rank}


def _source(value: Any) -> Source:
    data = _R.obj(value, "source", ("title",), ("publisher", "url"))
    url = data.get("url")
    if url is not None:
        url = _R.text(url, "source.url", LIMITS.url)
        if not re.fullmatch(r"https?://[^\s<>\"'`]+", url):
            raise _fail(ErrorCode.DEFINITION_URL, "source.url", value=_shown(url))
    publisher = data.get("publisher")
    return Source(
        _R.text(data["title"], "source.title", LIMITS.source_title),
        None
        if publisher is None
        else _R.text(publisher, "source.publisher", LIMITS.source_publisher),
        url,
    )


def _points(value: Any, path: str) -> int:
    return _R.whole(value, path, 0, LIMITS.card_points)


def _face_id(value: Any, path: str) -> str:
    face = _R.slug(value, path, 24)
    try:
        card = parse_card(face)
    except CardParseError:
        return face
    raise _fail(ErrorCode.DEFINITION_FACE_IS_CARD, path, value=face, card=str(card))


def _key(value: Any, path: str) -> Key:
    if isinstance(value, dict) and "face" in value:
        data = _R.obj(value, path, ("face", "name", "points", "per_deck"), ())
        return Key(
            _face_id(data["face"], f"{path}.face"),
            _points(data["points"], f"{path}.points"),
            name=_R.words(data["name"], f"{path}.name", LIMITS.name),
            per_deck=_R.whole(data["per_deck"], f"{path}.per_deck", 1, LIMITS.per_deck),
        )
    data = _R.obj(value, path, ("rank", "points"), ("suits",))
    token = data["rank"]
    if not isinstance(token, str) or token not in _RANKS:
        raise _fail(
            ErrorCode.DEFINITION_VALUE, f"{path}.rank", choices=list(_RANKS), value=_shown(token)
        )
    rank = _RANKS[token]
    suits: list[tuple[Suit, int]] = []
    if "suits" in data:
        if isinstance(data["suits"], dict) and "STAR" in data["suits"]:
            # the fifth suit (version 2 ``suits``) has no cards of its own to
            # enter: a star card is entered by its rank, at the rank's points
            raise _fail(
                ErrorCode.DEFINITION_VALUE, f"{path}.suits.STAR", choices=list(_SUITS), value="STAR"
            )
        table = _R.obj(data["suits"], f"{path}.suits", (), tuple(_SUITS))
        if rank is Rank.JOKER:
            raise _fail(ErrorCode.DEFINITION_JOKER_SUITS, f"{path}.suits")
        if not table:
            raise _fail(ErrorCode.DEFINITION_EMPTY, f"{path}.suits")
        suits = [(_SUITS[s], _points(table[s], f"{path}.suits.{s}")) for s in _SUITS if s in table]
    return Key(rank.value, _points(data["points"], f"{path}.points"), rank, tuple(suits))


def _flag(value: Any, path: str) -> Flag:
    effects = tuple(e.value for e in FlagEffect)
    data = _R.obj(value, path, ("id", "name", "player"), (*effects, "in_play"))
    given = [e for e in effects if e in data]
    if len(given) != 1:
        raise _fail(ErrorCode.DEFINITION_FLAG_EFFECT, path, choices=list(effects))
    effect = FlagEffect(given[0])
    amount_path = f"{path}.{effect.value}"
    if effect is FlagEffect.MULTIPLY or effect is FlagEffect.OTHERS_MULTIPLY:
        amount = _R.whole(data[effect.value], amount_path, 2, LIMITS.multiplier)
    elif effect is FlagEffect.BONUS:
        amount = _R.whole(data[effect.value], amount_path, -LIMITS.card_points, LIMITS.card_points)
        if amount == 0:
            raise _fail(
                ErrorCode.DEFINITION_RANGE,
                amount_path,
                minimum=1,
                maximum=LIMITS.card_points,
                value=0,
            )
    else:
        amount = _R.whole(data[effect.value], amount_path, 1, LIMITS.card_points)
    return Flag(
        _R.slug(data["id"], f"{path}.id"),
        _R.words(data["name"], f"{path}.name", LIMITS.name),
        _R.enum(FlagPlayer, data["player"], f"{path}.player"),
        effect,
        amount,
        _R.boolean(data.get("in_play", True), f"{path}.in_play"),
    )


def _effect(value: Any, path: str) -> Effect:
    # version 2's fields are refused in a version 1 document (check_bids)
    data = _R.obj(value, path, (), (*_EFFECT_FIELDS, *BIDS_EFFECT_FIELDS))
    points: list[tuple[str, int]] = []
    if "points" in data:
        table = data["points"]
        if not isinstance(table, dict):
            raise _type(f"{path}.points", Expected.OBJECT, table)
        if len(table) > LIMITS.keys:
            raise _fail(
                ErrorCode.DEFINITION_TOO_MANY,
                f"{path}.points",
                maximum=LIMITS.keys,
                count=len(table),
            )
        points = [(str(k), _points(v, f"{path}.points.{str(k)[:40]}")) for k, v in table.items()]
    flags: list[tuple[str, bool]] = []
    if "flags" in data:
        table = data["flags"]
        if not isinstance(table, dict):
            raise _type(f"{path}.flags", Expected.OBJECT, table)
        if len(table) > LIMITS.flags:
            raise _fail(
                ErrorCode.DEFINITION_TOO_MANY,
                f"{path}.flags",
                maximum=LIMITS.flags,
                count=len(table),
            )
        flags = [(str(k), _R.boolean(v, f"{path}.flags.{str(k)[:40]}")) for k, v in table.items()]

    def maybe(name: str, read: Callable[[Any, str], _T]) -> _T | None:
        return read(data[name], f"{path}.{name}") if name in data else None

    return Effect(
        maybe("went_out", lambda v, p: _R.enum(WentOut, v, p)),
        maybe("blocked", lambda v, p: _R.enum(Blocked, v, p)),
        maybe("winner", lambda v, p: _R.enum(Winner, v, p)),
        maybe("end", lambda v, p: _R.enum(End, v, p)),
        maybe("jokers_per_deck", lambda v, p: _R.whole(v, p, 0, LIMITS.jokers_per_deck)),
        tuple(points),
        tuple(flags),
        maybe("ties", lambda v, p: _R.enum(Ties, v, p)),
        maybe("teams", lambda v, p: _R.boolean(v, p)),
        **read_bids_effect(data, path),
    )


def _preset(value: Any, path: str) -> Preset:
    data = _R.obj(value, path, (), ("value", "per_player", "suggested", "suggested_with"))
    if ("value" in data) == ("per_player" in data):
        raise _fail(ErrorCode.DEFINITION_PRESET, path)
    with_ = _R.seq(data.get("suggested_with", []), f"{path}.suggested_with", LIMITS.options)
    return Preset(
        _R.whole(data["value"], f"{path}.value", 1, MAX_OPTION) if "value" in data else None,
        _R.whole(data["per_player"], f"{path}.per_player", 1, MAX_OPTION // LIMITS.players)
        if "per_player" in data
        else None,
        _R.boolean(data.get("suggested", False), f"{path}.suggested"),
        tuple(_R.slug(v, f"{path}.suggested_with[{i}]") for i, v in enumerate(with_, 1)),
    )


def _option(value: Any, path: str) -> Option:
    if not isinstance(value, dict):
        raise _fail(ErrorCode.DEFINITION_NOT_OBJECT, path)
    kind = _R.enum(OptionKind, value.get("kind"), f"{path}.kind")
    common = ("id", "kind", "name")
    if kind is OptionKind.SWITCH:
        data = _R.obj(value, path, common, ("description", "default", "set"))
    elif kind is OptionKind.CHOICE:
        data = _R.obj(value, path, (*common, "choices"), ("description",))
    else:
        data = _R.obj(value, path, common, ("description", "presets"))
    ident = _R.slug(data["id"], f"{path}.id", 32)
    if keyword.iskeyword(ident) or keyword.issoftkeyword(ident):
        raise _fail(ErrorCode.DEFINITION_ID, f"{path}.id", value=ident, maximum=32)
    if kind is OptionKind.NUMBER and ident not in _NUMBER_OPTIONS:
        raise _fail(
            ErrorCode.DEFINITION_VALUE, f"{path}.id", choices=list(_NUMBER_OPTIONS), value=ident
        )
    description = data.get("description")
    choices: list[Choice] = []
    if kind is OptionKind.CHOICE:
        items = _R.seq(data["choices"], f"{path}.choices", LIMITS.choices, least=2)
        for i, item in enumerate(items, 1):
            where = f"{path}.choices[{i}]"
            entry = _R.obj(item, where, ("id", "name"), ("set",))
            choices.append(
                Choice(
                    _R.slug(entry["id"], f"{where}.id", 32),
                    _R.words(entry["name"], f"{where}.name", LIMITS.description),
                    _effect(entry.get("set", {}), f"{where}.set"),
                )
            )
        _R.unique([c.id for c in choices], f"{path}.choices")
    presets = _R.seq(data.get("presets", []), f"{path}.presets", LIMITS.presets)
    return Option(
        ident,
        kind,
        _R.words(data["name"], f"{path}.name", LIMITS.description),
        None
        if description is None
        else _R.words(description, f"{path}.description", LIMITS.description),
        _R.boolean(data.get("default", False), f"{path}.default"),
        _effect(data.get("set", {}), f"{path}.set"),
        tuple(choices),
        tuple(_preset(p, f"{path}.presets[{i}]") for i, p in enumerate(presets, 1)),
    )


def definition_from_dict(data: Any) -> GameDefinition:
    """A :class:`GameDefinition` from an already-decoded document.

    Raises :class:`GameDefinitionError` (see :func:`read_definition`).
    """
    # format and version first: a newer version's document may have fields
    # this one does not know, or lack fields this one needs
    if not isinstance(data, dict):
        raise _fail(ErrorCode.DEFINITION_NOT_OBJECT, "")
    for name in ("format", "version"):
        if name not in data:
            raise _fail(ErrorCode.DEFINITION_MISSING, name)
    if data["format"] != FORMAT:
        raise _fail(ErrorCode.DEFINITION_FORMAT, "format", value=_shown(data["format"]))
    version = data["version"]
    if type(version) is not int or version not in VERSIONS:
        shown = version if type(version) is int else json.dumps(_shown(version))
        raise _fail(
            ErrorCode.DEFINITION_VERSION, "version", value=str(shown)[:20], newest=VERSIONS[-1]
        )
    # a version 1 document holds no version 2 field: it reads as it always did
    allowed = _TOP_OPTIONAL if version == 1 else (*_TOP_OPTIONAL, *V2_FIELDS)
    kind, required, optional = hand_fields(data, version, _TOP_REQUIRED, allowed)
    top = _R.obj(data, "", required, optional)
    players = _R.obj(top["players"], "players", ("min", "max"), ())
    least = _R.whole(players["min"], "players.min", 2, LIMITS.players)
    most = _R.whole(players["max"], "players.max", least, LIMITS.players)
    decks: list[tuple[int, int]] = []
    rows = _R.seq(top.get("decks", []), "decks", LIMITS.deck_rows)
    for i, row in enumerate(rows, 1):
        entry = _R.obj(row, f"decks[{i}]", ("from_players", "decks"), ())
        earliest = least if i == 1 else decks[-1][0] + 1
        start = _R.whole(entry["from_players"], f"decks[{i}].from_players", earliest, most)
        if i == 1 and start != least:
            raise _fail(
                ErrorCode.DEFINITION_RANGE,
                "decks[1].from_players",
                minimum=least,
                maximum=least,
                value=start,
            )
        decks.append((start, _R.whole(entry["decks"], f"decks[{i}].decks", 1, LIMITS.decks)))
    if decks == [(least, 1)]:
        decks = []  # the default, written as nothing
    keys = tuple(
        _key(item, f"keys[{i}]")
        for i, item in enumerate(
            _R.seq(top["keys"], "keys", LIMITS.keys, least=1) if "keys" in top else [], 1
        )
    )
    _R.unique([k.id for k in keys], "keys")
    flags = tuple(
        _flag(item, f"flags[{i}]")
        for i, item in enumerate(_R.seq(top.get("flags", []), "flags", LIMITS.flags), 1)
    )
    _R.unique([f.id for f in flags], "flags")
    options = tuple(
        _option(item, f"options[{i}]")
        for i, item in enumerate(_R.seq(top.get("options", []), "options", LIMITS.options), 1)
    )
    _R.unique([o.id for o in options], "options")
    description = top.get("description")
    definition = GameDefinition(
        id=_R.slug(top["id"], "id"),
        name=_R.words(top["name"], "name", LIMITS.name),
        min_players=least,
        max_players=most,
        keys=keys,
        # a hand of another kind has nobody going out and no leftover cards
        # (GameDefinition: a captured game's own, a bids game's no score)
        went_out=_R.enum(WentOut, top["went_out"], "went_out")
        if kind is HandKind.OUT
        else WentOut.NEVER,
        blocked=_R.enum(Blocked, top["blocked"], "blocked")
        if kind is HandKind.OUT
        else Blocked.OWN
        if kind is HandKind.CAPTURED
        else Blocked.NO_SCORE,
        winner=_R.enum(Winner, top["winner"], "winner"),
        end=_R.enum(End, top["end"], "end"),
        target=_R.whole(top["target"], "target", 1, MAX_OPTION) if "target" in top else None,
        rounds=_R.whole(top["rounds"], "rounds", 1, MAX_OPTION) if "rounds" in top else None,
        description=None
        if description is None
        else _R.words(description, "description", LIMITS.description),
        source=_source(top["source"]) if "source" in top else None,
        decks=tuple(decks),
        counted=_R.enum(Counted, top.get("counted", "leftover"), "counted"),
        jokers_per_deck=_R.whole(
            top.get("jokers_per_deck", 0), "jokers_per_deck", 0, LIMITS.jokers_per_deck
        ),
        next_dealer=_R.enum(NextDealer, top.get("next_dealer", "left"), "next_dealer"),
        blocked_term=_R.enum(BlockedTerm, top.get("blocked_term", "nobody_out"), "blocked_term"),
        flags=flags,
        options=options,
        **read_v2(top),
        captures=read_captures(top["captures"]) if "captures" in top else None,
        teams=read_teams(top["teams"]) if "teams" in top else None,
    )
    _check_consistent(definition)
    check_v2(definition, version, _effects(definition))
    check_captures(definition, _effects(definition))
    return definition


def _effects(definition: GameDefinition) -> list[tuple[str, Effect]]:
    """Every effect an option can have, with its path."""
    found = []
    for i, option in enumerate(definition.options, 1):
        found.append((f"options[{i}].set", option.set))
        found += [
            (f"options[{i}].choices[{j}].set", c.set) for j, c in enumerate(option.choices, 1)
        ]
    return found


def _check_consistent(definition: GameDefinition) -> None:
    """Refuse what each part allows but the whole cannot play."""
    effects = _effects(definition)
    key_ids = {key.id for key in definition.keys}
    flag_ids = {flag.id for flag in definition.flags}
    # an option's points may name what a captured hand scores (its comparisons…)
    point_ids = key_ids | capture_point_ids(definition.captures, definition.suits)
    for path, effect in effects:
        for name, _points in effect.points:
            if name not in point_ids:
                raise _fail(
                    ErrorCode.DEFINITION_UNKNOWN_KEY, f"{path}.points.{name[:40]}", value=name[:40]
                )
        for name, _on in effect.flags:
            if name not in flag_ids:
                raise _fail(
                    ErrorCode.DEFINITION_UNKNOWN_FLAG, f"{path}.flags.{name[:40]}", value=name[:40]
                )
    went_out = {definition.went_out} | {e.went_out for _, e in effects if e.went_out}
    blocked = {definition.blocked} | {e.blocked for _, e in effects if e.blocked}
    if WentOut.NEVER in went_out and Blocked.NEVER in blocked:
        raise _fail(ErrorCode.DEFINITION_CONFLICT, "blocked", reason="no_hand_end")
    if WentOut.NEVER in went_out:
        for i, flag in enumerate(definition.flags, 1):
            if flag.player is FlagPlayer.WENT_OUT:
                raise _fail(
                    ErrorCode.DEFINITION_CONFLICT, f"flags[{i}].player", reason="nobody_goes_out"
                )
    ends = {definition.end} | {e.end for _, e in effects if e.end}
    for number, uses in (
        ("target", (End.TARGET, End.EITHER)),
        ("rounds", (End.ROUNDS, End.EITHER)),
    ):
        if getattr(definition, number) is None and ends & set(uses):
            raise _fail(ErrorCode.DEFINITION_MISSING, number)
    jokers = {definition.jokers_per_deck} | {
        e.jokers_per_deck for _, e in effects if e.jokers_per_deck is not None
    }
    if max(jokers) > 0 and Rank.JOKER.value not in key_ids:
        raise _fail(ErrorCode.DEFINITION_CONFLICT, "jokers_per_deck", reason="no_joker_key")
    switches = {o.id for o in definition.options if o.kind is OptionKind.SWITCH}
    for i, option in enumerate(definition.options, 1):
        if option.kind is OptionKind.NUMBER and getattr(definition, option.id) is None:
            raise _fail(ErrorCode.DEFINITION_MISSING, option.id)
        if option.kind is not OptionKind.NUMBER and option.presets:
            raise _fail(ErrorCode.DEFINITION_UNKNOWN_FIELD, f"options[{i}].presets")
        for j, preset in enumerate(option.presets, 1):
            for k, name in enumerate(preset.suggested_with, 1):
                if name not in switches:
                    raise _fail(
                        ErrorCode.DEFINITION_UNKNOWN_OPTION,
                        f"options[{i}].presets[{j}].suggested_with[{k}]",
                        value=name,
                    )


@dataclass(frozen=True, slots=True)
class DefinitionWarning:
    """A part of a valid definition that can never matter: the players
    should hear of it, the game is still a game. ``field`` is the path of the
    part (``flags[2]``, ``options[1]``; lists count from 1, as in a
    :class:`GameDefinitionError`), ``params`` the facts for the message:
    ``flag`` (its id) and ``reason`` (``went_out_scores_nothing``,
    ``others_score_nothing``, ``never_in_play``) for ``flag_never_scores``;
    ``option`` (``target`` or ``rounds``) for ``number_not_used``."""

    code: DefinitionWarningCode
    field: str
    params: Mapping[str, Any] = _field(default_factory=dict)


def definition_warnings(definition: GameDefinition) -> tuple[DefinitionWarning, ...]:
    """What in ``definition`` can never change a session, in the
    definition's order (the editor shows each; nothing is refused):

    * ``flag_never_scores``: a flag for the player who went out that
      multiplies their points where every player who goes out scores
      nothing (``went_out`` is ``own`` under every option), or that
      multiplies everyone else's where only the one who went out scores
      (``collects`` under every option); a flag not in play that no option
      brings in;
    * ``number_not_used``: a ``target`` (or ``rounds``) option where no end,
      the game's or an option's, uses that number.

    >>> text = '''{"format": "kortpoeng-game", "version": 1, "id": "penalty",
    ...   "name": {"nb": "Straff", "en": "Penalty"}, "players": {"min": 2, "max": 4},
    ...   "keys": [{"rank": "K", "points": 10}], "went_out": "own", "blocked": "own",
    ...   "flags": [{"id": "one_go", "name": {"nb": "På én gang", "en": "In one go"},
    ...              "player": "went_out", "multiply": 2}],
    ...   "winner": "lowest", "end": "rounds", "rounds": 5, "target": 100,
    ...   "options": [{"id": "target", "kind": "number",
    ...                "name": {"nb": "Poengmål", "en": "Target score"}}]}'''
    >>> [(w.code.value, w.field) for w in definition_warnings(read_definition(text))]
    [('flag_never_scores', 'flags[1]'), ('number_not_used', 'options[1]')]
    """
    effects = [effect for _path, effect in _effects(definition)]
    went_out = {definition.went_out} | {e.went_out for e in effects if e.went_out}
    ends = {definition.end} | {e.end for e in effects if e.end}
    brought_in = {name for e in effects for name, on in e.flags if on}
    found: list[DefinitionWarning] = []
    for i, flag in enumerate(definition.flags, 1):
        reason = None
        if not flag.in_play and flag.id not in brought_in:
            reason = "never_in_play"
        elif flag.player is FlagPlayer.WENT_OUT:
            if flag.effect is FlagEffect.MULTIPLY and went_out <= {WentOut.OWN, WentOut.NEVER}:
                reason = "went_out_scores_nothing"
            elif flag.effect is FlagEffect.OTHERS_MULTIPLY and went_out <= {
                WentOut.COLLECTS,
                WentOut.NEVER,
            }:
                reason = "others_score_nothing"
        if reason is not None:
            found.append(
                DefinitionWarning(
                    DefinitionWarningCode.FLAG_NEVER_SCORES,
                    f"flags[{i}]",
                    {"flag": flag.id, "reason": reason},
                )
            )
    for i, option in enumerate(definition.options, 1):
        if option.kind is not OptionKind.NUMBER:
            continue
        uses = {End.TARGET, End.EITHER} if option.id == "target" else {End.ROUNDS, End.EITHER}
        if not ends & uses:
            found.append(
                DefinitionWarning(
                    DefinitionWarningCode.NUMBER_NOT_USED, f"options[{i}]", {"option": option.id}
                )
            )
    return tuple(found)


def _decode(source: str | bytes | bytearray) -> Any:
    """JSON text (or UTF-8 bytes; a byte order mark is skipped) → Python
    data, read by the one strict reader (:mod:`scoring.strict_json`), its
    refusals as a definition's codes."""
    try:
        return strict_json.loads(source, limit=LIMITS.document)
    except StrictJsonError as error:
        raise _refused(error) from None


def _refused(error: StrictJsonError) -> GameDefinitionError:
    """A refusal of :func:`scoring.strict_json.loads` as a definition's error."""
    if error.fault is JsonFault.TOO_LARGE:
        return _fail(ErrorCode.DEFINITION_TOO_LARGE, "", maximum=LIMITS.document, count=error.size)
    if error.fault is JsonFault.DUPLICATE_KEY:
        return _fail(ErrorCode.DEFINITION_DUPLICATE_KEY, (error.key or "")[:40])
    if error.fault is JsonFault.LONE_SURROGATE:  # a control character here (Cs)
        return _fail(ErrorCode.DEFINITION_TEXT, error.path or "")
    if error.line is not None:
        return _fail(
            ErrorCode.DEFINITION_JSON, "", detail=error.detail, line=error.line, column=error.column
        )
    return _fail(ErrorCode.DEFINITION_JSON, "", detail=error.detail)


def read_definition(source: str | bytes | bytearray | Mapping[str, Any]) -> GameDefinition:
    """Read a game definition strictly (GAME_FORMAT.md).

    ``source`` is JSON text or UTF-8 bytes (a byte order mark is skipped), at
    most ``LIMITS.document`` long, or an already-decoded mapping. Refused, each
    with a :class:`GameDefinitionError` whose ``field`` is the path of the
    offending value (``"keys[3].points"``) and whose ``code`` says why:
    ``definition_json`` (not JSON, NaN/Infinity), ``definition_too_large``,
    ``definition_duplicate_key``, ``definition_format``, ``definition_version``,
    ``definition_not_object``, ``definition_missing``,
    ``definition_unknown_field``, ``definition_type``, ``definition_range``
    (negative or enormous numbers), ``definition_value`` (not one of the
    words), ``definition_too_many``/``definition_too_few`` (list lengths),
    ``definition_text`` (control characters), ``definition_empty``,
    ``definition_spaces``, ``definition_long``, ``definition_id``,
    ``definition_duplicate_id``, ``definition_face_is_card``,
    ``definition_joker_suits``, ``definition_url``, ``definition_flag_effect``,
    ``definition_preset``, ``definition_unknown_key``,
    ``definition_unknown_flag``, ``definition_unknown_option``,
    ``definition_conflict`` (``params["reason"]`` says which).
    """
    data = _decode(source) if isinstance(source, str | bytes | bytearray) else source
    return definition_from_dict(data)
