"""A game definition carried whole in a link (and its QR code): the canonical
JSON, compressed with zlib and written in base64url, as the last part of
``/game/import/<payload>`` on the server the phones share.

Reading a link is reading untrusted input: the payload's length and alphabet
are checked before decoding, the decompressed text may not grow beyond a game
definition's limit (no zip bomb gets through), and the text is then read as
strictly as a file (:func:`scoring.read_definition`).

>>> from scoring import builtin_definition
>>> hearts = builtin_definition("hearts")
>>> payload = encode_game(hearts)
>>> len(payload) < 1000, decode_game(payload) == hearts
(True, True)
>>> link_for("http://192.168.1.20:8550", hearts).startswith("http://192.168.1.20:8550/game/import/")
True
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from enum import StrEnum, unique
from typing import Any

from scoring import CodedError, GameDefinition, read_definition
from scoring.definition import LIMITS, definition_to_dict

__all__ = [
    "IMPORT_PATH",
    "MAX_LINK",
    "MAX_PAYLOAD",
    "GameLinkError",
    "LinkCode",
    "decode_game",
    "encode_game",
    "link_for",
]

#: The route a game's link opens (the payload follows it).
IMPORT_PATH = "/game/import/"
#: The longest payload read, in characters: far beyond any game a definition's
#: limits allow once compressed, and short enough to refuse before decoding.
MAX_PAYLOAD = 140_000
#: The longest link offered for sharing, in characters: the web server reads a
#: request line of up to about 64 KB, so a longer link would not open (a game
#: that large is shared as a file; no shipped game comes near it).
MAX_LINK = 60_000
_ALPHABET = re.compile(r"[A-Za-z0-9_-]+")


@unique
class LinkCode(StrEnum):
    """Why a link's payload was refused."""

    LINK_INVALID = "game_link_invalid"


class GameLinkError(CodedError):
    """A link whose payload holds no game: cut off, changed, or not one of
    ours. (A payload that holds a document which is not a good game
    definition raises :class:`scoring.GameDefinitionError` instead.)"""

    def __init__(self) -> None:
        super().__init__(LinkCode.LINK_INVALID.value)
        self.code = LinkCode.LINK_INVALID
        self.params: dict[str, Any] = {}


def encode_game(definition: GameDefinition) -> str:
    """The link payload of ``definition`` (base64url without padding)."""
    text = json.dumps(definition_to_dict(definition), ensure_ascii=False, separators=(",", ":"))
    packed = zlib.compress(text.encode("utf-8"), 9)
    return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def decode_game(payload: str) -> GameDefinition:
    """The game definition a link's payload carries.

    Raises :class:`GameLinkError` (too long, not base64url, not zlib data,
    more than a definition's limit once decompressed) or
    :class:`scoring.GameDefinitionError` (naming the field)."""
    if not isinstance(payload, str) or not 0 < len(payload) <= MAX_PAYLOAD:
        raise GameLinkError()
    if not _ALPHABET.fullmatch(payload):
        raise GameLinkError()
    try:
        packed = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
        inflater = zlib.decompressobj()
        text = inflater.decompress(packed, LIMITS.document + 1)
        if len(text) > LIMITS.document or inflater.unconsumed_tail or not inflater.eof:
            raise GameLinkError()
    except (binascii.Error, ValueError, zlib.error):
        raise GameLinkError() from None
    return read_definition(text)


def link_for(origin: str, definition: GameDefinition) -> str:
    """The whole link on the server at ``origin`` (``http://host:port``)."""
    return f"{origin.rstrip('/')}{IMPORT_PATH}{encode_game(definition)}"
