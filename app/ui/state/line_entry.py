"""A text field that takes one entry per line, such as the new-session form's
player name: Enter ends a name and the next one is typed at once.

Why not a one-line field that the app clears after each Enter (Flet 1.0.5 in
the browser): Enter in a one-line field ends its editing (Flutter's "done"
action), which takes the focus away until the field is focused again: the
keys typed meanwhile went nowhere ("Bjørn" typed right after Enter became
"rn", an emoji name nothing). And clearing it from the app replaces the text
the browser holds with the app's, so whatever was typed between the Enter and
the clearing was lost as well.

So the field is a multi-line one: Enter is a line break typed in the browser
itself (the focus stays, nothing waits for the app), every finished line is
one entry, and the app never rewrites the field's text while the person
types in it. The field is given a text of the app's only when its model was
changed from elsewhere (an Add button, a reset) or once the focus has left it
(the finished lines go, the unfinished one stays). :class:`LineEntry` is that
bookkeeping, in plain Python; :func:`app.ui.line_field.LineField` draws it.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["LineEntry"]


@dataclass
class LineEntry:
    """What one line-entry field has shown and reported.

    Attributes:
        known: the model's text (the unfinished line) as last rendered or
            reported by the field, or ``None`` to give the field the model's
            text at the next render (the focus has left it).
        taken: how many finished lines of the browser's text have been taken
            as entries (the text the browser holds keeps them until the field
            is given a text again).
    """

    known: str | None = None
    taken: int = 0

    def typed(self, text: str) -> tuple[tuple[str, ...], str]:
        """The field now holds ``text`` (what the browser sent with its change
        event). Returns the lines finished since the last report, in order
        (each one entry: ``""`` for an empty line), and the unfinished line
        (what the model is to hold now).

        >>> entry = LineEntry()
        >>> entry.typed("Anna")
        ((), 'Anna')
        >>> entry.typed("Anna\\nBj")
        (('Anna',), 'Bj')
        >>> entry.typed("Anna\\nBjørn\\nØy")
        (('Bjørn',), 'Øy')
        """
        *finished, current = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
        new = tuple(finished[self.taken :])
        self.taken = len(finished)
        self.known = current
        return new, current

    def shown(self, value: str, browser: object) -> str:
        """The text to give the field at a render, its model holding ``value``
        and the browser's text (as last reported) being ``browser``:
        ``browser`` while the model holds what the field itself reported
        (nothing is rewritten under the person's fingers, finished lines
        included), else ``value`` (the model was changed from elsewhere, or
        the focus has left the field), which starts the field's lines again.

        >>> entry = LineEntry()
        >>> entry.shown("", None)
        ''
        >>> entry.typed("Anna\\nBo")
        (('Anna',), 'Bo')
        >>> entry.shown("Bo", "Anna\\nBo")
        'Anna\\nBo'
        >>> entry.shown("", "Anna\\nBo")  # Add took "Bo": the field is emptied
        ''
        """
        known, self.known = self.known, value
        text = browser if value == known and isinstance(browser, str) else value
        if "\n" not in text:
            self.taken = 0
        return text

    def left(self) -> None:
        """The focus has left the field: the next render gives it the model's
        text (its unfinished line; the finished lines, taken, go)."""
        self.known = None
