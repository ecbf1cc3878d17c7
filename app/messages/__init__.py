"""User-facing words for what ``scoring`` returns as codes: cards, games, options,
errors, warnings and score breakdowns — translated at call time.

``scoring`` never produces user text (DESIGN.md): errors carry ``code``, ``hand``,
``player``, ``field``, ``card`` and ``params``; warnings and breakdown items carry
codes and numbers. This module turns them into sentences in the active language
(:mod:`app.i18n`), naming the hand, the player and the card or field.

One module per job; import from the package:

* :mod:`~app.messages.cards` — ranks, suits, cards and lists in words;
* :mod:`~app.messages.games` — games, options and statistics figures;
* :mod:`~app.messages.errors` — :func:`describe_error`, the one describer of
  coded errors, over :mod:`~app.messages.scoring_errors` (scoring's codes) and
  :mod:`~app.messages.app_errors` (storage, game links, hand entry);
* :mod:`~app.messages.fields` — a game definition's field paths;
* :mod:`~app.messages.hand_warnings` and :mod:`~app.messages.breakdowns` —
  card-conservation warnings and the lines that explain a hand's score;
* :mod:`~app.messages._echo` — what a user typed, shown safely inside a message.

>>> from app.i18n import use_language
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
from app.messages.errors import ERROR_CODES, describe_error, os_reason
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
)
from app.messages.hand_warnings import WARNING_CODES, describe_warning

__all__ = [
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
    "blocked_label",
    "card_label",
    "card_name",
    "card_text",
    "definition_field",
    "describe_breakdown",
    "describe_error",
    "describe_note",
    "describe_options",
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
    "option_name",
    "option_value_name",
    "os_reason",
    "rank_label",
    "rank_name",
    "sentence",
    "suit_letter",
    "suit_name",
    "words",
]
