"""A session file's field paths (SESSION_FORMAT.md) in words: the hand, the
player and the field, as a refusal names them (``hands[1].captured.Kari.named[1]``
→ hand 1, Kari, "named card 1"), the way :func:`~app.messages.fields.definition_field`
names a game definition's fields.

>>> from app.i18n import use_language
>>> with use_language("nb"):
...     session_field("hands[1].captured.Kari.named[1]", "Kari")
(1, 'Kari', 'navngitt kort 1')
>>> with use_language("en"):
...     session_field("hands[2].went_out"), session_field("started_at")
((2, None, 'who went out'), (None, None, 'The start time'))
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from app.i18n import N_, _, format_number
from app.messages._echo import _shown, _token
from app.messages.cards import suit_name
from app.messages.fields import _list_item, definition_field
from scoring import Suit

# The words of a hand's fields (lower case: a refusal puts them after
# "Hand 3, Kari:").
_HAND_WORDS: Mapping[str, str] = {
    "went_out": N_("who went out"),
    "left": N_("cards left in hand"),
    "runs": N_("runs laid down"),
    "rummy": N_("went out in one turn"),
    "flags": N_("flags called"),
    "captured": N_("cards taken"),
    "bids": N_("bid"),
    "tricks": N_("tricks taken"),
    "made": N_("made bids"),
    "completed": N_("phase completed"),
    "also_out": N_("went out too"),
    "note": N_("note"),
    "played_at": N_("time played"),
}
# The parts of a captured pile or a run (below the player).
_SUB_WORDS: Mapping[str, str] = {
    "cards": N_("number of cards"),
    "named": N_("named cards"),
    "ace_as": N_("what the ace stands for"),
    "sweep": N_("sweeps"),
}
# The fields of the document itself (first in a sentence: capitalised).
_TOP_WORDS: Mapping[str, str] = {
    "document": N_("The file"),
    "format": N_("The file's format"),
    "version": N_("The file's version"),
    "id": N_("The session's id"),
    "game": N_("The game"),
    "options": N_("The game's options"),
    "players": N_("The players"),
    "started_at": N_("The start time"),
    "hands": N_("The hands"),
}
# Fields that hold one entry per player (the player's name follows).
_PER_PLAYER = frozenset({"left", "runs", "captured", "bids", "tricks"})
_HAND = re.compile(r"hands\[(\d+)\](?:\.(.*))?", re.DOTALL)
_ITEM = re.compile(r"(.*?)((?:\[\d+\])?)((?:\..*)?)", re.DOTALL)
_SUITS = {suit.value: suit for suit in Suit}


def _sub(name: str) -> str:
    """One part below the player: a run's or pile's field, a suit's count, an event's."""
    match = re.fullmatch(r"([^\[]*)\[(\d+)\]", name)
    if match is not None and match[1] == "runs":
        return _("run {n}", n=format_number(int(match[2])))
    if match is not None:
        return _list_item(match[1], match[2])
    if name in _SUB_WORDS:
        return _(_SUB_WORDS[name])
    if name in _SUITS:
        return suit_name(_SUITS[name])
    return _token(name)  # an event of the game's own (its id, quoted)


def _split_player(rest: str, player: str | None) -> tuple[str, str]:
    """``Kari.named[1]`` → (``Kari``, ``named[1]``); the player as the error
    names it when it does, else up to the last part this format has words for."""
    if player and rest.startswith(player):
        return player, rest[len(player) :].lstrip(".")
    head, dot, tail = rest.rpartition(".")
    last = tail.split("[", 1)[0]
    if dot and (last in _SUB_WORDS or last in _SUITS or re.fullmatch(r"[a-z][a-z0-9_]*", last)):
        return head, tail
    match = _ITEM.fullmatch(rest)  # a run: Kari[2].cards
    if match is not None and match[2]:
        return match[1], f"{match[2]}{match[3]}"
    return rest, ""


def session_field(
    path: str | None, player: str | None = None
) -> tuple[int | None, str | None, str]:
    """A session file's field path in words: ``(hand, player, words)``.

    ``hands[2].captured.Kari.cards`` → ``(2, "Kari", "number of cards")``;
    ``started_at`` → ``(None, None, "The start time")``; a definition's
    fault (``definition.keys[3].points``) in the game editor's words
    (:func:`~app.messages.fields.definition_field`). ``player``: the player
    the error names, if any (a name may hold a ``.``). A part this format has
    no words for is quoted as the file spells it.
    """
    path = str(path or "document")
    if path.startswith("definition"):
        return None, None, definition_field(path)
    seat = re.fullmatch(r"players\[(\d+)\]", path)
    if seat is not None:  # one of the players' names
        return None, None, _("Player {n}", n=format_number(int(seat[1])))
    match = _HAND.fullmatch(path)
    if match is None and path in _HAND_WORDS:  # a hand's field named alone ("went_out")
        return None, None, _(_HAND_WORDS[path])
    if match is None:
        word = _TOP_WORDS.get(path)
        return None, None, _(word) if word else _token(path)
    hand, rest = int(match[1]), match[2] or ""
    if not rest:
        return hand, None, _("the hand")
    name, _dot, rest = rest.partition(".")
    field = name.split("[", 1)[0]
    words = _(_HAND_WORDS[field]) if field in _HAND_WORDS else _token(field)
    if field == "flags" and rest:
        return hand, None, _("flag {flag}", flag=_token(rest))
    if field == "bids" and not rest:  # the whole field, not one player's bid
        return hand, None, _("bids")
    if field not in _PER_PLAYER or not rest:
        return hand, None, words
    who, below = _split_player(rest, player)
    below = f"{field}{below}" if below.startswith("[") else below
    parts = [_sub(part) for part in below.split(".") if part]  # a pile's or run's own part
    parts = parts or [words]
    return hand, _shown(who) if who else None, " › ".join(parts)


def file_field(e: Any) -> str:
    """The field of a session file error, in words (:func:`session_field`)."""
    return session_field(getattr(e, "field", None), getattr(e, "player", None))[2]


def file_player(e: Any) -> str | None:
    """The player a session file error's field names (``hands[1].left.Kari``), if any."""
    return session_field(getattr(e, "field", None), getattr(e, "player", None))[1]


def one_of_two(e: Any, other: str) -> str:
    """Two fields of a hand that say the same, both given (``made`` and
    ``tricks``: one says the other), in words."""
    hand = str(getattr(e, "field", None) or "").rsplit(".", 1)[0]
    return _(
        "{field} and {other} say the same: give one of them",
        field=session_field(getattr(e, "field", None))[2],
        other=session_field(f"{hand}.{other}")[2],
    )


def unknown_key(e: Any) -> str:
    """The key a file has that its format does not (the last part of the
    error's field: ``hands[1].bogus`` → ``bogus``), shown safely."""
    return _shown(str(getattr(e, "field", None) or "").rsplit(".", 1)[-1])


def file_where(e: Any) -> tuple[int | None, str | None]:
    """The hand and the player a session file error names: its own, else
    those its field path names (``hands[2].left.Kari`` → 2, ``Kari``)."""
    hand, player, _words = session_field(getattr(e, "field", None), getattr(e, "player", None))
    return getattr(e, "hand", None) or hand, getattr(e, "player", None) or player
