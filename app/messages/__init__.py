"""User-facing words for what ``scoring`` returns as codes: cards, games, options,
errors, warnings and score breakdowns — translated at call time.

``scoring`` never produces user text (DESIGN.md): errors carry ``code``, ``hand``,
``player``, ``field``, ``card`` and ``params``; warnings and breakdown items carry
codes and numbers. This module turns them into sentences in the active language
(:mod:`app.i18n`), naming the hand, the player and the card or field.

One module per job; import from the package (each module is loaded when one
of its names is first asked for, so that a command that only names a game
does not load every error's words):

* :mod:`~app.messages.cards` — ranks, suits, cards and lists in words;
* :mod:`~app.messages.games` — games, options and statistics figures;
* :mod:`~app.messages.errors` — :func:`describe_error`, the one describer of
  coded errors, over :mod:`~app.messages.scoring_errors` (scoring's codes) and
  :mod:`~app.messages.app_errors` (storage, game links, hand entry);
* :mod:`~app.messages.fields` — a game definition's field paths;
* :mod:`~app.messages.hand_warnings` and :mod:`~app.messages.breakdowns` —
  card-conservation warnings and the lines that explain a hand's score;
* :mod:`~app.messages.network` — this computer's addresses for the join link;
* :mod:`~app.messages._echo` — what a user typed, shown safely inside a message.

>>> from app.i18n import use_language
>>> from app.messages import card_name, describe_breakdown, describe_error, game_name
>>> from scoring import HandError, BreakdownItem, parse_card
>>> with use_language("nb"):
...     describe_error(HandError("went_out_holds_cards", hand=3, player="Kari"))
'Runde 3: Kari gikk ut, men har fortsatt kort på hånden'
>>> with use_language("en"):
...     describe_breakdown(BreakdownItem("runs", 80, count=4, value=20))
'4 runs × 20 = 80'
>>> with use_language("nb"):
...     card_name(parse_card("QH")), game_name("swedish_rummy")
('hjerter dame', 'Vri åtter')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.lazy import lazy_names

if TYPE_CHECKING:
    from app.game_words import GAME_NAMES
    from app.messages.app_errors import DraftCode, DraftError
    from app.messages.breakdowns import (
        BREAKDOWN_CODES,
        FLAG_NAMES,
        describe_breakdown,
        describe_note,
        describe_total,
        flag_name,
    )
    from app.messages.cards import (
        card_label,
        card_name,
        card_text,
        join_and,
        join_or,
        key_label,
        key_name,
        rank_label,
        rank_name,
        sentence,
        suit_letter,
        suit_name,
        words,
    )
    from app.messages.definition_warnings import describe_definition_warning
    from app.messages.errors import (
        ERROR_CODES,
        cannot_read,
        cannot_write,
        describe_error,
        os_reason,
    )
    from app.messages.fields import definition_field
    from app.messages.games import (
        BLOCKED_TERMS,
        EXPECTED_NAMES,
        OPTION_NAMES,
        OPTION_VALUE_NAMES,
        blocked_label,
        describe_options,
        format_average,
        format_best,
        format_rate,
        game_description,
        game_name,
        option_name,
        option_value_name,
        player_range,
        round_text,
    )
    from app.messages.hand_warnings import WARNING_CODES, describe_sheet_warnings, describe_warning
    from app.messages.network import (
        ADDRESS_KIND_WORDS,
        address_kind_word,
        address_label,
        address_refused,
        nobody_came_causes,
    )

#: Where each name of the package lives.
_HOME: dict[str, str] = {
    "GAME_NAMES": "app.game_words",
    "DraftCode": "app.messages.app_errors",
    "DraftError": "app.messages.app_errors",
    "BREAKDOWN_CODES": "app.messages.breakdowns",
    "FLAG_NAMES": "app.messages.breakdowns",
    "describe_breakdown": "app.messages.breakdowns",
    "describe_note": "app.messages.breakdowns",
    "describe_total": "app.messages.breakdowns",
    "flag_name": "app.messages.breakdowns",
    "describe_definition_warning": "app.messages.definition_warnings",
    "card_label": "app.messages.cards",
    "card_name": "app.messages.cards",
    "card_text": "app.messages.cards",
    "join_and": "app.messages.cards",
    "join_or": "app.messages.cards",
    "key_label": "app.messages.cards",
    "key_name": "app.messages.cards",
    "rank_label": "app.messages.cards",
    "rank_name": "app.messages.cards",
    "sentence": "app.messages.cards",
    "suit_letter": "app.messages.cards",
    "suit_name": "app.messages.cards",
    "words": "app.messages.cards",
    "ERROR_CODES": "app.messages.errors",
    "cannot_read": "app.messages.errors",
    "cannot_write": "app.messages.errors",
    "describe_error": "app.messages.errors",
    "os_reason": "app.messages.errors",
    "definition_field": "app.messages.fields",
    "BLOCKED_TERMS": "app.messages.games",
    "EXPECTED_NAMES": "app.messages.games",
    "OPTION_NAMES": "app.messages.games",
    "OPTION_VALUE_NAMES": "app.messages.games",
    "blocked_label": "app.messages.games",
    "describe_options": "app.messages.games",
    "format_average": "app.messages.games",
    "format_best": "app.messages.games",
    "format_rate": "app.messages.games",
    "game_description": "app.messages.games",
    "game_name": "app.messages.games",
    "option_name": "app.messages.games",
    "option_value_name": "app.messages.games",
    "player_range": "app.messages.games",
    "round_text": "app.messages.games",
    "WARNING_CODES": "app.messages.hand_warnings",
    "describe_sheet_warnings": "app.messages.hand_warnings",
    "describe_warning": "app.messages.hand_warnings",
    "ADDRESS_KIND_WORDS": "app.messages.network",
    "address_kind_word": "app.messages.network",
    "address_label": "app.messages.network",
    "address_refused": "app.messages.network",
    "nobody_came_causes": "app.messages.network",
}


__getattr__, __dir__ = lazy_names(__name__, _HOME)


__all__ = [
    "ADDRESS_KIND_WORDS",
    "BLOCKED_TERMS",
    "BREAKDOWN_CODES",
    "ERROR_CODES",
    "EXPECTED_NAMES",
    "FLAG_NAMES",
    "GAME_NAMES",
    "OPTION_NAMES",
    "OPTION_VALUE_NAMES",
    "WARNING_CODES",
    "DraftCode",
    "DraftError",
    "address_kind_word",
    "address_label",
    "address_refused",
    "blocked_label",
    "cannot_read",
    "cannot_write",
    "card_label",
    "card_name",
    "card_text",
    "definition_field",
    "describe_breakdown",
    "describe_definition_warning",
    "describe_error",
    "describe_note",
    "describe_options",
    "describe_sheet_warnings",
    "describe_total",
    "describe_warning",
    "flag_name",
    "format_average",
    "format_best",
    "format_rate",
    "game_description",
    "game_name",
    "join_and",
    "join_or",
    "key_label",
    "key_name",
    "nobody_came_causes",
    "option_name",
    "option_value_name",
    "os_reason",
    "player_range",
    "rank_label",
    "rank_name",
    "round_text",
    "sentence",
    "suit_letter",
    "suit_name",
    "words",
]
