"""The game editor: a custom game made from scratch or from a copy of another
game, or a stored custom game changed (``/games/new``, ``/games/new/<game>``,
``/games/edit/<game>``).

Every field of a game definition (GAME_FORMAT.md) is edited here, in five
parts a phone shows one at a time (the game, its cards, who scores, the end,
the options), with a live preview hand under each: tap the game's keys and
see what those cards would score. The state is a
:class:`app.ui.state.GameDraft`; the first fault of the form is shown under
its input and, in words naming the field, above the save button, which saves
only a game that :mod:`scoring` reads.

Semantics identifiers: ``ge-section-<part>``, ``ge-`` + the form path joined
by ``-`` for each input (``ge-name-en``, ``ge-keys-2-points``), ``ge-add-…``
and ``ge-remove-…``/``ge-up-…``/``ge-down-…`` for rows, ``ge-preview-key-<card>``,
``ge-preview-worth``, ``ge-problem``, ``ge-save``.

The package, one module per piece: :mod:`.form` (what the inputs share),
:mod:`.choices` (the words of the format's choices), :mod:`.parts` (the five
parts), :mod:`.preview` (the live preview) and :mod:`.editor` (the editor and
its screens); a version 2 game's own parts in place of the keypad and who
scores: :mod:`.bids_part` (Plump's bids), :mod:`.captures_part` (Kasino's
captured piles, with :mod:`.teams_part`, its partnerships) and
:mod:`.preview_parts` (their live previews). What other code and the tests
use is imported from here.
"""

from __future__ import annotations

from app.ui.game_editor.choices import _flag_effect_words
from app.ui.game_editor.editor import EditGameScreen, GameEditor, NewGameScreen
from app.ui.game_editor.form import CARD_MENU_WIDTH, ONE_LINE, _Form, _jokers_field
from app.ui.game_editor.parts import (
    _end_part,
    _flag_card,
    _game_part,
    _key_card,
    _options_part,
    _scoring_part,
    words_of,
)
from app.ui.game_editor.preview import PreviewHand

__all__ = [
    "CARD_MENU_WIDTH",
    "ONE_LINE",
    "EditGameScreen",
    "GameEditor",
    "NewGameScreen",
    "PreviewHand",
    "_Form",
    "_end_part",
    "_flag_card",
    "_flag_effect_words",
    "_game_part",
    "_jokers_field",
    "_key_card",
    "_options_part",
    "_scoring_part",
    "words_of",
]
