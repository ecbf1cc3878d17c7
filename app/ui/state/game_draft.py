"""A game definition being made or changed in the game editor (GAME_FORMAT.md).

The editor edits a *form*: the definition's fields as nested dicts and lists,
with every number kept as the text typed (so "1O" stays on screen to be put
right), every choice as its word, and a switch as a bool. :func:`document_of`
turns the form into a GAME_FORMAT.md document and :func:`scoring.read_definition`
checks it: every fault is a :class:`scoring.GameDefinitionError` naming the
field, which :func:`form_path` maps back to the input it came from. Nothing
here checks a rule itself, and nothing translates text.

The form (``…`` marks a list of the dicts shown)::

    {"id", "name": {"nb", "en"}, "description": {"nb", "en"},
     "source": {"title", "publisher", "url"}, "players": {"min", "max"},
     "decks": […{"from_players", "decks"}], "counted", "jokers_per_deck",
     "keys": […{"kind": "rank"|"face", "rank", "face", "name": {"nb", "en"},
                "points", "suits": {"S", "H", "D", "C"}, "per_deck"}],
     "went_out", "blocked", "blocked_term",
     "flags": […{"id", "name", "player", "effect", "amount", "in_play"}],
     "winner", "end", "target", "rounds", "next_dealer",
     "options": […{"id", "kind", "name", "description", "default", "set",
                   "choices": […{"id", "name", "set"}],
                   "presets": […{"kind": "value"|"per_player", "number",
                                 "suggested", "suggested_with"}]}]}

and an option's or a choice's ``set`` is ``{"went_out", "blocked", "winner",
"end", "jokers_per_deck", "points": […{"key", "points"}],
"flags": […{"flag", "on"}]}`` (an empty word: the game's own rule stays).
"""

from __future__ import annotations

import builtins
import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import flet as ft

from app.ui.state.game_draft_bids import carried_effect, effect_carried, for_its_hand
from app.ui.state.game_draft_options import (
    _EFFECT_WORDS,
    _NUMBER_NAMES,
    _blank_effect,
    _follow_the_end,
    _follow_the_number,
    _new_option,
    _numbers_used,
    _words,
)
from app.ui.state.game_draft_parts import edited, part_row, parts_document, parts_form
from app.ui.state.plain import plain_copy
from app.ui.state.typed_sum import read_sum
from scoring import (
    STANDARD_RANKS,
    Card,
    Face,
    GameDefinition,
    GameDefinitionError,
    Hand,
    HandScore,
    Rank,
    ScoringError,
    game_for,
    read_definition,
)
from scoring.definition import (
    LIMITS,
    DefinitionWarning,
    FlagEffect,
    definition_to_dict,
    definition_warnings,
)

__all__ = [
    "GameDraft",
    "GamePreview",
    "blank_form",
    "document_of",
    "form_of",
    "form_path",
    "slug",
]

Path = tuple[str | int, ...]

#: The points of a standard deck's ranks as a new game starts with them
#: (face value, court cards 10; the family changes them).
_START_POINTS = {rank: min(rank.order, 10) for rank in STANDARD_RANKS}
_SUIT_LETTERS = ("S", "H", "D", "C")
#: The parts of a version 2 definition the form carries unchanged (not edited yet).
_CARRIED = (
    "suits",
    "schedule",
    "hand",
    "captures",
    "teams",
    "progress",
    "also_out",
    "cards_dealt",
)
_FLAG_EFFECTS = tuple(effect.value for effect in FlagEffect)


def slug(text: str, *, fallback: str = "game") -> str:
    """An id from a name: lower-case ASCII letters, digits and ``_``, a
    letter first, at most :data:`scoring.definition.LIMITS.id` characters.

    >>> slug("Familie-åttere (kopi)"), slug("99 Kort"), slug("")
    ('familie_attere_kopi', 'game_99_kort', 'game')
    """
    folded = text.replace("æ", "ae").replace("Æ", "Ae").replace("ø", "o").replace("Ø", "O")
    folded = unicodedata.normalize("NFKD", folded).encode("ascii", "ignore").decode("ascii")
    words = re.sub(r"[^a-z0-9]+", "_", folded.lower()).strip("_")
    if not words:
        return fallback
    if not words[0].isalpha():
        words = f"{fallback}_{words}"
    return words[: LIMITS.id].rstrip("_")


def _rank_key(rank: Rank, points: int) -> dict[str, Any]:
    return {
        "kind": "rank",
        "rank": rank.value,
        "face": "",
        "name": _words(),
        "points": str(points),
        "suits": dict.fromkeys(_SUIT_LETTERS, ""),
        "per_deck": "",
    }


def _face_key(ident: str = "", points: str = "") -> dict[str, Any]:
    return {
        "kind": "face",
        "rank": "",
        "face": ident,
        "name": _words(),
        "points": points,
        "suits": dict.fromkeys(_SUIT_LETTERS, ""),
        "per_deck": "4",
    }


def blank_form() -> dict[str, Any]:
    """The form a new game starts from: 2–6 players, one deck of A–K at face
    value (court cards 10), whoever goes out collects the others' cards, the
    lowest collects a blocked hand, first to 100 wins (the target chosen when
    a session starts); the names left to fill in."""
    return {
        "id": "",
        "name": _words(),
        "description": _words(),
        "source": {"title": "", "publisher": "", "url": ""},
        "players": {"min": "2", "max": "6"},
        "decks": [],
        "counted": "leftover",
        "jokers_per_deck": "0",
        "keys": [_rank_key(rank, points) for rank, points in _START_POINTS.items()],
        "went_out": "collects",
        "blocked": "lowest_collects",
        "blocked_term": "nobody_out",
        "flags": [],
        "winner": "highest",
        "end": "target",
        "target": "100",
        "rounds": "",
        "next_dealer": "left",
        "also_out": False,
        "cards_dealt": "",
        # the target is chosen when a session starts (the game's own the default)
        "options": [
            {
                "id": "target",
                "kind": "number",
                "name": dict(_NUMBER_NAMES["target"]),
                "description": _words(),
                "default": False,
                "set": _blank_effect(),
                "choices": [],
                "presets": [],
            }
        ],
    }


def _text(value: Any) -> str:
    return "" if value is None else str(value)


def _effect_form(data: Mapping[str, Any] | None) -> dict[str, Any]:
    data = data or {}
    form = _blank_effect()
    for name in _EFFECT_WORDS:  # (a yes/no, teams, kept as it is)
        form[name] = data[name] if isinstance(data.get(name), bool) else _text(data.get(name))
    form["jokers_per_deck"] = _text(data.get("jokers_per_deck"))
    form["points"] = [{"key": k, "points": _text(v)} for k, v in data.get("points", {}).items()]
    form["flags"] = [{"flag": k, "on": bool(v)} for k, v in data.get("flags", {}).items()]
    return form | carried_effect(data)


def form_of(definition: GameDefinition) -> dict[str, Any]:
    """The editor form of a definition (to change it or to copy it)."""
    doc = definition_to_dict(definition)
    form = blank_form()
    form.update(
        id=doc["id"],
        name=_words(doc["name"]),
        description=_words(doc.get("description")),
        source={
            "title": doc.get("source", {}).get("title", ""),
            "publisher": doc.get("source", {}).get("publisher", ""),
            "url": doc.get("source", {}).get("url", ""),
        },
        players={"min": str(doc["players"]["min"]), "max": str(doc["players"]["max"])},
        decks=[
            {"from_players": str(r["from_players"]), "decks": str(r["decks"])}
            for r in doc.get("decks", [])
        ],
        counted=doc.get("counted", "leftover"),
        jokers_per_deck=str(doc.get("jokers_per_deck", 0)),
        went_out=doc.get("went_out", "never"),  # a captured or bids game has none
        blocked=doc.get("blocked", "no_score"),
        blocked_term=doc.get("blocked_term", "nobody_out"),
        winner=doc["winner"],
        end=doc["end"],
        target=_text(doc.get("target")),
        rounds=_text(doc.get("rounds")),
        next_dealer=doc.get("next_dealer", "left"),
    )
    keys = []
    for key in doc.get("keys", []):
        if "face" in key:
            item = _face_key(key["face"], str(key["points"]))
            item["name"] = _words(key["name"])
            item["per_deck"] = str(key["per_deck"])
        else:
            item = _rank_key(Rank(key["rank"]), key["points"])
            for letter, points in key.get("suits", {}).items():
                item["suits"][letter] = str(points)
        keys.append(item)
    form["keys"] = keys
    flags = []
    for flag in doc.get("flags", []):
        effect = next(e for e in _FLAG_EFFECTS if e in flag)
        flags.append(
            {
                "id": flag["id"],
                "name": _words(flag["name"]),
                "player": flag["player"],
                "effect": effect,
                "amount": str(flag[effect]),
                "in_play": flag.get("in_play", True),
            }
        )
    form["flags"] = flags
    options = []
    for option in doc.get("options", []):
        options.append(
            {
                "id": option["id"],
                "kind": option["kind"],
                "name": _words(option["name"]),
                "description": _words(option.get("description")),
                "default": option.get("default", False),
                "set": _effect_form(option.get("set")),
                "choices": [
                    {"id": c["id"], "name": _words(c["name"]), "set": _effect_form(c.get("set"))}
                    for c in option.get("choices", [])
                ],
                "presets": [
                    {
                        "kind": "value" if "value" in p else "per_player",
                        "number": str(p.get("value", p.get("per_player", ""))),
                        "suggested": p.get("suggested", False),
                        "suggested_with": ", ".join(p.get("suggested_with", [])),
                    }
                    for p in option.get("presets", [])
                ],
            }
        )
    form["options"] = options
    # version 2's parts the editor does not edit yet (a schedule, the suits): kept as they are
    carried = {name: doc[name] for name in _CARRIED if name in doc and name not in edited()}
    if carried:
        form["carried"] = plain_copy(carried)
    return form | parts_form(doc)


def _number(text: Any) -> Any:
    """The typed text as a whole number (a sum of whole numbers too: "10+5"
    is 15, :func:`read_sum`); anything else as it is (so that the reader
    says what is wrong with it, naming the field)."""
    if isinstance(text, str):
        total = read_sum(text)
        if total is not None:
            return total
    return text


def _words_doc(value: Mapping[str, str]) -> dict[str, str]:
    return {"nb": value.get("nb", ""), "en": value.get("en", "")}


def _blank_words(value: Mapping[str, str]) -> bool:
    return not value.get("nb", "").strip() and not value.get("en", "").strip()


def _effect_doc(form: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name in _EFFECT_WORDS:
        if form.get(name) not in ("", None):
            out[name] = form[name]
    if str(form.get("jokers_per_deck", "")).strip():
        out["jokers_per_deck"] = _number(form["jokers_per_deck"])
    if form.get("points"):
        out["points"] = {row["key"]: _number(row["points"]) for row in form["points"]}
    if form.get("flags"):
        out["flags"] = {row["flag"]: bool(row["on"]) for row in form["flags"]}
    return out | effect_carried(form)


def document_of(form: Mapping[str, Any]) -> dict[str, Any]:
    """The GAME_FORMAT.md document the form says (not yet checked): empty
    optional parts (a description, a rule book, a number the end does not
    use) are left out; numbers are read from their text."""
    named = form["name"].get("en", "").strip() or form["name"].get("nb", "").strip()
    doc: dict[str, Any] = {
        "format": "kortpoeng-game",
        "version": 1,
        # an id not typed yet follows the name (a name not typed yet: the name says so)
        "id": form["id"] or slug(named),
        "name": _words_doc(form["name"]),
    }
    if not _blank_words(form["description"]):
        doc["description"] = _words_doc(form["description"])
    source = {k: v for k, v in form["source"].items() if str(v).strip()}
    if source:
        doc["source"] = {"title": source.get("title", ""), **source}
    doc["players"] = {
        "min": _number(form["players"]["min"]),
        "max": _number(form["players"]["max"]),
    }
    if form["decks"]:
        doc["decks"] = [
            {"from_players": _number(r["from_players"]), "decks": _number(r["decks"])}
            for r in form["decks"]
        ]
    doc["counted"] = form["counted"]
    doc["jokers_per_deck"] = _number(form["jokers_per_deck"])
    keys = []
    for key in form["keys"]:
        if key["kind"] == "face":
            keys.append(
                {
                    "face": key["face"],
                    "name": _words_doc(key["name"]),
                    "points": _number(key["points"]),
                    "per_deck": _number(key["per_deck"]),
                }
            )
            continue
        item: dict[str, Any] = {"rank": key["rank"], "points": _number(key["points"])}
        suits = {s: _number(v) for s, v in key["suits"].items() if str(v).strip()}
        if suits:
            item["suits"] = suits
        keys.append(item)
    doc["keys"] = keys
    doc["went_out"] = form["went_out"]
    doc["blocked"] = form["blocked"]
    doc["blocked_term"] = form["blocked_term"]
    if form["flags"]:
        doc["flags"] = [
            {
                "id": f["id"],
                "name": _words_doc(f["name"]),
                "player": f["player"],
                f["effect"]: _number(f["amount"]),
                **({} if f["in_play"] else {"in_play": False}),
            }
            for f in form["flags"]
        ]
    doc["winner"] = form["winner"]
    doc["end"] = form["end"]
    for number in ("target", "rounds"):
        if str(form[number]).strip():
            doc[number] = _number(form[number])
    doc["next_dealer"] = form["next_dealer"]
    if form["options"]:
        doc["options"] = [_option_doc(o) for o in form["options"]]
    if form.get("carried"):
        doc["version"] = 2
        doc.update(plain_copy(form["carried"]))
    return for_its_hand(parts_document(doc, form))


def _option_doc(option: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": option["id"],
        "kind": option["kind"],
        "name": _words_doc(option["name"]),
    }
    if not _blank_words(option["description"]):
        out["description"] = _words_doc(option["description"])
    if option["kind"] == "switch":
        out["default"] = bool(option["default"])
        effect = _effect_doc(option["set"])
        if effect:
            out["set"] = effect
    elif option["kind"] == "choice":
        out["choices"] = []
        for item in option["choices"]:
            entry: dict[str, Any] = {"id": item["id"], "name": _words_doc(item["name"])}
            effect = _effect_doc(item["set"])
            if effect:
                entry["set"] = effect
            out["choices"].append(entry)
    elif option["presets"]:
        out["presets"] = []
        for preset in option["presets"]:
            entry = {preset["kind"]: _number(preset["number"])}
            if preset["suggested"]:
                entry["suggested"] = True
            names = [n.strip() for n in str(preset["suggested_with"]).split(",") if n.strip()]
            if names:
                entry["suggested_with"] = names
            out["presets"].append(entry)
    return out


_PART = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)(?:\[(\d+)\])?")


def form_path(error_field: str, form: Mapping[str, Any]) -> Path:
    """The form's path of the input a definition error names
    (``keys[3].points`` → ``("keys", 2, "points")``; a flag's effect and a
    preset's number are one input each, an effect's points a row)."""
    path: list[str | int] = []
    node: Any = form
    for segment in str(error_field).split("."):
        match = _PART.fullmatch(segment)
        if match is None:
            break
        name, number = match.groups()
        if isinstance(node, dict) and name in _FLAG_EFFECTS and ("amount" in node):
            name = "amount"
        elif isinstance(node, dict) and name in ("value", "per_player") and "number" in node:
            name = "number"
        elif isinstance(node, list) and path and path[-1] in ("points", "flags"):
            column = "key" if path[-1] == "points" else "flag"
            index = next((i for i, row in enumerate(node) if row.get(column) == name), None)
            if index is None:
                break
            path.append(index)
            node = node[index]
            continue
        if not isinstance(node, dict) or name not in node:
            break
        path.append(name)
        node = node[name]
        if number is not None:
            index = int(number) - 1
            if not isinstance(node, list) or not 0 <= index < len(node):
                break
            path.append(index)
            node = node[index]
    return tuple(path)


@dataclass(frozen=True, slots=True)
class GamePreview:
    """The editor's live preview: the preview hand scored by the game as it
    stands (``score``), the value of the cards (``worth``), or the error that
    keeps it from being scored (``error``). ``players`` are the three seats
    of the preview hand: the first went out (when the game lets anyone),
    the second holds the cards."""

    players: tuple[str, ...]
    score: HandScore | None = None
    worth: int | None = None
    error: Exception | None = None


@ft.observable
@dataclass
class GameDraft:
    """A game definition being made or changed.

    Attributes:
        form: the fields as typed (see the module).
        original_id: the stored custom game being changed, or ``None`` for a
            new game.
        original_text: that game's text as read (a save is refused when it
            was changed meanwhile on another phone), or ``None``.
        id_edited: the id was typed (else it follows the English name).
        section: the part of the editor on show (``game``, ``cards``,
            ``scoring``, ``end``, ``options``).
        preview_cards: the cards in the preview hand (:class:`scoring.Card`
            or :class:`scoring.Face`).
        save_error: a refusal of the last save (a coded error), or ``None``.
        copied: for a copy of a game, the copied game's document as the copy
            started (:meth:`description_outdated`), else ``None``.
    """

    form: dict = field(default_factory=blank_form)
    original_id: str | None = None
    original_text: str | None = None
    id_edited: bool = False
    section: str = "game"
    preview_cards: tuple = ()
    save_error: Exception | None = None
    copied: dict | None = None

    # -- making one ---------------------------------------------------------
    @classmethod
    def new(cls) -> GameDraft:
        """A new game from scratch (:func:`blank_form`)."""
        return cls()

    @classmethod
    def copy_of(
        cls, definition: GameDefinition, *, names: tuple[str, str], game_id: str
    ) -> GameDraft:
        """A new game that starts as a copy of ``definition``, named
        ``names`` (nb, en: e.g. "Hjerter (kopi)") with the id ``game_id``."""
        form = form_of(definition)
        form["name"] = {"nb": names[0][: LIMITS.name], "en": names[1][: LIMITS.name]}
        form["id"] = game_id
        return cls(form=form, copied=document_of(form))

    @classmethod
    def editing(cls, definition: GameDefinition, text: str | None) -> GameDraft:
        """A draft changing the stored custom game ``definition`` (``text``:
        as stored)."""
        return cls(
            form=form_of(definition),
            original_id=definition.id,
            original_text=text,
            id_edited=True,
        )

    # -- changing it --------------------------------------------------------
    def get(self, path: Sequence[str | int]) -> Any:
        """The form's value at ``path`` (``("keys", 0, "points")``)."""
        node: Any = self.form
        for part in path:
            node = node[part]
        return node

    def _changed(self, form: dict[str, Any]) -> None:
        self.form = form
        self.save_error = None

    def set(self, path: Sequence[str | int], value: Any) -> None:
        """Put ``value`` at ``path``. The English name also gives the id of a
        new game whose id was not typed."""
        form = plain_copy(self.form)
        node: Any = form
        for part in path[:-1]:
            node = node[part]
        old = node.get(path[-1]) if isinstance(node, dict) else node[path[-1]]
        node[path[-1]] = value
        if tuple(path) in (("target",), ("rounds",)):
            _follow_the_number(form, str(path[0]), old)
        if tuple(path) == ("id",):
            self.id_edited = True
        elif tuple(path) == ("name", "en") and not self.id_edited:
            form["id"] = slug(str(value))
        elif tuple(path) == ("end",):
            _follow_the_end(form)
        self._changed(form)

    def add(self, path: Sequence[str | int], kind: str = "") -> None:
        """Add a row at the end of the list at ``path``: a key (``kind``
        ``"rank"``, the first rank not yet a key, or ``"face"``), a deck row,
        a flag, an option (``kind`` ``switch``/``choice``/``number``), a
        choice, a preset, or an effect's points or flag row."""
        form = plain_copy(self.form)
        rows = _rows_at(form, path)
        name = path[-1]
        owned, row = part_row(path, kind, form)  # a list inside a part with a form of its own
        if owned:
            rows.append(row)
        elif name == "keys":
            used = {k["rank"] for k in rows if k["kind"] == "rank"}
            free = [r for r in (*STANDARD_RANKS, Rank.JOKER) if r.value not in used]
            if kind == "face" or not free:
                rows.append(_face_key())
            else:
                rows.append(_rank_key(free[0], _START_POINTS.get(free[0], 0)))
        elif name == "decks":
            last = (
                int(rows[-1]["from_players"]) if rows and rows[-1]["from_players"].isdigit() else 0
            )
            start = max(
                last + 1,
                int(form["players"]["min"] or 2) if str(form["players"]["min"]).isdigit() else 2,
            )
            rows.append({"from_players": str(start), "decks": str(len(rows) + 1)})
        elif name == "flags" and len(path) == 1:
            rows.append(
                {
                    "id": f"flag_{len(rows) + 1}",
                    "name": _words(),
                    "player": "went_out" if form["went_out"] != "never" else "any",
                    "effect": "multiply",
                    "amount": "2",
                    "in_play": True,
                }
            )
        elif name == "options":
            rows.append(_new_option(kind or "switch", rows, form))
        elif name == "choices":
            rows.append({"id": f"choice_{len(rows) + 1}", "name": _words(), "set": _blank_effect()})
        elif name == "presets":
            rows.append({"kind": "value", "number": "", "suggested": False, "suggested_with": ""})
        elif name == "points":
            rows.append({"key": form["keys"][0]["rank"] or form["keys"][0]["face"], "points": ""})
        elif name == "flags":
            rows.append({"flag": form["flags"][0]["id"] if form["flags"] else "", "on": True})
        self._changed(form)

    def remove(self, path: Sequence[str | int], index: int) -> None:
        """Remove row ``index`` of the list at ``path``."""
        form = plain_copy(self.form)
        rows = _rows_at(form, path)
        if 0 <= index < len(rows):
            del rows[index]
            self._changed(form)

    def move(self, path: Sequence[str | int], index: int, step: int) -> None:
        """Move row ``index`` of the list at ``path`` by ``step`` (−1 up, +1 down)."""
        form = plain_copy(self.form)
        rows = _rows_at(form, path)
        other = index + step
        if 0 <= index < len(rows) and 0 <= other < len(rows):
            rows[index], rows[other] = rows[other], rows[index]
            self._changed(form)

    def show(self, section: str) -> None:
        """Show another part of the editor."""
        self.section = section

    # -- what it says -------------------------------------------------------
    def description_outdated(self) -> bool:
        """Whether this copy still carries the copied game's description
        (not blank) while its rules were changed: "Most cards 3 … first to
        21" above a Kasino copy to 16 (the editor asks the family to check
        it). Names, id, description and rule book are not rules."""
        if self.copied is None or _blank_words(self.form["description"]):
            return False
        now = self.document()
        if now.get("description") != self.copied.get("description"):
            return False
        apart = ("id", "name", "description", "source")
        return {k: v for k, v in now.items() if k not in apart} != {
            k: v for k, v in self.copied.items() if k not in apart
        }

    def document(self) -> dict[str, Any]:
        """The GAME_FORMAT.md document (not yet checked)."""
        return document_of(self.form)

    def definition(self) -> GameDefinition:
        """The game as a checked definition. Raises
        :class:`scoring.GameDefinitionError` naming the field."""
        return read_definition(self.document())

    def problem(self) -> GameDefinitionError | None:
        """What keeps the form from being a game (the first fault), or ``None``."""
        try:
            self.definition()
        except GameDefinitionError as error:
            return error
        return None

    def numbers_used(self) -> builtins.set[str]:
        """The numbers (``"target"``, ``"rounds"``) an end of the session
        uses, the game's or an option's: the editor asks only for those."""
        return _numbers_used(self.form)

    def warnings(self) -> tuple[tuple[DefinitionWarning, Path], ...]:
        """What in the game as it stands can never matter
        (:func:`scoring.definition.definition_warnings`: a flag that cannot
        change a score, a target no end uses), each with the form's path of
        the row it is about (``("flags", 0)``); none while the form is not yet
        a game."""
        try:
            definition = self.definition()
        except GameDefinitionError:
            return ()
        return tuple(
            (warning, form_path(warning.field, self.form))
            for warning in definition_warnings(definition)
        )

    def problem_at(self) -> tuple[GameDefinitionError | None, Path]:
        """The first fault and the form's path of its input (``()`` when it
        belongs to no one input)."""
        error = self.problem()
        if error is None:
            return None, ()
        return error, form_path(error.field or "", self.form)

    # -- the live preview ---------------------------------------------------
    def add_preview_card(self, card: Card | Face) -> None:
        """Put a card (a key of the game's keypad) into the preview hand."""
        self.preview_cards = (*self.preview_cards, card)

    def remove_preview_card(self, index: int) -> None:
        """Take the ``index``-th card out of the preview hand."""
        cards = self.preview_cards
        if 0 <= index < len(cards):
            self.preview_cards = cards[:index] + cards[index + 1 :]

    def preview(self, players: tuple[str, str, str]) -> GamePreview:
        """The preview hand scored by the game as it stands: ``players[0]``
        went out (when anyone can), ``players[1]`` holds the preview cards,
        ``players[2]`` nothing. The cards no longer of the game (a key
        removed) are left out."""
        try:
            definition = self.definition()
        except GameDefinitionError as error:
            return GamePreview(players, error=error)
        game = game_for(definition.id, definition)
        options = game.default_options()
        rules = game.bind(options, players)
        cards = tuple(c for c in self.preview_cards if rules.card_points(c) is not None)
        went_out = players[0] if rules.can_go_out else None
        hand = Hand(went_out, {players[1]: cards} if cards else {})
        try:
            score = rules.score_hand(hand)
        except ScoringError as error:
            return GamePreview(players, error=error)
        return GamePreview(players, score=score, worth=score.leftover.get(players[1], 0))


def _rows_at(form: dict[str, Any], path: Sequence[str | int]) -> list[Any]:
    """The list of rows at ``path`` inside ``form`` (the list itself, not a
    copy, so changes to it change ``form``). Raises ``TypeError`` when the
    path leads to something that is not a list of rows."""
    node: Any = form
    for part in path:
        node = node[part]
    if not isinstance(node, list):
        raise TypeError(f"no list of rows at {tuple(path)!r}")
    return node
